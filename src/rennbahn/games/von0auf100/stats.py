"""Per-seat figures of a finished game for ``rennbahn sim``."""

from __future__ import annotations

from rennbahn.core.protocol import JSON, State
from rennbahn.games.von0auf100.components import COLOURS
from rennbahn.games.von0auf100.rules import Von0auf100State


def seat_stats(state: State) -> list[dict[str, JSON]]:
    """Score (races won or season points), the licence(s) of the last race, and its rounds."""
    assert isinstance(state, Von0auf100State)
    return [
        {
            "score": state.score[s],
            "by_licence": "".join(COLOURS[c] for c in sorted(state.licences(s))),
            "rounds": state.round,
        }
        for s in range(state.g.players)
    ]
