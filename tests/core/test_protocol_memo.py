"""The protocol's memo of a position (issue 13): what the public methods answer from it must
always be what the game's hooks answer afresh, in every game and variant, after every way a
state is made or changed: a move, a joint move, a clone, notation read back, a resample."""

from __future__ import annotations

import random

import pytest

import rennbahn
from rennbahn.core.driver import random_step
from rennbahn.core.errors import IllegalActionError
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL, State

VARIANTS = [
    variant
    for entry in rennbahn.registered_games()
    for variant in (entry.variants or (entry.name,))
]
#: Nodes checked per variant (whole games where they are shorter), and how often the
#: costlier derived states (resamples, notation read back) are checked too.
MAX_NODES = 250
DERIVED_EVERY = 7


def _warm(state: State) -> None:
    """Ask every public question, so that the memo holds all it can."""
    state.is_terminal()
    state.is_chance_node()
    state.is_simultaneous_node()
    state.chance_outcomes()
    if state.current_player() != SIMULTANEOUS:
        state.legal_actions()
    state.legal_actions(CHANCE)
    for seat in range(state.get_game().num_players()):
        state.legal_actions(seat)


def _assert_fresh(state: State) -> None:
    """The public answers equal the hooks' fresh answers (twice: from an empty and from a
    full memo)."""
    player = state.current_player()
    n = state.get_game().num_players()
    outcomes = list(state._chance_outcomes()) if player == CHANCE else []
    seats = [[] if player == TERMINAL else list(state._legal_actions(s)) for s in range(n)]
    for _ in range(2):
        assert state.is_terminal() == (player == TERMINAL)
        assert state.is_chance_node() == (player == CHANCE)
        assert state.is_simultaneous_node() == (player == SIMULTANEOUS)
        assert state.chance_outcomes() == outcomes
        assert state.legal_actions(CHANCE) == [a for a, _ in outcomes]
        for seat in range(n):
            assert state.legal_actions(seat) == seats[seat]
        if player >= 0:
            assert state.legal_actions() == seats[player]
        elif player == CHANCE:
            assert state.legal_actions() == [a for a, _ in outcomes]


@pytest.mark.parametrize("variant", VARIANTS)
def test_memo_matches_the_hooks_along_random_playouts(variant: str) -> None:
    game = rennbahn.load_game(variant)
    rng = random.Random(7)
    state = game.new_initial_state()
    nodes = 0
    while nodes < MAX_NODES:
        _assert_fresh(state)  # after the move that led here, the memo is of this position
        _warm(state)
        copy = state.clone()
        _assert_fresh(copy)
        if nodes % DERIVED_EVERY == 0:
            restored = game.state_from_text(state.to_text())
            _assert_fresh(restored)
            if not state.is_terminal():
                for seat in range(game.num_players()):
                    _assert_fresh(state.resample_from_infostate(seat, rng))
        if state.is_terminal():
            break
        # A clone that moves on leaves the original's memo alone, and the other way round.
        random_step(copy, random.Random(nodes))
        _assert_fresh(copy)
        _assert_fresh(state)
        random_step(state, rng)
        nodes += 1


@pytest.mark.parametrize("variant", ["gibgas(players=4)", "von0auf100(players=4)",
                                     "grandprix(players=4)", "ausgebremst(players=3)"])
def test_public_lists_are_new_each_time(variant: str) -> None:
    game = rennbahn.load_game(variant)
    rng = random.Random(3)
    state = game.new_initial_state()
    for _ in range(60):
        if state.is_terminal():
            break
        player = state.current_player()
        seat = 0 if player in (SIMULTANEOUS, CHANCE) else player
        legal = state.legal_actions(seat)
        legal.append(-5)
        legal.clear()
        outcomes = state.chance_outcomes()
        outcomes.clear()
        _assert_fresh(state)
        random_step(state, rng)


def test_a_refused_action_leaves_the_memo_of_the_position() -> None:
    game = rennbahn.load_game("grandprix(players=2)")
    state = game.new_initial_state()
    before = state.legal_actions()
    with pytest.raises(IllegalActionError, match="is not legal for seat 0 here; legal: "):
        state.apply_action(max(before) + 1)
    with pytest.raises(IllegalActionError, match="whole number"):
        state.apply_action(True)
    assert state.legal_actions() == before
    _assert_fresh(state)
