"""The SVG boards of all four games, drawn along seeded random playouts.

At several points of each game the board is drawn for every seat (its observation and its
legal moves) and for a spectator (the public observation), in English and German. Checked:
the SVG is well-formed XML of the agreed shape, every move the board offers is there as a
tappable ``data-move`` and nothing else is, tap targets are large enough for a phone, and
the only secret drawn is the viewing seat's own, compared with the true state.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from typing import Any

import msgspec
import pytest

from rennbahn.core.driver import random_step
from rennbahn.core.errors import ParameterError
from rennbahn.core.protocol import SIMULTANEOUS, Game, State
from rennbahn.core.registry import DrawBoard, game_entry, load_game
from rennbahn.core.views import View
from rennbahn.games.gibgas.components import CARD_NAMES
from rennbahn.games.von0auf100.components import COLOURS

SVG = "{http://www.w3.org/2000/svg}"
#: Game strings drawn: every game, a few variants (Franz, six drivers with the secret
#: discard, the small race, the advanced game, an anti-clockwise track, a championship).
VARIANTS = (
    "gibgas(players=2)",
    "gibgas(players=4,champions=true)",
    "gibgas(players=6)",
    "von0auf100(players=2,race=small)",
    "von0auf100(players=4)",
    "von0auf100(players=3,scoring=season,races=2)",
    "grandprix(players=2)",
    "grandprix(players=4)",
    "ausgebremst(players=3)",
    "ausgebremst(players=4,mode=advanced)",
    "ausgebremst(players=2,races=4+5)",
)
#: The moves each board must offer on the board itself (the page lists the rest).
OFFERED: dict[str, Callable[[str], bool]] = {
    "gibgas": lambda move: True,
    "von0auf100": lambda move: True,
    "grandprix": lambda move: True,
    "ausgebremst": lambda move: re.fullmatch(r"\d>\w+|pass:\w*|stack\d|put\d|take\d|discard\d",
                                             move) is not None,
}
CHECKPOINTS = 12
#: A tap target's smaller side in viewBox units: 44 CSS px on a 360 px phone even when the
#: page keeps 8 px margins (the board is then 344 px wide: 46 * 344 / 360 > 44).
MIN_TAP = 46.0


def board(game: Game) -> DrawBoard:
    part = game_entry(game.NAME).board
    assert part is not None, f"{game.NAME} has no board"
    return part()


def moves_of(state: State, seat: int) -> list[str]:
    player = state.current_player()
    if player != seat and player != SIMULTANEOUS:
        return []
    return [state.action_to_string(seat, a) for a in state.legal_actions(seat)]


def public_view(state: State, game: Game) -> View:
    return state.public_view()


def playout(text: str, seed: int) -> Iterator[State]:
    """States along one random game: at about CHECKPOINTS points the next state where a
    seat is to move, and the terminal state."""
    game = load_game(text)
    state = game.new_initial_state()
    rng = random.Random(seed)
    length = 0
    probe = state.clone()
    while not probe.is_terminal():
        random_step(probe, rng)
        length += 1
    rng = random.Random(seed)
    marks = {length * k // CHECKPOINTS for k in range(1, CHECKPOINTS)}
    waiting = False
    for step in range(length):
        waiting = waiting or step in marks
        if waiting and (state.current_player() >= 0 or state.is_simultaneous_node()):
            waiting = False
            yield state
        random_step(state, rng)
    yield state


def rect_size(element: ET.Element) -> float:
    """The smaller side of the largest rectangle in a tappable element."""
    sizes = [min(float(r.get("width", 0)), float(r.get("height", 0)))
             for r in element.iter(f"{SVG}rect")]
    return max(sizes, default=0.0)


def check_shape(svg: str, lang: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("width") == "100%"
    assert root.get("viewBox", "").startswith("0 0 360 ")
    assert root.get("preserveAspectRatio")
    assert root.get("lang") == lang
    assert root.find(f"{SVG}title") is not None
    for element in root.iter():
        assert "id" not in element.attrib, "ids would collide with a second board"
        assert not element.tag.endswith("script")
        assert not any(k.startswith("on") for k in element.attrib)
        assert "href" not in "".join(element.attrib), "no external resources"
    return root


def check_moves(root: ET.Element, moves: list[str], offered: Callable[[str], bool]) -> None:
    tapped = [e for e in root.iter() if "data-move" in e.attrib]
    drawn = {e.get("data-move") for e in tapped}
    assert drawn <= set(moves), f"moves drawn that are not legal: {drawn - set(moves)}"
    missing = {m for m in moves if offered(m)} - drawn
    assert not missing, f"legal moves the board does not offer: {missing}"
    for element in tapped:
        assert element.get("role") == "button"
        assert element.get("tabindex") == "0"
        assert "move" in element.get("class", "").split()
        if "split" not in element.get("class", "").split():
            assert rect_size(element) >= MIN_TAP, element.get("data-move")


def secrets(root: ET.Element) -> list[str]:
    return [e.get("data-secret", "") for e in root.iter()
            if "private" in e.get("class", "").split()]


def true_secret(state: State, game: Game, seat: int) -> list[str]:
    """The one private label a seat's board may carry, from the true state."""
    s: Any = state
    if game.NAME == "gibgas":
        hand = [CARD_NAMES[c] for c in range(9) if s.hand[seat] >> c & 1]
        discard = CARD_NAMES[s.discard[seat]] if s.discard[seat] >= 0 else None
        return ["hand: " + " ".join(hand) + (f"; out: {discard}" if discard else "")]
    if game.NAME == "von0auf100":
        mine = [COLOURS[c] for c in s.licences(seat)]
        return ["licence: " + " ".join(mine)] if mine else []
    if game.NAME == "ausgebremst":
        return ["hand: " + " ".join(str(v) for v in s.hand[seat])]
    return []


