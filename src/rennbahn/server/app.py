"""The Starlette app: the pages, a few JSON routes, one websocket, and a lifespan that
rebuilds tables.

Pages (Jinja2 templates in ``templates/``, one script and one stylesheet in ``static/``):
``GET /`` (the lobby), ``GET /t/{id}`` (a seat's page with ``#token=``, else a spectator's),
``GET /t/{id}/replay``, ``GET /rules/{game}``. JSON: ``GET /api/games``, ``GET /api/open``,
``POST /api/tables``, ``POST /api/tables/{id}/join``, ``GET /api/tables/{id}``,
``GET /api/tables/{id}/record``, ``GET /api/tables/{id}/story``; and ``WS /ws``.
See docs/server.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
import time
from collections.abc import AsyncIterator
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import jinja2
import msgspec
from markdown_it import MarkdownIt
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from rennbahn.bots.factory import bot_names
from rennbahn.core.errors import RennbahnError
from rennbahn.core.registry import game_entry, registered_games
from rennbahn.server import messages as m
from rennbahn.server.bots import warm_up
from rennbahn.server.store import SqliteStore, Store
from rennbahn.server.tables import Client, Hub, RequestError, names_of, story
from rennbahn.server.texts import pick_language, say, script_texts

log = logging.getLogger("rennbahn.server")

#: The largest body of ``POST /api/tables``, in bytes.
MAX_BODY = 16384
#: Tables one address may create: a burst of this many, then one every CREATE_EVERY seconds.
CREATE_BURST = 120
CREATE_EVERY = 0.2

HERE = Path(__file__).resolve().parent
#: Where the rules pages come from: the source tree's docs/rules (a wheel has none; then
#: the page says so). Decision recorded in docs/server.md.
RULES = HERE.parents[2] / "docs" / "rules"
#: Stories of finished tables kept for the replay pages: (table, seat, lang) -> steps.
STORIES = 16

_templates = jinja2.Environment(
    loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
    undefined=jinja2.StrictUndefined,
)
# Rules pages: no raw HTML from the markdown (everything escaped), tables on.
_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")


def _lang(request: Request) -> str:
    """The request's language: ``?lang=``, the cookie, ``Accept-Language``, English."""
    return pick_language(request.query_params.get("lang"), request.cookies.get("lang"),
                         request.headers.get("accept-language"))


def _page(request: Request, name: str, status: int = 200, **values: Any) -> HTMLResponse:
    """A template rendered in the request's language; ``?lang=`` is remembered."""
    query = request.query_params.get("lang")
    lang = _lang(request)
    body = _templates.get_template(name).render(
        lang=lang, t=functools.partial(say, lang), texts=script_texts(lang), **values)
    response = HTMLResponse(body, status_code=status, headers={
        "content-security-policy": "default-src 'self'; img-src 'self' data:; "
                                   "style-src 'self' 'unsafe-inline'; object-src 'none'; "
                                   "base-uri 'none'; frame-ancestors 'none'",
        "referrer-policy": "no-referrer", "vary": "accept-language, cookie"})
    if query == lang:
        response.set_cookie("lang", lang, max_age=31536000, samesite="lax")
    return response


def _game_rows() -> list[dict[str, Any]]:
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
    return rows


def _form_rows() -> list[dict[str, Any]]:
    """The games for the lobby's form: each parameter with its kind and bounds."""
    rows = []
    for entry in registered_games():
        cls = entry.game_class
        params = []
        for p in entry.params:
            kind = ("bool" if isinstance(p.default, bool) else
                    "int" if isinstance(p.default, int) else "str")
            default = str(p.default).lower() if kind == "bool" else str(p.default)
            params.append({"name": p.name, "kind": kind, "default": default, "doc": p.doc,
                           "choices": p.choices, "minimum": p.minimum, "maximum": p.maximum})
        rows.append({"name": entry.name, "title": cls.TITLE, "bots": bot_names(entry.name),
                     "players": [cls.MIN_PLAYERS, cls.MAX_PLAYERS], "params": params})
    return rows


