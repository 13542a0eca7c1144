"""Grand Prix in the players' words (issue 24): moves, the end, names and a readable board.

Random races of every registered variant: each legal move of a driver is said in English
and German, never as its notation, and the moves of one position differently; at the end
one headline names the winner by the given name in the narration, the board and the end
panel alike; the board calls every seat by its name and stays readable at a desktop's 680 px.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import rennbahn
from rennbahn.core.driver import random_step
from rennbahn.core.protocol import State
from rennbahn.core.words import missing_words
from rennbahn.games.grandprix import ENTRY
from rennbahn.games.grandprix.board import board_svg
from rennbahn.games.grandprix.narration import narrate
from rennbahn.games.grandprix.views import GrandPrixView
from rennbahn.games.grandprix.words import WORDS
from tests.grandprix.scenarios import FULL, at

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Anna", "Ben", "Clara", "Dora"]
#: What only notation or code writes: turn codes and fields of the state notation, ids with
#: underscores, a phase with its seat; in German also the moves' English notation.
NOTATION = re.compile(r"[<>=]|\w_\w|\d:\w|\bstand\d|\bover:")
ENGLISH_MOVES = re.compile(r"\b(build|roll|left|right|again|stay)\b", re.IGNORECASE)
#: A desktop's column and a phone's: the board's width in CSS px.
DESKTOP, PHONE = 680.0, 340.0


def legal(state: State) -> list[str]:
    seat = state.current_player()
    if seat < 0:
        return []
    return [state.action_to_string(seat, a) for a in state.legal_actions(seat)]


def races() -> list[tuple[str, int]]:
    return [(variant, seed) for variant in ENTRY.variants for seed in (1, 2)]


def check_labels(state: State) -> None:
    moves = legal(state)
    view = state.view(state.current_player())
    for lang in ("en", "de"):
        labels = [WORDS.move(view, move, lang=lang, names=NAMES) for move in moves]
        assert len(set(labels)) == len(labels), labels
        for move, label in zip(moves, labels, strict=True):
            assert label.strip() and label.lower() != move, (move, label)
            assert not NOTATION.search(label), (move, label)
            assert lang == "en" or not ENGLISH_MOVES.search(label), (move, label)


@pytest.mark.parametrize(("variant", "seed"), races())
def test_moves_in_words_and_one_end_everywhere(variant: str, seed: int) -> None:
    game = rennbahn.load_game(variant)
    names = NAMES[:game.num_players()]
    state = game.new_initial_state()
    rng = random.Random(seed)
    told: dict[str, list[str]] = {"en": [], "de": []}
    while not state.is_terminal():
        if state.current_player() >= 0:
            check_labels(state)
        before = state.public_view()
        random_step(state, rng)
        for lang in told:
            told[lang] += narrate(game, before, state.public_view(), lang=lang, names=names)
    views = [state.view(seat) for seat in range(game.num_players())] + [state.public_view()]
    for lang in ("en", "de"):
        ends = {WORDS.finish(view, lang=lang, names=names) for view in views}
        assert len(ends) == 1
        end = ends.pop()
        assert end.headline == told[lang][-1]
        assert sorted(p.seat for p in end.placings) == list(range(game.num_players()))
        assert [p.place for p in end.placings] == sorted(p.place for p in end.placings)
        assert end.placings[0].place == 1
        for seat in end.winners:
            assert names[seat] in end.headline
        assert list(end.winners) == [p.seat for p in end.placings if p.place == 1] \
            or not end.winners
        for view in views:
            svg = board_svg(view, game, lang=lang, names=names)
            assert not re.search(r"Driver|Fahrer \d", svg)
            assert end.headline in svg


def test_the_end_in_words() -> None:
    """The first car home wins; the others follow by how far they got, each said."""
    state = at(f"{FULL} 42,30,0,5 over:0 40 die=0:4:38")
    end = WORDS.finish(state.public_view(), lang="en", names=NAMES)
    assert end.headline == "Anna wins the Grand Prix!"
    assert [(p.seat, p.place, p.note) for p in end.placings] == [
        (0, 1, "crossed the finish line"), (1, 2, "12 cards from the finish"),
        (3, 3, "37 cards from the finish"), (2, 4, "still on the start card")]
    assert end.winners == (0,) and end.table == ()
    de = WORDS.finish(state.view(2), lang="de", names=NAMES)
    assert de.headline == "Anna gewinnt den Grand Prix!"
    assert de.placings[1].note == "noch 12 Karten bis ins Ziel"


def test_a_race_the_turn_limit_ends_has_no_winner() -> None:
    state = at("sc< 2,1 over:- 10", "grandprix(players=2,turn_limit=10)")
    end = WORDS.finish(state.public_view(), lang="en", names=NAMES[:2])
    assert end.headline == "The turn limit (10 turns) ends the race undecided."
    assert end.winners == () and [p.place for p in end.placings] == [1, 1]
    assert [p.note for p in end.placings] == ["on card 2 on the way out",
                                             "on card 1 on the way out"]
    assert end.headline in board_svg(state.public_view(), state.get_game(), names=NAMES[:2])


def test_the_moves_of_each_phase() -> None:
    choose = at(f"sc< {'0,' * 3}0 0:choose 4")
    view = choose.view(0)
    assert [WORDS.move(view, m, lang="de") for m in legal(choose)] == [
        "Bauen: eine Karte ziehen und ans Ende der Strecke legen", "Würfeln und fahren"]
    place = at(f"sc<c? {'0,' * 3}0 0:place 4")  # the track heads north: left is west
    assert [WORDS.move(place.view(0), m, lang="en") for m in legal(place)] == [
        "Lay the curve turning left (the track then heads west)",
        "Lay the curve turning right (the track then heads east)"]
    assert WORDS.move(place.view(0), "left", lang="de") == \
        "Die Kurve nach links anlegen (die Strecke führt dann nach Westen)"
    stand = at(f"{FULL} 17,0,0,0 0:stand4 40 die=0:4:13")
    assert [WORDS.move(stand.view(0), m, lang="de") for m in legal(stand)] == [
        "Die 4 noch einmal fahren", "Auf der Tribüne stehen bleiben"]
    assert WORDS.colour(view, "build") is None


def test_every_parameter_has_words() -> None:
    for variant in ENTRY.variants:
        assert missing_words(WORDS, rennbahn.load_game(variant)) == []
    game = rennbahn.load_game("grandprix(players=3,oncoming=pass,accident_blocks_return=block)")
    assert WORDS.variant(game, "de") == ("Entgegenkommende Autos: An entgegenkommenden Autos "
                                         "vorbei; Unfall hält auch Rückfahrer auf: Ja, auch die")
    # The old spelling false is the default now (I11), so it is no variant.
    game = rennbahn.load_game("grandprix(players=3,accident_blocks_return=false)")
    assert WORDS.variant(game, "en") == ""
    assert WORDS.choice("accident_blocks_return", "pass_not_stop", "en") == \
        "No, they drive past but may not stop there"
    for name in ("stack", "spread", "event_gap", "oncoming", "accident_blocks_return",
                 "dead_end", "turn_limit"):
        label, help_ = WORDS.param(name, "en")
        assert not re.search(r"\(I\d+\)|_", label + help_)
        assert help_.count(". ") == 0 and help_.endswith(".")


def test_names_on_the_board_and_the_cars_marked_with_initials() -> None:
    state = at(f"{FULL} 5,5,30,12* 1:roll 41")
    game = state.get_game()
    svg = board_svg(state.view(1), game, names=NAMES)
    assert "Ben (you)" in svg and "Clara" in svg and not re.search(r"Driver \d", svg)
    marks = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text") if t.text in NAMES_MARKS]
    assert sorted(set(marks)) == ["A", "B", "C", "D"]
    same = board_svg(state.view(1), game, names=["Al", "Ann", "Bo", "Cy"])
    assert "Al" in same and not re.search(r">A<", same)  # same initials: numbers
    assert "Driver 2 (you)" in board_svg(state.view(1), game)


NAMES_MARKS = {"A", "B", "C", "D"}


def sizes(svg: str) -> tuple[float, float, float]:
    """The board's viewBox width, its smallest font size and its smallest tapped rectangle
    (the smaller side of the largest rectangle in each ``data-move`` element), in units."""
    root = ET.fromstring(svg)
    width = float(root.get("viewBox", "").split()[2])
    fonts = [float(t.get("font-size", "0")) for t in root.iter(f"{SVG}text")]
    taps = [max((min(float(r.get("width", 0)), float(r.get("height", 0)))
                 for r in e.iter(f"{SVG}rect")), default=0.0)
            for e in root.iter() if "data-move" in e.attrib]
    return width, min(fonts), min(taps, default=float("inf"))


@pytest.mark.parametrize("variant", ["grandprix(players=4)",
                                     "grandprix(players=4,stack=plus_large)"])
def test_the_board_is_readable_on_a_desktop(variant: str) -> None:
    """At 680 px every text is 11 px or more and every tapped thing 36 px or more (on a
    phone, 340 px, the tapped things stay 44 px or more), all along long races: the longer
    the track, the smaller its cards, but never the words on them."""
    game = rennbahn.load_game(variant)
    smallest_text = smallest_tap = float("inf")
    for seed in range(3):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while True:
            seat = state.current_player()
            if seat >= 0 or state.is_terminal():  # where a driver decides, and the end
                view = state.view(seat) if seat >= 0 else state.public_view()
                assert isinstance(view, GrandPrixView)
                svg = board_svg(view, game, moves=legal(state), names=NAMES)
                width, font, tap = sizes(svg)
                smallest_text = min(smallest_text, font * DESKTOP / width)
                smallest_tap = min(smallest_tap, tap * DESKTOP / width)
                assert tap * PHONE / width >= 44
            if state.is_terminal():
                break
            random_step(state, rng)
    assert smallest_text >= 11.0
    assert smallest_tap >= 36.0


def test_cars_equally_far_share_a_place() -> None:
    state = at(f"{FULL} 42,5,30,5 over:0 40 die=0:4:38")
    end = WORDS.finish(state.public_view(), lang="en", names=NAMES)
    assert [(p.seat, p.place) for p in end.placings] == [(0, 1), (2, 2), (1, 3), (3, 3)]
