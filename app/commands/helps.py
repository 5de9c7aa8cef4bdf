"""The words of every command a person reads besides its history label, marked for the catalogues: the first
paragraph of its help (as its docstring says it), its name in words and its fields' names, each read in the
reader's language (:meth:`Command.help`, :meth:`Command.title`, :meth:`Command.field_words`). A test keeps
them the same as the declarations."""

from __future__ import annotations

from collections.abc import Callable

from app.i18n import N_, pgettext

HELP: dict[str, str] = {
    "absent": N_(
        "A player leaves the table; ``long``: the player will be away longer than the limit (and forfeits "
        "now)."),
    "accept_chip_count": N_("Accept the flagged count as it was entered; its difference is recorded as a correction."),
    "add_time": N_("Add time to the current level or break: ``seconds``, or ``minutes``."),
    "addon": N_("Buy the add-on stack during its level or the break after it (``stack``: the player's counted stack)."),
    "advance_winners": N_("End the first stage: every table's chip leader goes to the winners' table."),
    "announce": N_("Show an announcement on the room's screens: now, or at a time ahead, for a number of seconds."),
    "award_seats": N_("End a satellite: every player still in wins a seat in the target event."),
    "balance": N_("Carry out what the field needs now: the redraw, the breaking of a table, or every pending move."),
    "break_table": N_(
        "Break a table: its players draw seats at the other tables (high card first picks the first seat "
        "card)."),
    "bust": N_("Players lost all their chips in one hand (one batch); each rebuys or is out."),
    "buy_chips": N_("Buy chips from the dealer between hands, within the per-hand maximum."),
    "buy_in": N_("Take the buy-in of a player who registered without paying."),
    "cancel_announcement": N_(
        "Take an announcement off the room's screens (or cancel one set for later), by its number."),
    "change_level_length": N_(
        "Change the length of every level from the next one on; once, from the profile's level on."),
    "change_settings": N_(
        "Change settings of the tournament's rule profile (any profile key), checked like a profile file."),
    "check_in": N_("A pre-registered player arrives at the door and is registered as ``register`` does (REG-10)."),
    "chip_count": N_(
        "Enter counted stacks, a whole table at a time; a count that does not add up is flagged unless "
        "accepted."),
    "chip_race": N_("Race off the smallest chip at every table: by the cards (given, else dealt) or by the results."),
    "choose_game": N_("Record the game the player on the button chose (dealer's choice), at one table or all."),
    "close_registration": N_(
        "Close late registration now, before the profile's deadline (register, buy-in and seating follow)."),
    "correct_eliminator": N_(
        "The latest knockout of a player was entered with the wrong eliminator(s): name the right ones."),
    "decline_rebuy": N_(
        "A player who lost all their chips does not rebuy: they are out, placed by the hand in which they "
        "lost them."),
    "draw_button": N_("Deal one card to each player at a table; the highest card (by suit on a tie) takes the button."),
    "end_break": N_("End the break now: play resumes (after a scheduled break, with the next level)."),
    "end_flight_day": N_("End this flight's day (FLT-3): the survivors bag their chips and nobody plays on."),
    "finish": N_("The tournament ends: late registration closed with one player left, who wins."),
    "forfeit": N_(
        "An absent player forfeits: their chips (``stack``: counted) are shared among their table, odd chips "
        "to the bank."),
    "forfeit_at_start": N_(
        "Registrants absent at the start forfeit (a loss and the forfeit fee); waiting people move up."),
    "found_chips": N_(
        "Raced-off chips found later are credited at equal value, rounded down to the smallest chip in play."),
    "hand_finished": N_("A table finished a hand: the button and blinds move for the next one."),
    "hand_for_hand": N_(
        'Start (``"on": true``) or end (``"on": false``) hand-for-hand play; the clock pauses meanwhile.'),
    "hand_for_hand_deduct": N_("Take the fixed time off the clock for the hand-for-hand hands played."),
    "hand_for_hand_round": N_("Every table finished its hand of the round: the fixed time comes off the clock."),
    "jump_to_level": N_("Go to the start of any level, with its full time."),
    "lock_payouts": N_("Lock the payout table: late entries no longer change its places or shares."),
    "lock_seat": N_("Lock a player's seat: balancing and breaking move the player only when there is no other way."),
    "move": N_("Move one player to an open seat at another table (a balance move, or the director's own)."),
    "next_level": N_("Go to the start of the next period: the next level, or the break that comes first."),
    "no_show": N_("Remove the chips of committed players who never arrived; they are out together, as one batch."),
    "note": N_("Write a note into the tournament's log: a ruling, a dispute, anything the record should keep."),
    "open_table": N_("Open a table (by default the lowest free number, with the profile's seats per table)."),
    "pause_clock": N_("Stop the clock (a dispute, hand-for-hand, anything); a break in progress stops too."),
    "preregister": N_("Put names from a sign-up list (or a phone call) on the pre-registered list (REG-10)."),
    "previous_level": N_("Go back to the start of the previous level (from a break: the level before it)."),
    "rebuy": N_("A player who lost all their chips buys the rebuy stack."),
    "record_deal": N_("Record the deal the players still in agreed; it replaces the prizes of the places in play."),
    "record_draw": N_("Record the game pulled from the hat for a level; it swaps with the level that held it."),
    "redraw": N_(
        "Everyone draws new seats for ``tables`` tables (by default as few as hold them); the button by the "
        "draw."),
    "reenter": N_("An eliminated player buys a new entry during late registration."),
    "refund_waiting": N_("Late entry is over: refund every paid entrant who never got a seat."),
    "register": N_("Sign a player in and take their buy-in; once play has begun, this is a late entry."),
    "remove_preregistration": N_(
        "Take a name off the pre-registered list (a player who called to say they will not come; REG-10)."),
    "remove_time": N_(
        "Take time off the current level or break (``seconds`` or ``minutes``); more than is left ends it "
        "now."),
    "rename_player": N_("Correct a player's name typed wrong at registration; the history keeps the old name."),
    "reopen_registration": N_("Reopen late registration the director closed early; never past the profile's deadline."),
    "resume_clock": N_("Restart a paused clock where it stopped."),
    "returned": N_(
        "An absent player is back within the time limit (``stack``: their counted chips, when the director "
        "counted them); a waiting person marked away is present again."),
    "seat_all": N_("The initial draw: every entrant gets a table and a seat, by random draw or by cards."),
    "seat_player": N_("Seat one entrant: at the table and seat given, or drawn among the open seats."),
    "seat_waiting": N_("Seat the first paid entrant on the waiting list (or the one named) in a freed seat."),
    "set_button": N_(
        "Say which seat has the button at a table for the hand being played (and, if need be, the blinds)."),
    "set_house_bounty": N_(
        'The house puts a bounty on a player ("bounty on the director"), paid by the house to whoever knocks '
        'them out, on top of any bounty of the event; 0 takes it off.'),
    "set_payouts": N_(
        "Replace the payout table by the director's amounts in cents, 1st place first (null: the profile's)."),
    "set_structure": N_(
        "Use another structure: a shipped one (``id``) or the director's own levels and breaks "
        "(``structure``)."),
    "start_break": N_("Call a break now for some minutes; the level resumes where it stopped."),
    "start_clock": N_(
        "Start the tournament clock at level 1 (or the level given); in a hat mix the games are drawn now."),
    "stud_action_order": N_(
        "Rule who brings it in (3rd street) or acts first (4th to 7th) from the cards showing (seat: cards)."),
    "topup": N_("Buy chips up to the starting stack at the end of the first level (``chips``: how many, default all)."),
    "unlock_payouts": N_("Let the payout table follow the field again."),
    "unlock_seat": N_("Unlock a player's seat (a designated dealer's too): balancing may move the player again."),
    "waive_halt": N_("Let a halted table deal its next hand before a player arrives to refill it."),
    "withdraw": N_(
        "A registrant drops out before the start: they are refunded and the first on the waiting list moves "
        "up."),
    "carry_in": N_(
        "A Day-2 player carried in with the stack bagged on Day 1 (FLT-10): an entry with chips and no money."),
    "day2_of_event": N_(
        "Make this tournament the Day 2 of an event of flights (FLT-10): the event's figures it plays for."),
    "join_event": N_(
        "Remember the event of flights this tournament belongs to (its file and this tournament's flight "
        "name), so the window shows the event each time the file is opened."),
}


