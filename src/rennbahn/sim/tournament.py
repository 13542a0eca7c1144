"""Tournaments: bots play each other with seats rotated; win rates, pairwise results, ratings.

The schedule is made of blocks. With at most as many entrants as seats, block game ``j``
seats entrant ``(s + j) mod k`` in seat ``s`` (``k`` entrants; an entrant may fill several
seats); with more entrants than seats, a block has every group of ``n`` entrants in each of
its ``n`` rotations. Either way every entrant sits in every seat equally often in a block, and
the number of games is rounded up to whole blocks. The games of a block share one seed (the
deal and the first draws are the same for every rotation, which takes luck out of the
comparison); block ``b`` of a run seeded ``s`` has the seed :func:`~rennbahn.sim.game_seed`
``(s, b)``, so the results do not depend on the backend, the number of workers or the batch
size (as long as the bots use iteration budgets, not time).

Ratings come from openskill's Plackett-Luce model, the games taken in schedule order; an
entrant named twice in one game gets the mean of its two updates.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Generator, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

from rennbahn.bots.factory import make_bot
from rennbahn.core.driver import Bot, SeatView, play, win_shares
from rennbahn.core.errors import ParameterError
from rennbahn.core.protocol import Game
from rennbahn.core.registry import load_game
from rennbahn.sim.backends import TOURNAMENT_BATCH, Backend, ProcessBackend
from rennbahn.sim.runner import game_seed, wilson


def schedule_block(entrants: Sequence[str], seats: int) -> list[list[str]]:
    """The line-ups of one block (see the module docstring)."""
    k = len(entrants)
    if k == 0:
        raise ParameterError("a tournament needs at least one bot")
    if k <= seats:
        return [[entrants[(s + j) % k] for s in range(seats)] for j in range(k)]
    block = []
    for group in itertools.combinations(entrants, seats):
        block.extend([list(group[j:] + group[:j]) for j in range(seats)])
    return block


@dataclass
class GameResult:
    """One tournament game: who sat where, the returns, and each seat's thinking time."""

    index: int
    lineup: list[str]
    returns: list[float]
    move_seconds: list[list[float]]

    def shares(self) -> list[float]:
        return win_shares(self.returns)


class _Timed:
    """A bot that notes how long each of its moves took."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds: list[float] = []

    def step(self, view: SeatView, rng: Any) -> int:
        start = time.perf_counter()
        action = self.bot.step(view, rng)
        self.seconds.append(time.perf_counter() - start)
        return action


def play_game(game_string: str, lineup: Sequence[str], seed: int, index: int) -> GameResult:
    """Play one tournament game (top level, so worker processes can run it)."""
    game = load_game(game_string)
    bots = [_Timed(make_bot(game, name)) for name in lineup]
    record = play(game, bots, seed, seats=list(lineup))
    return GameResult(index, list(lineup), record.returns, [b.seconds for b in bots])


def _play_chunk(args: tuple[str, list[tuple[list[str], int, int]]]) -> list[GameResult]:
    game_string, games = args
    return [play_game(game_string, lineup, seed, index) for lineup, seed, index in games]


def pair_seats(seats: int) -> list[tuple[int, int]]:
    """The seats of the two entrants in each game of :func:`pair_block`'s block."""
    return list(itertools.permutations(range(seats), 2))


def pair_block(first: str, second: str, filler: str | None, seats: int) -> list[list[str]]:
    """The line-ups of one block of a two-entrant match (a sequential test).

    At two seats the two swap seats; at a bigger table every ordered pair of seats takes the
    two entrants in turn, the other seats going to ``filler``: ``seats * (seats - 1)`` games
    in which each entrant sits in every seat equally often, and before and after the other
    equally often.
    """
    if seats > 2 and filler is None:
        raise ParameterError(
            f"the table has {seats} seats and --bots names two; say which bot takes the "
            f"other {seats - 2} with --filler, for example --filler heuristic")
    block = []
    for a, b in pair_seats(seats):
        lineup = [filler or ""] * seats
        lineup[a], lineup[b] = first, second
        block.append(lineup)
    return block


