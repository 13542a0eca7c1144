"""Fuzzing the notation reader (issue 10, item 1): notation strings of states from seeded
random playouts are mutated (characters edited or transposed, fields swapped, numbers
changed). Either the reader refuses the result with a NotationError, or the state it
accepts works with every protocol call, to the end of a random continuation, without any
exception.

Bounded and derandomized; ``RENNBAHN_FUZZ_EXAMPLES=10000`` raises the number of examples
(with ``-s`` the counts of refused and accepted inputs are printed at the end)::

    RENNBAHN_FUZZ_EXAMPLES=10000 .venv/bin/pytest -p no:xdist -q -s \\
        tests/von0auf100/test_notation_fuzz.py
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rennbahn
from rennbahn.core.driver import random_step
from rennbahn.core.protocol import Game, State

EXAMPLES = int(os.environ.get("RENNBAHN_FUZZ_EXAMPLES", "150"))
VARIANTS = next(e for e in rennbahn.registered_games() if e.name == "von0auf100").variants
#: Characters an edit may put in: those of the notation and a few strangers.
ALPHABET = "0123456789-=:,/. ROYGBPxo12345cs\u0661_+"
COUNTS: Counter[str] = Counter()


def _snapshots() -> list[tuple[str, str]]:
    """(game string, state notation) at a few points of two seeded playouts per variant."""
    found = []
    for variant in VARIANTS:
        game = rennbahn.load_game(variant)
        for seed in (1, 2):
            rng = random.Random(seed)
            state = game.new_initial_state()
            texts = [state.to_text()]
            while not state.is_terminal():
                random_step(state, rng)
                texts.append(state.to_text())
            step = max(1, len(texts) // 6)
            found += [(variant, text) for text in texts[::step] + texts[-1:]]
    return found


SNAPSHOTS = _snapshots()


def _mutate(text: str, data: st.DataObject) -> str:
    kind = data.draw(st.sampled_from(("edit", "delete", "insert", "swap", "number",
                                      "transpose")))
    if kind == "transpose":  # two characters of one field change places (cards, licences)
        parts = text.split(" ")
        i = data.draw(st.integers(0, len(parts) - 1))
        value = list(parts[i])
        a, b = data.draw(st.lists(st.integers(0, len(value) - 1), min_size=2, max_size=2))
        value[a], value[b] = value[b], value[a]
        parts[i] = "".join(value)
        return " ".join(parts)
    if kind == "swap":  # two fields exchange their values
        parts = text.split(" ")
        i, j = data.draw(st.lists(st.integers(0, len(parts) - 1), min_size=2, max_size=2,
                                  unique=True))
        (ki, _, vi), (kj, _, vj) = parts[i].partition("="), parts[j].partition("=")
        parts[i], parts[j] = f"{ki}={vj}", f"{kj}={vi}"
        return " ".join(parts)
    if kind == "number":  # one number becomes another
        numbers = list(re.finditer(r"-?\d+", text))
        match = data.draw(st.sampled_from(numbers))
        value = data.draw(st.one_of(st.integers(-3, 45), st.integers(-10**6, 10**6)))
        return text[:match.start()] + str(value) + text[match.end():]
    at = data.draw(st.integers(0, len(text) - 1))
    if kind == "delete":
        return text[:at] + text[at + 1:]
    char = data.draw(st.sampled_from(ALPHABET))
    if kind == "insert":
        return text[:at] + char + text[at:]
    return text[:at] + char + text[at + 1:]


def _every_call(game: Game, state: State, rng: random.Random) -> None:
    """Every protocol call on ``state``, with every seat."""
    for seat in range(game.num_players()):
        state.legal_actions(seat)
        json.dumps(state.observation(seat))
        sample = state.resample_from_infostate(seat, rng)
        assert sample.observation(seat) == state.observation(seat)
    json.dumps(state.public_observation())
    state.current_player()
    state.chance_outcomes()
    state.returns()
    assert game.state_from_text(state.to_text()).to_text() == state.to_text()
    assert state.clone().to_text() == state.to_text()


def _continue_to_the_end(game: Game, text: str) -> None:
    """Every protocol call on the accepted state, a random continuation to the end, and
    every call again there."""
    state = game.state_from_text(text)
    rng = random.Random(len(text))
    _every_call(game, state, rng)
    steps = 0
    while not state.is_terminal():
        assert state.legal_actions(), f"no legal move at {state.to_text()}"
        random_step(state, rng)
        steps += 1
        assert steps <= game.max_game_length()
    _every_call(game, state, rng)
    assert state.legal_actions() == []
    assert sum(state.returns()) == pytest.approx(1.0)


@settings(max_examples=EXAMPLES, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from(SNAPSHOTS), st.integers(1, 3), st.data())
def test_mutated_notation_is_refused_or_works(
    snapshot: tuple[str, str], edits: int, data: st.DataObject
) -> None:
    variant, text = snapshot
    for _ in range(edits):
        text = _mutate(text, data)
    game = rennbahn.load_game(variant)
    try:
        game.state_from_text(text)
    except rennbahn.NotationError:
        COUNTS["refused"] += 1
        return
    COUNTS["accepted"] += 1
    _continue_to_the_end(game, text)


@pytest.fixture(autouse=True, scope="module")
def _report() -> Iterator[None]:
    yield
    if COUNTS:
        print(f"\nvon0auf100 notation fuzz: {sum(COUNTS.values())} inputs, "
              f"{COUNTS['refused']} refused, {COUNTS['accepted']} accepted and played on")


def test_every_snapshot_is_accepted_and_plays_on() -> None:
    """The unmutated notation of every snapshot reads back and plays to the end."""
    for variant, text in SNAPSHOTS:
        _continue_to_the_end(rennbahn.load_game(variant), text)
