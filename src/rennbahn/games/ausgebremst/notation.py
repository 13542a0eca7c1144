"""The state notation of Ausgebremst: writing a position, reading it back, and refusing a
position the rules cannot be in.

State notation (``to_text``), fields separated by spaces, the cars by ``|``::

    1/1 race-order turn idle queue finish [last] | car | car | ... | table

* ``1/1`` the race and the number of races; ``L`` instead when the blind draw is due;
* the start order (cars by place), the index of the car whose turn it is and ``+`` when it
  has acted; ``i`` consecutive turns without a card played (I12);
* the queue of pending steps (``d3`` draw for car 3, ``d3s2`` from its stack 2, ``k3`` car 3
  picks a deck, ``g3v1`` gives its 1s a gear stack, ``g3`` any value still without one
  (``stack_order=chosen``), ``s3`` picks a stack, ``t3`` takes a pit card, ``u3`` puts the
  other on a stack) or ``-``; the finishing order or ``-``;
* per car ``space:crossings:flags:status:hand:deck:played:shown`` (flags ``p`` pit stop made,
  ``m`` has moved; status ``R`` racing, ``F`` finished, ``O`` out; deck six counts, or in the
  advanced game four stacks ``counts[+known top cards]`` joined by ``/``, then
  ``:choice:gears:pitcards``; gears are the stacks 1-4 of values 1-6, ``-`` for none yet,
  and with ``stack_order=chosen`` then ``>`` and the values in the order dealt, e.g.
  ``112344>654321``, the last dealt on top of its stack);
* the bookkeeper's table: per finished race ``places/pits`` per car.
* at the end of the head, optionally ``last=R/CtV>SPACE``: the last public act, kept for
  the narration: car C's turn in race R with card V (0 for a pass) ending on SPACE (``fin``
  across the line), or ``last=R/CsN`` a gear stack N picked, ``last=R/CuN`` the second pit
  card put on stack N.

The reader refuses a position the rules cannot be in (cards conserved, numbers in range, the
phase consistent, derived fields consistent: docs/rules/ausgebremst.md, Notation).

The notation works on the fields of a position (:class:`~rennbahn.games.ausgebremst.position.
Position`), never on the rules' classes: the rules call :func:`write` for ``to_text`` and
:func:`read` on a blank state for ``state_from_text``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rennbahn.core.errors import NotationError
from rennbahn.core.protocol import CHANCE
from rennbahn.games.ausgebremst import deal
from rennbahn.games.ausgebremst.components import DECK_CHOICES, HANDS, VALUES
from rennbahn.games.ausgebremst.constants import (
    CARD,
    CARS,
    DECK,
    DISCARD,
    EMPTY,
    FINISHED,
    GEARS,
    LAST_CODES,
    LAST_TURN,
    NO_GEARS,
    NUM_ACTIONS,
    OUT,
    PASS,
    PICK,
    PLAY,
    POLE,
    PUT,
    Q_CODES,
    Q_DECK,
    Q_DRAW,
    Q_GEARS,
    Q_PICK,
    Q_PUT,
    Q_TAKE,
    RACING,
    STACKS,
    STATUS_CODES,
    TAKE,
    Counts,
    gears_digits,
)
from rennbahn.games.ausgebremst.position import Position
from rennbahn.games.ausgebremst.tracks import (
    FINISH_CROSSING,
    PIT_CROSSINGS,
    SLOTS,
    slot_name,
)


def _last_text(st: Position) -> str:
    assert st.last is not None
    race, car, kind, value, where = st.last
    text = f"last={race + 1}/{car}{LAST_CODES[kind]}"
    if kind == LAST_TURN:
        return text + f"{value}>" + ("fin" if where < 0 else st.g.tracks[race].names[where])
    return text + str(value + 1)


def _read_last(st: Position, text: str) -> None:
    """``last=R/CkV[>SPACE]``: the last public act (see ``_last_text``)."""
    form = ("the last act is last=RACE/CAR then t CARD>SPACE (a turn, card 0 for a pass, "
            "fin across the line), s STACK (a gear stack picked) or u STACK (a pit card "
            "put on a stack), e.g. last=1/2t4>12i")
    key, _, rest = text.partition("=")
    race_text, _, act = rest.partition("/")
    if key != "last" or not race_text.isdigit() or len(act) < 3 or not act[0].isdigit() \
            or act[1] not in LAST_CODES or not act[2].isdigit():
        raise NotationError(f"{text!r}: {form}")
    race, car, kind, value = int(race_text) - 1, int(act[0]), LAST_CODES.index(act[1]), \
        int(act[2])
    if not st.race - 1 <= race <= st.race or race < 0 or car >= CARS:
        raise NotationError(
            f"{text!r}: the last act is in this race or the one before, by a car 0-5")
    where = 0
    if kind == LAST_TURN:
        if act[3:4] != ">" or value > 6:
            raise NotationError(f"{text!r}: {form}")
        where = -1 if act[4:] == "fin" else st.g.tracks[race].index(act[4:])
    elif len(act) != 3 or not 1 <= value <= STACKS or not st.g.advanced \
            or st.g.is_neutral(car):
        raise NotationError(
            f"{text!r}: a player's car picks a gear stack 1-{STACKS} or puts a pit card on "
            "one, in the advanced game only")
    else:
        value -= 1
    st.last = (race, car, kind, value, where)


def _check_last(st: Position) -> None:
    """The last act fits the position: a card played in this race lies on the car's
    played pile, and the car stands where its turn ended (across the line: finished)."""
    if st.last is None:
        return
    race, car, kind, value, where = st.last
    if race != st.race:
        if st.race == 0 or any(st.moved) or any(p != EMPTY for p in st.played):
            raise NotationError(
                "the last act is of the race before only while nothing has happened in "
                "this one (no car has played or moved), and there is a race before")
        return
    if kind == LAST_TURN and value and not st.played[car][value]:
        raise NotationError(
            f"the last act: car {car} played a {value}, but no {value} lies on its "
            "played pile")
    if kind == LAST_TURN and (where < 0) != (st.status[car] == FINISHED):
        raise NotationError(f"the last act: car {car} has finished (F) exactly when its "
                            "last turn crossed the finish line (fin)")
    if kind == LAST_TURN and where >= 0 and where != st.pos[car]:
        raise NotationError(
            f"the last act: car {car} ended its turn on {st.track.names[where]}, and "
            f"nothing has moved it since, but it stands on {st.track.names[st.pos[car]]}")


# -- full notation --------------------------------------------------------------------
def write(st: Position) -> str:
    """The position in notation (``AusgebremstState.to_text``)."""
    g = st.g
    head = [
        "L" if st.lineup_due else f"{st.race + 1}/{len(g.races)}",
        "".join(map(str, st.order)),
        f"{st.turn}{'+' if st.turn_done else ''}",
        f"i{st.idle}",
        ",".join(
            _step_text(k, c, s) for k, c, s in st.queue
        ) or "-",
        "".join(map(str, st.finish)) or "-",
    ]
    if st.last is not None:
        head.append(_last_text(st))
    parts = [" ".join(head)]
    for car in range(CARS):
        parts.append(_car_text(st, car))
    parts.append(
        ",".join(
            ".".join(map(str, places)) + "/" + "".join("p" if p else "-" for p in pits)
            for places, pits in st.table
        ) or "-"
    )
    return " | ".join(parts)


def _car_text(st: Position, car: int) -> str:
    flags = ("p" if st.pitted[car] else "") + ("m" if st.moved[car] else "")
    shown = st.shown[car]
    fields = [
        st.track.names[st.pos[car]],
        str(st.cross[car]),
        flags or "-",
        STATUS_CODES[st.status[car]],
        "".join(map(str, st.hand[car])) or "-",
        _counts(st.deck[car]),
        _counts(st.played[car]),
        "-" if shown is None else "".join(map(str, shown)) or "0",
    ]
    if st.g.advanced:
        fields.append("/".join(
            _counts(s) + ("+" + "".join(map(str, t)) if t else "")
            for s, t in zip(st.stacks[car], st.tops[car], strict=True)
        ) or "-")
        fields.append("-" if st.choice[car] < 0 else "fas"[st.choice[car]])
        dealt = "".join(map(str, st.dealt[car]))
        fields.append(gears_digits(st.gears[car]) + (f">{dealt}" if dealt else ""))
        fields.append("".join(map(str, st.pitc[car])) or "-")
    return ":".join(fields)


def read(st: Position, text: str) -> None:
    """Fill a blank position from notation and check it (``_state_from_text``)."""
    g = st.g
    parts = [p.strip() for p in text.split("|")]
    if len(parts) != CARS + 2:
        raise NotationError(
            f"expected a head, {CARS} cars and the table separated by '|'; got {len(parts)}"
            " parts"
        )
    head = parts[0].split()
    if len(head) not in (6, 7):
        raise NotationError(
            "the head is 'race/races order turn idle queue finish [last]', e.g. "
            "'1/1 453012 2 i0 - -' or '1/1 453012 2 i0 - - last=1/2t4>12i'"
        )
    if head[0] == "L":
        race, st.lineup_due = 0, True
    else:
        number, _, total = head[0].partition("/")
        race = int(number) - 1
        if int(total) != len(g.races) or not 0 <= race < len(g.races):
            raise NotationError(f"race {head[0]} does not fit races={len(g.races)}")
    st.race = race
    st.track = g.tracks[race]
    order = [int(ch) for ch in head[1]]
    if sorted(order) != list(range(CARS)):
        raise NotationError(f"start order {head[1]!r} must list cars 0-5 once each")
    st.order = order
    st.lineups = {race: tuple(order)}
    st.turn_done = head[2].endswith("+")
    st.turn = int(head[2].rstrip("+"))
    if not 0 <= st.turn < CARS:
        raise NotationError(f"turn {head[2]!r} must be 0-5")
    if not head[3].startswith("i"):
        raise NotationError(f"idle count {head[3]!r} must look like i0")
    st.idle = int(head[3][1:])
    st.queue = [] if head[4] == "-" else [_read_step(s) for s in head[4].split(",")]
    st.finish = [] if head[5] == "-" else [int(ch) for ch in head[5]]
    st.last = None
    if len(head) == 7:
        _read_last(st, head[6])
    for car in range(CARS):
        _read_car(st, car, parts[car + 1])
    st.table = []
    if parts[-1] != "-":
        for entry in parts[-1].split(","):
            places, _, pits = entry.partition("/")
            values = tuple(int(x) for x in places.split("."))
            if len(values) != CARS or len(pits) != CARS:
                raise NotationError(f"table entry {entry!r} needs 6 places and 6 pit marks")
            st.table.append((values, tuple(ch == "p" for ch in pits)))
    _check(st)


# -- checking a position read from notation (docs: Notation) --------------------------
def _check(st: Position) -> None:
    """Refuse a position the rules cannot reach: cards conserved, numbers in range, the
    phase consistent with the rest, derived fields consistent."""
    g = st.g
    if st.lineup_due:
        start = g.new_initial_state().to_text()
        if write(st) != start:
            raise NotationError(
                f"before the blind draw (L) the position is the start, {start!r}")
        return
    over = len(st.table) == len(g.races)
    if len(st.table) != st.race + over:
        raise NotationError(
            f"race {st.race + 1} of {len(g.races)} comes after {st.race} finished "
            f"races, but the table holds {len(st.table)}")
    for places, _ in st.table:
        ranked = sorted(p for p in places if p)
        if not all(0 <= p <= CARS for p in places) or ranked != list(
                range(1, len(ranked) + 1)):
            raise NotationError(
                f"table places {'.'.join(map(str, places))}: 1, 2, ... once each in "
                "finishing order, 0 for a car that did not finish")
    _check_order(st)
    _check_last(st)
    for car in range(CARS):
        _check_car(st, car)
    racing = [c for c in range(CARS) if st.status[c] == RACING]
    spaces = {st.pos[c] for c in racing}
    if len(spaces) != len(racing):
        raise NotationError("two racing cars stand on one space (one car per space, I3)")
    finished = [c for c in range(CARS) if st.status[c] == FINISHED]
    if len(set(st.finish)) != len(st.finish) or sorted(st.finish) != finished:
        raise NotationError(
            f"the finish order {''.join(map(str, st.finish)) or '-'} must list each "
            f"finished car (status F: {''.join(map(str, finished)) or 'none'}) once")
    if not 0 <= st.idle <= CARS:
        raise NotationError(f"idle count i{st.idle} must be 0-{CARS}")
    players_racing = any(not g.is_neutral(c) for c in racing)
    ended = not players_racing or st.idle >= len(racing)
    if over:
        final = [0] * CARS
        for place, car in enumerate(st.finish):
            final[car] = place + 1
        if st.queue or not st.turn_done or not ended:
            raise NotationError(
                "the table is full, so the championship is over: no queue, the turn "
                "done (+), and no player who could still move")
        if st.table[-1] != (tuple(final), tuple(st.pitted)):
            raise NotationError(
                "the last table entry must be this race's finish order and pit stops")
        return
    if ended:
        raise NotationError(
            f"with i{st.idle} and {len(racing)} cars racing, "
            f"{'players' if players_racing else 'no player'} racing, the race is over "
            "(I12): its table entry is missing")
    _check_queue(st)


def _check_order(st: Position) -> None:
    """The neutral cars start in front in their numbering; after a race the players who
    finished follow by place (I15)."""
    g = st.g
    neutrals = list(range(g.players, CARS))
    if st.order[:len(neutrals)] != neutrals:
        raise NotationError(
            f"start order {''.join(map(str, st.order))}: the neutral cars "
            f"{''.join(map(str, neutrals))} start in front (I15)")
    if st.race:
        places = st.table[st.race - 1][0]
        ranked = [c for _, c in sorted((places[c], c) for c in range(g.players)
                                       if places[c])]
        if st.order[len(neutrals):len(neutrals) + len(ranked)] != ranked:
            raise NotationError(
                f"start order {''.join(map(str, st.order))}: after the neutral cars "
                f"the players start by their last finishing place, {ranked} (I15)")


def _check_car(st: Position, car: int) -> None:
    g, track = st.g, st.track
    name = f"car {car}"
    status, cross, space = st.status[car], st.cross[car], st.pos[car]
    if (status == FINISHED) != (cross == FINISH_CROSSING):
        raise NotationError(
            f"{name}: a car has crossed the line {FINISH_CROSSING} times exactly when it "
            f"has finished (status F); here {cross} and {STATUS_CODES[status]}")
    if st.pitted[car] and (cross < PIT_CROSSINGS[0] or (g.advanced and g.is_neutral(car))):
        raise NotationError(
            f"{name}: a pit stop (p) is made after lap 1 or 2, never by a neutral car in "
            "the advanced game (I8, I20)")
    if status == RACING:
        if track.is_pit[space] and (not st.pitted[car] or cross not in PIT_CROSSINGS):
            raise NotationError(
                f"{name}: a car in the pit alley has stopped there (p) after lap 1 or 2")
        if not g.advanced and not st.pitted[car] and (
                cross > PIT_CROSSINGS[-1]
                or (cross == PIT_CROSSINGS[-1] and space != track.field_a)):
            raise NotationError(
                f"{name}: in the family game a car without its stop must turn into the "
                f"pit alley at its last chance, so it waits on field A (I9)")
    shown = st.shown[car]
    if shown is not None and (shown != st.hand[car] or status != RACING):
        raise NotationError(
            f"{name}: a hand shown on a pass is the racing car's hand until it plays (I7)")
    if g.is_neutral(car):
        _check_cards(st, car, (st.deck[car], st.played[car]), g.neutral_deck)
        if st.hand[car] or ((status == RACING) != any(st.deck[car]) and status != FINISHED):
            raise NotationError(
                f"{name}: a neutral car holds no hand and is out exactly when its deck is "
                "empty (I11)")
    elif not g.advanced:
        _check_cards(st, car, (st.deck[car], st.played[car], _tally(st.hand[car])),
                          g.family_deck)
        if status == OUT and (st.hand[car] or any(st.deck[car])):
            raise NotationError(f"{name}: a car is out only with no cards left (I11)")
    else:
        _check_advanced(st, car)


def _check_cards(st: Position, car: int, parts: Sequence[Counts], deck: Counts) -> None:
    total = tuple(map(sum, zip(*parts, strict=True)))
    if total != deck:
        raise NotationError(
            f"car {car}: its cards (hand, deck, played, stacks, pit cards) are "
            f"{_counts(total)} of each value 1-6; its deck is {_counts(deck)}")


def _check_advanced(st: Position, car: int) -> None:
    g = st.g
    name = f"car {car}"
    gears, stacks, tops = st.gears[car], st.stacks[car], st.tops[car]
    chart = tuple(sorted(g.races[st.race].pit_cards[st._row(car)]))
    if st.choice[car] < 0:
        if (st.hand[car] or any(st.deck[car]) or any(st.played[car]) or stacks
                or st.pitc[car] or gears != NO_GEARS):
            raise NotationError(
                f"{name}: before its deck choice a car has no cards, stacks or gears")
        return
    arranged = sum(s >= 0 for s in gears)
    dealt = st.dealt[car]
    if g.chosen_stacks:
        if sorted(dealt) != [v for v in VALUES if gears[v - 1] >= 0]:
            raise NotationError(
                f"{name}: the values dealt (after >) are the values with a gear stack, each "
                "once, in the order dealt (I21, I24 with stack_order=chosen)")
    elif any(s < 0 for s in gears[:arranged]):
        raise NotationError(f"{name}: the gears are given value by value, 1 to 6 (I21)")
    if arranged == len(VALUES):
        if len(stacks) != STACKS or any(st.deck[car]):
            raise NotationError(
                f"{name}: once every value has its gear, the cards lie on four stacks")
        for k, stack in enumerate(stacks):
            for v in VALUES:
                if stack[v] and gears[v - 1] != k:
                    raise NotationError(
                        f"{name}: gear stack {k + 1} holds {v}s, but gears "
                        f"{gears_digits(gears)} put them on stack {gears[v - 1] + 1} (I21)")
    elif stacks:
        raise NotationError(
            f"{name}: the gear stacks are made once every value has its gear (I21)")
    on_top = [v for top in tops for v in top]
    if len(on_top) > 1 or any(v not in chart for v in on_top) or (
            on_top and not st.pitted[car]):
        raise NotationError(
            f"{name}: the one card put on a stack is the second pit card {chart} (I22)")
    head = st.queue[0][:2] if st.queue else None
    pit = st.pitc[car]
    if not st.pitted[car] or head == (Q_TAKE, car):
        fits = pit == chart
    elif head == (Q_PUT, car):
        fits = len(pit) == 1 and pit[0] in chart
    else:
        fits = not pit
    if not fits:
        raise NotationError(
            f"{name}: its pit cards wait by the alley until its stop: the chart's "
            f"{''.join(map(str, chart))} for its start row (I19, I22)")
    parts = [st.deck[car], st.played[car], _tally(st.hand[car]), _tally(pit),
             _tally(tuple(on_top)), *stacks]
    _check_cards(st, car, parts, g.choice_decks[st.choice[car]])
    if st.status[car] == OUT and (st.hand[car] or _supply(st, car)):
        raise NotationError(f"{name}: a car is out only with no cards left (I11)")


def _supply(st: Position, car: int) -> int:
    """Cards a player can still draw: its deck, or its gear stacks and what lies on them."""
    if not st.g.advanced:
        return sum(st.deck[car])
    return sum(st._stack_size(car, s) for s in range(len(st.stacks[car])))


def _check_queue(st: Position) -> None:
    """The steps waiting fit the phase: the set-up before the first turn, or what a
    player's card left to do; and each player holds what its steps leave it."""
    g = st.g
    queue = st.queue
    for kind, car, arg in queue:
        where = f"queue step {_step_text(kind, car, arg)}"
        if not 0 <= car < CARS or g.is_neutral(car) or st.status[car] != RACING:
            raise NotationError(f"{where}: steps name a racing player's car (0-"
                                f"{g.players - 1})")
        if (kind != Q_DRAW and not g.advanced) or (kind == Q_DRAW and arg >= 0 and (
                not g.advanced)):
            raise NotationError(f"{where}: only the advanced game has this step")
        if (kind == Q_GEARS and (arg != 0 if g.chosen_stacks else arg not in VALUES)) or (
                kind == Q_DRAW and arg >= STACKS):
            raise NotationError(
                f"{where}: values are 1-6, stacks 0-{STACKS - 1}; with stack_order=chosen "
                "the gears wait as g3 (any value), else value by value as g3v1")
    if queue and queue[0][0] == Q_DRAW and queue[0][2] >= 0:
        car, stack = queue[0][1:]
        if len(st.stacks[car]) != STACKS or not sum(st.stacks[car][stack]) or (
                st.tops[car][stack]):
            raise NotationError(
                f"queue step {_step_text(*queue[0])}: the stack picked has a hidden card "
                "left (a known top card is drawn at once, I22)")
    if any(k == Q_DRAW and a >= 0 for k, _, a in queue[1:]):
        raise NotationError("only the first queue step can be a draw from a picked stack")
    if not queue:
        if st.turn_done:
            raise NotationError("no step waits, so it is a car's turn: the turn is not "
                                f"done ({st.turn}, not {st.turn}+)")
        car = st.order[st.turn]
        if st.status[car] != RACING or (g.is_neutral(car) and st._blockaded(car)):
            raise NotationError(
                f"turn {st.turn}: car {car} must be racing and, neutral, able to move "
                "(I16)")
    elif not _setup_fits(st) and not _card_fits(st):
        raise NotationError(
            "the queue fits neither the set-up before the first turn (cars on the grid, "
            "nothing played) nor what the car whose turn is done (+) has left to do")
    for car in range(g.players):
        _check_hand(st, car)


