"""N games of one seat stepped per call, as a Gymnasium vector environment.

>>> import numpy as np
>>> from rennbahn.interop.vector import VectorSeatEnv
>>> games = VectorSeatEnv("grandprix(players=2)", num_envs=4, opponents="random")
>>> observations, infos = games.reset(seed=1)
>>> observations.shape, infos["action_mask"].shape
((4, 601), (4, 6))
>>> actions = np.argmax(games.action_masks(), axis=1)  # a legal move in each game
>>> observations, rewards, terminated, truncated, infos = games.step(actions)

Each game is a :class:`~rennbahn.interop.gymnasium.SeatEnv` (same seat, opponents and
illegal-move rule), and ``gymnasium.make_vec("rennbahn/Seat-<game>-v<N>", num_envs=N)``
makes one. The observations of all games are written into one preallocated
``(num_envs, size)`` array and the legal moves into one ``(num_envs, actions)`` array, with
no vector per game to stack. ``infos["action_mask"]`` (int8) and :meth:`action_masks`
(bool) give the masks.

A game that ends is reset as Gymnasium's vector environments do (``autoreset_mode``):
``NEXT_STEP`` (the default, Gymnasium's) resets it on the next call to :meth:`step`, which
ignores that game's action and returns its first observation with reward 0; ``SAME_STEP``
resets it in the step that ended it and returns the new episode's first observation, with
the ended episode's last in ``infos["final_obs"]`` (rows of the games that ended) and
``infos["_final_obs"]`` marking them. ``reset(seed=s)`` seeds game ``i`` with ``s + i``; a game
reset automatically carries on with its own generator, so the seed fixes every episode.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rennbahn.interop._common import missing_extra

try:
    import numpy as np
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as exc:  # the optional extra is not installed
    raise missing_extra("vector", exc) from exc

from rennbahn.core.errors import ParameterError
from rennbahn.core.protocol import Game
from rennbahn.interop._common import cached_game, game_named
from rennbahn.interop.gymnasium import Opponent, SeatEnv

Array = np.ndarray[Any, np.dtype[Any]]


class VectorSeatEnv(VectorEnv):
    """``num_envs`` games of one seat (see the module docstring); keyword arguments are
    :class:`~rennbahn.interop.gymnasium.SeatEnv`'s."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str,
        num_envs: int,
        *,
        seat: int | str = 0,
        opponents: Opponent | Sequence[Opponent] | None = None,
        illegal: str = "lose",
        illegal_reward: float | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        copy: bool = True,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ParameterError(f"num_envs={num_envs!r}; give a whole number of games, 1 or more")
        try:
            mode = AutoresetMode(autoreset_mode)
        except ValueError:
            mode = None
        if mode not in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
            raise ParameterError(
                f"autoreset_mode={autoreset_mode!r}; give AutoresetMode.NEXT_STEP or SAME_STEP"
            )
        made = cached_game(game) if isinstance(game, str) else game
        self.game = made
        self.envs = [
            SeatEnv(made, seat=seat, opponents=opponents, illegal=illegal,
                    illegal_reward=illegal_reward)
            for _ in range(num_envs)
        ]
        self.num_envs = num_envs
        self.copy = copy
        self.metadata = {"autoreset_mode": mode}
        first = self.envs[0]
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, num_envs)
        self.action_space = batch_space(first.action_space, num_envs)
        size = first.encoder.size
        actions = made.num_distinct_actions()
        self._observations = np.zeros((num_envs, size), dtype=np.float32)
        self._masks = np.zeros((num_envs, actions), dtype=np.bool_)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminated = np.zeros(num_envs, dtype=np.bool_)
        self._truncated = np.zeros(num_envs, dtype=np.bool_)
        self._illegal = np.zeros(num_envs, dtype=np.bool_)
        self._autoreset = np.zeros(num_envs, dtype=np.bool_)

    # -- the Gymnasium vector API ---------------------------------------------------------
    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Array, dict[str, Any]]:
        if seed is None or isinstance(seed, int):
            seeds: list[int | None] = [
                None if seed is None else seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ParameterError(f"{len(seeds)} seeds for {self.num_envs} games")
        for i, (env, game_seed) in enumerate(zip(self.envs, seeds, strict=True)):
            env.reset(seed=game_seed)
            self._write(i, env)
        self._autoreset[:] = False
        return self._out(self._observations), self._infos()

    def step(self, actions: Array | Sequence[int]) -> tuple[
        Array, Array, Array, Array, dict[str, Any]
    ]:
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,):
            raise ParameterError(
                f"step takes one action per game, shape ({self.num_envs},); got {chosen.shape}"
            )
        same_step = self.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
        final: dict[int, Array] = {}
        rewards, terminated, illegal = self._rewards, self._terminated, self._illegal
        illegal[:] = False
        for i, env in enumerate(self.envs):
            if self._autoreset[i]:  # NEXT_STEP: this call resets the game that ended
                env.reset()
                rewards[i], terminated[i] = 0.0, False
            else:
                rewards[i], terminated[i], illegal[i] = env.advance(chosen[i])
                if same_step and terminated[i]:
                    self._write(i, env)
                    final[i] = self._observations[i].copy()
                    env.reset()
            self._write(i, env)
        self._autoreset[:] = terminated if not same_step else False
        infos = self._infos()
        if illegal.any():
            infos["illegal_action"], infos["_illegal_action"] = illegal.copy(), illegal.copy()
        if final:
            marked = np.zeros(self.num_envs, dtype=np.bool_)
            rows = np.zeros_like(self._observations)
            for i, row in final.items():
                marked[i], rows[i] = True, row
            infos["final_obs"], infos["_final_obs"] = rows, marked
        return (self._out(self._observations), rewards.copy(), terminated.copy(),
                self._truncated.copy(), infos)

    def action_masks(self) -> Array:
        """The legal moves of the seat in each game, one bool per action id (games that
        ended and wait for their reset have none)."""
        return self._masks.copy()

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()

    # -- inside -------------------------------------------------------------------------
    def _write(self, i: int, env: SeatEnv) -> None:
        env.observe_into(self._observations[i])
        env.mask_into(self._masks[i])

    def _out(self, array: Array) -> Array:
        return array.copy() if self.copy else array

    def _infos(self) -> dict[str, Any]:
        every = np.ones(self.num_envs, dtype=np.bool_)
        return {
            "action_mask": self._masks.astype(np.int8),
            "_action_mask": every,
            "seat": np.array([env.seat for env in self.envs]),
            "_seat": every.copy(),
        }


def make_vector_seat_env(
    game_name: str, num_envs: int = 1, game: Game | str | None = None, **kwargs: Any
) -> VectorSeatEnv:
    """The vector entry point of ``game_name``'s Gymnasium id (``gymnasium.make_vec``);
    ``game`` may give that game with parameters."""
    made = game_named(game_name, game_name if game is None else game)
    return VectorSeatEnv(made, num_envs, **kwargs)


__all__ = ["VectorSeatEnv", "make_vector_seat_env"]
