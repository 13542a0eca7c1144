"""Later races, points and the championship (I11, I15, I17, I23), from state notation."""

from __future__ import annotations

from rennbahn.core.protocol import CHANCE
from rennbahn.games.ausgebremst.constants import OUT
from tests.ausgebremst.conftest import load, moves, play

GAME = "ausgebremst(players=3,races=1+2)"  # Bleifuss-Drom, then Plattfuss-Circuit
NONE = "000000"


def _last_move_of_race_one() -> str:
    """Race 1 of 2: neutral car 4 has won, player 0 came second; player 1 is out on 10i,
    player 2 plays its last card on 20i and goes out too, nearer the finish than car 1."""
    return " | ".join([
        "1/2 345012 5 i0 - 40",
        f"5i:4:pm:F:-:{NONE}:{NONE}:-",
        f"10i:3:pm:O:-:{NONE}:{NONE}:-",
        f"20i:3:pm:R:1:{NONE}:{NONE}:-",
        f"25i:3:pm:R:-:111111:{NONE}:-",
        f"7i:4:pm:F:-:{NONE}:{NONE}:-",
        f"3i:2:pm:O:-:{NONE}:{NONE}:-",
        "-",
    ])


def test_i17_a_player_behind_a_neutral_car_scores_its_actual_place() -> None:
    """I17: 'Cars finishing after a neutral car don't automatically move up a position':
    player 0, second behind neutral car 4, scores 6 points, not 9."""
    state = load(_last_move_of_race_one(), GAME)
    play(state, "1>21o")  # its last card: out, no player left racing, the race is over
    assert state.race == 1 and len(state.table) == 1
    assert state.table[0][0] == (2, 0, 0, 0, 1, 0)
    assert state.returns() == [6.0, 0.0, 0.0]


def test_i15_later_race_lineup_neutral_cars_first_then_places_then_distance() -> None:
    """I15: the neutral cars take the best places whatever their finish (car 4 won race 1);
    then player 0 (second), then the unfinished cars, the one nearer the finish first
    (car 2 on 21o before car 1 on 10i). Turns go in that order, the neutral cars first."""
    state = load(_last_move_of_race_one(), GAME)
    play(state, "1>21o")
    assert state.race == 1 and state.track.name == "Plattfuss-Circuit"
    assert state.order == [3, 4, 5, 0, 2, 1]
    grid = [state.track.names[state.track.grid[place]] for place in range(6)]
    assert [state.track.names[state.pos[car]] for car in state.order] == grid
    # the deal: three cards for each player in start order, then neutral car 3 drives
    assert state.current_player() == CHANCE and state.queue[0][1] == 0
    play(state, *["card3"] * 9)
    assert state.current_player() == CHANCE and state.order[state.turn] == 3
    play(state, "card2", "card2", "card2")  # the three neutral cars
    assert state.current_player() == 0


def test_i23_championship_points_add_up_over_the_races() -> None:
    """I23: the second race adds to the first: player 0 was second in race 1 (6), player 2
    out (0); in race 2 player 2 has won (9) and player 0 crosses the line second (6)."""
    text = " | ".join([
        "2/2 345021 3 i0 - 2",
        f"30i:3:pm:R:5:{NONE}:{NONE}:-",
        f"10i:3:pm:O:-:{NONE}:{NONE}:-",
        f"5i:4:pm:F:-:{NONE}:{NONE}:-",
        f"19i:3:pm:R:-:111111:{NONE}:-",
        f"21i:3:pm:R:-:111111:{NONE}:-",
        f"23i:3:pm:R:-:111111:{NONE}:-",
        "2.0.0.0.1.0/pp-ppp",
    ])
    state = load(text, GAME)
    assert state.returns() == [6.0, 0.0, 0.0]
    assert moves(state) == ["5>fin"]
    play(state, "5>fin")
    assert state.is_terminal()
    assert state.table[1][0] == (2, 0, 1, 0, 0, 0)
    assert state.returns() == [12.0, 0.0, 9.0]
    assert state.observation(1)["totals"] == [12.0, 0.0, 9.0]


def test_i11_a_neutral_car_out_of_cards_is_pulled_off_the_track() -> None:
    """I11: 'If a neutral car runs out of cards, it is pulled off the track': neutral car 2
    turns over its last card, moves, and leaves the track, so 16i is free for player 0."""
    text = " | ".join([
        "1/1 234501 0 i0 - -",
        f"13i:1:m:R:234:333333:{NONE}:-",
        f"5i:1:m:R:123:333333:{NONE}:-",
        f"15i:1:m:R:-:100000:{NONE}:-",
        *[f"0i:0:-:O:-:{NONE}:{NONE}:-"] * 3,
        "-",
    ])
    state = load(text, "ausgebremst(players=2)")
    assert [state.action_to_string(CHANCE, a) for a, _ in state.chance_outcomes()] == ["card1"]
    play(state, "card1")
    assert state.track.names[state.pos[2]] == "16i" and state.status[2] == OUT
    assert state.observation(0)["cars"][2]["on_board"] is False
    assert state.current_player() == 0
    assert "2>16i" in moves(state)  # 13i 15i 16i: the space it stopped on is free
