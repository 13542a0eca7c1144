"""A game told from the start as one seat saw it: for reconnecting pages, replays and stories.

Replaying a game costs CPU (about a quarter of a second for a long finished race), so it is
never done on the server's event loop: the drawing workers (:mod:`rennbahn.server.render`)
call :func:`story` and :func:`extend`, and the server keeps what they told:

- :class:`Histories` tells a reconnecting page the narration so far, one replay at a time per
  (table, seat, language): twenty spectators reconnecting at once cost one replay, and a
  later reconnect only the steps played since (the worker keeps the state it reached).
- :class:`Stories` keeps the step-by-step stories of a few finished tables (the replay page and
  ``/story``), least recently used first out.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from rennbahn.core.citations import Citations
from rennbahn.core.i18n import DEFAULT
from rennbahn.core.protocol import Game, State
from rennbahn.core.records import Step, play_step
from rennbahn.core.registry import DrawBoard, Narrate, game_entry
from rennbahn.core.views import View
from rennbahn.core.words import Finish, Words
from rennbahn.server.messages import LogLine, RuleInfo

T = TypeVar("T")

#: Finished stories kept for the replay pages and ``/story``.
STORIES = 16


@dataclass(frozen=True)
class GameModules:
    """What the server uses of a game besides its rules: its narration (with the rule
    behind each line) and board drawing, as its registry entry names them (any may be
    missing; the server names no game)."""

    game: Game
    narration: Narrate | None
    drawing: DrawBoard | None
    words: Words | None = None
    citations: Citations | None = None

    @classmethod
    def of(cls, game: Game) -> GameModules:
        entry = game_entry(game.NAME)
        return cls(game=game,
                   narration=entry.narration() if entry.narration is not None else None,
                   drawing=entry.board() if entry.board is not None else None,
                   words=entry.words() if entry.words is not None else None,
                   citations=entry.citations() if entry.citations is not None else None)

    def narrate(self, before: View | None, after: View | None, *,
                lang: str = DEFAULT, names: list[str] | None = None) -> list[LogLine]:
        """The game's narration of one step as one seat saw it (``before`` None: the
        start), each line with the rules behind it."""
        if after is None or before == after or self.narration is None:
            return []
        return [LogLine(text=str(line), rules=self.rules(line, lang)) for line in
                self.narration(self.game, before, after, lang=lang, names=names)]

    def rules(self, line: str, lang: str) -> tuple[RuleInfo, ...]:
        """The rules behind one narration line in ``lang``, each linked to its section of
        the players' rules page in that language (none: the game cites nothing)."""
        if self.citations is None:
            return ()
        page = f"/rules/{self.game.NAME}?lang={lang}"
        return tuple(RuleInfo(title=rule.title, text=rule.rule, readings=rule.readings,
                              link=f"{page}#{rule.anchor}")
                     for rule in self.citations.rules(line, lang))

    def board(self, view: View | None, moves: list[str], lang: str,
              names: list[str] | None = None) -> str | None:
        """The game's SVG drawing of one view (None when the game has no board)."""
        if self.drawing is None or view is None:
            return None
        return str(self.drawing(view, self.game, moves=moves, lang=lang, names=names))

    def labels(self, view: View | None, moves: Sequence[str], lang: str,
               names: list[str] | None = None) -> list[tuple[str, str | None]]:
        """Each of the seat's ``moves`` in words, with the colour to show beside it (a
        game without words: the notation, the only label it has)."""
        if self.words is None or view is None:
            return [(move, None) for move in moves]
        words = self.words
        return [(words.move(view, move, lang=lang, names=names), words.colour(view, move))
                for move in moves]

    def finish(self, view: View | None, lang: str,
               names: list[str] | None = None) -> Finish | None:
        """The end of the game in words (None: no words, or no view)."""
        if self.words is None or view is None:
            return None
        return self.words.finish(view, lang=lang, names=names)


def observe(state: State, seat: int | None) -> View | None:
    """What ``seat`` may see (None: a spectator, who sees the public view if any)."""
    if seat is not None:
        return state.view(seat)
    try:
        return state.public_view()
    except NotImplementedError:
        return None


def _narrate(ui: GameModules, before: View | None, after: View | None,
             lang: str, names: list[str] | None) -> list[LogLine]:
    try:
        return ui.narrate(before, after, lang=lang, names=names)
    except Exception:  # told once by the live table; a story goes on without it
        return []


