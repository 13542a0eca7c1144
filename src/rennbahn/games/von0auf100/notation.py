"""The state notation of Von 0 auf 100: writing it, reading it back, and checking that what
was read is a position the rules can reach.

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
  keeps who put which can where after a round ends;
* ``undecided`` (optional: written when a race ended undecided, I17): the races nobody won,
  each followed by ``c`` (no car still racing could reach the line) or ``s`` (the safety
  stop, I16): ``undecided=1c,3s``.
``-`` stands for an empty field. The reader refuses a state the rules cannot reach
(docs/rules/von0auf100.md, "Notation", lists what is checked).

The rules call :func:`write` (``to_text``) and :func:`read` (``Game.state_from_text``); this
module does not import them: it reads and writes the fields of a state through
:class:`Position`, and asks the rules the few things only they know (which track card is
forced, whether the cars are caught by oil, who wins when a car crosses).

>>> import rennbahn
>>> game = rennbahn.load_game("von0auf100(players=2,race=small)")
>>> text = write(game.new_initial_state())
>>> text[:58]
'race=1 round=1 start=0 cans=5 wd=0 pend=0 track=.........'
>>> game.state_from_text(text.replace("over=0", "over=1"))
Traceback (most recent call last):
...
rennbahn.core.errors.NotationError: inconsistent state: over=1 but the race is not decided by fin
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NoReturn, Protocol

from rennbahn.core.errors import NotationError
from rennbahn.games.von0auf100.components import (
    CAUGHT,
    COLOURS,
    CROSSED,
    KIND_CODES,
    KIND_NAMES,
    MAX_ROUNDS,
    MAX_STEP,
    MIN_STEP,
    MOVE,
    NO_OIL_CARDS,
    NOBODY,
    NUM_CANS,
    NUM_CARS,
    NUM_KINDS,
    OIL,
    POINTS,
    STOPPED,
    Finish,
    Judgement,
    owners,
)

#: Notation suffix of each way out of a race (CROSSED, CAUGHT, STOPPED).
HOW_CODES = ("", "c", "s")
#: The fields of the notation, in the order they are written.
KEYS = ("race", "round", "start", "cans", "wd", "pend", "track", "deal", "on", "pos", "fin",
        "score", "given", "last", "over", "prev", "undecided")
#: The fields a state may leave out, and what they then mean.
OPTIONAL = {"prev": "-", "undecided": "-"}


class GameFacts(Protocol):
    """What the notation needs to know of the game (``Von0auf100Game`` has it)."""

    @property
    def players(self) -> int: ...

    @property
    def races(self) -> int: ...

    @property
    def season(self) -> bool: ...

    @property
    def places(self) -> str: ...

    @property
    def max_races(self) -> int: ...

    @property
    def house_squares(self) -> bool: ...

    @property
    def max_withdrawn(self) -> int: ...

    @property
    def layout(self) -> tuple[int, ...]: ...

    @property
    def length(self) -> int: ...

    @property
    def target(self) -> int: ...

    @property
    def cars_per_seat(self) -> int: ...

    @property
    def deal_seats(self) -> tuple[int, ...]: ...

    @property
    def deals(self) -> int: ...

    def judge(self, owner: Sequence[int], earlier: Sequence[int], car: int) -> Judgement: ...

    def place(self, seats: Sequence[int]) -> int: ...

    def scored(self, seats: Sequence[int]) -> list[int]: ...


class Position(Protocol):
    """The fields of a state that the notation writes and reads (``Von0auf100State``), and
    what the rules answer about them."""

    @property
    def g(self) -> GameFacts: ...

    race: int
    round: int
    start: int
    cans: int
    withdrawn: int
    pending: int
    over: bool
    track: list[int]
    left: list[int]
    deal: list[int]
    owner: list[int]
    on: list[int]
    pos: list[int]
    fin: list[Finish]
    out: int
    busy: int
    score: list[int]
    given: list[int]
    last: tuple[int, int, int, int, int] | None
    prev: list[int]
    void: list[tuple[int, int]]

    def lay_forced(self) -> None:
        """Lay the track cards that can only be of one kind (I4)."""

    def race_finishes(self) -> list[int]:
        """The cars that crossed the line in the current race, in order."""

    def caught(self, cans: int) -> bool:
        """Whether no car still racing can reach the line with ``cans`` cans a round (I17)."""

    def next_cans(self) -> tuple[int, int]:
        """The cans withdrawn and used in the round after this one."""

    def races_to_drive(self) -> int:
        """The races of the game, replays included."""

    def kind_at(self, square: int) -> int:
        """The kind of card on ``square``."""


def write(state: Position) -> str:
    """The notation of ``state`` (``Von0auf100State.to_text``)."""
    g = state.g
    fin = ",".join(f"{r}:{COLOURS[c]}{s if s != NOBODY else '-'}{HOW_CODES[how]}"
                   for r, c, s, how in state.fin)
    given = "/".join(
        ",".join(str(v) for v in state.given[s * NUM_CARS:(s + 1) * NUM_CARS])
        for s in range(g.players)
    )
    last = "-"
    if state.last is not None:
        seat, can, car, here, there = state.last
        last = f"{seat}:{can}:{COLOURS[car]}:{here}:{there}"
    fields: tuple[str, ...] = (
        f"race={state.race}",
        f"round={state.round}",
        f"start={state.start}",
        f"cans={state.cans}",
        f"wd={state.withdrawn}",
        f"pend={state.pending}",
        "track=" + ("".join(KIND_CODES[k] for k in state.track) or "-"),
        "deal=" + ("".join(COLOURS[c] for c in state.deal) or "-"),
        "on=" + ("".join(COLOURS[c] for c in state.on) or "-"),
        "pos=" + ",".join(str(p) for p in state.pos),
        "fin=" + (fin or "-"),
        "score=" + ",".join(str(v) for v in state.score),
        "given=" + given,
        "last=" + last,
        f"over={int(state.over)}",
    )
    if state.prev:  # optional: written when the round before is known
        fields += ("prev=" + "".join(COLOURS[c] for c in state.prev),)
    if state.void:  # optional: written once a race ended undecided
        fields += ("undecided=" + ",".join(f"{r}{HOW_CODES[how]}" for r, how in state.void),)
    return " ".join(fields)


def read(state: Position, text: str) -> None:
    """Fill a new ``state`` from ``text`` (see the module docstring); refuse a state the rules
    cannot reach."""
    fields = _fields(text)
    _read_counts(state, fields)
    _read_track(state, fields)
    _read_cars(state, fields)
    _read_tallies(state, fields)
    _Check(state).run()


def _fields(text: str) -> dict[str, str]:
    """The ``key=value`` fields of ``text``: each of :data:`KEYS` once (``prev`` optional)."""
    fields: dict[str, str] = {}
    for part in text.split():
        key, sep, value = part.partition("=")
        if not sep or key not in KEYS or key in fields:
            raise NotationError(
                f"bad field {part!r} in {text!r}; expected each of {', '.join(KEYS)} "
                "once, as key=value"
            )
        fields[key] = value
    for key, absent in OPTIONAL.items():
        fields.setdefault(key, absent)
    missing = [k for k in KEYS if k not in fields]
    if missing:
        raise NotationError(f"state notation {text!r} lacks {', '.join(missing)}")
    return fields


def _read_counts(state: Position, fields: dict[str, str]) -> None:
    """The race, the round, the starting seat and the cans."""
    g = state.g
    state.race = _number(fields["race"], "race", 1, g.max_races)
    state.round = _number(fields["round"], "round", 1, MAX_ROUNDS)
    state.start = _number(fields["start"], "start", 0, g.players - 1)
    state.withdrawn = _number(fields["wd"], "wd", 0, g.max_withdrawn)
    state.pending = _number(fields["pend"], "pend", 0, NUM_CARS - 1)
    state.cans = _number(fields["cans"], "cans", 1, NUM_CANS - state.withdrawn)
    state.over = _number(fields["over"], "over", 0, 1) == 1


def _read_track(state: Position, fields: dict[str, str]) -> None:
    """The track cards laid, which the mix must hold and I4 allow, and the licences dealt."""
    g = state.g
    state.track = [_code(ch, KIND_CODES, "track card") for ch in _dash(fields["track"])]
    if len(state.track) > g.length:
        raise NotationError(f"track {fields['track']!r} has more than {g.length} cards")
    state.left = list(g.layout)
    for i, kind in enumerate(state.track):
        state.left[kind] -= 1
        if state.left[kind] < 0:
            raise NotationError(f"track {fields['track']!r} has more {KIND_NAMES[kind]} "
                                f"cards than the mix ({g.layout[kind]})")
        if kind == OIL and i < NO_OIL_CARDS:
            raise NotationError(f"track card {i + 1} is an oil stain (I4 forbids it)")
    laid = len(state.track)
    state.lay_forced()
    if len(state.track) != laid:
        raise NotationError(f"track {fields['track']!r}: the next card can only be "
                            f"{KIND_NAMES[state.track[laid]]}, so it is already laid (I4)")
    state.deal = _cars(fields["deal"], "deal")
    if len(state.deal) > g.deals or (state.deal and len(state.track) < g.length):
        raise NotationError(f"deal {fields['deal']!r}: {g.deals} licences are dealt "
                            "once the track is laid")
    state.owner = owners(state.deal, g.deal_seats)


def _read_cars(state: Position, fields: dict[str, str]) -> None:
    """The cans on the driver cards, the cars' squares and the cars out of the races."""
    g = state.g
    state.on = _cars(fields["on"], "on")
    state.pos = [_number(p, "pos", 0, g.target) for p in fields["pos"].split(",")]
    if len(state.pos) != NUM_CARS:
        raise NotationError(f"pos needs {NUM_CARS} squares, got {fields['pos']!r}")
    state.fin = [_finish(f, state.race, g.players) for f in _items(fields["fin"])]
    state.out = 0
    for car in state.race_finishes():
        state.out |= 1 << car
    for car in range(NUM_CARS):
        if (state.pos[car] == g.target) != bool(state.out >> car & 1):
            raise NotationError(f"car {COLOURS[car]} is on square {state.pos[car]}; square "
                                f"{g.target} means out of the race, listed in fin")
    state.busy = state.out
    for car in state.on:
        state.busy |= 1 << car


