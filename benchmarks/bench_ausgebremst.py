"""Ausgebremst: random-playout races per second on one core, through the public protocol.

Usage::

    .venv/bin/python benchmarks/bench_ausgebremst.py             # the issue's target and more
    .venv/bin/python benchmarks/bench_ausgebremst.py --profile   # cProfile, top 15 by own time
    .venv/bin/python benchmarks/bench_ausgebremst.py --resample  # resample_from_infostate

The issue's target: at least 300 six-car family races per second. The playout is the one
of ``bench_playouts.py`` (chance sampled with its probabilities, uniform moves). Besides wall
time, the rate per second of CPU time of this process is shown: on a shared machine it is the
steadier figure for "one core".

``--resample`` times ``resample_from_infostate`` (what a search bot calls through
``SeatView.resample``): every tenth position of random playouts, once for every seat.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from bench_playouts import measure

import rennbahn
from rennbahn.core.driver import sample_chance
from rennbahn.core.protocol import CHANCE, Game, State

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
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state.chance_outcomes(), rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"game strings (default: {len(GAMES)} variants)")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--profile", action="store_true", help="cProfile: top 15 by own time")
    parser.add_argument("--resample", action="store_true", help="time resample_from_infostate")
    args = parser.parse_args()
    if args.resample:
        for name in args.games or RESAMPLED:
            time_resampling(name)
        return
    for name in args.games or ([TARGET] if args.profile else GAMES):
        game = rennbahn.load_game(name)
        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
            measure(game, args.seconds)
            profiler.disable()
            print(f"== {game}")
            pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
            continue
        wall = time.perf_counter()
        cpu = time.process_time()
        per_second, actions, played = measure(game, args.seconds)
        cpu = time.process_time() - cpu
        wall = time.perf_counter() - wall
        print(f"{name:40s} {per_second:8.1f} games/s {actions:9.0f} actions/s "
              f"{played / cpu:8.1f} games/CPU-s ({played} games, {cpu / wall:.0%} of a core)")


if __name__ == "__main__":
    main()
