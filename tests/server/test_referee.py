"""The thin referee (issue 23): one path for every change, workers that end with their server,
a stand-in bot the table chooses, and the drawing done in workers.

Each test runs a real ``rennbahn serve`` on 127.0.0.1 and talks to it over real websockets.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rennbahn.server.local import LocalServer
from tests.server.client import Conn, create

#: Two people, no chance before a move, one car each: a short game.
DUEL = "von0auf100(players=2,race=small)"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LocalServer]:
    with LocalServer(tmp_path / "tables.sqlite3", tmp_path / "server.log") as running:
        yield running


def _info(server: LocalServer, table: str) -> dict[str, Any]:
    status, info = server.request("GET", f"api/tables/{table}")
    assert status == 200 and isinstance(info, dict), info
    return info


async def _quiet(conn: Conn, seconds: float) -> list[dict[str, Any]]:
    """Everything ``conn`` receives within ``seconds``."""
    heard: list[dict[str, Any]] = []
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        try:
            heard.append(await conn.next(left))
        except TimeoutError:
            break
    return heard


# -- one commit-then-acknowledge path -------------------------------------------------------
async def _refused_write(server: LocalServer) -> None:
    created = create(server, {"game": DUEL, "seats": [{"name": "Anna"}, {"name": "Ben"}]})
    table = created["table"]
    anna = Conn(server.ws_url, table, created["seats"][0]["token"])
    ben = Conn(server.ws_url, table, created["seats"][1]["token"])
    watcher = Conn(server.ws_url, table, None)
    for conn in (anna, ben, watcher):
        await conn.open()
    try:
        mover = anna if 0 in anna.current["to_act"] else ben
        view = mover.current
        before = _info(server, table)
        await _quiet(watcher, 0.5)  # what the joins said
        blocker = sqlite3.connect(server.db, timeout=1, isolation_level=None)
        blocker.execute("BEGIN EXCLUSIVE")  # the server's write waits, then fails
        try:
            await mover.send({"type": "move", "v": 1, "number": view["number"],
                              "action": view["legal"][0]["action"]})
            error = await mover.error(timeout=20)
            heard = await _quiet(watcher, 1.0)
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        # The move is refused to its sender, and nobody hears of it: no view, no line.
        assert error["code"] == "store_failed", error
        assert heard == [], heard
        # Nothing is lost or half-made: the table is where it was, and the same move
        # (answering the same number) stands now that the store works again.
        assert _info(server, table)["ply"] == before["ply"]
        assert _info(server, table)["number"] == before["number"]
        await mover.send({"type": "move", "v": 1, "number": view["number"],
                          "action": view["legal"][0]["action"]})
        ack = await mover.expect("ack")
        assert ack["number"] == view["number"] + 1
        seen = await watcher.expect("view")
        while seen["number"] < ack["number"]:
            seen = await watcher.expect("view")
        told = [d for _, d in watcher.received if d["type"] == "view"]
        lines = [line for d in told for line in d["narration"]]
        name = "Anna" if mover is anna else "Ben"
        assert sum(name in line for line in lines) >= 1, lines
        assert _info(server, table)["ply"] > before["ply"]
    finally:
        for conn in (anna, ben, watcher):
            await conn.close()


def test_a_move_the_store_refuses_is_heard_by_nobody_and_nothing_is_lost(
    server: LocalServer,
) -> None:
    asyncio.run(_refused_write(server))


# -- workers end with their server ----------------------------------------------------------
def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def _workers(server: LocalServer) -> list[int]:
    """The worker pids, once a spectator's first board has started the drawing worker."""
    created = create(server, {"game": DUEL, "seats": [{"bot": "random"}, {"bot": "random"}]})

    async def watch() -> None:
        spectator = Conn(server.ws_url, created["table"], None)
        await spectator.open()  # its first view has its board: drawn by a worker
        await spectator.close()

    asyncio.run(watch())
    return [*_workers_of(server, "bot"), *_workers_of(server, "drawing")]


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads processes from /proc")
def test_workers_end_when_their_server_is_killed(tmp_path: Path) -> None:
    """FAILS before issue 23: a server killed with SIGKILL left its bot workers running."""
    server = LocalServer(tmp_path / "t.sqlite3", tmp_path / "server.log")
    server.start()
    try:
        pids = _workers(server)
        assert len(pids) == 2, pids  # the bots' and the drawing's
        assert all(_alive(pid) for pid in pids)
        server.kill_server_alone()
        end = time.monotonic() + 10
        while alive := [pid for pid in pids if _alive(pid)]:
            assert time.monotonic() < end, f"workers {alive} outlived their server"
            time.sleep(0.1)
    finally:
        server.kill()


