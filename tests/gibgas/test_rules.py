"""Gib Gas! scenario tests: each starts from state notation and plays moves by notation.

"I<n>" names the interpretation in docs/rules/gibgas.md that a test covers.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import rennbahn
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL
from rennbahn.games.gibgas.rules import GibGasGame, GibGasState
from tests.helpers import play_moves

FULL = "18/012345DTP/-/-/-/-/-/-/-"
ROW = "V2-1,B1-1,XF3-1,XS3-1;0 q=- pts=0"
# Seat 0 made the last round's pit stop and rolled 100.
PIT_ROW = ROW + " pit=0:100"


def start(row: str = ROW, *seats: str, game: str = "gibgas(players=3)",
          phase: str = "choose", franz: str | None = None) -> GibGasState:
    blocks = [f"{phase} {row}", *seats]
    if franz is not None:
        blocks.append(franz)
    state = rennbahn.load_game(game).state_from_text(" | ".join(blocks))
    assert isinstance(state, GibGasState)
    return state


def three(row: str = ROW, s0: str = FULL, s1: str = FULL, s2: str = FULL) -> GibGasState:
    return start(row, s0, s1, s2)


def won(state: GibGasState) -> list[list[str]]:
    return [d["won"] for d in state.observation(0)["drivers"]]


# -- the race -----------------------------------------------------------------------------
def test_vollgas_fastest_driver_wins_the_card() -> None:
    state = play_moves(three(), "230, 250, 240")
    assert won(state) == [[], ["V2-1"], []]
    assert state.stars(1) == 2
    assert state.damage == [18, 18, 18]
    assert state.observation(0)["row"] == ["B1-1", "XF3-1", "XS3-1"]
    assert state.current_player() == SIMULTANEOUS


def test_bremsen_slowest_driver_wins_the_card() -> None:
    state = play_moves(three("B1-1,V2-1,XF3-1,XS3-1;0 q=- pts=0"), "230, 250, 240")
    assert won(state) == [["B1-1"], [], []]


def test_i1_bremsen_goes_to_the_next_slowest_after_a_fender_bender() -> None:
    """I1: 'second highest' on Bremsen! means the next slowest car not in a fender bender."""
    game = "gibgas(players=4)"
    state = start("B1-1,V2-1,XF3-1,XS3-1;0 q=- pts=0", FULL, FULL, FULL, FULL, game=game)
    play_moves(state, "200, 200, 230, 240")
    assert [d["won"] for d in state.observation(0)["drivers"]] == [[], [], ["B1-1"], []]
    assert state.damage == [17, 17, 18, 18]


def test_fender_bender_costs_the_cards_arrows() -> None:
    state = play_moves(three("V2-2,B1-1,XF3-1,XS3-1;0 q=- pts=0"), "240, 240, 200")
    assert state.damage == [16, 16, 18]
    assert won(state) == [[], [], ["V2-2"]]  # the only car left free is the fastest


def test_all_cars_in_a_fender_bender_nobody_wins() -> None:
    state = play_moves(three(), "230, 230, 230")
    assert state.damage == [17, 17, 17]
    assert won(state) == [[], [], []]
    assert state.resolved == 1  # the card went back to the box


def test_i2_a_die_result_collides_with_a_speed_card() -> None:
    """I2: same speed means same speed driven, also when it came from the die."""
    state = play_moves(three(), "die, 240, 200")
    assert state.current_player() == CHANCE
    assert state.observation(0)["rolling"] == [0]
    play_moves(state, "roll 240")
    assert state.damage == [17, 17, 18]
    assert won(state) == [[], [], ["V2-1"]]


def test_i2_two_dice_showing_100_collide() -> None:
    state = play_moves(three(), "die, die, 200", "roll 100", "roll 100")
    assert state.damage == [17, 17, 18]
    assert won(state) == [[], [], ["V2-1"]]


def test_die_300_wins_vollgas() -> None:
    state = play_moves(three(), "die, 250, 240", "roll 300")
    assert won(state) == [["V2-1"], [], []]


def test_vollgas_crash_hurts_the_fastest() -> None:
    state = play_moves(three("XF3-1,B1-1,V2-1,XS3-1;0 q=- pts=0"), "230, 250, 240")
    assert state.damage == [18, 15, 18]
    assert won(state) == [[], [], []]


def test_bremsen_crash_hurts_the_slowest() -> None:
    state = play_moves(three("XS4-2,B1-1,V2-1,XF3-1;0 q=- pts=0"), "230, 250, 240")
    assert state.damage == [14, 18, 18]


def test_i9_the_crash_passes_to_the_next_fastest_free_car() -> None:
    """I9: the fastest car not in a fender bender causes the crash; none takes both."""
    game = "gibgas(players=4)"
    state = start("XF3-1,B1-1,V2-1,XS3-1;0 q=- pts=0", FULL, FULL, FULL, FULL, game=game)
    play_moves(state, "250, 250, 240, 230")
    assert state.damage == [17, 17, 15, 18]


# -- Tempo-Halten -------------------------------------------------------------------------
def test_i3_tempo_halten_cannot_be_the_first_card() -> None:
    """I3: nothing to repeat before the first speed."""
    state = three()
    assert "tempo" not in [state.action_to_string(0, a) for a in state.legal_actions(0)]
    with pytest.raises(rennbahn.IllegalActionError, match="legal moves: 200, 210"):
        state.string_to_action(0, "tempo")
    play_moves(state, "230, 250, 240")
    assert "tempo" in [state.action_to_string(0, a) for a in state.legal_actions(0)]


def test_tempo_halten_repeats_the_previous_speed_card() -> None:
    # Seat 0 played 230 last round (hand without 3, last speed 3).
    s0 = "18/01245DTP/-/3/3/3/-/3/230"
    state = play_moves(three(s0=s0), "tempo, 250, 240")
    assert state.damage == [18, 18, 18]
    collided = play_moves(three(s0=s0), "tempo, 230, 240")  # meets a real 230
    assert collided.damage == [17, 17, 18]


def test_tempo_halten_after_the_die_rolls_again() -> None:
    s0 = "18/012345TP/-/D/D/-/-/D/300"
    state = play_moves(three(s0=s0), "tempo, 250, 240")
    assert state.current_player() == CHANCE
    play_moves(state, "roll 300")
    assert won(state) == [["V2-1"], [], []]


def test_i4_tempo_halten_after_a_pit_stop_repeats_the_last_speed_driven() -> None:
    """I4 (default reading): the pit stop is not a speed; the 230 before it counts."""
    s0 = "18/01245DT/-/3/P/3/-/P/P"
    state = play_moves(three(PIT_ROW, s0=s0), "tempo, 250, 240")
    assert state.speed[0] == 230
    assert state.current_player() == SIMULTANEOUS  # no pit stop this round


def test_i4_tempo_halten_after_a_pit_stop_as_another_pit_stop() -> None:
    """I4 (reading tempo_after_pit=pit): Tempo-Halten counts as another pit stop."""
    s0 = "18/01245DT/-/3/P/3/-/P/P"
    state = start(PIT_ROW, s0, FULL, FULL, game="gibgas(players=3,tempo_after_pit=pit)")
    play_moves(state, "tempo, 250, 240")
    assert state.observation(0)["drivers"][0]["speed"] == "pit"
    assert state.observation(0)["pit"] == {"queue": [0], "points": 0, "roll": None}
    assert "last_pit" not in state.observation(0)  # the last round's stop is told by now
    assert won(state) == [[], ["V2-1"], []]


def test_i4_pit_reading_allows_tempo_after_a_first_pit_stop() -> None:
    """I4: under the 'pit' reading Tempo-Halten right after a first pit stop is legal."""
    s0 = "18/012345DT/-/-/P/-/-/P/P"
    default = three(PIT_ROW, s0=s0)
    assert "tempo" not in [default.action_to_string(0, a) for a in default.legal_actions(0)]
    pit = start(PIT_ROW, s0, FULL, FULL, game="gibgas(players=3,tempo_after_pit=pit)")
    assert "tempo" in [pit.action_to_string(0, a) for a in pit.legal_actions(0)]


def test_i5_tempo_halten_after_tempo_halten_repeats_the_same_speed() -> None:
    """I5: across a refill, Tempo-Halten after Tempo-Halten drives the same speed again."""
    s0 = "18/012345DTP/-/4/T/012345/-/T/240"
    state = play_moves(three(s0=s0), "tempo, 250, 200")
    assert state.speed[0] == 240


# -- pit stops ----------------------------------------------------------------------------
def test_i10_pit_stop_takes_back_played_cards_but_not_the_boxenstopp() -> None:
    """I10: the cards on the table come back, one per point; the Boxenstopp card does not."""
    s0 = "18/45DTP/-/3/3/0123/-/3/230"
    state = play_moves(three(s0=s0), "pit, 250, 240")
    assert won(state) == [[], ["V2-1"], []]
    assert state.current_player() == CHANCE
    play_moves(state, "roll 240")
    assert state.current_player() == 0
    legal = [state.action_to_string(0, a) for a in state.legal_actions(0)]
    assert legal == ["take 200", "take 210", "take 220", "take 230"]
    play_moves(state, "take 200", "take 230")
    assert state.to_text().split(" | ")[1].split("/")[1] == "0345DT"
    assert state.current_player() == SIMULTANEOUS


def test_i10_points_with_nothing_left_to_take_are_lost() -> None:
    """I10: a 300 with only two cards on the table brings back two."""
    s0 = "18/2345DTP/-/1/1/01/-/1/210"
    state = play_moves(three(s0=s0), "pit, 250, 240", "roll 300", "take 200", "take 210")
    assert state.current_player() == SIMULTANEOUS
    assert state.hand[0] == 0b011111111  # everything but the Boxenstopp card


def test_i17_pit_points_follow_the_first_digit() -> None:
    """I17: 100 gives one point, 250 two, 300 three."""
    s0 = "18/45DTP/-/3/3/0123/-/3/230"
    one = play_moves(three(s0=s0), "pit, 250, 240", "roll 100")
    assert one.points == 1
    two = play_moves(three(s0=s0), "pit, 250, 240", "roll 250")
    assert two.points == 2
    three_points = play_moves(three(s0=s0), "pit, 250, 240", "roll 300")
    assert three_points.points == 3


def test_i11_champions_repair_with_pit_points_up_to_18() -> None:
    """I11: each point repairs one damage point or takes a card; never above 18."""
    s0 = "16/45DTP/-/3/3/0123/-/3/230"
    state = start(ROW, s0, FULL, FULL, game="gibgas(players=3,champions=true)")
    play_moves(state, "pit, 250, 240", "roll 300", "repair")
    assert state.damage[0] == 17
    play_moves(state, "repair")
    assert state.damage[0] == 18
    assert "repair" not in [state.action_to_string(0, a) for a in state.legal_actions(0)]
    play_moves(state, "take 210")
    assert state.current_player() == SIMULTANEOUS


def test_without_champions_there_is_no_repair() -> None:
    s0 = "16/45DTP/-/3/3/0123/-/3/230"
    state = play_moves(three(s0=s0), "pit, 250, 240", "roll 100")
    assert "repair" not in [state.action_to_string(0, a) for a in state.legal_actions(0)]


def test_i12_the_whole_hand_comes_back_at_the_reveal_of_the_last_card() -> None:
    """I12: a Boxenstopp played last finds nothing to take; the hand is full again."""
    s0 = "18/P/-/3/3/012345/-/3/230"
    state = play_moves(three(s0=s0), "pit, 250, 240")
    assert state.hand[0] == 0b111111111
    play_moves(state, "roll 300")  # nothing on the table to take back
    assert state.current_player() == SIMULTANEOUS


def test_whole_hand_back_after_the_last_speed_card() -> None:
    s0 = "18/5/-/4/4/01234/-/4/240"
    state = play_moves(three(s0=s0), "250, 210, 240")
    assert state.hand[0] == 0b111111111


def test_i7_all_cars_in_the_pits_nobody_wins_and_all_refuel() -> None:
    """I7: nobody on the track, the card goes to the box; every pit stop still happens."""
    state = play_moves(three(), "pit, pit, pit")
    assert won(state) == [[], [], []]
    assert state.resolved == 1
    assert state.observation(0)["pit"]["queue"] == [0, 1, 2]
    play_moves(state, "roll 100", "roll 100", "roll 100")
    assert state.current_player() == SIMULTANEOUS


def test_i7_pits_and_a_fender_bender_leave_nobody_to_win() -> None:
    """I7: two cars collide, the third is in the pits: the card goes to the box."""
    state = play_moves(three(), "230, 230, pit")
    assert won(state) == [[], [], []]
    assert state.damage == [17, 17, 18]


def test_i7_a_pit_stop_is_not_a_fender_bender_with_another_pit_stop() -> None:
    state = play_moves(three("XF3-1,B1-1,V2-1,XS3-1;0 q=- pts=0"), "pit, pit, 200")
    assert state.damage == [18, 18, 15]  # the only car on the track is the fastest


def views(state: GibGasState) -> list[dict[str, object]]:
    """Every seat's observation and the spectator's."""
    return [*(state.observation(s) for s in range(state.g.players)), state.public_observation()]


# Round 2 of three drivers: Driver 1 and Driver 2 are in the pits, Driver 1 to roll first;
# Driver 2 has played only the Boxenstopp, so it has nothing to take back.
PITROLL = ("pitroll V2-1,B1-1,XF3-1,XS3-1;1 q=0,1 pts=0 | 18/01245DT/-/3/P/3/-/P/P "
           "| 18/012345DT/-/-/P/-/-/P/P | 18/01234DTP/-/5/5/5/V2-1/5/250")


def at(text: str) -> GibGasState:
    state = rennbahn.load_game("gibgas(players=3)").state_from_text(text)
    assert isinstance(state, GibGasState)
    return state


@pytest.mark.parametrize(("face", "points"), [(100, 1), (240, 2), (250, 2), (300, 3)])
def test_i17_the_pit_die_face_is_in_every_view(face: int, points: int) -> None:
    """Issue 12: every seat and the spectator see the face rolled, not only its points."""
    state = at(PITROLL)
    assert all(v["pit"] == {"queue": [0, 1], "points": 0, "roll": None} for v in views(state))
    assert all("last_pit" not in v for v in views(state))
    play_moves(state, f"roll {face}")
    assert state.to_text().startswith(f"pittake V2-1,B1-1,XF3-1,XS3-1;1 q=0,1 pts={points} "
                                      f"pit=0:{face} |")
    for view in views(state):
        assert view["pit"] == {"queue": [0, 1], "points": points, "roll": face}
        assert view["last_pit"] == {"seat": 0, "roll": face, "points": points}


def test_a_pit_stop_that_ends_at_once_is_still_in_every_view() -> None:
    """Driver 2 has only the Boxenstopp on the table: the stop ends at its roll, the round
    ends, and the record of the stop stays until the next reveal."""
    state = at(PITROLL)
    play_moves(state, "roll 100", "take 230", "roll 250")
    assert state.current_player() == SIMULTANEOUS
    for view in views(state):
        assert "pit" not in view
        assert view["last_pit"] == {"seat": 1, "roll": 250, "points": 2}
    play_moves(state, "200, 210, 220")
    assert all("last_pit" not in v for v in views(state))


# -- the end ------------------------------------------------------------------------------
def test_i8_a_total_loss_ends_the_race_after_the_drive() -> None:
    """I8: the card is still driven for, pit stops are skipped, damage stops at 0."""
    s0 = "1/12345DTP/-/0/0/0/-/0/200"
    state = play_moves(three(s0=s0, s1="2/12345DTP/-/0/0/0/-/0/200"), "230, 230, 250")
    assert state.current_player() == TERMINAL
    assert state.damage == [0, 1, 18]
    assert won(state) == [[], [], ["V2-1"]]
    assert state.returns() == [0.0, 0.0, 1.0]


def test_i8_no_pit_stop_after_a_total_loss() -> None:
    s0 = "1/12345DTP/-/0/0/0/-/0/200"
    state = play_moves(three("XS3-1,B1-1,V2-1,XF3-1;0 q=- pts=0", s0=s0), "210, pit, 250")
    assert state.is_terminal()
    assert state.damage[0] == 0
    assert "pit" not in state.observation(1)


def test_i14_points_are_stars_plus_damage_and_ties_go_to_the_careful() -> None:
    """I14: 5+10 against 7+8 is a tie on points; more damage points left wins."""
    text = ("over V1-1,V2-1,V2-2,B3-2,V2-1,V2-1,V3-2,V3-2;8 q=- pts=0 "
            "| 10/01235DTP/-/4/4/4/V1-1+V2-1+V2-2/4/240 "
            "| 8/01234DTP/-/5/5/5/B3-2+V2-1+V2-1/5/250 | 0/01345DTP/-/2/2/2/V3-2+V3-2/2/220")
    state = rennbahn.load_game("gibgas(players=3)").state_from_text(text)
    assert isinstance(state, GibGasState)
    assert state.scores() == [15, 15, 0]  # a total loss scores nothing
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0, 0.0]


def test_i14_a_tie_that_damage_does_not_break_is_shared() -> None:
    text = ("over V2-1,V1-1,V1-1,B2-1;3 q=- pts=0 | 10/01235DTP/-/4/4/4/V2-1/4/240 "
            "| 10/01234DTP/-/5/5/5/V1-1+V1-1/5/250 | 0/01345DTP/-/2/2/2/-/2/220")
    state = rennbahn.load_game("gibgas(players=3)").state_from_text(text)
    assert state.returns() == [0.5, 0.5, 0.0]


def test_i14_nobody_wins_when_every_car_is_a_total_loss() -> None:
    dead = "0/01245DTP/-/3/3/3/-/3/230"
    text = f"over V1-1,V2-1,B1-1,B2-1;1 q=- pts=0 | {dead} | {dead} | F:4443444/3/3/230"
    state = rennbahn.load_game("gibgas(players=2)").state_from_text(text)
    assert state.returns() == [0.0, 0.0]


def _small_deck(tmp_path: Path, cards: int) -> str:
    path = tmp_path / "small.json"
    path.write_text(json.dumps({"name": "small", "cards": [
        {"kind": "V", "stars": 1, "bender": 1, "count": cards}]}))
    return str(path)


def test_i6_i18_i19_rows_are_dealt_until_the_stack_is_used_up(tmp_path: Path) -> None:
    """I6: 4 of the 10 cards never come; I19: a short last row; I18: then the race ends."""
    game = rennbahn.load_game("gibgas", players=3, cards=_small_deck(tmp_path, 10))
    state = game.new_initial_state()
    assert isinstance(state, GibGasState)
    assert state.chance_outcomes() == [(0, 1.0)]
    play_moves(state, *["deal V1-1"] * 4)
    assert state.current_player() == SIMULTANEOUS
    play_moves(state, "200, 210, 220", "210, 220, 230", "220, 230, 240", "230, 240, 250")
    assert state.current_player() == CHANCE  # the row is used up: two more cards come
    play_moves(state, "deal V1-1", "deal V1-1")
    assert state.observation(0)["row"] == ["V1-1", "V1-1"]
    assert state.observation(0)["stack_left"] == 0
    play_moves(state, "240, 250, die", "roll 100")
    assert not state.is_terminal()
    play_moves(state, "250, die, tempo", "roll 300", "roll 240")  # tempo after die rolls
    assert state.is_terminal()
    assert state.resolved == 6


def test_card_mix_is_replaceable_and_errors_are_clear(tmp_path: Path) -> None:
    with pytest.raises(rennbahn.ParameterError, match="no Gib Gas! card mix 'nope'"):
        rennbahn.load_game("gibgas", cards="nope")
    bad = tmp_path / "bad.json"
    bad.write_text('{"cards": [{"kind": "Q", "stars": 1, "bender": 1, "count": 2}]}')
    with pytest.raises(rennbahn.ParameterError, match="malformed"):
        rennbahn.load_game("gibgas", cards=str(bad))


# -- Franz ----------------------------------------------------------------------------------
FRANZ_FULL = "F:4444444/-/-/-"


def two(row: str = ROW, franz: str = FRANZ_FULL) -> GibGasState:
    return start(row, FULL, FULL, game="gibgas(players=2)", franz=franz)


def test_i13_franz_collides_but_takes_no_damage() -> None:
    """I13: a driver at Franz's speed has a fender bender; Franz marks no damage."""
    state = play_moves(two(), "230, 240", "franz 230")
    assert state.damage == [17, 18]
    assert won(state) == [[], ["V2-1"]]


