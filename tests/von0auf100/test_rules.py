"""Scenario tests for the rules of Von 0 auf 100; each starts from state notation.

"I7" and the like name the interpretations in docs/rules/von0auf100.md; "E1"-"E3" are the
rulebook's own three examples.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rennbahn
from rennbahn.core.protocol import CHANCE, TERMINAL
from rennbahn.games.von0auf100.components import MAX_ROUNDS
from rennbahn.games.von0auf100.rules import Von0auf100State
from tests.von0auf100.states import BIG, SMALL, notation


def load(game: str, text: str) -> Von0auf100State:
    state = rennbahn.load_game(game).state_from_text(text)
    assert isinstance(state, Von0auf100State)
    assert state.to_text() == text
    return state


def play(state: Von0auf100State, *moves: str) -> None:
    for move in moves:
        state.apply_action(state.string_to_action(state.current_player(), move))


def square(state: Von0auf100State, car: str) -> int:
    cars = state.observation(0)["cars"]
    assert isinstance(cars, dict)
    value = cars[car]
    assert isinstance(value, int)
    return value


# -- the rulebook's three examples (big race) -----------------------------------------------
def test_e1_yellow_on_a_can_2_card_moves_five_with_can_3() -> None:
    """E1, I2: square 1 shows a can 2; can 3 on yellow moves it 3 + 2 = 5 squares."""
    state = load("von0auf100", notation(track=BIG, on="RO", pos="1,2,1,0,0,0"))
    assert state.current_player() == 2
    play(state, "Y")
    assert square(state, "Y") == 6


def test_e2_green_on_turbo_moves_ten_with_can_5() -> None:
    """E2: square 5 shows 2x; can 5 on green moves it 2 x 5 = 10 squares."""
    state = load("von0auf100", notation(track=BIG, on="ROYB", pos="1,2,3,5,4,0"))
    play(state, "G")
    assert square(state, "G") == 15


def test_e3_blue_on_an_oil_stain_goes_back_one_with_can_1() -> None:
    """E3, I3: square 9 shows an oil stain; can 1 on blue sets it back one square."""
    state = load("von0auf100", notation(track=BIG, pos="0,0,0,0,9,0"))
    play(state, "B")
    assert square(state, "B") == 8


def test_i2_a_symbol_acts_on_the_next_move_from_its_card() -> None:
    """I2: landing on a card does nothing; its symbol counts when the car moves on from it."""
    state = load("von0auf100", notation(track=BIG, pos="6,0,0,0,0,0"))
    play(state, "R")  # can 1 from square 6 (plain) lands on square 7 (can 3)
    assert square(state, "R") == 7
    play(state, "O", "Y", "G", "B")  # the round ends
    play(state, "R")  # can 1 from the can-3 card: 1 + 3
    assert square(state, "R") == 11


def test_i2_the_start_card_is_plain() -> None:
    """I2: the start/target card shows no symbol."""
    state = load("von0auf100", notation(track=BIG, on="RO", pos="1,2,0,0,0,0"))
    play(state, "Y")
    assert square(state, "Y") == 3


def test_i3_oil_with_a_high_can_stops_at_the_first_card() -> None:
    """I3: from the earliest oil stain possible (square 6) can 5 reaches square 1, not less."""
    track = BIG[:5] + "o" + BIG[6:8] + "." + BIG[9:]  # squares 6 and 9 swapped
    state = load("von0auf100", notation(track=track, on="ROYG", pos="1,2,3,4,6,0"))
    play(state, "B")
    assert square(state, "B") == 1


# -- I1: the start/target card counts as one square --------------------------------------------
def test_i1_the_start_target_card_is_one_square() -> None:
    """I1: from the last track card (18) can 1 crosses the line; from 17 it does not."""
    state = load("von0auf100(race=small)", notation(pos="17,0,0,0,0,18"))
    play(state, "P")  # unowned purple: 18 + 1 reaches the start/target card
    assert state.observation(0)["out"] == ["P"]
    assert square(state, "P") == 19
    play(state, "R")  # can 2 from 17: across, red is seat 0's
    assert state.is_terminal()


def test_i1_a_car_one_short_stays_in_the_race() -> None:
    """I1: landing on the last track card is not crossing the line."""
    state = load("von0auf100(race=small)", notation(pos="17,0,0,0,0,0"))
    play(state, "R")
    assert square(state, "R") == 18
    assert state.observation(0)["out"] == []
    assert not state.is_terminal()


PAST = "von0auf100(race=small,finish=past_card)"


def test_i1_past_card_a_car_on_the_start_target_card_is_short_of_the_line() -> None:
    """I1, finish=past_card: from the last track card (18) can 1 only reaches the start/target
    card (square 19): the car is still racing; can 2 from 18 goes past it, across."""
    state = load(PAST, notation(pos="0,0,0,0,0,18", on="-"))
    play(state, "P")
    assert square(state, "P") == 19
    assert state.observation(0)["out"] == []
    play(state, "B")  # can 2 from 0
    play(state, "R", "O", "Y")  # cans 3-5: red 0 -> 3, orange 0 -> 4, yellow 0 -> 5
    assert state.observation(0)["round"] == 6
    play(state, "P")  # round 6, can 1 from the start/target card: past the line
    assert state.observation(0)["out"] == ["P"]
    assert square(state, "P") == 20
    assert state.observation(0)["finishes"] == [[1, "P", None, "crossed"]]


def test_i1_past_card_the_owner_wins_only_past_the_card() -> None:
    """I1, finish=past_card: red (seat 0) on 18 with can 1 stops on the card; the game goes
    on; a car that moves from 17 with can 3 is across at once."""
    state = load(PAST, notation(pos="18,0,17,0,0,0"))
    play(state, "R")
    assert not state.is_terminal()
    assert square(state, "R") == 19
    play(state, "O", "Y")  # can 3 on yellow (seat 1): 17 + 3 = 20, past the card
    assert state.is_terminal()
    assert state.returns() == [0.0, 1.0, 0.0, 0.0]


def test_i1_past_card_the_start_target_card_shows_no_symbol() -> None:
    """I1, I2, finish=past_card: in the big race a car on the start/target card (square 37)
    moves by the can alone, and the notation reads the square back."""
    game = "von0auf100(finish=past_card)"
    state = load(game, notation(track=BIG, on="R", pos="1,0,0,0,0,37"))
    state.apply_action(state.string_to_action(1, "P"))  # can 2: 37 + 2 = 39 > 38
    assert square(state, "P") == 38
    assert state.observation(0)["out"] == ["P"]
    with pytest.raises(rennbahn.NotationError, match="square 38 means out"):
        rennbahn.load_game(game).state_from_text(notation(track=BIG, pos="0,0,0,0,0,38",
                                                                last="-"))


def test_i1_on_card_is_the_default() -> None:
    """I1: the default game string reads finish=on_card (the line is reached on the card)."""
    game = rennbahn.load_game("von0auf100")
    assert "finish=on_card" in str(game)
    assert rennbahn.load_game("von0auf100(race=small)").state_from_text(
        notation(pos="0,0,0,0,0,19", fin="1:P-", cans=4, wd=1)).observation(0)["out"] == ["P"]


# -- I4, I5: laying the track ------------------------------------------------------------------
def test_i4_no_oil_stain_on_the_first_five_cards() -> None:
    """I4: the first five cards are drawn from the cards without an oil stain."""
    state = rennbahn.load_game("von0auf100").new_initial_state()
    assert state.current_player() == CHANCE
    outcomes = {state.action_to_string(CHANCE, a): p for a, p in state.chance_outcomes()}
    assert "lay oil" not in outcomes
    assert outcomes["lay plain"] == pytest.approx(18 / 32)
    assert outcomes["lay 2x"] == pytest.approx(4 / 32)
    state = load("von0auf100", notation(track=".2.x.", deal="-"))
    outcomes = {state.action_to_string(CHANCE, a): p for a, p in state.chance_outcomes()}
    assert outcomes["lay oil"] == pytest.approx(4 / 31)
    assert outcomes["lay plain"] == pytest.approx(15 / 31)


def test_i4_an_oil_stain_cannot_be_written_on_the_first_five_cards() -> None:
    """I4: the notation refuses a track with an oil stain on square 1-5."""
    game = rennbahn.load_game("von0auf100")
    with pytest.raises(rennbahn.NotationError, match="oil"):
        game.state_from_text(notation(track="..o", deal="-"))


def test_i4_a_forced_card_is_laid_without_a_chance_node() -> None:
    """I4: when the cards left are all of one kind, they are laid at once."""
    state = load("von0auf100", notation(track=BIG[:33] + ".", deal="-"))
    assert [state.action_to_string(CHANCE, a) for a in state.legal_actions()] == [
        "lay plain", "lay oil"]
    play(state, "lay oil")
    assert state.observation(0)["track"] == BIG[:33] + ".o."
    assert state.observation(0)["phase"] == "deal"


def test_i4_the_small_race_lays_its_plain_track_without_chance() -> None:
    """I4: the small race's 18 plain cards leave nothing to chance: dealing starts."""
    state = rennbahn.load_game("von0auf100(race=small)").new_initial_state()
    assert state.observation(0)["track"] == SMALL
    assert {state.action_to_string(CHANCE, a) for a in state.legal_actions()} == {
        f"licence {c}" for c in "ROYGBP"}


