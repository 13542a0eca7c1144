"""Helpers: build Ausgebremst states from notation with the parts a test cares about."""

from __future__ import annotations

import rennbahn
from rennbahn.games.ausgebremst.rules import AusgebremstState

OFF = "0i:0:-:O:-:000000:000000:-"
OFF_ADVANCED = OFF + ":-:-:------:-"


def notation(cars: dict[int, str], head: str = "1/1 234501 4 i0 - -", table: str = "-",
             advanced: bool = False) -> str:
    """A state text with the given cars; the others are off the board (status O)."""
    off = OFF_ADVANCED if advanced else OFF
    return " | ".join([head, *(cars.get(c, off) for c in range(6)), table])


def load(text: str, game: str = "ausgebremst(players=2)") -> AusgebremstState:
    state = rennbahn.load_game(game).state_from_text(text)
    assert isinstance(state, AusgebremstState)
    assert state.to_text() == text
    return state


def moves(state: AusgebremstState) -> list[str]:
    player = state.current_player()
    return [state.action_to_string(player, a) for a in state.legal_actions()]


def play(state: AusgebremstState, *notations: str) -> None:
    for move in notations:
        state.apply_action(state.string_to_action(state.current_player(), move))
