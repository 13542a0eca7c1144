"""Every rennbahn game as an OpenSpiel (pyspiel) game, ``rennbahn_<game>``.

Importing this module registers each registered rennbahn game with pyspiel::

    >>> import pyspiel
    >>> import rennbahn.interop.openspiel
    >>> game = pyspiel.load_game("rennbahn_gibgas", {"players": 3})
    >>> game.num_players(), game.get_type().dynamics.name
    (3, 'SIMULTANEOUS')

Game parameters are the rennbahn parameters under the same names. The pyspiel state wraps a
rennbahn state (``state.rennbahn_state``); action ids, chance outcomes and notation are the
rennbahn ones. Observation strings are ``observation_string``, information-state strings
``information_state_string``; the tensors come from :mod:`rennbahn.interop.encoders` (the
observation dict of the seat), the information-state tensor adds how often the seat has seen
each action (by whom) and how many it did not see.

For ISMCTS, give the bot rennbahn's resampler with its own seeded generator::

    bot.set_resampler(resampler(seed=7))

(``state.resample_from_infostate(player, sampler)`` works too; it seeds from one draw of
``sampler``, and OpenSpiel's ISMCTS makes a new sampler each time, so prefer the above.)
"""

from __future__ import annotations

import base64
import json
import pickle
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from rennbahn.interop._common import missing_extra

try:
    import numpy as np
    import pyspiel  # type: ignore[import-not-found]
except ImportError as exc:  # the optional extra is not installed
    raise missing_extra("openspiel", exc) from exc

from rennbahn.core.driver import SeatView
from rennbahn.core.errors import IllegalActionError, RennbahnError
from rennbahn.core.params import Param, ParamValue, parse_game_string
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL, Game, State
from rennbahn.core.registry import GameEntry, game_entry, registered_games
from rennbahn.interop._common import (
    cached_game,
    has_hidden_information,
    has_simultaneous_moves,
    replay,
    utility_sum,
)
from rennbahn.interop.encoders import Encoder, FloatArray, encode_state, encoder_for

PREFIX = "rennbahn_"

_PLAYER_IDS = {
    CHANCE: int(pyspiel.PlayerId.CHANCE),
    SIMULTANEOUS: int(pyspiel.PlayerId.SIMULTANEOUS),
    TERMINAL: int(pyspiel.PlayerId.TERMINAL),
}
_EMPTY_DICT = base64.b64encode(pickle.dumps({})).decode("ascii")


def spiel_name(name: str) -> str:
    """The pyspiel short name of a rennbahn game: ``gibgas`` -> ``rennbahn_gibgas``."""
    return PREFIX + name


def _misread(text: str) -> bool:
    """Whether OpenSpiel's game-string parser would not read ``text`` back as a string.

    It reads true/false as booleans, anything made of ``+-0123456789.`` as a number and
    anything ending in ``)`` as a nested game.
    """
    return text.lower() in ("true", "false") or not text.strip("+-0123456789.") \
        or text.endswith(")")


def to_spiel(param: Param, value: ParamValue) -> ParamValue:
    """A rennbahn parameter value as pyspiel holds it.

    A string parameter whose text OpenSpiel would misread (``races=1``, ``races=5+7``) is
    written in single quotes, ``races='5+7'``, so that the game string reads back.
    """
    if isinstance(param.default, str) and isinstance(value, str) and _misread(value):
        return f"'{value}'"
    return value


def from_spiel(param: Param, value: object) -> object:
    """The rennbahn value of a pyspiel parameter (quotes taken off, see :func:`to_spiel`)."""
    if isinstance(param.default, str) and not isinstance(value, str):
        return param.to_text(value) if isinstance(value, bool | int) else str(value)
    if isinstance(value, str) and len(value) >= 2 and value[0] == value[-1] == "'":
        return value[1:-1]
    return value