def test_i5_the_card_mix_is_a_parameter(tmp_path: Path) -> None:
    """I5: another mix loads by name or path; a mix too oily to start with is refused."""
    slippery = rennbahn.load_game("von0auf100(cards=slippery)")
    state = slippery.new_initial_state()
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1)
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps({"plain": 3, "can": {"5": 3}, "turbo": 1, "oil": 2}))
    game = rennbahn.load_game(f"von0auf100(cards={mine})")
    assert game.new_initial_state().observation(0)["length"] == 9
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"plain": 2, "oil": 9}))
    with pytest.raises(rennbahn.ParameterError, match="without an oil stain"):
        rennbahn.load_game(f"von0auf100(cards={bad})")
    with pytest.raises(rennbahn.ParameterError, match="standard"):
        rennbahn.load_game("von0auf100(cards=nosuchmix)")


# -- I6: the licences -------------------------------------------------------------------------
def test_i6_a_licence_is_seen_by_its_holder_only() -> None:
    """I6: seat 0 sees its licence; the others see that a licence was dealt, not which."""
    state = load("von0auf100(race=small)", notation(deal="-"))
    play(state, "licence Y")
    assert state.information_state_string(0).endswith("c:licence Y")
    assert state.information_state_string(1).endswith("c:?")
    assert state.observation(0)["licences"] == ["Y"]
    assert state.observation(1)["licences"] == []
    assert "Y" not in json.dumps(state.observation(1)["owners"])


