"""Several servers on one PostgreSQL database: SQLite's tables, and a lease per table so
that one server at a time plays it (needs the ``pg`` extra, psycopg 3).

A lease is a row ``leases(table_id, owner, until)``: the table is played by the server
whose address is ``owner`` until ``until`` (the database's clock, so the servers' clocks
never matter). The owner renews it (:meth:`PostgresStore.lease`) while it plays the table;
when it dies the lease runs out and another server takes the table over
(:meth:`PostgresStore.claimable`, then :meth:`~PostgresStore.lease`). Every write checks,
in its own transaction and with the lease row locked, that this server's lease is still
live (**fencing**): a server that was paused or cut off while another took its table over
gets :class:`~rennbahn.server.stored.LeaseLostError` and writes nothing, so it can never
write behind the new owner.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from typing import TypeVar

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from psycopg.rows import TupleRow

from rennbahn.server.stored import (
    SCHEMA_VERSION,
    TABLE_COLUMNS,
    LeaseLostError,
    StoredTable,
    StoreError,
    step_rows,
    table_from_rows,
    table_row,
)

T = TypeVar("T")
Cursor = psycopg.Cursor[TupleRow]

#: SQLite's schema (store.py) in PostgreSQL's types, and the leases.
_SCHEMA = [
    """CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)""",
    """CREATE TABLE tables (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, seed BIGINT NOT NULL,
        created DOUBLE PRECISION NOT NULL, clock DOUBLE PRECISION, seats TEXT NOT NULL,
        number INTEGER NOT NULL, rng TEXT, pending TEXT NOT NULL, deadlines TEXT NOT NULL,
        finished BOOLEAN NOT NULL, record TEXT, public BOOLEAN NOT NULL DEFAULT FALSE,
        standin TEXT)""",
    """CREATE INDEX tables_unfinished ON tables (created) WHERE NOT finished""",
    """CREATE TABLE steps (
        table_id TEXT NOT NULL, idx INTEGER NOT NULL, actor INTEGER NOT NULL,
        actions TEXT NOT NULL, moves TEXT NOT NULL, PRIMARY KEY (table_id, idx))""",
    """CREATE TABLE tokens (
        digest TEXT PRIMARY KEY, table_id TEXT NOT NULL, seat INTEGER NOT NULL)""",
    """CREATE INDEX tokens_table ON tokens (table_id)""",
    """CREATE TABLE leases (
        table_id TEXT PRIMARY KEY, owner TEXT NOT NULL, until TIMESTAMPTZ NOT NULL)""",
]
#: The advisory lock that lets one starting server at a time create or migrate the schema.
_SCHEMA_LOCK = 0x72656E6E6261686E  # "rennbahn"
#: Session settings. A lease row locked by a write is waited for at most ``lock_timeout``;
#: a server stalled inside a transaction (paused, swapping) loses its session, and with it
#: its locks, after ``idle_in_transaction_session_timeout``, so it cannot hold up the server
#: taking its tables over. Its next write reconnects and is fenced.
_SESSION = ("SET lock_timeout = '5s'", "SET idle_in_transaction_session_timeout = '10s'",
            "SET application_name = 'rennbahn'")
#: Seconds to wait for the database when connecting, unless the URL says otherwise.
CONNECT_TIMEOUT = 10

_TAKE = """
    INSERT INTO leases (table_id, owner, until)
        SELECT id, %(owner)s, now() + %(seconds)s * interval '1 second'
        FROM tables WHERE id = %(table)s
    ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, until = excluded.until
        WHERE leases.owner = excluded.owner OR leases.until <= now()
    RETURNING owner"""


def describe(url: str) -> str:
    """The database a URL names, for messages: its name, host and port, never a password."""
    try:
        params = conninfo_to_dict(url)
    except psycopg.Error:  # libpq's message may quote the URL, password and all
        return "PostgreSQL database " + re.sub(r"//[^/@]*@", "//", url)
    host = params.get("host") or "the local socket"
    port = f":{params['port']}" if params.get("port") else ""
    name = params.get("dbname") or params.get("user") or "(default)"
    return f"PostgreSQL database {name} on {host}{port}"


def _explain(error: psycopg.Error) -> str:
    """libpq's message on one line, without what :func:`describe` already says."""
    text = "; ".join(" ".join(line.split()) for line in str(error).splitlines() if line.strip())
    text = re.sub(r"^connection failed: ", "", text)
    text = re.sub(r'connection to server (at|on) ".*?"( \(.*?\))?, port \d+ failed: ', "", text)
    return text.replace("FATAL: ", "") or type(error).__name__


