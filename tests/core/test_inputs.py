"""Issue 10, items 2-4: every outside input is refused with an error of the family.

Regression tests named after the reproductions, and bounded, derandomized Hypothesis
properties over game strings, parameter values, move strings, seats and records.
"""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rennbahn
from rennbahn.bots import RandomBot
from rennbahn.core.driver import random_step
from rennbahn.core.records import Record, check_writable, write_atomically

GAMES = [entry.name for entry in rennbahn.registered_games()]
FAST = settings(max_examples=60, derandomize=True, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


# -- item 2: game strings and parameters ------------------------------------------------------
@pytest.mark.parametrize(("text", "message"), [
    ("gibgas(players=" + "9" * 5000 + ")", "integer from 2 to 6"),
    ("gibgas(cards=/" + "x" * 300 + ")", "no Gib Gas! card mix"),
    ("von0auf100(cards=/" + "x" * 300 + ")", "no Von 0 auf 100 track-card mix"),
    ("grandprix(stack=/" + "x" * 300 + ")", "stack"),
    ("gibgas(cards=a\0b)", "card mix"),
    ("gibgas(players=\u0664)", "players='\u0664' is not allowed"),  # Arabic-Indic four
    ("gibgas(players=\u00b3)", "is not allowed"),  # superscript three
    ("gibgas(players=4.0)", "is not allowed"),
    ("x" * 20000, "at most 10000"),
])
def test_game_strings_outside_the_family_before_are_refused_in_it(text: str,
                                                                 message: str) -> None:
    with pytest.raises(rennbahn.ParameterError, match=message):
        rennbahn.load_game(text)


@pytest.mark.parametrize("bad", [None, 5, b"gibgas", ["gibgas"]])
def test_a_game_string_must_be_text(bad: object) -> None:
    with pytest.raises(rennbahn.ParameterError, match="a game string is text"):
        rennbahn.load_game(bad)  # type: ignore[arg-type]


def test_keyword_parameters_of_the_wrong_kind_are_refused() -> None:
    for value in (None, 4.0, "4x", [4], 10**40):
        with pytest.raises(rennbahn.ParameterError, match="players"):
            rennbahn.load_game("gibgas", players=value)


def test_a_component_file_that_is_not_json_is_a_parameter_error(tmp_path: Path) -> None:
    for name, content in (("deep.json", b"[" * 100000), ("latin1.json", b"\xff\xfe{"),
                          ("text.json", b"cards")):
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(rennbahn.ParameterError, match="card mix"):
            rennbahn.load_game(f"gibgas(cards={path})")


@pytest.mark.parametrize("count", ["Infinity", "-Infinity", "NaN", "1e999"])
def test_a_component_file_with_an_infinite_count_is_a_parameter_error(tmp_path: Path,
                                                                       count: str) -> None:
    """Issue 26, point 5: ``int(inf)`` raised OverflowError out of the card mixes."""
    gibgas = {"cards": [{"kind": "V", "stars": 2, "bender": 1, "crash": 0, "count": 0}]}
    mix = {"plain": 20, "turbo": 0, "oil": 0}
    for game, data in (("gibgas", json.dumps(gibgas).replace('"count": 0', f'"count": {count}')),
                       ("von0auf100", json.dumps(mix).replace("20", count))):
        path = tmp_path / f"{game}.json"
        path.write_text(data, encoding="utf-8")
        with pytest.raises(rennbahn.ParameterError, match="finite"):
            rennbahn.load_game(f"{game}(cards={path})")


@pytest.mark.parametrize("variant", [v for e in rennbahn.registered_games()
                                     for v in (e.variants or (e.name,))
                                     if rennbahn.load_game(v).SIMULTANEOUS_MOVES])
def test_apply_actions_with_no_list_is_an_illegal_action(variant: str) -> None:
    """Issue 26, point 5: ``apply_actions(None)`` and ``apply_actions(5)`` raised TypeError;
    the error now says what was given and what is allowed."""
    game = rennbahn.load_game(variant)
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal() and not state.is_simultaneous_node():
        random_step(state, rng)
    assert state.is_simultaneous_node()
    before = state.to_text()
    for bad in (None, 5, "01", 2.5):
        with pytest.raises(rennbahn.IllegalActionError, match="one action per seat"):
            state.apply_actions(bad)
    assert state.to_text() == before
    state.apply_actions(tuple(state.legal_actions(s)[0] for s in range(game.num_players())))


@FAST
@given(st.text(max_size=60))
def test_any_game_string_loads_or_is_refused_in_the_family(text: str) -> None:
    for candidate in (text, f"gibgas({text})", f"grandprix(players={text})"):
        try:
            game = rennbahn.load_game(candidate)
        except rennbahn.RennbahnError:
            continue
        assert rennbahn.load_game(str(game)) == game


@FAST
@given(st.sampled_from(GAMES), st.data())
def test_any_parameter_value_loads_or_is_refused_in_the_family(name: str,
                                                               data: st.DataObject) -> None:
    entry = next(e for e in rennbahn.registered_games() if e.name == name)
    param = data.draw(st.sampled_from(entry.params))
    value = data.draw(st.one_of(
        st.text(max_size=20), st.integers(), st.booleans(), st.none(), st.floats(),
        st.sampled_from([*(param.choices or ()), str(param.default), "\u0663", "1e3"])))
    try:
        game = rennbahn.load_game(name, **{param.name: value})
    except rennbahn.RennbahnError:
        return
    assert rennbahn.load_game(str(game)) == game
    if isinstance(param.default, int) and not isinstance(param.default, bool):
        assert isinstance(game.params[param.name], int)


# -- item 2 and 3: action ids and seats ---------------------------------------------------------
def _states(name: str) -> list[rennbahn.State]:
    """A few states of a random game: the start, a chance node, a seat's turn, the end."""
    game = rennbahn.load_game(name)
    state = game.new_initial_state()
    states = [state.clone()]
    rng = random.Random(3)
    while not state.is_terminal():
        random_step(state, rng)
        if len(states) < 6 and rng.random() < 0.2:
            states.append(state.clone())
    return [*states, state]


@pytest.mark.parametrize("name", GAMES)
def test_action_to_string_refuses_bad_ids_and_seats(name: str) -> None:
    for state in _states(name):
        n = state.get_game().num_players()
        for seat in (0, rennbahn.CHANCE):
            for action in (-1, 1.5, "0", None, True, 10**9):
                with pytest.raises(rennbahn.IllegalActionError):
                    state.action_to_string(seat, action)
        bad_seats: tuple[object, ...] = (n, -5, 99, 1.5, "0", None)
        for bad in bad_seats:
            with pytest.raises(rennbahn.IllegalActionError):
                state.action_to_string(bad, 0)


@pytest.mark.parametrize("name", GAMES)
def test_bad_seats_are_refused_by_every_seat_call(name: str) -> None:
    for state in _states(name):
        text = state.to_text()
        n = state.get_game().num_players()
        for seat in (-5, -2, n, 99, 1.5, "0", True):
            calls: list[tuple[str, tuple[object, ...]]] = [
                ("observation", ()), ("resample_from_infostate", (random.Random(1),)),
                ("legal_actions", ()), ("observation_string", ()),
                ("information_state_string", ()), ("string_to_action", ("x",))]
            for method, rest in calls:
                with pytest.raises(rennbahn.IllegalActionError, match="seat"):
                    getattr(state, method)(seat, *rest)
        assert state.to_text() == text
        # CHANCE stays allowed: its outcomes at a chance node, none elsewhere.
        assert state.legal_actions(rennbahn.CHANCE) == [a for a, _ in state.chance_outcomes()]


@FAST
@given(st.sampled_from(GAMES), st.integers(0, 5), st.text(max_size=40))
def test_any_move_text_is_a_legal_move_or_refused(name: str, which: int, text: str) -> None:
    states = _cached_states(name)
    state = states[which % len(states)]
    player = state.current_player()
    seats = range(state.get_game().num_players()) if player < 0 else [player]
    for seat in [*seats, rennbahn.CHANCE]:
        try:
            action = state.string_to_action(seat, text)
        except rennbahn.RennbahnError:
            continue
        assert state.action_to_string(seat, action) == text.strip()


_STATE_CACHE: dict[str, list[rennbahn.State]] = {}


def _cached_states(name: str) -> list[rennbahn.State]:
    if name not in _STATE_CACHE:
        _STATE_CACHE[name] = _states(name)
    return _STATE_CACHE[name]


# -- item 4: records ----------------------------------------------------------------------------
def _record_json(name: str = "gibgas(players=3)") -> dict[str, Any]:
    game = rennbahn.load_game(name)
    record = rennbahn.play(game, [RandomBot(game) for _ in range(game.num_players())], seed=5)
    data: dict[str, Any] = json.loads(record.dumps())
    return data


def _load_and_replay(text: str | bytes) -> Record:
    record = Record.loads(text)
    list(rennbahn.replay(record))
    return record


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(version="abc"), r"\$\.version"),
    (lambda d: d.update(seats=5), r"\$\.seats"),
    (lambda d: d.update(start=123), r"\$\.start"),
    (lambda d: d["moves"][0].update(action=-1), r"move 1: .*>= 0"),
    (lambda d: d["moves"][2].update(action=10**6), r"move 3 .*no chance outcome|move 3"),
    (lambda d: d["moves"][0].update(action=2**40), r"move 1"),
    (lambda d: d.update(result=["first", 0, 0]), r"\$\.result\[0\]"),
    (lambda d: d["moves"][1].update(seat=True), r"move 2"),
    (lambda d: d["moves"][1].update(extra=1), r"move 2"),
    (lambda d: d.update(start="garbage"), "start position cannot be read"),
    (lambda d: d.update(game=None), r"\$\.game"),
])
def test_bad_records_are_record_errors_naming_the_field(change: Any, message: str) -> None:
    data = _record_json()
    change(data)
    with pytest.raises(rennbahn.RecordError, match=message):
        _load_and_replay(json.dumps(data))


