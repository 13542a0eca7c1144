"""The pages in a real browser: Debian's Chromium driven by Playwright against a real server.

Each game is played to the end by clicking, two people in two browser contexts and bots in
the other seats. The sixteen combinations of game, screen (desktop 1280x800, phone 360x740)
and language are spread over the two people of the four games: every game is seen on a
desktop and on a phone, each language on four pages. Along the way: no move button is
labelled with its notation; the board, the log and the end panel name the seats by the
names given; the desktop board's smallest text is at least 11 px; a German page shows no
English words; no page logs a console error or loads anything that answers 4xx/5xx. At the
end: places and points, a rematch both people join (the same seats, names and bots), and
"my tables" in the lobby after a reload. Every view a page received over its websocket is
compared with the truth (the finished record replayed): it holds that seat's observation and
legal moves and the board drawn from them, nothing else, and no page ever holds another
seat's token, the seed or the state notation.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from rennbahn.core.citations import Citations
from rennbahn.core.protocol import State
from rennbahn.core.records import Record, replay
from rennbahn.core.registry import load_game, registered_games
from rennbahn.core.views import as_json
from rennbahn.server.local import LocalServer
from rennbahn.server.stories import GameModules

playwright = pytest.importorskip("playwright.sync_api")

#: Each game's citations: the rule behind each line of the log (issue 28).
CITATIONS: dict[str, Citations] = {e.name: e.citations() for e in registered_games()
                                   if e.citations is not None}

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
#: The longest a whole game may take here (a loaded machine; a game takes a few seconds).
GAME_SECONDS = 120.0
#: The names given to the seats: the first person's is markup (shown as text, never as
#: markup), the bots have names too.
NAMES = ["<b>Ann</b> & co", "Bruno", "Cleo", "Dario"]
#: The smallest board text a desktop page may render, in CSS pixels (issue 24).
MIN_TEXT_PX = 11.0
#: Words of the pages' English that a German page must not show (whole words, any case).
ENGLISH = re.compile(r"\b(the|and|your|you|wins|won|waiting|take back|rematch|replay|"
                     r"confirm|cancel|points|place|refused|player|seat)\b", re.I)

#: What the table page shows, read in one call.
STATE = """() => {
  const r = document.getElementById("table"), s = document.getElementById("status");
  return {n: r.dataset.number || "", ply: r.dataset.ply || "", over: r.dataset.over === "1",
          mine: s.classList.contains("mine"), connected: r.dataset.connected === "1",
          log: document.querySelectorAll("#log li").length,
          undo: !document.getElementById("undo").hidden,
          error: document.getElementById("error").hidden ? "" :
                 document.getElementById("error").textContent};
}"""
#: After a click: the move number moved on, the seat chose (simultaneous), or an error.
MOVED = """n => {
  const r = document.getElementById("table");
  return r.dataset.number !== n || !document.getElementById("status").classList.contains("mine")
    || !document.getElementById("error").hidden || r.dataset.over === "1";
}"""
#: Each move button's words and its notation.
BUTTONS = """() => [...document.querySelectorAll("#moves button")].map(
  b => [b.querySelector(".label").textContent.trim(), b.dataset.notation])"""
#: The smallest board text as rendered (its font size times the screen's scale of it).
SMALLEST_TEXT = """() => {
  const svg = document.querySelector("#board svg");
  let smallest = [1e9, ""];
  if (!svg) { return smallest; }
  for (const t of svg.querySelectorAll("text")) {
    if (!t.textContent.trim() || !t.getBoundingClientRect().width) { continue; }
    const m = t.getScreenCTM(), scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    const px = parseFloat(getComputedStyle(t).fontSize) * scale;
    if (px < smallest[0]) { smallest = [px, t.textContent]; }
  }
  return smallest;
}"""


def _server(tmp_path_factory: pytest.TempPathFactory, *args: str) -> Iterator[LocalServer]:
    where = tmp_path_factory.mktemp("web")
    local = LocalServer(where / "tables.sqlite3", where / "server.log", args=args).start()
    yield local
    local.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    """Bots answer at once (no grace; LocalServer's default): no move is taken back."""
    yield from _server(tmp_path_factory)


@pytest.fixture(scope="module")
def graceful(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    """Bots wait the default grace after a person's move, so that it can be taken back."""
    yield from _server(tmp_path_factory, "--bot-grace", "1.5")


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
    """One seat's page, every websocket frame it received, and what went wrong on it."""

    seat: int | None
    lang: str
    page: Any
    viewport: dict[str, int]
    frames: list[str] = field(default_factory=list)
    html: list[str] = field(default_factory=list)
    #: Console errors, uncaught exceptions and answers of 400 or more.
    faults: list[str] = field(default_factory=list)

    @property
    def desktop(self) -> bool:
        return self.viewport == DESKTOP


def _context(browser: Any, lang: str, viewport: dict[str, int], *,
             confirm: bool = False) -> Any:
    context = browser.new_context(
        viewport=viewport, locale="de-DE" if lang == "de" else "en-GB",
        extra_http_headers={"accept-language": "de-DE,de;q=0.9" if lang == "de" else "en"},
    )
    if confirm:
        context.add_init_script("window.localStorage.setItem('rennbahn.confirm', 'true')")
    return context


def _watch(page: Any, faults: list[str]) -> None:
    page.on("pageerror", lambda error: faults.append(f"exception: {error}"))
    page.on("console", lambda m: faults.append(f"console: {m.text}") if m.type == "error"
            else None)
    page.on("response", lambda r: faults.append(f"{r.status} {r.url}") if r.status >= 400
            else None)


def _open(browser: Any, link: str, seat: int | None, *, lang: str = "en",
          viewport: dict[str, int] = DESKTOP, confirm: bool = False) -> Player:
    page = _context(browser, lang, viewport, confirm=confirm).new_page()
    player = Player(seat, lang, page, viewport)
    _watch(page, player.faults)
    page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda payload: player.frames.append(str(payload))))
    page.goto(link)
    page.wait_for_function("() => document.getElementById('table').dataset.number !== undefined")
    assert not player.faults, player.faults
    return player


