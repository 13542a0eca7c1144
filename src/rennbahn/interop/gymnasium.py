"""One seat of a rennbahn game as a Gymnasium environment; rennbahn bots drive the others.

>>> from rennbahn.interop.gymnasium import SeatEnv
>>> env = SeatEnv("gibgas(players=3)", seat=0, opponents="heuristic")
>>> observation, info = env.reset(seed=1)
>>> observation.shape == env.observation_space.shape
True

Also registered for Gymnasium, one id per game that carries the game's and the encoder's
versions (:mod:`rennbahn.interop.ids`): ``gymnasium.make("rennbahn/Seat-gibgas-v301",
game="gibgas(players=3)")``; ``gymnasium.make_vec`` of that id gives a
:class:`~rennbahn.interop.vector.VectorSeatEnv`.

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

import io
import random
from collections.abc import Callable, Sequence
from typing import Any

from rennbahn.interop._common import missing_extra

try:
    import gymnasium
    import numpy as np
    from gymnasium import logger, spaces
except ImportError as exc:  # the optional extra is not installed
    raise missing_extra("gymnasium", exc) from exc
from rich.console import Console

from rennbahn.bots.factory import make_bot
from rennbahn.core.driver import Bot, SeatView, sample_chance
from rennbahn.core.errors import IllegalActionError, ParameterError
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, Game, State
from rennbahn.core.registry import game_entry, registered_games
from rennbahn.interop._common import cached_game, game_named
from rennbahn.interop.encoders import FloatArray, encode_state, encoder_for
from rennbahn.interop.ids import gymnasium_id


def _default_opponent(game: Game) -> str:
    return "heuristic" if "heuristic" in game_entry(game.NAME).bots else "random"


#: A learner's policy as an opponent: the seat's observation vector and its legal-move mask
#: (bool per action id) in, an action id out. A frozen copy of the learner makes self-play.
Policy = Callable[[FloatArray, "np.ndarray[Any, np.dtype[np.bool_]]"], int]
#: An opponent: a rennbahn bot's name ("heuristic", "mcts(iterations=200)" ...), a bot object
#: (``step(view, rng)``, it sees its seat's view) or a :data:`Policy`.
Opponent = str | Bot | Policy


class SeatEnv(gymnasium.Env[FloatArray, np.int64]):
    """A single seat of a rennbahn game (see the module docstring).

    ``seat`` is a seat number or ``"random"`` (a new seat each episode, drawn from the
    ``reset`` seed). ``opponents`` is one :data:`Opponent` for every other seat or a list
    of them, given to the other seats in the order of their numbers.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str = "gibgas(players=4)",
        seat: int | str = 0,
        opponents: Opponent | Sequence[Opponent] | None = None,
        render_mode: str | None = None,
        illegal: str = "lose",
        illegal_reward: float | None = None,
    ) -> None:
        self.game = cached_game(game) if isinstance(game, str) else game
        n = self.game.num_players()
        self.random_seat = seat == "random"
        if not self.random_seat and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n
        ):
            raise ParameterError(
                f"seat {seat!r} does not exist; {self.game} has seats 0 to {n - 1} "
                "(or give seat='random')"
            )
        if illegal not in ("lose", "raise"):
            raise ParameterError(f"illegal={illegal!r}; give 'lose' or 'raise'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            # gymnasium.make and stable-baselines3's make_vec_env pass render modes this
            # text-only environment cannot draw (rgb_array): nothing is drawn then.
            logger.warn(f"SeatEnv draws text only ('ansi', 'human'); render_mode="
                        f"{render_mode!r} is ignored")
            render_mode = None
        given: list[Opponent]
        if opponents is None:
            given = [_default_opponent(self.game)] * (n - 1)
        elif isinstance(opponents, str) or not isinstance(opponents, Sequence):
            given = [opponents] * (n - 1)
        else:
            given = list(opponents)
        if len(given) != n - 1:
            raise ParameterError(f"{self.game} needs {n - 1} opponents; got {len(given)}")
        self.seat = 0 if self.random_seat else int(seat)
        self.opponent_names = [_describe(o) for o in given]
        self._opponents = [self._resolve(o) for o in given]
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
        self._seat_opponents()

    def _resolve(self, opponent: Opponent) -> Bot | Policy:
        """A bot name made into its bot; a bot object or a policy as it is."""
        if isinstance(opponent, str):
            return make_bot(self.game, opponent)
        if not callable(getattr(opponent, "step", None)) and not callable(opponent):
            raise ParameterError(
                f"opponent {opponent!r} is neither a bot name, a bot (step(view, rng)) nor a "
                "policy (observation, action_mask) -> action"
            )
        return opponent

    def _seat_opponents(self) -> None:
        """Give the opponents to the seats other than this one, in seat order."""
        others = [s for s in range(self.game.num_players()) if s != self.seat]
        self.bots: dict[int, Bot | Policy] = dict(zip(others, self._opponents, strict=True))

    # -- the Gymnasium API ----------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(2**62)))
        if self.random_seat:
            self.seat = int(self.np_random.integers(self.game.num_players()))
            self._seat_opponents()
        self.state = self.game.new_initial_state()
        self._play_others()
        return self._observation(), self._info()

    def step(self, action: np.int64 | int) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        reward, over, illegal = self.advance(action)
        info = self._info()
        if illegal:
            info["illegal_action"] = True
        if self.render_mode == "human" and not illegal:
            self.render()
        return self._observation(), reward, over, False, info

    def advance(self, action: np.int64 | int) -> tuple[float, bool, bool]:
        """Play the seat's ``action``, then chance and the bots: (reward, over, illegal).

        What :meth:`step` does without the observation, for :class:`VectorSeatEnv`, which
        writes the observations of all its games into one array."""
        state = self.state
        if state.is_terminal():
            raise IllegalActionError("the race is over; call reset()")
        legal = state.legal_actions(self.seat)
        if isinstance(action, bool) or int(action) not in legal:
            if self.illegal == "raise":
                names = ", ".join(state.action_to_string(self.seat, a) for a in legal)
                raise IllegalActionError(f"action {action!r} is not legal; legal: {names}")
            return float(self.illegal_reward), True, True
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
        return reward, over, False

    def observe_into(self, out: FloatArray) -> None:
        """Write the seat's observation vector into ``out`` (length ``encoder.size``)."""
        out[:] = 0.0
        self.encoder.encode_state(self.state, self.seat, out)

    def mask_into(self, out: np.ndarray[Any, np.dtype[Any]]) -> None:
        """Write the seat's legal moves into ``out`` (one entry per action id)."""
        out[:] = 0
        if not self.state.is_terminal():
            out[self.state.legal_actions(self.seat)] = 1

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
        return self._mask(self.seat)

    # -- inside -------------------------------------------------------------------------
    def _mask(self, seat: int) -> np.ndarray[Any, np.dtype[np.bool_]]:
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.bool_)
        if not self.state.is_terminal():
            mask[self.state.legal_actions(seat)] = True
        return mask

    def _vector(self, seat: int) -> FloatArray:
        return encode_state(self.encoder, self.state, seat)

    def _ask(self, seat: int) -> int:
        opponent = self.bots[seat]
        step = getattr(opponent, "step", None)
        if callable(step):  # a rennbahn bot: it sees its seat's view
            return int(step(SeatView(self.state, seat), self._rng))
        assert callable(opponent)
        return int(opponent(self._vector(seat), self._mask(seat)))

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
        return self._vector(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8), "seat": self.seat}


