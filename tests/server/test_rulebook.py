"""The rules pages: "How to play" for players and "Rules details", from a real server.

Every game, in English and German: the page's title and language, the boards of its
``board`` blocks drawn by the game's own code, no code or interpretation numbers on the
players' page, the links between the two pages and to every game. Besides: a game that
does not exist, and every ``board`` block of every guide drawn (the generic check; each
game's tests check its own positions too). ``check_rules_pages`` is shared with
tests/test_wheel.py, which asks the same of a server installed from the wheel.
"""

from __future__ import annotations

import asyncio
import html
import logging
import re
from collections.abc import Iterator

import pytest
from markdown_it import MarkdownIt

import rennbahn
from rennbahn.core.i18n import LANGUAGES
from rennbahn.core.registry import GameEntry, game_entry, registered_games
from rennbahn.server import rulebook
from rennbahn.server.local import LocalServer
from rennbahn.server.texts import say
from rennbahn.server.workers import Workers

#: What a player never reads: code paths, module names, the engine's words, interpretation
#: numbers (I12), game strings.
CODE = re.compile(r"src/|\.py\b|rennbahn\.|\bI\d+\b|\w\((players|race|mode)=")
ENGINE = re.compile(r"chance node|simultaneous node|notation", re.IGNORECASE)
SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
DRAWN = '<figure class="rules-board"><svg'
NOT_DRAWN = 'class="rules-board-error"'


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    path = tmp_path_factory.mktemp("rulebook")
    with LocalServer(path / "tables.sqlite3", path / "server.log", bot_workers=0) as running:
        yield running


def _get(server: LocalServer, path: str) -> tuple[int, str]:
    status, page = server.request("GET", path)
    assert isinstance(page, str), page
    return status, page


def _article(page: str) -> str:
    start = page.index("<article")
    return page[start:page.index("</article>", start)]


def _boards(markdown: str) -> int:
    """How many ``board`` blocks ``markdown`` has."""
    return sum(1 for t in MarkdownIt("commonmark").parse(markdown)
               if t.type == "fence" and t.info.strip() == rulebook.BOARD)


def _first_heading(markdown: str) -> str:
    """The text of the document's first heading, as the page shows it (escaped)."""
    tokens = MarkdownIt("commonmark").parse(markdown)
    at = next(i for i, t in enumerate(tokens) if t.type == "heading_open")
    return str(MarkdownIt("commonmark").renderInline(tokens[at + 1].content))


def _links_to_every_game(page: str, details: bool) -> None:
    for entry in registered_games():
        tail = "/details" if details else ""
        title = html.escape(entry.game_class.TITLE)
        assert f'href="/rules/{entry.name}{tail}">{title}</a>' in page, entry.name


def check_howto(server: LocalServer, entry: GameEntry, lang: str) -> str:
    """``/rules/<game>`` in ``lang`` as a player must find it; returns the article."""
    title = entry.game_class.TITLE
    status, page = _get(server, f"/rules/{entry.name}?lang={lang}")
    assert status == 200, page
    assert f'<html lang="{lang}">' in page
    heading = html.escape(say(lang, "rules_howto", title=title))
    assert f"<title>{heading} — " in page
    assert f'href="/rules/{entry.name}/details">{say(lang, "rules_details_link")}' in page
    _links_to_every_game(page, details=False)
    article = _article(page)
    markdown = rulebook.howto_markdown(entry, lang)
    if markdown is None:  # not written yet: say so, and point to the details
        assert html.escape(say(lang, "rules_not_written", title=title)) in article
        assert f'href="/rules/{entry.name}/details"' in article
    else:
        assert _first_heading(markdown) in article
        assert article.count(DRAWN) == _boards(markdown), (entry.name, lang)
        assert NOT_DRAWN not in article
    words = SVG.sub("", article)
    assert not CODE.search(words), (entry.name, lang, CODE.search(words))
    assert not ENGINE.search(words), (entry.name, lang, ENGINE.search(words))
    if lang == "de":
        assert "How to play" not in page and "Rules details" not in page
    return article


def check_details(server: LocalServer, entry: GameEntry, lang: str) -> None:
    """``/rules/<game>/details`` in ``lang``: the rules as implemented, in English."""
    title = entry.game_class.TITLE
    status, page = _get(server, f"/rules/{entry.name}/details?lang={lang}")
    assert status == 200, page
    assert f"<title>{html.escape(say(lang, 'rules_details', title=title))} — " in page
    assert f'href="/rules/{entry.name}">{say(lang, "rules_howto_link")}' in page
    _links_to_every_game(page, details=True)
    markdown = rulebook.details_markdown(entry)
    assert markdown is not None, f"docs/rules/{entry.name}.md is missing"
    article = _article(page)
    assert _first_heading(markdown) in article
    english_only = "Diese Seite gibt es nur auf Englisch."
    if lang == "de":
        assert english_only in page and 'lang="en"' in article
    else:
        assert english_only not in page and say("en", "rules_english_only") not in page


