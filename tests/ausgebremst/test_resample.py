"""Resampling hidden hands (I26): consistent with everything the seat saw, and replayable."""

from __future__ import annotations

import random

from rennbahn.core.protocol import CHANCE
from rennbahn.games.ausgebremst.rules import AusgebremstState
from tests.ausgebremst.conftest import load, notation, play


def _replayed(sample: AusgebremstState) -> str:
    origin = sample._origin
    assert isinstance(origin, AusgebremstState)
    state = origin._copy()
    state._log = []
    for actor, action, _ in sample._log:
        assert action in state.legal_actions(actor if actor != CHANCE else None)
        state.apply_action(action)
    return state.to_text()


def test_i26_resampled_hands_fit_the_plays_and_the_shown_hand() -> None:
    cars = {0: "5i:1:m:R:235:333333:111111:-", 1: "6i:1:m:R:146:323232:101212:-",
            2: "20i:1:m:R:-:111111:000000:-"}
    state = load(notation(cars))
    play(state, "2>7o", "card2")
    play(state, "4>10i", "card6")  # seat 1 plays a 4 and draws in secret
    seen_by_0 = state.information_state_string(0)
    assert "c:?" in seen_by_0
    for seed in range(20):
        sample = state.resample_from_infostate(0, random.Random(seed))
        assert isinstance(sample, AusgebremstState)
        assert sample.information_state_string(0) == seen_by_0
        assert sample.observation_string(0) == state.observation_string(0)
        assert sample.hand[0] == state.hand[0]
        assert len(sample.hand[1]) == 3
        # seat 1 held its 4 at the origin: it is in the resampled origin hand
        origin = sample._origin
        assert isinstance(origin, AusgebremstState) and 4 in origin.hand[1]
        assert _replayed(sample) == sample.to_text()
    hands = {state.resample_from_infostate(0, random.Random(s)).hand[1] for s in range(30)}
    assert len(hands) > 1  # really resampled


def test_i7_a_shown_hand_survives_resampling() -> None:
    cars = {0: "5i:1:m:R:235:333333:111111:-", 1: "4i:1:m:R:1:323232:101212:-",
            2: "20i:1:m:R:-:111111:000000:-", 3: "5o:1:m:R:-:111111:000000:-"}
    state = load(notation(cars, head="1/1 234501 5 i0 - -"))
    play(state, "pass:1")
    sample = state.resample_from_infostate(0, random.Random(3))
    assert isinstance(sample, AusgebremstState)
    assert sample.hand[1] == (1,)
