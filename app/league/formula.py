"""League points formulas as data, checked before they are used (LGE-1, LGE-2).

A formula is one of four kinds of JSON data:

- ``{"kind": "table", "points": [100, 70, 50, 30], "rest": 0}``: a fixed number of points by place;
  places after the table get ``rest``.
- ``{"kind": "sqrt_ratio", "scale": 10}``: ``scale * sqrt(entries) / sqrt(place)``, the common
  "square root" league formula (a bigger field is worth more, first place most).
- ``{"kind": "linear", "per_place": 1, "first": 0}``: ``per_place * (entries - place + 1)``, plus
  ``first`` to the winner: last place gets ``per_place``, each place above one more.
- ``{"kind": "expression", "expression": "10 * sqrt(entries * buy_in) / sqrt(place)"}``: a formula
  written in a small language of its own.

Why a small language and not only fixed kinds: leagues invent formulas (the buy-in in the formula,
a cap with ``min``), and a fixed list of kinds would always miss one. Why not Python: the text comes
from a file someone else may have written, so it is never given to ``eval`` or ``exec``. It is parsed
with :mod:`ast` into a tree and every node is checked against an allow-list: numbers, the variables
``entries``, ``place``, ``buy_in`` (the event's buy-in in whole currency units) and ``knockouts``,
the operators ``+ - * /``, and the functions ``sqrt``, ``min`` and ``max``. Anything else (a name,
an attribute, a call, ``**``, a comparison) is refused in words. The checked tree is turned into
small Python objects that compute the points; the text itself is never run.

A formula is checked over its whole domain before it is accepted: every field from 1 to
``MAX_ENTRIES`` entries, every place from 1 to the field size, every buy-in from 0 to ``MAX_BUY_IN``
and 0 to ``entries - 1`` knockouts. It may never divide by zero, take the square root of a negative
number, or give a negative number of points. The check is a proof by interval arithmetic: the
domain is a box of (entries, place) split in halves until each part is shown safe; a part that
shrinks to one field size and one place is computed exactly, which finds the place that goes wrong
and names it ("at place 12 of 12 entries it gives -1 points"). A formula the check cannot prove
safe is refused, never accepted on trust.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from app.format import chips as fmt_chips
from app.i18n import N_, _, ngettext
from app.league.errors import LeagueError

MAX_ENTRIES = 10_000  # the largest field a formula is checked for (and used with)
MAX_BUY_IN = 100_000  # the largest buy-in, in whole currency units, a formula is checked for
MAX_TEXT = 300  # characters of an expression
MAX_NODES = 80  # operators, numbers and names in one expression
MAX_TABLE = 1_000  # places in a points table
MAX_POINTS = 1_000_000.0  # the most points a table row or a bonus may give
_BOX_BUDGET = 200_000  # boxes the proof may look at before it gives up

VARIABLES = ("entries", "place", "buy_in", "knockouts")
FUNCTIONS = {"sqrt": 1, "min": 2, "max": 2}
KINDS = ("table", "sqrt_ratio", "linear", "expression")

Interval = tuple[float, float]
Env = tuple[float, float, float, float]  # entries, place, buy_in, knockouts


class _Unsafe(Exception):
    """The interval may divide by zero or take a negative square root (``what`` says which)."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


# -- the tree -----------------------------------------------------------------------------------------
class Node:
    def value(self, env: Env) -> float:
        raise NotImplementedError

    def bounds(self, box: tuple[Interval, ...]) -> Interval:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Num(Node):
    number: float

    def value(self, env: Env) -> float:
        return self.number

    def bounds(self, box: tuple[Interval, ...]) -> Interval:
        return (self.number, self.number)


@dataclass(frozen=True, slots=True)
class Var(Node):
    index: int

    def value(self, env: Env) -> float:
        return env[self.index]

    def bounds(self, box: tuple[Interval, ...]) -> Interval:
        return box[self.index]


@dataclass(frozen=True, slots=True)
class Neg(Node):
    arg: Node

    def value(self, env: Env) -> float:
        return -self.arg.value(env)

    def bounds(self, box: tuple[Interval, ...]) -> Interval:
        lo, hi = self.arg.bounds(box)
        return (-hi, -lo)