def test_i13_a_card_franz_wins_goes_to_the_box() -> None:
    state = play_moves(two(), "230, 240", "franz 250")
    assert won(state) == [[], []]
    assert state.resolved == 1


def test_i13_franz_first_tempo_halten_reveals_the_next_card() -> None:
    """I13: as his first card, Tempo-Halten has nothing to repeat; the next card counts."""
    state = play_moves(two(), "230, 240", "franz tempo")
    assert state.current_player() == CHANCE
    assert state.f_pile[6] == 3
    play_moves(state, "franz 200")
    assert won(state) == [[], ["V2-1"]]


def test_i13_franz_tempo_halten_repeats_his_last_speed() -> None:
    state = play_moves(two(franz="F:4443444/3/3/230"), "220, 240", "franz tempo")
    assert state.f_speed == 230
    assert won(state) == [[], ["V2-1"]]


def test_i13_franz_pile_is_shuffled_again_when_it_runs_out() -> None:
    state = two(franz="F:0000001/3/3/230")
    play_moves(state, "220, 240")
    assert state.chance_outcomes() == [(56, 1.0)]
    play_moves(state, "franz tempo")
    assert state.f_pile == [4, 4, 4, 4, 4, 4, 4]


# -- six drivers ----------------------------------------------------------------------------
def test_i15_six_drivers_discard_a_speed_card_in_secret() -> None:
    """I15: after the first row is laid, each discards a speed card only they see."""
    game = rennbahn.load_game("gibgas(players=6)")
    state = play_moves(game.new_initial_state(), "deal V1-1", "deal V2-1", "deal B1-1",
                       "deal XF3-1")
    assert state.current_player() == SIMULTANEOUS
    assert [state.action_to_string(0, a) for a in state.legal_actions(0)] == [
        "discard 200", "discard 210", "discard 220", "discard 230", "discard 240", "discard 250"]
    play_moves(state, "discard 220, discard 230, discard 200, discard 250, discard 210, "
                      "discard 240")
    assert "220" not in [state.action_to_string(0, a) for a in state.legal_actions(0)]
    mine = state.observation(0)["drivers"][0]
    theirs = state.observation(0)["drivers"][1]
    assert mine["discard"] == "220"
    assert "discard" not in theirs and "hand" not in theirs
    # Had seat 1 discarded another card, seat 0 would see exactly the same.
    other = play_moves(game.new_initial_state(), "deal V1-1", "deal V2-1", "deal B1-1",
                       "deal XF3-1", "discard 220, discard 210, discard 200, discard 250, "
                       "discard 210, discard 240")
    assert other.observation(0) == state.observation(0)
    assert other.observation(1) != state.observation(1)
    info = state.information_state_string(0)
    assert "0:discard 220" in info and "1:?" in info and "discard 230" not in info
    # Resampling for seat 0 keeps seat 0's view and varies the others' discards.
    rng = random.Random(1)
    seen = set()
    for _ in range(30):
        sample = state.resample_from_infostate(0, rng)
        assert sample.observation_string(0) == state.observation_string(0)
        assert sample.information_state_string(0) == state.information_state_string(0)
        assert isinstance(sample, GibGasState)
        assert sample.discard[0] == 2
        seen.add(sample.discard[1])
    assert len(seen) > 1