def test_i6_two_players_are_dealt_two_licences_each_in_turn() -> None:
    """I6: with two players, licences go to seats 0, 1, 0, 1; two stay in the box unseen."""
    state = load("von0auf100(players=2,race=small)", notation(players=2, deal="-"))
    play(state, "licence R", "licence O", "licence Y", "licence G")
    assert state.observation(0)["licences"] == ["R", "Y"]
    assert state.observation(1)["licences"] == ["O", "G"]
    assert state.current_player() == 0
    assert "licence O" not in state.information_state_string(0)
    assert "licence Y" not in state.information_state_string(1)


# -- I7, I8: the round ------------------------------------------------------------------------
def test_i7_cans_go_round_from_the_starting_player_who_passes_the_tile() -> None:
    """I7: with two players seat 0 places cans 1, 3, 5 and seat 1 cans 2, 4; next round
    seat 1 starts."""
    state = load("von0auf100(players=2,race=small)", notation(players=2, deal="RYOG"))
    seats = []
    for car in "ROYGB":
        seats.append(state.current_player())
        play(state, car)
    assert seats == [0, 1, 0, 1, 0]
    assert [square(state, c) for c in "ROYGBP"] == [1, 2, 3, 4, 5, 0]
    assert state.observation(0)["start"] == 1
    assert state.current_player() == 1


def test_i8_one_can_per_driver_card() -> None:
    """I8: cars that already have a can this round cannot get another."""
    state = load("von0auf100(race=small)", notation(on="YB", pos="0,0,1,0,2,0"))
    assert [state.action_to_string(2, a) for a in state.legal_actions()] == ["R", "O", "G", "P"]
    text = state.to_text()
    with pytest.raises(rennbahn.IllegalActionError, match="not a legal move"):
        state.string_to_action(2, "Y")
    with pytest.raises(rennbahn.IllegalActionError):
        state.apply_action(2)  # yellow
    assert state.to_text() == text


def test_i8_no_can_on_a_car_put_aside() -> None:
    """I8: the driver card of a car across the line takes no can."""
    state = load("von0auf100(race=small)", notation(pos="0,19,0,0,0,0", fin="1:O-", cans=4, wd=1))
    assert "O" not in [state.action_to_string(0, a) for a in state.legal_actions()]


# -- I9, I10: withdrawing cans ----------------------------------------------------------------
def test_i9_the_can_is_withdrawn_at_the_next_round() -> None:
    """I9: the round goes on with cans 2-5 after can 1 took an unowned car across; the next
    round has cans 1-4."""
    state = load("von0auf100(race=small)", notation(pos="0,18,0,0,0,0"))
    play(state, "O")
    assert state.observation(0)["out"] == ["O"]
    assert state.observation(0)["pending"] == 1
    for car in "RYGB":
        assert not state.is_terminal()
        play(state, car)
    obs = state.observation(0)
    assert (obs["cans"], obs["withdrawn"], obs["round"], obs["start"]) == (4, 1, 6, 1)
    play(state, "R", "Y", "G", "B")
    assert state.observation(0)["round"] == 7  # four cans make a round now


