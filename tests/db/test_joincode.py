"""The join code: one text holding where the shared tournament is and the station's role, refused in
words when damaged."""

from __future__ import annotations

import base64
import json

import pytest

from app.commands.roles import ROLES
from db.joincode import PREFIX, JoinCodeError, JoinInfo, info_from_url, is_code, make_code, read_code, terminal_qr

INFO = JoinInfo("192.168.1.23", 54321, "tournament", "floorman", "s3cr/et+p@ss:w0rd", "desk")


@pytest.mark.parametrize("role", ROLES)
def test_a_code_gives_back_what_it_holds_for_each_role(role: str) -> None:
    info = INFO.with_role(role)
    code = make_code(info)
    assert code.startswith(PREFIX) and is_code(code)
    assert read_code(code) == info
    assert "=" not in code and "+" not in code and "/" not in code.removeprefix(PREFIX)


def test_a_code_read_out_with_spaces_and_line_breaks_still_reads() -> None:
    code = make_code(INFO)
    spaced = " ".join(code[i:i + 8] for i in range(0, len(code), 8)).replace(" ", "\n", 3)
    assert read_code(spaced) == INFO


def test_the_url_of_a_code_quotes_the_password_and_brackets_ipv6() -> None:
    assert INFO.url() == "postgresql://floorman:s3cr%2Fet%2Bp%40ss%3Aw0rd@192.168.1.23:54321/tournament"
    assert info_from_url(INFO.url(), "desk") == INFO
    six = JoinInfo("fe80::1", 5432, "t", "floorman", "pw")
    assert six.url() == "postgresql://floorman:pw@[fe80::1]:5432/t"
    assert info_from_url(six.url()) == six


@pytest.mark.parametrize("damage", [
    lambda c: c[:-1],                                   # cut short by one character
    lambda c: c[:len(c) // 2],                          # cut in half
    lambda c: c[:20] + ("A" if c[20] != "A" else "B") + c[21:],  # one character mistyped
    lambda c: c + "x",                                  # a character too many
    lambda c: c + "!!",                                 # not base64 at all
    lambda c: PREFIX,                                   # nothing after the prefix
])
def test_a_damaged_code_is_refused_in_words(damage) -> None:
    with pytest.raises(JoinCodeError) as err:
        read_code(damage(make_code(INFO)))
    assert "damaged" in err.value.message and "Nothing was opened" in err.value.message


def test_a_text_that_is_no_code_is_refused_in_words() -> None:
    with pytest.raises(JoinCodeError) as err:
        read_code("hello")
    assert "starts with" in err.value.message
    assert not is_code("postgresql://a:b@c/d")


def _packed(fields: dict[str, object]) -> str:
    import hashlib

    body = json.dumps(fields).encode()
    return PREFIX + base64.urlsafe_b64encode(body + hashlib.sha256(body).digest()[:4]).decode().rstrip("=")


def test_a_sound_code_with_an_unknown_role_or_version_is_refused_in_words() -> None:
    fields = {"v": 1, "h": "10.0.0.1", "p": 5432, "d": "t", "u": "floorman", "k": "pw", "r": "cashier"}
    with pytest.raises(JoinCodeError, match="'cashier' is not a station's role"):
        read_code(_packed(fields))
    with pytest.raises(JoinCodeError, match="newer Floorman"):
        read_code(_packed({**fields, "r": "desk", "v": 2}))
    with pytest.raises(JoinCodeError, match="damaged"):
        read_code(_packed({**fields, "r": "desk", "p": "5432"}))
    with pytest.raises(JoinCodeError, match="is not a station's role"):
        make_code(JoinInfo("10.0.0.1", 5432, "t", "floorman", "pw", "boss"))


@pytest.mark.parametrize("url", ["mysql://a:b@h/d", "postgresql://a:b@h:99999/d", "postgresql://a:b@h/",
                                 "postgresql://h/d"])
def test_a_server_url_that_cannot_be_used_is_refused_in_words(url: str) -> None:
    with pytest.raises(JoinCodeError) as err:
        info_from_url(url)
    assert "Nothing was opened" in err.value.message


def test_the_terminal_qr_code_is_drawn_in_blocks() -> None:
    drawn = terminal_qr(make_code(INFO))
    assert len(drawn.splitlines()) > 10 and "\u2588" in drawn


def test_a_code_naming_a_standby_copy_gives_a_url_of_both_servers_that_joins_only_one_taking_actions() -> None:
    info = JoinInfo("192.168.1.23", 54321, "tournament", "station_0123456789abcdef", "pw", "floor",
                    (("192.168.1.24", 54322), ("fe80::1", 5433)))
    back = read_code(make_code(info))
    assert back == info and back.with_role("screen").standbys == info.standbys
    assert back.url() == ("postgresql://station_0123456789abcdef:pw@192.168.1.23:54321,192.168.1.24:54322,"
                          "[fe80::1]:5433/tournament?target_session_attrs=read-write")
    data = make_code(INFO).removeprefix(PREFIX)
    plain = json.loads(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))[:-4])
    assert "s" not in plain and "target_session_attrs" not in INFO.url()  # without a standby: as it always was


@pytest.mark.parametrize("standbys", ["10.0.0.2", [["10.0.0.2"]], [["10.0.0.2", "5433"]], [["", 5433]],
                                      [["10.0.0.2", 70000]], [["10.0.0.2", True]]])
def test_a_code_with_a_damaged_standby_is_refused_in_words(standbys: object) -> None:
    code = _packed({"v": 1, "h": "10.0.0.1", "p": 5433, "d": "t", "u": "u", "k": "k", "r": "floor", "s": standbys})
    with pytest.raises(JoinCodeError) as err:
        read_code(code)
    assert "damaged" in err.value.message
