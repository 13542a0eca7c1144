"""The narration of Ausgebremst (issue 12): from state notation, one test per defect found when
the game was tried as a new user would, and seeded playouts narrated for every seat and for the
public view in English and German, checked against the true state."""

from __future__ import annotations

import random
import re

import pytest
from rich.console import Console

import rennbahn
from rennbahn.core.i18n import missing_keys
from rennbahn.core.protocol import CHANCE
from rennbahn.core.views import expect_view
from rennbahn.games.ausgebremst import narration, ui
from rennbahn.games.ausgebremst.constants import CARD
from rennbahn.games.ausgebremst.narration import narrate, standing
from rennbahn.games.ausgebremst.rules import AusgebremstState
from rennbahn.games.ausgebremst.texts import CATALOGUE
from rennbahn.games.ausgebremst.views import BoardView
from tests.ausgebremst.conftest import load, notation, play

NONE = "000000"
CHAMPIONSHIP = "ausgebremst(players=3,races=1+2)"  # Bleifuss-Drom, then Plattfuss-Circuit


def _text(renderable: object) -> str:
    console = Console(width=160, record=True)
    console.print(renderable)
    return console.export_text()


def _last_card_of_race_one() -> AusgebremstState:
    """Race 1 of 2: neutral car 4 has won, Driver 1 (car 0) came second; Driver 2 is out;
    Driver 3 plays its last card, a 1, from 20i and goes out too: the race is over."""
    return load(" | ".join([
        "1/2 345012 5 i0 - 40",
        f"5i:4:pm:F:-:{NONE}:{NONE}:-",
        f"10i:3:pm:O:-:{NONE}:{NONE}:-",
        f"20i:3:pm:R:1:{NONE}:{NONE}:-",
        f"25i:3:pm:R:-:111111:{NONE}:-",
        f"7i:4:pm:F:-:{NONE}:{NONE}:-",
        f"3i:2:pm:O:-:{NONE}:{NONE}:-",
        "-",
    ]), CHAMPIONSHIP)


def _last_card_of_the_championship() -> AusgebremstState:
    """Race 2 of 2: Driver 3 has won it; Driver 1 holds a 5 on 30i and crosses the line."""
    return load(" | ".join([
        "2/2 345021 3 i0 - 2",
        f"30i:3:pm:R:5:{NONE}:{NONE}:-",
        f"10i:3:pm:O:-:{NONE}:{NONE}:-",
        f"5i:4:pm:F:-:{NONE}:{NONE}:-",
        f"19i:3:pm:R:-:111111:{NONE}:-",
        f"21i:3:pm:R:-:111111:{NONE}:-",
        f"23i:3:pm:R:-:111111:{NONE}:-",
        "2.0.0.0.1.0/pp-ppp",
    ]), CHAMPIONSHIP)


def test_catalogue_has_every_text_in_english_and_german() -> None:
    assert missing_keys(CATALOGUE) == {}
    assert set(CATALOGUE) == {"en", "de"}


# -- the defects of issue 12 ---------------------------------------------------------------


def test_place_column_is_the_race_standing_not_the_turn_order() -> None:
    """The "place" column was the start order and never changed. Here the start order is
    N1.. then Driver 1, 2; Driver 2 (car 1) is far ahead of Driver 1 and neutral car 2 has
    finished: the standing is car 2 (finished), then car 1, then car 0."""
    cars = {0: "5i:1:m:R:235:333333:111111:-", 1: "20i:1:m:R:146:323232:101212:-",
            2: f"3i:4:pm:F:-:{NONE}:111111:-"}
    state = load(notation(cars, head="1/1 234501 4 i0 - 2"))
    view = expect_view(state.view(0), BoardView)
    assert [view.cars[i].car for i in standing(view)][:3] == ["N1", "P1", "P0"]
    assert [view.cars[i].place for i in (2, 1, 0)] == [1, 6, 5]  # the start order
    rows = [re.split(r"\s{2,}", line)[:2]
            for line in _text(ui.render(view, state.get_game())).splitlines()
            if re.match(r"\d  ", line)]
    assert rows == [["1", "N1"], ["2", "Driver 2"], ["3", "Driver 1 (you)"], ["4", "N2"],
                    ["5", "N3"], ["6", "N4"]]
    play(state, "5>10o")  # Driver 1 moves 5 spaces: Driver 2 is still ahead
    view = expect_view(state.view(0), BoardView)
    assert [view.cars[i].car for i in standing(view)][:3] == ["N1", "P1", "P0"]


