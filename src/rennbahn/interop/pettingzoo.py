"""Every rennbahn game as a PettingZoo environment, AEC or Parallel.

>>> from rennbahn.interop.pettingzoo import env
>>> race = env("gibgas(players=4)")  # wrapped as PettingZoo's games are; raw_env() is bare
>>> race.reset(seed=7)
>>> observation, reward, terminated, truncated, info = race.last()
>>> sorted(observation)
['action_mask', 'observation']

Agents are ``seat_0`` ... ``seat_{n-1}``. An observation is ``{"observation": vector,
"action_mask": mask}``: the vector is the seat's observation dict through
:mod:`rennbahn.interop.encoders`, the mask (int8, one entry per action id) marks the legal
moves of a seat that is to move and is all zeros otherwise. Chance nodes (dice, draws) are
sampled inside the environment with its own generator, seeded by ``reset(seed=...)``.
Rewards are the game's returns, paid when the race ends; nothing is truncated (every game
ends by its rules).

An illegal action is handled as PettingZoo's classic games handle it (its
``TerminateIllegalWrapper``), which is the default, ``illegal="lose"``: the race ends for
every seat, the seat that moved illegally gets ``illegal_reward`` (default: the game's lowest
utility minus its range, below any result: -1 where utilities are 0 and 1) and
``infos[agent]["illegal_action"] = True``, the others 0. ``illegal="raise"`` raises
:class:`~rennbahn.IllegalActionError` instead and leaves the race as it was. An action that is
not a whole number always raises.

The environments' ``metadata["name"]`` is the game's versioned name, ``rennbahn_<game>_v<N>``
(:mod:`rennbahn.interop.ids`), which ``rennbahn.make`` also takes.

In the AEC environment seats at a simultaneous node choose one after another without
seeing each other's choice (the position does not change until all have chosen). In the
Parallel environment every seat acts in every step: at a simultaneous node all choices
count; at a node where one seat moves the others' actions are ignored (their mask is zero).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rennbahn.interop._common import missing_extra

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
except ImportError as exc:  # the optional extra is not installed
    raise missing_extra("pettingzoo", exc) from exc

from rennbahn.core.errors import IllegalActionError, ParameterError
from rennbahn.core.protocol import SIMULTANEOUS, Game, State
from rennbahn.interop._common import agent_name, cached_game, play_chance
from rennbahn.interop.encoders import Encoder, FloatArray, encode_state, encoder_for
from rennbahn.interop.ids import pettingzoo_id

ObsDict = dict[str, np.ndarray[Any, Any]]


def _game(game: Game | str) -> Game:
    return cached_game(game) if isinstance(game, str) else game


class _Table:
    """The shared core of both environments: the state, the generator and the spaces."""

    def __init__(self, game: Game | str, illegal: str, illegal_reward: float | None) -> None:
        self.game = _game(game)
        if illegal not in ("lose", "raise"):
            raise ParameterError(f"illegal={illegal!r}; give 'lose' or 'raise'")
        self.illegal = illegal
        low, high = self.game.min_utility(), self.game.max_utility()
        self.illegal_reward = low - (high - low) if illegal_reward is None else illegal_reward
        self.name = pettingzoo_id(self.game.NAME)
        self.encoder: Encoder = encoder_for(self.game)
        self.n = self.game.num_players()
        self.num_actions = self.game.num_distinct_actions()
        self.rng = random.Random()
        self.state: State = self.game.new_initial_state()
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(
                self.encoder.low, self.encoder.high, (self.encoder.size,), np.float32
            ),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(self.num_actions)

    def reset(self, seed: int | None) -> None:
        if seed is not None:
            self.rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        play_chance(self.state, self.rng)

    def acting(self) -> list[int]:
        """The seats that must choose now."""
        player = self.state.current_player()
        if player == SIMULTANEOUS:
            return list(range(self.n))
        return [player] if player >= 0 else []

    def observe(self, seat: int, acting: bool) -> ObsDict:
        vector: FloatArray = encode_state(self.encoder, self.state, seat)
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if acting:
            mask[self.state.legal_actions(seat)] = 1
        return {"observation": vector, "action_mask": mask}

    def check(self, seat: int, action: object) -> int | None:
        """The action as an int; None when it is illegal and ``illegal="lose"``."""
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise IllegalActionError(f"seat {seat}: an action is a whole number, not {action!r}")
        legal = self.state.legal_actions(seat)
        if int(action) not in legal:
            if self.illegal == "lose":
                return None
            names = ", ".join(self.state.action_to_string(seat, a) for a in legal)
            raise IllegalActionError(
                f"seat {seat}: action {int(action)} is not legal here; legal: {names}"
            )
        return int(action)

    def render_text(self) -> str:
        return self.state.to_text()

    def infos(self, seat: int) -> dict[str, Any]:
        return {"seat": seat}

    def penalties(self, offender: int) -> list[float]:
        """The rewards when ``offender`` moved illegally: its penalty, 0 for the others."""
        return [float(self.illegal_reward) if s == offender else 0.0 for s in range(self.n)]


class _Seats:
    """What both environments answer the same way, from their table."""

    _table: _Table
    render_mode: str | None

    @property
    def game(self) -> Game:
        return self._table.game

    @property
    def rennbahn_state(self) -> State:
        """The full state (for analysis and rendering; agents see ``observe``)."""
        return self._table.state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._table.observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._table.action_space

    def render(self) -> str | None:
        return _render(self._table, self.render_mode)

    def close(self) -> None:
        pass


def _render(table: _Table, mode: str | None) -> str | None:
    if mode is None:
        return None
    text = table.render_text()
    if mode == "human":
        print(text)
        return None
    return text


class RennbahnAECEnv(_Seats, AECEnv):  # type: ignore[misc]
    """A rennbahn game as a PettingZoo AEC environment (see the module docstring)."""

    # PettingZoo's aec_to_parallel needs every agent to act once per cycle in a fixed order;
    # chance decides who moves next here, so it cannot convert: use parallel_env instead.
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"], "name": "rennbahn_aec_v0", "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Game | str,
        render_mode: str | None = None,
        illegal: str = "lose",
        illegal_reward: float | None = None,
    ) -> None:
        super().__init__()
        self._table = _Table(game, illegal, illegal_reward)
        #: the class's metadata with the game's versioned name
        self.metadata = {**type(self).metadata, "name": self._table.name}  # type: ignore[misc]
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(self._table.n)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        self._pending: dict[int, int] = {}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._table.reset(seed)
        self._pending = {}
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: self._table.infos(self._seat[agent]) for agent in self.agents}
        self._select()

    def _select(self) -> None:
        acting = [s for s in self._table.acting() if s not in self._pending]
        self.agent_selection = self.possible_agents[acting[0] if acting else 0]

    def observe(self, agent: str) -> ObsDict:
        seat = self._seat[agent]
        to_move = agent == self.agent_selection and not self.terminations.get(agent, True)
        return self._table.observe(seat, to_move)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self._table
        seat = self._seat[agent]
        chosen = table.check(seat, action)
        self._cumulative_rewards[agent] = 0.0
        state = table.state
        if chosen is None:  # illegal="lose": the race ends here for everyone
            for s, value in enumerate(table.penalties(seat)):
                self.rewards[self.possible_agents[s]] = value
                self.terminations[self.possible_agents[s]] = True
            self.infos[agent] = {**self.infos[agent], "illegal_action": True}
            self._pending = {}
            self._accumulate_rewards()
            self._select()
            return
        if state.current_player() == SIMULTANEOUS:
            self._pending[seat] = chosen
            if len(self._pending) == table.n:
                state.apply_actions([self._pending[s] for s in range(table.n)])
                self._pending = {}
        else:
            state.apply_action(chosen)
        play_chance(state, table.rng)
        if state.is_terminal():
            for s, value in enumerate(state.returns()):
                self.rewards[self.possible_agents[s]] = float(value)
                self.terminations[self.possible_agents[s]] = True
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()


class RennbahnParallelEnv(_Seats, ParallelEnv):  # type: ignore[misc]
    """A rennbahn game as a PettingZoo Parallel environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"], "name": "rennbahn_parallel_v0",
    }

    def __init__(
        self,
        game: Game | str,
        render_mode: str | None = None,
        illegal: str = "lose",
        illegal_reward: float | None = None,
    ) -> None:
        self._table = _Table(game, illegal, illegal_reward)
        #: the class's metadata with the game's versioned name
        self.metadata = {**type(self).metadata, "name": self._table.name}  # type: ignore[misc]
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(self._table.n)]
        self.agents: list[str] = []

    def _observations(self, ended: list[int] | None = None) -> dict[str, ObsDict]:
        """Every live agent's observation; no seat acts once a race ended on a foul."""
        acting = set() if ended else set(self._table.acting())
        return {
            agent: self._table.observe(s, s in acting)
            for s, agent in enumerate(self.possible_agents)
            if agent in self.agents
        }

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, ObsDict], dict[str, dict[str, Any]]]:
        self._table.reset(seed)
        self.agents = self.possible_agents[:]
        infos = {agent: self._table.infos(s) for s, agent in enumerate(self.agents)}
        return self._observations(), infos

    def step(self, actions: dict[str, int]) -> tuple[
        dict[str, ObsDict], dict[str, float], dict[str, bool], dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        table = self._table
        state = table.state
        acting = table.acting()
        names = self.possible_agents
        missing = [names[s] for s in acting if names[s] not in actions]
        if missing:
            raise IllegalActionError(f"no action given for {', '.join(missing)}, who must move")
        chosen = [table.check(s, actions[self.possible_agents[s]]) for s in acting]
        offenders = [s for s, action in zip(acting, chosen, strict=True) if action is None]
        if offenders:  # illegal="lose": the race ends here for everyone
            returns = [0.0] * table.n
            for s in offenders:
                returns[s] = table.penalties(s)[s]
            over = True
        else:
            moves = [action for action in chosen if action is not None]
            if state.current_player() == SIMULTANEOUS:
                state.apply_actions(moves)
            else:
                state.apply_action(moves[0])
            play_chance(state, table.rng)
            over = state.is_terminal()
            returns = state.returns() if over else [0.0] * table.n
        agents = self.agents
        observations = self._observations(offenders)
        rewards = {a: float(returns[self.possible_agents.index(a)]) for a in agents}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, False)
        infos = {a: table.infos(self.possible_agents.index(a)) for a in agents}
        for s in offenders:
            infos[names[s]]["illegal_action"] = True
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos


