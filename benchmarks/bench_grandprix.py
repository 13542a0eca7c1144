"""Grand Prix: random-playout games per second on one core, through the public protocol.

Usage::

    .venv/bin/python benchmarks/bench_grandprix.py             # the issue's target and more
    .venv/bin/python benchmarks/bench_grandprix.py --profile   # cProfile, top 15 by own time

The issue's target: at least 5,000 games with 4 players per second. The playout is the one
of ``bench_playouts.py`` (chance sampled with its probabilities, uniform moves). Besides wall
time, the rate per second of CPU time of this process is shown: on a shared machine it is the
steadier figure for "one core".
"""

from __future__ import annotations

import sys

from bench_playouts import main

TARGET = "grandprix(players=4)"
GAMES = (
    TARGET,
    "grandprix(players=2)",
    "grandprix(players=3)",
    "grandprix(players=4,stack=plus_large)",
    "grandprix(players=4,oncoming=pass)",
)

if __name__ == "__main__":
    if all(arg.startswith("--") or arg[:1].isdigit() for arg in sys.argv[1:]):
        sys.argv[1:1] = [TARGET] if "--profile" in sys.argv else list(GAMES)
    main()
