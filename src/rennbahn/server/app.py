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
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import jinja2
import msgspec
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from rennbahn.bots.factory import bot_names
from rennbahn.core.i18n import DEFAULT
from rennbahn.core.registry import registered_games
from rennbahn.server import labpage, render, rulebook
from rennbahn.server import messages as m
from rennbahn.server.bots import warm_up
from rennbahn.server.store import Store, open_store
from rennbahn.server.stories import Stories
from rennbahn.server.tables import Client, Hub, Limits, LiveTable, RequestError, names_of
from rennbahn.server.texts import (
    PEOPLES_BOTS,
    TEXTS,
    bot_label,
    bot_line,
    language_of,
    say,
    script_texts,
)
from rennbahn.server.workers import Workers

#: A request's schema (a table to open, a seat to take).
S = TypeVar("S")

log = logging.getLogger("rennbahn.server")

#: The largest request body of any route, in bytes.
MAX_BODY = 16384
#: Tables one address may create: a burst of this many, then one every CREATE_EVERY seconds.
CREATE_BURST = 120
CREATE_EVERY = 0.2

HERE = Path(__file__).resolve().parent
#: Status of each refusal code that is not a plain 400.
STATUS = {"no_table": 404, "rate_limited": 429, "too_many_tables": 429, "broken": 503,
          "store_failed": 503, "too_large": 413}
#: A number in a query: ASCII digits only (``str.isdigit`` takes "²" too), a few of them.
_NUMBER = re.compile(r"[0-9]{1,6}", re.ASCII)

_templates = jinja2.Environment(
    loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
    undefined=jinja2.StrictUndefined,
)


#: The request's language: ``?lang=``, the cookie, ``Accept-Language``, English.
_lang = language_of


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
                        "doc": p.doc,
                        # Over the network a component set is one of these names, never a path.
                        "shipped": None if p.shipped is None else list(p.shipped)}
                       for p in entry.params],
        })
    return rows


def _form_rows(lang: str) -> list[dict[str, Any]]:
    """The games for the lobby's form, in ``lang``: each parameter with its kind, bounds,
    label, help and choices in words; the bots people are offered, with a line each."""
    rows = []
    for entry in registered_games():
        cls = entry.game_class
        words = entry.words() if entry.words is not None else None
        params = []
        for p in entry.params:
            kind = ("bool" if isinstance(p.default, bool) else
                    "int" if isinstance(p.default, int) else "str")
            default = str(p.default).lower() if kind == "bool" else str(p.default)
            values = (["false", "true"] if kind == "bool" else
                      list(p.choices or p.shipped or ()))
            label, help_text = words.param(p.name, lang) if words else (p.name, p.doc)
            params.append({
                "name": p.name, "kind": kind, "default": default, "label": label,
                "help": help_text, "minimum": p.minimum, "maximum": p.maximum,
                "choices": [[v, words.choice(p.name, v == "true" if kind == "bool" else v,
                                             lang) if words else v] for v in values]})
        offered = [b for b in PEOPLES_BOTS if b in bot_names(entry.name)]
        rows.append({"name": entry.name, "title": cls.TITLE,
                     "bots": [[b, bot_label(b, lang), bot_line(b, lang)] for b in offered],
                     "players": [cls.MIN_PLAYERS, cls.MAX_PLAYERS], "params": params})
    return rows


def _error(status: int, code: str, detail: str, lang: str = DEFAULT,
           **more: str) -> JSONResponse:
    """A refusal as JSON: ``message`` for people in ``lang`` (``server/errors.toml``),
    ``detail`` for programmers."""
    key = f"error_{code}"
    message = say(lang, key if key in TEXTS else "error_bad_request")
    return JSONResponse({"error": {"code": code, "message": message, "detail": detail,
                                   **more}}, status_code=status)


def _refused(error: RequestError, lang: str = DEFAULT) -> JSONResponse:
    if error.where is not None:  # elsewhere: the table is played by another server
        return _error(409, error.code, error.message, lang, where=error.where)
    return _error(STATUS.get(error.code, 400), error.code, error.message, lang)


class _TooLargeError(Exception):
    pass


