"""The rules of Von 0 auf 100 (HABA, 2005): six cars, secret licences, five cans.

A race: the track is laid (chance, one node per track card; the small race has no choice),
the licences are dealt (chance, one node per licence, seen only by the seat that gets it),
then rounds: from the starting player on, seats put the cans 1, 2, ... on driver cards and
move that car. Numbers like "I7" refer to the interpretations in docs/rules/von0auf100.md.

The state notation (``to_text``, ``Game.state_from_text``) is written, read and checked in
``notation.py``; what each seat may know, in ``views.py``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import ClassVar

import msgspec

from rennbahn.core.errors import IllegalActionError, ParameterError
from rennbahn.core.params import Param
from rennbahn.core.protocol import ALL_SEATS, CHANCE, TERMINAL, Game, State
from rennbahn.games.von0auf100 import notation
from rennbahn.games.von0auf100.components import (
    CAUGHT,
    COLOURS,
    CROSSED,
    KIND_CODES,
    KIND_NAMES,
    MAX_ROUNDS,
    MOVE,
    NO_OIL_CARDS,
    NOBODY,
    NUM_CANS,
    NUM_CARS,
    NUM_KINDS,
    OIL,
    PLAIN,
    POINTS,
    SHIPPED_MIXES,
    STOPPED,
    Finish,
    Judgement,
    Mix,
    load_mix,
    owners,
)
from rennbahn.games.von0auf100.views import (
    CarOut,
    EarlierCan,
    How,
    LastCan,
    Phase,
    Undecided,
    Von0auf100PublicView,
    Von0auf100View,
)

# Player action ids: put the can that is next on the driver card of car c.
PLACE = 0
NUM_ACTIONS = PLACE + NUM_CARS
# Chance action ids.
LAY = 0  # 0..7: the next track card is of kind k
LICENCE = LAY + NUM_KINDS  # 8..13: the next licence dealt is car c
NUM_CHANCE = LICENCE + NUM_CARS

#: The observation name of each way out of a race (CROSSED, CAUGHT, STOPPED).
HOW_NAMES: tuple[How, ...] = ("crossed", "caught", "stopped")

#: The most entries resampling's memo of fitting deals holds before it starts afresh.
_DEAL_FITS_SIZE = 1 << 14
# Legal placements for every bitmask of "busy" cars (put aside or already given a can).
_FREE = tuple(tuple(c for c in range(NUM_CARS) if not busy >> c & 1) for busy in range(64))


class Von0auf100Game(Game):
    """Von 0 auf 100 for 2 to 5 players, the small or the big race, with the variations."""

    NAME: ClassVar[str] = "von0auf100"
    TITLE: ClassVar[str] = "Von 0 auf 100"
    VERSION: ClassVar[int] = 5
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
        Param("season_places", "among",
              "season: among: three cars of any kind end the race and the players whose cars "
              "are among them are ranked in that order; any: the first three cars take the "
              "places, an unowned car's points being lost; owned: only owned cars take "
              "places (unowned cars are put aside) (I14)",
              choices=("among", "any", "owned")),
        Param("withdraw", "two",
              "two: only cans 5 and 4 are ever withdrawn, as the rulebook names them; each: "
              "every car put aside withdraws the highest can, leaving at least one (I10)",
              choices=("two", "each")),
        Param("cards", "standard",
              "track-card mix: one that ships with rennbahn (data/), or, on the command line "
              "and in the Python API only, a path to a JSON file",
              shipped=SHIPPED_MIXES),
        Param("undecided", "played",
              "a race no car can finish any more is undecided and scores nothing: played: it "
              "counts as one of the races; replay: it is driven again (at most as many "
              "replays as races) (I17)",
              choices=("played", "replay")),
        Param("house_rule_squares", False,
              "house rule, not in the rulebook: a race no car can finish any more is decided "
              "by the cars' squares, the furthest car first, instead of being undecided "
              "(I17)"),
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
        self.places: str = str(self._params["season_places"])
        self.replay = self._params["undecided"] == "replay"
        self.house_squares = bool(self._params["house_rule_squares"])
        #: The most races a game can have: every race replayed once at most (I17).
        self.max_races = self.races * (2 if self.replay else 1)
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
        notation.read(state, text)
        return state

    def max_game_length(self) -> int:
        return self.max_races * (self.length + self.deals + MAX_ROUNDS * NUM_CANS)

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
            if seat == NOBODY and self.places == "owned":
                return NOBODY, False, 0
            place = self.place([owner[c] for c in earlier])
            if place >= len(POINTS):  # only when resampling tries a deal that cannot be
                return seat, True, 0
            points = POINTS[place] if seat != NOBODY else 0
            cars = len(earlier) + 1 if self.places == "among" else place + 1
            return seat, cars >= len(POINTS), points
        if seat == NOBODY:
            return NOBODY, False, 0  # put aside, a can is withdrawn (I10)
        if self.cars_per_seat == 2 and not any(owner[c] == seat for c in earlier):
            return NOBODY, False, 0  # I12: the first of two cars is not announced
        return seat, True, 1  # I11, I12: the owner reveals and wins

    def place(self, seats: Sequence[int]) -> int:
        """I14: the season place (0 the first) the next owned car takes after cars whose
        owners were ``seats`` (NOBODY for a car nobody claimed): with ``any`` every car took
        a place, with ``among`` and ``owned`` only the owned ones."""
        return sum(1 for s in seats if self.places == "any" or s != NOBODY)

    def scored(self, seats: Sequence[int]) -> list[int]:
        """What each seat scored in a race whose cars out were uncovered by ``seats`` in
        order (NOBODY: nobody): a win (1), or the season's points (I11, I14)."""
        points = [0] * self.players
        for j, seat in enumerate(seats):
            if seat == NOBODY:
                continue
            if not self.season:
                points[seat] += 1
                continue
            place = self.place(seats[:j])
            if place < len(POINTS):
                points[seat] += POINTS[place]
        return points

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
        "void",
        "withdrawn",
    )

    def __init__(self, game: Von0auf100Game, *, blank: bool = False) -> None:
        """The initial state; ``blank``: only the game, every other field left for
        :meth:`_copy` to fill in (a compiled class cannot be made without ``__init__``)."""
        super().__init__(game)
        self.g = game
        if blank:
            return
        self.race = 1
        self.score = [0] * game.players
        self.fin: list[Finish] = []
        self.last: tuple[int, int, int, int, int] | None = None
        self.over = False
        self.prev: list[int] = []
        #: The races that ended undecided (I17): (race, CAUGHT or STOPPED).
        self.void: list[tuple[int, int]] = []
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
        self.lay_forced()

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
            self.lay_forced()

    def _apply_joint(self, actions: Sequence[int]) -> None:
        raise IllegalActionError("Von 0 auf 100 has no simultaneous moves")

    def lay_forced(self) -> None:
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

    def next_cans(self) -> tuple[int, int]:
        """The cans withdrawn and the cans used in the round after this one (I9, I10)."""
        withdrawn = min(self.g.max_withdrawn, self.withdrawn + self.pending)
        racing = NUM_CARS - bin(self.out).count("1")
        return withdrawn, min(NUM_CANS - withdrawn, racing)

    def _new_round(self) -> None:
        withdrawn, cans = self.next_cans()
        # I16, I17: a race that cannot end is settled when its last round is over, before
        # the tile passes: a round nobody plays does not move the starting tile (I13).
        if self.round == MAX_ROUNDS:
            self._decide(STOPPED)
            return
        if self.caught(cans):
            self._decide(CAUGHT)
            return
        self.round += 1
        self.start = (self.start + 1) % self.g.players  # I7
        self.withdrawn = withdrawn
        self.pending = 0
        self.cans = cans
        self.prev = self.on
        self.on = []
        self.busy = self.out

    def caught(self, cans: int) -> bool:
        """I17: no car still racing can ever reach the line with ``cans`` cans a round (each
        can only slide to and fro between oil stains). Cans never come back, so such a race
        could not end."""
        if OIL not in self.track:
            return False
        target = self.g.target
        moves = [MOVE[k][1:cans + 1] for k in range(NUM_KINDS)]
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
        """I16, I17: a race that cannot end is undecided: nobody wins it and it scores
        nothing (the season's points of its cars across are not given). Under the house rule
        it is decided by the cars' squares: the cars still racing are judged one by one as
        though they crossed the line in that order, the furthest first (cars on one square
        in the order of the driver cards, R O Y G B P), until the race is over."""
        if not self.g.house_squares:
            lost = self.g.scored([seat for r, _, seat, _ in self.fin if r == self.race])
            self.score = [have - gone for have, gone in zip(self.score, lost, strict=True)]
            self.void.append((self.race, how))
            self._end_race()
            return
        racing = [c for c in range(NUM_CARS) if not self.out >> c & 1]
        racing.sort(key=lambda c: -self.pos[c])
        for car in racing:
            if self._cross(car, how):
                return
        self._end_race()  # not reached: the last car racing always ends the race

    def races_to_drive(self) -> int:
        """The races of this game: the ``races`` asked for, and with ``undecided=replay`` one
        more for every race that ended undecided, up to as many again (I17)."""
        g = self.g
        return g.races + (min(len(self.void), g.races) if g.replay else 0)

    def race_scores(self) -> list[list[int]]:
        """Per race so far, what each seat scored in it (nothing in an undecided race)."""
        void = {r for r, _ in self.void}
        return [[0] * self.g.players if r in void else
                self.g.scored([s for fr, _, s, _ in self.fin if fr == r])
                for r in range(1, self.race + 1)]

    def _end_race(self) -> None:
        if self.race >= self.races_to_drive():
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

    def phase(self) -> Phase:
        """layout, deal, race or over."""
        if self.over:
            return "over"
        if len(self.track) < self.g.length:
            return "layout"
        return "deal" if len(self.deal) < self.g.deals else "race"

    def _view(self, player: int) -> Von0auf100View:
        """The public view, and this seat's own licences."""
        return Von0auf100View(
            **msgspec.structs.asdict(self._public_view()),
            you=player,
            licences=[COLOURS[c] for c in self.licences(player)],
        )

    def _public_view(self) -> Von0auf100PublicView:
        """What every seat knows: the board, the cans, the cars out of the race and the
        licences uncovered; no licence that was not uncovered."""
        g = self.g
        to_move = self._current_player()
        shown = [c for r, car, s, _ in self.fin if r == self.race
                 for c in g.shown(self.owner, car, s)]
        last = None
        if self.last is not None:
            seat, can, car, here, there = self.last
            last = LastCan(seat=seat, can=can, car=COLOURS[car], from_=here, to=there)
        return Von0auf100PublicView(
            players=g.players,
            scoring="season" if g.season else "win",
            race=self.race,
            races=self.races_to_drive(),
            round=self.round,
            phase=self.phase(),
            track="".join(KIND_CODES[k] for k in self.track),
            length=g.length,
            target=g.target,
            cars={COLOURS[c]: self.pos[c] for c in range(NUM_CARS)},
            out=[COLOURS[c] for c in self.race_finishes()],
            finishes=[CarOut(race=r, car=COLOURS[c], seat=s if s != NOBODY else None,
                             how=HOW_NAMES[how]) for r, c, s, how in self.fin],
            owners={COLOURS[c]: self.owner[c] for c in sorted(shown)},
            dealt=len(self.deal),
            start=self.start,
            to_move=to_move if to_move >= 0 else None,
            cans=self.cans,
            on=[COLOURS[c] for c in self.on],
            next_can=len(self.on) + 1 if to_move >= 0 else None,
            withdrawn=self.withdrawn,
            pending=self.pending,
            given=[self.given[s * NUM_CARS:(s + 1) * NUM_CARS] for s in range(g.players)],
            last=last,
            previous=[EarlierCan(seat=(self.start - 1 + i) % g.players, can=i + 1,
                                 car=COLOURS[c]) for i, c in enumerate(self.prev)],
            score=list(self.score),
            undecided=[Undecided(race=r, how=HOW_NAMES[how]) for r, how in self.void],
            race_scores=self.race_scores(),
        )

    def to_text(self) -> str:
        return notation.write(self)

    # -- copying and hidden information ----------------------------------------------------
    def _copy(self) -> Von0auf100State:
        copy = Von0auf100State(self.g, blank=True)
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
        copy.void = list(self.void)
        copy.over = self.over
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
        state.owner = owners(state.deal, g.deal_seats)
        new_log = state._log  # a copy: only the licences change
        for i, (race, slot) in zip(at, where, strict=True):
            actor, _, visibility = log[i]
            new_log[i] = (actor, LICENCE + sampled[race][slot], visibility)
        if origin is not None:
            copy = origin._copy()
            copy.deal = sampled[first][: len(origin.deal)]
            copy.owner = owners(copy.deal, g.deal_seats)
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
            truth = g.signature(owners(deal, seats), finished)
            free = [c for c in range(NUM_CARS) if c not in mine]
            found = []
            for choice in itertools.permutations(free, len(others)):
                candidate = list(deal)
                for i, car in zip(others, choice, strict=True):
                    candidate[i] = car
                if g.signature(owners(candidate, seats), finished) == truth:
                    found.append(tuple(candidate))
            fits = tuple(found)
            if len(g.deal_fits) >= _DEAL_FITS_SIZE:
                g.deal_fits.clear()
            g.deal_fits[key] = fits
        return list(fits[rng.randrange(len(fits))])