def test_i10_a_third_unowned_car_withdraws_can_3() -> None:
    """I10: with three players (three unowned cars), the third one across leaves cans 1-2
    for the three cars left: one still stands still each round."""
    text = notation(players=3, deal="RYG", pos="0,19,0,0,19,18", fin="1:O-,1:B-", cans=3,
                    wd=2)
    state = load("von0auf100(players=3,race=small,withdraw=each)", text)
    play(state, "P", "R", "Y")
    obs = state.observation(0)
    assert (obs["cans"], obs["withdrawn"]) == (2, 3)


def test_i10_withdraw_two_keeps_can_3() -> None:
    """I10, parameter withdraw=two: only cans 5 and 4 are withdrawn, so all three cars left
    move each round."""
    text = notation(players=3, deal="RYG", pos="0,19,0,0,19,18", fin="1:O-,1:B-", cans=3,
                    wd=2)
    state = load("von0auf100(players=3,withdraw=two,race=small)", text)
    play(state, "P", "R", "Y")
    obs = state.observation(0)
    assert (obs["cans"], obs["withdrawn"]) == (3, 2)


def test_i10_withdraw_two_never_uses_more_cans_than_cars() -> None:
    """I10: with withdraw=two and two players, four cars across leave two cars and two cans."""
    text = notation(players=2, deal="RYOG", pos="0,19,0,19,19,18", fin="1:G-,1:O-,1:B-",
                    cans=3, wd=2)
    state = load("von0auf100(players=2,withdraw=two,race=small)", text)
    play(state, "P", "R", "Y")  # purple (unowned) across; seats 0 and 1 keep red, yellow
    obs = state.observation(0)
    assert (obs["cans"], obs["withdrawn"]) == (2, 2)
    assert obs["out"] == ["G", "O", "B", "P"]


# -- I11, I12: the end of the race ------------------------------------------------------------
def test_i11_an_owned_car_ends_the_game_and_only_its_licence_is_shown() -> None:
    """I11: green (seat 2) crosses with can 3: seat 2 wins at once, the rest stays hidden."""
    state = load("von0auf100(race=small)", notation(on="RO", pos="1,2,0,16,0,0"))
    play(state, "G")
    assert state.current_player() == TERMINAL
    assert state.returns() == [0.0, 0.0, 1.0, 0.0]
    for seat in range(4):
        obs = state.observation(seat)
        assert obs["owners"] == {"G": 2}
        assert obs["finishes"] == [[1, "G", 2, "crossed"]]
    assert state.observation(1)["licences"] == ["Y"]


def test_i12_two_players_the_first_car_across_is_not_announced() -> None:
    """I12: red, seat 0's first car, crosses like an unowned car (a can goes); yellow, its
    second, ends the game and shows both licences."""
    state = load("von0auf100(players=2,race=small)", notation(players=2, deal="ROYG",
                                                   pos="18,0,17,0,0,0"))
    play(state, "R")
    obs = state.observation(1)
    assert obs["finishes"] == [[1, "R", None, "crossed"]]
    assert obs["owners"] == {}
    assert obs["pending"] == 1
    assert not state.is_terminal()
    play(state, "Y")  # can 2 from 17
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0]
    assert state.observation(1)["owners"] == {"R": 0, "Y": 0}


def test_i12_an_unowned_car_does_not_count_for_two_players() -> None:
    """I12: seat 1's car after an unowned one is still its first: the race goes on."""
    state = load("von0auf100(players=2,race=small)", notation(players=2, deal="ROYP",
                                                   pos="0,0,0,0,18,17"))
    play(state, "B", "P")
    assert not state.is_terminal()
    assert state.observation(0)["out"] == ["B", "P"]


# -- I13, I14, I15: variations ----------------------------------------------------------------
def test_i13_several_races_deal_again_and_pass_the_start() -> None:
    """I13: race 1 won by seat 1 scores it a win; race 2 deals new licences, seat 1 starts."""
    state = load("von0auf100(races=2,race=small)", notation(pos="0,0,18,0,0,0"))
    play(state, "Y")
    obs = state.observation(0)
    assert (obs["race"], obs["score"], obs["phase"], obs["start"]) == (2, [0, 1, 0, 0],
                                                                       "deal", 1)
    assert obs["cars"] == dict.fromkeys("ROYGBP", 0)
    assert obs["licences"] == []
    assert obs["finishes"] == [[1, "Y", 1, "crossed"]]
    assert state.information_state_string(0) == "from " + load(
        "von0auf100(races=2,race=small)", notation(pos="0,0,18,0,0,0")
    ).observation_string(0) + " 0:Y"


