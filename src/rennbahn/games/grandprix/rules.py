"""The rules of Grand Prix (Ravensburger 1998): building the track while racing on it.

On a turn a player either draws the next card from the stack and lays it at the open end
of the track, or rolls the die and drives. The race runs out to the turnaround card (the
bottom card of the stack) and back to the start card; the first car home wins. Numbers like
"I4" refer to the interpretations in docs/rules/grandprix.md.

The stack's order is never fixed in advance: each draw is a chance node over the kinds of
card still in the stack, weighted so that every stack obeying the spreading rule (I2) is
equally likely. Nothing is hidden, so a seat's observation is the whole state.

Progress: a car's place is a number from 0 (start card) along the route out and back. Card
``i`` of the track is progress ``i`` on the way out and ``2T - i`` on the way back, where T
is the index of the turnaround card; progress ``2T`` is the finish.

The state notation (``to_text``, ``state_from_text``) is written, read and checked by
:mod:`rennbahn.games.grandprix.notation`; what a seat sees is built here as the typed views
of :mod:`rennbahn.games.grandprix.views`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rennbahn.core.errors import IllegalActionError, ParameterError
from rennbahn.core.params import Param, ParamValue
from rennbahn.core.protocol import CHANCE, TERMINAL, Game, State
from rennbahn.core.views import UNSET, UnsetType
from rennbahn.games.grandprix import notation
from rennbahn.games.grandprix.components import (
    ACCIDENT,
    CAPACITY,
    CURVE,
    EAST,
    GRANDSTAND,
    HEADING_NAMES,
    KIND_LETTERS,
    KIND_NAMES,
    MAX_CARDS,
    NO_WINNER,
    P_CHOOSE,
    P_DRAW,
    P_OVER,
    P_PLACE,
    P_ROLL,
    P_STAND,
    PHASES,
    SHIPPED_STACKS,
    SKIP_KINDS,
    SPREADS,
    STACK_KINDS,
    START,
    START_CELL,
    STEP,
    TURN_AHEAD,
    TURN_CODES,
    TURN_LEFT,
    TURN_RIGHT,
    TURNAROUND,
    Spreading,
    Stack,
    StackNode,
    cell_xy,
    fits,
    grow_box,
    load_stack,
)
from rennbahn.games.grandprix.views import Car, Card, Drive, GrandPrixView, RollRecord

# Player action ids.
BUILD, ROLL, LEFT, RIGHT, AGAIN, STAY = range(6)
NUM_ACTIONS = 6
ACTION_NAMES = ("build", "roll", "left", "right", "again", "stay")
_TURN_OF_ACTION = {LEFT: TURN_LEFT, RIGHT: TURN_RIGHT}
_ACTION_OF_TURN = {TURN_LEFT: LEFT, TURN_RIGHT: RIGHT}

# Chance action ids: the die shows 1..6, or a card kind is drawn.
DIE = 0
DRAW = 6
NUM_CHANCE = DRAW + STACK_KINDS

_DIE_OUTCOMES = [(DIE + face, 1 / 6) for face in range(6)]
_BUILD_OR_ROLL = [BUILD, ROLL]
_GRANDSTAND_CHOICE = [AGAIN, STAY]
# A card's load counts outward cars in the low four bits and returning cars above them.
_OUT = 1
_RET = 16
_AHEAD_ONLY = (TURN_AHEAD,)
_CURVE_TURNS = (TURN_LEFT, TURN_RIGHT)
#: The readings of I16 (parameter ``dead_end``).
DEAD_ENDS = ("avoid", "set_aside")
#: The readings of I11 (parameter ``accident_blocks_return``): returning cars drive over an
#: outward car on the accident card but may not stop there, or it stops them before it.
ACCIDENT_READINGS = ("pass_not_stop", "block")


@dataclass(frozen=True)
class RenamedChoices(Param):
    """A parameter with ``choices`` that also reads the old spellings of its values.

    ``accident_blocks_return`` was a yes/no parameter until version 5: ``true`` (and the
    Python ``True``) still reads as ``block``, ``false`` as ``pass_not_stop``, so stored game
    strings and tables load; the canonical game string writes the new names.
    """

    renamed: tuple[tuple[str, str], ...] = ()

    def coerce(self, value: object) -> ParamValue:
        old = str(value).lower() if isinstance(value, bool | str) else None
        for spelling, name in self.renamed:
            if old == spelling:
                return name
        return super().coerce(value)


class GrandPrixGame(Game):
    """Grand Prix for 2 to 4 drivers. Parameters select the readings the rulebook leaves open."""

    NAME: ClassVar[str] = "grandprix"
    TITLE: ClassVar[str] = "Grand Prix (Ravensburger 1998)"
    VERSION: ClassVar[int] = 6
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 4
    PARAMS: ClassVar[tuple[Param, ...]] = (
        Param("players", 4, "number of drivers", minimum=2, maximum=4),
        Param("stack", "with_large",
              "the small cards: with_large (the 22 published cards include the two large "
              "ones, I1), plus_large (22 small cards besides them), or, on the command line "
              "and in the Python API only, a path to a JSON file",
              shipped=SHIPPED_STACKS),
        Param("spread", "parts",
              "how the event cards are spread through the stack (I2): parts (as many equal "
              "parts as event cards, one in each, and event_gap) or gap (only event_gap)",
              choices=SPREADS),
        Param("event_gap", 2,
              "fewest other cards between two event cards in the stack (I2); at least 1, so "
              "event cards never come up right after one another",
              minimum=1, maximum=8),
        Param("oncoming", "block",
              "outward cars meeting returning cars: block (every car counts towards the "
              "two-car limit, I10) or pass (only cars going the same way block)",
              choices=("block", "pass")),
        RenamedChoices(
            "accident_blocks_return", "pass_not_stop",
            "a returning car meeting an outward car on the accident card (I11): pass_not_stop "
            "(it may drive over the card like any oncoming car, I9, but not stop on it: only "
            "one car may stand there) or block (it stops one card before it); the old "
            "spellings true (block) and false (pass_not_stop) are still read",
            choices=ACCIDENT_READINGS, renamed=(("true", "block"), ("false", "pass_not_stop")),
        ),
        Param("dead_end", "avoid",
              "a card that would find no place (I16): avoid (a builder may not lay a card a "
              "way after which some card still in the stack could find no place, so every "
              "card is laid) or set_aside (any way I15 allows; a card with no place is set "
              "aside)",
              choices=DEAD_ENDS),
        Param("turn_limit", 600, "turns after which an unfinished race ends undecided (I18)",
              minimum=10, maximum=100000),
    )

    def _setup(self) -> None:
        self.players = int(self._params["players"])
        name = str(self._params["stack"])
        if any(ch in name for ch in "(),="):
            raise ParameterError("the stack parameter cannot contain ( ) , or =")
        self.stack: Stack = load_stack(name)
        self.spreading = Spreading(
            self.stack.size, self.stack.events, int(self._params["event_gap"]),
            str(self._params["spread"]),
        )
        self.oncoming_block = self._params["oncoming"] == "block"
        self.accident_blocks_return = self._params["accident_blocks_return"] == "block"
        self.turn_limit = int(self._params["turn_limit"])
        self.avoid_dead_ends = self._params["dead_end"] == "avoid"
        #: What :func:`has_room` found, shared by the races of this game (I16).
        self.room_memo: dict[tuple[int, int, int, int, int], bool] = {}
        #: The full stack; each draw moves to a shared, memoised node (I2).
        self.stack_root = StackNode(self.spreading, self.stack.counts, offset=DRAW)

    def num_players(self) -> int:
        return self.players

    def new_initial_state(self) -> GrandPrixState:
        return GrandPrixState(self)

    def _state_from_text(self, text: str) -> GrandPrixState:
        state = GrandPrixState(self)
        notation.read(state, text)
        return state

    def max_game_length(self) -> int:
        # A turn is at most three actions: build, draw, turn a curve; or roll, die, grandstand.
        return 3 * self.turn_limit

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return NUM_CHANCE


class GrandPrixState(State):
    """A position of a Grand Prix race."""

    __slots__ = (
        "box",
        "drawn",
        "g",
        "heading",
        "kinds",
        "last_roll",
        "load",
        "next_cell",
        "occupied",
        "options",
        "pending",
        "phase",
        "pos",
        "seat",
        "skip",
        "stack",
        "turnaround",
        "turns",
        "winner",
    )

    def __init__(self, game: GrandPrixGame, *, blank: bool = False) -> None:
        """The initial state; ``blank``: only the game, every other field left for
        :meth:`_copy` to fill in (a compiled class cannot be made without ``__init__``)."""
        super().__init__(game)
        self.g = game
        if blank:
            return
        self.phase = P_CHOOSE
        self.seat = 0  # I20: the youngest player begins; seat 0 is the youngest.
        self.pos = [0] * game.players
        self.skip = 0  # bitmask of seats that miss their next turn
        self.kinds: tuple[int, ...] = (START,)
        self.load = [game.players * _OUT]
        self.drawn = ""
        self.occupied = 1 << START_CELL
        self.box = (0, 0, 0, 0)
        self.heading = EAST
        self.next_cell = START_CELL + STEP[EAST]
        self.stack = game.stack_root
        self.turnaround = -1  # index of the turnaround card once laid
        self.pending = 0  # the card kind to lay (place) or the number rolled (stand)
        self.options: tuple[int, ...] = ()
        self.turns = 0
        self.winner = NO_WINNER
        #: The last roll since the last card was drawn: (seat, face, progress it rolled
        #: from), or None. Where the car got to, and why, follows from the track (see
        #: :meth:`roll_record`), so notation needs only these three numbers.
        self.last_roll: tuple[int, int, int] | None = None

    # -- whose turn ------------------------------------------------------------------------
    def _current_player(self) -> int:
        phase = self.phase
        if phase in (P_DRAW, P_ROLL):
            return CHANCE
        if phase == P_OVER:
            return TERMINAL
        return self.seat

    def _legal_actions(self, player: int) -> list[int]:
        # The protocol copies what it gets (it keeps it per position), so shared lists do.
        if player != self.seat:
            return []
        phase = self.phase
        if phase == P_CHOOSE:
            return _BUILD_OR_ROLL
        if phase == P_PLACE:
            return [_ACTION_OF_TURN[t] for t in self.options]
        if phase == P_STAND:
            return _GRANDSTAND_CHOICE
        return []

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == P_ROLL:
            return _DIE_OUTCOMES
        if self.phase == P_DRAW:
            return self.stack.outcomes
        return []

    # -- applying --------------------------------------------------------------------------
    def _apply(self, actor: int, action: int) -> None:
        phase = self.phase
        if phase == P_ROLL:
            seat = self.seat
            start = self.pos[seat]
            roll = action - DIE + 1
            self.last_roll = (seat, roll, start)
            if self.turnaround < 0 and start + roll >= len(self.kinds):
                self._end_turn()  # I4: beyond the laid track (the commonest roll)
            else:
                self._drive(roll)
        elif phase == P_CHOOSE:
            if action == ROLL:
                self.phase = P_ROLL
            else:
                self.last_roll = None
                self._build()
        elif phase == P_DRAW:
            self._lay(action - DRAW)
        elif phase == P_PLACE:
            self.place(self.pending, _TURN_OF_ACTION[action])
            self._end_turn()
        elif phase == P_STAND:
            if action == AGAIN:
                self._drive_again(self.pending)
            else:
                self._end_turn()

    def _apply_joint(self, actions: Sequence[int]) -> None:
        raise IllegalActionError("Grand Prix has no simultaneous moves")

    # -- building --------------------------------------------------------------------------
    def _build(self) -> None:
        """Draw the next card: the turnaround once the stack is used up, else a chance node."""
        outcomes = self.stack.outcomes
        if not outcomes:
            self._lay(TURNAROUND)
        elif len(outcomes) == 1:
            self._lay(outcomes[0][0] - DRAW)
        else:
            self.phase = P_DRAW

    def _lay(self, kind: int) -> None:
        """The drawn card is known: lay it, ask which way a curve turns, or set it aside."""
        if kind == TURNAROUND:
            self.place(kind, TURN_AHEAD)
            self.turnaround = len(self.kinds) - 1
            self._end_turn()
            return
        self.take_from_stack(kind)
        options = self.ways(kind)
        if len(options) == 1:
            self.place(kind, options[0])
        elif not options:
            self.drawn += "x" + KIND_LETTERS[kind]  # I16
        else:
            self.pending = kind
            self.options = options
            self.phase = P_PLACE
            return
        self._end_turn()

    def take_from_stack(self, kind: int) -> None:
        """The card drawn leaves the stack (the notation's reader replays draws with it)."""
        self.stack = self.stack.take(kind)

    def placements(self, kind: int) -> tuple[int, ...]:
        """The legal ways to lay a card of ``kind`` if it were drawn now (I15, I16): turn codes."""
        if self.phase == P_PLACE:
            return self.options if kind == self.pending else self.ways(kind)
        if 0 <= kind < STACK_KINDS and self.stack.counts[kind]:
            saved = self.stack
            self.stack = saved.take(kind)
            try:
                return self.ways(kind)
            finally:
                self.stack = saved
        return self.ways(kind)

    def ways(self, kind: int, room: bool | None = None) -> tuple[int, ...]:
        """The legal ways to lay the drawn ``kind``; ``self.stack`` is what is left after it.

        I15: the cell after the card is free and reaches open ground. I16 (``dead_end=avoid``):
        and every card still in the stack can still be laid, whatever order it comes in.
        """
        cell = self.next_cell
        occupied = self.occupied | 1 << cell
        box = grow_box(self.box, cell)
        heading = self.heading
        turns = _AHEAD_ONLY if kind != CURVE else _CURVE_TURNS
        if room is None:
            room = self.g.avoid_dead_ends
        counts = self.stack.counts
        curves = counts[CURVE]
        straight = sum(counts) - curves
        memo = self.g.room_memo if room else None
        legal = []
        for turn in turns:
            if fits(occupied, box, cell, (heading + turn) & 3, straight, curves, memo):
                legal.append(turn)
        return tuple(legal)

    def place(self, kind: int, turn: int) -> None:
        """Lay ``kind`` at the open end, turned by ``turn``, and write it in ``drawn``."""
        cell = self.next_cell
        self.occupied |= 1 << cell
        self.box = grow_box(self.box, cell)
        heading = (self.heading + turn) & 3
        self.heading = heading
        self.next_cell = cell + STEP[heading]
        self.kinds += (kind,)
        self.load.append(0)
        self.drawn += KIND_LETTERS[kind] + TURN_CODES[turn]

    # -- driving ---------------------------------------------------------------------------
    def card_of(self, progress: int) -> int:
        """The index of the card a car with this progress stands on."""
        t = self.turnaround
        return progress if t < 0 or progress <= t else 2 * t - progress

    def weight(self, progress: int) -> int:
        """What a car at ``progress`` adds to its card's load: outward or returning."""
        t = self.turnaround
        return _RET if 0 <= t < progress else _OUT

    def reach(self, progress: int, roll: int, again: bool = False) -> int:
        """Where a car at ``progress`` gets to driving ``roll`` spaces.

        ``again`` is the grandstand's second drive (I14): as far as the laid track allows
        instead of not at all (I4). A car never drives onto its own card again in the same
        direction; on the way back it passes the card it stands on, where it still counts as
        an outward car, so there it does not count against itself (I11: a car on the accident
        card drives on over the turnaround and back across its own card). A car that would
        stop on the accident card with another car on it stops one card before it (I11).
        """
        t = self.turnaround
        if t < 0:
            goal = progress + roll
            last = len(self.kinds) - 1
            if goal > last:
                if not again:
                    return progress  # I4: a roll beyond the laid track is void
                goal = last
            finish = goal + 1
        else:
            finish = 2 * t
            goal = min(progress + roll, finish)
        here = progress
        while here < goal:
            step = here + 1
            if step >= finish:
                return step  # I7: the start card takes every car home
            if self.full(progress, step):
                break  # I8: stop behind the full card, the rest is lost
            here = step
        while here > progress and self.taken(progress, here):
            here -= 1  # I11: only one car may stand on the accident; stop behind it
        return here

    def full(self, progress: int, step: int) -> bool:
        """Whether the card at ``step`` stops the car that set off from ``progress`` before it:
        it holds as many of the cars that count for this car as it may (I8-I11)."""
        t = self.turnaround
        load = self.load
        if 0 <= t < step:
            card = 2 * t - step
            value = load[card]
            if card == progress:
                value -= _OUT  # the moving car itself, still counted outward there
            cars = value >> 4  # I9: returning cars pass outward ones ...
            if value & 15 and self.g.accident_blocks_return and self.kinds[card] == ACCIDENT:
                cars += value & 15  # ... but not one on the accident with block (I11)
        else:
            card = step
            value = load[card]
            # I10: outward cars count returning cars too, unless oncoming=pass.
            cars = (value & 15) + (value >> 4) if self.g.oncoming_block else value & 15
        return cars >= CAPACITY[self.kinds[card]]

    def taken(self, progress: int, at: int) -> bool:
        """Whether the car that set off from ``progress`` may not stop at ``at``: it is on
        the accident card and another car stands there, whichever way each goes ("Only one
        car may stand here", I11). Driving over it is :meth:`full`'s question."""
        card = self.card_of(at)
        if self.kinds[card] != ACCIDENT:
            return False
        value = self.load[card]
        if card == self.card_of(progress):
            value -= self.weight(progress)  # the moving car, crossing its own card
        return value != 0

    def move_car(self, seat: int, progress: int) -> None:
        """Move ``seat``'s car to ``progress``, keeping the cards' loads up to date."""
        t = self.turnaround
        load = self.load
        old = self.pos[seat]
        if 0 <= t < old:
            load[2 * t - old] -= _RET
        else:
            load[old] -= _OUT
        self.pos[seat] = progress
        if 0 <= t < progress:
            load[2 * t - progress] += _RET
        else:
            load[progress] += _OUT

    def _drive(self, roll: int) -> None:
        seat = self.seat
        start = self.pos[seat]
        if self.turnaround < 0 and start + roll >= len(self.kinds):
            self._end_turn()  # I4, the common case of reach() made quick
            return
        end = self.reach(start, roll)
        if end == start:
            self._end_turn()  # I12: a car that does not move does not stop on anything
            return
        self.move_car(seat, end)
        t = self.turnaround
        if 0 <= t:
            if end >= 2 * t:
                self.winner = seat  # I7
                self.phase = P_OVER
                return
            kind = self.kinds[end if end <= t else 2 * t - end]
        else:
            kind = self.kinds[end]
        if kind == GRANDSTAND and self.reach(end, roll, again=True) > end:
            self.pending = roll
            self.phase = P_STAND  # I14: the driver may use the number again
            return
        if kind in SKIP_KINDS:
            self.skip |= 1 << seat  # I13
        self._end_turn()

    def roll_record(self) -> RollRecord | None:
        """What the last roll did (None when no car has rolled since the last card was drawn).

        ``seat`` rolled ``face`` from progress ``from`` and drove to ``to`` (``driven``
        cards): ``result`` is ``void`` (beyond the laid track, I4), ``blocked`` (a full card
        right ahead, I8), ``short`` (a full card stopped it before the number was used up),
        ``taken`` (it would have stopped on the accident card, where another car stands, so
        it stopped one card before it, I11), ``drove`` or ``home`` (I7). ``card``/``kind``
        is where it stopped; ``turned``: it drove over the turnaround onto the way back.
        ``grandstand`` (I14): ``asked``, ``again`` (then ``again`` tells the second drive,
        whose ``result`` may also be ``end_of_track``), ``stay``, or ``no_gain`` when the
        driver was not asked; ``misses_turn``: it ended on a pit stop or oil slick (I13).
        """
        if self.last_roll is None:
            return None
        seat, face, start = self.last_roll
        now = self.pos[seat]
        t = self.turnaround
        self.move_car(seat, start)
        try:
            first = self.reach(start, face)
            result = self._why(start, face, first)
            second, second_result = first, "drove"
            self.move_car(seat, first)
            home = 0 <= t and first >= 2 * t
            kind = self.kinds[self.card_of(first)]
            stand = first != start and not home and kind == GRANDSTAND
            if stand:
                second = self.reach(first, face, again=True)
                second_result = self._why(first, face, second, again=True)
        finally:
            self.move_car(seat, now)
        drive = self._stop(start, first, result)
        grandstand: str | None = None
        again: Drive | UnsetType = UNSET
        final = first
        if stand:
            if second == first:
                grandstand = "no_gain"
            elif self.phase == P_STAND and self.seat == seat:
                grandstand = "asked"
            elif now == second:
                grandstand = "again"
                again = self._stop(first, second, second_result)
                final = second
            else:
                grandstand = "stay"
        done = 0 <= t and final >= 2 * t
        misses_turn = (final != start and not done
                       and self.kinds[self.card_of(final)] in SKIP_KINDS)
        return RollRecord(
            seat=seat, face=face, from_=start, to=drive.to, driven=drive.driven,
            card=drive.card, kind=drive.kind, returning=drive.returning, turned=drive.turned,
            home=drive.home, result=result, grandstand=grandstand, misses_turn=misses_turn,
            again=again,
        )

    def _why(self, start: int, face: int, end: int, again: bool = False) -> str:
        """Why a drive of ``face`` from ``start`` (the car still there) ended at ``end``: the
        ``result`` of :meth:`roll_record` and of the grandstand's second drive (``again``)."""
        t = self.turnaround
        last = len(self.kinds) - 1
        if t < 0 and start + face > last and not again:
            return "void"  # I4
        if 0 <= t and end >= 2 * t:
            return "home"  # I7
        if end - start == face:
            return "drove"
        if t < 0 and end == last:
            return "end_of_track"  # I14: as far as the laid track allows
        if self.taken(start, end + 1) and not self.full(start, end + 1):
            return "taken"  # I11: it may drive over the accident card but not stop there
        return "blocked" if end == start else "short"  # I8

    def _stop(self, start: int, end: int, result: str) -> Drive:
        """Where a drive from ``start`` to ``end`` stopped, and why (for :meth:`roll_record`)."""
        t = self.turnaround
        card = self.card_of(end)
        return Drive(to=end, driven=end - start, card=card, kind=KIND_NAMES[self.kinds[card]],
                     returning=0 <= t < end, turned=0 <= t and start <= t < end,
                     home=0 <= t and end >= 2 * t, result=result)

    def _drive_again(self, roll: int) -> None:
        seat = self.seat
        start = self.pos[seat]
        end = self.reach(start, roll, again=True)
        self.move_car(seat, end)
        if self._finished(end):
            return
        if self.kinds[self.card_of(end)] in SKIP_KINDS:
            self.skip |= 1 << seat
        self._end_turn()

    def _finished(self, progress: int) -> bool:
        if 0 <= self.turnaround and progress >= 2 * self.turnaround:
            self.winner = self.seat
            self.phase = P_OVER
            return True
        return False

    def _end_turn(self) -> None:
        """Pass the turn on, past drivers who miss theirs (I13); forced rolls need no ask (I17)."""
        g = self.g
        seat = self.seat
        turns = self.turns
        skip = self.skip
        while True:
            turns += 1
            if turns >= g.turn_limit:
                self.turns = turns
                self.skip = skip
                self.phase = P_OVER  # I18
                return
            seat += 1
            if seat == g.players:
                seat = 0
            if not skip or not skip >> seat & 1:
                break
            skip &= ~(1 << seat)
        self.turns = turns
        self.skip = skip
        self.seat = seat
        self.phase = P_ROLL if self.turnaround >= 0 else P_CHOOSE

    # -- results ---------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """1 to the first car home, 0 to the others (and to all if the turn limit hit, I18)."""
        result = [0.0] * self.g.players
        if self.winner >= 0:
            result[self.winner] = 1.0
        return result

    # -- notation --------------------------------------------------------------------------
    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            if DIE <= action < DIE + 6:
                return str(action - DIE + 1)
            if DRAW <= action < NUM_CHANCE:
                return KIND_NAMES[action - DRAW]
        elif 0 <= action < NUM_ACTIONS:
            return ACTION_NAMES[action]
        raise ValueError(f"{action} is not a Grand Prix action id")

    def _copy(self) -> GrandPrixState:
        new = GrandPrixState(self.g, blank=True)
        new.phase = self.phase
        new.seat = self.seat
        new.pos = self.pos[:]
        new.skip = self.skip
        new.kinds = self.kinds
        new.load = self.load[:]
        new.drawn = self.drawn
        new.occupied = self.occupied
        new.box = self.box
        new.heading = self.heading
        new.next_cell = self.next_cell
        new.stack = self.stack
        new.turnaround = self.turnaround
        new.pending = self.pending
        new.options = self.options
        new.turns = self.turns
        new.winner = self.winner
        new.last_roll = self.last_roll
        return new

    def to_text(self) -> str:
        return notation.write(self)

    # -- what a seat sees ------------------------------------------------------------------
    def _view(self, player: int) -> GrandPrixView:
        """Everything: the stack's order is not fixed until drawn, so nothing is hidden."""
        return self._make_view(player)

    def _public_view(self) -> GrandPrixView:
        """What every seat sees, which is everything: a seat's view without ``seat``."""
        return self._make_view(UNSET)

    def _make_view(self, seat: int | UnsetType) -> GrandPrixView:
        turnaround = self.turnaround
        phase = self.phase
        return GrandPrixView(
            seat=seat,
            turn=self.seat,
            phase=PHASES[phase],
            track=self._track(),
            set_aside=[KIND_NAMES[KIND_LETTERS.index(self.drawn[i + 1])]
                       for i, ch in enumerate(self.drawn) if ch == "x"],
            cars=[
                Car(seat=s, progress=p, card=self.card_of(p),
                    returning=0 <= turnaround < p,
                    home=0 <= turnaround and p >= 2 * turnaround,
                    misses_turn=bool(self.skip >> s & 1))
                for s, p in enumerate(self.pos)
            ],
            stack={KIND_NAMES[k]: self.stack.counts[k] for k in range(STACK_KINDS)},
            stack_left=sum(self.stack.counts) + (turnaround < 0),
            turnaround_laid=turnaround >= 0,
            finish=2 * turnaround if turnaround >= 0 else None,
            turns=self.turns,
            last_roll=self.roll_record(),
            card_to_lay=KIND_NAMES[self.pending] if phase == P_PLACE else UNSET,
            ways=([ACTION_NAMES[_ACTION_OF_TURN[t]] for t in self.options]
                  if phase == P_PLACE else UNSET),
            rolled=self.pending if phase == P_STAND else UNSET,
            winner=(self.winner if self.winner >= 0 else None) if phase == P_OVER else UNSET,
        )

    def _track(self) -> list[Card]:
        """The laid cards on their grid cells, each with the headings it joins."""
        track: list[Card] = []
        cell = START_CELL
        heading = EAST
        for index, (kind, turn) in enumerate(zip(self.kinds, self.turns_laid(), strict=True)):
            x, y = cell_xy(cell)
            out = (heading + turn) & 3
            track.append(Card(card=index, kind=KIND_NAMES[kind], x=x, y=y,
                              from_=HEADING_NAMES[heading], to=HEADING_NAMES[out]))
            cell, heading = cell + STEP[out], out
        return track

    def turns_laid(self) -> list[int]:
        """The turn of every laid card (the start card goes straight on)."""
        return notation.turns_laid(self.drawn)

    def _resample_from_infostate(self, player: int, rng: random.Random) -> GrandPrixState:
        """Nothing is hidden (the stack's order is chance at each draw), so: a copy."""
        state = self.clone()
        assert isinstance(state, GrandPrixState)
        return state


__all__ = [
    "AGAIN",
    "BUILD",
    "DIE",
    "DRAW",
    "LEFT",
    "MAX_CARDS",
    "RIGHT",
    "ROLL",
    "STAY",
    "GrandPrixGame",
    "GrandPrixState",
]
