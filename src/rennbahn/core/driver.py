"""The seeded driver: it owns the one random generator and asks bots for moves.

Bots never receive the true state. They get a :class:`SeatView`, which shows what their
seat may see: the observation, the information state, the legal moves, and full states
resampled from the information state for search.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from rennbahn.core.errors import IllegalActionError
from rennbahn.core.protocol import CHANCE, JSON, SIMULTANEOUS, Game, State
from rennbahn.core.records import Record, Step


class SeatView:
    """What one seat may look at. Holds the state privately; exposes only the seat's view."""

    __slots__ = ("_seat", "_state")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self._seat = seat

    @property
    def seat(self) -> int:
        return self._seat

    @property
    def game(self) -> Game:
        return self._state.get_game()

    def current_player(self) -> int:
        return self._state.current_player()

    def legal_actions(self) -> list[int]:
        return self._state.legal_actions(self._seat)

    def observation(self) -> dict[str, JSON]:
        return self._state.observation(self._seat)

    def observation_string(self) -> str:
        return self._state.observation_string(self._seat)

    def information_state_string(self) -> str:
        return self._state.information_state_string(self._seat)

    def action_to_string(self, action: int) -> str:
        return self._state.action_to_string(self._seat, action)

    def string_to_action(self, text: str) -> int:
        return self._state.string_to_action(self._seat, text)

    def history_length(self) -> int:
        return len(self._state.history())

    def resample(self, rng: random.Random) -> State:
        """A full state consistent with everything this seat knows (for search bots)."""
        return self._state.resample_from_infostate(self._seat, rng)


class Bot(Protocol):
    """A player: a function from what its seat sees to a move."""

    def step(self, view: SeatView, rng: random.Random) -> int: ...


def sample_chance(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """Pick a chance outcome with the given probabilities using ``rng``."""
    x = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if x < total:
            return action
    return outcomes[-1][0]


def random_step(state: State, rng: random.Random) -> None:
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


def _ask(bot: Bot, state: State, seat: int, rng: random.Random) -> int:
    action = bot.step(SeatView(state, seat), rng)
    if action not in state.legal_actions(seat):
        raise IllegalActionError(
            f"bot {type(bot).__name__} at seat {seat} chose illegal action {action}"
        )
    return action


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
    rng = random.Random(seed)
    if state is None:
        state = game.new_initial_state()
    start = state.to_text() if state.history() or state._origin is not None else None
    steps: list[Step] = []
    while not state.is_terminal():
        player = state.current_player()
        step: Step
        if player == CHANCE:
            action = sample_chance(state.chance_outcomes(), rng)
            step = Step(CHANCE, (action,), (state.action_to_string(CHANCE, action),))
            state.apply_action(action)
        elif player == SIMULTANEOUS:
            joint = [_ask(bot, state, seat, rng) for seat, bot in enumerate(bots)]
            notation = tuple(state.action_to_string(s, a) for s, a in enumerate(joint))
            step = Step(SIMULTANEOUS, tuple(joint), notation)
            state.apply_actions(joint)
        else:
            action = _ask(bots[player], state, player, rng)
            step = Step(player, (action,), (state.action_to_string(player, action),))
            state.apply_action(action)
        steps.append(step)
        if on_step is not None:
            on_step(state, step)
    return Record(
        game=str(game),
        version=game.version,
        seed=seed,
        seats=list(seats) if seats is not None else [type(b).__name__ for b in bots],
        steps=steps,
        returns=state.returns(),
        final=state.to_text(),
        start=start,
    )
