"""The server's worker processes: where bots think and boards are drawn, never on the loop.

Two pools, each a :class:`~concurrent.futures.ProcessPoolExecutor` of spawned processes:
the bots' (a hard bot thinks for seconds) and the drawing's (boards, narration and replays,
a few milliseconds each), so that a board never waits behind a bot.

Workers end with their server. A worker watches its parent's sentinel in a thread and
exits the moment the parent is gone, so a server killed with ``kill -9`` leaves no orphan
behind (before, every killed server left its bot workers running). A clean shutdown waits
for the pool, which lets ``multiprocessing`` release its semaphores itself (no "leaked
semaphore" warning).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger("rennbahn.server")
T = TypeVar("T")


def _end_with_parent() -> None:
    """In a worker: exit as soon as the process that started it is gone."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def _start(warm_up: Callable[[], object] | None) -> None:
    _end_with_parent()
    if warm_up is not None:
        warm_up()


class Workers:
    """A pool of ``size`` worker processes that is remade when a worker dies; ``size`` 0
    runs every call in a thread of the server instead (tools and tests of the app alone).

    ``warm_up`` runs once in each new worker (imports, so the first call is quick). An
    ``eager`` pool starts its workers with the server; another starts them at its first
    call (a server nobody watches never draws a board).
    """

    def __init__(self, name: str, size: int, warm_up: Callable[[], object] | None = None,
                 *, eager: bool = True) -> None:
        self.name, self.size, self._warm_up = name, size, warm_up
        self._pool: Executor | None = self._make() if size > 0 and eager else None

    def _make(self) -> Executor:
        pool = ProcessPoolExecutor(
            max_workers=self.size, mp_context=multiprocessing.get_context("spawn"),
            initializer=_start, initargs=(self._warm_up,),
        )
        for _ in range(self.size):  # the workers start while the server does
            pool.submit(os.getpid)
        return pool

    async def run(self, call: Callable[..., T], *args: Any) -> T:
        """``call(*args)`` in a worker (awaited, the loop free meanwhile). A worker that died
        is replaced, and the call is made once more in the new pool."""
        loop = asyncio.get_running_loop()
        if self.size <= 0:
            return await asyncio.to_thread(call, *args)
        if self._pool is None:
            self._pool = self._make()
        try:
            return await loop.run_in_executor(self._pool, call, *args)
        except BrokenProcessPool:
            log.warning("a %s worker died; starting new ones", self.name)
            self.renew()
            assert self._pool is not None
            return await loop.run_in_executor(self._pool, call, *args)

    def renew(self) -> None:
        """Replace a broken pool (its futures are cancelled)."""
        broken, self._pool = self._pool, self._make()
        if broken is not None:
            broken.shutdown(wait=False, cancel_futures=True)

    def pids(self) -> list[int]:
        """The worker processes' ids (for operators and the tests)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return sorted(int(pid) for pid in processes)

    def close(self) -> None:
        """Stop the workers and wait for them (queued calls are cancelled)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