def test_i15_the_discard_stays_out_when_the_hand_comes_back() -> None:
    text = ("choose V2-1,B1-1,XF3-1,XS3-1;0 q=- pts=0 | 18/P/2/4/4/01345/-/4/240"
            + " | 18/01345DTP/2/-/-/-/-/-/-" * 5)
    state = rennbahn.load_game("gibgas(players=6)").state_from_text(text)
    assert isinstance(state, GibGasState)
    play_moves(state, "pit, 200, 210, 230, 240, 250")
    assert state.hand[0] == 0b111111011  # all but the 220


def test_i15_other_drivers_discards_are_drawn_from_speeds_never_played() -> None:
    # Seat 1 has played every speed but the 220 (the 250 came back at a pit stop); seat 2
    # never played the 220 or the 250.
    text = ("choose V2-1,B1-1,XF3-1,XS3-1;0 q=- pts=0 | 18/01345DTP/2/-/-/-/-/-/-"
            + " | 18/5DTP/2/4/4/01345/-/4/240" + " | 18/5DTP/2/4/4/0134/-/4/240"
            + " | 18/01345DTP/2/-/-/-/-/-/-" * 3)
    state = rennbahn.load_game("gibgas(players=6)").state_from_text(text)
    rng = random.Random(3)
    seen = set()
    for _ in range(20):
        sample = state.resample_from_infostate(0, rng)
        assert isinstance(sample, GibGasState)
        assert sample.discard[1] == 2  # 220 is the only speed seat 1 never played
        seen.add(sample.discard[2])
        assert sample.hand[2] == 0b111000000 | 1 << (7 - sample.discard[2])  # 250 or 220
    assert seen == {2, 5}