def _create(server: LocalServer, game: str, people: int, bots: int,
            bot: str = "random") -> dict[str, Any]:
    seats: list[dict[str, Any]] = [{"name": NAMES[i]} for i in range(people)]
    seats += [{"name": NAMES[people + i], "bot": bot} for i in range(bots)]
    status, made = server.request("POST", "api/tables", {"game": game, "seats": seats})
    assert status == 201, made
    return dict(made)


def _click(player: Player, count: int) -> None:
    """Tap a move: every third time a data-move element of the board when it has one,
    else the first legal move's button; with "confirm moves" on, confirm it."""
    page = player.page
    for label, notation in page.evaluate(BUTTONS):
        assert label and label != notation, f"a move button says {label!r} ({notation})"
    on_board = page.locator("#board [data-move]")
    if count % 3 == 2 and on_board.count() > 0:
        on_board.first.click()
    else:
        page.locator("#moves button").first.click()
    box = page.locator("#confirm-box")
    if box.is_visible():
        assert page.inner_text("#confirm-text").endswith("?")
        page.locator("#confirm-yes").click()


def _german(player: Player) -> None:
    if player.lang == "de":
        text = player.page.inner_text("main")
        for name in NAMES:
            text = text.replace(name, "")
        found = ENGLISH.findall(text)
        assert not found, f"English on a German page: {found}"


