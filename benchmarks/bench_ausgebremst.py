"""Ausgebremst: random-playout races per second on one core, through the public protocol.

Usage::

    .venv/bin/python benchmarks/bench_ausgebremst.py             # the issue's target and more
    .venv/bin/python benchmarks/bench_ausgebremst.py --profile   # cProfile, top 15 by own time

The issue's target: at least 300 six-car family races per second. The playout is the one
of ``bench_playouts.py`` (chance sampled with its probabilities, uniform moves). Besides wall
time, the rate per second of CPU time of this process is shown: on a shared machine it is the
steadier figure for "one core".
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from bench_playouts import measure

import rennbahn

TARGET = "ausgebremst(players=6)"
GAMES = (
    TARGET,
    "ausgebremst(players=3)",
    "ausgebremst(players=6,races=3)",
    "ausgebremst(players=6,mode=advanced)",
    "ausgebremst(players=3,races=all)",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"game strings (default: {len(GAMES)} variants)")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--profile", action="store_true", help="cProfile: top 15 by own time")
    args = parser.parse_args()
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
