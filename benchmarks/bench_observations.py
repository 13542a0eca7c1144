"""What an observation vector costs, in steps' worth (issue 26: at most 3 in every game).

Usage::

    .venv/bin/python benchmarks/bench_observations.py              # every game
    .venv/bin/python benchmarks/bench_observations.py "gibgas(players=2)"

One process, one core, CPU time. A step is one applied action of random playouts
(``random_step``, as ``bench_playouts.py`` counts them). Then, over every fifth decision
position of ten of those playouts, the vector of the seat to move: ``view + encode`` builds
the seat's typed view and encodes it (``encode_into``, the path every adapter took before),
``from state`` is ``encode_state``, which the adapters use now (straight off the state where
the game's encoder can). Each position is cloned first so that no cached view is reused; the
clone's own cost is measured apart and taken off.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

import rennbahn
from rennbahn.core.driver import random_step
from rennbahn.interop.encoders import encoder_for

GAMES = ["gibgas(players=4)", "von0auf100(players=4)", "grandprix(players=4)",
         "ausgebremst(players=6)"]
PLAYOUTS = 40
SAMPLED = 10
PASSES = 5


def measure(text: str) -> tuple[float, float, float]:
    """Microseconds of a step, of view + encode, and of encode_state."""
    game = rennbahn.load_game(text)
    rng = random.Random(1)
    states: list[rennbahn.State] = []
    steps, start = 0, time.process_time()
    for playout in range(PLAYOUTS):
        state = game.new_initial_state()
        while not state.is_terminal():
            if playout < SAMPLED and len(state.history()) % 5 == 0 \
                    and state.current_player() >= 0:
                states.append(state.clone())
            random_step(state, rng)
            steps += 1
    step = (time.process_time() - start) / steps * 1e6
    encoder = encoder_for(game)
    out = np.zeros(encoder.size, dtype=np.float32)

    def cost(work: Callable[[rennbahn.State, int], None]) -> float:
        start = time.process_time()
        for _ in range(PASSES):
            for state in states:
                copy = state.clone()
                work(copy, copy.current_player())
        return (time.process_time() - start) / (PASSES * len(states)) * 1e6

    def nothing(state: rennbahn.State, seat: int) -> None:
        pass

    def by_view(state: rennbahn.State, seat: int) -> None:
        encoder.encode_into(state.view(seat), out)

    def by_state(state: rennbahn.State, seat: int) -> None:
        encoder.encode_state(state, seat, out)

    clone = cost(nothing)
    return step, cost(by_view) - clone, cost(by_state) - clone


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game strings (default: the four)")
    args = parser.parse_args()
    print("microseconds of CPU time; (steps' worth)")
    for text in args.games or GAMES:
        step, view, state = measure(text)
        print(f"  {text:26s} step {step:5.1f}   view + encode {view:6.1f} ({view / step:4.1f})"
              f"   from state {state:6.1f} ({state / step:4.1f})")


if __name__ == "__main__":
    main()
