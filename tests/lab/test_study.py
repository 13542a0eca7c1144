"""A study's games: the same whatever runs them (here, a thread pool, a process pool), the
same seeds in every variant, and each game's facts as the game tells them."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from rennbahn.lab.study import make_spec, run
from rennbahn.sim.runner import game_seed


def test_any_executor_gives_the_same_games_in_the_same_order() -> None:
    spec = make_spec(["von0auf100(players=3)", "von0auf100(players=3,withdraw=each)"],
                     ["random"], seed=5)
    here = list(run(spec, 0, 14))
    with ThreadPoolExecutor(max_workers=2) as pool:
        threads = list(run(spec, 0, 14, executor=pool, workers=2))
    processes = list(run(spec, 0, 14, workers=2))
    assert here == threads == processes
    assert [(r.variant, r.index) for r in here[:12]] == (
        [(0, i) for i in range(10)] + [(1, 0), (1, 1)])  # chunks of 10, variant by variant
    for variant in (0, 1):
        assert [r.seed for r in here if r.variant == variant] == [
            game_seed(5, i) for i in range(14)]


def test_a_game_row_carries_the_race_facts() -> None:
    spec = make_spec(["ausgebremst(players=6)"], ["heuristic"], seed=2)
    (row,) = list(run(spec, 0, 1))
    assert sorted(row.starts) == [1, 1, 2, 2, 3, 3]  # six cars in three start rows
    assert row.ending in ("every player's car finished", "a player's car out")
    winner = row.wins.index(1.0)
    assert row.leaders[-1] == winner  # the last entry is the finished race
    assert len(row.stats) == 6 and row.decisions > 0 and row.actions >= row.decisions
