"""Every director command, in random order, for every shipped profile: after each step the invariants
hold (seats, places, payouts, chip conservation), a refusal changes nothing, no exception other than a
RuleError escapes, and the log replays to the same state.

CI runs a few hundred examples; ``FLOORMAN_FUZZ_EXAMPLES=2000`` (examples per profile) runs a long fuzz.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.profiles.profile import SHIPPED
from tests.app.fuzz_run import OPS, STEPS, Director

EXAMPLES = int(os.environ.get("FLOORMAN_FUZZ_EXAMPLES", "60"))

step = st.tuples(st.sampled_from(STEPS), st.integers(0, 2**32 - 1))


def test_all_commands_every_command_has_a_builder() -> None:
    from app.core.registry import COMMANDS

    assert set(COMMANDS) <= set(OPS), sorted(set(COMMANDS) - set(OPS))


@pytest.mark.parametrize("profile", SHIPPED)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    players=st.integers(2, 28),
    seed=st.integers(0, 10_000),
    started=st.integers(0, 3),
    features=st.lists(st.integers(0, 50), max_size=3),
    steps=st.lists(step, min_size=1, max_size=70),
)
def test_all_commands_keep_every_invariant(
    profile: str, players: int, seed: int, started: int, features: list[int], steps: list[tuple[str, int]]
) -> None:
    d = Director(profile, players, seed, features)
    if started:  # most examples begin at the draw, so that they reach deep into play
        d.run({"cmd": "seat_all"})
        d.run({"cmd": "start_clock"})
    d.check()
    for op, entropy in steps:
        d.step(op, entropy)
    d.check_replay()
