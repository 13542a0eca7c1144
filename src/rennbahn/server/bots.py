"""Bots think in worker processes, so the event loop never waits for them.

A worker rebuilds the state from the game string and the table's steps (never from
anything a client sent), asks a fresh bot made by name with the table's generator state,
and returns the move with the generator's new state: the table's generator is used exactly
as if the bot had thought in the server process, so play stays deterministic.
"""

from __future__ import annotations

import random
from collections import OrderedDict

from rennbahn.bots.factory import bot_names, make_bot
from rennbahn.core.protocol import Game, State
from rennbahn.core.records import play_step
from rennbahn.core.registry import load_game
from rennbahn.core.seat import SeatView
from rennbahn.core.table import ask_bot

#: A step as the worker gets it: (actor, actions).
StepTuple = tuple[int, tuple[int, ...]]

_CACHE_SIZE = 256
_states: OrderedDict[str, tuple[str, list[StepTuple], State]] = OrderedDict()
_games: dict[str, Game] = {}


class NamedBot:
    """A bot seat of a server table, known by name; it thinks in a worker (see ``think``).

    Its ``step`` thinks in this process: for tools that drive a server table directly.
    """

    def __init__(self, game: Game, name: str) -> None:
        self.name = name
        self._game = game

    def step(self, view: SeatView, rng: random.Random) -> int:
        return make_bot(self._game, self.name).step(view, rng)


def default_standin(game_name: str) -> str:
    """The bot that plays a person's seat when its clock runs out, unless the table names
    another: the game's ``heuristic`` bot (every shipped game has one), else its first bot
    that is not ``random``."""
    names = bot_names(game_name)
    return next((n for n in names if n == "heuristic"),
                next((n for n in names if n != "random"), "random"))


def warm_up() -> bool:
    """Import the games in a fresh worker (called once so the first bot move is quick)."""
    from rennbahn.core.registry import registered_games

    registered_games()
    return True


def _state(table_id: str, game_string: str, steps: list[StepTuple]) -> State:
    """The table's state after ``steps``, reusing the last one this worker built for it."""
    game = _games.get(game_string)
    if game is None:
        game = _games[game_string] = load_game(game_string)
    cached = _states.pop(table_id, None)
    if (
        cached is not None
        and cached[0] == game_string
        and len(cached[1]) <= len(steps)
        and cached[1] == steps[: len(cached[1])]
    ):
        state, done = cached[2], len(cached[1])
    else:
        state, done = game.new_initial_state(), 0
    for actor, actions in steps[done:]:
        play_step(state, actor, actions)
    _states[table_id] = (game_string, list(steps), state)
    while len(_states) > _CACHE_SIZE:
        _states.popitem(last=False)
    return state


def think(
    table_id: str,
    game_string: str,
    steps: list[StepTuple],
    rng_state: tuple[object, ...],
    bot_name: str,
    seat: int,
) -> tuple[int, tuple[object, ...]]:
    """The move of bot ``bot_name`` at ``seat``, and the generator's state after it."""
    state = _state(table_id, game_string, steps)
    rng = random.Random()
    rng.setstate(rng_state)
    action = ask_bot(make_bot(state.get_game(), bot_name), state, seat, rng)
    return action, rng.getstate()