# -- the state ------------------------------------------------------------------------------
class _Held:
    """Holds the rennbahn state inside the pyspiel state's ``__dict__``.

    pyspiel clones a Python state by deep-copying its ``__dict__`` and serialises it by
    pickling; both go through here so they use ``State.clone`` and a replay of the history
    instead of copying the game's fixed facts.

    pybind hands the Python observer a *copy* of the state each time OpenSpiel asks for a
    tensor, so a copy is lazy: both holders share the rennbahn state and the vectors encoded
    for it until one of them is about to change (:meth:`own`), which then clones. A tensor is
    thus encoded once per position and seat, however many copies ask.
    """

    __slots__ = ("encoded", "shared", "state")

    def __init__(self, state: State, encoded: dict[int, FloatArray] | None = None) -> None:
        self.state = state
        # Observation vectors by seat of this position (shared with lazy copies; replaced,
        # never cleared, when the position changes).
        self.encoded: dict[int, FloatArray] = {} if encoded is None else encoded
        self.shared = encoded is not None

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        self.shared = True
        return _Held(self.state, self.encoded)

    def own(self) -> State:
        """The state, no longer shared with any copy, about to change: its vectors go."""
        if self.shared:
            self.state = self.state.clone()
            self.shared = False
        self.encoded = {}
        return self.state

    def __reduce__(
        self,
    ) -> tuple[Callable[..., _Held], tuple[str, list[tuple[int, int]], str | None]]:
        # A state read by ``state_from_text`` has its history from the read position (its
        # origin), not from the start: keep that position too, or the replay goes wrong.
        origin = self.state._origin
        return _restore, (
            str(self.state.get_game()),
            self.state.full_history(),
            None if origin is None else origin.to_text(),
        )


def _restore(game_string: str, history: list[tuple[int, int]],
             origin: str | None = None) -> _Held:
    game = cached_game(game_string)
    if origin is not None:
        game = cast(Game, _StartingAt(game, origin))
    return _Held(replay(game, history))


class _StartingAt:
    """A game whose "initial" state is the position a state was read from, for ``replay``."""

    def __init__(self, game: Game, origin: str) -> None:
        self._game = game
        self._origin = origin

    def new_initial_state(self) -> State:
        return self._game.state_from_text(self._origin)

    def num_players(self) -> int:
        return self._game.num_players()


class RennbahnSpielState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state wrapping a rennbahn :class:`~rennbahn.State`."""

    def __init__(self, game: RennbahnSpielGame, state: State | None = None) -> None:
        super().__init__(game)
        # A new game shares the game's one initial state (and its vectors) until it moves:
        # OpenSpiel makes a new initial state each time it asks for a tensor's size.
        self._held = _Held(state) if state is not None else game.initial.__deepcopy__({})

    @property
    def rennbahn_state(self) -> State:
        """The wrapped rennbahn state (the full state; bots should not look).

        Changing it changes this pyspiel state (and its vectors are made anew).
        """
        return self._held.own()

    def current_player(self) -> int:
        player = self._held.state.current_player()
        return _PLAYER_IDS.get(player, player)

    def _legal_actions(self, player: int) -> list[int]:
        return self._held.state.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._held.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._held.own().apply_action(int(action))

    def _apply_actions(self, actions: Sequence[int]) -> None:
        """A joint action; at a node where one seat moves, only that seat's entry counts.

        OpenSpiel (``rl_environment``, ``generate_playthrough``) calls ``apply_actions`` at
        every decision node of a simultaneous game, as its own simultaneous games allow; the
        other seats' entries are then placeholders and are ignored.
        """
        state = self._held.state
        player = state.current_player()
        if player >= 0:
            n = state.get_game().num_players()
            if len(actions) != n:
                raise IllegalActionError(
                    f"expected {n} actions, one per seat (only seat {player}'s counts here); "
                    f"got {len(actions)}"
                )
            self._apply_action(int(actions[player]))
            return
        self._held.own().apply_actions([int(a) for a in actions])

    def encoded_observation(self, player: int, encoder: Encoder) -> FloatArray:
        """The observation vector of ``player`` here (kept until the next action)."""
        vector = self._held.encoded.get(player)
        if vector is None:
            vector = encode_state(encoder, self._held.state, player)
            self._held.encoded[player] = vector
        return vector

    def _action_to_string(self, player: int, action: int) -> str:
        return self._held.state.action_to_string(player, int(action))

    def is_terminal(self) -> bool:
        return self._held.state.is_terminal()

    def returns(self) -> list[float]:
        # The reward model is TERMINAL: nothing is paid out before the race is over (a
        # rennbahn game may report a standing earlier).
        state = self._held.state
        if state.is_terminal():
            return state.returns()
        return [0.0] * state.get_game().num_players()

    def __str__(self) -> str:
        return self._held.state.to_text()

    def resample_from_infostate(self, player: int, sampler: Any) -> RennbahnSpielState:
        """A state with the same information state for ``player``, hidden parts resampled.

        ``sampler`` is a pyspiel probability sampler (a callable giving a float in [0, 1)),
        a ``random.Random``, or an int seed.
        """
        if isinstance(sampler, random.Random):
            rng = sampler
        elif isinstance(sampler, int):
            rng = random.Random(sampler)
        else:
            rng = random.Random(int(float(sampler()) * 2**53))
        return self._with(self._held.state.resample_from_infostate(player, rng))

    def _with(self, state: State) -> RennbahnSpielState:
        """A pyspiel state around ``state``, with pyspiel's history and move number set."""
        pairs = ",".join(f"{actor}:{action}" for actor, action in state.full_history())
        text = f"history={pairs}\nmove_number={self.move_number()}\n__dict__={_EMPTY_DICT}"
        new: RennbahnSpielState = self.get_game().deserialize_state(text)
        new._held = _Held(state)
        return new


