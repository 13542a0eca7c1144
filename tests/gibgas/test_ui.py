"""Gib Gas! at the terminal: the drawing in both languages, the legend, the shared narration."""

from __future__ import annotations

import pytest
from rich.console import Console

import rennbahn
from rennbahn.core.i18n import LANGUAGES
from rennbahn.core.registry import game_entry
from rennbahn.core.views import View
from rennbahn.games.gibgas import narration, ui
from rennbahn.games.gibgas.rules import GibGasState
from tests.helpers import play_moves

FULL = "18/012345DTP/-/-/-/-/-/-/-"
SIX = "gibgas(players=6)"


def shown(view: View, game: str = "gibgas(players=3)",
          lang: str = "en", names: list[str] | None = None, width: int = 120) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(ui.render(view, rennbahn.load_game(game), lang=lang, names=names))
    return console.export_text()


def three() -> GibGasState:
    state = rennbahn.load_game("gibgas(players=3)").state_from_text(
        " | ".join(["choose XF3-1,B1-1,V2-1,XS3-1;0 q=- pts=0", FULL, FULL, FULL]))
    assert isinstance(state, GibGasState)
    return play_moves(state, "230, 250, 240")


def test_damage_is_drawn_as_points_left() -> None:
    """Issue 12: "damage 18/18" meant points left; the column says so, in both languages."""
    state = three()
    english, german = shown(state.view(0)), shown(state.view(0), lang="de")
    assert "points left" in english and "damage" not in english
    assert "Punkte übrig" in german and "Schaden" not in german
    assert "15/18" in english  # Driver 2 crashed for 3


def test_spectator_drawing_marks_no_seat_as_you() -> None:
    """Issue 12: "(you)" was shown on a bot's seat; only the viewing seat is "you"."""
    state = three()
    assert "(you)" not in shown(state.public_view())
    mine = shown(state.view(1), names=["Anna", "Bert", "Cora"])
    assert "Bert (you)" in mine and "Anna (you)" not in mine
    assert "Fahrer 3 (du)" in shown(state.view(2), lang="de")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_drawing_cuts_no_cell_at_80_columns(lang: str) -> None:
    game = rennbahn.load_game(SIX)
    state = game.state_from_text(" | ".join(["discard V2-1,B1-1,XF3-1,XS3-1;0 q=- pts=0",
                                             *[FULL] * 6]))
    play_moves(state, "discard 200, discard 210, discard 220, discard 230, discard 240, "
                      "discard 250", "die, die, pit, 250, 230, 240")
    for view in (state.view(0), state.public_view()):
        text = shown(view, game=SIX, lang=lang, width=80)
        assert "…" not in text
        assert max(len(line) for line in text.splitlines()) <= 80


def test_drawing_names_seats_from_one() -> None:
    text = shown(three().view(0))
    assert "Driver 1" in text and "Driver 3" in text and "Driver 0" not in text


def test_six_driver_drawing_shows_only_the_own_discard() -> None:
    game = rennbahn.load_game(SIX)
    state = game.state_from_text(" | ".join(["discard V2-1,B1-1,XF3-1,XS3-1;0 q=- pts=0",
                                             *[FULL] * 6]))
    play_moves(state, "discard 200, discard 210, discard 220, discard 230, discard 240, "
                      "discard 250")
    mine = shown(state.view(3), game=SIX)
    assert "Put out, unseen: 230" in mine
    assert "Put out, unseen" not in shown(state.public_view(), game=SIX)
    assert "Verdeckt abgelegt: 230" in shown(state.view(3), game=SIX, lang="de")


def test_finished_race_names_the_winner() -> None:
    state = rennbahn.load_game("gibgas(players=3)").state_from_text(" | ".join([
        "choose V2-1,B1-1,XF3-1,XS3-1;1 q=- pts=0", "1/0123DTP/-/5/5/45/-/5/250",
        "14/0123DTP/-/5/5/45/V2-1/5/250", "18/0123DTP/-/5/5/45/-/5/250"]))
    play_moves(state, "230, 200, 230")
    assert "Fahrer 3 gewinnt das Rennen" in shown(state.public_view(), lang="de")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_legend_explains_the_symbols(lang: str) -> None:
    """Issue 12: help offered no legend; the legend names every symbol the drawing uses."""
    lines = ui.legend(lang)
    joined = "\n".join(lines)
    for symbol in ("★", "▼", "/18", "→", "Vollgas!", "Bremsen!", "Tempo-Halten", "Boxenstopp"):
        assert symbol in joined
    assert len(lines) >= 6 and all(lines)
    assert ui.legend("en") != ui.legend("de")


def test_terminal_narration_is_the_shared_narration() -> None:
    entry = game_entry("gibgas")
    assert entry.terminal is not None and entry.terminal().render is ui.render
    assert entry.narration is not None and entry.narration() is narration.narrate
    state = three()
    before = state.view(0)
    play_moves(state, "200, 210, 220")
    after = state.view(0)
    told = entry.narration()(state.get_game(), before, after)
    assert told[0].startswith("Revealed: Driver 1 plays 200")
