"""Fuzzing the Gib Gas! notation reader: refuse it, or every protocol call works on it.

The seeds are positions of seeded random races of every registered variant. Hypothesis
mutates them (characters replaced, inserted or deleted; fields, blocks or head tokens swapped;
numbers changed) and each result must either be refused with a ``NotationError`` or be a
position on which every protocol call works: whose turn, legal moves per seat, chance
outcomes, observations, the public observation, the notation round trip, clone, resampling
per seat, returns, and a random continuation to the end.

Examples are bounded and derandomized. ``GIBGAS_FUZZ_EXAMPLES=10000`` runs a long fuzz and
prints the counts (``pytest -s``).
"""

from __future__ import annotations

import functools
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rennbahn
from tests.notation_fuzz import Tally, edit, number, positions, swap

EXAMPLES = int(os.environ.get("GIBGAS_FUZZ_EXAMPLES", "200"))
TALLY = Tally("gibgas")


@functools.cache
def seeds() -> list[tuple[str, str]]:
    """(variant, notation) of about a dozen positions from two races of every variant."""
    entry = next(e for e in rennbahn.registered_games() if e.name == "gibgas")
    found = []
    for variant in entry.variants:
        for race in range(2):
            found += [(variant, t) for t in positions(variant, f"{variant}/{race}")]
    return found


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    variant, text = draw(st.sampled_from(seeds()))
    for _ in range(draw(st.integers(1, 3))):
        mutation = draw(st.sampled_from((edit, swap, number, _transplant)))
        text = mutation(draw, variant, text)
    return variant, text


def _transplant(draw: st.DrawFn, variant: str, text: str) -> str:
    """One field of a seat (or Franz) taken from another position of the same variant."""
    donor = draw(st.sampled_from([t for v, t in seeds() if v == variant]))
    blocks, donor_blocks = text.split(" | "), donor.split(" | ")
    if len(blocks) != len(donor_blocks):
        return text
    b = draw(st.integers(0, len(blocks) - 1))
    sep = " " if b == 0 else "/"
    fields, donor_fields = blocks[b].split(sep), donor_blocks[b].split(sep)
    if len(fields) != len(donor_fields):
        return text
    f = draw(st.integers(0, len(fields) - 1))
    fields[f] = donor_fields[f]
    blocks[b] = sep.join(fields)
    return " | ".join(blocks)


@settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def _fuzz(case: tuple[str, str]) -> None:
    TALLY.check(*case)


def test_mutated_notation_is_refused_or_fully_usable() -> None:
    global TALLY
    TALLY = Tally("gibgas")
    _fuzz()
    TALLY.report()
