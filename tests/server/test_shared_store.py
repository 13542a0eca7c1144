"""Two servers on one PostgreSQL database (issue 23): each table is played by one of them at a
time, a client at the other is sent there, and when the owner is killed mid-game the other
takes the table over with nothing lost.

Real servers on loopback, a real PostgreSQL server (``python3 tasks.py test`` starts one;
skipped without it, failed on CI).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from rennbahn.core.protocol import CHANCE, SIMULTANEOUS
from rennbahn.server.local import LocalServer
from tests.server.client import Conn
from tests.server.pg import fresh_database

DUEL = "von0auf100(players=2,race=small)"
#: Seconds a table stays its server's without renewal: short, so the test is.
LEASE = 2


@pytest.fixture
def database() -> Iterator[str]:
    with fresh_database() as url:
        yield url


def _server(url: str, tmp_path: Path, name: str) -> LocalServer:
    server = LocalServer(url, tmp_path / f"{name}.log", args=["--lease", str(LEASE)])
    server.args += ["--advertise", server.url]
    return server


async def _take_a_turn(anna: Conn) -> int | None:
    """Anna's move if her newest view asks for one: the acknowledged number, else None."""
    view = anna.view
    if view is None or view["over"] or 0 not in view["to_act"] or not view["legal"]:
        return None
    await anna.send({"type": "move", "v": 1, "number": view["number"],
                     "action": view["legal"][0]["action"]})
    answer = await anna.expect_any(("ack", "error"), timeout=15)
    if answer["type"] == "error":  # the bot or chance moved first: look again
        assert answer["code"] == "stale", answer
        return None
    number: int = answer["number"]
    return number


async def _until_acked(anna: Conn, moves: int, seconds: float) -> int:
    """Anna makes ``moves`` moves (or the game ends); returns how many were acknowledged."""
    acked, end = 0, time.monotonic() + seconds
    while acked < moves and not (anna.view and anna.view["over"]):
        assert time.monotonic() < end, f"only {acked} moves acknowledged"
        seen = anna.view["number"] if anna.view else -1
        if await _take_a_turn(anna) is not None:
            acked += 1
            continue
        # Wait for a view newer than the one just answered: views already queued are older,
        # and sending the same stale move again at once would only run into the rate limit.
        with contextlib.suppress(TimeoutError):
            while anna.view is None or anna.view["number"] == seen:
                await anna.expect("view", timeout=5)
    return acked


async def _handover(a: LocalServer, b: LocalServer, database: str) -> None:
    status, created = a.request("POST", "api/tables", {
        "game": DUEL, "seats": [{"name": "Anna"}, {"bot": "random"}]})
    assert status == 201, created
    table, token = created["table"], created["seats"][0]["token"]
    anna = Conn(a.ws_url, table, token)
    await anna.open()
    assert await _until_acked(anna, 3, 30) == 3
    # At the other server, the table is somebody else's: the client is told where to go.
    elsewhere = Conn(b.ws_url, table, token)
    with pytest.raises(AssertionError, match="elsewhere"):
        await elsewhere.open()
    error = next(d for _, d in elsewhere.received if d["type"] == "error")
    assert error["code"] == "elsewhere" and error["where"] == a.url, error
    await elsewhere.close()
    status, answer = b.request("GET", f"api/tables/{table}")
    assert status == 409 and answer["error"]["where"] == a.url, answer
    # What A acknowledged, then A dies mid-game (its workers with it).
    status, info = a.request("GET", f"api/tables/{table}")
    assert status == 200 and not info["over"], info
    acknowledged = info["ply"]
    stored = _steps(database, table)
    assert len(stored) == acknowledged
    a.kill()
    await anna.close()
    # B takes the table over once A's lease has run out, with every step A acknowledged.
    end = time.monotonic() + 6 * LEASE + 10
    while True:
        status, info = b.request("GET", f"api/tables/{table}")
        if status == 200:
            break
        assert time.monotonic() < end, (status, info)
        await asyncio.sleep(0.2)
    assert info["ply"] >= acknowledged, (info, acknowledged)
    again = Conn(b.ws_url, table, token)
    await again.open(history=True)
    assert again.current["ply"] >= acknowledged
    assert again.current["narration"], "the story so far"
    # The game goes on at B to its end.
    await _until_acked(again, 10**6, 120)
    assert again.current["over"], again.current
    status, record = b.request("GET", f"api/tables/{table}/record")
    assert status == 200, record
    moves = [(m["seat"], m.get("action"), m.get("actions")) for m in record["moves"]]
    assert moves[:acknowledged] == stored  # every step A had acknowledged, as it was
    await again.close()


def _steps(url: str, table: str) -> list[tuple[Any, Any, Any]]:
    """The table's steps as the database holds them, as the record writes them."""
    with psycopg.connect(url, autocommit=True) as connection:
        rows = connection.execute(
            "SELECT actor, actions FROM steps WHERE table_id=%s ORDER BY idx", (table,)
        ).fetchall()
    result: list[tuple[Any, Any, Any]] = []
    for actor, actions in rows:
        ids = json.loads(actions)
        if actor == CHANCE:
            result.append(("chance", ids[0], None))
        elif actor == SIMULTANEOUS:
            result.append(("all", None, ids))
        else:
            result.append((actor, ids[0], None))
    return result


def test_a_killed_owners_table_is_taken_over_by_the_other_server_with_nothing_lost(
    database: str, tmp_path: Path,
) -> None:
    a, b = _server(database, tmp_path, "a"), _server(database, tmp_path, "b")
    a.start()
    try:
        b.start()
        try:
            asyncio.run(_handover(a, b, database))
        finally:
            b.stop()
    finally:
        a.kill()

