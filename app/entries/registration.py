"""Registration, buy-in, late entry, re-entry and name corrections (ENT-1, ENT-8, ENT-9, REG-1, REG-3 to REG-7).

``register`` signs a player in and, unless ``"pay": false``, takes his buy-in at once (ENT-1: the
registration becomes an entry). After the initial draw it is a late entry: checked against the
profile's late-entry mode and window, then seated through the seating area's ``seat_player``, or put
on the waiting list when no seat is free (REG-3) or the event is full (REG-1). Those two are recorded,
not refused, unless the command says ``"waitlist": false``; then they are refused with
``NO_OPEN_SEAT`` / ``CAP_REACHED``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.commands.entries import BuyIn, Reenter, Register, RenamePlayer
from app.commands.seating import SeatPlayer
from app.core import inputs
from app.core.registry import COMMANDS, applies, command
from app.core.state import OUT, WAITING, Player, TournamentState
from app.entries.ledger import counted_stack, emit_purchase, has_started, late_entry_open, money_text, restack
from app.entries.offered import not_offered_words
from app.entries.reg_window import closing_words, registration_closed
from app.errors import Choice, Question, RuleError
from app.events.entries import PlayerRegistered, PlayerRenamed, PlayerWaitlisted, StackForfeited
from app.format import chips as chip_text
from app.i18n import N_, _, ngettext
from app.levels.timeline import late_registration_closed_early
from app.names import fold_key, has_visible_character, mixed_script_word, name_key, name_problem, script_of, tidy
from app.tournament.day_end import day2_entry_problem, day2_of

if TYPE_CHECKING:
    from app.core.context import Context


def entry_terms(ctx: Context, given: int | None) -> tuple[int, int]:
    """(price, chips) of one entry, for the amount ``given`` in the command (None: the buy-in).
    ENT-9 (P002): the amount brought in may vary up to the cap."""
    price, stack = int(ctx.profile["money.buy_in_cents"]), int(ctx.profile["money.start_stack"])
    cap = ctx.profile["purchase.max_entry_cents"]
    if given is None:
        return price, stack
    amount = inputs.cents(given, _("The buy-in"))
    if cap is None:
        if amount != price:
            raise RuleError(
                "AMOUNT_INVALID",
                _(
                    "The buy-in is exactly {amount}, not {amount2}.",
                    amount=money_text(price, ctx),
                    amount2=money_text(amount, ctx),
                ),
                "ENT-1",
            )
        return price, stack
    if amount > cap:
        raise RuleError(
            "ENTRY_ABOVE_MAX",
            _("No player may bring more than {cap} into the game.", cap=money_text(cap, ctx)),
            "ENT-9",
        )
    if amount == 0 or price == 0 or (amount * stack) % price:
        raise RuleError(
            "AMOUNT_INVALID",
            _(
                "{amount} does not buy a whole number of chips ({chips} chips per {amount2}).",
                amount=money_text(amount, ctx),
                chips=chip_text(stack),
                amount2=money_text(price, ctx),
            ),
            "ENT-9",
        )
    return amount, amount * stack // price


def no_entry_after_deal(ctx: Context) -> None:
    """PAY-11: once a deal was made, nobody enters: the deal settled the prizes among the players left, and
    a newcomer would finish among places the deal already shared."""
    if ctx.state.deal is not None:
        raise RuleError(
            "WINDOW_CLOSED",
            _(
                "A deal was made among the players left, so nobody can enter now; undo the deal first to take this "
                "entry."
            ),
            "PAY-11",
        )


def late_entry_check(ctx: Context, rule: str = "REG-4") -> None:
    """Late entry (and re-entry) is allowed only while the profile's late-entry window is open: one rule
    (:func:`app.levels.timeline.late_registration_open`) for ``register``, ``buy_in``, ``seat_player``,
    ``reenter`` and the clock view; never after a deal (:func:`no_entry_after_deal`)."""
    no_entry_after_deal(ctx)
    if day2_of(ctx.state) is not None:  # FLT-6: an event's Day 2 takes new players by the profile's flight rule
        day2_entry_check(ctx, "")
        return
    mode = ctx.profile["late.mode"]
    if mode != "levels":
        raise RuleError("NOT_OFFERED", _("This tournament takes no entries once play has begun."), "REG-6")
    if not late_entry_open(ctx):
        if late_registration_closed_early(ctx.state):
            raise RuleError("WINDOW_CLOSED", _("The director has closed late registration."), "REG-8")
        last = int(ctx.profile["late.last_level"])
        raise RuleError("WINDOW_CLOSED", _("Late entry closed at the end of level {last}.", last=last), rule)


def day2_entry_check(ctx: Context, name: str) -> None:
    """FLT-6: a new player buys in on an event's Day 2 only where the profile says, before its first bust."""
    problem = day2_entry_problem(ctx.state, name)
    if problem is not None:
        raise RuleError(problem[0], problem[1], "FLT-6")