# -- notation and errors --------------------------------------------------------------------
def test_notation_reads_back_exactly() -> None:
    text = ("pittake V2-1,B1-1,XF3-1,XS3-1;1 q=0 pts=2 pit=0:250 | 18/45DT/-/3/P/0123/-/P/P "
            "| 18/01234DTP/-/5/5/5/V2-1/5/250 | 18/01235DTP/-/4/4/4/-/4/240")
    state = rennbahn.load_game("gibgas(players=3)").state_from_text(text)
    assert state.to_text() == text
    assert state.current_player() == 0


@pytest.mark.parametrize(("text", "message"), [
    ("choose V2-1;0 q=- pts=0 | 18/012345DTP/-/-/-/-/-/-/-", "needs 4 blocks"),
    ("drive V2-1;0 q=- pts=0 | " + " | ".join([FULL] * 3), "unknown phase 'drive'"),
    ("choose Z9-9;0 q=- pts=0 | " + " | ".join([FULL] * 3), "no track card 'Z9-9'"),
    ("choose V2-1;0 q=- pts=0 | 18/01X/-/-/-/-/-/-/- | " + " | ".join([FULL] * 2),
     "hand 'X' must be one of"),
    ("choose V2-1;0 q=- pts=0 | 18/012 | " + " | ".join([FULL] * 2), "needs 9 fields"),
])
def test_malformed_notation_is_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(rennbahn.NotationError, match=message):
        rennbahn.load_game("gibgas(players=3)").state_from_text(text)