def _check_board_text(player: Player) -> None:
    if player.desktop:
        px, text = player.page.evaluate(SMALLEST_TEXT)
        assert px >= MIN_TEXT_PX, f"board text {text!r} is {px:.1f} px at 1280x800"


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
        assert player.page.evaluate(STATE)["error"] == ""
        if clicks % 10 == 0:
            for p in players:
                p.html.append(p.page.content())
        if clicks == 6:
            for p in players:
                _check_board_text(p)
                _german(p)
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
    names = [s["name"] for s in made["seats"]]
    tokens = {s["seat"]: s.get("token") for s in made["seats"]}
    drawn: dict[tuple[Any, ...], str | None] = {}
    for player in players:
        views = 0
        secrets = [t for seat, t in tokens.items() if seat != player.seat and t]
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
            key = (message["ply"], player.seat, player.lang, tuple(legal))
            if key not in drawn:  # the same view twice (another seat's choice) is drawn once
                drawn[key] = drawing.board(truth, legal, player.lang, names)
            assert message["board"] == drawn[key]
        assert views > 3


def _check_end(player: Player, names: list[str], scored: bool) -> None:
    """The end panel: a title, the headline (the status line says the same), every seat's
    place under its given name, and points where the game ``scored`` them; the log and the
    board use the given names."""
    page = player.page
    page.wait_for_selector("#end", state="visible")
    assert page.inner_text("#end-title").strip()
    headline = page.inner_text("#end-headline").strip()
    assert headline and page.inner_text("#status").strip() == headline
    rows = page.locator("#placings tbody tr")
    assert rows.count() == len(names)
    placed = page.inner_text("#placings tbody")
    for name in names:
        assert name in placed, f"{name!r} is not in the end panel"
    points = page.evaluate("() => [...document.querySelectorAll('#placings tbody tr')]"
                           ".map(r => r.children[2].textContent.trim())")
    assert any(points) == scored, f"the end panel's points: {points}"
    assert page.locator("#end a[href='/']").count() == 1
    assert page.locator("#end-replay").is_visible()
    # Names people typed are shown as text, never as markup; no "Driver 1" anywhere.
    assert page.locator("#seatlist b, #log b, #end b").count() == 0
    assert NAMES[0] in page.inner_text("#seatlist")
    log = page.inner_text("#log")
    assert any(name in log for name in names[:2]), "the log does not name the people"
    text = page.inner_text("main") + page.inner_text("#board")
    assert not re.search(r"\b(Driver|Fahrer(in)?|Seat|Platz) [1-6]\b", text), \
        "a seat is named by its number"
    board = page.evaluate("() => document.querySelector('#board svg').textContent")
    assert "Bruno" in board or "Cleo" in board, "the board does not name the seats"
    _german(player)


def _whole_game(server: LocalServer, browser: Any, game: str,
                screens: list[tuple[str, dict[str, int]]], *, reload_at: int | None = None,
                spectator: tuple[str, dict[str, int]] | None = None, hand_over: bool = False,
                confirm: bool = False, scored: bool = True,
                ) -> tuple[dict[str, Any], list[Player]]:
    loaded = load_game(game)
    made = _create(server, game, len(screens), loaded.num_players() - len(screens))
    players = [_open(browser, made["seats"][i]["link"], i, lang=lang, viewport=viewport,
                     confirm=confirm and i == 1)
               for i, (lang, viewport) in enumerate(screens)]
    for made_seat in made["seats"][len(screens):]:
        assert "link" not in made_seat or not made_seat["link"], "a bot seat got a link"
    if spectator:
        players.append(_open(browser, made["spectator"], None, lang=spectator[0],
                             viewport=spectator[1]))
    if hand_over:
        # The seat goes to a bot and comes back: the buttons and the seat list say so.
        page = players[0].page
        page.locator("#tobot").click()
        page.wait_for_selector("#takeback", state="visible")
        assert "Bot" in page.inner_text("#seatlist li >> nth=0")
        page.locator("#takeback").click()
        page.wait_for_selector("#tobot", state="visible")
    clicks = _play(players, reload_at=reload_at)
    assert clicks > 5
    names = [s["name"] for s in made["seats"]]
    for p in players:
        _check_end(p, names, scored)
        assert p.page.locator("#undo").is_hidden()
        if p.viewport == PHONE:
            width = p.page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= PHONE["width"], "the page scrolls sideways on a phone"
    _check_no_leak(server, made, players)
    return made, players


