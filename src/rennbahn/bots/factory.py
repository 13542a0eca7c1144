"""Make bots by name and parameters, in the game-string syntax: ``mcts(seconds=0.5)``.

Every game has ``random``, ``flat`` (flat Monte Carlo) and ``ismcts`` (information-set MCTS,
decoupled at simultaneous nodes); ``mcts`` where nothing is hidden (there ISMCTS is plain
MCTS), ``duct`` where seats choose at once (Gib Gas!); the bots a game registers
(``heuristic``); and three named strengths for players, ``easy``, ``medium`` and ``hard``
(``hard``: the strongest setting that stays within about a second a move on one core).

>>> import rennbahn
>>> game = rennbahn.load_game("grandprix(players=2)")
>>> type(make_bot(game, "mcts(iterations=50,rollout=heuristic)")).__name__
'SearchBot'
>>> try:
...     make_bot(game, "mcts(budget=3)")
... except rennbahn.RennbahnError as error:
...     print(error)
bot 'mcts' has no parameter 'budget'; its parameters are: c, iterations, rollout, seconds
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from rennbahn.bots.search import FloatParam
from rennbahn.core.driver import Bot
from rennbahn.core.errors import ParameterError
from rennbahn.core.params import Param, ParamValue, parse_game_string, shown
from rennbahn.core.protocol import Game
from rennbahn.core.registry import game_entry

SEARCH = "rennbahn.bots.search:SearchBot"
#: Bots for every game: name -> "module:Class".
GENERIC: dict[str, str] = {
    "random": "rennbahn.bots.random_bot:RandomBot",
    "flat": "rennbahn.bots.search:FlatMonteCarloBot",
    "ismcts": SEARCH,
}
#: Search under another name where it fits the game (same class, same parameters).
ONLY_PERFECT_INFORMATION = {"mcts": SEARCH}
ONLY_SIMULTANEOUS = {"duct": SEARCH}

#: The named strengths, per game: the bot string each stands for. ``hard`` was chosen by
#: ``scripts/bot_targets.py`` (docs/bots.md): its iteration budget keeps a move within about
#: a second on one core of the reference machine, and an iteration budget keeps it seeded.
STRENGTHS: dict[str, dict[str, str]] = {
    "gibgas": {"easy": "flat(iterations=30)", "medium": "heuristic",
               "hard": "duct(iterations=1500)"},
    "von0auf100": {"easy": "flat(iterations=30)", "medium": "heuristic",
                   "hard": "ismcts(iterations=700)"},
    "grandprix": {"easy": "random", "medium": "heuristic",
                  "hard": "mcts(iterations=1000)"},
    "ausgebremst": {"easy": "flat(iterations=30)", "medium": "heuristic",
                    "hard": "ismcts(iterations=120,rollout=heuristic)"},
}
#: A game without an entry above gets these.
DEFAULT_STRENGTHS = {"easy": "random", "medium": "ismcts(iterations=100)",
                     "hard": "ismcts(iterations=500)"}
STRENGTH_NAMES = ("easy", "medium", "hard")


def _paths(game_name: str) -> dict[str, str]:
    entry = game_entry(game_name)
    paths = dict(GENERIC)
    cls = entry.game_class
    if not cls.HIDDEN_INFORMATION:
        paths.update(ONLY_PERFECT_INFORMATION)
    if cls.SIMULTANEOUS_MOVES:
        paths.update(ONLY_SIMULTANEOUS)
    paths.update(entry.bots)
    return paths


def strengths(game_name: str) -> dict[str, str]:
    """``easy``, ``medium`` and ``hard`` for a game: the bot string each stands for."""
    return dict(STRENGTHS.get(game_name, DEFAULT_STRENGTHS))


def bot_names(game_name: str) -> list[str]:
    """Bot names available for a game (the named strengths included)."""
    return sorted({*_paths(game_name), *STRENGTH_NAMES})


def _class(path: str) -> Callable[..., Bot]:
    module_name, _, class_name = path.partition(":")
    factory: Callable[..., Bot] = getattr(importlib.import_module(module_name), class_name)
    return factory


def _declared(path: str) -> tuple[Param, ...]:
    params: tuple[Param, ...] = getattr(_class(path), "PARAMS", ())
    return params


def bot_params(game_name: str, name: str) -> list[Param]:
    """The parameters the bot ``name`` takes in ``game_name`` (none for a named strength)."""
    if name in STRENGTH_NAMES:
        return []
    path = _paths(game_name).get(name)
    if path is None:
        raise _unknown(game_name, name)
    return list(_declared(path))


def _unknown(game_name: str, name: str) -> ParameterError:
    return ParameterError(
        f"unknown bot {shown(name)} for {game_name}; bots: {', '.join(bot_names(game_name))}"
    )


def make_bot(game: Game, spec: str) -> Bot:
    """Make the bot ``spec`` (``name`` or ``name(key=value,...)``) for ``game``."""
    if not isinstance(spec, str):
        raise ParameterError(f"a bot is named by text such as ismcts(iterations=500), "
                             f"not {shown(spec)}")
    name, raw = parse_game_string(spec)
    if name in STRENGTH_NAMES:
        if raw:
            raise ParameterError(
                f"bot {name!r} is a named strength and takes no parameters "
                f"(it stands for {strengths(game.NAME)[name]})")
        return make_bot(game, strengths(game.NAME)[name])
    path = _paths(game.NAME).get(name)
    if path is None:
        raise _unknown(game.NAME, name)
    declared = _declared(path)
    by_name = {p.name: p for p in declared}
    values: dict[str, ParamValue] = {p.name: p.default for p in declared}
    for key, text in raw.items():
        param = by_name.get(key)
        if param is None:
            allowed = ", ".join(sorted(by_name)) or "none"
            raise ParameterError(
                f"bot {name!r} has no parameter {shown(key)}; its parameters are: {allowed}")
        values[key] = param.coerce(text)
    kwargs: dict[str, object] = {
        key: float(value) if isinstance(by_name[key], FloatParam) else value
        for key, value in values.items()
    }
    return _class(path)(game, **kwargs)
