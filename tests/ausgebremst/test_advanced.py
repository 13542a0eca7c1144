"""The advanced game: decks, pit-stop cards, gear stacks (I18-I22), from state notation."""

from __future__ import annotations

import pytest

import rennbahn
from rennbahn.core.errors import NotationError
from rennbahn.core.protocol import CHANCE
from rennbahn.games.ausgebremst.components import (
    DECK_CHOICES,
    FULL_DECKS,
    deck_counts,
    listed,
    points,
)
from rennbahn.games.ausgebremst.rules import AusgebremstState
from rennbahn.games.ausgebremst.tracks import race_tracks
from tests.ausgebremst.conftest import load, moves, notation, play

GAME = "ausgebremst(players=2,mode=advanced)"
SHUFFLED = "ausgebremst(players=2,mode=advanced,stack_order=shuffled)"
CHOSEN = "ausgebremst(players=2,mode=advanced,stack_order=chosen)"
NONE = "000000"
EMPTY_STACKS = "/".join([NONE] * 4)


def test_i18_every_full_deck_gives_the_listed_decks() -> None:
    """I18: removing the 9-, 6- or 4-dot cards leaves exactly the rulebook's decks."""
    for full in FULL_DECKS:
        whole = deck_counts(full, None)
        assert sum(whole) == 28
        for kind in DECK_CHOICES:
            assert deck_counts(full, kind) == listed(kind)
            assert points(deck_counts(full, kind)) == 84
        removed = {kind: 28 - sum(deck_counts(full, kind)) for kind in DECK_CHOICES}
        assert removed == {"fast": 9, "average": 6, "slow": 4}


def test_i19_reserve_column_does_not_follow_from_the_distances() -> None:
    """I19: 84 - pit cards - distance against the printed reserve."""
    computed = [84 - sum(r.pit_cards[0]) - r.distance for r in race_tracks()]
    printed = [r.reserve for r in race_tracks()]
    assert computed == [2, -1, 1, 0, 1, 1, -1, 1]
    assert printed == [3, 2, 2, 3, 2, 2, 2, 2]


def test_i19_i21_deck_choice_pit_cards_and_gear_stacks() -> None:
    start = rennbahn.load_game(GAME).new_initial_state()
    state = load(start.to_text(), GAME)
    play(state, "pole0")  # seat 0 on place 5: row 3 of Bleifuss-Drom, pit cards 4 & 2
    assert state.current_player() == 0
    assert moves(state) == ["fast", "average", "slow"]
    play(state, "average")
    assert state.pitc[0] == (2, 4)
    assert points(state.deck[0]) == 84 - 6
    assert moves(state) == ["gear1>1", "gear1>2", "gear1>3", "gear1>4"]
    play(state, "gear1>1", "gear2>1", "gear3>2", "gear4>3", "gear5>4", "gear6>4")
    assert state.stacks[0][3] == (0, 0, 0, 0, 0, 4, 5)
    # I29: seat 1 chooses and arranges before anyone draws.
    assert state.current_player() == 1 and moves(state) == ["fast", "average", "slow"]
    play(state, "slow", *(f"gear{v}>1" for v in range(1, 7)))
    assert state.current_player() == 0
    play(state, "stack4")
    assert state.current_player() == CHANCE
    # I24 (sorted, the default): the 5s were laid after the 6s, so a 5 is on top
    assert [state.action_to_string(CHANCE, a) for a, _ in state.chance_outcomes()] == ["card5"]
    # The deck choice and arrangement are hidden from seat 1, the stack picked is not.
    seen = state.information_state_string(1)
    assert "0:?" in seen and "0:stack4" in seen and "average" not in seen


#: Gear stacks for the average deck (gears 112344): 1s and 2s, 3s, 4s, 5s and 6s.
STACKS = "210000/002000/000200/000033"


def car(space: str, hand: str, stacks: str = STACKS, pit: str = "24", cross: int = 1,
        flags: str = "m", gears: str = "112344") -> str:
    """An advanced car with the average deck; what it neither holds nor may still draw has
    been played (conftest.balanced)."""
    return f"{space}:{cross}:{flags}:R:{hand}:{NONE}:{NONE}:-:{stacks}:a:{gears}:{pit}"


