"""The narration of Von 0 auf 100 (issue 12): every step, every seat, both languages; the
defects found when the game was tried as a new user would, one test each."""

from __future__ import annotations

import random

import pytest
from rich.console import Console, RenderableType

import rennbahn
from rennbahn.core.driver import random_step
from rennbahn.core.i18n import missing_keys
from rennbahn.core.protocol import State
from rennbahn.core.views import expect_view
from rennbahn.games.von0auf100 import narration, texts, ui
from rennbahn.games.von0auf100.components import COLOUR_NAMES, COLOURS
from rennbahn.games.von0auf100.rules import Von0auf100State
from rennbahn.games.von0auf100.views import Von0auf100PublicView, Von0auf100View, own_licences
from tests.von0auf100.states import notation

VARIANTS = ("von0auf100(race=small)", "von0auf100(players=2,race=small)",
            "von0auf100(players=5,races=2)", "von0auf100(race=small,scoring=season)")


def shown(renderable: RenderableType) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_catalogue_has_every_text_in_both_languages() -> None:
    assert missing_keys(texts.CATALOGUE) == {}


def _views(state: Von0auf100State, seat: int | None) -> Von0auf100PublicView:
    if seat is None:
        return expect_view(state.public_view(), Von0auf100PublicView)
    return seen(state, seat)


def seen(state: State, seat: int) -> Von0auf100View:
    """The typed view of ``seat``."""
    return expect_view(state.view(seat), Von0auf100View)


def _secret_cars(state: Von0auf100State, seat: int | None,
                 view: Von0auf100PublicView) -> list[tuple[str, int]]:
    """(car, owner) of every licence in the current race that ``seat`` may not know."""
    race = view.race
    known = set(view.owners) | {f.car for f in view.finishes if f.race == race}
    return [(COLOURS[c], s) for c in range(6) if (s := state.owner[c]) >= 0
            and s != seat and COLOURS[c] not in known]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_step_is_told_for_every_seat_and_tells_no_secret(variant: str, lang: str) -> None:
    game = rennbahn.load_game(variant)
    state = game.new_initial_state()
    assert isinstance(state, Von0auf100State)
    seats: list[int | None] = [*range(game.num_players()), None]
    before = {s: _views(state, s) for s in seats}
    for s in seats:
        assert narration.narrate(game, None, before[s], lang=lang)
    rng = random.Random(11)
    while not state.is_terminal():
        random_step(state, rng)
        for s in seats:
            after = _views(state, s)
            lines = narration.narrate(game, before[s], after, lang=lang, names=None)
            if after != before[s]:
                assert lines, f"nothing told for seat {s} at {state.to_text()}"
            told = " ".join(lines)
            for car, owner in _secret_cars(state, s, after):
                name = ("Driver" if lang == "en" else "Fahrer") + f" {owner + 1}"
                assert f"{car} {name}" not in told
                assert f"licence of {car}" not in told
                assert f"Führerschein von {car}" not in told
            own = [c for c in COLOURS if c not in own_licences(after)]
            for car in own:
                assert f"({car}). Keep it secret" not in told
                assert f"({car}). Halte ihn" not in told
            before[s] = after


def test_who_placed_which_can_survives_the_round_end() -> None:
    """Issue 12: a round ended during the bots' turns and the narration lost who put which
    can where. Seat 1 puts can 4 (not the last), the bot in seat 2 the last can: every seat,
    narrated step by step, is told both cans with the driver, the driver card and the move."""
    game = rennbahn.load_game("von0auf100(players=3,race=small)")
    state = game.state_from_text(notation(players=3, deal="RYG", round=4, on="RO",
                                          pos="4,5,2,3,1,0"))
    for seat, car, can in ((2, "Y", 3), (0, "P", 4)):
        befores = {s: seen(state, s) for s in range(3)}
        public = state.public_view()
        state.apply_action(state.string_to_action(seat, car))
        for s in range(3):
            lines = narration.narrate(game, befores[s], seen(state, s))
            assert lines[0].startswith(f"Driver {seat + 1} puts can {can} on the ")
            assert "driver card: the car moves from " in lines[0]
        told = narration.narrate(game, public, state.public_view(), lang="de")
        assert told[0].startswith(f"Fahrer {seat + 1} legt Kanister {can} auf die ")
    # Can 5 ends the round: the cans leave the driver cards, and the step still tells it.
    before = seen(state, 0)
    state.apply_action(state.string_to_action(1, "G"))
    lines = narration.narrate(game, before, seen(state, 0))
    assert seen(state, 0).on == []  # the round ended: the cans are off the cards
    assert lines[0] == ("Driver 2 puts can 5 on the green driver card: the car moves "
                        "from square 3 to square 8.")
    assert lines[1].startswith("Round 5: Driver 2 holds the starting tile")


