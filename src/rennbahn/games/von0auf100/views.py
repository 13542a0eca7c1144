"""What a seat (or a spectator) of Von 0 auf 100 may know, as typed views.

The rules build them (``Von0auf100State.view`` and ``public_view``); the narration, the
board, the terminal drawing, the bots and the encoder read their fields. The public view
holds the board, the cans, the cars out of the race and the licences uncovered; a seat's
view adds who it is and its own licences, after the public fields, so that its JSON
(``observation``) lists the public keys first, as it always has. Cars are named by their
letters (``components.COLOURS``), seats by their index from 0. (Each class repeats
``frozen`` and ``kw_only``, which msgspec inherits, so that mypy knows them too.)

>>> from rennbahn.core.views import as_json
>>> as_json(LastCan(seat=1, can=3, car="Y", from_=4, to=7))
{'seat': 1, 'can': 3, 'car': 'Y', 'from': 4, 'to': 7}
>>> as_json(CarOut(race=1, car="G", seat=None, how="crossed"))
[1, 'G', None, 'crossed']
"""

from __future__ import annotations

from typing import Literal

import msgspec

from rennbahn.core.views import View

Phase = Literal["layout", "deal", "race", "over"]
Scoring = Literal["win", "season"]
#: How a car left a race: it crossed the line, or it was judged by its square when the cars
#: still racing were caught by oil (I17) or when the safety stop came (I16).
How = Literal["crossed", "caught", "stopped"]


class LastCan(View, frozen=True, kw_only=True):
    """The last can placed: by ``seat``, can ``can`` on car ``car``, from square ``from`` to
    ``to`` (``from`` in the JSON; a Python name cannot be ``from``)."""

    seat: int
    can: int
    car: str
    from_: int = msgspec.field(name="from")
    to: int


class EarlierCan(View, frozen=True, kw_only=True):
    """A can of the round before: by ``seat``, can ``can`` on car ``car``."""

    seat: int
    can: int
    car: str


class CarOut(View, frozen=True, kw_only=True, array_like=True):
    """A car out of a race, written as ``[race, car, seat or null, how]``: the seat that
    uncovered its licence (None: nobody) and how it left (:data:`How`)."""

    race: int
    car: str
    seat: int | None
    how: How


class Undecided(View, frozen=True, kw_only=True, array_like=True):
    """A race that ended undecided, written as ``[race, how]``: no car still racing could
    reach the line (``caught`` by oil, I17) or the safety stop came (``stopped``, I16)."""

    race: int
    how: How


class Von0auf100PublicView(View, frozen=True, kw_only=True):
    """What every seat knows (the spectator's view): no licence that was not uncovered."""

    players: int
    scoring: Scoring
    race: int
    #: The races of the game: those asked for, and one for each replay (``undecided=replay``).
    races: int
    round: int
    phase: Phase
    #: The track cards laid so far, one ``components.KIND_CODES`` character each.
    track: str
    length: int
    #: The square at which a car is across the line (I1).
    target: int
    #: Each car's square, by letter.
    cars: dict[str, int]
    #: The cars out of the current race, in order.
    out: list[str]
    #: Every car out of every race so far.
    finishes: list[CarOut]
    #: The licences uncovered in the current race: car -> seat.
    owners: dict[str, int]
    dealt: int
    start: int
    to_move: int | None
    cans: int
    #: The cars that got cans this round, in can order.
    on: list[str]
    next_can: int | None
    withdrawn: int
    pending: int
    #: Per seat, the squares it moved each car (in colour order) this race.
    given: list[list[int]]
    last: LastCan | None
    previous: list[EarlierCan]
    score: list[int]
    #: The races that ended undecided: nobody won them and they scored nothing (I17).
    undecided: list[Undecided]
    #: Per race so far (the current one included), what each seat scored in it.
    race_scores: list[list[int]]


class Von0auf100View(Von0auf100PublicView, frozen=True, kw_only=True):
    """What one seat knows: the public view, who it is, and its own licences."""

    you: int
    licences: list[str]


def viewer(view: Von0auf100PublicView) -> int | None:
    """The seat whose view this is; None for the public view (a spectator)."""
    return view.you if isinstance(view, Von0auf100View) else None


def own_licences(view: Von0auf100PublicView) -> list[str]:
    """The viewing seat's licences (none in the public view)."""
    return view.licences if isinstance(view, Von0auf100View) else []


__all__ = [
    "CarOut",
    "EarlierCan",
    "How",
    "LastCan",
    "Phase",
    "Scoring",
    "Undecided",
    "Von0auf100PublicView",
    "Von0auf100View",
    "own_licences",
    "viewer",
]
