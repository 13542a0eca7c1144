"""Observation encoders: fixed size, within bounds, deterministic, built from the seat's view."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys

import numpy as np
import pytest

import rennbahn
from rennbahn.interop.encoders import HashingEncoder, encode, encoder_for
from rennbahn.interop.encoders.gibgas import GibGasEncoder
from tests.interop.cases import FIRST_VARIANTS, VARIANTS, random_states


@pytest.mark.parametrize("variant", VARIANTS)
def test_vectors_have_the_size_and_bounds_declared(variant: str) -> None:
    game = rennbahn.load_game(variant)
    encoder = encoder_for(game)
    for state in random_states(variant, seed=4, every=5):
        for seat in range(game.num_players()):
            vector = encode(encoder, state.observation(seat))
            assert vector.shape == (encoder.size,)
            assert vector.dtype == np.float32
            assert np.all(vector >= encoder.low) and np.all(vector <= encoder.high)
            assert np.isfinite(vector).all()


def test_games_without_an_encoder_get_feature_hashing() -> None:
    for text in FIRST_VARIANTS:
        game = rennbahn.load_game(text)
        own = importlib.util.find_spec(f"rennbahn.interop.encoders.{game.NAME}") is not None
        assert isinstance(encoder_for(game), HashingEncoder) != own, game.NAME
    assert isinstance(encoder_for(rennbahn.load_game("gibgas")), GibGasEncoder)


def test_hashing_is_the_same_in_every_process() -> None:
    """CRC-32, not Python's salted hash: a vector means the same thing in every run."""
    observation = {"a": [1, 2.5, None], "b": {"c": "x", "d": True}}
    code = (
        "from rennbahn.interop.encoders import HashingEncoder, encode; "
        f"print(encode(HashingEncoder(), {observation!r}).tolist())"
    )
    runs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       check=True).stdout
        for _ in range(2)
    }
    assert len(runs) == 1
    assert runs.pop().strip() == str(encode(HashingEncoder(), observation).tolist())


def test_hashing_tells_values_apart() -> None:
    encoder = HashingEncoder()
    one = encode(encoder, {"speed": 200, "card": "pit"})
    assert not np.array_equal(one, encode(encoder, {"speed": 210, "card": "pit"}))
    assert not np.array_equal(one, encode(encoder, {"speed": 200, "card": "die"}))
    assert np.array_equal(one, encode(encoder, {"card": "pit", "speed": 200}))


def test_gibgas_vector_does_not_hold_hidden_hands() -> None:
    """Six drivers: the other hands are unknown (I15), so their hand block stays zero."""
    game = rennbahn.load_game("gibgas(players=6)")
    encoder = encoder_for(game)
    assert isinstance(encoder, GibGasEncoder)
    state = random_states("gibgas(players=6)", seed=1)[40]
    vector = encode(encoder, state.observation(0))
    d, head = encoder.driver, encoder.head.size
    for place in range(6):
        base = head + place * d.size
        known = vector[base + d["hand_known"]]
        hand = vector[base + d["hand"]: base + d["hand"] + 9]
        assert known == (1.0 if place == 0 else 0.0)
        assert hand.any() == (place == 0)
    # and the same observation, resampled hidden parts and all, gives the same vector
    sample = state.resample_from_infostate(0, random.Random(3))
    assert np.array_equal(encode(encoder, sample.observation(0)), vector)


def test_gibgas_vector_puts_the_observer_first() -> None:
    game = rennbahn.load_game("gibgas(players=3)")
    encoder = encoder_for(game)
    assert isinstance(encoder, GibGasEncoder)
    state = random_states("gibgas(players=3)", seed=2)[30]
    d, head = encoder.driver, encoder.head.size
    for seat in range(3):
        vector = encode(encoder, state.observation(seat))
        damage = vector[head + d["damage"]] * 18
        assert damage == state.observation(seat)["drivers"][seat]["damage"]
