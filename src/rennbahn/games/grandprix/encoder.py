"""The Grand Prix observation as a vector in [-1, 1], cars rotated so the observer's is first.

Grand Prix hides nothing; the vector is still built from the observation dict alone.

Blocks: phase (one-hot), whether the observer is to move, who is to move (by place), turns
played / turn limit, the stack's cards left by kind, cards left, turnaround laid, finish,
the card to lay and the ways it may turn (placing), the die face waiting at a grandstand, the
last roll's face; the track, per card slot: laid, kind (one-hot), where it lies (x, y relative
to the start) and how it turns (left, ahead, right); the end of the laid track (x, y and
heading); per car (by place): progress / longest race, cards to the finish, lead over the
observer, on the way back, home, misses a turn, and for each of the next ``LOOKAHEAD`` cards
along its way: laid, kind (one-hot) and how many cars stand there.
"""

from __future__ import annotations

from collections.abc import Mapping

from rennbahn.core.protocol import JSON, Game
from rennbahn.games.grandprix.components import HEADING_NAMES, KIND_NAMES, STACK_KINDS
from rennbahn.games.grandprix.rules import ACTION_NAMES, PHASES, GrandPrixGame
from rennbahn.interop.encoders import (
    FloatArray,
    Layout,
    as_dict,
    as_int,
    as_list,
    scaled,
)

#: A roll drives a car at most six cards, a grandstand's second roll as many again.
LOOKAHEAD = 12
TURN_NAMES = ("left", "ahead", "right")
#: A car holds at most this many cars' worth of room on one card (an accident card one).
CARD_ROOM = 2


def _turn(came: str, went: str) -> int:
    """0 left, 1 ahead, 2 right (headings run east, north, west, south: counter-clockwise)."""
    delta = (HEADING_NAMES.index(went) - HEADING_NAMES.index(came)) % 4
    return {1: 0, 0: 1, 3: 2}.get(delta, 1)


