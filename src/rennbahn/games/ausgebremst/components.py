"""Race cards: the full 28-card deck (data/decks.json) and the decks made from it.

Counts are kept as a list of seven numbers, index 1-6 for the card values (index 0 unused),
so ``counts[v]`` is how many cards of value ``v``.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from itertools import combinations_with_replacement

from rennbahn.core.errors import ParameterError

VALUES = (1, 2, 3, 4, 5, 6)
DECK_POINTS = 84
#: The advanced game's three decks, in the order of their action ids.
DECK_CHOICES = ("fast", "average", "slow")
FULL_DECKS = ("extra4", "extra5", "extra6")

#: Every hand that can be shown (0 to 3 cards, ascending), for the pass action's id.
HANDS: tuple[tuple[int, ...], ...] = tuple(
    hand for size in range(4) for hand in combinations_with_replacement(VALUES, size)
)
HAND_INDEX = {hand: i for i, hand in enumerate(HANDS)}


def _read() -> dict[str, object]:
    path = resources.files("rennbahn.games.ausgebremst") / "data" / "decks.json"
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


@cache
def deck_counts(full: str, removed: str | None) -> tuple[int, ...]:
    """Counts of the deck ``full`` (extra4 ...) after removing the cards of one dot count
    (``fast``, ``average``, ``slow``, ``family``), or the whole deck when ``removed`` is None.

    >>> deck_counts("extra4", "fast")
    (0, 1, 2, 2, 3, 5, 6)
    """
    data = _read()
    decks = data["decks"]
    assert isinstance(decks, dict)
    if full not in decks:
        raise ParameterError(f"unknown full deck {full!r}; one of {', '.join(sorted(decks))}")
    dots_removed = data["removed_dots"]
    assert isinstance(dots_removed, dict)
    drop = None if removed is None else int(dots_removed[removed])
    counts = [0] * 7
    for group in decks[full]:
        if group["dots"] != drop:
            counts[int(group["value"])] += int(group["count"])
    return tuple(counts)


def listed(kind: str) -> tuple[int, ...]:
    """The composition the rulebook lists for a deck (index 1-6)."""
    table = _read()["listed"]
    assert isinstance(table, dict)
    return (0, *table[kind])


def points(counts: list[int] | tuple[int, ...]) -> int:
    return sum(v * counts[v] for v in VALUES)