def test_i13_the_next_race_starts_with_the_seat_after_the_tile_holder() -> None:
    """I13, I7: race 1 ends in round 3 with seat 2 holding the tile: it passes on, so seat 3
    (not seat 1, as "race r starts with seat r - 1" would have it) starts race 2 and passes
    the tile after its round; race 2 ending with seat 1 holding the tile lets seat 2 start
    race 3."""
    game = "von0auf100(races=3,race=small)"
    state = load(game, notation(round=3, start=2, on="R", pos="1,0,0,0,17,0"))
    play(state, "B")  # can 2 from 17: blue (seat 3) wins race 1
    obs = state.observation(0)
    assert (obs["race"], obs["start"], obs["score"]) == (2, 3, [0, 0, 0, 1])
    play(state, "licence R", "licence O", "licence Y", "licence G")
    assert state.current_player() == 3
    play(state, *"ROYGB")  # a round: seats 3, 0, 1, 2, 3
    assert state.observation(0)["start"] == 0
    text = notation(race=2, round=4, start=1, pos="0,0,0,0,0,18", deal="ROYP",
                    score="0,0,0,1", fin="1:B3")
    state = load(game, text)
    play(state, "P")  # can 1 (seat 1) takes purple, seat 3's, across
    obs = state.observation(0)
    assert (obs["race"], obs["start"], obs["score"]) == (3, 2, [0, 0, 0, 2])


def test_i13_a_race_stopped_after_200_rounds_passes_the_tile_too() -> None:
    """I13, I16: the safety stop ends the race with the round; the tile passes on as after
    any round."""
    state = load("von0auf100(races=2,race=small)", notation(round=MAX_ROUNDS, on="ROYG",
                                                            pos="1,2,3,4,0,0"))
    assert state.observation(0)["start"] == 3  # race 1, round 200
    play(state, "B")
    obs = state.observation(0)
    assert (obs["race"], obs["round"], obs["start"]) == (2, 1, 0)


def test_i13_the_big_race_lays_a_new_track_for_the_next_race() -> None:
    """I13: in the big race every race shuffles and lays the track anew."""
    state = load("von0auf100(races=3)", notation(track=BIG, pos="0,0,36,0,0,0"))
    play(state, "Y")
    assert state.observation(0)["phase"] == "layout"
    assert state.observation(0)["track"] == ""


def test_i14_season_an_owned_car_scores_and_the_race_goes_on() -> None:
    """I14, season_places=owned: in the season green (seat 2) scores 5 and shows its licence;
    the race goes on; an unowned car takes no place."""
    state = load("von0auf100(scoring=season,season_places=owned,races=2,race=small)",
                 notation(pos="0,18,0,18,0,0"))
    play(state, "G", "O")
    obs = state.observation(0)
    assert obs["score"] == [0, 0, 5, 0]
    assert obs["owners"] == {"G": 2}
    assert obs["pending"] == 2
    assert not state.is_terminal()


def test_i14_season_among_three_cars_end_the_race_and_players_are_ranked_by_default() -> None:
    """I14, season_places=among (the default): "A race lasts until three cars have reached
    the target" — orange (unowned) is the second car across, red the third, which ends the
    race; "the first player gets 5 points, the second 3 points": yellow's owner (seat 1) is
    the first player across and red's owner (seat 0) the second."""
    assert "season_places=among" in str(rennbahn.load_game("von0auf100(scoring=season)"))
    state = load("von0auf100(scoring=season,race=small)", notation(pos="18,18,18,0,0,0"))
    play(state, "Y", "O")  # yellow (seat 1) first, orange (nobody's) second
    obs = state.observation(0)
    assert obs["score"] == [0, 5, 0, 0]
    assert not state.is_terminal()
    play(state, "R")  # can 3 from 18: red (seat 0) is the third car, the second player
    assert state.is_terminal()
    assert state.observation(0)["score"] == [3, 5, 0, 0]
    assert state.observation(0)["race_scores"] == [[3, 5, 0, 0]]


def test_i14_season_among_the_issues_order_unowned_a_b() -> None:
    """I14, among: cars across in the order unowned, A, B give A 5 and B 3 (with ``any`` A
    3 and B 1, with ``owned`` the race goes on)."""
    scores = {}
    for places in ("among", "any", "owned"):
        game = f"von0auf100(scoring=season,season_places={places},race=small)"
        state = load(game, notation(pos="18,18,18,0,0,0"))
        play(state, "O", "Y", "R")  # orange (nobody's), yellow (seat 1), red (seat 0)
        scores[places] = (state.observation(0)["score"], state.is_terminal())
    assert scores == {"among": ([3, 5, 0, 0], True), "any": ([1, 3, 0, 0], True),
                      "owned": ([3, 5, 0, 0], False)}


