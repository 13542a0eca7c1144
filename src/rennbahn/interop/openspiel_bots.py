"""OpenSpiel's Python MCTS and ISMCTS as rennbahn bots: ``openspiel-mcts``, ``openspiel-ismcts``.

Importing this module registers both with :func:`rennbahn.bots.factory.register_bot`; the
factory imports it when a bot name starts with ``openspiel-`` (it needs the ``rl`` extra)::

    >>> import random, rennbahn
    >>> from rennbahn.bots import make_bot
    >>> from rennbahn.core.driver import play
    >>> game = rennbahn.load_game("von0auf100(players=2,race=small)")
    >>> bots = [make_bot(game, "openspiel-ismcts(simulations=20)"), make_bot(game, "heuristic")]
    >>> len(play(game, bots, seed=3).returns)
    2

Like every rennbahn bot they see only their seat's view (:class:`~rennbahn.SeatView`). Each
move the bot resamples a full state from the seat's information state (``view.resample``:
in a game without hidden information that is the position itself), wraps it as a pyspiel
state of the game registered by :mod:`rennbahn.interop.openspiel`, and hands that to
OpenSpiel's bot, never the true state. OpenSpiel's ``ISMCTSBot`` then draws a world for
every simulation through its resampler, which goes to rennbahn's ``resample_from_infostate``
(the adapter's ``RennbahnSpielState.resample_from_infostate``) with the bot's own generator.

* ``openspiel-mcts``: ``open_spiel.python.algorithms.mcts.MCTSBot`` with a
  ``RandomRolloutEvaluator``. It searches the position it is given, so it only plays games
  without hidden information (Grand Prix).
* ``openspiel-ismcts``: ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with the same
  evaluator. OpenSpiel's ISMCTS insists on imperfect information, so it plays Von 0 auf 100
  and Ausgebremst.

Neither handles simultaneous moves (Gib Gas!); a game a bot cannot play is refused with a
:class:`~rennbahn.ParameterError` saying why. Both search on the game's returns (not win
shares, as rennbahn's search does).

Budgets: ``simulations`` per move, or ``seconds`` of thinking a move. OpenSpiel's bots take a
simulation count, so with ``seconds`` the bot is given a count it will not reach and the
search is stopped between two simulations when the time is up (at least two simulations
run); the move is then chosen from the tree as OpenSpiel's bot would have chosen it.

Seeds: the bot draws one number from the generator it is handed (the table's), as rennbahn's
search bots do, and seeds from it a ``random.Random`` for resampling and a numpy
``RandomState`` for OpenSpiel's bot and evaluator; with a simulation budget the same seed gives
the same moves.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import lru_cache
from typing import Any, ClassVar

from rennbahn.interop._common import missing_extra

try:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]
except ImportError as exc:  # the optional extra is not installed
    raise missing_extra("openspiel_bots", exc) from exc

from rennbahn.bots.factory import register_bot
from rennbahn.bots.search import MAX_ITERATIONS
from rennbahn.core.driver import SeatView
from rennbahn.core.errors import ParameterError
from rennbahn.core.params import FloatParam, Param
from rennbahn.core.protocol import Game
from rennbahn.interop import openspiel

SIMULATIONS = Param("simulations", 1000, "simulations per move (used when seconds is 0)",
                    minimum=1, maximum=MAX_ITERATIONS)
SECONDS = FloatParam("seconds", "0.0", "time per move: the search stops when it is up "
                     "(at least two simulations); 0: use simulations (deterministic)")
ROLLOUTS = Param("rollouts", 1, "random rollouts per evaluated leaf "
                 "(n_rollouts of OpenSpiel's RandomRolloutEvaluator)", minimum=1, maximum=1000)
C = FloatParam("c", "2.0", "uct_c, OpenSpiel's UCT exploration constant (it searches on the "
               "game's returns)", high=100.0)


class _TimeUpError(Exception):
    """Raised between two simulations when a ``seconds`` budget is spent."""


@lru_cache(maxsize=64)
def spiel_game(game_string: str) -> Any:
    """The pyspiel game of a rennbahn game string (one per string)."""
    return openspiel.load(game_string)


def _sequential(game_class: type[Game]) -> str | None:
    if game_class.SIMULTANEOUS_MOVES:
        return (f"{game_class.TITLE} has simultaneous rounds, and OpenSpiel's MCTS and ISMCTS "
                "search only games where one seat moves at a time; try duct or ismcts")
    return None


class _Clock:
    """Counts simulations; with ``seconds > 0`` says when to stop (after at least two)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.start = time.perf_counter()
        self.done = 0

    def tick(self) -> None:
        """Called before each simulation: raises :class:`_TimeUpError` when the time is up."""
        if self.seconds > 0 and self.done >= 2 and self.elapsed() >= self.seconds:
            raise _TimeUpError
        self.done += 1

    def elapsed(self) -> float:
        return time.perf_counter() - self.start