# What the palette and the command forms call each command: its name in words ("hand_for_hand" ->
# "hand for hand"), in the reader's language when called (:meth:`Command.title`). A context keeps these short
# words apart from the same words elsewhere.
TITLES: dict[str, Callable[[], str]] = {
    "absent": lambda: pgettext("command", "absent"),
    "accept_chip_count": lambda: pgettext("command", "accept chip count"),
    "add_time": lambda: pgettext("command", "add time"),
    "addon": lambda: pgettext("command", "addon"),
    "advance_winners": lambda: pgettext("command", "advance winners"),
    "announce": lambda: pgettext("command", "announce"),
    "award_seats": lambda: pgettext("command", "award seats"),
    "balance": lambda: pgettext("command", "balance"),
    "break_table": lambda: pgettext("command", "break table"),
    "bust": lambda: pgettext("command", "bust"),
    "buy_chips": lambda: pgettext("command", "buy chips"),
    "buy_in": lambda: pgettext("command", "buy in"),
    "cancel_announcement": lambda: pgettext("command", "cancel announcement"),
    "change_level_length": lambda: pgettext("command", "change level length"),
    "change_settings": lambda: pgettext("command", "change settings"),
    "check_in": lambda: pgettext("command", "check in"),
    "chip_count": lambda: pgettext("command", "chip count"),
    "chip_race": lambda: pgettext("command", "chip race"),
    "choose_game": lambda: pgettext("command", "choose game"),
    "close_registration": lambda: pgettext("command", "close registration"),
    "correct_eliminator": lambda: pgettext("command", "correct eliminator"),
    "decline_rebuy": lambda: pgettext("command", "decline rebuy"),
    "draw_button": lambda: pgettext("command", "draw button"),
    "end_break": lambda: pgettext("command", "end break"),
    "end_flight_day": lambda: pgettext("command", "end flight day"),
    "finish": lambda: pgettext("command", "finish"),
    "forfeit": lambda: pgettext("command", "forfeit"),
    "forfeit_at_start": lambda: pgettext("command", "forfeit at start"),
    "found_chips": lambda: pgettext("command", "found chips"),
    "hand_finished": lambda: pgettext("command", "hand finished"),
    "hand_for_hand": lambda: pgettext("command", "hand for hand"),
    "hand_for_hand_deduct": lambda: pgettext("command", "hand for hand deduct"),
    "hand_for_hand_round": lambda: pgettext("command", "hand for hand round"),
    "jump_to_level": lambda: pgettext("command", "jump to level"),
    "lock_payouts": lambda: pgettext("command", "lock payouts"),
    "lock_seat": lambda: pgettext("command", "lock seat"),
    "move": lambda: pgettext("command", "move"),
    "next_level": lambda: pgettext("command", "next level"),
    "no_show": lambda: pgettext("command", "no show"),
    "note": lambda: pgettext("command", "note"),
    "open_table": lambda: pgettext("command", "open table"),
    "pause_clock": lambda: pgettext("command", "pause clock"),
    "preregister": lambda: pgettext("command", "preregister"),
    "previous_level": lambda: pgettext("command", "previous level"),
    "rebuy": lambda: pgettext("command", "rebuy"),
    "record_deal": lambda: pgettext("command", "record deal"),
    "record_draw": lambda: pgettext("command", "record draw"),
    "redraw": lambda: pgettext("command", "redraw"),
    "reenter": lambda: pgettext("command", "reenter"),
    "refund_waiting": lambda: pgettext("command", "refund waiting"),
    "register": lambda: pgettext("command", "register"),
    "remove_preregistration": lambda: pgettext("command", "remove preregistration"),
    "remove_time": lambda: pgettext("command", "remove time"),
    "rename_player": lambda: pgettext("command", "rename player"),
    "reopen_registration": lambda: pgettext("command", "reopen registration"),
    "resume_clock": lambda: pgettext("command", "resume clock"),
    "returned": lambda: pgettext("command", "returned"),
    "seat_all": lambda: pgettext("command", "seat all"),
    "seat_player": lambda: pgettext("command", "seat player"),
    "seat_waiting": lambda: pgettext("command", "seat waiting"),
    "set_button": lambda: pgettext("command", "set button"),
    "set_house_bounty": lambda: pgettext("command", "set house bounty"),
    "set_payouts": lambda: pgettext("command", "set payouts"),
    "set_structure": lambda: pgettext("command", "set structure"),
    "start_break": lambda: pgettext("command", "start break"),
    "start_clock": lambda: pgettext("command", "start clock"),
    "stud_action_order": lambda: pgettext("command", "stud action order"),
    "topup": lambda: pgettext("command", "topup"),
    "unlock_payouts": lambda: pgettext("command", "unlock payouts"),
    "unlock_seat": lambda: pgettext("command", "unlock seat"),
    "waive_halt": lambda: pgettext("command", "waive halt"),
    "withdraw": lambda: pgettext("command", "withdraw"),
    "carry_in": lambda: pgettext("command", "carry in"),
    "day2_of_event": lambda: pgettext("command", "day2 of event"),
    "join_event": lambda: pgettext("command", "join event"),
}

