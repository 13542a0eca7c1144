"""The floor under issue 13's speed target: a game with goofspiel's shape and no rules.

``Floor`` has the shape of ``goofspiel(num_cards=13,players=4)``: 13 rounds, each a chance
card and then a simultaneous bid of the four seats, 13 bids to choose from. Its hooks do
nothing but count: the legal moves are one fixed list, a move adds one to a counter. Played
by the same loop as every game (``bench_playouts.py --floor``), its steps per CPU-second are
what rennbahn's protocol and the Python loop allow at best: the checks, the history and the
memo of the position, with rules that cost nothing. A real game can only be slower.

Not registered: it is a measuring stick, not a game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL, Game, State
from rennbahn.core.views import View

CARDS = 13
SEATS = 4
BIDS = list(range(CARDS))
OUTCOMES = [(card, 1 / CARDS) for card in range(CARDS)]


class FloorGame(Game):
    NAME: ClassVar[str] = "floor"
    TITLE: ClassVar[str] = "Floor (a benchmark)"
    VERSION: ClassVar[int] = 1
    MIN_PLAYERS: ClassVar[int] = SEATS
    MAX_PLAYERS: ClassVar[int] = SEATS
    SIMULTANEOUS_MOVES: ClassVar[bool] = True

    def _setup(self) -> None:
        """No parameters."""

    def num_players(self) -> int:
        return SEATS

    def new_initial_state(self) -> FloorState:
        return FloorState(self)

    def _state_from_text(self, text: str) -> State:
        state = FloorState(self)
        state.steps = int(text)
        return state

    def max_game_length(self) -> int:
        return CARDS * (SEATS + 1)

    def num_distinct_actions(self) -> int:
        return CARDS

    def max_chance_outcomes(self) -> int:
        return CARDS


class FloorView(View, frozen=True):
    steps: int


class FloorState(State):
    def __init__(self, game: FloorGame) -> None:
        super().__init__(game)
        self.steps = 0  # chance cards and joint bids so far

    def _current_player(self) -> int:
        if self.steps >= 2 * CARDS:
            return TERMINAL
        return CHANCE if self.steps % 2 == 0 else SIMULTANEOUS

    def _legal_actions(self, player: int) -> list[int]:
        return BIDS

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return OUTCOMES

    def _apply(self, actor: int, action: int) -> None:
        self.steps += 1

    def _apply_joint(self, actions: Sequence[int]) -> None:
        self.steps += 1

    def _action_to_string(self, player: int, action: int) -> str:
        return str(action)

    def returns(self) -> list[float]:
        return [0.25] * SEATS

    def _copy(self) -> FloorState:
        copy = FloorState.__new__(FloorState)
        copy.steps = self.steps
        return copy

    def _view(self, player: int) -> FloorView:
        return FloorView(steps=self.steps)

    def to_text(self) -> str:
        return str(self.steps)

    def _resample_from_infostate(self, player: int, rng: random.Random) -> State:
        return self._copy()
