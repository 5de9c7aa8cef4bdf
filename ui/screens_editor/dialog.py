"""View > Room screens' layout…: make a preset the venue's own in minutes, with a live preview.

Presets first: the list on the left starts from a shipped preset (or one of the venue's own layouts); the
tabs beside it change the theme (a few swatches for each colour, any other by "Custom…"), the font, the
logo and the sponsors' banners (pictures chosen from files, checked), a level's own background and each
game's colour in mixed games. The regions of the screen shown move and resize on the preview (drag them, or
the arrows and Shift+arrows with the preview focused) and show a piece picked from the catalogue, grouped
and searchable. The preview draws the screen at the size chosen with the demo tournament or the open one.

Saving writes the venue's own layout into the user data folder (``layouts/``); export and import carry a
layout and its pictures as one file. Every refusal is one sentence in the dialog's line, and changes
nothing (:mod:`ui.screens_editor.model` checks every change whole before it takes it).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import msgspec
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QFont, QHideEvent, QIcon, QPixmap, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QFontComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.api import CATALOGUE, Tournament, build_demo
from app.i18n import N_, _, pgettext
from screens import presets as preset_words
from screens.compose import Picture, compose
from screens.layout import EVENT_WORDS, IMAGES, THEME_COLOURS, LayoutEntry, LayoutError, list_layouts, venue_layouts
from screens.pieces import PIECES, room_input
from screens.rotation import moments_of
from ui.feedback import Feedback
from ui.screens_editor.model import EditedLayout, import_into, read_images
from ui.screens_editor.preview import LayoutPreview

FIRST = "classic-16x9"  # the preset the editor opens on
SIZES: tuple[tuple[str, int, int], ...] = (
    ("1280 x 720", 1280, 720),
    ("1920 x 1080", 1920, 1080),
    (N_("3840 x 2160 (4K, scaled)"), 3840, 2160),
    (N_("1080 x 1920 (upright)"), 1080, 1920),
)
# A few colours for each of the theme's, picked for a dark room (the first of each is a classic).
SWATCHES: dict[str, tuple[str, ...]] = {
    "background": ("#0b1220", "#000000", "#111417", "#14161c", "#0d2b1e", "#2a0f14", "#1a1a40", "#f4f1ea"),
    "foreground": ("#f4f6fa", "#ffffff", "#f5e6c8", "#e0e0e0", "#111111"),
    "accent": ("#ffcc33", "#ffb000", "#2ec4b6", "#3fa34d", "#2f80ed", "#eb5757", "#bb6bd9", "#f2994a"),
    "muted": ("#8c98ab", "#a0a0a0", "#9aa5ad", "#6b7280", "#c0b59a"),
    "alert": ("#ff5a4f", "#ff4040", "#ff6b4a", "#ffcc00", "#e040fb"),
}
LEVEL_SWATCHES = ("#0b1220", "#1a1a40", "#0d2b1e", "#2a0f14", "#2b2b2b", "#3b2a00")
GAME_SWATCHES = ("#3fa34d", "#2f80ed", "#56ccf2", "#eb5757", "#f2994a", "#bb6bd9", "#f2c94c", "#27ae9f")
# Translators: the theme's colours, as the editor's Colours tab names them.
COLOUR_WORDS = {"background": N_("Background"), "foreground": N_("Text"), "accent": N_("Accent"),
                "muted": N_("Captions"), "alert": N_("Alerts")}
PICTURES = N_("Pictures (*.png *.jpg *.jpeg *.gif *.webp)")
PREVIEW_ANNOUNCEMENT = N_("Dinner break at 8: the buffet opens in the bar")
PREVIEW_VENUE = N_("Your venue")
PREVIEW_RULES = N_("Players must be seated to be dealt in.")



def _swatch(colour: str, size: int = 18) -> QIcon:
    pix = QPixmap(size, size)
    pix.fill(QColor(colour))
    return QIcon(pix)


def _two_to_a_row(actions: tuple[tuple[str, Callable[[], object]], ...]) -> QGridLayout:
    """A button for each (words, slot), two to a row: the editor's panels are narrow, and the words longer
    in some languages."""
    grid = QGridLayout()
    for i, (words, slot) in enumerate(actions):
        b = QPushButton(words)
        b.clicked.connect(slot)
        grid.addWidget(b, i // 2, i % 2)
    return grid


class ColourButton(QPushButton):
    """A colour's button: its swatch and code; a click offers a few swatches and "Custom…"."""

    def __init__(self, swatches: tuple[str, ...], chosen: Callable[[str], object], clearable: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chosen = chosen
        menu = QMenu(self)
        for colour in swatches:
            menu.addAction(_swatch(colour), colour, lambda c=colour: self.chosen(c))
        menu.addSeparator()
        menu.addAction(_("Custom…"), self._custom)
        if clearable:
            menu.addAction(clearable, lambda: self.chosen(""))
        self.setMenu(menu)
        self.colour = ""

    def show_colour(self, colour: str, empty: str = "") -> None:
        """The colour's swatch and code; ``empty`` the words for no colour (default "none")."""
        self.colour = colour
        self.setIcon(_swatch(colour) if colour else QIcon())
        self.setText(colour or empty or pgettext("colour", "none"))

    def _custom(self) -> None:
        picked = QColorDialog.getColor(QColor(self.colour or "#808080"), self, _("Pick a colour"))
        if picked.isValid():
            self.chosen(picked.name())


def _own_colours(title: str, which: QWidget, colour: ColourButton) -> tuple[QGroupBox, QLabel]:
    """A group of the theme's own colours: what it is for (``which``) and its colour on a row, and under them
    a line that says which are set (returned, to fill)."""
    box = QGroupBox(title)
    grid = QGridLayout(box)
    grid.addWidget(which, 0, 0)
    grid.addWidget(colour, 0, 1)
    said = QLabel()
    said.setWordWrap(True)
    grid.addWidget(said, 1, 0, 1, 2)
    return box, said


class LayoutEditor(QDialog):
    """The room screens' layout editor (see the module's words). ``tournament`` gives the open tournament
    (None: the demo only); ``folder`` the venue's layouts folder (default: the user data folder's)."""

    def __init__(self, tournament: Callable[[], Tournament | None] | None = None,
                 now: Callable[[], float] | None = None, parent: QWidget | None = None,
                 folder: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Room screens' layout"))
        self.tournament, self.now_of = tournament, now
        self.folder = folder if folder is not None else venue_layouts()
        self._demo: Tournament | None = None
        self.entries: tuple[LayoutEntry, ...] = ()
        first = next(e for e in list_layouts() if e.layout is not None)
        assert first.layout is not None
        self.edited = EditedLayout(first.layout)
        self.region = -1
        self._filling = False

        root = QVBoxLayout(self)
        body = QHBoxLayout()
        root.addLayout(body, 1)
        self.tabs = QTabWidget()
        self.tabs.setMaximumWidth(400)
        self.tabs.setUsesScrollButtons(False)
        self.tabs.addTab(self._start_tab(), _("&Preset"))
        self.tabs.addTab(self._colours_tab(), _("&Colours"))
        self.tabs.addTab(self._pictures_tab(), _("&Logo, banners"))
        self.tabs.addTab(self._levels_tab(), _("Levels, &games"))
        body.addWidget(self.tabs)
        body.addLayout(self._middle(), 1)
        body.addWidget(self._regions_panel())
        self.feedback = Feedback()
        root.addWidget(self.feedback)
        root.addLayout(self._bottom())
        self.elapsed = 0  # seconds the preview's clock has run (a tick a second while the editor shows)
        self.ticks = QTimer(self)  # the preview's clock runs, as on the room's screens
        self.ticks.setInterval(1000)
        self.ticks.timeout.connect(self.tick)
        self.reload_list()
        self.presets.setCurrentRow(self._first_row())
        self.resize(1500, 860)

    def tick(self) -> None:
        self.elapsed += 1
        self.refresh_preview()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.ticks.start()

    def hideEvent(self, event: QHideEvent) -> None:
        self.ticks.stop()
        super().hideEvent(event)

    # -- building --------------------------------------------------------------------------------------
    def _start_tab(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        hint = QLabel(_("Pick a preset to start from, then make it the venue's own: its colours, logo and banners, "
                      "and where each piece of information sits."))
        hint.setWordWrap(True)
        lay.addWidget(hint)
        self.presets = QListWidget()
        self.presets.setObjectName("presets")
        self.presets.currentRowChanged.connect(self._picked_entry)
        lay.addWidget(self.presets, 1)
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.description.setObjectName("description")
        lay.addWidget(self.description)
        return w

    def _colours_tab(self) -> QWidget:
        w = QWidget()
        form = QFormLayout(w)
        self.colour_buttons: dict[str, ColourButton] = {}
        for key in THEME_COLOURS:
            button = ColourButton(SWATCHES[key], partial(self.set_colour, key))
            button.setObjectName(f"colour_{key}")
            self.colour_buttons[key] = button
            form.addRow(_("{colour}:", colour=_(COLOUR_WORDS[key])), button)
        self.font_box = QFontComboBox()
        self.font_box.setObjectName("font")
        self.font_box.currentFontChanged.connect(lambda f: self.set_font(f.family()))
        form.addRow(_("&Font:"), self.font_box)
        return w

    def _pictures_tab(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        logo = QGroupBox(_("Logo"))
        row = QHBoxLayout(logo)
        self.logo_label = QLabel(pgettext("logo", "none"))
        row.addWidget(self.logo_label, 1)
        pick = QPushButton(_("Choose a &picture…"))
        pick.clicked.connect(self._choose_logo)
        row.addWidget(pick)
        none = QPushButton(_("No logo"))
        none.clicked.connect(lambda: self.set_logo(None))
        row.addWidget(none)
        lay.addWidget(logo)
        banners = QGroupBox(_("Sponsors' banners (they take turns)"))
        col = QVBoxLayout(banners)
        self.banners = QListWidget()
        self.banners.setObjectName("banners")
        col.addWidget(self.banners)
        col.addLayout(_two_to_a_row(((_("Add a p&icture…"), self._choose_banner),
                                     (_("Add &words…"), self._banner_words), (_("Remove"), self._remove_banner))))
        lay.addWidget(banners, 1)
        return w

    def _levels_tab(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        self.level = QSpinBox()
        self.level.setRange(1, 200)
        self.level.setPrefix(_("Level "))
        self.level.valueChanged.connect(lambda _v: self._fill_level())
        self.level_colour = ColourButton(LEVEL_SWATCHES, lambda c: self.set_level_background(self.level.value(), c),
                                         clearable=_("The theme's"))
        levels, self.levels_set = _own_colours(_("A level's own background"), self.level, self.level_colour)
        lay.addWidget(levels)
        self.game = QComboBox()
        self.game.setEditable(True)
        self.game.addItems(sorted({str(g.name) for g in CATALOGUE.values()}))
        self.game.currentTextChanged.connect(lambda _t: self._fill_game())
        self.game_colour = ColourButton(GAME_SWATCHES, lambda c: self.set_game_colour(self.game.currentText(), c),
                                        clearable=pgettext("colour", "None"))
        games, self.games_set = _own_colours(_("Each game's colour (mixed games)"), self.game, self.game_colour)
        lay.addWidget(games)
        lay.addStretch(1)
        return w

    def _middle(self) -> QVBoxLayout:
        lay = QVBoxLayout()
        row = QHBoxLayout()
        self.screen_box = QComboBox()
        self.screen_box.setObjectName("screen")
        self.screen_box.currentIndexChanged.connect(lambda _i: self._screen_changed())
        row.addWidget(QLabel(_("Sc&reen:")))
        row.itemAt(0).widget().setBuddy(self.screen_box)  # type: ignore[union-attr]
        row.addWidget(self.screen_box, 1)
        self.seconds = QSpinBox()
        self.seconds.setObjectName("screen_seconds")
        self.seconds.setRange(0, 3600)
        self.seconds.setSuffix(_(" s"))
        self.seconds.setToolTip(_("How long this screen shows: its turn in the cycle, or for its event "
                                "(0: as long as a break, hand for hand or the bubble lasts)"))
        self.seconds.editingFinished.connect(self._seconds_changed)
        row.addWidget(self.seconds)
        self.size_box = QComboBox()
        self.size_box.setObjectName("size")
        for words, w, h in SIZES:
            self.size_box.addItem(_(words), (w, h))
        self.size_box.setCurrentIndex(1)
        self.size_box.currentIndexChanged.connect(lambda _i: self.refresh_preview())
        row.addWidget(self.size_box)
        self.source_box = QComboBox()
        self.source_box.setObjectName("source")
        self.source_box.addItem(_("The demo tournament"), "demo")
        if self.tournament is not None and self.tournament() is not None:
            self.source_box.addItem(_("The open tournament"), "open")
        self.source_box.currentIndexChanged.connect(lambda _i: self.refresh_preview())
        row.addWidget(self.source_box)
        lay.addLayout(row)
        self.preview = LayoutPreview()
        self.preview.setObjectName("preview")
        self.preview.picked.connect(self._picked_on_preview)
        self.preview.moved.connect(lambda r, c, w: self._change(lambda: self.edited.place_region(self.s, r, c, w)))
        self.preview.resized.connect(lambda r, dw, dh: self._change(
            lambda: self.edited.resize_region(self.s, r, dw, dh)))
        self.preview.nudged.connect(self.nudge)
        self.preview.grown.connect(self.grow)
        lay.addWidget(self.preview, 1)
        hint = QLabel(_("Click a region to pick it; drag it, or drag its corner. With the preview focused: arrows "
                      "move it a cell, Shift+arrows resize it, Page Down picks the next one."))
        hint.setWordWrap(True)
        hint.setObjectName("hint")
        lay.addWidget(hint)
        return lay

    def _regions_panel(self) -> QWidget:
        w = QGroupBox(_("Regions of this screen"))
        w.setMaximumWidth(340)
        lay = QVBoxLayout(w)
        self.regions = QListWidget()
        self.regions.setObjectName("regions")
        self.regions.setWordWrap(True)
        self.regions.currentRowChanged.connect(self._picked_in_list)
        lay.addWidget(self.regions, 1)
        size_row = QHBoxLayout()
        size_row.addWidget(QLabel(_("Text size:")))
        self.text_size = QDoubleSpinBox()
        self.text_size.setObjectName("text_size")
        self.text_size.setRange(0.5, 60.0)
        self.text_size.setSpecialValueText(_("pick a region"))  # shown at 0.5, below any region's size
        self.text_size.setSingleStep(0.5)
        self.text_size.setSuffix(_(" % of the height"))
        self.text_size.editingFinished.connect(self._size_changed)
        size_row.addWidget(self.text_size, 1)
        lay.addLayout(size_row)
        look = QHBoxLayout()
        self.align = QComboBox()
        self.align.setObjectName("align")
        for words, value in ((_("Left"), "left"), (_("Centre"), "center"), (_("Right"), "right")):
            self.align.addItem(words, value)
        self.align.activated.connect(lambda _i: self._change(
            lambda: self.edited.set_align(self.s, self.region, str(self.align.currentData()))))
        look.addWidget(QLabel(_("Aligned:")))
        look.addWidget(self.align, 1)
        self.bold = QCheckBox(_("&Bold"))
        self.bold.setObjectName("bold")
        self.bold.clicked.connect(lambda on: self._change(lambda: self.edited.set_bold(self.s, self.region, on)))
        look.addWidget(self.bold)
        lay.addLayout(look)
        lay.addWidget(QLabel(_("Piece of information:")))
        self.search = QLineEdit()
        self.search.setObjectName("piece_search")
        self.search.setPlaceholderText(_("Search the pieces (e.g. blinds, payouts, QR)"))
        self.search.textChanged.connect(self.filter_pieces)
        self.search.setClearButtonEnabled(True)
        lay.addWidget(self.search)
        self.pieces = QTreeWidget()
        self.pieces.setObjectName("pieces")
        self.pieces.setHeaderHidden(True)
        groups: dict[str, QTreeWidgetItem] = {}
        for piece in sorted(PIECES.values(), key=lambda p: (p.shown_group, p.shown_title)):
            group = groups.get(piece.group)
            if group is None:
                group = groups[piece.group] = QTreeWidgetItem(self.pieces, [piece.shown_group])
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            item = QTreeWidgetItem(group, [piece.shown_title])
            item.setData(0, Qt.ItemDataRole.UserRole, piece.id)
            item.setToolTip(0, piece.id)
        self.pieces.expandAll()
        lay.addWidget(self.pieces, 2)
        lay.addLayout(_two_to_a_row(((_("Show it &here"), self._set_piece), (_("&Add a region"), self._add_region),
                                     (_("Re&move"), self._remove_region))))
        return w

    def _bottom(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(QLabel(_("&Name:")))
        self.name = QLineEdit()
        self.name.setObjectName("layout_name")
        row.itemAt(0).widget().setBuddy(self.name)  # type: ignore[union-attr]
        self.name.editingFinished.connect(lambda: self._change(lambda: self.edited.rename(self.name.text()))
                                          if self.name.text() != self.edited.layout.name else None)
        row.addWidget(self.name, 1)
        for words, slot in ((_("Sa&ve as the venue's layout"), self.save), (_("E&xport…"), self._export),
                            (_("&Import…"), self._import), (_("Close"), self.reject)):
            b = QPushButton(words)
            b.clicked.connect(slot)
            b.setAutoDefault(False)
            row.addWidget(b)
        return row

    # -- what shows ------------------------------------------------------------------------------------
    @property
    def s(self) -> int:
        return max(0, self.screen_box.currentIndex())

    def reload_list(self) -> None:
        """The presets, then the venue's own layouts (a bad one listed with why, not offered)."""
        self.entries = list_layouts(self.folder)
        self._filling = True
        self.presets.clear()
        for entry in self.entries:
            if entry.layout is None:
                words = _("{layout}: {reason}", layout=entry.id, reason=entry.error)
            elif entry.source == "preset":
                words = _("{layout} ({aspect}, preset)", layout=preset_words.shown(entry.name), aspect=entry.aspect)
            else:
                words = _("{layout} ({aspect}, the venue's)", layout=entry.name, aspect=entry.aspect)
            item = QListWidgetItem(words)
            if entry.layout is None:
                item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.presets.addItem(item)
        self._filling = False

    def _first_row(self) -> int:
        """The classic preset when it is there (the one most rooms start from), else the first good one."""
        good = [i for i, e in enumerate(self.entries) if e.layout is not None]
        return next((i for i in good if self.entries[i].id == FIRST), good[0] if good else 0)

    def _picked_entry(self, row: int) -> None:
        if self._filling or not 0 <= row < len(self.entries):
            return
        entry = self.entries[row]
        if entry.layout is None:
            self.feedback.refuse(entry.error)
            return
        venue = entry.source == "venue"
        images = read_images(entry.path.parent / IMAGES) if venue else {}
        try:
            self.edited.pick(entry.layout, images, entry.path.parent if venue else None)
        except LayoutError as exc:
            self.feedback.refuse(exc.message)
            return
        self.description.setText(preset_words.shown(entry.layout.description))
        wanted = (1080, 1920) if entry.layout.aspect == "9:16" else (1920, 1080)
        if self.size_box.currentData() != wanted and (self.size_box.currentData()[0] < self.size_box.currentData()[1]) \
                != (wanted[0] < wanted[1]):
            self.size_box.blockSignals(True)
            self.size_box.setCurrentIndex(next(i for i, s in enumerate(SIZES) if (s[1], s[2]) == wanted))
            self.size_box.blockSignals(False)
        self.fill(screen=0)

    def fill(self, screen: int | None = None) -> None:
        """Every control from the layout held (``screen``: show that screen of it)."""
        lay = self.edited.layout
        self._filling = True
        try:
            keep = self.s if screen is None else screen
            self.screen_box.blockSignals(True)
            self.screen_box.clear()
            for sc in lay.screens:
                name = preset_words.shown(sc.name)
                if sc.event:
                    words = _("{screen} (when: {event})", screen=name, event=_(EVENT_WORDS[sc.event]))
                else:
                    words = _("{screen} ({seconds} s in the cycle)", screen=name, seconds=sc.seconds)
                self.screen_box.addItem(words)
            self.screen_box.setCurrentIndex(min(keep, len(lay.screens) - 1))
            self.screen_box.blockSignals(False)
            for key, button in self.colour_buttons.items():
                button.show_colour(getattr(lay.theme, key))
            self.font_box.blockSignals(True)
            self.font_box.setCurrentFont(QFont(lay.theme.font))
            self.font_box.blockSignals(False)
            self.name.setText(preset_words.shown(lay.name))
            self.logo_label.setText(lay.theme.logo or pgettext("logo", "none"))
            self.banners.clear()
            for b in lay.theme.banners:
                if b.image:
                    words = _("picture {name}: {words}", name=b.image, words=preset_words.shown(b.text)) if b.text \
                        else _("picture {name}", name=b.image)
                else:
                    words = preset_words.shown(b.text)
                self.banners.addItem(words)
            self._fill_level()
            self._fill_game()
            self._fill_regions()
        finally:
            self._filling = False
        self.refresh_preview()

    def _fill_level(self) -> None:
        own = self.edited.layout.theme.level_backgrounds
        self.level_colour.show_colour(own.get(str(self.level.value()), ""), _("the theme's"))
        said = ", ".join(_("level {level} {colour}", level=k, colour=v) for k, v in own.items())
        self.levels_set.setText(_("Set: {which}", which=said or pgettext("set", "none")))

    def _fill_game(self) -> None:
        own = self.edited.layout.theme.game_colours
        if own and self.game.currentText() not in own:
            self.game.blockSignals(True)
            self.game.setCurrentText(next(iter(own)))
            self.game.blockSignals(False)
        self.game_colour.show_colour(own.get(self.game.currentText(), ""))
        self.games_set.setText(_("Set: {which}", which=", ".join(own) or pgettext("set", "none")))

    def _fill_regions(self) -> None:
        screen = self.edited.screen(self.s)
        self.regions.blockSignals(True)
        self.regions.clear()
        for r in screen.regions:
            what = PIECES[r.piece].shown_title if r.piece else _("picture {name}", name=r.image)
            where = _("column {column}, row {row}; {width} x {height} cells", column=r.col + 1, row=r.row + 1,
                      width=r.width, height=r.height)
            self.regions.addItem(f"{what}\n    {where}")
        if self.region >= len(screen.regions):
            self.region = -1
        self.regions.setCurrentRow(self.region)
        self.regions.blockSignals(False)
        self._fill_size()

    def _fill_size(self) -> None:
        """The region's own controls (its text size, alignment, bold), or nothing picked."""
        screen = self.edited.screen(self.s)
        picked = self.region >= 0
        region = screen.regions[self.region] if picked else None
        for w in (self.text_size, self.align, self.bold):
            w.setEnabled(picked)
            w.blockSignals(True)
        self.text_size.setValue(region.size * 100 if region else self.text_size.minimum())
        self.align.setCurrentIndex(self.align.findData(region.align) if region else 1)
        self.bold.setChecked(bool(region and region.bold))
        for w in (self.text_size, self.align, self.bold):
            w.blockSignals(False)
        self.seconds.blockSignals(True)
        self.seconds.setValue(screen.event_seconds if screen.event else screen.seconds)
        self.seconds.blockSignals(False)

    def _screen_changed(self) -> None:
        if self._filling:
            return
        self.region = -1
        self._fill_regions()
        self.refresh_preview()

    def source(self) -> Tournament:
        """The tournament the preview shows: the open one when chosen, else the demo (built once)."""
        if self.source_box.currentData() == "open" and self.tournament is not None:
            t = self.tournament()
            if t is not None:
                return t
        if self._demo is None:
            self._demo = build_demo(players=120)
        return self._demo

    def picture(self) -> Picture:
        """The screen chosen, as the room would see it now (the screen shown whatever the rotation says)."""
        t = self.source()
        if self.now_of is not None and self.source_box.currentData() == "open":
            now = self.now_of()
        else:  # the demo's clock runs while the editor shows
            now = t.time.now() + self.elapsed
        shown = self.edited.screen(self.s)
        screen = msgspec.structs.replace(shown, event=None, seconds=shown.seconds or shown.event_seconds or 20)
        one = msgspec.structs.replace(self.edited.layout, screens=(screen,))
        room = room_input(t, now, venue=_(PREVIEW_VENUE), house_rules=_(PREVIEW_RULES),
                          phones_url="https://example.invalid/t", announcement=_(PREVIEW_ANNOUNCEMENT))
        return compose(one, room, moments_of(room.view), now)

    def refresh_preview(self) -> None:
        if self._filling:
            return
        w, h = self.size_box.currentData()
        self.preview.show_picture(self.picture(), w, h, self.edited.images)
        self.preview.select(self.region)

    # -- changes ---------------------------------------------------------------------------------------
    def _change(self, do: Callable[[], object], done: str = "") -> bool:
        """Do one change of the layout; a refusal is said in one sentence and nothing changed."""
        try:
            do()
        except LayoutError as exc:
            self.feedback.refuse(exc.message)
            self.fill()
            return False
        if done:
            self.feedback.done(done)
        else:
            self.feedback.hide()
        self.fill()
        return True

    def set_colour(self, key: str, colour: str) -> bool:
        return self._change(lambda: self.edited.set_colour(key, colour))

    def set_font(self, family: str) -> bool:
        if self._filling or family == self.edited.layout.theme.font:
            return True
        return self._change(lambda: self.edited.set_font(family))

    def set_logo(self, path: Path | None) -> bool:
        ok = self._change(lambda: self.edited.set_logo(path), _("Logo set.") if path else _("No logo."))
        if ok and path is not None and not self.edited.shows("logo"):
            self.feedback.done(_("Logo set. No screen shows it yet: pick a region and show \u201cLogo\u201d there "
                               "(the Venue group of the pieces)."))
        return ok

    def add_banner(self, path: Path | None = None, text: str = "") -> bool:
        ok = self._change(lambda: self.edited.add_banner(path, text), _("Banner added: the banners take turns."))
        if ok and not self.edited.shows("sponsor_banner"):
            self.feedback.done(_("Banner added. No screen shows the banners yet: pick a region and show "
                               "\u201cSponsor banners (taking turns)\u201d there (the Venue group of the pieces)."))
        return ok

    def set_level_background(self, level: int, colour: str) -> bool:
        return self._change(lambda: self.edited.set_level_background(level, colour))

    def set_game_colour(self, game: str, colour: str) -> bool:
        return self._change(lambda: self.edited.set_game_colour(game, colour))

    def nudge(self, dx: int, dy: int) -> bool:
        """The region selected moves a cell (the arrows on the preview)."""
        return self._change(lambda: self.edited.move_region(self.s, self.region, dx, dy))

    def grow(self, dx: int, dy: int) -> bool:
        """The region selected grows or shrinks a cell (Shift+arrows on the preview)."""
        return self._change(lambda: self.edited.resize_region(self.s, self.region, dx, dy))

    def pick_region(self, index: int) -> None:
        self.region = index
        self.regions.blockSignals(True)
        self.regions.setCurrentRow(index)
        self.regions.blockSignals(False)
        self._fill_size()
        self.preview.select(index)

    def _picked_on_preview(self, index: int) -> None:
        self.pick_region(index)

    def _picked_in_list(self, row: int) -> None:
        self.pick_region(row)

    def _seconds_changed(self) -> None:
        screen = self.edited.screen(self.s)
        if self.seconds.value() != (screen.event_seconds if screen.event else screen.seconds):
            self._change(lambda: self.edited.set_seconds(self.s, self.seconds.value()))

    def _size_changed(self) -> None:
        if self.region < 0:
            return
        if abs(self.edited.screen(self.s).regions[self.region].size * 100 - self.text_size.value()) > 1e-6:
            self._change(lambda: self.edited.set_size(self.s, self.region, self.text_size.value() / 100))

    def chosen_piece(self) -> str:
        item = self.pieces.currentItem()
        return str(item.data(0, Qt.ItemDataRole.UserRole) or "") if item is not None else ""

    def filter_pieces(self, words: str) -> None:
        """Only the pieces whose title, group or id has every word typed; the first one found is chosen."""
        wanted = words.lower().split()
        first: QTreeWidgetItem | None = None
        for g in range(self.pieces.topLevelItemCount()):
            group = self.pieces.topLevelItem(g)
            if group is None:
                continue
            shown = 0
            for i in range(group.childCount()):
                item = group.child(i)
                if item is None:
                    continue
                said = f"{item.text(0)} {group.text(0)} {item.data(0, Qt.ItemDataRole.UserRole)}".lower()
                hit = all(w in said for w in wanted)
                item.setHidden(not hit)
                shown += hit
                if hit and first is None:
                    first = item
            group.setHidden(shown == 0)
        if first is not None and wanted:
            self.pieces.setCurrentItem(first)

    def _set_piece(self) -> bool:
        piece = self.chosen_piece()
        if not piece:
            self.feedback.refuse(_("Pick a piece of information in the list first."))
            return False
        if self.region < 0:
            self.feedback.refuse(_("Pick the region that shows it first (click it on the preview)."))
            return False
        return self._change(lambda: self.edited.set_piece(self.s, self.region, piece))

    def _add_region(self) -> bool:
        piece = self.chosen_piece()
        if not piece:
            self.feedback.refuse(_("Pick the piece of information the new region shows first."))
            return False
        added: list[int] = []
        ok = self._change(lambda: added.append(self.edited.add_region(self.s, piece)),
                          _("Added: {title}. Move it with the arrows, resize it with Shift+arrows.",
                            title=PIECES[piece].shown_title))
        if ok:
            self.pick_region(added[0])
            self.preview.setFocus()
        return ok

    def _remove_region(self) -> bool:
        ok = self._change(lambda: self.edited.remove_region(self.s, self.region))
        if ok:
            self.pick_region(-1)
        return ok

    # -- files -----------------------------------------------------------------------------------------
    def _choose_logo(self) -> None:
        path, _f = QFileDialog.getOpenFileName(self, _("Choose the logo"), "", _(PICTURES))
        if path:
            self.set_logo(Path(path))

    def _choose_banner(self) -> None:
        path, _f = QFileDialog.getOpenFileName(self, _("Choose a banner"), "", _(PICTURES))
        if path:
            self.add_banner(Path(path))

    def _banner_words(self) -> None:
        text, ok = QInputDialog.getText(self, _("A banner in words"), _("Words (e.g. a sponsor's name):"))
        if ok:
            self.add_banner(None, text)

    def _remove_banner(self) -> None:
        self._change(lambda: self.edited.remove_banner(self.banners.currentRow()))

    def _named(self) -> bool:
        """The name typed taken (it may not have been left yet); False when it was refused."""
        return self.name.text() == self.edited.layout.name or self._change(lambda: self.edited.rename(self.name.text()))

    def save(self) -> bool:
        """The layout as the venue's own (the name field's name); said in words either way."""
        if not self._named():
            return False
        try:
            path = self.edited.save(self.folder)
        except LayoutError as exc:
            self.feedback.refuse(exc.message)
            return False
        except OSError as exc:
            self.feedback.refuse(_("The layout could not be saved ({reason}).", reason=exc.strerror or exc))
            return False
        self.reload_list()
        row = next((i for i, e in enumerate(self.entries) if e.source == "venue" and e.path == path), -1)
        self._filling = True
        self.presets.setCurrentRow(row)
        self._filling = False
        self.feedback.done(_("Saved as the venue's layout “{name}”.", name=self.edited.layout.name))
        return True

    def _export(self) -> None:
        path, _f = QFileDialog.getSaveFileName(self, _("Export the layout"),
                                               f"{self.edited.layout.name}.floorman-layout",
                                               _("Floorman layouts (*.floorman-layout *.zip)"))
        if path:
            self.export_to(Path(path))

    def export_to(self, path: Path) -> bool:
        if not self._named():
            return False
        try:
            self.edited.export(path)
        except LayoutError as exc:
            self.feedback.refuse(exc.message)
            return False
        except OSError as exc:
            self.feedback.refuse(_("The layout could not be exported ({reason}).", reason=exc.strerror or exc))
            return False
        self.feedback.done(_("Exported to {name}, its pictures inside.", name=path.name))
        return True

    def _import(self) -> None:
        path, _f = QFileDialog.getOpenFileName(self, _("Import a layout"), "",
                                               _("Floorman layouts (*.floorman-layout *.zip);;All files (*)"))
        if path:
            self.import_from(Path(path))

    def import_from(self, path: Path) -> bool:
        """An exported layout into the venue's layouts, then opened here; a refused file changes nothing."""
        try:
            layout, folder, images = import_into(path, self.folder)
        except LayoutError as exc:
            self.feedback.refuse(exc.message)
            return False
        except OSError as exc:
            self.feedback.refuse(_("The layout could not be imported ({reason}).", reason=exc.strerror or exc))
            return False
        self.reload_list()
        row = next((i for i, e in enumerate(self.entries) if e.source == "venue" and e.path.parent == folder), -1)
        self._filling = True
        self.presets.setCurrentRow(row)
        self._filling = False
        self.edited.pick(layout, images, folder)
        self.fill(screen=0)
        self.feedback.done(_("Imported “{name}” into the venue's layouts.", name=layout.name))
        return True
