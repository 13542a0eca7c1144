"""Whole games through real websockets to a real server process, with a kill -9 in the middle.

Two people and a bot at each table, a spectator, a reconnect, undo (allowed and refused) and
a restart (SIGKILL, then a new server on the same database). Afterwards every message each
connection received is checked against what its seat may know, recomputed by replaying the
finished game's record.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import rennbahn
from rennbahn.core.protocol import State
from rennbahn.core.records import Record, replay
from rennbahn.server.local import LocalServer
from tests.server.client import Conn

GAMES = [
    "gibgas(players=6)",  # six drivers: each one's discard is secret (I15)
    "von0auf100(players=3,race=small)",
    "grandprix(players=3)",
    "ausgebremst(players=3,mode=advanced)",
]
NAMES = ["Anna <b>&", "Ben \"B\""]


async def _take_turns(people: list[Conn], rng: random.Random, stats: dict[str, Any]) -> bool:
    """Each person who must act makes a random legal move and then tries to take it back,
    at every point: an undo accepted is followed by a move that stands (so the game goes
    on), and is noted in ``stats["undone"]`` as (ply, seat, action) for the leak check."""
    acted = False
    for conn in people:
        view = conn.view
        if conn.closed or view is None or view["over"]:
            continue
        key = (view["number"], view["ply"], tuple(view["chosen"]))
        if view["seat"] not in view["to_act"] or not view["legal"] or conn.sent == key:
            continue
        conn.sent = key
        choice = rng.choice(view["legal"])
        by_name = rng.random() < 0.5
        message = {"type": "move", "v": 1, "number": view["number"]}
        message.update({"move": choice["move"]} if by_name else {"action": choice["action"]})
        _drain(conn)
        await conn.send(message)
        answer = await _answer(conn)
        if answer["type"] == "error":
            # A bot moved first (choose again once the new view is here: sending the same
            # move again on the old view only spends the connection's rate), or this fast
            # client must slow down (the server drops a flood unanswered after telling once,
            # so it waits for the bucket to refill before it sends again).
            assert answer["code"] in ("stale", "rate_limited"), answer
            if answer["code"] == "rate_limited":
                await asyncio.sleep(0.2)
                conn.sent = None
            continue
        stats["moves"] += 1
        acted = True
        if conn.redo:  # this move follows an undo: it stands
            conn.redo = False
            continue
        stats["undo_tries"] += 1
        _drain(conn)
        await conn.send({"type": "undo", "v": 1, "number": answer["number"]})
        reply = await _answer(conn)
        if reply["type"] == "ack":
            if answer["number"] == view["number"] + 1:  # a step, not a secret choice
                stats["undone"].append((view["ply"], view["seat"], choice["action"],
                                        choice["move"]))
            conn.sent = None
            conn.redo = True
        else:
            assert reply["code"] in ("undo_refused", "stale", "rate_limited"), reply
            stats["refused"] += reply["code"] == "undo_refused"
            if reply["code"] == "rate_limited":
                await asyncio.sleep(0.2)
    return acted


def _drain(conn: Conn) -> None:
    while not conn.unread.empty():
        conn.unread.get_nowait()


async def _answer(conn: Conn) -> dict[str, Any]:
    while True:
        message = await conn.next()
        if message["type"] in ("ack", "error"):
            return message
        assert message["type"] != "closed", "the server closed the connection"


class Game:
    """One table under test: its two people, a spectator, and what happened."""

    def __init__(self, server: LocalServer, text: str) -> None:
        self.text = text
        bots = rennbahn.load_game(text).num_players() - 2
        status, created = server.request("POST", "api/tables", {
            "game": text,
            "seats": [{"name": NAMES[0]}, {"name": NAMES[1]}] + [{"bot": "random"}] * bots,
        })
        assert status == 201, created
        self.table: str = created["table"]
        self.tokens = [s.get("token") for s in created["seats"]]
        self.people = [Conn(server.ws_url, self.table, t) for t in self.tokens[:2]]
        self.conns = [*self.people, Conn(server.ws_url, self.table, None)]
        self.stats: dict[str, Any] = {"moves": 0, "undo_tries": 0, "undone": [], "refused": 0}
        self.rng = random.Random(text)
        self.reconnected = False
        self.record: dict[str, Any] = {}
        self.stories: dict[int | None, list[dict[str, Any]]] = {}

    def over(self) -> bool:
        return all(c.view is not None and c.view["over"] for c in self.conns)

    async def open(self) -> None:
        for conn in self.conns:
            await conn.open()  # (re)connect, hello, and resume from the view

    async def play(self, until: int | None) -> None:
        """Play until the people made ``until`` moves (None: to the end)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + 40
        while not self.over() and (until is None or self.stats["moves"] < until):
            assert loop.time() < end, f"{self.text}: the game did not finish"
            if not await _take_turns(self.people, self.rng, self.stats):
                await asyncio.sleep(0.005)
            if self.stats["moves"] >= 4 and not self.reconnected:
                self.reconnected = True
                await self.people[1].close()
                await self.people[1].open()


