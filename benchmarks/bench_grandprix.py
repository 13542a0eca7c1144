"""Grand Prix: random-playout games per second on one core, and cards set aside (I16).

Usage::

    .venv/bin/python benchmarks/bench_grandprix.py             # the issue's target and more
    .venv/bin/python benchmarks/bench_grandprix.py --profile   # cProfile, top 15 by own time
    .venv/bin/python benchmarks/bench_grandprix.py --set-aside 10000   # cards set aside

The issue's target: at least 5,000 games with 4 players per second. The playout is the one
of ``bench_playouts.py`` (chance sampled with its probabilities, uniform moves). Besides wall
time, the rate per second of CPU time of this process is shown: on a shared machine it is the
steadier figure for "one core".

``--set-aside N`` plays N seeded random races of each variant named (default: every registered
variant, and the default game with ``dead_end=set_aside``) and counts the cards set aside
because they found no place (I16): with the default ``dead_end=avoid`` it must be 0.
"""

from __future__ import annotations

import random
import sys

from bench_playouts import main

import rennbahn
from rennbahn.core.driver import random_step

TARGET = "grandprix(players=4)"
GAMES = (
    TARGET,
    "grandprix(players=2)",
    "grandprix(players=3)",
    "grandprix(players=4,stack=plus_large)",
    "grandprix(players=4,oncoming=pass)",
)


def set_aside(variant: str, races: int, seed: int = 0) -> tuple[int, int]:
    """Cards set aside in ``races`` random races, and the races with at least one."""
    game = rennbahn.load_game(variant)
    rng = random.Random(seed)
    cards = spoilt = 0
    for _ in range(races):
        state = game.new_initial_state()
        while not state.is_terminal():
            random_step(state, rng)
        aside = state.to_text().split()[0].count("x")
        cards += aside
        spoilt += aside > 0
    return cards, spoilt


def report_set_aside(args: list[str]) -> None:
    numbers = [a for a in args if a.isdigit()]
    races = int(numbers[0]) if numbers else 10_000
    variants = [a for a in args if not a.startswith("--") and not a.isdigit()]
    if not variants:
        entry = next(e for e in rennbahn.registered_games() if e.name == "grandprix")
        variants = [*entry.variants, f"{TARGET[:-1]},dead_end=set_aside)"]
    for variant in variants:
        cards, spoilt = set_aside(variant, races)
        print(f"{variant}: {cards} cards set aside in {races} random races "
              f"({spoilt} races with one or more)", flush=True)


if __name__ == "__main__":
    if "--set-aside" in sys.argv:
        report_set_aside(sys.argv[1:])
        sys.exit(0)
    if all(arg.startswith("--") or arg[:1].isdigit() for arg in sys.argv[1:]):
        sys.argv[1:1] = [TARGET] if "--profile" in sys.argv else list(GAMES)
    main()