def test_lane_labels_do_not_look_like_a_free_space() -> None:
    """The lane titles were o/i/P, like the o of a free space: now o| i| P|, and a free
    space is a middle dot."""
    state = load(notation({0: "5i:1:m:R:235:333333:111111:-",
                           1: "20i:1:m:R:146:323232:101212:-"}))
    drawing = ui.draw_track(state.track).plain.splitlines()
    titles = {line[:2] for line in drawing if line[:2].strip()}
    assert {"P|", "o|", "i|"} <= titles
    assert not any(" o " in line[2:] for line in drawing)
    assert any(" · " in line for line in drawing)


def test_legend_explains_every_symbol_of_the_drawing_in_both_languages() -> None:
    """No legend for #, -, =, [A], [C]: ``legend(lang)`` has one, shown under the drawing."""
    for lang in ("en", "de"):
        lines = ui.legend(lang)
        told = "\n".join(lines)
        for symbol in ("#:", "-:", "===:", "[A]:", "[C]:", "·:", "o| i| P|"):
            assert symbol in told, (lang, symbol)
    assert ui.legend("de") != ui.legend("en")
    state = load(notation({0: "5i:1:m:R:235:333333:111111:-",
                           1: "20i:1:m:R:146:323232:101212:-"}))
    text = _text(ui.render(state.view(1), state.get_game(), lang="de"))
    assert ui.legend("de")[0] in text
    assert text.index(ui.legend("de")[0]) > text.index("P|")  # under the drawing


def test_what_happened_names_the_card_played_by_a_player_and_a_neutral_car() -> None:
    """The panel did not say which card was played; every seat and the public view are told
    the card and the move, and the mover's own draw is told to it alone."""
    cars = {0: "5i:1:m:R:235:333333:111111:-", 1: "20i:1:m:R:146:323232:101212:-",
            2: "9o:1:m:R:-:333333:100000:-"}
    state = load(notation(cars, head="1/1 234501 4 i0 - -"), "ausgebremst(players=2)")
    views = [state.view(0), state.view(1), state.public_view()]
    play(state, "2>7o")
    after = [state.view(0), state.view(1), state.public_view()]
    for lang, line in (("en", "Driver 1 plays a 2 and drives from square 5 in the inner lane "
                              "to square 7 in the outer lane."),
                       ("de", "Fahrer 1 spielt eine 2 und fährt von Feld 5 auf der Innenspur "
                              "nach Feld 7 auf der Außenspur.")):
        for was, now in zip(views, after, strict=True):
            assert narrate(state.get_game(), was, now, lang=lang) == [line]
    draw = state.view(0)
    play(state, "card4")
    assert narrate(state.get_game(), draw, state.view(0)) == ["You draw a 4 (hand 3 4 5)."]
    assert narrate(state.get_game(), after[1], state.view(1)) == ["Driver 1 draws a card."]


def test_a_neutral_car_turning_over_a_card_is_told_with_the_card() -> None:
    cars = {0: "5i:1:m:R:235:333333:111111:-", 1: "20i:1:m:R:146:323232:101212:-",
            2: "9o:1:m:R:-:333333:100000:-"}
    state = load(notation(cars, head="1/1 234501 0 i0 - -"), "ausgebremst(players=2)")
    before = state.public_view()
    assert state.current_player() == CHANCE
    play(state, "card3")
    there = state.track.names[state.pos[2]]  # I16: the least left to the finish
    assert there == "13i"
    assert narrate(state.get_game(), before, state.public_view()) == [
        "Neutral car 1 turns over a 3 and drives from square 9 in the outer lane to square 13 "
        "in the inner lane."]
    assert narrate(state.get_game(), before, state.public_view(), lang="de") == [
        "Neutraler Wagen 1 deckt eine 3 auf und fährt von Feld 9 auf der Außenspur nach Feld 13 "
        "auf der Innenspur."]


