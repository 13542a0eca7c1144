"""Silent spectators against a table's players: move -> acknowledgement with and without them.

Usage::

    .venv/bin/python benchmarks/bench_slow_clients.py                  # 200 moves, 20 silent
    .venv/bin/python benchmarks/bench_slow_clients.py --moves 100 --spectators 10

Starts ``rennbahn serve`` on 127.0.0.1 (a free port, a temporary database, one bot worker).
Tables of two people (this script drives both seats, random legal moves, views with boards
as the pages ask for them) and ``--bots`` random bots (default: Ausgebremst for six, whose
bot steps send every spectator megabytes a game) make ``--moves`` of the people's moves;
each move's latency is the time from sending it to its ``ack``. Then the same again on new
tables of the same game, each with ``--spectators`` spectators that say hello and never
read a byte (plain sockets with a small receive buffer, so the kernel's buffers fill). A
game that ends is replaced by a new table (with new silent spectators). Meanwhile a
separate connection sends a ``ping`` every 50 ms and times each ``pong``. Reports p50, p99
and max of both phases side by side and the ratio of the p99s; the issue's target: with 20
silent spectators the players' p99 stays within 2x of the figure without them. Also how
many silent spectators the server dropped (too slow: their buffers full).

Loopback only; bounded in count (``--moves`` at most 2000, ``--spectators`` at most 100)
and time (each phase stops after ``--seconds``, at most 600; a move not acknowledged within
10 s counts as a timeout, and three timeouts end the phase).
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

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from rennbahn.server.local import LocalServer, Silent

ACK_TIMEOUT = 10.0
PING_EVERY = 0.05


class Seat:
    """One person's connection: keeps the newest view, hands acks to whoever waits."""

    def __init__(self, ws: ClientConnection, seat: int) -> None:
        self.ws, self.seat = ws, seat
        self.view: dict[str, Any] | None = None
        self.acks: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.changed = asyncio.Event()
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                message = json.loads(text)
                if message["type"] == "view":
                    self.view = message
                    self.changed.set()
                elif message["type"] in ("ack", "error"):
                    self.acks.put_nowait(message)
        except ConnectionClosed:
            pass
        finally:
            self.acks.put_nowait({"type": "closed"})
            self.changed.set()


class Phase:
    def __init__(self, name: str) -> None:
        self.name = name
        self.latencies: list[float] = []
        self.pongs: list[float] = []
        self.timeouts = 0
        self.errors: list[str] = []
        self.tables = 0
        self.dropped = 0
        self.silent = 0


def _create(server: LocalServer, game: str, bots: int) -> dict[str, Any]:
    status, created = server.request("POST", "api/tables", {
        "game": game, "seats": [{"name": "A"}, {"name": "B"}, *[{"bot": "random"}] * bots]})
    if status != 201 or not isinstance(created, dict):
        raise RuntimeError(f"create {game}: {status} {created}")
    return created


def _connections(server: LocalServer) -> int:
    status, stats = server.request("GET", "api/stats")
    return int(stats["connections"]) if status == 200 and isinstance(stats, dict) else -1


async def _one_table(server: LocalServer, args: argparse.Namespace, phase: Phase,
                     spectators: int, rng: random.Random, stop: float) -> None:
    """Play on one new table until the game ends, ``--moves`` are made or time is up."""
    created = await asyncio.to_thread(_create, server, args.game, args.bots)
    moves = args.moves
    table = created["table"]
    phase.tables += 1
    silent = [await asyncio.to_thread(Silent, server.port, table) for _ in range(spectators)]
    phase.silent += spectators
    seats: list[Seat] = []
    try:
        for info in created["seats"][:2]:
            ws = await connect(server.ws_url, max_size=2**22)
            await ws.send(json.dumps({"type": "hello", "v": 1, "table": table,
                                      "token": info["token"], "board": True}))
            seats.append(Seat(ws, info["seat"]))
        acked = 0
        while len(phase.latencies) < moves and time.monotonic() < stop and phase.timeouts < 3:
            mover = next((s for s in seats if s.view is not None and s.view["number"] >= acked
                          and s.seat in s.view["to_act"] and s.view["legal"]), None)
            if any(s.view is not None and s.view["over"] for s in seats):
                break
            if mover is None:
                for s in seats:
                    s.changed.clear()
                waits = [asyncio.create_task(s.changed.wait()) for s in seats]
                done, pending = await asyncio.wait(waits, timeout=ACK_TIMEOUT,
                                                   return_when=asyncio.FIRST_COMPLETED)
                for task in pending:
                    task.cancel()
                if not done:
                    phase.timeouts += 1
                continue
            assert mover.view is not None
            choice = rng.choice(mover.view["legal"])
            sent = time.monotonic()
            await mover.ws.send(json.dumps({"type": "move", "v": 1,
                                            "number": mover.view["number"],
                                            "action": choice["action"]}))
            try:
                answer = await asyncio.wait_for(mover.acks.get(), ACK_TIMEOUT)
            except TimeoutError:
                phase.timeouts += 1
                continue
            if answer["type"] != "ack":
                phase.errors.append(f"{table}: {answer}")
                if answer["type"] == "closed" or len(phase.errors) > 20:
                    break
                continue
            phase.latencies.append(time.monotonic() - sent)
            acked = answer["number"]
        if spectators:
            # Those the server dropped are no longer counted (the pinger joined no table).
            left = await asyncio.to_thread(_connections, server)
            if left >= 0:
                phase.dropped += max(0, spectators - (left - len(seats)))
    finally:
        for s in seats:
            await s.ws.close()
            await s.reader
        for quiet in silent:
            quiet.close()