async def _four_games(server: LocalServer) -> list[Game]:
    games = [Game(server, text) for text in GAMES]
    for game in games:
        await game.open()
        # Nothing to take back yet: refused, with the reason.
        first = game.people[0]
        await first.send({"type": "undo", "v": 1, "number": first.current["number"]})
        assert (await first.error())["code"] == "undo_refused"
        game.stats["refused"] += 1
    await asyncio.gather(*(game.play(9) for game in games))
    assert not any(game.over() for game in games)
    server.kill()  # SIGKILL in the middle of every game
    for game in games:
        for conn in game.conns:
            if conn.reader is not None:
                await conn.reader  # each client sees its connection drop
    server.start()  # the same database
    told = 0
    for game in games:
        await game.open()
        # A page reloaded in the middle asks for the story so far as its seat saw it.
        await game.people[0].close()
        await game.people[0].open(history=True)
        told += len(game.people[0].current["narration"])
    assert told > 0
    await asyncio.gather(*(game.play(None) for game in games))
    for game in games:
        status, game.record = server.request("GET", f"api/tables/{game.table}/record")
        assert status == 200, game.record
        for seat in (0, None):
            status, game.stories[seat] = server.request(
                "GET", f"api/tables/{game.table}/story" + ("" if seat is None else f"?seat={seat}"))
            assert status == 200
        for conn in game.conns:
            await conn.close()
    return games


def _valid_views(conn: Conn) -> list[tuple[str, dict[str, Any]]]:
    """Views still on the path of the game: those not later undone."""
    views = [(raw, v) for raw, v in conn.received if v["type"] == "view"]
    result = []
    low = 10**9
    for raw, view in reversed(views):
        if view["ply"] <= low:
            result.append((raw, view))
        low = min(low, view["ply"])
    return result[::-1]


def _check_undos(game: Game, states: list[State]) -> int:
    """Every frame around an undo shows each seat only what it may know (issue 21, point 1):
    a view of a position later taken back equals that seat's observation of it (the move
    applied to the position it was taken back to), and the undo's narration names the move
    to the seat that took it back alone; the others hear that a move was taken back."""
    undone = game.stats["undone"]
    checked = 0
    for conn in game.conns:
        seat = conn.current["seat"]
        mine = {f"You took back {move}." for _, mover, _, move in undone if mover == seat}
        theirs = {f"{NAMES[mover]} took back a move." for _, mover, _, _ in undone
                  if mover != seat}
        on_path = {id(view) for _, view in _valid_views(conn)}
        for _, message in conn.received:
            if message["type"] != "view":
                continue
            for line in message["narration"]:
                if "took back" in line:
                    assert line in mine | theirs, (seat, line)
                    checked += 1
            if id(message) in on_path:
                continue
            seen = []
            for ply, _, action, _ in undone:
                if ply == message["ply"] - 1:
                    taken_back = states[ply].clone()
                    taken_back.apply_action(action)
                    seen.append(_observed(taken_back, seat))
            assert message["observation"] in seen, (seat, message["ply"])
            checked += 1
    return checked


