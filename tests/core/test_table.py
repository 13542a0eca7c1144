"""The step-wise table driver: turns, secret simultaneous choices, stale moves, undo, restore."""

from __future__ import annotations

import random

import pytest

import rennbahn
from rennbahn.bots.factory import make_bot
from rennbahn.core.driver import play
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS
from rennbahn.core.records import Record, replay
from rennbahn.core.table import Table, TableError

GAMES = ["gibgas(players=3)", "von0auf100(players=3,race=small)", "grandprix(players=3)",
         "ausgebremst(players=3)"]


def _person_moves(table: Table, rng: random.Random) -> None:
    """Make a random legal move for every person that must act now."""
    for seat in table.people_to_act():
        legal = table.state.legal_actions(seat)
        table.move(seat, legal[rng.randrange(len(legal))], table.number)


def _play_out(table: Table, rng: random.Random) -> None:
    table.advance()
    while not table.is_over():
        _person_moves(table, rng)
        table.advance()


@pytest.mark.parametrize("text", GAMES)
def test_a_table_with_people_and_bots_finishes_and_its_record_replays(text: str) -> None:
    game = rennbahn.load_game(text)
    table = Table(game, [None, make_bot(game, "random"), None], seed=5)
    _play_out(table, random.Random(1))
    record = Record.loads(table.record(["a", "b", "c"]).dumps())
    states = [state for _, state in replay(record)]
    assert states[-1].to_text() == table.state.to_text()
    assert table.number == len(table.steps) == len(record.steps)


@pytest.mark.parametrize("text", GAMES)
def test_play_is_the_table_with_bots_in_every_seat(text: str) -> None:
    game = rennbahn.load_game(text)
    seen: list[int] = []
    record = play(game, [make_bot(game, "random") for _ in range(3)], 9,
                  on_step=lambda state, step: seen.append(len(state.history())))
    table = Table(game, [make_bot(game, "random") for _ in range(3)], seed=9)
    assert table.advance() == record.steps
    assert len(seen) == len(record.steps) and seen == sorted(seen)


def test_stops_where_a_person_must_act_and_says_who() -> None:
    game = rennbahn.load_game("grandprix(players=3)")
    table = Table(game, [make_bot(game, "random"), None, make_bot(game, "random")], seed=3)
    table.advance()
    while table.to_act() != [1]:
        assert table.people_to_act() == [] or table.to_act() == [1]
        _person_moves(table, random.Random(0))
        table.advance()
    assert table.people_to_act() == [1] and table.next_bot() is None


def _at_person_turn(text: str, seed: int = 2) -> Table:
    game = rennbahn.load_game(text)
    table = Table(game, [None] * game.num_players(), seed=seed)
    table.advance()
    return table


def test_out_of_turn_stale_illegal_and_unknown_seats_are_refused_and_change_nothing() -> None:
    table = _at_person_turn("von0auf100(players=3,race=small)")
    [seat] = table.to_act()
    other = (seat + 1) % 3
    text, number = table.state.to_text(), table.number
    legal = table.state.legal_actions(seat)
    cases = [
        (other, legal[0], number, "not_your_turn"),
        (seat, legal[0], number - 1, "stale"),
        (seat, legal[0], number + 1, "stale"),
        (seat, 10**6, number, "illegal"),
        (seat, True, number, "illegal"),
        (7, legal[0], number, "no_such_seat"),
    ]
    for who, action, num, code in cases:
        with pytest.raises(TableError) as info:
            table.move(who, action, num)
        assert info.value.code == code, (who, action, num)
        assert table.state.to_text() == text and table.number == number
    assert table.move(seat, legal[0], number) is not None
    assert table.number == number + 1


def test_a_simultaneous_choice_stays_secret_and_can_change_until_everyone_has_chosen() -> None:
    game = rennbahn.load_game("gibgas(players=3)")
    table = Table(game, [None, None, make_bot(game, "random")], seed=4)
    table.advance()
    assert table.state.current_player() == SIMULTANEOUS
    assert table.to_act() == [0, 1]  # the bot chose as the node was reached
    text, number = table.state.to_text(), table.number
    first, second = table.state.legal_actions(0)[:2]
    assert table.move(0, first, number) is None
    assert table.move(0, second, number) is None  # changed its mind
    assert table.to_act() == [1] and table.pending[0] == second
    assert table.state.to_text() == text and table.number == number
    table.withdraw(0)
    assert table.to_act() == [0, 1]
    table.move(0, second, number)
    step = table.move(1, table.state.legal_actions(1)[0], number)
    assert step is not None and step.actor == SIMULTANEOUS and step.actions[0] == second
    assert table.number == number + 1 and table.pending == {}


