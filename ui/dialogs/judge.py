"""Judge a showdown (docs/judge.md): the floor types the cards, the chips and who folded; the judge rules.

Keyboard first: pick the game (its first letters), type the board and each seat's cards as they are said
("As Kd 7h"), the chips put in and a space for folded, Tab from one to the next; Enter rules. The ruling is
the judge's own words (``app.api.judge``): each pot, who wins each part with what, the shares and the odd
chips, and every hand. A hand that cannot be (a card twice, the wrong number of cards for the game) is said
in words on the dialog's line and nothing is ruled. The dialog changes nothing in the tournament.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontDatabase, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.api import CATALOGUE, RuleError, fmt, judge
from app.i18n import N_, _, ngettext
from ui.feedback import Feedback

COLUMNS = (N_("Seat"), N_("Name"), N_("Cards"), N_("Put in"), N_("Folded"))
SEAT, NAME, CARDS, PUT_IN, FOLDED = range(len(COLUMNS))
ODD_CHIP_WORDS = {
    "tda20": N_("Odd chips: the high half, then the first seat left of the button; in stud the high card by suit "
                "(TDA 20)."),
    "s000": N_("Odd chips: the high half, then the player nearest the dealer clockwise (the hat's rule)."),
}


class JudgeDialog(QDialog):
    """The showdown typed in, ruled in words (:meth:`rule`)."""

    def __init__(self, games: Sequence[str], game: str | None, odd_chip: str, seats: int = 10,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Judge a showdown"))
        self.odd_chip = odd_chip
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.game = QComboBox()
        self.game.setObjectName("judge_game")
        for gid in games:
            self.game.addItem(CATALOGUE[gid].name, gid)
        if game is not None and game in games:
            self.game.setCurrentIndex(list(games).index(game))
        self.game.currentIndexChanged.connect(self._game_changed)
        form.addRow(_("&Game:"), self.game)
        self.board = QLineEdit()
        self.board.setObjectName("judge_board")
        self.board.setPlaceholderText(_("e.g. Qh 7c 2s Kd 5h"))
        self.board2 = QLineEdit()
        self.board2.setObjectName("judge_board2")
        self.board2.setPlaceholderText(_("the second board's five cards"))
        boards = QHBoxLayout()
        boards.addWidget(self.board, 1)
        boards.addWidget(self.board2, 1)
        self.board_label = QLabel(_("&Board:"))
        self.board_label.setBuddy(self.board)
        form.addRow(self.board_label, boards)
        self.button = QSpinBox()
        self.button.setObjectName("judge_button")
        self.button.setRange(1, seats)
        form.addRow(_("B&utton (dealer) at seat:"), self.button)
        self.smallest = QSpinBox()
        self.smallest.setRange(1, 1_000_000)
        self.smallest.setValue(1)
        self.smallest.setToolTip(_("Pots are shared in this chip; an odd one goes by the rule below."))
        form.addRow(_("S&mallest chip in play:"), self.smallest)
        lay.addLayout(form)
        rule = QLabel(_(ODD_CHIP_WORDS.get(odd_chip, odd_chip)))
        rule.setObjectName("judge_odd_chip_rule")
        rule.setWordWrap(True)
        lay.addWidget(rule)
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(3)
        for col, title in enumerate(COLUMNS):
            head = QLabel(_(title))
            head.setObjectName("judge_column")
            grid.addWidget(head, 0, col)
        self.rows: list[SeatRow] = []
        for n in range(1, seats + 1):
            row = SeatRow(n, self)
            grid.addWidget(QLabel(str(n)), n, SEAT, Qt.AlignmentFlag.AlignRight)
            grid.addWidget(row.name, n, NAME)
            grid.addWidget(row.cards, n, CARDS)
            grid.addWidget(row.put_in, n, PUT_IN)
            grid.addWidget(row.folded, n, FOLDED)
            self.rows.append(row)
        grid.setColumnStretch(CARDS, 3)
        grid.setColumnStretch(NAME, 2)
        grid.setColumnStretch(PUT_IN, 1)
        lay.addLayout(grid)
        self.feedback = Feedback()
        lay.addWidget(self.feedback)
        self.ruling = QPlainTextEdit()
        self.ruling.setObjectName("judge_ruling")
        self.ruling.setReadOnly(True)
        fixed = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.ruling.setFont(fixed if fixed.family() else QFont())
        self.ruling.setPlaceholderText(_("The ruling shows here: each pot, who wins each part with what, the "
                                         "shares and the odd chips."))
        self.ruling.setMinimumHeight(180)
        lay.addWidget(self.ruling, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Close)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(_("&Rule"))
        ok.setDefault(True)
        ok.setAutoDefault(True)
        buttons.accepted.connect(self.rule)
        buttons.rejected.connect(self.reject)
        clear = buttons.addButton(_("C&lear"), QDialogButtonBox.ButtonRole.ResetRole)
        clear.clicked.connect(self.clear)
        lay.addWidget(buttons)
        self.buttons = buttons
        QShortcut(QKeySequence("Ctrl+Return"), self, self.rule)
        self._game_changed()
        self.resize(760, 720)

    def game_id(self) -> str:
        return str(self.game.currentData())

    def _game_changed(self) -> None:
        """A double-board game shows the second board; draw and stud games have none."""
        family = CATALOGUE[self.game_id()].family
        double = self.game_id() == "double_board_omaha"
        self.board2.setVisible(double)
        self.board.setEnabled(family != "draw")
        self.board_label.setText(_("&Boards:") if double else _("&Board:") if family == "flop" else
                                 _("&Board (stud: a 7th-street card dealt to all):"))

    def hand(self) -> dict[str, Any]:
        """The hand as the judge takes it (the judge checks it): the seats with cards, chips or a fold."""
        players: list[dict[str, Any]] = []
        for n, row in enumerate(self.rows, start=1):
            cards, who = row.cards.text().strip(), row.name.text().strip()
            chips = row.put_in.text().strip()
            folded = row.folded.isChecked()
            if not cards and not chips and not folded:
                continue
            put_in = fmt.parse_whole(chips) if chips else 0  # "1,500", German "1.500", French "1 500"
            if put_in is None:
                raise RuleError("INVALID_INPUT", _("Seat {seat}: “{chips}” is not a number of chips.", seat=n,
                                                   chips=chips), "JDG-9")
            player: dict[str, Any] = {"seat": n, "cards": cards, "put_in": put_in, "folded": folded}
            if who:
                player["name"] = who
            players.append(player)
        data: dict[str, Any] = {"game": self.game_id(), "button": self.button.value(), "players": players,
                                "smallest_chip": self.smallest.value()}
        if self.game_id() == "double_board_omaha":
            data["boards"] = [self.board.text(), self.board2.text()]
        elif CATALOGUE[self.game_id()].family != "draw":
            data["board"] = self.board.text()
        return data

    def rule(self) -> bool:
        """Rule the hand typed: the ruling in words, or why the hand cannot be (nothing ruled)."""
        try:
            hand = self.hand()
            ruling = judge(hand, self.odd_chip)
        except RuleError as err:
            self.feedback.refuse(err.message)
            self.ruling.clear()
            return False
        self.ruling.setPlainText("\n".join(self.words(ruling, hand)))
        pots = len(ruling["pots"])
        self.feedback.done(ngettext("Ruled: {n} pot.", "Ruled: {n} pots.", pots))
        return True

    def words(self, ruling: dict[str, Any], hand: dict[str, Any]) -> list[str]:
        """The judge's sentences on ``hand``, then each player's hands and what he takes."""
        names = {int(p["seat"]): str(p.get("name") or _("Seat {seat}", seat=p["seat"])) for p in hand["players"]}
        lines = list(ruling["words"])
        lines.append("")
        lines.append(_("Hands:"))
        for seat, parts in ruling["hands"].items():
            shown = "; ".join(_("{part}: {hand}", part=_(part), hand=words) for part, words in parts.items())
            lines.append(f"  {names[int(seat)]} — {shown}")
        lines.append("")
        lines.append(_("Each takes from the pots:"))
        for seat, chips in ruling["won"].items():
            lines.append(f"  {names[int(seat)]}: {chips:,}")
        return lines

    def clear(self) -> None:
        """A new hand: every seat, the board and the ruling emptied; the game and the button stay."""
        for row in self.rows:
            row.name.clear()
            row.cards.clear()
            row.put_in.clear()
            row.folded.setChecked(False)
        self.board.clear()
        self.board2.clear()
        self.ruling.clear()
        self.feedback.done("")
        self.board.setFocus()


class SeatRow:
    """One seat's fields: the name (optional), the cards shown, the chips put in, folded (Space ticks it)."""

    def __init__(self, seat: int, parent: QWidget) -> None:
        self.name = QLineEdit(parent)
        self.name.setObjectName(f"judge_name_{seat}")
        self.cards = QLineEdit(parent)
        self.cards.setObjectName(f"judge_cards_{seat}")
        self.cards.setPlaceholderText(_("e.g. As Kd") if seat == 1 else "")
        self.put_in = QLineEdit(parent)
        self.put_in.setObjectName(f"judge_put_in_{seat}")
        self.put_in.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.folded = QCheckBox(parent)
        self.folded.setObjectName(f"judge_folded_{seat}")