def test_i22_pit_cards_replace_the_draw_and_go_on_a_stack() -> None:
    cars = {0: car("28o", "35"), 1: car("10i", "12")}
    state = load(notation(cars, advanced=True), GAME)
    play(state, "3>p1")
    assert state.pitted[0]
    assert moves(state) == ["take2", "take4"]
    play(state, "take4")
    assert state.hand[0] == (4, 5)
    play(state, "put1")
    assert state.tops[0][0] == (2,) and state.pitc[0] == ()
    assert state.current_player() == 1  # no draw from the stacks this turn


def test_i22_a_known_top_card_is_drawn_without_chance() -> None:
    cars = {0: car("20i", "35", STACKS.replace("/", "+2/", 1), "-", flags="pm", cross=2),
            1: car("10i", "12")}
    state = load(notation(cars, advanced=True), GAME)
    play(state, "3>23o", "stack1")
    assert state.hand[0] == (2, 5) and state.tops[0][0] == ()
    assert state.current_player() == 1


def test_i20_pit_stop_optional_in_the_advanced_game() -> None:
    """I20: on its last chance a car may drive past field A (contrast I9)."""
    cars = {0: car("29o", "35", cross=2), 1: car("10i", "12")}
    state = load(notation(cars, advanced=True), GAME)
    assert moves(state) == ["3>2i", "3>2o", "3>p2", "5>4i", "5>4o", "5>p4"]


def test_i20_neutral_cars_never_pit_in_the_advanced_game() -> None:
    cars = {0: car("10i", "12"), 1: car("9o", "12"),
            2: f"29o:1:m:R:-:111111:{NONE}:-:-:-:------:-"}
    state = load(notation(cars, head="1/1 234501 0 i0 - -", advanced=True), GAME)
    play(state, "card3")
    assert state.track.names[state.pos[2]] in ("2i", "2o") and not state.pitted[2]


def _outcomes(state: object) -> list[tuple[str, float]]:
    from rennbahn.games.ausgebremst.rules import AusgebremstState

    assert isinstance(state, AusgebremstState)
    return [(state.action_to_string(CHANCE, a), p) for a, p in state.chance_outcomes()]


def test_i24_sorted_stacks_give_their_lowest_card_first() -> None:
    """I24: 'he assigns the highest card face down ... first': each stack lies highest card
    at the bottom, so the draws from it are known: 1, 1, then 2 from stack 1."""
    cars = {0: car("10i", "35"), 1: car("5i", "12")}
    state = load(notation(cars, head="1/1 234501 4 i0 - -", advanced=True), GAME)
    play(state, "3>13i", "stack1")
    assert _outcomes(state) == [("card1", 1.0)]
    play(state, "card1")
    assert state.hand[0] == (1, 5) and state.stacks[0][0] == (0, 1, 1, 0, 0, 0, 0)
    play(state, "1>6i", "stack1", "card1", "1>15i", "stack1")
    assert _outcomes(state) == [("card1", 1.0)]
    play(state, "card1", "1>7i", "stack4")
    assert _outcomes(state) == [("card5", 1.0)]  # car 1's 5s were laid on its 6s
    play(state, "card5", "1>16i", "stack1")
    assert _outcomes(state) == [("card2", 1.0)]


def test_i24_shuffled_stacks_draw_by_chance() -> None:
    """I24, stack_order=shuffled: the order inside a stack is unknown; a draw is a chance
    outcome over the cards left in it."""
    cars = {0: car("10i", "35"), 1: car("5i", "12")}
    state = load(notation(cars, head="1/1 234501 4 i0 - -", advanced=True), SHUFFLED)
    play(state, "3>13i", "stack1")
    assert _outcomes(state) == [("card1", 2 / 3), ("card2", 1 / 3)]
    play(state, "card2", "1>6i", "stack4")
    assert _outcomes(state) == [("card5", 0.5), ("card6", 0.5)]


