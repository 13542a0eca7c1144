"""The narration of Grand Prix (issue 12): every step told from the views, in both languages.

Tests start from state notation (the track ``FULL`` of scenarios.py: accident on card 3, pit
stop on 7, oil slick on 12, grandstand on 17, turnaround on 21, home at 42) or play seeded
races, and narrate one step at a time as the terminal and the browser do.
"""

from __future__ import annotations

import random
import re

import msgspec
import pytest
from rich.console import Console

import rennbahn
from rennbahn.core.driver import random_step
from rennbahn.core.i18n import missing_keys
from rennbahn.core.protocol import CHANCE, State
from rennbahn.core.records import Step
from rennbahn.core.views import UNSET
from rennbahn.games.grandprix import ui
from rennbahn.games.grandprix.board import board_svg
from rennbahn.games.grandprix.bots import HeuristicBot
from rennbahn.games.grandprix.narration import narrate
from rennbahn.games.grandprix.rules import GrandPrixState
from rennbahn.games.grandprix.texts import CATALOGUE
from rennbahn.games.grandprix.views import GrandPrixView
from tests.grandprix.scenarios import FULL, at, play

FOUR = "0,0,0,0"
#: The issue's race (seed 1001433377, you against the heuristic bot) after build, left,
#: build: the track is three cards long, Driver 2 stands on card 2, Driver 1 rolls.
ISSUE_RACE = "c<c>s 0,2 0:roll 4 die=1:2:0"
TWO = "grandprix(players=2)"


def told(state: GrandPrixState, *moves: str, seat: int | None = 0,
         lang: str = "en") -> list[str]:
    """What ``seat`` (None: a spectator) is told of the moves, one step at a time."""
    lines: list[str] = []
    for move in moves:
        before = _view(state, seat)
        play(state, move)
        lines += narrate(state.get_game(), before, _view(state, seat), lang=lang)
    return lines


def _view(state: State, seat: int | None) -> GrandPrixView:
    view = state.public_view() if seat is None else state.view(seat)
    assert isinstance(view, GrandPrixView)
    return view


def test_the_catalogue_has_every_text_in_both_languages() -> None:
    assert missing_keys(CATALOGUE) == {}
    assert len(ui.legend("en")) == len(ui.legend("de")) >= 5
    assert any("Tribüne" in line for line in ui.legend("de"))
    assert any(line.startswith("A accident (Unfall)") for line in ui.legend("en"))


def test_the_start_says_what_the_race_is_and_who_you_are() -> None:
    game = rennbahn.load_game(TWO)
    state = game.new_initial_state()
    lines = narrate(game, None, state.view(1))
    assert lines[0].startswith("Grand Prix: 2 drivers build the track")
    assert lines[-1] == "You are Driver 2."
    assert narrate(game, None, state.public_view(), lang="de")[-1] == \
        "Du schaust als Zuschauer zu."
    assert narrate(game, None, state.view(0), names=["Ann", "Bo"])[-1] == "You are Ann."


# -- the defects of issue 12 ---------------------------------------------------------------
def test_grand_prix_never_shows_a_roll() -> None:
    """Issue 12: every view holds the last roll, the board draws it, the narration tells it."""
    state = at(f"{FULL} 8,0,0,0 0:roll 52")
    assert state.observation(2)["last_roll"] is None
    assert told(state, "4", seat=2) == ["Driver 1 rolls 4: drives 4 to card 12 (oil slick), "
                                        "30 to go.",
                                        "Oil slick: Driver 1 misses the next turn."]
    roll = state.observation(2)["last_roll"]
    assert (roll["seat"], roll["face"], roll["from"], roll["to"]) == (0, 4, 8, 12)
    assert roll == state.public_observation()["last_roll"]
    # The die on the board shows four pips, where before the roll it showed a question mark.
    view = _view(state, 2)
    blank = msgspec.structs.replace(view, last_roll=None)
    game = state.get_game()
    assert board_svg(view, game).count("<circle") == board_svg(blank, game).count("<circle") + 4
    console = Console(width=100, record=True, color_system=None)
    console.print(ui.render(view, game, lang="de"))
    assert "Letzter Wurf: Fahrer 1 würfelte 4." in console.export_text()


def test_a_failed_roll_is_silent() -> None:
    """Issue 12 (seed 1001433377: build, left, build, roll): a void roll is told, with why."""
    state = at(ISSUE_RACE, TWO)
    assert told(state, "4") == [
        "Driver 1 rolls 4: only 3 cards are laid ahead, fewer than 4, so the roll is void and "
        "the car stays on the start card."]
    assert state.observation(0)["last_roll"]["result"] == "void"
    state = at(ISSUE_RACE, TWO)
    assert told(state, "4", lang="de") == [
        "Fahrer 1 würfelt 4: Vor dem Auto liegen nur 3 Karten, weniger als 4, also verfällt "
        "der Wurf und das Auto bleibt auf der Startkarte."]
    # A car that a full card keeps from moving is told too (I8).
    state = at(f"{FULL} 4,5,5,0 0:roll 52")
    assert told(state, "1") == ["Driver 1 rolls 1: the card ahead is full, so the car cannot "
                                "move and stays on card 4 (curve), 38 to go."]
    state = at(f"{FULL} 1,5,5,0 0:roll 52")
    assert told(state, "6") == ["Driver 1 rolls 6: drives 3 to card 4 (curve), 38 to go; the "
                                "card ahead is full, so the rest of the roll (3) is lost."]


