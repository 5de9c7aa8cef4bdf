"""The one table of the window's own (bespoke) actions: key, title, shortcut, menu place and what it does.

Every command the engine declares (``app.commands.catalogue()``) is reachable from the window: the
few a director uses all night have a bespoke action with a shortcut (listed here); every other one
opens a form generated from its declaration, found in the command palette (Ctrl+K) by its words.
The window's own actions (find a player, the room display, printing…) are rows of the same table.
The menus, the shortcuts and the palette all read :data:`ACTIONS`; a row's ``does`` is what it does,
given the window's controllers (:class:`Controls`). What is particular to one player action is in its row
too: the player the action bar starts on (``who``), a counted stack typed after the name (``stack``), its
place on a player's row menu (``row_menu``) and its own path for the player picked there or in the
palette (``runs``); the controllers ask the row, never the command's name.

This module does not import Qt, so the ``floorman commands`` listing can read it headless.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from app.api import Player, TournamentState
from app.commands import Command, by_name, catalogue
from app.commands.absence import Absent, Returned
from app.commands.clock import CloseRegistration, ReopenRegistration
from app.commands.eliminations import Bust, DeclineRebuy, LockPayouts, UnlockPayouts
from app.commands.entries import Addon, BuyIn, Rebuy, Reenter, Topup
from app.commands.roles import DESK, FLOOR, SCREEN, allowed, who_may
from app.commands.seating import SeatPlayer
from app.i18n import N_, _


class PlayerActions(Protocol):
    def act_register(self) -> object: ...
    def act_import_signups(self) -> object: ...
    def act_check_in(self) -> object: ...
    def act_bust(self) -> object: ...
    def act_correct_eliminator(self) -> object: ...
    def act_find(self) -> object: ...
    def begin(self, command: str) -> object: ...
    def bust_picked(self, player_id: int) -> object: ...
    def bust_now(self, player_id: int) -> object: ...


class TableActions(Protocol):
    def act_seat_draw(self) -> object: ...
    def act_move(self) -> object: ...
    def act_break_table(self) -> object: ...
    def confirm_redraw(self) -> object: ...
    def act_chip_count(self) -> object: ...
    def act_hand_for_hand(self) -> object: ...
    def act_last_balance(self) -> object: ...
    def act_judge(self) -> object: ...


class ClockActions(Protocol):
    def act_toggle(self) -> object: ...
    def run(self, cmd: Command) -> object: ...
    def button(self, key: str) -> object: ...
    def act_show_structure(self) -> object: ...
    def act_edit_structure(self) -> object: ...


class MoneyActions(Protocol):
    def act_edit_payouts(self) -> object: ...
    def run(self, cmd: Command) -> object: ...
    def act_deal_calculator(self) -> object: ...


class PrintActions(Protocol):
    def act_print_chooser(self) -> object: ...


class FileActions(Protocol):
    def act_backup(self) -> object: ...
    def act_save_as(self) -> object: ...
    def act_export(self) -> object: ...
    def act_save_normal_file(self) -> object: ...


class WindowActions(Protocol):
    """The window's own doings: its palette, look, room display and closing."""

    def act_palette(self) -> object: ...
    def act_room_display(self) -> object: ...
    def act_announce(self) -> object: ...
    def act_event(self) -> object: ...
    def act_screens_layout(self) -> object: ...
    def act_display_full_screen(self) -> object: ...
    def act_toggle_dark(self) -> object: ...
    def act_join(self) -> object: ...
    def act_host(self) -> object: ...
    def act_take_over(self) -> object: ...
    def act_close_tournament(self) -> object: ...


class Controls(Protocol):
    """What the actions are done with: the window's controllers, by name."""

    @property
    def players(self) -> PlayerActions: ...
    @property
    def tables(self) -> TableActions: ...
    @property
    def clock(self) -> ClockActions: ...
    @property
    def money(self) -> MoneyActions: ...
    @property
    def printing(self) -> PrintActions: ...
    @property
    def store(self) -> FileActions: ...
    @property
    def window(self) -> WindowActions: ...


Does = Callable[[Controls], object]
Who = Callable[[TournamentState, Player | None], Player | None]
"""A one-player action's player when its action bar opens, given the state and the player selected (or None)."""


