"""How fast a search bot searches: iterations per second at seeded decision points.

Shared by ``benchmarks/bench_bots.py`` and ``scripts/bot_targets.py``.
"""

from __future__ import annotations

import random

from rennbahn.bots.factory import make_bot
from rennbahn.bots.search import FlatMonteCarloBot, SearchBot
from rennbahn.core.driver import SeatView, random_step
from rennbahn.core.errors import ParameterError
from rennbahn.core.protocol import SIMULTANEOUS, State
from rennbahn.core.registry import load_game


def decisions(game_string: str, count: int, seed: int) -> list[tuple[State, int]]:
    """The first ``count`` decisions with a real choice in a uniformly random game
    (at a simultaneous node, seat 0's)."""
    game = load_game(game_string)
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[tuple[State, int]] = []
    while len(found) < count and not state.is_terminal():
        player = state.current_player()
        seat = 0 if player == SIMULTANEOUS else player
        if seat >= 0 and len(state.legal_actions(seat)) > 1:
            found.append((state.clone(), seat))
        random_step(state, rng)
    return found


def iterations_per_second(game_string: str, spec: str, seconds: float,
                          points: int = 4, seed: int = 1) -> float:
    """Iterations per second of the search bot ``spec``, searching ``seconds`` in all,
    spread over the first ``points`` decisions of a seeded random game."""
    game = load_game(game_string)
    bot = make_bot(game, spec)
    if not isinstance(bot, SearchBot | FlatMonteCarloBot):
        raise ParameterError(f"{spec!r} is not a search bot; it has no iterations to count")
    found = decisions(game_string, points, seed)
    iterations, spent = 0, 0.0
    for state, seat in found:
        bot.seconds = seconds / len(found)
        bot.step(SeatView(state, seat), random.Random(0))
        iterations += bot.last_iterations
        spent += bot.last_seconds
    return iterations / spent if spent else 0.0
