"""The strip along the top of the director's window: clock, field, prize pool, next pending action."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from app.api import ClockView, FieldView, NextStepView, PendingView, fmt
from app.i18n import N_, _, ngettext, pgettext


def _pair(title: str) -> tuple[QWidget, QLabel]:
    """A dim title over its value, both at the top of the strip whatever its height."""
    box = QWidget()
    lay = QVBoxLayout(box)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.setSpacing(0)
    head = QLabel(title)
    head.setObjectName("dim")
    value = QLabel()
    value.setObjectName("stripValue")
    lay.addWidget(head)
    lay.addWidget(value)
    lay.addStretch(1)
    return box, value


def _share_width(label: QLabel) -> None:
    """A long value wraps onto more lines rather than pushing the window wider than the screen."""
    label.setWordWrap(True)
    label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    label.setMinimumWidth(label.fontMetrics().horizontalAdvance("0") * 16)


# The button's word for each pending balancing action (a move, a table to break, a redraw).
def button_word(kind: str) -> str:
    """The pending action's button: a verb (the break of a table, not the players' break)."""
    if kind == "break":
        # Translators: the button that breaks the table named beside it (not a pause in play)
        return pgettext("break a table", "Break")
    if kind == "redraw":
        return pgettext("verb", "Redraw")
    return pgettext("verb", "Move")



BUTTON_TIPS = {"move": N_("Make the pending move (F7)"), "break": N_("Break the table (F7)"),
               "redraw": N_("Redraw all seats (F7)")}


class Strip(QFrame):
    """Always visible; reads only the summaries it is given.

    Signals:
        act_pending(): the director clicked the pending action's button.
    """

    act_pending = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("strip")
        self.clock = QLabel("--:--")
        self.clock.setObjectName("stripClock")
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 2.2)
        font.setBold(True)
        self.clock.setFont(font)
        level_box, self.level = _pair(_("Level"))
        field_box, self.field = _pair(_("Players left / entries"))
        pool_box, self.pool = _pair(_("Prize pool"))
        next_box, self.pending = _pair(_("Next"))
        _share_width(self.level)
        _share_width(self.pending)
        self.hand_for_hand = QLabel(_("Hand for hand"))
        self.hand_for_hand.setObjectName("stripValue")
        self.hand_for_hand.setStyleSheet("color: #d97706; font-weight: bold")
        self.hand_for_hand.hide()
        self.pending_button = QPushButton(pgettext("verb", "Move"))
        self.pending_button.setToolTip(_("Make the pending move (F7)"))
        self.pending_button.clicked.connect(self.act_pending)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(10, 4, 10, 4)
        lay.setSpacing(16)
        lay.addWidget(self.clock)
        lay.addWidget(level_box, 1)
        lay.addWidget(field_box)
        lay.addWidget(pool_box)
        lay.addWidget(self.hand_for_hand)
        lay.addWidget(next_box, 1)
        lay.addWidget(self.pending_button)

    def show_clock(self, info: ClockView) -> None:
        if info.ended:  # the clock stopped at the finish: no time, level, break or registration to read
            self.clock.setText("00:00")  # as the room display and the phones show it
            self.level.setText(_("Tournament over"))
            return
        self.clock.setText(info.time_text)
        level = _("Break") if info.on_break else f"{info.level}"
        extras = [x for x in (info.game, info.blinds) if x]
        text = f"{level} · {info.state_text}" + (f" · {' '.join(extras)}" if extras else "")
        late = info.registration_text  # REG-4 countdown, or REG-8 closed early by the director
        self.level.setText(text + (f"\n{late}" if late else ""))

    def show_field(self, info: FieldView, currency: str = fmt.USD) -> None:
        status = "  · " + _("bubble") if info.bubble else "  · " + _("in the money") if info.in_the_money else ""
        if info.seats_awarded:  # SAT-3: the seat winners were the players left; they won, they are not out
            status = "  · " + _("seats awarded")
        self.field.setText(f"{fmt.chips(info.players_shown)} / {fmt.chips(info.entries)}{status}")
        self.hand_for_hand.setVisible(info.hand_for_hand)
        paid = " · " + ngettext("{n} paid", "{n} paid", info.paid_places) if info.paid_places else ""
        if info.seats:  # SAT-4: a satellite counts its seats
            paid = " · " + ngettext("{n} seat in {event}", "{n} seats in {event}", info.seats, event=info.seat_event)
        self.pool.setText(fmt.money(info.prize_pool_cents, currency) + paid)
        for label in (self.field, self.pool):  # the level and the next action give way, never these
            label.setMinimumWidth(label.fontMetrics().horizontalAdvance(label.text()) + 2)
            box = label.parentWidget()
            inner = box.layout() if box is not None else None
            if inner is not None:
                inner.activate()
        outer = self.layout()
        if outer is not None:
            outer.activate()  # lay out now: a wider figure is never shown cut off meanwhile

    def show_pending(self, move: PendingView | str | None, deciding: tuple[str, ...] = (),
                     step: NextStepView | None = None) -> None:
        """The next action: a player to ask "rebuy or out?" first; then the step that ends the event
        (close registration and finish, award the seats: the engine's words), no hand being played any
        more; else the balancing move, table break or redraw (F7)."""
        lines = list(deciding[:1])
        if len(deciding) > 1:
            lines[0] += " " + ngettext("(and {n} more player)", "(and {n} more players)", len(deciding) - 1)
        if deciding:
            step = None  # the engine waits for the rebuy or the decline before anything ends
        text = move.text() if isinstance(move, PendingView) else move
        if step is not None:
            lines.append(step.text)
            self.pending_button.setText(step.button)
            self.pending_button.setToolTip(step.tooltip)
        elif text:
            lines.append(text)
            kind = move.kind if isinstance(move, PendingView) else "move"
            self.pending_button.setText(button_word(kind))
            self.pending_button.setToolTip(_(BUTTON_TIPS.get(kind, BUTTON_TIPS["move"])))
        self.pending.setText("\n".join(lines) or _("Nothing pending"))
        self.pending.setToolTip(_("F4 rebuys, Ctrl+D declines (out)") if deciding else "")
        self.pending_button.setVisible(bool(text) or step is not None)