def _close(players: list[Player]) -> None:
    for p in players:
        assert not p.faults, p.faults
        p.page.context.close()


def test_gibgas_rematch_and_my_tables(server: LocalServer, browser: Any) -> None:
    """Gib Gas! on a desktop in English and a phone in German, a spectator, a reload; then
    the rematch both people join, and "my tables" in the lobby."""
    made, players = _whole_game(server, browser, "gibgas(players=3)",
                                [("en", DESKTOP), ("de", PHONE)], reload_at=12,
                                spectator=("de", DESKTOP))
    old = made["table"]
    first, second = players[0].page, players[1].page
    seats_before = [first.inner_text(f"#seatlist li >> nth={i}") for i in range(3)]
    with first.expect_navigation():
        first.locator("#rematch").click()
    first.wait_for_function("() => document.getElementById('table').dataset.number !== undefined")
    new = first.get_attribute("#table", "data-table")
    assert new and new != old
    # The other person is offered the same rematch, with a link of their own.
    second.wait_for_function("() => document.getElementById('rematch').textContent"
                             ".includes('Revanche')")
    with second.expect_navigation():
        second.locator("#rematch").click()
    second.wait_for_function("() => document.getElementById('table').dataset.number !== undefined")
    assert second.get_attribute("#table", "data-table") == new
    assert "Bruno" in second.inner_text("#who")
    seats_after = [first.inner_text(f"#seatlist li >> nth={i}") for i in range(3)]
    strip = [s.replace("▶", "").replace("✓", "").strip() for s in seats_before]
    assert [s.replace("▶", "").replace("✓", "").strip() for s in seats_after] == strip
    # "My tables": both tables, with their state, after the lobby is reloaded.
    for attempt in range(2):
        if attempt:
            first.reload()
        else:
            first.goto(server.url)
        first.wait_for_selector("#mine[data-loaded='1']")
        states = first.evaluate("() => Object.fromEntries([...document.querySelectorAll("
                                "'#mine-list li')].map(li => [li.dataset.table, "
                                "li.dataset.state]))")
        assert states.get(old) == "over", states
        assert states.get(new) in ("your_turn", "waiting"), states
    # Forgotten, it stays forgotten.
    first.locator(f"#mine-list li[data-table='{old}'] button.forget").click()
    first.reload()
    first.wait_for_selector("#mine[data-loaded='1']")
    assert first.locator(f"#mine-list li[data-table='{old}']").count() == 0
    # The finished table's replay, as seat 2 saw it, step by step.
    page = players[2].page
    page.locator("#end-replay").click()
    page.wait_for_url("**/replay")
    page.locator("#next").click()
    assert "ply=" in page.url and page.locator(".board svg").count() == 1
    _close(players)


def test_von0auf100_phone_in_english_desktop_in_german(server: LocalServer,
                                                        browser: Any) -> None:
    _, players = _whole_game(server, browser, "von0auf100(players=3,race=small)",
                             [("en", PHONE), ("de", DESKTOP)], scored=False)
    for p in players:
        if p.viewport == PHONE:
            small = p.page.evaluate("""() => [...document.querySelectorAll(
                'button, a.button, #moves button')].filter(b => b.offsetParent !== null)
                .map(b => b.getBoundingClientRect()).filter(r => r.height < 44 || r.width < 44)
                .length""")
            assert small == 0, "tap targets are at least 44 px"
    _close(players)


def test_grandprix_with_confirmed_moves_and_a_hand_over(server: LocalServer,
                                                        browser: Any) -> None:
    _, players = _whole_game(server, browser, "grandprix(players=3)",
                             [("de", DESKTOP), ("en", PHONE)], hand_over=True, confirm=True,
                             scored=False)  # the first home wins; nobody counts points
    _close(players)


