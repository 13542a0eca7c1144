"""Per-seat figures for ``rennbahn sim``: win rate and points by start row and by deck."""

from __future__ import annotations

from rennbahn.core.protocol import State
from rennbahn.core.registry import RaceFacts, ahead
from rennbahn.games.ausgebremst.components import DECK_CHOICES
from rennbahn.games.ausgebremst.constants import OUT
from rennbahn.games.ausgebremst.rules import AusgebremstState


def seat_stats(state: State) -> list[dict[str, object]]:
    """One dict per seat: start row and deck of the (last) race, points, finish and pits."""
    assert isinstance(state, AusgebremstState)
    totals = state.returns()
    rows: list[dict[str, object]] = []
    for seat in range(state.g.players):
        choice = state.choice[seat]
        places, _ = state.table[-1] if state.table else ((0,) * 6, (False,) * 6)
        rows.append({
            "by_start_row": state.order.index(seat) // 2 + 1,
            "by_deck": DECK_CHOICES[choice] if choice >= 0 else "family",
            "points": totals[seat],
            "finished": 1 if places[seat] else 0,
            "pit_stops": sum(1 for _, race_pits in state.table if race_pits[seat]),
            "points_left": state.points_left(seat),
        })
    return rows


def leader(state: State) -> int | None:
    """The seat ahead: most championship points so far, then in the race the car over the
    line first, then the car furthest along."""
    assert isinstance(state, AusgebremstState)
    totals = state.returns()
    far = places(state)
    over = {car: place for place, car in enumerate(state.finish)}
    return ahead([totals[s] * 100_000 + (50_000 - over[s] if s in over else far[s])
                  for s in range(state.g.players)])


#: How the (last) race ended for the players' cars: all over the line, or one out.
ENDINGS = ("every player's car finished", "a player's car out")


def ending(state: State) -> str:
    """How the last race of the finished game ended (one of :data:`ENDINGS`)."""
    assert isinstance(state, AusgebremstState)
    out = any(state.status[s] == OUT for s in range(state.g.players))
    return ENDINGS[1] if out else ENDINGS[0]


def places(state: State) -> list[int]:
    """How far each seat's car has come in the (last) race, in spaces of the shortest
    way: laps done times the lap, plus the way into the lap (-1 before the start)."""
    assert isinstance(state, AusgebremstState)
    track = state.track
    far = []
    for car in range(state.g.players):
        pos = state.pos[car]
        far.append(-1 if pos < 0 else
                   state.cross[car] * track.lap + max(0, track.lap - track.to_line[pos]))
    return far


def starts(state: State) -> list[int]:
    """The start row of each seat's car in the (last) race (1: the front row)."""
    assert isinstance(state, AusgebremstState)
    return [state.order.index(seat) // 2 + 1 for seat in range(state.g.players)]


RACE = RaceFacts(leader=leader, ending=ending, endings=ENDINGS, places=places,
                 place_unit="spaces driven", starts=starts, start_unit="start row")
