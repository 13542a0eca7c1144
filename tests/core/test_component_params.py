"""Issue 21, point 5: component parameters take a path only from the local user.

``gibgas(cards=...)``, ``von0auf100(cards=...)`` and ``grandprix(stack=...)`` name a set that
ships with rennbahn or a path to a JSON file. ``load_game(..., paths=False)`` (the server)
accepts only the shipped names: any other value is refused before the file system is looked
at, so the answer never tells whether a file exists or what it holds. ``paths=True`` (the
default: the command line, the Python API) still reads paths.

File access is watched by wrapping the calls every file reach goes through (``os.stat``,
``os.open``, ``io.open`` ...) and recording the paths they are given.
"""

from __future__ import annotations

import builtins
import contextlib
import io
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import rennbahn
from rennbahn.cli.main import app
from rennbahn.core.params import Param, shown
from rennbahn.core.registry import load_game, load_game_for_seats, registered_games
from rennbahn.games.gibgas import components as gibgas_components
from rennbahn.games.grandprix import components as grandprix_components
from rennbahn.games.von0auf100 import components as von0auf100_components

FAST = settings(max_examples=80, derandomize=True, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])

#: Every component parameter: game, parameter, and the folder its shipped sets are read from.
COMPONENTS: list[tuple[str, str, Path]] = [
    ("gibgas", "cards", gibgas_components.DATA),
    ("von0auf100", "cards", von0auf100_components.DATA),
    ("grandprix", "stack", grandprix_components.DATA),
]
PACKAGE = Path(rennbahn.__file__).resolve().parent


def declared(game: str, name: str) -> Param:
    entry = next(e for e in registered_games() if e.name == game)
    return next(p for p in entry.params if p.name == name)


def shipped(game: str, name: str) -> tuple[str, ...]:
    names = declared(game, name).shipped
    assert names is not None
    return names


