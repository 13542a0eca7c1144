"""What a seat's view costs: the typed view (``state.view``) and its JSON dict
(``state.observation``), in microseconds per seat, over the first 300 positions of a seeded
random game of each game (the best of three passes of CPU time).

    .venv/bin/python benchmarks/bench_views.py

To compare with an older commit (before typed views only ``observation`` is measured), run
it with that commit's source first on the path: ``PYTHONPATH=<worktree>/src``.
"""

from __future__ import annotations

import random
import time

import rennbahn
from rennbahn.core.driver import random_step

GAMES = ("gibgas(players=4)", "von0auf100(players=4)", "grandprix(players=4)",
         "ausgebremst(players=6)")
POSITIONS = 300


def cost(states: list[rennbahn.State], method: str, seats: int) -> float:
    """The best of three passes, in microseconds per call."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for state in states:
            ask = getattr(state, method)
            for seat in range(seats):
                ask(seat)
        best = min(best, time.process_time() - start)
    return best / (len(states) * seats) * 1e6


def main() -> None:
    for text in GAMES:
        game = rennbahn.load_game(text)
        rng = random.Random(1)
        state = game.new_initial_state()
        states: list[rennbahn.State] = []
        while not state.is_terminal() and len(states) < POSITIONS:
            states.append(state.clone())
            random_step(state, rng)
        methods = ["view", "observation"] if hasattr(state, "view") else ["observation"]
        shown = ", ".join(f"{m} {cost(states, m, game.num_players()):.1f} µs" for m in methods)
        print(f"{text}: {shown}")


if __name__ == "__main__":
    main()
