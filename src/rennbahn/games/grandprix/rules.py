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

State notation (``to_text``), four or five fields separated by spaces::

    sc<Ac>sc? 0,3,2,1 1:place 9
    sc<Ac>s 0,3,2,1 2:choose 10 die=1:2:1

* the cards drawn, in order: a kind letter (``s`` straight, ``c`` curve, ``A`` accident,
  ``P`` pit stop, ``O`` oil slick, ``G`` grandstand, ``T`` turnaround) and, for a curve, the
  way it turns (``<`` left, ``>`` right); ``x`` before a card: set aside (only with
  ``dead_end=set_aside``, I16); ``?`` after the last card: drawn and waiting to be laid;
  ``-`` for none;
* each car's progress, ``*`` when its driver misses the next turn (I13; never the seat
  to move, whose missed turn has already been passed over);
* the seat whose turn it is and the phase: ``choose`` (build or roll), ``draw`` (a card is
  being drawn), ``place`` (the builder turns a curve), ``roll`` (the die is rolling),
  ``standN`` (grandstand: drive N again or not, I14); ``over:S`` when seat S has won,
  ``over:-`` when the turn limit ended the race (I18);
* how many turns have been played (missed turns included); the seat to move is this number
  modulo the seats;
* after a roll, until the next card is drawn: ``die=SEAT:FACE:FROM``, the seat that rolled
  last, the face, and its car's progress before the roll (what the roll did follows from
  the track: :meth:`GrandPrixState.roll_record`).

What the reader checks: docs/rules/grandprix.md, "Notation".
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import ClassVar

