"""Per-seat figures of a finished race for ``rennbahn sim``."""

from __future__ import annotations

from rennbahn.core.protocol import JSON, State
from rennbahn.core.registry import RaceFacts, ahead
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


def leader(state: State) -> int | None:
    """The car furthest along the race (out and back)."""
    assert isinstance(state, GrandPrixState)
    return ahead(state.pos)


#: A car came home first, or the turn limit ended the race undecided (I18).
ENDINGS = ("a car home", "undecided: turn limit")


def ending(state: State) -> str:
    """How the finished race ended (one of :data:`ENDINGS`)."""
    assert isinstance(state, GrandPrixState)
    return ENDINGS[0] if state.winner >= 0 else ENDINGS[1]


def places(state: State) -> list[int]:
    """How far each car got, in track cards out and back."""
    assert isinstance(state, GrandPrixState)
    return list(state.pos)


def starts(state: State) -> list[int]:
    """The order of play: the youngest player (seat 1) begins (I20)."""
    assert isinstance(state, GrandPrixState)
    return list(range(1, state.g.players + 1))


RACE = RaceFacts(leader=leader, ending=ending, endings=ENDINGS, places=places,
                 place_unit="cards out and back", starts=starts)