def _read_tallies(state: Position, fields: dict[str, str]) -> None:
    """The score, the squares given, the last can and the round before."""
    n = state.g.players
    state.score = [_number(v, "score", 0, 20 * sum(POINTS)) for v in
                   fields["score"].split(",")]
    rows = fields["given"].split("/")
    state.given = [_number(v, "given", MIN_STEP * MAX_ROUNDS, MAX_STEP * MAX_ROUNDS)
                   for row in rows for v in row.split(",")]
    if len(state.score) != n or len(rows) != n or len(state.given) != n * NUM_CARS:
        raise NotationError(f"score needs {n} numbers and given {n} rows of {NUM_CARS}")
    state.last = None if fields["last"] == "-" else _last(fields["last"], n, state.g.target)
    state.prev = _cars(fields["prev"], "prev")
    state.void = [_undecided(item, state.race) for item in _items(fields["undecided"])]


# -- what the notation reader checks -------------------------------------------------------
class _Check:
    """The checks of a state read from notation: it must be one the rules can reach
    (docs/rules/von0auf100.md, "Notation"). Each failure says what is wrong."""

    def __init__(self, state: Position) -> None:
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
        races = s.races_to_drive()
        if s.race > races:
            self.fail(f"race={s.race} but the game has {races} races")
        if s.over and s.race != races:
            self.fail(f"over=1 but race {s.race} of {races} is not the last")
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
        void = dict(s.void)
        if [r for r, _ in s.void] != sorted(void):
            self.fail("undecided lists the races in order, each once")
        if void and g.house_squares:
            self.fail("under house_rule_squares a race that cannot end is decided by the "
                      "squares, never undecided (I17)")
        if s.race in void and not s.over:
            self.fail(f"race {s.race} is undecided, so the game is over (over=1) or the "
                      "next race has begun")
        points = [0] * g.players
        for race in range(1, s.race + 1):
            entries = [e for e in s.fin if e[0] == race]
            cars = [e[1] for e in entries]
            if len(set(cars)) != len(cars):
                self.fail(f"fin names a car twice in race {race}")
            # An undecided race scores nothing (I17): its points go to a scratch list.
            end = self.race_end(race, entries, [0] * g.players if race in void else points)
            last = len(entries) - 1
            if race in void:
                if end is not None:
                    self.fail(f"race {race} is undecided, but fin decides it")
            elif race < s.race and end != last:
                self.fail(f"race {race} is over, so fin must end it (an owned car across, "
                          "or three places in the season) and list nothing after, or "
                          "undecided must name it")
            elif race == s.race and end != (last if s.over else None):
                self.fail("over=1 but the race is not decided by fin" if s.over else
                          "fin ends the current race, so over=1 or the next race")
            judged = [e[3] for e in entries if e[3] != CROSSED]
            if judged and not g.house_squares:
                self.fail(f"fin judges cars of race {race} by their squares, which only "
                          "house_rule_squares does (I17)")
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
        seats = [e[2] for e in entries]
        for j, seat in enumerate(seats):
            if seat == NOBODY:
                unannounced += 1
            else:
                held[seat] += 1
                if held[seat] > g.cars_per_seat:
                    self.fail(f"seat {seat} uncovers more than {g.cars_per_seat} licence(s) "
                              f"in race {race}")
            if g.season:
                if seat == NOBODY and g.places == "owned":
                    continue
                place = g.place(seats[:j])
                if seat != NOBODY:
                    points[seat] += POINTS[place]
                # I14: three cars of any kind end the race (among, any), or three owned ones
                if (j if g.places == "among" else place) + 1 == len(POINTS):
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
        void = s.over and bool(s.void) and s.void[-1][0] == s.race
        ending = self.entries[-1] if s.over and not void else None
        # Every crossing but the one that ended the race (the last entry, told by its place:
        # a compiled module has no lasting identity for a tuple).
        put_aside = self.entries[:-1] if ending is not None else self.entries
        aside = [e for e in put_aside if e[3] == CROSSED]
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
        elif void:
            self.settled(s.void[-1][1])
            if s.void[-1][1] == CAUGHT and not s.caught(s.next_cans()[1]):
                self.fail("undecided says the cars are caught by oil, but a car can still "
                          "reach the line with the next round's cans (I17)")
        elif not s.on and s.round > 1 and s.caught(s.cans):
            self.fail("no car can reach the line with these cans: the race would have been "
                      "settled when the round before ended (undecided, or by the squares "
                      "under house_rule_squares, I17)")
        self.squares()

    def decided(self, ending: Finish) -> None:
        s = self.s
        how = ending[3]
        if how == CROSSED and (not s.on or s.on[-1] != ending[1]):
            self.fail("the car that ended the race got the last can placed (the last car "
                      "in on)")
        if how != CROSSED:
            self.settled(how)

    def settled(self, how: int) -> None:
        """A race that cannot end is settled (undecided, or by the squares) when the last can
        of its last round is placed, before the tile passes (I13, I16, I17)."""
        s = self.s
        if len(s.on) != s.cans:
            self.fail("a race that cannot end is settled after the last can of its last "
                      "round, so on holds every can of the round (I17)")
        if how == STOPPED and s.round != MAX_ROUNDS:
            self.fail(f"the safety stop comes after the last can of round {MAX_ROUNDS} (I16)")

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


def _undecided(text: str, race: int) -> tuple[int, int]:
    how = HOW_CODES.index(text[-1]) if text[-1:] in HOW_CODES[1:] else None
    if how is None:
        raise NotationError(f"undecided {text!r} must read a race followed by c (caught by "
                            "oil) or s (the safety stop)")
    return _number(text[:-1], "undecided race", 1, race), how


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


__all__ = ["HOW_CODES", "KEYS", "GameFacts", "Position", "read", "write"]