def _describe(opponent: Opponent) -> str:
    """A bot's name, or what a bot object or policy is (for ``opponent_names``)."""
    if isinstance(opponent, str):
        return opponent
    return getattr(opponent, "__name__", type(opponent).__name__)


def _seat_text(game: Game, state: State, seat: int) -> str:
    """The seat's view drawn by the game's terminal front end, or its observation as JSON."""
    part = game_entry(game.NAME).terminal
    if part is None:
        return state.observation_string(seat)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    console.print(part().render(state.view(seat), game))
    return console.export_text()


def make_seat_env(game_name: str, game: Game | str | None = None, **kwargs: Any) -> SeatEnv:
    """A :class:`SeatEnv` of the game registered as ``game_name`` (the entry point of its
    Gymnasium id); ``game`` may give that game with parameters, ``"gibgas(players=2)"``."""
    return SeatEnv(game_named(game_name, game_name if game is None else game), **kwargs)


def register_ids() -> None:
    """Register every registered game's id, ``rennbahn/Seat-<game>-v<N>`` (see
    :mod:`rennbahn.interop.ids`), with :class:`SeatEnv` and, for ``gymnasium.make_vec``,
    :class:`~rennbahn.interop.vector.VectorSeatEnv`. Importing this module does it; call it
    again after registering a game of your own."""
    for entry in registered_games():
        env_id = gymnasium_id(entry.name)
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point=f"{__name__}:make_seat_env",
                vector_entry_point="rennbahn.interop.vector:make_vector_seat_env",
                kwargs={"game_name": entry.name},
            )


register_ids()

__all__ = ["SeatEnv", "make_seat_env", "register_ids"]