@dataclass(frozen=True, slots=True)
class Bin(Node):
    op: str
    left: Node
    right: Node

    def value(self, env: Env) -> float:
        a, b = self.left.value(env), self.right.value(env)
        if self.op == "+":
            return a + b
        if self.op == "-":
            return a - b
        if self.op == "*":
            return a * b
        if b == 0:
            raise ZeroDivisionError("division by zero")
        return a / b

    def bounds(self, box: tuple[Interval, ...]) -> Interval:
        (a, b), (c, d) = self.left.bounds(box), self.right.bounds(box)
        if self.op == "+":
            return (a + c, b + d)
        if self.op == "-":
            return (a - d, b - c)
        if self.op == "/":
            if c <= 0 <= d:
                raise _Unsafe("divides by zero")
            c, d = 1 / d, 1 / c
        products = (a * c, a * d, b * c, b * d)
        return (min(products), max(products))


@dataclass(frozen=True, slots=True)
class Call(Node):
    name: str
    args: tuple[Node, ...]

    def value(self, env: Env) -> float:
        values = [a.value(env) for a in self.args]
        if self.name == "sqrt":
            if values[0] < 0:
                raise ValueError("square root of a negative number")
            return math.sqrt(values[0])
        return min(values) if self.name == "min" else max(values)

    def bounds(self, box: tuple[Interval, ...]) -> Interval:
        spans = [a.bounds(box) for a in self.args]
        if self.name == "sqrt":
            lo, hi = spans[0]
            if lo < 0:
                raise _Unsafe("takes the square root of a negative number")
            return (math.sqrt(lo), math.sqrt(hi))
        pick = min if self.name == "min" else max
        return (pick(s[0] for s in spans), pick(s[1] for s in spans))


# -- parsing ------------------------------------------------------------------------------------------
_OPS: dict[type[ast.operator], str] = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}


def parse(text: str) -> Node:
    """The checked tree of an expression, or :class:`LeagueError` saying what is not allowed."""
    if not isinstance(text, str) or not text.strip():
        raise LeagueError(_("The points formula is empty; write one such as 10 * sqrt(entries) / sqrt(place)."))
    if len(text) > MAX_TEXT:
        raise LeagueError(_("The points formula is longer than {MAX_TEXT} characters.", MAX_TEXT=MAX_TEXT))
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        raise LeagueError(
            _(
                "The points formula {text!r} cannot be read (column {column}); use numbers, entries, place, "
                "buy_in, knockouts, + - * /, sqrt, min and max.",
                text=text.strip(),
                column=exc.offset or 0,
            )
        ) from exc
    count = [0]
    node = _convert(tree.body, text.strip(), count)
    return node


def _convert(node: ast.AST, text: str, count: list[int]) -> Node:
    count[0] += 1
    if count[0] > MAX_NODES:
        raise LeagueError(
            _("The points formula has more than {MAX_NODES} parts; write it shorter.", MAX_NODES=MAX_NODES)
        )
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        number = float(node.value)
        if not math.isfinite(number) or abs(number) > 1e9:
            raise LeagueError(_("The number {number:g} in the points formula is too large.", number=number))
        return Num(number)
    if isinstance(node, ast.Name):
        if node.id in VARIABLES:
            return Var(VARIABLES.index(node.id))
        raise LeagueError(
            _(
                "The points formula uses {name!r}, which it does not know; it may use {names}.",
                name=node.id,
                names=", ".join(VARIABLES),
            )
        )
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        arg = _convert(node.operand, text, count)
        return Neg(arg) if isinstance(node.op, ast.USub) else arg
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return Bin(_OPS[type(node.op)], _convert(node.left, text, count), _convert(node.right, text, count))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS:
        want = FUNCTIONS[node.func.id]
        if node.keywords or len(node.args) != want:
            raise LeagueError(
                ngettext(
                    "{name} in the points formula takes {n} number.",
                    "{name} in the points formula takes {n} numbers.",
                    want,
                    name=node.func.id,
                )
            )
        return Call(node.func.id, tuple(_convert(a, text, count) for a in node.args))
    piece = ast.get_source_segment(text, node) or type(node).__name__
    raise LeagueError(
        _(
            "The points formula may not contain {piece!r}; it may use numbers, {names}, + - * /, sqrt, min and max.",
            piece=piece,
            names=", ".join(VARIABLES),
        )
    )


