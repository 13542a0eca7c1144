"""Random-playout games per second for every registered game, through the public protocol.

Usage::

    .venv/bin/python benchmarks/bench_playouts.py                 # every game, default variants
    .venv/bin/python benchmarks/bench_playouts.py "gibgas(players=4)" --seconds 5
    .venv/bin/python benchmarks/bench_playouts.py "gibgas(players=4)" --profile
    .venv/bin/python benchmarks/bench_playouts.py --memory         # bytes per cloned state

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
import tracemalloc

import rennbahn
from rennbahn.bots import RandomBot
from rennbahn.core.driver import random_step
from rennbahn.core.protocol import Game, State

#: The game string measured for each game when none is named (the issue's targets).
DEFAULTS = {
    "gibgas": "gibgas(players=4)",
    "von0auf100": "von0auf100(players=4,race=small)",
    "grandprix": "grandprix(players=4)",
    "ausgebremst": "ausgebremst(players=6)",
}


def playout(game: Game, rng: random.Random) -> int:
    """Play one random game; return its number of actions."""
    state = game.new_initial_state()
    while not state.is_terminal():
        random_step(state, rng)
    return len(state.history())


def measure(game: Game, seconds: float, seed: int = 0) -> tuple[float, float, int]:
    """Games per second, actions per second, and games played in about ``seconds``."""
    per_second, actions, games, _ = measure_cpu(game, seconds, seed)
    return per_second, actions, games


def measure_cpu(game: Game, seconds: float, seed: int = 0) -> tuple[float, float, int, float]:
    """As :func:`measure`, plus games per second of this process's CPU time (the steadier
    figure on a shared machine)."""
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    while True:
        actions += playout(game, rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            used = time.process_time() - cpu
            return games / elapsed, actions / elapsed, games, games / used


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


def state_bytes(game: Game, seed: int = 0, samples: int = 2000) -> float:
    """Mean bytes a cloned state holds (history included), over positions of playouts."""
    rng = random.Random(seed)
    positions: list[State] = []
    while len(positions) < samples:
        state = game.new_initial_state()
        while not state.is_terminal():
            if rng.random() < 0.1:
                positions.append(state)
            random_step(state, rng)
    positions = positions[:samples]
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    clones = [p.clone() for p in positions]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / len(clones)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game strings (default: one per game)")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--profile", action="store_true", help="cProfile: top 20 by own time")
    parser.add_argument("--memory", action="store_true", help="mean bytes per cloned state")
    args = parser.parse_args()
    names = args.games or [
        DEFAULTS.get(entry.name, entry.name) for entry in rennbahn.registered_games()
    ]
    for name in names:
        game = rennbahn.load_game(name)
        if args.memory:
            print(f"{game!s}\n    memory: {state_bytes(game):9.0f} bytes per cloned state",
                  flush=True)
            continue
        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
            measure(game, args.seconds)
            profiler.disable()
            print(f"== {game}")
            pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
            continue
        per_second, actions, played, per_cpu = measure_cpu(game, args.seconds)
        driver = measure_driver(game, args.seconds)
        print(f"{game!s}\n    rules: {per_second:9.1f} games/s ({per_cpu:.1f} per CPU-second) "
              f"{actions:11.0f} actions/s ({played} games)    "
              f"driver with records: {driver:9.1f} games/s", flush=True)


if __name__ == "__main__":
    main()
