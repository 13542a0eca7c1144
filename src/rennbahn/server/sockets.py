"""The websocket protocol ``rennbahn serve`` runs under uvicorn: uvicorn's own, except that a
connection the server dropped for reading too slowly is aborted, not closed politely.

A polite close waits for the socket's send buffer to drain, which a client that never reads
never lets happen: its connection (and megabytes of kernel buffer) would stay for as long as
the client stays silent. When the app has returned and the transport still cannot write, the
connection is reset (``SO_LINGER`` 0, then ``abort``), so the kernel frees it at once too.
"""

from __future__ import annotations

import contextlib
import socket
import struct

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol


class DroppingWebSockets(WebSocketsSansIOProtocol):
    """uvicorn's websockets protocol that resets a stalled connection when the app is done."""

    async def run_asgi(self) -> None:
        await super().run_asgi()
        if self.writable.is_set():  # not stalled: uvicorn's close is enough
            return
        raw = self.transport.get_extra_info("socket")
        if raw is not None:
            with contextlib.suppress(OSError):
                raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.transport.abort()