@dataclass(frozen=True)
class RowPlace:
    """Where a one-player action is on a player's row menu (right click): its place among the row's actions
    (lower first), and for whom: a player still ``deciding`` on a rebuy, every ``other`` player, or both."""

    place: int
    deciding: bool = False
    other: bool = False

    def offered(self, p: Player) -> bool:
        return self.deciding if p.deciding and p.live else self.other


@dataclass(frozen=True)
class Runs:
    """A one-player action's own path for the player picked, instead of its declaration run for him:
    ``row`` when picked on his row's menu, ``palette`` when picked in the palette (given the players'
    controller and his id)."""

    row: Callable[[PlayerActions, int], object]
    palette: Callable[[PlayerActions, int], object]


@dataclass(frozen=True)
class Bespoke:
    """One action of the window: an engine command's bespoke action, or (``own``) the window's own.

    ``command``: the engine command it runs (its key), or the own action's name; ``menu``: the menu it is
    in ("" : the palette only), where ``menu_title`` is its entry's words when they differ from the
    title (one F5 entry starts, pauses and resumes the clock); ``player`` actions are typed as
    "<verb> <name or number>" in the action bar and the palette, and ``decl`` makes their command for a
    player (``decl(player=7)``); ``palette``: the palette offers it.

    A one-player action's own ways: ``who`` picks the player its action bar starts on (else the one
    selected); ``stack``: the counted stack is typed after the name ("Ana 700"); ``row_menu``: its place
    on a player's row menu (None: not there); ``runs``: its own path for a player picked on his row or in
    the palette (None: its declaration runs for him); ``status``: the palette's line for a player says
    where he is ("seated T2 S4", "out").
    """

    command: str
    title: str
    does: Does
    shortcut: str = ""
    menu: str = ""
    decl: Callable[..., Command] | None = None  # a player action's declaration, given the player
    player: bool = False  # the action names one player (typed in the action bar)
    words: tuple[str, ...] = ()  # more words the palette knows it by
    own: bool = False  # the window's own action, not an engine command
    menu_title: str = ""
    palette: bool = True
    who: Who | None = None
    stack: bool = False
    row_menu: RowPlace | None = None
    runs: Runs | None = None
    status: bool = False

    def window_entry(self) -> str:
        return f"{self.shortcut} {self.shown_title()}".strip()

    def shown_title(self) -> str:
        """Its title in the window's language (the table keeps the English words)."""
        return _(self.title)

    def entry(self) -> str:
        """Its words in the menu: a player action opens the action bar ("Rebuy…")."""
        return _(self.menu_title) if self.menu_title else (_(self.title) + ("…" if self.player else ""))


def _bar(command: str) -> Does:
    """A one-player action: the action bar opens on it (the selected player filled in)."""
    return lambda c: c.players.begin(command)


def deciding_first(state: TournamentState, selected: Player | None) -> Player | None:
    """The player selected, else the first one still deciding on a rebuy (a rebuy or its decline)."""
    if selected is not None:
        return selected
    return next((p for p in state.players.values() if p.deciding and p.live), None)


def waiting_first(state: TournamentState, selected: Player | None) -> Player | None:
    """The player selected when he is still in without a seat, else the first on the waiting list (else the
    one selected)."""
    if selected is not None and selected.live and selected.table is None:
        return selected
    return next((state.players[pid] for pid in state.waiting if pid in state.players), selected)


def _clock(make: Callable[[], Command]) -> Does:
    return lambda c: c.clock.run(make())


def _money(make: Callable[[], Command]) -> Does:
    return lambda c: c.money.run(make())


# The menus' English names are their keys; the menu bar shows them translated.
P, T, C, M, V = N_("&Players"), N_("T&ables"), N_("&Clock"), N_("&Tournament"), N_("&View")
MENUS = (M, N_("&Edit"), V, P, T, C, N_("&Print"))  # the menu bar, left to right
F5 = N_("Start or pause the clock")

