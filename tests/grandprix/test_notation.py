"""Grand Prix notation: states and moves read back exactly; bad input says what is allowed."""

from __future__ import annotations

import random

import pytest

import rennbahn
from rennbahn.core.driver import sample_chance
from rennbahn.core.protocol import CHANCE
from tests.grandprix.scenarios import FULL, PREFIX, at, names, play

FOUR = "0,0,0,0"


@pytest.mark.parametrize(
    "text",
    [
        f"- {FOUR} 0:choose 0",
        f"sc? {FOUR} 0:place 1",
        f"ssss {FOUR} 2:draw 4",
        "Pc<ssc<c<sxGc> 0,3,7*,1 3:choose 14",
        f"{FULL} 0,17,30,41 1:stand2 70",
        f"{FULL} 42,0,30,41 over:0 70",
        f"{PREFIX[12]} 2,2,0,12* 0:roll 16",
    ],
)
def test_states_read_back_exactly(text: str) -> None:
    state = at(text)
    assert state.to_text() == text
    again = at(state.to_text())
    for seat in range(4):
        assert again.legal_actions(seat) == state.legal_actions(seat)
        assert again.observation(seat) == state.observation(seat)


def test_random_games_read_back_at_every_step() -> None:
    game = rennbahn.load_game("grandprix(players=3)")
    rng = random.Random(11)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            assert game.state_from_text(state.to_text()).to_text() == state.to_text()
            if state.is_chance_node():
                state.apply_action(sample_chance(state.chance_outcomes(), rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("- 0,0,0,0 0:choose", "4 fields"),
        ("sz 0,0,0,0 0:choose 1", "card letter"),
        ("sT 0,0,0,0 0:choose 2", "bottom card"),
        ("s 0,0,0 0:choose 1", "expected 4 cars"),
        ("s 0,2,0,0 0:choose 1", "progress from 0 to 1"),
        ("s 0,a,0,0 0:choose 1", "progress"),
        ("sc<A 3,3,0,0 0:choose 3", "card 3 \\(accident\\) holds more cars"),
        ("sc<A 2,2,2,0 0:choose 3", "card 2"),
        (f"{FULL} 0,0,0,0 0:choose 40", "I17"),
        (f"{FULL} 0,0,0,0 over:1 40", "winner"),
        (f"{FULL} 42,0,0,0 1:roll 40", "race is over"),
        ("s 0,0,0,0 4:choose 1", "seat 0 to 3"),
        ("s 0,0,0,0 0:fly 1", "phase must be"),
        ("s 0,0,0,0 0:place 1", "'place'"),
        ("sc? 0,0,0,0 0:choose 1", "'place'"),
        ("ss? 0,0,0,0 0:place 1", "two ways"),
        (f"{PREFIX[19]} 0,0,0,0 0:draw 19", "'draw'"),
        (f"{FULL} 5,0,0,0 0:stand3 40", "grandstand"),
        ("s 0,0,0,0 0:choose 9999", "turns played"),
        ("- 0,0 over:- 5", "I18"),
        (f"{FULL} 11*,0,0,0 0:roll 50", "misses its turn"),
        (f"{PREFIX[7]} 0,0,7*,0 2:choose 9", "I13"),
    ],
)
def test_malformed_states_say_what_is_wrong(text: str, message: str) -> None:
    game = rennbahn.load_game("grandprix(players=2)" if text.startswith("- 0,0 ") else
                              "grandprix")
    with pytest.raises(rennbahn.NotationError, match=message):
        game.state_from_text(text)


def test_moves_and_chance_outcomes_have_unique_readable_names() -> None:
    state = at(f"s {FOUR} 0:choose 1")
    assert names(state) == ["build", "roll"]
    play(state, "build")
    assert names(state) == ["straight", "curve", "accident", "pit", "oil", "grandstand"]
    play(state, "curve")
    assert names(state) == ["left", "right"]
    state = at(f"{FULL} {FOUR} 0:roll 40")
    assert names(state) == ["1", "2", "3", "4", "5", "6"]
    assert state.string_to_action(CHANCE, "6") == 5


def test_illegal_moves_are_refused_and_change_nothing() -> None:
    state = at(f"s {FOUR} 0:choose 1")
    before = state.to_text()
    with pytest.raises(rennbahn.IllegalActionError, match="legal"):
        state.apply_action(2)  # 'left' while choosing
    with pytest.raises(rennbahn.IllegalActionError, match="build, roll"):
        state.string_to_action(0, "fly")
    assert state.to_text() == before
    state = at(f"{FULL} {FOUR} 0:roll 40")
    with pytest.raises(rennbahn.IllegalActionError):
        state.apply_action(6)  # a card drawn while the die rolls
    assert state.to_text() == f"{FULL} {FOUR} 0:roll 40"


def test_nothing_is_hidden_so_resampling_gives_the_state() -> None:
    state = play(at(f"ssss {FOUR} 2:choose 4"), "build", "pit", "roll", "4")
    for seat in range(4):
        sample = state.resample_from_infostate(seat, random.Random(seat))
        assert sample.to_text() == state.to_text()
        assert sample.information_state_string(seat) == state.information_state_string(seat)
    assert state.information_state_string(0).endswith("2:build c:pit 3:roll c:4")
