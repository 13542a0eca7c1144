"""Observation encoders: fixed size, within bounds, deterministic, built from the seat's view."""

from __future__ import annotations

import math
import random
import subprocess
import sys

import numpy as np
import pytest

import rennbahn
from rennbahn.core.protocol import JSON
from rennbahn.core.registry import game_entry
from rennbahn.core.views import View
from rennbahn.games.gibgas.encoder import GibGasEncoder
from rennbahn.interop.encoders import HashingEncoder, encode, encode_state, encoder_for
from tests.interop.cases import FIRST_VARIANTS, VARIANTS, random_states


@pytest.mark.parametrize("variant", VARIANTS)
def test_vectors_have_the_size_and_bounds_declared(variant: str) -> None:
    game = rennbahn.load_game(variant)
    encoder = encoder_for(game)
    for state in random_states(variant, seed=4, every=5):
        for seat in range(game.num_players()):
            vector = encode(encoder, state.view(seat))
            assert vector.shape == (encoder.size,)
            assert vector.dtype == np.float32
            assert np.all(vector >= encoder.low) and np.all(vector <= encoder.high)
            assert np.isfinite(vector).all()


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_vector_from_the_state_is_the_vector_of_the_seats_view(variant: str) -> None:
    """``encode_state`` reads the state without building the view: the same floats, at every
    seat (hidden cards included: a seat's vector holds only its own)."""
    game = rennbahn.load_game(variant)
    encoder = encoder_for(game)
    compared = 0
    for state in random_states(variant, seed=1, every=3):
        for seat in range(game.num_players()):
            expected = encode(encoder, state.view(seat))
            assert np.array_equal(encode_state(encoder, state, seat), expected), (
                seat, state.to_text())
            compared += 1
    assert compared > 20


def test_games_without_an_encoder_get_feature_hashing() -> None:
    for text in FIRST_VARIANTS:
        game = rennbahn.load_game(text)
        own = game_entry(game.NAME).encoder is not None
        assert isinstance(encoder_for(game), HashingEncoder) != own, game.NAME
    assert isinstance(encoder_for(rennbahn.load_game("gibgas")), GibGasEncoder)


def test_hashing_is_the_same_in_every_process() -> None:
    """CRC-32, not Python's salted hash: a vector means the same thing in every run."""
    observation = {"a": [1, 2.5, None], "b": {"c": "x", "d": True}}
    code = (
        "import numpy as np; from rennbahn.interop.encoders import HashingEncoder; "
        "encoder = HashingEncoder(); out = np.zeros(encoder.size, dtype=np.float32); "
        f"encoder.encode_into({observation!r}, out); print(out.tolist())"
    )
    runs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       check=True).stdout
        for _ in range(2)
    }
    assert len(runs) == 1
    assert runs.pop().strip() == str(_hashed(HashingEncoder(), observation).tolist())


def _hashed(encoder: HashingEncoder, observation: dict[str, JSON]) -> np.ndarray:
    out = np.zeros(encoder.size, dtype=np.float32)
    encoder.encode_into(observation, out)
    return out


class _Speed(View, frozen=True, kw_only=True):
    speed: int
    card: str


class _CardFirst(View, frozen=True, kw_only=True):
    card: str
    speed: int


def test_hashing_tells_values_apart() -> None:
    encoder = HashingEncoder()
    one = encode(encoder, _Speed(speed=200, card="pit"))
    assert not np.array_equal(one, encode(encoder, _Speed(speed=210, card="pit")))
    assert not np.array_equal(one, encode(encoder, _Speed(speed=200, card="die")))
    assert np.array_equal(one, encode(encoder, _CardFirst(card="pit", speed=200)))
    assert np.array_equal(one, _hashed(encoder, {"card": "pit", "speed": 200}))


