"""Steps per second through each research adapter, beside the native protocol.

Usage::

    .venv/bin/python benchmarks/bench_interop.py                      # every game, 2 s each
    .venv/bin/python benchmarks/bench_interop.py "gibgas(players=4)" --seconds 5

One process, one core, random legal moves everywhere (every seat at simultaneous nodes), drawn
the same way in every row: Python's ``random.Random``, chance by its probabilities and a
uniform legal move by ``randrange``, as :func:`rennbahn.core.driver.random_step` draws them
(numpy's ``RandomState.choice`` took 14-17 us a call, more than a step).
A step is one applied action, chance included, so the rows of a game compare directly:

* native: ``State.apply_action`` / ``apply_actions`` on the rennbahn state;
* openspiel: the same through pyspiel (each call crosses into C++ and back);
* openspiel+tensors: also the observation tensor of the seat to move at each decision;
* pettingzoo aec / parallel: ``step`` with the encoded observation and mask each time;
* gymnasium: ``SeatEnv.step`` for seat 0, the other seats played by the random bot.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import rennbahn
from rennbahn.core.driver import random_step
from rennbahn.interop import openspiel
from rennbahn.interop.gymnasium import SeatEnv
from rennbahn.interop.pettingzoo import env, parallel_env


def _native(text: str, seconds: float) -> tuple[int, float]:
    game = rennbahn.load_game(text)
    rng = random.Random(1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            random_step(state, rng)
            steps += 1
    return steps, time.perf_counter() - start


def _openspiel(tensors: bool) -> Callable[[str, float], tuple[int, float]]:
    def run(text: str, seconds: float) -> tuple[int, float]:
        game = openspiel.load(text)
        rng = random.Random(1)
        n = game.num_players()
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if tensors and state.is_simultaneous_node():
                    for p in range(n):
                        state.observation_tensor(p)
                elif tensors and not state.is_chance_node():
                    state.observation_tensor(state.current_player())
                random_step(state, rng)  # pyspiel numbers its nodes as rennbahn does
                steps += 1
        return steps, time.perf_counter() - start

    return run


def _pick(mask: np.ndarray[Any, Any], rng: random.Random) -> int:
    """A uniform legal move of a mask, drawn as ``random_step`` draws it (``randrange``)."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.randrange(len(legal))])


def _moves(state: rennbahn.State) -> int:
    return len(state.history())


def _aec(text: str, seconds: float) -> tuple[int, float]:
    race = env(text)
    rng = random.Random(1)
    steps, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        race.reset(seed=seed)
        seed += 1
        for _ in race.agent_iter():
            observation, _, terminated, truncated, _ = race.last()
            if terminated or truncated:
                race.step(None)
            else:
                race.step(_pick(observation["action_mask"], rng))
        steps += _moves(race.rennbahn_state)
    return steps, time.perf_counter() - start


def _parallel(text: str, seconds: float) -> tuple[int, float]:
    race = parallel_env(text)
    rng = random.Random(1)
    steps, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        observations, _ = race.reset(seed=seed)
        seed += 1
        while race.agents:
            actions = {
                agent: _pick(o["action_mask"], rng) if o["action_mask"].any() else 0
                for agent, o in observations.items()
            }
            observations, *_ = race.step(actions)
        steps += _moves(race.rennbahn_state)
    return steps, time.perf_counter() - start


def _gymnasium(text: str, seconds: float) -> tuple[int, float]:
    seat = SeatEnv(text, seat=0, opponents="random")
    rng = random.Random(1)
    steps, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        _, info = seat.reset(seed=seed)
        seed += 1
        terminated = False
        while not terminated:
            action = _pick(info["action_mask"], rng)
            _, _, terminated, _, info = seat.step(action)
        steps += _moves(seat.state)
    return steps, time.perf_counter() - start


RUNNERS: dict[str, Callable[[str, float], tuple[int, float]]] = {
    "native": _native,
    "openspiel": _openspiel(tensors=False),
    "openspiel+tensors": _openspiel(tensors=True),
    "pettingzoo aec": _aec,
    "pettingzoo parallel": _parallel,
    "gymnasium (seat 0)": _gymnasium,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game strings (default: each game's first)")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per adapter")
    args = parser.parse_args()
    texts = args.games or [
        (e.variants or (e.name,))[0].replace("players=2", "players=4")
        for e in rennbahn.registered_games()
    ]
    print(f"{args.seconds:g} s per row, one core")
    for text in texts:
        print(f"\n{text}")
        native = 0.0
        for name, run in RUNNERS.items():
            steps, elapsed = run(text, args.seconds)
            rate = steps / elapsed
            native = native or rate
            print(f"  {name:22s} {rate:>10,.0f} steps/s   {rate / native:6.1%} of native")


if __name__ == "__main__":
    main()
