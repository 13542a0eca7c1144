"""The pages in a real browser: Debian's Chromium driven by Playwright against a real server.

For each game a whole game is played by clicking, two people in two browser contexts and a
bot in the other seat; one game on a phone's viewport, one in German, one with a reload in
the middle that resumes, one watched by a spectator. Every view a page received over its
websocket is then compared with the truth (the finished record replayed): it holds that
seat's observation and legal moves and the board drawn from them, nothing else, and no page
ever holds another seat's token, the seed or the state notation.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from rennbahn.core.protocol import State
from rennbahn.core.records import Record, replay
from rennbahn.core.registry import load_game
from rennbahn.core.views import as_json
from rennbahn.server.local import LocalServer
from rennbahn.server.stories import GameModules

playwright = pytest.importorskip("playwright.sync_api")

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
#: The longest a whole game may take here (a loaded machine; a game takes a few seconds).
GAME_SECONDS = 120.0

#: What the table page shows, read in one call.
STATE = """() => {
  const r = document.getElementById("table"), s = document.getElementById("status");
  return {n: r.dataset.number || "", over: r.dataset.over === "1",
          mine: s.classList.contains("mine"), connected: r.dataset.connected === "1",
          log: document.querySelectorAll("#log li").length};
}"""
#: After a click: the move number moved on, the seat chose (simultaneous), or an error.
MOVED = """n => {
  const r = document.getElementById("table");
  return r.dataset.number !== n || !document.getElementById("status").classList.contains("mine")
    || !document.getElementById("error").hidden || r.dataset.over === "1";
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    where = tmp_path_factory.mktemp("web")
    local = LocalServer(where / "tables.sqlite3", where / "server.log").start()
    yield local
    local.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        reason = f"Debian's Chromium is missing at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@dataclass
class Player:
    """One seat's page and every websocket frame it received."""

    seat: int | None
    lang: str
    page: Any
    frames: list[str] = field(default_factory=list)
    html: list[str] = field(default_factory=list)


def _open(browser: Any, link: str, seat: int | None, *, lang: str = "en",
          viewport: dict[str, int] = DESKTOP) -> Player:
    context = browser.new_context(
        viewport=viewport, locale="de-DE" if lang == "de" else "en-GB",
        extra_http_headers={"accept-language": "de-DE,de;q=0.9" if lang == "de" else "en"},
    )
    page = context.new_page()
    player = Player(seat, lang, page)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda payload: player.frames.append(str(payload))))
    page.goto(link)
    page.wait_for_function("() => document.getElementById('table').dataset.number !== undefined")
    assert not errors, errors
    return player


def _create(server: LocalServer, game: str, people: int, bots: int) -> dict[str, Any]:
    seats = [{"name": f"<b>P{i + 1}</b> & co"} for i in range(people)]
    seats += [{"bot": "random"} for _ in range(bots)]
    status, made = server.request("POST", "api/tables", {"game": game, "seats": seats})
    assert status == 201, made
    return dict(made)


def _click(player: Player, count: int) -> None:
    """Tap a move: every third time a data-move element of the board when it has one,
    else the first legal move's button."""
    page = player.page
    on_board = page.locator("#board [data-move]")
    if count % 3 == 2 and on_board.count() > 0:
        on_board.first.click()
    else:
        page.locator("#moves button").first.click()


def _play(players: list[Player], *, reload_at: int | None = None) -> int:
    """Click until the game is over on every page; returns the number of clicks."""
    clicks, end = 0, time.monotonic() + GAME_SECONDS
    while True:
        states = [p.page.evaluate(STATE) for p in players]
        if all(s["over"] for s in states):
            break
        assert time.monotonic() < end, f"not over after {clicks} clicks"
        acting = [(p, s) for p, s in zip(players, states, strict=True) if s["mine"]]
        if not acting:
            time.sleep(0.02)
            continue
        player, state = acting[0]
        _click(player, clicks)
        clicks += 1
        player.page.wait_for_function(MOVED, arg=state["n"], timeout=15000)
        if clicks % 10 == 0:
            for p in players:
                p.html.append(p.page.content())
        if clicks == reload_at:
            page = players[0].page
            seen = page.evaluate(STATE)["log"]
            page.reload()
            page.wait_for_function("() => document.getElementById('table').dataset.number"
                                   " !== undefined && document.querySelectorAll('#log li')"
                                   ".length > 0")
            # The log is rebuilt from the server's history: the whole game so far.
            assert page.evaluate(STATE)["log"] >= seen
    for p in players:
        p.html.append(p.page.content())
    return clicks


def _truth(server: LocalServer, table: str) -> tuple[Record, list[State]]:
    status, record = server.request("GET", f"api/tables/{table}/record")
    assert status == 200, record
    read = Record.loads(json.dumps(record))
    return read, [state for _, state in replay(read)]


def _check_no_leak(server: LocalServer, made: dict[str, Any], players: list[Player]) -> None:
    """Every view a page received is that seat's truth, and no page holds a secret."""
    record, states = _truth(server, made["table"])
    game = load_game(record.game)
    drawing = GameModules.of(game)
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    for player in players:
        views = 0
        secrets = [t for seat, t in tokens.items() if seat != player.seat]
        secrets += [str(record.seed)] + [s.to_text() for s in states[1:]]
        for text in player.frames + player.html:
            for secret in secrets:
                assert secret not in text, f"seat {player.seat} received a secret"
        for text in player.frames:
            message = json.loads(text)
            if message["type"] != "view":
                continue
            views += 1
            state = states[message["ply"]]
            truth = state.public_view() if player.seat is None else state.view(player.seat)
            assert message["observation"] == json.loads(json.dumps(as_json(truth)))
            legal = [lm["move"] for lm in message["legal"]]
            if legal:
                assert player.seat is not None and not state.is_terminal()
                assert legal == [state.action_to_string(player.seat, a)
                                 for a in state.legal_actions(player.seat)]
            assert message["board"] == drawing.board(truth, legal, player.lang)
        assert views > 3


