"""The notation reader refuses positions the rules cannot reach (issue 10; docs: Notation).

Each regression starts from a consistent position and changes one thing, as the review's
hand-made cases did; the reader must answer with a NotationError that says what is wrong.
"""

from __future__ import annotations

import pytest

import rennbahn
from rennbahn import NotationError

FAMILY = "ausgebremst(players=2)"
ADVANCED = "ausgebremst(players=2,mode=advanced)"
TWO_RACES = "ausgebremst(players=2,races=1+2)"
OFF = " | ".join(["0i:0:-:O:-:000000:444556:-"] * 4)
OFF_ADVANCED = " | ".join(["0i:0:-:O:-:000000:444556:-:-:-:------:-"] * 4)
CAR0 = "5i:1:m:R:123:333333:000111:-"
CAR1 = "20i:1:m:R:456:333333:111000:-"
#: Seat 0 to move on Bleifuss-Drom; the neutral cars are out of cards.
GOOD = f"1/1 234501 4 i0 - - | {CAR0} | {CAR1} | {OFF} | -"
STACKS = "210000/002000/000200/000033:a:112344:24"
GOOD_ADVANCED = (f"1/1 234501 4 i0 - - | 10i:1:m:R:35:000000:110102:-:{STACKS} | "
                 f"25i:1:m:R:12:000000:001112:-:{STACKS} | {OFF_ADVANCED} | -")


def refused(text: str, game: str, reason: str) -> None:
    with pytest.raises(NotationError, match=reason):
        rennbahn.load_game(game).state_from_text(text)


def test_the_consistent_positions_are_read() -> None:
    for text, game in ((GOOD, FAMILY), (GOOD_ADVANCED, ADVANCED)):
        assert rennbahn.load_game(game).state_from_text(text).to_text() == text


def test_two_cars_on_one_space() -> None:
    refused(GOOD.replace("20i:", "5i:"), FAMILY, "two racing cars stand on one space")


def test_a_deck_of_nines_is_more_cards_than_the_deck_holds() -> None:
    refused(GOOD.replace("R:123:333333", "R:123:999999"), FAMILY, r"its cards .* are")


def test_a_hand_of_sixes_with_no_sixes_left() -> None:
    """Car 1 has played one 6 and holds 6s still in its deck: 666 in hand makes 6 of them."""
    refused(GOOD.replace("R:456:", "R:666:"), FAMILY, "its deck is 444444")


def test_a_finished_car_has_crossed_the_line_four_times() -> None:
    finished = GOOD.replace("20i:1:m:R:456:", "20i:1:m:F:456:").replace("i0 - -", "i0 - 1")
    refused(finished, FAMILY, "crossed the line 4 times exactly when it has finished")


def test_the_finish_order_lists_each_finished_car_once() -> None:
    refused(GOOD.replace("i0 - -", "i0 - 0"), FAMILY, "finish order 0 must list")
    twice = GOOD.replace("20i:1:m:R:456:", "20i:4:m:F:456:").replace("i0 - -", "i0 - 11")
    refused(twice, FAMILY, "finish order 11 must list")


def test_a_negative_idle_count() -> None:
    refused(GOOD.replace(" i0 ", " i-1 "), FAMILY, "idle count i-1")


def test_gear_stacks_that_contradict_the_gears() -> None:
    """Gears 112344 put the 3s on stack 2; here stack 1 holds them."""
    wrong = GOOD_ADVANCED.replace("210000/002000/", "212000/000000/", 1)
    refused(wrong, ADVANCED, "gear stack 1 holds 3s")


def test_a_queue_step_for_a_car_that_does_not_exist() -> None:
    """Queue d7 made legal_actions() raise IndexError."""
    refused(GOOD.replace("4 i0 - -", "4+ i0 d7 -"), FAMILY, "queue step d7")
    refused(GOOD.replace("4 i0 - -", "4+ i0 d3 -"), FAMILY, "queue step d3")  # neutral


def test_table_places_out_of_range() -> None:
    """Table 9.9.9.9.9.9/pppppp made returns() raise IndexError."""
    second = GOOD.replace("1/1 234501", "2/2 234501").replace("20i:", "21i:").removesuffix("-")
    refused(second + "9.9.9.9.9.9/pppppp", TWO_RACES, "table places 9.9.9.9.9.9")
    assert rennbahn.load_game(TWO_RACES).state_from_text(
        second + "0.0.1.0.0.0/------").returns() == [0.0, 0.0]


def test_the_table_fits_the_race_number() -> None:
    first = GOOD.replace("1/1 ", "1/2 ").removesuffix("-")
    refused(first + "0.0.1.0.0.0/------", TWO_RACES, "the table holds 1")


def test_a_hand_is_refilled_while_cards_are_left() -> None:
    refused(GOOD.replace("R:123:333333:000111", "R:12:333333:001111"), FAMILY,
            "a hand is refilled to 3")


def test_a_queue_that_fits_no_phase() -> None:
    """A draw waits only right after the car's card (turn done, +) or in the deal."""
    refused(GOOD.replace("4 i0 - -", "4 i0 d0 -"), FAMILY, "fits neither the set-up")


def test_the_blind_draw_only_at_the_start() -> None:
    refused(GOOD.replace("1/1 ", "L "), FAMILY, r"before the blind draw \(L\)")
    start = rennbahn.load_game(FAMILY).new_initial_state().to_text()
    assert rennbahn.load_game(FAMILY).state_from_text(start).to_text() == start


def test_a_neutral_car_holds_no_hand() -> None:
    off = "0i:0:-:O:-:000000:444556:-"
    refused(GOOD.replace(off, "6o:1:m:R:1:111111:333445:-", 1), FAMILY,
            "a neutral car holds no hand")


def test_the_family_game_has_no_deck_choice_steps() -> None:
    refused(GOOD.replace("4 i0 - -", "4+ i0 k0 -"), FAMILY, "only the advanced game")
