"""Shared helpers: states from notation, moves by notation, and a complete track.

The complete track (with_large stack, 20 small cards plus the turnaround) runs in a
staircase, events at cards 3 (accident), 7 (pit stop), 12 (oil slick) and 17 (grandstand);
the turnaround is card 21, so the finish is progress 42. ``PREFIX[n]`` is its first ``n``
cards drawn.
"""

from __future__ import annotations

from typing import TypeVar

import rennbahn
from rennbahn.core.protocol import State
from rennbahn.games.grandprix.rules import GrandPrixState
from tests.helpers import play_moves

S = TypeVar("S", bound=State)

FULL = "sc<Ac>sc<Pc>sc<sOc>sc<sGc>ssT"
DRAWS = ["s", "c<", "A", "c>", "s", "c<", "P", "c>", "s", "c<",
         "s", "O", "c>", "s", "c<", "s", "G", "c>", "s", "s"]
PREFIX = {n: "".join(DRAWS[:n]) for n in range(len(DRAWS) + 1)}


def at(text: str, game: str = "grandprix(players=4)") -> GrandPrixState:
    """The state written ``text`` in ``game``."""
    state = rennbahn.load_game(game).state_from_text(text)
    assert isinstance(state, GrandPrixState)
    return state


def play(state: S, *moves: str) -> S:
    """Apply moves and chance outcomes by notation, each for whoever is to act."""
    return play_moves(state, *moves)


def names(state: State) -> list[str]:
    """The legal moves (or chance outcomes) here, in notation."""
    player = state.current_player()
    return [state.action_to_string(player, a) for a in state.legal_actions()]
