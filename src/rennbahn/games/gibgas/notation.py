"""The Gib Gas! state notation: writing a position, reading it back, refusing impossible ones.

Fields separated by spaces, seats by `` | ``::

    choose V2-1,B1-2,XF3-1,V3-2;1 q=- pts=0 | 18/01235DTP/-/4/4/4/-/4/240 | ...

* phase: deal, discard, choose, franz, roll, pitroll, pittake or over;
* the track cards dealt so far in order, then ``;`` and how many of them are done (driven
  for); the rest are the face-up row, front first;
* ``q=`` the seats waiting to roll or to take a pit stop, ``pts=`` pit points left;
  then, only once a pit stop has rolled this round, ``pit=SEAT:FACE``: the seat and die face
  of the latest pit stop (kept until the next reveal);
* per seat ``damage/hand/discard/last speed/last card/speed cards ever played/cards won/
  card this round/speed this round``. Cards are ``0``-``5`` (200-250), ``D`` (speed die),
  ``T`` (Tempo-Halten), ``P`` (Boxenstopp); ``-`` is none; speed ``P`` is a pit stop and
  ``?`` a die still to roll;
* with two drivers, last, Franz: ``F:`` his pile (count of 200..250 and Tempo-Halten)
  ``/last speed card/card this round/speed this round``.

:func:`read` refuses, with a ``NotationError``, any text that is not the notation of a
position the rules can be in (docs/rules/gibgas.md, "Notation", lists the checks).

The rules import this module and never the other way round: it knows a position only as
the fields and the three rule questions that :class:`Position` names, so the state class
(``rules.GibGasState``) hands itself in, blank, to be filled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Protocol

from rennbahn.core.errors import NotationError
from rennbahn.games.gibgas.components import (
    ALL_CARDS,
    CARD_CODES,
    CARD_NAMES,
    CARDS_IN,
    DIE,
    DIE_VALUES,
    FRANZ_KINDS,
    FRANZ_TEMPO,
    NEED_ROLL,
    NO_SPEED,
    P_CHOOSE,
    P_DEAL,
    P_DISCARD,
    P_FRANZ,
    P_OVER,
    P_PITROLL,
    P_PITTAKE,
    P_ROLL,
    PHASES,
    PIT,
    PIT_POINTS,
    PIT_SPEED,
    ROW_LENGTH,
    SPEED_CARDS,
    SPEEDS,
    START_DAMAGE,
    TEMPO,
    TrackDeck,
)


class Rules(Protocol):
    """The fixed facts of a race that the notation depends on (``rules.GibGasGame``)."""

    NAME: ClassVar[str]

    @property
    def players(self) -> int: ...

    @property
    def franz(self) -> bool: ...

    @property
    def discard(self) -> bool: ...

    @property
    def tempo_as_pit(self) -> bool: ...

    @property
    def franz_pile(self) -> tuple[int, ...]: ...

    @property
    def deck(self) -> TrackDeck: ...


class Position(Protocol):
    """The fields of a position that the notation writes and reads (``rules.GibGasState``),
    and the three questions the last checks ask the rules."""

    @property
    def g(self) -> Rules: ...

    phase: int
    pool: list[int]
    dealt: list[int]
    resolved: int
    queue: list[int]
    points: int
    pit_seat: int
    pit_roll: int
    damage: list[int]
    hand: list[int]
    discard: list[int]
    last_drive: list[int]
    last_played: list[int]
    ever: list[int]
    won: list[tuple[int, ...]]
    chosen: list[int]
    speed: list[int]
    f_pile: list[int]
    f_last: int
    f_card: int
    f_speed: int

    def _legal_actions(self, player: int) -> list[int]: ...

    def _played(self, seat: int) -> int: ...

    def _pit_options(self, seat: int) -> list[int]: ...


def write(state: Position) -> str:
    """The notation of ``state``: what ``GibGasState.to_text`` gives."""
    codes = [state.g.deck.cards[k].code for k in state.dealt]
    head = (
        f"{PHASES[state.phase]} {','.join(codes) or '-'};{state.resolved} "
        f"q={','.join(map(str, state.queue)) or '-'} pts={state.points}"
    )
    if state.pit_seat >= 0:
        head += f" pit={state.pit_seat}:{state.pit_roll}"
    blocks = [head]
    for s in range(state.g.players):
        blocks.append("/".join((
            str(state.damage[s]),
            _cards(state.hand[s]),
            _card(state.discard[s]),
            _card(state.last_drive[s]),
            _card(state.last_played[s]),
            _cards(state.ever[s]),
            "+".join(state.g.deck.cards[k].code for k in state.won[s]) or "-",
            _card(state.chosen[s]),
            speed_text(state.speed[s]),
        )))
    if state.g.franz:
        blocks.append(_franz_block(state))
    return " | ".join(blocks)


def read(state: Position, text: str) -> None:
    """Fill the blank ``state`` from ``text``; refuse a position the rules cannot be in.

    Every field is read strictly (ASCII digits, numbers in range, cards listed once in
    order), then ``_check`` refuses what no race reaches. docs/rules/gibgas.md, "Notation",
    lists the checks.
    """
    g = state.g
    if not isinstance(text, str):
        raise NotationError(f"{g.NAME} state notation is text, not {type(text).__name__}")
    blocks = [b.strip() for b in text.split("|")]
    expected = 1 + g.players + (1 if g.franz else 0)
    if len(blocks) != expected:
        raise NotationError(
            f"{g} notation needs {expected} blocks separated by '|' (the head, "
            f"{g.players} seats{', Franz' if g.franz else ''}); got {len(blocks)}"
        )
    head = blocks[0].split()
    fields_ok = len(head) in (4, 5) and head[2].startswith("q=") \
        and head[3].startswith("pts=") and (len(head) == 4 or head[4].startswith("pit="))
    if not fields_ok:
        raise NotationError(
            f"head {_clip(blocks[0])} must be 'PHASE CARDS;DONE q=SEATS pts=N', then "
            "'pit=SEAT:FACE' once a pit stop has rolled this round")
    if head[0] not in PHASES:
        raise NotationError(f"unknown phase {_clip(head[0])}; phases: {', '.join(PHASES)}")
    state.phase = PHASES.index(head[0])
    cards, sep, done = head[1].partition(";")
    if not sep:
        raise NotationError(f"track {_clip(head[1])} must be CARDS;DONE, e.g. V2-1,B1-1;0")
    state.dealt = [_read_track_card(g.deck, c) for c in cards.split(",")] \
        if cards != "-" else []
    if len(state.dealt) > g.deck.raced:
        raise NotationError(
            f"{len(state.dealt)} track cards dealt; a race deals {g.deck.raced} (I6)")
    state.pool = list(g.deck.counts)
    for k in state.dealt:
        state.pool[k] -= 1
        if state.pool[k] < 0:
            raise NotationError(
                f"more {g.deck.cards[k].code} cards dealt than the deck has "
                f"({g.deck.counts[k]})")
    state.resolved = _read_int(done, "cards done", 0, len(state.dealt))
    state.queue = _read_seats(head[2][2:], g.players)
    state.points = _read_int(head[3][4:], "pts=", 0, max(PIT_POINTS.values()))
    if len(head) == 5:
        _read_pit(state, head[4][4:])
    for s in range(g.players):
        _read_seat(state, s, blocks[1 + s])
    if g.franz:
        _read_franz(state, blocks[-1])
    _check(state)
    written = write(state)
    if written != " | ".join([" ".join(head), *blocks[1:]]):
        raise NotationError(f"notation not in its written form; write {_clip(written, 400)}")


def _read_pit(state: Position, text: str) -> None:
    """``pit=SEAT:FACE``: who made the latest pit stop this round and the face rolled."""
    seat, sep, face = text.partition(":")
    if not sep:
        raise NotationError(
            f"pit={_clip(text)} must be SEAT:FACE, e.g. pit=1:240 (seat 1 rolled 240)")
    state.pit_seat = _read_int(seat, "the seat in pit=", 0, state.g.players - 1)
    faces = sorted(set(DIE_VALUES))
    if face not in map(str, faces):
        raise NotationError(
            f"the die face in pit= {_clip(face)} must be one of "
            f"{', '.join(map(str, faces))}")
    state.pit_roll = int(face)


def _read_seat(state: Position, s: int, block: str) -> None:
    fields = block.split("/")
    if len(fields) != 9:
        raise NotationError(
            f"seat {s} block {_clip(block)} needs 9 fields: damage/hand/discard/"
            "last speed/last card/ever played/won/card/speed"
        )
    at = f"seat {s}"
    state.damage[s] = _read_int(fields[0], f"{at} damage", 0, START_DAMAGE)
    state.hand[s] = _read_cards(fields[1], f"{at} hand")
    state.discard[s] = _read_card(fields[2], f"{at} discard", SPEED_CARDS)
    state.last_drive[s] = _read_card(fields[3], f"{at} last speed", SPEED_CARDS | 1 << DIE)
    state.last_played[s] = _read_card(fields[4], f"{at} last card")
    state.ever[s] = _read_cards(fields[5], f"{at} speed cards played", SPEED_CARDS)
    state.won[s] = tuple(_read_track_card(state.g.deck, c, won=True)
                        for c in fields[6].split("+")) if fields[6] != "-" else ()
    state.chosen[s] = _read_card(fields[7], f"{at} card this round")
    state.speed[s] = _read_speed(fields[8], f"{at} speed")


def _read_franz(state: Position, block: str) -> None:
    parts = block[2:].split("/")
    if not block.startswith("F:") or len(parts) != 4:
        raise NotationError(f"Franz block {_clip(block)} must be F:PILE/LAST/CARD/SPEED")
    pile, last, card, speed = parts
    full = state.g.franz_pile[0]
    if len(pile) != FRANZ_KINDS or not all(c in "0123456789"[:full + 1] for c in pile):
        raise NotationError(
            f"Franz's pile {_clip(pile)} needs 7 digits from 0 to {full}: how many "
            f"200..250 and Tempo-Halten cards are left of the {full} of each")
    state.f_pile = [int(c) for c in pile]
    state.f_last = _read_card(last, "Franz's last speed", SPEED_CARDS)
    state.f_card = FRANZ_TEMPO if card == "T" else \
        _read_card(card, "Franz's card this round (or T)", SPEED_CARDS)
    state.f_speed = _read_speed(speed, "Franz's speed")


# -- what a read position must satisfy ---------------------------------------------------
def _check(state: Position) -> None:
    """Refuse a position the rules cannot be in (the reasons name what is allowed)."""
    _check_track(state)
    for s in range(state.g.players):
        _check_seat_cards(state, s)
        _check_seat_speed(state, s)
    _check_round(state)
    _check_won(state)
    if state.g.franz:
        _check_franz(state)
    _check_moves(state)


def _check_track(state: Position) -> None:
    """The phase fits the row: cards still to drive for, or a round just driven."""
    g, phase, done, dealt = state.g, state.phase, state.resolved, len(state.dealt)
    name = PHASES[phase]
    if phase == P_FRANZ and not g.franz:
        raise NotationError("phase franz is only for two drivers (Franz drives the third car)")
    if phase == P_DISCARD and not g.discard:
        raise NotationError("phase discard is only for six drivers (I15)")

    def row_end(card: int) -> int:  # how many cards are dealt once ``card``'s row is laid
        return min(card - card % ROW_LENGTH + ROW_LENGTH, g.deck.raced)

    if phase == P_DEAL:
        ok = done % ROW_LENGTH == 0 and done <= dealt < row_end(done)
        want = "the row being dealt: DONE a multiple of 4 and fewer cards after it than a row"
    elif phase in (P_DISCARD, P_CHOOSE, P_FRANZ, P_ROLL):
        ok = done < dealt == row_end(done) and (phase != P_DISCARD or done == 0)
        want = "a full row with its front card still to drive for" + \
            (", in the first row" if phase == P_DISCARD else "")
    elif phase in (P_PITROLL, P_PITTAKE):
        ok = 1 <= done and dealt == row_end(done - 1)
        want = "the row of the card just driven for"
    else:
        ok = done == dealt == g.deck.raced or (
            1 <= done and dealt == row_end(done - 1) and min(state.damage) == 0)
        want = (f"all {g.deck.raced} cards done (I18), or a driver with damage 0 after the "
                "card just driven for (I8)")
    if not ok:
        raise NotationError(
            f"phase {name} with {dealt} cards dealt and {done} done does not fit: "
            f"it needs {want}")
    if phase != P_OVER and min(state.damage) == 0:
        raise NotationError(
            f"damage 0 in phase {name}: a total loss ends the race at once (I8); "
            "damage is 1-18 while it goes on")


def _check_seat_cards(state: Position, s: int) -> None:
    """Every card of the seat is in hand, on the table or discarded, and the marks agree."""
    g = state.g
    at = f"seat {s}"
    hand, discard, ever = state.hand[s], state.discard[s], state.ever[s]
    last_drive, last_played, chosen = state.last_drive[s], state.last_played[s], state.chosen[s]
    if not hand:
        raise NotationError(f"{at} has no card in hand; a played-out hand comes back (I12)")
    if g.discard:
        before = state.phase == P_DISCARD or (state.phase == P_DEAL and state.resolved == 0)
        if before and (discard >= 0 or last_played >= 0):
            raise NotationError(
                f"{at} has discarded or played before the six-driver discard; "
                "discard and last card are - until then (I15)")
        if not before and discard < 0:
            raise NotationError(f"{at} must show its discarded speed card (six drivers, I15)")
    elif discard >= 0:
        raise NotationError(f"{at}: only six drivers discard (I15); discard must be -")
    if discard >= 0 and (hand | ever) >> discard & 1:
        raise NotationError(
            f"{at}'s discard {CARD_NAMES[discard]} is also in hand or among the speeds "
            "played; it stays out of the race (I15)")
    table = state._played(s)
    if table & SPEED_CARDS & ~ever:
        raise NotationError(
            f"{at} has {_cards(table & SPEED_CARDS & ~ever)} on the table but not among the "
            "speed cards played")
    if last_played < 0:
        if chosen >= 0 or last_drive >= 0 or ever or table or state.won[s] \
                or state.damage[s] != START_DAMAGE:
            raise NotationError(
                f"{at} has played nothing yet (last card -): then card this round, last "
                "speed and speeds played are -, every card is in hand, nothing is won and "
                f"damage is {START_DAMAGE}")
        return
    if chosen < 0:
        raise NotationError(f"{at} has played (last card set), so its card this round is set")
    if (last_played < 6 or last_played == DIE) and last_drive != last_played:
        raise NotationError(
            f"{at}'s last card {CARD_CODES[last_played]} is a speed; its last speed must be "
            "the same")
    if 0 <= last_drive < 6 and not ever >> last_drive & 1:
        raise NotationError(f"{at}'s last speed {CARD_CODES[last_drive]} is not among the "
                            "speed cards played")
    if ever and last_drive < 0:
        raise NotationError(f"{at} has played speed cards, so its last speed is set")
    tempo = last_played == TEMPO or chosen == TEMPO or table >> TEMPO & 1
    if tempo and last_drive < 0 and not (g.tempo_as_pit and last_played != TEMPO):
        raise NotationError(f"{at} played Tempo-Halten with no speed to repeat (I3)")
    if table and not table >> chosen & 1:
        raise NotationError(
            f"{at}'s card this round {CARD_CODES[chosen]} must lie on the table, not in "
            "hand: a pit stop cannot take it back (I10)")
    if chosen != TEMPO and chosen != last_played:
        raise NotationError(
            f"{at}'s card this round {CARD_CODES[chosen]} is its last card played")
    if chosen == TEMPO and last_played != TEMPO and not (
            g.tempo_as_pit and last_played == PIT):
        raise NotationError(
            f"{at} plays Tempo-Halten: its last card is T (or P when Tempo-Halten makes a "
            "pit stop, I4 'pit')")


def _card_driven(state: Position, s: int) -> int:
    """What the card this round drives: itself, or for Tempo-Halten the card repeated."""
    chosen = state.chosen[s]
    if chosen == TEMPO:  # a pit stop (I4 'pit') or the last speed again (I3, I5)
        pit = state.g.tempo_as_pit and state.last_played[s] == PIT
        return PIT if pit else state.last_drive[s]
    return chosen


def _check_seat_speed(state: Position, s: int) -> None:
    """The speed this round is the one the card this round gives."""
    chosen, speed = _card_driven(state, s), state.speed[s]
    if chosen < 0:
        allowed = [NO_SPEED]
    elif chosen < 6:
        allowed = [SPEEDS[chosen]]
    elif chosen == DIE:
        allowed = [NEED_ROLL, *DIE_VALUES]
    else:
        allowed = [PIT_SPEED]
    if speed not in allowed:
        raise NotationError(
            f"seat {s}'s speed {speed_text(speed)} does not follow from its card "
            f"{_card(state.chosen[s])}: it can be {', '.join(map(speed_text, allowed))}")


def _check_round(state: Position) -> None:
    """The queue, the pit points and who has revealed a card fit the phase."""
    phase, queue, n = state.phase, state.queue, state.g.players
    name = PHASES[phase]
    rolling = [s for s in range(n) if state.speed[s] == NEED_ROLL]
    dice = [s for s in range(n) if _card_driven(state, s) == DIE]
    pits = [s for s in range(n) if state.speed[s] == PIT_SPEED]
    if phase == P_FRANZ and rolling != dice:
        raise NotationError(
            "phase franz: every car driving the die still has it to roll (speed ?); "
            f"here the die drives {_seats(dice)}, speed ? shows {_seats(rolling)}")
    if phase == P_ROLL:
        if not rolling or queue != rolling or queue != dice[len(dice) - len(queue):]:
            raise NotationError(
                "phase roll needs a die still to roll: q= lists the seats with speed ?, "
                "the last in seat order of the cars driving the die; here the die drives "
                f"{_seats(dice)}, speed ? shows {_seats(rolling)}, q={_seats(queue)}")
    elif rolling and phase != P_FRANZ:
        raise NotationError(
            f"speed ? (a die to roll) is only for phases franz and roll, not {name}")
    elif phase in (P_PITROLL, P_PITTAKE):
        if not queue or queue != pits[len(pits) - len(queue):]:
            raise NotationError(
                f"phase {name}: q= lists the cars in the pits (speed P) whose stop is still "
                f"to come, in seat order; here the pits hold {_seats(pits)}, "
                f"q={_seats(queue)}")
    elif queue:
        raise NotationError(f"q= is - in phase {name}; only roll and pit stops queue seats")
    if (phase == P_PITTAKE) != (state.points > 0):
        raise NotationError(
            f"pts={state.points} in phase {name}: 1-3 points left to use in phase pittake, "
            "0 otherwise")
    _check_pit_record(state, pits)
    if phase in (P_FRANZ, P_ROLL, P_PITROLL, P_PITTAKE, P_OVER):
        silent = [s for s in range(n) if state.chosen[s] < 0]
        if silent:
            raise NotationError(
                f"in phase {name} every driver has revealed a card; seat {silent[0]} "
                "shows none")


def _check_pit_record(state: Position, pits: list[int]) -> None:
    """``pit=`` names the latest pit stop that has rolled this round, and only that one.

    Stops roll in seat order (``q=``), after the Drive; a total loss ends the race before
    them (I8); the record is cleared at the next reveal.
    """
    phase, queue = state.phase, state.queue
    if phase == P_PITROLL:
        done = pits[:len(pits) - len(queue)]
    elif phase == P_PITTAKE:
        done = pits[:len(pits) - len(queue) + 1]
    elif phase in (P_CHOOSE, P_DEAL) or (phase == P_OVER and min(state.damage) > 0):
        done = pits
    else:  # discard, franz, roll: no stop this round yet; over by a total loss: none
        done = []
    want = done[-1] if done else -1
    if state.pit_seat != want:
        record = f"pit={state.pit_seat}:{state.pit_roll}" if state.pit_seat >= 0 else "no pit="
        need = f"pit={want}:FACE (the latest stop that rolled)" if done else \
            "no pit= (no pit stop has rolled this round)"
        raise NotationError(
            f"{record} in phase {PHASES[phase]} with the pits holding {_seats(pits)} and "
            f"q={_seats(queue)}: it needs {need}")
    if phase == P_PITTAKE and state.points > PIT_POINTS[state.pit_roll]:
        raise NotationError(
            f"pts={state.points} but seat {state.pit_seat} rolled {state.pit_roll}, worth "
            f"{PIT_POINTS[state.pit_roll]} (I17)")


def _check_won(state: Position) -> None:
    """Cards won were driven for, once each, and each seat lists them in that order."""
    driven = state.dealt[:state.resolved]
    counts = [driven.count(k) for k in range(len(state.g.deck.cards))]
    for seat, won in enumerate(state.won):
        rest = iter(driven)
        if not all(k in rest for k in won):
            raise NotationError(
                f"seat {seat} won {'+'.join(state.g.deck.cards[k].code for k in won)}: "
                "not among the cards driven for (the first DONE dealt), in that order")
        for k in won:
            counts[k] -= 1
            if counts[k] < 0:
                raise NotationError(
                    f"{state.g.deck.cards[k].code} is won more often than it was driven for")


def _check_franz(state: Position) -> None:
    """Franz's pile, last speed, card and speed agree (I13)."""
    pile, last, card, speed = state.f_pile, state.f_last, state.f_card, state.f_speed
    full = state.g.franz_pile[0]
    if not any(pile):
        raise NotationError(
            "Franz's pile is never empty: it is shuffled again when its last card is "
            "revealed (I13)")
    if speed != NO_SPEED and speed not in SPEEDS:
        raise NotationError(
            f"Franz's speed {speed_text(speed)} must be 200-250 or -: he never rolls or pits")
    if card < 0:
        ok = last < 0 and speed == NO_SPEED and pile == list(state.g.franz_pile) \
            and state.resolved == 0 and state.phase in (P_DEAL, P_CHOOSE, P_FRANZ)
        want = "before his first reveal: a full pile, no speed, the first round"
    elif card < 6:
        ok = last == card and speed == SPEEDS[card]
        want = "a speed card is his last speed and his speed"
    elif last >= 0:
        ok = speed == SPEEDS[last]
        want = "Tempo-Halten repeats his last speed"
    else:
        ok = speed == NO_SPEED and state.phase == P_FRANZ and state.resolved == 0
        want = "a first Tempo-Halten has nothing to repeat; he reveals again (phase franz)"
    if not ok:
        raise NotationError(f"Franz block {_franz_block(state)} does not fit: {want} (I13)")
    if last < 0 and pile[:6] != [full] * 6:
        raise NotationError(
            "Franz has revealed no speed card (last speed -), so all are in his pile")
    if speed == NO_SPEED and state.phase in (P_ROLL, P_PITROLL, P_PITTAKE, P_OVER):
        raise NotationError(f"in phase {PHASES[state.phase]} Franz has a speed this round")


