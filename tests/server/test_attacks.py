"""The server trusts no client: every refused message changes nothing and says why.

Also the HTTP routes, escaping, handing a seat to a bot, and the move clock (whose
deadlines survive a kill -9).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from rennbahn.server.local import LocalServer
from tests.server.client import Conn

GAME = "von0auf100(players=3,race=small)"


def _create(server: LocalServer, clock: float | None = None, **names: str) -> dict[str, Any]:
    body: dict[str, Any] = {"game": GAME, "seats": [
        {"name": names.get("a", "Anna")}, {"name": names.get("b", "Ben")}, {"bot": "random"}]}
    if clock is not None:
        body["clock"] = clock
    status, created = server.request("POST", "api/tables", body)
    assert status == 201 and isinstance(created, dict), created
    return created


def _snapshot(server: LocalServer, table: str) -> dict[str, Any]:
    status, info = server.request("GET", f"api/tables/{table}")
    assert status == 200 and isinstance(info, dict)
    return info


async def _wait_for(conn: Conn, test: Any, timeout: float = 10.0) -> dict[str, Any]:
    """Wait until the connection's latest view passes ``test``."""
    end = asyncio.get_running_loop().time() + timeout
    while conn.view is None or not test(conn.view):
        assert asyncio.get_running_loop().time() < end, f"no such view: {conn.view}"
        await asyncio.sleep(0.01)
    return conn.view


async def _attacks(server: LocalServer) -> None:
    created = _create(server)
    other_table = _create(server)
    table = created["table"]
    tokens = [s.get("token") for s in created["seats"]]
    people = [Conn(server.ws_url, table, t) for t in tokens[:2]]
    spectator = Conn(server.ws_url, table, None)
    for conn in [*people, spectator]:
        await conn.open()
    view = await _wait_for(people[0], lambda v: set(v["to_act"]) & {0, 1})
    [mover] = view["to_act"]
    me, other = people[mover], people[1 - mover]
    view = await _wait_for(me, lambda v: v["legal"])
    number, legal = view["number"], view["legal"]
    before = _snapshot(server, table)
    assert before["number"] == number and before["to_act"] == [mover]
    assert other.current["legal"] == []  # another seat's legal moves are never sent

    async def refused(conn: Conn, message: object, code: str) -> None:
        await conn.send_raw(message if isinstance(message, (str, bytes)) else json.dumps(message))
        error = await conn.error()
        assert error["code"] == code, (message, error)
        assert error["message"]
        assert _snapshot(server, table) == before, message  # nothing changed

    move = {"type": "move", "v": 1, "number": number, "action": legal[0]["action"]}
    await refused(other, move, "not_your_turn")
    await refused(me, {**move, "number": number - 1}, "stale")
    await refused(me, {**move, "number": number + 5}, "stale")
    await refused(me, {**move, "action": 10**6}, "illegal")
    await refused(me, {"type": "move", "v": 1, "number": number, "move": "fly"}, "illegal")
    await refused(me, {**move, "move": legal[0]["move"]}, "malformed")
    await refused(me, {"type": "move", "v": 1, "number": number}, "malformed")
    # Forgery: a connection is its token's seat; it cannot claim another.
    await refused(other, {**move, "seat": mover}, "malformed")
    await refused(other, {**move, "token": tokens[mover]}, "malformed")
    await refused(other, {"type": "hello", "v": 1, "table": table, "token": tokens[mover]},
                  "already_joined")
    await refused(spectator, move, "spectator")
    for token, where in [("x" * 32, table), (tokens[mover], other_table["table"]),
                         (other_table["seats"][0]["token"], table), ("y" * 5000, table)]:
        stranger = Conn(server.ws_url, where, token)
        with pytest.raises(AssertionError, match=r"bad_token|too_large"):
            await stranger.open()
        await stranger.close()
    lurker = Conn(server.ws_url, table, None)
    lurker.ws = await connect(server.ws_url)
    lurker.reader = asyncio.create_task(lurker._read(lurker.ws))
    await refused(lurker, move, "not_joined")
    await refused(lurker, {"type": "hello", "v": 1, "table": "nope"}, "no_table")
    # Malformed and oversized.
    for bad in ["hello", "[]", "{}", '{"type": "move"}', '{"type": "fly", "v": 1}',
                '{"type": "move", "v": 1, "number": "3", "action": 1}',
                '{"type": "move", "v": 1, "number": 3, "action": true}', b"\x00\xff\x10"]:
        await refused(me, bad, "malformed")
    await refused(me, {"type": "ping", "v": 2}, "version")
    await refused(me, json.dumps({**move, "pad": "x" * 10000}), "too_large")
    await me.send_raw("x" * 200_000)  # beyond the socket's frame limit: the socket closes
    assert me.reader is not None
    await me.reader
    assert me.closed
    assert _snapshot(server, table) == before
    # Faster than the rate limit: refused beyond the burst, nothing else changes.
    await me.open()
    for _ in range(80):
        await me.send({"type": "ping", "v": 1})
    answers = []
    with contextlib.suppress(TimeoutError):
        while True:  # until the server is quiet
            answers.append(await me.next(timeout=1.0))
    pongs = sum(a["type"] == "pong" for a in answers)
    limited = [a for a in answers if a["type"] == "error"]
    # A flood is told once, not once a message (issue 21, point 14); the rest is dropped.
    assert pongs >= 20 and [a["code"] for a in limited] == ["rate_limited"]
    assert pongs + len(limited) < 80
    assert _snapshot(server, table) == before
    await asyncio.sleep(1.5)  # the bucket refills
    # The real move still goes through.
    await me.send(move)
    assert (await me.expect("ack"))["number"] == number + 1
    for conn in [*people, spectator, lurker]:
        await conn.close()