@pytest.mark.parametrize("text", [
    b"[" * 100000, b"{\"a\":" * 100000, b"\xff\xfe\x00{", "Infinity", "NaN",
    '{"format": "rennbahn-record/1", "game": "gibgas", "version": 1, "moves": [], '
    '"result": [Infinity], "final": ""}', "", "null", "[]",
])
def test_record_text_that_is_no_record_is_a_record_error(text: str | bytes) -> None:
    with pytest.raises(rennbahn.RecordError):
        _load_and_replay(text)


def test_a_record_file_that_is_not_utf8_is_a_record_error(tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(rennbahn.RecordError, match="not valid JSON"):
        Record.load(path)


def test_todays_records_still_read() -> None:
    """The reference records were written before the schema: they must read unchanged."""
    folder = Path(__file__).parent.parent / "reference"
    for path in sorted(folder.glob("*.record.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        record = Record.load(path)
        assert record.finished
        assert record.to_json() == data


def test_an_unfinished_record_replays_to_its_last_position() -> None:
    data = _record_json()
    data["moves"] = data["moves"][:10]
    game = rennbahn.load_game(data["game"])
    state = game.new_initial_state()
    for move in data["moves"]:
        state.apply_action(move["action"]) if move["seat"] != "all" else \
            state.apply_actions(move["actions"])
    data["result"] = None
    data["final"] = state.to_text()
    record = _load_and_replay(json.dumps(data))
    assert not record.finished
    assert record.to_json()["result"] is None
    data["final"] = "elsewhere"
    with pytest.raises(rennbahn.RecordError, match="position differs"):
        _load_and_replay(json.dumps(data))


def test_records_are_written_atomically_and_paths_checked_first(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    write_atomically(target, "one")
    write_atomically(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left
    target.chmod(0o640)
    write_atomically(target, "three")
    assert target.stat().st_mode & 0o777 == 0o640  # a replaced file keeps its mode
    assert check_writable(target) == target
    with pytest.raises(FileNotFoundError, match="no folder"):
        check_writable(tmp_path / "missing" / "x.json")
    with pytest.raises(IsADirectoryError):
        check_writable(tmp_path)


@settings(max_examples=80, derandomize=True, deadline=None)
@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=20))
def test_arbitrary_json_is_a_record_or_a_record_error(value: object) -> None:
    try:
        text = json.dumps(value)
    except ValueError:
        return
    with pytest.raises(rennbahn.RecordError):
        _load_and_replay(text)


_REAL = _record_json("gibgas(players=2)")


@settings(max_examples=80, derandomize=True, deadline=None)
@given(st.data())
def test_mutated_real_records_replay_or_are_record_errors(data: st.DataObject) -> None:
    record = json.loads(json.dumps(_REAL))
    for _ in range(data.draw(st.integers(1, 3))):
        key = data.draw(st.sampled_from(["format", "game", "version", "seed", "seats",
                                         "start", "moves", "result", "final", "move"]))
        junk = data.draw(st.one_of(st.none(), st.integers(-2, 10**7), st.text(max_size=12),
                                   st.floats(), st.lists(st.integers(-1, 60), max_size=3)))
        if key == "move":
            step = data.draw(st.sampled_from(record["moves"])) if record["moves"] else {}
            field = data.draw(st.sampled_from(["seat", "action", "move", "actions", "moves"]))
            step[field] = junk
        else:
            record[key] = junk
    try:
        text = json.dumps(record)
    except ValueError:
        return
    with contextlib.suppress(rennbahn.RecordError):
        _load_and_replay(text)


def test_a_record_with_an_infinite_result_is_refused() -> None:
    data = _record_json()
    data["result"] = [float("inf"), 0.0, 0.0]
    with pytest.raises(rennbahn.RecordError, match=r"\$\.result\[0\]"):
        Record.from_json(data)


def test_a_catalogue_file_gives_one_text_per_language(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Catalogues are data (key = [English, German]); a row with a missing language is
    refused with the file and the key named, not read half."""
    from rennbahn.core.i18n import load_texts

    package = tmp_path / "somegame"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "texts.toml").write_text('won = ["{name} wins", "{name} gewinnt"]\n'
                                        'lost = ["{name} loses"]\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ValueError, match=r"somegame/texts.toml: lost must list one text per "
                                         r"language \(en, de\)"):
        load_texts("somegame")
    (package / "texts.toml").write_text('won = ["{name} wins", "{name} gewinnt"]\n',
                                        encoding="utf-8")
    assert load_texts("somegame") == {"won": ("{name} wins", "{name} gewinnt")}
