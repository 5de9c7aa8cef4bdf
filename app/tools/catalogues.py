"""Keep the shipped catalogues in step with the code: ``python -m app.tools.catalogues check|todo|fill|prune``.

The words a person reads are marked in the code (``_``, ``N_``, ``ngettext``, ``pgettext``); each shipped
language keeps their translations in ``resources/locales/<code>/*.po``, as many files as is handy (one per
part of the program), read together. ``check`` lists what a language lacks: a word not translated, a word
the code no longer has (stale), a translation whose ``{placeholders}`` differ from the English words, or
one word translated two ways in two files. The catalogue test runs :func:`problems`, so a shipped language
never misses a word.

``todo CODE [--under PATH]`` prints the missing words as JSON (English -> "", a plural's two English forms
as a list); ``fill CODE FILE WORDS.json`` writes translations into ``<code>/<FILE>.po``; ``prune`` drops
stale words from every file; ``dedupe`` keeps one translation of a word two files give.
"""

from __future__ import annotations

import argparse
import io
import json
import string
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "resources" / "locales"
SOURCES: tuple[str, ...] = ("app", "db", "ui", "screens", "sheets", "web", "floorman")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
TARGETS: tuple[str, ...] = ("de", "fr", "es", "pt-BR")
CONTEXT_MARK = "\u0004"  # a word with a context is keyed "context\u0004words", as gettext does

Key = tuple[str | None, str]


def _ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (tuple, list)) else (str(message.id),)


def _strings(message: Message) -> tuple[str, ...]:
    s = message.string
    return tuple(str(x) for x in s) if isinstance(s, (tuple, list)) else ((str(s),) if s else ())


@cache
def template() -> dict[Key, Message]:
    """Every word marked in the code, by (context, English words), with where each is used."""
    found: dict[Key, Message] = {}
    for package in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT / package), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("Translators:",),
        ):
            if not message or (isinstance(message, tuple) and not all(message)):
                continue
            first = message[0] if isinstance(message, tuple) else message
            where = (f"{package}/{filename}", lineno)
            if (context, first) in found:
                found[(context, first)].locations.append(where)
            else:
                found[(context, first)] = Message(message, "", [where], auto_comments=comments, context=context)
    return found


def _files(code: str) -> list[Path]:
    folder = LOCALES / code
    return sorted(folder.glob("*.po")) if folder.is_dir() else []


def read(path: Path, code: str) -> Catalog:
    if not path.is_file():
        return Catalog(locale=code.replace("-", "_"), project="Floorman", charset="utf-8")
    with path.open("rb") as f:
        return read_po(f, locale=code.replace("-", "_"))


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    catalog.project = "Floorman"
    catalog.version = ""
    catalog.last_translator = "Floorman"
    catalog.language_team = ""
    catalog.msgid_bugs_address = ""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, ignore_obsolete=True, include_lineno=False, sort_output=True)
    path.write_bytes(buffer.getvalue())


def translations(code: str) -> dict[Key, list[tuple[Path, Message]]]:
    """Every translated word of one language, with the file(s) it is in."""
    out: dict[Key, list[tuple[Path, Message]]] = {}
    for path in _files(code):
        for message in read(path, code):
            if message.id:
                out.setdefault((message.context, _ids(message)[0]), []).append((path, message))
    return out


def placeholders(text: str) -> set[str]:
    try:
        return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<unbalanced braces>"}


@dataclass(frozen=True)
class Problem:
    code: str
    kind: str  # "missing", "stale", "placeholders", "fuzzy", "twice"
    words: str
    where: str

    def __str__(self) -> str:
        return f"{self.code}: {self.kind}: {self.words!r} ({self.where})"


def problems(code: str) -> Iterator[Problem]:
    """What one shipped language lacks against the words the code marks."""
    wanted = template()
    have = translations(code)
    for key, message in wanted.items():
        where = message.locations[0][0]
        found = have.get(key, [])
        texts = [_strings(m) for _p, m in found]
        if not found or not any(texts) or not all(all(t) for t in texts):
            yield Problem(code, "missing", key[1], where)
            continue
        if any(m.fuzzy for _p, m in found):
            yield Problem(code, "fuzzy", key[1], where)
        if len({t for t in texts}) > 1:
            yield Problem(code, "twice", key[1], ", ".join(p.name for p, _m in found))
        english = set().union(*(placeholders(i) for i in _ids(message)))
        for forms in texts:
            # A plural form may leave {n} out (French "un joueur"), never name one the English lacks.
            if any(not placeholders(t) <= english or (english - placeholders(t) - {"n"}) for t in forms):
                yield Problem(code, "placeholders", key[1], where)
                break
    for key in have.keys() - wanted.keys():
        yield Problem(code, "stale", key[1], ", ".join(p.name for p, _m in have[key]))


