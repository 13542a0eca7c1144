"""The terminal drawing: it shows the table, never the seat's licence unless asked."""

from __future__ import annotations

from rich.console import Console, RenderableType

import rennbahn
from rennbahn.core.driver import SeatView
from rennbahn.games.von0auf100 import ui

TEXT = ("race=1 round=3 start=2 cans=4 wd=1 pend=0 track=2..1x.3.o4.5..x2.o..3.1x.o.4..5x.o.. "
        "deal=RYGB on=Y pos=3,37,9,12,0,5 fin=1:O- score=0,0,0,0 given=0,0,0,0,0,0/0,0,0,0,0,0/"
        "0,0,0,0,0,0/0,2,3,0,0,0 last=2:1:Y:4:9 over=0")


def shown(renderable: RenderableType) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_render_draws_track_cars_cans_and_turn_but_not_the_licence() -> None:
    game = rennbahn.load_game("von0auf100")
    state = game.state_from_text(TEXT)
    obs = state.observation(3)
    text = shown(ui.render(obs, game))
    assert "oil" in text and "2x" in text and "+5" in text
    assert "can 1" in text and "across" in text
    assert "Your turn: can 2 of 4" in text
    assert "Cans withdrawn: 5" in text
    other = dict(obs, licences=["P"])  # the same table with another licence
    assert shown(ui.render(other, game)) == text


def test_licence_command_warns_and_shows_the_own_car_only() -> None:
    state = rennbahn.load_game("von0auf100").state_from_text(TEXT)
    text = shown(ui.EXTRA_COMMANDS["licence"][1](SeatView(state, 3)))
    assert "look away" in text
    assert "Your car: B (blue)" in text
    assert "red" not in text and "green" not in text


def test_beliefs_command_shows_probabilities() -> None:
    state = rennbahn.load_game("von0auf100").state_from_text(TEXT)
    text = shown(ui.EXTRA_COMMANDS["beliefs"][1](SeatView(state, 3)))
    assert "Driver 4 (you)" in text and "100%" in text
    assert "nobody" in text


def test_narrate_tells_the_cans_placed_and_the_cars_across() -> None:
    game = rennbahn.load_game("von0auf100")
    state = game.state_from_text(TEXT.replace("pos=3,37,9,12,0,5", "pos=3,37,9,12,36,5"))
    before = state.observation(0)
    state.apply_action(state.string_to_action(3, "B"))
    lines = ui.narrate(before, state.observation(0))
    assert "Driver 4 put can 2 on B." in lines
    assert any("B crossed the line" in line and "Driver 4 uncovers" in line for line in lines)
