"""Screenshots of each game's table page in the middle of a game, for the README.

Starts a server on loopback, opens a table per game (one person, bots in the other seats),
plays it to mid-game by clicking the first legal move, and saves
``docs/screenshots/<game>-desktop.png`` (1280 x 900) and ``<game>-phone.png`` (360 x 740).
Needs the web extra, Playwright and Debian's Chromium (``/usr/bin/chromium``).

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--clicks 12]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from rennbahn.server.local import LocalServer

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
#: The people at every table: Anna at the first seat, then heuristic bots with names.
NAMES = ("Anna", "Ben", "Cem", "Dora")


def _seats(n: int) -> list[dict[str, str]]:
    return [{"name": NAMES[0]}] + [{"name": name, "bot": "heuristic"} for name in NAMES[1:n]]


#: Each game's table: the game string, the seats, and how many clicks make mid-game.
TABLES: dict[str, tuple[str, list[dict[str, str]], int]] = {
    "gibgas": ("gibgas(players=4)", _seats(4), 8),
    "von0auf100": ("von0auf100(players=4)", _seats(4), 8),
    "grandprix": ("grandprix(players=3)", _seats(3), 10),
    "ausgebremst": ("ausgebremst(players=4)", _seats(4), 8),
}
MINE = "() => document.getElementById('status').classList.contains('mine')"


def _mid_game(page: Any, clicks: int) -> None:
    """Click the first legal move ``clicks`` times (waiting for the bots in between)."""
    for _ in range(clicks):
        page.wait_for_function(f"() => ({MINE})() || "
                               "document.getElementById('table').dataset.over === '1'",
                               timeout=60000)
        if page.evaluate("() => document.getElementById('table').dataset.over === '1'"):
            return
        number = page.evaluate("() => document.getElementById('table').dataset.number")
        page.locator("#moves button").first.click()
        page.wait_for_function(
            "n => document.getElementById('table').dataset.number !== n || "
            "!document.getElementById('status').classList.contains('mine')", arg=number)
    page.wait_for_function(MINE, timeout=60000)  # a moment where the person is to move
    time.sleep(0.3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--games", nargs="*", default=list(TABLES))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as where, LocalServer(
        Path(where) / "tables.sqlite3", Path(where) / "server.log"
    ) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name in args.games:
            game, seats, clicks = TABLES[name]
            status, made = server.request("POST", "api/tables", {"game": game, "seats": seats})
            if status != 201:
                raise SystemExit(f"{name}: {made}")
            link = made["seats"][0]["link"]
            context = browser.new_context(viewport={"width": 1280, "height": 900},
                                          locale="en-GB")
            page = context.new_page()
            page.goto(link)
            _mid_game(page, clicks)
            page.evaluate("() => window.scrollTo(0, 0)")
            page.screenshot(path=str(args.out / f"{name}-desktop.png"))
            phone = browser.new_context(viewport={"width": 360, "height": 740},
                                        device_scale_factor=1, locale="en-GB")
            small = phone.new_page()
            small.goto(link)
            small.wait_for_function(MINE, timeout=60000)
            small.locator("#board").scroll_into_view_if_needed()
            small.evaluate("() => window.scrollTo(0, document.getElementById('status')"
                           ".getBoundingClientRect().top + window.scrollY - 8)")
            small.screenshot(path=str(args.out / f"{name}-phone.png"))
            context.close()
            phone.close()
            print(f"{name}: {args.out}/{name}-desktop.png, {name}-phone.png")
        browser.close()


if __name__ == "__main__":
    main()
