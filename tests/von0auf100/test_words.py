"""Von 0 auf 100 in the players' words (issue 24): every move labelled in English and
German without notation, one announcement of the end on the board, in the log and in the
end panel, the season table, the seats' names on the board, a board readable at 680 px,
and the rules for players with board pictures that draw."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from importlib import resources

import pytest

from rennbahn.core.driver import random_step
from rennbahn.core.protocol import State
from rennbahn.core.registry import load_game
from rennbahn.core.views import expect_view
from rennbahn.core.words import missing_words
from rennbahn.games.von0auf100 import ENTRY
from rennbahn.games.von0auf100.board import board_svg
from rennbahn.games.von0auf100.components import CAR_COLOURS, COLOURS
from rennbahn.games.von0auf100.narration import narrate
from rennbahn.games.von0auf100.views import Von0auf100PublicView
from rennbahn.games.von0auf100.words import WORDS, race_points
from tests.von0auf100.states import BIG, notation

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ("Anna", "Ben", "Clara", "Dora", "Emil")
#: The width of the page's board column on a 1280x800 desktop and on a 360 px phone.
DESKTOP = 680.0
PHONE = 340.0
#: A notation token: a car's letter standing alone.
TOKEN = re.compile(r"(?<![\w/])[ROYGBP](?![\w/])")


def playout(text: str, seed: int) -> list[State]:
    """Every state where a seat is to move along one random game, and its end."""
    game = load_game(text)
    state = game.new_initial_state()
    rng = random.Random(seed)
    states = []
    while not state.is_terminal():
        if state.current_player() >= 0:
            states.append(state.clone())
        random_step(state, rng)
    states.append(state)
    return states


@pytest.mark.parametrize("variant", ENTRY.variants)
def test_every_move_has_its_own_words_in_both_languages(variant: str) -> None:
    for seed in (1, 2):
        for state in playout(variant, seed)[::3]:
            seat = state.current_player()
            if seat < 0:
                continue
            view = state.view(seat)
            moves = [state.action_to_string(seat, a) for a in state.legal_actions(seat)]
            for lang in ("en", "de"):
                labels = [WORDS.move(view, m, lang=lang, names=NAMES) for m in moves]
                assert len(set(labels)) == len(labels), labels
                for move, label in zip(moves, labels, strict=True):
                    assert label and label != move
                    assert not TOKEN.search(label), label
                    assert WORDS.colour(view, move) == CAR_COLOURS[move]


def test_a_move_says_where_the_car_goes() -> None:
    game = load_game("von0auf100(players=4)")
    # Round 5, can 3 next: orange stands on an oil stain (9), green on a +3 card (7), blue
    # on a +1 card (4).
    state = game.state_from_text(notation(track=BIG, round=5, on="RY", pos="12,9,9,7,4,0"))
    view = state.view(2)
    words = {m: WORDS.move(view, m, lang="en") for m in "OGBP"}
    assert words == {"O": "Orange car slides back to square 6", "G": "Green car to square 13",
                     "B": "Blue car to square 8", "P": "Purple car to square 3"}
    state = game.state_from_text(notation(track=BIG, round=5, on="R", pos="12,9,9,7,4,35"))
    view = state.view(1)
    assert WORDS.move(view, "O", lang="de") == "Oranges Auto rutscht zurück auf Feld 7"
    assert WORDS.move(view, "P", lang="de") == "Lila Auto über die Ziellinie"


def ending(variant: str, seed: int) -> tuple[State, State]:
    """A random game's last step: the state before it and the finished state."""
    state = load_game(variant).new_initial_state()
    rng = random.Random(seed)
    before = state.clone()
    while not state.is_terminal():
        before = state.clone()
        random_step(state, rng)
    return before, state


def finished(variant: str, seed: int) -> State:
    return ending(variant, seed)[1]


