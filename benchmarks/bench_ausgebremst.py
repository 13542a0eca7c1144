"""Ausgebremst: random-playout races per second on one core, through the public protocol.

Usage::

    .venv/bin/python benchmarks/bench_ausgebremst.py             # the issue's target and more
    .venv/bin/python benchmarks/bench_ausgebremst.py --profile   # cProfile of the target
    .venv/bin/python benchmarks/bench_ausgebremst.py --resample  # resample_from_infostate

The issue's target: at least 300 six-car family races per second. Playouts and output are
those of ``bench_playouts.py`` (chance sampled with its probabilities, uniform moves; games
per second of wall and of CPU time).

``--resample`` times ``resample_from_infostate`` (what a search bot calls through
``SeatView.resample``): every tenth position of random playouts, once for every seat.
"""

from __future__ import annotations

import random
import sys
import time

from bench_playouts import main as playouts_main

import rennbahn
from rennbahn.core.driver import random_step
from rennbahn.core.protocol import Game, State

TARGET = "ausgebremst(players=6)"
GAMES = (
    TARGET,
    "ausgebremst(players=3)",
    "ausgebremst(players=6,races=3)",
    "ausgebremst(players=6,mode=advanced)",
    "ausgebremst(players=3,races=all)",
)
RESAMPLED = (
    "ausgebremst(players=6)",
    "ausgebremst(players=3,mode=advanced)",
    "ausgebremst(players=6,mode=advanced)",
    "ausgebremst(players=6,mode=advanced,stack_order=shuffled)",
    "ausgebremst(players=6,mode=advanced,races=2+4)",
)


def positions(game: Game, games: int, every: int = 10) -> list[State]:
    """Every ``every``-th position of ``games`` random playouts."""
    rng = random.Random(0)
    found: list[State] = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if len(state.history()) % every == 0:
                found.append(state.clone())
            random_step(state, rng)
    return found


def time_resampling(name: str, games: int = 3) -> None:
    game = rennbahn.load_game(name)
    states = positions(game, games)
    rng = random.Random(1)
    cpu = time.process_time()
    for state in states:
        for seat in range(game.num_players()):
            state.resample_from_infostate(seat, rng)
    cpu = time.process_time() - cpu
    calls = len(states) * game.num_players()
    print(f"{name:48s} {1000 * cpu / calls:6.2f} ms per resample "
          f"({calls} resamples at {len(states)} positions)")


def main() -> None:
    if "--resample" in sys.argv:
        names = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
        for name in names or RESAMPLED:
            time_resampling(name)
        return
    if all(arg.startswith("--") or arg[:1].isdigit() for arg in sys.argv[1:]):
        sys.argv[1:1] = [TARGET] if "--profile" in sys.argv else list(GAMES)
    playouts_main()


if __name__ == "__main__":
    main()