def test_ausgebremst_desktop_in_english_watched_on_a_phone_in_german(server: LocalServer,
                                                        browser: Any) -> None:
    _, players = _whole_game(server, browser, "ausgebremst(players=3)", [("en", DESKTOP)],
                             spectator=("de", PHONE))
    page = players[1].page
    assert page.get_attribute("html", "lang") == "de"
    # The long board zooms inside its own box; the page itself never scrolls sideways.
    page.locator("#zoom-in").click()
    page.locator("#zoom-in").click()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate("() => document.getElementById('board').scrollWidth") > PHONE["width"]
    page.reload()
    page.wait_for_function("() => document.getElementById('table').dataset.number !== undefined")
    assert page.get_attribute("#table", "data-zoom") == "1.5"  # remembered
    page.locator("#zoom-fit").click()
    _close(players)


def test_take_back_is_offered_only_when_it_is_accepted(graceful: LocalServer,
                                                       browser: Any) -> None:
    """With the bots' grace, a person's move may be taken back: the page offers it, it is
    accepted and the position is the one before the move. Once a bot has answered, it is
    no longer offered (the server would refuse it)."""
    made = _create(graceful, "von0auf100(players=3,race=small)", 1, 2)
    player = _open(browser, made["seats"][0]["link"], 0)
    page = player.page
    mine = "() => document.getElementById('status').classList.contains('mine')"
    page.wait_for_function(mine, timeout=30000)
    # The tab says it is your move, and so does its icon.
    assert page.title().startswith("▶ Your move")
    assert page.get_attribute("#favicon", "href") == "/static/favicon-turn.svg"
    before, buttons = page.evaluate(STATE), page.evaluate(BUTTONS)
    assert not before["undo"]
    page.locator("#moves button").first.click()
    page.wait_for_selector("#undo", state="visible", timeout=15000)
    assert not page.title().startswith("▶")
    assert page.get_attribute("#favicon", "href") == "/static/favicon.svg"
    page.locator("#undo").click()
    page.wait_for_function(mine, timeout=15000)
    back = page.evaluate(STATE)
    assert back["error"] == "" and back["ply"] == before["ply"]
    assert page.evaluate(BUTTONS) == buttons
    # Moved again and answered by the bots: nothing to take back.
    page.locator("#moves button").first.click()
    page.wait_for_selector("#undo", state="visible", timeout=15000)
    page.wait_for_function(mine, timeout=15000)
    assert page.evaluate(STATE)["undo"] is False
    _close([player])


