"""Per-seat figures of a finished race for ``rennbahn sim``."""

from __future__ import annotations

from rennbahn.core.protocol import JSON, State
from rennbahn.core.registry import RaceFacts, ahead
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


def leader(state: State) -> int | None:
    """The seat with the most victory points so far (stars plus damage points left)."""
    assert isinstance(state, GibGasState)
    return ahead(state.scores())


#: The ways a race of Gib Gas! ends: without a total loss, with one, and with the total
#: loss of the driver who had collected the most stars (the crash took the race from them).
ENDINGS = ("no total loss", "total loss", "total loss of the star leader")


def ending(state: State) -> str:
    """How the finished race ended (one of :data:`ENDINGS`)."""
    assert isinstance(state, GibGasState)
    seats = range(state.g.players)
    lost = [s for s in seats if state.damage[s] <= 0]
    if not lost:
        return ENDINGS[0]
    most = max(state.stars(s) for s in seats)
    if any(state.stars(s) == most for s in lost):
        return ENDINGS[2]
    return ENDINGS[1]


def places(state: State) -> list[int]:
    """The stars each seat collected (Gib Gas! has no squares: its cars race rows of cards)."""
    assert isinstance(state, GibGasState)
    return [state.stars(s) for s in range(state.g.players)]


def starts(state: State) -> list[int]:
    """Seat order: every round is driven by all at once, seat 1 first in the order."""
    return list(range(1, state.get_game().num_players() + 1))


RACE = RaceFacts(leader=leader, ending=ending, endings=ENDINGS, places=places,
                 place_unit="stars collected", starts=starts)
