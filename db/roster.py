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
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from sqlalchemy import Float, Integer, String, Text, case, func, insert, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from db import schema
from db.errors import NotATournamentFile, StoreError
from db.private import private_dir, private_file

ROSTER_FORMAT = "floorman-roster"


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


@dataclass(frozen=True)
class RosterPlayer:
    id: int
    name: str
    nickname: str | None
    contact: str | None


def default_roster_path() -> Path:
    from oskit.dirs import user_data_dir

    return user_data_dir() / "players.sqlite"


def fold(text: str) -> str:
    """Lower case, accents removed, spaces squeezed: 'Zoë  Müller' -> 'zoe muller'."""
    decomposed = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).casefold().split())


def _clean(text: str | None) -> str | None:
    if text is None:
        return None
    text = " ".join(text.split())
    return text or None


class Roster:
    def __init__(self, path: Path, session: Session) -> None:
        self.path = path
        self._session = session

    @classmethod
    def open(cls, path: Path | str | None = None) -> Roster:
        path = Path(path) if path is not None else default_roster_path()
        try:
            private_dir(path.parent, tighten=False)  # folders created here are owner-only
            if not path.exists():
                private_file(path)  # names and phone numbers: owner-only, -wal and -shm too
        except OSError as exc:
            raise StoreError(f"Floorman cannot create the folder {path.parent} for the player roster.", path) from exc
        if path.exists() and path.stat().st_size > 0:
            _check_roster(path)
        engine = schema.make_engine(path)
        try:
            with engine.begin() as conn:
                RosterBase.metadata.create_all(conn)
                facts = {str(k): str(v) for k, v in conn.execute(select(RosterMeta.key, RosterMeta.value))}
                if not facts:
                    conn.execute(insert(RosterMeta), [{"key": "format", "value": ROSTER_FORMAT},
                                                      {"key": "schema", "value": "1"}])
                elif facts.get("format") != ROSTER_FORMAT:
                    raise NotATournamentFile(f"{path} is not a Floorman player roster.", path)
        except SQLAlchemyError as exc:
            engine.dispose()
            raise schema.translate_error(exc, path) from exc
        except StoreError:
            engine.dispose()
            raise
        return cls(path, Session(engine))

    def add(self, name: str, nickname: str | None = None, contact: str | None = None) -> RosterPlayer:
        clean = _clean(name)
        if not clean:
            raise ValueError("A player needs a name.")
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
        words = fold(text).split()
        query = select(RosterRow)
        for w in words:
            query = query.where(RosterRow.search_key.contains(w, autoescape=True))
        if words:
            starts = case((func.lower(RosterRow.name).startswith(words[0], autoescape=True), 0), else_=1)
            query = query.order_by(starts, RosterRow.name, RosterRow.id)
        else:
            query = query.order_by(RosterRow.name, RosterRow.id)
        with self._session.begin():
            return [_player(r) for r in self._session.execute(query.limit(limit)).scalars()]

    def count(self) -> int:
        with self._session.begin():
            return int(self._session.execute(select(func.count(RosterRow.id))).scalar_one())

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


def _check_roster(path: Path) -> None:
    """Refuse any other file before writing to it (read-only look first)."""
    schema.check_header(path)
    engine = schema.make_engine(path, read_only=True)
    try:
        with engine.connect() as conn:
            tables = {r[0] for r in conn.exec_driver_sql("SELECT name FROM sqlite_master WHERE type = 'table'")}
            fmt = None
            if "meta" in tables:
                fmt = conn.exec_driver_sql("SELECT value FROM meta WHERE key = 'format'").scalar()
    except SQLAlchemyError as exc:
        raise schema.translate_error(exc, path) from exc
    finally:
        engine.dispose()
    if tables and fmt != ROSTER_FORMAT:
        raise NotATournamentFile(f"{path} is not a Floorman player roster; it was left as it was.", path)


def _key(name: str, nickname: str | None, contact: str | None) -> str:
    return " | ".join(fold(x) for x in (name, nickname or "", contact or ""))


def _player(row: RosterRow) -> RosterPlayer:
    return RosterPlayer(row.id, row.name, row.nickname, row.contact)
