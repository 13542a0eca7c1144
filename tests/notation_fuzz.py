"""What the notation fuzz tests of every game share: mutations of a notation string, the
check that an accepted state survives every protocol call, and the tally of what was read.

Each game's ``test_notation_fuzz.py`` draws its own seeds and game-specific mutations with
Hypothesis and hands every mutated text to :meth:`Tally.read`.
"""

from __future__ import annotations

import json
import math
import random
import re

from hypothesis import strategies as st

import rennbahn
from rennbahn.core.driver import random_step
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, State

# What an edit may put in: the notations' own characters, and some that they never use.
ALPHABET = "0123456789-?/|;,+=:qptsFPTDVBX \u0664\u00b2"


def positions(variant: str, seed: str, count: int = 12) -> list[str]:
    """About ``count`` notations, evenly spread, of one seeded random game, and its end."""
    rng = random.Random(seed)
    state = rennbahn.load_game(variant).new_initial_state()
    texts = [state.to_text()]
    while not state.is_terminal():
        random_step(state, rng)
        texts.append(state.to_text())
    step = max(1, len(texts) // count)
    return texts[::step] + texts[-1:]


def edit(draw: st.DrawFn, variant: str, text: str) -> str:
    at = draw(st.integers(0, len(text)))
    new = draw(st.sampled_from(ALPHABET))
    how = draw(st.sampled_from(("replace", "insert", "delete")))
    if how == "insert":
        return text[:at] + new + text[at:]
    return text[:at] + (new if how == "replace" else "") + text[at + 1:]


def swap(draw: st.DrawFn, variant: str, text: str) -> str:
    """Two fields, blocks, head tokens, track cards or won cards change places."""
    sep = draw(st.sampled_from(("/", " | ", " ", ",", "+")))
    parts = text.split(sep)
    if len(parts) < 2:
        return text
    i = draw(st.integers(0, len(parts) - 1))
    j = (i + draw(st.integers(1, len(parts) - 1))) % len(parts)
    parts[i], parts[j] = parts[j], parts[i]
    return sep.join(parts)


def number(draw: st.DrawFn, variant: str, text: str) -> str:
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



class Tally:
    """What a fuzz run read: accepted, refused in the family, and every failure."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.accepted = 0
        self.refused = 0
        self.failures: list[str] = []

    def read(self, variant: str, text: str) -> State | None:
        """The state ``text`` names, or None (refused, or a failure noted)."""
        try:
            state = rennbahn.load_game(variant).state_from_text(text)
        except rennbahn.NotationError:
            self.refused += 1
            return None
        except Exception as exc:  # anything else is a failure, counted and reported
            self.failures.append(f"{variant} {text!r}: reading raised {exc!r}")
            return None
        self.accepted += 1
        return state

    def check(self, variant: str, text: str) -> None:
        """Read ``text``; an accepted state must survive :func:`exercise`."""
        state = self.read(variant, text)
        if state is None:
            return
        try:
            exercise(state, random.Random(text))
        except Exception as exc:
            self.failures.append(f"{variant} {text!r}: accepted, then {exc!r}")

    def report(self) -> None:
        """Print the counts (``pytest -s``) and fail on any failure or a one-sided run."""
        print(f"{self.name} notation fuzz: {self.accepted + self.refused} inputs, "
              f"{self.accepted} accepted, {self.refused} refused, {len(self.failures)} failures")
        assert not self.failures, "\n".join(self.failures[:5])
        assert self.refused > 0 and self.accepted > 0
