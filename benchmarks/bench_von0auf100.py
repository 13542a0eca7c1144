"""Von 0 auf 100: random-playout games per second on one core, through the public protocol.

Usage::

    .venv/bin/python benchmarks/bench_von0auf100.py             # the issue's target and more
    .venv/bin/python benchmarks/bench_von0auf100.py --profile   # cProfile, top 15 by own time

The issue's target: at least 2,000 small-race games with 4 players per second. The playout
is the one of ``bench_playouts.py`` (chance sampled with its probabilities, uniform moves).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

from bench_playouts import measure

import rennbahn

TARGET = "von0auf100(players=4,race=small)"
GAMES = (
    TARGET,
    "von0auf100(players=2,race=small)",
    "von0auf100(players=5,race=small)",
    "von0auf100(players=4)",
    "von0auf100(players=4,scoring=season,races=3)",
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
        per_second, actions, played = measure(game, args.seconds)
        print(f"{name:50s} {per_second:9.1f} games/s {actions:10.0f} actions/s ({played} games)")


if __name__ == "__main__":
    main()
