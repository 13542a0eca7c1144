"""The live tables of the server: the referee between sockets, the table driver and the store.

Game-agnostic: every game goes through the core :class:`~rennbahn.core.table.Table` and the
public protocol. Every change of a table, whoever makes it (a person's move, undo or seat,
a bot, chance, the clock, a join), ends the same way, in :meth:`Hub._settle`: the table
(which alone validates a move) has changed in memory; the change is **written** to the
store (off the event loop, awaited); then **acknowledged** to its sender; then a snapshot of
what each watched seat may now see is handed to the table's publisher
(:mod:`rennbahn.server.publish`), which has boards and narration drawn in worker processes
and posts the views. If the write fails, the table is rebuilt as stored, the change is
refused, and nobody hears of it.

Nothing here awaits a client (messages go to each connection's bounded
:class:`~rennbahn.server.outbox.Outbox`) or draws on the event loop: bots think in their
worker processes, taking fair turns (:mod:`rennbahn.server.botqueue`); boards, narration and
the stories of reconnecting pages are drawn in the drawing workers
(:mod:`rennbahn.server.render`); and the clock never waits on a table's lock.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import functools
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

import msgspec

from rennbahn.bots.factory import bot_names
from rennbahn.core.errors import RennbahnError, SeatCountError
from rennbahn.core.i18n import DEFAULT, LANGUAGES, seat_name
from rennbahn.core.protocol import CHANCE, Game
from rennbahn.core.registry import load_game, load_game_for_seats
from rennbahn.core.table import Bot, Table, TableError
from rennbahn.server import messages as m
from rennbahn.server import render
from rennbahn.server.botqueue import BOTS_ONLY, PEOPLE, BotQueue
from rennbahn.server.bots import NamedBot, default_standin, think
from rennbahn.server.outbox import Outbox
from rennbahn.server.publish import Notice, Publisher, seat_infos, shown_names
from rennbahn.server.store import Store, StoredSeat, StoredTable, token_digest
from rennbahn.server.stories import GameModules, Histories
from rennbahn.server.texts import say, waited
from rennbahn.server.workers import Workers

log = logging.getLogger("rennbahn.server")
T = TypeVar("T")

#: Messages a connection may send: a burst of this many, refilled at RATE per second.
BURST = 30
RATE = 20.0
NAME_LENGTH = 40
#: The tables one "my tables" request may ask about.
MINE = 30
#: Shortest and longest move clock, in seconds.
CLOCK_RANGE = (1.0, 30 * 24 * 3600.0)


@dataclass(frozen=True)
class Limits:
    """What strangers can make the server hold (``rennbahn serve`` options)."""

    #: Unfinished tables in all, and per address that created them.
    tables: int = 2000
    tables_per_address: int = 50
    #: Seconds after which a table where no person's seat was ever opened is removed.
    unjoined_expiry: float = 24 * 3600.0
    #: Finished tables kept in memory for pages and stories after their last connection.
    finished_kept: int = 16


class RequestError(Exception):
    """A request or message refused; ``code`` is one of the codes in docs/server.md
    (``where``: the server that plays the table, for ``elsewhere``)."""

    def __init__(self, code: str, message: str, where: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.where = where


class Bucket:
    """A token bucket: ``BURST`` messages at once, ``RATE`` per second after that."""

    def __init__(self, burst: float = BURST, rate: float = RATE) -> None:
        self.burst, self.rate = burst, rate
        self.tokens = burst
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass(eq=False)
class Client:
    """One websocket connection: one seat (by its token) or a spectator (seat None)."""

    outbox: Outbox = field(default_factory=Outbox)
    seat: int | None = None
    live: LiveTable | None = None
    bucket: Bucket = field(default_factory=Bucket)
    #: Whether this connection was told ``rate_limited`` since its last message that passed
    #: (a flood gets one error frame, not one per message).
    limited: bool = False
    #: The table's snapshots this connection has the narration of, and was last shown
    #: (sequence numbers of :class:`~rennbahn.server.publish.Snapshot`); narration lines
    #: not yet sent.
    seq: int = 0
    shown: int = -1
    #: The snapshot of the change last acknowledged to it: no older view is shown to it
    #: after the acknowledgement (a view overtaken by its own move).
    acked: int = 0
    lines: list[m.LogLine] = field(default_factory=list)
    #: False while the history it asked for is being told: views wait, narration gathers.
    ready: bool = True
    #: The language of this connection's narration and board (from its hello).
    lang: str = DEFAULT
    #: Whether this connection's views carry the board drawing.
    board: bool = True
    #: The digest of the token it said hello with (its seat's; None for a spectator).
    digest: str | None = None

    def post(self, message: m.ServerMessage) -> None:
        self.outbox.post(m.encode(message))


@dataclass(eq=False)
class LiveTable:
    stored: StoredTable
    game: Game
    table: Table
    ui: GameModules
    #: Posts what each connection may see (made by the hub, which knows the workers).
    publisher: Publisher
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    runner: asyncio.Task[None] | None = None
    #: The clock's task running out this table's late seats (the clock never waits on it).
    timing_out: asyncio.Task[None] | None = None
    #: Deadlines by ply and seat: a seat's deadline is set once per position, so that only
    #: a move that stands gives the next seat a new one (not an undo or a seat change).
    clock_memory: dict[int, dict[int, float]] = field(default_factory=dict)
    #: The generator's last state and its JSON.
    rng_cache: tuple[object, str] = ((), "")
    #: The address that created the table (this server's life only; None after a restart).
    creator: str | None = None
    #: The rematch's table id, once somebody opened it.
    rematch: str | None = None
    #: When a person's own move last stood (monotonic seconds): bots wait the hub's grace
    #: after it, so that the person can take a mis-tap back.
    person_moved: float = 0.0

    @property
    def standin(self) -> str:
        """The bot that plays a person's seat whose clock ran out: the table's choice, or
        the game's default."""
        return self.stored.standin or default_standin(self.game.NAME)


