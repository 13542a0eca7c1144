"""The server speaks to players (issue 24): moves and the end in words, refusals in the
connection's language with seats by name, undo offered exactly when it is accepted, a
rematch for the same people, the lobby's "my tables", and links only for people's seats.

Each test runs a real ``rennbahn serve`` on 127.0.0.1 and talks to it over real websockets.
"""

from __future__ import annotations

import asyncio
import time
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from rennbahn.server.local import LocalServer
from tests.server.client import Conn, create

#: People and one random bot, one car each, the short track: a short game.
TRIO = "von0auf100(players=3,race=small)"
#: A person and a bot, where nothing comes between the person's move and the bot's.
DUEL = "von0auf100(players=2,race=small)"


def _mine(server: LocalServer, tables: list[dict[str, Any]],
          lang: str = "en") -> list[dict[str, Any]]:
    status, answer = server.request("POST", f"api/mine?lang={lang}", {"tables": tables})
    assert status == 200 and isinstance(answer, dict), answer
    rows: list[dict[str, Any]] = answer["tables"]
    return rows


async def _view(conn: Conn, test: Any, timeout: float = 20.0) -> dict[str, Any]:
    """Wait until the connection's newest view passes ``test``."""
    end = time.monotonic() + timeout
    while conn.view is None or not test(conn.view):
        assert time.monotonic() < end, f"no such view: {conn.view}"
        await asyncio.sleep(0.01)
    return conn.view


async def _play_out(people: list[Conn]) -> None:
    """Each person plays their first legal move whenever they must, until the end; every
    move offered is said in words, never as its notation."""
    end = time.monotonic() + 60
    sent: dict[int, int] = {}
    while not all(p.view is not None and p.view["over"] for p in people):
        assert time.monotonic() < end, "the game did not end"
        for i, p in enumerate(people):
            view = p.view
            if view is None or view["over"] or not view["legal"] \
                    or sent.get(i) == view["number"]:
                continue
            labels = [lm["label"] for lm in view["legal"]]
            assert all(labels), view["legal"]
            assert all(lm["label"] != lm["move"] for lm in view["legal"]), view["legal"]
            assert len(set(labels)) == len(labels), labels
            sent[i] = view["number"]
            await p.send({"type": "move", "v": 1, "number": view["number"],
                          "action": view["legal"][0]["action"]})
        await asyncio.sleep(0.01)


async def _whole_game_then_rematch(server: LocalServer) -> None:
    created = create(server, {"game": TRIO, "seats": [
        {"name": "Anna"}, {"name": "Ben"}, {"bot": "random"}]})
    table = created["table"]
    anna_token, ben_token = (s["token"] for s in created["seats"][:2])
    anna = Conn(server.ws_url, table, anna_token)
    ben = Conn(server.ws_url, table, ben_token, lang="de")
    watcher = Conn(server.ws_url, table, None)
    for conn in (anna, ben, watcher):
        await conn.open()
    # My tables, while it is played: Anna's and Ben's states, a spectator's, and two that
    # hold nothing (no such table; a token of no seat there).
    asked = [{"table": table, "token": anna_token}, {"table": table, "token": ben_token},
             {"table": table}, {"table": "nosuchtable"}, {"table": table, "token": "nope"}]
    rows = _mine(server, asked)
    assert [r["state"] for r in rows[3:]] == ["gone", "gone"]
    assert rows[0]["name"] == "Anna" and rows[1]["name"] == "Ben" and rows[2]["seat"] is None
    mover = anna.current["to_act"]
    assert [r["state"] for r in rows[:2]] == [
        "your_turn" if seat in mover else "waiting" for seat in (0, 1)]
    assert rows[0]["link"].endswith(f"#token={anna_token}") and "#" not in rows[2]["link"]

    # A rematch before the end is refused, in words.
    await anna.send({"type": "rematch", "v": 1})
    refused = await anna.error()
    assert refused["code"] == "not_over" and refused["message"] == "The race is not over yet."

    await _play_out([anna, ben])
    for conn in (anna, ben, watcher):
        final = await _view(conn, lambda v: v["over"] and v["finish"] is not None)
        finish = final["finish"]
        assert sorted(p["seat"] for p in finish["placings"]) == [0, 1, 2]
        assert [p["place"] for p in finish["placings"]] == sorted(
            p["place"] for p in finish["placings"])
        names = [s["name"] for s in final["seats"]]
        assert any(names[w] in finish["headline"] for w in finish["winners"]) \
            or not finish["winners"]
        assert final["can_undo"] is False and final["legal"] == []
    # The German page hears the end in German; the board calls people by their names.
    assert ben.current["finish"]["headline"] != anna.current["finish"]["headline"]
    for conn, default in ((anna, "Driver 1"), (ben, "Fahrer 2")):
        board = conn.current["board"]
        assert "Anna" in board and "Ben" in board and default not in board
    rows = _mine(server, asked[:2], lang="de")
    assert [r["state"] for r in rows] == ["over", "over"]
    assert rows[0]["headline"] == ben.current["finish"]["headline"]

    # The rematch: one new table, the same seats; each person's browser gets its own link.
    await anna.send({"type": "rematch", "v": 1})
    anna_new = await anna.expect("rematch")
    await _view(ben, lambda v: v["rematch"] == anna_new["table"])
    await ben.send({"type": "rematch", "v": 1})
    ben_new = await ben.expect("rematch")
    assert ben_new["table"] == anna_new["table"] != table
    assert ben_new["link"] != anna_new["link"]
    await anna.send({"type": "rematch", "v": 1})  # asked again: the same link
    assert (await anna.expect("rematch"))["link"] == anna_new["link"]
    new_table = anna_new["table"]
    for link, seat in ((anna_new["link"], 0), (ben_new["link"], 1)):
        token = link.split("#token=")[1]
        conn = Conn(server.ws_url, new_table, token)
        await conn.open()
        view = conn.current
        assert view["seat"] == seat and not view["over"] and view["ply"] < 5
        assert [s["name"] for s in view["seats"]] == ["Anna", "Ben", "Driver 3"]
        assert [s["kind"] for s in view["seats"]] == ["person", "person", "bot"]
        await conn.close()
    # A spectator may not open a rematch.
    await watcher.send({"type": "rematch", "v": 1})
    assert (await watcher.error())["code"] == "spectator"
    for conn in (anna, ben, watcher):
        await conn.close()


