"""The single-seat Gymnasium environment, checked by Gymnasium's own env_checker."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import rennbahn
from rennbahn.bots import RandomBot
from rennbahn.interop.encoders import encode, encoder_for
from rennbahn.interop.gymnasium import SeatEnv
from rennbahn.interop.ids import gymnasium_id
from tests.interop.cases import VARIANTS


@pytest.mark.parametrize("variant", VARIANTS)
def test_check_env_passes(variant: str) -> None:
    last_seat = rennbahn.load_game(variant).num_players() - 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice such as "Box bound is infinity"
        check_env(SeatEnv(variant, seat=0))
        check_env(SeatEnv(variant, seat=last_seat, opponents="random", render_mode="ansi"))


ENV_ID = gymnasium_id("gibgas")


def test_made_through_gymnasium_make() -> None:
    env = gymnasium.make(ENV_ID, game="gibgas(players=3)", seat=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped)
    observation, info = env.reset(seed=4)
    assert observation.shape == env.observation_space.shape
    assert info["seat"] == 1


def _race(env: SeatEnv, seed: int) -> tuple[float, int]:
    """Play the seat randomly among its legal moves; the final reward and steps taken."""
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
        steps += 1
        assert not truncated
        if terminated:
            return reward, steps
        assert reward == 0.0


def test_the_other_seats_are_rennbahn_bots_and_the_race_ends_with_the_return() -> None:
    env = SeatEnv("von0auf100(players=4)", seat=2, opponents="heuristic")
    assert [type(b).__name__ for b in env.bots.values()] == ["HeuristicBot"] * 3
    reward, steps = _race(env, seed=8)
    assert env.state.is_terminal()
    assert reward == env.state.returns()[2]
    # the seat moved only on its own turns: fewer steps than the race has decisions
    decisions = sum(1 for actor, _ in env.state.full_history() if actor >= 0)
    assert steps < decisions
    assert _race(env, seed=8) == (reward, steps)  # the seed fixes chance and the bots


def test_simultaneous_choices_are_made_with_the_bots() -> None:
    env = SeatEnv("gibgas(players=3)", seat=1, opponents=["random", "heuristic"])
    _, info = env.reset(seed=2)
    assert env.state.is_simultaneous_node()
    length = len(env.state.history())
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert len(env.state.history()) >= length + 3


def test_an_illegal_action_loses_or_raises() -> None:
    env = SeatEnv("grandprix(players=2)")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and info["illegal_action"]
    assert reward == -1.0  # below every result of the race (0 to 1)
    strict = SeatEnv("grandprix(players=2)", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(rennbahn.IllegalActionError, match="not legal"):
        strict.step(illegal)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(rennbahn.ParameterError, match="seat 5"):
        SeatEnv("gibgas(players=3)", seat=5)
    with pytest.raises(rennbahn.ParameterError, match="opponents"):
        SeatEnv("gibgas(players=3)", opponents=["random"])
    with pytest.raises(rennbahn.ParameterError, match="unknown bot"):
        SeatEnv("gibgas(players=3)", opponents="nobody")


def test_render_draws_the_seats_view() -> None:
    env = SeatEnv("gibgas(players=3)", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "(you)" in text


def _play_out(env: SeatEnv, seed: int) -> tuple[float, dict[str, object]]:
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    reward, terminated = 0.0, False
    while not terminated:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        _, reward, terminated, _, info = env.step(action)
    return reward, info


def test_opponents_can_be_bot_objects_and_policies() -> None:
    """Self-play and leagues: a bot object or a policy (observation, mask) -> action."""
    game = rennbahn.load_game("von0auf100(players=3)")
    asked: list[tuple[int, int]] = []

    def first_legal(observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
        assert observation.shape == (env.observation_space.shape or (0,))[:1]
        assert mask.dtype == np.bool_ and mask.any()
        asked.append((len(observation), int(mask.sum())))
        return int(np.flatnonzero(mask)[0])

    env = SeatEnv(game, seat=0, opponents=[RandomBot(game), first_legal])
    assert env.opponent_names == ["RandomBot", "first_legal"]
    reward, _ = _play_out(env, seed=3)
    assert env.state.is_terminal() and asked
    assert reward == env.state.returns()[0]
    with pytest.raises(rennbahn.ParameterError, match="neither a bot name"):
        SeatEnv(game, opponents=[3, "random"])  # type: ignore[list-item]


def test_a_policy_gets_its_own_seats_vector_and_mask() -> None:
    game = rennbahn.load_game("von0auf100(players=2)")
    encoder = encoder_for(game)
    checked: list[int] = []

    def policy(observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
        view = env.state.view(1)
        assert np.array_equal(observation, encode(encoder, view))
        assert np.flatnonzero(mask).tolist() == env.state.legal_actions(1)
        checked.append(1)
        return int(np.flatnonzero(mask)[0])

    env = SeatEnv(game, seat=0, opponents=policy)
    _play_out(env, seed=2)
    assert checked


def test_seat_random_draws_a_seat_each_episode_from_the_seed() -> None:
    env = SeatEnv("grandprix(players=3)", seat="random", opponents="random")
    seats = []
    for seed in range(12):
        env.reset(seed=seed)
        seats.append(env.seat)
        assert sorted(env.bots) == [s for s in range(3) if s != env.seat]
    assert len(set(seats)) == 3
    again = SeatEnv("grandprix(players=3)", seat="random", opponents="random")
    assert [again.reset(seed=s) and again.seat for s in range(12)] == seats
    with pytest.raises(rennbahn.ParameterError, match="seat='random'"):
        SeatEnv("grandprix(players=3)", seat="any")


def test_an_unknown_render_mode_is_ignored_as_make_vec_env_passes_it() -> None:
    """stable-baselines3's make_vec_env passes render_mode='rgb_array' through gymnasium.make."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        env = gymnasium.make(ENV_ID, game="gibgas(players=2)", render_mode="rgb_array")
    assert env.unwrapped.render_mode is None
    assert any("rgb_array" in str(w.message) for w in caught)
    env.reset(seed=0)
    vector = gymnasium.vector.SyncVectorEnv(
        [lambda: gymnasium.make(ENV_ID, game="gibgas(players=2)", render_mode="rgb_array")] * 2
    )
    observations, _ = vector.reset(seed=1)
    assert observations.shape == (2, encoder_for(rennbahn.load_game("gibgas(players=2)")).size)