def _check_moves(state: Position) -> None:
    """Whoever is to move has a move (derived from the above; kept as a last guard)."""
    if state.phase in (P_CHOOSE, P_DISCARD):
        for s in range(state.g.players):
            if not state._legal_actions(s):
                raise NotationError(f"seat {s} would have no card it may play")
    if state.phase == P_PITTAKE and not state._pit_options(state.queue[0]):
        raise NotationError(
            f"seat {state.queue[0]} has pit points but nothing to take back or repair; "
            "such a stop is over (I10)")


# -- small notation helpers ---------------------------------------------------------------
def _card(card: int) -> str:
    return CARD_CODES[card] if card >= 0 else "-"


def _cards(mask: int) -> str:
    return "".join(CARD_CODES[c] for c in CARDS_IN[mask]) or "-"


def _franz_card(card: int) -> str:
    return "T" if card == FRANZ_TEMPO else _card(card)


def speed_text(speed: int) -> str:
    """A car's speed this round as written: ``-``, ``?`` (a die to roll), ``P`` or a number."""
    return {NO_SPEED: "-", NEED_ROLL: "?", PIT_SPEED: "P"}.get(speed, str(speed))


def _clip(text: str, limit: int = 60) -> str:
    """``repr(text)``, cut short so that a huge field never floods an error message."""
    shown = repr(text)
    return shown if len(shown) <= limit else f"{shown[:limit - 5]}...' ({len(text)} chars)"


