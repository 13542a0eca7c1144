"""Search bots on rennbahn's own protocol: one information-set MCTS for every game, and flat
Monte Carlo as a baseline.

Both decide from a :class:`~rennbahn.core.driver.SeatView` only. Each iteration starts from a
full state resampled from the seat's information state (``view.resample``), so the search
never looks at the true state; in a game without hidden information (Grand Prix) the
resampled state is the position itself and :class:`SearchBot` is plain MCTS.

:class:`SearchBot` is single-observer information-set MCTS (Cowling, Powley and Whitehouse
2012): one tree whose edges are the actions *as the searching seat sees them* (an action it
does not see, such as another seat's secret deal, is one edge whatever it was), with
availability counts in the UCB formula because the moves of other seats differ between
resampled states. Chance is handled by sampling: a chance outcome the seat sees is an edge of
its own, so the tree branches on dice and draws. At a simultaneous node (Gib Gas!) each seat
chooses with its own UCB statistics, decoupled UCT after Lanctot, Lisý and Winands (2014),
and the child is the joint action as the searching seat sees it. Rewards are win shares (the
highest return wins, shared on a tie; nobody wins when every return is 0), one per seat, and
each seat maximises its own.

Rollouts play uniformly random moves, or the game's heuristic bot (``rollout=heuristic``);
the heuristic is dearer per step but often worth it. A budget is a number of iterations
(deterministic: the same seed gives the same move) or ``seconds`` (then the number of
iterations depends on the machine and its load, and so may the move).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from rennbahn.core.driver import Bot, SeatView, random_step, sample_chance
from rennbahn.core.errors import ParameterError
from rennbahn.core.params import Param, ParamValue, shown
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, Game, State

#: Longest time budget a bot accepts, in seconds.
MAX_SECONDS = 3600.0
#: Most iterations a bot accepts in one move.
MAX_ITERATIONS = 10_000_000
ROLLOUTS = ("random", "heuristic")


@dataclass(frozen=True)
class FloatParam(Param):
    """A parameter holding a decimal number (kept as its text: ``seconds=0.5``)."""

    low: float = 0.0
    high: float = MAX_SECONDS

    def allowed(self) -> str:
        return f"a number from {self.low:g} to {self.high:g}"

    def coerce(self, value: object) -> ParamValue:
        try:
            number = float(value) if isinstance(value, int | float | str) else math.nan
        except ValueError:
            number = math.nan
        if isinstance(value, bool) or not self.low <= number <= self.high:
            raise ParameterError(
                f"parameter {self.name}={shown(value)} is not allowed; it takes {self.allowed()}"
            )
        return repr(number)


def number(value: ParamValue) -> float:
    """The value of a :class:`FloatParam` as a float."""
    return float(value)


ITERATIONS = Param("iterations", 1000, "iterations per move (ignored when seconds > 0)",
                   minimum=1, maximum=MAX_ITERATIONS)
SECONDS = FloatParam("seconds", "0.0", "time per move; 0: use iterations (deterministic)")
ROLLOUT = Param("rollout", "random", "how rollouts play: uniformly random, or the game's "
                "heuristic bot in every seat", choices=ROLLOUTS)


def win_shares(returns: Sequence[float]) -> list[float]:
    """1 shared by the seats with the highest return; nobody wins when all have 0 or less."""
    best = max(returns)
    if best <= 0:
        return [0.0] * len(returns)
    winners = sum(1 for r in returns if r == best)
    return [1.0 / winners if r == best else 0.0 for r in returns]


class Budget:
    """Iterations, or seconds when ``seconds > 0``."""

    def __init__(self, iterations: int, seconds: float) -> None:
        self.iterations = iterations
        self.seconds = seconds
        self.start = time.perf_counter()
        self.done = 0

    def more(self) -> bool:
        if self.seconds > 0:
            return self.done == 0 or time.perf_counter() - self.start < self.seconds
        return self.done < self.iterations

    def elapsed(self) -> float:
        return time.perf_counter() - self.start


class Rollout:
    """Plays a state to the end, randomly or with the game's heuristic bot in every seat."""

    def __init__(self, game: Game, kind: str) -> None:
        self.bots: list[Bot] | None = None
        if kind == "heuristic":
            from rennbahn.bots.factory import make_bot  # the factory imports this module

            self.bots = [make_bot(game, "heuristic") for _ in range(game.num_players())]

    def play(self, state: State, rng: random.Random) -> list[float]:
        bots = self.bots
        if bots is None:
            while not state.is_terminal():
                random_step(state, rng)
        else:
            while not state.is_terminal():
                self.step(state, rng)
        return win_shares(state.returns())

    def step(self, state: State, rng: random.Random) -> None:
        """One rollout step (also used to choose the other seats' moves by flat MC)."""
        bots = self.bots
        if bots is None:
            random_step(state, rng)
            return
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state.chance_outcomes(), rng))
        elif player == SIMULTANEOUS:
            state.apply_actions(
                [bots[s].step(SeatView(state, s), rng) for s in range(len(bots))]
            )
        else:
            state.apply_action(bots[player].step(SeatView(state, player), rng))


