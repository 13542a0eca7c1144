"""The terminal drawing shows only the seat's view; the heuristic bot beats random play and
its evaluation of unfinished races (for search cut off by ``depth=``) reads the race."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

import rennbahn
from rennbahn.bots import RandomBot
from rennbahn.core.driver import SeatView
from rennbahn.games.ausgebremst import ui
from rennbahn.games.ausgebremst.bots import HeuristicBot
from rennbahn.games.ausgebremst.narration import narrate
from tests.ausgebremst.conftest import NONE, car, load, notation, play


def _text(renderable: object) -> str:
    console = Console(width=160, record=True)
    console.print(renderable)
    return console.export_text()


def test_render_shows_own_hand_not_others_and_narrates() -> None:
    cars = {0: "5i:1:m:R:235:333333:111111:-", 1: "20i:1:m:R:146:323232:101212:-"}
    state = load(notation(cars))
    game = state.get_game()
    before = state.view(0)
    text = _text(ui.render(before, game))
    assert "Your hand: 2 3 5" in text and "Driver 1" in text and "[A]" in text
    assert "1 4 6" not in text
    play(state, "2>7o")
    assert narrate(state.get_game(), before, state.view(0)) == [
        "Driver 1 plays a 2 and drives from square 5 in the inner lane to square 7 in the outer "
        "lane."]


def test_heuristic_bot_outscores_random_bots() -> None:
    game = rennbahn.load_game("ausgebremst(players=4)")
    heuristic = random_points = 0.0
    for seed in range(8):
        bots: list[rennbahn.Bot] = [
            HeuristicBot(game), RandomBot(game), HeuristicBot(game), RandomBot(game)]
        record = rennbahn.play(game, bots, seed)
        heuristic += record.returns[0] + record.returns[2]
        random_points += record.returns[1] + record.returns[3]
    assert heuristic > 3 * random_points


def test_narrates_a_card_spent_without_moving_and_the_bot_discards() -> None:
    """I25 (discard): the narration tells the spent card; the bot spends its lowest."""
    game_string = "ausgebremst(players=2,races=2,pit_overshoot=discard)"
    cars = {0: "0o:3:m:R:455:333323:000000:-", 1: "10i:1:m:R:123:333333:000000:-"}
    state = load(notation(cars), game_string)
    before = state.view(1)
    action = HeuristicBot(state.get_game()).step(SeatView(state, 0), random.Random(0))
    assert state.action_to_string(0, action) == "discard4"
    state.apply_action(action)
    assert narrate(state.get_game(), before, state.view(1)) == [
        "Driver 1 spends a 4 without moving: every card would carry it past the pit alley it "
        "must stop in (on square 0 in the outer lane, field A)."]


def test_every_track_is_drawn_folded_within_80_columns_with_every_space() -> None:
    """The drawing folds the columns like the board, so it fits a standard terminal."""
    from rennbahn.games.ausgebremst.tracks import build_track

    for number in range(1, 9):
        track = build_track(number)
        marks = {space: (f"{space % 100:02d}", "") for space in range(track.size)}
        lines = ui.draw_track(track, marks).plain.splitlines()
        assert max(len(line) for line in lines) <= 80, track.name
        drawn = {int(cell) for line in lines if line[:2] in ("P|", "o|", "i|")
                 for cell in line[2:].split()
                 if cell.isdigit()}
        assert drawn == {space % 100 for space in range(track.size)}, track.name


def test_the_evaluation_weighs_distance_pit_stop_cards_and_points_so_far() -> None:
    """``evaluate``: chances to win that sum to 1; the car nearer the finish ahead; a car whose
    card points cannot cover the distance has lost (I11), in the family game counting the
    stop it still owes (I9); two cars alike come out level; in a championship the points of the
    races before count (I17, I23): car 1 won race 1 and car 0 did not finish, so car 1 is
    ahead although it is behind in race 2."""
    bot = HeuristicBot(rennbahn.load_game("ausgebremst(players=2)"))

    def chances(cars: dict[int, str]) -> list[float]:
        return bot.evaluate(load(notation(cars)))

    ahead = chances({0: car("20i", cross=2), 1: car("10i", cross=2)})
    assert sum(ahead) == pytest.approx(1.0) and ahead[0] > 0.65
    # 25 points for the 25 spaces left: enough after the stop, one short while it is owed.
    rival = car("20i", cross=2, flags="pm")
    stopped = chances({0: car("29i", "456", cross=2, flags="pm", deck="000101"), 1: rival})
    owing = chances({0: car("29i", "456", cross=2, deck="000101"), 1: rival})
    assert stopped[0] > 0.6 and owing[0] == 0.0
    assert chances({0: car("20i", cross=2, hand="1", deck=NONE), 1: car("10i", cross=2)})[0] == 0
    twins = chances({0: car("17i", cross=2, flags="pm"), 1: car("17o", cross=2, flags="pm")})
    assert twins == [0.5, 0.5]
    game = "ausgebremst(players=2,races=1+1)"
    second = notation({0: car("20i", cross=2, flags="pm"), 1: car("10i", cross=2, flags="pm")},
                      head="2/2 234510 5 i0 - -", table="0.1.0.0.0.0/------")
    state = load(second, game)
    assert state.returns() == [0.0, 9.0]
    assert HeuristicBot(state.get_game()).evaluate(state)[1] > 0.8
