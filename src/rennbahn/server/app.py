"""The Starlette app: a few JSON routes, one websocket, and a lifespan that rebuilds tables.

Routes (see docs/server.md): ``GET /`` (a plain page), ``GET /api/games``,
``POST /api/tables``, ``GET /api/tables/{id}``, ``GET /api/tables/{id}/record``,
``GET /api/tables/{id}/story``,
``GET /t/{id}`` (the table's page; the next issue draws boards there) and ``WS /ws``.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import multiprocessing
import time
from collections.abc import AsyncIterator
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import msgspec
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from rennbahn.bots.factory import bot_names
from rennbahn.core.registry import registered_games
from rennbahn.server import messages as m
from rennbahn.server.bots import warm_up
from rennbahn.server.store import SqliteStore, Store
from rennbahn.server.tables import Client, Hub, RequestError, story

log = logging.getLogger("rennbahn.server")

#: The largest body of ``POST /api/tables``, in bytes.
MAX_BODY = 16384
#: Tables one address may create: a burst of this many, then one every CREATE_EVERY seconds.
CREATE_BURST = 120
CREATE_EVERY = 0.2

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>rennbahn</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 2em auto; padding: 0 1em">
<h1>rennbahn is running</h1>
<p>Games: {games}.</p>
<p>Create a table with a JSON request; the answer holds one link per seat (send each to
its player; the link is their only key) and a spectator link:</p>
<pre style="white-space: pre-wrap">curl -s -X POST {base}api/tables \\
  -H 'content-type: application/json' -d '{{"game": "gibgas", "seats":
       [{{"name": "Anna"}}, {{"name": "Ben"}}, {{"bot": "heuristic"}}]}}'</pre>
<p>Play over the websocket at <code>{ws}ws</code>; the protocol is in
<code>docs/server.md</code>. The board pages come next.</p>
</body></html>
"""

TABLE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} — rennbahn</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 2em auto; padding: 0 1em">
<h1>{title}</h1>
<p>{game}</p>
<ol>{seats}</ol>
<p>This table is played over the websocket at <code>{ws}ws</code> (see
<code>docs/server.md</code>); the board pages come next.</p>
</body></html>
"""


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _ws_base(request: Request) -> str:
    base = str(request.base_url)
    return "wss" + base[5:] if base.startswith("https") else "ws" + base[4:]


def create_app(db: str | Path, *, bot_workers: int = 1) -> Starlette:
    """The server app on the SQLite file ``db``; bots think in ``bot_workers`` processes
    (0: in the server process, for tools and tests of the app alone)."""
    state: dict[str, Any] = {}
    creations: dict[str, tuple[float, float]] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store: Store = SqliteStore(db)

        def make_pool() -> Executor:
            made = ProcessPoolExecutor(
                max_workers=bot_workers, mp_context=multiprocessing.get_context("spawn")
            )
            for _ in range(bot_workers):  # the workers start while the server does
                made.submit(warm_up)
            return made

        hub = Hub(store, make_pool() if bot_workers > 0 else None,
                  make_pool if bot_workers > 0 else None)
        state["hub"] = hub
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()
            if hub.pool is not None:
                hub.pool.shutdown(wait=False, cancel_futures=True)
            store.close()

    def hub() -> Hub:
        result: Hub = state["hub"]
        return result

    async def home(request: Request) -> Response:
        games = ", ".join(html.escape(e.name) for e in registered_games())
        return HTMLResponse(PAGE.format(games=games, base=html.escape(str(request.base_url)),
                                        ws=html.escape(_ws_base(request))))

    async def games(request: Request) -> Response:
        rows = []
        for entry in registered_games():
            cls = entry.game_class
            rows.append({
                "name": entry.name, "title": cls.TITLE, "version": cls.VERSION,
                "players": [cls.MIN_PLAYERS, cls.MAX_PLAYERS],
                "bots": bot_names(entry.name), "variants": list(entry.variants),
                "params": [{"name": p.name, "default": p.default, "allowed": p.allowed(),
                            "doc": p.doc} for p in entry.params],
            })
        return JSONResponse(rows)

    def _may_create(address: str) -> bool:
        now = time.monotonic()
        tokens, at = creations.get(address, (float(CREATE_BURST), now))
        tokens = min(CREATE_BURST, tokens + (now - at) / CREATE_EVERY)
        if len(creations) > 10000:
            creations.clear()
        if tokens < 1:
            creations[address] = (tokens, now)
            return False
        creations[address] = (tokens - 1, now)
        return True

    async def create(request: Request) -> Response:
        address = request.client.host if request.client else "?"
        if not _may_create(address):
            return _error(429, "rate_limited", "too many tables created; wait a little")
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                return _error(413, "too_large", f"a request has at most {MAX_BODY} bytes")
        try:
            spec = m.create_decoder.decode(body)
        except msgspec.DecodeError as error:
            return _error(400, "malformed", f"not a valid table request: {error}")
        try:
            answer = await hub().create(spec, str(request.base_url))
        except RequestError as error:
            return _error(400, error.code, error.message)
        return JSONResponse(answer, status_code=201)

    async def table_info(request: Request) -> Response:
        live = await hub().get(str(request.path_params["table"])[:64])
        if live is None:
            return _error(404, "no_table", "there is no such table")
        return JSONResponse(hub().public_summary(live))

    async def record(request: Request) -> Response:
        live = await hub().get(str(request.path_params["table"])[:64])
        if live is None:
            return _error(404, "no_table", "there is no such table")
        if not live.stored.finished or live.stored.record is None:
            return _error(409, "not_over", "the record is given once the game is over")
        return Response(live.stored.record, media_type="application/json", headers={
            "content-disposition": f'attachment; filename="{live.stored.id}.record.json"'})

    async def finished_story(request: Request) -> Response:
        live = await hub().get(str(request.path_params["table"])[:64])
        if live is None:
            return _error(404, "no_table", "there is no such table")
        if not live.stored.finished:
            return _error(409, "not_over", "the story is given once the game is over")
        text = request.query_params.get("seat")
        seat = None
        if text is not None:
            if not text.isdigit() or int(text) >= live.game.num_players():
                return _error(400, "bad_request",
                              f"seat is 0 to {live.game.num_players() - 1}, not {text[:20]!r}")
            seat = int(text)
        steps = [s.to_json() for s in live.table.steps]
        told = await asyncio.to_thread(story, live.game, live.ui, list(live.table.steps), seat)
        for entry, step in zip(told[1:], steps, strict=True):
            entry["step"] = step
        return JSONResponse(told)

    async def table_page(request: Request) -> Response:
        live = await hub().get(str(request.path_params["table"])[:64])
        if live is None:
            return HTMLResponse("<!doctype html><p>There is no such table.</p>", 404)
        seats = "".join(
            f"<li>{html.escape(s.name)}{' (bot ' + html.escape(s.bot) + ')' if s.bot else ''}"
            "</li>" for s in live.stored.seats
        )
        return HTMLResponse(TABLE_PAGE.format(
            title=html.escape(live.game.TITLE), game=html.escape(live.stored.game),
            seats=seats, ws=html.escape(_ws_base(request))))

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        client = Client(send=websocket.send_text)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                data = message.get("text")
                if data is None:
                    data = message.get("bytes") or b""
                await hub().receive(client, data)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub().leave(client)

    routes = [
        Route("/", home),
        Route("/api/games", games),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}", table_info),
        Route("/api/tables/{table}/record", record),
        Route("/api/tables/{table}/story", finished_story),
        Route("/t/{table}", table_page),
        WebSocketRoute("/ws", socket),
    ]
    return Starlette(routes=routes, lifespan=lifespan)