def story(game: Game, ui: GameModules, steps: list[Step], seat: int | None, *,
          lang: str = DEFAULT, names: list[str] | None = None,
          boards: bool = False) -> list[dict[str, Any]]:
    """Replay ``steps`` from the start: per step, what ``seat`` saw and its narration
    (and with ``boards`` its drawing, as ``board``)."""
    state = game.new_initial_state()
    seen = observe(state, seat)
    result: list[dict[str, Any]] = [
        {"ply": 0, "observation": seen, "narration": _narrate(ui, None, seen, lang, names)}]
    for ply, step in enumerate(steps, start=1):
        play_step(state, step.actor, step.actions)
        after = observe(state, seat)
        result.append({"ply": ply, "observation": after,
                       "narration": _narrate(ui, seen, after, lang, names)})
        seen = after
    if boards:
        for entry in result:
            entry["board"] = ui.board(entry["observation"], [], lang, names)
    return result


@dataclass(frozen=True)
class History:
    steps: tuple[Step, ...]
    state: State
    seen: View | None
    lines: tuple[LogLine, ...]
    #: How many steps this extension replayed.
    replayed: int


def extend(game: Game, ui: GameModules, steps: tuple[Step, ...], seat: int | None,
            lang: str, names: list[str], old: History | None) -> History:
    """The history after ``steps``, continuing ``old`` when its steps still stand."""
    if old is not None and steps[: len(old.steps)] == old.steps:
        state, seen, lines, done = old.state.clone(), old.seen, list(old.lines), len(old.steps)
    else:
        state, done = game.new_initial_state(), 0
        seen = observe(state, seat)
        lines = _narrate(ui, None, seen, lang, names)
    for step in steps[done:]:
        play_step(state, step.actor, step.actions)
        after = observe(state, seat)
        lines.extend(_narrate(ui, seen, after, lang, names))
        seen = after
    return History(steps, state, seen, tuple(lines), len(steps) - done)


class _KeyedLocks:
    """One lock per key, kept while anyone holds or waits for it, so that a burst of callers
    for one key queues on one lock (and the later ones find the work done)."""

    def __init__(self) -> None:
        self._locks: dict[Hashable, tuple[asyncio.Lock, int]] = {}

    @contextlib.asynccontextmanager
    async def hold(self, key: Hashable) -> AsyncIterator[None]:
        lock, users = self._locks.get(key, (asyncio.Lock(), 0))
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users > 1:
                self._locks[key] = (lock, users - 1)
            else:
                del self._locks[key]


class Histories:
    """Reconnecting pages' stories so far: told in a drawing worker (which keeps, per
    (table, seat, language), what it last told and continues it), one at a time per key,
    so that twenty spectators reconnecting at once cost one replay."""

    def __init__(self) -> None:
        self._busy = _KeyedLocks()
        #: Steps replayed so far (to show that a crowd of reconnects costs one replay).
        self.replayed = 0

    async def lines(self, key: tuple[str, int | None, str],
                    tell: Callable[[], Awaitable[tuple[list[LogLine], int]]]
                    ) -> list[LogLine]:
        """The lines ``tell()`` gives for ``key`` (table, seat, language), one call at a
        time per key (the next continues where the last stopped)."""
        async with self._busy.hold(key):
            lines, replayed = await tell()
            self.replayed += replayed
        return lines


class Stories:
    """A few finished stories (or anything computed from one), least recently used out."""

    def __init__(self, size: int = STORIES) -> None:
        self.size = size
        self._kept: OrderedDict[Hashable, Any] = OrderedDict()
        self._busy = _KeyedLocks()
        #: Stories computed so far (the rest were served from memory).
        self.made = 0

    async def get(self, key: Hashable, make: Callable[[], Awaitable[T]]) -> T:
        """The value kept for ``key``, else ``await make()`` (once, however many ask at the
        same time; ``make`` runs in a worker) and kept."""
        async with self._busy.hold(key):
            if key in self._kept:
                self._kept.move_to_end(key)
                value: T = self._kept[key]
            else:
                value = await make()
                self.made += 1
                self._kept[key] = value
                while len(self._kept) > self.size:
                    self._kept.popitem(last=False)
        return value