async def _pinger(url: str, phases: list[Phase], current: list[int], done: asyncio.Event,
                  ) -> None:
    """Ping every PING_EVERY seconds; each pong's time goes to the current phase."""
    async with connect(url) as ws:
        while not done.is_set():
            sent = time.monotonic()
            await ws.send('{"type": "ping", "v": 1}')
            try:
                while json.loads(await asyncio.wait_for(ws.recv(), ACK_TIMEOUT))["type"] \
                        != "pong":
                    pass
            except TimeoutError:
                phases[current[0]].errors.append("a ping was not answered in 10 s")
                continue
            phases[current[0]].pongs.append(time.monotonic() - sent)
            await asyncio.sleep(PING_EVERY)


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0] * 1000
    return statistics.quantiles(values, n=100, method="inclusive")[round(q) - 1] * 1000


async def _run(server: LocalServer, args: argparse.Namespace) -> list[Phase]:
    rng = random.Random(args.seed)
    phases = [Phase("no spectators"), Phase(f"{args.spectators} silent spectators")]
    current = [0]
    done = asyncio.Event()
    pinger = asyncio.create_task(_pinger(server.ws_url, phases, current, done))
    try:
        for index, spectators in enumerate((0, args.spectators)):
            current[0] = index
            phase = phases[index]
            stop = time.monotonic() + args.seconds
            while (len(phase.latencies) < args.moves and time.monotonic() < stop
                   and phase.timeouts < 3 and len(phase.errors) <= 20):
                await _one_table(server, args, phase, spectators, rng, stop)
    finally:
        done.set()
        await pinger
    return phases


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=200, help="moves per phase (<= 2000)")
    parser.add_argument("--spectators", type=int, default=20,
                        help="silent spectators per table in the second phase (<= 100)")
    parser.add_argument("--game", default="ausgebremst(players=6)",
                        help="the game: two people's seats, then --bots random bots")
    parser.add_argument("--bots", type=int, default=4, help="random bots after the people")
    parser.add_argument("--seconds", type=float, default=120.0,
                        help="time limit of each phase (<= 600)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not (1 <= args.moves <= 2000 and 1 <= args.spectators <= 100
            and 1 <= args.seconds <= 600 and 0 <= args.bots <= 10):
        parser.error("--moves 1..2000, --spectators 1..100, --seconds 1..600, --bots 0..10")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp)
        with LocalServer(path / "tables.sqlite3", path / "server.log") as server:
            started = time.monotonic()
            phases = asyncio.run(_run(server, args))
            took = time.monotonic() - started
    print(f"{args.game}: two people driven by this script and {args.bots} random bots, "
          "boards on; "
          f"{took:.0f} s in all; load average {os.getloadavg()[0]:.1f}")
    print(f"{'phase':<24}{'moves':>6}{'tables':>7}{'p50 ms':>8}{'p99 ms':>8}{'max ms':>8}"
          f"{'ping p50':>9}{'ping p99':>9}{'timeouts':>9}{'errors':>7}")
    for p in phases:
        top = max(p.latencies) * 1000 if p.latencies else float("nan")
        print(f"{p.name:<24}{len(p.latencies):>6}{p.tables:>7}{_pct(p.latencies, 50):>8.1f}"
              f"{_pct(p.latencies, 99):>8.1f}{top:>8.1f}{_pct(p.pongs, 50):>9.1f}"
              f"{_pct(p.pongs, 99):>9.1f}{p.timeouts:>9}{len(p.errors):>7}")
    without, with_ = (_pct(p.latencies, 99) for p in phases)
    ratio = with_ / without if without > 0 else float("nan")
    complete = all(len(p.latencies) >= args.moves and not p.timeouts for p in phases)
    print(f"p99 with / without silent spectators: {ratio:.2f} (target: at most 2)"
          + ("" if complete else "; INCOMPLETE: moves went unacknowledged for 10 s (a table "
             "stopped), so the ratio says nothing"))
    print(f"silent spectators dropped by the server: {phases[1].dropped} of "
          f"{phases[1].silent}")
    for p in phases:
        for error in p.errors[:5]:
            print(f"  {p.name}: {error}", file=sys.stderr)
    return 0 if complete and ratio <= 2 else 1


if __name__ == "__main__":
    sys.exit(main())
