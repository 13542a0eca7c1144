"""Grand Prix scenario tests: each starts from state notation and plays moves by notation.

"I<n>" names the interpretation in docs/rules/grandprix.md that a test covers. The track
``FULL`` (see scenarios.py) has the accident at card 3, the pit stop at 7, the oil slick at
12, the grandstand at 17 and the turnaround at 21; progress 42 is home.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from pathlib import Path

import pytest

import rennbahn
from rennbahn.core.driver import random_step
from rennbahn.core.protocol import CHANCE, TERMINAL
from rennbahn.games.grandprix.components import (
    CURVE,
    TURN_LEFT,
    Spreading,
    load_stack,
    segment_bounds,
)
from tests.grandprix.scenarios import FULL, PREFIX, at, names, play

FOUR = "0,0,0,0"


def cars(state: rennbahn.State) -> str:
    return state.to_text().split()[1]


# -- I1: the cards -------------------------------------------------------------------------
def test_i1_the_22_cards_include_the_two_large_ones_by_default() -> None:
    assert load_stack("with_large").size == 20
    assert load_stack("with_large").events == 4
    assert load_stack("plus_large").size == 22
    game = rennbahn.load_game("grandprix")
    state = play(game.new_initial_state(), "build")
    assert state.current_player() == CHANCE
    assert math.isclose(sum(p for _, p in state.chance_outcomes()), 1.0)


def test_i1_plus_large_still_draws_after_twenty_cards() -> None:
    state = at(f"{PREFIX[20]} {FOUR} 0:choose 20", "grandprix(stack=plus_large)")
    play(state, "build")
    assert state.current_player() == CHANCE
    assert names(state) == ["straight", "curve"]


def test_i1_a_stack_file_can_be_loaded_by_path(tmp_path: Path) -> None:
    path = tmp_path / "short.json"
    path.write_text(json.dumps({"straight": 3, "curve": 3, "pit": 1, "oil": 1}))
    game = rennbahn.load_game("grandprix", stack=str(path), event_gap=1)
    assert game.stack.size == 8 and game.stack.events == 2  # type: ignore[attr-defined]
    with pytest.raises(rennbahn.ParameterError, match="no Grand Prix stack"):
        rennbahn.load_game("grandprix", stack="no_such_stack")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"wing": 3}))
    with pytest.raises(rennbahn.ParameterError, match="card kinds"):
        rennbahn.load_game("grandprix", stack=str(bad))


# -- I2: spreading the event cards ---------------------------------------------------------
def obeying_stacks(size: int, gap: int, spread: str) -> list[tuple[int, ...]]:
    """Every placing of four event cards that I2 allows, by brute force."""
    bounds = segment_bounds(size, 4)
    return [
        places for places in itertools.combinations(range(size), 4)
        if all(b - a - 1 >= gap for a, b in itertools.pairwise(places))
        and (spread == "gap" or all(bounds[j] <= p < bounds[j + 1] for j, p in enumerate(places)))
    ]


@pytest.mark.parametrize(
    ("size", "gap", "spread"),
    [(20, 2, "parts"), (22, 2, "parts"), (20, 1, "parts"), (22, 3, "parts"),
     (20, 1, "gap"), (20, 2, "gap"), (22, 5, "gap")],
)
def test_i2_every_obeying_stack_is_equally_likely(size: int, gap: int, spread: str) -> None:
    spreading = Spreading(size, 4, gap, spread)
    valid = obeying_stacks(size, gap, spread)
    total = 0.0
    for places in valid:
        chance, last = 1.0, -1000
        for i in range(size):
            p = spreading.event_chance(i, sum(1 for q in places if q < i), last)
            if i in places:
                chance *= p
                last = i
            else:
                chance *= 1 - p
        assert math.isclose(chance, 1 / len(valid))
        total += chance
    assert math.isclose(total, 1.0)


def test_i2_a_quarter_without_its_event_forces_one() -> None:
    state = play(at(f"ssss {FOUR} 0:choose 4"), "build")
    assert state.chance_outcomes() == [(8, 0.25), (9, 0.25), (10, 0.25), (11, 0.25)]
    assert names(state) == ["accident", "pit", "oil", "grandstand"]


def test_i2_no_event_follows_another_closely() -> None:
    state = play(at(f"sA {FOUR} 0:choose 4"), "build")
    assert state.chance_outcomes() == [(6, 7 / 15), (7, 8 / 15)]
    with pytest.raises(rennbahn.NotationError, match="I2"):
        at(f"AsP {FOUR} 0:choose 4")
    with pytest.raises(rennbahn.NotationError, match="I2"):
        at(f"sAsssPs {FOUR} 0:choose 8", "grandprix(event_gap=4)")


@pytest.mark.parametrize("spread", ["parts", "gap"])
def test_i2_event_cards_never_come_up_right_after_one_another(spread: str) -> None:
    """I2: whatever the reading, event_gap is at least 1, so two events are never adjacent."""
    game = f"grandprix(spread={spread},event_gap=1)"
    with pytest.raises(rennbahn.NotationError, match="I2"):
        at(f"ssssAP {FOUR} 0:choose 8", game)
    state = play(at(f"ssssA {FOUR} 0:choose 8", game), "build")
    assert names(state) == ["straight", "curve"]
    with pytest.raises(rennbahn.ParameterError, match="event_gap"):
        rennbahn.load_game(f"grandprix(spread={spread},event_gap=0)")


def test_i2_spread_gap_keeps_only_the_gap() -> None:
    """I2, spread=gap: events one card apart are fine, wherever in the stack they lie."""
    state = at(f"AsP {FOUR} 0:choose 4", "grandprix(spread=gap,event_gap=1)")
    assert state.to_text() == f"AsP {FOUR} 0:choose 4"
    play(state, "build")
    assert names(state) == ["straight", "curve"]  # right after the pit stop: no event
    play(state, "straight", "build")
    assert names(state) == ["straight", "curve", "oil", "grandstand"]
    # ... while spread=parts keeps one event card in each quarter (five cards each).
    with pytest.raises(rennbahn.NotationError, match="I2"):
        at(f"AsP {FOUR} 0:choose 4", "grandprix(spread=parts,event_gap=1)")


def test_i2_spread_gap_may_leave_the_events_to_the_end() -> None:
    """I2, spread=gap: no part must hold an event, so the first ten cards may all be plain."""
    state = play(at(f"{'s' * 8}c<c> {FOUR} 0:choose 12", "grandprix(spread=gap,event_gap=1)"),
                 "build")
    assert names(state) == ["curve", "accident", "pit", "oil", "grandstand"]
    with pytest.raises(rennbahn.NotationError, match="I2"):
        at(f"{'s' * 8}c<c> {FOUR} 0:choose 12", "grandprix(spread=parts,event_gap=1)")


def test_i2_an_impossible_gap_is_refused() -> None:
    with pytest.raises(rennbahn.ParameterError, match="event_gap"):
        rennbahn.load_game("grandprix", event_gap=8)


def test_i2_the_turnaround_comes_after_the_last_card_without_chance() -> None:
    state = play(at(f"{PREFIX[20]} {FOUR} 3:choose 43"), "build")
    assert state.to_text() == f"{FULL} {FOUR} 0:roll 44"
    assert state.full_history() == [(3, 0)]


# -- I3, I19, I20: the start --------------------------------------------------------------
def test_i3_i19_i20_the_start() -> None:
    state = rennbahn.load_game("grandprix").new_initial_state()
    assert state.to_text() == f"- {FOUR} 0:choose 0"
    assert state.current_player() == 0
    assert names(state) == ["build", "roll"]
    assert all(car["card"] == 0 for car in state.observation(0)["cars"])
    play(state, "roll", "1")  # I19: allowed, but nothing is laid yet (I4)
    assert state.to_text() == f"- {FOUR} 1:choose 1 die=0:1:0"


# -- I4, I5: rolling beyond the laid track -------------------------------------------------
def test_i4_a_roll_beyond_the_track_is_void() -> None:
    state = play(at(f"sc<A {FOUR} 0:choose 4"), "roll", "4")
    assert state.to_text() == f"sc<A {FOUR} 1:choose 5 die=0:4:0"
    play(state, "roll", "3")
    assert state.to_text() == "sc<A 0,3,0,0 2:choose 6 die=1:3:0"


def test_i5_the_void_roll_comes_before_a_full_card() -> None:
    state = play(at(f"{PREFIX[5]} 0,2,2,0 0:roll 8"), "6")
    assert cars(state) == "0,2,2,0"
    state = play(at(f"{PREFIX[5]} 0,2,2,0 0:roll 8"), "5")
    assert cars(state) == "1,2,2,0"


# -- I6, I7: turning back and finishing ----------------------------------------------------
def test_i6_the_turnaround_is_one_space_and_the_car_drives_back() -> None:
    state = play(at(f"{FULL} 20,0,0,0 0:roll 52"), "3")
    car = state.observation(0)["cars"][0]
    assert car == {"seat": 0, "progress": 23, "card": 19, "returning": True, "home": False,
                   "misses_turn": False}


@pytest.mark.parametrize("game", ["grandprix", "grandprix(oncoming=pass)"])
def test_i6_cars_on_the_turnaround_still_count_as_outward(game: str) -> None:
    state = play(at(f"{FULL} 19,21,21,0 0:roll 52", game), "4")
    assert cars(state) == "20,21,21,0"


@pytest.mark.parametrize("roll", ["2", "6"])
def test_i7_the_finish_needs_no_exact_roll(roll: str) -> None:
    state = play(at(f"{FULL} 40,0,30,0 0:roll 52"), roll)
    assert state.to_text() == f"{FULL} 42,0,30,0 over:0 52 die=0:{roll}:40"
    assert state.current_player() == TERMINAL
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]


def test_i7_cars_in_the_way_still_stop_a_car_before_home() -> None:
    state = play(at(f"{FULL} 38,40,40,0 0:roll 52"), "6")
    assert cars(state) == "39,40,40,0"
    assert not state.is_terminal()


# -- I8-I11: full cards --------------------------------------------------------------------
def test_i8_two_cars_stop_a_third_behind_them() -> None:
    assert cars(play(at(f"{FULL} 1,5,5,0 0:roll 52"), "6")) == "4,5,5,0"
    assert cars(play(at(f"{FULL} 4,5,5,0 0:roll 52"), "1")) == "4,5,5,0"
    assert cars(play(at(f"{FULL} 3,5,0,0 0:roll 52"), "3")) == "6,5,0,0"


def test_i9_returning_cars_pass_two_outward_cars() -> None:
    assert cars(play(at(f"{FULL} 31,10,10,0 0:roll 52"), "1")) == "32,10,10,0"
    assert cars(play(at(f"{FULL} 31,10,10,0 0:roll 52"), "2")) == "33,10,10,0"
    # ... but not two cars that are also on their way back.
    assert cars(play(at(f"{FULL} 31,32,32,0 0:roll 52"), "3")) == "31,32,32,0"


@pytest.mark.parametrize(
    ("game", "expected"),
    [("grandprix", "9,32,32,0"), ("grandprix(oncoming=pass)", "11,32,32,0")],
)
def test_i10_outward_cars_meeting_returning_cars(game: str, expected: str) -> None:
    assert cars(play(at(f"{FULL} 8,32,32,0 0:roll 52", game), "3")) == expected


def test_i10_one_of_each_direction_fills_a_card_for_outward_cars() -> None:
    assert cars(play(at(f"{FULL} 8,10,32,0 0:roll 52"), "3")) == "9,10,32,0"
    assert cars(play(at(f"{FULL} 8,10,32,0 0:roll 52", "grandprix(oncoming=pass)"), "3")) \
        == "11,10,32,0"


@pytest.mark.parametrize("roll", ["3", "4"])
def test_i11_one_car_blocks_the_accident(roll: str) -> None:
    assert cars(play(at(f"{FULL} 0,3,0,0 0:roll 52"), roll)) == "2,3,0,0"


BLOCK = "grandprix(accident_blocks_return=block)"
PASS_NOT_STOP = "grandprix(accident_blocks_return=pass_not_stop)"
#: The values of accident_blocks_return, and the spellings of the yes/no parameter it was
#: until version 5 (true is block, false pass_not_stop).
ACCIDENT_VALUES = ["pass_not_stop", "block", "true", "false"]
#: The issue 25 position: four cars, seat 0 coming back on card 6 (progress 36), seat 1 on
#: its way out on the accident card (card 3, progress 39 on the way back).
ISSUE_25 = f"{FULL} 36,3,0,0 0:roll 52"


def test_i11_the_default_is_pass_not_stop_and_the_old_spellings_still_read() -> None:
    """I11: the default is the literal reading; stored game strings that say true or false
    load as block and pass_not_stop, and the canonical game string writes the new names."""
    assert "accident_blocks_return=pass_not_stop" in str(rennbahn.load_game("grandprix"))
    for old, new in (("true", "block"), ("false", "pass_not_stop"), ("True", "block")):
        game = rennbahn.load_game(f"grandprix(accident_blocks_return={old})")
        assert f"accident_blocks_return={new}," in str(game)
    assert "=block," in str(rennbahn.load_game("grandprix", accident_blocks_return=True))
    with pytest.raises(rennbahn.ParameterError, match="pass_not_stop, block"):
        rennbahn.load_game("grandprix(accident_blocks_return=pass)")


@pytest.mark.parametrize("value", ACCIDENT_VALUES)
def test_i11_issue25_no_value_lets_a_second_car_stop_on_the_accident(value: str) -> None:
    """I11, issue 25 point 5: "Only one car may stand here". A roll of 3 would end on the
    accident card, where seat 1's outward car stands: with every value the returning car
    stops one card before it, at 38 (accident_blocks_return=false ended at 39)."""
    state = play(at(ISSUE_25, f"grandprix(players=4,accident_blocks_return={value})"), "3")
    assert state.to_text() == f"{FULL} 38,3,0,0 1:roll 53 die=0:3:36"
    record = state.roll_record()
    assert record is not None
    assert record.result == ("short" if value in ("block", "true") else "taken")


@pytest.mark.parametrize(("value", "end"),
                         [("pass_not_stop", 41), ("false", 41), ("block", 38), ("true", 38)])
def test_i11_issue25_pass_not_stop_drives_over_the_occupied_accident(value: str,
                                                                      end: int) -> None:
    """I11, issue 25 point 6: a returning car is not "following behind" the outward car on
    the accident, and may "drive past" oncoming cars: with pass_not_stop a 5 takes it over
    the accident card to 41; with block the car on it stops it one card before, at 38."""
    state = play(at(ISSUE_25, f"grandprix(players=4,accident_blocks_return={value})"), "5")
    assert cars(state) == f"{end},3,0,0"


def test_i11_block_a_car_on_the_accident_stops_returning_cars_too() -> None:
    """I11 with accident_blocks_return=block: the car on the accident stops returning cars."""
    # The review's case: the car at 38 (card 4, coming back) meets the outward car on card 3.
    state = play(at(f"{FULL} 38,3,0,0 0:roll 52", BLOCK), "1")
    assert state.to_text() == f"{FULL} 38,3,0,0 1:roll 53 die=0:1:38"
    assert cars(play(at(f"{FULL} 38,3,0,0 0:roll 52", BLOCK), "3")) == "38,3,0,0"
    assert cars(play(at(f"{FULL} 36,3,0,0 0:roll 52", BLOCK), "5")) == "38,3,0,0"
    # Once the accident card is free, the returning car drives on over it (and home).
    assert cars(play(at(f"{FULL} 38,5,0,0 0:roll 52", BLOCK), "3")) == "41,5,0,0"


def test_i11_pass_not_stop_returning_cars_pass_but_never_stop_on_the_accident() -> None:
    """I9/I11 with the default pass_not_stop: the outward car on the accident is one more
    oncoming car to drive past, but the card takes no second car."""
    state = play(at(f"{FULL} 38,3,0,0 0:roll 52", PASS_NOT_STOP), "1")
    assert state.to_text() == f"{FULL} 38,3,0,0 1:roll 53 die=0:1:38"
    record = state.roll_record()
    assert record is not None and record.result == "taken" and record.driven == 0
    assert cars(play(at(f"{FULL} 38,3,0,0 0:roll 52", PASS_NOT_STOP), "2")) == "40,3,0,0"
    assert cars(play(at(f"{FULL} 38,3,0,0 0:roll 52", PASS_NOT_STOP), "3")) == "41,3,0,0"
    # ... but a returning car on it stops the next returning car: it is following behind.
    assert cars(play(at(f"{FULL} 38,39,0,0 0:roll 52", PASS_NOT_STOP), "3")) == "38,39,0,0"
    # A car it passes the accident for and then finds a full card: it may not stop on the
    # accident either, so it stands one card before it (two returning cars on card 2).
    state = play(at(f"{FULL} 38,3,40,40 0:roll 52", PASS_NOT_STOP), "3")
    assert cars(state) == "38,3,40,40"
    record = state.roll_record()
    assert record is not None and record.result == "taken"


@pytest.mark.parametrize("seat", range(4))
def test_i11_block_can_lock_the_race_pass_not_stop_cannot(seat: int) -> None:
    """I11, why block is not the default: seat 1's outward car on the accident (card 3) faces
    two returning cars on card 4, full for it (I10); with block they wait for it, and no roll
    of any seat moves any car, until the turn limit (I18). With pass_not_stop they drive on."""
    locked = f"{FULL} 38,3,38,2 {seat}:roll {52 + seat}"
    for face in "123456":
        assert cars(play(at(locked, BLOCK), face)) == "38,3,38,2"
    moved = {cars(play(at(locked, PASS_NOT_STOP), face)) for face in "123456"}
    assert (len(moved) > 1) == (seat in (0, 2))


@pytest.mark.parametrize("value", ["pass_not_stop", "block"])
def test_i10_i11_a_returning_car_on_the_accident_blocks_outward_ones(value: str) -> None:
    """I10, I11: an outward car counts the returning car on the accident (oncoming=block);
    with oncoming=pass it drives over the card but never stops on it."""
    game = f"grandprix(accident_blocks_return={value})"
    assert cars(play(at(f"{FULL} 0,39,0,0 0:roll 52", game), "4")) == "2,39,0,0"
    game = f"grandprix(oncoming=pass,accident_blocks_return={value})"
    assert cars(play(at(f"{FULL} 0,39,0,0 0:roll 52", game), "4")) == "4,39,0,0"
    state = play(at(f"{FULL} 0,39,0,0 0:roll 52", game), "3")  # issue 25: not onto card 3
    assert cars(state) == "2,39,0,0"
    record = state.roll_record()
    assert record is not None and record.result == "taken"


# The issue's layouts: turnaround on card 21, the accident on card 20 or 19.
ACCIDENT_20 = "sc<Gc>sc<Pc>sc<sOc>sc<ssc>sAT"
ACCIDENT_19 = "sc<Gc>sc<Pc>sc<sOc>sc<ssc>AsT"
ALL_READINGS = [
    "grandprix",
    "grandprix(oncoming=pass)",
    BLOCK,
    "grandprix(oncoming=pass,accident_blocks_return=block)",
]


@pytest.mark.parametrize("game", ALL_READINGS)
@pytest.mark.parametrize("roll", range(1, 7))
def test_i11_a_car_on_the_accident_does_not_block_itself_on_the_way_back(
    game: str, roll: int
) -> None:
    """I11 (regression, issue 9): the car standing on the accident drives out over the
    turnaround and back across its own card; it is not one of the cars that block it."""
    state = play(at(f"{ACCIDENT_20} 20,0,0,0 0:roll 52", game), str(roll))
    assert cars(state) == f"{20 + roll},0,0,0"


@pytest.mark.parametrize("game", ALL_READINGS)
def test_i11_a_car_one_card_before_the_turnaround_passes_its_own_accident(game: str) -> None:
    """I11: from the accident on card 19 a 5 goes 20, 21 (turnaround), 22, 23 (card 19,
    which it has just left) to 24."""
    state = play(at(f"{ACCIDENT_19} 19,0,0,0 0:roll 52", game), "5")
    assert cars(state) == "24,0,0,0"


@pytest.mark.parametrize(("game", "four", "two"), [(BLOCK, 22, 22), (PASS_NOT_STOP, 25, 22)])
def test_i11_another_car_on_the_accident_on_the_way_back(game: str, four: int,
                                                         two: int) -> None:
    """I11: a returning car coming up to the accident with an outward car on it stops before
    it (block), or drives over it (pass_not_stop) but never stops on it (a 2 would)."""
    assert cars(play(at(f"{ACCIDENT_19} 19,21,0,0 1:roll 53", game), "4")) == f"19,{four},0,0"
    assert cars(play(at(f"{ACCIDENT_19} 19,21,0,0 1:roll 53", game), "2")) == f"19,{two},0,0"


def test_i11_driving_continues_once_the_accident_is_free() -> None:
    state = play(at(f"{FULL} 2,3,0,0 1:roll 53"), "2")
    assert cars(state) == "2,5,0,0" and state.current_player() == CHANCE
    play(state, "1", "1", "1")  # seats 2, 3, then 0 onto the accident card
    assert cars(state) == "3,5,1,1"


# -- I12, I13: pit stop and oil slick ------------------------------------------------------
def test_i12_passing_an_event_card_does_nothing() -> None:
    assert cars(play(at(f"{FULL} 5,0,0,0 0:roll 52"), "4")) == "9,0,0,0"


def test_i12_stopping_on_the_pit_stop_also_when_blocked_there() -> None:
    assert cars(play(at(f"{FULL} 5,0,0,0 0:roll 52"), "2")) == "7*,0,0,0"
    assert cars(play(at(f"{FULL} 5,8,8,0 0:roll 52"), "4")) == "7*,8,8,0"


def test_i12_a_car_that_does_not_move_does_not_stop_again() -> None:
    assert cars(play(at(f"{PREFIX[7]} 7,0,0,0 0:roll 8"), "1")) == "7,0,0,0"
    assert cars(play(at(f"{FULL} 7,8,8,0 0:roll 52"), "1")) == "7,8,8,0"


def test_i12_events_act_on_the_way_back() -> None:
    assert cars(play(at(f"{FULL} 34,0,0,0 0:roll 52"), "1")) == "35*,0,0,0"  # pit stop
    assert cars(play(at(f"{FULL} 28,0,0,0 0:roll 52"), "2")) == "30*,0,0,0"  # oil slick


def test_i13_the_driver_misses_his_next_turn() -> None:
    state = play(at(f"{PREFIX[7]} 7*,0,0,0 3:choose 11"), "roll", "6")
    assert state.to_text() == f"{PREFIX[7]} 7,0,0,6 1:choose 13 die=3:6:0"


def test_i13_the_seat_to_move_never_carries_the_missed_turn_mark() -> None:
    """I13: a driver who must miss a turn is passed over at once, so notation that marks the
    seat to move is an impossible state, refused (it used to cost that car a later turn)."""
    with pytest.raises(rennbahn.NotationError, match=r"misses its turn.*passed over.*I13"):
        at(f"{FULL} 12*,0,0,0 0:roll 52")
    with pytest.raises(rennbahn.NotationError, match="I13"):
        at(f"{FULL} 0,17*,0,0 1:stand2 53")
    # The mark belongs to other seats, and the car is passed over when its turn comes.
    state = play(at(f"{FULL} 12*,0,0,4 3:roll 51"), "1")
    assert state.to_text() == f"{FULL} 12,0,0,5 1:roll 53 die=3:1:4"


def test_i13_the_oil_slick_too() -> None:
    state = play(at(f"{FULL} 10,0,0,0 0:roll 52"), "2")
    assert state.to_text() == f"{FULL} 12*,0,0,0 1:roll 53 die=0:2:10"
    play(state, "1", "2", "3")  # seats 1, 2, 3; seat 0 is passed over
    assert state.to_text() == f"{FULL} 12,1,2,3 1:roll 57 die=3:3:0"


# -- I14: the grandstand -------------------------------------------------------------------
def test_i14_the_grandstand_offers_the_number_again() -> None:
    state = play(at(f"{FULL} 15,0,0,0 0:roll 52"), "2")
    assert state.to_text() == f"{FULL} 17,0,0,0 0:stand2 52 die=0:2:15"
    assert names(state) == ["again", "stay"]
    assert state.observation(0)["rolled"] == 2
    assert play(state.clone(), "again").to_text() == f"{FULL} 19,0,0,0 1:roll 53 die=0:2:15"
    assert play(state, "stay").to_text() == f"{FULL} 17,0,0,0 1:roll 53 die=0:2:15"


def test_i14_the_second_drive_goes_as_far_as_the_track_allows() -> None:
    state = play(at(f"{PREFIX[19]} 14,0,0,0 0:roll 32"), "3", "again")
    assert state.to_text() == f"{PREFIX[19]} 19,0,0,0 1:choose 33 die=0:3:14"


def test_i14_no_question_when_the_second_drive_gains_nothing() -> None:
    state = play(at(f"{PREFIX[17]} 16,0,0,0 0:roll 32"), "1")
    assert state.to_text() == f"{PREFIX[17]} 17,0,0,0 1:choose 33 die=0:1:16"
    state = play(at(f"{FULL} 16,18,18,0 0:roll 52"), "1")
    assert state.to_text() == f"{FULL} 17,18,18,0 1:roll 53 die=0:1:16"


def test_i14_the_second_drive_can_end_on_the_oil_slick() -> None:
    state = play(at(f"{FULL} 20,0,0,0 0:roll 52"), "5", "again")
    assert state.to_text() == f"{FULL} 30*,0,0,0 1:roll 53 die=0:5:20"


def test_i7_i14_the_second_drive_can_reach_home(tmp_path: Path) -> None:
    """I14 with I7: the grandstand's second drive on the way back may carry the car home."""
    path = tmp_path / "straights.json"
    path.write_text(json.dumps({"straight": 16, "accident": 1, "pit": 1, "oil": 1,
                                "grandstand": 1}))
    track = "sGsssAssssPssssOssssT"  # grandstand at card 2; turnaround 21, home 42
    state = play(at(f"{track} 38,0,0,0 0:roll 52", f"grandprix(stack={path})"), "2")
    assert state.to_text() == f"{track} 40,0,0,0 0:stand2 52 die=0:2:38"
    play(state, "again")
    assert state.to_text() == f"{track} 42,0,0,0 over:0 52 die=0:2:38"
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]