@pytest.mark.parametrize("text", VARIANTS)
def test_boards_along_a_playout(text: str) -> None:
    game = load_game(text)
    draw = board(game)
    seed = sum(map(ord, text))
    views = 0
    for turn, state in enumerate(playout(text, seed)):
        lang = ("en", "de")[turn % 2]
        for seat in range(game.num_players()):
            moves = moves_of(state, seat)
            svg = draw(state.view(seat), game, moves=moves, lang=lang)
            root = check_shape(svg, lang)
            check_moves(root, moves, OFFERED[game.NAME])
            assert secrets(root) == true_secret(state, game, seat)
            views += 1
        svg = draw(public_view(state, game), game, lang=lang)
        root = check_shape(svg, lang)
        assert not [e for e in root.iter() if "data-move" in e.attrib]
        assert secrets(root) == [], "a spectator sees no seat's secret"
    assert views >= game.num_players() * 2


def test_other_seats_secrets_are_not_drawn() -> None:
    """Von 0 auf 100: a seat's board names its own licence and no one else's; six-driver
    Gib Gas!: the other drivers' hands are drawn as backs only."""
    game = load_game("von0auf100(players=3)")
    draw = board(game)
    for state in playout(str(game), 5):
        s: Any = state
        for seat in range(3):
            root = ET.fromstring(draw(state.view(seat), game))
            others = {COLOURS[c] for t in range(3) if t != seat for c in s.licences(t)}
            own = {COLOURS[c] for c in s.licences(seat)}
            labels = " ".join(secrets(root))
            assert not {letter for letter in others - own if letter in labels.split()}
    game = load_game("gibgas(players=6)")
    draw = board(game)
    for state in playout(str(game), 6):
        for seat in range(6):
            svg = draw(state.view(seat), game)
            assert svg.count('class="private"') == 1
            assert svg.count(">Secretly out") <= 1  # drawn once (and said in its label)


def test_language_is_checked() -> None:
    game = load_game("grandprix(players=2)")
    state = game.new_initial_state()
    with pytest.raises(ParameterError, match="unknown language 'fr'"):
        board(game)(state.view(0), game, lang="fr")


def test_text_is_escaped() -> None:
    """Whatever a view holds is escaped: a track name with markup stays text."""
    game = load_game("grandprix(players=2)")
    view = msgspec.structs.replace(game.new_initial_state().view(0), stack={"<b>&": 1})
    root = ET.fromstring(board(game)(view, game))
    assert any(e.text and "<b>&" in e.text for e in root.iter())


def kind_of(move: str) -> str:
    """A move's kind: its notation without numbers (``3>12o`` -> ``>o``, ``take 230`` ->
    ``take``)."""
    return re.sub(r"[\d ]+", "", move)


