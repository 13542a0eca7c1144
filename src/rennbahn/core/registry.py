"""The registry: games are found by name, and everything a game provides by its entry.

A game's package declares one :class:`GameEntry` (``ENTRY`` in its ``__init__``) naming
its rules, notation, bots, board, narration, terminal drawing, encoder, statistics and
extra commands; ``rennbahn.games`` registers the shipped games explicitly, and the front
ends, the server and the adapters ask the entry, never a naming convention. A part is
named as ``"module:attribute"`` (a :class:`Part`) and imported when first asked for, so the
rules never import a front end, a bot or numpy.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from rennbahn.core.citations import Citations
from rennbahn.core.errors import SeatCountError, UnknownGameError
from rennbahn.core.params import Param, parse_game_string, refuse_paths, resolve
from rennbahn.core.protocol import JSON, Game, State
from rennbahn.core.views import View
from rennbahn.core.words import Words

if TYPE_CHECKING:
    from rich.console import RenderableType

    from rennbahn.core.seat import SeatView

T = TypeVar("T")


class Part(Generic[T]):
    """One thing a game provides, named ``"module:attribute"`` and imported on first use.

    >>> Part[Callable[[str], int]]("builtins:len")()("abc")
    3
    """

    __slots__ = ("_loaded", "path")

    def __init__(self, path: str) -> None:
        module, colon, attribute = path.partition(":")
        if not colon or not module or not attribute:
            raise ValueError(f"a part is named 'module:attribute', not {path!r}")
        self.path = path
        self._loaded: T | None = None

    def __call__(self) -> T:
        loaded = self._loaded
        if loaded is None:
            module, _, attribute = self.path.partition(":")
            loaded = self._loaded = cast(T, getattr(importlib.import_module(module), attribute))
        return loaded

    def __repr__(self) -> str:
        return f"Part({self.path!r})"


class Narrate(Protocol):
    """A game's narration: the lines that tell one step as one seat saw it (``before``
    None: the start)."""

    def __call__(self, game: Game, before: View | None, after: View, *, lang: str = ...,
                 names: Sequence[str] | None = ...) -> list[str]: ...


class DrawBoard(Protocol):
    """A game's board drawing (SVG) of one view, with the seat's ``moves`` as buttons and
    the seats called by ``names`` (None: "Driver 1", ...)."""

    def __call__(self, view: View, game: Game, *, moves: Sequence[str] = ...,
                 lang: str = ..., names: Sequence[str] | None = ...) -> str: ...


class Render(Protocol):
    """A game's terminal drawing of one view (``prompt`` False: without the hints to type)."""

    def __call__(self, view: View, game: Game, *, lang: str = ...,
                 names: Sequence[str] | None = ..., prompt: bool = ...) -> RenderableType: ...


@dataclass(frozen=True)
class Terminal:
    """A game's terminal front end: its drawing, the legend of the drawing's marks, and
    commands a player may type besides a move (name -> (help, what it shows))."""

    render: Render
    legend: Callable[[str], list[str]]
    commands: Mapping[str, tuple[str, Callable[[SeatView], RenderableType]]] = field(
        default_factory=dict)


#: A game's statistics: from a terminal state, one dict per seat; ``rennbahn sim`` reports
#: the win rate grouped by every key that starts with ``by_`` (``{"by_start_row": 2}``) and
#: averages every other numeric key (``{"points": 9}``).
SeatStats = Callable[[State], list[dict[str, JSON]]]


@dataclass(frozen=True)
class RaceFacts:
    """What the rules lab (``rennbahn lab``) reads from a game's states, beside its
    :data:`SeatStats`: pure functions of a state, in the game's own terms."""

    #: The seat ahead now (None: level, or nobody ahead yet), for lead changes and drama.
    leader: Callable[[State], int | None]
    #: How the finished game ended, one of ``endings`` (the game's own kinds).
    ending: Callable[[State], str]
    endings: tuple[str, ...]
    #: Where each seat ended, in the game's own squares (for heat maps), and what they are.
    places: Callable[[State], list[int]]
    place_unit: str
    #: Each seat's start position (1 = first to move, or the front row), and what it is.
    starts: Callable[[State], list[int]]
    start_unit: str = "start position"