class BodyLimit:
    """Refuse every request body over ``limit`` bytes before it is read: by its
    Content-Length, and by counting while it streams (no length, or a length that lies)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and not (length.isdigit() and int(length) <= self.limit):
            await self._too_large(scope, receive, send)
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise _TooLargeError
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except _TooLargeError:
            if not started:
                await self._too_large(scope, receive, send)

    async def _too_large(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = _error(413, "too_large", f"a request has at most {self.limit} bytes")
        response.headers["connection"] = "close"
        await response(scope, receive, send)


def _number(text: str | None, what: str, below: int) -> int | None:
    """The query number ``text`` (None when absent), checked to be 0 to ``below - 1``."""
    if text is None:
        return None
    if not _NUMBER.fullmatch(text) or int(text) >= below:
        raise RequestError("bad_request",
                           f"{what} is a number from 0 to {below - 1}, not {text[:20]!r}")
    return int(text)


def create_app(db: str | Path, *, bot_workers: int = 1, render_workers: int = 1,
               limits: Limits | None = None, owner: str = "", lease: float = 10.0,
               grace: float = 1.5, lab: str | Path | None = None) -> Starlette:
    """The server app on the SQLite file ``db``; bots think in ``bot_workers`` processes,
    boards, narration and stories are drawn in ``render_workers`` (0: in threads of the
    server process, for tools and tests of the app alone); ``limits`` bound what
    strangers can make it hold. ``owner`` is this server's address, given to clients of
    its tables by the other servers on a shared store; ``lease`` how many seconds a table
    stays this server's after it was last renewed; ``grace`` how many seconds a bot waits
    before it answers a person's move; ``lab`` the folder whose rules-lab reports
    ``/lab`` shows (None: no such page)."""
    state: dict[str, Any] = {}
    creations: dict[str, tuple[float, float]] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store: Store = open_store(db, owner=owner, lease=lease)
        bots = Workers("bot", max(0, bot_workers), warm_up)
        drawing = Workers("drawing", max(0, render_workers), eager=False)
        hub = Hub(store, bots, drawing, limits=limits, lease=lease, grace=grace)
        state["hub"] = hub
        state["stories"] = Stories()
        try:
            await hub.start()
            yield
        finally:
            await hub.stop()
            bots.close()
            drawing.close()
            store.close()

    def hub() -> Hub:
        result: Hub = state["hub"]
        return result

    def stories() -> Stories:
        result: Stories = state["stories"]
        return result

    async def find(request: Request) -> LiveTable:
        """The table the path names; refused as ``no_table`` or ``broken``."""
        live = await hub().get(str(request.path_params["table"])[:64])
        if live is None:
            raise RequestError("no_table", "there is no such table")
        return live

    def message_page(request: Request, error: RequestError) -> Response:
        if error.where is not None:  # the same page, on the server that plays the table
            query = f"?{request.url.query}" if request.url.query else ""
            return RedirectResponse(error.where.rstrip("/") + request.url.path + query, 307)
        lang = _lang(request)
        table = str(request.path_params.get("table", ""))[:64]
        if error.code == "broken":
            text = say(lang, "broken_table", why=hub().broken.get(table, ""))
        elif error.code == "no_table":
            text = say(lang, "no_table")
        else:
            text = say(lang, "bad_request", why=error.message)
        return _page(request, "message.html", STATUS.get(error.code, 400), message=text)

    async def home(request: Request) -> Response:
        lang = _lang(request)
        return _page(request, "lobby.html", games=_form_rows(lang),
                     open_tables=hub().open_tables(lang))

    async def games(request: Request) -> Response:
        return JSONResponse(_game_rows())

    async def open_tables(request: Request) -> Response:
        return JSONResponse(hub().open_tables())

    async def stats(request: Request) -> Response:
        """What the server holds now (counts only): for operators, tests and benchmarks."""
        h = hub()
        return JSONResponse({
            "tables": len(h.tables), "finished_kept": len(h.finished), "broken": len(h.broken),
            "connections": sum(len(t.clients) for t in h.tables.values())
            + sum(len(t.clients) for t in h.finished.values()),
            "bots_waiting": h.bot_queue.waiting(), "history_steps_replayed":
            h.histories.replayed, "stories_made": stories().made,
            "drawing_calls": sum(t.publisher.drawn for t in h.tables.values()),
            "dropped_slow": h.dropped,
            "workers": {"bot": h.bots.pids(), "drawing": h.drawing.pids()},
        })

    def address(request: Request) -> str:
        return request.client.host if request.client else "?"

    async def answered(request: Request, decoder: msgspec.json.Decoder[S], what: str,
                       act: Callable[[S], Awaitable[dict[str, Any]]], *, limited: str,
                       status: int = 200) -> Response:
        """A request that opens a table or takes a seat: within the address's rate, its
        body decoded against its schema, then ``act`` on it; each refusal said as JSON."""
        lang = _lang(request)
        if not _may_create(address(request)):
            return _error(429, "rate_limited", limited, lang)
        try:
            spec = decoder.decode(await request.body())
        except msgspec.DecodeError as error:
            return _error(400, "malformed", f"not a valid {what} request: {error}", lang)
        try:
            answer = await act(spec)
        except RequestError as error:
            return _refused(error, lang)
        return JSONResponse(answer, status_code=status)

    async def join(request: Request) -> Response:
        table = str(request.path_params["table"])[:64]
        return await answered(
            request, m.join_decoder, "join",
            lambda spec: hub().join(table, spec, str(request.base_url)),
            limited="too many requests; wait a little")

    async def mine(request: Request) -> Response:
        """How each table this browser remembers stands (the lobby's "my tables")."""
        return await answered(
            request, m.mine_decoder, "my tables",
            lambda spec: hub().mine(spec, str(request.base_url), _lang(request)),
            limited="too many requests; wait a little")

    async def favicon(request: Request) -> Response:
        return RedirectResponse("/static/favicon.svg", 301)

    async def rules(request: Request) -> Response:
        return await rulebook.page(request, _page, hub().drawing, details=False)

    async def rules_details(request: Request) -> Response:
        return await rulebook.page(request, _page, hub().drawing, details=True)

    async def replay(request: Request) -> Response:
        try:
            live = await find(request)
            players = live.game.num_players()
            seat = _number(request.query_params.get("seat"), "seat", players)
            ply_text = request.query_params.get("ply")
        except RequestError as error:
            return message_page(request, error)
        lang = _lang(request)
        common: dict[str, Any] = {"title": live.game.TITLE, "game_name": live.game.NAME,
                  "table_id": live.stored.id, "seats": names_of(live, lang)}
        if not live.stored.finished:
            return _page(request, "replay.html", over=False, **common)
        steps, names = list(live.table.steps), names_of(live, lang)
        drawing = hub().drawing
        told: list[dict[str, Any]] = await stories().get(
            (live.stored.id, seat, lang),
            functools.partial(drawing.run, render.tell_story, live.stored.game, steps, seat,
                              lang, names))
        total = len(told) - 1
        try:
            ply = min(total, _number(ply_text, "ply", 10**6) or 0) \
                if ply_text is not None else total
        except RequestError as error:
            return message_page(request, error)
        board = await drawing.run(render.draw_position, live.stored.game, steps[:ply], seat,
                                  lang, names)
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
        return await answered(
            request, m.create_decoder, "table",
            lambda spec: hub().create(spec, str(request.base_url), address(request)),
            limited="too many tables created; wait a little", status=201)

    async def table_info(request: Request) -> Response:
        try:
            live = await find(request)
        except RequestError as error:
            return _refused(error)
        return JSONResponse(hub().public_summary(live))

    async def record(request: Request) -> Response:
        try:
            live = await find(request)
        except RequestError as error:
            return _refused(error)
        if not live.stored.finished or live.stored.record is None:
            return _error(409, "not_over", "the record is given once the game is over")
        body: bytes = await stories().get(  # with its log: replayed in a worker, once
            (live.stored.id, None, "record"),
            functools.partial(hub().drawing.run, render.cited_record, live.stored.record))
        return Response(body, media_type="application/json", headers={
            "content-disposition": f'attachment; filename="{live.stored.id}.record.json"'})

    async def finished_story(request: Request) -> Response:
        try:
            live = await find(request)
            seat = _number(request.query_params.get("seat"), "seat", live.game.num_players())
        except RequestError as error:
            return _refused(error)
        if not live.stored.finished:
            return _error(409, "not_over", "the story is given once the game is over")
        steps = list(live.table.steps)
        body: bytes = await stories().get(
            (live.stored.id, seat, "story"),
            functools.partial(hub().drawing.run, render.story_json, live.stored.game, steps,
                              seat))
        return Response(body, media_type="application/json")

    async def table_page(request: Request) -> Response:
        try:
            live = await find(request)
        except RequestError as error:
            return message_page(request, error)
        return _page(request, "table.html", title=live.game.TITLE, game_name=live.game.NAME,
                     table_id=live.stored.id, standin=live.standin,
                     seats=names_of(live, _lang(request)))

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        client = Client()

        async def read() -> None:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                data = message.get("text")
                if data is None:
                    data = message.get("bytes") or b""
                # Shielded: a connection dropped meanwhile never cuts a move off between
                # its write and its acknowledgement.
                await asyncio.shield(hub().receive(client, data))

        tasks = [asyncio.create_task(read()),
                 asyncio.create_task(client.outbox.pump(websocket.send_text)),
                 asyncio.create_task(client.outbox.dropped.wait())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            client.outbox.dropped.set()
            hub().leave(client)
            with contextlib.suppress(Exception):  # too slow, or already gone
                await asyncio.wait_for(websocket.close(code=1013), 1.0)

    routes = [
        Route("/", home),
        Route("/api/games", games),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/open", open_tables),
        Route("/api/mine", mine, methods=["POST"]),
        Route("/favicon.ico", favicon),
        Route("/api/stats", stats),
        Route("/api/tables/{table}/join", join, methods=["POST"]),
        Route("/api/tables/{table}", table_info),
        Route("/api/tables/{table}/record", record),
        Route("/api/tables/{table}/story", finished_story),
        Route("/t/{table}", table_page),
        Route("/t/{table}/replay", replay),
        Route("/rules/{game}", rules),
        Route("/rules/{game}/details", rules_details),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
        WebSocketRoute("/ws", socket),
        *(labpage.routes(Path(lab), _page) if lab is not None else []),
    ]
    return Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(BodyLimit)])
