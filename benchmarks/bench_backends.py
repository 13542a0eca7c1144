"""Games per second on the process pool and on a local Ray, side by side (docs/scale.md).

Usage::

    .venv/bin/python benchmarks/bench_backends.py              # the table, every game
    .venv/bin/python benchmarks/bench_backends.py --batches    # batch sizes 1, 4, 16
    .venv/bin/python benchmarks/bench_backends.py --seconds 2 --workers 2

Each figure runs ``rennbahn.sim.run_games`` (random bots, two players) for about
``--seconds`` seconds on ``--workers`` workers: the games to play are sized from a short
run in this process first, and the figure is games over wall time, the pool's start-up
included and Ray's (one local Ray for all figures, started once) left out. The table ends
with a check that both backends gave the same outcomes. ``--batches`` measures the cheapest
game (``von0auf100(players=2,race=small)``) at 1, 4 and 16 games a batch instead: what the
batch size does about each backend's overhead per batch.
"""

from __future__ import annotations

import argparse
import time

from rennbahn.sim.backends import SIM_BATCH, Backend, ProcessBackend, RayBackend
from rennbahn.sim.runner import GameOutcome, run_games

GAMES = ("gibgas(players=2)", "von0auf100(players=2)", "grandprix(players=2)",
         "ausgebremst(players=2)")
CHEAP = "von0auf100(players=2,race=small)"
SEATS = ["random", "random"]


def rate(game: str, games: int, batch: int, backend: Backend) -> tuple[float, list[float]]:
    """Games per second, and the first seat's returns (to compare the backends)."""
    start = time.perf_counter()
    outcomes: list[GameOutcome] = list(run_games(game, SEATS, games, 1, chunk=batch,
                                                 backend=backend))
    return games / (time.perf_counter() - start), [o.returns[0] for o in outcomes]


def sized(game: str, seconds: float, workers: int) -> int:
    """How many games take about ``seconds`` on ``workers`` workers (from 20 played here,
    after 5 to warm up)."""
    list(run_games(game, SEATS, 5, 1))
    start = time.perf_counter()
    list(run_games(game, SEATS, 20, 1))
    each = (time.perf_counter() - start) / 20
    return max(20, int(seconds * workers / each))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=1.5, help="per figure")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--batch", type=int, default=None,
                        help="games per batch [default: the command's]")
    parser.add_argument("--batches", action="store_true",
                        help="measure batch sizes 1, 4 and 16 on the cheapest game")
    args = parser.parse_args()
    pool = ProcessBackend(args.workers)
    started = time.perf_counter()
    with RayBackend(args.workers) as ray:
        print(f"local Ray with {args.workers} CPUs started in "
              f"{time.perf_counter() - started:.1f} s; {args.workers} workers")
        if args.batches:
            games = sized(CHEAP, args.seconds, args.workers)
            print(f"\n{CHEAP}, {games} games\n")
            print("| games a batch | process pool (games/s) | local Ray (games/s) |")
            print("|---:|---:|---:|")
            for batch in (1, 4, 16):
                here, _ = rate(CHEAP, games, batch, pool)
                there, _ = rate(CHEAP, games, batch, ray)
                print(f"| {batch} | {here:.0f} | {there:.0f} |")
            return
        batch = args.batch or SIM_BATCH
        print(f"\nrandom bots, 2 players, {batch} games a batch\n")
        print("| game | games | one process (games/s) | process pool (games/s) "
              "| local Ray (games/s) | Ray / pool |")
        print("|---|---:|---:|---:|---:|---:|")
        for game in GAMES:
            games = sized(game, args.seconds, args.workers)
            alone, _ = rate(game, min(games, 200), batch, ProcessBackend(1))
            here, first = rate(game, games, batch, pool)
            there, second = rate(game, games, batch, ray)
            assert first == second, f"{game}: the backends disagree"
            print(f"| `{game}` | {games} | {alone:.0f} | {here:.0f} | {there:.0f} "
                  f"| {there / here:.2f} |")
        print("\nsame outcomes on both backends: yes")


if __name__ == "__main__":
    main()
