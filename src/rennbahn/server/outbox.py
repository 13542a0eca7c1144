"""What the server sends a connection goes through its outbox, so that no client is awaited.

The referee only *posts* a message (:meth:`Outbox.post` never waits); one writer task per
connection (:meth:`Outbox.pump`) sends them in order. A client that reads too slowly, or not
at all (a phone gone off the network, a spectator that never reads), fills its bounded queue
or lets one send hang past :data:`SEND_TIMEOUT`: the outbox is then *dropped*, the socket is
closed, and the page reconnects and catches up with ``history``. Its table, and every other
connection, never wait for it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

#: Messages waiting for a connection before it counts as too slow and is dropped.
OUTBOX_SIZE = 64
#: Seconds one message may take to send before the connection is dropped.
SEND_TIMEOUT = 10.0

Send = Callable[[str], Awaitable[None]]


class Outbox:
    """A connection's outgoing messages: a bounded queue, emptied by :meth:`pump`."""

    def __init__(self, size: int = OUTBOX_SIZE, timeout: float = SEND_TIMEOUT) -> None:
        self._queue: asyncio.Queue[str] = asyncio.Queue(size)
        self.timeout = timeout
        #: Set when the connection was too slow (or closed): nothing more is queued.
        self.dropped = asyncio.Event()
        #: Why it was dropped for being slow: "full" (the queue) or "timeout" (one send).
        self.why = ""

    def post(self, text: str) -> None:
        """Queue ``text`` for sending; never waits. A full queue drops the connection."""
        if self.dropped.is_set():
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.why = "full"
            self.dropped.set()

    async def pump(self, send: Send) -> None:
        """Send the queued messages in order until the connection is dropped; a send that
        takes longer than ``timeout`` drops it (and returns)."""
        while not self.dropped.is_set():
            text = await self._queue.get()
            try:
                await asyncio.wait_for(send(text), self.timeout)
            except TimeoutError:  # too slow
                self.why = "timeout"
                self.dropped.set()
                return
            except Exception:  # the socket is gone
                self.dropped.set()
                return
