"""The live tables of the server: the referee between sockets, the table driver and the store.

Game-agnostic: every game goes through the core :class:`~rennbahn.core.table.Table` and the
public protocol. For each accepted change the order is always: change the table in memory,
write it to the store (off the event loop, awaited), acknowledge to the sender, then post a
view to every connection of the table (each one built for that connection's seat only).
If the write fails, the table is rebuilt from the store and the change is refused.

Nothing here awaits a client: messages are posted to each connection's bounded
:class:`~rennbahn.server.outbox.Outbox`, which drops a client too slow to read. Replaying a
game for a reconnecting page happens outside the table's lock (:mod:`rennbahn.server.stories`),
bot moves take fair turns at the workers (:mod:`rennbahn.server.botqueue`), and the clock
never waits on a table's lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

import msgspec

from rennbahn.bots.factory import bot_names
from rennbahn.core.errors import RennbahnError, SeatCountError
from rennbahn.core.i18n import DEFAULT, LANGUAGES, seat_name
from rennbahn.core.protocol import Game
from rennbahn.core.registry import load_game, load_game_for_seats
from rennbahn.core.table import Bot, Table, TableError
from rennbahn.core.views import View as GameView
from rennbahn.server import messages as m
from rennbahn.server.botqueue import BOTS_ONLY, PEOPLE, BotQueue
from rennbahn.server.bots import NamedBot, think
from rennbahn.server.outbox import Outbox
from rennbahn.server.store import Store, StoredSeat, StoredTable, token_digest
from rennbahn.server.stories import GameModules, Histories, observe
from rennbahn.server.texts import say

log = logging.getLogger("rennbahn.server")
T = TypeVar("T")

#: Messages a connection may send: a burst of this many, refilled at RATE per second.
BURST = 30
RATE = 20.0
NAME_LENGTH = 40
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
    """A request or message refused; ``code`` is one of the codes in docs/server.md."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


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
    #: The observation this connection last saw, and narration lines not yet sent.
    seen: GameView | None = None
    lines: list[str] = field(default_factory=list)
    #: False while the history it asked for is being told: views wait, narration gathers.
    ready: bool = True
    #: The language of this connection's narration and board (from its hello).
    lang: str = DEFAULT
    #: Whether this connection's views carry the board drawing.
    board: bool = True

    def post(self, message: m.ServerMessage) -> None:
        self.outbox.post(m.encode(message))


@dataclass(eq=False)
class LiveTable:
    stored: StoredTable
    game: Game
    table: Table
    ui: GameModules
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    runner: asyncio.Task[None] | None = None
    #: The clock's task running out this table's late seats (the clock never waits on it).
    timing_out: asyncio.Task[None] | None = None
    #: Deadlines by ply and seat: a seat's deadline is set once per position, so that only
    #: a move that stands gives the next seat a new one (not an undo or a seat change).
    clock_memory: dict[int, dict[int, float]] = field(default_factory=dict)
    narration_failed: bool = False
    #: The generator's last state and its JSON.
    rng_cache: tuple[object, str] = ((), "")
    #: The address that created the table (this server's life only; None after a restart).
    creator: str | None = None


def _load_ui(game: Game) -> GameModules:
    return GameModules.of(game)


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


def shown_name(name: str, seat: int, lang: str = DEFAULT) -> str:
    """A seat's name as people of ``lang`` see it: an untyped name ("Driver 2", the
    default) is said in their language ("Fahrer 2")."""
    return seat_name(seat, lang) if name == seat_name(seat, DEFAULT) else name


def names_of(live: LiveTable, lang: str = DEFAULT) -> list[str]:
    """The seats' display names in ``lang``, in seat order."""
    return [shown_name(s.name, i, lang) for i, s in enumerate(live.stored.seats)]


