"""What a seat (or a spectator) of Gib Gas! may know, as typed views the rules build.

The board, the narration, the terminal drawing, the bots and the encoder read these fields,
and ``state.observation(seat)`` is the same view as JSON (``rennbahn.core.views.as_json``):
the fields are declared in the order the JSON has always listed them, and a part that only
some positions have (Franz, a pit stop, the result) is :data:`UNSET` and left out of the
JSON. A driver's cards are named by their German originals: ``"200"``..``"250"``, ``"die"``,
``"tempo"``, ``"pit"``; a track card by its code (``"V2-1"``). This module does not import the
rules, so a front end can read a view without the rules.

>>> from rennbahn.core.views import as_json
>>> as_json(LastPit(seat=1, roll=240, points=2))
{'seat': 1, 'roll': 240, 'points': 2}
"""

from __future__ import annotations

from typing import Literal

from rennbahn.core.views import UNSET, UnsetType, View

#: A car's speed this round: the speed driven, ``"rolling"`` (a die still to roll), ``"pit"``
#: (in the pits) or None (no card revealed yet).
Speed = int | Literal["rolling", "pit"] | None


class Driver(View, frozen=True, kw_only=True):
    """One driver as the viewing seat sees them.

    Every hand is known (``hand``; I20: every card played is shown) except in the
    six-driver race, where another driver's hand hides a secret discard: then only the
    speed cards that driver has never played are given (I15). Only the driver's own seat
    sees its ``discard``.
    """

    damage: int
    stars: int
    #: The track cards won, in the order they were won.
    won: list[str]
    #: The cards on the table since the hand last came back.
    played: list[str]
    hand_size: int
    last_speed: str | None
    #: The card this round (None: not revealed yet).
    card: str | None
    speed: Speed
    out: bool
    hand: list[str] | UnsetType = UNSET
    discard: str | UnsetType | None = UNSET
    speed_cards_never_played: list[str] | UnsetType = UNSET


class Franz(View, frozen=True, kw_only=True):
    """Franz, the imaginary third car of a two-driver race (I13)."""

    #: How many of each card are left in his pile: ``"200"``..``"250"`` and ``"tempo"``.
    pile: dict[str, int]
    card: str | None
    speed: Speed
    last_speed: str | None


class PitStop(View, frozen=True, kw_only=True):
    """The pit stops of this round still to come, the first under way."""

    queue: list[int]
    points: int
    #: The die face the first stop rolled (None: still to roll). The face, not only the
    #: points: 240 and 250 both give 2 (I17).
    roll: int | None


class LastPit(View, frozen=True, kw_only=True):
    """The latest pit stop this round, also one that ended at once with nothing to take."""

    seat: int
    roll: int
    points: int


class GibGasPublicView(View, frozen=True, kw_only=True):
    """What every seat knows: the whole table but the six-driver discards (I15, I20)."""

    #: The game string.
    game: str
    phase: str
    #: The round counted from 1 (the number of cards driven for, once the race is over).
    round: int
    #: The face-up track cards, the front one (driven for next) first.
    row: list[str]
    stack_left: int
    #: The track card driven for last.
    last_card: str | None
    drivers: list[Driver]
    franz: Franz | UnsetType = UNSET
    pit: PitStop | UnsetType = UNSET
    last_pit: LastPit | UnsetType = UNSET
    #: The cars with a speed die still to roll (phase roll, before any pit stop).
    rolling: list[int] | UnsetType = UNSET
    scores: list[int] | UnsetType = UNSET
    winners: list[int] | UnsetType = UNSET


class GibGasView(GibGasPublicView, frozen=True, kw_only=True):
    """What one seat knows: the public view with its own hand and discard, its seat and its
    legal moves (by notation)."""

    seat: int
    legal: list[str]


def seat_of(view: GibGasPublicView) -> int | None:
    """The viewing seat (None: a spectator's view)."""
    return view.seat if isinstance(view, GibGasView) else None


def own_driver(view: GibGasPublicView) -> Driver | None:
    """The viewing seat's own driver (None: a spectator's view)."""
    seat = seat_of(view)
    return view.drivers[seat] if seat is not None and 0 <= seat < len(view.drivers) else None


__all__ = ["Driver", "Franz", "GibGasPublicView", "GibGasView", "LastPit", "PitStop", "Speed",
           "own_driver", "seat_of"]