def test_i14_season_places_any_three_cars_of_any_kind_take_the_places() -> None:
    """I14, season_places=any: orange (unowned) takes second place, its 3 points are lost,
    and the third car ends the race with 1 point."""
    state = load("von0auf100(scoring=season,season_places=any,race=small)",
                 notation(pos="18,18,18,0,0,0"))
    play(state, "Y", "O", "R")
    assert state.is_terminal()
    assert state.observation(0)["score"] == [1, 5, 0, 0]


def test_i14_season_three_owned_cars_end_the_race() -> None:
    """I14: the third owned car across scores 1 and ends the race."""
    text = notation(pos="18,0,19,19,0,0", fin="1:Y1,1:G2", score="0,5,3,0", cans=3, wd=2)
    state = load("von0auf100(scoring=season,race=small)", text)
    play(state, "R")
    assert state.is_terminal()
    assert state.observation(0)["score"] == [1, 5, 3, 0]
    assert state.returns() == [0.0, 1.0, 0.0, 0.0]


def test_i14_season_places_any_an_unowned_car_takes_a_place() -> None:
    """I14, season_places=any: an unowned car takes second place, its 3 points are lost."""
    text = notation(pos="18,18,19,0,0,0", fin="1:Y1", score="0,5,0,0", cans=4, wd=1)
    state = load("von0auf100(scoring=season,season_places=any,race=small)", text)
    play(state, "O", "R")
    assert state.is_terminal()
    assert state.observation(0)["score"] == [1, 5, 0, 0]


def test_i14_season_two_players_each_car_scores() -> None:
    """I14: with two players every owned car is shown and scored when it crosses."""
    state = load("von0auf100(players=2,scoring=season,race=small)",
                 notation(players=2, deal="ROYG", pos="18,0,0,0,0,0"))
    play(state, "R")
    obs = state.observation(1)
    assert obs["score"] == [5, 0]
    assert obs["owners"] == {"R": 0}


def test_i15_equal_leaders_share_the_win() -> None:
    """I15: after two races won by seats 0 and 3 the two share the result."""
    text = notation(race=2, track=BIG, pos="0,0,0,0,36,0", score="1,0,0,0", fin="1:R0")
    state = load("von0auf100(races=2)", text)
    play(state, "B")
    assert state.returns() == [0.5, 0.0, 0.0, 0.5]


# Squares 17-20 of this layout (the standard mix) are plain, plain, oil, oil: with cans 1 and
# 2 only, a car there can never pass the two oil stains.
TRAP = "2..1x.3.o4.5..x2..oo3.1x...4..5x.o.."


CAUGHT_TWO = notation(players=2, track=TRAP, deal="ROYG", on="YG", pos="37,35,18,20,37,37",
                      fin="1:B-,1:P-,1:R-", cans=3, wd=2)


def test_i17_the_last_two_cars_caught_by_oil_leave_the_race_undecided() -> None:
    """I10, I17, two players: orange (seat 1's first car) crosses with the last can; four
    cars are out, so two cans are left for yellow (18) and green (20), and neither can ever
    pass the oil stains on 19 and 20. By default the race is undecided when its round ends:
    nobody wins it, no licence is uncovered, and the game (one race) ends without a
    winner."""
    state = load("von0auf100(players=2)", CAUGHT_TWO)
    play(state, "O")
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5]
    obs = state.observation(0)
    assert obs["finishes"][3:] == [[1, "O", None, "crossed"]]
    assert obs["undecided"] == [[1, "caught"]]
    assert obs["owners"] == {}
    assert obs["score"] == [0, 0]
    # settled when the round is over, before the tile passes (I13): still round 3
    assert obs["round"] == 3 and obs["on"] == ["Y", "G", "O"]
    assert state.to_text().endswith(" undecided=1c")


def test_i17_house_rule_the_last_two_cars_caught_by_oil_are_judged_by_their_squares() -> None:
    """I17, house_rule_squares=true: the same race is decided by the squares: green, the
    furthest, counts as across first, and as seat 1's second car it wins."""
    state = load("von0auf100(players=2,house_rule_squares=true)", CAUGHT_TWO)
    play(state, "O")
    assert state.is_terminal()
    assert state.returns() == [0.0, 1.0]
    obs = state.observation(0)
    assert obs["finishes"][3:] == [[1, "O", None, "crossed"], [1, "G", 1, "caught"]]
    assert obs["owners"] == {"O": 1, "G": 1}
    assert obs["undecided"] == []
    assert obs["round"] == 3


