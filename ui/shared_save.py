"""Tournament > "Save as a normal file…": a shared tournament brought back into a normal tournament file.

The file is written from the tournament's server when it answers (the whole log), and from what this
station holds when it does not (every action it has seen, with who recorded each; what other stations
committed after that is not in it), and the banner says which (db.shared_store.Exported.words). The
station goes on as a station of the shared tournament; the file can be opened on any laptop, alone.
On a tournament kept in a normal file already, the window says to use Save as… instead.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QWidget

from app.i18n import _
from oskit.names import portable_path
from ui.session import Session


def save_as_normal_file(parent: QWidget, session: Session, chooser: Callable[[QWidget, str], str],
                        say: Callable[[str], None], refuse: Callable[[str], None]) -> Path | None:
    """Ask where (``chooser``), write the file, and tell the director (``say``) or why not (``refuse``).
    Returns the file written, None when nothing was."""
    save = getattr(session.backend, "save_as_file", None)
    if not callable(save):
        refuse(_("This tournament is kept in a normal file already: use Save as… to keep a copy of it."))
        return None
    suggested = f"{session.state.name or 'tournament'}.floorman"
    chosen = chooser(parent, suggested)
    if not chosen:
        return None
    target, cleaned = portable_path(Path(chosen), fallback="tournament.floorman")
    try:
        saved = save(target)
    except Exception as exc:  # the store's words: the name is taken, the folder is read-only…
        said = getattr(exc, "message", None)
        if said is None:
            raise
        refuse(said)
        return None
    renamed = f" {cleaned.sentence()}" if cleaned.changed else ""
    say(f"{saved.words()}{renamed}")
    return Path(saved.path)