@pytest.mark.parametrize("variant", ENTRY.variants)
def test_the_end_is_one_announcement_for_every_seat(variant: str) -> None:
    game = load_game(variant)
    n = game.num_players()
    names = list(NAMES[:n])
    for seed in (3, 4):
        before, state = ending(variant, seed)
        views = [(state.view(s), before.view(s)) for s in range(n)]
        views.append((state.public_view(), before.public_view()))
        for lang in ("en", "de"):
            for after, was in views:
                end = WORDS.finish(after, lang=lang, names=names)
                assert sorted(p.seat for p in end.placings) == list(range(n))
                assert [p.place for p in end.placings] == sorted(p.place for p in end.placings)
                assert end.placings[0].place == 1
                assert end.winners and all(names[s] in end.headline for s in end.winners)
                told = narrate(game, was, after, lang=lang, names=names)
                assert told[-1] == end.headline
                svg = board_svg(after, game, lang=lang, names=names)
                assert end.headline in " ".join(board_texts(svg))
                assert not re.search(r"Driver \d|Fahrer \d", svg)
                seen = expect_view(after, Von0auf100PublicView)
                if seen.scoring == "season" or seen.races > 1:
                    assert len(end.table) == n + 1
                    assert [int(row[-1]) for row in end.table[1:]] == [
                        seen.score[p.seat] for p in end.placings]
                    assert {row[0] for row in end.table[1:]} == set(names)
                    assert all(p.points for p in end.placings)
                else:
                    assert end.table == ()


def test_season_points_per_race_add_up_to_the_score() -> None:
    for variant in [v for v in ENTRY.variants if "season" in v or "races" in v]:
        for seed in range(6):
            view = expect_view(finished(variant, seed).public_view(), Von0auf100PublicView)
            per_race = race_points(view)
            assert [sum(race[s] for race in per_race) for s in range(view.players)] \
                == view.score, (variant, seed)


def test_an_undecided_race_is_said_in_words_and_nobody_wins() -> None:
    """I17: a race no car can finish (two cars left, each only ever landing on oil) is
    undecided: the headline says so in both languages, nobody wins, nobody is placed."""
    game = load_game("von0auf100(players=2,cards=slippery,withdraw=each)")
    for seed in range(400):
        state = finished(str(game), seed)
        view = expect_view(state.public_view(), Von0auf100PublicView)
        if view.undecided:
            finish = WORDS.finish(view, lang="en")
            assert finish.headline == ("No car could get past the oil to the line any more: "
                                       "the race is undecided, and nobody wins.")
            assert "unentschieden" in WORDS.finish(view, lang="de").headline
            assert finish.winners == () and finish.placings == ()
            return
    raise AssertionError("no undecided race in 400 seeded games")


def test_a_race_decided_by_the_squares_is_said_in_words() -> None:
    """A race no car can finish, under the house rule, is decided by the squares: the
    headline says so, not just who won."""
    game = load_game("von0auf100(players=2,race=small,withdraw=each,house_rule_squares=true)")
    found = 0
    for seed in range(400):
        state = finished(str(game), seed)
        view = expect_view(state.public_view(), Von0auf100PublicView)
        if any(f.how != "crossed" for f in view.finishes):
            headline = WORDS.finish(view, lang="en").headline
            assert "squares decided" in headline or "decided by the cars' squares" in headline
            assert "Felder der Autos" in WORDS.finish(view, lang="de").headline
            found += 1
            break
    if not found:  # the small race has no oil; the big one does
        game = load_game("von0auf100(players=2,cards=slippery,withdraw=each,"
                         "house_rule_squares=true)")
        for seed in range(400):
            state = finished(str(game), seed)
            view = expect_view(state.public_view(), Von0auf100PublicView)
            if any(f.how != "crossed" for f in view.finishes):
                headline = WORDS.finish(view, lang="en").headline
                assert headline.startswith("No car could get past the oil")
                assert "Felder der Autos" in WORDS.finish(view, lang="de").headline
                found += 1
                break
    assert found


def board_texts(svg: str) -> list[str]:
    return [e.text or "" for e in ET.fromstring(svg).iter(f"{SVG}text")]


def sizes(svg: str, width: float) -> tuple[float, float]:
    """The smallest text and the smallest tapped element's smaller side, in CSS px when
    the board is drawn ``width`` px wide."""
    root = ET.fromstring(svg)
    scale = width / float(root.get("viewBox", "").split()[2])
    fonts = [float(e.get("font-size", 0)) for e in root.iter(f"{SVG}text") if (e.text or "")]
    taps = [max(min(float(r.get("width", 0)), float(r.get("height", 0)))
                for r in e.iter(f"{SVG}rect"))
            for e in root.iter() if "data-move" in e.attrib]
    return min(fonts) * scale, min(taps, default=1e9) * scale