def test_an_illegal_move_names_the_legal_ones_and_changes_nothing() -> None:
    state = three(s0="18/45DTP/-/3/3/0123/-/3/230")
    before = state.to_text()
    with pytest.raises(rennbahn.IllegalActionError, match=r"legal: 240, 250, die, tempo, pit"):
        state.apply_actions([0, 5, 4])
    with pytest.raises(rennbahn.IllegalActionError, match="expected 3 actions"):
        state.apply_actions([4, 5])
    with pytest.raises(rennbahn.IllegalActionError, match="simultaneous node"):
        state.apply_action(4)
    assert state.to_text() == before


def test_str_shows_the_table_for_people() -> None:
    state = play_moves(three(), "230, 250, 240")
    text = str(state)
    assert "Gib Gas!, 3 drivers — round 2, choose" in text
    assert "track: B1-1 XF3-1 XS3-1" in text
    assert "driver 2: damage 18, stars 2 (V2-1), hand 200 210 220 230 240 die tempo pit" in text


# -- found in review ------------------------------------------------------------------------
def test_i4_pit_reading_tempo_halten_stays_on_the_table_like_the_boxenstopp() -> None:
    """I4/I10: a Tempo-Halten that made a pit stop cannot be taken back by that stop."""
    s0 = "18/012345DT/-/-/P/-/-/P/P"
    state = start("V2-1,B1-1,XF3-1,XS3-1;1 q=- pts=0 pit=0:300", s0, FULL, FULL,
                  game="gibgas(players=3,tempo_after_pit=pit)")
    play_moves(state, "tempo, 200, 210", "roll 240")
    legal = [state.action_to_string(0, a) for a in state.legal_actions(0)]
    assert "take tempo" not in legal and "take pit" not in legal
    assert state.current_player() == SIMULTANEOUS  # nothing else was on the table