def _seats(seats: Sequence[int]) -> str:
    return ",".join(map(str, seats)) or "-"


def _franz_block(state: Position) -> str:
    return "F:" + "/".join((
        "".join(map(str, state.f_pile)),
        _card(state.f_last),
        _franz_card(state.f_card),
        speed_text(state.f_speed),
    ))


def _read_int(text: str, what: str, low: int, high: int) -> int:
    """A whole number in ASCII digits, as ``str`` writes it, from ``low`` to ``high``."""
    plain = text.isascii() and text.isdigit() and (text == "0" or not text.startswith("0"))
    if not plain or len(text) > len(str(high)) or not low <= int(text) <= high:
        raise NotationError(f"{what} {_clip(text)} must be a whole number from {low} to {high}")
    return int(text)


def _read_seats(text: str, players: int) -> list[int]:
    """``q=``: seats in order, each once, or ``-``."""
    if text == "-":
        return []
    seats = [_read_int(x, "a seat in q=", 0, players - 1) for x in text.split(",")]
    if seats != sorted(set(seats)):
        raise NotationError(f"q={_clip(text)} must list seats once each, in seat order")
    return seats


def _read_track_card(deck: TrackDeck, code: str, won: bool = False) -> int:
    try:
        kind = deck.index(code)
    except ValueError:
        codes = ", ".join(c.code for c in deck.cards)
        raise NotationError(
            f"no track card {_clip(code)} in deck {deck.name!r}; cards: {codes}") from None
    if won and deck.cards[kind].kind.is_crash:
        raise NotationError(f"{code} is a Crash card; nobody wins it (it goes to the box)")
    return kind


