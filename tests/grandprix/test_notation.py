"""Grand Prix notation: states and moves read back exactly; bad input says what is allowed."""

from __future__ import annotations

import random

import pytest

import rennbahn
from rennbahn.core.driver import random_step, sample_chance
from rennbahn.core.protocol import CHANCE
from tests.grandprix.scenarios import FULL, PREFIX, at, names, play

FOUR = "0,0,0,0"


@pytest.mark.parametrize(
    "text",
    [
        f"- {FOUR} 0:choose 0",
        f"sc? {FOUR} 0:place 4",
        f"ssss {FOUR} 2:draw 6",
        "Pc<ssc<c>Osc<sc<c>c>s 0,3,7*,1 3:choose 19",
        f"{FULL} 0,17,30,41 1:stand2 73 die=1:2:15",
        f"{FULL} 42,0,30,41 over:0 72 die=0:2:40",
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


def test_i16_set_aside_cards_read_back_exactly() -> None:
    text = "Pc<ssc<c<sxGc> 0,3,1*,0 3:choose 15"
    state = at(text, "grandprix(dead_end=set_aside)")
    assert state.to_text() == text
    assert state.observation(0)["set_aside"] == ["grandstand"]


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


def test_the_turn_survives_notation_at_the_end_of_a_race() -> None:
    """Regression (issue 10, item 8): a finished race read back lost whose turn it was."""
    game = rennbahn.load_game("grandprix(players=2)")
    state = game.state_from_text("c<c>Pc<c<c>AssssOsc<sc>sc<GsT 25,42 over:1 59 die=1:3:39")
    assert state.observation(0)["turn"] == 1
    rng = random.Random(1)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            random_step(state, rng)
        again = game.state_from_text(state.to_text())
        for seat in range(2):
            assert again.observation(seat) == state.observation(seat)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("- 0,0,0,0 0:choose", "4 fields"),
        ("sz 0,0,0,0 0:choose 4", "card letter"),
        ("sT 0,0,0,0 0:choose 4", "bottom card"),
        ("s 0,0,0 0:choose 3", "expected 4 cars"),
        ("s 0,2,0,0 0:choose 4", "progress.*from 0 to 1"),
        ("s 0,a,0,0 0:choose 1", "progress"),
        ("sc<A 3,3,0,0 0:choose 4", "card 3 \\(accident\\) holds more cars"),
        ("sc<A 2,2,2,0 0:choose 4", "card 2"),
        (f"{FULL} 0,0,0,0 0:choose 40", "I17"),
        (f"{FULL} 0,0,0,0 over:1 40", "winner"),
        (f"{FULL} 42,0,0,0 1:roll 41", "race is over"),
        ("s 0,0,0,0 4:choose 1", "seat 0 to 3"),
        ("s 0,0,0,0 0:fly 1", "phase must be"),
        ("s 0,0,0,0 0:place 4", "'place'"),
        ("sc? 0,0,0,0 0:choose 4", "'place'"),
        ("ss? 0,0,0,0 0:place 4", "two ways"),
        (f"{PREFIX[19]} 0,0,0,0 0:draw 20", "'draw'"),
        (f"{FULL} 5,0,0,0 0:stand3 40", "grandstand"),
        ("s 0,0,0,0 0:choose 10000", "turns played"),
        ("- 0,0 over:- 5", "I18"),
        (f"{FULL} 12*,0,0,0 0:roll 52", "misses its turn"),
        (f"{PREFIX[7]} 0,0,7*,0 2:choose 10", "I13"),
        # Issue 10, item 1: inconsistent states are refused, saying what is wrong.
        (f"{FULL} 42,42,0,0 over:0 52", "cars 0, 1 are all home.*I7"),
        (f"{FULL} 40,30,20,10 0:roll 0", "too few"),
        (f"{FULL} 0,0,0,0 1:roll 52", "seat 0's turn, not seat 1's"),
        (f"{FULL} 42,0,0,0 over:0 53", "seat 1's turn, not seat 0's"),
        (f"{FULL} 0,0,5*,0 0:roll 52", "does not stand on a pit stop"),
        (f"{FULL} 17,18,18,0 0:stand6 52", "gain nothing.*I14"),
        ("s 0,0,0,0 0:choose 04", "turns played.*whole number"),
        ("s 0,0,0,0 0:choose \u0664", "turns played.*whole number"),
        ("s 0,0,0,0 0:choose " + "9" * 5000, "turns played.*whole number"),
        ("s 0,\u00b9,0,0 0:choose 4", "progress"),
        ("s 0,0,0,0 0\u0660:choose 4", "seat"),
        ("s 0,0,0,0 over:\u0660 4", "over:"),
        (f"{PREFIX[5]}c<c<c<c< 0,0,0,0 0:choose 12", "cannot be laid"),
        (f"{PREFIX[19]}sT {FOUR} 0:roll 4", "too few"),
        # The last roll (issue 12): it must explain where the car that rolled stands.
        ("c<c>s 0,2 0:choose 4 die=1:2", "die=SEAT:FACE:FROM"),
        ("c<c>s 0,2 0:choose 4 die=1:7:0", "die=SEAT:FACE:FROM"),
        ("c<c>s 0,2 0:choose 4 die=2:2:0", "seat that rolled"),
        ("c<c>s 0,2 0:choose 4 die=1:2:04", "progress the roll started from"),
        ("c<c>s 0,2 0:choose 4 die=1:3:0", "drives to 3, not to 2"),
        ("c<c>s 0,2 0:choose 4 die=1:2:0 x", "4 fields"),
        ("c<c>s 0,2 0:draw 4 die=1:2:0", "drawing a card ends the record"),
        (f"{FULL} 17,0,0,0 0:stand2 52 die=0:3:14", "the 2 it rolled"),
        (f"{FULL} 42,0,30,0 over:0 52 die=2:1:29", "won by seat 0's roll"),
        (f"{FULL} 17,0,0,0 0:stand2 52", "follows a roll: write it"),
        (f"{FULL} 42,0,0,0 over:0 52", "follows a roll: write it"),
        (f"{FULL} 5,3,0,0 1:roll 53 die=0:2:3", "card 3 \\(accident\\) holds more.*back where"),
    ],
)
def test_malformed_states_say_what_is_wrong(text: str, message: str) -> None:
    two = text.startswith(("- 0,0 ", "c<c>s 0,2 "))
    game = rennbahn.load_game("grandprix(players=2)" if two else "grandprix")
    with pytest.raises(rennbahn.NotationError, match=message):
        game.state_from_text(text)