def test_i17_an_undecided_race_counts_as_played_by_default() -> None:
    """I17, undecided=played (the default): in a series the undecided race is one of the
    races asked for; the next race begins, still two in all."""
    assert "undecided=played" in str(rennbahn.load_game("von0auf100"))
    state = load("von0auf100(players=2,races=2)", CAUGHT_TWO)
    play(state, "O")
    obs = state.observation(0)
    assert (obs["race"], obs["races"], obs["undecided"]) == (2, 2, [[1, "caught"]])
    assert obs["race_scores"] == [[0, 0], [0, 0]]


def test_i17_replay_drives_an_undecided_race_again() -> None:
    """I17, undecided=replay: the undecided race is driven again: three races in all."""
    state = load("von0auf100(players=2,races=2,undecided=replay)", CAUGHT_TWO)
    play(state, "O")
    obs = state.observation(0)
    assert (obs["race"], obs["races"], obs["undecided"]) == (2, 3, [[1, "caught"]])
    assert not state.is_terminal()


def test_i17_replay_at_most_as_many_replays_as_races() -> None:
    """I17, undecided=replay: one race asked for, replayed once already (race 2): a second
    undecided race ends the game undecided (the game must end, and the rulebook's players
    would give up too)."""
    game = "von0auf100(players=2,undecided=replay)"
    text = CAUGHT_TWO.replace("race=1 ", "race=2 ").replace("fin=1:B-,1:P-,1:R-",
                                                            "fin=2:B-,2:P-,2:R-")
    state = load(game, text + " undecided=1s")
    assert state.observation(0)["races"] == 2
    play(state, "O")
    assert state.is_terminal()
    assert state.observation(0)["undecided"] == [[1, "stopped"], [2, "caught"]]
    assert state.returns() == [0.5, 0.5]


def test_i17_an_undecided_season_race_scores_nothing() -> None:
    """I14, I17: "A race lasts until three cars have reached the target. Then give out the
    scores": red (seat 0) and orange (seat 1) crossed, but yellow and green are caught by
    oil, so the race never gets its third car and its points are not given."""
    text = CAUGHT_TWO.replace("fin=1:B-,1:P-,1:R-", "fin=1:B-,1:P-,1:R0").replace(
        "score=0,0", "score=5,0")
    state = load("von0auf100(players=2,scoring=season,season_places=owned)", text)
    play(state, "O")
    assert state.is_terminal()
    obs = state.observation(0)
    assert obs["score"] == [0, 0] and obs["race_scores"] == [[0, 0]]
    assert obs["finishes"][-2:] == [[1, "R", 0, "crossed"], [1, "O", 1, "crossed"]]
    assert state.returns() == [0.5, 0.5]


# The issue's position (issue 25, point 3): two players, withdraw=each, two races; seat 1
# holds the tile in round 30 and yellow's can 2 ends the round with every car caught.
TILE = ("race=1 round=30 start=1 cans=2 wd=3 pend=0 "
        "track=2..1x.3.o4.5..x2.o..3.1x.o.4..5x.o.. deal=ROYG on=R pos=17,37,35,25,37,37 "
        "fin=1:B-,1:P-,1:O- score=0,0 given=17,37,35,25,37,37/0,0,0,0,0,0 last=1:1:R:15:17 "
        "over=0")


@pytest.mark.parametrize("house", [False, True])
def test_i13_i17_a_race_settled_without_a_crossing_passes_the_tile_once(house: bool) -> None:
    """I13, I17: "The starting tile is passed to the next player": a race that cannot end is
    settled when its last round is over, so the next race opens with the seat after the one
    that started that round (seat 0 after seat 1), as when a crossing ends a race; before,
    the tile passed once more for a round nobody played."""
    game = f"von0auf100(players=2,withdraw=each,races=2,house_rule_squares={str(house).lower()})"
    state = load(game, TILE)
    play(state, "Y")
    obs = state.observation(0)
    assert (obs["race"], obs["round"], obs["start"]) == (2, 1, 0)
    assert obs["undecided"] == ([] if house else [[1, "caught"]])


def test_i13_a_crossing_in_the_same_round_passes_the_tile_the_same_way() -> None:
    """I13: the same round ended by a car across the line: race 2 opens with seat 0 too."""
    text = TILE.replace("pos=17,37,35,25,37,37", "pos=17,37,35,35,37,37").replace(
        "given=17,37,35,25,37,37", "given=17,37,35,35,37,37")
    state = load("von0auf100(players=2,withdraw=each,races=2)", text)
    play(state, "G")  # can 2 from 35 (a plain card): green, seat 1's second car, wins
    obs = state.observation(0)
    assert (obs["race"], obs["round"], obs["start"]) == (2, 1, 0)


