"""A sign-up list matched to the players the director already knows, before anything changes (REG-10).

Each row of the list (a name, and whether the buy-in was paid ahead) is compared with the roster (the
players who come back) and with the tournament (its players and its pre-registered names):

- the same name, accents and case ignored ("jose nunez" is "José Núñez": :func:`app.names.fold_key`),
  one candidate: **matched** (a roster player is pre-registered under the roster's spelling; a name
  already in the tournament is **already in** and left alone);
- the same words in another order ("Núñez, José", "Nunez Jose": :func:`words_key`), or more than one
  candidate: **asked**, never guessed: the director picks one candidate (the same player) or a new player;
- no candidate: **new**, pre-registered as typed;
- a row naming a player an earlier row names: a **duplicate**, said and skipped (in another word order
  it is asked, like any transposition);
- a row with no name, a name too long or holding control characters: **skipped** with its reason; the
  rest of the list is imported all the same.

:func:`preview` builds the :class:`Preview`; :meth:`Preview.plan` turns the director's answers into the
names to pre-register (and says which asked rows were left out, unanswered).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from app.format import chips as fmt_chips
from app.i18n import N_, _
from app.names import MAX_NAME, fold_key, has_visible_character, name_key, name_problem, tidy

Outcome = Literal["matched", "new", "ask", "already", "duplicate", "skipped"]
Where = Literal["roster", "tournament", "pre-registered", "list"]
NEW = "new"
"""The answer to an asked row that makes it a new player (any other answer names one of its candidates)."""

_WHERE_WORDS = {"roster": N_("in the roster"), "tournament": N_("registered in this tournament"),
                "pre-registered": N_("pre-registered in this tournament"), "list": N_("earlier in this list")}


@dataclass(frozen=True)
class SignupRow:
    """One row as read from the file: its line (the file's own numbering), the name and the paid column."""

    line: int
    name: str
    paid_ahead: bool = False


@dataclass(frozen=True)
class Candidate:
    """A known player a row may be: his name as known, where he is known, and how the row matches him."""

    name: str
    where: Where
    how: Literal["same", "transposed"]
    line: int | None = None  # for a candidate earlier in the list: its line

    def words(self) -> str:
        place = (_("line {line}", line=self.line) if self.where == "list" and self.line is not None
                 else _(_WHERE_WORDS[self.where]))
        if self.how == "transposed":
            return _("{name} ({place}, names in the other order)", name=self.name, place=place)
        return _("{name} ({place})", name=self.name, place=place)


@dataclass(frozen=True)
class PreviewRow:
    line: int
    typed: str  # the name as the file has it (tidied)
    outcome: Outcome
    name: str = ""  # the name it would be pre-registered under ("" when it will not be)
    paid_ahead: bool = False
    candidates: tuple[Candidate, ...] = ()
    reason: str = ""  # why, in words

    @property
    def asked(self) -> bool:
        return self.outcome == "ask"


@dataclass(frozen=True)
class Plan:
    """What an import does, given the answers: the names to pre-register (paid ahead or not), and the rows
    left out, each with why (an asked row without an answer among them)."""

    names: tuple[str, ...]  # in the list's order
    paid: tuple[str, ...]  # of them, those who paid ahead
    left_out: tuple[tuple[int, str, str], ...]  # (line, name, why)

    @property
    def unpaid(self) -> tuple[str, ...]:
        return tuple(n for n in self.names if n not in self.paid)


@dataclass(frozen=True)
class Preview:
    rows: tuple[PreviewRow, ...]
    counts: Mapping[str, int] = field(default_factory=dict)

    def of(self, outcome: Outcome) -> tuple[PreviewRow, ...]:
        return tuple(r for r in self.rows if r.outcome == outcome)

    def plan(self, answers: Mapping[int, str] | None = None) -> Plan:
        """The names to pre-register given ``answers`` (line -> a candidate's name, or :data:`NEW`)."""
        answers = answers or {}
        names: list[str] = []
        paid: list[str] = []
        left: list[tuple[int, str, str]] = []
        taken: set[str] = set()

        def take(row: PreviewRow, name: str) -> None:
            if name_key(name) in taken:
                left.append((row.line, row.typed, _("{name} is already taken from an earlier line", name=name)))
                return
            taken.add(name_key(name))
            names.append(name)
            if row.paid_ahead:
                paid.append(name)

        for row in self.rows:
            if row.outcome in ("matched", "new"):
                take(row, row.name)
            elif row.outcome == "ask":
                answer = answers.get(row.line)
                if answer is None:
                    left.append((row.line, row.typed, _("asked and not answered: left out")))
                elif answer == NEW:
                    take(row, row.typed)
                else:
                    chosen = next((c for c in row.candidates if c.name == answer), None)
                    if chosen is None:
                        left.append(
                            (row.line, row.typed, _("{answer} is not one of its candidates: left out", answer=answer))
                        )
                    elif chosen.where == "roster":
                        take(row, chosen.name)
                    else:
                        left.append(
                            (row.line, row.typed, _("the same player as {candidate}", candidate=chosen.words()))
                        )
            else:
                left.append((row.line, row.typed, row.reason))
        return Plan(tuple(names), tuple(paid), tuple(left))


def words_key(name: str) -> tuple[str, ...]:
    """The words of a name in no order, accents, case and commas ignored: "Núñez, José", "Nunez Jose"
    and "José Núñez" share it (a first and a last name transposed)."""
    return tuple(sorted(fold_key(name.replace(",", " ")).split()))


def row_problem(text: str) -> str | None:
    """Why a row's name cannot be a player's name, in words; None when it can."""
    name = tidy(text)
    if not name or not has_visible_character(name):
        return _("no name")
    if len(name) > MAX_NAME:
        return _("name too long ({length} characters; at most {most})", length=fmt_chips(len(name)), most=MAX_NAME)
    if name_problem(name) is not None:
        return _("the name holds control or invisible characters")
    return None


class _Known:
    """The names known, looked up by the two keys."""

    def __init__(self) -> None:
        self.by_fold: dict[str, list[tuple[str, Where, int | None]]] = {}
        self.by_words: dict[tuple[str, ...], list[tuple[str, Where, int | None]]] = {}

    def add(self, name: str, where: Where, line: int | None = None) -> None:
        entry = (name, where, line)
        fold = fold_key(name.replace(",", " "))
        if entry not in self.by_fold.get(fold, []):
            self.by_fold.setdefault(fold, []).append(entry)
            self.by_words.setdefault(words_key(name), []).append(entry)

    def candidates(self, name: str) -> tuple[Candidate, ...]:
        fold = fold_key(name.replace(",", " "))
        same = self.by_fold.get(fold, [])
        found = [Candidate(n, w, "same", ln) for n, w, ln in same]
        found += [Candidate(n, w, "transposed", ln) for n, w, ln in self.by_words.get(words_key(name), [])
                  if (n, w, ln) not in same]
        return tuple(found)


def preview(rows: Iterable[SignupRow], roster: Iterable[str] = (), players: Iterable[str] = (),
            preregistered: Iterable[str] = ()) -> Preview:
    """Each row of a sign-up list matched to the ``roster``'s names, the tournament's ``players`` and its
    ``preregistered`` names (see the module's words)."""
    known = _Known()
    for name in players:
        known.add(name, "tournament")
    for name in preregistered:
        known.add(name, "pre-registered")
    for name in roster:
        known.add(name, "roster")
    in_list = _Known()
    out: list[PreviewRow] = []
    for row in rows:
        out.append(_one(row, known, in_list))
    counts: dict[str, int] = {}
    for r in out:
        counts[r.outcome] = counts.get(r.outcome, 0) + 1
    return Preview(tuple(out), counts)


def _one(row: SignupRow, known: _Known, in_list: _Known) -> PreviewRow:
    problem = row_problem(row.name)
    typed = tidy(row.name)
    if problem is not None:
        shown = "".join(ch if ch.isprintable() else "\ufffd" for ch in typed)
        return PreviewRow(row.line, shown[:60], "skipped", reason=problem)
    earlier = in_list.candidates(typed)
    in_list.add(typed, "list", row.line)
    same_earlier = [c for c in earlier if c.how == "same"]
    if same_earlier:
        first = same_earlier[0]
        return PreviewRow(row.line, typed, "duplicate", candidates=(first,),
                          reason=_("the same name as line {line} ({name}): skipped", line=first.line, name=first.name))
    found = known.candidates(typed) + earlier
    if not found:
        return PreviewRow(row.line, typed, "new", typed, row.paid_ahead, reason=_("new player"))
    same = [c for c in found if c.how == "same"]
    here = [c for c in same if c.where in ("tournament", "pre-registered")]
    if len(here) == 1:  # in the tournament already (the roster's entry of that name is the same person)
        return PreviewRow(
            row.line,
            typed,
            "already",
            candidates=tuple(here),
            reason=_("already in: {candidate}", candidate=here[0].words()),
        )
    if len(found) == 1 and same:
        return PreviewRow(row.line, typed, "matched", same[0].name, row.paid_ahead, found,
                          _("matched to {candidate}", candidate=same[0].words()))
    transposed = any(c.how == "transposed" for c in found)
    reason = (_("first and last names may be transposed: the same player or a new one?") if transposed
              else _("more than one player has this name: the same player or a new one?"))
    return PreviewRow(row.line, typed, "ask", paid_ahead=row.paid_ahead, candidates=found, reason=reason)
