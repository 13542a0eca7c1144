"""Fuzzing the Ausgebremst notation reader: refuse it, or every protocol call works on it.

The seeds are positions of seeded random races, family and advanced, with two to six
players. Hypothesis mutates them (characters replaced, inserted or deleted; numbers changed;
head tokens, cars, or a car's fields swapped; a car's field taken from another position of
the same variant) and each result must either be refused with a ``NotationError`` or be a
position on which every protocol call works (``exercise``, shared with Gib Gas!: whose turn,
legal moves per seat, chance outcomes, observations, the public observation, the notation
round trip, clone, resampling per seat, returns, and a random continuation to the end).

Examples are bounded and derandomized. ``AUSGEBREMST_FUZZ_EXAMPLES=10000`` runs a long fuzz
and prints the counts (``pytest -s``).
"""

from __future__ import annotations

import functools
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.notation_fuzz import Tally, edit, number, positions, swap

EXAMPLES = int(os.environ.get("AUSGEBREMST_FUZZ_EXAMPLES", "60"))
VARIANTS = (
    "ausgebremst(players=2)",
    "ausgebremst(players=5,races=3,pit_overshoot=discard)",
    "ausgebremst(players=3,mode=advanced)",
    "ausgebremst(players=4,mode=advanced,stack_order=shuffled)",
    "ausgebremst(players=2,mode=advanced,stack_order=chosen)",
    "ausgebremst(players=6,mode=advanced,races=2+4)",
)
TALLY = Tally("ausgebremst")


@functools.cache
def seeds() -> list[tuple[str, str]]:
    """(variant, notation): about a dozen positions of one seeded random game per variant."""
    found = []
    for variant in VARIANTS:
        found += [(variant, t) for t in positions(variant, variant)]
    return found


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    variant, text = draw(st.sampled_from(seeds()))
    for _ in range(draw(st.integers(1, 3))):
        mutation = draw(st.sampled_from((edit, number, swap, _transplant)))
        text = mutation(draw, variant, text)
    return variant, text


def _swap(draw: st.DrawFn, variant: str, text: str) -> str:
    """Two head tokens, two cars, or two fields of one car change places."""
    blocks = text.split(" | ")
    b = draw(st.integers(0, len(blocks) - 1))
    if draw(st.booleans()) or b == 0 or b == len(blocks) - 1:
        parts, sep = (blocks[0].split(" "), " ") if b == 0 else (blocks, " | ")
    else:
        parts, sep = blocks[b].split(":"), ":"
    if len(parts) < 2:
        return text
    i = draw(st.integers(0, len(parts) - 1))
    j = (i + draw(st.integers(1, len(parts) - 1))) % len(parts)
    parts[i], parts[j] = parts[j], parts[i]
    if sep == " ":
        blocks[0] = " ".join(parts)
    elif sep == ":":
        blocks[b] = ":".join(parts)
    else:
        blocks = parts
    return " | ".join(blocks)


def _transplant(draw: st.DrawFn, variant: str, text: str) -> str:
    """One head token, table, or field of a car from another position of the same variant."""
    donor = draw(st.sampled_from([t for v, t in seeds() if v == variant]))
    blocks, donor_blocks = text.split(" | "), donor.split(" | ")
    if len(blocks) != len(donor_blocks):
        return text
    b = draw(st.integers(0, len(blocks) - 1))
    sep = " " if b == 0 else ":"
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
    TALLY = Tally("ausgebremst")
    _fuzz()
    TALLY.report()
