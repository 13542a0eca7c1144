"""Per-seat figures of a finished race for ``rennbahn sim``."""

from __future__ import annotations

from rennbahn.core.protocol import JSON, State
from rennbahn.games.grandprix.rules import BUILD, GrandPrixState


def seat_stats(state: State) -> list[dict[str, JSON]]:
    """How far each car got and how many cards its driver drew."""
    assert isinstance(state, GrandPrixState)
    builds = [0] * state.g.players
    for actor, action in state.full_history():
        if actor >= 0 and action == BUILD:
            builds[actor] += 1
    finish = 2 * state.turnaround if state.turnaround >= 0 else None
    return [
        {
            "progress": state.pos[s],
            "share_of_race": state.pos[s] / finish if finish else 0.0,
            "cards_built": builds[s],
        }
        for s in range(state.g.players)
    ]