def test_race_over_names_the_winner_and_the_points_per_car() -> None:
    """The end read "Race over. Points: [0, 0, 9]." with no winner named."""
    state = _last_card_of_the_championship()
    before = state.view(2)
    play(state, "5>fin")
    lines = narrate(state.get_game(), before, state.view(2))
    assert lines[0] == ("Driver 1 plays a 5 and drives from square 30 in the inner lane across the "
                        "finish line.")
    assert "Driver 1 crosses the finish line in place 2." in lines
    assert "Race 2 over (Plattfuss-Circuit)." in lines
    assert "Finish: 1. Driver 3, 2. Driver 1." in lines
    assert "Points: Driver 1 6, Driver 2 0, Driver 3 9." in lines
    assert "Driver 3 wins the race." in lines
    assert "Standings after race 2 of 2: Driver 1 12, Driver 3 9, Driver 2 0." in lines
    assert lines[-1] == "Championship over: Driver 1 wins with 12 points."
    assert state.returns() == [12.0, 0.0, 9.0]  # the narration agrees with the true result
    de = narrate(state.get_game(), before, state.view(2), lang="de")
    assert de[-1] == "Meisterschaft vorbei: Fahrer 1 gewinnt mit 12 Punkten."
    assert not any("[" in line for line in lines)


def test_race_over_between_races_tells_the_last_card_the_result_and_the_next_race() -> None:
    """The step that ends race 1 starts race 2 (new track, new grid, new cards), and the
    last card is still named (the view's last act); a neutral winner is named, and the best
    driver with its points."""
    state = _last_card_of_race_one()
    views = [state.view(seat) for seat in range(3)] + [state.public_view()]
    play(state, "1>21o")
    after = [state.view(seat) for seat in range(3)] + [state.public_view()]
    for was, now in zip(views, after, strict=True):
        lines = narrate(state.get_game(), was, now)
        assert lines == [
            "Driver 3 plays a 1 and drives from square 20 in the inner lane to square 21 in the "
            "outer lane.",
            "Driver 3 has no cards left and is taken off the track.",
            "Race 1 over (Bleifuss-Drom).",
            "Finish: 1. Neutral car 2, 2. Driver 1.",
            "Not at the finish: Driver 2, Driver 3, Neutral car 1, Neutral car 3.",
            "Points: Driver 1 6, Driver 2 0, Driver 3 0.",
            "Neutral car 2 wins the race; the best driver is Driver 1, in place 2 (6 points).",
            "Standings after race 1 of 2: Driver 1 6, Driver 2 0, Driver 3 0.",
            "Race 2 of 2: Plattfuss-Circuit (clockwise).",
            "Start order: Neutral car 1, Neutral car 2, Neutral car 3, Driver 1, Driver 3, "
            "Driver 2.",
        ]


def test_a_blocked_car_is_told_with_the_hand_it_shows() -> None:
    """A pass names the blocked car and the hand it shows, to every seat."""
    cars = {0: "5i:1:m:R:235:333333:111111:-", 1: "6i:1:m:R:146:323232:101212:-",
            2: "7i:1:m:R:-:333333:100000:-", 3: "7o:1:m:R:-:333333:100000:-"}
    state = load(notation(cars, head="1/1 234501 5 i0 - -"), "ausgebremst(players=2)")
    assert _moves(state) == ["pass:146"]
    views = [state.view(0), state.view(1), state.public_view()]
    play(state, "pass:146")
    after = [state.view(0), state.view(1), state.public_view()]
    for was, now in zip(views, after, strict=True):
        assert narrate(state.get_game(), was, now)[0] == (
            "Driver 2 is blocked: no card can be played; shows 1 4 6 and passes (on square 6 in "
            "the inner lane).")


def _moves(state: AusgebremstState) -> list[str]:
    player = state.current_player()
    return [state.action_to_string(player, a) for a in state.legal_actions()]


def test_seats_are_named_driver_n_or_by_their_names_never_p0() -> None:
    """Ausgebremst's P0..P5 were the only 0-based seat labels people saw."""
    cars = {0: "5i:1:m:R:235:333333:111111:-", 1: "20i:1:m:R:146:323232:101212:-"}
    state = load(notation(cars))
    game = state.get_game()
    view = expect_view(state.view(0), BoardView)
    text = _text(ui.render(view, game))
    assert "Driver 1" in text and "Driver 2" in text and "P0" not in text and "P1" not in text
    named = _text(ui.render(view, game, names=["Anna", "Ben"]))
    assert "Anna" in named and "Ben" in named
    german = _text(ui.render(view, game, lang="de"))
    assert "Fahrer 1" in german and "Deine Hand: 2 3 5" in german and "Rennprotokoll" in german
    play(state, "2>7o")
    assert narrate(state.get_game(), view, state.view(0), names=["Anna", "Ben"]) == [
        "Anna plays a 2 and drives from square 5 in the inner lane to square 7 in the outer "
        "lane."]


