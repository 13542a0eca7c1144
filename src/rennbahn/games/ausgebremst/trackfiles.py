"""The file formats of Ausgebremst's track data, as msgspec reads them.

A half-board file (``data/tracks/<half>.json``, :class:`HalfFile`) and the rulebook's table
of the eight races (``data/races.json``, :class:`RaceTable`); :mod:`.tracks` checks what the
fields mean and builds the graph. These classes live apart from :mod:`.tracks` because
msgspec reads a Struct's annotations when it decodes, and a module compiled with mypyc
(:mod:`.tracks` is one) keeps no annotations it can read: this module stays plain Python in
every build.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

#: The widest half-board: destinations are numbered per column (``tracks.slot_name``).
MAX_COLUMNS = 40
MAX_PIT_SPACES = 9

_Row = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_COLUMNS)]
_Column = Annotated[int, msgspec.Meta(ge=0, lt=MAX_COLUMNS)]
_Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]


class PitAlley(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An end half's pit alley: ``spaces`` pit spaces joining ``lane`` at the half's
    ``columns`` (a, c), counted clockwise."""

    columns: tuple[_Column, _Column]
    spaces: Annotated[int, msgspec.Meta(ge=1, le=MAX_PIT_SPACES)]
    lane: Literal["inner", "outer"] = "outer"


class HalfFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The declared schema of a half-board file (``data/tracks/<half>.json``); the rows'
    characters and how they fit together are checked by ``tracks.parse_half``."""

    name: _Name
    board: str
    role: Literal["front", "end"]
    inner: _Row
    outer: _Row
    lines: _Row
    pit: PitAlley | None = None
    notes: str = ""


_PitCards = tuple[int, ...]


class RaceRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    number: int
    front: str
    end: str
    direction: Literal["clockwise", "anti-clockwise"]
    distance: int
    difficulty: str
    pit_cards: tuple[_PitCards, _PitCards, _PitCards]
    reserve: int


class RaceTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    about: str
    tracks: tuple[RaceRow, ...]
