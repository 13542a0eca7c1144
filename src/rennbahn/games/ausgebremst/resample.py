"""Resampling the hidden cards and choices of the other seats from what one seat knows (I28).

What a seat does not see of another seat: the cards that seat drew and, in the advanced game,
its deck choice, its gear arrangement and which pit card it kept. What every seat sees: each
card played, each hand shown on a pass, each 6 played in the lead (that hand was all 6s, I5),
the stacks picked from, where the second pit card went, and whether a seat drew at all after
a move (it does not when its stacks are empty).

Each other seat is resampled race by race. Its hidden facts become unknowns: the deck choice,
the stack of each card value, the kept pit card, and one placeholder per hidden draw (labelled
with the stack it came from) or per card it held when the history began. A depth-first search
walks the race's events in order: a played card that is not known in hand turns a compatible
placeholder in hand into that card (fixing the value's stack if it was open); a shown hand
fixes every placeholder then in hand; the kept pit card is one of the two. At each choice the
options are tried in random order and a dead end backtracks, so each choice is uniform among
the options that still have a consistent completion, and every consistent assignment can come
out. At the end the open stacks of card values are drawn, then the placeholders still open are
dealt at random from what their stacks have left. The new hidden actions are written into the
history, so replaying the sample's history from its start gives the sample.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from itertools import permutations
from typing import TypeVar

from rennbahn.core.protocol import CHANCE
from rennbahn.games.ausgebremst.components import HANDS, VALUES, points
from rennbahn.games.ausgebremst.constants import (
    CARD,
    DECK,
    DISCARD,
    EMPTY,
    GEARS,
    PASS,
    PICK,
    PLAY,
    PUT,
    Q_DRAW,
    Q_PICK,
    Q_PUT,
    STACKS,
    TAKE,
    Counts,
)
from rennbahn.games.ausgebremst.position import Position
from rennbahn.games.ausgebremst.tracks import FINISH_SLOT, PIT_SLOT, SLOTS

#: Placeholder labels besides a stack number: a card held when the history began (any
#: value), a pit card lying on a stack when the history began (one of the chart's values).
ANY, PIT = -1, -2
T = TypeVar("T")
#: Events of one seat in one race: (kind, a, b).
E_DECK, E_GEAR, E_DRAW, E_TOP, E_PLAY, E_SHOW, E_SIXES, E_TAKE, E_PUT, E_COLLECT = range(10)
#: Search steps allowed per attempt before starting afresh; the last attempt has no bound.
BUDGET = 2000
ATTEMPTS = 3


class _BudgetError(Exception):
    """The search took more steps than this attempt allows."""


class _Race:
    """What is fixed about one seat in one race (or in the part of it since the origin)."""

    def __init__(self, stacks: int, rng: random.Random, in_order: bool = False,
                 dealt_order: bool = False) -> None:
        self.stacks = stacks
        self.rng = rng
        #: I24, sorted gear stacks: a draw is the lowest card left on its stack; with
        #: ``dealt_order`` (stack_order=chosen) the top card of the order the player dealt.
        self.in_order = in_order
        self.dealt_order = dealt_order
        #: stack_order=chosen: the gear steps taken in the race (where the history starts,
        #: then in it); which values they dealt is hidden and sampled.
        self.origin_count = 0
        self.gear_count = 0
        self.events: list[tuple[int, int, int]] = []
        self.label: list[int] = []  # per placeholder: a stack, ANY or PIT
        self.index: list[int] = []  # per placeholder: log index of its draw, or -1
        self.allowed: dict[int, frozenset[int]] = {}  # PIT placeholders
        self.hand0: list[int] = []  # hand entries at the start
        self.tops0: list[list[int]] = [[] for _ in range(stacks)]
        self.pit0: tuple[int, ...] = ()  # pit cards not yet collected at the start
        self.origin_take = False  # the start waits for the second pit card to be put
        self.chart: tuple[int, ...] = ()  # the pit cards of the deck choice
        self.gears0 = [-1] * 6
        self.gear_set: set[int] = set()  # values whose stack is chosen
        self.origin_gears: set[int] = set()  # of those, chosen where the history starts
        self.need = [0] * stacks  # draws pending at the end, per stack
        self.counts: list[tuple[bool, int]] = []  # (empty, drawn so far) after moves
        self.plays = [0] * 7
        # Candidates: (deck choice, cards in hand and stacks at the start).
        self.pools: list[tuple[int, Counts]] = []
        self.pool: Counts = EMPTY
        self.nodes = 0
        self.budget: int | None = BUDGET

    def placeholder(self, label: int, index: int = -1) -> int:
        self.label.append(label)
        self.index.append(index)
        return -len(self.label)  # hand entries: a value 1-6, or -1 - placeholder

    def spend(self) -> None:
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise _BudgetError

    def fits(self, pool: Counts) -> bool:
        """The count facts every seat sees, for a pool: when the stacks ran empty, and
        how many of each value were played."""
        held = len(self.hand0)
        total = sum(pool) - held
        for empty, drawn in self.counts:
            if (total - drawn != 0) if empty else (total - drawn < 1):
                return False
        known = self.pit0 or self.chart
        return all(self.plays[v] <= pool[v] + known.count(v) for v in VALUES)


class _Walk:
    """One partial assignment along the search."""

    __slots__ = ("banned", "blocks", "dealt", "drawn", "g", "hand", "loose", "pit", "rest", "take",
                 "tops", "used", "value")

    def __init__(self, race: _Race | None) -> None:
        """The walk's start in ``race``; None: no fields, for :meth:`copy` to fill in (a
        compiled class cannot be made without ``__init__``)."""
        if race is None:
            return
        self.hand = list(race.hand0)
        self.tops = [list(t) for t in race.tops0]
        self.g = list(race.gears0)
        self.banned = [0] * 6  # sorted stacks: per value, a bitmask of stacks it cannot be on
        self.used = [0] * 7  # values given to placeholders
        self.loose = [0] * 7  # of those, to placeholders not drawn from a stack
        self.value = [0] * len(race.label)
        self.drawn = [0] * race.stacks
        self.pit = race.pit0
        self.take = 0
        self.rest: list[list[int]] = []
        # stack_order=chosen: per stack the values drawn from it, in the order their runs
        # began (the top first); and the order the values were dealt in, once sampled.
        self.blocks: tuple[tuple[int, ...], ...] = ((),) * race.stacks
        self.dealt: tuple[int, ...] = ()

    def copy(self) -> _Walk:
        other = _Walk(None)
        other.hand = self.hand[:]
        other.tops = [t[:] for t in self.tops]
        other.g = self.g[:]
        other.banned = self.banned[:]
        other.used = self.used[:]
        other.loose = self.loose[:]
        other.value = self.value[:]
        other.drawn = self.drawn[:]
        other.pit = self.pit
        other.take = self.take
        other.rest = self.rest
        other.blocks = self.blocks
        other.dealt = self.dealt
        return other

    def card(self, entry: int) -> int:
        return entry if entry > 0 else self.value[-1 - entry]


def _room(race: _Race, w: _Walk) -> bool:
    """Every stack can still hold the cards drawn from it. With one stack (the family
    game's deck) it always can: the rules draw only from a deck that has cards."""
    if race.stacks == 1:
        return True
    pool, loose, g = race.pool, w.loose, w.g
    room = [0] * race.stacks
    free = 0  # cards of values whose stack is still open fit any stack
    for v in VALUES:
        stack = g[v - 1]
        if stack < 0:
            free += pool[v] - loose[v]
        else:
            room[stack] += pool[v] - loose[v]
    return all(d <= r + free for d, r in zip(w.drawn, room, strict=True))


def _fix(race: _Race, w: _Walk, pid: int, value: int) -> bool:
    if w.used[value] >= race.pool[value]:
        return False
    label = race.label[pid]
    if label >= 0:
        stack = w.g[value - 1]
        if stack < 0:
            w.g[value - 1] = label
        elif stack != label:
            return False
    else:
        if label == PIT and value not in race.allowed[pid]:
            return False
        w.loose[value] += 1
    w.value[pid] = value
    w.used[value] += 1
    return _room(race, w)


def _fits_play(race: _Race, w: _Walk, pid: int, value: int) -> bool:
    label = race.label[pid]
    if label >= 0:
        return w.g[value - 1] in (label, -1)
    return label == ANY or value in race.allowed[pid]


def _solve(race: _Race, i: int, w: _Walk) -> _Walk | None:
    events = race.events
    rng = race.rng
    while i < len(events):
        kind, a, b = events[i]
        i += 1
        if kind == E_DRAW and race.in_order:
            lowest = (_dealt_options if race.dealt_order else _lowest_options)(race, w, b)
            draw = partial(_draw_lowest, race, -1 - a, b)
            if len(lowest) == 1:  # the stack's lowest card is known: no choice
                if not draw(w, lowest[0]):
                    return None
                continue
            rng.shuffle(lowest)
            return _branch(race, w, lowest, draw, partial(_solve, race, i))
        if kind == E_DRAW:
            w.hand.append(a)
            w.drawn[b] += 1
            if not _room(race, w):
                return None
        elif kind == E_TOP:
            if not w.tops[a]:
                return None
            w.hand.append(w.tops[a].pop())
        elif kind == E_PLAY:
            if a in w.hand:  # a known card first: it leaves every later choice open
                w.hand.remove(a)
                continue
            groups: dict[int, list[int]] = {}
            for entry in w.hand:
                pid = -1 - entry
                if entry < 0 and _fits_play(race, w, pid, a):
                    key = race.label[pid] if race.label[pid] != PIT else -10 - pid
                    groups.setdefault(key, []).append(pid)
            # Placeholders of one label held together are alike from here on: the choice
            # is the label (a pit card on a stack at the start is its own), then any of them.
            options = [rng.choice(pids) for pids in groups.values()]
            if len(options) == 1:
                if not _fix(race, w, options[0], a):
                    return None
                w.hand.remove(-1 - options[0])
                continue
            rng.shuffle(options)

            def play(trial: _Walk, pid: int, value: int = a) -> bool:
                trial.hand.remove(-1 - pid)
                return _fix(race, trial, pid, value)

            return _branch(race, w, options, play, partial(_solve, race, i))
        elif kind in (E_SHOW, E_SIXES):
            shown = HANDS[a] if kind == E_SHOW else (6,) * len(w.hand)
            rest = list(shown)
            opened: list[int] = []
            for entry in w.hand:
                if entry > 0:
                    if entry not in rest:
                        return None
                    rest.remove(entry)
                else:
                    opened.append(-1 - entry)
            if len(rest) != len(opened):
                return None
            if not opened:
                continue
            ways = sorted(set(permutations(rest)))
            rng.shuffle(ways)

            def show(trial: _Walk, way: tuple[int, ...], hand: tuple[int, ...] = shown,
                     pids: tuple[int, ...] = tuple(opened)) -> bool:
                trial.hand = list(hand)
                return all(_fix(race, trial, p, v) for p, v in zip(pids, way, strict=True))

            return _branch(race, w, ways, show, partial(_solve, race, i))
        elif kind == E_DECK:
            w.pit = race.chart
        elif kind == E_COLLECT:
            if len(w.pit) == 1:  # a single pit card goes to the hand; two: E_TAKE follows
                w.hand.append(w.pit[0])
                w.pit = ()
        elif kind == E_TAKE:
            kept = sorted(set(w.pit))
            rng.shuffle(kept)
            return _branch(race, w, kept, _take, partial(_solve, race, i))
        elif kind == E_PUT:
            w.tops[a].append(w.pit[0])
            w.pit = ()
    if race.dealt_order:
        return _dealt_gears(race, w)
    free = [v for v in VALUES if v in race.gear_set and w.g[v - 1] < 0]
    rng.shuffle(free)
    return _gears(race, w, free)


def _start(race: _Race) -> _Walk | None:
    w = _Walk(race)
    if race.in_order:
        return _fix_loose(race, w, [p for p, label in enumerate(race.label) if label < 0])
    return _solve(race, 0, w)


def _branch(race: _Race, w: _Walk, options: Sequence[T], apply: Callable[[_Walk, T], bool],
            go_on: Callable[[_Walk], _Walk | None]) -> _Walk | None:
    """A choice: the options in the order given, each on a copy; the first that applies and
    has a consistent completion wins (a dead end backtracks to the next)."""
    for option in options:
        race.spend()
        trial = w.copy()
        if apply(trial, option):
            found = go_on(trial)
            if found is not None:
                return found
    return None


def _lowest_options(race: _Race, w: _Walk, stack: int) -> list[tuple[int, tuple[int, ...]]]:
    """I24: a draw from a sorted stack is the lowest value left on it. The options are the
    values from the lowest up to the first one known to lie on the stack, each with the
    values below it whose stack is open: those are then barred from this stack."""
    options: list[tuple[int, tuple[int, ...]]] = []
    passed: list[int] = []
    for v in VALUES:
        if w.used[v] >= race.pool[v]:
            continue  # none of this value left anywhere
        stack_of = w.g[v - 1]
        if stack_of == stack:
            options.append((v, tuple(passed)))
            break
        if stack_of < 0 and not w.banned[v - 1] >> stack & 1:
            options.append((v, tuple(passed)))
            passed.append(v)
    return options


def _dealt_options(race: _Race, w: _Walk, stack: int) -> list[tuple[int, tuple[int, ...]]]:
    """I24, stack_order=chosen: the values of one stack lie together, in the order the
    player dealt them (the last dealt on top). A draw continues the run of the value drawn
    last from the stack while cards of it are left; else it begins the run of any value
    with cards left that is on this stack or on no stack yet."""
    run = w.blocks[stack]
    if run and w.used[run[-1]] < race.pool[run[-1]]:
        return [(run[-1], ())]
    return [(v, ()) for v in VALUES
            if w.used[v] < race.pool[v] and w.g[v - 1] in (stack, -1) and v not in run]


def _draw_lowest(race: _Race, pid: int, stack: int, w: _Walk,
                 option: tuple[int, tuple[int, ...]]) -> bool:
    value, below = option
    run = w.blocks[stack]
    if race.dealt_order and (not run or run[-1] != value):
        w.blocks = tuple((*r, value) if k == stack else r for k, r in enumerate(w.blocks))
    for v in below:
        w.banned[v - 1] |= 1 << stack
    w.g[value - 1] = stack
    w.value[pid] = value
    w.used[value] += 1
    w.hand.append(value)
    w.drawn[stack] += 1
    return _room(race, w)


def _fix_loose(race: _Race, w: _Walk, pids: list[int]) -> _Walk | None:
    """Sorted stacks: the cards held or lying on a stack where the history starts get their
    values first, so each later draw knows what its stack holds."""
    if not pids:
        return _solve(race, 0, w)
    pid, rest = pids[0], pids[1:]
    pool, rng = race.pool, race.rng
    left = [v for v in VALUES if pool[v] > w.used[v]]
    order = sorted(left, key=lambda v: -rng.random() ** (1 / (pool[v] - w.used[v])))

    def fix(trial: _Walk, value: int) -> bool:
        if not _fix(race, trial, pid, value):
            return False
        entry = -1 - pid
        trial.hand = [value if e == entry else e for e in trial.hand]
        trial.tops = [[value if e == entry else e for e in top] for top in trial.tops]
        return True

    return _branch(race, w, order, fix, lambda trial: _fix_loose(race, trial, rest))


def _take(trial: _Walk, value: int) -> bool:
    """I22: one pit card to the hand, the other waits to go on a stack."""
    trial.take = value
    trial.hand.append(value)
    other = list(trial.pit)
    other.remove(value)
    trial.pit = tuple(other)
    return True


def _dealt_gears(race: _Race, w: _Walk) -> _Walk | None:
    """stack_order=chosen: the values dealt so far, when the player is still dealing (no draw
    has happened: any values, in any order), then the stacks of the values nothing tied."""
    if race.gear_count < len(VALUES):
        w.dealt = tuple(race.rng.sample(VALUES, race.gear_count))
        free = list(w.dealt)
    else:
        free = [v for v in VALUES if w.g[v - 1] < 0]
        race.rng.shuffle(free)
    return _gears(race, w, free)


def _dealing_order(race: _Race, w: _Walk) -> None:
    """stack_order=chosen: the order the values were dealt in. Per stack, the top first: the
    runs drawn in the order drawn, then the values not drawn from it in random order (a value
    with no card on the stack anywhere); the stacks' orders, the bottom first, interleave at
    random (every interleaving alike)."""
    rng = race.rng
    piles: list[list[int]] = []
    for k in range(race.stacks):
        drawn = list(w.blocks[k])
        on = [v for v in VALUES if w.g[v - 1] == k and v not in drawn]
        bare = [v for v in on if race.pool[v] == w.loose[v]]
        rest = [v for v in on if v not in bare]
        rng.shuffle(rest)
        top_first = drawn + rest
        for v in bare:
            top_first.insert(rng.randint(0, len(top_first)), v)
        piles.append(top_first[::-1])
    dealt: list[int] = []
    left = sum(map(len, piles))
    while left:  # the next value from a pile chosen by the values it has left
        pick = rng.randrange(left)
        for pile in piles:
            if pick < len(pile):
                dealt.append(pile.pop(0))
                break
            pick -= len(pile)
        left -= 1
    w.dealt = tuple(dealt)


def _gears(race: _Race, w: _Walk, free: list[int]) -> _Walk | None:
    """The stacks of the values no event tied down, then the deal."""
    if not free:
        return _deal(race, w, [p for p in range(len(w.value)) if not w.value[p]])
    stacks = [s for s in range(race.stacks) if not w.banned[free[0] - 1] >> s & 1]
    race.rng.shuffle(stacks)

    def put(trial: _Walk, stack: int) -> bool:
        trial.g[free[0] - 1] = stack
        return _room(race, trial)

    return _branch(race, w, stacks, put, lambda trial: _gears(race, trial, free[1:]))


def _deal(race: _Race, w: _Walk, opened: list[int]) -> _Walk | None:
    """Open placeholders get values: those not from a stack one by one (weighted by the
    cards left), then each stack's from a shuffle of what it has left."""
    pool, rng = race.pool, race.rng
    loose = [p for p in opened if race.label[p] < 0]
    if loose:
        pid = loose[0]
        left = [v for v in VALUES if pool[v] > w.used[v]]
        order = sorted(left, key=lambda v: -rng.random() ** (1 / (pool[v] - w.used[v])))
        rest = [p for p in opened if p != pid]
        return _branch(race, w, order, lambda trial, value: _fix(race, trial, pid, value),
                       lambda trial: _deal(race, trial, rest))
    w.rest = []
    for k in range(race.stacks):
        bag = [v for v in VALUES if w.g[v - 1] == k for _ in range(pool[v] - w.used[v])]
        mine = [p for p in opened if race.label[p] == k]
        if len(bag) < len(mine) + race.need[k]:
            return None
        rng.shuffle(bag)
        for pid in mine:
            value = bag.pop()
            w.value[pid] = value
            w.used[value] += 1
        w.rest.append([bag.count(v) if v else 0 for v in range(7)])
    if race.dealt_order and race.gear_count == len(VALUES):
        _dealing_order(race, w)
    return w


def _search(race: _Race) -> tuple[int, _Walk] | None:
    for attempt in range(ATTEMPTS):
        race.budget = BUDGET if attempt < ATTEMPTS - 1 else None
        race.nodes = 0
        pools = [p for p in race.pools if race.fits(p[1])]
        race.rng.shuffle(pools)
        try:
            for choice, pool in pools:
                race.pool = pool
                found = _start(race)
                if found is not None:
                    return choice, found
        except _BudgetError:
            continue
        return None
    return None


# -- building the search from a state ------------------------------------------------------
def resample(state: Position, sample: Position, origin_copy: Position | None, player: int,
             rng: random.Random) -> None:
    """Make ``sample`` (a copy of ``state`` with its history) look the same to ``player``,
    every other seat's hidden part sampled; ``origin_copy`` is the copy of the position the
    history starts from (None: the start of the game), sampled too."""
    bounds = [0, *state.race_starts, len(state._log)]
    first_race = origin_copy.race if origin_copy is not None else 0
    for seat in range(state.g.players):
        if seat == player:
            continue
        for number in range(len(bounds) - 1):
            start_state = origin_copy if number == 0 else None
            race = _read_race(state, seat, first_race + number, bounds[number],
                              bounds[number + 1], start_state, rng)
            if race is None:
                continue
            result = _search(race)
            if result is None:
                continue  # only for a hand-made position no deal explains: kept as it is
            choice, walk = result
            _rewrite(sample, race, seat, choice, walk)
            if start_state is not None:
                _write_origin(start_state, race, seat, choice, walk)
            if number == len(bounds) - 2:
                _write_now(sample, race, seat, choice, walk)


def _read_race(
    state: Position,
    seat: int,
    number: int,
    start: int,
    end: int,
    origin: Position | None,
    rng: random.Random,
) -> _Race | None:
    """The seat's events in log[start:end]; ``origin`` is the position the log starts from
    when this is the race it began in. None when nothing is hidden."""
    g = state.g
    advanced = g.advanced
    race = _Race(STACKS if advanced else 1, rng,
                 advanced and (g.sorted_stacks or g.chosen_stacks), advanced and g.chosen_stacks)
    lineup = state.lineups.get(number, tuple(state.order))
    chart = tuple(sorted(g.races[number].pit_cards[lineup.index(seat) // 2]))
    race.chart = chart
    pitted = False
    chosen = False
    if not advanced:
        race.gears0 = [0] * 6
        pool = g.family_deck
        if origin is not None:
            pool = _add(origin.deck[seat], _counts(origin.hand[seat]))
            race.hand0 = [race.placeholder(ANY) for _ in origin.hand[seat]]
        race.pools = [(-1, pool)]
        chosen = True
    elif origin is not None and origin.choice[seat] >= 0:
        chosen = True
        pitted = origin.pitted[seat]
        race.pit0 = origin.pitc[seat]
        held = len(origin.hand[seat])
        pools = []
        if _waits_to_put(origin, seat, chart):
            # It has kept one of its two pit cards, unseen: the search chooses which.
            pools = _deck_pools(origin, seat, chart)
            if pools:
                race.pit0 = chart
                race.events.append((E_TAKE, -1, 0))
                race.origin_take = True
                held -= 1
        race.pools = pools or _deck_pools(origin, seat, race.pit0) or _own_pool(origin, seat)
        race.hand0 = [race.placeholder(ANY) for _ in range(held)]
        for k, top in enumerate(origin.tops[seat]):
            for value in top:
                pid = -1 - race.placeholder(PIT)
                race.allowed[pid] = frozenset((*chart, value))
                race.tops0[k].append(-1 - pid)
        race.origin_gears = {v for v in VALUES if origin.gears[seat][v - 1] >= 0}
        race.gear_set = set(race.origin_gears)
        race.origin_count = race.gear_count = len(race.origin_gears)
    else:
        race.pools = [(c, _less(deck, _counts(chart))) for c, deck in enumerate(g.choice_decks)]
        if origin is not None:
            pitted = origin.pitted[seat]
    log = state._log
    sixes_only = set(state.sixes_only)
    mask = 1 << seat
    stack = 0  # the stack of the next draw: picked in the log, or before it began
    if origin is not None and origin.queue and origin.queue[0][:2] == (Q_DRAW, seat):
        stack = max(origin.queue[0][2], 0)
    drawn = 0  # cards drawn from the stacks less pit cards put on them
    pit_left = len(race.pit0)
    events = race.events
    for i in range(start, end):
        actor, action, visibility = log[i]
        if actor == CHANCE:
            if visibility == mask:
                events.append((E_DRAW, race.placeholder(stack, i), stack))
                drawn += 1
            continue
        if actor != seat:
            continue
        if action < PASS:
            value, slot = divmod(action - PLAY, SLOTS)
            if i in sixes_only:
                events.append((E_SIXES, 0, 0))
            events.append((E_PLAY, value + 1, 0))
            race.plays[value + 1] += 1
            if not advanced or slot == FINISH_SLOT:
                continue
            if slot >= PIT_SLOT and not pitted:
                pitted = True
                if pit_left:
                    events.append((E_COLLECT, 0, 0))
                    pit_left = 0
                    continue
            then = log[i + 1] if i + 1 < end else None
            if then is None and i + 1 == len(log):
                more = bool(state.queue) and state.queue[0][:2] == (Q_PICK, seat)
            else:
                more = then is not None and then[0] == seat and PICK <= then[1] < PICK + STACKS
            race.counts.append((not more, drawn))
        elif action < PASS + len(HANDS):
            events.append((E_SHOW, action - PASS, 0))
        elif DECK <= action < DECK + 3:
            events.append((E_DECK, i, 0))
            chosen = True
            pit_left = len(chart)
        elif PICK <= action < PICK + STACKS:
            stack = action - PICK
            if i + 1 < end and log[i + 1][0] == CHANCE and log[i + 1][2] == mask:
                continue
            if i + 1 == len(log) and state.queue and state.queue[0] == (Q_DRAW, seat, stack):
                race.need[stack] += 1
                continue
            events.append((E_TOP, stack, 0))
            drawn += 1
        elif TAKE <= action < TAKE + 6:
            events.append((E_TAKE, i, 0))
        elif PUT <= action < PUT + STACKS:
            events.append((E_PUT, action - PUT, 0))
            drawn -= 1
        elif action >= DISCARD:  # I25: a card spent without moving, face up
            events.append((E_PLAY, action - DISCARD + 1, 0))
            race.plays[action - DISCARD + 1] += 1
        elif action >= GEARS and race.dealt_order:  # which value is hidden: its place
            events.append((E_GEAR, i, race.gear_count))
            race.gear_count += 1
        elif action >= GEARS:
            value = (action - GEARS) // STACKS + 1
            events.append((E_GEAR, i, value))
            race.gear_set.add(value)
    return race if chosen else None


def _waits_to_put(origin: Position, seat: int, chart: tuple[int, ...]) -> bool:
    """The position waits for the seat to put its second pit card on a stack (I22)."""
    if not origin.queue or origin.queue[0][:2] != (Q_PUT, seat) or len(chart) != 2:
        return False
    kept = list(chart)
    for value in origin.pitc[seat]:
        if value not in kept:
            return False
        kept.remove(value)
    return len(kept) == 1 and kept[0] in origin.hand[seat]


def _deck_pools(origin: Position, seat: int,
                pit: tuple[int, ...]) -> list[tuple[int, Counts]]:
    """The decks that explain the position the history starts from: the cards neither
    played nor pit cards ``pit``, with the points the seat is seen to have left."""
    gone = _add(origin.played[seat], _counts(pit))
    _, held = origin._public_pit_cards(seat, -1)
    pools = []
    for choice, deck in enumerate(origin.g.choice_decks):
        pool = _less(deck, gone)
        if min(pool) >= 0 and points(pool) == held:
            pools.append((choice, pool))
    return pools


def _own_pool(origin: Position, seat: int) -> list[tuple[int, Counts]]:
    """A hand-made position no deck explains: its own cards, and its own choice."""
    actual = _add(origin.deck[seat], _counts(origin.hand[seat]))
    for stack, top in zip(origin.stacks[seat], origin.tops[seat], strict=True):
        actual = _add(_add(actual, stack), _counts(top))
    return [(origin.choice[seat], actual)]


def _counts(cards: tuple[int, ...]) -> Counts:
    return tuple(cards.count(v) if v else 0 for v in range(7))


def _add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _less(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b, strict=True))


# -- writing the sample --------------------------------------------------------------------
def _rewrite(sample: Position, race: _Race, seat: int, choice: int, w: _Walk) -> None:
    """The seat's hidden actions in the history, so the sample replays to itself."""
    log = sample._log

    def put(index: int, action: int) -> None:
        actor, _, visibility = log[index]
        log[index] = (actor, action, visibility)

    for kind, a, b in race.events:
        if kind == E_DECK:
            put(a, DECK + choice)
        elif kind == E_GEAR:
            value = w.dealt[b] if race.dealt_order else b
            put(a, GEARS + (value - 1) * STACKS + w.g[value - 1])
        elif kind == E_TAKE and a >= 0:
            put(a, TAKE + w.take - 1)
        elif kind == E_DRAW:
            put(race.index[-1 - a], CARD + w.value[-1 - a] - 1)


def _stacks(race: _Race, w: _Walk, pool: Counts) -> tuple[Counts, ...]:
    return tuple(
        tuple(pool[v] - w.loose[v] if v and w.g[v - 1] == k else 0 for v in range(7))
        for k in range(race.stacks)
    )


def _write_origin(origin: Position, race: _Race, seat: int, choice: int,
                  w: _Walk) -> None:
    """The position the history starts from, with the seat's sampled cards."""
    if origin.g.advanced and origin.choice[seat] < 0:
        return  # the race's setup came after: nothing was hidden yet
    origin.hand[seat] = tuple(sorted(w.card(e) for e in race.hand0))
    if not origin.g.advanced:
        origin.deck[seat] = _less(race.pool, _counts(origin.hand[seat]))
        return
    if race.origin_take:
        origin.hand[seat] = tuple(sorted((*origin.hand[seat], w.take)))
        other = list(race.chart)
        other.remove(w.take)
        origin.pitc[seat] = tuple(other)
    origin.choice[seat] = choice
    given = race.origin_gears
    if race.dealt_order:
        origin.dealt[seat] = w.dealt[:race.origin_count]
        given = set(origin.dealt[seat])
    origin.gears[seat] = tuple(w.g[v - 1] if v in given else -1 for v in VALUES)
    if len(given) == len(VALUES):
        origin.tops[seat] = tuple(tuple(w.card(e) for e in top) for top in race.tops0)
        origin.stacks[seat] = _stacks(race, w, race.pool)
        origin.deck[seat] = EMPTY
    else:
        origin.deck[seat] = _less(race.pool, tuple(w.loose))


def _write_now(sample: Position, race: _Race, seat: int, choice: int,
               w: _Walk) -> None:
    """The current position, with the seat's sampled cards."""
    sample.hand[seat] = tuple(sorted(w.card(e) for e in w.hand))
    if not sample.g.advanced:
        sample.deck[seat] = tuple(w.rest[0])
        return
    sample.choice[seat] = choice
    given = race.gear_set
    if race.dealt_order:
        sample.dealt[seat] = w.dealt
        given = set(w.dealt)
    sample.gears[seat] = tuple(w.g[v - 1] if v in given else -1 for v in VALUES)
    sample.pitc[seat] = tuple(sorted(w.pit))
    if len(given) == len(VALUES):
        sample.stacks[seat] = tuple(tuple(rest) for rest in w.rest)
        sample.tops[seat] = tuple(tuple(w.card(e) for e in top) for top in w.tops)
        sample.deck[seat] = EMPTY
    else:
        sample.deck[seat] = race.pool