def test_the_return_leg_is_not_one_panel() -> None:
    """Issue 12 (seed 7, 4 players): after the turnaround every roll is told by itself, with
    its face and where the car got to, not as one line per car for the whole leg."""
    game = rennbahn.load_game("grandprix(players=4)")
    state = game.new_initial_state()
    views = [_view(state, None)]
    told_steps: list[list[str]] = []

    def on_step(now: State, step: Step) -> None:
        views.append(_view(now, None))
        told_steps.append(narrate(game, views[-2], views[-1]))

    rennbahn.play(game, [HeuristicBot(game) for _ in range(4)], seed=7, on_step=on_step)
    rolls = 0
    for before, after, lines in zip(views, views[1:], told_steps, strict=False):
        assert lines, after
        if before.phase != "roll":
            continue
        rolls += before.turnaround_laid
        roll = after.last_roll
        assert roll is not None
        face_line = [line for line in lines if " rolls " in line]
        assert len(face_line) == 1
        assert face_line[0].startswith(f"Driver {roll.seat + 1} rolls {roll.face}: ")
    assert rolls >= 15  # 19 rolls on the way back
    assert told_steps[-1][-1].endswith("wins the Grand Prix!")


# -- every event ---------------------------------------------------------------------------
def test_every_card_built_is_told_with_where_and_which_way() -> None:
    state = at(f"s {FOUR} 0:choose 4")
    assert told(state, "build", "curve", "left") == [
        "Driver 1 builds: the next card is drawn from the stack.",
        "Driver 1 draws a curve and may turn it left or right.",
        "Driver 1 lays card 2: a curve turning left (the track now heads north).",
    ]
    assert told(state, "build", "pit", seat=None, lang="de") == [
        "Fahrer 2 baut: Die nächste Karte wird vom Stapel gezogen.",
        "Fahrer 2 legt Karte 3 an: Boxenstopp.",
        "Boxenstopp: Wer hier anhält, muss einmal aussetzen.",
    ]


def test_the_turnaround_is_told() -> None:
    state = at(f"{FULL[:-1]} {FOUR} 3:choose 43")
    lines = told(state, "build")
    assert lines[0].startswith("Driver 4 lays the turnaround card as card 21")
    assert "the die rolls at once" in lines[0]


def test_the_grandstand_again_and_stay() -> None:
    state = at(f"{FULL} 15,0,0,0 0:roll 52")
    assert told(state, "2", "again") == [
        "Driver 1 rolls 2: drives 2 to card 17 (grandstand), 25 to go.",
        "Grandstand: the fans cheer Driver 1 on, who may drive the 2 once more or stay.",
        "Driver 1 takes the 2 again and drives 2 to card 19 (straight), 23 to go.",
    ]
    state = at(f"{FULL} 15,0,0,0 0:roll 52")
    assert told(state, "2", "stay", seat=None)[-1] == "Driver 1 stays on the grandstand."
    state = at(f"{FULL} 16,18,18,0 0:roll 52")
    assert told(state, "1")[-1] == \
        "Grandstand: driving the 1 again would gain nothing, so Driver 1 stays."


def test_missed_turns_and_the_accident_are_told() -> None:
    state = at(f"{FULL} 10,0,0,0 0:roll 52")
    assert told(state, "2", "1", "2", "3") == [
        "Driver 1 rolls 2: drives 2 to card 12 (oil slick), 30 to go.",
        "Oil slick: Driver 1 misses the next turn.",
        "Driver 2 rolls 1: drives 1 to card 1 (straight), 41 to go.",
        "Driver 3 rolls 2: drives 2 to card 2 (curve), 40 to go.",
        "Driver 4 rolls 3: drives 3 to card 3 (accident), 39 to go.",
        "Driver 4 stands on the accident: no other car may stand there, and the cars behind "
        "Driver 4 cannot pass it, until Driver 4 drives on.",
        "Driver 1 misses this turn (oil slick).",
    ]


#: Issue 25's track with the grandstand on card 7 and the pit stop on card 17: a returning
#: car's second drive from the grandstand can end on the accident card (card 3).
GRANDSTAND_7 = "sc<Ac>sc<Gc>sc<sOc>sc<sPc>ssT"


