"""Reading a sign-up list: a CSV (any common delimiter; UTF-8 with or without its mark, UTF-16 with its
mark, or Windows-1252) or an XLSX workbook, into rows of names (REG-10).

    rows = read_signups(Path("signups.csv"))      # [SignupRow(line=2, name="Ann Lee", paid_ahead=True), ...]

The first row is a header when it names the columns: a "name" (or "player") column, or "first name" and
"last name" columns (joined, first name first); a "paid" column (yes, y, x, 1, true, paid) says the buy-in
was paid ahead. Without a header the first column holds the names. A workbook is read from its first
sheet, read-only and values only: a formula is never evaluated (its last saved value is read, if any)
and no macro runs. A file too big, with too many rows, in another format or unreadable is refused in
one sentence (:class:`SignupFileError`); a bad row is not refused here: the preview says why it is
skipped (:func:`app.api.preview`).
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from app.api import NEW, Plan, Preview, SignupRow, TournamentState, preview
from app.commands.entries import Preregister
from app.i18n import _
from app.views.parts.tournament import preregistered

MAX_BYTES = 5 * 1024 * 1024  # a sign-up list of thousands of names is well under a megabyte
MAX_ROWS = 5000  # as many as one pre-registration takes
MAX_UNPACKED = 64 * 1024 * 1024  # what a workbook's parts may unpack to (a small file can hide a huge one)
MAX_COLUMNS = 50  # a sign-up list's columns are read up to this one
_NAME_HEADERS = {"name", "names", "player", "players", "full name", "player name", "nom", "nombre", "name and surname"}
_FIRST_HEADERS = {"first name", "first", "firstname", "given name", "forename", "prénom", "prenom"}
_LAST_HEADERS = {"last name", "last", "lastname", "surname", "family name", "nom de famille", "apellido"}
_PAID_HEADERS = {"paid", "paid ahead", "prepaid", "pre-paid", "buy-in paid", "payé", "paye", "pagado"}
_YES = {"yes", "y", "x", "1", "true", "paid", "oui", "si", "sí", "ja", "✓", "✔"}
_DELIMITERS = ",;\t|"


class SignupFileError(Exception):
    """The list cannot be read at all; the message says why, in words."""


def read_signups(path: Path) -> list[SignupRow]:
    """The rows of the sign-up list at ``path`` (.csv, .txt, .tsv or .xlsx), refused in words when the file
    cannot be read."""
    try:
        size = path.stat().st_size
    except OSError as err:
        raise SignupFileError(_("{file} cannot be read: {reason}.", file=path.name,
                                reason=err.strerror or err)) from None
    if size > MAX_BYTES:
        raise SignupFileError(_("{file} is {size} MB; a sign-up list is at most {most} MB.", file=path.name,
                                size=f"{size / 1024 / 1024:.1f}", most=MAX_BYTES // 1024 // 1024))
    suffix = path.suffix.lower()
    if suffix in (".xls", ".xlsb", ".ods", ".numbers"):
        raise SignupFileError(_("{file} is a {suffix} file; save it as .xlsx or .csv first.", file=path.name,
                                suffix=suffix))
    data = _read_bytes(path)
    if suffix in (".xlsx", ".xlsm") or data[:4] == b"PK\x03\x04":
        return rows_from_table(_xlsx_rows(path))
    return rows_from_table(_csv_rows(decode(data, path.name)))


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as err:
        raise SignupFileError(_("{file} cannot be read: {reason}.", file=path.name,
                                reason=err.strerror or err)) from None


def decode(data: bytes, name: str = "the file") -> str:
    """The text of a CSV: UTF-8 (its mark dropped), UTF-16 with its mark, else Windows-1252."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    if b"\x00" in data[:4096]:
        raise SignupFileError(_("{file} is not a text file; a sign-up list is a .csv or an .xlsx.", file=name))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        raise SignupFileError(_("{file} is neither UTF-8 nor Windows-1252 text; save it as CSV UTF-8.",
                                file=name)) from None


def _csv_rows(text: str) -> list[list[str]]:
    rows: list[list[str]] = []
    try:
        for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter(text[:8192])):
            rows.append(row)
            if len(rows) > MAX_ROWS + 1:
                raise SignupFileError(_("The list has more than {most} rows; split it.", most=f"{MAX_ROWS:,}"))
    except csv.Error as err:
        raise SignupFileError(_("The list cannot be read as CSV at row {row}: {reason}.", row=len(rows) + 1,
                                reason=err)) from None
    return rows


def delimiter(sample: str) -> str:
    """The delimiter of a CSV: a comma, semicolon, tab or bar, as the sample uses it (a comma when it has
    one column)."""
    try:
        found = csv.Sniffer().sniff(sample, delimiters=_DELIMITERS).delimiter
    except csv.Error:
        counts = {d: sample.count(d) for d in _DELIMITERS}
        found = max(counts, key=lambda d: counts[d])
        return found if counts[found] else ","
    return found