class PostgresStore:
    """The store of several servers: one PostgreSQL database, each table leased to one.

    ``owner`` is this server's address, the one other servers send a table's players to
    while it holds the table's lease; a table it creates is leased to it for ``lease``
    seconds. Opening connects and creates or checks the schema (the same version numbers
    as SQLite's; a newer one is refused). A database that cannot be reached or used raises
    :class:`~rennbahn.server.stored.StoreError` with one line that names it (not the
    password) and says what is wrong.

    One connection, used by one method at a time, each method one transaction. A lost
    connection is made again once per call.
    """

    #: Several servers share the database: each table is leased to one at a time.
    shared = True

    def __init__(self, url: str, *, owner: str, lease: float = 10.0) -> None:
        self.where = describe(url)
        try:
            given = conninfo_to_dict(url)
        except psycopg.Error:  # the message may quote the URL, password and all
            raise StoreError(f"{self.where}: not a URL that libpq can read") from None
        self._conninfo = url if "connect_timeout" in given else make_conninfo(
            url, connect_timeout=CONNECT_TIMEOUT)
        if not owner:
            raise StoreError(f"{self.where} is shared by servers: this one needs an address "
                             "(the owner of its leases; rennbahn serve --advertise)")
        self.owner = owner
        self.lease_seconds = lease
        self._lock = threading.Lock()
        self._closed = False
        self._db = self._connect()
        try:
            self._run(self._migrate)
        except BaseException:
            self._db.close()
            raise

    def _connect(self) -> psycopg.Connection[TupleRow]:
        try:
            db = psycopg.connect(self._conninfo, autocommit=False)
        except psycopg.Error as error:
            raise StoreError(f"cannot connect to {self.where}: {_explain(error)}") from None
        try:
            with db.transaction():
                for statement in _SESSION:
                    db.execute(statement)
        except psycopg.Error as error:
            db.close()
            raise StoreError(f"cannot use {self.where}: {_explain(error)}") from None
        return db

    def _run(self, work: Callable[[Cursor], T]) -> T:
        """``work`` in one transaction, rolled back if it raises; once more on a new
        connection if the connection was lost (every write here can be repeated)."""
        with self._lock:
            if self._closed:
                raise StoreError(f"{self.where}: the store is closed")
            for attempt in (1, 2):
                if self._db.closed:
                    self._db = self._connect()
                try:
                    with self._db.transaction(), self._db.cursor() as cursor:
                        return work(cursor)
                except psycopg.Error as error:
                    if attempt == 1 and self._db.broken:
                        continue
                    raise StoreError(f"{self.where}: {_explain(error)}") from error
        raise AssertionError("unreachable")

    def _migrate(self, cursor: Cursor) -> None:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
        if _one(cursor.execute("SELECT to_regclass('meta')")) is None:
            for statement in _SCHEMA:
                cursor.execute(statement)
            cursor.execute("INSERT INTO meta VALUES ('schema', %s)", (str(SCHEMA_VERSION),))
            return
        found = cursor.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if found is None or not str(found[0]).isdigit():
            raise StoreError(f"{self.where} has a table meta without rennbahn's schema "
                             "version: is it another program's database?")
        if int(found[0]) > SCHEMA_VERSION:
            raise StoreError(
                f"{self.where} has schema version {found[0]}; this rennbahn reads up to "
                f"{SCHEMA_VERSION}: use a newer rennbahn"
            )
        if int(found[0]) < 3:  # schema 2 -> 3: the table's stand-in bot
            cursor.execute("ALTER TABLE tables ADD COLUMN IF NOT EXISTS standin TEXT")
            cursor.execute("UPDATE meta SET value='3' WHERE key='schema'")
        # Version 2 was PostgreSQL's first; later versions migrate older databases here.
        # A database this server may only read says so now, not at the first move.
        cursor.execute("UPDATE meta SET value=value WHERE key='schema'")

    def _fence(self, cursor: Cursor, table_id: str) -> None:
        """Refuse to write unless this server's lease on the table is live, and keep the
        lease row locked until the write commits (a takeover waits for it)."""
        row = cursor.execute(
            "SELECT owner, until > now() FROM leases WHERE table_id=%s FOR UPDATE", (table_id,)
        ).fetchone()
        if row is not None and row[0] == self.owner and row[1]:
            return
        raise LeaseLostError(table_id, self.owner, row[0] if row is not None and row[1] else None)

    def create(self, table: StoredTable, token_digests: list[str]) -> None:
        def write(cursor: Cursor) -> None:
            cursor.execute(
                f"INSERT INTO tables ({', '.join(TABLE_COLUMNS)}) "
                f"VALUES ({', '.join(['%s'] * len(TABLE_COLUMNS))})", table_row(table),
            )
            cursor.executemany(
                "INSERT INTO tokens (digest, table_id, seat) VALUES (%s, %s, %s)",
                [(d, table.id, seat) for seat, d in enumerate(token_digests)],
            )
            _write_steps(cursor, table, 0)
            cursor.execute(
                "INSERT INTO leases (table_id, owner, until) "
                "VALUES (%s, %s, now() + %s * interval '1 second')",
                (table.id, self.owner, self.lease_seconds),
            )

        self._run(write)

    def save(self, table: StoredTable, keep: int) -> None:
        def write(cursor: Cursor) -> None:
            self._fence(cursor, table.id)
            row = table_row(table)
            assignments = ", ".join(f"{column}=%s" for column in TABLE_COLUMNS[1:])
            cursor.execute(f"UPDATE tables SET {assignments} WHERE id=%s", (*row[1:], row[0]))
            _write_steps(cursor, table, keep)

        self._run(write)

    def load(self, table_id: str) -> StoredTable | None:
        def read(cursor: Cursor) -> StoredTable | None:
            # One snapshot for the row and its steps.
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            row = cursor.execute(
                f"SELECT {', '.join(TABLE_COLUMNS)} FROM tables WHERE id=%s", (table_id,)
            ).fetchone()
            if row is None:
                return None
            steps = cursor.execute(
                "SELECT actor, actions, moves FROM steps WHERE table_id=%s ORDER BY idx",
                (table_id,),
            ).fetchall()
            return table_from_rows(row, steps)

        return self._run(read)

    def find_token(self, digest: str) -> tuple[str, int] | None:
        def read(cursor: Cursor) -> tuple[str, int] | None:
            row = cursor.execute(
                "SELECT table_id, seat FROM tokens WHERE digest=%s", (digest,)
            ).fetchone()
            return None if row is None else (str(row[0]), int(row[1]))

        return self._run(read)

    def unfinished(self) -> list[str]:
        return self._run(lambda cursor: [str(r[0]) for r in cursor.execute(
            "SELECT id FROM tables WHERE NOT finished ORDER BY created")])

    def replace_token(self, table_id: str, seat: int, digest: str) -> None:
        def write(cursor: Cursor) -> None:
            self._fence(cursor, table_id)
            cursor.execute("DELETE FROM tokens WHERE table_id=%s AND seat=%s", (table_id, seat))
            cursor.execute("INSERT INTO tokens (digest, table_id, seat) VALUES (%s, %s, %s)",
                           (digest, table_id, seat))

        self._run(write)

    def delete(self, table_id: str) -> None:
        def write(cursor: Cursor) -> None:
            self._fence(cursor, table_id)
            for table in ("steps", "tokens", "leases"):
                cursor.execute(f"DELETE FROM {table} WHERE table_id=%s", (table_id,))
            cursor.execute("DELETE FROM tables WHERE id=%s", (table_id,))

        self._run(write)

    def lease(self, table_id: str, seconds: float) -> str | None:
        """Take or renew the lease (one statement, so of two servers racing for a free
        lease exactly one wins). None also when there is no such table: nobody plays it
        (and :meth:`load` says it is missing)."""

        def take(cursor: Cursor) -> str | None:
            given = {"table": table_id, "owner": self.owner, "seconds": seconds}
            for _ in range(3):  # again only if the holder let go between two statements
                if cursor.execute(_TAKE, given).fetchone() is not None:
                    return None
                holder = cursor.execute(
                    "SELECT owner FROM leases WHERE table_id=%s AND until > now()",
                    (table_id,)
                ).fetchone()
                if holder is not None:
                    return str(holder[0])
                if cursor.execute("SELECT 1 FROM tables WHERE id=%s", (table_id,)).fetchone(
                ) is None:
                    return None
            raise StoreError(f"{self.where}: the lease on table {table_id} keeps changing "
                             "hands; try again")

        return self._run(take)

    def release(self, table_id: str) -> None:
        self._run(lambda cursor: cursor.execute(
            "DELETE FROM leases WHERE table_id=%s AND owner=%s", (table_id, self.owner)))

    def claimable(self) -> list[str]:
        return self._run(lambda cursor: [str(r[0]) for r in cursor.execute(
            "SELECT t.id FROM tables t LEFT JOIN leases l ON l.table_id = t.id "
            "WHERE NOT t.finished AND (l.table_id IS NULL OR l.until <= now()) "
            "ORDER BY t.created")])

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._db.close()


def _write_steps(cursor: Cursor, table: StoredTable, keep: int) -> None:
    cursor.execute("DELETE FROM steps WHERE table_id=%s AND idx>=%s", (table.id, keep))
    cursor.executemany("INSERT INTO steps (table_id, idx, actor, actions, moves) "
                       "VALUES (%s, %s, %s, %s, %s)", step_rows(table, keep))


def _one(cursor: Cursor) -> object:
    row = cursor.fetchone()
    return None if row is None else row[0]