def _setup_fits(st: Position) -> bool:
    queue, setup = st.queue, deal.setup_queue(st)
    n = len(queue)
    if n > len(setup) or setup[len(setup) - n:] != queue:
        first = queue[0]
        picked = [(Q_PICK, first[1], 0), (Q_DRAW, first[1], -1), *queue[1:]]
        if first[0] != Q_DRAW or first[2] < 0 or setup[len(setup) - n - 1:] != picked:
            return False
    return (st.turn == CARS - 1 and st.turn_done and st.idle == 0
            and not st.finish and not any(st.moved) and not any(st.pitted)
            and all(s == RACING for s in st.status) and not any(st.cross)
            and all(p == EMPTY for p in st.played)
            and all(shown is None for shown in st.shown)
            and all(st.pos[car] == st.track.grid[place]
                    for place, car in enumerate(st.order)))


def _card_fits(st: Position) -> bool:
    car = st.order[st.turn]
    steps = [(Q_PICK, car, 0), (Q_DRAW, car, -1)] if st.g.advanced else [
        (Q_DRAW, car, -1)]
    kind, first, arg = st.queue[0]
    return (st.turn_done and st.idle == 0 and first == car
            and (st.queue == steps or (len(st.queue) == 1 and (
                (kind == Q_DRAW and arg >= 0)
                or (kind in (Q_TAKE, Q_PUT) and st.pitted[car])))))


