"""Grand Prix state notation: writing it, reading it back and checking what it says.

Four or five fields separated by spaces::

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
  the track: the rules' ``roll_record``).

The reader replays the cards onto a blank state with the rules' own moves (so a track reads
back only if the rules could have laid it) and checks the rest against it; what it checks:
docs/rules/grandprix.md, "Notation". This module does not import the rules: it names what
it needs of a state in :class:`Notated`, which ``GrandPrixState`` is.

>>> import rennbahn
>>> game = rennbahn.load_game("grandprix(players=2)")
>>> write(game.state_from_text("sc<A 0,3 0:roll 4"))
'sc<A 0,3 0:roll 4'
>>> game.state_from_text("sc<A 0,9 0:roll 4")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rennbahn.core.errors.NotationError: car 1's progress (the cards laid): '9' is not a whole ...
"""

from __future__ import annotations

import re
from typing import Protocol

from rennbahn.core.errors import NotationError
from rennbahn.games.grandprix.components import (
    ACCIDENT,
    CAPACITY,
    GRANDSTAND,
    KIND_LETTERS,
    KIND_NAMES,
    NO_WINNER,
    P_CHOOSE,
    P_DRAW,
    P_OVER,
    P_PLACE,
    P_STAND,
    PHASES,
    SKIP_KINDS,
    START,
    TURN_AHEAD,
    TURN_LEFT,
    TURN_RIGHT,
    TURNAROUND,
    Stack,
    StackNode,
)
from rennbahn.games.grandprix.views import Drive, RollRecord


class Facts(Protocol):
    """What the notation needs of the game: its parameters."""

    @property
    def players(self) -> int: ...

    @property
    def stack(self) -> Stack: ...

    @property
    def turn_limit(self) -> int: ...

    @property
    def avoid_dead_ends(self) -> bool: ...


class Notated(Protocol):
    """What the notation reads and writes of a state (``GrandPrixState``), and the moves of
    the rules it replays the cards and checks the cars with."""

    @property
    def g(self) -> Facts: ...

    phase: int
    seat: int
    pos: list[int]
    skip: int
    kinds: tuple[int, ...]
    load: list[int]
    drawn: str
    stack: StackNode
    turnaround: int
    pending: int
    options: tuple[int, ...]
    turns: int
    winner: int
    last_roll: tuple[int, int, int] | None

    def take_from_stack(self, kind: int) -> None: ...

    def ways(self, kind: int, room: bool | None = None) -> tuple[int, ...]: ...

    def place(self, kind: int, turn: int) -> None: ...

    def card_of(self, progress: int) -> int: ...

    def weight(self, progress: int) -> int: ...

    def reach(self, progress: int, roll: int, again: bool = False) -> int: ...

    def move_car(self, seat: int, progress: int) -> None: ...

    def roll_record(self) -> RollRecord | None: ...


def write(state: Notated) -> str:
    """The notation of ``state`` (see the module's docstring)."""
    drawn = state.drawn
    if state.phase == P_PLACE:
        drawn += KIND_LETTERS[state.pending] + "?"
    cars = ",".join(
        f"{p}*" if state.skip >> s & 1 else str(p) for s, p in enumerate(state.pos)
    )
    text = f"{drawn or '-'} {cars} {_phase_text(state)} {state.turns}"
    if state.last_roll is not None:
        seat, face, start = state.last_roll
        text += f" die={seat}:{face}:{start}"
    return text


def _phase_text(state: Notated) -> str:
    """The third field: ``seat:phase``, ``seat:standN`` or ``over:winner``."""
    if state.phase == P_OVER:
        return f"over:{state.winner if state.winner >= 0 else '-'}"
    if state.phase == P_STAND:
        return f"{state.seat}:stand{state.pending}"
    return f"{state.seat}:{PHASES[state.phase]}"


