"""The SQLite store: round trips, atomic step replacement (undo), tokens by digest only,
and a schema version that refuses files from a newer rennbahn."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from rennbahn.core.protocol import CHANCE, SIMULTANEOUS
from rennbahn.core.records import Step
from rennbahn.server.store import (
    SCHEMA_VERSION,
    SqliteStore,
    StoredSeat,
    StoredTable,
    StoreError,
    token_digest,
)


def _table() -> StoredTable:
    return StoredTable(
        id="t1", game="gibgas(players=2)", seed=7, created=1.5,
        seats=[StoredSeat("Anna <b>"), StoredSeat("Bot", bot="random")], clock=60.0,
        steps=[Step(CHANCE, (3,), ("x",)), Step(SIMULTANEOUS, (1, 2), ("200", "210"))],
        number=2, rng='[3, [1, 2], null]', pending={1: 4}, deadlines={0: 99.5},
    )


def test_a_table_comes_back_as_it_was_stored(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.sqlite3")
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
    table.finished, table.record = True, "{}"
    store.save(table, keep=2)
    assert store.unfinished() == []
    store.close()
    # Reopened (as after a restart): the same table; no token in clear anywhere.
    again = SqliteStore(tmp_path / "s.sqlite3")
    assert again.load("t1") == table
    again.close()
    dump = "\n".join(sqlite3.connect(tmp_path / "s.sqlite3").iterdump())
    assert "secret-0" not in dump and token_digest("secret-0") in dump


def test_a_file_from_a_newer_schema_is_refused(tmp_path: Path) -> None:
    SqliteStore(tmp_path / "s.sqlite3").close()
    db = sqlite3.connect(tmp_path / "s.sqlite3")
    db.execute("UPDATE meta SET value=? WHERE key='schema'", (str(SCHEMA_VERSION + 1),))
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer rennbahn"):
        SqliteStore(tmp_path / "s.sqlite3")
