"""Reading a sign-up list (REG-10): CSV in the encodings and delimiters lists come in, XLSX read-only and
values only, and files that cannot be read refused in words."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from db import signup_list
from db.signup_list import SignupFileError, read_signups


def _names(rows) -> list[tuple[int, str, bool]]:
    return [(r.line, r.name, r.paid_ahead) for r in rows]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp1252", "utf-16"])
@pytest.mark.parametrize("sep", [",", ";", "\t", "|"])
def test_reg_10_a_csv_in_any_common_encoding_and_delimiter(tmp_path: Path, encoding: str, sep: str) -> None:
    text = sep.join(["Name", "Paid"]) + "\r\n" + sep.join(["José Núñez", "yes"]) + "\r\n" + \
        sep.join(["Zoë Brontë", ""]) + "\r\n" + sep.join(["", ""]) + "\r\n" + sep.join(["Ann Lee", "x"]) + "\r\n"
    path = tmp_path / "list.csv"
    path.write_bytes(text.encode(encoding))
    assert _names(read_signups(path)) == [(2, "José Núñez", True), (3, "Zoë Brontë", False), (5, "Ann Lee", True)]


def test_reg_10_first_and_last_name_columns_are_joined_and_no_header_means_names(tmp_path: Path) -> None:
    path = tmp_path / "a.csv"
    path.write_text("Email;Last name;First name\na@x;Núñez;José\nb@x;Lee;Ann\n", encoding="utf-8")
    assert _names(read_signups(path)) == [(2, "José Núñez", False), (3, "Ann Lee", False)]
    bare = tmp_path / "b.csv"
    bare.write_text('Ann Lee\n"Núñez, José"\nBo Chen\n', encoding="utf-8")
    assert [r.name for r in read_signups(bare)] == ["Ann Lee", "Núñez, José", "Bo Chen"]


def test_reg_10_a_workbook_is_read_values_only_and_a_formula_never_evaluated(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Player", "Paid"])
    sheet.append(["Ann Lee", True])
    sheet.append(['=HYPERLINK("http://x","Bo")', "no"])  # saved without a value: nothing is computed
    sheet.append(["José Núñez", 1])
    path = tmp_path / "list.xlsx"
    book.save(path)
    assert _names(read_signups(path)) == [(2, "Ann Lee", True), (3, "", False), (4, "José Núñez", True)]


def test_reg_10_files_that_cannot_be_read_are_refused_in_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    old = tmp_path / "list.xls"
    old.write_bytes(b"\xd0\xcf\x11\xe0")
    with pytest.raises(SignupFileError, match="save it as .xlsx or .csv"):
        read_signups(old)
    broken = tmp_path / "list.xlsx"
    broken.write_bytes(b"PK\x03\x04 not really a workbook")
    with pytest.raises(SignupFileError, match="cannot be read as an .xlsx"):
        read_signups(broken)
    binary = tmp_path / "list.csv"
    binary.write_bytes(b"\x00\x01\x02Ann")
    with pytest.raises(SignupFileError, match="not a text file"):
        read_signups(binary)
    with pytest.raises(SignupFileError, match="cannot be read"):
        read_signups(tmp_path / "missing.csv")
    monkeypatch.setattr(signup_list, "MAX_BYTES", 100)
    big = tmp_path / "big.csv"
    big.write_text("Ann Lee\n" * 50, encoding="utf-8")
    with pytest.raises(SignupFileError, match="a sign-up list is at most"):
        read_signups(big)
    monkeypatch.setattr(signup_list, "MAX_BYTES", 10_000_000)
    monkeypatch.setattr(signup_list, "MAX_ROWS", 10)
    with pytest.raises(SignupFileError, match="more than 10 rows"):
        read_signups(big)


def test_reg_10_a_workbook_that_unpacks_too_big_is_refused_before_it_is_opened(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for i in range(200):
        sheet.append([f"Player {i}"])
    path = tmp_path / "list.xlsx"
    book.save(path)
    assert len(read_signups(path)) == 200
    monkeypatch.setattr(signup_list, "MAX_UNPACKED", 1000)
    with pytest.raises(SignupFileError, match="unpacks to"):
        read_signups(path)