def _whole_game(server: LocalServer, browser: Any, game: str, *, lang: str = "en",
                viewport: dict[str, int] = DESKTOP, reload_at: int | None = None,
                spectator: bool = False, hand_over: bool = False) -> list[Player]:
    loaded = load_game(game)
    made = _create(server, game, 2, loaded.num_players() - 2)
    players = [_open(browser, made["seats"][i]["link"], i, lang=lang, viewport=viewport)
               for i in range(2)]
    if spectator:
        players.append(_open(browser, made["spectator"], None, lang=lang, viewport=viewport))
    if hand_over:
        # The seat goes to a bot and comes back: the buttons and the seat list say so.
        page = players[0].page
        page.locator("#tobot").click()
        page.wait_for_selector("#takeback", state="visible")
        assert "[" in page.inner_text("#seatlist li >> nth=0")  # "[heuristic]"
        page.locator("#takeback").click()
        page.wait_for_selector("#tobot", state="visible")
    clicks = _play(players, reload_at=reload_at)
    assert clicks > 5
    for p in players:
        text = p.page.inner_text("#status")
        assert text.startswith("Das Rennen ist vorbei" if lang == "de" else "The race is over")
        assert p.page.locator("#log li").count() > 5
        # Names people typed are shown as text, never as markup.
        assert p.page.locator("#seatlist b").count() == 0
        assert "<b>P1</b> & co" in p.page.inner_text("#seatlist")
    _check_no_leak(server, made, players)
    return players


def _close(players: list[Player]) -> None:
    for p in players:
        p.page.context.close()


def test_gibgas_whole_game_with_a_reload_and_a_spectator(server: LocalServer,
                                                          browser: Any) -> None:
    players = _whole_game(server, browser, "gibgas(players=3)", reload_at=12,
                                spectator=True)
    # The finished table's replay, as seat 1 saw it, step by step.
    page = players[0].page
    page.locator("#replay").click()
    page.wait_for_url("**/replay?seat=0")
    page.locator("#next").click()
    assert "ply=" in page.url and page.locator(".board svg").count() == 1
    assert page.locator("#log li").count() >= 1
    _close(players)


def test_von0auf100_whole_game_on_a_phone(server: LocalServer, browser: Any) -> None:
    players = _whole_game(server, browser, "von0auf100(players=3,race=small)",
                                viewport=PHONE)
    for p in players:
        width = p.page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"], "the page scrolls sideways on a phone"
        assert p.page.evaluate(
            "() => document.querySelector('#board svg').getBoundingClientRect().width"
        ) <= PHONE["width"]
        small = p.page.evaluate("""() => [...document.querySelectorAll(
            'button, a.button, #moves button')].filter(b => b.offsetParent !== null)
            .map(b => b.getBoundingClientRect()).filter(r => r.height < 44 || r.width < 44)
            .length""")
        assert small == 0, "tap targets are at least 44 px"
    _close(players)


def test_grandprix_whole_game(server: LocalServer, browser: Any) -> None:
    players = _whole_game(server, browser, "grandprix(players=3)", hand_over=True)
    _close(players)


def test_ausgebremst_whole_game_in_german(server: LocalServer, browser: Any) -> None:
    players = _whole_game(server, browser, "ausgebremst(players=3)", lang="de")
    page = players[0].page
    assert page.get_attribute("html", "lang") == "de"
    assert "Was geschah" in page.inner_text("main")
    _close(players)


def test_lobby_creates_a_table_and_a_stranger_takes_a_free_seat(server: LocalServer,
                                                                browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    page.goto(server.url)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.select_option("#game", "grandprix")
    page.locator('fieldset[data-game="grandprix"] [data-param="players"]').fill("3")
    assert page.locator("#seats li").count() == 3
    page.locator("#seats li .name").first.fill("<img src=x onerror=alert(1)>")
    page.locator("#seats li .kind").nth(1).select_option("")  # a second person
    page.locator("#public").check()
    page.locator("#create button[type=submit]").click()
    page.wait_for_selector("#links li")
    links = page.locator("#links li input")
    assert links.count() == 4  # three seats and the spectators
    assert "#token=" in links.first.input_value()
    # The lobby lists the table with its free seats (the link of seat 1 was not opened).
    page.goto(server.url)
    assert page.locator("form.join").count() >= 2
    assert page.locator(".open img").count() == 0
    join = page.locator("form.join").first
    join.locator(".name").fill("Stranger")
    join.locator("button").click()
    page.wait_for_url("**/t/*#token=*")
    page.wait_for_function("() => document.getElementById('table').dataset.connected === '1'")
    assert "Stranger" in page.inner_text("#who")
    # The switch turns the page German and the choice is remembered.
    # The click reloads the page; while the old document goes, documentElement can be null,
    # so wait for the navigation itself and then read the new document's language.
    with page.expect_navigation():
        page.locator("button.lang").click()
    page.wait_for_function(
        "() => document.documentElement !== null && document.documentElement.lang === 'de'")
    page.goto(server.url)
    assert page.get_attribute("html", "lang") == "de"
    assert "Einen Tisch eröffnen" in page.inner_text("main")
    page.goto(server.url + "rules/ausgebremst")
    assert page.locator("article.rules h1").count() >= 1
    context.close()