ACTIONS: tuple[Bespoke, ...] = (
    Bespoke("palette", N_("Command palette…"), lambda c: c.window.act_palette(), "Ctrl+K", M, own=True, palette=False),
    Bespoke("backup", N_("Back up now"), lambda c: c.store.act_backup(), "Ctrl+Shift+S", M, words=("backup",),
            own=True),
    Bespoke("save_as", N_("Save as…"), lambda c: c.store.act_save_as(), "", M, own=True, palette=False),
    Bespoke("export", N_("Export results…"), lambda c: c.store.act_export(), "", M,
            words=("export", "csv", "excel", "xlsx", "json", "ranking", "spreadsheet"), own=True),
    Bespoke("event", N_("Event of flights…"), lambda c: c.window.act_event(), "", M, own=True,
            words=("flights", "day 1", "day 2", "bags", "end of day", "multi-flight")),
    Bespoke("deal", N_("Deal calculator…"), lambda c: c.money.act_deal_calculator(), "", M, words=("deal",), own=True),
    Bespoke("host", N_("Share with other stations…"), lambda c: c.window.act_host(), "", M, own=True,
            words=("host", "stations", "share"), palette=False),
    Bespoke("save_normal_file", N_("Save as a normal file…"), lambda c: c.store.act_save_normal_file(), "", M, own=True,
            palette=False),
    Bespoke("join", N_("Join a tournament…"), lambda c: c.window.act_join(), "", M, own=True, palette=False),
    Bespoke("take_over", N_("Take over…"), lambda c: c.window.act_take_over(), "", M, words=("standby", "promote"),
            own=True),
    Bespoke("close_tournament", N_("Close the tournament"), lambda c: c.window.act_close_tournament(), "Ctrl+W", M,
            own=True, palette=False),
    Bespoke("dark", N_("Dark look"), lambda c: c.window.act_toggle_dark(), "Ctrl+Shift+D", V, own=True, palette=False),
    Bespoke("register", N_("Register a player…"), lambda c: c.players.act_register(), "F2", P),
    Bespoke("import_signups", N_("Import a sign-up list…"), lambda c: c.players.act_import_signups(), "", P,
            words=("sign-up", "signups", "import", "pre-register", "csv", "xlsx"), own=True),
    Bespoke("check_in", N_("Check in a pre-registered player"), lambda c: c.players.act_check_in(), "Ctrl+I", P,
            words=("check in", "arrived", "door", "pre-registered"), menu_title=N_("Check in…")),
    Bespoke("bust", N_("Bust-out"), lambda c: c.players.act_bust(), "F8", P, Bust, player=True, words=("out", "kill"),
            row_menu=RowPlace(4, other=True), status=True,
            runs=Runs(row=lambda p, pid: p.bust_picked(pid), palette=lambda p, pid: p.bust_now(pid))),
    Bespoke("correct_eliminator", N_("Correct the eliminator…"), lambda c: c.players.act_correct_eliminator(), "", P,
            words=("eliminator", "knockout", "bounty")),
    Bespoke("seat_all", N_("Seat draw"), lambda c: c.tables.act_seat_draw(), "F6", T, words=("draw",)),
    Bespoke("move", N_("Make the pending move"), lambda c: c.tables.act_move(), "F7", T),
    Bespoke("break_table", N_("Break a table…"), lambda c: c.tables.act_break_table(), "Ctrl+Shift+B", T,
            words=("break",)),
    Bespoke("redraw", N_("Redraw all seats"), lambda c: c.tables.confirm_redraw(), "Ctrl+Shift+R", T),
    Bespoke("chip_count", N_("Chip count for a table…"), lambda c: c.tables.act_chip_count(), "", T,
            words=("count", "chips")),
    Bespoke("hand_for_hand", N_("Hand for hand on or off"), lambda c: c.tables.act_hand_for_hand(), "", T,
            words=("hfh", "bubble")),
    Bespoke("last_balance", N_("Show the last balance"), lambda c: c.tables.act_last_balance(), "", T,
            words=("last balance", "slips"), own=True, menu_title=N_("Show the last balance…")),
    Bespoke("judge", N_("Judge a showdown…"), lambda c: c.tables.act_judge(), "", T, own=True,
            words=("judge", "showdown", "side pot", "split pot", "odd chip", "ruling", "who wins", "low")),
    Bespoke("close_registration", N_("Close late registration"), _clock(CloseRegistration), "", M,
            words=("close registration", "late")),
    Bespoke("reopen_registration", N_("Reopen late registration"), _clock(ReopenRegistration), "", M,
            words=("reopen registration", "late")),
    Bespoke("announce", N_("Announce on the room's screens…"), lambda c: c.window.act_announce(), "", M,
            words=("announcement", "screens", "say")),
    Bespoke("lock_payouts", N_("Lock the payouts"), _money(LockPayouts), "", M, words=("lock payouts", "lock")),
    Bespoke("unlock_payouts", N_("Unlock the payouts"), _money(UnlockPayouts), "", M,
            words=("unlock payouts", "unlock")),
    Bespoke("find", N_("Find a player"), lambda c: c.players.act_find(), "Ctrl+F", P, words=("find",), own=True),
    Bespoke("buy_in", N_("Buy-in"), _bar("buy_in"), "F3", P, BuyIn, player=True, words=("buyin", "buy")),
    Bespoke("rebuy", N_("Rebuy"), _bar("rebuy"), "F4", P, Rebuy, player=True, who=deciding_first,
            row_menu=RowPlace(1, deciding=True, other=True)),
    Bespoke("addon", N_("Add-on"), _bar("addon"), "Ctrl+F4", P, Addon, player=True, words=("add-on",), stack=True,
            row_menu=RowPlace(2, other=True)),
    Bespoke("topup", N_("Top-up"), _bar("topup"), "Shift+F4", P, Topup, player=True, words=("top",), stack=True),
    Bespoke("reenter", N_("Re-entry"), _bar("reenter"), "Ctrl+E", P, Reenter, player=True,
            words=("reentry", "re-entry")),
    Bespoke("absent", N_("Absent"), _bar("absent"), "Ctrl+A", P, Absent, player=True, row_menu=RowPlace(3, other=True)),
    Bespoke("returned", N_("Returned"), _bar("returned"), "Ctrl+Shift+A", P, Returned, player=True, words=("back",)),
    Bespoke("seat_player", N_("Seat a waiting player"), _bar("seat_player"), "Ctrl+T", P, SeatPlayer, player=True,
            words=("seat",), who=waiting_first),
    Bespoke("decline_rebuy", N_("Declines the rebuy"), _bar("decline_rebuy"), "Ctrl+D", P, DeclineRebuy, player=True,
            words=("decline",), who=deciding_first, row_menu=RowPlace(2, deciding=True)),
    Bespoke("start_clock", N_("Start the clock"), lambda c: c.clock.act_toggle(), "F5", C, words=("clock",),
            menu_title=F5),
    Bespoke("pause_clock", N_("Pause the clock"), lambda c: c.clock.act_toggle(), "F5", C, words=("clock",),
            menu_title=F5),
    Bespoke("resume_clock", N_("Resume the clock"), lambda c: c.clock.act_toggle(), "F5", C, words=("clock",),
            menu_title=F5),
    Bespoke("next_level", N_("Next level"), lambda c: c.clock.button("next"), "Ctrl+Right", C, words=("next",)),
    Bespoke("previous_level", N_("Previous level"), lambda c: c.clock.button("previous"), "Ctrl+Left", C,
            words=("previous",)),
    Bespoke("add_time", N_("Add a minute"), lambda c: c.clock.button("add"), "Ctrl+Up", C, words=("addtime",)),
    Bespoke("remove_time", N_("Take off a minute"), lambda c: c.clock.button("remove"), "Ctrl+Down", C,
            words=("removetime",)),
    Bespoke("change_level_length", N_("Level length…"), lambda c: c.clock.button("length"), words=("length",)),
    Bespoke("record_draw", N_("Hat draw…"), lambda c: c.clock.button("hat"), words=("hat",)),
    Bespoke("jump_to_level", N_("Go to a level (double-click it in the structure)"),
            lambda c: c.clock.act_show_structure()),
    Bespoke("set_structure", N_("Edit structure…"), lambda c: c.clock.act_edit_structure(),
            words=("edit structure", "structure", "blinds", "levels")),
    Bespoke("set_payouts", N_("Edit the payouts…"), lambda c: c.money.act_edit_payouts(), words=("payouts",)),
    Bespoke("room_display", N_("Room display"), lambda c: c.window.act_room_display(), "F10", V, words=("display",),
            own=True),
    Bespoke("display_full_screen", N_("Room display full screen"), lambda c: c.window.act_display_full_screen(), "F11",
            V, own=True, palette=False),
    Bespoke("screens_layout", N_("Room screens' layout…"), lambda c: c.window.act_screens_layout(), "", V,
            words=("layout", "screens", "theme", "logo", "sponsors"), own=True),
    Bespoke("print", N_("Print a sheet…"), lambda c: c.printing.act_print_chooser(), "Ctrl+P", words=("print",),
            own=True),
)
"""Every action, in menu order within each menu (a menu comes after the ones before it in the table)."""

