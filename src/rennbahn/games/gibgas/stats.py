"""Per-seat figures of a finished race for ``rennbahn sim``."""

from __future__ import annotations

from rennbahn.core.protocol import JSON, State
from rennbahn.games.gibgas.rules import GibGasState


def seat_stats(state: State) -> list[dict[str, JSON]]:
    """Points, stars, damage left, total loss (0 or 1) and the rounds the race lasted."""
    assert isinstance(state, GibGasState)
    scores = state.scores()
    return [
        {
            "points": scores[s],
            "stars": state.stars(s),
            "damage_left": state.damage[s],
            "total_loss": int(state.damage[s] <= 0),
            "rounds": state.resolved,
        }
        for s in range(state.g.players)
    ]