def open_seat_exists(state: TournamentState) -> bool:
    index, tables = state.table_index(), state.tables
    for size, count in index.count.items():  # the tables of a size the index says has room, first
        if count and index.with_room(size):
            for number in index.by_size[size]:
                table = tables.get(number)
                if table is not None and table.population < table.max_seats:
                    return True
    return any(t.population < t.max_seats for t in tables.values())  # none found: make sure


def draw_done(state: TournamentState) -> bool:
    """Players sit at tables: an entrant who pays now is seated at once (or waits for a seat), even
    before the start. The draw does not start the tournament (section 20.6)."""
    return any(t.seats for t in state.tables.values())


def seat_if_possible(ctx: Context, p: Player, waitlist: bool) -> None:
    """Seat a new entrant at once (after the draw), or put him on the waiting list (REG-3)."""
    if not ctx.state.tables or "seat_player" not in COMMANDS:
        return
    if open_seat_exists(ctx.state):
        ctx.run(SeatPlayer(player=p.id))
        return
    if not waitlist:
        raise RuleError("NO_OPEN_SEAT", _("Every seat is taken."), "REG-3")
    ctx.emit(PlayerWaitlisted(player=p.id, reason="NO_OPEN_SEAT"))


def _check_identity(ctx: Context, identity: dict[str, str]) -> dict[str, str]:
    missing = [k for k in ctx.profile["reg.require_identity"] if not identity.get(k, "").strip()]
    if missing:
        raise RuleError("MISSING_IDENTITY", _("Registration needs: {names}.", names=', '.join(missing)), "REG-1")
    return {k: v.strip() for k, v in identity.items()}


def _full(ctx: Context) -> bool:
    cap = ctx.profile["reg.cap"]
    if cap is None:
        return False
    return sum(1 for p in ctx.state.players.values() if p.live and p.status != WAITING) >= int(cap)


def checked_name(ctx: Context, name: str, *, renaming: Player | None = None) -> str:
    """The name given, its spaces tidied; refused when empty or already another player's (case folded)."""
    if not name.strip():
        raise RuleError("INVALID_INPUT", _("A player needs a name."))
    name = tidy(name)
    if not has_visible_character(name):
        raise RuleError(
            "INVALID_INPUT",
            _(
                "A player needs a name: this one is made only of invisible characters (zero-width spaces or the "
                "like). Type the name again."
            ),
        )
    problem = name_problem(name)
    if problem is not None:
        raise RuleError("INVALID_INPUT", problem)
    same = ctx.state.by_name.get(name_key(name))
    if same is not None and (renaming is None or same != renaming.id):
        known = ctx.state.players[same].name
        if known == name:
            raise RuleError(
                "DUPLICATE_NAME", _("{name} is already registered; a returning player re-enters.", name=name)
            )
        raise RuleError("DUPLICATE_NAME", _("{name} is already registered (as {known}); a returning player re-enters.",
                                            name=name, known=known))
    return name


def check_not_the_same_person(ctx: Context, another: bool | None, name: str) -> None:
    """REG-9: a name that differs from a registered one only in accents (and case) is asked about:
    "José Núñez is already registered; is Jose Nunez another player?". ``another`` answers: True
    registers a second player, False refuses, and without it the engine asks."""
    same = [pid for pid in ctx.state.by_fold.get(fold_key(name), ()) if pid in ctx.state.players]
    if not same:
        return
    if another:
        return
    known = ctx.state.players[same[0]].name
    if another is False:
        raise RuleError("DUPLICATE_NAME", _("Not registered: {known} is already in.", known=known), "REG-9")
    text = _("{known} is already registered; register another {name}?", known=known, name=name)
    question = Question(text, "another", "bool", (Choice(_("Register another {name}", name=name), True),
                                                  Choice(_("No: {known} is already in", known=known), False)))
    raise RuleError("NEEDS_INPUT", text, "REG-9", question=question)


