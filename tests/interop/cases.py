"""The games and variants the adapter tests run over: everything registered."""

from __future__ import annotations

import random

import rennbahn
from rennbahn.core.driver import random_step
from rennbahn.core.protocol import State

VARIANTS = [
    variant
    for entry in rennbahn.registered_games()
    for variant in (entry.variants or (entry.name,))
]
#: One game string per game: the first variant it lists.
FIRST_VARIANTS = [(entry.variants or (entry.name,))[0] for entry in rennbahn.registered_games()]


def random_states(text: str, seed: int, every: int = 1) -> list[State]:
    """Copies of the states along one random playout (every ``every``-th, and the last)."""
    rng = random.Random(seed)
    state = rennbahn.load_game(text).new_initial_state()
    states = []
    while not state.is_terminal():
        if len(state.history()) % every == 0:
            states.append(state.clone())
        random_step(state, rng)
    states.append(state)
    return states


#: Games that may last longer than this many steps get one simulation (see openspiel_sim).
LONG = 3200


def openspiel_sim(text: str) -> str | None:
    """Run ``pyspiel.random_sim_test``; the error text, or None.

    Twenty simulations for each game's first variant, four for every other variant and one
    for a championship of several Ausgebremst races (a game longer than ``LONG`` steps at
    most): the C++ test drives Python states and is slow, and the suite has five minutes on
    two cores.
    A function of this importable module so that a process pool can run it.
    """
    import pyspiel  # type: ignore[import-not-found]

    from rennbahn.interop import openspiel

    try:
        game = openspiel.load(text)
        long = game.max_game_length() > LONG
        sims = 20 if text in FIRST_VARIANTS else 1 if long else 4
        pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)
    except Exception as exc:  # the message is the test's failure report
        return f"{type(exc).__name__}: {exc}"
    return None
