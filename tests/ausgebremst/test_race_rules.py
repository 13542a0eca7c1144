"""Family-game race rules, each starting from state notation (track 1: Bleifuss-Drom).

Spaces are named by column (0 = field A's column, just past the finish line) and lane:
``5i`` inner, ``5o`` outer, ``11b`` a bottleneck, ``p1`` the first pit space.
"""

from __future__ import annotations

import pytest

from rennbahn import IllegalActionError
from rennbahn.core.protocol import CHANCE
from tests.ausgebremst.conftest import NONE, car, load, moves, neutral, notation, play


def test_i3_straight_and_diagonal_moves_only_forward() -> None:
    """I3: one space per point, straight along the lane or diagonally to the next column."""
    state = load(notation({0: car("5i", "1"), 1: car("20i", "2")}))
    assert moves(state) == ["1>6i", "1>6o"]


def test_i3_one_car_per_space_and_overtaking_only_through_a_free_lane() -> None:
    """I3: cars on 6i and 6o close the road for a car on 5i: every card is blocked."""
    state = load(notation({0: car("5i", "235"), 1: car("6i"), 2: neutral("6o")}))
    assert moves(state) == ["pass:235"]
    play(state, "pass:235")
    assert state.shown[0] == (2, 3, 5)
    assert state.observation(1)["cars"][0]["shown"] == [2, 3, 5]  # I7: shown to all


def test_i3_passing_a_car_through_the_free_lane() -> None:
    state = load(notation({0: car("5i", "2"), 1: car("6i")}))
    assert moves(state) == ["2>7i", "2>7o"]


def test_i3_bottleneck_blocks_all_passing() -> None:
    """I3: a car on the bottleneck 11b stops everyone behind it."""
    state = load(notation({0: car("10i", "25"), 1: car("11b")}))
    assert moves(state) == ["pass:25"]


def test_i3_curve_outer_lane_is_longer() -> None:
    """I1, I3: in Drom's curve the inner lane skips columns (8i to 10i is one space). Two
    cars level at column 8 each play a 4: the inner car reaches column 15, the outer car,
    driving its own lane through the curve, only column 12 (13 cutting in behind)."""
    state = load(notation({0: car("8i", "44", deck=NONE), 1: car("8o", "44", deck=NONE)}))
    assert moves(state) == ["4>12o", "4>13i", "4>13o", "4>14o", "4>15i"]
    play(state, "4>15i")  # 10i 11b 13i 15i
    assert state.current_player() == 1
    assert moves(state) == ["4>12o", "4>13i"]  # 9o 10o 11b 12o, or 9o 10i 11b 13i
    play(state, "4>12o")
    assert state.track.names[state.pos[1]] == "12o"
    left = [state.observation(0)["cars"][c]["to_finish"] for c in (0, 1)]
    assert left == [60, 62]  # the same card left the outer car two spaces behind


def test_i4_solid_line_forbids_lane_changes() -> None:
    """I4: on Nurburg-Ring the spaces of column 9 lie beside a solid line."""
    cars = {0: car("9o", "1"), 1: car("26b")}
    state = load(notation(cars, head="1/1 234501 4 i0 - -"), "ausgebremst(players=2,races=3)")
    assert moves(state) == ["1>10o"]
    state = load(notation({0: car("8o", "1"), 1: car("26b")}), "ausgebremst(players=2,races=3)")
    assert moves(state) == ["1>9i", "1>9o"]  # from the field before the line: still allowed


def test_i5_leader_may_not_play_a_six() -> None:
    """I5: the car in the lead (least left to the finish) may not play a 6."""
    state = load(notation({0: car("12o", "126"), 1: car("5i")}))
    assert not any(m.startswith("6>") for m in moves(state))
    behind = load(notation({0: car("5i", "126"), 1: car("12o")}))
    assert "6>11b" in moves(behind)


def test_i5_six_allowed_at_the_start_and_after_the_first_finish() -> None:
    start = load(notation({0: car("29i", "6", cross=0, flags="-"), 1: car("28i")}))
    assert moves(start) == ["6>5i", "6>5o"]
    cars = {0: car("12o", "6"), 1: car("5i", cross=4, status="F")}
    after = load(notation(cars, head="1/1 234501 4 i0 - 1"))
    assert "6>18i" in moves(after)


def test_i6_lead_in_a_curve_is_measured_to_the_curve_end() -> None:
    """I6: 12o and 13o both have 14 spaces to the line: they share the lead."""
    state = load(notation({0: car("12o", "46"), 1: car("13o")}))
    assert state.leaders() == [0, 1]
    assert moves(state) and not any(m.startswith("6>") for m in moves(state))


