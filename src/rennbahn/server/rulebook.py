"""The rules pages: "How to play" for players, and "Rules details" (the rules as implemented).

(Being rewritten for issue 24; for now the implementation document, as before.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from markdown_it import MarkdownIt
from starlette.requests import Request
from starlette.responses import Response

from rennbahn.core.errors import RennbahnError
from rennbahn.core.registry import game_entry, registered_games
from rennbahn.server.texts import say
from rennbahn.server.workers import Workers

#: Where the rules as implemented come from: the source tree's docs/rules.
RULES = Path(__file__).resolve().parents[3] / "docs" / "rules"
# No raw HTML from the markdown (everything escaped), tables on.
_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")


class PageMaker(Protocol):
    def __call__(self, request: Request, name: str, status: int = 200,
                 **values: Any) -> Response: ...


async def page(request: Request, make: PageMaker, drawing: Workers, *,
               details: bool) -> Response:
    """The rules page of the game the path names (``details``: as implemented)."""
    name = str(request.path_params["game"])
    try:
        entry = game_entry(name)
    except RennbahnError:
        return make(request, "message.html", 404, message=say("en", "no_table"))
    path = RULES / f"{entry.name}.md"
    body = None
    if path.is_file():
        body = _markdown.render(path.read_text(encoding="utf-8"))
    games = [{"name": e.name, "title": e.game_class.TITLE} for e in registered_games()]
    return make(request, "rules.html", game_name=entry.name,
                title=entry.game_class.TITLE, body=body, games=games)