def test_i10_the_next_pit_stop_starts_with_no_points_left_over() -> None:
    s = "18/2345DTP/-/1/1/01/-/1/210"
    state = play_moves(three(s0=s, s1=s), "pit, pit, 240", "roll 300", "take 200",
                       "take 210")
    assert state.current_player() == CHANCE
    assert state.observation(1)["pit"] == {"queue": [1], "points": 0, "roll": None}
    assert state.observation(1)["last_pit"] == {"seat": 0, "roll": 300, "points": 3}


def test_i1_vollgas_passes_over_every_collided_speed() -> None:
    """I1: with 250, 250, 240, 240 and 200 the only free car, 200, wins Vollgas!."""
    game = "gibgas(players=5)"
    state = start(ROW, *[FULL] * 5, game=game)
    play_moves(state, "250, 250, 240, 240, 200")
    assert [d["won"] for d in state.observation(0)["drivers"]] == [[], [], [], [], ["V2-1"]]


def test_i1_pass_on_second_reading_gives_the_card_to_nobody() -> None:
    """I1, reading pass_on=second: only the second speed may take it; it collided too."""
    game = "gibgas(players=5,pass_on=second)"
    state = start(ROW, *[FULL] * 5, game=game)
    play_moves(state, "250, 250, 240, 240, 200")
    assert [d["won"] for d in state.observation(0)["drivers"]] == [[]] * 5
    fine = start(ROW, *[FULL] * 5, game=game)
    play_moves(fine, "250, 250, 240, 230, 200")
    assert [d["won"] for d in fine.observation(0)["drivers"]] == [[], [], ["V2-1"], [], []]