def _check_hand(st: Position, car: int) -> None:
    """A racing player holds its full hand with the draws waiting, or fewer when it has
    nothing left to draw; before its deck choice and gears it draws nothing."""
    g = st.g
    steps = [(k, a) for k, c, a in st.queue if c == car]
    if st.status[car] != RACING:
        return
    if g.advanced:
        choosing = (Q_DECK, 0) in steps
        missing = sorted(a for k, a in steps if k == Q_GEARS)
        wanted = list(VALUES) if choosing else [
            v for v in VALUES if st.gears[car][v - 1] < 0]
        if g.chosen_stacks:
            wanted = [0] * len(wanted)
        if choosing != (st.choice[car] < 0) or missing != wanted:
            raise NotationError(
                f"car {car}: its deck choice and gears are made exactly when no step "
                "waits for them (k, g)")
    draws = sum(k == Q_DRAW for k, _ in steps)
    held = len(st.hand[car]) + draws + sum(k == Q_TAKE for k, _ in steps)
    supply = None if g.advanced and any(s < 0 for s in st.gears[car]) else _supply(st, car)
    if held > g.hand_size or held == 0 or (supply is not None and (
            supply < draws or (held < g.hand_size and supply > draws))):
        raise NotationError(
            f"car {car}: holds {len(st.hand[car])} cards with {draws} draws waiting and "
            f"{'?' if supply is None else supply} to draw from; a hand is refilled to "
            f"{g.hand_size} while cards are left")


