"""What a Grand Prix seat sees, as typed structures: the track, the cars, the stack, the die.

Nothing in Grand Prix is hidden (the stack's order is chance at each draw), so a seat's view
is the public view with the seat's number in front. The rules build these
(:meth:`GrandPrixState.view <rennbahn.core.protocol.State.view>`); the narration, the board,
the terminal drawing and the encoder read their fields, and the observation a client
receives is their JSON: the fields in the order declared here, the ``UNSET`` ones left out.
Lists stay lists (not tuples) so that the JSON-ready builtins of a view are plain lists.

>>> import rennbahn
>>> from rennbahn.core.views import expect_view
>>> state = rennbahn.load_game("grandprix(players=2)").state_from_text("sc<A 0,3 0:roll 4")
>>> view = expect_view(state.view(1), GrandPrixView)
>>> view.seat, view.phase, [card.kind for card in view.track], view.cars[1].card
(1, 'roll', ['start', 'straight', 'curve', 'accident'], 3)
>>> list(state.observation(1))[:3], "seat" in state.public_observation()
(['seat', 'turn', 'phase'], False)
"""

from __future__ import annotations

import msgspec

from rennbahn.core.views import UNSET, UnsetType, View


class Part(msgspec.Struct, frozen=True, kw_only=True):
    """A piece of a view (a card, a car, a drive): frozen like the view it belongs to."""


class Card(Part, frozen=True, kw_only=True):
    """A laid card: its index along the track, kind, grid cell and the way the road runs."""

    card: int
    kind: str
    x: int
    y: int
    #: The heading the road enters the card with (``from`` in the JSON).
    from_: str = msgspec.field(name="from")
    #: The heading it leaves the card with (the same as ``from_`` unless a curve).
    to: str


class Car(Part, frozen=True, kw_only=True):
    """A driver's car: how far along the race it is and on which card it stands."""

    seat: int
    progress: int
    card: int
    returning: bool
    home: bool
    misses_turn: bool


class Drive(Part, frozen=True, kw_only=True):
    """Where one drive of a roll stopped (the grandstand's second drive: ``RollRecord.again``)
    and why: ``result`` is ``drove``, ``short``, ``taken``, ``end_of_track`` or ``home`` (see
    ``RollRecord``)."""

    to: int
    driven: int
    card: int
    kind: str
    returning: bool
    turned: bool
    home: bool
    result: str


class RollRecord(Part, frozen=True, kw_only=True):
    """What the last roll did (rules ``roll_record``): ``seat`` rolled ``face`` from progress
    ``from_`` and its first drive stopped as the :class:`Drive` fields say (written flat, as
    the JSON has them); ``result`` is ``void``, ``blocked``, ``short``, ``taken`` (it would
    have stopped on the accident card, where another car stands, I11), ``drove`` or
    ``home``; ``grandstand`` is None, ``asked``, ``again`` (then ``again`` is the second
    drive), ``stay`` or ``no_gain``."""

    seat: int
    face: int
    from_: int = msgspec.field(name="from")
    to: int
    driven: int
    card: int
    kind: str
    returning: bool
    turned: bool
    home: bool
    result: str
    grandstand: str | None
    misses_turn: bool
    again: Drive | UnsetType = UNSET


class GrandPrixView(View, frozen=True, kw_only=True):
    """One seat's view (``seat`` set) or the public one (``seat`` UNSET): the whole race.

    ``card_to_lay`` and ``ways`` are set while a curve waits to be turned (phase ``place``),
    ``rolled`` while the grandstand asks (``stand``), ``winner`` once the race is ``over``
    (None: the turn limit ended it, I18).
    """

    seat: int | UnsetType = UNSET
    turn: int
    phase: str
    track: list[Card]
    set_aside: list[str]
    cars: list[Car]
    stack: dict[str, int]
    stack_left: int
    turnaround_laid: bool
    finish: int | None
    turns: int
    last_roll: RollRecord | None
    card_to_lay: str | UnsetType = UNSET
    ways: list[str] | UnsetType = UNSET
    rolled: int | UnsetType = UNSET
    winner: int | UnsetType | None = UNSET

    def awaits_roll(self, seat: int) -> bool:
        """Whether the die is about to roll for ``seat``'s car: after the turnaround (I17) a
        roll is the only move, a chance node, and the terminal still waits for the person."""
        return self.turn == seat and self.phase == "roll"


__all__ = ["Car", "Card", "Drive", "GrandPrixView", "Part", "RollRecord"]