@pytest.mark.parametrize(
    ("before", "roll", "after"),
    [("15,18,18,0", "4", "17,18,18,0"),   # on the way out: two cars on card 18
     ("22,26,26,0", "5", "25,26,26,0")],  # on the way back: two returning cars on card 16
)
def test_i8_i12_i14_a_full_card_stops_the_car_on_the_grandstand(
    before: str, roll: str, after: str
) -> None:
    """I8, I12, I14: the grandstand acts, but the second drive meets the same full card, so it
    gains nothing; the driver is not asked and the rest of the roll is lost."""
    state = play(at(f"{FULL} {before} 0:roll 52"), roll)
    assert state.to_text() == f"{FULL} {after} 1:roll 53 die=0:{roll}:{before.split(',')[0]}"
    # A roll ending on the grandstand with the way ahead free does ask.
    free = play(at(f"{FULL} {before.split(',')[0]},0,0,0 0:roll 52"), str(int(roll) - 2))
    assert names(free) == ["again", "stay"]


# -- I15-I17: laying the track -------------------------------------------------------------
@pytest.mark.parametrize(("way", "heading"), [("left", "north"), ("right", "south")])
def test_i15_the_builder_turns_a_curve(way: str, heading: str) -> None:
    state = play(at(f"s {FOUR} 0:choose 4"), "build", "curve")
    assert state.to_text() == f"sc? {FOUR} 0:place 4"
    assert names(state) == ["left", "right"]
    assert state.observation(0)["ways"] == ["left", "right"]
    play(state, way)
    code = "<" if way == "left" else ">"
    assert state.to_text() == f"sc{code} {FOUR} 1:choose 5"
    card = state.observation(0)["track"][2]
    assert (card["x"], card["y"], card["from"], card["to"]) == (2, 0, "east", heading)


