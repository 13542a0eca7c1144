"""Perft and traces: the number of move sequences from a state to a depth, chance outcomes expanded.

Counts are data (``tests/reference/perft.json``); a change in them is a change in the rules.
At a simultaneous node every joint action is one move.
"""

from __future__ import annotations

import itertools
from typing import Any

from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, State


def moves(state: State) -> list[tuple[str, list[int]]]:
    """Every move from ``state`` as (notation, actions); a joint move lists one per seat."""
    player = state.current_player()
    if player == CHANCE:
        return [(state.action_to_string(CHANCE, a), [a]) for a, _ in state.chance_outcomes()]
    if player == SIMULTANEOUS:
        n = state.get_game().num_players()
        choices = [state.legal_actions(seat) for seat in range(n)]
        return [
            (", ".join(state.action_to_string(s, a) for s, a in enumerate(joint)), list(joint))
            for joint in itertools.product(*choices)
        ]
    return [(state.action_to_string(player, a), [a]) for a in state.legal_actions(player)]


def _play(state: State, actions: list[int]) -> State:
    child = state.clone()
    if child.current_player() == SIMULTANEOUS:
        child.apply_actions(actions)
    else:
        child.apply_action(actions[0])
    return child


def perft(state: State, depth: int) -> int:
    """The number of move sequences of length ``depth`` (shorter where the game ends)."""
    if depth == 0 or state.is_terminal():
        return 1
    return sum(perft(_play(state, actions), depth - 1) for _, actions in moves(state))


def divide(state: State, depth: int) -> dict[str, int]:
    """Perft per first move, to find where two counts part."""
    return {name: perft(_play(state, actions), depth - 1) for name, actions in moves(state)}


def trace_entry(state: State) -> dict[str, Any]:
    """The state notation and every legal move in notation: one step of a reference trace."""
    player = state.current_player()
    if player == SIMULTANEOUS:
        n = state.get_game().num_players()
        legal = [";".join(state.action_to_string(s, a) for a in state.legal_actions(s))
                 for s in range(n)]
    else:
        legal = [state.action_to_string(player, a) for a in state.legal_actions()]
    return {"state": state.to_text(), "legal": legal}