def resampler(seed: int | None = None) -> Callable[[RennbahnSpielState, int], RennbahnSpielState]:
    """A resampler for ``ISMCTSBot.set_resampler`` drawing from one seeded generator."""
    rng = random.Random(seed)

    def resample(state: RennbahnSpielState, player: int) -> RennbahnSpielState:
        return state.resample_from_infostate(player, rng)

    return resample


class RennbahnBot(pyspiel.Bot):  # type: ignore[misc]
    """A rennbahn bot (``heuristic``, ``random`` ...) playing one seat as a pyspiel bot.

    It sees what rennbahn bots always see, its seat's :class:`~rennbahn.SeatView`, and draws
    from its own generator seeded by ``seed``.
    """

    def __init__(self, game: RennbahnSpielGame, name: str, seat: int, seed: int = 0) -> None:
        super().__init__()
        from rennbahn.bots.factory import make_bot

        self.bot = make_bot(game.rennbahn_game, name)
        self.seat = seat
        self.rng = random.Random(seed)

    def step(self, state: RennbahnSpielState) -> int:
        return self.bot.step(SeatView(state._held.state, self.seat), self.rng)

    def restart_at(self, state: RennbahnSpielState) -> None:
        pass

    def inform_action(self, state: RennbahnSpielState, player_id: int, action: int) -> None:
        pass


# -- observations ---------------------------------------------------------------------------
class FactoredObserver:
    """The public or the private part of an observation, as strings (no tensor).

    Public (``public_info=True, private_info=NONE``): the state's ``public_observation()``,
    what every seat knows, as canonical JSON. Private (``public_info=False,
    private_info=SINGLE_PLAYER``): the top-level entries of the seat's observation that the
    public observation does not hold the same way. ``generate_playthrough`` prints both.
    """

    tensor = None

    def __init__(self, public: bool) -> None:
        self.public = public
        self.dict: dict[str, FloatArray] = {}

    def set_from(self, state: RennbahnSpielState, player: int) -> None:
        pass

    def string_from(self, state: RennbahnSpielState, player: int) -> str:
        inner = state._held.state
        shown = inner.public_observation()
        if not self.public:
            seat = inner.observation(player)
            shown = {key: value for key, value in seat.items() if shown.get(key) != value}
        return json.dumps(shown, sort_keys=True, separators=(",", ":"))


