"""Make bots by name: ``random`` for every game, plus the bots a game registers."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from rennbahn.core.driver import Bot
from rennbahn.core.errors import ParameterError
from rennbahn.core.protocol import Game
from rennbahn.core.registry import game_entry

GENERIC: dict[str, str] = {"random": "rennbahn.bots.random_bot:RandomBot"}


def bot_names(game_name: str) -> list[str]:
    """Bot names available for a game."""
    return sorted({*GENERIC, *game_entry(game_name).bots})


def make_bot(game: Game, name: str) -> Bot:
    """Make the bot called ``name`` for ``game``; each bot class takes the game."""
    paths = {**GENERIC, **game_entry(game.NAME).bots}
    path = paths.get(name)
    if path is None:
        raise ParameterError(
            f"unknown bot {name!r} for {game.NAME}; bots: {', '.join(sorted(paths))}"
        )
    module_name, _, class_name = path.partition(":")
    factory: Callable[..., Bot] = getattr(importlib.import_module(module_name), class_name)
    return factory(game)