def test_i15_a_way_that_walls_in_the_open_end_is_not_offered() -> None:
    # c>Gc>sc> curls round the start; turning right next would shut the cell (0, 1) in.
    state = at(f"c>Gc>sc> {FOUR} 0:choose 8")
    assert state.placements(CURVE) == (TURN_LEFT,)
    play(state, "build", "curve")  # I17: one legal way, laid without asking
    assert state.to_text() == f"c>Gc>sc>c< {FOUR} 1:choose 9"


def test_i15_the_track_may_not_run_into_itself() -> None:
    with pytest.raises(rennbahn.NotationError, match="I15"):
        at(f"c<c<c< {FOUR} 0:choose 4")


SET_ASIDE = "grandprix(dead_end=set_aside)"


def test_i16_a_builder_may_not_leave_a_card_no_place() -> None:
    """I16 (dead_end=avoid, the default): turning the curve left would leave the open end
    pointing at the pit stop two cards on (Pc<ssc<c<s), where a straight finds no place; so
    only right is allowed, and the curve is laid right without asking (I17)."""
    state = play(at(f"Pc<ssc< {FOUR} 0:choose 8"), "build", "curve")
    assert state.to_text() == f"Pc<ssc<c> {FOUR} 1:choose 9"
    assert state.observation(0)["set_aside"] == []
    other = play(at(f"Pc<ssc< {FOUR} 0:choose 8", SET_ASIDE), "build", "curve")
    assert names(other) == ["left", "right"]


