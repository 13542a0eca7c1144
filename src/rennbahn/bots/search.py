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
from typing import ClassVar, Protocol, cast

from rennbahn.bots.factory import make_bot
from rennbahn.core.driver import Bot, SeatView, sample_chance, win_shares
from rennbahn.core.errors import ParameterError
from rennbahn.core.params import FloatParam, Param, ParamValue, shown
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, Game, State

#: Longest time budget a bot accepts, in seconds.
MAX_SECONDS = 3600.0
#: Most iterations a bot accepts in one move.
MAX_ITERATIONS = 10_000_000
ROLLOUTS = ("random", "heuristic")
SELECTIONS = ("ucb", "rm", "exp3")


def number(value: ParamValue) -> float:
    """The value of a :class:`FloatParam` as a float."""
    return float(value)


ITERATIONS = Param("iterations", 1000, "iterations per move (ignored when seconds > 0)",
                   minimum=1, maximum=MAX_ITERATIONS)
SECONDS = FloatParam("seconds", "0.0", "time per move; 0: use iterations (deterministic)")
DEPTH = Param("depth", 0, "rollout moves before the game's evaluation ends a rollout; 0: play "
              "rollouts to the end", minimum=0, maximum=10_000)
ROLLOUT = Param("rollout", "random", "how rollouts play: uniformly random, or the game's "
                "heuristic bot in every seat", choices=ROLLOUTS)


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


class _Fast(Protocol):
    """A game's cheap rollout policy: a move for ``seat`` in a full (resampled) state."""

    def rollout_move(self, state: State, seat: int, rng: random.Random) -> int: ...


class _Evaluator(Protocol):
    """A game's evaluation: each seat's chance to win from a position not yet over."""

    def evaluate(self, state: State) -> list[float]: ...


class Rollout:
    """Plays a state to the end (or ``depth`` moves, then evaluates it), randomly or with the
    game's heuristic in every seat.

    A heuristic bot may offer a cheaper policy for rollouts (a method ``rollout_move(state,
    seat, rng)``, Gib Gas!) and an evaluation (``evaluate(state)``, each seat's chance to
    win); rollouts use the cheap policy when there is one, and ``depth > 0`` needs the
    evaluation.
    """

    def __init__(self, game: Game, kind: str, depth: int = 0) -> None:
        self.game = game
        self.bots: list[Bot] | None = None
        self.fast: _Fast | None = None
        self.evaluator: _Evaluator | None = None
        self.depth = depth
        if kind == "heuristic" or depth > 0:
            heuristic = make_bot(game, "heuristic")
            if depth > 0:
                if not hasattr(heuristic, "evaluate"):
                    raise ParameterError(
                        f"depth={depth} needs an evaluation of unfinished games, which "
                        f"{game.NAME} does not offer; use depth=0 (play rollouts to the end)")
                self.evaluator = cast(_Evaluator, heuristic)
            if kind == "heuristic":
                if hasattr(heuristic, "rollout_move"):
                    self.fast = cast(_Fast, heuristic)
                else:
                    self.bots = [heuristic] + [make_bot(game, "heuristic")
                                               for _ in range(game.num_players() - 1)]

    def play(self, state: State, rng: random.Random) -> list[float]:
        left = self.depth if self.evaluator is not None else -1
        while not state.is_terminal():
            if left == 0:
                assert self.evaluator is not None
                return self.evaluator.evaluate(state)
            if state.current_player() != CHANCE:
                left -= 1
            self.step(state, rng)
        return win_shares(state.returns())

    def step(self, state: State, rng: random.Random) -> None:
        """One rollout step."""
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state.chance_outcomes(), rng))
        elif player == SIMULTANEOUS:
            state.apply_actions([self.move(state, s, rng)
                                 for s in range(self.game.num_players())])
        else:
            state.apply_action(self.move(state, player, rng))

    def move(self, state: State, seat: int, rng: random.Random) -> int:
        """The rollout policy's move for ``seat`` (also the other seats' moves in flat MC)."""
        if self.fast is not None:
            return self.fast.rollout_move(state, seat, rng)
        if self.bots is not None:
            return self.bots[seat].step(SeatView(state, seat), rng)
        legal = state.legal_actions(seat)
        return legal[rng.randrange(len(legal))]