def plan(game: Game, entrants: Sequence[str], games: int, seed: int,
         block: Sequence[Sequence[str]] | None = None) -> list[tuple[list[str], int, int]]:
    """(line-up, seed, index) of every game, ``games`` rounded up to whole blocks (by
    default :func:`schedule_block`'s)."""
    if block is None:
        block = schedule_block(entrants, game.num_players())
    blocks = -(-games // len(block))
    return [(list(lineup), game_seed(seed, b), b * len(block) + j)
            for b in range(blocks) for j, lineup in enumerate(block)]


def run_tournament(game_string: str, entrants: Sequence[str], games: int, seed: int,
                   workers: int = 1, chunk: int = TOURNAMENT_BATCH,
                   backend: Backend | None = None,
                   block: Sequence[Sequence[str]] | None = None
                   ) -> Generator[GameResult, None, None]:
    """Yield every game's result in schedule order, on ``backend`` (default: ``workers``
    processes), ``chunk`` games to a batch."""
    game = load_game(game_string)
    for name in dict.fromkeys(entrants):
        make_bot(game, name)  # an unknown bot or parameter fails before anything is played
    canonical = str(game)
    games_plan = plan(game, entrants, games, seed, block)
    jobs = ((canonical, games_plan[i:i + chunk]) for i in range(0, len(games_plan), chunk))
    runner = backend if backend is not None else ProcessBackend(workers)
    with closing(runner.map(_play_chunk, jobs)) as batches:  # closed early: cancelled
        for results in batches:
            yield from results


@dataclass
class Standings:
    """Win rates per entrant (per seat taken), the pairwise table and openskill ratings."""

    game: str
    seed: int
    entrants: list[str]
    players: int
    results: list[GameResult] = field(default_factory=list)

    def add(self, result: GameResult) -> None:
        self.results.append(result)

    def names(self) -> list[str]:
        return list(dict.fromkeys(self.entrants))

    def to_json(self, timing: bool = True) -> dict[str, Any]:
        """Everything as JSON; ``timing=False`` leaves out the move times (which vary)."""
        names = self.names()
        wins = dict.fromkeys(names, 0.0)
        seats_taken = dict.fromkeys(names, 0)
        by_seat = {name: [[0.0, 0] for _ in range(self.players)] for name in names}
        times: dict[str, list[float]] = {name: [] for name in names}
        pair = {(a, b): [0.0, 0] for a in names for b in names if a != b}
        for result in self.results:
            shares = result.shares()
            for seat, name in enumerate(result.lineup):
                wins[name] += shares[seat]
                seats_taken[name] += 1
                by_seat[name][seat][0] += shares[seat]
                by_seat[name][seat][1] += 1
                times[name].extend(result.move_seconds[seat])
            best = {name: max(r for n, r in zip(result.lineup, result.returns, strict=True)
                              if n == name) for name in set(result.lineup)}
            for a, b in itertools.permutations(best, 2):
                score = pair[(a, b)]
                score[0] += 1.0 if best[a] > best[b] else 0.5 if best[a] == best[b] else 0.0
                score[1] += 1
        rows = []
        for name, rating in zip(names, self.ratings(), strict=True):
            low, high = wilson(wins[name], seats_taken[name])
            row: dict[str, Any] = {
                "bot": name,
                "seats_taken": seats_taken[name],
                "wins": wins[name],
                "win_rate": wins[name] / max(seats_taken[name], 1),
                "ci95": [low, high],
                "fair_share": 1 / self.players,
                "by_seat": [w / max(c, 1) for w, c in by_seat[name]],
                "rating": rating,
            }
            if timing:
                moves = times[name]
                row["seconds_per_move"] = {
                    "mean": sum(moves) / len(moves) if moves else 0.0,
                    "max": max(moves, default=0.0),
                    "moves": len(moves),
                }
            rows.append(row)
        pairwise = []
        for (a, b), (ahead, count) in pair.items():
            if count:
                low, high = wilson(ahead, int(count))
                pairwise.append({"bot": a, "against": b, "games": int(count),
                                 "ahead": ahead / count, "ci95": [low, high]})
        return {
            "game": self.game,
            "seed": self.seed,
            "games": len(self.results),
            "entrants": list(self.entrants),
            "bots": rows,
            "pairwise": pairwise,
        }

    def ratings(self) -> list[dict[str, float]]:
        """openskill Plackett-Luce ratings (mu, sigma, ordinal), games in schedule order."""
        from openskill.models import PlackettLuce

        model = PlackettLuce()
        names = self.names()
        current = {name: model.rating(name=name) for name in names}
        for result in sorted(self.results, key=lambda r: r.index):
            teams = [[current[name]] for name in result.lineup]
            # openskill ranks: lower is better; equal returns share a rank.
            ranks = [float(-r) for r in result.returns]
            new = model.rate(teams, ranks=ranks)
            updates: dict[str, list[tuple[float, float]]] = {}
            for name, team in zip(result.lineup, new, strict=True):
                updates.setdefault(name, []).append((team[0].mu, team[0].sigma))
            for name, values in updates.items():
                mu = sum(v[0] for v in values) / len(values)
                sigma = sum(v[1] for v in values) / len(values)
                current[name] = model.rating(mu=mu, sigma=sigma, name=name)
        return [{"mu": current[n].mu, "sigma": current[n].sigma,
                 "ordinal": current[n].ordinal()} for n in names]


def tournament(game_string: str, entrants: Sequence[str], games: int, seed: int,
               workers: int = 1,
               on_result: Callable[[GameResult], None] | None = None,
               backend: Backend | None = None) -> Standings:
    """Run a whole tournament and return its standings."""
    game = load_game(game_string)
    standings = Standings(str(game), seed, list(entrants), game.num_players())
    for result in run_tournament(game_string, entrants, games, seed, workers,
                                 backend=backend):
        standings.add(result)
        if on_result is not None:
            on_result(result)
    return standings
