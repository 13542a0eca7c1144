"""The rules of Von 0 auf 100 (HABA, 2005): six cars, secret licences, five cans.

A race: the track is laid (chance, one node per track card; the small race has no choice),
the licences are dealt (chance, one node per licence, seen only by the seat that gets it),
then rounds: from the starting player on, seats put the cans 1, 2, ... on driver cards and
move that car. Numbers like "I7" refer to the interpretations in docs/rules/von0auf100.md.

State notation (``to_text``), ``key=value`` fields separated by spaces::

    race=1 round=3 start=2 cans=5 wd=0 pend=0 track=.1..x.o... deal=YRGB on=Y
    pos=3,0,5,19,2,7 fin=1:G- score=0,0,0,0 given=0,0,5,0,0,0/... last=1:3:Y:4:7 over=0

* ``race``/``round``: the race (from 1) and the round in it (from 1); ``start``: the seat
  with the starting tile; ``cans``: cans used this round; ``wd``: cans withdrawn (from 5
  down); ``pend``: cars put aside this round (their cans go at the next round, I9);
* ``track``: the track cards laid so far, from the start: ``.`` plain, ``1``-``5`` a can,
  ``x`` turbo (2x), ``o`` oil stain; ``deal``: licences dealt this race, in deal order;
* ``on``: the cars that got cans this round, in can order (can 1 first);
* ``pos``: each car's square (0 the start/target card; the track length + 1 across the
  line, or with ``finish=past_card`` the start/target card again and length + 2 across);
* ``fin``: every car that crossed the line, ``race:car`` and the seat that revealed it or
  ``-``, followed by ``c`` or ``s`` for a car judged by its square when the cars still
  racing were caught by oil or the safety stop came (I16, I17); ``score``: races won (or
  season points) per seat;
* ``given``: per seat, the squares it moved each car this race (public, what the cans did);
* ``last``: the last placement ``seat:can:car:from:to``; ``over``: 1 when the game is over;
* ``prev`` (optional: written when known, absent or ``-`` when not): the cars that got cans
  in the round before the current one (or the last round of the race before), in can order;
  the seats that placed them follow from ``start`` (the tile passed on since), so the view
  keeps who put which can where after a round ends.
``-`` stands for an empty field. The reader refuses a state the rules cannot reach
(docs/rules/von0auf100.md, "Notation", lists what is checked).
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Sequence
from typing import ClassVar, NoReturn

from rennbahn.core.errors import IllegalActionError, NotationError, ParameterError
from rennbahn.core.params import Param
from rennbahn.core.protocol import ALL_SEATS, CHANCE, JSON, TERMINAL, Game, State
from rennbahn.games.von0auf100.components import (
    COLOURS,
    KIND_CODES,
    KIND_NAMES,
    MOVE,
    NO_OIL_CARDS,
    NUM_CANS,
    NUM_CARS,
    NUM_KINDS,
    OIL,
    PLAIN,
    SHIPPED_MIXES,
    Mix,
    load_mix,
)

# Player action ids: put the can that is next on the driver card of car c.
PLACE = 0
NUM_ACTIONS = PLACE + NUM_CARS
# Chance action ids.
LAY = 0  # 0..7: the next track card is of kind k
LICENCE = LAY + NUM_KINDS  # 8..13: the next licence dealt is car c
NUM_CHANCE = LICENCE + NUM_CARS

#: I16: a race still running after this many rounds is decided by the cars' squares (I17).
MAX_ROUNDS = 200
#: How a car left the race (the fourth item of a ``fin`` entry): it crossed the line, or it
#: was judged by its square when the cars still racing were caught by oil (I17) or when the
#: safety stop came (I16).
CROSSED = 0
CAUGHT = 1
STOPPED = 2
#: Notation suffix and observation name of each way out.
HOW_CODES = ("", "c", "s")
HOW_NAMES = ("crossed", "caught", "stopped")
#: The furthest one move can take a car (can 5 from a can-5 card, or from a 2x card).
MAX_STEP = max(max(row[1:]) for row in MOVE)
#: The furthest back one move can take a car (can 5 from an oil stain).
MIN_STEP = min(min(row[1:]) for row in MOVE)
#: Racing-season points for the first, second and third place (rulebook variation).
POINTS = (5, 3, 1)
NOBODY = -1

#: The most entries resampling's memo of fitting deals holds before it starts afresh.
_DEAL_FITS_SIZE = 1 << 14
# Legal placements for every bitmask of "busy" cars (put aside or already given a can).
_FREE = tuple(tuple(c for c in range(NUM_CARS) if not busy >> c & 1) for busy in range(64))

#: What the rules announce when a car crosses the line: the seat that reveals its licence
#: (or NOBODY), whether the race is over, and the points scored.
Judgement = tuple[int, bool, int]
#: A car out of a race: (race, car, seat that uncovered it or NOBODY, how: CROSSED ...).
Finish = tuple[int, int, int, int]


class Von0auf100Game(Game):
    """Von 0 auf 100 for 2 to 5 players, the small or the big race, with the variations."""

    NAME: ClassVar[str] = "von0auf100"
    TITLE: ClassVar[str] = "Von 0 auf 100"
    VERSION: ClassVar[int] = 4
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 5
    HIDDEN_INFORMATION: ClassVar[bool] = True
    PARAMS: ClassVar[tuple[Param, ...]] = (
        Param("players", 4, "number of players; with 2 each owns two cars", minimum=2,
              maximum=5),
        Param("race", "big", "small: the warm-up race on the 18 plain cards; big: all cards",
              choices=("small", "big")),
        Param("races", 1, "races in a row (variation); the seat ahead after them wins",
              minimum=1, maximum=20),
        Param("scoring", "win",
              "win: the first owned car across wins the race; season: a race lasts until "
              "three cars are across and scores 5, 3, 1 points (I14)",
              choices=("win", "season")),
        Param("season_places", "any",
              "season: the first three cars of any kind take the places, an unowned car's "
              "points being lost, as 'a race lasts until three cars have reached the "
              "target'; owned: only owned cars take places (unowned cars are put aside) (I14)",
              choices=("any", "owned")),
        Param("withdraw", "two",
              "two: only cans 5 and 4 are ever withdrawn, as the rulebook names them; each: "
              "every car put aside withdraws the highest can, leaving at least one (I10)",
              choices=("two", "each")),
        Param("cards", "standard",
              "track-card mix: one that ships with rennbahn (data/), or, on the command line "
              "and in the Python API only, a path to a JSON file",
              shipped=SHIPPED_MIXES),
        Param("finish", "on_card",
              "on_card: a car is across the line when it reaches the start/target card; "
              "past_card: the line is at the card's far side, so a car must move past the "
              "card (I1)",
              choices=("on_card", "past_card")),
    )

    def _setup(self) -> None:
        self.players = int(self._params["players"])
        self.big = self._params["race"] == "big"
        self.races = int(self._params["races"])
        self.season = self._params["scoring"] == "season"
        self.places_any = self._params["season_places"] == "any"
        self.max_withdrawn = NUM_CANS - 1 if self._params["withdraw"] == "each" else 2
        cards = str(self._params["cards"])
        if any(ch in cards for ch in "(),= "):
            raise ParameterError("the cards parameter cannot contain ( ) , = or spaces")
        self.mix: Mix = load_mix(cards)
        if self.big:
            self.layout: tuple[int, ...] = self.mix.counts
        else:  # I4: the small race uses the plain cards only
            self.layout = (self.mix.plain,) + (0,) * (NUM_KINDS - 1)
        self.length = sum(self.layout)
        # I1: the start/target card is square length + 1; the line is crossed on reaching
        # it (on_card) or on moving past it (past_card).
        self.target = self.length + (1 if self._params["finish"] == "on_card" else 2)
        n = self.players
        self.cars_per_seat = 2 if n == 2 else 1
        # I6: one licence to each seat in turn (two rounds of dealing with two players).
        self.deal_seats: tuple[int, ...] = tuple(range(n)) * self.cars_per_seat
        self.deals = len(self.deal_seats)
        #: Resampling's memo: the deals that explain what a seat saw, by (seat, true deal,
        #: cars across the line), in the order they are drawn from (see ``_sample_deal``).
        self.deal_fits: dict[tuple[int, tuple[int, ...], tuple[int, ...]],
                             tuple[tuple[int, ...], ...]] = {}

    def num_players(self) -> int:
        return self.players

    def new_initial_state(self) -> Von0auf100State:
        return Von0auf100State(self)

    def _state_from_text(self, text: str) -> Von0auf100State:
        state = Von0auf100State(self)
        state._read(text)
        return state

    def max_game_length(self) -> int:
        return self.races * (self.length + self.deals + MAX_ROUNDS * NUM_CANS)

    def utility_sum(self) -> float | None:
        return 1.0

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return NUM_CHANCE

    # -- the finishing rules, as a pure function (the rules, resampling and bots use it) --
    def judge(self, owner: Sequence[int], earlier: Sequence[int], car: int) -> Judgement:
        """What happens when ``car`` crosses the line after the cars ``earlier`` (this race).

        ``owner[c]`` is the seat holding car c's licence, or NOBODY.
        """
        seat = owner[car]
        if self.season:
            # I14: every owned car is revealed to claim its place.
            if seat == NOBODY and not self.places_any:
                return NOBODY, False, 0
            place = sum(1 for c in earlier if self.places_any or owner[c] != NOBODY)
            if place >= len(POINTS):  # only when resampling tries a deal that cannot be
                return seat, True, 0
            points = POINTS[place] if seat != NOBODY else 0
            return seat, place + 1 == len(POINTS), points
        if seat == NOBODY:
            return NOBODY, False, 0  # put aside, a can is withdrawn (I10)
        if self.cars_per_seat == 2 and not any(owner[c] == seat for c in earlier):
            return NOBODY, False, 0  # I12: the first of two cars is not announced
        return seat, True, 1  # I11, I12: the owner reveals and wins

    def shown(self, owner: Sequence[int], car: int, seat: int) -> tuple[int, ...]:
        """The cars whose licences ``seat`` uncovers when ``car`` crosses for it: the car
        itself, or both of a two-player seat's cars when they win (I12)."""
        if seat == NOBODY:
            return ()
        if self.season:
            return (car,)
        return tuple(c for c in range(NUM_CARS) if owner[c] == seat)

    def signature(
        self, owner: Sequence[int], finished: Sequence[int]
    ) -> list[tuple[int, bool, int, tuple[int, ...]]]:
        """Everything the table learns from the cars ``finished`` (in order) crossing the line:
        per car the judgement and the licences uncovered (I11, I12, I14)."""
        result = []
        for j, car in enumerate(finished):
            seat, over, points = self.judge(owner, finished[:j], car)
            result.append((seat, over, points, self.shown(owner, car, seat)))
        return result


