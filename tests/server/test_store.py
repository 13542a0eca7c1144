"""The stores, SQLite and PostgreSQL alike: round trips, atomic step replacement (undo),
tokens by digest only, and a schema version that refuses databases from a newer rennbahn.
PostgreSQL's leases: one server plays a table, another takes it over when the lease runs
out, and the old owner's writes are fenced off."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import psycopg
import pytest
from typer.testing import CliRunner

from rennbahn.cli.main import app as cli
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS
from rennbahn.core.records import Step
from rennbahn.server.store import (
    SCHEMA_VERSION,
    LeaseLostError,
    SqliteStore,
    Store,
    StoredSeat,
    StoredTable,
    StoreError,
    open_store,
    token_digest,
)

#: The addresses of two servers sharing a PostgreSQL database.
A, B = "http://127.0.0.1:8001/", "http://127.0.0.1:8002/"
#: A lease that runs out within a test, and a wait that outlasts it.
SHORT, PAST_SHORT = 0.5, 0.8


def _table(table_id: str = "t1") -> StoredTable:
    return StoredTable(
        id=table_id, game="gibgas(players=2)", seed=7, created=1.5,
        seats=[StoredSeat("Anna <b>"), StoredSeat("Bot", bot="random")], clock=60.0,
        steps=[Step(CHANCE, (3,), ("x",)), Step(SIMULTANEOUS, (1, 2), ("200", "210"))],
        number=2, rng='[3, [1, 2], null]', pending={1: 4}, deadlines={0: 99.5},
        standin="heuristic",
    )


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store is: a SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "s.sqlite3")
    url: str = request.getfixturevalue("postgres_db")
    return url


def _execute(db: str, statement: str) -> list[tuple[object, ...]]:
    """One statement on the database itself, past the store."""
    if db.startswith("postgresql://"):
        with psycopg.connect(db, autocommit=True) as connection:
            cursor = connection.execute(statement)
            return cursor.fetchall() if cursor.description else []
    with sqlite3.connect(db) as connection:
        return connection.execute(statement).fetchall()


def _everything(db: str) -> str:
    """Every row of every table, as text."""
    names = ["meta", "tables", "steps", "tokens"]
    return "\n".join(str(row) for name in names for row in _execute(db, f"SELECT * FROM {name}"))


def test_a_table_comes_back_as_it_was_stored(db: str) -> None:
    store = open_store(db, owner=A)
    table = _table()
    store.create(table, [token_digest("secret-0"), token_digest("secret-1")])
    assert store.load("t1") == table
    assert store.load("nope") is None
    assert store.find_token(token_digest("secret-1")) == ("t1", 1)
    assert store.find_token(token_digest("t1")) is None
    assert store.unfinished() == ["t1"]
    # Append one step; then an undo stores one fewer (the last one is dropped).
    table.steps.append(Step(0, (5,), ("pit",)))
    table.number, table.pending = 3, {}
    store.save(table, keep=2)
    assert store.load("t1") == table
    table.steps.pop()
    table.number = 4
    store.save(table, keep=2)
    assert store.load("t1") == table
    store.replace_token("t1", 1, token_digest("secret-2"))
    assert store.find_token(token_digest("secret-1")) is None
    assert store.find_token(token_digest("secret-2")) == ("t1", 1)
    table.finished, table.record = True, "{}"
    store.save(table, keep=2)
    assert store.unfinished() == []
    store.close()
    # Reopened (as after a restart): the same table; no token in clear anywhere.
    again = open_store(db, owner=A)
    assert again.load("t1") == table
    again.delete("t1")
    assert again.load("t1") is None and again.find_token(token_digest("secret-0")) is None
    again.create(table, [token_digest("secret-0"), token_digest("secret-1")])
    again.close()
    dump = _everything(db)
    assert "secret-0" not in dump and token_digest("secret-0") in dump


def test_a_database_from_a_newer_schema_is_refused(db: str) -> None:
    open_store(db, owner=A).close()
    _execute(db, f"UPDATE meta SET value='{SCHEMA_VERSION + 1}' WHERE key='schema'")
    with pytest.raises(StoreError, match="newer rennbahn"):
        open_store(db, owner=A)


def test_sqlite_leases_every_table_to_its_one_server(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s.sqlite3", owner=A)
    assert isinstance(store, SqliteStore) and not store.shared
    store.create(_table("t1"), [])
    finished = _table("t2")
    finished.finished = True
    store.create(finished, [])
    assert store.lease("t1", SHORT) is None and store.lease("nope", SHORT) is None
    store.release("t1")
    assert store.claimable() == store.unfinished() == ["t1"]
    store.close()


# -- PostgreSQL: several servers, one database ----------------------------------------------


def _servers(db: str, lease: float = SHORT) -> tuple[Store, Store]:
    a, b = open_store(db, owner=A, lease=lease), open_store(db, owner=B, lease=lease)
    assert a.shared and b.shared
    return a, b


def test_the_first_server_to_lease_a_table_plays_it(postgres_db: str) -> None:
    a, b = _servers(postgres_db)
    a.create(_table(), [])  # a creates it: a holds its lease
    assert b.lease("t1", SHORT) == A
    assert a.lease("t1", SHORT) is None  # renewed
    assert b.lease("t1", SHORT) == A
    a.release("t1")  # a lets go: b takes it at once
    assert b.lease("t1", 30) is None
    assert a.lease("t1", SHORT) == B
    assert a.lease("nope", SHORT) is None and a.load("nope") is None  # nobody plays it
    a.close()
    b.close()


def test_a_dead_servers_table_is_taken_over_and_its_writes_are_fenced(postgres_db: str) -> None:
    a, b = _servers(postgres_db)
    table = _table()
    a.create(table, [token_digest("secret-0"), token_digest("secret-1")])
    assert b.claimable() == []
    time.sleep(PAST_SHORT)  # a "died": its lease ran out
    assert b.claimable() == ["t1"]
    assert b.lease("t1", 30) is None
    assert b.claimable() == [] and a.lease("t1", SHORT) == B
    # a wakes up and writes as if it still held the table: refused, nothing written.
    stale = _table()
    stale.steps.append(Step(0, (5,), ("pit",)))
    stale.number = 3
    with pytest.raises(LeaseLostError, match=f"{B} does; nothing was written") as lost:
        a.save(stale, keep=2)
    assert lost.value.holder == B and lost.value.table_id == "t1"
    with pytest.raises(LeaseLostError):
        a.replace_token("t1", 0, token_digest("stolen"))
    with pytest.raises(LeaseLostError):
        a.delete("t1")
    assert b.load("t1") == table
    assert b.find_token(token_digest("secret-0")) == ("t1", 0)
    assert b.find_token(token_digest("stolen")) is None
    # The new owner writes.
    table.number = 5
    b.save(table, keep=2)
    assert a.load("t1") == table
    a.close()
    b.close()


def test_a_write_after_the_own_lease_ran_out_is_refused(postgres_db: str) -> None:
    a, _ = _servers(postgres_db)
    a.create(_table(), [])
    time.sleep(PAST_SHORT)
    with pytest.raises(LeaseLostError, match="nor does any other"):
        a.save(_table(), keep=0)
    assert a.lease("t1", SHORT) is None  # free: taken again
    a.save(_table(), keep=0)
    a.close()


def test_claimable_lists_unfinished_tables_whose_lease_is_free_or_expired(
    postgres_db: str,
) -> None:
    a, b = _servers(postgres_db)
    for table_id in ("expired", "live", "released", "finished"):
        table = _table(table_id)
        table.finished = table_id == "finished"
        a.create(table, [])
    time.sleep(PAST_SHORT)
    assert a.lease("live", 30) is None
    a.release("released")
    assert b.claimable() == ["expired", "released"]
    a.close()
    b.close()


def test_of_two_servers_racing_for_a_lease_exactly_one_wins(postgres_db: str) -> None:
    a, b = _servers(postgres_db, lease=30)
    creator = open_store(postgres_db, owner="http://127.0.0.1:8003/")
    for round_ in range(8):
        table_id = f"t{round_}"
        creator.create(_table(table_id), [])
        creator.release(table_id)
        start = threading.Barrier(2)
        answers: dict[str, str | None] = {}

        def race(store: Store, owner: str, table_id: str = table_id,
                 start: threading.Barrier = start, answers: dict[str, str | None] = answers,
                 ) -> None:
            start.wait()
            answers[owner] = store.lease(table_id, 30)

        threads = [threading.Thread(target=race, args=(s, o)) for s, o in ((a, A), (b, B))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        winners = [owner for owner, holder in answers.items() if holder is None]
        assert len(winners) == 1, answers
        loser = B if winners == [A] else A
        assert answers[loser] == winners[0]
    for store in (a, b, creator):
        store.close()


def test_a_lost_connection_is_made_again(postgres_db: str) -> None:
    a, _ = _servers(postgres_db, lease=30)
    a.create(_table(), [])
    (pid,) = _execute(postgres_db, "SELECT pid FROM pg_stat_activity WHERE "
                      "application_name = 'rennbahn'")[0]
    _execute(postgres_db, f"SELECT pg_terminate_backend({pid})")
    assert a.load("t1") == _table()
    a.close()


@pytest.mark.parametrize("url", [
    "postgresql://rennbahn:sekrit@127.0.0.1:1/tables",
    "postgres://rennbahn:sekrit@[::1/tables",
])
def test_an_unusable_database_is_one_line_without_its_password(url: str) -> None:
    with pytest.raises(StoreError) as error:
        open_store(url, owner=A)
    assert "tables" in str(error.value) and "sekrit" not in str(error.value)
    assert "\n" not in str(error.value)
    ran = CliRunner().invoke(cli, ["serve", "--db", url])
    assert ran.exit_code == 2
    assert "sekrit" not in ran.output and ran.output.count("\n") == 1, ran.output


def test_a_shared_database_needs_this_servers_address(postgres_db: str) -> None:
    with pytest.raises(StoreError, match="needs an address"):
        open_store(postgres_db)
