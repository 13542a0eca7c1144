"""Gib Gas! in the players' words (issue 24): moves, the end, the board's names and sizes.

Seeded random races of every registered variant: every legal move of every seat has a label
in English and German that is not its notation and holds no notation word, and the labels
of one position differ; at the end every seat's view and the public one give the same
finish, whose headline is the narration's last line and the board's, with the seats' names;
the board with names never says "Driver 1"; the board is readable at 680 px wide.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from rennbahn.core.driver import random_step
from rennbahn.core.i18n import LANGUAGES
from rennbahn.core.protocol import State
from rennbahn.core.registry import game_entry, load_game
from rennbahn.core.views import UNSET, View, expect_view
from rennbahn.core.words import missing_words
from rennbahn.games.gibgas import ENTRY
from rennbahn.games.gibgas.board import board_svg
from rennbahn.games.gibgas.narration import narrate
from rennbahn.games.gibgas.views import GibGasPublicView, GibGasView
from rennbahn.games.gibgas.words import WORDS
from tests.helpers import play_moves

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ("Anna", "Bärbel", "Clara", "Dörte", "Emil", "Fritz")
#: Words of the move notation (and track-card codes) a player must never read, by language
#: ("die" is also a German article).
#: A track card's code (``B2-2``): the narration and the board say its name instead.
CODE = re.compile(r"\b(V|B|XF|XS)\d-\d\b")
NOTATION = {
    "en": re.compile(r"\b(die|tempo|pit|take|discard|repair)\b|\b(V|B|XF|XS)\d-\d\b"),
    "de": re.compile(r"\b(tempo|pit|take|discard|repair)\b|\b(V|B|XF|XS)\d-\d\b"),
}
#: The seat names the board uses when it is given none.
DEFAULT_NAME = re.compile(r"\b(Driver|Fahrer) \d")
SEEDS = (1, 2)
#: The page draws the board this wide on a 1280x800 desktop, and about this on a phone.
DESKTOP, PHONE = 680.0, 340.0
#: Before issue 24 the smallest board text was 7.9 units (7.5 px on a 340 px phone).
PHONE_TEXT_BEFORE = 7.9 * PHONE / 360


def legal(state: State, seat: int) -> list[str]:
    if state.is_terminal() or state.is_chance_node():
        return []
    return [state.action_to_string(seat, a) for a in state.legal_actions(seat)]


def playout(text: str, seed: int) -> Iterator[State]:
    """Every state of one seeded random race, the last one finished."""
    state = load_game(text).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        random_step(state, rng)
    yield state


@pytest.mark.parametrize("text", ENTRY.variants)
def test_every_move_has_a_label_for_people(text: str) -> None:
    for seed in SEEDS:
        for state in playout(text, seed):
            for seat in range(state.get_game().num_players()):
                moves = legal(state, seat)
                if not moves:
                    continue
                view = state.view(seat)
                for lang in LANGUAGES:
                    labels = [WORDS.move(view, m, lang=lang, names=NAMES) for m in moves]
                    for move, label in zip(moves, labels, strict=True):
                        assert label and label != move, (move, label)
                        assert not NOTATION[lang].search(label), (move, label)
                    assert len(set(labels)) == len(labels), labels


def test_labels_say_the_card_in_the_players_words() -> None:
    game = load_game("gibgas(players=3,champions=true,tempo_after_pit=pit)")
    state = game.state_from_text(
        "pittake V2-1,B1-1,XF3-1,XS3-1;2 q=0 pts=3 pit=0:300 | 16/01245DT/-/3/P/3/-/P/P"
        " | 18/0134DTP/-/2/2/25/V2-1/2/220 | 18/0235DTP/-/1/1/14/B1-1/1/210")
    view = expect_view(state.view(0), GibGasView)
    said = {lang: [WORDS.move(view, m, lang=lang) for m in view.legal] for lang in LANGUAGES}
    assert said["en"] == ["Take back 230 km/h", "Repair 1 point (16 of 18 left)"]
    assert said["de"] == ["230 km/h zurücknehmen", "1 Punkt reparieren (16 von 18 übrig)"]
    # Tempo-Halten right after the pit stop (reading "pit"): another pit stop
    play_moves(state, "take 230", "repair", "repair")
    assert [WORDS.move(state.view(0), m, lang="de") for m in ("230", "die", "tempo", "pit")] \
        == ["230 km/h spielen", "Würfel (Tempo würfeln)", "Tempo-Halten (noch einmal Boxenstopp)",
            "Boxenstopp (tanken oder reparieren)"]
    assert WORDS.move(state.view(1), "tempo", lang="en") == "Tempo-Halten (220 km/h again)"
    six = load_game("gibgas(players=6)").new_initial_state()
    while six.is_chance_node():
        random_step(six, random.Random(0))
    assert WORDS.move(six.view(0), "discard 250", lang="en") \
        == "Put 250 km/h out of the race, unseen"


def finished_races() -> Iterator[tuple[State, list[View | None]]]:
    """Every variant's seeded races, finished, with each seat's (and the public) view
    before the last step."""
    for text in ENTRY.variants:
        for seed in SEEDS[:1]:
            last = None
            for state in playout(text, seed):
                if not state.is_terminal():
                    last = state.clone()
            assert last is not None
            seats = range(state.get_game().num_players())
            yield state, [*(last.view(s) for s in seats), last.public_view()]


def test_finish_is_one_announcement_with_the_names() -> None:
    for state, before in finished_races():
        game = state.get_game()
        n = game.num_players()
        names = NAMES[:n]
        views = [*(state.view(s) for s in range(n)), state.public_view()]
        for lang in LANGUAGES:
            finishes = {WORDS.finish(v, lang=lang, names=names) for v in views}
            assert len(finishes) == 1, "every seat and the spectator see the same end"
            finish = finishes.pop()
            assert sorted(p.seat for p in finish.placings) == list(range(n))
            assert [p.place for p in finish.placings] == sorted(p.place for p in finish.placings)
            assert finish.placings[0].place == 1
            public = expect_view(state.public_view(), GibGasPublicView)
            assert public.winners is not UNSET and public.scores is not UNSET
            assert set(finish.winners) == set(public.winners)
            for winner in finish.winners:
                assert names[winner] in finish.headline
                assert next(p.place for p in finish.placings if p.seat == winner) == 1
            for placing in finish.placings:
                assert placing.points.split()[0] == str(public.scores[placing.seat])
            for view, was in zip(views, before, strict=True):
                told = narrate(game, was, view, lang=lang, names=names)
                assert told[-1] == finish.headline
                assert not CODE.search(" ".join(told))
            for view in (views[0], views[-1]):  # a seat's board and the spectators'
                svg = board_svg(view, game, lang=lang, names=names)
                assert finish.headline in shown_text(svg)
                assert not DEFAULT_NAME.search(svg)


def test_finish_places_by_the_rulebook() -> None:
    """Points are stars plus car points left; a tie goes to more car points left; a total
    loss scores 0 and places last."""
    game = load_game("gibgas(players=3)")
    state = game.state_from_text(
        "over V2-1,B1-1,XF3-1,XS3-1;4 q=- pts=0 | 10/01245DTP/-/3/3/3/V2-1/3/230"
        " | 12/01245DTP/-/3/3/3/-/3/230 | 0/01234DTP/-/5/5/5/-/5/250")
    finish = WORDS.finish(state.public_view(), lang="en", names=["Anna", "Ben", "Clara"])
    assert finish.headline == ("Ben wins the race: 12 points, as many as Anna, but more car "
                               "points left (12).")
    assert finish.winners == (1,)
    assert [(p.seat, p.place, p.points, p.note) for p in finish.placings] == [
        (1, 1, "12 points", "0★ + 12 car points"),
        (0, 2, "12 points", "2★ + 10 car points"),
        (2, 3, "0 points", "total loss"),
    ]
    assert finish.table == ()


def shown_text(svg: str) -> str:
    return " ".join(e.text or "" for e in ET.fromstring(svg).iter(f"{SVG}text"))


def sizes(svg: str) -> tuple[float, float]:
    """The board's smallest text and smallest tapped element, in viewBox units."""
    root = ET.fromstring(svg)
    fonts = [float(t.get("font-size", "0")) for t in root.iter(f"{SVG}text")]
    taps = [max(min(float(r.get("width", 0)), float(r.get("height", 0)))
                for r in e.iter(f"{SVG}rect"))
            for e in root.iter() if "data-move" in e.attrib]
    return min(fonts), min(taps, default=float("inf"))