def test_i22_i24_a_pit_card_on_a_sorted_stack_comes_before_its_lowest() -> None:
    """I22 with I24: the pit card put on top of a sorted stack is drawn first, then the
    stack's lowest card."""
    cars = {0: car("28o", "35", "000000/002000/000200/000033"),
            1: car("10i", "12", EMPTY_STACKS)}
    state = load(notation(cars, advanced=True), GAME)
    play(state, "3>p1", "take2", "put4")
    assert state.tops[0][3] == (4,)
    play(state, "1>11b", "5>5i", "stack4")  # car 1 has no stacks left: no draw
    assert state.hand[0] == (2, 4) and state.current_player() == 1
    play(state, "2>13i", "2>7i", "stack4")
    assert _outcomes(state) == [("card5", 1.0)]


def _advanced(car0: str, queue: str = "-", game: str = GAME) -> str:
    turn = "4" if queue == "-" else "4+"
    gears = "112344>654321" if game == CHOSEN else "112344"
    return notation({0: car0, 1: car("25i", "12", gears=gears)},
                    head=f"1/1 234501 {turn} i0 {queue} -", advanced=True)


def test_i26_another_seat_hand_stacks_deck_and_gears_are_not_observed() -> None:
    """I26: two positions that differ only in seat 0's hidden part (its hand, deck choice,
    gear arrangement and stacks; the same number of cards and points) look the same to
    seat 1, in its observation and its information state, and different to seat 0."""
    mine = "10i:1:m:R:35:000000:000000:-:320000/002000/000300/000035:a:112344:24"
    other = "10i:1:m:R:44:000000:000000:-:434000/000100/000040/000004:s:111234:24"
    a, b = load(_advanced(mine), GAME), load(_advanced(other), GAME)
    assert a.points_left(0) == b.points_left(0)
    assert a.observation(1) == b.observation(1)
    assert a.information_state_string(1) == b.information_state_string(1)
    assert a.observation(0) != b.observation(0)
    assert a.observation(0)["me"]["hand"] == [3, 5] and b.observation(0)["me"]["gears"] == "111234"
    seen = a.observation(1)["cars"][0]
    assert seen["cards"] == 2 and seen["pit_cards"] == [2, 4]


def test_i26_i22_the_kept_pit_card_is_not_observed() -> None:
    """I26, I22: waiting to put its second pit card, seat 0 kept the 2 or the 4: seat 1 sees
    the same (both pit cards, the points without them) either way."""
    kept2 = f"p1:2:pm:R:25:000000:000000:-:{STACKS}:a:112344:4"
    kept4 = f"p1:2:pm:R:45:000000:000000:-:{STACKS}:a:112344:2"
    a, b = load(_advanced(kept2, "u0"), GAME), load(_advanced(kept4, "u0"), GAME)
    assert a.observation(1) == b.observation(1)
    assert a.observation(1)["cars"][0]["pit_cards"] == [2, 4]
    assert a.observation(0)["cars"][0]["pit_cards"] == [4]


def test_i27_a_leader_with_two_sixes_on_a_bottleneck_may_play_one() -> None:
    """I27: the 'three 6s' exception of I5 holds for a two-card hand of 6s: the leader on
    the bottleneck 11b plays a 6; with a 5 beside it, it may not."""
    sixes = {0: car("11b", "66"), 1: car("5i", "12")}
    assert "6>17i" in moves(load(notation(sixes, advanced=True), GAME))
    mixed = {0: car("11b", "56"), 1: car("5i", "12")}
    assert not any(m.startswith("6>") for m in moves(load(notation(mixed, advanced=True), GAME)))