class GrandPrixEncoder:
    """Fixed-size vector of a Grand Prix seat's observation."""

    low = -1.0
    high = 1.0

    def __init__(self, game: GrandPrixGame) -> None:
        n = self.players = game.players
        self.stack_counts = game.stack.counts
        #: The start, every stack card and the turnaround.
        self.max_cards = game.stack.size + 2
        #: Out to the turnaround and back.
        self.longest = 2 * (self.max_cards - 1)
        self.turn_limit = game.turn_limit
        places = [f"place{p}" for p in range(n)]
        head = Layout()
        head.add("phase", len(PHASES), PHASES)
        head.add("my_turn", 1)
        head.add("to_move", n, places)
        head.add("turns", 1)
        head.add("stack", STACK_KINDS, KIND_NAMES[:STACK_KINDS])
        head.add("stack_left", 1)
        head.add("turnaround_laid", 1)
        head.add("finish", 1)
        head.add("card_to_lay", len(KIND_NAMES), KIND_NAMES)
        head.add("ways", len(ACTION_NAMES), ACTION_NAMES)
        head.add("rolled", 1)
        head.add("last_roll", 1)
        head.add("end", 2, ("x", "y"))
        head.add("end_heading", len(HEADING_NAMES), HEADING_NAMES)
        self.head = head
        card = Layout()
        card.add("laid", 1)
        card.add("kind", len(KIND_NAMES), KIND_NAMES)
        card.add("xy", 2, ("x", "y"))
        card.add("turn", len(TURN_NAMES), TURN_NAMES)
        self.card = card
        car = Layout()
        car.add("progress", 1)
        car.add("to_finish", 1)
        car.add("lead", 1)
        car.add("returning", 1)
        car.add("home", 1)
        car.add("misses_turn", 1)
        car.add("ahead", LOOKAHEAD * (2 + len(KIND_NAMES)),
                [f"+{d}:{what}" for d in range(1, LOOKAHEAD + 1)
                 for what in ("laid", *KIND_NAMES, "cars")])
        self.car = car
        self.cars_offset = head.size + self.max_cards * card.size
        self.size = self.cars_offset + n * car.size

    def feature_names(self) -> list[str]:
        names = self.head.names()
        for slot in range(self.max_cards):
            names += self.card.names(f"card{slot}.")
        for place in range(self.players):
            names += self.car.names(f"car{place}.")
        return names

    def encode_into(self, observation: Mapping[str, JSON], out: FloatArray) -> None:
        # Item writes to a Python list are several times faster than to numpy.
        buf = [0.0] * self.size
        h = self.head
        n = self.players
        me = as_int(observation["seat"])
        buf[h["phase"] + PHASES.index(str(observation["phase"]))] = 1.0
        turn = as_int(observation["turn"])
        buf[h["my_turn"]] = float(turn == me)
        buf[h["to_move"] + (turn - me) % n] = 1.0
        buf[h["turns"]] = scaled(observation["turns"], self.turn_limit)
        stack = as_dict(observation["stack"])
        for k in range(STACK_KINDS):
            buf[h["stack"] + k] = scaled(stack[KIND_NAMES[k]], max(1, self.stack_counts[k]))
        buf[h["stack_left"]] = scaled(observation["stack_left"], self.max_cards)
        buf[h["turnaround_laid"]] = float(bool(observation["turnaround_laid"]))
        finish = observation["finish"]
        buf[h["finish"]] = scaled(finish, self.longest)
        pending = observation.get("card_to_lay")
        if pending is not None:
            buf[h["card_to_lay"] + KIND_NAMES.index(str(pending))] = 1.0
        for way in as_list(observation.get("ways", [])):
            buf[h["ways"] + ACTION_NAMES.index(str(way))] = 1.0
        buf[h["rolled"]] = scaled(observation.get("rolled"), 6)
        last = observation.get("last_roll")
        if isinstance(last, dict):
            buf[h["last_roll"]] = scaled(last.get("face"), 6)

        track = as_list(observation["track"])
        kinds: list[int] = []
        c = self.card
        scale = self.max_cards
        for slot, raw in enumerate(track[: self.max_cards]):
            info = as_dict(raw)
            base = h.size + slot * c.size
            kinds.append(KIND_NAMES.index(str(info["kind"])))
            buf[base + c["laid"]] = 1.0
            buf[base + c["kind"] + kinds[-1]] = 1.0
            buf[base + c["xy"]] = scaled(info["x"], scale, low=-1.0)
            buf[base + c["xy"] + 1] = scaled(info["y"], scale, low=-1.0)
            buf[base + c["turn"] + _turn(str(info["from"]), str(info["to"]))] = 1.0
        if track:
            end = as_dict(track[-1])
            buf[h["end"]] = scaled(end["x"], scale, low=-1.0)
            buf[h["end"] + 1] = scaled(end["y"], scale, low=-1.0)
            buf[h["end_heading"] + HEADING_NAMES.index(str(end["to"]))] = 1.0

        cars = [as_dict(raw) for raw in as_list(observation["cars"])]
        progress = [as_int(car["progress"]) for car in cars]
        standing: dict[int, int] = {}
        for car in cars:
            if not car["home"]:
                spot = as_int(car["card"])
                standing[spot] = standing.get(spot, 0) + 1
        mine = progress[me]
        r = self.car
        width = 2 + len(KIND_NAMES)
        for place in range(n):
            seat = (me + place) % n
            car = cars[seat]
            base = self.cars_offset + place * r.size
            p = progress[seat]
            buf[base + r["progress"]] = scaled(p, self.longest)
            if isinstance(finish, int):
                buf[base + r["to_finish"]] = scaled(finish - p, self.longest)
            buf[base + r["lead"]] = scaled(p - mine, self.longest, low=-1.0)
            buf[base + r["returning"]] = float(bool(car["returning"]))
            buf[base + r["home"]] = float(bool(car["home"]))
            buf[base + r["misses_turn"]] = float(bool(car["misses_turn"]))
            for step in range(1, LOOKAHEAD + 1):
                ahead = p + step
                if isinstance(finish, int):
                    if ahead > finish:
                        break
                    index = ahead if 2 * ahead <= finish else finish - ahead
                else:
                    index = ahead
                if index >= len(kinds):
                    break  # not laid yet
                at = base + r["ahead"] + (step - 1) * width
                buf[at] = 1.0
                buf[at + 1 + kinds[index]] = 1.0
                buf[at + width - 1] = scaled(standing.get(index, 0), CARD_ROOM)
        out[:] = buf


def make_encoder(game: Game) -> GrandPrixEncoder:
    assert isinstance(game, GrandPrixGame)
    return GrandPrixEncoder(game)