def todo(code: str, under: str = "") -> dict[str, object]:
    """The words one language still lacks (used under ``under``), as a JSON-ready mapping for :func:`fill`."""
    wanted = template()
    out: dict[str, object] = {}
    for problem in problems(code):
        if problem.kind == "stale":
            continue
        for key, message in wanted.items():
            if key[1] == problem.words and any(loc[0].startswith(under) for loc in message.locations):
                ids = _ids(message)
                label = key[1] if key[0] is None else f"{key[0]}{CONTEXT_MARK}{key[1]}"
                out[label] = list(ids) if len(ids) > 1 else ""
    return out


def fill(code: str, name: str, words: dict[str, object]) -> int:
    """Write translations into ``<code>/<name>.po``: English words -> the language's (a list of forms for a
    plural); the word is taken out of the language's other files, so it is in one file only."""
    wanted = template()
    target = LOCALES / code / f"{name}.po"
    catalog = read(target, code)
    keys: set[Key] = set()
    written = 0
    for label, text in words.items():
        context, _sep, first = label.rpartition(CONTEXT_MARK)
        key: Key = (context or None, first)
        message = wanted.get(key)
        if message is None or text in ("", [], None):
            continue
        if isinstance(message.id, tuple):
            forms = [str(t) for t in text] if isinstance(text, list) else [str(text)] * 2
            string_value: str | tuple[str, ...] = tuple(forms)
        else:
            string_value = str(text)
        old = catalog.get(message.id, context=key[0])
        if old is not None:
            catalog.delete(message.id, context=key[0])
        catalog.add(message.id, string_value, context=key[0], locations=list(message.locations)[:3])
        keys.add(key)
        written += 1
    write(target, catalog)
    for path in _files(code):
        if path != target:
            other = read(path, code)
            gone = [m for m in other if m.id and (m.context, _ids(m)[0]) in keys]
            for m in gone:
                other.delete(m.id, context=m.context)
            if gone:
                write(path, other)
    return written


def prune(code: str) -> int:
    """Drop the words the code no longer has from every file of one language."""
    wanted = template()
    dropped = 0
    for path in _files(code):
        catalog = read(path, code)
        stale = [m for m in catalog if m.id and (m.context, _ids(m)[0]) not in wanted]
        for m in stale:
            catalog.delete(m.id, context=m.context)
        if stale:
            write(path, catalog)
            dropped += len(stale)
    return dropped


def dedupe(code: str) -> int:
    """A word translated in two files of one language keeps the first file's translation (by file name)."""
    wanted = template()
    dropped = 0
    for key, found in translations(code).items():
        if key not in wanted or len(found) < 2:
            continue
        for path, message in found[1:]:
            catalog = read(path, code)
            catalog.delete(message.id, context=message.context)
            write(path, catalog)
            dropped += 1
    return dropped


def _arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m app.tools.catalogues",
                                     description="Keep the shipped catalogues in step with the code.")
    jobs = parser.add_subparsers(dest="what")
    for name, about in (("check", "list what each language lacks (exit 1 if anything)"),
                        ("prune", "drop words the code no longer has"),
                        ("dedupe", "keep one translation of a word two files give")):
        job = jobs.add_parser(name, help=about)
        job.add_argument("codes", nargs="*", metavar="CODE", help="languages (all shipped ones if none)")
    job = jobs.add_parser("todo", help="print a language's missing words as JSON")
    job.add_argument("code", metavar="CODE")
    job.add_argument("--under", default="", metavar="PATH", help="only words marked under this path")
    job = jobs.add_parser("fill", help="write translations from a JSON file into CODE/FILE.po")
    job.add_argument("code", metavar="CODE")
    job.add_argument("file", metavar="FILE", help="the catalogue's name, without .po (sheets, window, ...)")
    job.add_argument("words", metavar="WORDS.json", type=Path)
    return parser


def main(argv: list[str]) -> int:
    args = _arguments().parse_args(argv or ["check"])
    if args.what == "todo":
        print(json.dumps(todo(args.code, args.under), ensure_ascii=False, indent=1))
        return 0
    if args.what == "fill":
        try:
            words = json.loads(args.words.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            print(f"cannot read {args.words}: {exc}", file=sys.stderr)
            return 2
        print(f"{fill(args.code, args.file, words)} translations written to {args.code}/{args.file}.po")
        return 0
    codes = tuple(args.codes) or TARGETS
    if args.what == "dedupe":
        print(f"{sum(dedupe(c) for c in codes)} second translations dropped")
        return 0
    if args.what == "prune":
        print(f"{sum(prune(c) for c in codes)} stale words dropped")
        return 0
    found = [p for code in codes for p in problems(code)]
    for p in found:
        print(p)
    print(f"{len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
