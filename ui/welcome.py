"""The welcome screen: recent tournaments, a new one from a profile, open a file, restore a backup."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.api import SHIPPED, Profile, RuleError, load_profile
from app.i18n import N_, _
from ui import datafiles, templates
from ui.errors import log_unexpected
from ui.feedback import Feedback
from ui.recent import recent_files, saved_profiles

PATH_ROLE = Qt.ItemDataRole.UserRole + 1


class WelcomeWindow(QWidget):
    """Signals:
    new_requested(object): a Profile, or an event template (ui.templates.EventTemplate), to start a tournament from.
    open_requested(str): a tournament file to open.
    open_dialog_requested(), restore_requested(), demo_requested()
    """

    new_requested = Signal(object)
    open_requested = Signal(str)
    open_dialog_requested = Signal()
    restore_requested = Signal()
    demo_requested = Signal()
    join_requested = Signal()  # join a tournament another laptop shares (a join code)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Floorman")
        self.resize(1000, 620)
        title = QLabel("Floorman")
        title.setObjectName("welcomeTitle")
        sub = QLabel(_("Run a live poker tournament. Pick up where you left off, or start a new one from a profile."))
        sub.setWordWrap(True)
        sub.setObjectName("dim")
        self.recent = QListWidget()
        for path in recent_files():
            item = QListWidgetItem(f"{path.stem}    {path.parent}")
            item.setData(PATH_ROLE, str(path))
            self.recent.addItem(item)
        if self.recent.count() == 0:
            self.recent.addItem(QListWidgetItem(_("No tournament opened yet.")))
        self.recent.itemActivated.connect(self._open_recent)
        self.profiles = QListWidget()
        self.profiles.setWordWrap(True)  # the whole description, never cut off behind a scroll bar
        self.profiles.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.profiles.setSpacing(2)
        self._profiles: list[Profile | str] = []  # a profile, or the name of an event template
        for pid in SHIPPED:
            self._add_profile(load_profile(pid))
        skipped: list[str] = []
        for path in saved_profiles():
            try:
                datafiles.read_json(path)  # not data at all (cut short, nested too deep): set aside
            except datafiles.BadDataFile as exc:
                datafiles.set_aside(path, N_("a saved profile"), exc.message)
                continue
            except OSError:
                continue
            try:
                self._add_profile(load_profile(str(path)), saved=True)
            except RuleError as err:  # a profile this version refuses: kept, not listed, said
                skipped.append(_("The saved profile {name} is not listed: {reason}", name=path.name,
                                 reason=err.message))
            except Exception as exc:  # noqa: BLE001 - a broken saved copy is skipped, never fatal to the welcome screen
                log_unexpected(exc, f"reading the saved profile {path}")
                skipped.append(_("The saved profile {name} is not listed: it cannot be read as a profile.",
                                 name=path.name))
        for name in templates.names(templates.EVENTS):
            item = QListWidgetItem(_("{name} (event template)\nRules, structure, payouts and venue saved together.",
                                     name=name))
            self.profiles.addItem(item)
            self._profiles.append(name)
        self.profiles.setCurrentRow(0)
        self.profiles.itemActivated.connect(lambda _i: self._new())
        self.feedback = Feedback()
        new = QPushButton(_("New tournament from this profile…"))
        new.setDefault(True)
        new.clicked.connect(self._new)
        open_btn = QPushButton(_("Open a tournament file…  (Ctrl+O)"))
        open_btn.setShortcut("Ctrl+O")
        open_btn.clicked.connect(self.open_dialog_requested)
        join = QPushButton(_("Join a tournament…"))
        join.setToolTip(_("Open a tournament another laptop shares, with the join code its director gives"))
        join.clicked.connect(self.join_requested)
        self.join_button = join
        restore = QPushButton(_("Restore from a backup…"))
        restore.clicked.connect(self.restore_requested)
        demo = QPushButton(_("Try the demo tournament"))
        demo.clicked.connect(self.demo_requested)
        grid = QGridLayout()
        grid.addWidget(QLabel(_("Recent tournaments")), 0, 0)
        grid.addWidget(QLabel(_("New tournament from a profile")), 0, 1)
        grid.addWidget(self.recent, 1, 0)
        grid.addWidget(self.profiles, 1, 1)
        grid.addWidget(open_btn, 2, 0)
        grid.addWidget(new, 2, 1)
        grid.addWidget(restore, 3, 0)
        grid.addWidget(demo, 3, 1)
        grid.addWidget(join, 4, 0)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(24, 20, 24, 20)
        lay.addWidget(title)
        lay.addWidget(sub)
        lay.addSpacing(10)
        lay.addLayout(grid, 1)
        lay.addWidget(self.feedback)
        said = datafiles.one_sentence(datafiles.take_notices() + skipped)  # files set aside or skipped
        if said:
            self.feedback.refuse(said)

    def _add_profile(self, profile: Profile, saved: bool = False) -> None:
        name = _("{name} (saved copy)", name=profile.name) if saved else profile.name
        item = QListWidgetItem(f"{name}\n{profile.description}")
        item.setToolTip(profile.description)
        self.profiles.addItem(item)
        self._profiles.append(profile)

    def selected_profile(self) -> Profile | None:
        row = self.profiles.currentRow()
        choice = self._profiles[row] if 0 <= row < len(self._profiles) else None
        return choice if isinstance(choice, Profile) else None

    def select_event_template(self, name: str) -> bool:
        if name not in self._profiles:
            return False
        self.profiles.setCurrentRow(self._profiles.index(name))
        return True

    def _new(self) -> None:
        row = self.profiles.currentRow()
        choice = self._profiles[row] if 0 <= row < len(self._profiles) else None
        if isinstance(choice, str):
            try:
                event = templates.load_event(choice)
            except templates.TemplateError as err:
                self.feedback.refuse(err.message)
                return
            self.new_requested.emit(event)
        elif choice is not None:
            self.new_requested.emit(choice)

    def _open_recent(self, item: QListWidgetItem) -> None:
        path = item.data(PATH_ROLE)
        if isinstance(path, str):
            if not Path(path).exists():
                self.feedback.refuse(_("{path} is no longer there.", path=path))
                return
            self.open_requested.emit(path)
