"""Iterations per second of every search bot, per game, at two and at the most seats.

Usage::

    .venv/bin/python benchmarks/bench_bots.py                 # every game, 1 s per bot
    .venv/bin/python benchmarks/bench_bots.py grandprix --seconds 3

One process, one core. Each bot searches the first four decisions of a seeded random game
with a time budget and reports iterations (one resampled state, one descent, one rollout)
per second; rollouts by the heuristic bot are dearer per iteration.
"""

from __future__ import annotations

import argparse

from rennbahn.bots.factory import bot_names
from rennbahn.bots.rate import iterations_per_second
from rennbahn.core.registry import game_entry, registered_games

SEARCH = ("mcts", "ismcts", "duct", "flat")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="game names (default: every game)")
    parser.add_argument("--seconds", type=float, default=1.0, help="search time per bot")
    args = parser.parse_args()
    names = args.games or [entry.name for entry in registered_games()]
    print(f"{'game':28} {'bot':28} {'iterations/s':>12}")
    for name in names:
        cls = game_entry(name).game_class
        for players in sorted({2, cls.MAX_PLAYERS}):
            text = f"{name}(players={players})"
            available = [b for b in SEARCH if b in bot_names(name)]
            if "mcts" in available:  # the same class as ismcts, under the name that fits
                available.remove("ismcts")
            for bot in available:
                for rollout in ("random", "heuristic"):
                    spec = f"{bot}(rollout={rollout})"
                    rate = iterations_per_second(text, spec, args.seconds)
                    print(f"{text:28} {spec:28} {rate:12,.0f}", flush=True)


if __name__ == "__main__":
    main()