def check_rules_pages(server: LocalServer) -> None:
    """Both pages of every game in every language, and a game that does not exist."""
    for entry in registered_games():
        written = {}
        for lang in LANGUAGES:
            written[lang] = check_howto(server, entry, lang)
            check_details(server, entry, lang)
        if all(rulebook.howto_markdown(entry, lang) for lang in LANGUAGES):
            assert written["en"] != written["de"], entry.name
    for lang in LANGUAGES:
        status, page = _get(server, f"/rules/nosuchgame?lang={lang}")
        assert status == 404
        assert say(lang, "rules_no_game") in page and "table" not in say(lang, "rules_no_game")
        status, page = _get(server, f"/rules/nosuchgame/details?lang={lang}")
        assert status == 404 and say(lang, "rules_no_game") in page
    assert say("en", "rules_no_game") == "There is no such game."
    assert say("de", "rules_no_game") == "Dieses Spiel gibt es nicht."


def test_every_game_has_both_rules_pages_in_both_languages(server: LocalServer) -> None:
    check_rules_pages(server)
    # Asked again, the pages come from the cache, unchanged.
    entry = game_entry("gibgas")
    assert check_howto(server, entry, "de") == check_howto(server, entry, "de")


@pytest.mark.parametrize("entry", registered_games(), ids=lambda e: e.name)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_board_block_of_every_guide_is_drawn(entry: GameEntry, lang: str) -> None:
    markdown = rulebook.howto_markdown(entry, lang)
    if markdown is None:
        pytest.skip(f"{entry.name} has no howto/{lang}.md yet")
    rendered = rulebook.howto_html(markdown, entry, lang)
    assert rendered.errors == []
    assert rendered.html is not None
    assert rendered.html.count(DRAWN) == _boards(markdown)


GUIDE = """# How to play

Drive <b>fast</b>.

```board
grandprix(players=2)
- 0,0 0:choose 0
names: Anna, <Ben>
```

```board
grandprix(players=2)
no such position
```

```board
gibgas(players=2)
deal -;0 q=- pts=0 | 18/012345DTP/-/-/-/-/-/-/- | 18/012345DTP/-/-/-/-/-/-/- | F:4444444/-/-/-
```

```board
grandprix(players=2)
- 0,0 0:choose 0
names: Anna
```
"""


def test_a_guide_is_escaped_and_a_bad_board_is_a_short_note() -> None:
    rendered = rulebook.howto_html(GUIDE, game_entry("grandprix"), "de")
    assert rendered.html is not None
    assert "&lt;b&gt;fast&lt;/b&gt;" in rendered.html and "<b>" not in rendered.html
    assert rendered.html.count(DRAWN) == 1
    assert "&lt;Ben&gt;" in rendered.html or "Ben" not in rendered.html  # escaped, if shown
    assert rendered.html.count("Dieses Bild konnte nicht gezeichnet werden.") == 3
    assert "Traceback" not in rendered.html and "NotationError" not in rendered.html
    assert [e.split(":")[0] for e in rendered.errors] == [
        "board 2 (line 11)", "board 3 (line 16)", "board 4 (line 21)"]
    assert "NotationError" in rendered.errors[0]
    assert "gibgas on the rules of grandprix" in rendered.errors[1]
    assert "1 names for 2 seats" in rendered.errors[2]


def test_a_board_block_is_a_game_a_position_and_names() -> None:
    position = rulebook.read_position("\n gibgas(players=3) \n deal -;0 \n names: A,B , C\n")
    assert position == rulebook.Position("gibgas(players=3)", "deal -;0", ("A", "B", "C"))
    assert rulebook.read_position("g\nx\n").names is None
    for bad in ("", "gibgas(players=2)", "names: A, B", "gibgas\n\nx"):
        with pytest.raises(ValueError, match="a board block is"):
            rulebook.read_position(bad)
    with pytest.raises(rennbahn.ParameterError):  # a block never names a file
        rulebook.draw_position(rulebook.Position("gibgas(cards=/etc/passwd)", "-", None),
                               game_entry("gibgas"), "en")


def test_a_page_is_made_once_logged_once_and_the_cache_is_bounded(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    made: list[tuple[str, str]] = []

    def howto_page(name: str, lang: str) -> rulebook.Rendered:
        made.append((name, lang))
        return rulebook.Rendered(f"<p>{name} {lang}</p>", ["board 1 (line 3): broken"])

    monkeypatch.setattr(rulebook, "howto_page", howto_page)
    monkeypatch.setattr(rulebook, "_pages", type(rulebook._pages)())
    monkeypatch.setattr(rulebook, "PAGES", 2)
    drawing = Workers("drawing", 0)  # in threads of this process, so the patch holds

    async def ask() -> list[str]:
        same = [rulebook.body(drawing, "gibgas", "de", False) for _ in range(5)]
        first = await asyncio.gather(*same)
        others = [await rulebook.body(drawing, name, "en", False)
                  for name in ("grandprix", "ausgebremst", "gibgas")]
        return [*first, *others]

    with caplog.at_level(logging.WARNING, logger="rennbahn.server"):
        bodies = asyncio.run(ask())
    assert bodies[:5] == ["<p>gibgas de</p>"] * 5
    assert made == [("gibgas", "de"), ("grandprix", "en"), ("ausgebremst", "en"),
                    ("gibgas", "en")]
    assert len(rulebook._pages) == 2
    assert [r.getMessage() for r in caplog.records].count(
        "rules of gibgas (de): board 1 (line 3): broken") == 1
