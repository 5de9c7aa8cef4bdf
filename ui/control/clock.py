"""The clock: start, pause, levels, minutes, the level length and the hat draw; the clock's repaint."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from app.api import fmt, views
from app.commands import Command
from app.commands.clock import (
    AddTime,
    ChangeLevelLength,
    CloseRegistration,
    JumpToLevel,
    NextLevel,
    PauseClock,
    PreviousLevel,
    RemoveTime,
    ResumeClock,
    StartClock,
)
from app.commands.games import RecordDraw
from app.i18n import _, ngettext
from ui.control.parts import Shell
from ui.overview import ClockInfo, clock_info
from ui.runner import CommandRunner
from ui.session import Session

if TYPE_CHECKING:
    from ui.dialogs.structure_editor import StructureEditor
    from ui.tabs.clock_tab import ClockTab
    from ui.widgets.player_panel import ActionBar
    from ui.widgets.strip import Strip

# The clock tab's buttons (and their keys), each one engine command (the two that need typing open the
# action bar).
BUTTON_COMMANDS: dict[str, Callable[[], Command]] = {
    "start": StartClock,
    "pause": PauseClock,
    "resume": ResumeClock,
    "next": NextLevel,
    "previous": PreviousLevel,
    "add": lambda: AddTime(seconds=60),
    "remove": lambda: RemoveTime(seconds=60),
}


class ClockControl:
    """The clock tab's buttons and keys. ``show_tab`` brings a tab to the front; ``race_offer`` is told
    each tick whether the clock is on a break and which race follows (the printing's offer)."""

    def __init__(self, session: Session, runner: CommandRunner, tab: ClockTab, strip: Strip, bar: ActionBar,
                 show_tab: Callable[[QWidget], None], race_offer: Callable[[bool, int | None], None],
                 shell: Shell) -> None:
        self.session, self.runner, self.tab, self.strip, self.bar = session, runner, tab, strip, bar
        self.show_tab, self.race_offer, self.shell = show_tab, race_offer, shell
        self.feedback = tab.feedback
        self._structure_level: int | None = None
        self.structure_rebuilds = 0  # how often the structure table was refilled (tests read it)
        self.editor: StructureEditor | None = None  # the structure editor, once opened

    def info(self) -> ClockInfo:
        return clock_info(self.session.state, self.session.now())

    def tick(self) -> None:
        """Repaint the clock only (every 250 ms); the structure table follows only a level change."""
        info = self.info()
        self.strip.show_clock(info)
        self.tab.show_clock(info)
        if info.level != self._structure_level:
            self.refresh_structure(info.level)
        self.race_offer(info.on_break, info.race_after)

    def refresh_structure(self, level: int | None = None) -> None:
        """After a command (the structure may have changed) or when the level changes."""
        if level is None:
            level = self.info().level
        self.tab.show_structure(self.session.state, level)
        self._structure_level = level
        self.structure_rebuilds += 1

    def button(self, key: str) -> None:
        if key == "length":
            self.bar.begin("change_level_length", _("Level length"), placeholder=_("minutes"))
        elif key == "edit":
            self.act_edit_structure()
        elif key == "hat":
            self.bar.begin("record_draw", _("Hat draw"), placeholder=_("game for the next level, e.g. razz"))
        else:
            self.run(BUTTON_COMMANDS[key]())

    def run(self, cmd: Command) -> None:
        """A clock command without anything to type; the clock is repainted when it went through. Closing
        late registration says how many pre-registered players never checked in (REG-10)."""
        done = ""
        if isinstance(cmd, CloseRegistration):
            missing = len(views.read(self.session.state).preregistered)
            done = ngettext("Late registration closed. {count} pre-registered player never checked in.",
                            "Late registration closed. {count} pre-registered players never checked in.",
                            missing, count=fmt.chips(missing)) if missing else _("Late registration closed.")
        self.runner.run(cmd, self.feedback, done, then=lambda _e: self.tick())

    def submit_length(self, text: str) -> None:
        if text.isdigit():
            self.runner.run(ChangeLevelLength(minutes=int(text)),
                              self.bar.feedback, ngettext("Levels now last {n} minute.", "Levels now last {n} minutes.",
                                                         int(text)))

    def submit_hat(self, text: str) -> None:
        level = self.info().level + 1
        self.runner.run(RecordDraw(level=level, game=text),
                          self.bar.feedback, _("Level {level} will play {game}.", level=level, game=text))

    def jump_to_level(self, level: int) -> None:
        self.runner.run(JumpToLevel(level=level), self.feedback, _("Level {level} starts now.", level=level),
                          then=lambda _e: self.tick())

    def act_show_structure(self) -> None:
        self.show_tab(self.tab)
        self.tab.structure_view.setFocus()

    def act_edit_structure(self) -> StructureEditor:
        """Open the structure editor on the structure in force (one at a time, not modal)."""
        from app.api import views
        from ui.dialogs.structure_editor import StructureEditor

        if self.editor is not None and self.editor.isVisible():
            self.editor.raise_()
            self.editor.activateWindow()
            return self.editor
        state = self.session.state
        assert state.profile is not None
        editor = StructureEditor(state.profile.settings, views.editable_structure(state), views.level_games(state),
                                 views.level_game_choices(state), self.shell.parent)
        editor.save_requested.connect(lambda cmd, draws: self.save_structure(editor, cmd, draws))
        self.editor = editor
        editor.show()
        return editor

    def save_structure(self, editor: StructureEditor, cmd: Command, draws: list[RecordDraw]) -> None:
        """``set_structure`` through the runner; then the games changed in a hat mix, one ``record_draw`` each."""

        def next_draw(_events: object = None) -> None:
            if draws:
                self.runner.run(draws.pop(0), editor.feedback, then=next_draw)
                return
            editor.accept()
            self.feedback.done(_("The new structure is in force."))
            self.tick()
            self.refresh_structure()

        self.runner.run(cmd, editor.feedback, then=next_draw)

    def act_toggle(self) -> None:
        info = self.info()
        self.button("start" if not info.started else "pause" if info.running else "resume")
