"""Every text of Ausgebremst, English and German side by side, and the game's
:class:`Teller`: one catalogue for the narration, the board and the terminal drawing."""

from __future__ import annotations

import re
from functools import cache

from rennbahn.core import i18n
from rennbahn.core.errors import ParameterError
from rennbahn.core.i18n import Texts, catalogue, load_texts
from rennbahn.games.ausgebremst.tracks import Track, build_track, race_track

#: Every text, English and German side by side, read from ``texts.toml`` beside
#: this module (one column per language).
TEXTS: Texts = load_texts(__name__.rpartition(".")[0])

#: The catalogue of every text of Ausgebremst, by language then key (``rennbahn.core.i18n``).
CATALOGUE: dict[str, dict[str, str]] = catalogue(TEXTS)


class Teller(i18n.GameTeller):
    """The words of one language and one set of seat names (shared with ``ui.py``)."""

    CATALOGUE = CATALOGUE

    def car(self, name: str) -> str:
        """What people call a car: a player's (``P0`` in the view) by its seat's name,
        ``Driver 1`` unless named; a neutral car by its own name (``N1``)."""
        if name.startswith("P") and name[1:].isdigit():
            return self.seat(int(name[1:]))
        return name

    def called(self, name: str) -> str:
        """What the pages and the narration call a car: a player's by its seat's name, a
        neutral car ``N1`` as "Neutral car 1" (the terminal keeps the short ``N1``)."""
        if name.startswith("N") and name[1:].isdigit():
            return self("neutral_car", number=name[1:])
        return self.car(name)

    def square(self, track: str, space: str) -> str:
        """A space of ``track`` (its name in a view) in words: ``27o`` is "square 27 in the
        outer lane", ``12b`` "square 12 (the bottleneck)", ``p2`` "pit space 2"; fields A
        and C (the pit alley's entry and exit) are named too. Squares count from field A."""
        found = SPACE.fullmatch(space)
        if found is None:
            return space
        square, code, pit = found.groups()
        if pit is not None:
            return self("sq_pit", number=pit)
        if code == "b":
            words = self("sq_bottleneck", square=square)
        else:
            words = self("sq_lane", square=square, lane=self.lane(code))
        field = field_of(track, space)
        return self("sq_field", square=words, field=field) if field else words

    def lane(self, code: str) -> str:
        """``i`` or ``o`` in words: "inner lane", "outer lane"."""
        return self("lane_inner" if code == "i" else "lane_outer")

    def route(self, track: str, start: str, end: str) -> str:
        """A drive from one space to another: "from square 27 to square 29 in the outer
        lane" when both lie in one lane, else each square in full."""
        a, b = SPACE.fullmatch(start), SPACE.fullmatch(end)
        if (a is not None and b is not None and a.group(2) == b.group(2)
                and a.group(2) in ("i", "o") and not field_of(track, start)
                and not field_of(track, end)):
            return self("route_lane", start=a.group(1), end=b.group(1),
                        lane=self.lane(a.group(2)))
        return self("route", start=self.square(track, start), end=self.square(track, end))

    def at(self, track: str, space: str) -> str:
        """Where a car stands: "on square 27 in the outer lane"."""
        return self("at", square=self.square(track, space))


#: A space's name in a view: ``27o``, ``27i``, ``12b`` or ``p2``.
SPACE = re.compile(r"(\d+)([iob])|p(\d+)")


@cache
def _track(name: str) -> Track | None:
    try:
        return build_track(race_track(name.lower()).number)
    except ParameterError:
        return None


def field_of(track: str, space: str) -> str:
    """"A" for field A (the pit alley's entry), "C" for field C (its exit), else ""."""
    built = _track(track)
    if built is None or space not in built.names:
        return ""
    index = built.names.index(space)
    return "A" if index == built.field_a else "C" if index == built.field_c else ""


__all__ = ["CATALOGUE", "SPACE", "TEXTS", "Teller", "field_of"]
