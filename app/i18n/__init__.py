"""Every word a person reads, in the reader's language (gettext catalogues read with Babel).

The words are written in English in the code, marked ``_("...")``; the catalogue of each language
(``resources/locales/<code>/<package>.po``) gives them in that language. Placeholders are brace names,
filled *after* translating, so a translator may move them: ``_("{name} busts in {place}", name=n,
place=p)``. Plurals go through :func:`ngettext`, which picks the language's own form (French says
"1 joueur, 0 joueur", English "0 players"). Words in a table built at import time are marked
``N_("...")`` and translated where they are shown.

**Whose language.** The window, each room screen, the sheets and the phones may each read a different
language (a French TV beside an English window), so the language is not one global: it is the
language of the *current context* (:func:`use_language`), falling back to the process's default
(:func:`set_language`, the window's). A display paints inside ``with use_language(its_language):``; the
phones' server answers each request inside the language the phone asked for.

**Why gettext and Babel** (not Qt Linguist files): the words are shared by pure-Python packages (the
engine's refusals, the screens, the sheets, the phones' pages) that must not import Qt; Babel is already
shipped for money and dates, reads the ``.po`` files a venue edits with any gettext editor (Poedit,
Weblate) and knows every language's plural rule. Qt's translators still give Qt's own words (the
standard buttons of its dialogs); ``ui/language.py`` installs them.
"""

from __future__ import annotations

from app.i18n.catalogues import add_folder, catalogue_for
from app.i18n.context import language, locale_id, set_language, use_language
from app.i18n.languages import LANGUAGES, PSEUDO, language_name, normalise, shipped
from app.i18n.words import N_, _, ngettext, pgettext

__all__ = [
    "LANGUAGES",
    "N_",
    "PSEUDO",
    "_",
    "add_folder",
    "catalogue_for",
    "language",
    "language_name",
    "locale_id",
    "ngettext",
    "normalise",
    "pgettext",
    "set_language",
    "shipped",
    "use_language",
]
