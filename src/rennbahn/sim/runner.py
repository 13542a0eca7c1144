"""Batch simulation: many seeded games between bots, summarised for balance questions.

Game ``i`` of a run with seed ``s`` is played with its own seed derived from ``(s, i)``, so a
run gives the same numbers whatever the backend (:mod:`rennbahn.sim.backends`), the number of
workers and the batch size.
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

from rennbahn.bots.factory import make_bot
from rennbahn.core.driver import play, win_shares
from rennbahn.core.errors import ParameterError
from rennbahn.core.protocol import CHANCE, JSON, State
from rennbahn.core.registry import SeatStats, game_entry, load_game
from rennbahn.sim.backends import SIM_BATCH, Backend, ProcessBackend

Z95 = 1.959963984540054


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded with ``seed``."""
    return random.Random(f"rennbahn/{seed}/{index}").getrandbits(63)


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (shared wins count as fractions)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class GameOutcome:
    """What one simulated game contributes to the summary."""

    returns: list[float]
    actions: int
    decisions: int
    stats: list[dict[str, JSON]]

    def win_shares(self) -> list[float]:
        """1 shared by the seats with the highest return (:func:`core.driver.win_shares`)."""
        return win_shares(self.returns)


def _stats_function(game_name: str) -> SeatStats | None:
    part = game_entry(game_name).stats
    return part() if part is not None else None


def play_one(game_string: str, seats: Sequence[str], seed: int, index: int) -> GameOutcome:
    """Play game ``index`` of a run (a top-level function so worker processes can run it)."""
    game = load_game(game_string)
    bots = [make_bot(game, name) for name in seats]
    final: list[State] = []
    record = play(game, bots, game_seed(seed, index), seats=seats,
                  on_step=lambda state, _step: final.append(state) if state.is_terminal()
                  else None)
    stats_of = _stats_function(game.NAME)
    stats = stats_of(final[-1]) if stats_of is not None and final else []
    decisions = sum(1 for step in record.steps if step.actor != CHANCE)
    actions = sum(len(step.actions) for step in record.steps)
    return GameOutcome(record.returns, actions, decisions, stats)


def _play_chunk(args: tuple[str, Sequence[str], int, range]) -> list[GameOutcome]:
    game_string, seats, seed, indices = args
    return [play_one(game_string, seats, seed, i) for i in indices]


def run_games(
    game_string: str,
    seats: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    chunk: int = SIM_BATCH,
    backend: Backend | None = None,
) -> Generator[GameOutcome, None, None]:
    """Yield the outcome of each game, in order, on ``backend`` (default: ``workers``
    processes), ``chunk`` games to a batch."""
    game = load_game(game_string)
    if len(seats) != game.num_players():
        raise ParameterError(
            f"{game} has {game.num_players()} seats; --seats names {len(seats)} bots"
        )
    for name in seats:
        make_bot(game, name)  # fail early on an unknown bot name
    canonical = str(game)
    jobs = ((canonical, list(seats), seed, range(i, min(i + chunk, games)))
            for i in range(0, games, chunk))
    runner = backend if backend is not None else ProcessBackend(workers)
    with closing(runner.map(_play_chunk, jobs)) as batches:  # closed early: cancelled
        for outcomes in batches:
            yield from outcomes


@dataclass
class Summary:
    """Win rates with 95% intervals, lengths, and the game's own figures."""

    game: str
    seed: int
    seats: list[str]
    games: int = 0
    wins: list[float] = field(default_factory=list)
    actions: int = 0
    decisions: int = 0
    sums: list[dict[str, float]] = field(default_factory=list)
    groups: dict[str, dict[str, list[float]]] = field(default_factory=dict)

    def add(self, outcome: GameOutcome) -> None:
        if not self.wins:
            self.wins = [0.0] * len(self.seats)
            self.sums = [{} for _ in self.seats]
        self.games += 1
        self.actions += outcome.actions
        self.decisions += outcome.decisions
        shares = outcome.win_shares()
        for seat, value in enumerate(shares):
            self.wins[seat] += value
            self.sums[seat]["return"] = self.sums[seat].get("return", 0.0) + outcome.returns[seat]
        for seat, stats in enumerate(outcome.stats):
            for key, value in stats.items():
                if key.startswith("by_"):
                    bucket = self.groups.setdefault(key[3:], {}).setdefault(
                        str(value), [0.0, 0.0, 0.0])
                    bucket[0] += shares[seat]
                    bucket[1] += 1
                    bucket[2] += outcome.returns[seat]
                elif isinstance(value, int | float):
                    self.sums[seat][key] = self.sums[seat].get(key, 0.0) + float(value)

    def to_json(self) -> dict[str, Any]:
        n = max(self.games, 1)
        seats = []
        for seat, bot in enumerate(self.seats):
            wins = self.wins[seat] if self.wins else 0.0
            low, high = wilson(wins, self.games)
            seats.append({
                "seat": seat,
                "bot": bot,
                "wins": wins,
                "win_rate": wins / n,
                "ci95": [low, high],
                "means": {k: v / n for k, v in (self.sums[seat] if self.sums else {}).items()},
            })
        by = {
            key: {
                value: {"win_rate": w / c, "ci95": list(wilson(w, int(c))), "seats": int(c),
                        "mean_return": r / c}
                for value, (w, c, r) in sorted(buckets.items())
            }
            for key, buckets in self.groups.items()
        }
        return {
            "game": self.game,
            "seed": self.seed,
            "games": self.games,
            "seats": seats,
            "mean_actions": self.actions / n,
            "mean_decisions": self.decisions / n,
            "by": by,
        }
