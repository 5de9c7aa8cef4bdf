"""The purchases a profile may not offer at all (ENT-3, ENT-4, ENT-6, ENT-7, ENT-8), and the words the
engine refuses them with: one table, read by the refusals and by the views that hide those purchases."""

from __future__ import annotations

# Each purchase command and the profile setting that offers it.
OFFERED_BY = {
    "rebuy": "rebuy.offered",
    "decline_rebuy": "rebuy.offered",
    "addon": "addon.offered",
    "topup": "topup.offered",
    "reenter": "reentry.offered",
}

# What the engine answers when a purchase the profile does not offer is asked for anyway.
NOT_OFFERED_WORDS = {
    "rebuy": "This tournament has no rebuys.",
    "decline_rebuy": "This tournament has no rebuys.",
    "addon": "This tournament has no add-on.",
    "topup": "This tournament has no top-up.",
    "reenter": "This tournament has no re-entries.",
}
