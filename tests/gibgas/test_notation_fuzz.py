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
import json
import math
import os
import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rennbahn
from rennbahn.core.driver import random_step
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, State

EXAMPLES = int(os.environ.get("GIBGAS_FUZZ_EXAMPLES", "200"))
# What an edit may put in: the notation's own characters, and some that it never uses.
ALPHABET = "0123456789-?/|;,+=:qptsFPTDVBX \u0664\u00b2"
COUNTS = {"accepted": 0, "refused": 0}
FAILURES: list[str] = []


@functools.cache
def seeds() -> list[tuple[str, str]]:
    """(variant, notation) of about a dozen positions from two races of every variant."""
    entry = next(e for e in rennbahn.registered_games() if e.name == "gibgas")
    found = []
    for variant in entry.variants:
        game = rennbahn.load_game(variant)
        for race in range(2):
            rng = random.Random(f"{variant}/{race}")
            state = game.new_initial_state()
            texts = [state.to_text()]
            while not state.is_terminal():
                random_step(state, rng)
                texts.append(state.to_text())
            step = max(1, len(texts) // 12)
            found += [(variant, t) for t in texts[::step] + texts[-1:]]
    return found


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    variant, text = draw(st.sampled_from(seeds()))
    for _ in range(draw(st.integers(1, 3))):
        mutation = draw(st.sampled_from((_edit, _swap, _number, _transplant)))
        text = mutation(draw, variant, text)
    return variant, text


def _edit(draw: st.DrawFn, variant: str, text: str) -> str:
    at = draw(st.integers(0, len(text)))
    new = draw(st.sampled_from(ALPHABET))
    how = draw(st.sampled_from(("replace", "insert", "delete")))
    if how == "insert":
        return text[:at] + new + text[at:]
    return text[:at] + (new if how == "replace" else "") + text[at + 1:]


def _swap(draw: st.DrawFn, variant: str, text: str) -> str:
    """Two fields, blocks, head tokens, track cards or won cards change places."""
    sep = draw(st.sampled_from(("/", " | ", " ", ",", "+")))
    parts = text.split(sep)
    if len(parts) < 2:
        return text
    i = draw(st.integers(0, len(parts) - 1))
    j = (i + draw(st.integers(1, len(parts) - 1))) % len(parts)
    parts[i], parts[j] = parts[j], parts[i]
    return sep.join(parts)


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


def _number(draw: st.DrawFn, variant: str, text: str) -> str:
    runs = list(re.finditer(r"[0-9]+", text))
    if not runs:
        return text
    run = runs[draw(st.integers(0, len(runs) - 1))]
    value = draw(st.one_of(st.integers(-5, 400), st.sampled_from((999, 10**6, 9999999))))
    return text[:run.start()] + str(value) + text[run.end():]


def exercise(state: State, rng: random.Random) -> None:
    """Every protocol call on ``state``; raises (AssertionError or other) where one fails."""
    game = state.get_game()
    n = game.num_players()
    player = state.current_player()
    text = state.to_text()
    assert game.state_from_text(text).to_text() == text
    assert state.clone().to_text() == text
    public = state.public_observation()
    assert json.loads(json.dumps(public)) == public
    for seat in range(n):
        legal = state.legal_actions(seat)
        obs = state.observation(seat)
        assert json.loads(json.dumps(obs)) == obs
        sample = state.resample_from_infostate(seat, rng)
        assert sample.observation(seat) == obs
        assert sample.public_observation() == public
        if player in (SIMULTANEOUS, seat):
            assert legal, f"seat {seat} is to move but has no legal move"
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes, "a chance node without outcomes"
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
    assert len(state.returns()) == n
    state.information_state_string(0)
    rest = state.clone()
    for _ in range(game.max_game_length()):
        if rest.is_terminal():
            break
        random_step(rest, rng)
    assert rest.is_terminal(), "the continuation did not end"
    assert len(rest.returns()) == n


@settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def _fuzz(case: tuple[str, str]) -> None:
    variant, text = case
    game = rennbahn.load_game(variant)
    try:
        state = game.state_from_text(text)
    except rennbahn.NotationError:
        COUNTS["refused"] += 1
        return
    except Exception as exc:  # anything else is a failure, counted and reported below
        FAILURES.append(f"{variant} {text!r}: reading raised {exc!r}")
        return
    COUNTS["accepted"] += 1
    try:
        exercise(state, random.Random(text))
    except Exception as exc:
        FAILURES.append(f"{variant} {text!r}: accepted, then {exc!r}")


def test_mutated_notation_is_refused_or_fully_usable() -> None:
    COUNTS.update(accepted=0, refused=0)
    FAILURES.clear()
    _fuzz()
    print(f"gibgas notation fuzz: {sum(COUNTS.values())} inputs, {COUNTS['accepted']} "
          f"accepted, {COUNTS['refused']} refused, {len(FAILURES)} failures")
    assert not FAILURES, "\n".join(FAILURES[:5])
    assert COUNTS["refused"] > 0 and COUNTS["accepted"] > 0