# -- the proof ----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Box:
    e_lo: int
    e_hi: int
    p_lo: int
    p_hi: int

    def intervals(self) -> tuple[Interval, ...]:
        return ((self.e_lo, self.e_hi), (self.p_lo, min(self.p_hi, self.e_hi)), (0, MAX_BUY_IN),
                (0, max(0, self.e_hi - 1)))


def _exact(node: Node, entries: int, place: int, text: str) -> str | None:
    """What goes wrong at this field size and place, over the extreme buy-ins and knockouts, if anything."""
    for buy_in in (0, 1, MAX_BUY_IN):
        for knockouts in sorted({0, 1 if entries > 1 else 0, entries - 1}):
            env = (float(entries), float(place), float(buy_in), float(knockouts))
            where = ngettext("at place {place} of {n} entry", "at place {place} of {n} entries", entries, place=place)
            said = [_("a buy-in of {amount}", amount=buy_in)] if "buy_in" in text else []
            said += [ngettext("{n} knockout", "{n} knockouts", knockouts)] if "knockouts" in text else []
            if said:
                where = _("{where} with {what}", where=where, what=_(" and ").join(said))
            try:
                points = node.value(env)
            except ZeroDivisionError:
                return _("{where} it divides by zero", where=where)
            except ValueError:
                return _("{where} it takes the square root of a negative number", where=where)
            if points < 0:
                return _("{where} it gives {points:g} points, fewer than none", where=where, points=points)
    return None


# What a formula may do wrong somewhere in a part of the field sizes and places (whole clauses, per problem).
PROBLEMS = {
    "give": N_("at place {place} of {entries} entries it may give fewer than no points"),
    "divide": N_("at place {place} of {entries} entries it may divide by zero"),
    "root": N_("at place {place} of {entries} entries it may take the square root of a negative number"),
}


@lru_cache(maxsize=64)
def prove(text: str, max_entries: int = MAX_ENTRIES) -> None:
    """Raise :class:`LeagueError` unless ``text`` is safe over the whole domain (see the module's notes)."""
    node = parse(text)
    boxes = [_Box(1, max_entries, 1, max_entries)]
    looked = 0
    while boxes:
        box = boxes.pop()
        if box.p_lo > box.e_hi:
            continue  # no place below the field size in this part
        looked += 1
        if looked > _BOX_BUDGET:
            raise LeagueError(
                _(
                    "Floorman cannot show that the points formula {text!r} stays at or above zero for every place; "
                    "write it more simply.",
                    text=text,
                )
            )
        problem = ""
        try:
            lo, _hi = node.bounds(box.intervals())
            if lo >= 0:
                continue
            problem = "give"
        except _Unsafe as unsafe:
            problem = "divide" if unsafe.what.startswith("divides") else "root"
        if box.e_lo == box.e_hi and box.p_lo == min(box.p_hi, box.e_hi):
            wrong = _exact(node, box.e_lo, box.p_lo, text)
            if wrong is None:
                wrong = _(PROBLEMS[problem], place=box.p_lo, entries=box.e_lo)
            raise LeagueError(_("The points formula {text!r} is refused: {why}.", text=text, why=wrong))
        e_span, p_span = box.e_hi - box.e_lo, min(box.p_hi, box.e_hi) - box.p_lo
        if e_span >= p_span:
            mid = (box.e_lo + box.e_hi) // 2
            boxes += [_Box(mid + 1, box.e_hi, box.p_lo, box.p_hi), _Box(box.e_lo, mid, box.p_lo, box.p_hi)]
        else:
            top = min(box.p_hi, box.e_hi)
            mid = (box.p_lo + top) // 2
            boxes += [_Box(box.e_lo, box.e_hi, mid + 1, top), _Box(box.e_lo, box.e_hi, box.p_lo, mid)]


# -- the four kinds -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Formula:
    """A checked points formula: ``points(entries, place, buy_in, knockouts)`` before bonuses."""

    kind: str
    data: Mapping[str, Any]
    text: str  # in words, for the director and the printed standings
    compute: Callable[[int, int, float, int], float]

    def points(self, entries: int, place: int, buy_in: float = 0.0, knockouts: int = 0) -> float:
        entries = max(1, min(int(entries), MAX_ENTRIES))
        place = max(1, min(int(place), entries))
        return self.compute(entries, place, float(buy_in), int(knockouts))


