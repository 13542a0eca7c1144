"""One seat of a rennbahn game as a Gymnasium environment; rennbahn bots drive the others.

>>> from rennbahn.interop.gymnasium import SeatEnv
>>> env = SeatEnv("gibgas(players=3)", seat=0, opponents="heuristic")
>>> observation, info = env.reset(seed=1)
>>> observation.shape == env.observation_space.shape
True

Also registered as ``gymnasium.make("rennbahn/Seat-v0", game="gibgas(players=3)")``.

The observation is the seat's observation dict through :mod:`rennbahn.interop.encoders`;
the legal moves are ``info["action_mask"]`` and ``env.action_masks()`` (the name
sb3-contrib's MaskablePPO looks for). Chance and the other seats' moves happen inside
``step`` with one generator seeded by ``reset(seed=...)``; the bots see only their own seat's
view, like in ``rennbahn.play``. The reward is the seat's return when the race is over.

An illegal action (Gymnasium's checker tries random ones) ends the episode at once with
``illegal_reward`` (default: the game's lowest utility minus its range, below any result)
and ``info["illegal_action"] = True``; pass ``illegal="raise"`` to raise instead.
"""

from __future__ import annotations

import importlib
import io
import random
from collections.abc import Sequence
from typing import Any

from rennbahn.interop._common import missing_extra

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ImportError as exc:  # the optional extra is not installed
    raise missing_extra("gymnasium", exc) from exc
from rich.console import Console

from rennbahn.bots.factory import make_bot
from rennbahn.core.driver import Bot, SeatView, sample_chance
from rennbahn.core.errors import IllegalActionError, ParameterError
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, Game, State
from rennbahn.core.registry import game_entry
from rennbahn.interop._common import cached_game
from rennbahn.interop.encoders import FloatArray, encode, encoder_for

ENV_ID = "rennbahn/Seat-v0"


def _default_opponent(game: Game) -> str:
    return "heuristic" if "heuristic" in game_entry(game.NAME).bots else "random"


class SeatEnv(gymnasium.Env[FloatArray, np.int64]):
    """A single seat of a rennbahn game (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str = "gibgas(players=4)",
        seat: int = 0,
        opponents: str | Sequence[str] | None = None,
        render_mode: str | None = None,
        illegal: str = "lose",
        illegal_reward: float | None = None,
    ) -> None:
        self.game = cached_game(game) if isinstance(game, str) else game
        n = self.game.num_players()
        if not 0 <= seat < n:
            raise ParameterError(f"seat {seat} does not exist; {self.game} has seats 0 to {n - 1}")
        if illegal not in ("lose", "raise"):
            raise ParameterError(f"illegal={illegal!r}; give 'lose' or 'raise'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ParameterError(f"render_mode={render_mode!r}; give 'ansi', 'human' or None")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents or [])
        if not names:
            names = [_default_opponent(self.game)] * (n - 1)
        if len(names) != n - 1:
            raise ParameterError(f"{self.game} needs {n - 1} opponents; got {len(names)}")
        self.seat = seat
        self.opponent_names = names
        others = [s for s in range(n) if s != seat]
        self.bots: dict[int, Bot] = {
            s: make_bot(self.game, name) for s, name in zip(others, names, strict=True)
        }
        self.render_mode = render_mode
        self.illegal = illegal
        low, high = self.game.min_utility(), self.game.max_utility()
        self.illegal_reward = low - (high - low) if illegal_reward is None else illegal_reward
        self.encoder = encoder_for(self.game)
        self.observation_space = spaces.Box(
            self.encoder.low, self.encoder.high, (self.encoder.size,), np.float32
        )
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self._rng = random.Random()
        self.state: State = self.game.new_initial_state()

    # -- the Gymnasium API ----------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(2**62)))
        self.state = self.game.new_initial_state()
        self._play_others()
        return self._observation(), self._info()

    def step(self, action: np.int64 | int) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        state = self.state
        if state.is_terminal():
            raise IllegalActionError("the race is over; call reset()")
        legal = state.legal_actions(self.seat)
        if isinstance(action, bool) or int(action) not in legal:
            if self.illegal == "raise":
                names = ", ".join(state.action_to_string(self.seat, a) for a in legal)
                raise IllegalActionError(f"action {action!r} is not legal; legal: {names}")
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), float(self.illegal_reward), True, False, info
        if state.current_player() == SIMULTANEOUS:
            joint = [
                int(action) if s == self.seat else self._ask(s)
                for s in range(self.game.num_players())
            ]
            state.apply_actions(joint)
        else:
            state.apply_action(int(action))
        self._play_others()
        over = state.is_terminal()
        reward = float(state.returns()[self.seat]) if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, over, False, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = _seat_text(self.game, self.state, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal moves of the seat now, one bool per action id."""
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.bool_)
        if not self.state.is_terminal():
            mask[self.state.legal_actions(self.seat)] = True
        return mask

    # -- inside -------------------------------------------------------------------------
    def _ask(self, seat: int) -> int:
        return self.bots[seat].step(SeatView(self.state, seat), self._rng)

    def _play_others(self) -> None:
        """Chance and the bots move until it is this seat's turn or the race is over."""
        state = self.state
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state.chance_outcomes(), self._rng))
            elif player == SIMULTANEOUS or player == self.seat:
                return
            else:
                state.apply_action(self._ask(player))

    def _observation(self) -> FloatArray:
        return encode(self.encoder, self.state.observation(self.seat))

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8), "seat": self.seat}


def _seat_text(game: Game, state: State, seat: int) -> str:
    """The seat's view drawn by the game's terminal UI, or its observation as JSON."""
    module_name = game_entry(game.NAME).ui
    try:
        ui = importlib.import_module(module_name) if module_name else None
    except ModuleNotFoundError:  # a game whose drawing is not written yet
        ui = None
    if ui is None:
        return state.observation_string(seat)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    console.print(ui.render(state.observation(seat), game))
    return console.export_text()


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:SeatEnv")

__all__ = ["ENV_ID", "SeatEnv"]