from rennbahn.core.errors import IllegalActionError, NotationError, ParameterError
from rennbahn.core.params import Param
from rennbahn.core.protocol import CHANCE, JSON, TERMINAL, Game, State
from rennbahn.games.grandprix.components import (
    ACCIDENT,
    CURVE,
    EAST,
    GRANDSTAND,
    HEADING_NAMES,
    KIND_LETTERS,
    KIND_NAMES,
    MAX_CARDS,
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

P_CHOOSE, P_DRAW, P_PLACE, P_ROLL, P_STAND, P_OVER = range(6)
PHASES = ("choose", "draw", "place", "roll", "stand", "over")

_DIE_OUTCOMES = [(DIE + face, 1 / 6) for face in range(6)]
_BUILD_OR_ROLL = [BUILD, ROLL]
_GRANDSTAND_CHOICE = [AGAIN, STAY]
# A card's load counts outward cars in the low four bits and returning cars above them.
_OUT = 1
_RET = 16
_CAPACITY = tuple(1 if kind == ACCIDENT else 2 for kind in range(len(KIND_NAMES)))
_NO_WINNER = -1
_AHEAD_ONLY = (TURN_AHEAD,)
_CURVE_TURNS = (TURN_LEFT, TURN_RIGHT)
#: The readings of I16 (parameter ``dead_end``).
DEAD_ENDS = ("avoid", "set_aside")


class GrandPrixGame(Game):
    """Grand Prix for 2 to 4 drivers. Parameters select the readings the rulebook leaves open."""

    NAME: ClassVar[str] = "grandprix"
    TITLE: ClassVar[str] = "Grand Prix (Ravensburger 1998)"
    VERSION: ClassVar[int] = 5
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
        Param("accident_blocks_return", True,
              "whether a car on the accident card stops returning cars too (I11): true (only "
              "one car may stand there, whichever way it goes) or false (returning cars pass "
              "it like any oncoming car, I9)"),
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
        self.accident_blocks_return = bool(self._params["accident_blocks_return"])
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
        state._read(text)
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

    def __init__(self, game: GrandPrixGame) -> None:
        super().__init__(game)
        self.g = game
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
        self.winner = _NO_WINNER
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
            self._place(self.pending, _TURN_OF_ACTION[action])
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
            self._place(kind, TURN_AHEAD)
            self.turnaround = len(self.kinds) - 1
            self._end_turn()
            return
        self._take_from_stack(kind)
        options = self._ways(kind)
        if len(options) == 1:
            self._place(kind, options[0])
        elif not options:
            self.drawn += "x" + KIND_LETTERS[kind]  # I16
        else:
            self.pending = kind
            self.options = options
            self.phase = P_PLACE
            return
        self._end_turn()

    def _take_from_stack(self, kind: int) -> None:
        self.stack = self.stack.take(kind)

    def placements(self, kind: int) -> tuple[int, ...]:
        """The legal ways to lay a card of ``kind`` if it were drawn now (I15, I16): turn codes."""
        if self.phase == P_PLACE:
            return self.options if kind == self.pending else self._ways(kind)
        if 0 <= kind < STACK_KINDS and self.stack.counts[kind]:
            saved = self.stack
            self.stack = saved.take(kind)
            try:
                return self._ways(kind)
            finally:
                self.stack = saved
        return self._ways(kind)

    def _ways(self, kind: int, room: bool | None = None) -> tuple[int, ...]:
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

    def _place(self, kind: int, turn: int) -> None:
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

    def _weight(self, progress: int) -> int:
        t = self.turnaround
        return _RET if 0 <= t < progress else _OUT

    def reach(self, progress: int, roll: int, again: bool = False) -> int:
        """Where a car at ``progress`` gets to driving ``roll`` spaces.

        ``again`` is the grandstand's second drive (I14): as far as the laid track allows
        instead of not at all (I4). A car never drives onto its own card again in the same
        direction; on the way back it passes the card it stands on, where it still counts as
        an outward car, so there it does not count against itself (I11: a car on the accident
        card drives on over the turnaround and back across its own card).
        """
        t = self.turnaround
        kinds = self.kinds
        load = self.load
        if t < 0:
            goal = progress + roll
            last = len(kinds) - 1
            if goal > last:
                if not again:
                    return progress  # I4: a roll beyond the laid track is void
                goal = last
            finish = goal + 1
        else:
            finish = 2 * t
            goal = min(progress + roll, finish)
        block_outward = self.g.oncoming_block
        accident_blocks = self.g.accident_blocks_return
        here = progress
        while here < goal:
            step = here + 1
            if step >= finish:
                return step  # I7: the start card takes every car home
            if 0 <= t < step:
                card = 2 * t - step
                value = load[card]
                if card == progress:
                    value -= _OUT  # the moving car itself, still counted outward there
                cars = value >> 4  # I9: returning cars pass outward ones ...
                if value & 15 and accident_blocks and kinds[card] == ACCIDENT:
                    cars += value & 15  # ... but not one on the accident (I11)
            else:
                card = step
                value = load[card]
                # I10: outward cars count returning cars too, unless oncoming=pass.
                cars = (value & 15) + (value >> 4) if block_outward else value & 15
            if cars >= _CAPACITY[kinds[card]]:
                return here  # I8: stop behind the full card, the rest is lost
            here = step
        return here

    def _move_car(self, seat: int, progress: int) -> None:
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
        self._move_car(seat, end)
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

    def roll_record(self) -> dict[str, JSON] | None:
        """What the last roll did (None when no car has rolled since the last card was drawn).

        ``seat`` rolled ``face`` from progress ``from`` and drove to ``to`` (``driven``
        cards): ``result`` is ``void`` (beyond the laid track, I4), ``blocked`` (a full card
        right ahead, I8), ``short`` (a full card stopped it before the number was used up),
        ``drove`` or ``home`` (I7). ``card``/``kind`` is where it stopped; ``turned``: it
        drove over the turnaround onto the way back. ``grandstand`` (I14): ``asked``,
        ``again`` (then ``again`` tells the second drive), ``stay``, or ``no_gain`` when the
        driver was not asked; ``misses_turn``: it ended on a pit stop or oil slick (I13).
        """
        if self.last_roll is None:
            return None
        seat, face, start = self.last_roll
        now = self.pos[seat]
        t = self.turnaround
        self._move_car(seat, start)
        try:
            first = self.reach(start, face)
            second = first
            self._move_car(seat, first)
            home = 0 <= t and first >= 2 * t
            kind = self.kinds[self.card_of(first)]
            stand = first != start and not home and kind == GRANDSTAND
            if stand:
                second = self.reach(first, face, again=True)
        finally:
            self._move_car(seat, now)
        if t < 0 and start + face > len(self.kinds) - 1:
            result = "void"
        elif first == start:
            result = "blocked"
        elif home:
            result = "home"
        else:
            result = "short" if first - start < face else "drove"
        record: dict[str, JSON] = {
            "seat": seat, "face": face, "from": start, **self._stop(start, first),
            "result": result, "grandstand": None, "misses_turn": False,
        }
        final = first
        if stand:
            if second == first:
                record["grandstand"] = "no_gain"
            elif self.phase == P_STAND and self.seat == seat:
                record["grandstand"] = "asked"
            elif now == second:
                record["grandstand"] = "again"
                record["again"] = self._stop(first, second)
                final = second
            else:
                record["grandstand"] = "stay"
        done = 0 <= t and final >= 2 * t
        record["misses_turn"] = (final != start and not done
                                 and self.kinds[self.card_of(final)] in SKIP_KINDS)
        return record

    def _stop(self, start: int, end: int) -> dict[str, JSON]:
        """Where a drive from ``start`` to ``end`` stopped (for :meth:`roll_record`)."""
        t = self.turnaround
        card = self.card_of(end)
        return {"to": end, "driven": end - start, "card": card,
                "kind": KIND_NAMES[self.kinds[card]],
                "returning": 0 <= t < end, "turned": 0 <= t and start <= t < end,
                "home": 0 <= t and end >= 2 * t}

    def _drive_again(self, roll: int) -> None:
        seat = self.seat
        start = self.pos[seat]
        end = self.reach(start, roll, again=True)
        self._move_car(seat, end)
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
        new = GrandPrixState.__new__(GrandPrixState)
        new._game = self._game
        new.g = self.g
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
        new._log = []
        new._origin = None
        return new

    def to_text(self) -> str:
        drawn = self.drawn
        if self.phase == P_PLACE:
            drawn += KIND_LETTERS[self.pending] + "?"
        cars = ",".join(
            f"{p}*" if self.skip >> s & 1 else str(p) for s, p in enumerate(self.pos)
        )
        text = f"{drawn or '-'} {cars} {self._phase_text()} {self.turns}"
        if self.last_roll is not None:
            seat, face, start = self.last_roll
            text += f" die={seat}:{face}:{start}"
        return text

    def _phase_text(self) -> str:
        if self.phase == P_OVER:
            return f"over:{self.winner if self.winner >= 0 else '-'}"
        if self.phase == P_STAND:
            return f"{self.seat}:stand{self.pending}"
        return f"{self.seat}:{PHASES[self.phase]}"

    def _read(self, text: str) -> None:
        fields = text.split()
        if len(fields) not in (4, 5):
            raise NotationError(
                f"Grand Prix state notation needs 4 fields (cards drawn, cars, turn, turns "
                f"played) and, after a roll, a fifth (die=SEAT:FACE:FROM), e.g. "
                f"'sc<A 0,3,0,1 2:choose 7 die=1:3:0'; got {len(fields)} in {text!r}"
            )
        drawn, cars, turn, turns = fields[:4]
        pending = self._read_cards(drawn if drawn != "-" else "")
        self._read_cars(cars)
        self.turns = _number(turns, "turns played", self.g.turn_limit)
        self._read_turn(turn, pending)
        if (self.turns == self.g.turn_limit) != (self.phase == P_OVER and self.winner < 0):
            raise NotationError(
                f"the race ends undecided ('over:-') exactly when {self.g.turn_limit} turns "
                "are played (I18)"
            )
        self._check_turns(pending)
        if len(fields) == 5:
            self._read_die(fields[4])
        elif self.phase == P_STAND or self.winner >= 0:
            raise NotationError(
                "a grandstand question or a won race follows a roll: write it as a fifth "
                "field die=SEAT:FACE:FROM (the seat that rolled, the face, its car's progress "
                "before the roll)"
            )

    def _read_die(self, field: str) -> None:
        """The last roll: who rolled what from where; it must explain where that car is."""
        match = _DIE_FIELD.fullmatch(field)
        if match is None:
            raise NotationError(
                f"{field!r}: the last roll is written die=SEAT:FACE:FROM (the seat that rolled, "
                "the face 1-6, the car's progress before the roll), e.g. die=1:4:12"
            )
        seat = _number(match[1], "the seat that rolled", self.g.players - 1)
        face = int(match[2])
        end = 2 * self.turnaround if self.turnaround >= 0 else len(self.kinds) - 1
        start = _number(match[3], "the progress the roll started from", end)
        if self.phase in (P_DRAW, P_PLACE):
            raise NotationError(
                f"{field!r}: a card is being drawn, and drawing a card ends the record of the "
                "last roll (write no die= field)"
            )
        now = self.pos[seat]
        self._move_car(seat, start)
        try:
            self._check_load(f" (with car {seat} back where it rolled from, {start})")
        finally:
            self._move_car(seat, now)
        self.last_roll = (seat, face, start)
        record = self.roll_record()
        assert record is not None
        again = record.get("again")
        final = again["to"] if isinstance(again, dict) else record["to"]
        if now != final:
            raise NotationError(
                f"{field!r}: car {seat} rolling {face} from {start} drives to {record['to']}"
                f"{' (and on the grandstand further)' if record['grandstand'] else ''}, "
                f"not to {now} where it stands (I4, I8-I11, I14)"
            )
        if self.phase == P_STAND and (seat != self.seat or face != self.pending):
            raise NotationError(
                f"{field!r}: the grandstand asks seat {self.seat} about the {self.pending} it "
                "rolled, so the last roll is that one"
            )
        if self.winner >= 0 and seat != self.winner:
            raise NotationError(
                f"{field!r}: the race was won by seat {self.winner}'s roll, so the last roll is "
                "that one"
            )

    def _check_turns(self, pending: int) -> None:
        """The turns played fit the seat to move and what happened (see the Notation docs).

        Every turn, played or missed (I13), passes the turn to the next seat, so the seat to
        move is the turns played modulo the seats. A turn lays at most one card or drives
        one car at most 12 cards (6, and 6 again on the grandstand, I14); the turn under way
        (a card waiting to be laid, a grandstand question, the winning drive) is not counted.
        """
        n = self.g.players
        if self.phase == P_OVER and self.winner < 0:
            self.seat = (self.turns - 1) % n  # the seat whose turn reached the limit (I18)
        elif self.seat != self.turns % n:
            raise NotationError(
                f"after {self.turns} turns played it is seat {self.turns % n}'s turn, not seat "
                f"{self.seat}'s: every turn, played or missed (I13), passes to the next seat"
            )
        builds = len(self.kinds) - 1 + self.drawn.count("x") + (pending >= 0)
        drives = sum(-(-p // 12) for p in self.pos)
        under_way = self.phase in (P_PLACE, P_STAND) or self.winner >= 0
        least = builds + drives - under_way
        if self.turns < least:
            raise NotationError(
                f"{self.turns} turns played are too few: laying {builds} cards and driving the "
                f"cars to {', '.join(map(str, self.pos))} takes at least {least} (one card a "
                "turn, at most 12 cards a drive)"
            )

    def _read_cards(self, drawn: str) -> int:
        """Replay the cards drawn; return the kind drawn and waiting to be laid, or -1."""
        i = 0
        while i < len(drawn):
            aside = drawn[i] == "x"
            i += aside
            if i >= len(drawn) or drawn[i] not in KIND_LETTERS:
                raise NotationError(
                    f"card {i} of {drawn!r}: expected a card letter, one of "
                    f"{', '.join(KIND_LETTERS)} (x before a card: set aside)"
                )
            kind = KIND_LETTERS.index(drawn[i])
            i += 1
            if self.turnaround >= 0 or kind == START:
                raise NotationError(f"{drawn!r}: no card can follow the turnaround or be a start")
            if kind == TURNAROUND:
                if aside or not self.stack.empty:
                    raise NotationError(
                        f"{drawn!r}: the turnaround is the bottom card, laid after all "
                        f"{self.g.stack.size} stack cards"
                    )
                self._place(kind, TURN_AHEAD)
                self.turnaround = len(self.kinds) - 1
                continue
            if self.stack.counts[kind] == 0:
                raise NotationError(f"{drawn!r}: no {KIND_NAMES[kind]} card is left to draw")
            if DRAW + kind not in self.stack.legal:
                raise NotationError(
                    f"{drawn!r}: card {self.stack.drawn + 1} cannot be a {KIND_NAMES[kind]} "
                    f"(the event cards are spread through the stack, I2)"
                )
            self._take_from_stack(kind)
            options = self._ways(kind)
            if i < len(drawn) and drawn[i] == "?":
                if i + 1 != len(drawn) or aside or len(options) < 2:
                    raise NotationError(
                        f"{drawn!r}: only a last card with two ways to lay it may wait ('?')"
                    )
                self.options = options
                return kind
            turn = TURN_AHEAD
            if i < len(drawn) and drawn[i] in "<>":
                turn = TURN_LEFT if drawn[i] == "<" else TURN_RIGHT
                i += 1
            if aside:
                if self.g.avoid_dead_ends:
                    raise NotationError(
                        f"{drawn!r}: with dead_end=avoid every card is laid, none is set aside "
                        "('x', I16)"
                    )
                if options:
                    raise NotationError(
                        f"{drawn!r}: a {KIND_NAMES[kind]} set aside could have been laid (I16)"
                    )
                self.drawn += "x" + KIND_LETTERS[kind]
            elif turn not in options:
                how = {TURN_LEFT: "turning left ", TURN_RIGHT: "turning right "}.get(turn, "")
                if turn in self._ways(kind, room=False):
                    raise NotationError(
                        f"{drawn!r}: the {KIND_NAMES[kind]} (card {len(self.kinds)}) cannot be "
                        f"laid {how}here: some card still in the stack could then find no "
                        "place (dead_end=avoid, I16)"
                    )
                raise NotationError(
                    f"{drawn!r}: the {KIND_NAMES[kind]} (card {len(self.kinds)}) cannot be "
                    f"laid {how}here (curves turn < or >, other cards go straight on; the "
                    "track may not run into itself, I15)"
                )
            else:
                self._place(kind, turn)
        return -1

    def _read_cars(self, cars: str) -> None:
        parts = cars.split(",")
        n = self.g.players
        if len(parts) != n:
            raise NotationError(f"expected {n} cars separated by commas; got {cars!r}")
        end = 2 * self.turnaround if self.turnaround >= 0 else len(self.kinds) - 1
        self.load = [0] * len(self.kinds)
        for seat, part in enumerate(parts):
            if part.endswith("*"):
                self.skip |= 1 << seat
                part = part[:-1]
            progress = _number(part, f"car {seat}'s progress (the cards laid)", end)
            self.pos[seat] = progress
            self.load[self.card_of(progress)] += self._weight(progress)
            if self.skip >> seat & 1 and (
                progress == 0 or self.kinds[self.card_of(progress)] not in SKIP_KINDS
                or (self.turnaround >= 0 and progress == 2 * self.turnaround)
            ):
                raise NotationError(
                    f"car {seat} misses its next turn ('*') but does not stand on a pit stop "
                    "or an oil slick (I13)"
                )
        self._check_load()

    def _check_load(self, when: str = "") -> None:
        """No card holds more cars than I8, I9 and I11 allow."""
        kinds = self.kinds
        one_car_in_all = self.g.accident_blocks_return and self.g.oncoming_block
        for card in range(1, len(kinds)):
            value, capacity = self.load[card], _CAPACITY[kinds[card]]
            if value & 15 > capacity or value >> 4 > capacity:
                raise NotationError(
                    f"card {card} ({KIND_NAMES[kinds[card]]}) holds more cars going one "
                    f"way than the {capacity} it may{when} (I8, I9, I11)"
                )
            if value & 15 and value >> 4 and kinds[card] == ACCIDENT and one_car_in_all:
                raise NotationError(
                    f"card {card} (accident) holds a car going out and one coming back{when}; "
                    "with accident_blocks_return=true and oncoming=block neither could have "
                    "driven onto the other (I11)"
                )

    def _read_turn(self, turn: str, pending: int) -> None:
        who, _, phase = turn.partition(":")
        if who == "over":
            finished = [s for s, p in enumerate(self.pos)
                        if self.turnaround >= 0 and p == 2 * self.turnaround]
            if phase == "-":
                self.winner = _NO_WINNER
            elif _DIGITS.fullmatch(phase) and int(phase) in finished:
                self.winner = self.seat = int(phase)
            else:
                raise NotationError(
                    f"'over:{phase}': give the winner, a seat whose car is home, or '-'"
                )
            if phase == "-" and finished:
                raise NotationError("a car is home, so the race has a winner")
            if len(finished) > 1:
                raise NotationError(
                    f"cars {', '.join(map(str, finished))} are all home, but the race ends "
                    "as soon as the first car gets there (I7)"
                )
            self.phase = P_OVER
            if pending >= 0:
                raise NotationError("a finished race has no card waiting to be laid")
            return
        if not _DIGITS.fullmatch(who) or int(who) >= self.g.players:
            raise NotationError(f"{turn!r}: expected seat:phase with a seat 0 to "
                                f"{self.g.players - 1}, or over:winner")
        self.seat = int(who)
        if self.turnaround >= 0 and any(p == 2 * self.turnaround for p in self.pos):
            raise NotationError("a car is home, so the race is over ('over:seat')")
        if self.skip >> self.seat & 1:
            raise NotationError(
                f"car {self.seat} misses its turn ('*'), so it cannot be seat {self.seat}'s "
                "turn: a driver who must miss a turn is passed over (I13); the mark is only "
                "on cars of other seats"
            )
        kinds_of_phase = {name: i for i, name in enumerate(PHASES)}
        if phase.startswith("stand") and phase[5:] in ("1", "2", "3", "4", "5", "6"):
            self.phase = P_STAND
            self.pending = int(phase[5:])
            here = self.pos[self.seat]
            if self.kinds[self.card_of(here)] != GRANDSTAND or here == 0:
                raise NotationError("'stand': the car whose turn it is is not on the grandstand")
            if self.reach(here, self.pending, again=True) == here:
                raise NotationError(
                    f"'stand{self.pending}': driving {self.pending} again would gain nothing, "
                    "so the driver is not asked (I14)"
                )
        elif phase in kinds_of_phase and phase not in ("over", "stand"):
            self.phase = kinds_of_phase[phase]
        else:
            raise NotationError(
                f"{turn!r}: phase must be choose, draw, place, roll or standN (N = 1-6)"
            )
        if (self.phase == P_PLACE) != (pending >= 0):
            raise NotationError("'place' goes with a last card marked '?', and only with it")
        if pending >= 0:
            self.pending = pending
        if self.phase == P_CHOOSE and self.turnaround >= 0:
            raise NotationError("after the turnaround the die rolls at once ('roll', I17)")
        if self.phase == P_DRAW and (
            self.turnaround >= 0
            or len(self.stack.outcomes) < 2
        ):
            raise NotationError("'draw' needs a stack whose next card is not yet certain")

    # -- what a seat sees ------------------------------------------------------------------
    def _observation(self, player: int) -> dict[str, JSON]:
        """Everything: the stack's order is not fixed until drawn, so nothing is hidden."""
        return {"seat": player, **self._public_observation()}

    def _public_observation(self) -> dict[str, JSON]:
        """What every seat sees, which is everything: a seat's observation without ``seat``."""
        track: list[JSON] = []
        cell = START_CELL
        heading = EAST
        for index, (kind, turn) in enumerate(zip(self.kinds, self.turns_laid(), strict=True)):
            x, y = cell_xy(cell)
            out = (heading + turn) & 3
            track.append({
                "card": index,
                "kind": KIND_NAMES[kind],
                "x": x,
                "y": y,
                "from": HEADING_NAMES[heading],
                "to": HEADING_NAMES[out],
            })
            cell, heading = cell + STEP[out], out
        turnaround = self.turnaround
        cars: list[JSON] = [
            {
                "seat": seat,
                "progress": p,
                "card": self.card_of(p),
                "returning": 0 <= turnaround < p,
                "home": 0 <= turnaround and p >= 2 * turnaround,
                "misses_turn": bool(self.skip >> seat & 1),
            }
            for seat, p in enumerate(self.pos)
        ]
        obs: dict[str, JSON] = {
            "turn": self.seat,
            "phase": PHASES[self.phase],
            "track": track,
            "set_aside": [KIND_NAMES[KIND_LETTERS.index(self.drawn[i + 1])]
                          for i, ch in enumerate(self.drawn) if ch == "x"],
            "cars": cars,
            "stack": {KIND_NAMES[k]: self.stack.counts[k] for k in range(STACK_KINDS)},
            "stack_left": sum(self.stack.counts) + (self.turnaround < 0),
            "turnaround_laid": turnaround >= 0,
            "finish": 2 * turnaround if turnaround >= 0 else None,
            "turns": self.turns,
            "last_roll": self.roll_record(),
        }
        if self.phase == P_PLACE:
            obs["card_to_lay"] = KIND_NAMES[self.pending]
            obs["ways"] = [ACTION_NAMES[_ACTION_OF_TURN[t]] for t in self.options]
        if self.phase == P_STAND:
            obs["rolled"] = self.pending
        if self.phase == P_OVER:
            obs["winner"] = self.winner if self.winner >= 0 else None
        return obs

    def turns_laid(self) -> list[int]:
        """The turn of every laid card (the start card goes straight on)."""
        turns = [TURN_AHEAD]
        i = 0
        text = self.drawn
        while i < len(text):
            if text[i] == "x":
                i += 2
                continue
            i += 1
            if i < len(text) and text[i] in "<>":
                turns.append(TURN_LEFT if text[i] == "<" else TURN_RIGHT)
                i += 1
            else:
                turns.append(TURN_AHEAD)
        return turns

    def _resample_from_infostate(self, player: int, rng: random.Random) -> GrandPrixState:
        """Nothing is hidden (the stack's order is chance at each draw), so: a copy."""
        state = self.clone()
        assert isinstance(state, GrandPrixState)
        return state


_DIGITS = re.compile(r"0|[1-9][0-9]{0,6}")
_DIE_FIELD = re.compile(r"die=([0-9]+):([1-6]):([0-9]+)")


def _number(text: str, what: str, most: int) -> int:
    """A whole number from 0 to ``most`` written in ASCII digits without leading zeros."""
    if not _DIGITS.fullmatch(text) or int(text) > most:
        raise NotationError(f"{what}: {text!r} is not a whole number from 0 to {most}")
    return int(text)


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