def _read_card(text: str, what: str, allowed: int = ALL_CARDS) -> int:
    """One card code or ``-`` (none); ``allowed`` is a mask of the cards this field takes."""
    if text == "-":
        return -1
    codes = _cards(allowed)
    if len(text) != 1 or text not in codes:
        raise NotationError(f"{what} {_clip(text)} must be one of {codes} or -")
    return CARD_CODES.index(text)


def _read_cards(text: str, what: str, allowed: int = ALL_CARDS) -> int:
    """Card codes, each once, in the order ``012345DTP``; ``-`` for none."""
    if text == "-":
        return 0
    mask = 0
    for ch in text:
        card = _read_card(ch, what, allowed)
        if card < 0 or mask >> card:
            raise NotationError(
                f"{what} {_clip(text)} lists each card once, in the order {_cards(allowed)}")
        mask |= 1 << card
    return mask


def _read_speed(text: str, what: str) -> int:
    special = {"-": NO_SPEED, "?": NEED_ROLL, "P": PIT_SPEED}
    if text in special:
        return special[text]
    allowed = sorted({*SPEEDS, *DIE_VALUES})
    if not (text.isascii() and text.isdigit()) or text not in map(str, allowed):
        raise NotationError(
            f"{what} {_clip(text)} must be {', '.join(map(str, allowed))}, P (pit), "
            "? (a die to roll) or -")
    return int(text)


__all__ = ["Position", "Rules", "read", "speed_text", "write"]