def read(state: Notated, text: str) -> None:
    """Fill the blank (new) ``state`` from ``text``, checking that it could come about;
    raise :class:`NotationError` saying what is wrong and what is allowed."""
    fields = text.split()
    if len(fields) not in (4, 5):
        raise NotationError(
            f"Grand Prix state notation needs 4 fields (cards drawn, cars, turn, turns "
            f"played) and, after a roll, a fifth (die=SEAT:FACE:FROM), e.g. "
            f"'sc<A 0,3,0,1 2:choose 7 die=1:3:0'; got {len(fields)} in {text!r}"
        )
    drawn, cars, turn, turns = fields[:4]
    pending = _read_cards(state, drawn if drawn != "-" else "")
    _read_cars(state, cars)
    state.turns = _number(turns, "turns played", state.g.turn_limit)
    _read_turn(state, turn, pending)
    if (state.turns == state.g.turn_limit) != (state.phase == P_OVER and state.winner < 0):
        raise NotationError(
            f"the race ends undecided ('over:-') exactly when {state.g.turn_limit} turns "
            "are played (I18)"
        )
    _check_turns(state, pending)
    if len(fields) == 5:
        _read_die(state, fields[4])
    elif state.phase == P_STAND or state.winner >= 0:
        raise NotationError(
            "a grandstand question or a won race follows a roll: write it as a fifth "
            "field die=SEAT:FACE:FROM (the seat that rolled, the face, its car's progress "
            "before the roll)"
        )


def _read_die(state: Notated, field: str) -> None:
    """The last roll: who rolled what from where; it must explain where that car is."""
    match = _DIE_FIELD.fullmatch(field)
    if match is None:
        raise NotationError(
            f"{field!r}: the last roll is written die=SEAT:FACE:FROM (the seat that rolled, "
            "the face 1-6, the car's progress before the roll), e.g. die=1:4:12"
        )
    seat = _number(match[1], "the seat that rolled", state.g.players - 1)
    face = int(match[2])
    end = 2 * state.turnaround if state.turnaround >= 0 else len(state.kinds) - 1
    start = _number(match[3], "the progress the roll started from", end)
    if state.phase in (P_DRAW, P_PLACE):
        raise NotationError(
            f"{field!r}: a card is being drawn, and drawing a card ends the record of the "
            "last roll (write no die= field)"
        )
    now = state.pos[seat]
    state.move_car(seat, start)
    try:
        _check_load(state, f" (with car {seat} back where it rolled from, {start})")
    finally:
        state.move_car(seat, now)
    state.last_roll = (seat, face, start)
    record = state.roll_record()
    assert record is not None
    again = record.again
    final = again.to if isinstance(again, Drive) else record.to
    if now != final:
        raise NotationError(
            f"{field!r}: car {seat} rolling {face} from {start} drives to {record.to}"
            f"{' (and on the grandstand further)' if record.grandstand else ''}, "
            f"not to {now} where it stands (I4, I8-I11, I14)"
        )
    if state.phase == P_STAND and (seat != state.seat or face != state.pending):
        raise NotationError(
            f"{field!r}: the grandstand asks seat {state.seat} about the {state.pending} it "
            "rolled, so the last roll is that one"
        )
    if state.winner >= 0 and seat != state.winner:
        raise NotationError(
            f"{field!r}: the race was won by seat {state.winner}'s roll, so the last roll is "
            "that one"
        )


