"""The PettingZoo environments, checked by PettingZoo's own tests for every variant."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import (  # type: ignore[import-untyped]
    api_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.conversions import aec_to_parallel  # type: ignore[import-untyped]

import rennbahn
from rennbahn.interop._common import replay
from rennbahn.interop.pettingzoo import RennbahnAECEnv, env, parallel_env, raw_env
from tests.interop.cases import FIRST_VARIANTS, VARIANTS


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_seed_and_parallel_tests(variant: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice such as "Box bound is infinity"
        api_test(env(variant), num_cycles=1000)
        seed_test(lambda: env(variant), num_cycles=500)
        parallel_api_test(parallel_env(variant), num_cycles=1000)


@pytest.mark.parametrize("variant", FIRST_VARIANTS)
def test_pettingzoos_parallel_seed_test_passes(variant: str) -> None:
    """It samples actions without the mask: an illegal one ends the race with a penalty."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_seed_test(lambda: parallel_env(variant), num_cycles=200)


def _play_aec(variant: str, seed: int) -> tuple[rennbahn.State, dict[str, float]]:
    """A random race through the AEC API; the final state and the rewards each seat got."""
    race = env(variant)
    race.reset(seed=seed)
    totals = dict.fromkeys(race.possible_agents, 0.0)
    rng = np.random.default_rng(seed)
    for agent in race.agent_iter():
        observation, reward, terminated, truncated, _ = race.last()
        totals[agent] += reward
        if terminated or truncated:
            race.step(None)
            continue
        race.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    state: rennbahn.State = race.rennbahn_state
    return state, totals


def test_an_aec_race_runs_to_the_end_and_pays_the_returns() -> None:
    for variant in ("gibgas(players=4)", "von0auf100(players=3)"):
        state, totals = _play_aec(variant, seed=5)
        assert state.is_terminal()
        assert list(totals.values()) == state.returns()
        # the race is a legal game: it replays from its history
        assert replay(state.get_game(), state.full_history()).to_text() == state.to_text()


def test_the_seed_fixes_chance() -> None:
    def history(seed: int) -> list[int]:
        return _play_aec("von0auf100(players=3)", seed)[0].history()

    assert history(9) == history(9)
    assert history(9) != history(10)


def test_aec_seats_choose_in_turn_at_a_simultaneous_node_without_seeing_each_other() -> None:
    race = env("gibgas(players=3)")
    race.reset(seed=1)
    state = race.rennbahn_state
    assert state.current_player() == rennbahn.SIMULTANEOUS
    before = [race.observe(a)["observation"].copy() for a in race.possible_agents]
    seen = []
    for seat in range(3):
        agent = race.agent_selection
        seen.append(agent)
        assert agent == f"seat_{seat}"
        mask = race.observe(agent)["action_mask"]
        assert mask.dtype == np.int8 and mask.sum() == len(state.legal_actions(seat))
        if seat < 2:  # nothing is revealed until the last seat has chosen
            race.step(int(np.flatnonzero(mask)[0]))
            after = race.observe(f"seat_{seat + 1}")["observation"]
            assert np.array_equal(after, before[seat + 1])
            assert len(state.history()) == len(race.rennbahn_state.history())
    length = len(state.history())
    race.step(int(np.flatnonzero(race.observe("seat_2")["action_mask"])[0]))
    assert len(race.rennbahn_state.history()) >= length + 3  # the joint action is applied
    assert seen == ["seat_0", "seat_1", "seat_2"]


def test_parallel_env_takes_joint_choices_and_ignores_seats_not_to_move() -> None:
    race = parallel_env("gibgas(players=2)")
    observations, _ = race.reset(seed=3)
    assert all(o["action_mask"].any() for o in observations.values())  # all choose together
    steps = 0
    while race.agents:
        actions = {
            agent: int(np.flatnonzero(o["action_mask"])[0]) if o["action_mask"].any() else 0
            for agent, o in observations.items()
        }
        observations, rewards, terminations, _, _ = race.step(actions)
        steps += 1
    assert race.rennbahn_state.is_terminal()
    assert list(rewards.values()) == race.rennbahn_state.returns()
    assert all(terminations.values())


def test_an_illegal_action_ends_the_race_with_a_penalty_by_default() -> None:
    race = env("grandprix(players=2)")
    race.reset(seed=1)
    agent = race.agent_selection
    mask = race.observe(agent)["action_mask"]
    history = list(race.rennbahn_state.history())
    race.step(int(np.flatnonzero(mask == 0)[0]))
    other = next(a for a in race.possible_agents if a != agent)
    assert race.terminations == {agent: True, other: True}
    assert race.rewards == {agent: -1.0, other: 0.0}
    assert race.infos[agent]["illegal_action"] is True
    assert race.rennbahn_state.history() == history  # nothing was applied
    parallel = parallel_env("ausgebremst(players=2)")  # championship points: 0 to 9
    observations, _ = parallel.reset(seed=1)
    mover = next(a for a, o in observations.items() if o["action_mask"].any())
    wrong = int(np.flatnonzero(observations[mover]["action_mask"] == 0)[0])
    _, rewards, terminations, _, infos = parallel.step(dict.fromkeys(observations, wrong))
    assert rewards[mover] == -9.0 and sum(rewards.values()) == -9.0
    assert all(terminations.values()) and parallel.agents == []
    assert infos[mover]["illegal_action"] is True


def test_illegal_raise_refuses_an_illegal_action() -> None:
    race = env("grandprix(players=2)", illegal="raise")
    race.reset(seed=1)
    mask = race.observe(race.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(rennbahn.IllegalActionError, match="not legal"):
        race.step(illegal)
    parallel = parallel_env("grandprix(players=2)", illegal="raise")
    parallel.reset(seed=1)
    with pytest.raises(rennbahn.IllegalActionError, match="no action given"):
        parallel.step({})
    with pytest.raises(rennbahn.ParameterError, match="illegal='ignore'"):
        parallel_env("grandprix(players=2)", illegal="ignore")


def test_env_is_wrapped_as_pettingzoos_games_and_raw_env_is_bare() -> None:
    race = env("gibgas(players=2)")
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before step"):
        race.step(0)
    assert isinstance(race, wrappers.OrderEnforcingWrapper)
    assert isinstance(race.unwrapped, RennbahnAECEnv)
    bare = raw_env("gibgas(players=2)")
    assert type(bare) is RennbahnAECEnv
    race.reset(seed=1)
    with pytest.raises(AssertionError):  # outside the action space
        race.step(race.unwrapped.game.num_distinct_actions())


@pytest.mark.parametrize("text", ["gibgas(players=2)", "grandprix(players=2)"])
def test_aec_env_does_not_claim_to_be_parallelizable(text: str) -> None:
    """Chance picks who moves next, so aec_to_parallel cannot work; parallel_env does."""
    race = env(text)
    assert race.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(race)
