"""The Grand Prix observation as a vector in [-1, 1], cars rotated so the observer's is first.

Grand Prix hides nothing; the vector is still built from the seat's view alone.

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

from rennbahn.core.encoding import FloatArray, Layout, bounded, new_buffer, scaled, store
from rennbahn.core.protocol import Game, State
from rennbahn.core.views import UNSET, View, expect_view
from rennbahn.games.grandprix.components import (
    EAST,
    HEADING_NAMES,
    KIND_NAMES,
    P_PLACE,
    PHASES,
    STACK_KINDS,
    START_CELL,
    STEP,
    TURN_LEFT,
    TURN_RIGHT,
    cell_xy,
)
from rennbahn.games.grandprix.rules import ACTION_NAMES, LEFT, RIGHT, GrandPrixGame, GrandPrixState
from rennbahn.games.grandprix.views import GrandPrixView

#: A roll drives a car at most six cards, a grandstand's second roll as many again.
LOOKAHEAD = 12
TURN_NAMES = ("left", "ahead", "right")
#: A car holds at most this many cars' worth of room on one card (an accident card one).
CARD_ROOM = 2


#: The turn feature (0 left, 1 ahead, 2 right) of a heading's change, (went - came) % 4.
_TURN_FEATURE = (1, 0, 1, 2)


def _turn(came: str, went: str) -> int:
    """0 left, 1 ahead, 2 right (headings run east, north, west, south: counter-clockwise)."""
    delta = (HEADING_NAMES.index(went) - HEADING_NAMES.index(came)) % 4
    return {1: 0, 0: 1, 3: 2}.get(delta, 1)


class GrandPrixEncoder:
    """Fixed-size vector of a Grand Prix seat's observation."""

    low = -1.0
    high = 1.0
    #: Raised whenever a vector changes (docs/research.md, "Environment ids").
    version = 1

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

    def encode_into(self, view: View, out: FloatArray) -> None:
        seen = expect_view(view, GrandPrixView)
        me = seen.seat
        if me is UNSET:
            raise ValueError("a Grand Prix vector is one seat's view, not the public view")
        buf = new_buffer(self.size)
        h = self.head
        n = self.players
        buf[h["phase"] + PHASES.index(seen.phase)] = 1.0
        turn = seen.turn
        buf[h["my_turn"]] = float(turn == me)
        buf[h["to_move"] + (turn - me) % n] = 1.0
        buf[h["turns"]] = scaled(seen.turns, self.turn_limit)
        stack = seen.stack
        for k in range(STACK_KINDS):
            buf[h["stack"] + k] = scaled(stack[KIND_NAMES[k]], max(1, self.stack_counts[k]))
        buf[h["stack_left"]] = scaled(seen.stack_left, self.max_cards)
        buf[h["turnaround_laid"]] = float(seen.turnaround_laid)
        finish = seen.finish
        buf[h["finish"]] = scaled(finish, self.longest)
        if seen.card_to_lay is not UNSET:
            buf[h["card_to_lay"] + KIND_NAMES.index(seen.card_to_lay)] = 1.0
        for way in seen.ways if seen.ways is not UNSET else []:
            buf[h["ways"] + ACTION_NAMES.index(way)] = 1.0
        buf[h["rolled"]] = scaled(seen.rolled if seen.rolled is not UNSET else None, 6)
        last = seen.last_roll
        if last is not None:
            buf[h["last_roll"]] = scaled(last.face, 6)

        track = seen.track
        kinds: list[int] = []
        c = self.card
        scale = self.max_cards
        for slot, info in enumerate(track[: self.max_cards]):
            base = h.size + slot * c.size
            kinds.append(KIND_NAMES.index(info.kind))
            buf[base + c["laid"]] = 1.0
            buf[base + c["kind"] + kinds[-1]] = 1.0
            buf[base + c["xy"]] = scaled(info.x, scale, low=-1.0)
            buf[base + c["xy"] + 1] = scaled(info.y, scale, low=-1.0)
            buf[base + c["turn"] + _turn(info.from_, info.to)] = 1.0
        if track:
            end = track[-1]
            buf[h["end"]] = scaled(end.x, scale, low=-1.0)
            buf[h["end"] + 1] = scaled(end.y, scale, low=-1.0)
            buf[h["end_heading"] + HEADING_NAMES.index(end.to)] = 1.0

        cars = seen.cars
        progress = [car.progress for car in cars]
        standing: dict[int, int] = {}
        for car in cars:
            if not car.home:
                spot = car.card
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
            if finish is not None:
                buf[base + r["to_finish"]] = scaled(finish - p, self.longest)
            buf[base + r["lead"]] = scaled(p - mine, self.longest, low=-1.0)
            buf[base + r["returning"]] = float(car.returning)
            buf[base + r["home"]] = float(car.home)
            buf[base + r["misses_turn"]] = float(car.misses_turn)
            for step in range(1, LOOKAHEAD + 1):
                ahead = p + step
                if finish is not None:
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
        store(buf, out)

    def encode_state(self, state: State, seat: int, out: FloatArray) -> None:
        """:meth:`encode_into` of ``state.view(seat)``, the same floats, read straight off
        the state (Grand Prix hides nothing)."""
        assert isinstance(state, GrandPrixState)
        s = state
        buf = new_buffer(self.size)
        h = self.head
        n = self.players
        me = seat
        phase = s.phase
        buf[h["phase"] + phase] = 1.0
        turn = s.seat
        buf[h["my_turn"]] = float(turn == me)
        buf[h["to_move"] + (turn - me) % n] = 1.0
        buf[h["turns"]] = bounded(s.turns, self.turn_limit, 0.0)
        counts = s.stack.counts
        stack_at = h["stack"]
        for k in range(STACK_KINDS):
            buf[stack_at + k] = bounded(counts[k], max(1, self.stack_counts[k]), 0.0)
        turnaround = s.turnaround
        buf[h["stack_left"]] = bounded(sum(counts) + (turnaround < 0), self.max_cards, 0.0)
        buf[h["turnaround_laid"]] = float(turnaround >= 0)
        finish = 2 * turnaround if turnaround >= 0 else -1
        if finish >= 0:
            buf[h["finish"]] = bounded(finish, self.longest, 0.0)
        if phase == P_PLACE:
            buf[h["card_to_lay"] + s.pending] = 1.0
            ways = h["ways"]
            for t in s.options:
                buf[ways + (LEFT if t == TURN_LEFT else RIGHT if t == TURN_RIGHT else 0)] = 1.0
        elif PHASES[phase] == "stand":
            buf[h["rolled"]] = bounded(s.pending, 6, 0.0)
        last = s.roll_record()
        if last is not None:
            buf[h["last_roll"]] = bounded(last.face, 6, 0.0)

        kinds = s.kinds
        c = self.card
        scale = self.max_cards
        o_laid, o_kind, o_xy, o_turn = c["laid"], c["kind"], c["xy"], c["turn"]
        cell, heading = START_CELL, EAST
        x = y = 0
        laid = len(kinds)
        for slot, turn_laid in enumerate(s.turns_laid()):
            x, y = cell_xy(cell)
            went = (heading + turn_laid) & 3
            if slot < self.max_cards:
                base = h.size + slot * c.size
                buf[base + o_laid] = 1.0
                buf[base + o_kind + kinds[slot]] = 1.0
                buf[base + o_xy] = bounded(x, scale, -1.0)
                buf[base + o_xy + 1] = bounded(y, scale, -1.0)
                buf[base + o_turn + _TURN_FEATURE[(went - heading) % 4]] = 1.0
            cell, heading = cell + STEP[went], went
        if laid:
            buf[h["end"]] = bounded(x, scale, -1.0)
            buf[h["end"] + 1] = bounded(y, scale, -1.0)
            buf[h["end_heading"] + heading] = 1.0

        progress = s.pos
        standing: dict[int, int] = {}
        for p in progress:
            if not (0 <= turnaround and p >= 2 * turnaround):
                spot = s.card_of(p)
                standing[spot] = standing.get(spot, 0) + 1
        mine = progress[me]
        r = self.car
        width = 2 + len(KIND_NAMES)
        skip = s.skip
        for place in range(n):
            car = (me + place) % n
            base = self.cars_offset + place * r.size
            p = progress[car]
            buf[base + r["progress"]] = bounded(p, self.longest, 0.0)
            if finish >= 0:
                buf[base + r["to_finish"]] = bounded(finish - p, self.longest, 0.0)
            buf[base + r["lead"]] = bounded(p - mine, self.longest, -1.0)
            buf[base + r["returning"]] = float(0 <= turnaround < p)
            buf[base + r["home"]] = float(0 <= turnaround and p >= 2 * turnaround)
            buf[base + r["misses_turn"]] = float(bool(skip >> car & 1))
            ahead_at = base + r["ahead"]
            for step in range(1, LOOKAHEAD + 1):
                ahead = p + step
                if finish >= 0:
                    if ahead > finish:
                        break
                    index = ahead if 2 * ahead <= finish else finish - ahead
                else:
                    index = ahead
                if index >= laid:
                    break  # not laid yet
                at = ahead_at + (step - 1) * width
                buf[at] = 1.0
                buf[at + 1 + kinds[index]] = 1.0
                buf[at + width - 1] = bounded(standing.get(index, 0), CARD_ROOM, 0.0)
        store(buf, out)


def make_encoder(game: Game) -> GrandPrixEncoder:
    assert isinstance(game, GrandPrixGame)
    return GrandPrixEncoder(game)