def test_a_whole_game_in_words_ends_with_places_and_a_rematch_for_the_same_people(
        server: LocalServer) -> None:
    asyncio.run(_whole_game_then_rematch(server))


async def _undo_in_grace(server: LocalServer) -> None:
    created = create(server, {"game": DUEL, "seats": [{"name": "Anna"}, {"bot": "random"}]})
    anna = Conn(server.ws_url, created["table"], created["seats"][0]["token"], lang="de")
    await anna.open()
    view = await _view(anna, lambda v: v["legal"])
    assert view["can_undo"] is False  # nothing of hers to take back yet
    first = view["legal"][0]
    await anna.send({"type": "move", "v": 1, "number": view["number"],
                     "action": first["action"]})
    moved = await _view(anna, lambda v: v["number"] != view["number"])
    # The bot waits its grace: the move can be taken back, and is.
    assert moved["can_undo"] is True, moved
    await anna.send({"type": "undo", "v": 1, "number": moved["number"]})
    await anna.expect("ack")
    back = await _view(anna, lambda v: v["ply"] == view["ply"] and v["legal"])
    assert back["can_undo"] is False
    # Played again, and left: the bot answers after the grace; then it is not offered,
    # and an undo is refused in German, naming the bot's seat.
    await anna.send({"type": "move", "v": 1, "number": back["number"],
                     "action": first["action"]})
    answered = await _view(anna, lambda v: v["ply"] >= view["ply"] + 2, timeout=30)
    assert answered["can_undo"] is False
    await anna.send({"type": "undo", "v": 1, "number": answered["number"]})
    refused = await anna.error()
    assert refused["code"] == "undo_refused"
    assert refused["message"] in (
        "Fahrer 2 hat inzwischen gezogen: Dein Zug bleibt.",
        "Würfel oder Karten haben deinen Zug schon beantwortet: Er bleibt.",
        "Du hast keinen Zug, den du zurücknehmen kannst.",
    ), refused
    assert "seat" in refused["detail"] or "move" in refused["detail"]
    # A move out of turn is refused in German with the name of whom the table waits for.
    if anna.current["legal"] == []:
        await anna.send({"type": "move", "v": 1, "number": anna.current["number"],
                         "action": 0})
        wrong = await anna.error()
        assert wrong["code"] == "not_your_turn" and "Du bist nicht am Zug" in wrong["message"]
    await anna.close()


def test_take_back_is_offered_exactly_while_a_bot_waits_its_grace(tmp_path: Path) -> None:
    with LocalServer(tmp_path / "tables.sqlite3", tmp_path / "server.log",
                     args=["--bot-grace", "2"]) as server:
        asyncio.run(_undo_in_grace(server))


def test_bot_seats_get_a_link_only_when_a_friend_is_invited(server: LocalServer) -> None:
    created = create(server, {"game": TRIO, "seats": [
        {"name": "Anna"}, {"bot": "hard"}, {"bot": "easy", "invite": True}]})
    seats = created["seats"]
    assert "link" in seats[0] and "token" in seats[0]
    assert "link" not in seats[1] and "token" not in seats[1]
    assert "#token=" in seats[2]["link"]


class _Text(HTMLParser):
    """The text a page shows (no tags, attributes or scripts; a row template counts)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("script", "style")

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def _shown(page: str) -> str:
    parser = _Text()
    parser.feed(page)
    return " ".join(parser.parts)


def test_the_lobby_says_games_bots_and_open_tables_in_words(server: LocalServer) -> None:
    create(server, {"game": "grandprix(players=3,oncoming=pass)", "public": True,
                     "seats": [{"name": "Anna"}, {}, {"bot": "medium"}]})
    for lang, words in (("en", ["Easy", "Medium", "Hard"]), ("de", ["Leicht", "Mittel"])):
        status, page = server.request("GET", f"?lang={lang}")
        assert status == 200 and isinstance(page, str)
        page = _shown(page)
        for word in words:
            assert word in page
        for identifier in ("tempo_after_pit", "accident_blocks_return", "(I1", "ismcts",
                           "oncoming=pass"):
            assert identifier not in page, identifier