def standin_bot(game_name: str) -> str:
    """The bot the table page offers to play a seat (the clock's stand-in)."""
    names = bot_names(game_name)
    return next((n for n in names if n == "heuristic"),
                next((n for n in names if n != "random"), "random"))


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


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
        return _page(request, "lobby.html", games=_form_rows(),
                     open_tables=hub().open_tables(_lang(request)))

    async def games(request: Request) -> Response:
        return JSONResponse(_game_rows())

    async def open_tables(request: Request) -> Response:
        return JSONResponse(hub().open_tables())

    async def join(request: Request) -> Response:
        address = request.client.host if request.client else "?"
        if not _may_create(address):
            return _error(429, "rate_limited", "too many requests; wait a little")
        body = await request.body()
        if len(body) > MAX_BODY:
            return _error(413, "too_large", f"a request has at most {MAX_BODY} bytes")
        try:
            spec = m.join_decoder.decode(body)
        except msgspec.DecodeError as error:
            return _error(400, "malformed", f"not a valid join request: {error}")
        try:
            answer = await hub().join(str(request.path_params["table"])[:64], spec,
                                      str(request.base_url))
        except RequestError as error:
            return _error(404 if error.code == "no_table" else 400, error.code, error.message)
        return JSONResponse(answer)

    async def rules(request: Request) -> Response:
        name = str(request.path_params["game"])
        try:
            entry = game_entry(name)
        except RennbahnError:
            return _page(request, "message.html", 404, message=say("en", "no_table"))
        path = RULES / f"{entry.name}.md"
        body = None
        if path.is_file():
            body = _markdown.render(path.read_text(encoding="utf-8"))
        return _page(request, "rules.html", game_name=entry.name,
                     title=entry.game_class.TITLE, body=body, games=_form_rows())

    stories: dict[tuple[str, int | None, str], list[dict[str, Any]]] = {}

    async def replay(request: Request) -> Response:
        live = await hub().get(str(request.path_params["table"])[:64])
        if live is None:
            return _page(request, "message.html", 404, message=say("en", "no_table"))
        lang = _lang(request)
        text = request.query_params.get("seat", "")
        seat = int(text) if text.isdigit() and int(text) < live.game.num_players() else None
        common: dict[str, Any] = {"title": live.game.TITLE, "game_name": live.game.NAME,
                  "table_id": live.stored.id, "seats": names_of(live, lang)}
        if not live.stored.finished:
            return _page(request, "replay.html", over=False, **common)
        key = (live.stored.id, seat, lang)
        told = stories.get(key)
        if told is None:
            told = await asyncio.to_thread(
                lambda: story(live.game, live.ui, list(live.table.steps), seat, lang=lang,
                              names=names_of(live, lang)))
            if len(stories) >= STORIES:
                stories.pop(next(iter(stories)))
            stories[key] = told
        total = len(told) - 1
        ply_text = request.query_params.get("ply", str(total))
        ply = min(total, int(ply_text)) if ply_text.isdigit() else total
        board = live.ui.board(told[ply]["observation"], live.game, [], lang)
        return _page(request, "replay.html", over=True, seat=seat, ply=ply, total=total,
                     told=told[: ply + 1], board=board or "",
                     here="" if seat is None else f"seat={seat}&", **common)

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
            return _page(request, "message.html", 404, message=say("en", "no_table"))
        return _page(request, "table.html", title=live.game.TITLE, game_name=live.game.NAME,
                     table_id=live.stored.id, standin=standin_bot(live.game.NAME),
                     seats=names_of(live, _lang(request)))

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
        Route("/api/open", open_tables),
        Route("/api/tables/{table}/join", join, methods=["POST"]),
        Route("/api/tables/{table}", table_info),
        Route("/api/tables/{table}/record", record),
        Route("/api/tables/{table}/story", finished_story),
        Route("/t/{table}", table_page),
        Route("/t/{table}/replay", replay),
        Route("/rules/{game}", rules),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
        WebSocketRoute("/ws", socket),
    ]
    return Starlette(routes=routes, lifespan=lifespan)
