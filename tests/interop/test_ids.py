"""Versioned environment ids and ``rennbahn.make``, which finds every one of them."""

from __future__ import annotations

import gymnasium
import pytest

import rennbahn
from rennbahn.interop.encoders import encoder_for
from rennbahn.interop.gymnasium import SeatEnv
from rennbahn.interop.ids import (
    UnknownEnvironmentError,
    env_version,
    gymnasium_id,
    known_ids,
    pettingzoo_id,
)
from rennbahn.interop.pettingzoo import RennbahnAECEnv, RennbahnParallelEnv

GAMES = [entry.name for entry in rennbahn.registered_games()]


@pytest.mark.parametrize("name", GAMES)
def test_an_id_carries_the_games_and_the_encoders_version(name: str) -> None:
    game = rennbahn.load_game(name)
    version = env_version(name)
    assert divmod(version, 100) == (game.VERSION, encoder_for(game).version)
    assert gymnasium_id(name) == f"rennbahn/Seat-{name}-v{version}"
    assert pettingzoo_id(name) == f"rennbahn_{name}_v{version}"


@pytest.mark.parametrize("name", GAMES)
def test_make_finds_every_gymnasium_and_pettingzoo_id(name: str) -> None:
    seat = rennbahn.make(gymnasium_id(name))
    assert isinstance(seat.unwrapped, SeatEnv) and seat.unwrapped.game.NAME == name
    assert seat.spec is not None and seat.spec.id == gymnasium_id(name)
    race = rennbahn.make(pettingzoo_id(name))
    assert isinstance(race.unwrapped, RennbahnAECEnv)
    assert race.unwrapped.metadata["name"] == pettingzoo_id(name)
    parallel = rennbahn.make(pettingzoo_id(name), parallel=True)
    assert isinstance(parallel, RennbahnParallelEnv)
    assert parallel.metadata["name"] == pettingzoo_id(name)


def test_make_takes_the_games_parameters_but_not_another_game() -> None:
    seat = rennbahn.make(gymnasium_id("gibgas"), game="gibgas(players=2)", seat=1)
    assert seat.unwrapped.game.num_players() == 2 and seat.unwrapped.seat == 1
    race = rennbahn.make(pettingzoo_id("grandprix"), game="grandprix(players=3)")
    assert race.unwrapped.game.num_players() == 3
    with pytest.raises(rennbahn.ParameterError, match="gibgas's"):
        rennbahn.make(gymnasium_id("von0auf100"), game="gibgas(players=2)")
    vector = gymnasium.make_vec(gymnasium_id("gibgas"), num_envs=2, game="gibgas(players=2)")
    assert vector.num_envs == 2 and vector.observation_space.shape == (2, 230)


@pytest.mark.parametrize("wrong", [
    "rennbahn/Seat-v0", "rennbahn/Seat-chess-v1", "rennbahn_gibgas", "CartPole-v1", "",
])
def test_an_unknown_id_is_one_clear_error_listing_the_known_ones(wrong: str) -> None:
    with pytest.raises(UnknownEnvironmentError) as caught:
        rennbahn.make(wrong)
    assert isinstance(caught.value, rennbahn.RennbahnError)
    assert all(known in str(caught.value) for known in known_ids())


def test_an_id_of_another_version_names_the_current_one() -> None:
    old = f"rennbahn/Seat-gibgas-v{env_version('gibgas') - 1}"
    with pytest.raises(UnknownEnvironmentError, match=gymnasium_id("gibgas")):
        rennbahn.make(old)
    with pytest.raises(UnknownEnvironmentError, match="is text"):
        rennbahn.make(None)  # type: ignore[arg-type]
