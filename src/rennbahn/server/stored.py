"""What a store keeps, whichever database holds it: a table, its seats and steps, the row
they become, and the errors a store raises.

Both stores (``store.SqliteStore`` and ``postgres.PostgresStore``) write the same rows,
column for column, so a table reads back the same from either. This module imports no
database: ``store`` imports ``postgres`` only when asked for one, and both import this.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rennbahn.core.records import Step

#: The schema version this code writes; older databases are migrated on open, newer refused.
SCHEMA_VERSION = 3

#: The columns of a table's row, in the order :func:`table_row` gives them.
TABLE_COLUMNS = ("id", "game", "seed", "created", "clock", "seats", "number", "rng", "pending",
                 "deadlines", "finished", "record", "public", "standin")


def token_digest(token: str) -> str:
    """How a seat token is kept and looked up: its sha256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class StoredSeat:
    name: str
    #: The bot that plays this seat by choice (from creation, or handed over by its holder).
    bot: str | None = None
    #: The stand-in bot playing a person's seat since its clock ran out (until taken back).
    standin: str | None = None
    #: True once someone opened the seat's link (a public table's lobby offers the others).
    claimed: bool = False


@dataclass
class StoredTable:
    """Everything needed to rebuild a table: the game, seats, steps and the generator."""

    id: str
    game: str
    seed: int
    created: float
    seats: list[StoredSeat]
    clock: float | None = None
    steps: list[Step] = field(default_factory=list)
    number: int = 0
    #: ``random.Random.getstate()`` of the table's generator, as JSON.
    rng: str | None = None
    #: Secret choices at the current simultaneous node, by seat (server side only).
    pending: dict[int, int] = field(default_factory=dict)
    #: Unix time by which each seat that must act has to (tables with a clock).
    deadlines: dict[int, float] = field(default_factory=dict)
    finished: bool = False
    #: The finished game's record (``rennbahn replay`` JSON).
    record: str | None = None
    #: Listed in the lobby while a person's seat is unclaimed (schema 2).
    public: bool = False
    #: The bot that plays a person's seat whose clock ran out (schema 3); None: the
    #: game's own default (``server.bots.default_standin``).
    standin: str | None = None


class StoreError(RuntimeError):
    """The database cannot be used (e.g. written by a newer rennbahn); the message is one
    line that names the database (never its password) and says what is wrong."""


class LeaseLostError(StoreError):
    """A write to a table whose lease this server no longer holds (a shared store): another
    server plays it now (``holder``), or nobody does since this server's lease ran out."""

    def __init__(self, table_id: str, owner: str, holder: str | None) -> None:
        self.table_id = table_id
        self.holder = holder
        other = "nor does any other" if holder is None else f"{holder} does"
        super().__init__(f"table {table_id}: this server ({owner}) holds no live lease on it, "
                         f"{other}; nothing was written")


def table_row(t: StoredTable) -> tuple[Any, ...]:
    """The table's row, in :data:`TABLE_COLUMNS` order (JSON text for the nested parts)."""
    seats = json.dumps([{"name": s.name, "bot": s.bot, "standin": s.standin,
                         "claimed": s.claimed} for s in t.seats])
    return (
        t.id, t.game, t.seed, t.created, t.clock, seats, t.number, t.rng,
        json.dumps({str(k): v for k, v in t.pending.items()}),
        json.dumps({str(k): v for k, v in t.deadlines.items()}),
        t.finished, t.record, t.public, t.standin,
    )


def step_rows(t: StoredTable, keep: int) -> list[tuple[str, int, int, str, str]]:
    """The rows of the table's steps from index ``keep`` on: (table, index, actor, action
    ids, notation), the last two as JSON lists."""
    return [
        (t.id, keep + i, s.actor, json.dumps(list(s.actions)), json.dumps(list(s.moves)))
        for i, s in enumerate(t.steps[keep:])
    ]


def table_from_rows(row: Sequence[Any], steps: Sequence[Sequence[Any]]) -> StoredTable:
    """The table from its row (:data:`TABLE_COLUMNS` order) and its steps' (actor, action
    ids, notation) rows in order."""
    (id_, game, seed, created, clock, seats, number, rng, pending, deadlines,
     finished, record, public, standin) = row
    return StoredTable(
        id=id_, game=game, seed=int(seed), created=float(created),
        clock=None if clock is None else float(clock),
        seats=[StoredSeat(**s) for s in json.loads(seats)],
        steps=[Step(int(a), tuple(json.loads(x)), tuple(json.loads(m))) for a, x, m in steps],
        number=int(number), rng=rng,
        pending={int(k): int(v) for k, v in json.loads(pending).items()},
        deadlines={int(k): float(v) for k, v in json.loads(deadlines).items()},
        finished=bool(finished), record=record, public=bool(public), standin=standin,
    )
