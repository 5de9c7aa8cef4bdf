"""The clock: start, pause, levels, minutes, the level length and the hat draw; the clock's repaint."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.overview import ClockInfo, clock_info

if TYPE_CHECKING:
    from ui.dialogs.structure_editor import StructureEditor
    from ui.director import DirectorWindow

# The clock tab's buttons, each one engine command (the two that need typing open the action bar).
BUTTON_COMMANDS = {
    "start": "start_clock",
    "pause": "pause_clock",
    "resume": "resume_clock",
    "next": "next_level",
    "previous": "previous_level",
    "add": "add_time",
    "remove": "remove_time",
}
MINUTE = {"add_time": {"seconds": 60}, "remove_time": {"seconds": 60}}


class ClockControl:
    def __init__(self, window: DirectorWindow) -> None:
        self.w = window
        self.feedback = window.clock_tab.feedback
        self._structure_level: int | None = None
        self.structure_rebuilds = 0  # how often the structure table was refilled (tests read it)
        self.editor: StructureEditor | None = None  # the structure editor, once opened

    def info(self) -> ClockInfo:
        return clock_info(self.w.session.state, self.w.session.now())

    def tick(self) -> None:
        """Repaint the clock only (every 250 ms); the structure table follows only a level change."""
        info = self.info()
        self.w.strip.show_clock(info)
        self.w.clock_tab.show_clock(info)
        if info.level != self._structure_level:
            self.refresh_structure(info.level)
        self.w.printing.check_race_offer(info.on_break, info.race_after)

    def refresh_structure(self, level: int | None = None) -> None:
        """After a command (the structure may have changed) or when the level changes."""
        if level is None:
            level = self.info().level
        self.w.clock_tab.show_structure(self.w.session.state, level)
        self._structure_level = level
        self.structure_rebuilds += 1

    def button(self, key: str) -> None:
        if key == "length":
            self.w.player_panel.action_bar.begin("change_level_length", "Level length", placeholder="minutes")
        elif key == "edit":
            self.act_edit_structure()
        elif key == "hat":
            self.w.player_panel.action_bar.begin("record_draw", "Hat draw",
                                                 placeholder="game for the next level, e.g. razz")
        else:
            self.run(BUTTON_COMMANDS[key])

    def run(self, command: str) -> None:
        self.w.runner.run({"cmd": command, **MINUTE.get(command, {})}, self.feedback, then=lambda _e: self.tick())

    def submit_length(self, text: str) -> None:
        if text.isdigit():
            self.w.runner.run({"cmd": "change_level_length", "minutes": int(text)},
                              self.w.player_panel.action_bar.feedback, f"Levels now last {text} minutes.")

    def submit_hat(self, text: str) -> None:
        level = self.info().level + 1
        self.w.runner.run({"cmd": "record_draw", "level": level, "game": text},
                          self.w.player_panel.action_bar.feedback, f"Level {level} will play {text}.")

    def jump_to_level(self, level: int) -> None:
        self.w.runner.run({"cmd": "jump_to_level", "level": level}, self.feedback, f"Level {level} starts now.",
                          then=lambda _e: self.tick())

    def act_show_structure(self) -> None:
        self.w.tabs.setCurrentWidget(self.w.clock_tab)
        self.w.clock_tab.structure_view.setFocus()

    def act_edit_structure(self) -> StructureEditor:
        """Open the structure editor on the structure in force (one at a time, not modal)."""
        from app.api import views
        from ui.dialogs.structure_editor import StructureEditor

        if self.editor is not None and self.editor.isVisible():
            self.editor.raise_()
            self.editor.activateWindow()
            return self.editor
        state = self.w.session.state
        assert state.profile is not None
        editor = StructureEditor(state.profile.settings, views.editable_structure(state), views.level_games(state),
                                 views.level_game_choices(state), self.w)
        editor.save_requested.connect(lambda cmd, draws: self.save_structure(editor, cmd, draws))
        self.editor = editor
        editor.show()
        return editor

    def save_structure(self, editor: StructureEditor, cmd: dict[str, Any], draws: list[dict[str, Any]]) -> None:
        """``set_structure`` through the runner; then the games changed in a hat mix, one ``record_draw`` each."""

        def next_draw(_events: object = None) -> None:
            if draws:
                self.w.runner.run(draws.pop(0), editor.feedback, then=next_draw)
                return
            editor.accept()
            self.feedback.done("The new structure is in force.")
            self.tick()
            self.refresh_structure()

        self.w.runner.run(cmd, editor.feedback, then=next_draw)

    def act_toggle(self) -> None:
        info = self.info()
        self.button("start" if not info.started else "pause" if info.running else "resume")
