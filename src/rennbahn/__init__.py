"""rennbahn: four classic German racing board games behind one OpenSpiel-style protocol.

>>> import rennbahn
>>> game = rennbahn.load_game("gibgas(players=4)")
>>> state = game.new_initial_state()
>>> state.current_player() == rennbahn.CHANCE
True
"""

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
    "load_game",
    "play",
    "registered_games",
    "replay",
    "sample_chance",
]
