"""The Von 0 auf 100 observation as a vector in [-1, 1], seats rotated so the observer is first.

Built only from the seat's view (``state.view(seat)``): the seat's own licences and the
owners uncovered, never a licence still hidden.

Blocks: phase (one-hot), race and races, round, cans, next can, cans withdrawn and pending,
licences dealt, whether the observer is to move or starts the round, who is to move (by place,
the observer first), which cans of this round are still to come and whether the observer or
another seat places them, how many of the observer's cars are across; the track laid so far,
as the share of its squares that show each kind (and that are not laid yet); per car in colour
order: square / target, squares to the line, the lead over the observer's best car, out of the
race, the observer's own, owner uncovered (by place), the can it got this round (one-hot),
whether it can still get a can this round, squares given to it by each seat this race (by
place; negative after oil), the kind of the card it stands on, how far each can 1-5 would move
it from there (negative on oil) and whether that takes it across the line, the same for the
next can, and how near the next can card, turbo and oil stain are within ``LOOKAHEAD``
squares ahead of it (and how many of those squares are not laid yet); per seat (by place):
score.

The moves a can would make are read off the track (I2, I3) so that a learner does not have to
find the card under a car among the track's squares: with two players a seat has to give its
big cans to its own cars and its small ones to the others (a car holds one can a round), which
the learner can only see when the move each can makes is there (docs/research.md, "Training").

The track is summarised, not drawn square by square: a one-hot kind per square (and per
square ahead of each car) made 672 of 1,103 features that tell one race's layout from
another's, and a learner fitted those instead of the positions. A linear fit of the winner
from 1,500 random races then explained 29% of the variance of the races it saw and -31% of
held-out ones; MaskablePPO stayed at random play's rate (docs/research.md, "Training").
"""

from __future__ import annotations

from rennbahn.core.encoding import FloatArray, Layout, bounded, new_buffer, scaled, store
from rennbahn.core.protocol import Game, State
from rennbahn.core.views import View, expect_view
from rennbahn.games.von0auf100.components import (
    COLOURS,
    KIND_CODES,
    MAX_ROUNDS,
    NUM_CARS,
    OIL,
    PLAIN,
    POINTS,
    TURBO,
    move_by,
)
from rennbahn.games.von0auf100.rules import Von0auf100Game, Von0auf100State
from rennbahn.games.von0auf100.views import Von0auf100View

PHASE_NAMES = ("layout", "deal", "race", "over")
#: The kinds a square can show, and "not laid yet".
SQUARE_NAMES = (*KIND_CODES, "unlaid")
NUM_CANS = 5
#: Squares ahead of each car searched for the next can card, turbo and oil stain: a can moves
#: a car at most 5 squares, a turbo doubles that.
LOOKAHEAD = 10
#: The symbols whose next card ahead of a car is shown: any can card, the turbo, the oil stain.
AHEAD_NAMES = ("can", "turbo", "oil")
#: A card kind -> its place in AHEAD_NAMES (plain cards have none).
AHEAD_OF_KIND = {**{KIND_CODES.index(str(can)): 0 for can in range(1, 6)}, TURBO: 1, OIL: 2}
#: The same per kind, -1 for none (a list: what a compiled loop reads fastest).
AHEAD_BY_KIND = [AHEAD_OF_KIND.get(kind, -1) for kind in range(len(KIND_CODES))]
#: Squares a seat gives a car in a race are scaled by this (about one lap of the big track).
GIVEN_SCALE = 40.0
#: The longest move a can makes (can 5 on a can-5 card, or on a turbo); moves are scaled by it.
MOVE_SCALE = 10.0
CANS = tuple(range(1, NUM_CANS + 1))
#: move_by(kind, can) for every kind and can 1-5.
MOVES = [[move_by(kind, can) for can in range(NUM_CANS + 1)] for kind in range(len(KIND_CODES))]
#: The move feature, scaled(move_by(kind, can), MOVE_SCALE, low=-1.0), for every kind and can.
MOVE_FEATURES = [[scaled(steps, MOVE_SCALE, low=-1.0) for steps in row] for row in MOVES]


