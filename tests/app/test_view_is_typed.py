"""One read model: the JSON view (``Tournament.view()``) is written from the typed view, part by part.

For a tournament of each shipped profile played to its end, at every few actions: each part of the JSON
view is what :data:`app.views.detail.PARTS` writes from :func:`app.views.detail.detail`, the typed view
holds frozen records and tuples (no list or set a reader could change), and what the faces read
(:func:`app.views.read`) is the same objects' values as the typed view holds.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import msgspec
import pytest

from app import views
from app.commands import Command
from app.core.events import Event
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import SHIPPED
from app.tools.simulate import Simulation, run_simulation, simulation_profile
from app.views.detail import PARTS, DetailView, detail


def mutable_inside(value: Any, path: str = "view") -> list[str]:
    """Where a list, a set or a record that is not frozen sits among the typed view's values."""
    if isinstance(value, str | int | float | type(None)):
        return []
    if isinstance(value, list | set):
        return [path]
    if isinstance(value, tuple):
        return [p for i, x in enumerate(value) for p in mutable_inside(x, f"{path}[{i}]")]
    if isinstance(value, msgspec.Struct):
        if not type(value).__struct_config__.frozen:
            return [path]
        return [p for n in value.__struct_fields__ for p in mutable_inside(getattr(value, n), f"{path}.{n}")]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return [path]
        fields = dataclasses.fields(value)
        return [p for f in fields for p in mutable_inside(getattr(value, f.name), f"{path}.{f.name}")]
    return []  # a mapping (forced bets, a rule's own words) is read as it is and dumped as a copy


def checked(t: Tournament) -> DetailView:
    typed = detail(t.state, t.time.now())
    json = t.view()
    assert set(json) == set(PARTS)
    for name, part in PARTS.items():
        assert json[name] == part.write(typed), f"the JSON view's {name!r} is not the typed view's"
    assert mutable_inside(typed) == []
    faces = views.read(t)
    assert faces.players == typed.view.players
    assert faces.payouts == typed.view.payouts and faces.places == typed.view.places
    assert faces.tables == tuple(msgspec.structs.replace(tb, detail=None) for tb in typed.view.tables)
    return typed


@pytest.mark.parametrize("profile", SHIPPED)
def test_the_json_view_is_the_typed_view_written_out(profile: str) -> None:
    players = 24
    clock = FakeClock()
    t = Tournament.create(simulation_profile(profile, players), name="Typed", time=clock, seed=5)
    seen = [0]

    def execute(cmd: Command) -> list[Event]:
        events = t.execute(cmd)
        seen[0] += 1
        if seen[0] % 5 == 0:
            checked(t)
        return events

    run_simulation(Simulation(players=players, seed=5, profile=profile, check_every=0),
                   tournament=t, clock=clock, execute=execute)
    typed = checked(t)
    assert t.state.ended and seen[0] > 20
    assert typed.view.places and typed.view.places[0].place == 1  # played out: the winner's place is decided


def test_one_part_alone_is_the_same_as_in_the_whole_view() -> None:
    clock = FakeClock()
    t = Tournament.create(simulation_profile("tda-pko", 30), name="Typed", time=clock, seed=2)
    run_simulation(Simulation(players=30, seed=2, profile="tda-pko", check_every=0), tournament=t, clock=clock)
    whole = t.view()
    for name in PARTS:
        assert t.view(name) == {name: whole[name]}
    with pytest.raises(KeyError):
        t.view("no_such_part")


def test_the_json_view_is_a_copy_a_reader_cannot_change_the_tournament() -> None:
    """The JSON view is written out afresh from the typed view: a reader that edits what it was given (a
    script adding to the notes it printed) changes neither the tournament nor the next view."""
    t = Tournament.create(simulation_profile("home-nl", 10), name="Copy", time=FakeClock(), seed=1)
    t.execute({"cmd": "note", "text": "Seat 4 ruled all-in"})
    before = copy.deepcopy(t.view())
    given = t.view()
    given["tournament"]["notes"].append({"at": 0, "text": "not written by the director"})
    given["tournament"]["notes"][0]["text"] = "changed"
    given["structure"]["breaks"].clear()
    given["clock"]["blinds"]["bb"] = 0
    assert t.view() == before
    assert [n["text"] for n in t.view("tournament")["tournament"]["notes"]] == ["Seat 4 ruled all-in"]
