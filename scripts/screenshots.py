"""Screenshots of each game's table page at the start, in the middle and at the end.

Starts a server on loopback and, per game and language, opens a table (Anna, a person, at
the first seat; bots with names in the others). The same seat's page is open on a desktop
(1280 x 800) and on a phone (360 x 740); Anna plays the first legal move each turn. Saves

    docs/screenshots/<game>-<desktop|phone>-<en|de>-<start|middle|end>.png

(48 pictures), the lobby with "my tables" (``lobby-<desktop|phone>-<en|de>.png``),
``<game>-desktop.png`` and ``<game>-phone.png`` (the English middle, shown by the README),
and an index ``docs/screenshots/README.md``. Needs the web extra, Playwright and Debian's
Chromium (``/usr/bin/chromium``).

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--games gibgas ...]
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import ViewportSize, sync_playwright

from rennbahn.server.local import LocalServer

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 360, "height": 740}
LANGUAGES = ("en", "de")
#: The people at every table: Anna at the first seat, then bots with names.
NAMES = ("Anna", "Ben", "Cem", "Dora")
#: The bots' strength (quick, and every game has it).
BOT = "easy"


def _seats(n: int) -> list[dict[str, str]]:
    return [{"name": NAMES[0]}] + [{"name": name, "bot": BOT} for name in NAMES[1:n]]


#: Each game's table: the game string, the seats, and how many of Anna's moves make
#: the middle of the race.
TABLES: dict[str, tuple[str, list[dict[str, str]], int]] = {
    "gibgas": ("gibgas(players=4)", _seats(4), 8),
    "von0auf100": ("von0auf100(players=4)", _seats(4), 8),
    "grandprix": ("grandprix(players=3)", _seats(3), 10),
    "ausgebremst": ("ausgebremst(players=4)", _seats(4), 10),
}
MINE = "() => document.getElementById('status').classList.contains('mine')"
OVER = "() => document.getElementById('table').dataset.over === '1'"
#: The longest a whole race may take here.
RACE_SECONDS = 600.0


def _settle(page: Any) -> None:
    """Wait until the person is to move or the race is over."""
    page.wait_for_function(f"() => ({MINE})() || ({OVER})()", timeout=120000)


def _play(page: Any, moves: int | None) -> None:
    """Play the first legal move ``moves`` times (None: to the end)."""
    end = time.monotonic() + RACE_SECONDS
    played = 0
    while moves is None or played < moves:
        _settle(page)
        if page.evaluate(OVER):
            return
        if time.monotonic() > end:
            raise SystemExit("the race did not end")
        number = page.evaluate("() => document.getElementById('table').dataset.number")
        page.locator("#moves button").first.click()
        page.wait_for_function(
            f"n => document.getElementById('table').dataset.number !== n || !({MINE})()",
            arg=number)
        played += 1
    _settle(page)


def _shoot(desktop: Any, phone: Any, out: Path, name: str, lang: str, moment: str) -> list[str]:
    """Both pages once they show the same move number."""
    number = desktop.evaluate("() => document.getElementById('table').dataset.number")
    phone.wait_for_function("n => document.getElementById('table').dataset.number === n",
                            arg=number, timeout=60000)
    time.sleep(0.3)
    files = []
    desktop.evaluate("() => window.scrollTo(0, 0)")
    path = out / f"{name}-desktop-{lang}-{moment}.png"
    desktop.screenshot(path=str(path))
    files.append(path.name)
    # The phone: from the status line down (the end panel at the end, else the moves).
    phone.evaluate("() => window.scrollTo(0, document.getElementById('status')"
                   ".getBoundingClientRect().top + window.scrollY - 8)")
    path = out / f"{name}-phone-{lang}-{moment}.png"
    phone.screenshot(path=str(path))
    files.append(path.name)
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--games", nargs="*", default=list(TABLES))
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    index: list[str] = []
    with tempfile.TemporaryDirectory() as where, LocalServer(
        Path(where) / "tables.sqlite3", Path(where) / "server.log"
    ) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name in args.games:
            game, seats, middle = TABLES[name]
            for lang in LANGUAGES:
                status, made = server.request("POST", "api/tables",
                                              {"game": game, "seats": seats})
                if status != 201:
                    raise SystemExit(f"{name}: {made}")
                link = made["seats"][0]["link"]
                pages = []
                for viewport in (DESKTOP, PHONE):
                    context = browser.new_context(
                        viewport=viewport, device_scale_factor=1,
                        locale="de-DE" if lang == "de" else "en-GB",
                        extra_http_headers={"accept-language": lang})
                    page = context.new_page()
                    page.goto(link)
                    _settle(page)
                    pages.append(page)
                desktop, phone = pages
                files = _shoot(desktop, phone, out, name, lang, "start")
                _play(desktop, middle)
                files += _shoot(desktop, phone, out, name, lang, "middle")
                _play(desktop, None)
                files += _shoot(desktop, phone, out, name, lang, "end")
                if name == args.games[-1]:  # the lobby, with this table under "my tables"
                    for page, screen in ((desktop, "desktop"), (phone, "phone")):
                        page.goto(server.url)
                        page.wait_for_selector("#mine[data-loaded='1']")
                        path = out / f"lobby-{screen}-{lang}.png"
                        page.screenshot(path=str(path), full_page=screen == "desktop")
                        files.append(path.name)
                for page in pages:
                    page.context.close()
                index.append(f"- {name}, {lang}: " + ", ".join(f"[{f}]({f})" for f in files))
                print(f"{name} ({lang}): {', '.join(files)}")
            # The README's pictures: the middle of the race, in English.
            for screen in ("desktop", "phone"):
                shutil.copyfile(out / f"{name}-{screen}-en-middle.png",
                                out / f"{name}-{screen}.png")
        browser.close()
    if set(args.games) == set(TABLES):
        (out / "README.md").write_text(
            "# Screenshots\n\nMade by `scripts/screenshots.py`: each game's table page at "
            "the start, in the middle and at the end of a race, on a desktop (1280 x 800) "
            "and a phone (360 x 740), in English and German. Anna plays; the other seats "
            "are bots.\n\n" + "\n".join(index) + "\n")


if __name__ == "__main__":
    main()
