"""The director's window in every language: the pseudo-language finds a word never marked or cut, each
shipped language reads its own words, and View > Language reopens the window in the language chosen (or
keeps it for the next start)."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox, QTabBar

from app.i18n import language_name, set_language, shipped, use_language
from tests.support.pseudo_check import Shown, cut, menu_texts, shown_texts, untranslated
from tests.ui.conftest import make_session
from ui.demo_session import demo_session
from ui.director import DirectorWindow

# Qt's own words (its standard buttons) come from Qt's catalogues, which have no pseudo-language.
QT_OWN = ("OK", "Cancel", "&Yes", "&No", "Yes", "No")



@pytest.fixture
def english(qapp):
    """After the test, the window's language is English again, Qt's own words and locale too."""
    yield
    from ui.language import install

    install(qapp, "en")


def _settle(w) -> None:
    for _ in range(3):
        QApplication.processEvents()


def _data(session) -> list[str]:
    """What the window shows that is the tournament's own (names), a language's own name, or a key (Qt writes
    the keys' names in the window's language: it has no pseudo-language)."""
    from ui.command_map import ACTIONS
    from ui.palette import keys_words

    state = session.state
    keys = [keys_words(b.shortcut).strip(" ()") for b in ACTIONS if b.shortcut]
    return ([p.name for p in state.players.values()] + [state.name or ""] + [language_name(c) for c in shipped()]
            + list(QT_OWN) + keys)


def _palette_lines(w, text: str) -> list[Shown]:
    from ui.palette import CommandPalette

    palette = CommandPalette(w.palette_parts, w)
    palette.popup()
    palette.edit.setText(text)
    _settle(palette)
    lines = [Shown(f"palette[{text}]", palette.list.item(i).text()) for i in range(palette.list.count())]
    lines += [Shown(f"palette[{text}].tip", palette.list.item(i).toolTip()) for i in range(palette.list.count())
              if palette.list.item(i).toolTip()]
    lines.append(Shown("palette.placeholder", palette.edit.placeholderText()))
    palette.edit.setText("zzzz")
    palette.run_current()  # nothing matches: said in the palette's line
    lines.append(Shown("palette.feedback", palette.feedback.text()))
    palette.close()
    return lines


def _window_texts(w) -> list[Shown]:
    """The window's own words: its title, every menu, the tabs, the palette's lines, the status bar."""
    tabs = w.tabs.findChild(QTabBar)
    shown = [Shown("title", w.windowTitle())]
    shown += list(menu_texts([a.menu() for a in w.menuBar().actions() if a.menu() is not None]))
    shown += list(shown_texts(tabs))
    for typed in ("", "reb", "bust", "move", "clock", "print", "Ann"):
        shown += _palette_lines(w, typed)
    return shown


def test_the_window_under_the_pseudo_language_shows_no_unmarked_or_cut_word(qapp, pseudo):
    session = demo_session()
    w = DirectorWindow(session)
    try:
        for size in ((1366, 768), (1920, 1080)):
            w.resize(*size)
            w.show()
            _settle(w)
            shown = list(_window_texts(w))  # the engine's own lines (generated commands, moves) included
            assert not untranslated(shown, _data(session)), "\n".join(map(str, untranslated(shown, _data(session))))
            assert not cut(shown), "\n".join(map(str, cut(shown)))
        assert "[" in w.windowTitle() and len(list(menu_texts([w.language_menu]))) == len(shipped()) + 1
        # what the controllers say: the action bar, a refusal, a confirmation, the status bar
        bar = w.player_panel.action_bar
        w.players_ctl.begin("rebuy")
        said = [Shown("bar.title", bar.title.text())]
        w.clock_ctl.button("length")
        said += [Shown("bar.title", bar.title.text()), Shown("bar.placeholder", bar.edit.placeholderText())]
        w.tables_ctl.act_move()
        said.append(Shown("tables.feedback", w.tables_tab.feedback.text()))
        w.tables_ctl.act_hand_for_hand()
        said.append(Shown("tables.feedback", w.tables_tab.feedback.text()))
        box = w.tables_ctl.confirm_redraw()
        said += [Shown("box.title", box.windowTitle()), Shown("status", w.history_ctl.undo_action.text())]
        said += list(shown_texts(box))
        assert all(s.text for s in said)
        assert not untranslated(said, _data(session)), "\n".join(map(str, untranslated(said, _data(session))))
        box.reject()
    finally:
        w.close()


def test_each_language_reads_its_own_words(qapp, clock, english):
    from ui import datafiles
    from ui.texts import at_tables_words, players_words, status_text, tables_words

    with use_language("de"):
        assert (players_words(1), tables_words(1), tables_words(3)) == ("1 Spieler", "1 Tisch", "3 Tische")
        assert (at_tables_words(1), at_tables_words(30)) == ("an 1 Tisch", "an 30 Tischen")  # the place's own case
    with use_language("fr"):
        two_more = datafiles.one_sentence(["A.", "B.", "C."])
        assert two_more == "A. (2 autres fichiers n'ont pas pu être utilisés non plus.)"
        assert datafiles.one_sentence(["A.", "B."]) == "A. (1 autre fichier n'a pas pu être utilisé non plus.)"
    session = make_session(clock, seat=True)
    seated = next(p for p in session.state.players.values() if p.table is not None)
    with use_language("pt-BR"):
        assert status_text(seated, 0) == f"sentado M{seated.table} A{seated.seat}"
    set_language("es")
    w = DirectorWindow(session)
    try:
        titles = [a.text() for a in w.menuBar().actions()]
        assert titles == ["&Torneo", "&Editar", "&Ver", "&Jugadores", "&Mesas", "&Reloj", "&Imprimir"]
        box = w.tables_ctl.confirm_redraw()
        assert box.text() == "¿Volver a sortear a los 12 jugadores en 2 mesas? Cambian todos los asientos."
        assert [w.tabs.tabText(i) for i in range(w.tabs.count())][:2] == ["Mesas", "Reloj && estructura"]
        box.reject()
    finally:
        w.close()


def test_view_language_offers_each_language_in_its_own_name_and_keeps_the_choice(qapp, session, english):
    from ui import language

    w = DirectorWindow(session)
    try:
        offered = [a.text() for a in w.language_menu.actions()]
        assert offered == ["English", "Deutsch", "Français", "Español", "Português (Brasil)"]
        assert [a.data() for a in w.language_menu.actions() if a.isChecked()] == ["en"]
        box = w.language_actions["de"].trigger() or w.language_box
        assert isinstance(box, QMessageBox) and box.isVisible()
        assert box.text().startswith("Floorman spricht Deutsch ab dem nächsten Start")
        assert language.saved()["window"] == "de" and language.chosen("window") == "de"
        assert w.language_actions["de"].isChecked() and not w.language_actions["en"].isChecked()
        box.close()
        w.language_actions["en"].trigger()  # the language it speaks already: said on the status bar
        assert language.saved()["window"] == "en" and "already speaks English" in w.statusBar().currentMessage()
    finally:
        w.close()


def test_qts_own_buttons_read_german_when_the_window_does(qapp, english):
    from ui.language import install

    install(qapp, "de")
    try:
        box = QMessageBox(QMessageBox.Icon.Question, "", "", QMessageBox.StandardButton.Yes
                          | QMessageBox.StandardButton.Cancel)
        assert box.button(QMessageBox.StandardButton.Cancel).text() == "Abbrechen"
    finally:
        install(qapp, "en")
    box = QMessageBox(QMessageBox.Icon.Question, "", "", QMessageBox.StandardButton.Cancel)
    assert box.button(QMessageBox.StandardButton.Cancel).text() == "Cancel"


def test_a_venues_own_language_is_offered_and_read_words_it_lacks_in_english(qapp, session, user_data, tmp_path,
                                                                             english):
    from argparse import Namespace

    from ui import language
    from ui.launch import launch

    folder = language.venue_folder()
    folder.mkdir(parents=True)
    (folder / "fi.po").write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                                  'msgid "&Players"\nmsgstr "&Pelaajat"\n', encoding="utf-8")
    assert language.offered()[-1] == "fi" and language.start_language("fi") == "fi"
    shots = tmp_path / "shots"
    assert launch(Namespace(lang="fi", screenshot=str(shots), demo=True, self_test=False, file=None)) == 0
    assert (shots / "director.png").exists()
    w = DirectorWindow(session)  # the language launch installed: the venue's words, English for the rest
    try:
        titles = [a.text() for a in w.menuBar().actions()]
        assert "&Pelaajat" in titles and "&Tournament" in titles
        assert "fi" in w.language_actions
    finally:
        w.close()
    assert launch(Namespace(lang="xx", screenshot=str(shots), demo=True, self_test=False, file=None)) == 2
    shutil.rmtree(folder)  # the next tests' windows offer the shipped languages only
    assert "fi" not in language.offered()


def test_the_welcome_screen_and_the_share_dialog_under_the_pseudo_language(qapp, pseudo):
    from app.api import SHIPPED, load_profile
    from ui.control.share import ShareDialog
    from ui.welcome import WelcomeWindow

    profiles = [load_profile(pid) for pid in SHIPPED]
    data = ["Floorman", *(p.name for p in profiles), *(p.description for p in profiles), "127.0.0.1", *QT_OWN,
            *(language_name(c) for c in shipped())]  # each language is offered in its own name
    welcome = WelcomeWindow()
    share = ShareDialog(["127.0.0.1"])
    try:
        for widget in (welcome, share):
            widget.show()
            _settle(widget)
            shown = list(shown_texts(widget))
            items = [Shown("welcome.item", welcome.recent.item(i).text()) for i in range(welcome.recent.count())]
            assert shown and not untranslated(shown + items, data), "\n".join(map(str, untranslated(shown, data)))
            assert not cut(shown), "\n".join(map(str, cut(shown)))
    finally:
        welcome.close()
        share.close()


def test_the_self_test_passes_in_another_language(qapp, english):
    from ui.selftest import run_self_test

    set_language("de")
    lines: list[str] = []
    assert run_self_test(qapp, lines.append) == 0 and lines[0].startswith("SELF-TEST OK")


def test_the_first_start_follows_the_systems_language_and_a_choice_wins_after(qapp, monkeypatch):
    """Nothing chosen yet: the window speaks the system's language (the nearest Floorman has); once the director
    chose one, that one; ``--lang`` wins over both for one run."""
    from PySide6.QtCore import QLocale

    from ui import language

    monkeypatch.setattr(language.QLocale, "system", staticmethod(lambda: QLocale("fr_CA")))
    assert language.start_language(None) == "fr"
    language.remember("window", "de")
    assert language.start_language(None) == "de"
    assert language.chosen("sheets") == "de"  # the sheets follow the window's until chosen for themselves
    assert language.start_language("pt_br") == "pt-BR"


@pytest.mark.qt_log_ignore("does not support raise", "does not support propagateSizeHints")
def test_view_language_reopens_the_tournament_in_the_language_chosen_at_once(qapp, tmp_path, monkeypatch, english):
    """Reopen now: the file is closed and opened again in a window built in German (its menus, Qt's own
    buttons), with every action kept and the room display open again; the old window is gone."""
    from app.api import load_profile
    from db.store import TournamentStore
    from ui.start import Starter

    path = tmp_path / "friday.floorman"
    with TournamentStore.create(path, load_profile("tda"), "Friday") as store:
        for name in ("Ann Lee", "Bo Chen"):
            store.execute({"cmd": "register", "name": name})
    starter = Starter(qapp)
    monkeypatch.setattr(starter, "show_welcome", lambda: None)
    starter.open_file(str(path))
    old = starter.windows[-1]
    assert isinstance(old, DirectorWindow) and old.reopen_blocker() is None
    old.act_room_display()
    box = old.choose_language("de")
    assert box is not None and box.text() == ("friday.floorman jetzt neu öffnen, um das Fenster auf Deutsch zu "
                                              "lesen? Alles Erfasste bleibt, wie es ist.")
    later = [b.text() for b in box.buttons()]
    assert sorted(later) == ["Beim nächsten Start", "Jetzt neu öffnen"]
    next(b for b in box.buttons() if b.text() == "Jetzt neu öffnen").click()
    _settle(old)
    new = starter.windows[-1]
    try:
        assert new is not old and old not in starter.windows and not old.isVisible() and new.isVisible()
        assert isinstance(new, DirectorWindow) and new.session.path == str(path)
        assert sorted(p.name for p in new.session.state.players.values()) == ["Ann Lee", "Bo Chen"]
        assert [a.text() for a in new.menuBar().actions()][:2] == ["Tu&rnier", "&Bearbeiten"]
        assert new.display is not None and new.display.isVisible()
        assert old.display is None or not old.display.isVisible()
        question = QMessageBox(QMessageBox.Icon.Question, "", "", QMessageBox.StandardButton.Cancel)
        assert question.button(QMessageBox.StandardButton.Cancel).text() == "Abbrechen"
    finally:
        new.close()


@pytest.mark.qt_log_ignore("does not support raise", "does not support propagateSizeHints")
def test_a_window_shared_or_read_only_keeps_its_language_for_the_next_start(qapp, tmp_path, monkeypatch, english):
    """Reopening would cut the phones' server (or a read-only file would be asked about again): the box says
    why the language waits for the next start, in the language chosen, and offers no reopening."""
    from app.api import load_profile
    from db.store import TournamentStore
    from ui.start import Starter

    path = tmp_path / "friday.floorman"
    TournamentStore.create(path, load_profile("tda"), "Friday").close()
    starter = Starter(qapp)
    monkeypatch.setattr(starter, "show_welcome", lambda: None)
    starter.open_file(str(path))
    w = starter.windows[-1]
    try:
        monkeypatch.setattr(type(w.share), "sharing", property(lambda _self: True))
        box = w.choose_language("fr")
        assert box is not None and box.text().endswith("Des téléphones et des écrans sont connectés à cet ordinateur.")
        assert [b.text() for b in box.buttons()] == ["OK"]
        assert w.reopen_in("fr") is False and w.isVisible() and starter.windows == [w]
        box.close()
        monkeypatch.setattr(type(w.share), "sharing", property(lambda _self: False))
        w.session.read_only_reason = "someone else has it open"
        with use_language("es"):
            assert w.reopen_blocker() == "El archivo está abierto solo para lectura."
    finally:
        w.session.read_only_reason = ""
        w.close()