def test_i30_every_player_arranges_in_secret_before_anyone_draws() -> None:
    """I30: "After all players have placed their race cards on their stack piles, each
    player draws 2 cards." Every player chooses a deck and arranges its gear stacks, each
    step hidden from the others, before the first pick: what seat 1 knows when it chooses is
    the same whatever seat 0 chose and laid, and the first stack picked comes after all."""
    game = "ausgebremst(players=3,mode=advanced)"
    start = load(rennbahn.load_game(game).new_initial_state().to_text(), game)
    play(start, "pole0")
    fast, slow = start.clone(), start.clone()
    assert isinstance(fast, type(start)) and isinstance(slow, type(start))
    play(fast, "fast", *(f"gear{v}>1" for v in range(1, 7)))
    play(slow, "slow", *(f"gear{v}>{(v - 1) % 4 + 1}" for v in range(1, 7)))
    for state in (fast, slow):
        assert state.current_player() == 1 and moves(state) == ["fast", "average", "slow"]
    assert fast.information_state_string(1) == slow.information_state_string(1)
    assert fast.observation(1) == slow.observation(1)
    assert fast.public_observation() == slow.public_observation()
    play(fast, "average", *(f"gear{v}>2" for v in range(1, 7)))
    assert fast.current_player() == 2
    play(fast, "slow", *(f"gear{v}>3" for v in range(1, 7)))
    assert fast.current_player() == 0 and moves(fast) == ["stack1"]  # now the draws
    assert [fast.choice[seat] for seat in range(3)] == [0, 1, 2]


# -- AB-15: the order inside a gear stack chosen by the player (I24, stack_order=chosen) -----


def _start(game: str) -> AusgebremstState:
    """The game's initial state, read back through notation (an AusgebremstState)."""
    return load(rennbahn.load_game(game).new_initial_state().to_text(), game)


def test_ab15_chosen_any_value_may_be_dealt_next_and_the_last_dealt_lies_on_top() -> None:
    """I24, stack_order=chosen (AB-15): "With the other hand he assigns the highest card face
    down to one of the four gear cards", read as the top card of the hand: the player deals
    its values in an order of its choice, all cards of a value together (I21), and on each
    stack the value dealt last lies on top. The same arrangement sorted would draw a 1
    first from stack 1; dealt 1s then 2s, the 2s come first."""
    state = _start(CHOSEN)
    play(state, "pole0", "average")  # row 3 of Bleifuss-Drom: pit cards 4 & 2
    legal = moves(state)
    assert len(legal) == 24 and legal[:2] == ["gear1>1", "gear1>2"] and legal[-1] == "gear6>4"
    play(state, "gear6>4", "gear5>4")  # the 5s on the 6s
    assert len(moves(state)) == 16
    assert not any(m.startswith(("gear5", "gear6")) for m in moves(state))
    play(state, "gear1>1", "gear2>1", "gear3>2", "gear4>3")  # the 2s on the 1s
    assert state.dealt[0] == (6, 5, 1, 2, 3, 4)
    assert ":112344>651234:" in state.to_text()
    assert state.stacks[0][0] == (0, 3, 2, 0, 0, 0, 0)
    play(state, "slow", *(f"gear{v}>1" for v in range(1, 7)))  # seat 1: a 6 on top
    play(state, "stack1")
    assert _outcomes(state) == [("card2", 1.0)]
    play(state, "card2", "stack4")
    assert _outcomes(state) == [("card5", 1.0)]
    play(state, "card5", "stack1")
    assert _outcomes(state) == [("card6", 1.0)]  # seat 1's 6s were dealt last
    sorted_game = _start(GAME)
    play(sorted_game, "pole0", "average", "gear1>1", "gear2>1", "gear3>2", "gear4>3",
         "gear5>4", "gear6>4", "slow", *(f"gear{v}>1" for v in range(1, 7)), "stack1")
    assert _outcomes(sorted_game) == [("card1", 1.0)]  # I24, sorted: the lowest on top