class Von0auf100State(State):
    """A position in a game (one or several races) of Von 0 auf 100."""

    __slots__ = (
        "busy",
        "cans",
        "deal",
        "fin",
        "g",
        "given",
        "last",
        "left",
        "on",
        "out",
        "over",
        "owner",
        "pending",
        "pos",
        "prev",
        "race",
        "round",
        "score",
        "start",
        "track",
        "withdrawn",
    )

    def __init__(self, game: Von0auf100Game) -> None:
        super().__init__(game)
        self.g = game
        self.race = 1
        self.score = [0] * game.players
        self.fin: list[Finish] = []
        self.last: tuple[int, int, int, int, int] | None = None
        self.over = False
        self.prev: list[int] = []
        self._start_race(0)  # I7: seat 0 holds the starting tile first

    def _start_race(self, start: int) -> None:
        g = self.g
        self.round = 1
        self.start = start
        self.cans = NUM_CANS
        self.withdrawn = 0
        self.pending = 0
        self.track: list[int] = []
        self.left = list(g.layout)
        self.deal: list[int] = []
        if getattr(self, "on", None):
            self.prev = self.on  # the race before ended in this round
        self.owner = [NOBODY] * NUM_CARS
        self.pos = [0] * NUM_CARS
        self.out = 0
        self.busy = 0
        self.on: list[int] = []
        self.given = [0] * (g.players * NUM_CARS)
        self._fill_forced()

    # -- whose turn ------------------------------------------------------------------------
    def _current_player(self) -> int:
        if self.over:
            return TERMINAL
        g = self.g
        if len(self.deal) < g.deals or len(self.track) < g.length:
            return CHANCE
        return (self.start + len(self.on)) % g.players

    def _legal_actions(self, player: int) -> list[int]:
        if player != self._current_player():
            return []
        return list(_FREE[self.busy])  # I8

    def kind_at(self, square: int) -> int:
        """The kind of card on ``square``: the start/target card (0, or length + 1 on the
        way to a line past it, I1) shows no symbol (I2)."""
        if 0 < square <= len(self.track):
            return self.track[square - 1]
        return PLAIN

    def _layout_kinds(self) -> range:
        """I4: the kinds the next track card may be (no oil stain right after the start)."""
        if len(self.track) < NO_OIL_CARDS:
            return range(OIL)
        return range(NUM_KINDS)

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if len(self.track) < self.g.length:
            left = self.left
            kinds = self._layout_kinds()
            total = sum(left[k] for k in kinds)
            return [(LAY + k, left[k] / total) for k in kinds if left[k]]
        rest = [c for c in range(NUM_CARS) if c not in self.deal]
        return [(LICENCE + c, 1 / len(rest)) for c in rest]

    def _visibility(self, actor: int, action: int) -> int:
        # I6: a licence is seen by the seat that gets it only.
        if actor == CHANCE and action >= LICENCE:
            return 1 << self.g.deal_seats[len(self.deal)]
        return ALL_SEATS

    # -- applying --------------------------------------------------------------------------
    def _apply(self, actor: int, action: int) -> None:
        if actor != CHANCE:
            self._place(action - PLACE)
        elif action >= LICENCE:
            car = action - LICENCE
            self.owner[car] = self.g.deal_seats[len(self.deal)]
            self.deal.append(car)
        else:
            kind = action - LAY
            self.track.append(kind)
            self.left[kind] -= 1
            self._fill_forced()

    def _apply_joint(self, actions: Sequence[int]) -> None:
        raise IllegalActionError("Von 0 auf 100 has no simultaneous moves")

    def _fill_forced(self) -> None:
        """I4: a track card that can only be of one kind is laid without a chance node."""
        length = self.g.length
        left = self.left
        while len(self.track) < length:
            kinds = [k for k in self._layout_kinds() if left[k]]
            if len(kinds) != 1:
                return
            self.track.append(kinds[0])
            left[kinds[0]] -= 1

    def _place(self, car: int) -> None:
        g = self.g
        on = self.on
        seat = (self.start + len(on)) % g.players
        can = len(on) + 1
        here = self.pos[car]
        steps = MOVE[self.kind_at(here)][can]  # I2, I3
        there = here + steps
        self.given[seat * NUM_CARS + car] += steps
        self.last = (seat, can, car, here, there)
        on.append(car)
        self.busy |= 1 << car
        if there >= g.target:  # I1
            if self._cross(car, CROSSED):
                return
        else:
            self.pos[car] = there
        if len(on) == self.cans:
            self._new_round()

    def _cross(self, car: int, how: int) -> bool:
        """A car is out: it crossed the line, or it is judged by its square (I16, I17).
        True when that ended the race."""
        seat, race_over, points = self.g.judge(self.owner, self.race_finishes(), car)
        self.fin.append((self.race, car, seat, how))
        self.pos[car] = self.g.target
        self.out |= 1 << car
        if seat != NOBODY:
            self.score[seat] += points
        if race_over:
            self._end_race()
            return True
        if how == CROSSED:
            self.pending += 1  # I9, I10: the car is put aside, a can goes next round
        return False

    def _new_round(self) -> None:
        g = self.g
        if self.round == MAX_ROUNDS:  # I16
            self._decide(STOPPED)
            return
        self.round += 1
        self.start = (self.start + 1) % g.players  # I7
        self.withdrawn = min(g.max_withdrawn, self.withdrawn + self.pending)  # I9, I10
        self.pending = 0
        racing = NUM_CARS - bin(self.out).count("1")
        self.cans = min(NUM_CANS - self.withdrawn, racing)
        self.prev = self.on
        self.on = []
        self.busy = self.out
        if self.caught():  # I17
            self._decide(CAUGHT)

    def caught(self) -> bool:
        """I17: no car still racing can ever reach the line with the cans of this round (each
        can only slide to and fro between oil stains). Cans never come back, so such a race
        could not end."""
        if OIL not in self.track:
            return False
        target = self.g.target
        moves = [MOVE[k][1:self.cans + 1] for k in range(NUM_KINDS)]
        stuck: set[int] = set()  # squares from which the line cannot be reached
        for car in range(NUM_CARS):
            if self.out >> car & 1:
                continue
            seen = {self.pos[car]}
            todo = [self.pos[car]]
            while todo:
                square = todo.pop()
                for step in moves[self.kind_at(square)]:
                    there = square + step
                    if there >= target:
                        return False
                    if there not in seen and there not in stuck:
                        seen.add(there)
                        todo.append(there)
            stuck |= seen
        return True

    def _decide(self, how: int) -> None:
        """I16, I17: the race is decided by the cars' squares: the cars still racing are judged
        one by one as though they crossed the line in that order, the furthest first (cars on
        one square in the order of the driver cards, R O Y G B P), until the race is over."""
        racing = [c for c in range(NUM_CARS) if not self.out >> c & 1]
        racing.sort(key=lambda c: -self.pos[c])
        for car in racing:
            if self._cross(car, how):
                return
        self._end_race()  # not reached: the last car racing always ends the race

    def _end_race(self) -> None:
        if self.race == self.g.races:
            self.over = True
            return
        self.race += 1
        # I13: the next race's first round is a new round: the tile passes on clockwise.
        self._start_race((self.start + 1) % self.g.players)

    # -- results ---------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """I15: at the end, 1 shared evenly by the seats with the most wins (or points)."""
        n = self.g.players
        result = [0.0] * n
        if not self.over:
            return result
        best = max(self.score)
        leaders = [s for s in range(n) if self.score[s] == best]
        for seat in leaders:
            result[seat] = 1.0 / len(leaders)
        return result

    def race_finishes(self) -> list[int]:
        """The cars that crossed the line in the current race, in order."""
        return [c for r, c, _, _ in self.fin if r == self.race]

    def licences(self, seat: int) -> list[int]:
        """The cars whose licences ``seat`` holds in the current race."""
        seats = self.g.deal_seats
        return [c for i, c in enumerate(self.deal) if seats[i] == seat]

    # -- notation --------------------------------------------------------------------------
    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            if LAY <= action < LAY + NUM_KINDS:
                return "lay " + KIND_NAMES[action - LAY]
            if LICENCE <= action < NUM_CHANCE:
                return "licence " + COLOURS[action - LICENCE]
            raise ValueError(f"no chance outcome {action}; they are 0 to {NUM_CHANCE - 1}")
        if PLACE <= action < NUM_ACTIONS:
            return COLOURS[action - PLACE]
        raise ValueError(f"no action {action}; actions are 0 to {NUM_ACTIONS - 1}")

    def phase(self) -> str:
        """layout, deal, race or over."""
        if self.over:
            return "over"
        if len(self.track) < self.g.length:
            return "layout"
        return "deal" if len(self.deal) < self.g.deals else "race"

    def _observation(self, player: int) -> dict[str, JSON]:
        """The public view, and this seat's own licences."""
        view = self._public_observation()
        view["you"] = player
        view["licences"] = [COLOURS[c] for c in self.licences(player)]
        return view

    def _public_observation(self) -> dict[str, JSON]:
        """What every seat knows: the board, the cans, the cars out of the race and the
        licences uncovered; no licence that was not uncovered."""
        g = self.g
        to_move = self._current_player()
        shown = [c for r, car, s, _ in self.fin if r == self.race
                 for c in g.shown(self.owner, car, s)]
        last: JSON = None
        if self.last is not None:
            seat, can, car, here, there = self.last
            last = {"seat": seat, "can": can, "car": COLOURS[car], "from": here, "to": there}
        return {
            "players": g.players,
            "scoring": "season" if g.season else "win",
            "race": self.race,
            "races": g.races,
            "round": self.round,
            "phase": self.phase(),
            "track": "".join(KIND_CODES[k] for k in self.track),
            "length": g.length,
            "target": g.target,
            "cars": {COLOURS[c]: self.pos[c] for c in range(NUM_CARS)},
            "out": [COLOURS[c] for c in self.race_finishes()],
            "finishes": [[r, COLOURS[c], s if s != NOBODY else None, HOW_NAMES[how]]
                         for r, c, s, how in self.fin],
            "owners": {COLOURS[c]: self.owner[c] for c in sorted(shown)},
            "dealt": len(self.deal),
            "start": self.start,
            "to_move": to_move if to_move >= 0 else None,
            "cans": self.cans,
            "on": [COLOURS[c] for c in self.on],
            "next_can": len(self.on) + 1 if to_move >= 0 else None,
            "withdrawn": self.withdrawn,
            "pending": self.pending,
            "given": [
                self.given[s * NUM_CARS:(s + 1) * NUM_CARS] for s in range(g.players)
            ],
            "last": last,
            "previous": [{"seat": (self.start - 1 + i) % g.players, "can": i + 1,
                          "car": COLOURS[c]} for i, c in enumerate(self.prev)],
            "score": list(self.score),
        }

    def to_text(self) -> str:
        g = self.g
        fin = ",".join(f"{r}:{COLOURS[c]}{s if s != NOBODY else '-'}{HOW_CODES[how]}"
                       for r, c, s, how in self.fin)
        given = "/".join(
            ",".join(str(v) for v in self.given[s * NUM_CARS:(s + 1) * NUM_CARS])
            for s in range(g.players)
        )
        last = "-"
        if self.last is not None:
            seat, can, car, here, there = self.last
            last = f"{seat}:{can}:{COLOURS[car]}:{here}:{there}"
        fields: tuple[str, ...] = (
            f"race={self.race}",
            f"round={self.round}",
            f"start={self.start}",
            f"cans={self.cans}",
            f"wd={self.withdrawn}",
            f"pend={self.pending}",
            "track=" + ("".join(KIND_CODES[k] for k in self.track) or "-"),
            "deal=" + ("".join(COLOURS[c] for c in self.deal) or "-"),
            "on=" + ("".join(COLOURS[c] for c in self.on) or "-"),
            "pos=" + ",".join(str(p) for p in self.pos),
            "fin=" + (fin or "-"),
            "score=" + ",".join(str(v) for v in self.score),
            "given=" + given,
            "last=" + last,
            f"over={int(self.over)}",
        )
        if self.prev:  # optional: written when the round before is known
            fields += ("prev=" + "".join(COLOURS[c] for c in self.prev),)
        return " ".join(fields)

    def _read(self, text: str) -> None:
        """Fill this state from ``to_text`` notation (see the module docstring); refuse a
        state the rules cannot reach."""
        g = self.g
        n = g.players
        keys = ("race", "round", "start", "cans", "wd", "pend", "track", "deal", "on", "pos",
                "fin", "score", "given", "last", "over", "prev")
        fields: dict[str, str] = {}
        for part in text.split():
            key, sep, value = part.partition("=")
            if not sep or key not in keys or key in fields:
                raise NotationError(
                    f"bad field {part!r} in {text!r}; expected each of {', '.join(keys)} "
                    "once, as key=value"
                )
            fields[key] = value
        fields.setdefault("prev", "-")  # optional: the round before, when recorded
        missing = [k for k in keys if k not in fields]
        if missing:
            raise NotationError(f"state notation {text!r} lacks {', '.join(missing)}")
        self.race = _number(fields["race"], "race", 1, g.races)
        self.round = _number(fields["round"], "round", 1, MAX_ROUNDS)
        self.start = _number(fields["start"], "start", 0, n - 1)
        self.withdrawn = _number(fields["wd"], "wd", 0, g.max_withdrawn)
        self.pending = _number(fields["pend"], "pend", 0, NUM_CARS - 1)
        self.cans = _number(fields["cans"], "cans", 1, NUM_CANS - self.withdrawn)
        self.over = _number(fields["over"], "over", 0, 1) == 1
        self.track = [_code(ch, KIND_CODES, "track card") for ch in _dash(fields["track"])]
        if len(self.track) > g.length:
            raise NotationError(f"track {fields['track']!r} has more than {g.length} cards")
        self.left = list(g.layout)
        for i, kind in enumerate(self.track):
            self.left[kind] -= 1
            if self.left[kind] < 0:
                raise NotationError(f"track {fields['track']!r} has more {KIND_NAMES[kind]} "
                                    f"cards than the mix ({g.layout[kind]})")
            if kind == OIL and i < NO_OIL_CARDS:
                raise NotationError(f"track card {i + 1} is an oil stain (I4 forbids it)")
        laid = len(self.track)
        self._fill_forced()
        if len(self.track) != laid:
            raise NotationError(f"track {fields['track']!r}: the next card can only be "
                                f"{KIND_NAMES[self.track[laid]]}, so it is already laid (I4)")
        self.deal = _cars(fields["deal"], "deal")
        if len(self.deal) > g.deals or (self.deal and len(self.track) < g.length):
            raise NotationError(f"deal {fields['deal']!r}: {g.deals} licences are dealt "
                                "once the track is laid")
        self.owner = _owners(self.deal, g.deal_seats)
        self.on = _cars(fields["on"], "on")
        self.pos = [_number(p, "pos", 0, g.target) for p in fields["pos"].split(",")]
        if len(self.pos) != NUM_CARS:
            raise NotationError(f"pos needs {NUM_CARS} squares, got {fields['pos']!r}")
        self.fin = [_finish(f, self.race, n) for f in _items(fields["fin"])]
        self.out = 0
        for car in self.race_finishes():
            self.out |= 1 << car
        for car in range(NUM_CARS):
            if (self.pos[car] == g.target) != bool(self.out >> car & 1):
                raise NotationError(f"car {COLOURS[car]} is on square {self.pos[car]}; square "
                                    f"{g.target} means out of the race, listed in fin")
        self.busy = self.out
        for car in self.on:
            self.busy |= 1 << car
        self.score = [_number(v, "score", 0, 20 * sum(POINTS)) for v in
                      fields["score"].split(",")]
        rows = fields["given"].split("/")
        self.given = [_number(v, "given", MIN_STEP * MAX_ROUNDS, MAX_STEP * MAX_ROUNDS)
                      for row in rows for v in row.split(",")]
        if len(self.score) != n or len(rows) != n or len(self.given) != n * NUM_CARS:
            raise NotationError(f"score needs {n} numbers and given {n} rows of {NUM_CARS}")
        self.last = None if fields["last"] == "-" else _last(fields["last"], n, g.target)
        self.prev = _cars(fields["prev"], "prev")
        _Check(self).run()

    # -- copying and hidden information ----------------------------------------------------
    def _copy(self) -> Von0auf100State:
        copy = Von0auf100State.__new__(Von0auf100State)
        copy._game = self._game
        copy.g = self.g
        copy.race = self.race
        copy.round = self.round
        copy.start = self.start
        copy.cans = self.cans
        copy.withdrawn = self.withdrawn
        copy.pending = self.pending
        copy.track = list(self.track)
        copy.left = list(self.left)
        copy.deal = list(self.deal)
        copy.owner = list(self.owner)
        copy.pos = list(self.pos)
        copy.out = self.out
        copy.busy = self.busy
        copy.on = list(self.on)
        copy.fin = list(self.fin)
        copy.score = list(self.score)
        copy.given = list(self.given)
        copy.last = self.last
        copy.prev = list(self.prev)
        copy.over = self.over
        copy._log = []
        copy._origin = None
        return copy

    def _resample_from_infostate(self, player: int, rng: random.Random) -> Von0auf100State:
        """The other seats' licences (in every race the history holds), sampled uniformly
        among the deals that explain everything ``player`` saw: its own licences and what
        the table learnt when cars crossed the line."""
        self._check_seat(player)
        g = self.g
        origin = self._origin
        assert origin is None or isinstance(origin, Von0auf100State)
        # The deals of every race, and where each of them is written down.
        first = origin.race if origin is not None else 1
        deals: dict[int, list[int]] = {first: list(origin.deal) if origin is not None else []}
        log = self._log
        at = [i for i, entry in enumerate(log) if entry[0] == CHANCE and entry[1] >= LICENCE]
        where: list[tuple[int, int]] = []  # (race, slot) per licence in the log
        race = first
        for i in at:
            if len(deals[race]) == g.deals:
                race += 1
                deals[race] = []
            where.append((race, len(deals[race])))
            deals[race].append(log[i][1] - LICENCE)
        deals[self.race] = list(self.deal)
        sampled = {r: self._sample_deal(r, deal, player, rng) for r, deal in deals.items()}

        state = self.clone()
        assert isinstance(state, Von0auf100State)
        state.deal = sampled[self.race]
        state.owner = _owners(state.deal, g.deal_seats)
        new_log = state._log  # a copy: only the licences change
        for i, (race, slot) in zip(at, where, strict=True):
            actor, _, visibility = log[i]
            new_log[i] = (actor, LICENCE + sampled[race][slot], visibility)
        if origin is not None:
            copy = origin._copy()
            copy.deal = sampled[first][: len(origin.deal)]
            copy.owner = _owners(copy.deal, g.deal_seats)
            state._origin = copy
        return state

    def _sample_deal(
        self, race: int, deal: list[int], player: int, rng: random.Random
    ) -> list[int]:
        g = self.g
        seats = g.deal_seats
        others = [i for i in range(len(deal)) if seats[i] != player]
        if not others:
            return list(deal)
        finished = tuple(c for r, c, _, _ in self.fin if r == race)
        key = (player, tuple(deal), finished)
        fits = g.deal_fits.get(key)
        if fits is None:
            mine = {deal[i] for i in range(len(deal)) if seats[i] == player}
            truth = g.signature(_owners(deal, seats), finished)
            free = [c for c in range(NUM_CARS) if c not in mine]
            found = []
            for choice in itertools.permutations(free, len(others)):
                candidate = list(deal)
                for i, car in zip(others, choice, strict=True):
                    candidate[i] = car
                if g.signature(_owners(candidate, seats), finished) == truth:
                    found.append(tuple(candidate))
            fits = tuple(found)
            if len(g.deal_fits) >= _DEAL_FITS_SIZE:
                g.deal_fits.clear()
            g.deal_fits[key] = fits
        return list(fits[rng.randrange(len(fits))])


