"""Fair shares of the bot workers: people's tables first, then bot-only tables in turn.

Every table asks for at most one bot move at a time, and a move needs one of the
``workers`` slots. Waiting tables queue by priority (:data:`PEOPLE` before :data:`BOTS_ONLY`),
first come first served within each: so the bot-only tables take turns, and a table where a
person plays waits at most for the moves already being thought, never behind a crowd of
bot-only tables (40 of them once kept every other table's bots silent for 40 s).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")

#: A table where a person plays or someone watches.
PEOPLE = 0
#: A table of bots that nobody watches.
BOTS_ONLY = 1


class BotQueue:
    """At most ``workers`` bot moves at once; waiting tables queue by priority."""

    def __init__(self, workers: int) -> None:
        self.free = max(1, workers)
        self._waiting: tuple[deque[asyncio.Future[None]], ...] = (deque(), deque())

    def waiting(self) -> int:
        """How many tables wait for a slot."""
        return sum(len(q) for q in self._waiting)

    async def run(self, priority: int, think: Callable[[], Awaitable[T]]) -> T:
        """Wait for a slot (people's tables first), then await ``think()`` in it."""
        if self.free > 0 and not self.waiting():
            self.free -= 1
        else:
            turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiting[priority].append(turn)
            try:
                await turn
            except asyncio.CancelledError:
                if turn.done() and not turn.cancelled():
                    self._release()  # the slot was handed over just before: pass it on
                raise
        try:
            return await think()
        finally:
            self._release()

    def _release(self) -> None:
        """Hand the slot to the first waiting table of the highest priority, or free it."""
        for queue in self._waiting:
            while queue:
                turn = queue.popleft()
                if not turn.done():
                    turn.set_result(None)
                    return
        self.free += 1
