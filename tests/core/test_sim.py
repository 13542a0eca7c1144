"""Batch simulation: win shares, intervals, and figures grouped by the game's own keys."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from rennbahn.sim import Summary, run_games, wilson
from rennbahn.sim.backends import bounded_map
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


def test_a_huge_run_streams_its_jobs_and_gives_the_same_games_on_any_workers() -> None:
    """Issue 10 item 7: 10^12 games on two workers built every job before the first game."""
    seats = ["random", "random"]
    first = list(itertools.islice(run_games("gibgas(players=2)", seats, 10**12, 5, workers=2,
                                            chunk=5), 30))
    alone = list(run_games("gibgas(players=2)", seats, 30, 5, workers=1))
    assert [o.returns for o in first] == [o.returns for o in alone]
    assert [o.actions for o in first] == [o.actions for o in alone]


def test_bounded_map_keeps_at_most_in_flight_jobs_submitted() -> None:
    taken: list[int] = []

    def jobs() -> Iterator[int]:
        for i in range(10**9):
            taken.append(i)
            yield i

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = bounded_map(pool, lambda x: x * x, jobs(), in_flight=3)
        assert [next(results) for _ in range(5)] == [0, 1, 4, 9, 16]
        assert len(taken) <= 5 + 3
        results.close()
