"""Random-playout games per second for every registered game, through the public protocol.

Usage::

    .venv/bin/python benchmarks/bench_playouts.py                 # every game, default variants
    .venv/bin/python benchmarks/bench_playouts.py "gibgas(players=4)" --seconds 5
    .venv/bin/python benchmarks/bench_playouts.py "gibgas(players=4)" --profile

One process, one core. A playout samples chance with the outcome probabilities and picks
uniformly among legal moves (every seat at simultaneous nodes), as the random bot does, but
without the driver's record keeping: this measures the rules. The second figure is the same
through ``rennbahn.play`` with random bots (seat views, notation and the game record).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

import rennbahn
from rennbahn.bots import RandomBot
from rennbahn.core.driver import sample_chance
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, Game

#: The game string measured for each game when none is named (the issue's targets).
DEFAULTS = {
    "gibgas": "gibgas(players=4)",
    "von0auf100": "von0auf100(players=4)",
    "grandprix": "grandprix(players=4)",
    "ausgebremst": "ausgebremst(players=6)",
}


def playout(game: Game, rng: random.Random) -> int:
    """Play one random game; return its number of actions."""
    state = game.new_initial_state()
    n = game.num_players()
    seats = range(n)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state.chance_outcomes(), rng))
        elif player == SIMULTANEOUS:
            joint = []
            for seat in seats:
                legal = state.legal_actions(seat)
                joint.append(legal[rng.randrange(len(legal))])
            state.apply_actions(joint)
        else:
            legal = state.legal_actions(player)
            state.apply_action(legal[rng.randrange(len(legal))])
    return len(state.history())


def measure(game: Game, seconds: float, seed: int = 0) -> tuple[float, float, int]:
    """Games per second, actions per second, and games played in about ``seconds``."""
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while True:
        actions += playout(game, rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, actions / elapsed, games


def measure_driver(game: Game, seconds: float, seed: int = 0) -> float:
    """Games per second through the seeded driver with random bots (records included)."""
    bots = [RandomBot(game) for _ in range(game.num_players())]
    games = 0
    start = time.perf_counter()
    while True:
        rennbahn.play(game, bots, seed + games)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game strings (default: one per game)")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--profile", action="store_true", help="cProfile: top 20 by own time")
    args = parser.parse_args()
    names = args.games or [
        DEFAULTS.get(entry.name, entry.name) for entry in rennbahn.registered_games()
    ]
    for name in names:
        game = rennbahn.load_game(name)
        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
            measure(game, args.seconds)
            profiler.disable()
            print(f"== {game}")
            pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
            continue
        per_second, actions, played = measure(game, args.seconds)
        driver = measure_driver(game, args.seconds)
        print(f"{game!s}\n    rules: {per_second:9.1f} games/s {actions:11.0f} actions/s "
              f"({played} games)    driver with records: {driver:9.1f} games/s", flush=True)


if __name__ == "__main__":
    main()
