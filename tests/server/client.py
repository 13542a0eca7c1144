"""A websocket client for the server tests: one seat or a spectator, every message kept."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from rennbahn.server.local import LocalServer


class Conn:
    """One connection that keeps every message it received (across reconnects)."""

    def __init__(self, ws_url: str, table: str, token: str | None, lang: str = "en") -> None:
        self.ws_url, self.table, self.token, self.lang = ws_url, table, token, lang
        self.ws: ClientConnection | None = None
        self.received: list[tuple[str, dict[str, Any]]] = []  # (raw text, parsed)
        self.unread: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.reader: asyncio.Task[None] | None = None
        self.view: dict[str, Any] | None = None
        self.closed = True
        #: The (number, ply, chosen) of the view a move was last sent for.
        self.sent: tuple[int, int, tuple[int, ...]] | None = None
        #: Whether its next move follows an accepted undo (and so stands).
        self.redo = False

    async def open(self, timeout: float = 20.0, history: bool = False) -> None:
        """Connect (retrying while the server restarts) and say hello; wait for the view."""
        end = asyncio.get_running_loop().time() + timeout
        while True:
            try:
                self.ws = await connect(self.ws_url, max_size=2**22)
                break
            except (OSError, WebSocketException):
                if asyncio.get_running_loop().time() > end:
                    raise
                await asyncio.sleep(0.05)
        self.closed = False
        self.unread = asyncio.Queue()  # what the last connection left unread is gone
        self.reader = asyncio.create_task(self._read(self.ws))
        hello = {"type": "hello", "v": 1, "table": self.table, "token": self.token,
                 "lang": self.lang}
        await self.send({**hello, "history": True} if history else hello)
        await self.expect("welcome")
        await self.expect("view")

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for text in ws:
                assert isinstance(text, str)
                data = json.loads(text)
                self.received.append((text, data))
                if data["type"] == "view":
                    self.view = data
                self.unread.put_nowait(data)
        except ConnectionClosed:
            pass
        finally:
            self.closed = True
            self.unread.put_nowait({"type": "closed"})

    @property
    def current(self) -> dict[str, Any]:
        """The last view received."""
        assert self.view is not None, "no view yet"
        return self.view

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(message))

    async def send_raw(self, data: str | bytes) -> None:
        assert self.ws is not None
        await self.ws.send(data)

    async def next(self, timeout: float = 10.0) -> dict[str, Any]:
        return await asyncio.wait_for(self.unread.get(), timeout)

    async def expect(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        """The next message of ``kind``, skipping views (fails on an error or a close)."""
        while True:
            message = await self.next(timeout)
            if message["type"] == kind:
                return message
            if message["type"] in ("error", "closed"):
                raise AssertionError(f"expected {kind}, got {message}")

    async def expect_any(self, kinds: tuple[str, ...],
                         timeout: float = 10.0) -> dict[str, Any]:
        """The next message of one of ``kinds``, skipping the others (fails on a close)."""
        while True:
            message = await self.next(timeout)
            if message["type"] in kinds:
                return message
            if message["type"] == "closed":
                raise AssertionError(f"expected one of {kinds}, got {message}")

    async def error(self, timeout: float = 10.0) -> dict[str, Any]:
        return await self.expect("error", timeout)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            await self.reader


def create(server: LocalServer, body: dict[str, Any]) -> dict[str, Any]:
    """Open a table on ``server`` (``POST /api/tables``); what it answered."""
    status, created = server.request("POST", "api/tables", body)
    assert status == 201 and isinstance(created, dict), created
    return created