def test_gibgas_vector_does_not_hold_hidden_hands() -> None:
    """Six drivers: the other hands are unknown (I15), so their hand block stays zero."""
    game = rennbahn.load_game("gibgas(players=6)")
    encoder = encoder_for(game)
    assert isinstance(encoder, GibGasEncoder)
    state = random_states("gibgas(players=6)", seed=1)[40]
    vector = encode(encoder, state.view(0))
    d, head = encoder.driver, encoder.head.size
    for place in range(6):
        base = head + place * d.size
        known = vector[base + d["hand_known"]]
        hand = vector[base + d["hand"]: base + d["hand"] + 9]
        assert known == (1.0 if place == 0 else 0.0)
        assert hand.any() == (place == 0)
    # and the same observation, resampled hidden parts and all, gives the same vector
    sample = state.resample_from_infostate(0, random.Random(3))
    assert np.array_equal(encode(encoder, sample.view(0)), vector)


def test_gibgas_vector_puts_the_observer_first() -> None:
    game = rennbahn.load_game("gibgas(players=3)")
    encoder = encoder_for(game)
    assert isinstance(encoder, GibGasEncoder)
    state = random_states("gibgas(players=3)", seed=2)[30]
    d, head = encoder.driver, encoder.head.size
    for seat in range(3):
        vector = encode(encoder, state.view(seat))
        damage = vector[head + d["damage"]] * 18
        assert damage == state.observation(seat)["drivers"][seat]["damage"]


@pytest.mark.parametrize("variant", FIRST_VARIANTS)
def test_every_game_has_its_own_bounded_encoder_with_named_features(variant: str) -> None:
    encoder = encoder_for(rennbahn.load_game(variant))
    assert not isinstance(encoder, HashingEncoder)
    assert math.isfinite(encoder.low) and math.isfinite(encoder.high)
    names = encoder.feature_names()
    assert len(names) == encoder.size
    assert len(set(names)) == encoder.size, "feature names repeat"


def test_an_unknown_game_falls_back_to_hashing() -> None:
    class Unknown:
        NAME = "no_such_game_here"

        def __str__(self) -> str:
            return self.NAME

    assert isinstance(encoder_for(Unknown()), HashingEncoder)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", FIRST_VARIANTS)
def test_vectors_depend_only_on_what_the_seat_knows(variant: str) -> None:
    """A state resampled from a seat's information state gives that seat the same vector."""
    game = rennbahn.load_game(variant)
    encoder = encoder_for(game)
    rng = random.Random(5)
    for state in random_states(variant, seed=6, every=25):
        if state.is_terminal():
            continue
        for seat in range(game.num_players()):
            sample = state.resample_from_infostate(seat, rng)
            assert np.array_equal(encode(encoder, sample.view(seat)),
                                  encode(encoder, state.view(seat)))


def _block(encoder: object, vector: np.ndarray, prefix: str) -> dict[str, float]:
    names = encoder.feature_names()  # type: ignore[attr-defined]
    return {name[len(prefix):]: float(v) for name, v in zip(names, vector, strict=True)
            if name.startswith(prefix)}


def test_von0auf100_cars_are_squares_licences_and_the_symbols_ahead() -> None:
    game = rennbahn.load_game("von0auf100(players=3)")
    encoder = encoder_for(game)
    state = random_states("von0auf100(players=3)", seed=3)[60]
    observation = state.observation(1)
    vector = encode(encoder, state.view(1))
    target = observation["target"]
    track = observation["track"]
    for colour, square in observation["cars"].items():
        car = _block(encoder, vector, f"car_{colour}.")
        assert round(car["square"] * target) == square
        assert car["mine"] == (colour in observation["licences"])
        ahead = track[square:square + 10]  # square s shows the card laid s-th (1-based)
        for name, codes in (("can", "12345"), ("turbo", "x"), ("oil", "o")):
            steps = [step for step, code in enumerate(ahead, start=1) if code in codes]
            assert car[f"next={name}"] == pytest.approx((11 - steps[0]) / 10 if steps else 0)
    head = _block(encoder, vector, "")
    assert head["my_turn"] == (observation["to_move"] == 1)
    for kind in ".12345xo":
        assert head[f"track={kind}"] == pytest.approx(track.count(kind) / len(track))


def test_von0auf100_vector_tells_positions_not_layouts() -> None:
    """No block gives the kind of every square, which let a learner tell races apart instead
    of reading the positions (the encoder's docstring has the figures)."""
    encoder = encoder_for(rennbahn.load_game("von0auf100(players=2)"))
    names = encoder.feature_names()
    assert len(names) == encoder.size < 300
    assert not any(name.startswith("track=1:") or ".ahead=" in name for name in names)