# -- what the notation reader checks -------------------------------------------------------
class _Check:
    """The checks of a state read from notation: it must be one the rules can reach
    (docs/rules/von0auf100.md, "Notation"). Each failure says what is wrong."""

    def __init__(self, state: Von0auf100State) -> None:
        self.s = state
        self.g = state.g
        self.entries = [e for e in state.fin if e[0] == state.race]

    @staticmethod
    def fail(message: str) -> NoReturn:
        raise NotationError(f"inconsistent state: {message}")

    def run(self) -> None:
        s = self.s
        if s.race == 1 and s.start != (s.round - 1) % self.g.players:
            self.fail(f"race 1 starts with seat 0 and the tile passes every round (I7), so "
                      f"round {s.round} has start={(s.round - 1) % self.g.players}, not "
                      f"{s.start}")
        self.finishes()
        if s.over and s.race != self.g.races:
            self.fail(f"over=1 but race {s.race} of {self.g.races} is not the last")
        if len(s.deal) < self.g.deals:
            self.before_racing()
        else:
            self.racing()
        self.last()
        self.previous()

    # -- the cars out of every race, and the score ---------------------------------------
    def finishes(self) -> None:
        s, g = self.s, self.g
        races = [e[0] for e in s.fin]
        if races != sorted(races):
            self.fail(f"fin lists the races out of order: {races}")
        points = [0] * g.players
        for race in range(1, s.race + 1):
            entries = [e for e in s.fin if e[0] == race]
            cars = [e[1] for e in entries]
            if len(set(cars)) != len(cars):
                self.fail(f"fin names a car twice in race {race}")
            end = self.race_end(race, entries, points)
            last = len(entries) - 1
            if race < s.race and end != last:
                self.fail(f"race {race} is over, so fin must end it (an owned car across, "
                          "or three places in the season), and list nothing after")
            if race == s.race and end != (last if s.over else None):
                self.fail("over=1 but the race is not decided by fin" if s.over else
                          "fin ends the current race, so over=1 or the next race")
            judged = [e[3] for e in entries if e[3] != CROSSED]
            if judged and (len(set(judged)) > 1 or entries[-len(judged)][3] == CROSSED
                           or end != last):
                self.fail(f"the cars judged by their squares in race {race} come last, all "
                          "for one reason, and decide the race (I16, I17)")
        if points != s.score:
            self.fail(f"score={','.join(map(str, s.score))} but the cars in fin give "
                      f"{','.join(map(str, points))}")
        if self.entries and len(s.deal) < g.deals:
            self.fail("cars are out of the race before the licences are dealt")
        if len(s.deal) == g.deals:  # the seats in fin must be what the licences say
            for j, (_, car, seat, _) in enumerate(self.entries):
                earlier = [e[1] for e in self.entries[:j]]
                if g.judge(s.owner, earlier, car)[0] != seat:
                    who = "nobody" if seat == NOBODY else f"seat {seat}"
                    self.fail(f"fin says {who} uncovered {COLOURS[car]}, which the deal "
                              f"{''.join(COLOURS[c] for c in s.deal)} does not give")

    def race_end(self, race: int, entries: list[Finish], points: list[int]) -> int | None:
        """The index of the entry that ends the race (or None), judged from the seats in
        fin alone; adds the points scored to ``points``."""
        g = self.g
        unannounced = 0
        held = [0] * g.players
        places = 0
        for j, (_, _, seat, _) in enumerate(entries):
            if seat == NOBODY:
                unannounced += 1
            else:
                held[seat] += 1
                if held[seat] > g.cars_per_seat:
                    self.fail(f"seat {seat} uncovers more than {g.cars_per_seat} licence(s) "
                              f"in race {race}")
            if g.season:
                if seat == NOBODY and not g.places_any:
                    continue
                if seat != NOBODY:
                    points[seat] += POINTS[places]
                places += 1
                if places == len(POINTS):
                    return j
            elif seat != NOBODY:
                if g.cars_per_seat == 2 and unannounced == 0:
                    self.fail(f"in race {race} seat {seat} wins with its first car; with two "
                              "players the second car wins (I12)")
                points[seat] += 1
                return j
            unowned = NUM_CARS - g.deals + (g.players if g.cars_per_seat == 2 and
                                            not g.season else 0)
            if unannounced > unowned:
                self.fail(f"race {race} has {unannounced} cars nobody claims; at most "
                          f"{unowned} can be")
        return None

    # -- before the first can of a race ----------------------------------------------------
    def before_racing(self) -> None:
        s = self.s
        if s.over:
            self.fail("over=1 before the licences are dealt")
        if (s.round, s.cans, s.withdrawn, s.pending) != (1, NUM_CANS, 0, 0):
            self.fail("before the licences are dealt it is round 1 with all five cans: "
                      "round=1 cans=5 wd=0 pend=0")
        if s.on or any(s.pos) or any(s.given):
            self.fail("before the licences are dealt no can is placed: on=-, every car on 0 "
                      "and nothing given")

    # -- a race under way (or just decided) ------------------------------------------------
    def racing(self) -> None:
        s, g = self.s, self.g
        ending = self.entries[-1] if s.over else None
        aside = [e for e in self.entries if e[3] == CROSSED and e is not ending]
        now = [e[1] for e in aside if e[1] in s.on]
        before = [e[1] for e in aside if e[1] not in s.on]
        if [e[1] for e in aside] != before + [c for c in s.on if c in now]:
            self.fail("the cars put aside this round (they got cans in on) cross after those "
                      "of earlier rounds, in the order of their cans")
        if s.pending != len(now):
            self.fail(f"pend={s.pending} but {len(now)} car(s) with a can this round are put "
                      "aside (I9)")
        withdrawn = min(g.max_withdrawn, len(before))
        if s.withdrawn != withdrawn:
            self.fail(f"wd={s.withdrawn} but {len(before)} car(s) put aside in earlier rounds "
                      f"withdraw {withdrawn} can(s) (I10)")
        cans = min(NUM_CANS - withdrawn, NUM_CARS - len(before))
        if s.cans != cans:
            self.fail(f"cans={s.cans} but this round has {cans} (I10)")
        if len(s.on) > s.cans or (len(s.on) == s.cans and not s.over):
            self.fail(f"on={''.join(COLOURS[c] for c in s.on)}: fewer than {s.cans} cans "
                      "are placed while the race goes on")
        if ending is not None:
            self.decided(ending)
        elif not s.on and s.round > 1 and s.caught():
            self.fail("no car can reach the line with these cans: the race would have been "
                      "decided by the squares (I17)")
        self.squares()

    def decided(self, ending: Finish) -> None:
        s = self.s
        how = ending[3]
        if how == CROSSED and (not s.on or s.on[-1] != ending[1]):
            self.fail("the car that ended the race got the last can placed (the last car "
                      "in on)")
        if how == STOPPED and (s.round != MAX_ROUNDS or len(s.on) != s.cans):
            self.fail(f"the safety stop comes after the last can of round {MAX_ROUNDS} (I16)")
        if how == CAUGHT and (s.on or s.round == 1):
            self.fail("cars caught by oil are judged at the start of a round (I17)")

    def squares(self) -> None:
        """Every car's square is the sum of what the seats gave it; the cars judged by their
        squares were ahead of those still racing."""
        s, g = self.s, self.g
        n = g.players
        total = [sum(s.given[seat * NUM_CARS + car] for seat in range(n))
                 for car in range(NUM_CARS)]
        if any(s.given) and s.round == 1 and not s.on and not self.entries:
            self.fail("no can is placed yet in this race, so nothing is given")
        bound = MAX_STEP * s.round
        if any(abs(v) > bound for v in s.given):
            self.fail(f"given: no seat moves a car more than {bound} squares in "
                      f"{s.round} round(s)")
        how = {e[1]: e[3] for e in self.entries}
        for car in range(NUM_CARS):
            if car not in how and total[car] != s.pos[car]:
                self.fail(f"car {COLOURS[car]} is on square {s.pos[car]} but the seats gave "
                          f"it {total[car]} squares")
            if how.get(car) == CROSSED and not g.target <= total[car] < g.target + MAX_STEP:
                self.fail(f"car {COLOURS[car]} crossed the line (square {g.target}) but the "
                          f"seats gave it {total[car]} squares")
        judged = [e[1] for e in self.entries if e[3] != CROSSED]
        racing = [c for c in range(NUM_CARS) if c not in how]

        def rank(car: int) -> tuple[int, int]:
            return -(total[car] if car in judged else s.pos[car]), car

        if any(not 0 <= total[c] < g.target for c in judged) or judged != sorted(
            judged, key=rank
        ) or (judged and racing and rank(judged[-1]) > min(map(rank, racing))):
            self.fail("the cars judged by their squares are the cars furthest ahead, in "
                      "order (I17)")

    # -- the round before ------------------------------------------------------------------
    def previous(self) -> None:
        """``prev``, when recorded: the cans of the round before (every can of it, as the
        round is over, unless a car across ended the race in it); ``last`` is its last can
        while no can of this round is placed."""
        s, g = self.s, self.g
        if not s.prev:
            return
        if s.race == 1 and s.round == 1:
            self.fail("prev names a round before the first round of the game")
        if len(s.prev) > NUM_CANS:
            self.fail(f"prev names more than {NUM_CANS} cans")
        if s.round > 1 and len(s.prev) < s.cans:
            self.fail(f"prev has {len(s.prev)} cans but cans never come back, so the "
                      f"round before had at least the {s.cans} of this one")
        if not s.on and s.last is not None:
            seat, can, car, _, _ = s.last
            if (seat, can, car) != ((s.start - 2 + len(s.prev)) % g.players, len(s.prev),
                                    s.prev[-1]):
                self.fail("last must be the last can of prev (the round before), placed by "
                          "the seat whose turn it was")

    # -- the last placement ----------------------------------------------------------------
    def last(self) -> None:
        s, g = self.s, self.g
        if s.last is None:
            if s.race != 1 or s.round != 1 or s.on:
                self.fail("last=- but a can has been placed")
            return
        seat, can, car, here, there = s.last
        if there - here not in {MOVE[k][can] for k in range(NUM_KINDS)}:
            self.fail(f"last: no card moves a car from {here} to {there} with can {can}")
        racing = len(s.deal) == g.deals
        if s.on:
            if (seat, can, car) != ((s.start + len(s.on) - 1) % g.players, len(s.on),
                                    s.on[-1]):
                self.fail("last must be the can placed last in on, by the seat whose turn "
                          "it was")
        elif racing and s.round > 1:
            if seat != (s.start + can - 2) % g.players:
                self.fail("last must be the last can of the round before, placed by the "
                          "seat whose turn it was")
        elif s.race == 1:
            self.fail("last names a can, but none has been placed yet")
        else:
            return  # the last can of the race before: its cars have gone back to the start
        if here >= g.target or there != here + MOVE[s.kind_at(here)][can]:
            self.fail(f"last: can {can} takes a car on square {here} of this track to "
                      f"{here + MOVE[s.kind_at(here)][can]}, not {there}")
        how = {e[1]: e[3] for e in self.entries}.get(car)
        moved = s.pos[car] == there if how is None else (how == CROSSED) == (
            there >= g.target)
        if not moved:
            self.fail(f"last moved {COLOURS[car]} to {there}, but it is on {s.pos[car]}")