def test_i5_all_sixes_on_a_bottleneck_may_play() -> None:
    """I5 exception 1: a leader holding only 6s on a blocking space plays a 6."""
    state = load(notation({0: car("11b", "666"), 1: car("5i")}))
    assert "6>17i" in moves(state)
    elsewhere = load(notation({0: car("12o", "666"), 1: car("5i")}))
    assert moves(elsewhere) == ["pass:666"]


def test_i5_coleaders_with_shown_sixes_blocking_the_track_may_play() -> None:
    """I5 exception 2: side by side, both with only 6s (the other has shown them)."""
    cars = {0: car("15i", "666"), 1: car("15o", "666", shown="666")}
    assert "6>21o" in moves(load(notation(cars)))
    unshown = {0: car("15i", "666"), 1: car("15o", "666")}
    assert moves(load(notation(unshown))) == ["pass:666"]


def test_i8_pit_alley_entered_over_field_a_after_lap_one() -> None:
    """I8: from field A (0o) into p1; only a car that has crossed the line twice."""
    state = load(notation({0: car("28o", "3", cross=1), 1: car("5i")}))
    assert moves(state) == ["3>1i", "3>1o", "3>p1"]
    play(state, "3>p1")
    assert state.pitted[0] and state.cross[0] == 2


def test_i10_no_pit_straight_from_the_start() -> None:
    state = load(notation({0: car("28o", "3", cross=0), 1: car("5i")}))
    assert moves(state) == ["3>1i", "3>1o"]


def test_i8_no_second_pit_stop() -> None:
    state = load(notation({0: car("28o", "3", cross=2, flags="pm"), 1: car("5i")}))
    assert moves(state) == ["3>1i", "3>1o"]


def test_i9_last_chance_must_turn_into_the_pits_and_stop_there() -> None:
    """I9: not yet stopped, third crossing: land on A or in the alley, never past it."""
    state = load(notation({0: car("29o", "136", cross=2), 1: car("20i")}))
    assert moves(state) == ["1>0o", "3>p2"]


def test_i9_blocked_pit_entry_loses_the_turn() -> None:
    """I9: 'If the entrance to the pit alley is blocked on the second round, he must lose
    a turn until the entrance is clear again.'"""
    state = load(notation({0: car("29o", "13", cross=2), 1: car("0o", cross=3, flags="pm")}))
    assert moves(state) == ["pass:13"]


# Plattfuss-Circuit (track 2): field A is 0o, the pit alley p1-p3, field C 4o.
TRACK2 = "ausgebremst(players=2,races=2)"
DISCARDING = "ausgebremst(players=2,races=2,pit_overshoot=discard)"


def test_i25_regression_car_stuck_for_ever_on_its_last_pit_chance() -> None:
    """I25 (stop_exit, the default): the review's position. On 31o before its third crossing,
    with 5, 6, 6 (the 6s banned: it leads), every card overshoots the alley; it used to
    pass for the rest of the race. Now the 5 stops it on p3, the alley's last space."""
    cars = {0: car("31o", "566", cross=2), 1: car("10i", "123")}
    state = load(notation(cars), TRACK2)
    assert moves(state) == ["5>p3"]
    play(state, "5>p3")
    assert state.track.names[state.pos[0]] == "p3" and state.pitted[0]
    assert state.played[0][5] == 1
    assert state.current_player() == CHANCE  # it draws as after any card


def test_i25_stop_on_the_last_pit_space_from_field_a() -> None:
    """I25: on field A with 4, 4, 5 (the heuristic self-play case): either card stops on
    p3; a card that fits exactly still goes where it fits."""
    state = load(notation({0: car("0o", "445", cross=3), 1: car("10i", "123")}), TRACK2)
    assert moves(state) == ["4>p3", "5>p3"]
    exact = load(notation({0: car("0o", "245", cross=3), 1: car("10i", "123")}), TRACK2)
    assert moves(exact) == ["2>p2", "4>p3", "5>p3"]


def test_i25_last_pit_space_taken_loses_the_turn() -> None:
    """I25: the car stops with points to spare only on the alley's last space; while a car
    stands there it loses its turn (I9) until the space is free."""
    cars = {0: car("0o", "445", cross=3), 1: car("p3", "123", cross=3, flags="pm")}
    state = load(notation(cars), TRACK2)
    assert moves(state) == ["pass:445"]


#: The referee's position (issue 25, point 7): car 0 on field A (0o) at its last pit chance
#: holding 4, 4, 5 (every card overshoots the three-space alley); car 1 stands on field C (4o).
FIELD_C_TAKEN = (
    "1/1 234501 4 i0 - - | 0o:3:m:R:445:444234:000000:- | 4o:3:pm:R:123:333444:000000:- | "
    + " | ".join(["0i:0:-:O:-:000000:444556:-"] * 4) + " | -"
)
STOPPING = "ausgebremst(players=2,races=2,pit_overshoot=stop)"