def _read_car(st: Position, car: int, text: str) -> None:
    g = st.g
    fields = text.split(":")
    want = 12 if g.advanced else 8
    if len(fields) != want:
        raise NotationError(
            f"car {car}: expected {want} fields "
            "space:crossings:flags:status:hand:deck:played:shown"
            + (":stacks:choice:gears:pitcards" if g.advanced else "") + f", got {text!r}"
        )
    st.pos[car] = st.track.index(fields[0])
    st.cross[car] = int(fields[1])
    if not 0 <= st.cross[car] <= FINISH_CROSSING:
        raise NotationError(f"car {car}: crossings must be 0-{FINISH_CROSSING}")
    st.pitted[car] = "p" in fields[2]
    st.moved[car] = "m" in fields[2]
    if fields[3] not in ("R", "F", "O"):
        raise NotationError(f"car {car}: status must be R, F or O, not {fields[3]!r}")
    st.status[car] = STATUS_CODES.index(fields[3])
    st.hand[car] = _read_cards(fields[4])
    if len(st.hand[car]) > g.hand_size:
        raise NotationError(f"car {car}: a hand holds at most {g.hand_size} cards")
    st.deck[car] = _read_counts(fields[5])
    st.played[car] = _read_counts(fields[6])
    st.shown[car] = None if fields[7] == "-" else _read_cards(
        "" if fields[7] == "0" else fields[7])
    if g.advanced:
        stacks, tops = [], []
        if fields[8] != "-":
            for part in fields[8].split("/"):
                counts, _, top = part.partition("+")
                stacks.append(_read_counts(counts))
                tops.append(tuple(int(ch) for ch in top))
            if len(stacks) != STACKS:
                raise NotationError(f"car {car}: four gear stacks, not {len(stacks)}")
        st.stacks[car] = tuple(stacks)
        st.tops[car] = tuple(tops)
        st.choice[car] = -1 if fields[9] == "-" else "fas".index(fields[9])
        gears, mark, dealt = fields[10].partition(">")
        if len(gears) != 6 or any(ch not in "-1234" for ch in gears):
            raise NotationError(f"car {car}: gears {fields[10]!r} are six of - or 1-4")
        if mark and (not g.chosen_stacks or g.is_neutral(car) or not dealt or any(
                ch not in "123456" for ch in dealt)):
            raise NotationError(
                f"car {car}: gears {fields[10]!r}: only a player's car with "
                "stack_order=chosen has the values dealt after >, as digits 1-6")
        st.dealt[car] = tuple(int(ch) for ch in dealt)
        st.gears[car] = tuple(-1 if ch == "-" else int(ch) - 1 for ch in gears)
        st.pitc[car] = _read_cards(fields[11])


