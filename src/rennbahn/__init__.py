"""rennbahn: four classic German racing board games behind one OpenSpiel-style protocol.

>>> import rennbahn
>>> game = rennbahn.load_game("gibgas(players=4)")
>>> state = game.new_initial_state()
>>> state.current_player() == rennbahn.CHANCE
True
"""

from importlib.metadata import PackageNotFoundError, version

import rennbahn.games  # noqa: F401  (importing it registers the shipped games)
from rennbahn.core.driver import Bot, SeatView, play, sample_chance
from rennbahn.core.errors import (
    IllegalActionError,
    NotationError,
    ParameterError,
    RecordError,
    RennbahnError,
    UnknownGameError,
)
from rennbahn.core.params import Param
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL, Game, State
from rennbahn.core.records import Record, Step, replay
from rennbahn.core.registry import GameEntry, load_game, registered_games

try:
    #: The installed distribution's version (pyproject.toml is its one source).
    __version__ = version("rennbahn")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Bot",
    "Game",
    "GameEntry",
    "IllegalActionError",
    "NotationError",
    "Param",
    "ParameterError",
    "Record",
    "RecordError",
    "RennbahnError",
    "SeatView",
    "State",
    "Step",
    "UnknownGameError",
    "__version__",
    "load_game",
    "play",
    "registered_games",
    "replay",
    "sample_chance",
]