@pytest.mark.parametrize("game", ["grandprix(players=2)", "grandprix(stack=plus_large)"])
def test_i16_every_card_of_the_stack_is_laid_in_random_races(game: str) -> None:
    """I16: random builders (the worst) lay every card, all the way to the turnaround."""
    loaded = rennbahn.load_game(game)
    rng = random.Random(16)
    for _ in range(25):
        state = loaded.new_initial_state()
        while not state.is_terminal():
            random_step(state, rng)
        drawn = state.to_text().split()[0]
        assert "x" not in drawn
        assert len(state.observation(0)["track"]) == loaded.stack.size + 2  # type: ignore[attr-defined]


def test_i16_a_way_into_a_dead_end_is_refused_in_notation() -> None:
    with pytest.raises(rennbahn.NotationError, match="dead_end=avoid, I16"):
        at(f"Pc<ssc<c<s {FOUR} 0:choose 8")
    with pytest.raises(rennbahn.NotationError, match="none is set aside"):
        at(f"sxc {FOUR} 0:choose 4")


def test_i16_set_aside_a_card_that_fits_nowhere_is_set_aside() -> None:
    # The open end of Pc<ssc<c<s points south at the pit stop: nothing may go straight on.
    state = play(at(f"Pc<ssc<c<s {FOUR} 0:choose 8", SET_ASIDE), "build", "grandstand")
    assert state.to_text() == f"Pc<ssc<c<sxG {FOUR} 1:choose 9"
    assert state.observation(0)["set_aside"] == ["grandstand"]
    assert len(state.observation(0)["track"]) == 8
    play(state, "build", "straight")
    assert state.to_text() == f"Pc<ssc<c<sxGxs {FOUR} 2:choose 10"
    play(state, "build", "curve")  # a curve fits one way only (I17)
    assert state.to_text() == f"Pc<ssc<c<sxGxsc> {FOUR} 3:choose 11"


def test_i16_set_aside_a_card_marked_set_aside_must_really_fit_nowhere() -> None:
    with pytest.raises(rennbahn.NotationError, match="I16"):
        at(f"sxc {FOUR} 0:choose 4", SET_ASIDE)


def test_i17_after_the_turnaround_the_die_rolls_at_once() -> None:
    state = at(f"{FULL} {FOUR} 2:roll 42")
    assert state.current_player() == CHANCE
    assert state.legal_actions(2) == []
    assert state.observation(2)["turn"] == 2
    play(state, "3")
    assert state.to_text() == f"{FULL} 0,0,3,0 3:roll 43 die=2:3:0"


# -- I18: the turn limit -------------------------------------------------------------------
def test_i18_the_turn_limit_ends_the_race_undecided() -> None:
    state = play(at("- 0,0 1:choose 9", "grandprix(players=2,turn_limit=10)"), "roll", "3")
    assert state.to_text() == "- 0,0 over:- 10 die=1:3:0"
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0]