class RennbahnObserver:
    """pyspiel's Python observer: strings and tensors from one seat's view.

    ``perfect_recall=False`` gives the observation (``observation_string``, the encoder's
    vector); ``perfect_recall=True`` the information state (``information_state_string``,
    the vector plus counts of the actions the seat saw, by seat (the observer first) and
    chance, and of those it did not see, by seat and chance). The public and private parts
    alone are :class:`FactoredObserver`; other observation types are refused.
    """

    def __init__(self, game: Game, encoder: Encoder, iig_obs_type: Any) -> None:
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(_OBSERVATION_TYPES)
        self.encoder = encoder
        self.info_state = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.players = game.num_players()
        self.actions = game.num_distinct_actions()
        history_size = 0
        if self.info_state:
            # counts of seen actions by (seat, action) and by chance outcome, then of unseen
            # actions by seat and by chance
            history_size = (
                self.players * self.actions + game.max_chance_outcomes() + self.players + 1
            )
        self.tensor: FloatArray = np.zeros(encoder.size + history_size, dtype=np.float32)
        self.dict: dict[str, FloatArray] = {"observation": self.tensor[: encoder.size]}
        self.history = self.tensor[encoder.size:]
        if self.info_state:
            # Named views of the counts: seen actions by (place, action id), seen chance
            # outcomes, unseen actions by place and of chance.
            start = encoder.size
            end = start + self.players * self.actions
            self.dict["seen_actions"] = self.tensor[start:end].reshape(self.players, self.actions)
            start, end = end, end + game.max_chance_outcomes()
            self.dict["seen_chance"] = self.tensor[start:end]
            self.dict["unseen"] = self.tensor[end:]

    def set_from(self, state: RennbahnSpielState, player: int) -> None:
        self.dict["observation"][:] = state.encoded_observation(player, self.encoder)
        if self.info_state:
            self.history.fill(0.0)
            self._count_seen(state._held.state, player, self.history)

    def _count_seen(self, state: State, player: int, out: FloatArray) -> None:
        n, actions = self.players, self.actions
        chance_base = n * actions
        unseen_base = len(out) - n - 1
        for actor, action in state.seen_history(player):
            if actor == CHANCE:
                out[chance_base + action if action is not None else unseen_base + n] += 1.0
                continue
            place = (actor - player) % n
            if action is not None:
                out[place * actions + action] += 1.0
            else:
                out[unseen_base + place] += 1.0

    def string_from(self, state: RennbahnSpielState, player: int) -> str:
        inner = state._held.state
        if self.info_state:
            return inner.information_state_string(player)
        return inner.observation_string(player)


_OBSERVATION_TYPES = (
    "rennbahn games offer the seat's view (IIGObservationType public_info=True, "
    "private_info=SINGLE_PLAYER, perfect_recall either way), its public part (public_info=True, "
    "private_info=NONE) and its private part (public_info=False, private_info=SINGLE_PLAYER)"
)