def _why(error: BaseException) -> str:
    """An error in one line of at most 200 characters."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def _bots(game: Game, seats: list[StoredSeat]) -> list[Bot | None]:
    result: list[Bot | None] = []
    for seat in seats:
        name = seat.bot or seat.standin
        result.append(None if name is None else NamedBot(game, name))
    return result


def _rebuild(stored: StoredTable) -> tuple[Game, Table]:
    """The game and table ``stored`` describes, every step replayed and checked."""
    game = load_game(stored.game)
    table = Table.restore(
        game, _bots(game, stored.seats), stored.steps, seed=stored.seed,
        rng_state=_rng_state(stored.rng) if stored.rng else None,
        number=stored.number, pending=stored.pending,
    )
    return game, table


def _clock_memory(stored: StoredTable, table: Table) -> dict[int, dict[int, float]]:
    """The deadlines ``stored`` kept, as the deadlines set at the table's position."""
    return {len(table.steps): dict(stored.deadlines)} if stored.deadlines else {}


def _rng_json(table: Table) -> str:
    version, internal, gauss = table.rng.getstate()
    return json.dumps([version, list(internal), gauss])


def _rng_state(text: str) -> tuple[Any, ...]:
    version, internal, gauss = json.loads(text)
    return (version, tuple(internal), gauss)


def clean_name(name: str | None, seat: int) -> str:
    """A seat's display name: printable, at most NAME_LENGTH characters (escape on display)."""
    if name is None or not name.strip():
        return seat_name(seat, DEFAULT)
    name = " ".join(name.split())
    if not name.isprintable():
        raise RequestError("bad_request", f"seat {seat + 1}: a name must be printable text")
    if len(name) > NAME_LENGTH:
        raise RequestError(
            "bad_request", f"seat {seat + 1}: a name has at most {NAME_LENGTH} characters"
        )
    return name


def rematch_id(table_id: str) -> str:
    """The id of ``table_id``'s rematch: one per table, the same whoever opens it and after
    a restart (ids are public: they are in the spectators' links)."""
    digest = hashlib.sha256(f"rematch:{table_id}".encode()).digest()
    return base64.urlsafe_b64encode(digest).decode()[:12]


