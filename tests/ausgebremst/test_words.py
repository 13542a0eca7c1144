"""Ausgebremst in the players' words (issue 24): every legal move has a label without
notation, the end is one announcement with the seats' names, the board names the seats
and is readable at a desktop's column width, and every variant parameter has its words.

Along seeded random playouts of every registered variant: the labels of each position's
legal moves (both languages) are non-empty, pairwise different and free of notation; at
the end, ``finish`` places every seat once, its headline is the narration's last line and
names the winners; the board drawn with names calls no seat "Driver n"; and the board's
smallest text and tapped square, scaled to 680 px (a 1280x800 desktop's column) are at
least 11 px and 36 px.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from rennbahn.core.driver import random_step
from rennbahn.core.protocol import State
from rennbahn.core.registry import game_entry, load_game
from rennbahn.core.views import expect_view
from rennbahn.core.words import missing_words
from rennbahn.games.ausgebremst import ENTRY
from rennbahn.games.ausgebremst.board import board_svg
from rennbahn.games.ausgebremst.narration import narrate
from rennbahn.games.ausgebremst.rules import AusgebremstGame
from rennbahn.games.ausgebremst.views import BoardView
from rennbahn.games.ausgebremst.words import WORDS

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ("Anna", "Ben", "Clara", "Dora", "Emil", "Fiona")
#: What notation looks like inside a label: a space (28i, 7o, 12b, p2), an arrow of the
#: notation (4>28i), a move word with its number (pass:, gear1, stack2, take4, put1).
NOTATION = re.compile(r"\b\d+[iob]\b|\bp\d\b|>|\bfin\b|pass:|\b(gear|stack|take|put|discard)\d"
                      r"|\bN\d\b|\bP\d\b")
#: The page draws the board this wide on a 1280x800 desktop (the column's width).
DESKTOP = 680.0
MIN_TEXT_PX = 11.0
MIN_TAP_PX = 36.0


def legal(state: State) -> list[str]:
    player = state.current_player()
    return [state.action_to_string(player, a) for a in state.legal_actions(player)]


def check_labels(state: State) -> None:
    """Every legal move of the player to move, in words in both languages."""
    player = state.current_player()
    view = state.view(player)
    names = NAMES[:state.get_game().num_players()]
    for lang in ("en", "de"):
        labels = {}
        for move in legal(state):
            label = WORDS.move(view, move, lang=lang, names=names)
            assert label and label != move, move
            assert move not in label, (move, label)
            assert not NOTATION.search(label), (move, label)
            labels[move] = label
        assert len(set(labels.values())) == len(labels), labels


def sizes(svg: str) -> tuple[float, float]:
    """The smallest text and the smallest tapped part (its largest rectangle's smaller
    side), in px, with the board drawn :data:`DESKTOP` px wide."""
    root = ET.fromstring(svg)
    width = float(root.get("viewBox", "").split()[2])
    scale = DESKTOP / width
    fonts = [float(t.get("font-size", 0)) for t in root.iter(f"{SVG}text")]
    taps = [max((min(float(r.get("width", 0)), float(r.get("height", 0)))
                 for r in e.iter(f"{SVG}rect")), default=0.0)
            for e in root.iter() if "data-move" in e.attrib]
    return min(fonts) * scale, min(taps, default=DESKTOP) * scale


def play_out(text: str, seed: int) -> None:
    game = load_game(text)
    assert isinstance(game, AusgebremstGame)
    sample = random.Random(seed)
    players = game.num_players()
    names = list(NAMES[:players])
    state = game.new_initial_state()
    rng = random.Random(seed)
    before = state.public_view()
    boards = 0
    while not state.is_terminal():
        if state.current_player() >= 0:
            if len(game.races) < 3 or sample.random() < 0.3:  # a long series: a sample
                check_labels(state)
            if rng.random() < 0.01 and boards < 4:  # the board at a few points
                boards += 1
                player = state.current_player()
                svg = board_svg(state.view(player), game, moves=legal(state), names=names)
                text_px, tap_px = sizes(svg)
                assert text_px >= MIN_TEXT_PX and tap_px >= MIN_TAP_PX, (text_px, tap_px)
        before = state.public_view()
        random_step(state, rng)
    for lang in ("en", "de"):
        end = narrate(game, before, state.public_view(), lang=lang, names=names)[-1]
        for view in [*(state.view(s) for s in range(players)), state.public_view()]:
            finish = WORDS.finish(view, lang=lang, names=names)
            assert finish.headline == end
            assert sorted(p.seat for p in finish.placings) == list(range(players))
            assert [p.place for p in finish.placings] == sorted(p.place for p in finish.placings)
            assert all(p.points.split()[0].isdigit() for p in finish.placings)
            for seat in finish.winners:
                assert names[seat] in finish.headline
                assert next(p.place for p in finish.placings if p.seat == seat) == 1
            board = expect_view(view, BoardView)
            if len(board.races) > 1:
                assert finish.table[0][-1] in ("Total", "Gesamt")
                assert sorted(row[0] for row in finish.table[1:]) == sorted(names)
            else:
                assert finish.table == ()
            svg = board_svg(view, game, lang=lang, names=names)
            assert not re.search(r"(Driver|Fahrer) \d", svg)
            drawn = " ".join(t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text"))
            assert finish.headline in drawn


@pytest.mark.parametrize("text", ENTRY.variants)
def test_moves_and_the_end_in_words(text: str) -> None:
    play_out(text, sum(map(ord, text)) % 7)


def test_the_headline_is_on_the_board() -> None:
    """The board's end line is the headline (wrapped over lines, but word for word)."""
    game = load_game("ausgebremst(players=2,races=1+2)")
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        random_step(state, rng)
    view = state.public_view()
    for lang in ("en", "de"):
        headline = WORDS.finish(view, lang=lang, names=["Anna", "Ben"]).headline
        svg = board_svg(view, game, lang=lang, names=["Anna", "Ben"])
        drawn = " ".join(t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text"))
        assert headline in drawn


def test_a_move_in_words() -> None:
    """A card to a square, the pit alley, a pass, the advanced game's steps."""
    game = load_game("ausgebremst(players=2)")
    off = " | 0i:0:-:O:-:000000:444556:-"
    state = game.state_from_text(
        "1/1 234501 4 i0 - - | 5i:1:m:R:235:333333:100101:- | 20i:1:m:R:146:323232:021111:-"
        + off * 4 + " | -")
    view = state.view(0)
    assert WORDS.move(view, "2>7o", lang="en") == "Play 2 → square 7, outer lane"
    assert WORDS.move(view, "5>p2", lang="en") == "Play 5 → pit stop, pit space 2"
    assert WORDS.move(view, "5>p2", lang="de") == "5 spielen → Boxenstopp, Boxenfeld 2"
    assert WORDS.move(view, "3>0o", lang="en") == "Play 3 → square 0, outer lane (field A)"
    assert WORDS.move(view, "4>fin", lang="de") == "4 spielen → über die Ziellinie"
    assert WORDS.move(view, "pass:235", lang="en") == "Pass: show your hand (2, 3, 5)"
    assert WORDS.move(view, "slow", lang="de").startswith("Langsamer Kartensatz (24 Karten")
    assert WORDS.move(view, "gear1>3", lang="en").endswith("→ gear stack 3")
    assert WORDS.move(view, "stack2", lang="de").startswith("Von Gangstapel 2 ziehen")


def test_ab15_gear_moves_in_words_with_the_order_chosen() -> None:
    """stack_order=chosen (I24, AB-15): any value may be dealt next; a value dealt onto a
    stack that already holds one says which it covers, in both languages; all labels of
    the 20 moves left differ and hold no notation."""
    game = load_game("ausgebremst(players=2,mode=advanced,stack_order=chosen)")
    state = game.new_initial_state()
    for move in ("pole0", "average", "gear1>1"):  # row 3: pit cards 4 & 2
        state.apply_action(state.string_to_action(state.current_player(), move))
    assert len(legal(state)) == 20
    check_labels(state)
    view = state.view(0)
    assert WORDS.move(view, "gear2>1", lang="en") == (
        "Your 2s (2) → gear stack 1, on top of your 1s")
    assert WORDS.move(view, "gear2>1", lang="de") == "Deine 2er (2) → Gangstapel 1, auf deine 1er"
    assert WORDS.move(view, "gear2>2", lang="en") == "Your 2s (2) → gear stack 2"


def test_every_parameter_has_its_words() -> None:
    for text in ENTRY.variants:
        assert missing_words(WORDS, load_game(text)) == []
    game = load_game("ausgebremst(players=3,races=5+7,full_deck=extra6)")
    assert "Races: Nurburg-Drom, Nurburg-Circuit" in WORDS.variant(game, "en")
    assert "Eine 6" in WORDS.variant(game, "de")
    assert game_entry("ausgebremst").words is not None


def test_board_sizes_at_a_desktop_column() -> None:
    """At 680 px every text is at least 11 px and every tapped part at least 36 px (the
    destinations reached by two or three cards too); the phone's viewBox is unchanged."""
    game = load_game("ausgebremst(players=3)")
    smallest_tap = DESKTOP
    for seed in range(2):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() >= 0:
                moves = legal(state)
                targets: dict[str, int] = {}
                for move in moves:
                    targets[move.partition(">")[2]] = targets.get(move.partition(">")[2], 0) + 1
                if max(targets.values()) >= 2:
                    svg = board_svg(state.view(state.current_player()), game, moves=moves)
                    assert ET.fromstring(svg).get("viewBox", "").startswith("0 0 360 ")
                    text_px, tap_px = sizes(svg)
                    assert text_px >= MIN_TEXT_PX
                    smallest_tap = min(smallest_tap, tap_px)
            random_step(state, rng)
    assert MIN_TAP_PX <= smallest_tap < DESKTOP