# What a command form calls each field ("amount_cents" -> "amount cents"), in the reader's language when
# called (:meth:`Command.field_words`).
FIELDS: dict[str, Callable[[], str]] = {
    "accept": lambda: pgettext("field", "accept"),
    "amount_cents": lambda: pgettext("field", "amount cents"),
    "amounts_cents": lambda: pgettext("field", "amounts cents"),
    "announcement": lambda: pgettext("field", "announcement"),
    "another": lambda: pgettext("field", "another"),
    "bb": lambda: pgettext("field", "bb"),
    "button_cards": lambda: pgettext("field", "button cards"),
    "cards": lambda: pgettext("field", "cards"),
    "chips": lambda: pgettext("field", "chips"),
    "committed": lambda: pgettext("field", "committed"),
    "confirm": lambda: pgettext("field", "confirm"),
    "count": lambda: pgettext("field", "count"),
    "counts": lambda: pgettext("field", "counts"),
    "dealer_seat": lambda: pgettext("field", "dealer seat"),
    "dealers": lambda: pgettext("field", "dealers"),
    "denomination": lambda: pgettext("field", "denomination"),
    "eliminated_by": lambda: pgettext("field", "eliminated by"),
    "end": lambda: pgettext("field", "end"),
    "game": lambda: pgettext("field", "game"),
    "hand_for_hand": lambda: pgettext("field", "hand for hand"),
    "hand_level": lambda: pgettext("field", "hand level"),
    "hand_started_before_level_change": lambda: pgettext("field", "hand started before level change"),
    "hands": lambda: pgettext("field", "hands"),
    "id": lambda: pgettext("field", "id"),
    "identity": lambda: pgettext("field", "identity"),
    "level": lambda: pgettext("field", "level"),
    "long": lambda: pgettext("field", "long"),
    "method": lambda: pgettext("field", "method"),
    "minutes": lambda: pgettext("field", "minutes"),
    "mixed_scripts": lambda: pgettext("field", "mixed scripts"),
    "name": lambda: pgettext("field", "name"),
    "names": lambda: pgettext("field", "names"),
    "on": lambda: pgettext("field", "on"),
    "paid_ahead": lambda: pgettext("field", "paid ahead"),
    "paid_names": lambda: pgettext("field", "paid names"),
    "pay": lambda: pgettext("field", "pay"),
    "player": lambda: pgettext("field", "player"),
    "players": lambda: pgettext("field", "players"),
    "post_bb": lambda: pgettext("field", "post bb"),
    "reason": lambda: pgettext("field", "reason"),
    "rebuy": lambda: pgettext("field", "rebuy"),
    "results": lambda: pgettext("field", "results"),
    "save_cents": lambda: pgettext("field", "save cents"),
    "sb": lambda: pgettext("field", "sb"),
    "seat": lambda: pgettext("field", "seat"),
    "seat_order": lambda: pgettext("field", "seat order"),
    "seats": lambda: pgettext("field", "seats"),
    "seconds": lambda: pgettext("field", "seconds"),
    "settings": lambda: pgettext("field", "settings"),
    "stack": lambda: pgettext("field", "stack"),
    "stacks": lambda: pgettext("field", "stacks"),
    "starts_at": lambda: pgettext("field", "starts at"),
    "street": lambda: pgettext("field", "street"),
    "structure": lambda: pgettext("field", "structure"),
    "stud": lambda: pgettext("field", "stud"),
    "table": lambda: pgettext("field", "table"),
    "tables": lambda: pgettext("field", "tables"),
    "text": lambda: pgettext("field", "text"),
    "waitlist": lambda: pgettext("field", "waitlist"),
    "flight": lambda: pgettext("field", "flight"),
    "bag": lambda: pgettext("field", "bag"),
    "event": lambda: pgettext("field", "event"),
    "entries": lambda: pgettext("field", "entries"),
    "pool_cents": lambda: pgettext("field", "pool cents"),
    "event_file": lambda: pgettext("field", "event file"),
    "day1": lambda: pgettext("field", "day1"),
}
