"""The Ausgebremst observation as a vector in [-1, 1], the observer's car first.

Built only from the observation dict: the seat's own hand, deck and (advanced game) gear
stacks, never another seat's.

Cars are taken in this order: the observer's, the other seats' by place (the next seat
first), then the neutral cars. Blocks: advanced game, race / races, idle turns, line-up due,
observer to move, whose turn (by car), the step waited for (one-hot) and by which car, the
last act (by car, kind, card value); championship totals per seat (by place); the observer's
hand and deck (cards per value), deck choice, gear of each value and the gear stacks (cards per
value), stack tops. Per car: where it stands as a destination slot (one-hot over the slots the
action ids use, ``{column}{i|o|b}``, ``p1``..., ``fin``), spaces to the finish, lead over the
observer, place (one-hot), leader, on the board, lap, crossings, pit stop made, status
(one-hot), finishing place, cards in hand, points left, cards played and shown and pit cards
per value, neutral.
"""

from __future__ import annotations

from collections.abc import Mapping

from rennbahn.core.protocol import JSON, Game
from rennbahn.games.ausgebremst.components import DECK_CHOICES, VALUES
from rennbahn.games.ausgebremst.rules import CARS, HAND_SIZE, STACKS, AusgebremstGame
from rennbahn.games.ausgebremst.tracks import FINISH_CROSSING, LAPS, SLOTS, slot_name
from rennbahn.interop.encoders import (
    FloatArray,
    Layout,
    as_dict,
    as_int,
    as_list,
    scaled,
)

STEP_NAMES = ("draw", "deck", "gears", "stack", "take", "put")
STATUS_NAMES = ("racing", "finished", "out")
ACT_NAMES = ("turn", "stack", "put")
SLOT_NAMES = tuple(slot_name(slot) for slot in range(SLOTS))
_SLOT_OF = {name: slot for slot, name in enumerate(SLOT_NAMES)}
#: Spaces to the finish are scaled by this (three laps of the longest stock track are fewer).
DISTANCE_SCALE = 120.0
#: Points a car holds at the start are scaled by this (a deck holds fewer).
POINTS_SCALE = 120.0
#: Cards of one value a deck or a pile holds, at most about.
CARDS_OF_A_VALUE = 8.0
#: Championship points of one race for the winner.
WIN_POINTS = 9


