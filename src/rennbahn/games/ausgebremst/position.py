"""The fields of an Ausgebremst position, as the notation and the resampling read them.

The rules (``rules.py``) keep a position in :class:`~rennbahn.games.ausgebremst.rules.
AusgebremstState`; the notation writes, reads and checks it and the resampling fills in the
hidden cards. Both work on these Protocols instead of the rules' classes, so that the rules
import them and nothing imports the rules back.
"""

from __future__ import annotations

from typing import Protocol

from rennbahn.core.protocol import State
from rennbahn.games.ausgebremst.constants import Counts, Stacks
from rennbahn.games.ausgebremst.tracks import RaceTrack, Track


class Facts(Protocol):
    """The fixed facts of one game of Ausgebremst (``AusgebremstGame``)."""

    players: int
    advanced: bool
    hand_size: int
    sorted_stacks: bool
    chosen_stacks: bool
    races: tuple[RaceTrack, ...]
    tracks: tuple[Track, ...]
    neutral_deck: Counts
    family_deck: Counts
    choice_decks: tuple[Counts, ...]

    def is_neutral(self, car: int) -> bool: ...

    def car_name(self, car: int) -> str: ...

    def new_initial_state(self) -> State: ...


class Position(Protocol):
    """The fields of a position (``AusgebremstState``; its comments say what each holds)."""

    race: int
    track: Track
    lineup_due: bool
    order: list[int]
    turn: int
    turn_done: bool
    idle: int
    queue: list[tuple[int, int, int]]
    finish: list[int]
    pos: list[int]
    cross: list[int]
    pitted: list[bool]
    moved: list[bool]
    status: list[int]
    hand: list[tuple[int, ...]]
    deck: list[Counts]
    played: list[Counts]
    shown: list[tuple[int, ...] | None]
    choice: list[int]
    gears: list[tuple[int, ...]]
    dealt: list[tuple[int, ...]]
    stacks: list[Stacks]
    tops: list[tuple[tuple[int, ...], ...]]
    pitc: list[tuple[int, ...]]
    table: list[tuple[tuple[int, ...], tuple[bool, ...]]]
    race_starts: list[int]
    lineups: dict[int, tuple[int, ...]]
    sixes_only: list[int]
    last: tuple[int, int, int, int, int] | None
    _log: list[tuple[int, int, int]]

    @property
    def g(self) -> Facts: ...

    def _row(self, car: int) -> int: ...

    def _stack_size(self, car: int, stack: int) -> int: ...

    def top_first(self, car: int) -> tuple[int, ...]: ...

    def _blockaded(self, car: int) -> bool: ...

    def _public_pit_cards(self, car: int, player: int) -> tuple[list[int], int]: ...


__all__ = ["Facts", "Position"]