def _xlsx_rows(path: Path) -> list[list[str]]:
    try:
        with zipfile.ZipFile(path) as parts:
            unpacked = sum(info.file_size for info in parts.infolist())
    except (zipfile.BadZipFile, OSError) as err:
        raise SignupFileError(_("{file} cannot be read as an .xlsx workbook ({reason}).", file=path.name,
                                reason=err)) from None
    if unpacked > MAX_UNPACKED:
        raise SignupFileError(_("{file} unpacks to {size} MB; a sign-up list's workbook is at most {most} MB "
                                "unpacked.", file=path.name, size=f"{unpacked / 1024 / 1024:,.0f}",
                                most=MAX_UNPACKED // 1024 // 1024))
    import openpyxl  # only when a workbook is read: the window starts without it (a seventh of a second)

    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True, keep_vba=False, keep_links=False)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError) as err:
        raise SignupFileError(_("{file} cannot be read as an .xlsx workbook ({reason}).", file=path.name,
                                reason=err)) from None
    try:
        sheet = book.worksheets[0] if book.worksheets else None
        if sheet is None:
            return []
        rows: list[list[str]] = []
        for values in sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True):
            rows.append(["" if v is None else _cell_text(v) for v in values])
            if len(rows) > MAX_ROWS + 1:
                raise SignupFileError(_("The list has more than {most} rows; split it.", most=f"{MAX_ROWS:,}"))
        return rows
    finally:
        book.close()


def _cell_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _norm(cell: str) -> str:
    return " ".join(cell.replace("_", " ").strip().casefold().split())


def _header(row: Sequence[str]) -> tuple[list[int], int | None] | None:
    """(the name columns, the paid column) when ``row`` is a header, else None."""
    cells = [_norm(c) for c in row]
    paid = next((i for i, c in enumerate(cells) if c in _PAID_HEADERS), None)
    name = next((i for i, c in enumerate(cells) if c in _NAME_HEADERS), None)
    if name is not None:
        return [name], paid
    first = next((i for i, c in enumerate(cells) if c in _FIRST_HEADERS), None)
    last = next((i for i, c in enumerate(cells) if c in _LAST_HEADERS), None)
    if first is not None and last is not None:
        return [first, last], paid
    if first is not None or last is not None:
        return [first if first is not None else last], paid  # type: ignore[list-item]
    return None


def rows_from_table(table: Iterable[Sequence[str]]) -> list[SignupRow]:
    """Rows of cells (the first one perhaps a header) as sign-up rows, numbered as the file numbers them.
    Wholly empty rows are left out; a row with other cells but no name is kept (the preview says why)."""
    rows = list(table)
    if len(rows) > MAX_ROWS + 1:
        raise SignupFileError(_("The list has more than {most} rows; split it.", most=f"{MAX_ROWS:,}"))
    header = _header(rows[0]) if rows else None
    columns, paid = header if header is not None else ([0], None)
    out: list[SignupRow] = []
    for number, cells in enumerate(rows, start=1):
        if header is not None and number == 1:
            continue
        if not any(str(c).strip() for c in cells):
            continue
        name = " ".join(str(cells[i]).strip() for i in columns if i < len(cells) and str(cells[i]).strip())
        paid_ahead = paid is not None and paid < len(cells) and _norm(str(cells[paid])) in _YES
        out.append(SignupRow(number, name, paid_ahead))
    if len(out) > MAX_ROWS:
        raise SignupFileError(_("The list has {n} names; at most {most} are imported at once.", n=f"{len(out):,}",
                                most=f"{MAX_ROWS:,}"))
    return out


def preview_for(rows: Sequence[SignupRow], state: TournamentState, roster: Iterable[str] = ()) -> Preview:
    """The preview of ``rows`` against the ``roster``'s names and the tournament ``state`` (its players, the
    eliminated ones too, and its pre-registered names)."""
    return preview(rows, roster=roster, players=[p.name for p in state.players.values()],
                   preregistered=[r.name for r in preregistered(state)])


def import_command(plan: Plan) -> Preregister | None:
    """The one pre-registration a plan makes (None: nobody to pre-register). Every name was matched (or
    answered) in the preview, so a name differing from a known one only in its accents was answered "a new
    player" there: ``another`` says so."""
    if not plan.names:
        return None
    return Preregister(names=list(plan.names), paid_names=list(plan.paid), another=True)


def preview_lines(p: Preview, answers: dict[int, str] | None = None) -> list[str]:
    """The preview in words, one line a row, for the command line: what is imported, what is asked (with the
    candidates) and what is left out, each with why."""
    plan = p.plan(answers)
    counts = p.counts
    head = (f"{len(p.rows)} row{'s' if len(p.rows) != 1 else ''}: {counts.get('matched', 0)} matched, "
            f"{counts.get('new', 0)} new, {counts.get('ask', 0)} asked, {counts.get('already', 0)} already in, "
            f"{counts.get('duplicate', 0)} duplicate, {counts.get('skipped', 0)} skipped")
    lines = [head]
    for row in p.rows:
        paid = " (paid ahead)" if row.paid_ahead and row.outcome in ("matched", "new", "ask") else ""
        lines.append(f"  line {row.line}: {row.outcome.upper()} {row.typed}{paid}: {row.reason}")
        if row.asked:
            for c in row.candidates:
                lines.append(f"      candidate: {c.words()}")
            answer = (answers or {}).get(row.line)
            if answer is not None:
                lines.append(f"      answered: {'a new player' if answer == NEW else answer}")
    lines.append(f"To pre-register: {len(plan.names)} ({len(plan.paid)} paid ahead).")
    unanswered = [f"line {line} ({name})" for line, name, why in plan.left_out if why.startswith("asked")]
    if unanswered:
        lines.append("Left out, asked and not answered: " + ", ".join(unanswered)
                     + " (answer with --answer LINE=NAME or --answer LINE=new).")
    return lines