class AusgebremstEncoder:
    """Fixed-size vector of an Ausgebremst seat's observation."""

    low = -1.0
    high = 1.0

    def __init__(self, game: AusgebremstGame) -> None:
        n = self.players = game.players
        self.races = len(game.races)
        self.hand_size = HAND_SIZE["family"]
        cars = [f"car{i}" for i in range(CARS)]
        values = [str(v) for v in VALUES]
        head = Layout()
        head.add("advanced", 1)
        head.add("race", 1)
        head.add("idle", 1)
        head.add("lineup_due", 1)
        head.add("my_turn", 1)
        head.add("turn", CARS, cars)
        head.add("waiting", len(STEP_NAMES), STEP_NAMES)
        head.add("waiting_car", CARS, cars)
        head.add("last_car", CARS, cars)
        head.add("last_act", len(ACT_NAMES), ACT_NAMES)
        head.add("last_card", 1)
        head.add("totals", n, [f"place{p}" for p in range(n)])
        head.add("hand", len(VALUES), values)
        head.add("deck", len(VALUES), values)
        head.add("choice", len(DECK_CHOICES), DECK_CHOICES)
        head.add("gears", len(VALUES) * STACKS,
                 [f"{v}>{s + 1}" for v in values for s in range(STACKS)])
        head.add("stacks", STACKS * len(VALUES),
                 [f"{s + 1}:{v}" for s in range(STACKS) for v in values])
        head.add("stack_tops", STACKS * len(VALUES),
                 [f"{s + 1}:{v}" for s in range(STACKS) for v in values])
        self.head = head
        car = Layout()
        car.add("slot", SLOTS, SLOT_NAMES)
        car.add("to_finish", 1)
        car.add("lead", 1)
        car.add("place", CARS, range(1, CARS + 1))
        car.add("leader", 1)
        car.add("on_board", 1)
        car.add("lap", 1)
        car.add("crossings", 1)
        car.add("pit_stop", 1)
        car.add("status", len(STATUS_NAMES), STATUS_NAMES)
        car.add("finish_place", 1)
        car.add("cards", 1)
        car.add("points_left", 1)
        car.add("played", len(VALUES), values)
        car.add("shown", len(VALUES), values)
        car.add("pit_cards", len(VALUES), values)
        car.add("neutral", 1)
        self.car = car
        self.size = head.size + CARS * car.size

    def feature_names(self) -> list[str]:
        names = self.head.names()
        for place in range(CARS):
            names += self.car.names(f"car{place}.")
        return names

    def _order(self, me: int) -> list[int]:
        """Car indices by place: the observer's, the other seats', the neutral cars."""
        n = self.players
        return [(me + p) % n for p in range(n)] + list(range(n, CARS))

    def encode_into(self, observation: Mapping[str, JSON], out: FloatArray) -> None:
        # Item writes to a Python list are several times faster than to numpy.
        buf = [0.0] * self.size
        h = self.head
        n = self.players
        me = as_int(observation["seat"])
        order = self._order(me)
        cars = [as_dict(raw) for raw in as_list(observation["cars"])]
        names = [str(car["car"]) for car in cars]
        place_of = {names[car]: place for place, car in enumerate(order)}
        buf[h["advanced"]] = float(observation["mode"] == "advanced")
        buf[h["race"]] = scaled(observation["race"], self.races)
        buf[h["idle"]] = scaled(observation["idle"], 10)
        buf[h["lineup_due"]] = float(bool(observation["lineup_due"]))
        buf[h["my_turn"]] = float(observation["to_move"] == me)
        buf[h["turn"] + place_of[str(observation["turn"])]] = 1.0
        waiting = observation["waiting"]
        if isinstance(waiting, dict):
            buf[h["waiting"] + STEP_NAMES.index(str(waiting["step"]))] = 1.0
            buf[h["waiting_car"] + place_of[str(waiting["car"])]] = 1.0
        last = observation.get("last")
        if isinstance(last, dict):
            buf[h["last_car"] + place_of[str(last["car"])]] = 1.0
            buf[h["last_act"] + ACT_NAMES.index(str(last["act"]))] = 1.0
            buf[h["last_card"]] = scaled(last.get("card"), len(VALUES))
        totals = as_list(observation["totals"])
        for place in range(n):
            buf[h["totals"] + place] = scaled(totals[(me + place) % n], WIN_POINTS * self.races)
        own = as_dict(observation["me"])
        for value in as_list(own["hand"]):
            buf[h["hand"] + as_int(value) - 1] += 1.0 / self.hand_size
        for i, count in enumerate(as_list(own["deck"])):
            buf[h["deck"] + i] = scaled(count, CARDS_OF_A_VALUE)
        choice = own.get("choice")
        if choice is not None:
            buf[h["choice"] + DECK_CHOICES.index(str(choice))] = 1.0
        for i, digit in enumerate(str(own.get("gears", ""))):
            if digit.isdigit():
                buf[h["gears"] + i * STACKS + int(digit) - 1] = 1.0
        for s, pile in enumerate(as_list(own.get("stacks", []))):
            for i, count in enumerate(as_list(pile)):
                buf[h["stacks"] + s * len(VALUES) + i] = scaled(count, CARDS_OF_A_VALUE)
        for s, tops in enumerate(as_list(own.get("stack_tops", []))):
            for value in as_list(tops):
                buf[h["stack_tops"] + s * len(VALUES) + as_int(value) - 1] += 0.5

        leaders = set(as_list(observation["leaders"]))
        mine = as_int(cars[me]["to_finish"])
        c = self.car
        for place, index in enumerate(order):
            car = cars[index]
            base = h.size + place * c.size
            slot = _SLOT_OF.get(str(car["space"]))
            if slot is not None:
                buf[base + c["slot"] + slot] = 1.0
            distance = as_int(car["to_finish"])
            buf[base + c["to_finish"]] = scaled(distance, DISTANCE_SCALE)
            buf[base + c["lead"]] = scaled(mine - distance, DISTANCE_SCALE, low=-1.0)
            buf[base + c["place"] + as_int(car["place"]) - 1] = 1.0
            buf[base + c["leader"]] = float(car["car"] in leaders)
            buf[base + c["on_board"]] = float(bool(car["on_board"]))
            buf[base + c["lap"]] = scaled(car["lap"], LAPS)
            buf[base + c["crossings"]] = scaled(car["crossings"], FINISH_CROSSING)
            buf[base + c["pit_stop"]] = float(bool(car["pit_stop"]))
            buf[base + c["status"] + STATUS_NAMES.index(str(car["status"]))] = 1.0
            buf[base + c["finish_place"]] = scaled(car["finish_place"], CARS)
            buf[base + c["cards"]] = scaled(car["cards"], self.hand_size)
            buf[base + c["points_left"]] = scaled(car["points_left"], POINTS_SCALE)
            for i, count in enumerate(as_list(car["played"])):
                buf[base + c["played"] + i] = scaled(count, CARDS_OF_A_VALUE)
            shown = car["shown"]
            if isinstance(shown, list):
                for value in shown:
                    buf[base + c["shown"] + as_int(value) - 1] += 1.0 / self.hand_size
            for value in as_list(car["pit_cards"]):
                buf[base + c["pit_cards"] + as_int(value) - 1] += 0.5
            buf[base + c["neutral"]] = float(car["seat"] is None)
        out[:] = buf


def make_encoder(game: Game) -> AusgebremstEncoder:
    assert isinstance(game, AusgebremstGame)
    return AusgebremstEncoder(game)
