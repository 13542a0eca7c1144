"""Make bots by name and parameters, in the game-string syntax: ``mcts(seconds=0.5)``.

Every game has ``random``, ``flat`` (flat Monte Carlo) and ``ismcts`` (information-set MCTS,
decoupled at simultaneous nodes); ``mcts`` where nothing is hidden (there ISMCTS is plain
MCTS), ``duct`` where seats choose at once (Gib Gas!); the bots a game registers
(``heuristic``); and three named strengths for players, ``easy``, ``medium`` and ``hard``
(``hard``: the strongest setting that stays within about a second a move on one core).

Bots living outside ``bots/`` register themselves with :func:`register_bot` when their module
is imported; a name starting with a prefix in :data:`PLUGINS` imports that module on demand
(``openspiel-mcts`` and ``openspiel-ismcts`` come with the ``rl`` extra, from
:mod:`rennbahn.interop.openspiel_bots`), so ``bots/`` never imports an adapter up front.

>>> import rennbahn
>>> game = rennbahn.load_game("grandprix(players=2)")
>>> type(make_bot(game, "mcts(iterations=50,rollout=heuristic)")).__name__
'SearchBot'
>>> try:
...     make_bot(game, "mcts(budget=3)")
... except rennbahn.RennbahnError as error:
...     print(error)  # doctest: +NORMALIZE_WHITESPACE
bot 'mcts' has no parameter 'budget'; its parameters are: c, depth, gamma, iterations,
    rollout, seconds, select
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass

from rennbahn.core.driver import Bot
from rennbahn.core.errors import ParameterError
from rennbahn.core.params import FloatParam, Param, ParamValue, parse_game_string, shown
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
#: ``scripts/bot_targets.py`` and sequential tests (docs/bots.md): its iteration budget keeps
#: a move within about a second on one core of the reference machine, and an iteration
#: budget keeps it seeded.
STRENGTHS: dict[str, dict[str, str]] = {
    "gibgas": {"easy": "flat(iterations=30)", "medium": "heuristic",
               "hard": "duct(iterations=2000,rollout=heuristic,depth=12)"},
    "von0auf100": {"easy": "flat(iterations=30)", "medium": "heuristic",
                   "hard": "ismcts(iterations=2000)"},
    "grandprix": {"easy": "random", "medium": "heuristic",
                  "hard": "mcts(iterations=4000,depth=20)"},
    "ausgebremst": {"easy": "flat(iterations=30)", "medium": "heuristic",
                    "hard": "ismcts(iterations=400,rollout=heuristic,depth=12)"},
}
#: Where a move costs more at a fuller table: game -> strength -> (from this many seats, the
#: bot string there), fewest seats first; the last one that applies stands.
AT_SEATS: dict[str, dict[str, tuple[tuple[int, str], ...]]] = {
    "gibgas": {"hard": ((4, "duct(iterations=1200,rollout=heuristic,depth=12)"),
                        (6, "duct(iterations=900,rollout=heuristic,depth=12)"))},
}
#: Bots registered from outside ``bots/``: name prefix -> the module that registers them on
#: import (it may need an optional extra; without it its bots are not listed, and naming one
#: raises the module's MissingExtraError).
PLUGINS: dict[str, str] = {"openspiel-": "rennbahn.interop.openspiel_bots"}


@dataclass(frozen=True)
class Registered:
    """A bot registered by :func:`register_bot`."""

    path: str
    #: Why the bot cannot play a game (given its class), or None where it can.
    refusal: Callable[[type[Game]], str | None]


_REGISTERED: dict[str, Registered] = {}


def register_bot(name: str, path: str, refusal: Callable[[type[Game]], str | None]) -> None:
    """Make the bot ``name`` known: ``path`` is ``"module:Class"``; ``refusal(game class)``
    says why it cannot play a game, or None where it can. ``name`` must start with a prefix
    in :data:`PLUGINS` (so that naming it finds the module)."""
    if not any(name.startswith(prefix) for prefix in PLUGINS):
        raise ParameterError(f"a registered bot's name starts with one of "
                             f"{', '.join(PLUGINS)}; got {shown(name)}")
    _REGISTERED[name] = Registered(path, refusal)


def _plugin(name: str) -> str | None:
    return next((module for prefix, module in PLUGINS.items() if name.startswith(prefix)), None)


def _registered(game_class: type[Game]) -> dict[str, str]:
    """The registered bots that can play ``game_class``, from the modules that import."""
    paths: dict[str, str] = {}
    for prefix, module in PLUGINS.items():
        try:
            importlib.import_module(module)
        except ImportError:  # the extra is not installed: its bots are not offered
            continue
        for name, bot in _REGISTERED.items():
            if name.startswith(prefix) and bot.refusal(game_class) is None:
                paths[name] = bot.path
    return paths


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
    paths.update(_registered(cls))
    return paths


def _path(game_name: str, name: str) -> str:
    """The ``module:Class`` of the bot ``name`` in ``game_name``, or a ParameterError saying
    why not (a registered bot's own reason where it cannot play the game)."""
    module = _plugin(name)
    if module is not None:
        importlib.import_module(module)  # raises MissingExtraError without the extra
        bot = _REGISTERED.get(name)
        if bot is not None:
            reason = bot.refusal(game_entry(game_name).game_class)
            if reason is not None:
                raise ParameterError(f"bot {name!r} cannot play {game_name}: {reason}")
            return bot.path
    path = _paths(game_name).get(name)
    if path is None:
        raise _unknown(game_name, name)
    return path


def strengths(game_name: str, players: int | None = None) -> dict[str, str]:
    """``easy``, ``medium`` and ``hard`` for a game: the bot string each stands for (with
    ``players`` seats; without, at the fewest).

    >>> strengths("gibgas", 6)["hard"]
    'duct(iterations=900,rollout=heuristic,depth=12)'
    """
    chosen = dict(STRENGTHS.get(game_name, DEFAULT_STRENGTHS))
    if players is not None:
        for name, steps in AT_SEATS.get(game_name, {}).items():
            for seats, spec in steps:
                if players >= seats:
                    chosen[name] = spec
    return chosen


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
    return list(_declared(_path(game_name, name)))


def _unknown(game_name: str, name: str) -> ParameterError:
    return ParameterError(
        f"unknown bot {shown(name)} for {game_name}; bots: {', '.join(bot_names(game_name))}"
    )


#: A bot's name may have hyphens between its words (``openspiel-ismcts``), which a game name
#: may not.
_HYPHENATED = re.compile(r"\s*([A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)+)")


def parse_bot_string(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``name(key=value,...)`` into the name and the raw parameter texts, like
    :func:`~rennbahn.core.params.parse_game_string`; the name may hold hyphens."""
    match = _HYPHENATED.match(spec)
    if match is None:
        return parse_game_string(spec)
    name = match.group(1)
    _, raw = parse_game_string(spec[: match.start(1)] + name.replace("-", "_")
                               + spec[match.end(1):])
    return name, raw


def make_bot(game: Game, spec: str) -> Bot:
    """Make the bot ``spec`` (``name`` or ``name(key=value,...)``) for ``game``."""
    if not isinstance(spec, str):
        raise ParameterError(f"a bot is named by text such as ismcts(iterations=500), "
                             f"not {shown(spec)}")
    name, raw = parse_bot_string(spec)
    if name in STRENGTH_NAMES:
        if raw:
            raise ParameterError(
                f"bot {name!r} is a named strength and takes no parameters "
                f"(it stands for {strengths(game.NAME, game.num_players())[name]})")
        return make_bot(game, strengths(game.NAME, game.num_players())[name])
    path = _path(game.NAME, name)
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
