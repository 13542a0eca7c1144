"""VectorSeatEnv: N games of one seat per call, as Gymnasium's vector API has it."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import rennbahn
from rennbahn.interop.gymnasium import SeatEnv
from rennbahn.interop.vector import VectorSeatEnv

GAME = "grandprix(players=2)"


def _random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniform legal move per game (0 where a game has none: it waits for its reset)."""
    scores = np.where(masks, rng.random(masks.shape), -1.0)
    chosen: np.ndarray = np.argmax(scores, axis=1)
    return chosen


def test_observations_and_masks_are_stacked_and_match_single_environments() -> None:
    games = VectorSeatEnv(GAME, num_envs=3, opponents="random")
    observations, infos = games.reset(seed=10)
    assert observations.shape == (3, 601)
    assert infos["action_mask"].shape == (3, 6) and infos["action_mask"].dtype == np.int8
    singles = [SeatEnv(GAME, opponents="random") for _ in range(3)]
    rng = np.random.default_rng(0)
    expected = [env.reset(seed=10 + i) for i, env in enumerate(singles)]
    for step in range(60):
        for i, (observation, info) in enumerate(expected):
            assert np.array_equal(observations[i], observation), (step, i)
            assert np.array_equal(infos["action_mask"][i], info["action_mask"]), (step, i)
        assert np.array_equal(games.action_masks(), infos["action_mask"].astype(bool))
        actions = _random_actions(games.action_masks(), rng)
        observations, rewards, terminated, truncated, infos = games.step(actions)
        for i, env in enumerate(singles):
            if env.state.is_terminal():  # NEXT_STEP: this step reset the game
                assert rewards[i] == 0.0 and not terminated[i]
                expected[i] = env.reset()
                continue
            observation, reward, over, _, info = env.step(int(actions[i]))
            assert (rewards[i], terminated[i]) == (reward, over)
            expected[i] = (observation, info)
        assert not truncated.any()


def test_the_seed_fixes_every_episode_and_games_end_with_their_returns() -> None:
    def run(seed: int) -> list[float]:
        games = VectorSeatEnv(GAME, num_envs=2, opponents="random")
        games.reset(seed=seed)
        rng = np.random.default_rng(1)
        returns: list[float] = []
        while len(returns) < 8:
            _, rewards, terminated, _, _ = games.step(_random_actions(games.action_masks(), rng))
            returns += [float(r) for r, t in zip(rewards, terminated, strict=True) if t]
            assert not rewards[~terminated].any()  # paid when the race is over
        return returns

    first = run(5)
    assert run(5) == first and run(6) != first
    assert set(first) <= {0.0, 1.0} and 0 < sum(first) < len(first)


def test_same_step_resets_at_once_and_keeps_the_final_observation() -> None:
    games = VectorSeatEnv(GAME, num_envs=2, opponents="random",
                          autoreset_mode=AutoresetMode.SAME_STEP)
    assert games.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    games.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(400):
        observations, _, terminated, _, infos = games.step(
            _random_actions(games.action_masks(), rng))
        assert games.action_masks().any(axis=1).all()  # every game can move at once
        if terminated.any():
            assert np.array_equal(infos["_final_obs"], terminated)
            ended = int(np.flatnonzero(terminated)[0])
            assert not np.array_equal(infos["final_obs"][ended], observations[ended])
            return
    pytest.fail("no race ended in 400 steps")


def test_an_illegal_action_ends_that_game_only() -> None:
    games = VectorSeatEnv("gibgas(players=2)", num_envs=2, opponents="random")
    games.reset(seed=1)
    masks = games.action_masks()
    actions = np.argmax(masks, axis=1)
    actions[1] = int(np.flatnonzero(~masks[1])[0])
    _, rewards, terminated, _, infos = games.step(actions)
    assert list(terminated) == [False, True] and rewards[1] == -1.0
    assert list(infos["illegal_action"]) == [False, True]


@pytest.mark.parametrize("bad", [0, -1, 2.5, True])
def test_bad_arguments_are_refused(bad: object) -> None:
    with pytest.raises(rennbahn.ParameterError, match="num_envs"):
        VectorSeatEnv(GAME, num_envs=bad)  # type: ignore[arg-type]
    games = VectorSeatEnv(GAME, num_envs=2)
    games.reset(seed=0)
    with pytest.raises(rennbahn.ParameterError, match="one action per game"):
        games.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(rennbahn.ParameterError, match="autoreset_mode"):
        VectorSeatEnv(GAME, num_envs=2, autoreset_mode="Disabled")