@pytest.mark.parametrize("game", [TRACK2, "ausgebremst(players=2,races=2,pit_overshoot=stop_exit)"])
def test_i25_stop_exit_regression_field_c_taken_bars_the_stop_with_points_to_spare(
        game: str) -> None:
    """I25 (stop_exit, the default since version 6): "Whoever is on field C blockades the pit
    exit", and a stop with points to spare needs the first space past the alley's last space
    free, as the finish with points to spare needs the first space past the line (I13). The
    referee's position: the car loses its turn (I9) until field C is clear, then stops."""
    state = load(FIELD_C_TAKEN, game)
    assert moves(state) == ["pass:445"]
    play(state, "pass:445", "1>5o", "card4")  # car 1 leaves field C and draws
    assert state.current_player() == 0
    assert moves(state) == ["4>p3", "5>p3"]
    play(state, "4>p3")
    assert state.track.names[state.pos[0]] == "p3" and state.pitted[0]


def test_i25_stop_exit_a_card_that_fits_exactly_needs_no_free_exit() -> None:
    """I25 (stop_exit): with field C taken, the 3 still ends on p3 exactly; only the cards
    with points to spare wait for the exit."""
    cars = {0: car("0o", "345", cross=3), 1: car("4o", cross=3, flags="pm")}
    assert moves(load(notation(cars), TRACK2)) == ["3>p3"]
    assert moves(load(notation(cars), STOPPING)) == ["3>p3", "4>p3", "5>p3"]


def test_i25_stop_regression_field_c_taken_does_not_bar_the_stop() -> None:
    """I25, pit_overshoot=stop (the default of versions 4 and 5): the car stops on p3 with
    points to spare whoever is on field C; it never enters field C."""
    state = load(FIELD_C_TAKEN, STOPPING)
    assert moves(state) == ["4>p3", "5>p3"]
    play(state, "5>p3")
    assert state.track.names[state.pos[0]] == "p3" and state.pitted[0]
    assert state.current_player() == CHANCE  # it draws as after any card


def test_i25_discard_regression_field_c_does_not_matter() -> None:
    """I25, pit_overshoot=discard: in the referee's position the car spends a 4 or the 5
    without moving, field C taken or not."""
    state = load(FIELD_C_TAKEN, DISCARDING)
    assert moves(state) == ["discard4", "discard5"]
    play(state, "discard4")
    assert state.track.names[state.pos[0]] == "0o" and not state.pitted[0]
    assert state.hand[0] == (4, 5)


def test_i25_only_on_the_last_chance() -> None:
    """I25: a car that may still drive past the alley (its first chance) moves in full."""
    state = load(notation({0: car("0o", "456", cross=2), 1: car("10i", "123")}), TRACK2)
    assert "5>5i" in moves(state) and "4>p3" not in moves(state)


def test_i25_neutral_car_stops_on_the_last_pit_space() -> None:
    """I25: a neutral car's 5 from 31o on its last chance stops it on p3 (it used to be
    spent without moving)."""
    cars = {0: car("15i"), 1: car("16i"), 2: neutral("31o", cross=2)}
    state = load(notation(cars, head="1/2 234501 0 i0 - -"), "ausgebremst(players=2,races=2+3)")
    play(state, "card5")
    assert state.track.names[state.pos[2]] == "p3" and state.pitted[2]


def test_i25_discard_reading_spends_a_card_and_draws() -> None:
    """I25, pit_overshoot=discard: the car spends one overshooting card face up without
    moving and draws, so its hand changes; with field A taken it still only passes (I9)."""
    cars = {0: car("31o", "566", cross=2), 1: car("10i", "123")}
    state = load(notation(cars), DISCARDING)
    assert moves(state) == ["discard5"]
    before = state.observation(1)["cars"][0]["played"]
    play(state, "discard5")
    assert state.hand[0] == (6, 6)
    assert state.track.names[state.pos[0]] == "31o" and not state.pitted[0]
    assert state.observation(1)["cars"][0]["played"] == [*before[:4], before[4] + 1, before[5]]
    assert state.current_player() == CHANCE
    play(state, "card2")
    assert list(state.hand[0]) == [2, 6, 6]
    blocked = {0: car("31o", "566", cross=2), 1: car("0o", "123", cross=3, flags="pm")}
    assert moves(load(notation(blocked), DISCARDING)) == ["pass:566"]