@contextlib.contextmanager
def file_access() -> Iterator[list[str]]:
    """Record every path looked up or opened inside the block (the calls still happen)."""
    touched: list[str] = []

    def spy(real: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(path: Any = ".", *args: Any, **kwargs: Any) -> Any:
            if isinstance(path, str | bytes | os.PathLike):
                touched.append(os.fsdecode(os.fspath(path)))
            else:
                touched.append(repr(path))
            return real(path, *args, **kwargs)
        return wrapper

    with contextlib.ExitStack() as stack:
        for module, attr in ((os, "stat"), (os, "lstat"), (os, "open"), (os, "scandir"),
                             (os, "listdir"), (io, "open"), (builtins, "open")):
            stack.enter_context(mock.patch.object(module, attr, spy(getattr(module, attr))))
        yield touched


def refusal(text: str, **params: object) -> str:
    """The message of ``load_game(text, paths=False)``, which must refuse without a look."""
    with file_access() as touched, pytest.raises(rennbahn.ParameterError) as caught:
        load_game(text, paths=False, **params)
    assert touched == []
    return str(caught.value)


def a_valid_file(game: str, folder: Path, where: Path) -> Path:
    """A component file in ``where`` that loads with ``paths=True``: a shipped set, copied."""
    if game == "grandprix":
        data = json.loads((folder / "stacks.json").read_text(encoding="utf-8"))
        content = data["stacks"]["plus_large"]
    else:
        content = json.loads(next(folder.glob("*.json")).read_text(encoding="utf-8"))
    path = where / f"{game}-set.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    return path


# -- the declaration --------------------------------------------------------------------------
def test_the_component_parameters_are_declared_with_their_shipped_sets() -> None:
    found = {(e.name, p.name) for e in registered_games() for p in e.params
             if p.shipped is not None}
    assert found == {(game, name) for game, name, _ in COMPONENTS}


def test_the_shipped_names_are_the_data_files() -> None:
    for game in ("gibgas", "von0auf100"):
        folder = next(f for g, _, f in COMPONENTS if g == game)
        assert shipped(game, "cards") == tuple(sorted(p.stem for p in folder.glob("*.json")))
    stacks = json.loads((grandprix_components.DATA / "stacks.json").read_text(encoding="utf-8"))
    assert shipped("grandprix", "stack") == tuple(stacks["stacks"])
    assert shipped("von0auf100", "cards") == ("slippery", "standard")


def test_allowed_names_the_shipped_sets_and_paths() -> None:
    assert declared("von0auf100", "cards").allowed() == (
        "one of slippery, standard, or a path to a JSON file")
    assert declared("gibgas", "cards").allowed() == "standard, or a path to a JSON file"
    assert declared("grandprix", "stack").allowed() == (
        "one of with_large, plus_large, or a path to a JSON file")


@pytest.mark.parametrize("kwargs", [
    {"default": 3, "shipped": ("a",)},
    {"default": "a", "shipped": ("a",), "choices": ("a",)},
    {"default": "b", "shipped": ("a",)},
])
def test_shipped_names_only_fit_a_free_text_parameter_whose_default_ships(
        kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="shipped names"):
        Param("x", doc="x", **kwargs)


def test_no_game_has_a_parameter_the_paths_keyword_would_hide() -> None:
    assert all(p.name != "paths" for e in registered_games() for p in e.params)


# -- paths=False: shipped names only, refused before any look at the file system -------------
def test_the_guard_sees_a_component_file_being_read(tmp_path: Path) -> None:
    """The watch is not blind: loading a path with paths=True is recorded."""
    path = a_valid_file("gibgas", gibgas_components.DATA, tmp_path)
    with file_access() as touched:
        load_game(f"gibgas(cards={path})")
    assert str(path) in touched


@pytest.mark.parametrize(("game", "name", "folder"), COMPONENTS)
def test_a_path_is_refused_without_touching_the_file_system(
        game: str, name: str, folder: Path, tmp_path: Path) -> None:
    valid = a_valid_file(game, folder, tmp_path)
    for value in (str(valid), "/etc/passwd", "../data/standard", str(folder / "standard"),
                  str(folder / "stacks.json"), "nope"):
        message = refusal(game, **{name: value})
        assert f"parameter {name}={shown(value)} is not allowed here" in message
        assert ", ".join(shipped(game, name)) in message
        # the game string route is refused the same way
        assert refusal(f"{game}({name}={value})") == message


@pytest.mark.parametrize(("game", "name", "folder"), COMPONENTS)
def test_whether_a_file_exists_or_what_it_holds_cannot_be_learnt(
        game: str, name: str, folder: Path, tmp_path: Path) -> None:
    """The leak being fixed: the same answer for a valid file, a file of secrets, a
    directory and nothing at all, apart from the value echoed back."""
    secret = tmp_path / "secret.json"
    secret.write_text('{"password": "hunter2"}', encoding="utf-8")
    notjson = tmp_path / "notjson"
    notjson.write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    cases = [a_valid_file(game, folder, tmp_path), secret, notjson, tmp_path,
             tmp_path / "missing.json"]
    messages = {refusal(game, **{name: str(path)}).replace(shown(str(path)), "VALUE")
                for path in cases}
    assert len(messages) == 1
    (message,) = messages
    assert "hunter2" not in message and "password" not in message and "root" not in message
    assert "JSON" in message  # it says a path is read only locally


@pytest.mark.parametrize(("game", "name", "folder"), COMPONENTS)
def test_the_shipped_sets_still_load_with_paths_off(game: str, name: str, folder: Path) -> None:
    for value in shipped(game, name):
        with file_access() as touched:
            loaded = load_game(f"{game}({name}={value})", paths=False)
        assert loaded.params[name] == value
        assert loaded == load_game(game, paths=True, **{name: value})
        assert all(Path(t).resolve().parent == folder.resolve() for t in touched), touched


def test_load_game_for_seats_refuses_paths_too(tmp_path: Path) -> None:
    path = a_valid_file("von0auf100", von0auf100_components.DATA, tmp_path)
    with file_access() as touched, pytest.raises(rennbahn.ParameterError, match="cards="):
        load_game_for_seats(f"von0auf100(cards={path})", 3, paths=False)
    assert touched == []
    game = load_game_for_seats("von0auf100(cards=slippery)", 3, paths=False)
    assert game.num_players() == 3
    assert load_game_for_seats(f"von0auf100(cards={path})", 3).num_players() == 3


def test_a_long_value_is_echoed_cut_short() -> None:
    message = refusal("gibgas", cards="/" + "x" * 5000)
    assert len(message) < 400 and "chars)" in message


def test_other_parameter_errors_still_come_first() -> None:
    """Values are checked as before; the refusal only adds to it."""
    with file_access() as touched, pytest.raises(rennbahn.ParameterError, match="players"):
        load_game("gibgas(players=9,cards=/etc/passwd)", paths=False)
    assert touched == []


# -- paths=True (the default) reads a path, as before ------------------------------------------
@pytest.mark.parametrize(("game", "name", "folder"), COMPONENTS)
def test_a_path_still_loads_by_default(game: str, name: str, folder: Path,
                                       tmp_path: Path) -> None:
    path = a_valid_file(game, folder, tmp_path)
    loaded = load_game(f"{game}({name}={path})")
    assert loaded.params[name] == str(path)
    assert load_game(game, paths=True, **{name: str(path)}) == loaded
    with pytest.raises(rennbahn.ParameterError):
        load_game(game, paths=True, **{name: str(tmp_path / "missing.json")})


# -- properties --------------------------------------------------------------------------------
VALUES = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["standard", "slippery", "with_large", "plus_large", " standard",
                     "Standard", "standard.json", "/etc/passwd", "../data/standard", ".", "",
                     "/", "a\0b", "~", "with_large/../with_large"]),
)