def test_a_clean_stop_ends_the_workers_without_leaking_semaphores(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server = LocalServer(tmp_path / "t.sqlite3", log)
    server.start()
    pids = _workers(server)
    assert len(pids) == 2, pids
    server.stop()
    # uvicorn ends by raising the SIGTERM it caught again, once it has shut down cleanly
    assert server.process is not None and server.process.returncode in (0, -15), \
        log.read_text()
    assert "Application shutdown complete" in log.read_text()
    assert not [pid for pid in pids if _alive(pid)]
    text = log.read_text()
    assert "leaked semaphore" not in text and "Traceback" not in text, text[-3000:]


# -- the stand-in is the table's choice -----------------------------------------------------
async def _standin(server: LocalServer) -> None:
    status, answer = server.request("POST", "api/tables", {
        "game": DUEL, "seats": [{"name": "Anna"}, {"bot": "random"}], "standin": "nobot"})
    assert status == 400 and answer["error"]["code"] == "bad_bot", answer
    assert "standin" in answer["error"]["detail"] and "heuristic" in answer["error"]["detail"]
    for chosen, expected in (("random", "random"), (None, "heuristic")):
        body: dict[str, Any] = {"game": DUEL, "clock": 1,
                                "seats": [{"name": "Anna"}, {"bot": "random"}]}
        if chosen is not None:
            body["standin"] = chosen
        created = create(server, body)
        anna = Conn(server.ws_url, created["table"], created["seats"][0]["token"])
        await anna.open()
        try:
            end = time.monotonic() + 15
            while not anna.current["seats"][0]["away"]:
                assert time.monotonic() < end, "the clock never ran out"
                await anna.expect("view")
            assert anna.current["seats"][0]["bot"] == expected
        finally:
            await anna.close()


def test_the_clock_hands_a_late_seat_to_the_stand_in_the_table_chose(
    server: LocalServer,
) -> None:
    """Before issue 23 the stand-in was the first name of a sorted list (``duct`` in Gib
    Gas!, ``easy`` elsewhere) while the page offered ``heuristic``."""
    asyncio.run(_standin(server))


# -- the loop draws nothing -----------------------------------------------------------------
async def _drawing_frozen(server: LocalServer) -> None:
    created = create(server, {"game": DUEL, "seats": [{"name": "Anna"}, {"name": "Ben"}]})
    table = created["table"]
    anna = Conn(server.ws_url, table, created["seats"][0]["token"])
    ben = Conn(server.ws_url, table, created["seats"][1]["token"])
    for conn in (anna, ben):
        await conn.open()
    (drawing,) = _workers_of(server, "drawing")
    try:
        mover = anna if 0 in anna.current["to_act"] else ben
        view = mover.current
        assert view["board"].startswith("<svg")
        await _quiet(mover, 0.5)
        os.kill(drawing, signal.SIGSTOP)  # nothing can be drawn or narrated now
        try:
            await mover.send({"type": "ping", "v": 1})
            assert (await mover.next(5))["type"] == "pong"
            await mover.send({"type": "move", "v": 1, "number": view["number"],
                              "action": view["legal"][0]["action"]})
            ack = await mover.next(5)  # the move is written and acknowledged at once...
            assert ack["type"] == "ack" and ack["number"] == view["number"] + 1, ack
            assert _info(server, table)["ply"] == view["ply"] + 1
            heard = await _quiet(mover, 1.0)  # ... but its view waits for its board
            assert [h for h in heard if h["type"] == "view"] == [], heard
        finally:
            os.kill(drawing, signal.SIGCONT)
        after = await mover.expect("view")
        assert after["number"] == ack["number"] and after["board"].startswith("<svg")
        assert after["narration"], after
    finally:
        for conn in (anna, ben):
            await conn.close()


def _workers_of(server: LocalServer, kind: str) -> list[int]:
    status, stats = server.request("GET", "api/stats")
    assert status == 200
    pids: list[int] = stats["workers"][kind]
    return pids


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="stops a process with SIGSTOP")
def test_moves_are_acknowledged_while_the_drawing_worker_is_frozen(
    server: LocalServer,
) -> None:
    """The event loop draws nothing: with the one drawing worker stopped, a ping is
    answered and a move is written and acknowledged; only its view (with its board and
    narration) waits, and comes once the worker goes on."""
    asyncio.run(_drawing_frozen(server))
