"""The game protocol shared by every rennbahn game.

Method names follow OpenSpiel so researchers feel at home and adapters stay thin: a
:class:`Game` holds the fixed facts (players, parameters, bounds), a :class:`State` changes
and clones. Chance is a turn of its own (:data:`CHANCE`) with listed outcomes; simultaneous
choices are a turn of their own (:data:`SIMULTANEOUS`) answered with :meth:`State.apply_actions`.

Two promises every game keeps, so that generic tools (the information-state string, the
record replayer, the adapters) work without knowing the game:

* action ids are unique across the whole game, so ``action_to_string(player, action)`` does
  not depend on the state it is asked in;
* before an action is applied, :meth:`State._visibility` says which seats see it; the
  information state of a seat is the history with every action it did not see masked.
"""

from __future__ import annotations

import contextlib
import json
import numbers
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from rennbahn.core.errors import (
    IllegalActionError,
    NotationError,
    ParameterError,
    RennbahnError,
    allowed_list,
)
from rennbahn.core.params import Param, ParamValue, game_string, resolve, shown
from rennbahn.core.views import View, as_json

CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4

#: Visibility mask meaning "every seat sees this action".
ALL_SEATS = -1

JSON = Any  # a JSON-serialisable value


# Compiled with mypyc, a class admits subclasses written in plain Python only when it says
# so: a game of one's own (or benchmarks/floor.py) subclasses these two.
@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """The fixed facts of one game with one set of parameters.

    Subclasses set the class attributes and implement the abstract methods; parameters are
    validated against ``PARAMS`` before :meth:`_setup` runs.
    """

    #: Registered name, e.g. ``"gibgas"``.
    NAME: ClassVar[str]
    #: Long, human name.
    TITLE: ClassVar[str]
    #: Goes up whenever behaviour changes (records and counts made before no longer hold).
    VERSION: ClassVar[int]
    #: Declared parameters.
    PARAMS: ClassVar[tuple[Param, ...]] = ()
    #: Smallest and largest number of seats over all parameter values.
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    #: Whether some node is SIMULTANEOUS (all seats choose at once).
    SIMULTANEOUS_MOVES: ClassVar[bool] = False
    #: Whether some action can be hidden from a seat (``State._visibility`` is not all).
    HIDDEN_INFORMATION: ClassVar[bool] = False

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        if params is not None and not isinstance(params, Mapping):
            raise ParameterError(f"{self.NAME} parameters are a mapping, not {shown(params)}")
        self._params: dict[str, ParamValue] = resolve(self.NAME, self.PARAMS, params or {})
        try:
            self._setup()
        except RennbahnError:
            raise
        except (OSError, ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
            # A component file named by a parameter is outside input too: whatever is wrong
            # with it (unreadable, too long a path, malformed) is the parameter's fault.
            raise ParameterError(f"{self}: the parameters cannot be used: {exc}") from exc

    # -- to implement ---------------------------------------------------------------------
    @abstractmethod
    def _setup(self) -> None:
        """Read ``self._params``, check combinations, load components."""

    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def new_initial_state(self) -> State: ...

    @abstractmethod
    def _state_from_text(self, text: str) -> State:
        """Parse ``to_text`` output; raise :class:`NotationError` (or any ValueError).

        The information state of the result starts at this position (``_mark_origin``).
        """

    @abstractmethod
    def max_game_length(self) -> int:
        """Upper bound on the number of actions (chance included) in one game."""

    def min_utility(self) -> float:
        """Smallest return (default 0: rennbahn games share 1 among the winners)."""
        return 0.0

    def max_utility(self) -> float:
        """Largest return (default 1, the whole win)."""
        return 1.0

    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Player action ids lie in ``range(num_distinct_actions())``."""

    @abstractmethod
    def max_chance_outcomes(self) -> int:
        """Chance action ids lie in ``range(max_chance_outcomes())``."""

    # -- provided -------------------------------------------------------------------------
    @property
    def version(self) -> int:
        return self.VERSION

    @property
    def params(self) -> dict[str, ParamValue]:
        """The parameters with defaults filled in (a copy)."""
        return dict(self._params)

    def utility_sum(self) -> float | None:
        """The sum of returns if it is the same in every terminal state, else None."""
        return None

    def state_from_text(self, text: object) -> State:
        """Read a state written by :meth:`State.to_text`. Raises :class:`NotationError`."""
        if not isinstance(text, str):
            raise NotationError(f"a {self.NAME} state is written as text, not {shown(text)}")
        try:
            state = self._state_from_text(text)
        except NotationError:
            raise
        except (ValueError, IndexError, KeyError, TypeError, RecursionError) as exc:
            raise NotationError(
                f"malformed {self.NAME} state notation {shown(text)}: {exc}"
            ) from exc
        state._forget()  # the reader builds it field by field
        if state._origin is None:
            state._mark_origin()  # its information state starts here
        return state

    def __str__(self) -> str:
        return game_string(self.NAME, self.PARAMS, self._params)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """A position of a game, with the way it came about.

    Subclasses implement the underscored hooks; the public methods validate input, keep the
    history and raise errors from the :mod:`rennbahn.core.errors` family.

    The public methods ask the hooks once per position: the player to move, the legal actions
    of each seat asked about and the chance outcomes are kept (the memo) until the position
    changes, so the checks around a move cost no second move generation and no game needs to
    override a public method for speed. The memo is dropped whenever this class changes the
    position (:meth:`apply_action`, :meth:`apply_actions`) and on every state it hands out
    that a subclass built or changed (:meth:`clone`, :meth:`Game.state_from_text`,
    :meth:`resample_from_infostate`, the origin). A subclass that changes its own fields
    outside ``_apply``/``_apply_joint`` after asking a public method calls :meth:`_forget`.
    Every state is made through ``State.__init__`` (a copy too: a compiled class has no
    other way), so the memo's fields always exist.
    """

    __slots__ = (
        "_game", "_log", "_memo_legal", "_memo_moves", "_memo_outcomes", "_memo_player", "_origin"
    )

    #: Whether the class keeps State._visibility (every action seen by all): set per class.
    _SEEN_BY_ALL: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._SEEN_BY_ALL = cls._visibility is State._visibility

    def __init__(self, game: Game) -> None:
        self._game = game
        # (actor, action, visibility mask) per applied action; actor is a seat or CHANCE.
        self._log: list[tuple[int, int, int]] = []
        # The state this one was read from by ``state_from_text`` (its history starts there).
        self._origin: State | None = None
        # The memo of this position: the player to move (None: not known, nor is the rest),
        # the legal actions of the player to move (at a chance node: the outcome ids), those
        # of other seats asked about (by seat), the chance outcomes. None: not asked yet. The
        # lists are never handed out (callers get copies) nor changed once made.
        self._memo_player: int | None = None
        self._memo_moves: list[int] | None = None
        self._memo_legal: dict[int, list[int]] | None = None
        self._memo_outcomes: list[tuple[int, float]] | None = None

    # -- hooks to implement -----------------------------------------------------------------
    @abstractmethod
    def _current_player(self) -> int:
        """A seat index, or CHANCE, SIMULTANEOUS or TERMINAL (asked once per position by
        :meth:`current_player`)."""

    @abstractmethod
    def _legal_actions(self, player: int) -> list[int]:
        """Sorted legal action ids for ``player`` (empty when it is not their turn)."""

    @abstractmethod
    def _chance_outcomes(self) -> list[tuple[int, float]]: ...

    @abstractmethod
    def _apply(self, actor: int, action: int) -> None:
        """Apply a validated action of a seat or of chance."""

    @abstractmethod
    def _apply_joint(self, actions: Sequence[int]) -> None:
        """Apply a validated joint action at a simultaneous node."""

    @abstractmethod
    def _action_to_string(self, player: int, action: int) -> str: ...

    @abstractmethod
    def returns(self) -> list[float]: ...

    @abstractmethod
    def _copy(self) -> State:
        """A copy of the game position (the base class copies the history)."""

    @abstractmethod
    def _view(self, player: int) -> View:
        """The typed view of exactly what ``player`` (a valid seat) may know now."""

    def _public_view(self) -> View:
        """The typed view of what every seat knows now (for spectators).

        It must hold nothing that some seat may not see: the conformance test checks that it
        is the same in every state resampled from any seat's information state.
        """
        raise NotImplementedError(f"{type(self).__name__} has no public view yet")

    @abstractmethod
    def to_text(self) -> str:
        """Compact full-state notation that ``Game.state_from_text`` reads back exactly."""

    @abstractmethod
    def _resample_from_infostate(self, player: int, rng: random.Random) -> State:
        """A full state consistent with everything ``player`` (a valid seat) knows."""

    def _visibility(self, actor: int, action: int) -> int:
        """Bitmask of the seats that see ``action`` (called before it is applied)."""
        return ALL_SEATS

    # -- the protocol ---------------------------------------------------------------------
    def get_game(self) -> Game:
        return self._game

    # The hot methods read the memo's player themselves (a call less per step than _mover).
    def is_terminal(self) -> bool:
        try:
            player = self._memo_player
        except AttributeError:
            player = None
        if player is None:
            player = self._mover()
        return player == TERMINAL

    def is_chance_node(self) -> bool:
        try:
            player = self._memo_player
        except AttributeError:
            player = None
        if player is None:
            player = self._mover()
        return player == CHANCE

    def is_simultaneous_node(self) -> bool:
        return self._mover() == SIMULTANEOUS

    # The public methods take ``object`` where they check what they are given: a compiled
    # method refuses a value of another type than declared with a TypeError before its
    # first line, and every bad input must be an error of the family instead.
    def legal_actions(self, player: object = None) -> list[int]:
        """Sorted legal actions of ``player`` (default: the player to move; chance too).

        A new list each time: callers may change it.
        """
        try:
            mover = self._memo_player
        except AttributeError:
            mover = None
        if mover is None:
            mover = self._mover()
        if player is None:
            if mover == TERMINAL:
                return []
            player = mover
        elif type(player) is not int or player != mover:
            if player == CHANCE:
                return self._legal(CHANCE)[:] if mover == CHANCE else []
            seat = self._check_seat(player)
            if mover == TERMINAL:
                return []
            return self._legal(seat)[:]
        else:
            player = mover
        # The player to move (a seat or chance), or SIMULTANEOUS: no seat.
        if player < CHANCE:
            self._check_seat(player)
        moves = self._memo_moves
        if moves is None:
            moves = self._legal(player)
        return moves[:]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(action, probability) pairs at a chance node; empty elsewhere. A new list."""
        try:
            player = self._memo_player
        except AttributeError:
            player = None
        if player is None:
            player = self._mover()
        if player != CHANCE:
            return []
        outcomes = self._memo_outcomes
        if outcomes is None:
            outcomes = self._memo_outcomes = self._chance_outcomes()
        return list(outcomes)

    def apply_action(self, action: object) -> None:
        """Apply the action of the player to move (or the chance outcome)."""
        try:
            player = self._memo_player
        except AttributeError:
            player = None
        if player is None:
            player = self._mover()
        if player == CHANCE:
            # Checked against the outcomes themselves: no list of ids is made.
            outcomes = self._memo_outcomes
            if outcomes is None:
                outcomes = self._memo_outcomes = self._chance_outcomes()
            # Outcome ids are often consecutive (a die): try the place the id would have.
            if type(action) is not int:
                action = self._check_legal(player, action)
            place = action - outcomes[0][0] if outcomes else -1
            if not (0 <= place < len(outcomes) and outcomes[place][0] == action):
                for outcome, _ in outcomes:
                    if outcome == action:
                        break
                else:
                    self._check_legal(player, action)
        elif player >= 0:
            moves = self._memo_moves
            if moves is None:
                moves = self._legal(player)
            if type(action) is not int or action not in moves:
                action = self._check_legal(player, action)
        elif player == SIMULTANEOUS:
            raise IllegalActionError(
                "this is a simultaneous node: use apply_actions with one action per seat"
            )
        else:
            raise IllegalActionError("the game is over; no action can be applied")
        visibility = ALL_SEATS if self._SEEN_BY_ALL else self._visibility(player, action)
        self._memo_player = None  # the position changes (also if _apply fails half-way)
        self._apply(player, action)
        self._log.append((player, action, visibility))
        # The memo of the new position (as _renew, inline: this is the hottest path).
        self._memo_moves = None
        self._memo_legal = None
        self._memo_outcomes = None
        self._memo_player = self._current_player()

    def apply_actions(self, actions: object) -> None:
        """Apply one action per seat at a simultaneous node."""
        if self._mover() != SIMULTANEOUS:
            raise IllegalActionError(
                "apply_actions is only for simultaneous nodes; use apply_action here"
            )
        n = self._game.num_players()
        if isinstance(actions, str | bytes) or not isinstance(actions, Iterable):
            raise IllegalActionError(
                f"apply_actions takes one action per seat ({n} whole numbers in a list), "
                f"not {shown(actions)}"
            )
        joint: list[int] = list(actions)
        if len(joint) != n:
            raise IllegalActionError(f"expected {n} actions, one per seat; got {len(joint)}")
        legal = self._memo_legal
        for seat, action in enumerate(joint):
            moves = legal.get(seat) if legal is not None else None
            if moves is None:
                moves = self._legal(seat)
                legal = self._memo_legal
            if type(action) is not int or action not in moves:
                joint[seat] = self._check_legal(seat, action)
        entries = [(seat, a, self._visibility(seat, a)) for seat, a in enumerate(joint)]
        self._memo_player = None
        self._apply_joint(joint)
        self._log.extend(entries)
        self._renew()

    def action_to_string(self, player: object, action: object) -> str:
        """Short, unique, readable notation of ``action`` (read back by string_to_action).

        ``player`` is a seat or CHANCE; ``action`` a whole number in the player's id range.
        """
        actor = CHANCE if player == CHANCE else self._check_seat(player)
        action = _check_int("an action", action)
        game = self._game
        bound = game.max_chance_outcomes() if actor == CHANCE else game.num_distinct_actions()
        if not 0 <= action < bound:
            kind = "chance outcome" if actor == CHANCE else "action"
            raise IllegalActionError(
                f"there is no {kind} {action} in {game.NAME}; ids are 0 to {bound - 1}"
            )
        try:
            return self._action_to_string(actor, action)
        except (ValueError, IndexError, KeyError) as exc:
            if isinstance(exc, IllegalActionError):
                raise
            raise IllegalActionError(f"{action} is not an action of {game.NAME}: {exc}") from exc

    def view(self, player: object) -> View:
        """The typed view of exactly what seat ``player`` may know now."""
        return self._view(self._check_seat(player))

    def public_view(self) -> View:
        """The typed view of what every seat knows now: the spectator's view."""
        return self._public_view()

    def observation(self, player: object) -> dict[str, JSON]:
        """:meth:`view` as a JSON-serialisable dict (the same fields, in the same order)."""
        return as_json(self.view(player))

    def public_observation(self) -> dict[str, JSON]:
        """:meth:`public_view` as a JSON-serialisable dict: the spectator's view."""
        return as_json(self.public_view())

    def current_player(self) -> int:
        """A seat index, or CHANCE, SIMULTANEOUS or TERMINAL."""
        return self._mover()

    def resample_from_infostate(self, player: object, rng: random.Random) -> State:
        """A full state consistent with everything ``player`` knows (hidden parts sampled)."""
        sample = self._resample_from_infostate(self._check_seat(player), rng)
        sample._forget()  # a subclass builds it by changing fields of a copy
        return sample

    def string_to_action(self, player: object, text: object) -> int:
        """Read a move in notation; the move must be legal for ``player`` here."""
        if not isinstance(text, str):
            raise NotationError(f"a move is written as text, not {shown(text)}")
        wanted = text.strip()
        legal = self.legal_actions(player)
        player = CHANCE if player == CHANCE else self._check_seat(player)
        for action in legal:
            if self._action_to_string(player, action) == wanted:
                return action
        names = [self._action_to_string(player, a) for a in legal]
        who = "chance" if player == CHANCE else f"seat {player}"
        raise IllegalActionError(
            f"{shown(wanted)} is not a legal move for {who} here; "
            f"legal moves: {allowed_list(names)}"
        )

    def history(self) -> list[int]:
        """Every action applied since the initial state (joint actions seat by seat)."""
        return [action for _, action, _ in self._log]

    def full_history(self) -> list[tuple[int, int]]:
        """(actor, action) pairs; the actor is a seat or CHANCE."""
        return [(actor, action) for actor, action, _ in self._log]

    def clone(self) -> State:
        """An independent copy: changing one never changes the other."""
        copy = self._copy()
        copy._log = list(self._log)
        copy._origin = self._origin
        copy._forget()
        return copy

    def observation_string(self, player: object) -> str:
        """The observation as one line of canonical JSON."""
        seat = self._check_seat(player)
        return json.dumps(self.observation(seat), sort_keys=True, separators=(",", ":"))

    def seen_history(self, player: object) -> list[tuple[int, int | None]]:
        """(actor, action) per applied action as ``player`` saw it: None where it saw nothing."""
        player = self._check_seat(player)
        return [
            (actor, action if visibility == ALL_SEATS or visibility >> player & 1 else None)
            for actor, action, visibility in self._log
        ]

    def history_notation(self, player: object = None) -> list[str]:
        """Every applied action as ``actor:move``; for a seat, ``actor:?`` where it saw nothing.

        ``player=None`` shows everything (the full record).
        """
        entries = (
            self.full_history() if player is None else self.seen_history(player)
        )
        return [
            f"{'c' if actor == CHANCE else actor}:"
            f"{'?' if action is None else self._action_to_string(actor, action)}"
            for actor, action in entries
        ]

    def information_state_string(self, player: object) -> str:
        """Everything ``player`` has seen: the start and every action, unseen ones masked."""
        parts = self.history_notation(player)
        if self._origin is not None:
            parts.insert(0, "from " + self._origin.observation_string(player))
        return " ".join(parts)

    def __str__(self) -> str:
        return self.to_text()

    # -- helpers for subclasses -----------------------------------------------------------
    def _check_seat(self, player: object) -> int:
        """``player`` as a seat of this game, or an :class:`IllegalActionError`."""
        n = self._game.num_players()
        seat = player if type(player) is int else _check_int("a seat", player)
        if not 0 <= seat < n:
            raise IllegalActionError(f"there is no seat {seat}; seats are 0 to {n - 1}")
        return seat

    def _check_legal(self, player: int, action: object) -> int:
        """Refuse ``action`` unless ``player`` (a seat or CHANCE) may take it here; return it
        as an int.

        Only after :meth:`_mover` (which starts the memo of this position)."""
        if type(action) is not int:  # the common case first: a plain int
            action = _check_int("an action", action)
        legal = self._legal(player)
        if action in legal:
            return action
        names = [self._action_to_string(player, a) for a in legal]
        who = "chance" if player == CHANCE else f"seat {player}"
        shown = repr(action)
        with contextlib.suppress(ValueError, IndexError, KeyError):
            shown = f"{action} ({self._action_to_string(player, action)})"
        raise IllegalActionError(
            f"action {shown} is not legal for {who} here; legal: {allowed_list(names)}"
        )

    # -- the memo of this position ----------------------------------------------------------
    def _mover(self) -> int:
        """``current_player()``, asked once per position; a new position starts a new memo."""
        try:
            player = self._memo_player
        except AttributeError:  # made by object.__new__ in a subclass's _copy
            player = None
        if player is None:
            player = self._renew()
        return player

    def _renew(self) -> int:
        """Start the memo of this position (after a move: the next step asks for it anyway);
        return the player to move."""
        self._memo_moves = None
        self._memo_legal = None
        self._memo_outcomes = None
        player = self._memo_player = self._current_player()
        return player

    def _legal(self, player: int) -> list[int]:
        """The legal actions of ``player`` (a seat or CHANCE) here, from the memo: not to be
        changed. Only after :meth:`_mover` (which starts the memo of this position)."""
        if player == self._memo_player:
            legal = self._memo_moves
            if legal is None:
                if player == CHANCE:
                    legal = [a for a, _ in self._outcomes()]
                else:
                    legal = list(self._legal_actions(player))
                self._memo_moves = legal
            return legal
        memo = self._memo_legal
        if memo is None:
            memo = self._memo_legal = {}
        legal = memo.get(player)
        if legal is None:  # chance is not to move: no outcomes
            legal = [] if player == CHANCE else list(self._legal_actions(player))
            memo[player] = legal
        return legal

    def _outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes here, from the memo: not to be changed (empty unless chance is
        to move). Only after :meth:`_mover`."""
        outcomes = self._memo_outcomes
        if outcomes is None:
            outcomes = self._memo_outcomes = self._chance_outcomes()
        return outcomes

    def _forget(self) -> None:
        """Drop the memo: the position was changed other than by ``apply_action(s)``."""
        self._memo_player = None

    def _mark_origin(self) -> None:
        """Called by ``state_from_text``: the information state starts at this position."""
        self._origin = self._copy()
        self._origin._log = []
        self._origin._forget()


def _check_int(what: str, value: object) -> int:
    """``value`` as an int; anything but a whole number (bool, float and str included) is
    refused. A whole number of another type (numpy's) becomes a plain int."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise IllegalActionError(f"{what} is a whole number, not {shown(value)}")
    return int(value)
