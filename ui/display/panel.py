"""The room display's picture: three zones laid out as fractions of the window, so it scales to any screen.

Top: tournament name, level and game, forced bets. Middle: a state strip and the clock, as large as
the window allows. Bottom: next level, time to the break, players, average stack, prize pool, and
the paid places. Every label is a :class:`FitLabel`, so nothing is cut off at any size.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPixmap, QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget

from app.i18n import N_, _, pgettext
from screens.frame import ENDED, DisplayFrame
from ui.display import theme
from ui.display.fitlabel import FitLabel, fit_together

LEFT = Qt.AlignmentFlag.AlignLeft
RIGHT = Qt.AlignmentFlag.AlignRight
PAYOUT_ROWS = 5
PAYOUT_COLUMNS = 2
LEADER_ROWS = 5
# The secondary lines (captions, details, payouts, chip leaders) get boxes this share of the height, so
# their letters are at least 3.5 % of it: readable from the back of the room.
SMALL = 0.042

# Bottom cells: (name, caption, row, column, column span).
CELLS = (
    ("next", N_("NEXT LEVEL"), 0, 0, 2),
    ("break", N_("BREAK IN"), 0, 2, 1),
    ("players", N_("PLAYERS LEFT"), 1, 0, 1),
    ("average", N_("AVERAGE STACK"), 1, 1, 1),
    ("pool", N_("PRIZE POOL"), 1, 2, 1),
)

ENDED_GONE = ("next", "break")  # the cells a finished event leaves empty


class DisplayPanel(QWidget):
    """Shows one :class:`DisplayFrame`; knows nothing of the engine or of time."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAutoFillBackground(True)
        self.title = FitLabel(self, bold=True)
        self.level = FitLabel(self, bold=True)
        self.bets = FitLabel(self, bold=True)
        self.strip = FitLabel(self, bold=True, max_fraction=0.8)
        self.strip.setAutoFillBackground(True)
        self.clock = FitLabel(self, bold=True, steady=True)
        self.notice = FitLabel(self)
        self.captions: dict[str, FitLabel] = {}
        self.values: dict[str, FitLabel] = {}
        self.details: dict[str, FitLabel] = {}
        for name, caption, *_rest in CELLS:
            self.captions[name] = FitLabel(self, align=LEFT)
            self.captions[name].show_text(_(caption))
            self.values[name] = FitLabel(self, bold=True, align=LEFT)
            self.details[name] = FitLabel(self, align=LEFT)
        self.payout_caption = FitLabel(self, align=LEFT)
        self.payout_places = [FitLabel(self, align=LEFT) for _n in range(PAYOUT_ROWS * PAYOUT_COLUMNS)]
        self.payout_amounts = [FitLabel(self, bold=True, align=RIGHT) for _n in range(PAYOUT_ROWS * PAYOUT_COLUMNS)]
        self.leaders_caption = FitLabel(self, align=LEFT)
        self.leaders_caption.show_text(_("CHIP LEADERS"))
        self.leader_names = [FitLabel(self, align=LEFT) for _n in range(LEADER_ROWS)]
        self.leader_stacks = [FitLabel(self, bold=True, align=RIGHT) for _n in range(LEADER_ROWS)]
        self.show_leaders = False  # the chip leaders panel (the director's View menu), off by default
        self.show_bounties = False  # KO: the largest bounties in the same place, where there are bounties
        for label in self.leader_labels():
            label.setVisible(False)
        self._rule_y = 0
        self._rule_colour = QColor("#2a3240")
        self.frame: DisplayFrame | None = None
        # The phones' address (View → Share on the network…), top right, when the director shows it.
        self.share_qr = QLabel(self)
        self.share_qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.share_url = FitLabel(self)
        self.share_pixmap: QPixmap | None = None
        self.share_qr.setVisible(False)
        self.share_url.setVisible(False)

    # -- content ------------------------------------------------------------------------------
    def labels(self) -> list[FitLabel]:
        """Every label of the picture (for the layout checks)."""
        out = [self.title, self.level, self.bets, self.strip, self.clock, self.notice, self.payout_caption]
        for name, *_rest in CELLS:
            out += [self.captions[name], self.values[name], self.details[name]]
        out += self.payout_places + self.payout_amounts
        return out + (self.leader_labels() if self.side_shown() else [])

    def leader_labels(self) -> list[FitLabel]:
        return [self.leaders_caption, *self.leader_names, *self.leader_stacks]

    def side_shown(self) -> bool:
        """The panel beside the clock is shown: chip leaders, or the largest bounties (KO)."""
        return self.show_leaders or self.show_bounties

    def set_show_leaders(self, show: bool) -> None:
        """Show or hide the chip leaders panel (beside the clock, which gives way)."""
        if show == self.show_leaders:
            return
        self.show_leaders = show
        self._side_changed()

    def set_show_bounties(self, show: bool) -> None:
        """KO: show the largest bounties beside the clock (in a tournament with bounties; chip leaders
        otherwise), or not."""
        if show == self.show_bounties:
            return
        self.show_bounties = show
        self._side_changed()

    def _side_changed(self) -> None:
        for label in self.leader_labels():
            label.setVisible(self.side_shown())
        self.place_labels()
        if self.frame is not None:
            self._show_leaders(self.frame)
            self._apply_look(theme.look_for(self.frame))

    def _show_leaders(self, frame: DisplayFrame) -> None:
        bounties = self.show_bounties and bool(frame.bounties)
        self.leaders_caption.show_text(_("LARGEST BOUNTIES") if bounties else _("CHIP LEADERS"))
        rows = list(frame.bounties if bounties else frame.leaders)
        if not rows and not bounties:
            rows = [(_("After the first chip count"), "")]  # a stack is only the chips bought before it
        for i, (name, stack) in enumerate(zip(self.leader_names, self.leader_stacks)):
            who, chips = rows[i] if i < len(rows) else ("", "")
            name.show_text(who)
            stack.show_text(chips)
        if self.side_shown():
            fit_together(self.leader_names)
            fit_together(self.leader_stacks)

    def show_frame(self, frame: DisplayFrame) -> None:
        previous, self.frame = self.frame, frame
        self.title.show_text(frame.title)
        self.level.show_text("  ·  ".join(t for t in (frame.level_text, frame.game_text) if t))
        self.bets.show_text(frame.bets_text)
        strip = theme.strip_text(frame)
        self.strip.show_text(strip)
        self.strip.setVisible(bool(strip))
        self.clock.show_text(frame.clock_text)
        self.notice.show_text(frame.notice)
        for name, caption, *_rest in CELLS:  # a finished event has no next level and no break to wait for
            self.captions[name].show_text("" if name in ENDED_GONE and frame.mode == ENDED else _(caption))
        self._set_cell("next", frame.next_text, frame.next_detail)
        self._set_cell("break", frame.break_text, frame.late_short)
        self._set_cell("players", frame.players_text, frame.players_detail)
        self._set_cell("average", frame.average_text, "")
        self._set_cell("pool", frame.pool_text, "")
        self._show_payouts(frame)
        self._show_leaders(frame)
        self._even_sizes()
        if previous is None or theme.look_for(previous) != theme.look_for(frame):
            self._apply_look(theme.look_for(frame))

    def _even_sizes(self) -> None:
        fit_together([label for name, label in self.values.items() if name != "next"])
        fit_together(list(self.captions.values()))
        fit_together(self.payout_places)
        fit_together(self.payout_amounts)

    def _set_cell(self, name: str, value: str, detail: str) -> None:
        self.values[name].show_text(value)
        self.details[name].show_text(detail)

    def _show_payouts(self, frame: DisplayFrame) -> None:
        slots = len(self.payout_places)
        rows = list(frame.payouts)
        if len(rows) > slots:
            rest = len(rows) - (slots - 1)
            # Translators: the last payouts' line when more places are paid than shown: "+12 more".
            rows = rows[: slots - 1] + [(f"+{rest}", pgettext("places", "more"))]
        caption = _("PAYOUTS  ·  {paid}", paid=frame.paid_text) if frame.paid_text else _("PAYOUTS")
        self.payout_caption.show_text(caption)
        for i in range(slots):
            place, amount = rows[i] if i < len(rows) else ("", "")
            self.payout_places[i].show_text(place)
            self.payout_amounts[i].show_text(amount)

    def _apply_look(self, look: theme.Look) -> None:
        pal = self.palette()
        pal.setColor(QPalette.ColorRole.Window, QColor(look.background))
        self.setPalette(pal)
        for label in self.labels():
            label.set_colour(look.text)
        for label in self.leader_labels():
            label.set_colour(look.text)
        for label in [self.notice, self.payout_caption, self.leaders_caption, *self.captions.values(),
                      *self.details.values()]:
            label.set_colour(look.muted)
        for label in self.payout_places:
            label.set_colour(look.muted)
        self.share_url.set_colour(look.muted)
        self.clock.set_colour(look.clock)
        strip_pal = self.strip.palette()
        strip_pal.setColor(QPalette.ColorRole.Window, QColor(look.banner_bg or look.background))
        strip_pal.setColor(QPalette.ColorRole.WindowText, QColor(look.banner_fg if look.banner_bg else look.text))
        self.strip.setPalette(strip_pal)
        self.update()

    # -- geometry -----------------------------------------------------------------------------
    def set_share(self, pixmap: QPixmap | None, url: str = "") -> None:
        """The QR code and address of the players' view in the top right corner; None takes them away."""
        self.share_pixmap = pixmap
        self.share_qr.setVisible(pixmap is not None)
        self.share_url.setVisible(pixmap is not None)
        self.share_url.show_text(url.removeprefix("http://").rstrip("/") if pixmap is not None else "")
        self.place_labels()

    def _share_width(self, w: int, h: int) -> int:
        """The width the QR code takes at the top right (0 when not shown)."""
        return min(round(h * 0.19), round(w * 0.16)) if self.share_pixmap is not None else 0

    def _place_share(self, w: int, h: int, mx: int, side: int) -> None:
        if self.share_pixmap is None or side <= 0:
            return
        x, y = w - mx - side, round(h * 0.012)
        self.share_qr.setGeometry(QRect(x, y, side, side))
        self.share_qr.setPixmap(self.share_pixmap.scaled(side, side, Qt.AspectRatioMode.KeepAspectRatio,
                                                         Qt.TransformationMode.FastTransformation))
        width = min(side * 2, w - x + side // 2 - mx // 2)  # under the code, inside the window
        self.share_url.setGeometry(QRect(w - mx // 2 - width, y + side, width, round(h * 0.04)))
        self.share_url.refit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.place_labels()

    def place_labels(self) -> None:
        w, h = self.width(), self.height()
        mx = round(w * 0.03)
        inner = w - 2 * mx

        def band(top: float, height: float, left: int = mx, width: int = inner) -> QRect:
            return QRect(left, round(h * top), width, max(1, round(h * height)))

        side = self._share_width(w, h)
        gap = side + round(w * 0.01) if side else 0  # the top lines stay centred beside the QR code
        self.title.setGeometry(band(0.015, 0.068, mx + gap, inner - 2 * gap))
        self.level.setGeometry(band(0.087, 0.072, mx + gap, inner - 2 * gap))
        self.bets.setGeometry(band(0.163, 0.09, mx + gap, inner - 2 * gap))
        self._place_share(w, h, mx, side)
        self.strip.setGeometry(band(0.263, 0.06, 0, w))
        if self.side_shown():
            clock_w = round(w * 0.62)
            self.clock.setGeometry(band(0.328, 0.31, mx, clock_w))
            self._place_leaders(mx + clock_w + round(w * 0.02), w - 2 * mx - clock_w - round(w * 0.02), h)
        else:
            self.clock.setGeometry(band(0.328, 0.31))
        self.notice.setGeometry(band(0.642, SMALL))
        self._rule_y = round(h * 0.69)
        self._place_cells(mx, round(w * 0.64) - mx, h)
        self._place_payouts(round(w * 0.68), w - mx - round(w * 0.68), h)
        for label in self.labels():
            label.refit()  # now, even before a hidden label gets its resize event
        self._even_sizes()
        if self.side_shown():
            fit_together(self.leader_names)
            fit_together(self.leader_stacks)

    def _place_cells(self, left: int, width: int, h: int) -> None:
        gutter = round(width * 0.03)
        col_w = (width - 2 * gutter) // 3
        for name, _caption, row, col, span in CELLS:
            x = left + col * (col_w + gutter)
            cw = col_w * span + gutter * (span - 1)
            top = 0.697 + row * 0.151
            edges = [round(h * e) for e in (top, top + SMALL, top + SMALL + 0.062, top + 2 * SMALL + 0.062)]
            for label, y0, y1 in zip((self.captions[name], self.values[name], self.details[name]), edges, edges[1:]):
                label.setGeometry(QRect(x, y0, cw, y1 - y0))

    def _place_payouts(self, left: int, width: int, h: int) -> None:
        self.payout_caption.setGeometry(QRect(left, round(h * 0.697), width, round(h * SMALL)))
        gutter = round(width * 0.05)
        col_w = (width - gutter * (PAYOUT_COLUMNS - 1)) // PAYOUT_COLUMNS
        place_w = round(col_w * 0.3)
        gap = max(4, round(col_w * 0.06))  # between the place and its amount: "2nd  $398.25", never "2nd$398.25"
        top = 0.697 + SMALL + 0.004
        row_h = (0.995 - top) / PAYOUT_ROWS
        for i, (place, amount) in enumerate(zip(self.payout_places, self.payout_amounts)):
            col, row = divmod(i, PAYOUT_ROWS)
            x = left + col * (col_w + gutter)
            y, rh = round(h * (top + row * row_h)), round(h * row_h * 0.94)
            place.setGeometry(QRect(x, y, place_w, rh))
            amount.setGeometry(QRect(x + place_w + gap, y, col_w - place_w - gap, rh))

    def _place_leaders(self, left: int, width: int, h: int) -> None:
        """The chip leaders panel, right of the clock: a caption and five lines, name and stack."""
        top = 0.333
        self.leaders_caption.setGeometry(QRect(left, round(h * top), width, round(h * SMALL)))
        row_h = (0.635 - top - SMALL) / LEADER_ROWS
        name_w = round(width * 0.64)
        for i, (name, stack) in enumerate(zip(self.leader_names, self.leader_stacks)):
            y, rh = round(h * (top + SMALL + i * row_h)), round(h * row_h * 0.94)
            name.setGeometry(QRect(left, y, name_w, rh))
            stack.setGeometry(QRect(left + name_w, y, width - name_w, rh))

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        painter = QPainter(self)
        painter.setPen(self._rule_colour)
        mx = round(self.width() * 0.03)
        painter.drawLine(mx, self._rule_y, self.width() - mx, self._rule_y)
        painter.end()