def test_i9_bremsen_crash_passes_to_the_next_slowest_free_car() -> None:
    game = "gibgas(players=4)"
    state = start("XS3-1,B1-1,V2-1,XF3-1;0 q=- pts=0", FULL, FULL, FULL, FULL, game=game)
    play_moves(state, "200, 200, 220, 250")
    assert state.damage == [17, 17, 15, 18]


def test_i7_a_crash_card_with_no_free_car_hurts_nobody_more() -> None:
    state = play_moves(three("XF3-1,B1-1,V2-1,XS3-1;0 q=- pts=0"), "230, 230, pit")
    assert state.damage == [17, 17, 18]


def test_i13_franz_may_cause_the_crash_and_takes_no_damage() -> None:
    state = play_moves(two("XF3-1,B1-1,V2-1,XS3-1;0 q=- pts=0"), "220, 230", "franz 250")
    assert state.damage == [18, 18]
    assert state.resolved == 1


def test_i18_a_champions_last_pit_stop_still_counts() -> None:
    """I18: the race ends after the round of the last card, its pit stops included."""
    game = rennbahn.load_game("gibgas(players=3,champions=true)")
    assert isinstance(game, GibGasGame)
    deck = game.deck
    cards = [c.code for c, n in zip(deck.cards, deck.counts, strict=True) for _ in range(n)]
    for unseen in ("V1-1", "B1-1", "XF3-1", "V2-1", "V2-1"):
        cards.remove(unseen)  # four never come; one V2-1 is the last card
    dealt = ",".join([*cards, "V2-1"])
    s0 = "15/45DTP/-/3/3/0123/-/3/230"
    state = game.state_from_text(f"choose {dealt};31 q=- pts=0 | {s0} | {FULL} | {FULL}")
    assert isinstance(state, GibGasState)
    play_moves(state, "pit, 250, 240", "roll 300", "repair", "repair", "repair")
    assert state.is_terminal()
    assert state.damage[0] == 18
    assert state.scores()[0] == 18


def test_resampling_a_state_read_from_text_keeps_no_true_discard() -> None:
    """The sample's starting position carries the sampled discards, not the true ones."""
    text = ("choose V2-1,B1-1,XF3-1,XS3-1;0 q=- pts=0 | 18/01345DTP/2/-/-/-/-/-/-"
            + " | 18/01245DTP/3/-/-/-/-/-/-" * 5)
    state = rennbahn.load_game("gibgas(players=6)").state_from_text(text)
    rng = random.Random(4)
    for _ in range(10):
        sample = state.resample_from_infostate(0, rng)
        assert isinstance(sample, GibGasState) and sample._origin is not None
        origin = sample._origin
        assert isinstance(origin, GibGasState)
        assert origin.discard == sample.discard
        assert sample.information_state_string(0) == state.information_state_string(0)


def test_i16_speed_dice_roll_before_the_drive_and_pit_dice_after_it() -> None:
    """I16: reveal, speed die, fender benders and Drive, then the pit stop's die."""
    s1 = "18/45DTP/-/3/3/0123/-/3/230"
    state = play_moves(three(s1=s1), "die, pit, 240")
    assert state.observation(0)["phase"] == "roll"
    assert state.observation(0)["rolling"] == [0]
    assert state.resolved == 0  # the card is not yet driven for
    play_moves(state, "roll 300")
    assert won(state) == [["V2-1"], [], []]  # driven for before the pit die
    assert state.observation(0)["phase"] == "pitroll"
    assert state.observation(0)["pit"] == {"queue": [1], "points": 0, "roll": None}


# -- true but unwritten (issue 9) -----------------------------------------------------------
def test_i6_the_standard_deck_is_14_vollgas_14_bremsen_and_8_crash_4_of_each_kind() -> None:
    """Components, I6: 36 cards, 14/14/8 (published), the Crash cards split 4/4 (ours)."""
    state = start("-;0 q=- pts=0", FULL, FULL, FULL, phase="deal")
    game = state.g
    by_kind: dict[str, float] = {}
    for action, p in state.chance_outcomes():
        kind = game.deck.cards[action].kind.value
        by_kind[kind] = by_kind.get(kind, 0.0) + p
    assert {k: round(p * 36) for k, p in by_kind.items()} == {"V": 14, "B": 14, "XF": 4, "XS": 4}
    assert game.deck.size == 36 and game.deck.raced == 32