def test_i13_finish_with_points_to_spare_and_scoring() -> None:
    """I13, I17: over the line with a 5 from two spaces before it; first place scores 9."""
    cars = {0: car("28i", "5", cross=3, flags="pm", deck=NONE),
            1: car("10i", "-", cross=3, flags="pm", status="O", deck=NONE)}
    state = load(notation(cars))
    assert moves(state) == ["5>fin"]
    play(state, "5>fin")
    assert state.is_terminal()
    assert state.returns() == [9.0, 0.0]
    assert state.table == [((1, 0, 0, 0, 0, 0), (True, True, False, False, False, False))]


def test_i11_out_of_cards_is_taken_off() -> None:
    cars = {0: car("5i", "2", deck=NONE), 1: car("10i", "1")}
    state = load(notation(cars))
    play(state, "2>7i")
    assert state.status[0] == 2  # OUT
    assert state.current_player() == 1


def test_i12_race_ends_when_no_car_can_move() -> None:
    """I12: every racing car passed in turn: the race is over, nobody scores."""
    # Car 1 leads alone on field A with only 6s; car 0 must turn in there (I9).
    cars = {0: car("29o", "13", cross=2), 1: car("0o", "66", cross=3, flags="pm", shown="66")}
    state = load(notation(cars, head="1/1 234501 4 i1 - -"))
    assert moves(state) == ["pass:13"]
    play(state, "pass:13")
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0]


def test_i14_blind_draw_gives_the_best_players_place() -> None:
    """I14: the seat drawing highest starts behind the neutral cars, the rest clockwise."""
    import rennbahn
    from rennbahn.games.ausgebremst.rules import AusgebremstState

    state = rennbahn.load_game("ausgebremst(players=3)").new_initial_state()
    assert isinstance(state, AusgebremstState)
    assert state.current_player() == CHANCE
    assert [state.action_to_string(CHANCE, a) for a, _ in state.chance_outcomes()] == [
        "pole0", "pole1", "pole2"]
    play(state, "pole2")
    assert state.order == [3, 4, 5, 2, 0, 1]
    assert state.track.names[state.pos[3]] == "29i"  # neutral car on pole


def test_i16_neutral_car_drives_the_ideal_line_and_straightest() -> None:
    """I16: the neutral car (car 2, its turn) turns over a 4 and takes the shortest way."""
    cars = {0: car("3i", "123"), 1: car("2i", "123"), 2: neutral("6o")}
    state = load(notation(cars, head="1/1 234501 0 i0 - -"))
    assert state.current_player() == CHANCE
    play(state, "card4")
    assert state.track.names[state.pos[2]] == "11b"  # 7i, 8i, 10i (the inner line), 11b


def test_i16_neutral_prefers_the_pits_when_allowed() -> None:
    cars = {0: car("10i", "123"), 1: car("9o", "123"), 2: neutral("29o")}
    state = load(notation(cars, head="1/1 234501 0 i0 - -"))
    play(state, "card3")
    assert state.track.names[state.pos[2]] == "p2" and state.pitted[2]


def test_i16_neutral_leader_spends_its_six_without_moving() -> None:
    cars = {0: car("3i", "123"), 1: car("2i", "123"), 2: neutral("16o")}
    state = load(notation(cars, head="1/1 234501 0 i0 - -"))
    play(state, "card6")
    assert state.track.names[state.pos[2]] == "16o"
    assert state.deck[2][6] == 0 and state.played[2][6] == state.g.neutral_deck[6]


def test_i16_blockaded_neutral_draws_no_card() -> None:
    """I16: 'Should a neutral car be blockaded so that it can't move, then no card is
    drawn.' Car 2 behind the bottleneck car is skipped; it is seat 0's turn at once."""
    cars = {0: car("3i", "123"), 1: car("11b", "1", deck=NONE), 2: neutral("10o")}
    state = load(notation(cars, head="1/1 234501 5 i0 - -"))
    play(state, "1>12o")  # car 1 leaves the bottleneck, the neutral car could move ...
    assert state.current_player() == CHANCE
    cars[1] = car("11b", "12", deck=NONE)
    state = load(notation(cars, head="1/1 234501 5 i0 - -"))
    play(state, "1>12o")
    assert state.current_player() == CHANCE
    blocked = {0: car("3i", "123"), 1: car("20i", "1", deck=NONE), 2: neutral("10o"),
               3: neutral("11b")}
    state = load(notation(blocked, head="1/1 234501 5 i0 - -"))
    play(state, "1>21o")  # next: car 2, blocked behind car 3 on the bottleneck: no card
    assert state.current_player() == CHANCE and state.order[state.turn] == 3
    assert state.deck[2] == (0, 1, 1, 1, 1, 1, 1)


def test_illegal_move_leaves_state() -> None:
    state = load(notation({0: car("5i", "1"), 1: car("20i", "2")}))
    text = state.to_text()
    with pytest.raises(IllegalActionError):
        state.string_to_action(0, "1>7i")
    assert state.to_text() == text