class _OpenSpielBot:
    """What both bots share: parameters, refusal, seeding, the pyspiel root from the view."""

    NAME: ClassVar[str]
    PARAMS: ClassVar[tuple[Param, ...]] = (SIMULATIONS, SECONDS, ROLLOUTS, C)

    def __init__(self, game: Game, simulations: int = 1000, seconds: float = 0.0,
                 rollouts: int = 1, c: float = 2.0) -> None:
        reason = self.refusal(type(game))
        if reason is not None:
            raise ParameterError(f"bot {self.NAME!r} cannot play {game.NAME}: {reason}")
        self.spiel_game = spiel_game(str(game))
        self.simulations = simulations
        self.seconds = seconds
        self.rollouts = rollouts
        self.c = c
        #: Simulations and seconds of the last search (for benchmarks).
        self.last_simulations = 0
        self.last_seconds = 0.0

    @staticmethod
    def refusal(game_class: type[Game]) -> str | None:
        """Why the bot cannot play a game of ``game_class``, or None."""
        raise NotImplementedError

    def step(self, view: SeatView, rng: random.Random) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        clock = _Clock(self.seconds)
        own = random.Random(rng.getrandbits(64))  # one draw: the table's sequence stays short
        numbers = np.random.RandomState(own.getrandbits(32))
        # Built from the seat's view only: a state resampled from its information state.
        root = openspiel.RennbahnSpielState(self.spiel_game, view.resample(own))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=self.rollouts,
                                                random_state=numbers)
        budget = MAX_ITERATIONS if self.seconds > 0 else self.simulations
        action = self._search(root, own, numbers, evaluator, clock, budget)
        self.last_simulations, self.last_seconds = clock.done, clock.elapsed()
        return action

    def _search(self, root: Any, rng: random.Random, numbers: np.random.RandomState,
                evaluator: Any, clock: _Clock, budget: int) -> int:
        raise NotImplementedError


class _StoppableMCTS(mcts.MCTSBot):  # type: ignore[misc]
    """OpenSpiel's MCTSBot, stopped by a clock between two simulations.

    ``mcts_search`` calls ``_apply_tree_policy(root, state)`` once at the start of every
    simulation, with the tree complete up to there; this is the one hook for a time budget.
    """

    def __init__(self, clock: _Clock, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.clock = clock
        self.root: Any = None

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:
        self.root = root
        self.clock.tick()
        return super()._apply_tree_policy(root, state)


class OpenSpielMCTSBot(_OpenSpielBot):
    """``openspiel-mcts``: OpenSpiel's Python MCTSBot with random rollouts (see the module)."""

    NAME = "openspiel-mcts"

    @staticmethod
    def refusal(game_class: type[Game]) -> str | None:
        reason = _sequential(game_class)
        if reason is None and game_class.HIDDEN_INFORMATION:
            return (f"{game_class.TITLE} hides information, and OpenSpiel's MCTS searches "
                    "the position it is given as if everything were known; use "
                    "openspiel-ismcts")
        return reason

    def _search(self, root: Any, rng: random.Random, numbers: np.random.RandomState,
                evaluator: Any, clock: _Clock, budget: int) -> int:
        bot = _StoppableMCTS(clock, self.spiel_game, uct_c=self.c, max_simulations=budget,
                             evaluator=evaluator, random_state=numbers)
        try:
            return int(bot.step(root))
        except _TimeUpError:
            return int(bot.root.best_child().action)  # as MCTSBot.step_with_policy chooses


class OpenSpielISMCTSBot(_OpenSpielBot):
    """``openspiel-ismcts``: OpenSpiel's Python ISMCTSBot with random rollouts, resampling
    through rennbahn's ``resample_from_infostate`` (see the module)."""

    NAME = "openspiel-ismcts"

    @staticmethod
    def refusal(game_class: type[Game]) -> str | None:
        reason = _sequential(game_class)
        if reason is None and not game_class.HIDDEN_INFORMATION:
            return (f"{game_class.TITLE} hides nothing, and OpenSpiel's ISMCTS insists on "
                    "imperfect information; use openspiel-mcts")
        return reason

    def _search(self, root: Any, rng: random.Random, numbers: np.random.RandomState,
                evaluator: Any, clock: _Clock, budget: int) -> int:
        bot = ismcts.ISMCTSBot(self.spiel_game, evaluator, uct_c=self.c,
                               max_simulations=budget, random_state=numbers)
        bot.set_resampler(_resampler(clock, rng))
        try:
            policy = bot.get_policy(root)
        except _TimeUpError:
            policy = bot.get_final_policy(root, bot.lookup_node(root))
        actions, probabilities = zip(*policy, strict=True)
        return int(numbers.choice(actions, p=probabilities))  # as ISMCTSBot.step chooses


def _resampler(clock: _Clock, rng: random.Random) -> Callable[[Any, int], Any]:
    """ISMCTS's resampler: called once before every simulation with the root state; the
    world comes from rennbahn's resampler, drawing from the bot's own generator."""

    def resample(state: Any, player: int) -> Any:
        clock.tick()
        return state.resample_from_infostate(player, rng)

    return resample


register_bot(OpenSpielMCTSBot.NAME, f"{__name__}:OpenSpielMCTSBot", OpenSpielMCTSBot.refusal)
register_bot(OpenSpielISMCTSBot.NAME, f"{__name__}:OpenSpielISMCTSBot",
             OpenSpielISMCTSBot.refusal)

__all__ = ["OpenSpielISMCTSBot", "OpenSpielMCTSBot", "spiel_game"]
