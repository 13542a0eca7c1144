"""Per-seat figures of a finished game for ``rennbahn sim``."""

from __future__ import annotations

from rennbahn.core.protocol import JSON, State
from rennbahn.core.registry import RaceFacts, ahead
from rennbahn.games.von0auf100.components import CAUGHT, COLOURS, NOBODY, STOPPED
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


def leader(state: State) -> int | None:
    """The seat ahead: most races won (or points) so far, then the owner of the car
    furthest along (each seat's furthest car counts)."""
    assert isinstance(state, Von0auf100State)
    return ahead([state.score[s] * 1000 + furthest for s, furthest in enumerate(places(state))])


#: How the (last) race ended: a car crossed the line; undecided because the cars still
#: racing were caught by oil (I17) or because the safety stop came (I16); or, under the
#: house rule, decided by the squares after either.
ENDINGS = ("crossed", "undecided: caught by oil", "undecided: safety stop",
           "by squares after oil", "by squares after the safety stop")


def ending(state: State) -> str:
    """How the last race of the finished game ended (one of :data:`ENDINGS`)."""
    assert isinstance(state, Von0auf100State)
    last = state.race
    for race, how in state.void:
        if race == last:
            return ENDINGS[1] if how == CAUGHT else ENDINGS[2]
    hows = {how for race, _, _, how in state.fin if race == last}
    if CAUGHT in hows:
        return ENDINGS[3]
    if STOPPED in hows:
        return ENDINGS[4]
    return ENDINGS[0]


def places(state: State) -> list[int]:
    """The square of each seat's furthest car (0 for a seat whose licence is not dealt)."""
    assert isinstance(state, Von0auf100State)
    furthest = [0] * state.g.players
    for car, seat in enumerate(state.owner):
        if seat != NOBODY:
            furthest[seat] = max(furthest[seat], state.pos[car])
    return furthest


def starts(state: State) -> list[int]:
    """The order of the first round: seat 1 holds the starting tile first (I7)."""
    assert isinstance(state, Von0auf100State)
    return list(range(1, state.g.players + 1))


RACE = RaceFacts(leader=leader, ending=ending, endings=ENDINGS, places=places,
                 place_unit="square of the furthest own car", starts=starts)
