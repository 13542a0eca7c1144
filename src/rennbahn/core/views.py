"""Typed views: what one seat (or every seat) may know now, as a structure mypy can check.

Each game declares its view as :class:`View` subclasses (msgspec Structs) that its rules
build; the narration, the board, the terminal drawing, the bots and the encoder read their
fields, and :meth:`State.observation <rennbahn.core.protocol.State.observation>` is the same
view as JSON-ready builtins. A field that a view may leave out has the default
:data:`UNSET`, which is left out of the JSON too, so the JSON of a view is exactly the dict
its fields spell, in the order they are declared. A subclass repeats ``frozen=True`` (so
that mypy knows it) and ``kw_only=True`` (without it, msgspec would put a subclass's own
fields before the ones it inherits, and the JSON's order would change).

>>> class Seat(View, frozen=True, kw_only=True):
...     seat: int
...     hand: list[str] | UnsetType = UNSET
>>> as_json(Seat(seat=1))
{'seat': 1}
>>> as_json(Seat(seat=0, hand=["T"]))
{'seat': 0, 'hand': ['T']}
>>> expect_view(Seat(seat=1), Seat).seat
1
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec
from msgspec import UNSET, UnsetType

__all__ = ["UNSET", "UnsetType", "View", "as_json", "expect_view"]


class View(msgspec.Struct, frozen=True, kw_only=True):
    """The base of every game's views: frozen (a view is shared by everyone it is sent to)."""

    def awaits_roll(self, seat: int) -> bool:
        """Whether the chance node now due is ``seat``'s own roll of the die, which a
        person rolls by pressing a key (Grand Prix); the default is no."""
        return False


V = TypeVar("V", bound=View)


def expect_view(view: View, kind: type[V]) -> V:
    """``view`` as the game's own view type: its board and narration are given views of
    their own game only, and a view of another game is a programming error."""
    if not isinstance(view, kind):
        raise TypeError(f"expected a {kind.__name__}, got a {type(view).__name__}")
    return view


def as_json(view: View) -> dict[str, Any]:
    """The view as JSON-ready builtins (dicts, lists, strings, numbers, None)."""
    data: dict[str, Any] = msgspec.to_builtins(view)
    return data
