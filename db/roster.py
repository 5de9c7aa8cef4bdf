"""The player roster shared by every tournament: names, nicknames, a phone number or ID, and search.

It lives in one SQLite file in the user's data folder (``platformdirs``: ``~/.local/share/Floorman``
on Linux, ``%LOCALAPPDATA%\\Floorman`` on Windows), or wherever ``FLOORMAN_DATA_DIR`` or the ``path``
argument points (tests use that). Several copies of Floorman may use the roster at once (each running
its own tournament): every change is one short WAL transaction, so no lock is needed.

    with Roster.open() as roster:
        ann = roster.add("Ann Lee", nickname="Annie", contact="+1 555 0100")
        roster.search("ann")      # by any part of the name, nickname or contact, accents ignored
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import TracebackType

from sqlalchemy import Connection, Float, Integer, String, Text, case, func, insert, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from app.i18n import _
from app.names import fold_key
from db import roster_backups, schema
from db.errors import DamagedFile, NotATournamentFile, StoreError
from db.private import private_dir, private_file
from db.roster_backups import ROSTER_FORMAT

ROSTER_REVISION = "r0003"  # the newest of db/roster_migrations (a test checks they agree)


class RosterBase(DeclarativeBase):
    pass


class RosterMeta(RosterBase):
    __tablename__ = "meta"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class RosterRow(RosterBase):
    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(Text)
    nickname: Mapped[str | None] = mapped_column(Text, nullable=True)
    contact: Mapped[str | None] = mapped_column(Text, nullable=True)  # phone number or ID
    search_key: Mapped[str] = mapped_column(Text, index=True)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    merged_into: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the same person's other entry
    merged_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class MergeRow(RosterBase):
    """Every merge of two roster entries, and its undoing: the history is kept."""

    __tablename__ = "merges"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    from_id: Mapped[int] = mapped_column(Integer)
    into_id: Mapped[int] = mapped_column(Integer)
    at: Mapped[float] = mapped_column(Float)
    undone_at: Mapped[float | None] = mapped_column(Float, nullable=True)


@dataclass(frozen=True)
class RosterPlayer:
    id: int
    name: str
    nickname: str | None
    contact: str | None
    merged_into: int | None = None


def default_roster_path() -> Path:
    from oskit.dirs import user_data_dir

    return user_data_dir() / "players.sqlite"


def _clean(text: str | None) -> str | None:
    if text is None:
        return None
    text = " ".join(text.split())
    return text or None


class Roster:
    def __init__(self, path: Path, session: Session) -> None:
        self.path = path
        self._session = session
        self.backup_errors: list[str] = []  # why the backup made when it was opened failed, in words

    @classmethod
    def open(cls, path: Path | str | None = None) -> Roster:
        path = Path(path) if path is not None else default_roster_path()
        try:
            private_dir(path.parent, tighten=False)  # folders created here are owner-only
            if not path.exists():
                private_file(path)  # names and phone numbers: owner-only, -wal and -shm too
        except OSError as exc:
            raise StoreError(_("Floorman cannot create the folder {folder} for the player roster.",
                               folder=path.parent), path) from exc
        backup_errors: list[str] = []
        if path.exists() and path.stat().st_size > 0:
            revision = _check_roster(path)
            try:  # backed up as the tournaments are; a failed backup never stops the roster
                roster_backups.backup_if_due(path, upgrading=revision != ROSTER_REVISION)
            except StoreError as exc:
                backup_errors.append(exc.message)
        engine = schema.make_engine(path)
        try:
            with engine.begin() as conn:
                if _revision(conn) != ROSTER_REVISION:
                    migrate_roster(conn)
                facts = {str(k): str(v) for k, v in conn.execute(select(RosterMeta.key, RosterMeta.value))}
                if not facts:
                    conn.execute(insert(RosterMeta), [{"key": "format", "value": ROSTER_FORMAT},
                                                      {"key": "schema", "value": "1"}])
                elif facts.get("format") != ROSTER_FORMAT:
                    raise NotATournamentFile(f"{path} is not a Floorman player roster.", path)
        except SQLAlchemyError as exc:
            engine.dispose()
            raise _in_roster_words(schema.translate_error(exc, path), path) from exc
        except StoreError:
            engine.dispose()
            raise
        roster = cls(path, Session(engine))
        roster.backup_errors = backup_errors
        return roster

    def add(self, name: str, nickname: str | None = None, contact: str | None = None) -> RosterPlayer:
        clean = _clean(name)
        if not clean:
            raise ValueError(_("A player needs a name."))
        nick, phone = _clean(nickname), _clean(contact)
        now = time.time()
        with self._session.begin():
            new_id = self._session.execute(
                insert(RosterRow).returning(RosterRow.id),
                [{"name": clean, "nickname": nick, "contact": phone, "search_key": _key(clean, nick, phone),
                  "created_at": now, "updated_at": now}],
            ).scalar_one()
        return RosterPlayer(new_id, clean, nick, phone)

    def update(self, player_id: int, *, name: str | None = None, nickname: str | None = None,
               contact: str | None = None) -> RosterPlayer:
        old = self.get(player_id)
        new_name = _clean(name) or old.name
        nick = old.nickname if nickname is None else _clean(nickname)
        phone = old.contact if contact is None else _clean(contact)
        with self._session.begin():
            self._session.execute(update(RosterRow).where(RosterRow.id == player_id).values(
                name=new_name, nickname=nick, contact=phone, search_key=_key(new_name, nick, phone),
                updated_at=time.time()))
        return RosterPlayer(player_id, new_name, nick, phone)

    def get(self, player_id: int) -> RosterPlayer:
        with self._session.begin():
            row = self._session.get(RosterRow, player_id)
            if row is None:
                raise KeyError(f"no player {player_id} in the roster")
            return _player(row)

    def search(self, text: str = "", limit: int = 50) -> list[RosterPlayer]:
        """Players whose name, nickname or contact contain every word of ``text``; best matches first."""
        words = fold_key(text).split()
        query = select(RosterRow).where(RosterRow.merged_into.is_(None))  # a merged entry lives on in its twin
        for w in words:
            query = query.where(RosterRow.search_key.contains(w, autoescape=True))
        if words:
            starts = case((RosterRow.search_key.startswith(words[0], autoescape=True), 0), else_=1)
            query = query.order_by(starts, RosterRow.name, RosterRow.id)
        else:
            query = query.order_by(RosterRow.name, RosterRow.id)
        with self._session.begin():
            return [_player(r) for r in self._session.execute(query.limit(limit)).scalars()]

    def count(self) -> int:
        """Players in the roster (a merged entry counts once, as the entry it was merged into)."""
        with self._session.begin():
            return int(self._session.execute(
                select(func.count(RosterRow.id)).where(RosterRow.merged_into.is_(None))).scalar_one())

    # -- one person, two entries ----------------------------------------------------------------------
    def merge(self, from_id: int, into_id: int) -> RosterPlayer:
        """Record that entry ``from_id`` is the same person as ``into_id`` (LGE-8).

        The entry stays, with everything recorded under it; searches show ``into_id`` only, and league
        standings count both entries' results as ``into_id``'s. Undone by :meth:`unmerge`."""
        a, b = self.get(from_id), self.get(into_id)
        if b.merged_into is not None:
            b = self.get(self.resolve(into_id))
        if a.id == b.id:
            raise ValueError(_("{a} (#{a_id}) and {b} (#{b_id}) are already one entry.", a=a.name, a_id=a.id, b=b.name,
                               b_id=b.id))
        if a.merged_into is not None:
            raise ValueError(_("{a} (#{a_id}) is already merged into #{into}; undo that first.", a=a.name, a_id=a.id,
                               into=a.merged_into))
        now = time.time()
        with self._session.begin():
            self._session.execute(update(RosterRow).where(RosterRow.id == a.id).values(merged_into=b.id, merged_at=now))
            self._session.execute(insert(MergeRow), [{"from_id": a.id, "into_id": b.id, "at": now}])
        return b

    def unmerge(self, from_id: int) -> None:
        """Undo the merge of ``from_id``: its results count for it again."""
        a = self.get(from_id)
        if a.merged_into is None:
            raise ValueError(_("{a} (#{a_id}) is not merged into another entry.", a=a.name, a_id=a.id))
        now = time.time()
        with self._session.begin():
            self._session.execute(update(RosterRow).where(RosterRow.id == a.id).values(merged_into=None,
                                                                                      merged_at=None))
            self._session.execute(update(MergeRow).where(MergeRow.from_id == a.id, MergeRow.undone_at.is_(None))
                                  .values(undone_at=now))

    def merged(self) -> dict[int, int]:
        """Roster id -> the id it was merged into, for every merged entry."""
        with self._session.begin():
            rows = self._session.execute(select(RosterRow.id, RosterRow.merged_into)
                                         .where(RosterRow.merged_into.is_not(None)))
            return {int(i): int(m) for i, m in rows if m is not None}

    def resolve(self, player_id: int) -> int:
        """The entry ``player_id`` now counts as (itself unless merged)."""
        merged = self.merged()
        seen = {player_id}
        while player_id in merged and merged[player_id] not in seen:
            player_id = merged[player_id]
            seen.add(player_id)
        return player_id

    def merge_history(self) -> list[tuple[int, int, float, float | None]]:
        """(from, into, at, undone at) for every merge ever made, oldest first."""
        with self._session.begin():
            rows = self._session.execute(select(MergeRow.from_id, MergeRow.into_id, MergeRow.at, MergeRow.undone_at)
                                         .order_by(MergeRow.id))
            return [(int(f), int(i), float(a), None if u is None else float(u)) for f, i, a, u in rows]

    def names(self) -> dict[int, str]:
        """Roster id -> name, every entry (merged ones too)."""
        with self._session.begin():
            return {int(i): str(n) for i, n in self._session.execute(select(RosterRow.id, RosterRow.name))}

    def find(self, name: str) -> int | None:
        """The id of the entry whose name folds to ``name``'s (a merged entry too: its results follow the
        merge), the oldest first; None when there is none."""
        key = fold_key(name)
        if not key:
            return None
        query = (select(RosterRow.id, RosterRow.name).where(RosterRow.search_key.startswith(key, autoescape=True))
                 .order_by(RosterRow.id))
        with self._session.begin():
            for pid, pname in self._session.execute(query).all():
                if fold_key(pname) == key:
                    return int(pid)
        return None

    def find_or_add(self, name: str) -> int:
        """:meth:`find`, or a new entry for ``name``."""
        found = self.find(name)
        return found if found is not None else self.add(name).id

    @property
    def session(self) -> Session:
        """The roster's session, for the league book that lives in the same file (``db/league.py``)."""
        return self._session

    def _write(self) -> Session:
        return self._session  # used as ``with self._session.begin():`` -> one transaction per change

    def close(self) -> None:
        bind = self._session.get_bind()
        self._session.close()
        bind.dispose()  # type: ignore[union-attr]

    def __enter__(self) -> Roster:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def _check_roster(path: Path) -> str | None:
    """Refuse any other file, or a damaged roster, before writing to it (read-only look first).
    Returns the roster's schema revision (None: a roster from before its migrations)."""
    try:
        schema.check_header(path)
    except StoreError as exc:
        raise _in_roster_words(exc, path) from exc
    engine = schema.make_engine(path, read_only=True)
    try:
        with engine.connect() as conn:
            check = [r[0] for r in conn.exec_driver_sql("PRAGMA quick_check").fetchall()]
            if check != ["ok"]:
                raise DamagedFile(_damaged(path, f"SQLite's check found: {check[0]}"), path)
            tables = {r[0] for r in conn.exec_driver_sql("SELECT name FROM sqlite_master WHERE type = 'table'")}
            fmt = None
            if "meta" in tables:
                fmt = conn.exec_driver_sql("SELECT value FROM meta WHERE key = 'format'").scalar()
            revision = _revision(conn)
    except SQLAlchemyError as exc:
        raise _in_roster_words(schema.translate_error(exc, path), path) from exc
    finally:
        engine.dispose()
    if tables and fmt != ROSTER_FORMAT:
        raise NotATournamentFile(f"{path} is not a Floorman player roster; it was left as it was.", path)
    return revision


