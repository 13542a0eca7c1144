"""A small generic notation fuzz over every registered game (issue 10).

Notations of random-playout states are mutated (``scripts/fuzz.py`` makes the mutations);
every mutation is either refused with a NotationError or read into a state that survives
every protocol call and a random continuation to the end. The games' own tests fuzz deeper;
``scripts/fuzz.py --target notation`` runs the same check at scale.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scripts.fuzz import exercise, fuzz_notation, mutate, playout_states

import rennbahn
from rennbahn.core.protocol import State

GAMES = [entry.name for entry in rennbahn.registered_games()]
_STATES: dict[str, list[State]] = {}


def _states(name: str) -> list[State]:
    if name not in _STATES:
        _STATES[name] = playout_states(name, random.Random(f"conformance/{name}"), games=3,
                                       per_game=15)
    return _STATES[name]


@pytest.mark.parametrize("name", GAMES)
def test_mutated_notations_are_refused_or_keep_the_protocol(name: str) -> None:
    tally = fuzz_notation(name, 150, random.Random(f"conformance-fuzz/{name}"))
    assert tally.inputs == 150
    assert not tally.failures, "\n".join(f"{what}: {shown}" for shown, what in tally.failures)


@settings(max_examples=120, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10**6), st.integers(0, 10**9))
def test_any_mutation_of_a_reachable_notation(name: str, which: int, seed: int) -> None:
    states = _states(name)
    state = states[which % len(states)]
    rng = random.Random(seed)
    text = mutate(state.to_text(), rng, [s.to_text() for s in states[:5]])
    try:
        read = state.get_game().state_from_text(text)
    except rennbahn.NotationError:
        return
    exercise(read, rng)