BESPOKE: tuple[Bespoke, ...] = tuple(b for b in ACTIONS if not b.own)
"""The engine commands with a bespoke action (one each)."""


def row_actions(p: Player, actions: tuple[Bespoke, ...] | None = None) -> list[Bespoke]:
    """The one-player actions on ``p``'s row menu, in their places (``actions``: the table's, unless given)."""
    placed = [b for b in (ACTIONS if actions is None else actions) if b.row_menu is not None and b.row_menu.offered(p)]
    return sorted(placed, key=lambda b: b.row_menu.place if b.row_menu is not None else 0)


def for_player(command: str, player: int, **fields: object) -> Command:
    """The one-player action ``command``'s declaration for ``player`` (and any more ``fields``)."""
    b = bespoke(command)
    if b is None or b.decl is None:
        raise ValueError(f"{command} is not a one-player action")
    return b.decl(player=player, **fields)


def bespoke(name: str) -> Bespoke | None:
    """The window's own action for command ``name``, or None: it opens the generated form."""
    return next((b for b in ACTIONS if not b.own and b.command == name), None)


def role_refusal(role: str | None, command: str) -> str:
    """Why a station of ``role`` may not run engine command ``command``, in words ("" when it may): "Only the
    director may use “Edit structure…”; this is a desk station." (None, a single laptop, may run all.)"""
    if allowed(role, command):
        return ""
    b = bespoke(command)
    decl = by_name(command)
    title = b.entry() if b is not None else f"{decl.title() if decl is not None else words(command)}…"
    who = who_may(command)
    if role == SCREEN:
        return _("Only {who} may use “{title}”; this is a screen station, which only shows the tournament.",
                 who=who, title=title)
    if role == DESK:
        return _("Only {who} may use “{title}”; this is a desk station.", who=who, title=title)
    if role == FLOOR:
        return _("Only {who} may use “{title}”; this is a floor station.", who=who, title=title)
    return _("Only {who} may use “{title}”; this is a {role} station.", who=who, title=title, role=role)


