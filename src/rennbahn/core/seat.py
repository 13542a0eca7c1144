"""What one seat may look at: the view a bot or a front end is given instead of the state."""

from __future__ import annotations

import random

from rennbahn.core.protocol import JSON, Game, State
from rennbahn.core.views import View


class SeatView:
    """What one seat may look at. Holds the state privately; exposes only the seat's view."""

    __slots__ = ("_seat", "_state")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self._seat = seat

    @property
    def seat(self) -> int:
        return self._seat

    @property
    def game(self) -> Game:
        return self._state.get_game()

    def current_player(self) -> int:
        return self._state.current_player()

    def legal_actions(self) -> list[int]:
        return self._state.legal_actions(self._seat)

    def view(self) -> View:
        """The seat's typed view (the game's own :class:`~rennbahn.core.views.View`)."""
        return self._state.view(self._seat)

    def observation(self) -> dict[str, JSON]:
        return self._state.observation(self._seat)

    def observation_string(self) -> str:
        return self._state.observation_string(self._seat)

    def information_state_string(self) -> str:
        return self._state.information_state_string(self._seat)

    def action_to_string(self, action: int) -> str:
        return self._state.action_to_string(self._seat, action)

    def string_to_action(self, text: str) -> int:
        return self._state.string_to_action(self._seat, text)

    def history_length(self) -> int:
        return len(self._state.history())

    def resample(self, rng: random.Random) -> State:
        """A full state consistent with everything this seat knows (for search bots)."""
        return self._state.resample_from_infostate(self._seat, rng)