def check_one_script_a_word(answer: bool | None, name: str) -> None:
    """REG-9: a word that mixes look-alike alphabets ("Аnn" with a Cyrillic "А") is asked about: it looks
    like a name already typed but never matches it. ``mixed_scripts`` answers: True registers it as typed,
    False refuses (to type it again), and without it the engine asks."""
    mixed = mixed_script_word(name)
    if mixed is None:
        return
    if answer:
        return
    word, main, odd = mixed
    letters = ", ".join(_("{letter!r} is {script}", letter=ch, script=script_of(ch)) for ch in dict.fromkeys(odd))
    if answer is False:
        raise RuleError(
            "INVALID_INPUT",
            _("Not registered: type {name} again in {main} letters only.", name=name, main=main),
            "REG-9",
        )
    text = _("{name} mixes alphabets in \"{word}\" ({letters}, the rest is {main}): it looks like a {main} name "
             "but a search typed in {main} letters will not find it. Register it as typed?",
             name=name, word=word, letters=letters, main=main)
    question = Question(text, "mixed_scripts", "bool", (Choice(_("Register {name} as typed", name=name), True),
                                                        Choice(_("No: type it again"), False)))
    raise RuleError("NEEDS_INPUT", text, "REG-9", question=question)


# A player's status in a sentence (the codes stay English in the log).
STATUS_WORDS = {
    "registered": N_("registered"),
    "waiting": N_("waiting"),
    "seated": N_("seated"),
    "out": N_("out"),
    "winner": N_("winner"),
}


@command
def register(ctx: Context, cmd: Register) -> None:
    """Sign a player in and take his buy-in (late entry once play has begun)."""
    name = checked_name(ctx, cmd.name_)
    if any(name_key(r["name"]) == name_key(name) for r in ctx.state.extra.get("preregistered", ())):
        raise RuleError(
            "PREREGISTERED", _("{name} is pre-registered: check them in (check_in) instead.", name=name), "REG-10"
        )
    check_not_the_same_person(ctx, cmd.another, name)
    check_one_script_a_word(cmd.mixed_scripts, name)
    identity = _check_identity(ctx, cmd.identity)
    pay, waitlist = cmd.pay, cmd.waitlist
    price, chips = entry_terms(ctx, cmd.amount_cents)
    if pay:
        no_entry_after_deal(ctx)
    seat = None if cmd.seat is None else " ".join(cmd.seat.split())
    if seat is not None and (not seat or not pay):
        raise RuleError("INVALID_INPUT", _("A seat pays a buy-in taken now: name the satellite whose seat pays it."),
                        "FLT-9")
    if day2_of(ctx.state) is not None:
        day2_entry_check(ctx, name)
    late = has_started(ctx.state)
    if late:
        late_entry_check(ctx, "REG-3" if ctx.profile["late.blind_policy"] == "post_bb_or_wait" else "REG-4")
    seat_now = late or draw_done(ctx.state)
    closed = not late and registration_closed(ctx.profile, ctx.now)
    if closed and not waitlist:
        raise RuleError(
            "CAP_REACHED",
            _("Registration closed at {closes_at}.", closes_at=closing_words(ctx.profile["reg.closes_at"])),
            "REG-1",
        )
    full = closed or _full(ctx)
    if full and not waitlist:
        raise RuleError("CAP_REACHED", _("The event is full ({cap} players).", cap=ctx.profile['reg.cap']), "REG-1")
    if seat_now and not full and pay and not waitlist and ctx.state.tables and not open_seat_exists(ctx.state):
        raise RuleError("NO_OPEN_SEAT", _("Every seat is taken."), "REG-3")
    obligation = None
    if late and ctx.profile["late.blind_policy"] == "post_bb_or_wait":
        obligation = "post_bb" if cmd.post_bb else "wait_bb"
    pid = ctx.state.next_player_id
    ctx.emit(PlayerRegistered(player=pid, name_=name, identity=identity, committed=cmd.committed,
                              obligation=obligation))
    if full:
        ctx.emit(PlayerWaitlisted(player=pid, reason="REGISTRATION_CLOSED" if closed else "CAP_REACHED"))
        return
    if pay:
        emit_purchase(ctx, ctx.state.players[pid], "entry", price, chips, paid_by=seat or "")
        if seat_now:
            seat_if_possible(ctx, ctx.state.players[pid], waitlist)


@command
def buy_in(ctx: Context, cmd: BuyIn) -> None:
    """Take the buy-in of a player registered without paying (ENT-1)."""
    p = inputs.live(inputs.player(ctx.state, cmd.player))
    if p.entries:
        raise RuleError("LIMIT_REACHED", _("{name} has already bought in.", name=p.name), "ENT-1")
    if p.status == WAITING:
        raise RuleError("CAP_REACHED", _("{name} is on the waiting list; the event is full.", name=p.name), "REG-1")
    price, chips = entry_terms(ctx, cmd.amount_cents)
    no_entry_after_deal(ctx)
    late = has_started(ctx.state)
    if late:
        late_entry_check(ctx)
    seat_now = late or draw_done(ctx.state)
    emit_purchase(ctx, p, "entry", price, chips)
    if seat_now and p.table is None:  # a player already given a seat keeps it
        seat_if_possible(ctx, p, cmd.waitlist)


