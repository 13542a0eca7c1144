"""The house as docs/architecture.md draws it: one-way arrows, no import cycle, and no
part of a game found by a naming convention.

The import graph is grimp's, read from the source (every ``import`` statement: at the top
of a module, inside a function, or under ``TYPE_CHECKING``), so a cycle that Python would
tolerate at run time still fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import grimp
import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "rennbahn"
GAMES = ("gibgas", "von0auf100", "grandprix", "ausgebremst")
#: What a game's rules may import within its own package (never its front ends or bots).
RULES_PARTS = ("rules", "notation", "views", "components", "constants", "position", "tracks",
               "resample", "deal", "trackfiles")


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("rennbahn")


def _imports(graph: grimp.ImportGraph, module: str) -> set[str]:
    return set(graph.find_modules_directly_imported_by(module))


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(_imports(graph, module)):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_there_is_no_import_cycle(graph: grimp.ImportGraph) -> None:
    assert _cycles(graph) == []


def test_the_core_imports_nothing_above_it(graph: grimp.ImportGraph) -> None:
    for module in graph.find_descendants("rennbahn.core"):
        above = {m for m in _imports(graph, module) if not m.startswith("rennbahn.core.")}
        assert above == set(), f"{module} imports {above}"


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_only_the_core_and_itself(graph: grimp.ImportGraph, game: str) -> None:
    package = f"rennbahn.games.{game}"
    for module in {package, *graph.find_descendants(package)}:
        outside = {m for m in _imports(graph, module)
                   if not m.startswith(("rennbahn.core.", f"{package}."))
                   and m not in (package, "rennbahn.games._board")}
        assert outside == set(), f"{module} imports {outside}"


@pytest.mark.parametrize("game", GAMES)
def test_rules_import_no_front_end_and_no_bot(graph: grimp.ImportGraph, game: str) -> None:
    package = f"rennbahn.games.{game}"
    rules = {f"{package}.{part}" for part in RULES_PARTS} & set(graph.modules)
    assert f"{package}.rules" in rules and f"{package}.notation" in rules
    for module in rules:
        mine = {m for m in _imports(graph, module) if m.startswith(f"{package}.")}
        assert mine <= rules, f"{module} imports {mine - rules}"


def test_no_part_of_a_game_is_found_by_a_naming_convention() -> None:
    """Outside the games' own folders nothing names a game's module: the server, the
    command line, the bots and the adapters ask the game's registry entry."""
    for path in SRC.rglob("*.py"):
        relative = path.relative_to(SRC).as_posix()
        if relative.startswith("games/") or relative == "__init__.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"rennbahn\.games\.|games\.\{", text), relative


def test_no_rules_file_is_a_crowded_room() -> None:
    for game in GAMES:
        lines = (SRC / "games" / game / "rules.py").read_text(encoding="utf-8").count("\n")
        assert lines <= 900, f"{game}/rules.py has {lines} lines"


def test_the_readme_links_stay_relative_while_there_is_no_public_address() -> None:
    """The project has no public repository address yet (issue 26): pyproject.toml names
    none ([project.urls] left out, as the CHANGELOG says) and the README links only to files
    of its own tree, which PyPI's page would not resolve anyway."""
    root = SRC.parents[1]
    assert "[project.urls]" not in (root / "pyproject.toml").read_text(encoding="utf-8")
    assert not re.search(r"\]\((https?:)?//", (root / "README.md").read_text(encoding="utf-8"))


def test_only_the_front_ends_use_the_lab(graph: grimp.ImportGraph) -> None:
    """The rules lab sits beside sim, above the games: the command line and the server's
    report page use it; the core, the games, the bots and sim never do."""
    users = {m for m in graph.find_modules_that_directly_import("rennbahn.lab")}
    for module in graph.find_descendants("rennbahn.lab"):
        users |= {m for m in graph.find_modules_that_directly_import(module)}
    outside = {m for m in users if not m.startswith(("rennbahn.lab.", "rennbahn.cli.",
                                                     "rennbahn.server."))}
    assert outside == set(), f"{outside} import the lab"