def test_i8_two_total_losses_in_one_drive_are_both_out() -> None:
    """I8: two cars on their last damage point collide; both are out and the race ends."""
    last = "1/12345DTP/-/0/0/0/-/0/200"
    state = start(ROW, last, last, FULL, FULL, game="gibgas(players=4)")
    play_moves(state, "230, 230, 250, 240")
    assert state.is_terminal()
    assert state.damage == [0, 0, 18, 18]
    assert state.scores() == [0, 0, 20, 18]
    assert state.returns() == [0.0, 0.0, 1.0, 0.0]


def test_i8_i9_a_fender_bender_and_a_crash_can_both_be_total_losses() -> None:
    """I8, I9: the two collided cars are out, and the crash passes to a third, also out."""
    state = start("XF3-1,B1-1,V2-1,XS3-1;0 q=- pts=0", "1/12345DTP/-/0/0/0/-/0/200",
                  "1/12345DTP/-/0/0/0/-/0/200", "3/12345DTP/-/0/0/0/-/0/200", FULL,
                  game="gibgas(players=4)")
    play_moves(state, "250, 250, 240, 230")
    assert state.is_terminal()
    assert state.damage == [0, 0, 0, 18]
    assert state.returns() == [0.0, 0.0, 0.0, 1.0]


def test_i7_a_lone_car_on_the_track_wins_vollgas_though_it_is_the_slowest_card() -> None:
    """I7: the others are in the pits; the one car on the track is the fastest there."""
    state = play_moves(three(), "pit, pit, 200")
    assert won(state) == [[], [], ["V2-1"]]


def test_i7_a_lone_car_on_the_track_wins_bremsen_though_it_is_the_fastest_card() -> None:
    state = play_moves(three("B1-1,V2-1,XF3-1,XS3-1;0 q=- pts=0"), "250, pit, pit")
    assert won(state) == [["B1-1"], [], []]


def test_i1_i7_a_lone_car_left_free_by_a_fender_bender_and_a_pit_stop_wins() -> None:
    state = play_moves(three("B1-1,V2-1,XF3-1,XS3-1;0 q=- pts=0"), "200, pit, 250")
    assert won(state) == [["B1-1"], [], []]
    state = start("B1-1,V2-1,XF3-1,XS3-1;0 q=- pts=0", FULL, FULL, FULL, FULL,
                  game="gibgas(players=4)")
    play_moves(state, "200, 200, pit, 250")
    assert [d["won"] for d in state.observation(0)["drivers"]] == [[], [], [], ["B1-1"]]


def test_i20_with_two_to_five_drivers_every_hand_is_public_by_counting() -> None:
    """I20: each seat and a spectator see every hand; it is the count of the public moves."""
    s0 = "18/45DTP/-/3/3/0123/-/3/230"
    state = start(ROW, s0, FULL, FULL, FULL, game="gibgas(players=4)")
    play_moves(state, "pit, 250, die, 200", "roll 300", "roll 240", "take 210", "take 230")
    hands = [["210", "230", "240", "250", "die", "tempo"],
             ["200", "210", "220", "230", "240", "die", "tempo", "pit"],
             ["200", "210", "220", "230", "240", "250", "tempo", "pit"],
             ["210", "220", "230", "240", "250", "die", "tempo", "pit"]]
    for seat in range(4):
        assert [d["hand"] for d in state.observation(seat)["drivers"]] == hands
    assert [d["hand"] for d in state.public_observation()["drivers"]] == hands
    # Nothing was hidden from any seat: the hands follow from what everyone saw.
    assert all(a is not None for seat in range(4) for _, a in state.seen_history(seat))
    sample = state.resample_from_infostate(1, random.Random(0))
    assert sample.to_text() == state.to_text()


def test_i20_with_six_drivers_the_public_view_holds_no_hand_and_no_discard() -> None:
    """I15, I20: the discard keeps the hands secret; everyone sees the speeds never played."""
    text = ("choose V2-1,B1-1,XF3-1,XS3-1;0 q=- pts=0 | 18/01345DTP/2/-/-/-/-/-/-"
            + " | 18/5DTP/2/4/4/0134/-/4/240" + " | 18/01345DTP/2/-/-/-/-/-/-" * 4)
    state = rennbahn.load_game("gibgas(players=6)").state_from_text(text)
    public = state.public_observation()
    assert "seat" not in public and "legal" not in public
    for driver in public["drivers"]:
        assert "hand" not in driver and "discard" not in driver
    assert public["drivers"][1]["speed_cards_never_played"] == ["220", "250"]
    assert public["drivers"][1]["hand_size"] == 4
    rng = random.Random(2)
    for seat in range(6):
        for _ in range(5):
            assert state.resample_from_infostate(seat, rng).public_observation() == public