def test_i11_a_car_that_may_not_stop_on_the_accident_is_told_why() -> None:
    """I11, issue 25: the default pass_not_stop lets a returning car drive over the outward
    car on the accident card but not stop there; the narration says so, in both languages."""
    state = at(f"{FULL} 36,3,0,0 0:roll 52")
    assert told(state, "3") == [
        "Driver 1 rolls 3: drives 2 to card 4 (curve), 4 to go; a car stands on the accident "
        "card ahead and only one car may stand there, so the car cannot stop on it and the "
        "rest of the roll (1) is lost."]
    state = at(f"{FULL} 38,3,0,0 0:roll 52")
    assert told(state, "1", lang="de") == [
        "Fahrer 1 würfelt 1: Auf dem Unfall davor steht schon ein Auto, und dort darf nur "
        "eines stehen, also kann das Auto dort nicht halten und bleibt auf Karte 4 (Kurve), "
        "noch 4 bis ins Ziel."]
    # Round the turnaround card: the accident on card 19 holds an outward car.
    state = at("sc<Gc>sc<Pc>sc<sOc>sc<ssc>AsT 20,19,0,0 0:roll 52")
    assert told(state, "3") == [
        "Driver 1 rolls 3: drives 2, round the turnaround card and back to card 20 "
        "(straight), 20 to go; a car stands on the accident card ahead and only one car may "
        "stand there, so the car cannot stop on it and the rest of the roll (1) is lost."]
    # The grandstand's second drive (I14) would end on the accident card.
    state = at(f"{GRANDSTAND_7} 31,3,0,0 0:roll 52")
    lines = told(state, "4", "again")
    assert lines[-1] == (
        "Driver 1 takes the 4 again and drives 3 to card 4 (curve), 4 to go; a car stands on "
        "the accident card ahead and only one car may stand there, so the car cannot stop on "
        "it and the rest of the roll (1) is lost.")
    record = state.roll_record()
    assert record is not None and record.again is not UNSET
    assert record.again.result == "taken"
    # With accident_blocks_return=block the same stop is a full card's.
    state = at(f"{FULL} 36,3,0,0 0:roll 52", "grandprix(players=4,accident_blocks_return=block)")
    assert told(state, "3") == [
        "Driver 1 rolls 3: drives 2 to card 4 (curve), 4 to go; the card ahead is full, so "
        "the rest of the roll (1) is lost."]


def test_cars_returning_home_and_the_winner() -> None:
    state = at(f"{FULL} 19,0,0,0 0:roll 52")
    assert told(state, "4") == ["Driver 1 rolls 4: drives 4, round the turnaround card and "
                                "back to card 19 (straight), 19 to go."]
    state = at(f"{FULL} 40,0,30,0 0:roll 52")
    assert told(state, "6") == [
        "Driver 1 rolls 6: drives 2 and crosses the finish line on the start card!",
        "Driver 1 wins the Grand Prix!",
    ]
    state = play(at("- 0,0 1:choose 9", "grandprix(players=2,turn_limit=10)"), "roll")
    assert told(state, "3")[-1] == "The turn limit (10 turns) ends the race undecided."


def test_seats_are_called_by_their_names() -> None:
    state = at(ISSUE_RACE, TWO)
    before = state.view(1)
    play(state, "1")
    assert narrate(state.get_game(), before, state.view(1), names=["Ann", "Bo"]) == [
        "Ann rolls 1: drives 1 to card 1 (curve)."]


# -- seeded playouts -----------------------------------------------------------------------
VARIANTS = next(e.variants for e in rennbahn.registered_games() if e.name == "grandprix")


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_step_of_seeded_races_is_told_alike_to_every_seat(variant: str) -> None:
    """No step is silent; a seat is told exactly what a spectator is told (nothing is hidden
    in Grand Prix, and the narration must not invent secrets); the faces told are the faces
    the die showed in the true state; both languages."""
    game = rennbahn.load_game(variant)
    rng = random.Random(12)
    for _ in range(2):
        state = game.new_initial_state()
        seats = range(game.num_players())
        for lang in ("en", "de"):
            assert narrate(game, None, state.public_view(), lang=lang)
        while not state.is_terminal():
            views = [_view(state, s) for s in seats] + [_view(state, None)]
            die = state.current_player() == CHANCE and views[-1].phase == "roll"
            roller = views[-1].turn
            random_step(state, rng)
            action = state.full_history()[-1][1]
            after = [_view(state, s) for s in seats] + [_view(state, None)]
            for lang in ("en", "de"):
                stories = [narrate(game, b, a, lang=lang)
                           for b, a in zip(views, after, strict=True)]
                assert stories[-1], state.to_text()
                assert all(story == stories[-1] for story in stories)
            if die:
                line = narrate(game, views[-1], after[-1])[0]
                match = re.match(r"Driver (\d) rolls (\d): ", line)
                assert match is not None, line
                assert (int(match[1]), int(match[2])) == (roller + 1, action + 1)