@pytest.mark.parametrize(
    "variant", ["von0auf100(players=2)", "von0auf100(players=3,finish=past_card)"])
def test_von0auf100_shows_what_each_can_would_do_and_who_places_it(variant: str) -> None:
    """The moves a can would make are the rules' (I2, I3: the card under the car), the free
    cars are the legal moves, and the cans still to come are the placing order's (I7)."""
    from rennbahn.games.von0auf100.components import KIND_CODES, move_by

    game = rennbahn.load_game(variant)
    encoder = encoder_for(game)
    seen_oil = seen_cross = seen_theirs = 0
    for state in random_states(variant, seed=7, every=3):
        to_move = state.current_player()
        for seat in range(game.num_players()):
            observation = state.observation(seat)
            if observation["phase"] != "race":
                continue
            vector = encode(encoder, state.view(seat))
            head = _block(encoder, vector, "")
            on, start, cans = observation["on"], observation["start"], observation["cans"]
            for can in range(1, 6):
                placer = (start + can - 1) % game.num_players()
                to_come = len(on) < can <= cans
                assert head[f"mine_to_come={can}"] == float(to_come and placer == seat)
                assert head[f"theirs_to_come={can}"] == float(to_come and placer != seat)
            track, target = observation["track"], observation["target"]
            for index, (colour, square) in enumerate(observation["cars"].items()):
                car = _block(encoder, vector, f"car_{colour}.")
                kind = KIND_CODES.index(track[square - 1]) if 0 < square <= len(track) else 0
                assert car[f"here={KIND_CODES[kind]}"] == 1.0
                racing = colour not in observation["out"]
                if to_move == seat:
                    assert car["free"] == float(index in state.legal_actions(seat))
                for can in range(1, 6):
                    steps = move_by(kind, can) if racing else 0
                    assert car[f"move={can}"] == pytest.approx(steps / 10)
                    crosses = racing and square + steps >= target
                    assert car[f"crosses={can}"] == float(crosses)
                    seen_cross += crosses
                seen_oil += racing and KIND_CODES[kind] == "o"
                if car["free"]:
                    steps = move_by(kind, observation["next_can"])
                    assert car["move_next"] == pytest.approx(steps / 10)
                    assert car["crosses_next"] == float(square + steps >= target)
                else:
                    assert car["move_next"] == car["crosses_next"] == 0.0
            seen_theirs += sum(head[f"theirs_to_come={can}"] for can in range(1, 6)) > 0
    assert seen_oil and seen_cross and seen_theirs  # the playout covers what is checked


def test_grandprix_puts_the_observers_car_first() -> None:
    game = rennbahn.load_game("grandprix(players=3)")
    encoder = encoder_for(game)
    state = random_states("grandprix(players=3)", seed=3)[40]
    longest = encoder.longest  # type: ignore[attr-defined]
    for seat in range(3):
        observation = state.observation(seat)
        vector = encode(encoder, state.view(seat))
        for place in range(3):
            car = _block(encoder, vector, f"car{place}.")
            progress = observation["cars"][(seat + place) % 3]["progress"]
            assert round(car["progress"] * longest) == progress


def test_ausgebremst_cars_stand_on_the_slots_the_moves_name() -> None:
    game = rennbahn.load_game("ausgebremst(players=3)")
    encoder = encoder_for(game)
    state = random_states("ausgebremst(players=3)", seed=3)[80]
    observation = state.observation(2)
    vector = encode(encoder, state.view(2))
    order = [2, 0, 1, 3, 4, 5]  # the observer's car, the next seats', the neutral cars
    for place, index in enumerate(order):
        car = _block(encoder, vector, f"car{place}.")
        space = observation["cars"][index]["space"]
        lit = [name for name, v in car.items() if name.startswith("slot=") and v == 1.0]
        assert lit == [f"slot={space}"]
    hand = _block(encoder, vector, "hand=")
    for value in range(1, 7):
        assert round(hand[str(value)] * 3) == observation["me"]["hand"].count(value)
