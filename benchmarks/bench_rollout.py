"""Decisions per CPU-second of a MaskablePPO-shaped rollout: N games, observations and masks
in, a masked action per game out, one vector step.

Usage::

    .venv/bin/python benchmarks/bench_rollout.py                   # every game, both ways
    .venv/bin/python benchmarks/bench_rollout.py "gibgas(players=2)" --envs 16 --seconds 5
    .venv/bin/python benchmarks/bench_rollout.py --impl sync       # only SyncVectorEnv

One process, one core. Each game in its two-player form (the training recipe's), the learner's
seat drawn anew each race, the other seat the random bot. The loop is what a rollout buffer
runs between policy updates, without the network: read the stacked masks, pick one legal
action per game (uniform among the legal ones: random scores, illegal ones set below, argmax,
the same numpy calls on every side), step all games. A decision is one action of the learner
(so N per step); chance and the bot's moves happen inside it.

* ``sync``: Gymnasium's ``SyncVectorEnv`` of N ``SeatEnv`` (masks by ``call("action_masks")``,
  what a vectorised MaskablePPO does), a vector per game stacked by Gymnasium;
* ``vector``: :class:`rennbahn.interop.vector.VectorSeatEnv`, one array written in place.

``sync`` needs only ``SeatEnv``, so it also measures an older checkout (``PYTHONPATH=<its
src>``), the "before" of issue 26.
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

from rennbahn.interop.gymnasium import SeatEnv

GAMES = ["gibgas(players=2)", "von0auf100(players=2)", "grandprix(players=2)",
         "ausgebremst(players=2)"]

Masks = Callable[[], np.ndarray[Any, Any]]


def _sync(text: str, envs: int) -> tuple[Any, Masks]:
    def one() -> SeatEnv:
        return SeatEnv(text, seat="random", opponents="random")

    vector = gymnasium.vector.SyncVectorEnv([one] * envs)
    return vector, lambda: np.stack(vector.call("action_masks"))


def _vector(text: str, envs: int) -> tuple[Any, Masks]:
    from rennbahn.interop.vector import VectorSeatEnv

    vector = VectorSeatEnv(text, envs, seat="random", opponents="random")
    return vector, vector.action_masks


IMPLS: dict[str, Callable[[str, int], tuple[Any, Masks]]] = {"sync": _sync, "vector": _vector}


def rollout(text: str, impl: str, envs: int, seconds: float) -> float:
    """Learner decisions per CPU-second."""
    vector, masks = IMPLS[impl](text, envs)
    vector.reset(seed=1)
    rng = np.random.default_rng(1)
    decisions, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(64):
            legal = masks()
            actions = np.argmax(np.where(legal, rng.random(legal.shape), -1.0), axis=1)
            vector.step(actions)
        decisions += 64 * envs
    return decisions / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game strings (default: the four, 2 players)")
    parser.add_argument("--envs", type=int, default=8, help="games per vector (default 8)")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU time per row")
    parser.add_argument("--impl", choices=[*IMPLS, "both"], default="both")
    args = parser.parse_args()
    impls = list(IMPLS) if args.impl == "both" else [args.impl]
    if importlib.util.find_spec("rennbahn.interop.vector") is None:
        impls = [impl for impl in impls if impl != "vector"]  # an older checkout
    print(f"{args.envs} games per vector, {args.seconds:g} CPU-s per row, learner decisions/s")
    for text in args.games or GAMES:
        rates = {impl: rollout(text, impl, args.envs, args.seconds) for impl in impls}
        cells = "   ".join(f"{impl} {rate:>8,.0f}" for impl, rate in rates.items())
        print(f"  {text:26s} {cells}")


if __name__ == "__main__":
    main()