def action_text(player: int, action: int) -> str:
    """A move or chance outcome in notation (``AusgebremstState._action_to_string``)."""
    if player == CHANCE:
        if POLE <= action < POLE + 6:
            return f"pole{action - POLE}"
        if CARD <= action < CARD + 6:
            return f"card{action - CARD + 1}"
        raise NotationError(f"no chance outcome {action}")
    if PLAY <= action < PASS:
        value, slot = divmod(action - PLAY, SLOTS)
        if value >= 6:
            raise NotationError(f"no action {action}")
        return f"{value + 1}>{slot_name(slot)}"
    if PASS <= action < PASS + len(HANDS):
        return "pass:" + ("".join(map(str, HANDS[action - PASS])) or "-")
    if DECK <= action < DECK + 3:
        return DECK_CHOICES[action - DECK]
    if PICK <= action < PICK + STACKS:
        return f"stack{action - PICK + 1}"
    if TAKE <= action < TAKE + 6:
        return f"take{action - TAKE + 1}"
    if PUT <= action < PUT + STACKS:
        return f"put{action - PUT + 1}"
    if GEARS <= action < DISCARD:
        value, stack = divmod(action - GEARS, STACKS)
        return f"gear{value + 1}>{stack + 1}"
    if DISCARD <= action < NUM_ACTIONS:
        return f"discard{action - DISCARD + 1}"
    raise NotationError(f"no action {action}")


