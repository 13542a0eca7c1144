"""What the adapters share: facts read off a game's classes, replaying, seeded chance."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from rennbahn.core.driver import sample_chance
from rennbahn.core.errors import MissingExtraError, ParameterError, RennbahnError
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, Game, State
from rennbahn.core.registry import GameEntry, load_game


def has_simultaneous_moves(game_class: type[Game]) -> bool:
    """Whether the game has simultaneous nodes (declared by the game, checked by conformance)."""
    return game_class.SIMULTANEOUS_MOVES


def has_hidden_information(game_class: type[Game]) -> bool:
    """Whether some action can be hidden from a seat (declared, checked by conformance)."""
    return game_class.HIDDEN_INFORMATION


def utility_sum(entry: GameEntry) -> float | None:
    """The returns' sum if it is the same constant in every variant, else None."""
    sums: set[float | None] = set()
    for text in (entry.name, *entry.variants):
        try:
            sums.add(load_game(text).utility_sum())
        except RennbahnError:  # a variant the game refuses: the conformance test reports it
            continue
    if len(sums) == 1:
        (value,) = sums
        return value
    return None


@lru_cache(maxsize=256)
def cached_game(text: str) -> Game:
    """One Game object per game string (games are immutable facts)."""
    return load_game(text)


def replay(game: Game, history: Sequence[tuple[int, int]]) -> State:
    """The state reached from the start by ``history`` ((actor, action) pairs)."""
    state = game.new_initial_state()
    n = game.num_players()
    i = 0
    while i < len(history):
        if state.current_player() == SIMULTANEOUS:
            state.apply_actions([action for _, action in history[i:i + n]])
            i += n
        else:
            state.apply_action(history[i][1])
            i += 1
    return state


def play_chance(state: State, rng: random.Random) -> None:
    """Sample chance nodes with ``rng`` until a seat must move or the game is over."""
    while state.current_player() == CHANCE:
        state.apply_action(sample_chance(state.chance_outcomes(), rng))


def game_named(name: str, game: Game | str) -> Game:
    """``game`` (a game string or object), which must be the game registered as ``name``:
    an environment id names one game, its parameters may be given."""
    made = cached_game(game) if isinstance(game, str) else game
    if made.NAME != name:
        raise ParameterError(
            f"this environment is {name}'s; game={str(made)!r} is {made.NAME}'s (give "
            f"{name} with its parameters, such as {name}(players=2))"
        )
    return made


def agent_name(seat: int) -> str:
    return f"seat_{seat}"



def missing_extra(adapter: str, exc: ImportError) -> MissingExtraError:
    """The error to raise when an adapter's library is missing: it names the ``rl`` extra."""
    return MissingExtraError(
        f"rennbahn.interop.{adapter} needs the package {exc.name or exc}, which is not "
        "installed; install the research extra: pip install 'rennbahn[rl]'"
    )
