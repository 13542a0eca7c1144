"""The registry: games are found by name.

A game package registers itself when imported (``rennbahn.games`` imports every game
package it contains), so adding a game needs no edit outside its own folder.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rennbahn.core.errors import SeatCountError, UnknownGameError
from rennbahn.core.params import Param, parse_game_string, refuse_paths, resolve
from rennbahn.core.protocol import Game


@dataclass(frozen=True)
class GameEntry:
    """What the registry knows of a game.

    ``bots`` maps a bot name to ``"module:Class"``, imported only when a bot is made, so the
    rules never import bots. ``ui`` names the module with the game's terminal drawing.
    ``variants`` lists the game strings the conformance test must cover.
    ``sim_stats`` names ``"module:function"``, a function from a terminal state to one dict
    per seat; ``rennbahn sim`` reports the win rate grouped by every key that starts with
    ``by_`` (``{"by_start_row": 2}``) and averages every other numeric key (``{"points": 9}``).
    """

    game_class: type[Game]
    bots: Mapping[str, str] = field(default_factory=dict)
    ui: str | None = None
    variants: tuple[str, ...] = ()
    sim_stats: str | None = None

    @property
    def name(self) -> str:
        return self.game_class.NAME

    @property
    def params(self) -> tuple[Param, ...]:
        return self.game_class.PARAMS


_REGISTRY: dict[str, GameEntry] = {}


def register(entry: GameEntry) -> None:
    """Register a game (idempotent for the same class)."""
    existing = _REGISTRY.get(entry.name)
    if existing is not None and existing.game_class is not entry.game_class:
        raise ValueError(f"two different games registered as {entry.name!r}")
    _REGISTRY[entry.name] = entry


def _ensure_loaded() -> None:
    import rennbahn.games  # noqa: F401  (importing it registers every game)


def registered_games() -> list[GameEntry]:
    """Every registered game, sorted by name, with its parameters and player range."""
    _ensure_loaded()
    return [_REGISTRY[name] for name in sorted(_REGISTRY)]


def game_entry(name: str) -> GameEntry:
    _ensure_loaded()
    entry = _REGISTRY.get(name)
    if entry is None:
        known = ", ".join(sorted(_REGISTRY)) or "(none)"
        raise UnknownGameError(f"unknown game {name!r}; registered games: {known}")
    return entry


def load_game(text: str, *, paths: bool = True, **params: object) -> Game:
    """Load a game by game string, keyword parameters, or both.

    A component parameter (one with :attr:`Param.shipped`, such as ``gibgas(cards=...)``)
    takes the name of a set that ships with rennbahn or a path to a JSON file. ``paths=True``
    (the default: the command line, the Python API) reads such a path. ``paths=False`` is for
    game strings from others (the server): it accepts only the shipped names and refuses any
    other value with a :class:`ParameterError` before a file is looked up, so neither whether
    a file exists nor what it holds can be learnt from the answer.

    >>> load_game("gibgas(players=4,champions=true)").num_players()
    4
    >>> str(load_game("gibgas", players=3))
    'gibgas(players=3,champions=false,tempo_after_pit=last_speed,cards=standard,pass_on=free)'
    >>> load_game("gibgas(cards=/etc/passwd)", paths=False)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rennbahn.core.errors.ParameterError: parameter cards='/etc/passwd' is not allowed here: ...
    """
    name, raw = parse_game_string(text)
    merged: dict[str, object] = dict(raw)
    merged.update(params)
    entry = game_entry(name)
    if not paths:
        refuse_paths(entry.params, resolve(entry.name, entry.params, merged))
    return entry.game_class(merged)


def load_game_for_seats(
    text: str, seats: int, given: str = "given", *, paths: bool = True
) -> Game:
    """Load a game for ``seats`` seats: a game with a ``players`` parameter that ``text``
    leaves out takes it from the seat count (the terminal's ``--seats``, the lobby's seats).
    ``given`` says in the error where the seats came from; ``paths`` is as in
    :func:`load_game` (``False`` for game strings from the network).

    >>> load_game_for_seats("grandprix", 3).num_players()
    3
    >>> load_game_for_seats("gibgas(players=3)", 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rennbahn.core.errors.SeatCountError: gibgas(players=3,...) has 3 seats; 2 given
    """
    name, raw = parse_game_string(text)
    entry = game_entry(name)
    extra: dict[str, object] = {}
    if "players" not in raw and any(p.name == "players" for p in entry.params):
        extra["players"] = seats
    game = load_game(text, paths=paths, **extra)
    if game.num_players() != seats:
        raise SeatCountError(f"{game} has {game.num_players()} seats; {seats} {given}")
    return game
