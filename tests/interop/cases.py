"""The games and variants the adapter tests run over: everything registered."""

from __future__ import annotations

import random

import rennbahn
from rennbahn.core.driver import sample_chance
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, State

VARIANTS = [
    variant
    for entry in rennbahn.registered_games()
    for variant in (entry.variants or (entry.name,))
]
#: One game string per game: the first variant it lists.
FIRST_VARIANTS = [(entry.variants or (entry.name,))[0] for entry in rennbahn.registered_games()]


def random_step(state: State, rng: random.Random) -> None:
    """One random step: a chance outcome, a joint action or one seat's move."""
    player = state.current_player()
    if player == CHANCE:
        state.apply_action(sample_chance(state.chance_outcomes(), rng))
    elif player == SIMULTANEOUS:
        n = state.get_game().num_players()
        state.apply_actions([rng.choice(state.legal_actions(s)) for s in range(n)])
    else:
        state.apply_action(rng.choice(state.legal_actions(player)))


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


def openspiel_sim(text: str) -> str | None:
    """Run ``pyspiel.random_sim_test`` as the issue fixes it; the error text, or None.

    A function of this importable module so that a process pool can run it.
    """
    import pyspiel  # type: ignore[import-not-found]

    from rennbahn.interop import openspiel

    try:
        pyspiel.random_sim_test(openspiel.load(text), num_sims=20, serialize=True, verbose=False)
    except Exception as exc:  # the message is the test's failure report
        return f"{type(exc).__name__}: {exc}"
    return None
