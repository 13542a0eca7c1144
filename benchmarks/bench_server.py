"""The table server under load: many tables at once, two people each, bots in the other seats.

Usage::

    .venv/bin/python benchmarks/bench_server.py                 # 100 tables for 30 seconds
    .venv/bin/python benchmarks/bench_server.py --tables 20 --seconds 10

Starts ``rennbahn serve`` on 127.0.0.1 (a free port, a temporary database), opens the tables
(the four games in turn, three seats: two websocket clients making random legal moves and a
bot), opens a new table whenever one finishes, and stops after ``--seconds``. Then the server
is killed with SIGKILL and its database read: every move a client had acknowledged must be
there. Reports moves per second, p50 and p99 latency from a move sent to the next view
received, errors, lost moves, and the CPU time the server and its bot workers spent per
move (which does not depend on how busy the machine is). The issue's target on 2 cores:
p99 under 100 ms, 0 errors, 0 lost moves. Bounded in count (``--tables`` at most 200) and
time (``--seconds`` at most 300).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from rennbahn.core.protocol import SIMULTANEOUS
from rennbahn.server.local import LocalServer
from rennbahn.server.store import SqliteStore

GAMES = (
    "gibgas(players=3)",
    "von0auf100(players=3,race=small)",
    "grandprix(players=3)",
    "ausgebremst(players=3)",
)


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.acked: dict[tuple[str, int], int] = {}
        self.finished = 0
        self.create_waits = 0


async def _person(url: str, table: str, token: str, seat: int, stats: Stats,
                  rng: random.Random, stop: float, boards: bool = False) -> bool:
    """One client: move at random whenever it must; True when the game ended."""
    async with connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "v": 1, "table": table, "token": token,
                                  "board": boards}))
        sent_at: float | None = None
        waiting = False  # a move was sent and its ack (or error) has not come yet
        answered: tuple[int, int, tuple[int, ...]] | None = None
        view: dict[str, Any] | None = None
        while True:
            try:
                text = await asyncio.wait_for(ws.recv(), max(0.05, stop - time.monotonic()))
            except (TimeoutError, ConnectionClosed):
                return False
            message = json.loads(text)
            kind = message["type"]
            if kind == "error":  # the newest view came before it: choose from that one
                stats.errors.append(f"{table} seat {seat}: {message['code']} {message['message']}")
                waiting, answered = False, None
            elif kind == "ack":  # views that came before it are outdated: wait for the next
                waiting, view = False, None
                if time.monotonic() <= stop:
                    stats.acked[table, seat] = stats.acked.get((table, seat), 0) + 1
            elif kind == "view":
                view = message
                if sent_at is not None:
                    stats.latencies.append(time.monotonic() - sent_at)
                    sent_at = None
                if message["over"]:
                    return True
            if view is None or waiting or time.monotonic() > stop:
                continue
            key = (view["number"], view["ply"], tuple(view["chosen"]))
            if seat not in view["to_act"] or not view["legal"] or key == answered:
                continue
            answered, waiting = key, True
            choice = rng.choice(view["legal"])
            sent_at = time.monotonic()
            await ws.send(json.dumps({"type": "move", "v": 1, "number": view["number"],
                                      "action": choice["action"]}))


async def _table_slot(server: LocalServer, index: int, stats: Stats, stop: float,
                      bot: str, boards: bool = False) -> None:
    """Keep one table going until the time is up (a new one when a game ends)."""
    rng = random.Random(index)
    game = 0
    while time.monotonic() < stop:
        text = GAMES[(index + game) % len(GAMES)]
        game += 1
        while True:
            status, created = await asyncio.to_thread(server.request, "POST", "api/tables", {
                "game": text, "seats": [{"name": "A"}, {"name": "B"}, {"bot": bot}]})
            if status != 429:  # creating too fast: wait as the server asks
                break
            stats.create_waits += 1
            await asyncio.sleep(0.5)
        if status != 201:
            stats.errors.append(f"create {text}: {status} {created}")
            return
        seats = created["seats"]
        done = await asyncio.gather(*(
            _person(server.ws_url, created["table"], seats[s]["token"], s, stats, rng, stop,
                    boards)
            for s in (0, 1)))
        stats.finished += all(done)


def _cpu_seconds(pid: int) -> float:
    """CPU time of the server process and its bot workers so far (Linux /proc; else 0)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry.name) == pid or int(fields[1]) == pid:  # fields[1]: the parent
            total += (int(fields[11]) + int(fields[12])) / tick  # utime + stime
    return total


def _lost(db: Path, acked: dict[tuple[str, int], int]) -> int:
    """Acknowledged moves that are not in the database."""
    store = SqliteStore(db)
    lost = 0
    try:
        for (table_id, seat), count in acked.items():
            stored = store.load(table_id)
            if stored is None:
                lost += count
                continue
            kept = sum(s.actor in (seat, SIMULTANEOUS) for s in stored.steps)
            kept += seat in stored.pending
            lost += max(0, count - kept)
    finally:
        store.close()
    return lost


async def _run(server: LocalServer, tables: int, seconds: float, bot: str,
               boards: bool = False) -> Stats:
    stats = Stats()
    stop = time.monotonic() + seconds
    await asyncio.gather(*(_table_slot(server, i, stats, stop, bot, boards)
                           for i in range(tables)))
    return stats


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100, help="tables at once (max 200)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long (max 300)")
    parser.add_argument("--bot", default="random", help="the bot in the third seat")
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--boards", action="store_true",
                        help="clients ask for the SVG board in every view, as the pages do")
    args = parser.parse_args(argv)
    tables = max(1, min(args.tables, 200))
    seconds = max(1.0, min(args.seconds, 300.0))
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        server = LocalServer(db, Path(folder) / "server.log", bot_workers=args.bot_workers)
        server.start()
        try:
            stats = asyncio.run(_run(server, tables, seconds, args.bot, args.boards))
            assert server.process is not None
            cpu = _cpu_seconds(server.process.pid)
        finally:
            server.kill()  # kill -9: what was acknowledged must be in the file
        lost = _lost(db, stats.acked)
    moves = sum(stats.acked.values())
    lat = sorted(stats.latencies) or [0.0]
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
    result: dict[str, Any] = {
        "tables_at_once": tables, "seconds": seconds, "boards": args.boards, "moves": moves,
        "moves_per_second": round(moves / seconds, 1), "games_finished": stats.finished,
        "latency_p50_ms": round(statistics.median(lat) * 1000, 1),
        "latency_p99_ms": round(p99 * 1000, 1), "errors": len(stats.errors),
        "lost_moves": lost,
        "server_cpu_ms_per_move": round(cpu * 1000 / max(moves, 1), 2),
        "table_creations_told_to_wait": stats.create_waits,
    }
    print(json.dumps(result, indent=1))
    for error in stats.errors[:10]:
        print("error:", error, file=sys.stderr)


if __name__ == "__main__":
    main()
