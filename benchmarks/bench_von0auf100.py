"""Von 0 auf 100: random-playout games per second on one core, through the public protocol.

Usage::

    .venv/bin/python benchmarks/bench_von0auf100.py             # the issue's target and more
    .venv/bin/python benchmarks/bench_von0auf100.py --profile   # cProfile of the target
    .venv/bin/python benchmarks/bench_von0auf100.py "von0auf100(players=2)" --seconds 5

The issue's target: at least 2,000 small-race games with 4 players per second. Playouts and
output are those of ``bench_playouts.py`` (chance sampled with its probabilities, uniform moves).
"""

from __future__ import annotations

import sys

from bench_playouts import main

TARGET = "von0auf100(players=4,race=small)"
GAMES = (
    TARGET,
    "von0auf100(players=2,race=small)",
    "von0auf100(players=5,race=small)",
    "von0auf100(players=4)",
    "von0auf100(players=4,scoring=season,races=3)",
)

if __name__ == "__main__":
    if all(arg.startswith("--") or arg[:1].isdigit() for arg in sys.argv[1:]):
        sys.argv[1:1] = [TARGET] if "--profile" in sys.argv else list(GAMES)
    main()