@FAST
@given(st.sampled_from(COMPONENTS), VALUES)
def test_with_paths_off_a_component_value_loads_a_shipped_set_or_is_refused_unread(
        component: tuple[str, str, Path], value: str) -> None:
    game, name, folder = component
    names = shipped(game, name)
    for text, params in ((game, {name: value}), (f"{game}({name}={value})", {})):
        loaded: rennbahn.Game | None
        with file_access() as touched:
            try:
                loaded = load_game(text, paths=False, **params)
            except rennbahn.ParameterError:
                loaded = None
        if loaded is None:
            assert touched == []
        else:
            assert loaded.params[name] in names
            assert all(Path(t).resolve().parent == folder.resolve() for t in touched)


TEXT_PARAMS = [(e.name, p.name) for e in registered_games() for p in e.params
               if isinstance(p.default, str) and p.choices is None]


def test_every_free_text_parameter_is_covered() -> None:
    """ausgebremst's races takes track numbers, not paths: it is a free text parameter."""
    assert ("ausgebremst", "races") in TEXT_PARAMS
    assert {(g, n) for g, n, _ in COMPONENTS} <= set(TEXT_PARAMS)


@FAST
@given(st.sampled_from(TEXT_PARAMS), VALUES)
def test_with_paths_off_no_text_parameter_reads_outside_the_package(
        param: tuple[str, str], value: str) -> None:
    game, name = param
    with file_access() as touched, contextlib.suppress(rennbahn.RennbahnError):
        load_game(game, paths=False, **{name: value})
    assert all(Path(t).resolve().is_relative_to(PACKAGE) for t in touched), touched


# -- the command line shows the shipped sets ----------------------------------------------------
def test_rennbahn_games_lists_the_shipped_sets() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    rows = {row["name"]: {p["name"]: p for p in row["params"]} for row in json.loads(
        result.stdout)}
    assert rows["von0auf100"]["cards"]["shipped"] == ["slippery", "standard"]
    assert rows["grandprix"]["stack"]["allowed"] == (
        "one of with_large, plus_large, or a path to a JSON file")
    assert rows["gibgas"]["players"]["shipped"] is None
    text = runner.invoke(app, ["games"])
    assert text.exit_code == 0 and "with_large" in text.output