class _Stat:
    """Visits, summed reward of the acting seat, and availability of one action at a node."""

    __slots__ = ("available", "value", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.value = 0.0
        self.available = 0


class _Node:
    """A node of the tree: statistics per (seat, action) and children by the edge seen."""

    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.stats: dict[tuple[int, int], _Stat] = {}
        self.children: dict[tuple[int | None, ...], _Node] = {}

    def child(self, key: tuple[int | None, ...]) -> _Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = _Node()
        return node


class _Searcher:
    """What both search bots share: the budget, the rollout, the bot's own generator."""

    def __init__(self, game: Game, iterations: int = 1000, seconds: float = 0.0,
                 rollout: str = "random") -> None:
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = Rollout(game, rollout)
        #: Iterations and seconds of the last search (for benchmarks).
        self.last_iterations = 0
        self.last_seconds = 0.0

    def step(self, view: SeatView, rng: random.Random) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        own = random.Random(rng.getrandbits(64))  # one draw: the table's sequence stays short
        budget = Budget(self.iterations, self.seconds)
        action = self._search(view, legal, own, budget)
        self.last_iterations, self.last_seconds = budget.done, budget.elapsed()
        return action

    def _search(self, view: SeatView, legal: list[int], rng: random.Random,
                budget: Budget) -> int:
        raise NotImplementedError


class SearchBot(_Searcher):
    """Information-set MCTS (plain MCTS without hidden information, decoupled UCT at
    simultaneous nodes). See the module docstring.

    >>> import rennbahn, random
    >>> from rennbahn.bots import make_bot
    >>> from rennbahn.core.driver import SeatView
    >>> game = rennbahn.load_game("grandprix(players=2)")
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.legal_actions()[0])
    >>> bot = make_bot(game, "mcts(iterations=20)")
    >>> bot.step(SeatView(state, state.current_player()), random.Random(1)) in state.legal_actions()
    True
    """

    PARAMS: tuple[Param, ...] = (
        ITERATIONS,
        SECONDS,
        ROLLOUT,
        FloatParam("c", "0.7", "exploration constant of UCB (rewards are win shares, 0 to 1)",
                   high=100.0),
    )

    def __init__(self, game: Game, iterations: int = 1000, seconds: float = 0.0,
                 rollout: str = "random", c: float = 0.7) -> None:
        super().__init__(game, iterations, seconds, rollout)
        self.c = c
        self.hidden = game.HIDDEN_INFORMATION

    def _search(self, view: SeatView, legal: list[int], rng: random.Random,
                budget: Budget) -> int:
        root = _Node()
        seat = view.seat
        while budget.more():
            self._iterate(root, view.resample(rng), seat, rng)
            budget.done += 1
        return _most_visited(root, seat, legal)

    def _iterate(self, root: _Node, state: State, seat: int, rng: random.Random) -> None:
        node = root
        path: list[tuple[_Node, list[tuple[int, int]]]] = []
        expanded = False
        while not expanded and not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                action = sample_chance(state.chance_outcomes(), rng)
                state.apply_action(action)
                node = node.child(self._seen(state, seat, 1))
                continue
            if player == SIMULTANEOUS:
                joint: list[int] = []
                for s in range(self.game.num_players()):
                    action, new = self._select(node, s, state.legal_actions(s), rng)
                    joint.append(action)
                    expanded = expanded or new
                state.apply_actions(joint)
                path.append((node, list(enumerate(joint))))
                node = node.child(self._seen(state, seat, len(joint)))
            else:
                action, expanded = self._select(node, player, state.legal_actions(player), rng)
                state.apply_action(action)
                path.append((node, [(player, action)]))
                node = node.child(self._seen(state, seat, 1))
        rewards = self.rollout.play(state, rng)
        for at, moves in path:
            for who, action in moves:
                stat = at.stats[(who, action)]
                stat.visits += 1
                stat.value += rewards[who]

    def _select(self, node: _Node, player: int, legal: list[int],
                rng: random.Random) -> tuple[int, bool]:
        """UCB over the actions legal in this resampled state; an untried one first."""
        stats = node.stats
        untried = []
        for action in legal:
            stat = stats.get((player, action))
            if stat is None:
                untried.append(action)
            else:
                stat.available += 1
        if untried:
            action = untried[rng.randrange(len(untried))]
            stat = stats[(player, action)] = _Stat()
            stat.available = 1
            return action, True
        c = self.c
        best, best_value = legal[0], -math.inf
        for action in legal:
            stat = stats[(player, action)]
            value = stat.value / stat.visits + c * math.sqrt(
                math.log(stat.available) / stat.visits)
            if value > best_value:
                best, best_value = action, value
        return best, False

    def _seen(self, state: State, seat: int, count: int) -> tuple[int | None, ...]:
        """The last ``count`` actions as ``seat`` saw them (None where it saw nothing)."""
        if not self.hidden:
            return tuple(state.history()[-count:])
        return tuple(action for _, action in state.seen_history(seat)[-count:])


def _most_visited(root: _Node, seat: int, legal: list[int]) -> int:
    def key(action: int) -> tuple[int, float, int]:
        stat = root.stats.get((seat, action))
        if stat is None:
            return (0, 0.0, -action)
        return (stat.visits, stat.value / stat.visits, -action)

    return max(legal, key=key)


class FlatMonteCarloBot(_Searcher):
    """Flat Monte Carlo: the same number of rollouts for each legal move, the best mean wins.

    Each rollout starts from a resampled state; at a simultaneous node the other seats'
    moves come from the rollout policy.
    """

    PARAMS: tuple[Param, ...] = (ITERATIONS, SECONDS, ROLLOUT)

    def _search(self, view: SeatView, legal: list[int], own: random.Random,
                budget: Budget) -> int:
        seat = view.seat
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        while budget.more():
            i = budget.done % len(legal)
            state = view.resample(own)
            if state.current_player() == SIMULTANEOUS:
                joint = []
                for s in range(self.game.num_players()):
                    if s == seat:
                        joint.append(legal[i])
                    else:
                        joint.append(self._other(state, s, own))
                state.apply_actions(joint)
            else:
                state.apply_action(legal[i])
            totals[i] += self.rollout.play(state, own)[seat]
            counts[i] += 1
            budget.done += 1
        best = max(range(len(legal)),
                   key=lambda j: (totals[j] / counts[j] if counts[j] else -1.0, -legal[j]))
        return legal[best]

    def _other(self, state: State, seat: int, rng: random.Random) -> int:
        bots = self.rollout.bots
        if bots is None:
            legal = state.legal_actions(seat)
            return legal[rng.randrange(len(legal))]
        return bots[seat].step(SeatView(state, seat), rng)