def raw_env(
    game: Game | str,
    render_mode: str | None = None,
    illegal: str = "lose",
    illegal_reward: float | None = None,
) -> RennbahnAECEnv:
    """The bare AEC environment, without PettingZoo's wrappers."""
    return RennbahnAECEnv(game, render_mode=render_mode, illegal=illegal,
                          illegal_reward=illegal_reward)


def env(
    game: Game | str,
    render_mode: str | None = None,
    illegal: str = "lose",
    illegal_reward: float | None = None,
) -> AECEnv:
    """An AEC environment for a game string such as ``"gibgas(players=4)"``.

    Wrapped as PettingZoo wraps its own games: actions outside the action space are caught
    (``AssertOutOfBoundsWrapper``) and calls out of order, such as ``step`` before ``reset``,
    are refused with a clear error (``OrderEnforcingWrapper``). ``raw_env`` is the bare one;
    ``env(...).unwrapped`` reaches it too.
    """
    bare = raw_env(game, render_mode=render_mode, illegal=illegal, illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(bare)
    return wrappers.OrderEnforcingWrapper(wrapped)


def parallel_env(
    game: Game | str,
    render_mode: str | None = None,
    illegal: str = "lose",
    illegal_reward: float | None = None,
) -> RennbahnParallelEnv:
    """A Parallel environment; choices at simultaneous nodes are made together."""
    return RennbahnParallelEnv(game, render_mode=render_mode, illegal=illegal,
                               illegal_reward=illegal_reward)


__all__ = ["RennbahnAECEnv", "RennbahnParallelEnv", "env", "parallel_env", "raw_env"]