class Hub:
    """Every live table of one server, and the messages of every connection."""

    def __init__(self, store: Store, pool: Executor | None,
                 make_pool: Callable[[], Executor] | None = None, *, workers: int = 1,
                 limits: Limits | None = None) -> None:
        self.store = store
        self.pool = pool
        #: Makes a new bot pool when a worker died (the old pool is then unusable).
        self.make_pool = make_pool
        self.limits = limits or Limits()
        #: Unfinished tables, and finished ones somebody is connected to.
        self.tables: dict[str, LiveTable] = {}
        #: A few finished tables read by pages and stories, least recently used out.
        self.finished: OrderedDict[str, LiveTable] = OrderedDict()
        #: Tables the store has but that cannot be rebuilt: id -> what is wrong.
        self.broken: dict[str, str] = {}
        self.bot_queue = BotQueue(workers)
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
        for table_id in await self._io(self.store.unfinished):
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
        await asyncio.gather(*tasks, return_exceptions=True)
        self._writer.shutdown(wait=True)

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
                    stored = await self._io(self.store.load, table_id)
                    if stored is None:
                        return None
                    live = await asyncio.to_thread(self._rebuild, stored)
                except Exception as error:  # one bad table must not stop any other
                    self.broken[table_id] = _why(error)
                    log.error("table %s cannot be rebuilt: %s", table_id, _why(error))
                    raise self._broken(table_id) from error
                self._keep(live)
        self._loading.pop(table_id, None)
        return live

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
            gone, _ = self.finished.popitem(last=False)
            self.histories.forget(gone)

    def _rebuild(self, stored: StoredTable) -> LiveTable:
        game = load_game(stored.game)
        table = Table.restore(
            game, _bots(game, stored.seats), stored.steps, seed=stored.seed,
            rng_state=_rng_state(stored.rng) if stored.rng else None,
            number=stored.number, pending=stored.pending,
        )
        live = LiveTable(stored=stored, game=game, table=table, ui=_load_ui(game))
        if stored.deadlines:
            live.clock_memory[len(table.steps)] = dict(stored.deadlines)
        return live

    async def create(self, spec: m.CreateTable, base: str,
                     address: str | None = None) -> dict[str, Any]:
        """Open a table for ``spec``; ``address`` is the creator's (for the limits)."""
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
        if spec.clock is not None and not CLOCK_RANGE[0] <= spec.clock <= CLOCK_RANGE[1]:
            raise RequestError(
                "bad_request",
                f"clock is seconds per move from {CLOCK_RANGE[0]:g} to {CLOCK_RANGE[1]:g}",
            )
        table_id = secrets.token_urlsafe(9)
        tokens = [secrets.token_urlsafe(24) for _ in seats]
        seed = secrets.randbits(62)
        table = Table(game, _bots(game, seats), seed)
        stored = StoredTable(
            id=table_id, game=str(game), seed=seed, created=time.time(), seats=seats,
            clock=spec.clock, rng=_rng_json(table), public=spec.public,
        )
        live = LiveTable(stored=stored, game=game, table=table, ui=_load_ui(game),
                         creator=address)
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
        return {
            "table": table_id,
            "game": str(game),
            "spectator": f"{base}t/{table_id}",
            "seats": [
                {"seat": i, "name": s.name, "bot": s.bot, "token": tokens[i],
                 "link": f"{base}t/{table_id}#token={tokens[i]}"}
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
                             "seats": msgspec.to_builtins(self.seat_infos(live, lang)),
                             "free": free, "clock": stored.clock})
        return rows[:50]

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
            await self._commit(live, len(live.table.steps))
            self.broadcast(live)
        return {"table": stored.id, "seat": spec.seat, "name": name, "token": token,
                "link": f"{base}t/{stored.id}#token={token}"}

    # -- what a connection sees ---------------------------------------------------------
    def seat_infos(self, live: LiveTable, lang: str = DEFAULT) -> list[m.SeatInfo]:
        return [
            m.SeatInfo(seat=i, name=shown_name(s.name, i, lang),
                       kind="person" if s.bot is None else "bot",
                       bot=s.bot or s.standin, away=s.standin is not None and s.bot is None)
            for i, s in enumerate(live.stored.seats)
        ]

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

    def _observe(self, live: LiveTable, seat: int | None) -> GameView | None:
        return observe(live.table.state, seat)

    def _narrate(self, live: LiveTable, before: GameView | None,
                 after: GameView | None, lang: str) -> list[str]:
        try:
            return live.ui.narrate(before, after, lang=lang, names=names_of(live, lang))
        except Exception:  # a narration bug must not stop the table
            if not live.narration_failed:  # said once per table
                live.narration_failed = True
                log.exception("narration failed in table %s", live.stored.id)
            return []

    def _note_change(self, live: LiveTable) -> None:
        """After each step: extend every connection's narration by what its seat saw."""
        views: dict[int | None, GameView | None] = {}
        for client in live.clients:
            if client.seat not in views:
                views[client.seat] = self._observe(live, client.seat)
            after = views[client.seat]
            lines = ([] if client.seen is None
                     else self._narrate(live, client.seen, after, client.lang))
            client.lines.extend(lines)
            client.seen = after

    def view(self, live: LiveTable, client: Client,
             seen: dict[int | None, GameView | None] | None = None,
             boards: dict[tuple[int | None, str], str | None] | None = None) -> m.View:
        """The view of ``client``'s seat; ``seen`` caches observations by seat meanwhile,
        ``boards`` the drawings by seat and language."""
        table, seat = live.table, client.seat
        if seen is None:
            seen = {}
        if boards is None:
            boards = {}
        if seat not in seen:
            seen[seat] = self._observe(live, seat)
        observation = seen[seat]
        client.seen = observation
        legal: list[m.LegalMove] = []
        to_act = table.to_act()
        if seat is not None and table.bots[seat] is None and (
            seat in to_act or seat in table.pending
        ):
            state = table.state
            legal = [m.LegalMove(action=a, move=state.action_to_string(seat, a))
                     for a in state.legal_actions(seat)]
        lines, client.lines = client.lines, []
        over = table.is_over()
        key = (seat, client.lang)
        if not client.board:
            boards.setdefault((seat, ""), None)
            key = (seat, "")
        elif key not in boards:
            try:
                boards[key] = live.ui.board(observation, live.game, [lm.move for lm in legal],
                                            client.lang)
            except Exception:  # a drawing bug must not stop the table
                log.exception("board failed in table %s", live.stored.id)
                boards[key] = None
        return m.View(
            table=live.stored.id, number=table.number, ply=len(table.steps), seat=seat,
            observation=observation, legal=legal, to_act=to_act,
            chosen=sorted(table.pending),
            your_choice=table.pending.get(seat) if seat is not None else None,
            narration=lines, seats=self.seat_infos(live, client.lang),
            deadlines=dict(live.stored.deadlines), over=over,
            result=table.state.returns() if over else None, board=boards[key],
        )

    def broadcast(self, live: LiveTable) -> None:
        """Post the new view to every connection of the table that is ready for it (never
        waits: a connection too slow to take it is dropped by its outbox)."""
        seen: dict[int | None, GameView | None] = {}
        boards: dict[tuple[int | None, str], str | None] = {}
        for client in list(live.clients):
            if client.outbox.dropped.is_set():
                live.clients.discard(client)
            elif client.ready:
                client.post(self.view(live, client, seen, boards))

    # -- storing ------------------------------------------------------------------------
    def _set_deadlines(self, live: LiveTable) -> None:
        """The deadlines of the people who must act now. A seat's deadline is set once per
        position (ply): an undo back to a position, a withdrawn choice or a seat handed to a
        bot and back keep the deadline it had there; only a move that stands renews it."""
        stored, table = live.stored, live.table
        if stored.clock is None:
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
            fresh = await self._io(self.store.load, stored.id)
            if fresh is not None:
                rebuilt = await asyncio.to_thread(self._rebuild, fresh)
                live.stored, live.table = rebuilt.stored, rebuilt.table
                live.clock_memory = rebuilt.clock_memory
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
            client.post(m.Error(code=error.code, message=error.message))
        except TableError as error:
            client.post(m.Error(code=error.code, message=str(error)))
        except Exception:  # a bug, or the store gone: said to this connection, logged
            log.exception("message failed")
            client.post(m.Error(code="server_error",
                                message="the server could not handle that message; try again"))

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
        if hello.lang not in LANGUAGES:
            raise RequestError("malformed", f"lang is one of {', '.join(LANGUAGES)}")
        async with live.lock:
            client.live, client.seat, client.lang = live, seat, hello.lang
            client.board = hello.board
            if seat is not None and not live.stored.seats[seat].claimed:
                live.stored.seats[seat].claimed = True  # the lobby no longer offers it
                await self._commit(live, len(live.table.steps))
            live.clients.add(client)
            self._keep(live)
            client.post(m.Welcome(
                table=live.stored.id, seat=seat, game=live.stored.game, title=live.game.TITLE,
                seats=self.seat_infos(live, client.lang), clock=live.stored.clock,
            ))
            if not hello.history:
                client.post(self.view(live, client))
                return
            # The story so far is told outside the lock; meanwhile the connection gathers
            # the narration of new steps and gets no view.
            client.ready = False
            steps = list(live.table.steps)
            client.seen = observe(live.table.state, seat)
            names = names_of(live, client.lang)
        try:
            told = await self.histories.lines(live.stored.id, live.game, live.ui, steps, seat,
                                              client.lang, names)
        except Exception:  # a story that cannot be told: the page goes on without it
            log.exception("history failed in table %s", live.stored.id)
            told = []
        async with live.lock:
            client.lines[:0] = told
            client.ready = True
            client.post(self.view(live, client))

    def _check_person(self, live: LiveTable, seat: int) -> None:
        s = live.stored.seats[seat]
        if s.bot is not None or s.standin is not None:
            raise RequestError(
                "seat_is_bot",
                f"your seat is played by the bot {s.bot or s.standin!r}; send "
                '{"type": "seat", "bot": null} to take it back',
            )

    async def _move(self, live: LiveTable, client: Client, seat: int, move: m.Move) -> None:
        async with live.lock:
            table = live.table
            self._check_person(live, seat)
            table.check_number(move.number)
            if table.is_over():
                raise RequestError("game_over", "the game is over")
            if seat not in table.to_act() and seat not in table.pending:
                who = ", ".join(live.stored.seats[s].name for s in table.to_act()) or "chance"
                raise RequestError("not_your_turn", f"it is not your turn; waiting for {who}")
            if (move.action is None) == (move.move is None):
                raise RequestError("malformed", "a move gives exactly one of action and move")
            if move.move is not None:
                try:
                    action = table.state.string_to_action(seat, move.move)
                except RennbahnError as error:
                    raise RequestError("illegal", str(error)) from error
            else:
                assert move.action is not None
                action = move.action
            keep = len(table.steps)
            step = table.move(seat, action, move.number)
            if step is not None:
                self._note_change(live)
            await self._commit(live, keep)
            client.post(m.Ack(ref="move", number=table.number))
            await _let_writers_run()
            self.broadcast(live)
        self.kick(live)

    async def _undo(self, live: LiveTable, client: Client, seat: int, undo: m.Undo) -> None:
        async with live.lock:
            table = live.table
            self._check_person(live, seat)
            table.check_number(undo.number)
            keep = len(table.steps)
            if seat in table.pending:
                table.withdraw(seat)
            else:
                step = table.undo(seat, undo.number)
                keep = len(table.steps)
                for other in live.clients:
                    # Only the seat itself hears what it took back: the move may have been
                    # a secret (a deck, a gear stack, a discard). The others hear that a
                    # move was taken back, and see the position it went back to.
                    name = names_of(live, other.lang)[seat]
                    other.lines.append(
                        say(other.lang, "you_took_back", move=step.moves[0])
                        if other.seat == seat else say(other.lang, "took_back", name=name))
                    other.seen = None
            await self._commit(live, keep)
            client.post(m.Ack(ref="undo", number=table.number))
            await _let_writers_run()
            self.broadcast(live)

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
            await self._commit(live, len(live.table.steps))
            client.post(m.Ack(ref="seat", number=live.table.number))
            await _let_writers_run()
            self.broadcast(live)
        self.kick(live)

    def leave(self, client: Client) -> None:
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

    async def _think(self, job: tuple[Any, ...]) -> tuple[int, tuple[object, ...]]:
        if self.pool is None:
            return think(*job)
        return await asyncio.get_running_loop().run_in_executor(self.pool, think, *job)

    async def _run_steps(self, live: LiveTable) -> None:
        while True:
            async with live.lock:
                table = live.table
                keep = len(table.steps)
                changed = False
                while table.state.is_chance_node():
                    table.chance_step()
                    self._note_change(live)
                    changed = True
                seat = None if table.is_over() else table.next_bot()
                if changed or (table.is_over() and not live.stored.finished):
                    await self._commit(live, keep)
                    self.broadcast(live)
                if seat is None:
                    return
                bot = table.bots[seat]
                assert isinstance(bot, NamedBot)
                number = table.number
                job = (
                    live.stored.id, live.stored.game,
                    [(s.actor, s.actions) for s in table.steps],
                    table.rng.getstate(), bot.name, seat,
                )
            try:
                action, rng_state = await self.bot_queue.run(
                    self._priority(live), functools.partial(self._think, job))
            except (RennbahnError, BrokenProcessPool, OSError) as error:
                # A bot that fails must not stall the table: the random bot moves instead.
                log.warning("bot %s failed at table %s (%s); random moves", bot.name,
                            live.stored.id, error)
                if isinstance(error, BrokenProcessPool) and self.make_pool is not None:
                    broken, self.pool = self.pool, self.make_pool()
                    if broken is not None:
                        broken.shutdown(wait=False, cancel_futures=True)
                action, rng_state = think(*job[:4], "random", seat)
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
                if table.move(seat, action) is not None:
                    self._note_change(live)
                await self._commit(live, keep)
                self.broadcast(live)

    async def _clock_loop(self) -> None:
        """Every 0.2 s: start running out the late seats of each table, in a task of that
        table's own (the clock waits on no table's lock); now and then, expire tables."""
        last_sweep = 0.0
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
                self.tables.pop(stored.id, None)
                self.histories.forget(stored.id)
                log.info("table %s expired: nobody opened a seat in %g s", stored.id,
                         self.limits.unjoined_expiry)

    async def _time_out(self, live: LiveTable, seats: list[int]) -> None:
        async with live.lock:
            names = bot_names(live.game.NAME)
            standin = next((n for n in names if n != "random"), "random")
            now = time.time()
            changed = False
            for seat in seats:
                if live.stored.deadlines.get(seat, now + 1) > now:
                    continue  # moved, undone or handed over meanwhile
                stored = live.stored.seats[seat]
                if stored.bot is None and stored.standin is None:
                    changed = True
                    stored.standin = standin
                    live.table.set_bot(seat, NamedBot(live.game, standin))
                    for client in live.clients:
                        client.lines.append(say(client.lang, "clock_ran_out",
                                                name=names_of(live, client.lang)[seat],
                                                bot=standin))
            if not changed:
                return
            try:
                await self._commit(live, len(live.table.steps))
            except RequestError:
                return
            self.broadcast(live)
        self.kick(live)


async def _let_writers_run() -> None:
    """Give the connections' writer tasks a turn, so that an acknowledgement just posted
    goes out before the views (and their boards) are built."""
    await asyncio.sleep(0)
    await asyncio.sleep(0)


def _size(data: str | bytes) -> int:
    """The size of a message in bytes, as it came over the wire (a character can take four,
    so ``len`` of the text is not it)."""
    return len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "replace"))
