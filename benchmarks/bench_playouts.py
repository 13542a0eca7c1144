"""Random-playout games per second for every registered game, through the public protocol.

Usage::

    .venv/bin/python benchmarks/bench_playouts.py                 # every game, default variants
    .venv/bin/python benchmarks/bench_playouts.py "gibgas(players=4)" --seconds 5
    .venv/bin/python benchmarks/bench_playouts.py "gibgas(players=4)" --profile
    .venv/bin/python benchmarks/bench_playouts.py --memory         # bytes per cloned state
    .venv/bin/python benchmarks/bench_playouts.py --anchor-only    # vs goofspiel, resampling
    .venv/bin/python benchmarks/bench_playouts.py --floor          # a game with no rules
    .venv/bin/python benchmarks/bench_playouts.py --builds         # pure Python and compiled

One process, one core. A playout samples chance with the outcome probabilities and picks
uniformly among legal moves (every seat at simultaneous nodes), as the random bot does, but
without the driver's record keeping: this measures the rules. The second figure is the same
through ``rennbahn.play`` with random bots (seat views, notation and the game record).

When open-spiel is installed, the anchor of issue 13 follows: OpenSpiel's C++
``goofspiel(num_cards=13,players=4)`` driven by the very same Python loop
(:func:`rennbahn.core.driver.random_step`: chance by its probabilities, a uniform legal move
per seat, ``legal_actions(seat)`` per seat and ``apply_actions`` at simultaneous nodes).
Game and anchor run in alternating slices of CPU time, so load from other processes falls
on both alike; the figure is steps (actions in the history, joint actions seat by seat) per
CPU-second and its ratio to goofspiel's (target at least 0.6x, aim 1x). Then the cost of
``resample_from_infostate`` for seat 0 from mid-game positions, in microseconds and in
steps' worth (target at most 5).

``--builds`` (issue 26) prints one table of the same figures, and the search iterations
per second of the ``hard`` bot (:func:`rennbahn.bots.rate.iterations_per_second`), for the
build this process runs (compiled, after an install that could compile) and for the pure
Python one, measured in a Python started on a copy of the package without its compiled
modules (:func:`rennbahn.core.build.pure_copy`), one after the other on the same machine.
Targets: at least 1.5x goofspiel (Ausgebremst 1.0x), resampling at most 5 steps' worth.

``--floor`` plays :mod:`floor`'s game, goofspiel's shape with hooks that only count, through
the same loop beside goofspiel: the most that the protocol and the Python loop allow.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import json
import os
import pstats
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

import rennbahn
from rennbahn.bots import RandomBot
from rennbahn.bots.rate import iterations_per_second
from rennbahn.core import build
from rennbahn.core.driver import random_step
from rennbahn.core.protocol import Game, State

#: The game string measured for each game when none is named (the issue's targets).
DEFAULTS = {
    "gibgas": "gibgas(players=4)",
    "von0auf100": "von0auf100(players=4)",
    "grandprix": "grandprix(players=4)",
    "ausgebremst": "ausgebremst(players=6)",
}


#: OpenSpiel's game that the issue measures every game against.
ANCHOR = "goofspiel(num_cards=13,players=4)"


def playout(game: Game | Any, rng: random.Random) -> int:
    """Play one random game; return its number of actions. ``game`` may be a pyspiel game:
    OpenSpiel numbers chance, simultaneous and terminal nodes as rennbahn does."""
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


def load_anchor() -> Any | None:
    """OpenSpiel's goofspiel, or None when open-spiel is not installed."""
    if importlib.util.find_spec("pyspiel") is None:
        return None
    import pyspiel  # type: ignore[import-not-found]

    return pyspiel.load_game(ANCHOR)


def steps_beside(game: Game, anchor: Any | None, seconds: float, seed: int = 0,
                 slice_seconds: float = 0.25) -> tuple[float, float]:
    """Steps per CPU-second of ``game`` and of ``anchor`` (0 without one), played in
    alternating slices of about ``slice_seconds`` each until each had ``seconds``: drift in
    the machine's load falls on both alike."""
    games = (game,) if anchor is None else (game, anchor)
    rngs = (random.Random(seed), random.Random(seed))
    steps = [0, 0]
    used = [0.0, 0.0]
    while min(used[: len(games)]) < seconds:
        for i, which in enumerate(games):
            start = time.process_time()
            while True:
                steps[i] += playout(which, rngs[i])
                spent = time.process_time() - start
                if spent >= slice_seconds:
                    break
            used[i] += spent
    return steps[0] / used[0], steps[1] / used[1] if used[1] else 0.0


def midgame_positions(game: Game, count: int, seed: int = 0) -> list[State]:
    """Positions halfway (by actions) through random games, not terminal, one per game."""
    positions: list[State] = []
    for k in range(count):
        length = playout(game, random.Random(seed * 1_000_003 + k))
        rng = random.Random(seed * 1_000_003 + k)
        state = game.new_initial_state()
        while len(state.history()) < length // 2:
            random_step(state, rng)
        if not state.is_terminal():
            positions.append(state)
    return positions


def resample_cost(game: Game, count: int = 200, repeats: int = 10, seed: int = 0) -> float:
    """Mean CPU microseconds of ``resample_from_infostate(0, rng)`` over ``count`` mid-game
    positions (each resampled ``repeats`` times)."""
    positions = midgame_positions(game, count, seed)
    rng = random.Random(seed)
    start = time.process_time()
    for state in positions:
        for _ in range(repeats):
            state.resample_from_infostate(0, rng)
    return (time.process_time() - start) / (len(positions) * repeats) * 1e6


