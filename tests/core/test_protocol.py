"""The shared protocol: game strings, the registry, errors, records and the seeded driver."""

from __future__ import annotations

import json
import random

import pytest

import rennbahn
from rennbahn.bots import RandomBot, make_bot
from rennbahn.core.params import Param, parse_game_string


def test_load_game_by_string_and_by_keywords_agree() -> None:
    by_string = rennbahn.load_game("gibgas(players=4,champions=true)")
    by_keywords = rennbahn.load_game("gibgas", players=4, champions=True)
    assert by_string == by_keywords
    assert by_string.num_players() == 4
    assert by_string.params["champions"] is True
    assert str(by_string) == (
        "gibgas(players=4,champions=true,tempo_after_pit=last_speed,cards=standard,pass_on=free)"
    )


def test_registered_games_list_parameters_and_player_range() -> None:
    entries = {e.name: e for e in rennbahn.registered_games()}
    gibgas = entries["gibgas"]
    assert gibgas.game_class.MIN_PLAYERS == 2
    assert gibgas.game_class.MAX_PLAYERS == 6
    players = next(p for p in gibgas.params if p.name == "players")
    assert (players.default, players.minimum, players.maximum) == (4, 2, 6)
    assert "gibgas(players=6)" in gibgas.variants


@pytest.mark.parametrize(("text", "error", "message"), [
    ("nosuchgame", rennbahn.UnknownGameError, "unknown game 'nosuchgame'; registered games: "),
    ("gibgas(players=9)", rennbahn.ParameterError, "integer from 2 to 6"),
    ("gibgas(players=four)", rennbahn.ParameterError, "players='four' is not allowed"),
    ("gibgas(speed=1)", rennbahn.ParameterError, "no parameter 'speed'; its parameters are"),
    ("gibgas(champions=maybe)", rennbahn.ParameterError, "true or false"),
    ("gibgas(tempo_after_pit=x)", rennbahn.ParameterError, "one of last_speed, pit"),
    ("gibgas(players)", rennbahn.ParameterError, "expected key=value"),
    ("gibgas(players=2,players=3)", rennbahn.ParameterError, "given twice"),
    ("gib gas", rennbahn.ParameterError, "malformed game string"),
])
def test_bad_game_strings_say_what_is_wrong_and_what_is_allowed(
    text: str, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        rennbahn.load_game(text)


def test_errors_are_one_family_of_value_errors() -> None:
    for cls in (rennbahn.IllegalActionError, rennbahn.UnknownGameError, rennbahn.ParameterError,
                rennbahn.NotationError, rennbahn.RecordError):
        assert issubclass(cls, rennbahn.RennbahnError)
        assert issubclass(cls, ValueError)


def test_parse_game_string() -> None:
    assert parse_game_string("x") == ("x", {})
    assert parse_game_string(" x ( a = 1 , b=true ) ") == ("x", {"a": "1", "b": "true"})


def test_param_coercion() -> None:
    assert Param("n", 3, "", minimum=1, maximum=5).coerce("4") == 4
    assert Param("b", False, "").coerce("TRUE") is True
    with pytest.raises(rennbahn.ParameterError):
        Param("n", 3, "", minimum=1, maximum=5).coerce(True)


def test_same_seed_same_game_byte_for_byte() -> None:
    game = rennbahn.load_game("gibgas(players=4)")
    def bots() -> list[rennbahn.Bot]:
        return [make_bot(game, "heuristic"), RandomBot(game), RandomBot(game), RandomBot(game)]
    first = rennbahn.play(game, bots(), seed=11).dumps()
    assert rennbahn.play(game, bots(), seed=11).dumps() == first
    assert rennbahn.play(game, bots(), seed=12).dumps() != first


def test_record_has_game_seed_moves_and_result() -> None:
    game = rennbahn.load_game("gibgas(players=2)")
    record = rennbahn.play(game, [RandomBot(game), RandomBot(game)], seed=3,
                           seats=["random", "random"])
    data = json.loads(record.dumps())
    assert data["game"] == str(game)
    assert data["seed"] == 3
    assert data["seats"] == ["random", "random"]
    first = data["moves"][0]
    assert first == {"seat": "chance", "action": first["action"], "move": first["move"]}
    joint = next(m for m in data["moves"] if m["seat"] == "all")
    assert len(joint["actions"]) == 2 and len(joint["moves"]) == 2
    assert data["result"] == record.returns


def _record() -> rennbahn.Record:
    game = rennbahn.load_game("gibgas(players=3)")
    return rennbahn.play(game, [RandomBot(game) for _ in range(3)], seed=5)


def test_a_record_with_an_illegal_move_is_rejected_naming_the_move() -> None:
    data = json.loads(_record().dumps())
    number = next(i for i, m in enumerate(data["moves"]) if m["seat"] == "all") + 1
    data["moves"][number - 1]["actions"][0] = 30  # 'repair' is no card to play
    data["moves"][number - 1]["moves"][0] = "repair"
    record = rennbahn.Record.from_json(data)
    with pytest.raises(rennbahn.RecordError, match=rf"move {number} .*not legal for seat 0"):
        list(rennbahn.replay(record))


def test_a_record_whose_notation_disagrees_is_rejected() -> None:
    data = json.loads(_record().dumps())
    data["moves"][0]["move"] = "deal Z1-1"
    with pytest.raises(rennbahn.RecordError, match=r"move 1: action .* not 'deal Z1-1'"):
        list(rennbahn.replay(rennbahn.Record.from_json(data)))


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.pop("moves"), "record lacks moves"),
    (lambda d: d.update(format="x"), "not a rennbahn record"),
    (lambda d: d.update(game="nosuch"), "cannot be loaded"),
    (lambda d: d.update(version=99), "version 99"),
    (lambda d: d["moves"].pop(), "before the game is over"),
    (lambda d: d["moves"].__setitem__(0, {"seat": "x"}), "move 1"),
    (lambda d: d.update(result=[9, 9, 9]), "differs from the recorded"),
])
def test_malformed_records_are_refused(change: object, message: str) -> None:
    data = json.loads(_record().dumps())
    change(data)  # type: ignore[operator]
    with pytest.raises(rennbahn.RecordError, match=message):
        list(rennbahn.replay(rennbahn.Record.from_json(data)))