def rematch_token(digest: str, new_table: str) -> str:
    """A seat's token at the rematch, made from its token's digest at the old table: only
    who holds the old token (or the store) can make it, and it is the same each time."""
    mac = hmac.new(digest.encode(), f"rematch:{new_table}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()).decode().rstrip("=")


def names_of(live: LiveTable, lang: str = DEFAULT) -> list[str]:
    """The seats' display names in ``lang``, in seat order."""
    return shown_names(live.stored.seats, lang)


class Hub:
    """Every live table of one server, and the messages of every connection."""

    def __init__(self, store: Store, bots: Workers, drawing: Workers, *,
                 limits: Limits | None = None, lease: float = 10.0,
                 grace: float = 1.5) -> None:
        self.store = store
        #: Seconds a bot waits before it answers a person's move (a mis-tap can be taken
        #: back meanwhile).
        self.grace = grace
        #: The end of finished tables in words, for the lobby's "my tables": (id, lang).
        self._headlines: OrderedDict[tuple[str, str], str] = OrderedDict()
        #: Seconds a table stays this server's without renewal (a shared store only).
        self.lease = lease
        #: Where bots think, and where boards, narration and stories are drawn.
        self.bots, self.drawing = bots, drawing
        self.limits = limits or Limits()
        #: Unfinished tables, and finished ones somebody is connected to.
        self.tables: dict[str, LiveTable] = {}
        #: A few finished tables read by pages and stories, least recently used out.
        self.finished: OrderedDict[str, LiveTable] = OrderedDict()
        #: Tables the store has but that cannot be rebuilt: id -> what is wrong.
        self.broken: dict[str, str] = {}
        self.bot_queue = BotQueue(bots.size)
        #: Connections dropped for reading too slowly, by why (see Outbox.why).
        self.dropped: dict[str, int] = {}
        self.histories = Histories()
        self._loading: dict[str, asyncio.Lock] = {}
        self._ticker: asyncio.Task[None] | None = None
        # One thread for the store: writes queue there in order, and few threads compete
        # with the event loop for the interpreter.
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store")

    async def _io(self, call: Callable[..., T], *args: Any) -> T:
        """Run a store call in the store's one thread (off the event loop) and wait for it."""
        return await asyncio.get_running_loop().run_in_executor(self._writer, call, *args)

    # -- life ---------------------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every unfinished table and let its bots and clocks go on. A table that
        cannot be rebuilt is reported (log and its page) and left alone; the others play."""
        for table_id in await self._io(self.store.claimable):
            with contextlib.suppress(RequestError):  # broken: noted in self.broken
                live = await self.get(table_id)
                if live is not None:
                    self.kick(live)
        if self.broken:
            log.error("%d table(s) could not be rebuilt and wait for a fix: %s",
                      len(self.broken), ", ".join(sorted(self.broken)))
        self._ticker = asyncio.create_task(self._clock_loop())

    async def stop(self) -> None:
        tasks = [t for t in [self._ticker, *(lt.runner for lt in self.tables.values()),
                             *(lt.timing_out for lt in self.tables.values())] if t]
        for task in tasks:
            task.cancel()
        for live in [*self.tables.values(), *self.finished.values()]:
            live.publisher.stop()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.store.shared:  # another server may take them over at once
            for table_id in list(self.tables):
                with contextlib.suppress(Exception):
                    await self._io(self.store.release, table_id)
        self._writer.shutdown(wait=True)

    def _live(self, stored: StoredTable, game: Game, table: Table,
              creator: str | None = None, rematch: str | None = None) -> LiveTable:
        """A table in memory, with its publisher and the snapshot of where it stands."""
        clients: set[Client] = set()
        publisher = Publisher(stored.id, stored.game, clients,
                              functools.partial(self.drawing.run, render.draw))
        live = LiveTable(stored=stored, game=game, table=table, ui=GameModules.of(game),
                         publisher=publisher, clients=clients, creator=creator,
                         rematch=rematch)
        publisher.stage(table, stored.seats, stored.deadlines, set(), narrate=False,
                        rematch=rematch)
        publisher.publish()
        return live

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, rebuilt from the store (by replaying its steps) if needed; None
        when there is no such table. A table that cannot be rebuilt raises ``broken``."""
        live = self.tables.get(table_id) or self.finished.get(table_id)
        if live is not None:
            if live.stored.finished and table_id in self.finished:
                self.finished.move_to_end(table_id)
            return live
        if table_id in self.broken:
            raise self._broken(table_id)
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self.tables.get(table_id) or self.finished.get(table_id)
            if live is None:
                try:
                    holder = None
                    if self.store.shared:  # the table is played here, or where its lease is
                        holder = await self._io(self.store.lease, table_id, self.lease)
                    stored = await self._io(self.store.load, table_id)
                    if stored is None:
                        return None
                    if holder is not None and not stored.finished:
                        raise RequestError(
                            "elsewhere", f"this table is played at {holder}", where=holder)
                    game, table = await asyncio.to_thread(_rebuild, stored)
                    rematch = None
                    if stored.finished:  # was a rematch opened?
                        new_id = rematch_id(table_id)
                        if new_id in self.tables or (
                                await self._io(self.store.load, new_id) is not None):
                            rematch = new_id
                except RequestError:
                    raise
                except Exception as error:  # one bad table must not stop any other
                    self.broken[table_id] = _why(error)
                    log.error("table %s cannot be rebuilt: %s", table_id, _why(error))
                    raise self._broken(table_id) from error
                live = self._live(stored, game, table, rematch=rematch)
                live.clock_memory = _clock_memory(stored, table)
                self._keep(live)
        self._loading.pop(table_id, None)
        return live

    def _forget(self, live: LiveTable) -> None:
        """Drop ``live`` from memory and close its connections (their pages reconnect and
        find the table as the store has it)."""
        self.tables.pop(live.stored.id, None)
        self.finished.pop(live.stored.id, None)
        if live.runner is not None:
            live.runner.cancel()
        live.publisher.stop()
        for client in live.clients:
            client.outbox.dropped.set()

    def _broken(self, table_id: str) -> RequestError:
        return RequestError("broken", f"this table cannot be continued: the server could not "
                                      f"rebuild it ({self.broken[table_id]})")

    def _keep(self, live: LiveTable) -> None:
        """Hold ``live`` in memory: an unfinished table (or one watched) for good, a finished
        one among the few most recently read."""
        table_id = live.stored.id
        if not live.stored.finished or live.clients:
            self.finished.pop(table_id, None)
            self.tables[table_id] = live
            return
        self.tables.pop(table_id, None)
        self.finished[table_id] = live
        self.finished.move_to_end(table_id)
        while len(self.finished) > self.limits.finished_kept:
            self.finished.popitem(last=False)

    async def create(self, spec: m.CreateTable, base: str, address: str | None = None, *,
                     rematch_of: str | None = None) -> dict[str, Any]:
        """Open a table for ``spec``; ``address`` is the creator's (for the limits). Only
        people's seats and invited bots' get a link (the tokens of the others are kept by
        nobody). ``rematch_of``: the table is that table's rematch (its id says so)."""
        self._check_room(address)
        try:
            game = load_game_for_seats(spec.game, len(spec.seats), paths=False)
        except SeatCountError as error:
            raise RequestError("bad_request", str(error)) from error
        except RennbahnError as error:
            raise RequestError("bad_game", str(error)) from error
        allowed = bot_names(game.NAME)
        seats = []
        for i, seat in enumerate(spec.seats):
            if seat.bot is not None and seat.bot not in allowed:
                raise RequestError(
                    "bad_bot", f"seat {i + 1}: no bot {seat.bot!r}; bots: {', '.join(allowed)}"
                )
            seats.append(StoredSeat(name=clean_name(seat.name, i), bot=seat.bot))
        if spec.standin is not None and spec.standin not in allowed:
            raise RequestError(
                "bad_bot", f"standin: no bot {spec.standin!r}; bots: {', '.join(allowed)}")
        if spec.clock is not None and not CLOCK_RANGE[0] <= spec.clock <= CLOCK_RANGE[1]:
            raise RequestError(
                "bad_request",
                f"clock is seconds per move from {CLOCK_RANGE[0]:g} to {CLOCK_RANGE[1]:g}",
            )
        table_id = secrets.token_urlsafe(9) if rematch_of is None else rematch_id(rematch_of)
        tokens = [secrets.token_urlsafe(24) for _ in seats]
        seed = secrets.randbits(62)
        table = Table(game, _bots(game, seats), seed)
        stored = StoredTable(
            id=table_id, game=str(game), seed=seed, created=time.time(), seats=seats,
            clock=spec.clock, rng=_rng_json(table), public=spec.public, standin=spec.standin,
        )
        live = self._live(stored, game, table, creator=address)
        self._set_deadlines(live)
        try:
            await self._io(self.store.create, stored, [token_digest(t) for t in tokens])
        except Exception as error:
            log.exception("store failed creating a table")
            raise RequestError("store_failed",
                               "the table could not be stored; try again later") from error
        self.tables[table_id] = live
        self.kick(live)
        log.info("table %s created: %s", table_id, game)
        linked = [s.bot is None or spec.seats[i].invite for i, s in enumerate(seats)]
        return {
            "table": table_id,
            "game": str(game),
            "spectator": f"{base}t/{table_id}",
            "seats": [
                {"seat": i, "name": s.name, "bot": s.bot}
                | ({"token": tokens[i], "link": f"{base}t/{table_id}#token={tokens[i]}"}
                   if linked[i] else {})
                for i, s in enumerate(seats)
            ],
        }

    def _check_room(self, address: str | None) -> None:
        """Refuse a new table beyond the limits: in all, and per creating address."""
        open_tables = [t for t in self.tables.values() if not t.stored.finished]
        if len(open_tables) >= self.limits.tables:
            raise RequestError("too_many_tables",
                               f"the server has {self.limits.tables} open tables, as many as it "
                               "takes; try again when some are over")
        mine = sum(t.creator == address for t in open_tables)
        if address is not None and mine >= self.limits.tables_per_address:
            raise RequestError("too_many_tables",
                               f"at most {self.limits.tables_per_address} open tables per "
                               "address; finish or leave some first")

    def open_tables(self, lang: str = DEFAULT) -> list[dict[str, Any]]:
        """Public tables still waiting for players: their people's seats nobody opened yet
        (never a token)."""
        rows = []
        for live in sorted(self.tables.values(), key=lambda t: -t.stored.created):
            stored = live.stored
            if not stored.public or stored.finished:
                continue
            free = [i for i, s in enumerate(stored.seats) if s.bot is None and not s.claimed]
            if free:
                rows.append({"table": stored.id, "game": stored.game, "title": live.game.TITLE,
                             "variant": self.variant(live, lang),
                             "players": len(stored.seats),
                             "waiting": waited(time.time() - stored.created, lang),
                             "seats": msgspec.to_builtins(self.seat_infos(live, lang)),
                             "free": free, "clock": stored.clock})
        return rows[:50]

    @staticmethod
    def variant(live: LiveTable, lang: str) -> str:
        """How the table's rules differ from the default, in words."""
        words = live.ui.words
        return words.variant(live.game, lang) if words is not None else ""

    async def join(self, table_id: str, spec: m.JoinSeat, base: str) -> dict[str, Any]:
        """Take an unclaimed person's seat of a public table: a new token for that seat
        (the seat's first link stops working), and the name the joiner gives."""
        live = await self.get(table_id)
        if live is None:
            raise RequestError("no_table", "there is no such table")
        async with live.lock:
            stored = live.stored
            seats = stored.seats
            if not stored.public or stored.finished:
                raise RequestError("bad_request", "this table takes no new players")
            if not 0 <= spec.seat < len(seats) or seats[spec.seat].bot is not None \
                    or seats[spec.seat].claimed:
                raise RequestError("bad_request", f"seat {spec.seat + 1} is not free")
            name = clean_name(spec.name, spec.seat) if spec.name else seats[spec.seat].name
            token = secrets.token_urlsafe(24)
            await self._io(self.store.replace_token, stored.id, spec.seat, token_digest(token))
            seats[spec.seat].claimed = True
            seats[spec.seat].name = name
            await self._settle(live, len(live.table.steps))
        return {"table": stored.id, "seat": spec.seat, "name": name, "token": token,
                "link": f"{base}t/{stored.id}#token={token}"}

    # -- what a connection sees ---------------------------------------------------------
    def seat_infos(self, live: LiveTable, lang: str = DEFAULT) -> list[m.SeatInfo]:
        return seat_infos(live.stored.seats, lang)

    def public_summary(self, live: LiveTable) -> dict[str, Any]:
        table = live.table
        return {
            "table": live.stored.id,
            "game": live.stored.game,
            "title": live.game.TITLE,
            "seats": msgspec.to_builtins(self.seat_infos(live)),
            "clock": live.stored.clock,
            "number": table.number,
            "ply": len(table.steps),
            "to_act": table.to_act(),
            "over": table.is_over(),
            "result": table.state.returns() if table.is_over() else None,
        }

    def _stage(self, live: LiveTable, *, narrate: bool = True,
               notices: tuple[Notice, ...] = ()) -> None:
        """Snapshot the table after one step, for the seats somebody watches (published
        by :meth:`_settle` once the change is written)."""
        self._set_deadlines(live)
        live.publisher.stage(live.table, live.stored.seats, live.stored.deadlines,
                             {c.seat for c in live.clients}, narrate=narrate,
                             notices=notices, rematch=live.rematch)

    # -- storing ------------------------------------------------------------------------
    def _set_deadlines(self, live: LiveTable) -> None:
        """The deadlines of the people who must act now. A seat's deadline is set once per
        position (ply): an undo back to a position, a withdrawn choice or a seat handed to a
        bot and back keep the deadline it had there; only a move that stands renews it."""
        stored, table = live.stored, live.table
        if stored.clock is None:
            return
        if table.is_over():
            stored.deadlines = {}
            return
        ply = len(table.steps)
        memory = live.clock_memory
        for old in [p for p in memory if not ply - 1 <= p <= ply]:
            del memory[old]
        kept = memory.setdefault(ply, {})
        now = time.time()
        for seat in table.to_act():
            kept.setdefault(seat, now + stored.clock)
        stored.deadlines = {s: kept[s] for s in table.people_to_act()}

    async def _settle(self, live: LiveTable, keep: int, *, ack: Client | None = None,
                      ref: str = "", staged: bool = False) -> None:
        """The one way a change of ``live`` ends (under its lock): write it (the stored
        steps from ``keep`` on are replaced), acknowledge it to ``ack`` (with ``ref``), and
        publish what every connection may now see. ``staged``: the change's last step was
        snapshot already. If the write fails, the table is rebuilt as stored, nobody hears
        of the change, and ``store_failed`` is raised to its sender."""
        if not staged:
            self._stage(live)
        try:
            await self._commit(live, keep)
        except RequestError:
            live.publisher.drop()
            raise
        live.publisher.publish()  # handed over: the views are built after the ack
        if ack is not None:
            ack.post(m.Ack(ref=ref, number=live.table.number))
            ack.acked = live.publisher.seq

    async def _commit(self, live: LiveTable, keep: int) -> None:
        """Write the table (steps from ``keep`` on) and wait for the write."""
        stored, table = live.stored, live.table
        stored.steps = list(table.steps)
        stored.number = table.number
        state = table.rng.getstate()
        if live.rng_cache[0] != state:  # most steps leave the generator alone
            live.rng_cache = (state, _rng_json(table))
        stored.rng = live.rng_cache[1]
        stored.pending = dict(table.pending)
        self._set_deadlines(live)
        if table.is_over() and not stored.finished:
            stored.finished = True
            stored.deadlines = {}
            stored.record = table.record([s.name for s in stored.seats]).dumps()
        try:
            await self._io(self.store.save, stored, keep)
        except Exception as error:
            log.exception("store failed for table %s; rebuilding it", stored.id)
            try:
                fresh = await self._io(self.store.load, stored.id)
                if fresh is None:
                    raise LookupError("the table is gone from the store") from error
                _, live.table = await asyncio.to_thread(_rebuild, fresh)
            except Exception:  # the store is still unusable: the table leaves memory, and
                log.exception("table %s left memory", stored.id)  # is read again later
                self._forget(live)
            else:
                live.stored = fresh
                live.clock_memory = _clock_memory(fresh, live.table)
            raise RequestError("store_failed", "the move could not be stored; try again") \
                from error
        if stored.finished:
            self._keep(live)  # a finished table nobody watches leaves memory

    # -- messages -----------------------------------------------------------------------
    async def receive(self, client: Client, data: str | bytes) -> None:
        """Handle one message from a connection; refusals go to that connection alone."""
        try:
            if not client.bucket.take():
                if client.limited:
                    return  # told once already: the rest of a flood is dropped unanswered
                client.limited = True
                raise RequestError(
                    "rate_limited",
                    f"too many messages: at most {BURST} at once and {RATE:g} a second; "
                    "messages beyond that are dropped",
                )
            client.limited = False
            size = _size(data)
            if size > m.MAX_MESSAGE:
                raise RequestError(
                    "too_large", f"a message has at most {m.MAX_MESSAGE} bytes; got {size}"
                )
            try:
                message = m.decoder.decode(data)
            except msgspec.DecodeError as error:
                raise RequestError("malformed", f"not a valid message: {error}") from error
            if message.v != m.PROTOCOL:
                raise RequestError(
                    "version", f"this server speaks protocol {m.PROTOCOL}, not {message.v}"
                )
            await self._dispatch(client, message)
        except RequestError as error:
            client.post(m.Error(code=error.code, message=self._said(client, error.code),
                                detail=error.message,
                                where=msgspec.UNSET if error.where is None else error.where))
        except TableError as error:
            client.post(m.Error(code=error.code, detail=str(error), message=self._said(
                client, error.code, error.reason, error.whose)))
        except Exception:  # a bug, or the store gone: said to this connection, logged
            log.exception("message failed")
            client.post(m.Error(code="server_error", message=self._said(client, "server_error"),
                                detail="the server could not handle that message; try again"))

    def _said(self, client: Client, code: str, reason: str = "",
              whose: int | None = None) -> str:
        """A refusal as people read it: in the connection's language, seats by name."""
        live, lang = client.live, client.lang
        names = names_of(live, lang) if live is not None else []
        key = f"error_{code}"
        values: dict[str, str] = {}
        if code == "undo_refused" and reason:
            key = f"error_undo_{reason}"
        if whose is not None and 0 <= whose < len(names):
            values["name"] = names[whose]
        if code == "not_your_turn" and live is not None:
            waiting = [names[s] for s in live.table.to_act()]
            if waiting:
                values["names"] = ", ".join(waiting)
            else:
                key = "error_not_your_turn_chance"
        try:
            return say(lang, key, **values)
        except KeyError:  # a code or reason without words of its own
            return say(lang, "error_undo_refused" if code == "undo_refused"
                       else "error_bad_request")

    async def _dispatch(self, client: Client, message: m.ClientMessage) -> None:
        if isinstance(message, m.Ping):
            client.post(m.Pong())
            return
        if isinstance(message, m.Hello):
            await self._hello(client, message)
            return
        live = client.live
        if live is None:
            raise RequestError("not_joined", "send hello with the table (and your token) first")
        seat = client.seat
        if seat is None:
            raise RequestError("spectator", "a spectator cannot move; open a seat's link to play")
        if isinstance(message, m.Move):
            await self._move(live, client, seat, message)
        elif isinstance(message, m.Undo):
            await self._undo(live, client, seat, message)
        elif isinstance(message, m.Rematch):
            await self._rematch(live, client, seat)
        else:
            await self._take_seat(live, client, seat, message)

    async def _hello(self, client: Client, hello: m.Hello) -> None:
        if client.live is not None:
            raise RequestError("already_joined", "this connection has already joined a table")
        live = await self.get(hello.table) if len(hello.table) < 64 else None
        if live is None:
            raise RequestError("no_table", "there is no such table")
        seat = None
        if hello.token is not None:
            found = None
            if len(hello.token) <= 256:
                found = await self._io(self.store.find_token, token_digest(hello.token))
            if found is None or found[0] != live.stored.id:
                raise RequestError("bad_token", "this token holds no seat at this table")
            seat = found[1]
            client.digest = token_digest(hello.token)
        if hello.lang not in LANGUAGES:
            raise RequestError("malformed", f"lang is one of {', '.join(LANGUAGES)}")
        async with live.lock:
            client.live, client.seat, client.lang = live, seat, hello.lang
            client.board, client.ready = hello.board, not hello.history
            if seat is not None and not live.stored.seats[seat].claimed:
                live.stored.seats[seat].claimed = True  # the lobby no longer offers it
                await self._settle(live, len(live.table.steps))
            live.clients.add(client)
            self._keep(live)
            client.post(m.Welcome(
                table=live.stored.id, seat=seat, game=live.stored.game, title=live.game.TITLE,
                seats=self.seat_infos(live, client.lang), clock=live.stored.clock,
                variant=self.variant(live, client.lang),
            ))
            live.publisher.join(client, live.table)
            if not hello.history:
                return
            # The story so far is told in a drawing worker; meanwhile the connection
            # gathers the narration of new steps and gets no view.
            steps = list(live.table.steps)
            names = names_of(live, client.lang)
        key = (live.stored.id, seat, client.lang)
        try:
            told = await self.histories.lines(key, functools.partial(
                self.drawing.run, render.tell_history, live.stored.id, live.stored.game,
                steps, seat, client.lang, names))
        except Exception:  # a story that cannot be told: the page goes on without it
            log.exception("history failed in table %s", live.stored.id)
            told = []
        client.lines[:0] = told
        client.ready = True
        live.publisher.wake()

    def _check_person(self, live: LiveTable, seat: int) -> None:
        s = live.stored.seats[seat]
        if s.bot is not None or s.standin is not None:
            raise RequestError(
                "seat_is_bot",
                f"your seat is played by the bot {s.bot or s.standin!r}; send "
                '{"type": "seat", "bot": null} to take it back',
            )

    async def _move(self, live: LiveTable, client: Client, seat: int, move: m.Move) -> None:
        if (move.action is None) == (move.move is None):
            raise RequestError("malformed", "a move gives exactly one of action and move")
        async with live.lock:
            table = live.table
            self._check_person(live, seat)
            action = move.move if move.move is not None else move.action
            assert action is not None
            keep = len(table.steps)
            try:  # the table alone decides whether the move stands
                step = table.move(seat, action, move.number)
            except TableError as error:
                if error.code == "not_your_turn":  # said with the names people gave
                    who = ", ".join(names_of(live)[s] for s in table.to_act()) or "chance"
                    raise RequestError("not_your_turn",
                                       f"it is not your turn; waiting for {who}") from error
                raise
            if step is not None and step.actor == seat:
                live.person_moved = time.monotonic()
            await self._settle(live, keep, ack=client, ref="move")
        self.kick(live)

    async def _undo(self, live: LiveTable, client: Client, seat: int, undo: m.Undo) -> None:
        async with live.lock:
            table = live.table
            self._check_person(live, seat)
            keep = len(table.steps)
            if seat in table.pending:
                table.withdraw(seat, undo.number)
            else:
                step = table.undo(seat, undo.number)
                keep = len(table.steps)
                # Only the seat itself hears what it took back: the move may have been a
                # secret (a deck, a gear stack, a discard). The others hear that a move was
                # taken back, and see the position it went back to (nothing is narrated).
                self._stage(live, narrate=False,
                            notices=(Notice("took_back", seat, step.moves[0]),))
                await self._settle(live, keep, ack=client, ref="undo", staged=True)
                return
            await self._settle(live, keep, ack=client, ref="undo")

    async def _rematch(self, live: LiveTable, client: Client, seat: int) -> None:
        """Open the finished table's rematch (once: the same game, seats, names, bots, clock
        and stand-in, a new seed) and give this connection its seat's link to it: a token
        made from its old one (:func:`rematch_token`), so each person's browser gets its
        own and nobody else can make it."""
        if not live.stored.finished:
            raise RequestError("not_over", "a rematch is opened once the game is over")
        new_id = rematch_id(live.stored.id)
        async with live.lock:
            if live.rematch is None:
                if await self._io(self.store.load, new_id) is None:
                    stored = live.stored
                    spec = m.CreateTable(
                        game=stored.game, clock=stored.clock, standin=stored.standin,
                        seats=[m.SeatSpec(name=s.name, bot=s.bot) for s in stored.seats])
                    await self.create(spec, "", live.creator, rematch_of=stored.id)
                live.rematch = new_id
                await self._settle(live, len(live.table.steps))  # every page hears of it
        assert client.digest is not None
        token = rematch_token(client.digest, new_id)
        new = await self.get(new_id)
        if new is None:
            raise RequestError("no_table", "the rematch is gone")
        async with new.lock:
            await self._io(self.store.replace_token, new_id, seat, token_digest(token))
        client.post(m.RematchReady(table=new_id, link=f"/t/{new_id}#token={token}"))

    async def mine(self, spec: m.MyTables, base: str, lang: str) -> dict[str, Any]:
        """How each table a browser remembers stands for it (the lobby's "my tables"):
        your turn, waiting, over (with the result in words) or gone. Tables that are not in
        memory are read from the store; at most :data:`MINE` of them."""
        rows = []
        for entry in spec.tables[:MINE]:
            row: dict[str, Any] = {"table": entry.table[:64], "state": "gone"}
            rows.append(row)
            try:
                live = await self.get(entry.table[:64]) if len(entry.table) <= 64 else None
            except RequestError:
                continue
            if live is None:
                continue
            seat = None
            if entry.token is not None:
                found = None
                if len(entry.token) <= 256:
                    found = await self._io(self.store.find_token, token_digest(entry.token))
                if found is None or found[0] != live.stored.id:
                    continue  # the link no longer holds a seat here
                seat = found[1]
            table, names = live.table, names_of(live, lang)
            if table.is_over():
                state = "over"
            elif seat is not None and seat in table.to_act() and seat not in table.pending \
                    and live.stored.seats[seat].bot is None:
                state = "your_turn"
            else:
                state = "waiting"
            link = f"{base}t/{live.stored.id}"
            row.update({
                "title": live.game.TITLE, "variant": self.variant(live, lang), "seat": seat,
                "name": None if seat is None else names[seat], "players": names,
                "state": state, "link": link if entry.token is None
                else f"{link}#token={entry.token}",
                "headline": await self._headline(live, lang, names) if state == "over"
                else None,
            })
        return {"tables": rows}

    async def _headline(self, live: LiveTable, lang: str, names: list[str]) -> str | None:
        key = (live.stored.id, lang)
        said = self._headlines.get(key)
        if said is None:
            try:
                finish = await self.drawing.run(render.finish_of, live.stored.game,
                                                list(live.table.steps), lang, names)
            except Exception:  # the list goes on without it
                log.exception("no result in words for table %s", live.stored.id)
                return None
            if finish is None:
                return None
            said = self._headlines[key] = finish.headline
            while len(self._headlines) > 512:
                self._headlines.popitem(last=False)
        return said

    async def _take_seat(self, live: LiveTable, client: Client, seat: int,
                         message: m.TakeSeat) -> None:
        allowed = bot_names(live.game.NAME)
        if message.bot is not None and message.bot not in allowed:
            raise RequestError("bad_bot", f"no bot {message.bot!r}; bots: {', '.join(allowed)}")
        async with live.lock:
            stored = live.stored.seats[seat]
            returning = stored.standin is not None and stored.bot is None
            stored.bot, stored.standin = message.bot, None
            live.table.set_bot(seat, None if message.bot is None else
                               NamedBot(live.game, message.bot))
            if returning and message.bot is None:
                # Back after the clock ran out: a fresh deadline, if the old one is gone.
                kept = live.clock_memory.get(len(live.table.steps), {})
                if kept.get(seat, 0.0) <= time.time():
                    kept.pop(seat, None)
            await self._settle(live, len(live.table.steps), ack=client, ref="seat")
        self.kick(live)

    def leave(self, client: Client) -> None:
        if client.outbox.why:
            self.dropped[client.outbox.why] = self.dropped.get(client.outbox.why, 0) + 1
        live = client.live
        if live is None:
            return
        live.clients.discard(client)
        if live.stored.finished:
            self._keep(live)  # a finished table nobody watches leaves memory

    # -- chance, bots and clocks ----------------------------------------------------------
    def kick(self, live: LiveTable) -> None:
        """Make sure chance and bots move on at this table (one runner per table)."""
        if live.runner is None or live.runner.done():
            live.runner = asyncio.create_task(self._run(live))

    async def _run(self, live: LiveTable) -> None:
        try:
            await self._run_steps(live)
        except asyncio.CancelledError:
            raise
        except Exception:  # logged; the table waits for the next kick
            log.exception("table %s stopped", live.stored.id)

    def _priority(self, live: LiveTable) -> int:
        """People's tables (a person's seat, or anyone watching) before bot-only ones."""
        if live.clients or any(s.bot is None for s in live.stored.seats):
            return PEOPLE
        return BOTS_ONLY

    async def _run_steps(self, live: LiveTable) -> None:
        while True:
            async with live.lock:
                table = live.table
                keep = len(table.steps)
                changed = False
                while table.state.is_chance_node():
                    table.chance_step()
                    self._stage(live)  # each step narrated on its own
                    changed = True
                seat = None if table.is_over() else table.next_bot()
                if changed or (table.is_over() and not live.stored.finished):
                    await self._settle(live, keep, staged=changed)
                if seat is None:
                    return
                # A person's own move is left a moment before a bot answers it, so that
                # the person can take a mis-tap back.
                last = table.steps[-1].actor if table.steps else CHANCE
                delay = live.person_moved + self.grace - time.monotonic()
                if delay <= 0 or last < 0 or table.bots[last] is not None:
                    delay = 0.0
                    named = table.bots[seat]
                    assert isinstance(named, NamedBot)
                    bot, number = named, table.number
                    job = (
                        live.stored.id, live.stored.game,
                        [(s.actor, s.actions) for s in table.steps],
                        table.rng.getstate(), bot.name, seat,
                    )
            if delay > 0:
                await asyncio.sleep(delay)
                continue
            try:
                action, rng_state = await self.bot_queue.run(
                    self._priority(live), functools.partial(self.bots.run, think, *job))
            except (RennbahnError, BrokenProcessPool, OSError) as error:
                # A bot that fails must not stall the table: the random bot moves instead.
                log.warning("bot %s failed at table %s (%s); random moves", bot.name,
                            live.stored.id, error)
                action, rng_state = await asyncio.to_thread(think, *job[:4], "random", seat)
            async with live.lock:
                table = live.table
                current = table.bots[seat]
                if (
                    table.number != number
                    or table.next_bot() != seat
                    or not isinstance(current, NamedBot)
                    or current.name != bot.name
                ):
                    continue  # the table changed while the bot thought: ask again
                keep = len(table.steps)
                table.rng.setstate(rng_state)
                table.move(seat, action)
                await self._settle(live, keep)

    async def _clock_loop(self) -> None:
        """Every 0.2 s: start running out the late seats of each table, in a task of that
        table's own (the clock waits on no table's lock); now and then, expire tables; on
        a shared store, renew this server's leases and take over the tables of a server
        whose leases ran out."""
        last_sweep = last_lease = 0.0
        while True:
            await asyncio.sleep(0.2)
            now = time.time()
            for live in list(self.tables.values()):
                late = [s for s, t in live.stored.deadlines.items() if t <= now]
                if late and (live.timing_out is None or live.timing_out.done()):
                    live.timing_out = asyncio.create_task(self._time_out(live, late))
            if now - last_sweep >= min(60.0, self.limits.unjoined_expiry / 4):
                last_sweep = now
                await self._expire(now)
            if self.store.shared and now - last_lease >= self.lease / 3:
                last_lease = now
                await self._renew_leases()

    async def _renew_leases(self) -> None:
        """Renew the lease of every unfinished table here (one that another server holds
        now leaves memory: its pages reconnect and are sent there), then take over the
        unfinished tables whose lease ran out (their server died)."""
        for live in [t for t in self.tables.values() if not t.stored.finished]:
            try:
                holder = await self._io(self.store.lease, live.stored.id, self.lease)
            except Exception:
                log.exception("could not renew the lease of table %s", live.stored.id)
                continue
            if holder is not None:
                log.warning("table %s is played at %s now", live.stored.id, holder)
                self._forget(live)
        try:
            orphans = await self._io(self.store.claimable)
        except Exception:
            log.exception("could not look for tables to take over")
            return
        for table_id in orphans:
            if table_id in self.tables or table_id in self.broken:
                continue
            with contextlib.suppress(RequestError):  # taken by another, or broken
                taken = await self.get(table_id)
                if taken is not None:
                    log.info("took over table %s", table_id)
                    self.kick(taken)

    async def _expire(self, now: float) -> None:
        """Remove the tables where no person's seat was ever opened, after the expiry (a
        table of bots alone plays to its end and leaves memory then)."""
        for live in list(self.tables.values()):
            stored = live.stored
            people = [s for s in stored.seats if s.bot is None]
            if (stored.finished or not people or any(s.claimed for s in people)
                    or live.clients or now - stored.created < self.limits.unjoined_expiry):
                continue
            async with live.lock:
                if live.runner is not None:
                    live.runner.cancel()
                try:
                    await self._io(self.store.delete, stored.id)
                except Exception:
                    log.exception("could not remove expired table %s", stored.id)
                    continue
                self._forget(live)
                log.info("table %s expired: nobody opened a seat in %g s", stored.id,
                         self.limits.unjoined_expiry)

    async def _time_out(self, live: LiveTable, seats: list[int]) -> None:
        async with live.lock:
            standin = live.standin
            now = time.time()
            notices = []
            for seat in seats:
                if live.stored.deadlines.get(seat, now + 1) > now:
                    continue  # moved, undone or handed over meanwhile
                stored = live.stored.seats[seat]
                if stored.bot is None and stored.standin is None:
                    stored.standin = standin
                    live.table.set_bot(seat, NamedBot(live.game, standin))
                    notices.append(Notice("clock_ran_out", seat, standin))
            if not notices:
                return
            self._stage(live, notices=tuple(notices))
            try:
                await self._settle(live, len(live.table.steps), staged=True)
            except RequestError:
                return
        self.kick(live)


def _size(data: str | bytes) -> int:
    """The size of a message in bytes, as it came over the wire (a character can take four,
    so ``len`` of the text is not it)."""
    return len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "replace"))