@pytest.mark.parametrize(("stacks", "dealt", "stack", "card"), [
    ("210000/002000/000200/000023", "125634", 0, 2),  # the 2s were dealt on the 1s
    ("200000/002000/000200/000023", "125634", 0, 1),  # the 2 drawn: now the 1s
    ("210000/002000/000200/000023", "125634", 3, 6),  # the 6s on the 5s
    ("210000/002000/000200/000020", "125634", 3, 5),  # the 6s drawn: now the 5s
    ("210000/002000/000200/000023", "654321", 0, 1),  # dealt 6 down to 1: as sorted
    ("210000/002000/000200/000023", "654321", 3, 5),
])
def test_ab15_chosen_draws_follow_the_order_dealt_to_the_end_of_each_run(
        stacks: str, dealt: str, stack: int, card: int) -> None:
    """I24, stack_order=chosen, from notation: seat 0 (gears 112344) waits to draw from a
    stack it picked; the draw is the card on top of the order it dealt, one outcome."""
    cars = {0: car("10i", "5", stacks, gears=f"112344>{dealt}"),
            1: car("25i", "12", gears="112344>654321")}
    head = f"1/1 234501 4+ i0 d0s{stack} -"
    state = load(notation(cars, head=head, advanced=True), CHOSEN)
    assert _outcomes(state) == [(f"card{card}", 1.0)]
    play(state, f"card{card}")
    assert state.hand[0] == tuple(sorted((5, card)))


def test_ab15_i26_the_order_dealt_is_hidden_from_the_other_seats() -> None:
    """I26 with stack_order=chosen: two positions that differ only in the order seat 0 dealt
    its values look the same to seat 1 (observation and information state); seat 0 sees its
    own order. The steps of dealing are hidden from seat 1, which sees only that they
    were made."""
    one = car("10i", "35", gears="112344>125634")
    other = car("10i", "35", gears="112344>216543")
    a = load(_advanced(one, game=CHOSEN), CHOSEN)
    b = load(_advanced(other, game=CHOSEN), CHOSEN)
    assert a.observation(1) == b.observation(1) and a.public_observation() == \
        b.public_observation()
    assert a.information_state_string(1) == b.information_state_string(1)
    assert a.observation(0)["me"]["dealt"] == "125634" != b.observation(0)["me"]["dealt"]
    assert "dealt" not in a.observation(1)["me"] or a.observation(1)["me"]["dealt"] != "125634"
    start = _start(CHOSEN)
    play(start, "pole0", "fast", "gear6>1", "gear3>1")
    seen = start.information_state_string(1)
    assert seen.endswith("c:pole0 0:? 0:? 0:?") and "gear6" not in seen
    assert start.information_state_string(0).endswith("c:pole0 0:fast 0:gear6>1 0:gear3>1")


def test_ab15_notation_the_order_dealt_fits_the_gears() -> None:
    """The reader: with stack_order=chosen the values dealt (after >) are the values with a
    gear stack, each once, and a gear step waits as g0 (any value); the other readings have
    no order dealt and wait for the gears value by value (g0v1)."""
    good = _advanced(car("10i", "35", gears="112344>125634"), game=CHOSEN)
    load(good, CHOSEN)
    for wrong in ("112344>12563", "112344>125633", "112344"):
        with pytest.raises(NotationError):
            rennbahn.load_game(CHOSEN).state_from_text(good.replace("112344>125634", wrong))
    with pytest.raises(NotationError):
        rennbahn.load_game(GAME).state_from_text(good)
    chosen = _start(CHOSEN)
    play(chosen, "pole0", "fast", "gear6>1")
    text = chosen.to_text()
    assert " g0,g0," in text and "-----1>6:" in text
    assert rennbahn.load_game(CHOSEN).state_from_text(text).to_text() == text
    with pytest.raises(NotationError):
        rennbahn.load_game(CHOSEN).state_from_text(text.replace(" g0,", " g0v1,", 1))
    with pytest.raises(NotationError):
        rennbahn.load_game(CHOSEN).state_from_text(text.replace("-----1>6:", "-----1>5:"))
    sorted_game = _start(GAME)
    play(sorted_game, "pole0", "fast", "gear1>1")
    text = sorted_game.to_text()
    assert " g0v2," in text
    with pytest.raises(NotationError):
        rennbahn.load_game(GAME).state_from_text(text.replace(" g0v2,", " g0,"))
