"""The purchases a profile may not offer at all (ENT-3, ENT-4, ENT-6, ENT-7, ENT-8), and the words the
engine refuses them with: one table, read by the refusals and by the views that hide those purchases."""

from __future__ import annotations

from app.i18n import N_, _

# Each purchase command and the profile setting that offers it.
OFFERED_BY = {
    "rebuy": "rebuy.offered",
    "decline_rebuy": "rebuy.offered",
    "addon": "addon.offered",
    "topup": "topup.offered",
    "reenter": "reentry.offered",
}

# What the engine answers when a purchase the profile does not offer is asked for anyway (marked English
# words: translate them with _() where they are shown).
NOT_OFFERED_WORDS = {
    "rebuy": N_("This tournament has no rebuys."),
    "decline_rebuy": N_("This tournament has no rebuys."),
    "addon": N_("This tournament has no add-on."),
    "topup": N_("This tournament has no top-up."),
    "reenter": N_("This tournament has no re-entries."),
}


def not_offered_words(kind: str) -> str:
    """The refusal of a purchase ``kind`` the profile does not offer, in the reader's language."""
    return _(NOT_OFFERED_WORDS[kind])