def test_lobby_for_people(server: LocalServer, browser: Any) -> None:
    """The form in words: labels and help, bots by strength with a line each, no link for
    a bot seat unless asked; a public table by title; a stranger takes its free seat."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    faults: list[str] = []
    _watch(page, faults)
    page.goto(server.url)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    labels = page.locator("fieldset.params .plabel").all_inner_texts()
    helps = page.locator("fieldset.params .help").all_inner_texts()
    assert labels and not [x for x in labels if "_" in x or x != x.strip() or not x]
    assert not [h for h in helps if re.search(r"\(I\d+\)", h)]
    bots = page.locator("#seats li .kind option:not([hidden])").all_inner_texts()
    assert any("Medium" in b for b in bots) and not any("ismcts" in b for b in bots)
    page.select_option("#game", "grandprix")
    page.locator('fieldset[data-game="grandprix"] [data-param="players"]').fill("4")
    assert page.locator("#seats > li").count() == 4
    page.locator("#seats > li .name").first.fill("<img src=x onerror=alert(1)>")
    page.locator("#seats > li .kind").nth(1).select_option("")  # a second person
    page.locator("#seats > li .kind").nth(2).select_option("easy")
    assert page.locator("#seats > li .botline").nth(2).inner_text().strip()
    page.locator("#seats > li .invite-box").nth(3).check()  # a friend may take seat 4
    page.locator("#public").check()
    page.locator("#clock").fill("2")  # two minutes a move
    page.locator("#create button[type=submit]").click()
    page.wait_for_selector("#links li")
    links = page.locator("#links li input")
    assert links.count() == 4  # two people, the invited bot seat, the spectators
    assert "#token=" in links.first.input_value()
    assert page.locator("#links li[data-seat='2'] input").count() == 0
    assert "Easy" in page.inner_text("#links li[data-seat='2']")
    # The lobby lists the table with its free seats (the links were not opened).
    page.goto(server.url)
    assert page.locator("form.join").count() >= 2
    assert page.locator("#open-tables img").count() == 0
    assert "Grand Prix" in page.inner_text("#open-tables")
    join = page.locator("form.join").first
    join.locator(".name").fill("Stranger")
    join.locator("button").click()
    page.wait_for_url("**/t/*#token=*")
    page.wait_for_function("() => document.getElementById('table').dataset.number !== undefined")
    assert "Stranger" in page.inner_text("#who")
    # The clock counts down, every second.
    page.wait_for_selector("#clock", state="visible")
    first = page.inner_text("#clock")
    page.wait_for_function("t => document.getElementById('clock').textContent !== t", arg=first,
                           timeout=3000)
    assert re.search(r"[0-9]:[0-5][0-9] left", page.inner_text("#clock"))
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
    text = page.inner_text("main")
    assert not ENGLISH.findall(text.replace("Stranger", "")), ENGLISH.findall(text)
    assert "Meine Tische" in text  # the table the stranger joined
    page.goto(server.url + "rules/ausgebremst")
    assert not faults, faults
    context.close()


def _finished(server: LocalServer, game: str, bots: int) -> dict[str, Any]:
    """A table of bots only, played to its end (the record is given once it is over)."""
    made = _create(server, game, 0, bots)
    end = time.monotonic() + GAME_SECONDS
    while server.request("GET", f"api/tables/{made['table']}/record")[0] != 200:
        assert time.monotonic() < end, "the bots did not finish the game"
        time.sleep(0.2)
    return made


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_log_line_opens_to_the_rule_behind_it(server: LocalServer, browser: Any,
                                                 lang: str) -> None:
    """Issue 28: a spectator opens a line of the log (by a click, and by the keyboard) and
    reads the rule behind it in the page's language, linked to its section of the players'
    rules page; the record carries the citations too."""
    made = _finished(server, "grandprix(players=2)", 2)
    cites = CITATIONS["grandprix"]
    player = _open(browser, f"{made['spectator']}?lang={lang}", None, lang=lang)
    page = player.page
    page.wait_for_selector("#log details.cite")
    first = page.locator("#log details.cite").first
    first.locator("summary").click()
    rule = first.locator(".rule").first
    assert rule.is_visible()
    setup = cites.rule(cites.events["intro"], lang)  # the first line introduces the race
    assert rule.locator("strong").inner_text() == setup.title
    assert rule.locator("p").all_inner_texts() == [setup.rule, *setup.readings]
    link = rule.locator("a")
    assert link.get_attribute("href") == f"/rules/grandprix?lang={lang}#{setup.anchor}"
    page.screenshot(path=f"/tmp/rennbahn-cited-log-{lang}.png")
    # The keyboard opens a line too: its summary takes the focus, Enter opens it.
    second = page.locator("#log details.cite").nth(1)
    second.locator("summary").focus()
    page.keyboard.press("Enter")
    assert second.evaluate("d => d.open") and second.locator(".rule").first.is_visible()
    _german(player)
    with page.expect_navigation():
        link.click()
    assert page.get_attribute("html", "lang") == lang
    assert page.locator(f"h2#{setup.anchor}").is_visible()
    assert not player.faults, player.faults
    page.context.close()
    record, states = _truth(server, made["table"])
    assert {e.event for e in record.log} <= set(cites.events)
    assert all(e.cites for e in record.log)
    assert max(e.step for e in record.log) == len(states) - 1  # the end is logged too
