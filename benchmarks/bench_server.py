"""The table server under load: the three targets of issue 23, optionally beside an older commit.

Usage::

    .venv/bin/python benchmarks/bench_server.py --scenario fast            # 100 tables, 60 s
    .venv/bin/python benchmarks/bench_server.py --scenario pace --tables 200 --seconds 60
    .venv/bin/python benchmarks/bench_server.py --scenario all --base HEAD~5 --json out.json
    PYTHONPATH=/tmp/wt/src .venv/bin/python benchmarks/bench_server.py   # "now" from a worktree

Scenarios (loopback only; every client a real websocket; boards on, as the pages ask):

``fast``
    ``--tables`` (default 100) tables of three seats, two websocket people and a bot, the
    four games in turn (a new table when one ends); each person sends a random legal move
    as soon as its view says it must act. Reports moves/s, p50/p99 of move -> ack and of
    move -> view, errors (``error`` frames), lost moves (the server is killed with SIGKILL
    and its SQLite file read by that revision's own store: every acknowledged move must be
    stored) and the server's CPU
    per move, of its own process and with its child processes (bot and render workers).
    Targets: p99 < 100 ms for both, 0 errors, 0 lost, <= 3 ms of CPU per move.
``pace``
    ``--tables`` (default 1000) tables of two seats, one person and one bot (bots in half
    the seats); the person moves 1 to 3 s (uniform) after its view says it must. Reports
    p99 move -> ack and move -> view, errors, and the RSS of the server (alone, and with its
    children) every 10 s with its slope in MB per minute. Targets: p99 < 150 ms, memory
    flat over 10 minutes. The server runs with ``--max-tables-per-address 2000``.
``ping``
    A connection that only sends ``ping`` (before any hello, which the protocol allows)
    every 50 ms, while ``--tables`` (default 20) tables play as in ``fast``. Reports p99
    ping -> pong. Target: < 50 ms. One ping is in flight at a time (the next goes 50 ms
    after the last, or when its pong comes if later): a pong names no ping, and pings sent
    behind a slow one would measure their own queue and, once 30 wait, be dropped by the
    server's rate limit. So a stall of the server counts once, not once per 50 ms.

Definitions. move -> ack: from sending a move to its ``ack``. move -> view: from sending
it to the first ``view`` after the ack whose ``number`` is at least the ack's (for a plain
move: past the move; for a secret choice at a simultaneous node, which leaves the number as
it is, the view that shows the choice made). After ``--seconds`` no new move is sent; the
answers to moves already sent are awaited for up to 10 s more (and count), so an
overloaded server's slowest answers are not cut off. A client ignores views older than
the last ack it received (a server that draws views apart from acknowledging may deliver
one late) and moves at most once per move number (a choice at a simultaneous node leaves
the number as it is; choosing again from a late view would change it, and the lost-move
check would count the replaced choice as lost). CPU and memory come from
``/proc/<pid>/stat`` and ``statm`` of the server and all its descendants (summed RSS counts
shared pages once per process); CPU of children that ended meanwhile is included through
the server's ``cutime``/``cstime``.

Each table slot creates its tables from its own loopback address (127.1.x.y), as separate
people would, so the server's per-address creation limits (50 unfinished tables; 120 at
once, then five a second) do not throttle the benchmark. A person's client keeps under the
server's per-connection message rate (20 a second) and counts how often it held a move back
for that (``client rate holds``); a dropped connection is reopened with the same token.

``--base REV`` runs each scenario first against git revision REV (a temporary ``git
worktree``, its server started with ``PYTHONPATH`` at that worktree's ``src``), then against
"now" (the ``rennbahn`` this script imports: set ``PYTHONPATH`` to measure a worktree), and
prints both in one table. ``--server-arg`` options go to the "now" server only. Bounded:
``--seconds`` at most 900 per scenario, ``--tables`` at most 200 (fast), 1200 (pace), 50
(ping). Run one benchmark at a time: the client shares the machine with the server (its own
CPU share and how late its event loop woke up are reported: if the client lags, the
latencies are partly its own).
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import importlib.metadata
import importlib.util
import json
import os
import platform
import random
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

HOST = "127.0.0.1"
REPOSITORY = Path(__file__).resolve().parents[1]
SCENARIOS = ("fast", "pace", "ping")
DEFAULT_SECONDS = {"fast": 60.0, "pace": 600.0, "ping": 30.0}
MAX_SECONDS = 900.0
DEFAULT_TABLES = {"fast": 100, "pace": 1000, "ping": 20}
MAX_TABLES = {"fast": 200, "pace": 1200, "ping": 50}
#: Three seats (two people, a bot) for fast and ping; two (a person, a bot) for pace.
GAMES = {
    3: ("gibgas(players=3)", "von0auf100(players=3,race=small)", "grandprix(players=3)",
        "ausgebremst(players=3)"),
    2: ("gibgas(players=2)", "von0auf100(players=2,race=small)", "grandprix(players=2)",
        "ausgebremst(players=2)"),
}
PEOPLE = {"fast": 2, "pace": 1, "ping": 2}
SEATS = {"fast": "2 people + 1 {bot} bot", "pace": "1 person + 1 {bot} bot",
         "ping": "2 people + 1 {bot} bot"}
#: A person at a person's pace waits this long (uniform, seconds) before each move.
PACE_DELAY = (1.0, 3.0)
#: Moves a second a client sends at most: under the server's 20 per connection.
CLIENT_RATE = 19.0
PING_EVERY = 0.05
MEMORY_EVERY = 10.0
#: After the time is up: how long answers to moves already sent are still awaited.
GRACE = 10.0
#: Pace tables open spread over this part of the run (at most RAMP_MAX seconds).
RAMP_SHARE, RAMP_MAX = 0.1, 30.0
RECONNECT_PAUSE = 0.25
#: Threads that send the HTTP requests opening tables.
REQUEST_THREADS = 16
TICK = os.sysconf("SC_CLK_TCK")
PAGE_MB = os.sysconf("SC_PAGE_SIZE") / 2**20


# -- what the client reads of a frame ------------------------------------------------------
class Legal(msgspec.Struct):
    action: int


class Frame(msgspec.Struct):
    """The fields of a server frame the clients use (the rest, the board too, skipped)."""

    type: str
    number: int = -1
    to_act: list[int] = []
    legal: list[Legal] = []
    over: bool = False
    code: str = ""
    message: str = ""


DECODER = msgspec.json.Decoder(Frame)


# -- the server under test -----------------------------------------------------------------
@dataclass
class Revision:
    """A source tree to serve from: "now" (what this script imports) or "base" (a worktree)."""

    label: str
    src: Path
    name: str  # a short commit id, "+changes" when the tree differs from it
    args: list[str] = field(default_factory=list)

    @property
    def env(self) -> dict[str, str]:
        return {**os.environ, "PYTHONPATH": str(self.src)}

    def supports(self, option: str) -> bool:
        """Whether this revision's ``rennbahn serve`` has ``option``."""
        done = subprocess.run([sys.executable, "-m", "rennbahn.cli.main", "serve", "--help"],
                              env={**self.env, "COLUMNS": "200"}, capture_output=True,
                              text=True, timeout=60, check=False)
        return option in done.stdout


