"""The terminal drawing: it shows the table, never the seat's licence unless asked."""

from __future__ import annotations

import msgspec
from rich.console import Console, RenderableType

import rennbahn
from rennbahn.core.driver import SeatView
from rennbahn.core.protocol import State
from rennbahn.games.von0auf100 import narration, ui
from rennbahn.games.von0auf100.views import Von0auf100View
from tests.von0auf100.states import BIG, notation

TEXT = notation(track=BIG, round=3, on="Y", pos="3,37,9,12,0,5", fin="1:O-", cans=4, wd=1)


def shown(renderable: RenderableType) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_render_draws_track_cars_cans_and_turn_but_not_the_licence() -> None:
    game = rennbahn.load_game("von0auf100")
    state = game.state_from_text(TEXT)
    obs = state.view(3)
    assert isinstance(obs, Von0auf100View)
    text = shown(ui.render(obs, game))
    assert "oil" in text and "2x" in text and "+5" in text
    assert "can 1" in text and "across" in text
    assert "Your turn: can 2 of 4" in text
    assert "Cans withdrawn: 5" in text
    other = msgspec.structs.replace(obs, licences=["P"])  # the same table, another licence
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


def narrated(state: State, seat: int, move: str) -> list[str]:
    """What seat 0 is told when ``seat`` plays ``move`` in ``state``."""
    before = state.view(0)
    state.apply_action(state.string_to_action(seat, move))
    return narration.narrate(state.get_game(), before, state.view(0))


def test_narrate_tells_the_cans_placed_and_the_cars_across() -> None:
    game = rennbahn.load_game("von0auf100")
    state = game.state_from_text(notation(track=BIG, round=3, on="Y", pos="3,37,9,12,36,5",
                                          fin="1:O-", cans=4, wd=1))
    lines = narrated(state, 3, "B")
    assert lines[0].startswith("Driver 4 puts can 2 on the blue driver card: ")
    assert "The blue car crosses the line." in lines
    assert "Driver 4 uncovers the licence for the blue car." in lines


SMALL_TEXT = notation(round=3, deal="RYBP", on="ROY", pos="1,2,3,17,0,0")


def test_narrate_a_car_across_the_line_the_same_way_twice() -> None:
    """Regression (small race, 18 cards): can 4 on green from 17 was told as "17 → 19" and as
    "(17 → 21)"; both now say the car went across the line (I1)."""
    state = rennbahn.load_game("von0auf100(race=small)").state_from_text(SMALL_TEXT)
    lines = narrated(state, 1, "G")
    assert ("Driver 2 puts can 4 on the green driver card: the car moves from square 17 across "
            "the line." in lines)
    assert not any("19" in line or "21" in line for line in lines)


def test_narrate_a_car_on_the_start_target_card_short_of_the_line() -> None:
    """I1, finish=past_card: can 2 from 17 reaches the start/target card (square 19), which
    is not across; the drawing shows the card again with the car on it."""
    game = rennbahn.load_game("von0auf100(race=small,finish=past_card)")
    state = game.state_from_text(notation(round=3, deal="RYBP", on="R", pos="1,0,0,17,0,0",
                                          past_card=True))
    lines = narrated(state, 3, "G")
    assert ("Driver 4 puts can 2 on the green driver card: the car moves from square 17 onto "
            "the start/finish card."
            in lines)
    assert not any("across" in line for line in lines)
    drawn = shown(ui.render(state.view(0), game))
    assert drawn.count("S/Z") == 2 and drawn.count("start") == 2


def test_narrate_a_two_player_win_uncovers_both_licences() -> None:
    """I12, issue 9: seat 0's second car (yellow) crosses; the narration says both licences
    are uncovered, as the observation shows, not "the licence"."""
    game = rennbahn.load_game("von0auf100(players=2,race=small)")
    state = game.state_from_text(notation(players=2, deal="ROYG", pos="19,0,17,0,0,0",
                                          fin="1:R-", cans=4, wd=1))
    lines = narrated(state, 0, "O")
    lines += narrated(state, 1, "Y")  # can 2 from 17
    assert state.is_terminal()
    assert "Driver 1 uncovers both licences: the red car and the yellow car." in lines
    assert not any("uncovers the licence" in line for line in lines)


def test_narrate_an_undecided_race_in_words() -> None:
    """I16, I17: after the last can of round 200 the race is undecided: the narration's
    headline and the terminal's end say so in words, in English and German."""
    game = rennbahn.load_game("von0auf100(race=small)")
    state = game.state_from_text(notation(round=200, on="ROYG", pos="1,2,3,4,0,0"))
    before = state.view(0)
    state.apply_action(state.string_to_action(3, "B"))
    after = state.view(0)
    lines = narration.narrate(game, before, after)
    assert lines[-1] == "After 200 rounds the race was stopped: it is undecided, and nobody wins."
    german = narration.narrate(game, before, after, lang="de")
    assert german[-1] == ("Nach 200 Runden wurde das Rennen abgebrochen: Es bleibt "
                          "unentschieden, niemand gewinnt.")
    assert "undecided, and nobody wins" in shown(ui.render(after, game, lang="en"))
    assert "unentschieden" in shown(ui.render(after, game, lang="de"))


def test_narrate_an_undecided_race_in_a_season_that_is_driven_again() -> None:
    """I14, I17: an undecided season race: why it ended, that its points are not given,
    and (undecided=replay) that it is driven again."""
    game = rennbahn.load_game("von0auf100(scoring=season,season_places=owned,races=2,"
                              "undecided=replay,race=small)")
    state = game.state_from_text(notation(round=200, on="ROYG", pos="1,2,19,4,0,0",
                                          fin="1:Y1", score="0,5,0,0", pend=1))
    lines = narrated(state, 3, "B")
    assert ("Race 1: after 200 rounds the race is stopped. It is undecided: nobody wins it."
            in lines)
    assert ("An undecided race scores nothing: the points of its cars across are not given."
            in lines)
    assert "It is driven again." in lines
    assert "Race 2 of 3 begins; the track is laid anew." in lines


def test_narrate_a_race_decided_by_the_squares() -> None:
    """I16, house rule: after the last can of round 200 the narration says why the race
    ended and which car counts as across."""
    game = rennbahn.load_game("von0auf100(race=small,house_rule_squares=true)")
    state = game.state_from_text(notation(round=200, on="ROYG", pos="1,2,3,4,0,0"))
    lines = narrated(state, 3, "B")
    assert any("after 200 rounds the race is stopped" in line for line in lines)
    assert "The blue car counts as across." in lines
    assert "Driver 4 uncovers the licence for the blue car." in lines