def _damaged(path: Path, why: str) -> str:
    """What a director reads about a damaged roster, with the advice that is true for it."""
    why = " ".join(why.split()).rstrip(".")[:160]
    if roster_backups.list_roster_backups(path):
        advice = f"Restore its latest backup (floorman restore {path} --list shows them)."
    else:
        advice = ("It has no backup yet: rename it (keep it for someone who can repair it) and Floorman starts an "
                  "empty roster; the tournament files are not affected.")
    return f"The player roster {path} is damaged: {why}. Nothing was changed. {advice}"


def _in_roster_words(exc: StoreError, path: Path) -> StoreError:
    """The store's tournament words for a file problem, said of the roster instead."""
    if isinstance(exc, DamagedFile):
        return DamagedFile(_damaged(path, "SQLite reports it as corrupted, or it is cut short"), path)
    if isinstance(exc, NotATournamentFile):
        return NotATournamentFile(f"{path} is not a Floorman player roster; it was left as it was.", path)
    return exc


def roster_migrations_folder() -> Path:
    return Path(str(resources.files("db") / "roster_migrations"))


def _revision(conn: Connection) -> str | None:
    """The roster's schema revision, read without Alembic (None: a roster from before its migrations)."""
    has = conn.exec_driver_sql("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'").first()
    if has is None:
        return None
    row = conn.exec_driver_sql("SELECT version_num FROM alembic_version").first()
    return None if row is None else str(row[0])


def migrate_roster(conn: Connection, revision: str = "head") -> None:
    """Run the roster's Alembic migrations on an open connection (inside its transaction)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(roster_migrations_folder()))
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, revision)


def _key(name: str, nickname: str | None, contact: str | None) -> str:
    return " | ".join(fold_key(x) for x in (name, nickname or "", contact or ""))


def _player(row: RosterRow) -> RosterPlayer:
    return RosterPlayer(row.id, row.name, row.nickname, row.contact, row.merged_into)
