"""rennbahn: four classic German racing board games behind one OpenSpiel-style protocol.

>>> import rennbahn
>>> game = rennbahn.load_game("gibgas(players=4)")
>>> state = game.new_initial_state()
>>> state.current_player() == rennbahn.CHANCE
True
"""

from importlib.metadata import PackageNotFoundError, version
from typing import Any

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


def make(env_id: str, **kwargs: Any) -> Any:
    """The research environment of a versioned id: ``rennbahn/Seat-<game>-v<N>``
    (Gymnasium, one seat) or ``rennbahn_<game>_v<N>`` (PettingZoo, every seat;
    ``parallel=True`` for the Parallel API). Needs the ``rl`` extra; an unknown id raises a
    :class:`RennbahnError` that lists the known ones. See ``rennbahn.interop.ids``.
    """
    from rennbahn.interop.make import make as make_env

    return make_env(env_id, **kwargs)


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
    "make",
    "play",
    "registered_games",
    "replay",
    "sample_chance",
]
