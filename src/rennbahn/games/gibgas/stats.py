"""Per-seat figures of a finished race for ``rennbahn sim``."""

from __future__ import annotations

from rennbahn.core.protocol import JSON, State
from rennbahn.games.gibgas.rules import GibGasState


def seat_stats(state: State) -> list[dict[str, JSON]]:
    """Points, stars, damage left and whether the car ended in a total loss."""
    assert isinstance(state, GibGasState)
    scores = state.scores()
    return [
        {
            "points": scores[s],
            "stars": state.stars(s),
            "damage_left": state.damage[s],
            "total_loss": int(state.damage[s] <= 0),
        }
        for s in range(state.g.players)
    ]
