"""The phones' page and the browser display in each phone's language, through the real server.

A phone asks with ``?lang=`` or, asking nothing, gets the nearest of its browser's languages
(Accept-Language), else the phones' language (``floorman serve --lang``). Each request is answered in its
own language: the server's threads never share one. The page's own words and its script's are translated
when it is served; in the pseudo-language en-XA every one of them is bracketed.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from app.core.timesource import WallClock
from tests.support.serving import start_serve
from tests.web.page_in_node import node, run_page
from tests.web.support import NAMES, Served
from tests.web.test_browser import chromium, run_browser
from web.server import accepted, phone_language

BRACKETED = re.compile(r"\[[^\[\]]*\]")
FIGURES = re.compile(r"\b(T-)?\d+(st|nd|rd|th)\b")


def english_words(texts: list[str], data: tuple[str, ...] = ()) -> list[str]:
    """The texts holding English words outside any bracket, other than the tournament's data and figures."""
    out = []
    for text in texts:
        rest = BRACKETED.sub(" ", text)
        for value in sorted(data, key=len, reverse=True):
            rest = rest.replace(value, " ")
        if re.search(r"[A-Za-z]{2,}", FIGURES.sub(" ", rest)):
            out.append(text)
    return out


class Words(HTMLParser):
    """The words a page's markup shows: its text (not its script or style) and its placeholders."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        self.texts += [v for k, v in attrs if k in ("placeholder", "title", "alt") and v]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.texts.append(data.strip())


def markup_words(body: bytes) -> list[str]:
    parser = Words()
    parser.feed(body.decode())
    return parser.texts


def script_words(body: bytes) -> dict[str, Any]:
    found = re.search(r"W=(\{.*?\}),LANG=", body.decode(), re.S)
    assert found, "the page gives its script no words"
    return json.loads(found.group(1))


def flat(value: Any) -> list[str]:
    if isinstance(value, list):
        return [s for v in value for s in flat(v)]
    return [str(value)] if value not in (None, "") else []


@pytest.fixture
def served():
    s = Served()
    s.execute({"cmd": "start_clock"})
    s.execute({"cmd": "bust", "player": "Jonas Berg"})
    yield s
    s.close()


def test_the_phone_page_in_the_pseudo_language_brackets_every_word(served):
    status, headers, body = served.request("GET", "/?lang=en-XA")
    assert status == 200 and headers["content-language"] == "en-XA"
    shown = markup_words(body)
    assert len(shown) > 10 and english_words(shown) == []
    words = script_words(body)
    assert english_words(flat(list(words.values()))) == []
    assert "<html lang=\"en-XA\">" in body.decode()
    # What the page's script then writes from the server's answers in the same language
    node()
    state = served.request("GET", "/api/state?lang=en-XA")[2]
    seat = served.request("GET", "/api/seat?name=jonas&lang=en-XA")[2]
    page = run_page(state, seat, search="?find=jonas", code="en-XA")
    texts = [t for key, v in page.items() if key != "document_title" and not v["hidden"] for t in flat(v["shows"])]
    assert any("[" in t for t in texts)
    data = (*NAMES, "Test Night", "Texas Hold'em")  # the game's name is the structure's data
    assert english_words(texts, data) == []
    found = " ".join(flat(page["found"]["shows"]))
    assert "Jonas Berg" in found and "[öûţ, 12th~]" in found


def test_a_french_browser_gets_the_page_and_the_answers_in_french(served):
    asks = {"Accept-Language": "fr-CA,fr;q=0.9"}
    status, headers, body = served.request("GET", "/", headers=asks)
    assert status == 200 and headers["content-language"] == "fr"
    shown = markup_words(body)
    assert "joueurs restants" in shown and "Trouver ma place" in shown and "Votre nom" in shown
    words = script_words(body)
    assert words["no_player"] == "Aucun joueur trouvé"
    assert words["table_players"] == ["Table {number} · {n} joueur", "Table {number} · {n} joueurs"]
    state = json.loads(served.request("GET", "/api/state", headers=asks)[2])
    assert state["payouts"][0]["place"] == "1er" and state["prize_pool"] == "1\u202f200,00\xa0$US"
    seat = json.loads(served.request("GET", "/api/seat?name=jonas", headers=asks)[2])
    assert seat["matches"][0]["place"] == "12e"
    # the same server answers another phone in English at the same time: the language is per request
    english = json.loads(served.request("GET", "/api/seat?name=jonas")[2])
    assert english["matches"][0]["place"] == "12th"
    # a refusal is said in the phone's language too
    status, _h, refused = served.request("POST", "/api/state", headers=asks)
    assert status == 405 and refused.decode() == "Cette page est en lecture seule."


def test_the_phones_script_writes_its_words_in_french(served):
    node()
    state = served.request("GET", "/api/state?lang=fr")[2]
    page = run_page(state, code="fr")
    assert page["level"]["shows"] == "NIVEAU 1"
    tables = " ".join(flat(page["tables"]["shows"]))
    assert re.search(r"Table 1 · \d joueurs", tables) and "Siège 1" in tables


def test_a_phone_picks_the_nearest_offered_language_else_the_phones_default():
    assert accepted("fr-CA,fr;q=0.9,en;q=0.5") == ["fr-CA", "fr", "en"]
    assert accepted("de;q=0.2, es , *;q=0.1") == ["es", "de"]
    assert phone_language("", "fr-CA,fr;q=0.9", "de") == "fr"
    assert phone_language("", "pt-PT", "en") == "pt-BR"
    assert phone_language("", "ja-JP,ko;q=0.5", "de") == "de"  # none on offer: the phones' language
    assert phone_language("es", "fr-CA", "de") == "es"  # ?lang= wins over the browser
    assert phone_language("xx", "fr-CA", "de") == "fr"  # a code not on offer is as if none was asked
    assert phone_language("en-xa", "", "de") == "en-XA"
    assert phone_language("", "", "de") == "de"


def test_the_phones_language_is_the_default_for_a_phone_that_asks_for_none():
    s = Served(language="de")
    try:
        status, headers, body = s.request("GET", "/")
        assert headers["content-language"] == "de" and "Meinen Platz finden" in markup_words(body)
        assert "Find my seat" in markup_words(s.request("GET", "/?lang=en")[2])
    finally:
        s.close()


def test_the_browser_display_takes_its_language_from_the_address(served):
    status, headers, body = served.request("GET", "/display?lang=es")
    assert status == 200 and headers["content-language"] == "es"
    assert "Pantalla de sala" in markup_words(body) and "Conectando…" in markup_words(body)
    pic = json.loads(served.request("GET", "/display/state?layout=nope&lang=es")[2])
    assert pic["problem"].startswith("No existe el diseño 'nope'")


def test_a_french_browser_shows_the_phone_page_in_french(tmp_path):
    browser = chromium()
    s = Served(clock=WallClock())
    try:
        s.execute({"cmd": "start_clock"})
        dom = run_browser(browser, tmp_path / "p", s.url + "?poll=1", "--accept-lang=fr-CA,fr", "--dump-dom",
                          ms=1500)
    finally:
        s.close()
    assert '<html lang="fr">' in dom
    assert "joueurs restants" in dom and "NIVEAU 1" in dom and "Trouver ma place" in dom
    assert "players left" not in dom


def test_floorman_serve_lang_sets_the_phones_language_and_refuses_an_unknown_one(tmp_path: Path):
    done = subprocess.run([sys.executable, "-m", "floorman", "serve", "--demo", "--lang", "xx"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "There is no xx catalogue" in done.stderr and "Traceback" not in done.stderr
    proc, url = start_serve("--demo", "--lang", "pt-BR", "--stop-after", "30")
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as r:  # noqa: S310 - 127.0.0.1 only
                    page = r.read()
                    language = r.headers["content-language"]
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        assert language == "pt-BR" and "Encontrar meu assento" in markup_words(page)
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_display_in_another_language_leaves_counting_words_to_the_server():
    """The page's script counts the clock's digits itself in every language, but writes words ("2 min")
    in English only: in another language the server writes them again each second instead."""
    from app import views
    from app.api import build_demo
    from app.i18n import use_language
    from screens.compose import compose
    from tests.web.test_display import one_screen
    from web.display import make_feed, picture_json

    demo = build_demo(players=40)
    now = demo.time.now()
    while views.read(demo, now + 90).clock.on_break is False:
        now += 30
    layout = one_screen("classic-16x9", "time_to_break")

    def counting(code: str) -> dict[str, Any]:
        with use_language(code):
            feed = make_feed(demo, now)
            boxes = picture_json(compose(layout, feed.room, feed.moments, now), feed, "x")["boxes"]
        return next(b for b in boxes if b["piece"] == "time_to_break")["lines"][1]

    assert counting("en")["tick"]["kind"] == "words"
    assert "tick" not in counting("de")