def test_i17_a_race_is_not_caught_while_a_can_can_still_jump_the_oil() -> None:
    """I17: with three cans (no more than two cans are withdrawn, I10) a car on 18 passes
    both oil stains with can 3, so the race goes on."""
    game = "von0auf100(players=3,race=big)"
    text = notation(players=3, track=TRAP, deal="RYG", on="RY", pos="18,37,16,0,37,37",
                    fin="1:O-,1:B-,1:P-", cans=3, wd=2)
    state = load(game, text)
    play(state, "G")  # can 3 from 0: the round ends, a new round with cans 1-3
    assert not state.is_terminal()
    assert state.observation(0)["cans"] == 3


def test_i10_i17_withdraw_each_leaves_can_1_and_the_race_is_undecided() -> None:
    """I10, I17, withdraw=each: orange crosses, only can 1 is left for yellow (18) and green
    (17), which can only slide between 17 and 19: the race is undecided."""
    text = notation(players=2, track=TRAP, deal="ROYG", on="Y", pos="37,36,18,17,37,37",
                    fin="1:B-,1:P-,1:R-", cans=2, wd=3)
    state = load("von0auf100(players=2,withdraw=each)", text)
    play(state, "O")
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5]
    assert state.observation(1)["undecided"] == [[1, "caught"]]


def test_i10_i17_house_rule_withdraw_each_the_race_is_decided_by_the_squares() -> None:
    """I10, I17, withdraw=each, house_rule_squares: the same race: yellow, the furthest,
    counts as across: seat 0's second car wins. (Version 2 ran such a race to the 200-round
    stop and split the result.)"""
    game = "von0auf100(players=2,withdraw=each,house_rule_squares=true)"
    text = notation(players=2, track=TRAP, deal="ROYG", on="Y", pos="37,36,18,17,37,37",
                    fin="1:B-,1:P-,1:R-", cans=2, wd=3)
    state = load(game, text)
    play(state, "O")  # can 2 from 36
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0]
    assert state.observation(1)["finishes"][-1] == [1, "Y", 0, "caught"]


def test_i10_withdraw_two_is_the_default() -> None:
    """I10: the rulebook names cans 5 and 4 only, and that is the default."""
    assert "withdraw=two" in str(rennbahn.load_game("von0auf100"))


def test_i16_the_safety_stop_leaves_the_race_undecided() -> None:
    """I16, I17: after the last can of round 200 the race is undecided: nobody wins."""
    state = load("von0auf100(race=small)", notation(round=MAX_ROUNDS, on="ROYG",
                                                    pos="1,2,3,4,0,0"))
    play(state, "B")
    assert state.is_terminal()
    assert state.returns() == [0.25] * 4
    assert state.observation(0)["finishes"] == []
    assert state.observation(0)["undecided"] == [[1, "stopped"]]
    assert state.to_text().endswith(" undecided=1s")


def test_i16_house_rule_the_safety_stop_decides_the_race_by_the_squares() -> None:
    """I16, I17, house_rule_squares: after the last can of round 200 the race is decided by
    the cars' squares: blue on 5 is furthest and is seat 3's, so seat 3 wins."""
    state = load("von0auf100(race=small,house_rule_squares=true)", notation(
        round=MAX_ROUNDS, on="ROYG",
                                                    pos="1,2,3,4,0,0"))
    play(state, "B")
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0, 0.0, 1.0]
    assert state.observation(0)["finishes"] == [[1, "B", 3, "stopped"]]
    assert "fin=1:B3s " in state.to_text()


# -- notation -----------------------------------------------------------------------------
def test_move_and_chance_notation_reads_back() -> None:
    state = load("von0auf100", notation(track=BIG, deal="-"))
    assert state.string_to_action(CHANCE, "licence P") == 13
    assert state.action_to_string(CHANCE, 3) == "lay +3"
    assert state.action_to_string(0, 2) == "Y"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("race=1", "lacks"),
        (notation().replace("pos=0,0,0,0,0,0", "pos=0,0,0"), "pos needs"),
        (notation().replace("deal=RYGB", "deal=RRGB"), "twice"),
        (notation().replace("deal=RYGB", "deal=RYGX"), "car 'X'"),
        (notation(pos="0,19,0,0,0,0", last="-"), "means out of the race"),
        (notation(on="ROYGB", last="-"), "fewer than 5 cans"),
        (notation() + " extra=1", "bad field"),
        (notation(start=4), "start=4 is out of range"),
    ],
)
def test_malformed_notation_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(rennbahn.NotationError, match=message):
        rennbahn.load_game("von0auf100(race=small)").state_from_text(text)


def test_parameters_are_checked() -> None:
    with pytest.raises(rennbahn.ParameterError):
        rennbahn.load_game("von0auf100(players=6)")
    with pytest.raises(rennbahn.ParameterError):
        rennbahn.load_game("von0auf100(race=medium)")