def ahead(values: Sequence[float]) -> int | None:
    """The one seat with the highest value, None when two or more share it.

    >>> ahead([3, 5, 1]), ahead([2, 2, 1])
    (1, None)
    """
    best = max(values)
    top = [seat for seat, value in enumerate(values) if value == best]
    return top[0] if len(top) == 1 else None


#: A game's observation encoder (``rennbahn.core.encoding.Encoder``) for one game.
MakeEncoder = Callable[[Game], Any]


@dataclass(frozen=True)
class GameEntry:
    """Everything a game provides, each part named once.

    ``bots`` maps a bot name to ``"module:Class"`` (made by the bot factory).
    ``commands`` maps a ``rennbahn`` subcommand to a typer app (Ausgebremst's ``tracks``).
    ``variants`` lists the game strings the conformance test must cover.
    """

    game_class: type[Game]
    #: The module that writes, reads and checks the state notation.
    notation: str
    bots: Mapping[str, str] = field(default_factory=dict)
    board: Part[DrawBoard] | None = None
    narration: Part[Narrate] | None = None
    terminal: Part[Terminal] | None = None
    encoder: Part[MakeEncoder] | None = None
    stats: Part[SeatStats] | None = None
    #: What the rules lab reads from states: leader, ending, places, starts.
    race: Part[RaceFacts] | None = None
    #: The game's words for players: moves, the end, the variant parameters.
    words: Part[Words] | None = None
    #: The rule behind each kind of event the narration tells (``rennbahn.core.citations``).
    citations: Part[Citations] | None = None
    #: The package holding ``howto/<lang>.md``, the rules written for players (with
    #: ```` ```board ```` blocks the rules page draws with the game's board), and, in a
    #: wheel, ``rules.md``, the rules as implemented ("Rules details"; setup.py copies it
    #: from docs/rules/<game>.md, which a source checkout reads where it is).
    package: str = ""
    commands: Mapping[str, Part[Any]] = field(default_factory=dict)
    variants: tuple[str, ...] = ()

    @classmethod
    def laid_out(cls, package: str, game_class: type[Game], *, variants: tuple[str, ...],
                 commands: Mapping[str, str] | None = None) -> GameEntry:
        """The entry of a game package laid out as the shipped games are: ``notation``,
        ``bots.HeuristicBot``, ``board.board_svg``, ``narration.narrate``, ``ui.TERMINAL``,
        ``encoder.make_encoder``, ``stats.seat_stats``, ``words.WORDS`` and
        ``citations.CITATIONS`` beside its
        rules, and its rules pages in the package itself; ``commands``
        maps a subcommand to ``"module:app"`` within the package.

        >>> entry = GameEntry.laid_out("mygame", Game, variants=("mygame(players=2)",))
        >>> entry.board, entry.terminal
        (Part('mygame.board:board_svg'), Part('mygame.ui:TERMINAL'))
        """
        return cls(
            game_class=game_class,
            notation=f"{package}.notation",
            bots={"heuristic": f"{package}.bots:HeuristicBot"},
            board=Part(f"{package}.board:board_svg"),
            narration=Part(f"{package}.narration:narrate"),
            terminal=Part(f"{package}.ui:TERMINAL"),
            encoder=Part(f"{package}.encoder:make_encoder"),
            stats=Part(f"{package}.stats:seat_stats"),
            race=Part(f"{package}.stats:RACE"),
            words=Part(f"{package}.words:WORDS"),
            citations=Part(f"{package}.citations:CITATIONS"),
            package=package,
            commands={name: Part(f"{package}.{path}") for name, path in (commands or {}).items()},
            variants=variants,
        )

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


def registered_games() -> list[GameEntry]:
    """Every registered game, sorted by name, with its parameters and player range."""
    return [_REGISTRY[name] for name in sorted(_REGISTRY)]


def game_entry(name: str) -> GameEntry:
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
