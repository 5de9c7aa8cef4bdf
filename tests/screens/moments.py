"""The moments a room screen is proved at, for the Qt and the browser displays alike: the demo running,
its break with a colour-up, and its final table."""

from __future__ import annotations

from app.api import Tournament, build_demo, views


def final_table(players: int = 30) -> Tournament:
    """A demo tournament busted down to its final table, its seats drawn."""
    t = build_demo(players=players, level=3)
    while True:
        view = views.read(t, t.time.now())
        if view.pending:
            t.execute(dict(view.pending[0].command))
            continue
        if view.field.final_table:
            return t
        live = [p for p in view.players if p.place is None and p.table is not None]
        t.execute({"cmd": "bust", "player": min(live, key=lambda p: p.stack).name})
        t.time.advance(20)  # type: ignore[attr-defined]


def busy_moments(players: int | None = None) -> list[tuple[str, Tournament, float]]:
    """(name, tournament, its time): the demo running, a minute into its first break (which has a chip
    race, so the colour-up shows), and the final table; ``players``: the demo's own number unless given."""
    demo = build_demo() if players is None else build_demo(players=players)
    now = demo.time.now()
    brk = now
    while not views.read(demo, brk).clock.on_break:
        brk += 60
    assert views.read(demo, brk + 60).clock.raw["break"]["race"]  # the busy break: a chip race
    ft = final_table()
    return [("running", demo, now), ("break", demo, brk + 60), ("final table", ft, ft.time.now() + 1)]
