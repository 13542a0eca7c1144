"""The seeded driver: a table with a bot in every seat, played to the end.

Bots never receive the true state. They get a :class:`SeatView`, which shows what their
seat may see: the observation, the information state, the legal moves, and full states
resampled from the information state for search. The step-wise :class:`Table` in
:mod:`rennbahn.core.table` is the one way a game advances; :func:`play` runs it to the end.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Protocol

from rennbahn.core.errors import IllegalActionError
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, Game, State
from rennbahn.core.records import Record, Step
from rennbahn.core.seat import SeatView
from rennbahn.core.table import Bot, Table, sample_chance

__all__ = ["Bot", "SeatView", "play", "random_step", "sample_chance", "win_chances",
           "win_shares"]


def win_shares(returns: Sequence[float]) -> list[float]:
    """1 shared by the seats with the highest return; nobody wins when all have 0 or less.

    For games whose returns are already win shares (Gib Gas!) this is the same; for games
    that return points (an Ausgebremst championship) it is who scored most."""
    best = max(returns)
    if best <= 0:
        return [0.0] * len(returns)
    winners = sum(1 for r in returns if r == best)
    return [1.0 / winners if r == best else 0.0 for r in returns]


def win_chances(scores: Sequence[float]) -> list[float]:
    """Each seat's chance to win from its score on a log scale (a softmax): the games'
    evaluations of unfinished positions, for search cut off before the end, share it."""
    top = max(scores)
    weights = [math.exp(x - top) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]


class _Seats(Protocol):
    def num_players(self) -> int: ...


class Steppable(Protocol):
    """What :func:`random_step` asks of a state: a rennbahn state, or an OpenSpiel one
    (benchmarks/bench_playouts.py drives OpenSpiel's goofspiel through the very same loop;
    declared as this protocol, the compiled loop calls both alike)."""

    def current_player(self) -> int: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def legal_actions(self, player: int) -> list[int]: ...
    def apply_action(self, action: int) -> None: ...
    def apply_actions(self, actions: list[int]) -> None: ...
    def get_game(self) -> _Seats: ...


def random_step(state: Steppable, rng: random.Random) -> None:
    """One random step: a chance outcome by its probability, else uniform legal moves
    (one per seat at a simultaneous node). Playouts, tests and benchmarks share it."""
    player = state.current_player()
    if player == CHANCE:
        state.apply_action(sample_chance(state.chance_outcomes(), rng))
    elif player == SIMULTANEOUS:
        n = state.get_game().num_players()
        joint = []
        for seat in range(n):
            legal = state.legal_actions(seat)
            joint.append(legal[rng.randrange(len(legal))])
        state.apply_actions(joint)
    else:
        legal = state.legal_actions(player)
        state.apply_action(legal[rng.randrange(len(legal))])


def play(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    *,
    seats: Sequence[str] | None = None,
    on_step: Callable[[State, Step], None] | None = None,
    state: State | None = None,
) -> Record:
    """Play one game to the end and return its record.

    Chance is sampled with ``random.Random(seed)``, which bots share for their own choices:
    the same seed and bots give the same game, byte for byte. ``on_step`` is called after
    every step with the new state (for drawing or narrating).
    """
    if len(bots) != game.num_players():
        raise IllegalActionError(
            f"{game} needs {game.num_players()} bots, one per seat; got {len(bots)}"
        )
    table = Table(game, bots, seed, state=state)
    table.advance(on_step)
    return table.record(
        list(seats) if seats is not None else [type(b).__name__ for b in bots]
    )