def _tally(cards: Sequence[int]) -> Counts:
    counts = [0] * 7
    for card in cards:
        counts[card] += 1
    return tuple(counts)


def _counts(counts: Counts) -> str:
    return "".join(map(str, counts[1:]))


def _read_counts(text: str) -> Counts:
    if len(text) != 6 or not text.isdigit():
        raise NotationError(f"card counts {text!r} must be six digits (values 1-6)")
    return (0, *(int(ch) for ch in text))


def _read_cards(text: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    if not text.isdigit() or any(ch not in "123456" for ch in text):
        raise NotationError(f"cards {text!r} must be digits 1-6 or -")
    return tuple(sorted(int(ch) for ch in text))


def _step_text(kind: int, car: int, arg: int) -> str:
    if kind == Q_DRAW and arg >= 0:
        return f"d{car}s{arg}"
    if kind == Q_GEARS and arg:
        return f"g{car}v{arg}"
    return f"{Q_CODES[kind]}{car}"


def _read_step(text: str) -> tuple[int, int, int]:
    if len(text) < 2 or text[0] not in Q_CODES or not text[1].isdigit():
        raise NotationError(f"queue step {text!r} must be like d3, d3s2, k3, g3v1, s3, t3, u3")
    kind = Q_CODES.index(text[0])
    car = int(text[1])
    rest = text[2:]
    if kind == Q_DRAW:
        return kind, car, int(rest[1:]) if rest.startswith("s") else -1
    if kind == Q_GEARS:
        if not rest:  # stack_order=chosen: any value still without a gear stack
            return kind, car, 0
        if not rest.startswith("v") or not rest[1:].isdigit() or not int(rest[1:]):
            raise NotationError(
                f"queue step {text!r}: arranging names the value, g3v1 (or g3, any value)")
        return kind, car, int(rest[1:])
    return kind, car, 0


__all__ = ["action_text", "read", "write"]