def _undo_table() -> Table:
    """Von 0 auf 100 with three people, at a placement (public: undo may take it back)."""
    table = _at_person_turn("von0auf100(players=3,race=small)", seed=11)
    return table


def test_undo_takes_back_ones_own_last_move_when_nothing_happened_since() -> None:
    table = _undo_table()
    [seat] = table.to_act()
    text, steps = table.state.to_text(), list(table.steps)
    history = table.state.information_state_string(seat)
    action = table.state.legal_actions(seat)[-1]
    table.move(seat, action, table.number)
    number = table.number
    if table.state.is_chance_node():
        pytest.skip("this placement ended the round")
    undone = table.undo(seat, number)
    assert undone.actions == (action,)
    assert table.state.to_text() == text and table.steps == steps
    assert table.state.information_state_string(seat) == history
    assert table.number == number + 1 and table.to_act() == [seat]


def test_undo_is_refused_after_another_seat_acted_or_a_chance_event_or_when_stale() -> None:
    table = _undo_table()
    [seat] = table.to_act()
    table.move(seat, table.state.legal_actions(seat)[0], table.number)
    with pytest.raises(TableError) as info:
        table.undo(seat, table.number - 1)
    assert info.value.code == "stale"
    nxt = table.to_act()
    if nxt:
        with pytest.raises(TableError, match="last step was seat") as info:
            table.undo(nxt[0], table.number)
        assert info.value.code == "undo_refused"
        table.move(nxt[0], table.state.legal_actions(nxt[0])[0], table.number)
        text = table.state.to_text()
        with pytest.raises(TableError, match="cannot take back"):
            table.undo(seat, table.number)
        assert table.state.to_text() == text
    game = rennbahn.load_game("grandprix(players=2)")
    dice = Table(game, [None, None], seed=1)
    dice.advance()
    while not any(s.actor == CHANCE for s in dice.steps[-1:]):
        _person_moves(dice, random.Random(3))
        dice.advance()
    mover = dice.steps[-2].actor if len(dice.steps) > 1 else 0
    with pytest.raises(TableError, match="chance event"):
        dice.undo(mover if mover >= 0 else 0, dice.number)


def test_the_move_that_ends_the_game_cannot_be_taken_back() -> None:
    """Regression (issue 21): a race's last move was taken back after the server had stored
    the finished game's record, which then named a step that no longer stood."""
    table = _at_person_turn("von0auf100(players=2,race=small)", seed=5)
    rng = random.Random(5)
    while not table.is_over():
        _person_moves(table, rng)
        table.advance()
    last = table.steps[-1]
    assert last.actor >= 0, "this seed ends on a seat's move"
    with pytest.raises(TableError, match="game is over") as info:
        table.undo(last.actor, table.number)
    assert info.value.code == "undo_refused" and table.is_over()


def test_undo_is_refused_when_the_move_revealed_a_hidden_card() -> None:
    """An Ausgebremst advanced card comes from a hidden hand: playing it shows it to all."""
    game = rennbahn.load_game("ausgebremst(players=3,mode=advanced)")
    table = Table(game, [None, None, None], seed=6)
    table.advance()
    refused = 0
    rng = random.Random(2)
    for _ in range(30):
        if table.is_over():
            break
        [seat] = table.to_act()
        legal = table.state.legal_actions(seat)
        table.move(seat, legal[rng.randrange(len(legal))], table.number)
        if table.steps[-1].actor == seat:
            text = table.state.to_text()
            try:
                table.undo(seat, table.number)
            except TableError as error:
                assert error.code == "undo_refused"
                assert table.state.to_text() == text
                refused += 1
                table.advance()
                continue
            table.move(seat, legal[rng.randrange(len(legal))], table.number)
        table.advance()
    assert refused > 0


@pytest.mark.parametrize("text", GAMES)
def test_restore_rebuilds_the_same_table_and_it_plays_on_the_same_way(text: str) -> None:
    game = rennbahn.load_game(text)
    bots = [None, make_bot(game, "random"), make_bot(game, "random")]
    table = Table(game, bots, seed=8)
    rng = random.Random(4)
    table.advance()
    for _ in range(6):
        _person_moves(table, rng)
        table.advance()
    copy = Table.restore(game, bots, table.steps, seed=8, rng_state=table.rng.getstate(),
                         number=table.number, pending=dict(table.pending))
    assert copy.state.to_text() == table.state.to_text()
    assert copy.number == table.number and copy.pending == table.pending
    _play_out(table, random.Random(5))
    _play_out(copy, random.Random(5))
    assert copy.record().dumps() == table.record().dumps()
