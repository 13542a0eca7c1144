"""The uniform random bot."""

from __future__ import annotations

import random

from rennbahn.core.driver import SeatView
from rennbahn.core.protocol import Game


class RandomBot:
    """Picks uniformly among the legal moves of its seat."""

    def __init__(self, game: Game | None = None) -> None:
        self.game = game

    def step(self, view: SeatView, rng: random.Random) -> int:
        legal = view.legal_actions()
        return legal[rng.randrange(len(legal))]
