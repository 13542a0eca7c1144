"""Where tables live between moves and across restarts: one small interface, SQLite behind it.

The server only talks to :class:`Store`. :class:`SqliteStore` is the embedded default (one
file, nothing to install, one server); ``postgres.PostgresStore`` keeps the tables of several
servers in one PostgreSQL database, each table leased to one server at a time.
:func:`open_store` picks the one a ``--db`` names. Every method is blocking: the server
calls them off the event loop (in its one store thread) and awaits them before it
acknowledges or broadcasts anything.

Seat tokens never reach the store in clear: only their sha256 digest is kept.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import threading
from pathlib import Path
from typing import ClassVar, Protocol

from rennbahn.server.stored import (
    SCHEMA_VERSION,
    TABLE_COLUMNS,
    LeaseLostError,
    StoredSeat,
    StoredTable,
    StoreError,
    step_rows,
    table_from_rows,
    table_row,
    token_digest,
)

__all__ = [
    "SCHEMA_VERSION", "LeaseLostError", "SqliteStore", "Store", "StoreError", "StoreInUseError",
    "StoredSeat", "StoredTable", "open_store", "token_digest",
]

#: How a ``--db`` names a PostgreSQL database rather than a SQLite file.
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class Store(Protocol):
    """The storage interface of the server."""

    def create(self, table: StoredTable, token_digests: list[str]) -> None:
        """Store a new table and its seats' token digests (one per seat, in seat order)."""

    def load(self, table_id: str) -> StoredTable | None:
        """The table with its steps, or None."""

    def save(self, table: StoredTable, keep: int) -> None:
        """Atomically store the table's row and its steps: the stored steps from index
        ``keep`` on are replaced by ``table.steps[keep:]`` (an undo drops the last one)."""

    def find_token(self, digest: str) -> tuple[str, int] | None:
        """The (table, seat) a token digest holds, or None."""

    def unfinished(self) -> list[str]:
        """Ids of the tables whose game is not over."""

    def replace_token(self, table_id: str, seat: int, digest: str) -> None:
        """The seat's token is now the one with ``digest`` (the old one stops working)."""

    def delete(self, table_id: str) -> None:
        """Remove the table, its steps and its tokens (a table that expired unjoined)."""

    def close(self) -> None: ...

    #: Whether several servers share this store (then each table is leased to one at a time).
    shared: bool

    def lease(self, table_id: str, seconds: float) -> str | None:
        """Take or renew this server's lease on the table for ``seconds`` from now (by the
        database's clock). None: this server holds it now; otherwise the owner address of
        the server whose lease is still live (the table is played there)."""

    def release(self, table_id: str) -> None:
        """Give up this server's lease on the table (clean shutdown, table left memory)."""

    def claimable(self) -> list[str]:
        """Ids of unfinished tables whose lease is free or expired (a dead server's)."""


def open_store(db: str | Path, *, owner: str = "", lease: float = 10.0) -> Store:
    """The store ``db`` names: a ``postgresql://`` (or ``postgres://``) URL opens a shared
    :class:`~rennbahn.server.postgres.PostgresStore` (needs the ``pg`` extra), where this
    server is ``owner`` (the address other servers send clients to) and a table it creates
    is leased to it for ``lease`` seconds; anything else is a SQLite file."""
    if str(db).startswith(POSTGRES_SCHEMES):
        try:
            from rennbahn.server.postgres import PostgresStore
        except ModuleNotFoundError as error:
            raise StoreError(f"a PostgreSQL database needs the pg extra ({error.name} is "
                             "missing): pip install 'rennbahn[web,pg]' (in a checkout: "
                             "pip install -e '.[web,pg]')") from error
        return PostgresStore(str(db), owner=owner, lease=lease)
    return SqliteStore(db)