@pytest.mark.parametrize("variant", ["von0auf100(players=4)", "von0auf100(players=2,race=small)",
                                     "von0auf100(players=5,race=small,scoring=season,races=2,"
                                     "withdraw=each)"])
def test_the_board_is_readable_on_a_desktop_and_no_worse_on_a_phone(variant: str) -> None:
    game = load_game(variant)
    for state in playout(variant, 5)[::4]:
        seat = max(0, state.current_player())
        moves = ([state.action_to_string(seat, a) for a in state.legal_actions(seat)]
                 if not state.is_terminal() else [])
        svg = board_svg(state.view(seat), game, moves=moves, lang="de",
                        names=NAMES[:game.num_players()])
        text_px, tap_px = sizes(svg, DESKTOP)
        assert text_px >= 11 and tap_px >= 36
        text_px, tap_px = sizes(svg, PHONE)
        assert text_px >= 9 and tap_px >= 44  # the phone as before: 8-unit text at least


def test_the_board_calls_every_seat_by_its_name() -> None:
    game = load_game("von0auf100(players=3)")
    for state in playout(str(game), 8)[::5]:
        for seat in range(3):
            svg = board_svg(state.view(seat), game, lang="en", names=["Anna", "Ben", "Clara"])
            assert not re.search(r"Driver \d|Fahrer \d", svg)
        svg = board_svg(state.public_view(), game, lang="de")
        assert "Fahrer" in svg or "Startspieler" in svg


def test_no_car_letter_in_the_lines_a_player_reads() -> None:
    for variant in ("von0auf100(players=2,race=small)", "von0auf100(players=3,races=3)"):
        game = load_game(variant)
        state = game.new_initial_state()
        rng = random.Random(2)
        before = state.view(0)
        while not state.is_terminal():
            random_step(state, rng)
            after = state.view(0)
            for lang in ("en", "de"):
                for line in narrate(game, before, after, lang=lang, names=NAMES):
                    assert not TOKEN.search(line), line
                    assert not re.search(r"\(I\d+\)", line), line
            before = after
        for text in board_texts(board_svg(state.view(0), game, names=NAMES)):
            assert not TOKEN.search(text), text


def test_every_parameter_has_words() -> None:
    for variant in ENTRY.variants:
        assert missing_words(WORDS, load_game(variant)) == []
    game = load_game("von0auf100(players=3,scoring=season,races=2)")
    assert WORDS.variant(game, "de") == ("Anzahl der Rennen: 2; Wertung: Rennsaison "
                                         "(5, 3 und 1 Punkte)")
    for param in game.PARAMS:
        for lang in ("en", "de"):
            label, help_ = WORDS.param(param.name, lang)
            assert "_" not in label + help_ and not re.search(r"\(I\d+\)", help_)
            assert help_.count(". ") == 0 and help_.endswith(".")


BOARD_BLOCK = re.compile(r"```board\n(.*?)```", re.S)


def test_the_rules_for_players_draw_their_boards() -> None:
    howto = resources.files("rennbahn.games.von0auf100").joinpath("howto")
    for lang in ("en", "de"):
        page = howto.joinpath(f"{lang}.md").read_text(encoding="utf-8")
        blocks = BOARD_BLOCK.findall(page)
        assert 2 <= len(blocks) <= 4
        for block in blocks:
            lines = block.strip().split("\n")
            game = load_game(lines[0], paths=False)
            state = game.state_from_text(lines[1])
            names = None
            if len(lines) > 2:
                assert lines[2].startswith("names: ")
                names = [n.strip() for n in lines[2][len("names: "):].split(",")]
            root = ET.fromstring(board_svg(state.public_view(), game, names=names, lang=lang))
            assert root.tag == f"{SVG}svg"
        for label in (WORDS.param(p.name, lang)[0] for p in ENTRY.params):
            assert f"**{label}**" in page, label
        prose = BOARD_BLOCK.sub("", page)
        assert "_" not in prose and not re.search(r"\bI\d+\b|chance|\.py", prose)


def test_colour_names_every_car() -> None:
    game = load_game("von0auf100(players=3)")
    view = game.new_initial_state().public_view()
    assert [WORDS.colour(view, c) for c in COLOURS] == list(CAR_COLOURS.values())
