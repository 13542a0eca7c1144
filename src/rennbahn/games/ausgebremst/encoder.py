"""The Ausgebremst observation as a vector in [-1, 1], the observer's car first.

Built from what the seat may see: the seat's own hand, deck and (advanced game) gear stacks,
never another seat's. ``encode_into`` reads the seat's typed view; ``encode_state`` writes the
same floats straight from the state, without building the view (four to five times faster).

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

from rennbahn.core.encoding import Buffer, FloatArray, Layout, bounded, new_buffer, scaled, store
from rennbahn.core.protocol import Game, State
from rennbahn.core.views import View, expect_view
from rennbahn.games.ausgebremst.components import DECK_CHOICES, VALUES
from rennbahn.games.ausgebremst.constants import (
    CARS,
    FINISHED,
    HAND_SIZE,
    LAST_TURN,
    RACING,
    STACKS,
)
from rennbahn.games.ausgebremst.rules import AusgebremstGame, AusgebremstState
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
        seen = expect_view(view, AusgebremstView)
        buf = new_buffer(self.size)
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
        store(buf, out)

    def _own(self, own: Own, buf: Buffer) -> None:
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

    def _cars(self, seen: AusgebremstView, order: list[int], buf: Buffer) -> None:
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
        """:meth:`encode_into` of ``state.view(seat)``, the same floats, read straight off
        the state: the seat's own cards and what every seat sees, nothing else."""
        assert isinstance(state, AusgebremstState)
        st = state
        g = st.g
        buf = new_buffer(self.size)
        h = self.head
        n = self.players
        me = seat
        order = self._order(me)
        place_of = [0] * CARS
        for place, car in enumerate(order):
            place_of[car] = place
        buf[h["advanced"]] = float(g.advanced)
        buf[h["race"]] = bounded(st.race + 1, self.races, 0.0)
        buf[h["idle"]] = bounded(st.idle, 10, 0.0)
        buf[h["lineup_due"]] = float(st.lineup_due)
        buf[h["my_turn"]] = float(st._current_player() == me)
        buf[h["turn"] + place_of[st.order[st.turn]]] = 1.0
        if st.queue:
            step, car, _ = st.queue[0]
            buf[h["waiting"] + step] = 1.0
            buf[h["waiting_car"] + place_of[car]] = 1.0
        last = st.last
        if last is not None:
            _, car, kind, value, _ = last
            buf[h["last_car"] + place_of[car]] = 1.0
            buf[h["last_act"] + kind] = 1.0
            if kind == LAST_TURN:
                buf[h["last_card"]] = bounded(value, len(VALUES), 0.0)
        totals = st.returns()
        for place in range(n):
            buf[h["totals"] + place] = bounded(totals[(me + place) % n],
                                               WIN_POINTS * self.races, 0.0)
        self._own_state(st, me, buf)
        self._cars_state(st, me, order, buf)
        store(buf, out)

    def _own_state(self, st: AusgebremstState, me: int, buf: Buffer) -> None:
        """:meth:`_own` read off the state."""
        h = self.head
        for value in st.hand[me]:
            buf[h["hand"] + value - 1] += 1.0 / self.hand_size
        deck = st.deck[me]
        for i in range(len(VALUES)):
            buf[h["deck"] + i] = bounded(deck[i + 1], CARDS_OF_A_VALUE, 0.0)
        g = st.g
        if not g.advanced:
            return
        choice = st.choice[me]
        if choice >= 0:
            buf[h["choice"] + choice] = 1.0
        for i, stack in enumerate(st.gears[me]):
            if stack >= 0:
                buf[h["gears"] + i * STACKS + stack] = 1.0
        for s, pile in enumerate(st.stacks[me]):
            for i in range(len(VALUES)):
                buf[h["stacks"] + s * len(VALUES) + i] = bounded(pile[i + 1], CARDS_OF_A_VALUE,
                                                                 0.0)
        for s, tops in enumerate(st.tops[me]):
            for value in tops:
                buf[h["stack_tops"] + s * len(VALUES) + value - 1] += 0.5
        if g.chosen_stacks:
            for place, value in enumerate(st.dealt[me]):
                buf[h["dealt"] + value - 1] = bounded(place + 1, len(VALUES), 0.0)

    def _cars_state(self, st: AusgebremstState, me: int, order: list[int],
                    buf: Buffer) -> None:
        """:meth:`_cars` read off the state."""
        g = st.g
        h = self.head
        track = st.track
        names = track.names
        status, cross, finish = st.status, st.cross, st.finish
        leaders = st.leaders()
        mine = 0 if status[me] == FINISHED else track.remaining(st.pos[me], cross[me])
        c = self.car
        o_slot, o_to_finish, o_lead, o_place = c["slot"], c["to_finish"], c["lead"], c["place"]
        o_leader, o_on_board, o_lap, o_crossings = c["leader"], c["on_board"], c["lap"], \
            c["crossings"]
        o_pit_stop, o_status, o_finish_place, o_cards = c["pit_stop"], c["status"], \
            c["finish_place"], c["cards"]
        o_points_left, o_played, o_shown, o_pit_cards = c["points_left"], c["played"], \
            c["shown"], c["pit_cards"]
        o_neutral = c["neutral"]
        values = len(VALUES)
        for place, car in enumerate(order):
            base = h.size + place * c.size
            finished = status[car] == FINISHED
            slot = _SLOT_OF.get("fin" if finished else names[st.pos[car]])
            if slot is not None:
                buf[base + o_slot + slot] = 1.0
            distance = 0 if finished else track.remaining(st.pos[car], cross[car])
            buf[base + o_to_finish] = bounded(distance, DISTANCE_SCALE, 0.0)
            buf[base + o_lead] = bounded(mine - distance, DISTANCE_SCALE, -1.0)
            buf[base + o_place + st.order.index(car)] = 1.0
            buf[base + o_leader] = float(car in leaders)
            buf[base + o_on_board] = float(status[car] == RACING)
            buf[base + o_lap] = bounded(min(max(cross[car], 1), LAPS), LAPS, 0.0)
            buf[base + o_crossings] = bounded(cross[car], FINISH_CROSSING, 0.0)
            buf[base + o_pit_stop] = float(st.pitted[car])
            buf[base + o_status + status[car]] = 1.0
            if car in finish:
                buf[base + o_finish_place] = bounded(finish.index(car) + 1, CARS, 0.0)
            buf[base + o_cards] = bounded(len(st.hand[car]), self.hand_size, 0.0)
            pit_cards, left = st._public_pit_cards(car, me)
            buf[base + o_points_left] = bounded(left, POINTS_SCALE, 0.0)
            played = st.played[car]
            for i in range(values):
                count = played[i + 1]
                if count:
                    buf[base + o_played + i] = bounded(count, CARDS_OF_A_VALUE, 0.0)
            shown = st.shown[car]
            if shown is not None:
                for value in shown:
                    buf[base + o_shown + value - 1] += 1.0 / self.hand_size
            for value in pit_cards:
                buf[base + o_pit_cards + value - 1] += 0.5
            buf[base + o_neutral] = float(g.is_neutral(car))


def make_encoder(game: Game) -> AusgebremstEncoder:
    assert isinstance(game, AusgebremstGame)
    return AusgebremstEncoder(game)