def report_anchor(game: Game, anchor: Any | None, seconds: float) -> None:
    """Print the ratio to goofspiel (when open-spiel is installed) and the resampling cost."""
    ours, theirs = steps_beside(game, anchor, seconds)
    per_step = 1e6 / ours
    if anchor is not None:
        print(f"    steps: {ours:9.0f}/CPU-s   goofspiel {theirs:9.0f}/CPU-s   "
              f"ratio {ours / theirs:5.2f}x (target >= 1.5x, Ausgebremst 1.0x)", flush=True)
    else:
        print(f"    steps: {ours:9.0f}/CPU-s   (open-spiel is not installed: no goofspiel "
              f"anchor)", flush=True)
    micros = resample_cost(game)
    print(f"    resampling seat 0 at mid-game: {micros:7.1f} us = "
          f"{micros / per_step:5.1f} steps' worth (target <= 5; a step {per_step:.2f} us)",
          flush=True)


#: Issue 26's targets: steps per CPU-second as a multiple of goofspiel's.
TARGETS = {"ausgebremst": 1.0}
TARGET = 1.5


def build_row(name: str, anchor: Any | None, seconds: float) -> dict[str, Any]:
    """The figures of ``--builds`` for one game string, in this process's build."""
    game = rennbahn.load_game(name)
    ours, theirs = steps_beside(game, anchor, seconds)
    micros = resample_cost(game)
    return {"game": name, "build": build.describe(), "steps": ours, "goofspiel": theirs,
            "resample_us": micros, "resample_steps": micros * ours / 1e6,
            "hard": iterations_per_second(name, "hard", seconds)}


def report_builds(names: list[str], seconds: float) -> None:
    """The table of ``--builds``: the pure-Python rows from a second Python, then this
    process's (compiled) rows."""
    rows: list[dict[str, Any]] = []
    if build.is_compiled():
        with tempfile.TemporaryDirectory(prefix="rennbahn-pure-") as folder:
            env = {**os.environ, "PYTHONPATH": str(build.pure_copy(Path(folder)))}
            done = subprocess.run([sys.executable, __file__, "--json", "--seconds",
                                   str(seconds), *names], env=env, check=True,
                                  capture_output=True, text=True)
        rows += json.loads(done.stdout)
    else:
        print("this is a pure-Python install: no compiled build to compare", flush=True)
    anchor = load_anchor()
    rows += [build_row(name, anchor, seconds) for name in names]
    print(f"{'game':24} {'build':16} {'steps/CPU-s':>11} {'goofspiel':>10} {'ratio':>6} "
          f"{'target':>6} {'resample':>9} {'steps':>6} {'hard it/s':>9}")
    for row in sorted(rows, key=lambda r: names.index(r["game"])):
        ratio = row["steps"] / row["goofspiel"] if row["goofspiel"] else float("nan")
        target = TARGETS.get(row["game"].split("(")[0], TARGET)
        print(f"{row['game']:24} {row['build']:16} {row['steps']:11.0f} "
              f"{row['goofspiel']:10.0f} {ratio:5.2f}x {target:5.1f}x "
              f"{row['resample_us']:7.1f}us {row['resample_steps']:6.1f} {row['hard']:9.0f}",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game strings (default: one per game)")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--profile", action="store_true", help="cProfile: top 20 by own time")
    parser.add_argument("--memory", action="store_true", help="mean bytes per cloned state")
    parser.add_argument("--anchor-only", action="store_true",
                        help="only the goofspiel ratio and the resampling cost")
    parser.add_argument("--floor", action="store_true",
                        help="a game with no rules beside goofspiel: the protocol's floor")
    parser.add_argument("--no-anchor", action="store_true",
                        help="skip the goofspiel ratio and the resampling cost")
    parser.add_argument("--builds", action="store_true",
                        help="pure Python and compiled side by side (issue 26's table)")
    parser.add_argument("--json", action="store_true",
                        help="the --builds figures of this process's build, as JSON")
    args = parser.parse_args()
    names = args.games or [
        DEFAULTS.get(entry.name, entry.name) for entry in rennbahn.registered_games()
    ]
    if args.builds:
        report_builds(names, args.seconds)
        return
    if args.json:
        anchor = load_anchor()
        print(json.dumps([build_row(name, anchor, args.seconds) for name in names]))
        return
    anchor = None if args.no_anchor else load_anchor()
    if args.floor:
        from floor import FloorGame  # beside this file

        ours, theirs = steps_beside(FloorGame(), anchor, args.seconds)
        ratio = f"ratio {ours / theirs:5.2f}x" if theirs else "(no goofspiel anchor)"
        print(f"floor (goofspiel's shape, no rules)\n    steps: {ours:9.0f}/CPU-s   "
              f"goofspiel {theirs:9.0f}/CPU-s   {ratio}", flush=True)
        return
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
        if args.anchor_only:
            print(f"{game!s}", flush=True)
        else:
            per_second, actions, played, per_cpu = measure_cpu(game, args.seconds)
            driver = measure_driver(game, args.seconds)
            print(f"{game!s}\n    rules: {per_second:9.1f} games/s ({per_cpu:.1f} per "
                  f"CPU-second) {actions:11.0f} actions/s ({played} games)    "
                  f"driver with records: {driver:9.1f} games/s", flush=True)
        if not args.no_anchor:
            report_anchor(game, anchor, args.seconds)


if __name__ == "__main__":
    main()
