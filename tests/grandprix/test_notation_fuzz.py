"""Fuzzing the Grand Prix notation reader: refuse it, or every protocol call works on it.

The seeds are positions of seeded random races of every registered variant (and of
``dead_end=set_aside``, whose tracks can hold set-aside cards). Hypothesis mutates them
(characters replaced, inserted or deleted; card letters, ways and marks put in; numbers
changed; fields or cars swapped; a field taken from another position of the same variant)
and each result must either be refused with a ``NotationError`` or be a position on which
every protocol call works (``exercise``, shared with Gib Gas!: whose turn, legal moves per
seat, chance outcomes, observations, the public observation, the notation round trip,
clone, resampling per seat, returns, and a random continuation to the end).

Examples are bounded and derandomized. ``GRANDPRIX_FUZZ_EXAMPLES=10000`` runs a long fuzz and
prints the counts (``pytest -s``).
"""

from __future__ import annotations

import functools
import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rennbahn
from tests.notation_fuzz import Tally, edit, exercise, number, positions, swap

EXAMPLES = int(os.environ.get("GRANDPRIX_FUZZ_EXAMPLES", "150"))
# What ``_card`` may put in besides the characters of Gib Gas!'s edits (digits, separators,
# letters, and some that no notation uses).
CARD_CHARACTERS = "scAPOGTx<>?*-:"
EXTRA_VARIANTS = ("grandprix(players=3,dead_end=set_aside)",)
TALLY = Tally("grandprix")


@functools.cache
def seeds() -> list[tuple[str, str]]:
    """(variant, notation): about a dozen positions of two seeded races of every variant."""
    entry = next(e for e in rennbahn.registered_games() if e.name == "grandprix")
    found = []
    for variant in (*entry.variants, *EXTRA_VARIANTS):
        for race in range(2):
            found += [(variant, t) for t in positions(variant, f"{variant}/{race}")]
    return found


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    variant, text = draw(st.sampled_from(seeds()))
    for _ in range(draw(st.integers(1, 3))):
        mutation = draw(st.sampled_from((edit, _card, swap, number, _transplant)))
        text = mutation(draw, variant, text)
    return variant, text


def _card(draw: st.DrawFn, variant: str, text: str) -> str:
    """A character of Grand Prix's own (a card, a way, a mark) put in, or one taken out."""
    at = draw(st.integers(0, len(text)))
    new = draw(st.sampled_from(CARD_CHARACTERS))
    if draw(st.booleans()):
        return text[:at] + new + text[at:]
    return text[:at] + new + text[at + 1:]


def _transplant(draw: st.DrawFn, variant: str, text: str) -> str:
    """One field (cards, cars, turn or turns played) taken from another position."""
    donor = draw(st.sampled_from([t for v, t in seeds() if v == variant])).split(" ")
    fields = text.split(" ")
    if len(fields) != len(donor):
        return text
    f = draw(st.integers(0, len(fields) - 1))
    fields[f] = donor[f]
    return " ".join(fields)


@settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def _fuzz(case: tuple[str, str]) -> None:
    variant, text = case
    state = TALLY.read(variant, text)
    if state is None:
        return
    game = state.get_game()
    try:
        exercise(state, random.Random(text))
        for seat in range(game.num_players()):
            assert game.state_from_text(text).observation(seat) == state.observation(seat)
    except Exception as exc:
        TALLY.failures.append(f"{variant} {text!r}: accepted, then {exc!r}")


def test_mutated_notation_is_refused_or_fully_usable() -> None:
    global TALLY
    TALLY = Tally("grandprix")
    _fuzz()
    TALLY.report()