def _keys(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*(_keys(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(v) for v in value))
    return set()


def _observed(state: State, seat: int | None) -> Any:
    """What a seat (None: a spectator) may see, as JSON carries it."""
    if seat is not None:
        return json.loads(json.dumps(state.observation(seat)))
    try:
        return json.loads(json.dumps(state.public_observation()))
    except NotImplementedError:
        return None


def _check_leaks(game: Game) -> None:
    record = Record.from_json(game.record)
    states = [state for _, state in replay(record)]  # every step checked again
    assert states[-1].is_terminal()
    hidden = type(states[0].get_game()).HIDDEN_INFORMATION
    for seat, told in game.stories.items():  # the finished game as a seat and a spectator
        assert len(told) == len(states)
        for entry, state in zip(told, states, strict=True):
            assert entry["observation"] == _observed(state, seat)
    if game.stats["undone"]:
        assert _check_undos(game, states) > 0
    narrated = 0
    for conn in game.conns:
        seat = conn.current["seat"]
        for raw, message in conn.received:
            for i, token in enumerate(game.tokens):
                assert token is None or token not in raw, \
                    f"seat {seat} got seat {i}'s token"
            assert str(record.seed) not in raw
            if message["type"] == "welcome":
                assert message["seat"] == seat
        views = _valid_views(conn)
        assert views, "no view"
        for raw, view in views:
            state = states[view["ply"]]
            assert view["seat"] == seat
            if hidden:
                assert state.to_text() not in raw
            narrated += len(view["narration"])
            if seat is None:
                assert view["observation"] == _observed(state, None)
                assert view["legal"] == [] and view["your_choice"] is None
                assert not _keys(view["observation"]) & {"hand", "discard", "licences", "me"}
                continue
            assert view["observation"] == _observed(state, seat)
            if view["legal"]:
                assert [(m["action"], m["move"]) for m in view["legal"]] == [
                    (a, state.action_to_string(seat, a)) for a in state.legal_actions(seat)]
            licences = view["observation"].get("licences")
            if licences is not None:  # Von 0 auf 100: only one's own licence, never another's
                for other in range(state.get_game().num_players()):
                    if other != seat:
                        theirs = set(state.observation(other)["licences"])
                        assert not theirs & set(licences), (seat, other)
            drivers = view["observation"].get("drivers")
            if isinstance(drivers, list):  # Gib Gas! with six: a hand and a discard are secret
                for other, driver in enumerate(drivers):
                    if other != seat:
                        assert not {"hand", "discard"} & set(driver), (seat, other)
                    else:
                        assert "discard" in driver
    assert narrated > 0
    assert [c.current["seat"] for c in game.conns] == [0, 1, None]


def test_four_whole_games_with_people_bots_spectators_reconnects_undo_and_kill_9(
    tmp_path: Path,
) -> None:
    server = LocalServer(tmp_path / "tables.sqlite3", tmp_path / "server.log")
    server.start()
    try:
        games = asyncio.run(_four_games(server))
    finally:
        server.stop()
    log = (tmp_path / "server.log").read_text()
    dump = "\n".join(sqlite3.connect(tmp_path / "tables.sqlite3").iterdump())
    for game in games:
        record = Record.from_json(game.record)
        assert record.seats[:2] == NAMES and record.seats[2] == "Driver 3", game.text
        assert rennbahn.load_game(record.game) == rennbahn.load_game(game.text)
        assert len(record.steps) > 10 and game.reconnected
        _check_leaks(game)
        assert game.stats["refused"] >= 1
        if game.text.startswith("von0auf100"):
            assert game.stats["undone"], game.stats  # placements are public
        # Seat tokens are stored hashed only, and never logged.
        for token in filter(None, game.tokens):
            assert token not in dump and token not in log
