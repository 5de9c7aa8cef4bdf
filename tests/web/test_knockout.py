"""A knockout tournament on the phones: the largest bounties, the bounty pool and each player's bounty in
find my seat, in the JSON and on the page (run by Node with a stand-in document)."""

from __future__ import annotations

import pytest

from tests.web.page_in_node import run_page
from tests.web.support import Served

PKO_NAMES = ["Ann Lee", "Bo Chen", "Cy Diaz", "Søren Ørsted", "Eve Fox", "Fay Gu"]


@pytest.fixture
def pko():
    s = Served(profile="tda-pko", names=PKO_NAMES)  # $100 buy-in, $50 on each head, half paid in cash
    s.execute({"cmd": "start_clock"})
    s.execute({"cmd": "bust", "player": "Ann Lee", "eliminated_by": "Søren Ørsted"})
    yield s
    s.close()


def test_ko_3_the_phones_json_has_the_bounties_after_a_knockout(pko):
    state = pko.json("/api/state")
    # Søren took Ann's $50: $25 in cash, $25 on his own head ($75); the other four still carry $50.
    assert state["bounties"][0] == {"rank": 1, "name": "Søren Ørsted", "bounty": "$75.00"}
    assert sorted((b["rank"], b["name"], b["bounty"]) for b in state["bounties"][1:]) == [
        (2, n, "$50.00") for n in ("Bo Chen", "Cy Diaz", "Eve Fox", "Fay Gu")]
    assert "Ann Lee" not in [b["name"] for b in state["bounties"]]  # out: no bounty in play
    assert state["bounty_pool"] == "$300.00"
    found = pko.json("/api/seat?name=soren")["matches"]
    assert [(m["name"], m["bounty"]) for m in found] == [("Søren Ørsted", "$75.00")]
    assert pko.json("/api/seat?name=ann+lee")["matches"][0]["bounty"] == ""  # out: no bounty shown


def test_ko_3_the_page_shows_the_largest_bounties_and_a_players_bounty(pko):
    page = run_page(pko.request("GET", "/api/state")[2], pko.request("GET", "/api/seat?name=soren")[2],
                    search="?find=soren&poll=1")
    assert page["bcard"]["hidden"] is False  # the card shows only in a knockout event
    assert page["bpool"]["shows"] == "Bounty pool $300.00"
    rows = page["bounties"]["shows"]
    assert rows[0] == ["1.", "Søren Ørsted", "$75.00"] and len(rows) == 5
    assert sorted(r[1] for r in rows[1:]) == ["Bo Chen", "Cy Diaz", "Eve Fox", "Fay Gu"]
    assert all(r[0] == "2." and r[2] == "$50.00" for r in rows[1:])
    assert page["found"]["shows"] == [["Søren Ørsted: ", "Table 1, seat 6", " · bounty $75.00"]]


def test_ko_3_without_bounties_the_page_keeps_the_card_hidden():
    s = Served()
    try:
        state = s.json("/api/state")
        assert state["bounties"] == [] and state["bounty_pool"] is None
        page = run_page(s.request("GET", "/api/state")[2])
        assert page["bcard"]["hidden"] is True and page["bounties"]["shows"] == ""
    finally:
        s.close()