def test_render_shows_the_result_with_the_winner_once_the_race_is_over() -> None:
    state = _last_card_of_the_championship()
    play(state, "5>fin")
    text = _text(ui.render(state.public_view(), state.get_game()))
    assert ("Neutral car 2 wins the race; the best driver is Driver 1, in place 2 (6 points)."
            in text)
    assert "Driver 3 wins the race." in text
    assert "Championship over: Driver 1 wins with 12 points." in text


# -- seeded playouts: every step, every seat, both languages --------------------------------

GAMES = (
    "ausgebremst(players=3)",
    "ausgebremst(players=2,races=1+4)",
    "ausgebremst(players=4,mode=advanced)",
    "ausgebremst(players=2,mode=advanced,races=3+2,stack_order=shuffled)",
    "ausgebremst(players=6,pit_overshoot=discard)",
    "ausgebremst(players=2,mode=advanced,stack_order=chosen)",
)


def _owner(state: AusgebremstState) -> int:
    """The seat whose secret a step may carry: the player to move, or the one drawing."""
    player = state.current_player()
    if player != CHANCE:
        return player
    if state.queue and not state.lineup_due:
        return state.queue[0][1]
    return -1


@pytest.mark.parametrize(("seed", "game_string"), list(enumerate(GAMES)))
def test_every_step_is_told_to_every_seat_and_the_spectator_and_nothing_more(
        seed: int, game_string: str) -> None:
    """No exception, no silent step that changed a view, both languages; a seat is told of
    another seat's step exactly what the spectator is told (so nothing secret), and its own
    draws with the card the true state drew."""
    game = rennbahn.load_game(game_string)
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, AusgebremstState)
    seats = range(game.num_players())

    def views() -> list[BoardView]:
        return [expect_view(v, BoardView)
                for v in [*(state.view(s) for s in seats), state.public_view()]]

    before = views()
    for view in before:
        for lang in ("en", "de"):
            assert narrate(state.get_game(), None, view, lang=lang)
    steps = 0
    while not state.is_terminal():
        owner = _owner(state)
        drawing = state.current_player() == CHANCE and bool(state.queue) and \
            not state.lineup_due
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions(state.current_player()))
        state.apply_action(action)
        steps += 1
        after = views()
        public = {lang: narrate(state.get_game(), before[-1], after[-1], lang=lang)
                  for lang in ("en", "de")}
        names = [car.car for car in after[-1].cars]
        for line in public["en"]:  # a neutral car passed over is truly blocked (I16)
            if line.endswith(" is blocked and turns over no card."):
                number = line.removesuffix(" is blocked and turns over no card.").split()[-1]
                assert state._blockaded(names.index(f"N{number}")), line
        for seat, (was, now) in enumerate(zip(before, after, strict=True)):
            for lang in ("en", "de"):
                lines = narrate(state.get_game(), was, now, lang=lang)
                assert all(isinstance(line, str) and line for line in lines)
                if was != now:
                    assert lines, (game_string, steps, seat, state.to_text())
                if seat < len(seats) and seat != owner:
                    assert lines == public[lang], (steps, seat)
            if seat == owner and drawing:
                value = action - CARD + 1
                assert any(line.startswith(f"You draw a {value} ") for line in
                           narrate(state.get_game(), was, now)), (steps, seat)
        before = after
    assert steps > 100 * len(state.g.races)
    assert "wins" in public["en"][-1] and "gewinnt" in public["de"][-1]


def test_narration_module_is_what_the_terminal_calls() -> None:
    """The game's entry names one narration (narration.narrate) and one terminal drawing."""
    from rennbahn.games.ausgebremst import ENTRY

    assert ENTRY.narration is not None and ENTRY.terminal is not None
    assert ENTRY.narration() is narration.narrate
    assert ENTRY.terminal().render is ui.render


