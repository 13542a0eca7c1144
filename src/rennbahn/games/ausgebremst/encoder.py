"""The Ausgebremst observation as a vector in [-1, 1], the observer's car first.

Built only from the seat's typed view: the seat's own hand, deck and (advanced game) gear
stacks, never another seat's.

Cars are taken in this order: the observer's, the other seats' by place (the next seat
first), then the neutral cars. Blocks: advanced game, race / races, idle turns, line-up due,
observer to move, whose turn (by car), the step waited for (one-hot) and by which car, the
last act (by car, kind, card value); championship totals per seat (by place); the observer's
hand and deck (cards per value), deck choice, gear of each value and the gear stacks (cards per
value), stack tops, and with ``stack_order=chosen`` when each value was dealt (its place in
the order dealt, over 6: with the gears it tells each stack's order, the last dealt on top).
Per car: where it stands as a destination slot (one-hot over the slots the action ids use,
``{column}{i|o|b}``, ``p1``..., ``fin``), spaces to the finish, lead over the observer, place
(one-hot), leader, on the board, lap, crossings, pit stop made, status (one-hot), finishing
place, cards in hand, points left, cards played and shown and pit cards per value, neutral.
"""

from __future__ import annotations

from rennbahn.core.encoding import FloatArray, Layout, scaled
from rennbahn.core.protocol import Game, State
from rennbahn.core.views import View, expect_view
from rennbahn.games.ausgebremst.components import DECK_CHOICES, VALUES
from rennbahn.games.ausgebremst.constants import CARS, HAND_SIZE, STACKS
from rennbahn.games.ausgebremst.rules import AusgebremstGame
from rennbahn.games.ausgebremst.tracks import FINISH_CROSSING, LAPS, SLOTS, slot_name
from rennbahn.games.ausgebremst.views import AusgebremstView, Own

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
    #: Raised whenever a vector changes (docs/research.md, "Environment ids").
    version = 1

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
        head.add("dealt", len(VALUES), values)
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

    def encode_into(self, view: View, out: FloatArray) -> None:
        # Item writes to a Python list are several times faster than to numpy.
        seen = expect_view(view, AusgebremstView)
        buf = [0.0] * self.size
        h = self.head
        n = self.players
        me = seen.own_seat
        order = self._order(me)
        cars = seen.cars
        names = [car.car for car in cars]
        place_of = {names[car]: place for place, car in enumerate(order)}
        buf[h["advanced"]] = float(seen.mode == "advanced")
        buf[h["race"]] = scaled(seen.race, self.races)
        buf[h["idle"]] = scaled(seen.idle, 10)
        buf[h["lineup_due"]] = float(seen.lineup_due)
        buf[h["my_turn"]] = float(seen.to_move == me)
        buf[h["turn"] + place_of[seen.turn]] = 1.0
        waiting = seen.waiting
        if waiting is not None:
            buf[h["waiting"] + STEP_NAMES.index(waiting.step)] = 1.0
            buf[h["waiting_car"] + place_of[waiting.car]] = 1.0
        last = seen.last
        if last is not None:
            buf[h["last_car"] + place_of[last.car]] = 1.0
            buf[h["last_act"] + ACT_NAMES.index(last.act)] = 1.0
            card = last.card if isinstance(last.card, int) else None
            buf[h["last_card"]] = scaled(card, len(VALUES))
        totals = seen.totals
        for place in range(n):
            buf[h["totals"] + place] = scaled(totals[(me + place) % n], WIN_POINTS * self.races)
        self._own(seen.me, buf)
        self._cars(seen, order, buf)
        out[:] = buf

    def _own(self, own: Own, buf: list[float]) -> None:
        """The seat's own cards: hand, deck, and (advanced game) deck, gears and stacks."""
        h = self.head
        for value in own.hand:
            buf[h["hand"] + value - 1] += 1.0 / self.hand_size
        for i, count in enumerate(own.deck):
            buf[h["deck"] + i] = scaled(count, CARDS_OF_A_VALUE)
        choice = own.choice
        if isinstance(choice, str):
            buf[h["choice"] + DECK_CHOICES.index(choice)] = 1.0
        for i, digit in enumerate(own.gears or ""):
            if digit.isdigit():
                buf[h["gears"] + i * STACKS + int(digit) - 1] = 1.0
        for s, pile in enumerate(own.stacks or []):
            for i, count in enumerate(pile):
                buf[h["stacks"] + s * len(VALUES) + i] = scaled(count, CARDS_OF_A_VALUE)
        for s, tops in enumerate(own.stack_tops or []):
            for value in tops:
                buf[h["stack_tops"] + s * len(VALUES) + value - 1] += 0.5
        for place, digit in enumerate(own.dealt or ""):
            buf[h["dealt"] + int(digit) - 1] = scaled(place + 1, len(VALUES))

    def _cars(self, seen: AusgebremstView, order: list[int], buf: list[float]) -> None:
        """Every car, the observer's first, as seen from the observer's car."""
        h = self.head
        cars = seen.cars
        leaders = set(seen.leaders)
        mine = cars[seen.own_seat].to_finish
        c = self.car
        for place, index in enumerate(order):
            car = cars[index]
            base = h.size + place * c.size
            slot = _SLOT_OF.get(car.space)
            if slot is not None:
                buf[base + c["slot"] + slot] = 1.0
            distance = car.to_finish
            buf[base + c["to_finish"]] = scaled(distance, DISTANCE_SCALE)
            buf[base + c["lead"]] = scaled(mine - distance, DISTANCE_SCALE, low=-1.0)
            buf[base + c["place"] + car.place - 1] = 1.0
            buf[base + c["leader"]] = float(car.car in leaders)
            buf[base + c["on_board"]] = float(car.on_board)
            buf[base + c["lap"]] = scaled(car.lap, LAPS)
            buf[base + c["crossings"]] = scaled(car.crossings, FINISH_CROSSING)
            buf[base + c["pit_stop"]] = float(car.pit_stop)
            buf[base + c["status"] + STATUS_NAMES.index(car.status)] = 1.0
            buf[base + c["finish_place"]] = scaled(car.finish_place, CARS)
            buf[base + c["cards"]] = scaled(car.cards, self.hand_size)
            buf[base + c["points_left"]] = scaled(car.points_left, POINTS_SCALE)
            for i, count in enumerate(car.played):
                buf[base + c["played"] + i] = scaled(count, CARDS_OF_A_VALUE)
            if car.shown is not None:
                for value in car.shown:
                    buf[base + c["shown"] + value - 1] += 1.0 / self.hand_size
            for value in car.pit_cards:
                buf[base + c["pit_cards"] + value - 1] += 0.5
            buf[base + c["neutral"]] = float(car.seat is None)

    def encode_state(self, state: State, seat: int, out: FloatArray) -> None:
        self.encode_into(state.view(seat), out)


def make_encoder(game: Game) -> AusgebremstEncoder:
    assert isinstance(game, AusgebremstGame)
    return AusgebremstEncoder(game)
