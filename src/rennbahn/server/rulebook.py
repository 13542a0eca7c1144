"""The rules pages: "How to play" for players, and "Rules details" (the rules as implemented).

``/rules/{game}`` is the guide for players, ``howto/<lang>.md`` in the game's package (its
registry entry's ``package``), in the page's language. Its fenced ``board`` blocks are
positions, drawn by the game's own board code::

    ```board
    gibgas(players=3)
    <the state's notation>
    names: Anna, Ben, Clara
    ```

(the ``names:`` line is optional). A heading may end in ``{#anchor}``: it becomes the
heading's id, the same in every language, so that a line of the play log links to the section
that explains its rule (``/rules/{game}#driving``; a game's ``citations.py`` names the anchor
of each rulebook section). ``/rules/{game}/details`` is the rules as implemented,
docs/rules/<game>.md, in English only. A wheel carries that document as ``rules.md`` in the
game's package (setup.py copies it there); a source checkout reads docs/rules itself.

The Markdown is rendered with raw HTML off, so everything in it is escaped; only the boards
(our own drawing) are inserted as they are. Pages are made in the drawing workers, never on
the event loop, and kept per (game, language, page) in a small cache.
"""

from __future__ import annotations

import asyncio
import functools
import html
import inspect
import itertools
import logging
import re
from collections import OrderedDict
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from markdown_it import MarkdownIt
from markdown_it.token import Token
from starlette.requests import Request
from starlette.responses import Response

from rennbahn.core.errors import RennbahnError
from rennbahn.core.registry import GameEntry, game_entry, load_game, registered_games
from rennbahn.server.texts import language_of, say
from rennbahn.server.workers import Workers

log = logging.getLogger("rennbahn.server")

#: The rules as implemented in a source checkout: docs/rules/<game>.md (installed, the
#: game package's rules.md).
SOURCE = Path(__file__).resolve().parents[3] / "docs" / "rules"
#: The file of the rules as implemented in a game's package (in a wheel).
RULES_FILE = "rules.md"
#: Rendered pages kept, per (game, language, details).
PAGES = 32
#: The info string of a fenced block that is a position to draw.
BOARD = "board"
NAMES = "names:"
#: The language of the rules as implemented.
ENGLISH = "en"
#: A heading's anchor, written at its end: ``## Driving {#driving}``.
ANCHOR = re.compile(r"\s*\{#([a-z][a-z0-9-]*)\}\s*$")

# No raw HTML from the markdown (everything escaped), tables on.
_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
_pages: OrderedDict[tuple[str, str, bool], str] = OrderedDict()
_making: dict[tuple[str, str, bool], asyncio.Task[str]] = {}


class PageMaker(Protocol):
    def __call__(self, request: Request, name: str, status: int = 200,
                 **values: Any) -> Response: ...


class Rendered(NamedTuple):
    """A page's body as HTML (None: there is no such document) and what went wrong in it
    (the server logs each once)."""

    html: str | None
    errors: list[str]


class Position(NamedTuple):
    """One ``board`` block: a game string, a state's notation and the seats' names."""

    game: str
    notation: str
    names: tuple[str, ...] | None


def read_position(content: str) -> Position:
    """The position a ``board`` block's text describes.

    >>> read_position("grandprix(players=2)\\n- 0,0 0:choose 0\\nnames: Anna, Ben\\n")
    Position(game='grandprix(players=2)', notation='- 0,0 0:choose 0', names=('Anna', 'Ben'))
    """
    lines = [line.strip() for line in content.strip().splitlines()]
    names = None
    if lines and lines[-1].startswith(NAMES):
        names = tuple(n.strip() for n in lines.pop()[len(NAMES):].split(","))
    if len(lines) < 2 or not all(lines):
        raise ValueError("a board block is a game string, a state's notation and "
                         "optionally a line 'names: ...'")
    return Position(lines[0], "\n".join(lines[1:]), names)


def draw_position(position: Position, entry: GameEntry, lang: str) -> str:
    """The SVG of ``position``, drawn by ``entry``'s board as every seat sees it."""
    game = load_game(position.game, paths=False)  # a block never reads a file
    if game.NAME != entry.name:
        raise ValueError(f"a board of {game.NAME} on the rules of {entry.name}")
    if entry.board is None:
        raise ValueError(f"{entry.name} has no board drawing")
    state = game.state_from_text(position.notation)
    board = entry.board()
    if position.names is None:
        return board(state.public_view(), game, lang=lang)
    if len(position.names) != game.num_players():
        raise ValueError(f"{len(position.names)} names for {game.num_players()} seats")
    if "names" not in inspect.signature(board).parameters:  # a board not yet taking names
        return board(state.public_view(), game, lang=lang)
    return board(state.public_view(), game, names=list(position.names), lang=lang)


