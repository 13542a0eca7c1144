"""Batch simulation: win shares, intervals, and figures grouped by the game's own keys."""

from __future__ import annotations

import pytest

from rennbahn.sim import Summary, run_games, wilson
from rennbahn.sim.runner import GameOutcome


@pytest.mark.parametrize(("returns", "shares"), [
    ([1.0, 0.0, 0.0], [1.0, 0.0, 0.0]),
    ([0.5, 0.5, 0.0], [0.5, 0.5, 0.0]),
    ([9.0, 6.0, 4.0], [1.0, 0.0, 0.0]),  # points: the most points wins
    ([0.0, 0.0], [0.0, 0.0]),  # nobody can win (a Gib Gas! race of total losses)
])
def test_win_shares(returns: list[float], shares: list[float]) -> None:
    assert GameOutcome(returns, 0, 0, []).win_shares() == shares


def test_wilson_interval_holds_the_rate() -> None:
    low, high = wilson(30, 100)
    assert 0.21 < low < 0.3 < high < 0.4
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_points_games_are_summarised_by_start_row_and_deck() -> None:
    seats = ["heuristic", "random", "random"]
    summary = Summary("ausgebremst(players=3,mode=advanced)", 1, seats)
    for outcome in run_games("ausgebremst(players=3,mode=advanced)", seats, 4, 1):
        summary.add(outcome)
    data = summary.to_json()
    assert sum(s["win_rate"] for s in data["seats"]) <= 1.0 + 1e-9
    assert {"start_row", "deck"} <= set(data["by"])
    for groups in data["by"].values():
        assert sum(g["seats"] for g in groups.values()) == 3 * 4
        for g in groups.values():
            assert 0.0 <= g["mean_return"] <= 9.0