# -- notation helpers ---------------------------------------------------------------------
#: A whole number as ``to_text`` writes it (ASCII digits, no sign but a minus, no padding).
_DIGITS = re.compile(r"-?(0|[1-9][0-9]{0,5})")


def _owners(deal: Sequence[int], seats: Sequence[int]) -> list[int]:
    owner = [NOBODY] * NUM_CARS
    for i, car in enumerate(deal):
        owner[car] = seats[i]
    return owner


def _number(text: str, name: str, low: int, high: int) -> int:
    if not _DIGITS.fullmatch(text):
        raise NotationError(f"{name}={text!r} must be a whole number") from None
    value = int(text)
    if not low <= value <= high:
        raise NotationError(f"{name}={value} is out of range; allowed {low} to {high}")
    return value


def _dash(text: str) -> str:
    return "" if text == "-" else text


def _code(ch: str, codes: str, what: str) -> int:
    index = codes.find(ch)
    if index < 0 or len(ch) != 1:
        raise NotationError(f"{what} {ch!r} must be one of {' '.join(codes)}")
    return index


def _cars(text: str, name: str) -> list[int]:
    cars = [_code(ch, COLOURS, "car") for ch in _dash(text)]
    if len(set(cars)) != len(cars):
        raise NotationError(f"{name}={text!r} names a car twice")
    return cars


def _items(text: str) -> list[str]:
    return _dash(text).split(",") if text != "-" else []


def _finish(text: str, race: int, players: int) -> Finish:
    number, sep, rest = text.partition(":")
    how = CROSSED
    if rest[-1:] in HOW_CODES[1:]:
        how = HOW_CODES.index(rest[-1])
        rest = rest[:-1]
    if not sep or len(rest) != 2:
        raise NotationError(f"finish {text!r} must read race:car followed by a seat or -, "
                            "and c or s for a car judged by its square")
    seat = NOBODY if rest[1] == "-" else _number(rest[1], "finish seat", 0, players - 1)
    return _number(number, "finish race", 1, race), _code(rest[0], COLOURS, "car"), seat, how


def _last(text: str, players: int, target: int) -> tuple[int, int, int, int, int]:
    parts = text.split(":")
    if len(parts) != 5:
        raise NotationError(f"last={text!r} must read seat:can:car:from:to or -")
    return (
        _number(parts[0], "last seat", 0, players - 1),
        _number(parts[1], "last can", 1, NUM_CANS),
        _code(parts[2], COLOURS, "car"),
        _number(parts[3], "last from", 0, target),
        _number(parts[4], "last to", -NUM_CANS, target + 4 * NUM_CANS),
    )