@pytest.mark.parametrize("game", [
    "grandprix", "grandprix(accident_blocks_return=block)", "grandprix(oncoming=pass)",
    "grandprix(oncoming=pass,accident_blocks_return=block)",
    "grandprix(accident_blocks_return=false)",
])
@pytest.mark.parametrize("text", [f"{FULL} 39,3,0,0 0:roll 52",
                                  f"{FULL} 41,3,0,0 1:roll 53 die=0:2:39"])
def test_i11_two_cars_on_the_accident_are_refused_with_every_reading(game: str,
                                                                     text: str) -> None:
    """I11, issue 25: "Only one car may stand here". No value of accident_blocks_return or
    oncoming lets a car stop on the accident card while another stands there, so a state
    with an outward and a returning car on it cannot be reached, and the reader refuses it,
    also as the place the last roll started from (car 0 back at 39 would share card 3)."""
    with pytest.raises(rennbahn.NotationError, match=r"accident.*only one car.*I11"):
        rennbahn.load_game(game).state_from_text(text)


def test_moves_and_chance_outcomes_have_unique_readable_names() -> None:
    state = at(f"s {FOUR} 0:choose 4")
    assert names(state) == ["build", "roll"]
    play(state, "build")
    assert names(state) == ["straight", "curve", "accident", "pit", "oil", "grandstand"]
    play(state, "curve")
    assert names(state) == ["left", "right"]
    state = at(f"{FULL} {FOUR} 0:roll 40")
    assert names(state) == ["1", "2", "3", "4", "5", "6"]
    assert state.string_to_action(CHANCE, "6") == 5


def test_illegal_moves_are_refused_and_change_nothing() -> None:
    state = at(f"s {FOUR} 0:choose 4")
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


@pytest.mark.parametrize(
    "text",
    [f"s {FOUR} 0:choose 4", f"sc? {FOUR} 0:place 4", f"ssss {FOUR} 2:draw 6",
     f"{FULL} {FOUR} 0:roll 52", f"{FULL} 17,0,0,0 0:stand2 52 die=0:2:15",
     f"{FULL} 42,0,0,0 over:0 52 die=0:2:40"],
)
def test_bad_seats_are_refused_as_the_base_class_does(text: str) -> None:
    """The fast paths of legal_actions and apply_action check seats and ids like the core."""
    state = at(text)
    for bad in (-5, 4, True, 1.0, "0", None if state.is_terminal() else -4):
        if bad is None:
            continue
        with pytest.raises(rennbahn.IllegalActionError):
            state.legal_actions(bad)
    chance = [a for a, _ in state.chance_outcomes()]
    assert state.legal_actions(CHANCE) == chance
    assert bool(chance) == state.is_chance_node()
    for bad_action in (True, 1.0, "0", -1, 99):
        with pytest.raises(rennbahn.IllegalActionError):
            state.apply_action(bad_action)
    assert state.to_text() == text


def test_nothing_is_hidden_so_resampling_gives_the_state() -> None:
    state = play(at(f"ssss {FOUR} 2:choose 6"), "build", "pit", "roll", "4")
    for seat in range(4):
        sample = state.resample_from_infostate(seat, random.Random(seat))
        assert sample.to_text() == state.to_text()
        assert sample.information_state_string(seat) == state.information_state_string(seat)
    assert state.information_state_string(0).endswith("2:build c:pit 3:roll c:4")