@pytest.mark.parametrize("text", ["gibgas(players=2)", "gibgas(players=4,champions=true)",
                                  "gibgas(players=6)"])
def test_board_is_readable_on_a_desktop_and_a_phone(text: str) -> None:
    """At 680 px wide every text is 11 px or more and every tapped card 36 px or more; on
    a 340 px phone no text is smaller than before."""
    game = load_game(text)
    draw = game_entry("gibgas").board
    assert draw is not None
    font, tap = float("inf"), float("inf")
    for step, state in enumerate(playout(text, 3)):
        if step % 13 and not state.is_terminal():
            continue
        for seat in range(game.num_players()):
            svg = draw()(state.view(seat), game, moves=legal(state, seat),
                         lang=LANGUAGES[step % 2], names=NAMES)
            width = float(ET.fromstring(svg).get("viewBox", "").split()[2])
            small, tapped = sizes(svg)
            font, tap = min(font, small * DESKTOP / width), min(tap, tapped * DESKTOP / width)
            assert not DEFAULT_NAME.search(svg)
            assert not CODE.search(shown_text(svg))
    assert font >= 11, f"smallest text {font:.1f} px at {DESKTOP:.0f} px"
    assert tap >= 36, f"smallest tapped card {tap:.1f} px at {DESKTOP:.0f} px"
    assert font * PHONE / DESKTOP >= PHONE_TEXT_BEFORE


def test_every_parameter_has_words() -> None:
    for text in ENTRY.variants:
        assert missing_words(WORDS, load_game(text)) == []
    game = load_game("gibgas(players=2,champions=true,tempo_after_pit=pit,pass_on=second)")
    assert WORDS.variant(game, "de") == ("Rennen der Champions: ja; Tempo-Halten nach dem "
                                         "Boxenstopp: Noch ein Boxenstopp; Karte nach einem "
                                         "Blechschaden: Nur das zweite Tempo")
    for param in game.PARAMS:
        for lang in LANGUAGES:
            label, help_text = WORDS.param(param.name, lang)
            assert label and help_text.endswith(".")
            assert "_" not in label + help_text and "(I" not in help_text