# -- the game -------------------------------------------------------------------------------
class RennbahnSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A pyspiel game wrapping a rennbahn game; subclassed once per registered game."""

    ENTRY: GameEntry
    GAME_TYPE: Any

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        declared = {p.name: p for p in self.ENTRY.params}
        given = {
            key: from_spiel(declared[key], value) if key in declared else value
            for key, value in (params or {}).items()
        }
        game = self.ENTRY.game_class(given)
        self.rennbahn_game = game
        self.encoder = encoder_for(game)
        constant_sum = self.GAME_TYPE.utility != pyspiel.GameType.Utility.GENERAL_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions(),
            max_chance_outcomes=game.max_chance_outcomes(),
            num_players=game.num_players(),
            min_utility=game.min_utility(),
            max_utility=game.max_utility(),
            utility_sum=game.utility_sum() if constant_sum else None,
            max_game_length=game.max_game_length(),
        )
        super().__init__(self.GAME_TYPE, info, _spiel_params(self.ENTRY, game.params))
        self.initial = _Held(game.new_initial_state())

    def new_initial_state(self) -> RennbahnSpielState:
        return RennbahnSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, object] | None = None
    ) -> RennbahnObserver | FactoredObserver:
        if params:
            raise ValueError(f"rennbahn observers take no parameters; got {dict(params)}")
        if iig_obs_type is not None and not iig_obs_type.perfect_recall:
            private = iig_obs_type.private_info
            if iig_obs_type.public_info and private == pyspiel.PrivateInfoType.NONE:
                return FactoredObserver(public=True)
            if not iig_obs_type.public_info and private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
                return FactoredObserver(public=False)
        return RennbahnObserver(self.rennbahn_game, self.encoder, iig_obs_type)


def game_type(entry: GameEntry) -> Any:
    """The honest pyspiel GameType of a rennbahn game (over all its parameters).

    Dynamics: SIMULTANEOUS when the rules have simultaneous nodes; chance: explicit;
    information: IMPERFECT when some action can be hidden from a seat; utility: ZERO_SUM or
    CONSTANT_SUM when every variant's returns add up to the same constant, else GENERAL_SUM.
    """
    cls = entry.game_class
    total = utility_sum(entry)
    if total is None:
        utility = pyspiel.GameType.Utility.GENERAL_SUM
    elif total == 0:
        utility = pyspiel.GameType.Utility.ZERO_SUM
    else:
        utility = pyspiel.GameType.Utility.CONSTANT_SUM
    return pyspiel.GameType(
        short_name=spiel_name(entry.name),
        long_name=f"rennbahn {cls.TITLE}",
        dynamics=(
            pyspiel.GameType.Dynamics.SIMULTANEOUS
            if has_simultaneous_moves(cls)
            else pyspiel.GameType.Dynamics.SEQUENTIAL
        ),
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if has_hidden_information(cls)
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.MAX_PLAYERS,
        min_num_players=cls.MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification={p.name: to_spiel(p, p.default) for p in entry.params},
        default_loadable=True,
    )


_REGISTERED: dict[str, type[RennbahnSpielGame]] = {}


def register_all() -> list[str]:
    """Register every rennbahn game not yet known to pyspiel; returns all short names.

    Runs on import; call it again after registering a rennbahn game later.
    """
    for entry in registered_games():
        name = spiel_name(entry.name)
        if name in _REGISTERED:
            continue
        cls: type[RennbahnSpielGame] = type(
            f"{entry.game_class.__name__}Spiel",
            (RennbahnSpielGame,),
            {"ENTRY": entry, "GAME_TYPE": game_type(entry), "__module__": __name__},
        )
        pyspiel.register_game(cls.GAME_TYPE, cls)
        _REGISTERED[name] = cls
    return sorted(_REGISTERED)


def load(text: str) -> Any:
    """Load by rennbahn game string: ``load("gibgas(players=4)")``."""
    name, raw = parse_game_string(text)
    game = cached_game(text)
    chosen = {k: v for k, v in game.params.items() if k in raw}
    return pyspiel.load_game(spiel_name(name), _spiel_params(game_entry(name), chosen))


def _spiel_params(entry: GameEntry, values: Mapping[str, ParamValue]) -> dict[str, ParamValue]:
    declared = {p.name: p for p in entry.params}
    return {key: to_spiel(declared[key], value) for key, value in values.items()}


class CppBotRefusedError(RennbahnError):
    """OpenSpiel's C++ MCTSBot was given a rennbahn game, which it cannot search."""


class _GuardedMCTSBot(pyspiel.MCTSBot):  # type: ignore[misc]
    """``pyspiel.MCTSBot`` that refuses a rennbahn game instead of crashing on it.

    The C++ MCTS clones and steps Python states from C++ and dies with a segmentation fault
    on the first ``step``; OpenSpiel's Python ``mcts.MCTSBot`` works.
    """

    def __init__(self, game: Any, *args: Any, **kwargs: Any) -> None:
        if isinstance(game, RennbahnSpielGame):
            raise CppBotRefusedError(
                f"pyspiel.MCTSBot (C++) cannot search {game.get_type().short_name}: it crashes "
                "on games written in Python; use open_spiel.python.algorithms.mcts.MCTSBot "
                "(or ismcts.ISMCTSBot for hidden information) instead"
            )
        super().__init__(game, *args, **kwargs)


if not issubclass(pyspiel.MCTSBot, _GuardedMCTSBot):
    # Seen by code that looks pyspiel.MCTSBot up after importing this module.
    pyspiel.MCTSBot = _GuardedMCTSBot

register_all()

__all__ = [
    "PREFIX",
    "CppBotRefusedError",
    "FactoredObserver",
    "RennbahnBot",
    "RennbahnObserver",
    "RennbahnSpielGame",
    "RennbahnSpielState",
    "game_type",
    "load",
    "register_all",
    "resampler",
    "spiel_name",
]