class _Stat:
    """Visits, summed reward of the acting seat, and availability of one action at a node;
    for regret matching and Exp3 at a joint node also the cumulative regret (Exp3: the
    summed importance-weighted reward) and the summed strategy (``mass``)."""

    __slots__ = ("available", "mass", "regret", "value", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.value = 0.0
        self.available = 0
        self.regret = 0.0
        self.mass = 0.0


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
                 rollout: str = "random", depth: int = 0) -> None:
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = Rollout(game, rollout, depth)
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
    """Information-set MCTS (plain MCTS without hidden information; at simultaneous nodes
    decoupled UCT, regret matching or Exp3). See the module docstring.

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

    PARAMS: ClassVar[tuple[Param, ...]] = (
        ITERATIONS,
        SECONDS,
        ROLLOUT,
        DEPTH,
        FloatParam("c", "0.7", "exploration constant of UCB (rewards are win shares, 0 to 1)",
                   high=100.0),
        Param("select", "ucb", "how each seat chooses at a simultaneous node: decoupled UCB "
              "(the move is the most visited), regret matching or Exp3 (the move is drawn "
              "from the average strategy)", choices=SELECTIONS),
        FloatParam("gamma", "0.1", "rm and exp3: the share of uniformly random choices",
                   high=1.0),
    )

    def __init__(self, game: Game, iterations: int = 1000, seconds: float = 0.0,
                 rollout: str = "random", depth: int = 0, c: float = 0.7,
                 select: str = "ucb", gamma: float = 0.1) -> None:
        if select not in SELECTIONS:
            raise ParameterError(f"select={shown(select)} is not allowed; it takes one of "
                                 f"{', '.join(SELECTIONS)}")
        super().__init__(game, iterations, seconds, rollout, depth)
        self.c = c
        self.select = select
        self.gamma = gamma
        self.hidden = game.HIDDEN_INFORMATION

    def _search(self, view: SeatView, legal: list[int], rng: random.Random,
                budget: Budget) -> int:
        root = _Node()
        seat = view.seat
        while budget.more():
            self._iterate(root, view.resample(rng), seat, rng)
            budget.done += 1
        if self.select != "ucb" and view.current_player() == SIMULTANEOUS:
            return _drawn_from_average(root, seat, legal, rng)
        return _most_visited(root, seat, legal)

    def _iterate(self, root: _Node, state: State, seat: int, rng: random.Random) -> None:
        node = root
        #: (node, seat, action, chance it was drawn with, the legal actions) per choice; the
        #: last two only where regret matching or Exp3 chose.
        path: list[tuple[_Node, int, int, float, list[int] | None]] = []
        expanded = False
        mixed = self.select != "ucb"
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
                    legal = state.legal_actions(s)
                    if mixed:
                        action, chance = self._draw(node, s, legal, rng)
                        path.append((node, s, action, chance, legal))
                    else:
                        action, new = self._select(node, s, legal, rng)
                        path.append((node, s, action, 1.0, None))
                        expanded = expanded or new
                    joint.append(action)
                state.apply_actions(joint)
                key = self._seen(state, seat, len(joint))
                expanded = expanded or key not in node.children
                node = node.child(key)
            else:
                action, expanded = self._select(node, player, state.legal_actions(player), rng)
                state.apply_action(action)
                path.append((node, player, action, 1.0, None))
                node = node.child(self._seen(state, seat, 1))
        rewards = self.rollout.play(state, rng)
        exp3 = self.select == "exp3"
        for at, who, action, chance, among in path:
            reward = rewards[who]
            stat = at.stats[(who, action)]
            stat.visits += 1
            stat.value += reward
            if among is None:
                continue
            if exp3:
                stat.regret += reward / chance
                continue
            stats = at.stats
            for other in among:  # regret of each action against the one drawn
                stats[(who, other)].regret -= reward
            stat.regret += reward / chance

    def _draw(self, node: _Node, player: int, legal: list[int],
              rng: random.Random) -> tuple[int, float]:
        """Regret matching or Exp3 over the actions legal here, mixed with ``gamma`` of
        uniform choice; returns the action and the chance it was drawn with."""
        stats = node.stats
        mine = []
        for action in legal:
            stat = stats.get((player, action))
            if stat is None:
                stat = stats[(player, action)] = _Stat()
            stat.available += 1
            mine.append(stat)
        k = len(legal)
        if self.select == "exp3":
            eta = self.gamma / k
            top = max(stat.regret for stat in mine)
            weights = [math.exp(eta * (stat.regret - top)) for stat in mine]
        else:
            weights = [max(stat.regret, 0.0) for stat in mine]
        total = sum(weights)
        strategy = [w / total for w in weights] if total > 0 else [1.0 / k] * k
        for stat, p in zip(mine, strategy, strict=True):
            stat.mass += p
        gamma = self.gamma
        mixed = [(1.0 - gamma) * p + gamma / k for p in strategy]
        x = rng.random()
        for i, p in enumerate(mixed):
            x -= p
            if x < 0:
                return legal[i], p
        return legal[-1], mixed[-1]

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


def _drawn_from_average(root: _Node, seat: int, legal: list[int], rng: random.Random) -> int:
    """An action drawn from the seat's average strategy at the root (Lanctot et al. 2014:
    in simultaneous moves the mixed strategy, not the single best action, is the answer)."""
    masses = [root.stats[(seat, a)].mass if (seat, a) in root.stats else 0.0 for a in legal]
    total = sum(masses)
    if total <= 0:
        return legal[0]
    x = rng.random() * total
    for action, mass in zip(legal, masses, strict=True):
        x -= mass
        if x < 0:
            return action
    return legal[-1]


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

    PARAMS: ClassVar[tuple[Param, ...]] = (ITERATIONS, SECONDS, ROLLOUT, DEPTH)

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
        return self.rollout.move(state, seat, rng)