_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, seed INTEGER NOT NULL,
        created REAL NOT NULL, clock REAL, seats TEXT NOT NULL, number INTEGER NOT NULL,
        rng TEXT, pending TEXT NOT NULL, deadlines TEXT NOT NULL,
        finished INTEGER NOT NULL, record TEXT, public INTEGER NOT NULL DEFAULT 0,
        standin TEXT)""",
    """CREATE TABLE IF NOT EXISTS steps (
        table_id TEXT NOT NULL, idx INTEGER NOT NULL, actor INTEGER NOT NULL,
        actions TEXT NOT NULL, moves TEXT NOT NULL, PRIMARY KEY (table_id, idx))""",
    """CREATE TABLE IF NOT EXISTS tokens (
        digest TEXT PRIMARY KEY, table_id TEXT NOT NULL, seat INTEGER NOT NULL)""",
]


class StoreInUseError(StoreError):
    """Another process (another rennbahn server) holds the database."""

    def __init__(self, path: str, pid: int | None) -> None:
        self.pid = pid
        held = "another rennbahn server" + ("" if pid is None else f" (pid {pid})")
        super().__init__(f"{path} is in use by {held}; stop it first or use another --db")


class _FileLock:
    """The exclusive lock that makes a database file one server's: ``flock`` on the sidecar
    ``<db>.lock`` (the holder writes its pid there, for the message the next one shows).

    Why an OS lock and not a lease row in the database: the kernel drops it the moment the
    holder dies, even by ``kill -9``, so a restart never waits for a lease to expire and
    no clock or heartbeat can get it wrong; and a second server is refused before it has
    read or written anything. Why a sidecar and not the database file itself: SQLite's own
    POSIX locks live on that file (on NFS, Linux emulates ``flock`` with them).

    The lock is the process's: opening the same file again in the same process (the CLI
    checks the database before the app's lifespan opens it) shares it, counted; the last
    :meth:`release` lets it go. The sidecar stays behind, empty of meaning (like ``-shm``):
    deleting it could let two processes lock two different files of the same name.
    """

    _held: ClassVar[dict[str, tuple[int, int]]] = {}  # lock path -> (descriptor, users)
    _guard = threading.Lock()

    def __init__(self, db_path: str) -> None:
        self.path = os.path.realpath(db_path) + ".lock"
        self._released = False
        with self._guard:
            held = self._held.get(self.path)
            if held is not None:
                self._held[self.path] = (held[0], held[1] + 1)
                return
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                if not _try_lock(fd):
                    raise StoreInUseError(db_path, _pid_in(fd))
                os.ftruncate(fd, 0)
                os.lseek(fd, 0, os.SEEK_SET)
                os.write(fd, f"{os.getpid()}\n".encode())
            except BaseException:
                os.close(fd)
                raise
            self._held[self.path] = (fd, 1)

    def release(self) -> None:
        with self._guard:
            if self._released:
                return
            self._released = True
            held = self._held.pop(self.path, None)
            if held is None:
                return
            fd, users = held
            if users > 1:
                self._held[self.path] = (fd, users - 1)
            else:
                os.close(fd)  # closing the descriptor drops the lock


if sys.platform == "win32":  # untested: msvcrt locks a byte past the pid instead
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 1 << 20, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True


def _pid_in(fd: int) -> int | None:
    os.lseek(fd, 0, os.SEEK_SET)
    text = os.read(fd, 32).decode(errors="replace").strip()
    return int(text) if text.isdigit() else None


def _unusable_path(path: str) -> str | None:
    """Why ``path`` cannot be a database file, if its place already says so."""
    where = Path(path)
    if where.is_dir():
        return f"{path} is a directory, not a database file"
    parent = where.parent
    if not parent.exists():
        return f"cannot create {path}: the directory {parent} does not exist"
    if not parent.is_dir():
        return f"cannot create {path}: {parent} is not a directory"
    try:
        with where.open("rb") as file:
            head = file.read(16)
    except FileNotFoundError:
        return None  # created on open
    except OSError as error:
        return f"cannot read {path}: {error.strerror or error}"
    if head and head != b"SQLite format 3\x00":
        return f"{path} is not a SQLite database (it does not start as one)"
    return None


def _explain(path: str, error: sqlite3.Error | OSError) -> str:
    if isinstance(error, OSError):  # from creating the lock file beside the database
        return (f"cannot write {error.filename or path}: {error.strerror or error} (the "
                f"server writes the database and files beside it in {Path(path).parent})")
    name = getattr(error, "sqlite_errorname", "")
    if name == "SQLITE_NOTADB":
        return f"{path} is not a SQLite database ({error})"
    if name == "SQLITE_CORRUPT":
        return f"{path} is damaged ({error})"
    if name.startswith("SQLITE_READONLY"):
        return (f"cannot write {path} ({error}): the file and its directory must be "
                "writable (SQLite keeps -wal and -shm files beside it)")
    if name.startswith("SQLITE_CANTOPEN"):
        return f"cannot open {path} ({error})"
    return f"cannot use {path}: {error}"


class SqliteStore:
    """The embedded store: one SQLite file in WAL mode.

    A committed transaction survives the server process being killed (``kill -9``); with
    ``synchronous=NORMAL`` a power cut may lose the last moments (``durable=True`` syncs
    every commit to disk instead).

    Opening checks the file and makes it this process's (see :class:`_FileLock`): a file
    another server holds (:class:`StoreInUseError`), a directory, a place that cannot be written,
    a file that is not SQLite or a schema from a newer rennbahn raise :class:`StoreError`
    with one line that says what is wrong with which path. There is no ``PRAGMA
    quick_check``: it reads the whole file (about 5 ms a megabyte, warm), and a damaged
    page shows up as an error on the table that uses it.
    """

    #: One server per file (see :class:`_FileLock`): no table is leased.
    shared = False

    def __init__(self, path: str | Path, *, durable: bool = False) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        why = _unusable_path(self.path)
        if why is not None:
            raise StoreError(why)
        try:
            self._file_lock = _FileLock(self.path)
        except OSError as error:
            raise StoreError(_explain(self.path, error)) from error
        db: sqlite3.Connection | None = None
        try:
            db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db = db
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            db.execute("PRAGMA busy_timeout=5000")
            self._migrate()
        except BaseException as error:
            if db is not None:
                db.close()
            self._file_lock.release()
            if isinstance(error, sqlite3.Error):
                raise StoreError(_explain(self.path, error)) from error
            raise

    def _migrate(self) -> None:
        with self._lock, self._tx():
            for statement in _SCHEMA:
                self._db.execute(statement)
            row = self._db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if row is None:
                self._db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                row = (str(SCHEMA_VERSION),)
            elif int(row[0]) > SCHEMA_VERSION:
                raise StoreError(
                    f"{self.path} has schema version {row[0]}; this rennbahn reads up to "
                    f"{SCHEMA_VERSION}: use a newer rennbahn"
                )
            elif int(row[0]) < 2:  # schema 1 -> 2: the lobby's public flag
                self._db.execute(
                    "ALTER TABLE tables ADD COLUMN public INTEGER NOT NULL DEFAULT 0"
                )
                self._db.execute("UPDATE meta SET value='2' WHERE key='schema'")
                row = ("2",)
            if int(row[0]) < 3:  # schema 2 -> 3: the table's stand-in bot
                self._db.execute("ALTER TABLE tables ADD COLUMN standin TEXT")
                self._db.execute("UPDATE meta SET value='3' WHERE key='schema'")
            # Future versions migrate older files here, one version at a time.
            # A file SQLite could only open read-only passes all of the above when there
            # is nothing to migrate: one write now says so, not the first move later.
            self._db.execute("UPDATE meta SET value=value WHERE key='schema'")

    def _tx(self) -> _Transaction:
        return _Transaction(self._db)

    def create(self, table: StoredTable, token_digests: list[str]) -> None:
        with self._lock, self._tx():
            self._db.execute(
                f"INSERT INTO tables ({', '.join(TABLE_COLUMNS)}) VALUES "
                f"({', '.join('?' * len(TABLE_COLUMNS))})", table_row(table)
            )
            self._db.executemany(
                "INSERT INTO tokens VALUES (?,?,?)",
                [(d, table.id, seat) for seat, d in enumerate(token_digests)],
            )
            self._write_steps(table, 0)

    def save(self, table: StoredTable, keep: int) -> None:
        with self._lock, self._tx():
            row = table_row(table)
            self._db.execute(
                "UPDATE tables SET game=?, seed=?, created=?, clock=?, seats=?, number=?, "
                "rng=?, pending=?, deadlines=?, finished=?, record=?, public=?, standin=? "
                "WHERE id=?",
                (*row[1:], row[0]),
            )
            self._write_steps(table, keep)

    def _write_steps(self, table: StoredTable, keep: int) -> None:
        self._db.execute("DELETE FROM steps WHERE table_id=? AND idx>=?", (table.id, keep))
        self._db.executemany("INSERT INTO steps VALUES (?,?,?,?,?)", step_rows(table, keep))

    def load(self, table_id: str) -> StoredTable | None:
        with self._lock:
            row = self._db.execute(
                f"SELECT {', '.join(TABLE_COLUMNS)} FROM tables WHERE id=?", (table_id,)
            ).fetchone()
            if row is None:
                return None
            rows = self._db.execute(
                "SELECT actor, actions, moves FROM steps WHERE table_id=? ORDER BY idx",
                (table_id,),
            ).fetchall()
        return table_from_rows(row, rows)

    def find_token(self, digest: str) -> tuple[str, int] | None:
        with self._lock:
            row = self._db.execute(
                "SELECT table_id, seat FROM tokens WHERE digest=?", (digest,)
            ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def unfinished(self) -> list[str]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id FROM tables WHERE finished=0 ORDER BY created"
            ).fetchall()
        return [str(r[0]) for r in rows]

    def replace_token(self, table_id: str, seat: int, digest: str) -> None:
        with self._lock, self._tx():
            self._db.execute("DELETE FROM tokens WHERE table_id=? AND seat=?", (table_id, seat))
            self._db.execute("INSERT INTO tokens VALUES (?,?,?)", (digest, table_id, seat))

    def delete(self, table_id: str) -> None:
        with self._lock, self._tx():
            for table in ("steps", "tokens"):
                self._db.execute(f"DELETE FROM {table} WHERE table_id=?", (table_id,))
            self._db.execute("DELETE FROM tables WHERE id=?", (table_id,))

    def lease(self, table_id: str, seconds: float) -> str | None:
        """Always this server's: the file is (:class:`_FileLock`)."""
        return None

    def release(self, table_id: str) -> None:
        """Nothing to give up."""

    def claimable(self) -> list[str]:
        return self.unfinished()

    def close(self) -> None:
        with self._lock:
            self._db.close()
            self._file_lock.release()


class _Transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, tb: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")