def _forfeits_stack(ctx: Context, p: Player) -> bool:
    """TDA 8-B: a player still holding chips re-enters only where the house lets him forfeit them."""
    if p.status == OUT and not p.refunded and p.entries:
        return False
    if not (p.live and p.entries) or p.status == WAITING:
        raise RuleError(
            "INVALID_INPUT",
            _(
                "Only an eliminated player can re-enter; {name} is {status}.",
                name=p.name,
                status=_(STATUS_WORDS[p.status]),
            ),
            "ENT-8",
        )
    if not ctx.profile["reentry.forfeit_stack"]:
        raise RuleError(
            "INVALID_INPUT",
            _("{name} still has chips; only an eliminated player can re-enter here.", name=p.name),
            "ENT-8",
        )
    if p.deciding:
        raise RuleError(
            "INVALID_INPUT", _("{name} has lost all their chips: rebuy or decline first.", name=p.name), "ENT-5"
        )
    return True


@command
def reenter(ctx: Context, cmd: Reenter) -> None:
    """An eliminated player buys a new entry during late registration (ENT-8); where the house allows it,
    a player with chips forfeits them (removed from play) and buys a new stack in his seat (TDA 8-B)."""
    p = inputs.player(ctx.state, cmd.player)
    if day2_of(ctx.state) is not None:
        raise RuleError("DAY2_REG_CLOSED", _("{name} cannot re-enter Day 2: a Day-2 player who is out stays out; "
                                             "only new players buy in on Day 2, where the event allows it.",
                                             name=p.name), "FLT-6")
    if not ctx.profile["reentry.offered"]:
        raise RuleError("NOT_OFFERED", not_offered_words("reenter"), "ENT-8")
    forfeits = _forfeits_stack(ctx, p)
    late_entry_check(ctx, "ENT-8")
    limit = ctx.profile["reentry.max_per_player"]
    if limit is not None and p.reentries >= limit:
        raise RuleError(
            "LIMIT_REACHED",
            ngettext(
                "{name} has used their {n} re-entry.", "{name} has used their {n} re-entries.", limit, name=p.name
            ),
        )
    price, chips = entry_terms(ctx, cmd.amount_cents)
    if forfeits:
        stack = counted_stack(cmd.stack)
        ctx.emit(StackForfeited(player=p.id, stack=p.stack if stack is None else stack))
    emit_purchase(ctx, p, "reentry", price, chips)
    if not forfeits:
        seat_if_possible(ctx, p, cmd.waitlist)


@command
def rename_player(ctx: Context, cmd: RenamePlayer) -> None:
    """Correct a player's name typed wrong at registration (REG-1); the history keeps the old one."""
    p = inputs.player(ctx.state, cmd.player)
    name = checked_name(ctx, cmd.name_, renaming=p)
    if name == p.name:
        raise RuleError("INVALID_INPUT", _("{name} is already the name of this player.", name=p.name))
    ctx.emit(PlayerRenamed(player=p.id, old=p.name, new=name))


@applies
def _renamed(state: TournamentState, ev: PlayerRenamed) -> None:
    p = state.players[ev.player]
    if state.by_name.get(name_key(p.name)) == p.id:
        del state.by_name[name_key(p.name)]
    _unfold(state, p)
    p.name = ev.new
    state.by_name[name_key(p.name)] = p.id
    state.by_fold.setdefault(fold_key(p.name), []).append(p.id)


def _unfold(state: TournamentState, p: Player) -> None:
    ids = state.by_fold.get(fold_key(p.name))
    if ids is not None and p.id in ids:
        ids.remove(p.id)
        if not ids:
            del state.by_fold[fold_key(p.name)]


@applies
def _stack_forfeited(state: TournamentState, ev: StackForfeited) -> None:
    """TDA 8-B: the forfeited chips leave play (the counted stack first takes or gives the table's loose chips)."""
    p = state.players[ev.player]
    restack(state, p, ev.stack)
    state.chips_removed += p.stack
    p.stack = 0


@applies
def _registered(state: TournamentState, ev: PlayerRegistered) -> None:
    pid = ev.player
    p = Player(id=pid, name=ev.name_, identity=dict(ev.identity), committed=ev.committed)
    p.new_obligation = ev.obligation
    state.players[pid] = p
    state.by_name[name_key(p.name)] = pid
    state.by_fold.setdefault(fold_key(p.name), []).append(pid)
    state.next_player_id = max(state.next_player_id, pid + 1)


@applies
def _waitlisted(state: TournamentState, ev: PlayerWaitlisted) -> None:
    p = state.players[ev.player]
    p.status = WAITING
    state.waiting.append(p.id)