@pytest.mark.parametrize(("text", "rare"), (
    ("gibgas(players=6,champions=true)", {"discard", "take", "repair"}),
    ("grandprix(players=3)", {"left", "right", "again", "stay"}),
    ("ausgebremst(players=4,mode=advanced)", {"stack", "take", "put", "pass:"}),
    ("ausgebremst(players=3,pit_overshoot=discard)", {">fin", ">p", ">b"}),
))
def test_every_kind_of_move_is_offered(text: str, rare: set[str]) -> None:
    """Rare moves too (a pit stop's take, repair, the grandstand, the finish line, a pass):
    the board is drawn the first time each kind of move is legal for a seat."""
    game = load_game(text)
    draw = board(game)
    offered = OFFERED[game.NAME]
    seen: set[str] = set()
    for seed in range(3):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            for seat in range(game.num_players()):
                moves = moves_of(state, seat)
                new = {kind_of(m) for m in moves if offered(m)} - seen
                if new:
                    seen |= new
                    root = check_shape(draw(state.view(seat), game, moves=moves), "en")
                    check_moves(root, moves, offered)
            random_step(state, rng)
    assert rare <= seen, f"the playouts never reached {rare - seen}"


# -- Gib Gas!: the pit die and the points left (issue 12) ------------------------------------
#: Round 2 of three drivers: Driver 1 and Driver 2 in the pits, Driver 1 to roll first;
#: Driver 2 has played only the Boxenstopp, so its stop ends at its roll.
GIBGAS_PITS = ("pitroll V2-1,B1-1,XF3-1,XS3-1;1 q=0,1 pts=0 | 18/01245DT/-/3/P/3/-/P/P "
               "| 18/012345DT/-/-/P/-/-/P/P | 18/01234DTP/-/5/5/5/V2-1/5/250")


def gibgas_pit_labels(state: State, game: Game, lang: str = "en") -> list[list[str]]:
    """The pit panel's label on every seat's board and the spectator's."""
    views = [*(state.view(s) for s in range(game.num_players())),
             public_view(state, game)]
    labels = []
    for view in views:
        root = ET.fromstring(board(game)(view, game, lang=lang))
        labels.append([e.get("aria-label", "") for e in root.iter()
                       if e.get("aria-label", "").startswith(
                           ("Pit stop", "Last pit stop", "Boxenstopp", "Letzter"))])
    return labels


def gibgas_play(state: State, move: str) -> State:
    """Play one move (or chance outcome) by its notation."""
    actor = state.current_player()
    state.apply_action(next(a for a in state.legal_actions(actor)
                            if state.action_to_string(actor, a) == move))
    return state


def test_gibgas_pit_die_shows_the_face_rolled_to_every_seat() -> None:
    """240 and 250 both give 2 points; the board draws the face the view holds."""
    game = load_game("gibgas(players=3)")
    state = game.state_from_text(GIBGAS_PITS)
    assert gibgas_pit_labels(state, game) == [
        ["Pit stop: Driver 1; rolls the pit die; then Driver 2"]] * 4
    for face in ("240", "250"):
        rolled = gibgas_play(state.clone(), f"roll {face}")
        assert gibgas_pit_labels(rolled, game) == [
            [f"Pit stop: Driver 1; rolled {face}: 2 points to use; then Driver 2"]] * 4


def test_gibgas_pit_stop_that_ends_at_once_is_drawn_with_its_die() -> None:
    game = load_game("gibgas(players=3)")
    state = game.state_from_text(GIBGAS_PITS)
    gibgas_play(gibgas_play(state, "roll 100"), "take 230")
    assert gibgas_pit_labels(state, game) == [
        ["Pit stop: Driver 2; rolls the pit die; Driver 1 rolled 100"]] * 4
    gibgas_play(state, "roll 300")  # Driver 2 has nothing to take back: the round ends at once
    assert state.current_player() == SIMULTANEOUS
    assert gibgas_pit_labels(state, game) == [
        ["Last pit stop: Driver 2; rolled 300 (3 points)"]] * 4
    assert gibgas_pit_labels(state, game, "de") == [
        ["Letzter Boxenstopp: Fahrer 2; 300 gewürfelt (3 Punkte)"]] * 4


def test_gibgas_strip_says_points_left_not_damage() -> None:
    game = load_game("gibgas(players=3)")
    state = game.state_from_text(GIBGAS_PITS.replace("| 18/012345DT", "| 15/012345DT"))
    for lang, words in (("en", "points left"), ("de", "Punkte übrig")):
        root = ET.fromstring(board(game)(state.view(0), game, lang=lang))
        shown = [e.text or "" for e in root.iter(f"{SVG}text")]
        assert f"{words} 15/18" in shown and f"{words} 18/18" in shown
        assert not [t for t in shown if re.search(r"damage|Schaden", t)]