def test_record_text_that_is_not_json_is_refused() -> None:
    with pytest.raises(rennbahn.RecordError, match="not valid JSON"):
        rennbahn.Record.loads("{nope")


def test_seat_view_exposes_only_the_seat() -> None:
    game = rennbahn.load_game("gibgas(players=6)")
    state = game.new_initial_state()
    view = rennbahn.SeatView(state, 2)
    assert view.seat == 2
    assert view.observation() == state.observation(2)
    assert not hasattr(view, "state")
    sample = view.resample(random.Random(0))
    assert sample.observation_string(2) == state.observation_string(2)


def test_unknown_bot_name_is_refused() -> None:
    with pytest.raises(rennbahn.ParameterError, match=r"unknown bot 'genius'.*heuristic.*random"):
        make_bot(rennbahn.load_game("gibgas"), "genius")


def test_bot_count_must_match_seats() -> None:
    game = rennbahn.load_game("gibgas(players=3)")
    with pytest.raises(rennbahn.IllegalActionError, match="needs 3 bots"):
        rennbahn.play(game, [RandomBot(game)], seed=1)


def test_information_state_starts_at_a_state_read_from_text() -> None:
    game = rennbahn.load_game("gibgas(players=3)")
    state = game.new_initial_state()
    state.apply_action(state.string_to_action(rennbahn.CHANCE, "deal V2-1"))
    restored = game.state_from_text(state.to_text())
    assert restored.history() == []
    assert restored.information_state_string(0).startswith("from ")
    assert restored.information_state_string(0) != restored.information_state_string(1)


def test_an_action_must_be_a_whole_number() -> None:
    state = rennbahn.load_game("gibgas(players=3)").new_initial_state()
    for bad in (True, 1.0, "1"):
        with pytest.raises(rennbahn.IllegalActionError, match="whole number"):
            state.apply_action(bad)
    assert state.history() == []


@pytest.mark.parametrize("name", ["gibgas", "grandprix", "von0auf100", "ausgebremst"])
def test_lists_handed_out_are_the_callers_to_change(name: str) -> None:
    """Regression: OpenSpiel's MCTS shuffles what it gets; a shared list changed the rules."""
    game = rennbahn.load_game(name)
    rng = random.Random(1)
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal() and len(state.history()) < 60:
            player = state.current_player()
            if player == rennbahn.CHANCE:
                before = list(state.chance_outcomes())
                rng.shuffle(state.chance_outcomes())
                state.chance_outcomes().clear()
                assert state.chance_outcomes() == before
                state.apply_action(rennbahn.sample_chance(before, rng))
            elif player == rennbahn.SIMULTANEOUS:
                state.apply_actions([rng.choice(state.legal_actions(s))
                                     for s in range(game.num_players())])
            else:
                legal = list(state.legal_actions())
                state.legal_actions().clear()
                assert state.legal_actions() == legal
                state.apply_action(rng.choice(legal))