def words(name: str) -> str:
    """The words the palette knows a command by: "hand_for_hand" -> "hand for hand"."""
    return name.replace("_", " ")


def window_entry(decl: type[Command]) -> str:
    """Where the director finds the command in the window, e.g. "F8 Bust-out" or "Ctrl+K → chip count"."""
    b = bespoke(decl.name())
    if b is not None:
        return b.window_entry() if b.shortcut else f"{b.shown_title()} (Ctrl+K → {words(decl.name())})"
    return f"Ctrl+K → {words(decl.name())}"


def generated() -> tuple[type[Command], ...]:
    """The declared commands without a bespoke action: each opens its generated form."""
    return tuple(d for d in catalogue() if bespoke(d.name()) is None)


_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def in_words(text: str) -> str:
    """An engine message with its command names as the director finds them in the window:
    "seat late entrants with seat_player" -> "... with Seat a waiting player (Ctrl+T)"."""
    names = {d.name() for d in catalogue()}

    def said(m: re.Match[str]) -> str:
        name = m.group(0)
        if name not in names:
            return name
        b = bespoke(name)
        if b is not None and b.shortcut:
            return f"{b.shown_title().rstrip('…')} ({b.shortcut})"
        return f"“{words(name)}” (Ctrl+K)"

    return _SNAKE.sub(said, text)