def _check_turns(state: Notated, pending: int) -> None:
    """The turns played fit the seat to move and what happened (see the Notation docs).

    Every turn, played or missed (I13), passes the turn to the next seat, so the seat to
    move is the turns played modulo the seats. A turn lays at most one card or drives
    one car at most 12 cards (6, and 6 again on the grandstand, I14); the turn under way
    (a card waiting to be laid, a grandstand question, the winning drive) is not counted.
    """
    n = state.g.players
    if state.phase == P_OVER and state.winner < 0:
        state.seat = (state.turns - 1) % n  # the seat whose turn reached the limit (I18)
    elif state.seat != state.turns % n:
        raise NotationError(
            f"after {state.turns} turns played it is seat {state.turns % n}'s turn, not seat "
            f"{state.seat}'s: every turn, played or missed (I13), passes to the next seat"
        )
    builds = len(state.kinds) - 1 + state.drawn.count("x") + (pending >= 0)
    drives = sum(-(-p // 12) for p in state.pos)
    under_way = state.phase in (P_PLACE, P_STAND) or state.winner >= 0
    least = builds + drives - under_way
    if state.turns < least:
        raise NotationError(
            f"{state.turns} turns played are too few: laying {builds} cards and driving the "
            f"cars to {', '.join(map(str, state.pos))} takes at least {least} (one card a "
            "turn, at most 12 cards a drive)"
        )


def _read_cards(state: Notated, drawn: str) -> int:
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
        if state.turnaround >= 0 or kind == START:
            raise NotationError(f"{drawn!r}: no card can follow the turnaround or be a start")
        if kind == TURNAROUND:
            if aside or not state.stack.empty:
                raise NotationError(
                    f"{drawn!r}: the turnaround is the bottom card, laid after all "
                    f"{state.g.stack.size} stack cards"
                )
            state.place(kind, TURN_AHEAD)
            state.turnaround = len(state.kinds) - 1
            continue
        if state.stack.counts[kind] == 0:
            raise NotationError(f"{drawn!r}: no {KIND_NAMES[kind]} card is left to draw")
        if state.stack.offset + kind not in state.stack.legal:
            raise NotationError(
                f"{drawn!r}: card {state.stack.drawn + 1} cannot be a {KIND_NAMES[kind]} "
                f"(the event cards are spread through the stack, I2)"
            )
        state.take_from_stack(kind)
        options = state.ways(kind)
        if i < len(drawn) and drawn[i] == "?":
            if i + 1 != len(drawn) or aside or len(options) < 2:
                raise NotationError(
                    f"{drawn!r}: only a last card with two ways to lay it may wait ('?')"
                )
            state.options = options
            return kind
        turn = TURN_AHEAD
        if i < len(drawn) and drawn[i] in "<>":
            turn = TURN_LEFT if drawn[i] == "<" else TURN_RIGHT
            i += 1
        if aside:
            if state.g.avoid_dead_ends:
                raise NotationError(
                    f"{drawn!r}: with dead_end=avoid every card is laid, none is set aside "
                    "('x', I16)"
                )
            if options:
                raise NotationError(
                    f"{drawn!r}: a {KIND_NAMES[kind]} set aside could have been laid (I16)"
                )
            state.drawn += "x" + KIND_LETTERS[kind]
        elif turn not in options:
            how = {TURN_LEFT: "turning left ", TURN_RIGHT: "turning right "}.get(turn, "")
            if turn in state.ways(kind, room=False):
                raise NotationError(
                    f"{drawn!r}: the {KIND_NAMES[kind]} (card {len(state.kinds)}) cannot be "
                    f"laid {how}here: some card still in the stack could then find no "
                    "place (dead_end=avoid, I16)"
                )
            raise NotationError(
                f"{drawn!r}: the {KIND_NAMES[kind]} (card {len(state.kinds)}) cannot be "
                f"laid {how}here (curves turn < or >, other cards go straight on; the "
                "track may not run into itself, I15)"
            )
        else:
            state.place(kind, turn)
    return -1


def _read_cars(state: Notated, cars: str) -> None:
    """Each car's progress and missed-turn mark, on the track the cards made."""
    parts = cars.split(",")
    n = state.g.players
    if len(parts) != n:
        raise NotationError(f"expected {n} cars separated by commas; got {cars!r}")
    end = 2 * state.turnaround if state.turnaround >= 0 else len(state.kinds) - 1
    state.load = [0] * len(state.kinds)
    for seat, part in enumerate(parts):
        if part.endswith("*"):
            state.skip |= 1 << seat
            part = part[:-1]
        progress = _number(part, f"car {seat}'s progress (the cards laid)", end)
        state.pos[seat] = progress
        state.load[state.card_of(progress)] += state.weight(progress)
        if state.skip >> seat & 1 and (
            progress == 0 or state.kinds[state.card_of(progress)] not in SKIP_KINDS
            or (state.turnaround >= 0 and progress == 2 * state.turnaround)
        ):
            raise NotationError(
                f"car {seat} misses its next turn ('*') but does not stand on a pit stop "
                "or an oil slick (I13)"
            )
    _check_load(state)


def _check_load(state: Notated, when: str = "") -> None:
    """No card holds more cars than I8, I9 and I11 allow."""
    kinds = state.kinds
    for card in range(1, len(kinds)):
        value, capacity = state.load[card], CAPACITY[kinds[card]]
        if value & 15 > capacity or value >> 4 > capacity:
            raise NotationError(
                f"card {card} ({KIND_NAMES[kinds[card]]}) holds more cars going one "
                f"way than the {capacity} it may{when} (I8, I9, I11)"
            )
        if value & 15 and value >> 4 and kinds[card] == ACCIDENT:
            raise NotationError(
                f"card {card} (accident) holds a car going out and one coming back{when}, "
                "but only one car may stand there: no car stops on it while another "
                "stands there, whichever way each goes (I11)"
            )


def _read_turn(state: Notated, turn: str, pending: int) -> None:
    """The seat to move and the phase (or the winner), against the cars and the cards."""
    who, _, phase = turn.partition(":")
    if who == "over":
        finished = [s for s, p in enumerate(state.pos)
                    if state.turnaround >= 0 and p == 2 * state.turnaround]
        if phase == "-":
            state.winner = NO_WINNER
        elif _DIGITS.fullmatch(phase) and int(phase) in finished:
            state.winner = state.seat = int(phase)
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
        state.phase = P_OVER
        if pending >= 0:
            raise NotationError("a finished race has no card waiting to be laid")
        return
    if not _DIGITS.fullmatch(who) or int(who) >= state.g.players:
        raise NotationError(f"{turn!r}: expected seat:phase with a seat 0 to "
                            f"{state.g.players - 1}, or over:winner")
    state.seat = int(who)
    if state.turnaround >= 0 and any(p == 2 * state.turnaround for p in state.pos):
        raise NotationError("a car is home, so the race is over ('over:seat')")
    if state.skip >> state.seat & 1:
        raise NotationError(
            f"car {state.seat} misses its turn ('*'), so it cannot be seat {state.seat}'s "
            "turn: a driver who must miss a turn is passed over (I13); the mark is only "
            "on cars of other seats"
        )
    kinds_of_phase = {name: i for i, name in enumerate(PHASES)}
    if phase.startswith("stand") and phase[5:] in ("1", "2", "3", "4", "5", "6"):
        state.phase = P_STAND
        state.pending = int(phase[5:])
        here = state.pos[state.seat]
        if state.kinds[state.card_of(here)] != GRANDSTAND or here == 0:
            raise NotationError("'stand': the car whose turn it is is not on the grandstand")
        if state.reach(here, state.pending, again=True) == here:
            raise NotationError(
                f"'stand{state.pending}': driving {state.pending} again would gain nothing, "
                "so the driver is not asked (I14)"
            )
    elif phase in kinds_of_phase and phase not in ("over", "stand"):
        state.phase = kinds_of_phase[phase]
    else:
        raise NotationError(
            f"{turn!r}: phase must be choose, draw, place, roll or standN (N = 1-6)"
        )
    if (state.phase == P_PLACE) != (pending >= 0):
        raise NotationError("'place' goes with a last card marked '?', and only with it")
    if pending >= 0:
        state.pending = pending
    if state.phase == P_CHOOSE and state.turnaround >= 0:
        raise NotationError("after the turnaround the die rolls at once ('roll', I17)")
    if state.phase == P_DRAW and (
        state.turnaround >= 0
        or len(state.stack.outcomes) < 2
    ):
        raise NotationError("'draw' needs a stack whose next card is not yet certain")


def turns_laid(drawn: str) -> list[int]:
    """The turn of every laid card in the cards-drawn field (the start card goes straight on).

    >>> turns_laid("sc<xGc>") == [TURN_AHEAD, TURN_AHEAD, TURN_LEFT, TURN_RIGHT]
    True
    """
    turns = [TURN_AHEAD]
    i = 0
    text = drawn
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


_DIGITS = re.compile(r"0|[1-9][0-9]{0,6}")
_DIE_FIELD = re.compile(r"die=([0-9]+):([1-6]):([0-9]+)")


def _number(text: str, what: str, most: int) -> int:
    """A whole number from 0 to ``most`` written in ASCII digits without leading zeros."""
    if not _DIGITS.fullmatch(text) or int(text) > most:
        raise NotationError(f"{what}: {text!r} is not a whole number from 0 to {most}")
    return int(text)


__all__ = ["Facts", "Notated", "read", "turns_laid", "write"]