def _number(data: Mapping[str, Any], key: str, default: float, what: str, *, positive: bool = False) -> float:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise LeagueError(_("{what} must be a number (it is {value!r}).", what=what, value=value))
    if value < 0 or (positive and value == 0):
        raise LeagueError(
            _("{what} must be more than zero (it is {value:g}).", what=what, value=value)
            if positive
            else _("{what} must be at least zero (it is {value:g}).", what=what, value=value)
        )
    if value > MAX_POINTS:
        raise LeagueError(_("{what} is more than {most}.", what=what, most=fmt_chips(MAX_POINTS)))
    return float(value)


def _expression(text: str, kind: str, data: Mapping[str, Any], words: str) -> Formula:
    prove(text)
    node = parse(text)

    def compute(entries: int, place: int, buy_in: float, knockouts: int) -> float:
        return node.value((float(entries), float(place), buy_in, float(knockouts)))

    return Formula(kind, dict(data), words, compute)


def _fmt(x: float) -> str:
    return f"{x:g}"


def formula_from(data: Any) -> Formula:
    """Check formula data (see the module's notes) and return the :class:`Formula`; LeagueError in words."""
    if not isinstance(data, Mapping):
        raise LeagueError(_('A points formula is written as an object such as {"kind": "sqrt_ratio", "scale": 10}.'))
    kind = data.get("kind")
    if kind not in KINDS:
        raise LeagueError(
            _(
                "The points formula's kind {kind!r} is not one Floorman knows; use one of {names}.",
                kind=kind,
                names=", ".join(KINDS),
            )
        )
    allowed = {"table": {"points", "rest"}, "sqrt_ratio": {"scale"}, "linear": {"per_place", "first"},
               "expression": {"expression"}}[kind] | {"kind"}
    extra = sorted(set(data) - allowed)
    if extra:
        raise LeagueError(
            _(
                "The {kind} points formula has no setting {extra!r}; it takes {names}.",
                kind=kind,
                extra=extra[0],
                names=", ".join(sorted(allowed - {"kind"})),
            )
        )
    if kind == "table":
        rows = data.get("points")
        if not isinstance(rows, list) or not rows:
            raise LeagueError(
                _("A points table lists the points of each place, first place first, e.g. [100, 70, 50].")
            )
        if len(rows) > MAX_TABLE:
            raise LeagueError(_("A points table has at most {MAX_TABLE} places.", MAX_TABLE=MAX_TABLE))
        table = tuple(
            _number({"v": v}, "v", 0, _("The points for place {place}", place=i)) for i, v in enumerate(rows, 1)
        )
        rest = _number(data, "rest", 0, _("The points for places after the table"))

        def by_place(entries: int, place: int, buy_in: float, knockouts: int) -> float:
            return table[place - 1] if place <= len(table) else rest

        shown = ", ".join(_fmt(v) for v in table[:10]) + (", ..." if len(table) > 10 else "")
        return Formula(kind, dict(data), _("{points} by place; later places {rest}", points=shown, rest=_fmt(rest)),
                       by_place)
    if kind == "sqrt_ratio":
        scale = _number(data, "scale", 10, _("The formula's scale"), positive=True)
        return _expression(f"{scale!r} * sqrt(entries) / sqrt(place)", kind, data,
                           _("{scale} × √entries ÷ √place", scale=_fmt(scale)))
    if kind == "linear":
        per = _number(data, "per_place", 1, _("The points per place"), positive=True)
        first = _number(data, "first", 0, _("The winner's extra points"))
        text = f"{per!r} * (entries - place + 1)"
        formula = _expression(text, kind, data, _("{per} × (entries − place + 1), +{first} to the winner",
                                                  per=_fmt(per), first=_fmt(first)) if first
                              else _("{per} × (entries − place + 1)", per=_fmt(per)))
        if not first:
            return formula
        inner = formula.compute
        return Formula(kind, dict(data), formula.text,
                       lambda e, p, b, k: inner(e, p, b, k) + (first if p == 1 else 0.0))
    written = data.get("expression")
    if not isinstance(written, str):
        raise LeagueError(_('An expression formula is written as text, e.g. "10 * sqrt(entries) / sqrt(place)".'))
    return _expression(written, kind, data, " ".join(written.split()))