def _git(*args: str, cwd: Path = REPOSITORY) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True,
                          check=True).stdout.strip()


def _describe(src: Path) -> str:
    try:
        commit = _git("rev-parse", "--short", "HEAD", cwd=src)
        changed = _git("status", "--porcelain", "--untracked-files=no", "--", ".", cwd=src)
    except (subprocess.CalledProcessError, OSError):
        return "unknown"
    return commit + ("+changes" if changed else "")


def now_revision(args: Sequence[str]) -> Revision:
    spec = importlib.util.find_spec("rennbahn")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("rennbahn is not importable: run with the project's venv")
    src = Path(next(iter(spec.submodule_search_locations))).resolve().parent
    return Revision("now", src, _describe(src), list(args))


@contextmanager
def base_revision(rev: str) -> Iterator[Revision]:
    """REV checked out in a temporary worktree (removed afterwards)."""
    commit = _git("rev-parse", "--verify", f"{rev}^{{commit}}")
    folder = Path(tempfile.mkdtemp(prefix="bench-server-base-"))
    tree = folder / "tree"
    _git("worktree", "add", "--detach", str(tree), commit)
    try:
        shown = commit[:7] if commit.startswith(rev) else f"{commit[:7]} ({rev})"
        yield Revision("base", tree / "src", shown)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=REPOSITORY,
                       capture_output=True, check=False)
        shutil.rmtree(folder, ignore_errors=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``rennbahn serve`` of one revision on 127.0.0.1, in its own process group."""

    def __init__(self, revision: Revision, folder: Path, args: Sequence[str]) -> None:
        self.revision = revision
        self.db = folder / f"{revision.label}.sqlite3"
        self.log = folder / f"{revision.label}.log"
        self.port = _free_port()
        self.command = [sys.executable, "-m", "rennbahn.cli.main", "serve", "--host", HOST,
                        "--port", str(self.port), "--db", str(self.db), *args]
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def ws_url(self) -> str:
        return f"ws://{HOST}:{self.port}/ws"

    @property
    def shown(self) -> str:
        return f"PYTHONPATH={self.revision.src} " + " ".join(self.command)

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self, timeout: float = 60.0) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(self.command, env=self.revision.env, stdout=out,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited:\n{self.tail()}")
            try:
                if http_request(self.port, "GET", "/")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"the server did not start in {timeout:g} s:\n{self.tail()}")

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL the server's process group (its workers too)."""
        if self.process is None:
            return
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def tail(self, chars: int = 2000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""


def http_request(port: int, method: str, path: str, body: object = None,
                 source: str = "") -> tuple[int, Any]:
    """One HTTP request from ``source`` (an address on the loopback; "" any)."""
    connection = http.client.HTTPConnection(HOST, port, timeout=60,
                                            source_address=(source, 0) if source else None)
    try:
        data = None if body is None else json.dumps(body).encode()
        connection.request(method, path, body=data,
                           headers={"content-type": "application/json"})
        response = connection.getresponse()
        text = response.read().decode(errors="replace")
    finally:
        connection.close()
    try:
        return response.status, json.loads(text)
    except json.JSONDecodeError:
        return response.status, text


# -- /proc: CPU and memory of the server and its descendants --------------------------------
def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def descendants(pid: int) -> list[int]:
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) is not None:
            parents.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def cpu_seconds(pid: int) -> tuple[float, float]:
    """(the server alone, the server with its children: live ones and those it reaped)."""
    own = _stat(pid)
    if own is None:
        return 0.0, 0.0
    alone = (int(own[11]) + int(own[12])) / TICK  # utime + stime
    total = alone + (int(own[13]) + int(own[14])) / TICK  # cutime + cstime: reaped children
    for child in descendants(pid):
        if (fields := _stat(child)) is not None:
            total += (int(fields[11]) + int(fields[12])) / TICK
    return alone, total


def rss_mb(pid: int) -> tuple[float, float]:
    """Resident memory in MB: (the server alone, the server with its children)."""
    sizes = []
    for each in [pid, *descendants(pid)]:
        try:
            sizes.append(int(Path(f"/proc/{each}/statm").read_text().split()[1]) * PAGE_MB)
        except (OSError, IndexError, ValueError):
            sizes.append(0.0)
    return sizes[0], sum(sizes)


# -- figures --------------------------------------------------------------------------------
class Stats:
    """Everything one run measured (the clients add to it as they go)."""

    def __init__(self) -> None:
        self.ack: list[float] = []
        self.view: list[float] = []
        self.pong: list[float] = []
        self.errors: Counter[str] = Counter()
        self.error_examples: list[str] = []
        self.acked: Counter[tuple[str, int]] = Counter()
        self.sent = 0
        self.no_ack = 0
        self.no_view = 0
        self.no_pong = 0
        self.dropped = 0
        self.finished = 0
        self.tables_opened = 0
        self.creations_refused = 0
        self.rate_holds = 0
        self.memory: list[tuple[float, float, float]] = []  # (seconds, server MB, total MB)
        self.client_lag: list[float] = []

    def error(self, code: str, text: str) -> None:
        self.errors[code] += 1
        self.note(text)

    def note(self, text: str) -> None:
        if len(self.error_examples) < 10:
            self.error_examples.append(text)


def percentile(values: Sequence[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def ms(value: float | None) -> float | None:
    return None if value is None else round(value * 1000, 1)


def slope_per_minute(points: Sequence[tuple[float, float]]) -> float | None:
    """Least-squares slope of (seconds, MB) in MB per minute."""
    if len(points) < 2:
        return None
    mean_t = sum(t for t, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    spread = sum((t - mean_t) ** 2 for t, _ in points)
    if spread == 0:
        return None
    return round(sum((t - mean_t) * (y - mean_y) for t, y in points) / spread * 60, 2)


# -- the clients ----------------------------------------------------------------------------
@dataclass
class Run:
    """What every client of one run shares."""

    scenario: str
    server: Server
    stats: Stats
    stop: float  # loop time when no new move is sent
    bot: str

    @property
    def end(self) -> float:
        return self.stop + GRACE


def _connect(url: str) -> connect:
    # No proxy from the environment, no compression (the server offers none), no keepalive
    # pings of our own (the server's, answered by the library, are enough), big frames.
    return connect(url, proxy=None, compression=None, ping_interval=None, open_timeout=60,
                   max_size=2**24, max_queue=None)


class Person:
    """One person's connection to one seat: reads every frame, moves when it must."""

    def __init__(self, run: Run, table: str, token: str, seat: int,
                 rng: random.Random) -> None:
        self.run, self.table, self.token, self.seat, self.rng = run, table, token, seat, rng
        self.loop = asyncio.get_running_loop()
        self.view: Frame | None = None
        #: The move number this seat last moved at: at a simultaneous node a choice leaves
        #: the number as it is, and a view drawn before the choice may come after its ack.
        self.answered: int | None = None
        self.sent_at: float | None = None  # the move waiting for its ack or view
        self.ack_pending = False
        self.view_after: int | None = None  # the ack's number, once acknowledged
        self.due: float | None = None  # when the next move goes (pace, rate)
        self.floor = 0  # the newest move number an ack told: older views are outdated
        self.last_sent = -1e9

    async def play(self) -> bool:
        """Until the game ends (True) or the time is up (False); reconnects after a drop."""
        stats = self.run.stats
        while True:
            try:
                async with _connect(self.run.server.ws_url) as ws:
                    await ws.send(json.dumps({"type": "hello", "v": 1, "table": self.table,
                                              "token": self.token, "board": True}))
                    return await self._session(ws)
            except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError) as error:
                if self.loop.time() >= self.run.stop:
                    self._give_up()
                    return False
                stats.dropped += 1
                stats.note(f"{self.table} seat {self.seat}: dropped ({error!r})")
                self._give_up()
                self.view = None
                await asyncio.sleep(RECONNECT_PAUSE)

    def _give_up(self) -> None:
        """The move in flight gets no answer any more."""
        if self.ack_pending:
            self.run.stats.no_ack += 1
            self.answered = None  # it may or may not have been stored: the next view says
        elif self.view_after is not None:
            self.run.stats.no_view += 1
        self.sent_at, self.ack_pending, self.view_after = None, False, None

    async def _session(self, ws: ClientConnection) -> bool:
        run = self.run
        while True:
            now = self.loop.time()
            waiting = self.sent_at is not None
            if now >= (run.end if waiting else run.stop):
                self._give_up()
                return False
            deadline = run.end if waiting else run.stop
            if self.due is not None:
                deadline = min(deadline, self.due)
            try:
                async with asyncio.timeout_at(deadline):
                    data = await ws.recv(decode=False)
            except TimeoutError:
                pass
            else:
                if self._take(DECODER.decode(data)):
                    return True
            await self._maybe_move(ws)

    def _take(self, frame: Frame) -> bool:
        """Note one frame; True when the game is over."""
        now, stats = self.loop.time(), self.run.stats
        if frame.type == "ack" and self.ack_pending and self.sent_at is not None:
            stats.ack.append(now - self.sent_at)
            stats.acked[self.table, self.seat] += 1
            self.ack_pending, self.view_after = False, frame.number
            self.floor = max(self.floor, frame.number)
            self.view = None  # views before the ack are outdated: wait for the next
        elif frame.type == "error":
            stats.error(frame.code, f"{self.table} seat {self.seat}: {frame.code} "
                                    f"{frame.message}")
            # Choose again, from a view that comes after the error (the server sends one
            # whenever the table moves on; the one we chose from may be outdated).
            self.sent_at, self.ack_pending, self.view_after, self.answered = (
                None, False, None, None)
            self.view = None
        elif frame.type == "view" and frame.number >= self.floor:
            # A server that draws views apart from acknowledging may deliver a view older
            # than an ack already received: choosing from it would be a stale move.
            self.view = frame
            if self.view_after is not None and frame.number >= self.view_after:
                assert self.sent_at is not None
                stats.view.append(now - self.sent_at)
                self.sent_at, self.view_after = None, None
            return frame.over
        return False

    async def _maybe_move(self, ws: ClientConnection) -> None:
        view, now = self.view, self.loop.time()
        if (view is None or self.ack_pending or now >= self.run.stop
                or self.seat not in view.to_act or not view.legal):
            self.due = None
            return
        if view.number == self.answered:
            self.due = None
            return
        if self.due is None:
            delay = self.rng.uniform(*PACE_DELAY) if self.run.scenario == "pace" else 0.0
            self.due = max(now + delay, self.last_sent + 1 / CLIENT_RATE)
            if self.due > now + delay:
                self.run.stats.rate_holds += 1
        if now < self.due:
            return
        self.due, self.answered = None, view.number
        self.sent_at = self.last_sent = now
        self.ack_pending, self.view_after = True, None
        self.run.stats.sent += 1
        await ws.send(json.dumps({"type": "move", "v": 1, "number": view.number,
                                  "action": self.rng.choice(view.legal).action}))


def slot_address(slot: int) -> str:
    """Table slot ``slot``'s own loopback address (Linux answers on all of 127/8)."""
    return f"127.1.{slot // 250}.{slot % 250 + 1}"


async def create_table(run: Run, slot: int, game: str, people: int) -> dict[str, Any] | None:
    seats: list[dict[str, str]] = [{"name": f"P{s + 1}"} for s in range(people)]
    seats.append({"bot": run.bot})
    while run.server.alive():
        try:
            status, created = await asyncio.to_thread(
                http_request, run.server.port, "POST", "/api/tables",
                {"game": game, "seats": seats}, slot_address(slot))
        except OSError as error:
            status, created = 0, str(error)
        if status == 201:
            run.stats.tables_opened += 1
            return dict(created)
        if status == 429:  # too fast, or too many open: wait as the server asks
            run.stats.creations_refused += 1
        else:
            run.stats.error("create", f"create {game}: {status} {str(created)[:200]}")
        if asyncio.get_running_loop().time() + 1 >= run.stop:
            return None
        await asyncio.sleep(1.0 if status != 429 else 0.5)
    return None


async def table_slot(run: Run, slot: int, start_after: float) -> None:
    """Keep one table going until the time is up (a new one when a game ends)."""
    await asyncio.sleep(start_after)
    rng = random.Random(slot)
    people = PEOPLE[run.scenario]
    games = GAMES[people + 1]
    played = 0
    loop = asyncio.get_running_loop()
    while loop.time() < run.stop:
        game = games[(slot + played) % len(games)]
        played += 1
        created = await create_table(run, slot, game, people)
        if created is None:
            return
        done = await asyncio.gather(*(
            Person(run, created["table"], created["seats"][s]["token"], s, rng).play()
            for s in range(people)))
        run.stats.finished += all(done)


async def pinger(run: Run) -> None:
    """A connection that only pings (no hello): every PING_EVERY seconds, one at a time.

    A pong names no ping, and a ping sent while the last one waits would queue behind it
    at the server (which reads a connection's messages in turn) and measure that queue:
    so the next ping goes PING_EVERY after the last was sent, or when its pong comes if
    that is later. One in flight also keeps within the server's 20 messages a second."""
    loop, stats = asyncio.get_running_loop(), run.stats
    async with _connect(run.server.ws_url) as ws:
        while loop.time() < run.stop:
            sent = loop.time()
            await ws.send('{"type":"ping","v":1}')
            try:
                async with asyncio.timeout_at(run.end):
                    frame = DECODER.decode(await ws.recv(decode=False))
            except TimeoutError:
                stats.no_pong += 1
                return
            if frame.type == "pong":
                stats.pong.append(loop.time() - sent)
            else:
                stats.error(frame.code, f"pinger: {frame.type} {frame.code} {frame.message}")
            await asyncio.sleep(max(0.0, sent + PING_EVERY - loop.time()))


async def watch_client(run: Run) -> None:
    """How late the client's own event loop wakes up: were the clients keeping up?"""
    loop = asyncio.get_running_loop()
    while loop.time() < run.stop:
        before = loop.time()
        await asyncio.sleep(PING_EVERY)
        run.stats.client_lag.append(loop.time() - before - PING_EVERY)


async def sample_memory(run: Run, pid: int, started: float) -> None:
    loop = asyncio.get_running_loop()
    while True:
        at = loop.time()
        server, total = rss_mb(pid)  # a few milliseconds; never queued behind the requests
        run.stats.memory.append((round(at - started, 1), round(server, 1), round(total, 1)))
        if at >= run.stop:
            return
        await asyncio.sleep(max(0.0, min(started + len(run.stats.memory) * MEMORY_EVERY,
                                         run.stop) - loop.time()))


async def drive(run: Run, tables: int, seconds: float) -> None:
    loop = asyncio.get_running_loop()
    started = loop.time()
    ramp = min(RAMP_MAX, seconds * RAMP_SHARE) if run.scenario == "pace" else 0.0
    work = [table_slot(run, slot, ramp * slot / tables) for slot in range(tables)]
    if run.scenario == "ping":
        work.append(pinger(run))
    watchers = [asyncio.create_task(sample_memory(run, run.server.pid, started)),
                asyncio.create_task(watch_client(run))]
    await asyncio.gather(*work)
    await asyncio.gather(*watchers)


# -- one run --------------------------------------------------------------------------------
def lost_moves(db: Path, acked: Counter[tuple[str, int]]) -> tuple[int, list[str]]:
    """Acknowledged moves that are not in the database, and a few of the seats that lost
    them (run in a process of the revision that wrote it: see :func:`check_lost`)."""
    from rennbahn.core.protocol import SIMULTANEOUS
    from rennbahn.server.store import SqliteStore

    store = SqliteStore(db)
    lost = 0
    where: list[str] = []
    try:
        for (table_id, seat), count in acked.items():
            stored = store.load(table_id)
            kept = 0 if stored is None else (
                sum(s.actor in (seat, SIMULTANEOUS) for s in stored.steps)
                + (seat in stored.pending))
            if count > kept:
                lost += count - kept
                if len(where) < 10:
                    where.append(f"table {table_id} seat {seat}: {count} acknowledged, "
                                 f"{kept} stored" + (" (no table)" if stored is None else ""))
    finally:
        store.close()
    return lost, where


def check_lost(revision: Revision, db: Path,
               acked: Counter[tuple[str, int]]) -> tuple[int | str, list[str]]:
    """:func:`lost_moves` run by this script with the revision's own code, which reads
    its own database (a newer schema than this script's rennbahn knows, too)."""
    given = json.dumps([[table, seat, count] for (table, seat), count in acked.items()])
    done = subprocess.run([sys.executable, __file__, "--lost-in", str(db)], input=given,
                          env=revision.env, capture_output=True, text=True, timeout=600,
                          check=False)
    if done.returncode != 0:
        return f"not checked: {done.stderr.strip()[-500:]}", []
    lost, where = json.loads(done.stdout)
    return int(lost), list(where)


def server_args(scenario: str, revision: Revision, bot_workers: int) -> list[str]:
    args = ["--bot-workers", str(bot_workers)]
    if scenario == "pace" and revision.supports("--max-tables-per-address"):
        args += ["--max-tables-per-address", "2000"]
    return args + revision.args


def run_scenario(scenario: str, revision: Revision, tables: int, seconds: float,
                 bot: str, bot_workers: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bench-server-") as name:
        folder = Path(name)
        server = Server(revision, folder, server_args(scenario, revision, bot_workers))
        print(f"\n[{scenario} / {revision.label}] {server.shown}", flush=True)
        stats = Stats()
        load_before = os.getloadavg()[0]
        loop = asyncio.new_event_loop()
        loop.set_default_executor(ThreadPoolExecutor(REQUEST_THREADS))  # tables opened at once
        try:
            server.start()
            cpu_before, client_before = cpu_seconds(server.pid), _client_cpu()
            began = time.monotonic()
            run = Run(scenario, server, stats, loop.time() + seconds, bot)
            loop.run_until_complete(drive(run, tables, seconds))
            cpu_after, client_after = cpu_seconds(server.pid), _client_cpu()
            wall = time.monotonic() - began  # the time and the answers after it
            survived = server.alive()
        finally:
            server.kill()  # kill -9: what was acknowledged must be in the file
            _close(loop)
        if not survived:
            print(f"the server died during the run:\n{server.tail()}", file=sys.stderr)
        lost, lost_where = check_lost(revision, server.db, stats.acked)
    return {
        "scenario": scenario, "label": revision.label, "revision": revision.name,
        "command": server.shown, "tables": tables, "seconds": seconds,
        "seats": SEATS[scenario].format(bot=bot), "lost_moves": lost, "lost_where": lost_where,
        "server_survived": survived,
        "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        **figures(stats, seconds, wall, cpu_after[0] - cpu_before[0],
                  cpu_after[1] - cpu_before[1], client_after - client_before),
    }


def figures(stats: Stats, seconds: float, wall: float, cpu_server: float, cpu_total: float,
            cpu_client: float) -> dict[str, Any]:
    """What a run's statistics come to (CPU in seconds over the ``wall`` seconds)."""
    moves = sum(stats.acked.values())
    per_move = 1000 / max(moves, 1)
    after_ramp = [m for m in stats.memory if m[0] >= min(RAMP_MAX, seconds * RAMP_SHARE)]
    return {
        "moves": moves, "moves_sent": stats.sent,
        "moves_per_second": round(moves / seconds, 1),
        "ack_p50_ms": ms(percentile(stats.ack, 0.5)),
        "ack_p99_ms": ms(percentile(stats.ack, 0.99)),
        "view_p50_ms": ms(percentile(stats.view, 0.5)),
        "view_p99_ms": ms(percentile(stats.view, 0.99)),
        "pong_p50_ms": ms(percentile(stats.pong, 0.5)),
        "pong_p99_ms": ms(percentile(stats.pong, 0.99)),
        "pong_max_ms": ms(max(stats.pong, default=None)), "pongs": len(stats.pong),
        "pings_unanswered": stats.no_pong,
        "errors": sum(stats.errors.values()), "error_codes": dict(stats.errors),
        "no_ack": stats.no_ack, "no_view": stats.no_view,
        "dropped_connections": stats.dropped,
        "cpu_server_ms_per_move": round(cpu_server * per_move, 2),
        "cpu_total_ms_per_move": round(cpu_total * per_move, 2),
        "server_cpu_cores": round(cpu_total / wall, 2),
        "client_cpu_cores": round(cpu_client / wall, 2),
        "memory_mb": stats.memory,
        "rss_server_slope_mb_per_min": slope_per_minute([(t, s) for t, s, _ in stats.memory]),
        "rss_total_slope_mb_per_min": slope_per_minute([(t, a) for t, _, a in stats.memory]),
        "rss_total_slope_after_ramp": slope_per_minute([(t, a) for t, _, a in after_ramp]),
        "games_finished": stats.finished, "tables_opened": stats.tables_opened,
        "creations_refused": stats.creations_refused, "client_rate_holds": stats.rate_holds,
        "client_lag_p99_ms": ms(percentile(stats.client_lag, 0.99)),
        "client_lag_max_ms": ms(max(stats.client_lag, default=None)),
        "error_examples": stats.error_examples,
    }


def _close(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel what is left (after ^C: the clients; their server is gone) and close."""
    left = asyncio.all_tasks(loop)
    for task in left:
        task.cancel()
    if left:
        loop.run_until_complete(asyncio.wait(left, timeout=5))
    loop.close()


def _client_cpu() -> float:
    times = os.times()
    return times.user + times.system


# -- output ---------------------------------------------------------------------------------
ROWS: dict[str, list[tuple[str, str, str]]] = {
    "fast": [
        ("moves/s", "moves_per_second", ""),
        ("move->ack p50 ms", "ack_p50_ms", ""), ("move->ack p99 ms", "ack_p99_ms", "< 100"),
        ("move->view p50 ms", "view_p50_ms", ""), ("move->view p99 ms", "view_p99_ms", "< 100"),
        ("errors", "errors", "0"), ("lost moves", "lost_moves", "0"),
        ("CPU ms/move, server", "cpu_server_ms_per_move", ""),
        ("CPU ms/move, + children", "cpu_total_ms_per_move", "<= 3"),
    ],
    "pace": [
        ("moves/s", "moves_per_second", ""),
        ("move->ack p50 ms", "ack_p50_ms", ""), ("move->ack p99 ms", "ack_p99_ms", "< 150"),
        ("move->view p50 ms", "view_p50_ms", ""), ("move->view p99 ms", "view_p99_ms", "< 150"),
        ("errors", "errors", "0"), ("lost moves", "lost_moves", "0"),
        ("RSS MB/min, server", "rss_server_slope_mb_per_min", "~0"),
        ("RSS MB/min, + children", "rss_total_slope_mb_per_min", "~0"),
        ("  after the ramp", "rss_total_slope_after_ramp", "~0"),
        ("CPU ms/move, + children", "cpu_total_ms_per_move", ""),
    ],
    "ping": [
        ("ping->pong p50 ms", "pong_p50_ms", ""), ("ping->pong p99 ms", "pong_p99_ms", "< 50"),
        ("ping->pong max ms", "pong_max_ms", ""), ("pongs", "pongs", ""),
        ("pings without pong", "pings_unanswered", "0"),
        ("moves/s (tables)", "moves_per_second", ""),
        ("move->ack p99 ms", "ack_p99_ms", ""), ("move->view p99 ms", "view_p99_ms", ""),
        ("errors", "errors", "0"), ("lost moves", "lost_moves", "0"),
    ],
}
#: Shown under every scenario's own rows: what makes a figure trustworthy.
COMMON_ROWS = [
    ("games finished", "games_finished", ""), ("dropped connections", "dropped_connections", "0"),
    ("moves without ack / view", "no_answer", "0"),
    ("client rate holds", "client_rate_holds", ""),
    ("server CPU, cores", "server_cpu_cores", ""), ("client CPU, cores", "client_cpu_cores", ""),
    ("client loop lag p99/max ms", "client_lag", ""),
    ("load average before/after", "load", ""),
]


def _cell(result: dict[str, Any], key: str) -> str:
    if key == "no_answer":
        return f"{result['no_ack']} / {result['no_view']}"
    if key == "client_lag":
        return f"{result['client_lag_p99_ms']} / {result['client_lag_max_ms']}"
    if key == "load":
        return "{} / {}".format(*result["load_average"])
    value = result.get(key)
    if isinstance(value, str):
        return "n/a" if value.startswith("not checked") else value
    return "-" if value is None else f"{value:g}"


def print_table(scenario: str, results: list[dict[str, Any]]) -> None:
    first = results[0]
    print(f"\n{scenario}: {first['tables']} tables ({first['seats']}), boards on, "
          f"{first['seconds']:g} s")
    heads = [f"{r['label']} {r['revision']}" for r in results]
    width = max(14, *(len(h) for h in heads))
    print(f"{'':27}" + "".join(f"{h:>{width + 2}}" for h in heads) + f"{'target':>10}")
    for title, key, target in ROWS[scenario] + COMMON_ROWS:
        cells = "".join(f"{_cell(r, key):>{width + 2}}" for r in results)
        print(f"{title:27}{cells}{target:>10}")
    if scenario == "pace":
        for result in results:
            series = " ".join(f"{t:g}s:{s:.0f}/{a:.0f}" for t, s, a in result["memory_mb"])
            print(f"RSS {result['label']} (MB server/with children): {series}")
    for result in results:
        if isinstance(result["lost_moves"], str):
            print(f"{result['label']}: lost moves {result['lost_moves']}")
        if not result["server_survived"]:
            print(f"{result['label']}: THE SERVER DIED during the run")
        for where in result["lost_where"][:5]:
            print(f"{result['label']} lost: {where}")
        for example in result["error_examples"][:5]:
            print(f"{result['label']} error: {example}")


def print_header(scenarios: Sequence[str], revisions: Sequence[Revision]) -> None:
    try:
        model = next(line.split(":", 1)[1].strip()
                     for line in Path("/proc/cpuinfo").read_text().splitlines()
                     if line.startswith("model name"))
    except (OSError, StopIteration):
        model = platform.processor() or "?"
    print(f"bench_server: {', '.join(scenarios)}")
    print(f"machine: {os.cpu_count()} cores ({model}), {platform.system()} "
          f"{platform.release()}, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    library = importlib.metadata.version("websockets")
    print(f"client: python {platform.python_version()}, websockets {library}, {sys.executable}")
    for revision in revisions:
        print(f"{revision.label}: {revision.name} from {revision.src}; command: "
              f"PYTHONPATH={revision.src} {sys.executable} -m rennbahn.cli.main serve "
              f"--host {HOST} --port <free> --db <temporary> "
              + " ".join(["--bot-workers N", "[pace: --max-tables-per-address 2000]",
                          *revision.args]))


def raise_file_limit() -> int:
    """As many open files as allowed: a thousand websockets need more than the usual 1024."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        wanted = 1 << 20 if hard == resource.RLIM_INFINITY else hard
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--scenario", choices=[*SCENARIOS, "all"], default="fast")
    parser.add_argument("--seconds", type=float, default=None,
                        help="per scenario (defaults: fast 60, pace 600, ping 30; max 900)")
    parser.add_argument("--tables", type=int, default=None,
                        help="tables at once (defaults 100, 1000, 20; max 200, 1200, 50)")
    parser.add_argument("--base", metavar="REV", help="also run against git revision REV")
    parser.add_argument("--server-arg", action="append", default=[], metavar="ARG",
                        help="an argument for the 'now' server's `rennbahn serve` "
                             "(repeatable; e.g. --server-arg=--render-workers --server-arg=2)")
    parser.add_argument("--bot", default="random", help="the bots' name (default random)")
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--json", type=Path, metavar="PATH", help="write every figure here")
    parser.add_argument("--lost-in", type=Path, help=argparse.SUPPRESS)  # see check_lost
    args = parser.parse_args(argv)
    if args.lost_in is not None:
        acked = Counter({(table, seat): count for table, seat, count in json.load(sys.stdin)})
        print(json.dumps(lost_moves(args.lost_in, acked)))
        return
    # A SIGTERM (timeout, kill) unwinds like ^C, so the servers' process groups are killed.
    signal.signal(signal.SIGTERM, _interrupt)
    scenarios = list(SCENARIOS) if args.scenario == "all" else [args.scenario]
    files = raise_file_limit()
    needed = max(min(args.tables or DEFAULT_TABLES[s], MAX_TABLES[s]) * PEOPLE[s]
                 for s in scenarios) + 64
    if files < needed:
        print(f"warning: {files} open files allowed, about {needed} needed", file=sys.stderr)
    try:
        run_all(args, scenarios)
    except KeyboardInterrupt:
        print("\ninterrupted; the servers are stopped", file=sys.stderr)
        raise SystemExit(130) from None


def run_all(args: argparse.Namespace, scenarios: list[str]) -> None:
    now = now_revision(args.server_arg)
    results: list[dict[str, Any]] = []
    with base_revision(args.base) if args.base else _nothing() as base:
        revisions = [r for r in (base, now) if r is not None]
        print_header(scenarios, revisions)
        for scenario in scenarios:
            tables = max(1, min(args.tables or DEFAULT_TABLES[scenario], MAX_TABLES[scenario]))
            seconds = max(1.0, min(args.seconds or DEFAULT_SECONDS[scenario], MAX_SECONDS))
            mine = [run_scenario(scenario, revision, tables, seconds, args.bot,
                                 args.bot_workers) for revision in revisions]
            print_table(scenario, mine)
            results += mine
    if args.json is not None:
        args.json.write_text(json.dumps({
            "cores": os.cpu_count(), "platform": platform.platform(),
            "revisions": {r.label: {"name": r.name, "src": str(r.src), "args": r.args}
                          for r in revisions},
            "runs": results}, indent=1))
        print(f"\nfigures written to {args.json}")


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


@contextmanager
def _nothing() -> Iterator[None]:
    yield None


if __name__ == "__main__":
    main()
