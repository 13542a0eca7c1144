"""Per-seat figures for ``rennbahn sim``: win rate and points by start row and by deck."""

from __future__ import annotations

from rennbahn.core.protocol import State
from rennbahn.games.ausgebremst.components import DECK_CHOICES
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