class Von0auf100Encoder:
    """Fixed-size vector of a Von 0 auf 100 seat's view."""

    low = -1.0
    high = 1.0
    #: Raised whenever a vector changes (docs/research.md, "Environment ids").
    version = 1

    def __init__(self, game: Von0auf100Game) -> None:
        self.players = game.players
        self.length = game.length
        self.target = game.target
        self.races = game.races
        self.max_score = max(1, game.races * (max(POINTS) if game.season else 1))
        n = self.players
        head = Layout()
        head.add("phase", len(PHASE_NAMES), PHASE_NAMES)
        head.add("race", 1)
        head.add("races", 1)
        head.add("round", 1)
        head.add("cans", 1)
        head.add("next_can", 1)
        head.add("withdrawn", 1)
        head.add("pending", 1)
        head.add("dealt", 1)
        head.add("my_turn", 1)
        head.add("i_start", 1)
        head.add("to_move", n, [f"place{p}" for p in range(n)])
        head.add("mine_to_come", NUM_CANS, CANS)
        head.add("theirs_to_come", NUM_CANS, CANS)
        head.add("my_cars_out", 1)
        head.add("track", len(SQUARE_NAMES), SQUARE_NAMES)
        head.add("score", n, [f"place{p}" for p in range(n)])
        self.head = head
        car = Layout()
        car.add("square", 1)
        car.add("to_line", 1)
        car.add("lead", 1)
        car.add("out", 1)
        car.add("mine", 1)
        car.add("owner", n, [f"place{p}" for p in range(n)])
        car.add("can", NUM_CANS, CANS)
        car.add("free", 1)
        car.add("given", n, [f"place{p}" for p in range(n)])
        car.add("here", len(KIND_CODES), KIND_CODES)
        car.add("move", NUM_CANS, CANS)
        car.add("crosses", NUM_CANS, CANS)
        car.add("move_next", 1)
        car.add("crosses_next", 1)
        car.add("next", len(AHEAD_NAMES), AHEAD_NAMES)
        car.add("unlaid_ahead", 1)
        self.car = car
        self.size = head.size + NUM_CARS * car.size

    def feature_names(self) -> list[str]:
        names = self.head.names()
        for colour in COLOURS:
            names += self.car.names(f"car_{colour}.")
        return names

    def encode_into(self, view: View, out: FloatArray) -> None:
        seen = expect_view(view, Von0auf100View)
        buf = new_buffer(self.size)
        h = self.head
        n = self.players
        me = seen.you
        buf[h["phase"] + PHASE_NAMES.index(seen.phase)] = 1.0
        buf[h["race"]] = scaled(seen.race, seen.races)  # races: replays included
        buf[h["races"]] = scaled(seen.races, 20)
        buf[h["round"]] = scaled(seen.round, MAX_ROUNDS)
        buf[h["cans"]] = scaled(seen.cans, NUM_CANS)
        buf[h["next_can"]] = scaled(seen.next_can, NUM_CANS)
        buf[h["withdrawn"]] = scaled(seen.withdrawn, NUM_CANS)
        buf[h["pending"]] = scaled(seen.pending, NUM_CANS)
        buf[h["dealt"]] = scaled(seen.dealt, NUM_CARS)
        to_move = seen.to_move
        if to_move is not None:
            buf[h["my_turn"]] = float(to_move == me)
            buf[h["to_move"] + (to_move - me) % n] = 1.0
        start = seen.start
        buf[h["i_start"]] = float(start == me)
        on = seen.on
        cans = seen.cans
        for can in range(len(on) + 1, cans + 1):  # can k is placed by seat start + k - 1
            block = "mine_to_come" if (start + can - 1) % n == me else "theirs_to_come"
            buf[h[block] + can - 1] = 1.0
        track = seen.track
        kinds = [SQUARE_NAMES.index(ch) for ch in track]
        unlaid = len(SQUARE_NAMES) - 1
        for kind in kinds:
            buf[h["track"] + kind] += 1.0 / self.length
        buf[h["track"] + unlaid] = scaled(self.length - len(kinds), self.length)
        scores = seen.score
        for place in range(n):
            buf[h["score"] + place] = scaled(scores[(me + place) % n], self.max_score)

        out_cars = set(seen.out)
        owners = seen.owners
        mine = set(seen.licences)
        given = seen.given
        squares = [seen.cars[colour] for colour in COLOURS]
        best = max((squares[i] for i, c in enumerate(COLOURS) if c in mine), default=0)
        buf[h["my_cars_out"]] = scaled(len(mine & out_cars), 2)
        next_can = seen.next_can
        c = self.car
        target = self.target
        for index, colour in enumerate(COLOURS):
            base = h.size + index * c.size
            square = squares[index]
            buf[base + c["square"]] = scaled(square, target)
            buf[base + c["to_line"]] = scaled(target - square, target)
            buf[base + c["lead"]] = scaled(square - best, target, low=-1.0)
            buf[base + c["out"]] = float(colour in out_cars)
            buf[base + c["mine"]] = float(colour in mine)
            owner = owners.get(colour)
            if owner is not None:
                buf[base + c["owner"] + (owner - me) % n] = 1.0
            for can, car in enumerate(on):
                if car == colour and can < NUM_CANS:
                    buf[base + c["can"] + can] = 1.0
            free = colour not in out_cars and colour not in on
            buf[base + c["free"]] = float(free)
            # the card under the car (the start/target card and unlaid squares are plain)
            here = kinds[square - 1] if 0 < square <= len(kinds) else PLAIN
            buf[base + c["here"] + here] = 1.0
            if colour not in out_cars:
                for can in CANS:
                    steps = move_by(here, can)
                    buf[base + c["move"] + can - 1] = scaled(steps, MOVE_SCALE, low=-1.0)
                    buf[base + c["crosses"] + can - 1] = float(square + steps >= target)
                if free and next_can is not None and 0 < next_can <= NUM_CANS:
                    steps = move_by(here, next_can)
                    buf[base + c["move_next"]] = scaled(steps, MOVE_SCALE, low=-1.0)
                    buf[base + c["crosses_next"]] = float(square + steps >= target)
            for place in range(n):
                row = given[(me + place) % n]
                buf[base + c["given"] + place] = scaled(row[index], GIVEN_SCALE, low=-1.0)
            # How near the next of each symbol is: 1 on the next square, 1/LOOKAHEAD on the
            # last one searched, 0 when none is laid there.
            symbols = [0.0, 0.0, 0.0]
            not_laid = 0
            for step in range(LOOKAHEAD, 0, -1):  # from afar, so the nearest is written last
                ahead = square + step  # square s shows the card laid s-th (1-based)
                if ahead > self.length:
                    continue
                if ahead > len(kinds):
                    not_laid += 1
                    continue
                which = AHEAD_OF_KIND.get(kinds[ahead - 1])
                if which is not None:
                    symbols[which] = (LOOKAHEAD + 1 - step) / LOOKAHEAD
            for which, near in enumerate(symbols):
                buf[base + c["next"] + which] = near
            buf[base + c["unlaid_ahead"]] = not_laid / LOOKAHEAD
        store(buf, out)

    def encode_state(self, state: State, seat: int, out: FloatArray) -> None:
        """:meth:`encode_into` of ``state.view(seat)``, the same floats, read straight off the
        state: only what that view holds (the seat's own licences, the owners uncovered)."""
        assert isinstance(state, Von0auf100State)
        s = state
        g = s.g
        buf = new_buffer(self.size)
        h = self.head
        n = self.players
        me = seat
        phase = s.phase()
        buf[h["phase"] + PHASE_NAMES.index(phase)] = 1.0
        races = s.races_to_drive()
        buf[h["race"]] = bounded(s.race, races, 0.0)
        buf[h["races"]] = bounded(races, 20, 0.0)
        buf[h["round"]] = bounded(s.round, MAX_ROUNDS, 0.0)
        cans = s.cans
        buf[h["cans"]] = bounded(cans, NUM_CANS, 0.0)
        on = s.on
        to_move = s._current_player()
        if to_move >= 0:
            buf[h["next_can"]] = bounded(len(on) + 1, NUM_CANS, 0.0)
        buf[h["withdrawn"]] = bounded(s.withdrawn, NUM_CANS, 0.0)
        buf[h["pending"]] = bounded(s.pending, NUM_CANS, 0.0)
        buf[h["dealt"]] = bounded(len(s.deal), NUM_CARS, 0.0)
        if to_move >= 0:
            buf[h["my_turn"]] = float(to_move == me)
            buf[h["to_move"] + (to_move - me) % n] = 1.0
        start = s.start
        buf[h["i_start"]] = float(start == me)
        mine_to_come, theirs_to_come = h["mine_to_come"], h["theirs_to_come"]
        for can in range(len(on) + 1, cans + 1):  # can k is placed by seat start + k - 1
            block = mine_to_come if (start + can - 1) % n == me else theirs_to_come
            buf[block + can - 1] = 1.0
        kinds = s.track
        length = self.length
        track_at = h["track"]
        for kind in kinds:
            buf[track_at + kind] += 1.0 / length
        buf[track_at + len(SQUARE_NAMES) - 1] = bounded(length - len(kinds), length, 0.0)
        scores = s.score
        score_at = h["score"]
        for place in range(n):
            buf[score_at + place] = bounded(scores[(me + place) % n], self.max_score, 0.0)

        race = s.race
        out_cars = [False] * NUM_CARS
        owners = [-1] * NUM_CARS
        shown_any = [False] * NUM_CARS
        for r, car, by, _ in s.fin:
            if r == race:
                out_cars[car] = True
                for k in g.shown(s.owner, car, by):
                    shown_any[k] = True
        for k in range(NUM_CARS):
            if shown_any[k]:
                owners[k] = s.owner[k]
        mine = [False] * NUM_CARS
        for k in s.licences(me):
            mine[k] = True
        squares = s.pos
        best = max((squares[k] for k in range(NUM_CARS) if mine[k]), default=0)
        buf[h["my_cars_out"]] = bounded(
            sum(1 for k in range(NUM_CARS) if mine[k] and out_cars[k]), 2, 0.0)
        next_can = len(on) + 1 if to_move >= 0 else 0
        c = self.car
        o_square, o_to_line, o_lead, o_out = c["square"], c["to_line"], c["lead"], c["out"]
        o_mine, o_owner, o_can, o_free = c["mine"], c["owner"], c["can"], c["free"]
        o_here, o_move, o_crosses = c["here"], c["move"], c["crosses"]
        o_move_next, o_crosses_next = c["move_next"], c["crosses_next"]
        o_given, o_next, o_unlaid = c["given"], c["next"], c["unlaid_ahead"]
        target = self.target
        given = s.given
        laid = len(kinds)
        for index in range(NUM_CARS):
            base = h.size + index * c.size
            square = squares[index]
            is_out = out_cars[index]
            buf[base + o_square] = bounded(square, target, 0.0)
            buf[base + o_to_line] = bounded(target - square, target, 0.0)
            buf[base + o_lead] = bounded(square - best, target, -1.0)
            buf[base + o_out] = float(is_out)
            buf[base + o_mine] = float(mine[index])
            owner = owners[index]
            if shown_any[index]:
                buf[base + o_owner + (owner - me) % n] = 1.0
            placed = False
            for can, car in enumerate(on):
                if car == index:
                    placed = True
                    if can < NUM_CANS:
                        buf[base + o_can + can] = 1.0
            free = not is_out and not placed
            buf[base + o_free] = float(free)
            here = kinds[square - 1] if 0 < square <= laid else PLAIN
            buf[base + o_here + here] = 1.0
            if not is_out:
                moves = MOVES[here]
                features = MOVE_FEATURES[here]
                at = base + o_move - 1
                crosses = base + o_crosses - 1
                for can in CANS:
                    buf[at + can] = features[can]
                    if square + moves[can] >= target:
                        buf[crosses + can] = 1.0
                if free and 0 < next_can <= NUM_CANS:
                    buf[base + o_move_next] = features[next_can]
                    buf[base + o_crosses_next] = float(square + moves[next_can] >= target)
            for place in range(n):
                amount = given[((me + place) % n) * NUM_CARS + index] / GIVEN_SCALE
                buf[base + o_given + place] = (
                    1.0 if amount > 1.0 else -1.0 if amount < -1.0 else amount)
            not_laid = 0
            for step in range(LOOKAHEAD, 0, -1):  # from afar, so the nearest is written last
                ahead = square + step
                if ahead > length:
                    continue
                if ahead > laid:
                    not_laid += 1
                    continue
                which = AHEAD_BY_KIND[kinds[ahead - 1]]
                if which >= 0:
                    buf[base + o_next + which] = (LOOKAHEAD + 1 - step) / LOOKAHEAD
            buf[base + o_unlaid] = not_laid / LOOKAHEAD
        store(buf, out)


def make_encoder(game: Game) -> Von0auf100Encoder:
    assert isinstance(game, Von0auf100Game)
    return Von0auf100Encoder(game)
