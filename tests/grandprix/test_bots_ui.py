"""The heuristic bot's choices and the terminal drawing, from state notation."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from rich.console import Console

import rennbahn
from rennbahn.bots import RandomBot
from rennbahn.core.driver import SeatView
from rennbahn.games.grandprix import ui
from rennbahn.games.grandprix.bots import HeuristicBot, again_value, roll_value
from rennbahn.games.grandprix.rules import GrandPrixState
from tests.grandprix.scenarios import FULL, PREFIX, at

FOUR = "0,0,0,0"


def choice(state: GrandPrixState, seat: int | None = None) -> str:
    seat = state.current_player() if seat is None else seat
    bot = HeuristicBot(state.get_game())
    return state.action_to_string(seat, bot.step(SeatView(state, seat), random.Random(0)))


def test_builds_while_a_roll_would_gain_little() -> None:
    assert choice(at(f"- {FOUR} 0:choose 0")) == "build"  # nothing to drive on
    assert choice(at(f"s {FOUR} 0:choose 4")) == "build"  # one card: 1/6 of a space
    assert roll_value(at(f"s {FOUR} 0:choose 4"), 0) == 1 / 6


def test_rolls_once_the_track_ahead_is_long_enough() -> None:
    assert choice(at(f"sc<A {FOUR} 0:choose 4")) == "roll"
    assert choice(at(f"{PREFIX[12]} 3,0,0,0 0:choose 16")) == "roll"


def test_a_pit_stop_ahead_counts_as_a_missed_turn() -> None:
    # From card 3, rolls 1-4 reach cards 4-7; the pit stop on 7 costs a turn.
    assert roll_value(at(f"{PREFIX[7]} 3,0,0,0 0:choose 8"), 0) == (1 + 2 + 3 + 4 - 3) / 6


def test_the_evaluation_favours_the_car_nearer_home_and_counts_a_missed_turn() -> None:
    """``evaluate`` (for search cut off by ``depth=``): chances that sum to 1, the car with
    fewer spaces to the finish (twice the turnaround's index, I6) ahead, a missed turn (I13)
    a turn behind; before the turnaround is laid the finish is where it will be."""
    bot = HeuristicBot(rennbahn.load_game("grandprix(players=2)"))
    ahead = bot.evaluate(at(f"{FULL} 30,10 0:roll 40", "grandprix(players=2)"))
    assert sum(ahead) == pytest.approx(1.0) and ahead[0] > 0.9
    level = bot.evaluate(at(f"{FULL} 7,7* 0:roll 40", "grandprix(players=2)"))
    assert 0.5 < level[0] < 0.7  # the same card, but seat 1 misses a turn
    laid = at(f"{FULL} 7,7* 0:roll 40", "grandprix(players=2)")
    assert laid.turnaround == 21
    early = bot.evaluate(at(f"{PREFIX[7]} 7,7* 0:choose 12", "grandprix(players=2)"))
    assert early == pytest.approx(level)  # the finish of the whole stack, 2 x 21
    over = at(f"{FULL} 42,10 over:0 40 die=0:4:38", "grandprix(players=2)")
    assert bot.evaluate(over) == over.returns() == [1.0, 0.0]


def test_turns_a_curve_towards_open_ground() -> None:
    # Turning left would head into the bay between the track and the start row (with the
    # default dead_end=avoid that way is not even offered, I16).
    assert choice(at(f"Pc<ssc<c? {FOUR} 0:place 8", "grandprix(dead_end=set_aside)")) == "right"


def test_grandstand_again_unless_it_costs_a_turn_for_little(tmp_path: Path) -> None:
    state = at(f"{FULL} 0,25,31,31 1:stand6 53 die=1:6:19")  # blocked onto the oil slick: 5 - 3 > 0
    assert again_value(state, 1) == 2.0
    assert choice(state) == "again"
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps({"straight": 3, "grandstand": 1, "pit": 1}))
    game = f"grandprix(players=2,stack={path},event_gap=1)"
    state = at("sGsPs 2,0 0:stand2 6 die=0:2:0", game)  # two cards on, onto the pit stop
    assert again_value(state, 0) == 2 - 3
    assert choice(state) == "stay"


def test_the_heuristic_bot_beats_random_bots() -> None:
    game = rennbahn.load_game("grandprix(players=4)")
    wins = 0.0
    for seed in range(120):
        seat = seed % 4
        bots = [HeuristicBot(game) if s == seat else RandomBot(game) for s in range(4)]
        wins += rennbahn.play(game, bots, seed=seed).returns[seat]
    assert wins / 120 > 0.35  # random play wins a quarter


def _text(state: GrandPrixState, seat: int = 0) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(ui.render(state.view(seat), state.get_game()))
    return console.export_text()


def test_render_draws_the_track_and_the_cars() -> None:
    text = _text(at("sc<Ac> 0,2,2,1 1:choose 9"))
    lines = text.splitlines()
    assert lines[0].rstrip() == "       ╔═ ·"
    assert lines[1].rstrip() == "       A"
    assert lines[2].startswith("═S1══4═23")
    assert "Turn of Driver 2: build (draw and lay a card) or roll." in text
    assert "Stack: 17 card(s) left" in text


def test_render_shows_the_finish_and_the_question() -> None:
    text = _text(at(f"{FULL} 0,17,30,41 1:stand2 73 die=1:2:15"), 1)
    assert "cheered on the grandstand: drive 2 again or stay" in text
    assert "1 to go" in text
    assert "turnaround card is laid" in text


def test_the_stack_command_shows_the_chances() -> None:
    state = at(f"ssss {FOUR} 0:choose 4")
    console = Console(width=100, record=True, color_system=None)
    _, show = ui.EXTRA_COMMANDS["stack"]
    console.print(show(SeatView(state, 0)))
    text = console.export_text()
    assert "accident" in text and "25%" in text


def test_the_view_says_when_a_seat_awaits_its_own_roll() -> None:
    """The terminal waits for a person's own roll even when it is the only move (I17)."""
    state = at("sc<A 0,0 0:roll 4", "grandprix(players=2)")
    assert state.view(0).awaits_roll(0) and state.public_view().awaits_roll(0)
    assert not state.view(1).awaits_roll(1)
    assert not at("sc<A 0,0 0:choose 4", "grandprix(players=2)").view(0).awaits_roll(0)