def test_ab15_the_order_dealt_is_told_to_its_seat_only() -> None:
    """stack_order=chosen (I24, AB-15): Driver 1 is told each value it deals and what it
    covers, and at the end its stacks top card first; Driver 2 and the spectators are told
    nothing of it but that the stacks were sorted, unseen."""
    state = rennbahn.load_game(
        "ausgebremst(players=2,mode=advanced,stack_order=chosen)").new_initial_state()
    assert isinstance(state, AusgebremstState)
    play(state, "pole0", "average", "gear1>1")  # row 3: pit cards 4 & 2

    def views() -> list[BoardView]:
        return [expect_view(v, BoardView)
                for v in (state.view(0), state.view(1), state.public_view())]

    before = views()
    play(state, "gear2>1")
    told = [narrate(state.get_game(), was, now) for was, now in zip(before, views(), strict=True)]
    assert told[0] == ["You put all your 2s on gear stack 1, on top of your 1s."]
    assert told[1] == told[2] == []
    assert narrate(state.get_game(), before[0], views()[0], lang="de") == [
        "Du legst alle deine Karten mit 2 auf Gangstapel 1, auf deine 1er."]
    play(state, "gear3>2", "gear4>3", "gear5>4")
    before = views()
    play(state, "gear6>4")
    told = [narrate(state.get_game(), was, now) for was, now in zip(before, views(), strict=True)]
    assert told[0] == [
        "You put all your 6s on gear stack 4, on top of your 5s.",
        "Your gear stacks, top card first: stack 1: 2 2 1 1 1; stack 2: 3 3 3; "
        "stack 3: 4 4 4; stack 4: 6 6 6 6 6 5 5 5 5."]
    assert told[1] == told[2] == ["Driver 1 has sorted the cards into four gear stacks, unseen."]


def test_advanced_pit_cards_and_gear_stacks_are_told_as_far_as_each_seat_sees_them() -> None:
    """Driver 2 stops in the pit alley with the pit cards 2 & 4: it alone is told which one
    it keeps; every seat is told the stack the other goes on, and later that Driver 2 draws
    it back from that stack (the card itself stays its secret)."""
    text = (
        "1/1 234501 5+ i0 t1 - last=1/1t6>p2"
        " | 3i:2:m:R:45:000000:112140:-:000000/000000/000000/000006:f:314444:24"
        " | p2:2:pm:R:5:000000:112212:-:000004/000000/000000/000030:f:141441:24"
        " | 10i:2:m:R:-:442234:002322:-:-:-:------:- | 9o:2:m:R:-:332353:112203:-:-:-:------:-"
        " | 25i:1:m:R:-:334414:110142:-:-:-:------:- | 2i:2:m:R:-:343424:101132:-:-:-:------:-"
        " | -")
    state = rennbahn.load_game("ausgebremst(players=2,mode=advanced)").state_from_text(text)
    assert isinstance(state, AusgebremstState)

    def views() -> list[BoardView]:
        return [expect_view(v, BoardView)
                for v in (state.view(0), state.view(1), state.public_view())]

    before = views()
    play(state, "take4")
    after = views()
    assert state.hand[1] == (4, 5)  # the true state
    assert narrate(state.get_game(), before[1], after[1]) == [
        "You keep the pit card 4 (hand 4 5); the other goes on a gear stack."]
    for seat in (0, 2):
        assert narrate(state.get_game(), before[seat], after[seat]) == [
            "Driver 2 keeps one of the pit cards 2 & 4, unseen."]
    play(state, "put3")
    assert state.tops[1][2] == (2,)
    told = [narrate(state.get_game(), was, now) for was, now in zip(after, views(), strict=True)]
    assert told[1][0] == "You put the pit card 2 on gear stack 3."
    assert told[0][0] == told[2][0] == "Driver 2 puts the other pit card on gear stack 3."
    assert not any("2 on" in line for line in told[0] + told[2])
    while state.current_player() != 1 or not state.queue:  # on to Driver 2's next draw
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    before = views()
    play(state, "stack3")
    after = views()
    hand = " ".join(map(str, state.hand[1]))
    assert narrate(state.get_game(), before[1], after[1]) == [
        f"You draw from gear stack 3 the 2 you laid on it (hand {hand})."]
    game = state.get_game()
    assert narrate(game, before[0], after[0]) == narrate(game, before[2], after[2]) == [
        "Driver 2 draws from gear stack 3 the pit card laid on it."]