def test_attacks_are_refused_to_that_connection_alone_and_change_nothing(
    server: LocalServer,
) -> None:
    asyncio.run(_attacks(server))


def test_http_routes_refuse_bad_requests_and_escape_names(server: LocalServer) -> None:
    status, page = server.request("GET", "/")
    assert status == 200 and 'id="create"' in page and "/static/rennbahn.js" in page
    status, games = server.request("GET", "api/games")
    assert status == 200
    assert {g["name"] for g in games} == {"gibgas", "von0auf100", "grandprix", "ausgebremst"}
    seats = [{"name": "a"}, {"name": "b"}, {"bot": "random"}]
    bad: list[tuple[Any, int, str]] = [
        ({"game": "chess", "seats": seats}, 400, "bad_game"),
        ({"game": "gibgas(turbo=1)", "seats": seats}, 400, "bad_game"),
        ({"game": "grandprix(players=4)", "seats": seats}, 400, "bad_request"),
        ({"game": GAME, "seats": [*seats[:2], {"bot": "skynet"}]}, 400, "bad_bot"),
        ({"game": GAME, "seats": [{"name": "a\x07"}, *seats[1:]]}, 400, "bad_request"),
        ({"game": GAME, "seats": [{"name": "a" * 41}, *seats[1:]]}, 400, "bad_request"),
        ({"game": GAME, "seats": seats, "clock": 0}, 400, "bad_request"),
        ({"game": GAME, "seats": seats, "seed": 1}, 400, "malformed"),
        ({"game": GAME}, 400, "malformed"),
    ]
    for body, code, kind in bad:
        status, answer = server.request("POST", "api/tables", body)
        assert (status, answer["error"]["code"]) == (code, kind), body
    status, answer = server.request("POST", "api/tables", raw=b"{not json")
    assert (status, answer["error"]["code"]) == (400, "malformed")
    status, answer = server.request("POST", "api/tables", raw=b" " * 20000)
    assert (status, answer["error"]["code"]) == (413, "too_large")
    created = _create(server, a="<script>alert(1)</script>", b="Ben & \"Co\"")
    table = created["table"]
    status, page = server.request("GET", f"t/{table}")
    assert status == 200
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Ben &amp; &#34;Co&#34;" in page
    assert created["seats"][0]["link"].endswith(f"/t/{table}#token={created['seats'][0]['token']}")
    assert len(created["seats"][0]["token"]) >= 22  # at least 128 bits
    for route in ("record", "story", "story?seat=0"):
        status, answer = server.request("GET", f"api/tables/{table}/{route}")
        assert (status, answer["error"]["code"]) == (409, "not_over"), route
    status, answer = server.request("GET", "api/tables/nope")
    assert (status, answer["error"]["code"]) == (404, "no_table")
    status, info = server.request("GET", f"api/tables/{table}")
    assert info["seats"][0]["name"] == "<script>alert(1)</script>"  # JSON keeps the text
    assert "token" not in json.dumps(info) and "seed" not in info