def howto_html(markdown: str, entry: GameEntry, lang: str) -> Rendered:
    """The guide ``markdown`` as HTML, each ``board`` block drawn (a block that cannot be
    drawn is a short note in ``lang``, and one of the errors)."""
    tokens = _markdown.parse(markdown)
    anchor_headings(tokens)
    errors = []
    for number, token in enumerate((t for t in tokens if _is_board(t)), start=1):
        try:
            svg = draw_position(read_position(token.content), entry, lang)
            drawn = f'<figure class="rules-board">{svg}</figure>\n'
        except Exception as error:  # one bad picture must not cost the page
            line = token.map[0] + 1 if token.map else 0
            errors.append(f"board {number} (line {line}): {type(error).__name__}: {error}")
            note = html.escape(say(lang, "rules_bad_board"))
            drawn = f'<p class="rules-board-error">{note}</p>\n'
        # An html_block is written out as it is: our own drawing, never the document's.
        token.type, token.content = "html_block", drawn
    return Rendered(_markdown.renderer.render(tokens, _markdown.options, {}), errors)


def anchor_headings(tokens: list[Token]) -> list[str]:
    """Give each heading that ends in ``{#anchor}`` that id (and drop the mark from its
    text); the anchors, in order.

    >>> tokens = _markdown.parse("## Driving {#driving}")
    >>> anchor_headings(tokens), _markdown.renderer.render(tokens, _markdown.options, {})
    (['driving'], '<h2 id="driving">Driving</h2>\\n')
    """
    anchors = []
    for heading, inline in itertools.pairwise(tokens):
        found = ANCHOR.search(inline.content) if heading.type == "heading_open" else None
        if found is None:
            continue
        anchors.append(found.group(1))
        heading.attrSet("id", found.group(1))
        inline.content = inline.content[: found.start()]
        last = inline.children[-1] if inline.children else None
        if last is not None and last.type == "text":
            last.content = ANCHOR.sub("", last.content)
    return anchors


def howto_anchors(markdown: str) -> list[str]:
    """The anchors of a rules page's headings, in order (``{#anchor}``)."""
    return anchor_headings(_markdown.parse(markdown))


def _is_board(token: Token) -> bool:
    return token.type == "fence" and token.info.strip() == BOARD


def _package_text(entry: GameEntry, *parts: str) -> str | None:
    """A text file in ``entry``'s package, or None."""
    if not entry.package:
        return None
    where = resources.files(entry.package)
    for part in parts:
        where = where.joinpath(part)
    return where.read_text(encoding="utf-8") if where.is_file() else None


def howto_markdown(entry: GameEntry, lang: str) -> str | None:
    """The game's rules for players in ``lang``, as written (None: not written yet)."""
    return _package_text(entry, "howto", f"{lang}.md")


def details_markdown(entry: GameEntry) -> str | None:
    """The game's rules as implemented: the package's rules.md (an installed wheel), else
    the source checkout's docs/rules/<game>.md (None: neither is there)."""
    markdown = _package_text(entry, RULES_FILE)
    source = SOURCE / f"{entry.name}.md"
    if markdown is None and source.is_file():
        markdown = source.read_text(encoding="utf-8")
    return markdown


def howto_page(name: str, lang: str) -> Rendered:
    """The body of ``/rules/{name}`` in ``lang`` (run in a drawing worker)."""
    entry = game_entry(name)
    markdown = howto_markdown(entry, lang)
    return Rendered(None, []) if markdown is None else howto_html(markdown, entry, lang)


def details_page(name: str) -> Rendered:
    """The body of ``/rules/{name}/details`` (run in a drawing worker)."""
    markdown = details_markdown(game_entry(name))
    return Rendered(None if markdown is None else _markdown.render(markdown), [])


async def body(drawing: Workers, name: str, lang: str, details: bool) -> str:
    """The rendered body of a rules page ("" when its document is missing), from the
    cache or made once in a drawing worker however many pages ask at the same time."""
    key = (name, lang, details)
    cached = _pages.get(key)
    if cached is not None:
        _pages.move_to_end(key)
        return cached
    task = _making.get(key)
    if task is None:
        task = _making[key] = asyncio.ensure_future(_make(drawing, key))
        task.add_done_callback(functools.partial(_made, key))
    # One page leaving does not stop the others waiting for the same body.
    return await asyncio.shield(task)


async def _make(drawing: Workers, key: tuple[str, str, bool]) -> str:
    name, lang, details = key
    if details:
        rendered = await drawing.run(details_page, name)
    else:
        rendered = await drawing.run(howto_page, name, lang)
    for error in rendered.errors:
        log.warning("rules of %s (%s): %s", name, lang, error)
    _pages[key] = made = rendered.html or ""
    while len(_pages) > PAGES:
        _pages.popitem(last=False)
    return made


def _made(key: tuple[str, str, bool], task: asyncio.Task[str]) -> None:
    if _making.get(key) is task:
        del _making[key]


async def page(request: Request, make: PageMaker, drawing: Workers, *,
               details: bool) -> Response:
    """The rules page of the game the path names: "How to play", or with ``details`` the
    rules as implemented."""
    lang = language_of(request)
    try:
        entry = game_entry(str(request.path_params["game"]))
    except RennbahnError:
        return make(request, "message.html", 404, message=say(lang, "rules_no_game"))
    made = await body(drawing, entry.name, lang, details)
    title = entry.game_class.TITLE
    games = [{"name": e.name, "title": e.game_class.TITLE} for e in registered_games()]
    return make(request, "rules.html", game_name=entry.name, title=title, details=details,
                heading=say(lang, "rules_details" if details else "rules_howto", title=title),
                body=made, has_heading="<h1" in made, games=games,
                # The rules as implemented are written in English only.
                english_only=details and lang != ENGLISH)