def test_the_terminal_drawing_fits_80_columns_without_cutting_a_cell() -> None:
    """At 80 columns nothing is cut ("…") or wider than the terminal, in either language,
    with long names given to the seats."""
    state = _last_card_of_the_championship()
    play(state, "5>fin")
    for lang in ("en", "de"):
        console = Console(width=80, record=True)
        console.print(ui.render(state.view(0), state.get_game(), lang=lang,
                                names=["Annabelle", "Bartholomew", "Cosima"]))
        text = console.export_text()
        assert "…" not in text
        assert max(map(len, text.splitlines())) <= 80


def test_the_last_act_survives_notation_and_a_wrong_one_is_refused() -> None:
    """The view's last act (which the narration reads) is part of the state notation, so a
    position read back tells the same story; the reader refuses one the rules cannot have."""
    from rennbahn.core.errors import NotationError

    state = _last_card_of_race_one()
    play(state, "1>21o")
    text = state.to_text()
    assert " last=1/2t1>21o " in text
    again = state.get_game().state_from_text(text)
    assert again.public_observation() == state.public_observation()
    assert state.public_observation()["last"] == {
        "race": 1, "car": "P2", "act": "turn", "card": 1, "to": "21o"}
    good = _last_card_of_the_championship().to_text()
    for wrong in ("last=1/2t1", "last=3/0t5>30i", "last=2/0t4>29i", "last=2/2t6>5i", "last=2/0s2",
                  "last=2/0t5>fin", "last=2/9t5>30i", "last=2/0t5>99z", "lost=2/0t5>30i"):
        with pytest.raises(NotationError):
            state.get_game().state_from_text(good.replace(" - 2 |", f" - 2 {wrong} |"))
    played = good.replace(" - 2 |", " - 2 last=2/0t5>30i |")
    assert state.get_game().state_from_text(played).to_text() == played


def test_a_last_act_of_the_race_before_is_refused_once_this_race_has_begun() -> None:
    from rennbahn.core.errors import NotationError

    state = _last_card_of_race_one()
    play(state, "1>21o", *["card3"] * 9)
    text = state.to_text()
    assert " last=1/2t1>21o " in text and state.get_game().state_from_text(text)
    play(state, "card2")  # neutral car N1 drives: race 2 has begun
    assert state.public_observation()["last"]["race"] == 2
    head, rest = state.to_text().split(" last=", 1)
    with pytest.raises(NotationError):
        state.get_game().state_from_text(head + " last=1/2t1>21o " + rest.split(" ", 1)[1])


def test_a_pass_that_ends_the_last_race_still_shows_the_hand() -> None:
    """Every car left is blocked (I12): the last pass ends the race; the hand it showed is
    told, then the result."""
    cars = {0: f"5i:4:pm:F:-:{NONE}:{NONE}:-", 1: "6i:1:m:R:146:323232:101212:-",
            2: "7i:1:m:R:-:333333:100000:-", 3: "7o:1:m:R:-:333333:100000:-"}
    state = load(notation(cars, head="1/1 234501 5 i2 - 0"), "ausgebremst(players=2)")
    before = state.public_view()
    play(state, "pass:146")
    assert state.is_terminal()
    lines = narrate(state.get_game(), before, state.public_view())
    assert lines[0] == ("Driver 2 is blocked: no card can be played; shows 1 4 6 and passes "
                        "(on square 6 in the inner lane).")
    assert lines[1:3] == ["Race 1 over (Bleifuss-Drom).", "Finish: 1. Driver 1."]
    assert lines[-1] == "Driver 1 wins the game with 9 points."


def test_a_drivers_race_place_is_not_said_like_a_seat_in_german() -> None:
    """'auf Platz 2' read like the lobby's seat 2 ('Platz 2'); German says '2. im Rennen'
    (the browser test's check for seat-like names found it on an end panel)."""
    state = _last_card_of_the_championship()
    play(state, "5>fin")
    text = _text(ui.render(state.public_view(), state.get_game(), lang="de"))
    assert ("Neutraler Wagen 2 gewinnt das Rennen; bester Fahrer ist Fahrer 1, 2. im Rennen "
            "(6 Punkte)." in text), text
    assert not re.search(r"\bPlatz [1-6]\b", text)