async def _hand_over(server: LocalServer) -> None:
    created = _create(server)
    table = created["table"]
    anna = Conn(server.ws_url, table, created["seats"][0]["token"])
    await anna.open()
    await anna.send({"type": "seat", "v": 1, "bot": "chess-master"})
    assert (await anna.error())["code"] == "bad_bot"
    await anna.send({"type": "seat", "v": 1, "bot": "random"})
    await anna.expect("ack")
    view = await _wait_for(anna, lambda v: v["seats"][0]["kind"] == "bot")
    assert view["legal"] == []
    # Ben is absent; the bot plays Anna's seat until Ben must act.
    view = await _wait_for(anna, lambda v: v["to_act"] == [1])
    await anna.send({"type": "move", "v": 1, "number": view["number"], "action": 0})
    assert (await anna.error())["code"] in ("seat_is_bot", "not_your_turn")
    await anna.send({"type": "seat", "v": 1, "bot": None})
    await anna.expect("ack")
    view = await _wait_for(anna, lambda v: v["seats"][0]["kind"] == "person")
    assert not view["seats"][0]["away"]
    await anna.close()


def test_a_seat_is_handed_to_a_bot_and_taken_back(server: LocalServer) -> None:
    asyncio.run(_hand_over(server))


async def _clocked(server: LocalServer, clock: float) -> tuple[Conn, dict[str, Any]]:
    """A table with a move clock, Anna connected, and her view once some clock runs."""
    created = _create(server, clock=clock)
    anna = Conn(server.ws_url, created["table"], created["seats"][0]["token"])
    await anna.open()
    return anna, await _wait_for(anna, lambda v: v["deadlines"])


async def _clock(server: LocalServer) -> None:
    anna, view = await _clocked(server, 1.0)
    assert all(float(t) > 0 for t in view["deadlines"].values())
    # Nobody moves: the stand-in plays for whoever's clock ran out.
    view = await _wait_for(anna, lambda v: any(s["away"] for s in v["seats"]), timeout=15)
    away = [s for s in view["seats"] if s["away"]]
    assert away[0]["kind"] == "person" and away[0]["bot"]
    view = await _wait_for(anna, lambda v: v["seats"][0]["away"] or v["over"], timeout=20)
    if not view["over"]:
        await anna.send({"type": "seat", "v": 1, "bot": None})  # Anna is back
        await anna.expect("ack")
        view = await _wait_for(anna, lambda v: not v["seats"][0]["away"])
    await anna.close()


def test_the_move_clock_hands_an_absent_seat_to_a_stand_in(server: LocalServer) -> None:
    asyncio.run(_clock(server))


async def _clock_after_restart(server: LocalServer) -> None:
    anna, view = await _clocked(server, 2.0)
    await anna.close()
    server.kill()
    server.start()
    await anna.open()
    after = anna.current
    if not any(s["away"] for s in after["seats"]):  # (else it ran out while restarting)
        assert after["deadlines"] == view["deadlines"]  # stored, not reset
    await _wait_for(anna, lambda v: any(s["away"] for s in v["seats"]), timeout=15)
    await anna.close()


def test_deadlines_survive_a_kill_9(server: LocalServer) -> None:
    asyncio.run(_clock_after_restart(server))


def test_the_command_needs_no_extra_to_say_how_to_install_it() -> None:
    """Without the web extra the command says which extra to install (checked by hiding
    starlette from the import system)."""
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['starlette'] = None; sys.modules['uvicorn'] = None\n"
        "from typer.testing import CliRunner\n"
        "from rennbahn.cli.main import app\n"
        "r = CliRunner().invoke(app, ['serve'])\n"
        "print(r.exit_code); print(r.output)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.startswith("2\n") and "pip install 'rennbahn[web]'" in out, out
    assert "pip install -e '.[web]'" in out  # the form for a checkout


def _bot_workers(server: LocalServer) -> list[int]:
    """Process ids of the server's bot workers (its spawned children)."""
    assert server.process is not None
    found = []
    for entry in Path("/proc").iterdir():
        try:
            status = (entry / "status").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        parent = next(line.split()[1] for line in status.splitlines()
                      if line.startswith("PPid:"))
        if int(parent) == server.process.pid and "spawn_main" in command \
                and "resource_tracker" not in command:
            found.append(int(entry.name))
    return found


async def _worker_dies(server: LocalServer) -> None:
    created = _create(server)
    people = [Conn(server.ws_url, created["table"], s["token"]) for s in created["seats"][:2]]
    for pid in _bot_workers(server):
        os.kill(pid, signal.SIGKILL)
    for person in people:
        await person.open()
        await person.send({"type": "seat", "v": 1, "bot": "random"})  # bots only from here
        await person.expect("ack")
    await _wait_for(people[0], lambda v: v["over"], timeout=30)  # play went on to the end
    for person in people:
        await person.close()


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
def test_a_killed_bot_worker_does_not_stall_a_table(server: LocalServer) -> None:
    assert _bot_workers(server)
    asyncio.run(_worker_dies(server))
    assert _bot_workers(server)  # a new pool was made
