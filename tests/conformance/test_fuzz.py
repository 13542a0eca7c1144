"""A small generic notation fuzz over every registered game (issue 10).

Notations of random-playout states are mutated (``scripts/fuzz.py`` makes the mutations);
every mutation is either refused with a NotationError or read into a state that survives
every protocol call and a random continuation to the end. The games' own tests fuzz deeper;
``scripts/fuzz.py --target notation`` runs the same check at scale.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rennbahn
from rennbahn.core.protocol import State


def _load_fuzz_script() -> ModuleType:
    """``scripts/fuzz.py``, loaded by path (scripts/ is no package; mypy checks it alone)."""
    name = "rennbahn_fuzz_script"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(
        name, Path(__file__).resolve().parents[2] / "scripts" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module


fuzz = _load_fuzz_script()

GAMES = [entry.name for entry in rennbahn.registered_games()]
_STATES: dict[str, list[State]] = {}


def _states(name: str) -> list[State]:
    if name not in _STATES:
        _STATES[name] = fuzz.playout_states(name, random.Random(f"conformance/{name}"), games=3,
                                       per_game=15)
    return _STATES[name]


@pytest.mark.parametrize("name", GAMES)
def test_mutated_notations_are_refused_or_keep_the_protocol(name: str) -> None:
    tally = fuzz.fuzz_notation(name, 150, random.Random(f"conformance-fuzz/{name}"))
    assert tally.inputs == 150
    assert not tally.failures, "\n".join(f"{what}: {shown}" for shown, what in tally.failures)


@settings(max_examples=120, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10**6), st.integers(0, 10**9))
def test_any_mutation_of_a_reachable_notation(name: str, which: int, seed: int) -> None:
    states = _states(name)
    state = states[which % len(states)]
    rng = random.Random(seed)
    text = fuzz.mutate(state.to_text(), rng, [s.to_text() for s in states[:5]])
    try:
        read = state.get_game().state_from_text(text)
    except rennbahn.NotationError:
        return
    fuzz.exercise(read, rng)
