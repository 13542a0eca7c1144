"""Helpers for scenario tests: play moves by notation."""

from __future__ import annotations

from typing import TypeVar

from rennbahn.core.protocol import SIMULTANEOUS, State

S = TypeVar("S", bound=State)


def play_moves(state: S, *moves: str) -> S:
    """Apply moves in notation, one per step; a simultaneous step is ``"230, 250, die"``."""
    for move in moves:
        player = state.current_player()
        if player == SIMULTANEOUS:
            parts = [m.strip() for m in move.split(",")]
            state.apply_actions([state.string_to_action(s, m) for s, m in enumerate(parts)])
        else:
            state.apply_action(state.string_to_action(player, move))
    return state
