"""What a table's connections see: snapshots made under the table's lock, drawn in workers,
posted in order.

After every change that stands (written to the store and acknowledged), the referee takes a
:class:`Snapshot` of the table: the typed view of each seat somebody watches, their legal
moves, whose turn it is, the seats and the clock. That costs tens of microseconds a seat and
is all that happens under the lock. The table's :class:`Publisher` then, with the lock free:

1. asks the drawing workers (:mod:`rennbahn.server.render`) for what is not yet drawn:
   the narration of each new step once per (step, seat, language) somebody connected
   needs, and the board of the newest view once per (seat, language), in one call;
2. adds each step's narration to every connection, in order (a connection that joined
   later gets only the steps after it joined);
3. posts the newest view to every connection that is ready for it. Views that were
   overtaken while drawing are not sent: a connection sees the newest position, and the
   narration of every step on the way to it.

Nothing here waits on a client (each has a bounded outbox) or holds a table's lock while it
draws; narration and boards that fail are logged once per table and left out.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rennbahn.core.i18n import DEFAULT, seat_name
from rennbahn.core.table import Table
from rennbahn.core.views import View as GameView
from rennbahn.server import messages as m
from rennbahn.server.outbox import Outbox
from rennbahn.server.render import Drawn, Job, Packed, pack
from rennbahn.server.store import StoredSeat
from rennbahn.server.stories import observe
from rennbahn.server.texts import bot_label, say

log = logging.getLogger("rennbahn.server")

#: How the publisher has its jobs drawn (in the drawing workers).
Draw = Callable[[list[Job]], Awaitable[list[Drawn]]]
#: (step sequence number, seat, language): one drawing or narration.
Key = tuple[int, int | None, str]


class Client(Protocol):
    """A connection as the publisher sees it (``tables.Client`` is one)."""

    outbox: Outbox
    seat: int | None
    lang: str
    #: Whether its views carry the board; False while a history is being told for it.
    board: bool
    ready: bool
    #: The snapshot it has the narration of, the one it was last shown, and the one of
    #: the change last acknowledged to it.
    seq: int
    shown: int
    acked: int
    #: Narration lines not yet sent.
    lines: list[m.LogLine]

    def post(self, message: m.ServerMessage) -> None: ...


@dataclass(frozen=True)
class Notice:
    """A line the server itself says at a step: ``took_back`` (``seat`` took back
    ``what``, which only that seat hears by name: it may have been a secret) or
    ``clock_ran_out`` (``seat``'s clock ran out and the bot ``what`` plays it now)."""

    kind: str
    seat: int
    what: str

    def said(self, seat: int | None, lang: str, names: Sequence[str]) -> m.LogLine:
        """The line as ``seat`` hears it (the server's own: no rule behind it)."""
        if self.kind == "took_back":
            if seat == self.seat:
                return m.LogLine(text=say(lang, "you_took_back", move=self.what))
            return m.LogLine(text=say(lang, "took_back", name=names[self.seat]))
        return m.LogLine(text=say(lang, "clock_ran_out", name=names[self.seat], bot=self.what))


def shown_name(name: str, seat: int, lang: str = DEFAULT) -> str:
    """A seat's name as people of ``lang`` see it: an untyped name ("Driver 2", the
    default) is said in their language ("Fahrer 2")."""
    return seat_name(seat, lang) if name == seat_name(seat, DEFAULT) else name


def shown_names(seats: Sequence[StoredSeat], lang: str = DEFAULT) -> list[str]:
    """The seats' display names in ``lang``, in seat order."""
    return [shown_name(s.name, i, lang) for i, s in enumerate(seats)]


def seat_infos(seats: Sequence[StoredSeat], lang: str = DEFAULT) -> list[m.SeatInfo]:
    return [
        m.SeatInfo(seat=i, name=shown_name(s.name, i, lang),
                   kind="person" if s.bot is None else "bot",
                   bot=s.bot or s.standin, away=s.standin is not None and s.bot is None,
                   bot_label=bot_label(s.bot or s.standin or "", lang)
                   if s.bot or s.standin else None)
        for i, s in enumerate(seats)
    ]


@dataclass
class Snapshot:
    """The table after one change, as its connections may see it."""

    seq: int
    number: int
    ply: int
    to_act: list[int]
    chosen: list[int]
    pending: dict[int, int]
    seats: list[StoredSeat]
    deadlines: dict[int, float]
    over: bool
    result: list[float] | None
    #: The typed view of each watched seat (None: spectators), filled as they connect.
    views: dict[int | None, GameView | None] = field(default_factory=dict)
    #: Each watched seat's view before this step (absent: nothing to narrate for it).
    before: dict[int | None, GameView | None] = field(default_factory=dict)
    #: The legal moves of each watched person's seat that must or may act.
    legal: dict[int, list[m.LegalMove]] = field(default_factory=dict)
    #: The watched people's seats whose undo the table would accept now.
    can_undo: set[int] = field(default_factory=set)
    notices: tuple[Notice, ...] = ()
    #: The rematch's table id, once opened.
    rematch: str | None = None

    def fill(self, table: Table, seat: int | None) -> None:
        """Add ``seat``'s view and legal moves (only while this is the table as it is)."""
        if seat in self.views:
            return
        self.views[seat] = observe(table.state, seat)
        if seat is not None and table.bots[seat] is None and (
            seat in self.to_act or seat in table.pending
        ):
            state = table.state
            self.legal[seat] = [m.LegalMove(action=a, move=state.action_to_string(seat, a))
                                for a in state.legal_actions(seat)]
        if seat is not None and table.bots[seat] is None and table.can_undo(seat):
            self.can_undo.add(seat)

    def names(self, lang: str) -> list[str]:
        return shown_names(self.seats, lang)


class Publisher:
    """One table's views and narration on their way to its connections (see the module)."""

    def __init__(self, table_id: str, game: str, clients: Collection[Client],
                 draw: Draw) -> None:
        self.table_id, self.game, self._draw = table_id, game, draw
        #: The table's connections (the table's own set: who joins or leaves is seen here).
        self.clients = clients
        self.latest: Snapshot | None = None
        #: Snapshots some connection still needs the narration of, oldest first.
        self._recent: deque[Snapshot] = deque()
        #: Snapshots taken during a change that is not yet written (see :meth:`stage`).
        self._staged: list[Snapshot] = []
        self._seq = 0
        self._lines: dict[Key, list[m.LogLine]] = {}
        self._boards: dict[Key, Drawn] = {}
        #: The last drawing of each (seat, language), with the view and moves it shows: a
        #: view that did not change (another seat's secret choice, a join) is not drawn again.
        self._last_board: dict[tuple[int | None, str],
                               tuple[Packed | None, tuple[str, ...], Drawn]] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._failed = False
        #: Drawing calls made (jobs in all), for /api/stats and the tests.
        self.drawn = 0

    # -- under the table's lock ---------------------------------------------------------
    def stage(self, table: Table, seats: Sequence[StoredSeat], deadlines: dict[int, float],
              watched: set[int | None], *, narrate: bool = True,
              notices: tuple[Notice, ...] = (), rematch: str | None = None) -> None:
        """Take a snapshot of ``table`` after one step, to be published once the change is
        written (:meth:`publish`) or forgotten if the write fails (:meth:`drop`)."""
        previous = self._staged[-1] if self._staged else self.latest
        over = table.is_over()
        snap = Snapshot(
            seq=0, number=table.number, ply=len(table.steps), to_act=table.to_act(),
            chosen=sorted(table.pending), pending=dict(table.pending),
            seats=[StoredSeat(s.name, s.bot, s.standin, s.claimed) for s in seats],
            deadlines=dict(deadlines), over=over,
            result=table.state.returns() if over else None, notices=notices,
            rematch=rematch,
        )
        for seat in watched:
            snap.fill(table, seat)
            if narrate and previous is not None and seat in previous.views:
                snap.before[seat] = previous.views[seat]
        self._staged.append(snap)

    def publish(self) -> None:
        """The staged snapshots stand (their change is written): send them on."""
        for snap in self._staged:
            self._seq += 1
            snap.seq = self._seq
            self._recent.append(snap)
            self.latest = snap
        self._staged.clear()
        if self.clients:  # (wake only starts a task: nothing is built before it runs)
            self.wake()
        else:  # nobody to tell: keep only where the table stands
            self._trim()

    @property
    def seq(self) -> int:
        """The newest published snapshot's sequence number."""
        return self._seq

    def drop(self) -> None:
        """The change was not written: nobody hears of its steps."""
        self._staged.clear()

    def join(self, client: Client, table: Table) -> None:
        """``client`` joins now: it is told what happens from here on (the history it asked
        for covers the rest), and shown the table as it is."""
        assert self.latest is not None
        self.latest.fill(table, client.seat)
        client.seq, client.shown = self.latest.seq, -1
        self.wake()

    # -- with the lock free -------------------------------------------------------------
    def wake(self) -> None:
        """Have the connections brought up to date (a pass runs unless one is due)."""
        self._wake.set()
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name=f"publish {self.table_id}")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        try:
            while self._wake.is_set():
                self._wake.clear()
                await self._pass()
        except asyncio.CancelledError:
            raise
        except Exception:  # logged; the next change tries again
            log.exception("publishing failed in table %s", self.table_id)

    async def _pass(self) -> None:
        latest = self.latest
        if latest is None:
            return
        upto = latest.seq
        clients = self._connected()
        jobs: dict[Key, tuple[bool, bool, Snapshot]] = {}
        for snap in self._recent:
            for client in clients:
                key = (snap.seq, client.seat, client.lang)
                if (client.seq < snap.seq and key not in self._lines
                        and client.seat in snap.before
                        and snap.before[client.seat] != snap.views.get(client.seat)):
                    jobs[key] = (True, False, snap)
        for client in clients:
            key = (upto, client.seat, client.lang)
            if (client.ready and client.board and client.shown < upto
                    and client.seq <= upto and key not in self._boards):
                narrate = jobs.get(key, (False, False, latest))[0]
                jobs[key] = (narrate, True, latest)
        if jobs:
            await self._draw_jobs(jobs)
        self._deliver(latest)

    async def _draw_jobs(self, jobs: dict[Key, tuple[bool, bool, Snapshot]]) -> None:
        keys, work = [], []
        for key, (narrate, board, snap) in jobs.items():
            _, seat, lang = key
            moves = tuple(lm.move for lm in snap.legal.get(seat, [])) if seat is not None \
                else ()
            after = pack(snap.views.get(seat))
            last = self._last_board.get((seat, lang))
            if board and last is not None and last[:2] == (after, moves):
                self._boards[key] = last[2]  # the same view and moves: the same drawing
                board = False
            if not (narrate or board):
                continue
            keys.append(key)
            work.append(Job(
                game=self.game, before=pack(snap.before.get(seat)) if narrate else None,
                after=after, moves=moves, lang=lang, names=tuple(snap.names(lang)),
                narrate=narrate, board=board, over=snap.over))
        if not work:
            return
        self.drawn += 1
        try:
            drawn = await self._draw(work)
        except Exception as error:  # no worker to draw: the views go without
            self._fail(f"{type(error).__name__}: {error}")
            drawn = [Drawn([], None, "") for _ in work]
        for key, job, result in zip(keys, work, drawn, strict=True):
            if result.error:
                self._fail(result.error)
            if job.narrate:
                self._lines[key] = result.lines
            if job.board:
                self._boards[key] = result
                self._last_board[key[1:]] = (job.after, job.moves, result)

    def _fail(self, why: str) -> None:
        if not self._failed:  # said once per table
            self._failed = True
            log.error("drawing or narration failed in table %s: %s", self.table_id, why)

    def _connected(self) -> list[Client]:
        return [c for c in self.clients if not c.outbox.dropped.is_set()]

    def _deliver(self, latest: Snapshot) -> None:
        upto = latest.seq
        for client in self._connected():
            if client.seq > upto:
                continue  # joined meanwhile: the next pass is for it
            for snap in self._recent:
                if client.seq < snap.seq <= upto:
                    names = snap.names(client.lang) if snap.notices else []
                    client.lines.extend(self._lines.get((snap.seq, client.seat, client.lang),
                                                        []))
                    client.lines.extend(n.said(client.seat, client.lang, names)
                                        for n in snap.notices)
                    client.seq = snap.seq
            drawn = not client.board or (upto, client.seat, client.lang) in self._boards
            if client.ready and client.shown < upto and drawn and upto >= client.acked:
                client.post(self._view(latest, client))
                client.shown = upto
        self._trim()

    def _view(self, snap: Snapshot, client: Client) -> m.View:
        seat, lang = client.seat, client.lang
        lines, client.lines = client.lines, []
        legal = snap.legal.get(seat, []) if seat is not None else []
        drawn = self._boards.get((snap.seq, seat, lang)) if client.board else None
        if drawn is not None and len(drawn.labels) == len(legal):
            legal = [m.LegalMove(action=lm.action, move=lm.move, label=label, colour=colour)
                     for lm, (label, colour) in zip(legal, drawn.labels, strict=True)]
        finish = drawn.finish if drawn is not None else None
        return m.View(
            table=self.table_id, number=snap.number, ply=snap.ply, seat=seat,
            observation=snap.views.get(seat), legal=legal, to_act=snap.to_act,
            chosen=snap.chosen,
            your_choice=snap.pending.get(seat) if seat is not None else None,
            narration=[line.text for line in lines],
            rules=[list(line.rules) for line in lines], seats=seat_infos(snap.seats, lang),
            deadlines=snap.deadlines, over=snap.over, result=snap.result,
            board=drawn.board if drawn is not None else None,
            can_undo=seat in snap.can_undo, rematch=snap.rematch,
            finish=None if finish is None else m.FinishInfo(
                headline=finish.headline, winners=list(finish.winners),
                placings=[m.PlacingInfo(seat=p.seat, place=p.place, points=p.points,
                                        note=p.note) for p in finish.placings],
                table=[list(row) for row in finish.table]),
        )

    def _trim(self) -> None:
        """Keep only what a connection may still need: the snapshots after the oldest
        connection's point, the newest one, and their drawings."""
        oldest = min((c.seq for c in self._connected()), default=self._seq)
        while len(self._recent) > 1 and self._recent[0].seq <= oldest:
            self._recent.popleft()
        first = self._recent[0].seq if self._recent else self._seq
        for kept in (self._lines, self._boards):
            for key in [k for k in kept if k[0] < first]:
                del kept[key]