def test_the_end_reveals_every_licence_and_the_scores_and_the_winner() -> None:
    """Issue 12: at the end nothing was revealed. The narration of the last step and the
    drawing show every licence uncovered by the rules, the scores and the winner."""
    game = rennbahn.load_game("von0auf100(race=small)")
    state = game.state_from_text(notation(round=3, deal="RYBP", on="ROY", pos="1,2,3,17,0,0"))
    before = seen(state, 2)
    state.apply_action(state.string_to_action(1, "G"))  # green: nobody's; put aside
    state.apply_action(state.string_to_action(2, "B"))
    while not state.is_terminal():
        before = seen(state, 2)
        legal = state.legal_actions(state.current_player())
        state.apply_action(legal[-1])
    after = seen(state, 2)
    lines = narration.narrate(game, before, after)
    winner = next(f.seat for f in after.finishes if f.seat is not None)
    car = next(f.car for f in after.finishes if f.seat is not None)
    colour = COLOUR_NAMES[COLOURS.index(car)]
    assert any(line.startswith("Licences uncovered:") and f"{colour}: Driver {winner + 1}" in line
               for line in lines)
    assert not [line for line in lines if line.startswith("Score: ")]  # one race: no score
    assert lines[-1] == f"Driver {winner + 1} wins the race!"
    drawn = shown(ui.render(after, game))
    assert "Licences uncovered:" in drawn and "The game is over" in drawn
    german = shown(ui.render(after, game, lang="de"))
    assert "Aufgedeckte Führerscheine:" in german and "gewinnt das Rennen!" in german


def test_the_licence_hint_only_while_the_seat_plays() -> None:
    """Issue 12: "Type 'licence' ..." was shown after the game and during a replay."""
    game = rennbahn.load_game("von0auf100(race=small)")
    state = game.state_from_text(notation(round=3, deal="RYBP", on="ROY", pos="1,2,3,17,0,0"))
    obs = seen(state, 3)
    assert "Type 'licence'" in shown(ui.render(obs, game))
    assert "Tippe 'licence'" in shown(ui.render(obs, game, lang="de"))
    assert "licence" not in shown(ui.render(obs, game, prompt=False))
    assert "licence" not in shown(ui.render(state.public_view(), game))
    rng = random.Random(3)
    while not state.is_terminal():
        random_step(state, rng)
    assert "Type 'licence'" not in shown(ui.render(seen(state, 3), game))


def test_names_and_legend_in_both_languages() -> None:
    game = rennbahn.load_game("von0auf100(race=small)")
    state = game.state_from_text(notation(round=3, deal="RYBP", on="ROY", pos="1,2,3,17,0,0"))
    names = ["Ada", "Bo", "Cy", "Di"]
    drawn = shown(ui.render(seen(state, 1), game, lang="de", names=names))
    assert "Du bist dran: Kanister 4 von 5." in drawn and "Kanister 1 (Cy)" in drawn
    before = seen(state, 0)
    state.apply_action(state.string_to_action(1, "G"))
    lines = narration.narrate(game, before, seen(state, 0), lang="de", names=names)
    assert lines[0].startswith("Bo legt Kanister 4 auf die grüne Fahrerkarte: ")
    for lang in ("en", "de"):
        legend = ui.legend(lang)
        assert len(legend) >= 4 and all(legend)
    assert any("Ölfleck" in line for line in ui.legend("de"))


def test_several_steps_at_once_still_tell_every_can_of_the_round() -> None:
    """A caller that narrates between one person's turns (several bot moves) within a round
    is told every can placed, with its driver and driver card."""
    game = rennbahn.load_game("von0auf100(race=small)")
    state = game.state_from_text(notation(round=3, deal="RYBP", on="R", pos="1,0,0,17,0,0"))
    before = seen(state, 0)
    state.apply_action(state.string_to_action(3, "O"))
    state.apply_action(state.string_to_action(0, "Y"))
    lines = narration.narrate(game, before, seen(state, 0))
    assert lines[0] == "Driver 4 puts can 2 on the orange driver card."
    assert lines[1].startswith("Driver 1 puts can 3 on the yellow driver card: the car")


def test_the_view_keeps_the_round_before_after_a_round_ends() -> None:
    """Issue 12: after the round's last can the observation still says who put which can on
    which driver card (``previous``), the drawing shows it, and a caller that narrates a
    person's turn to the next is told every can (the round ended among the bots' turns)."""
    game = rennbahn.load_game("von0auf100(players=3,race=small)")
    state = game.state_from_text(notation(players=3, deal="RYG", round=4, on="RO",
                                          pos="4,5,2,3,1,0"))
    before = seen(state, 1)
    for seat, car in ((2, "Y"), (0, "P"), (1, "G")):
        state.apply_action(state.string_to_action(seat, car))
    after = seen(state, 1)
    assert after.on == []
    assert [(p.seat, p.can, p.car) for p in after.previous] == [
        (0, 1, "R"), (1, 2, "O"), (2, 3, "Y"), (0, 4, "P"), (1, 5, "G")]
    lines = narration.narrate(game, before, after)
    assert lines[:3] == ["Driver 3 puts can 3 on the yellow driver card.",
                         "Driver 1 puts can 4 on the purple driver card.",
                         "Driver 2 puts can 5 on the green driver card: the car moves "
                         "from square 3 to square 8."]
    drawn = shown(ui.render(after, game))
    assert "can 3 (Driver 3)" in drawn and "the cans of the round before" in drawn
    text = state.to_text()
    assert text.endswith(" prev=ROYPG")
    assert game.state_from_text(text).view(1) == after
    with pytest.raises(rennbahn.NotationError, match="last must be the last can of prev"):
        game.state_from_text(text.replace("prev=ROYPG", "prev=ROYGP"))
