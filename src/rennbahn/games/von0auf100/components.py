"""The components of Von 0 auf 100: cars, track-card kinds, the track-card mix, and the fixed
numbers of the rules that the rules and the state notation (``notation.py``) share.

The mix of symbols on the 18 symbol cards is not published; it lives in ``data/*.json``
(see docs/rules/von0auf100.md, "Track cards") and a game parameter picks another file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rennbahn.core.data import read_component_file, shipped_names
from rennbahn.core.errors import ParameterError

DATA = Path(__file__).parent / "data"
#: The track-card mixes that ship with rennbahn (``data/*.json``), for ``cards``.
SHIPPED_MIXES = shipped_names(DATA)

#: The six cars (and driver cards and licences), by one-letter code.
COLOURS = "ROYGBP"
COLOUR_NAMES = ("red", "orange", "yellow", "green", "blue", "purple")
#: Each car's colour as a CSS colour (the board draws the cars in it, a page shows it beside
#: a move).
CAR_COLOURS = dict(zip(COLOURS, ("#d62828", "#f77f00", "#f7d11e", "#2a9d3c", "#1d5fd1",
                                 "#9b3fc9"), strict=True))
NUM_CARS = 6
NUM_CANS = 5

# Track-card kinds. A can card's kind is its number (1-5).
PLAIN = 0
TURBO = 6
OIL = 7
NUM_KINDS = 8
#: One character per kind, used in the state notation and the terminal drawing.
KIND_CODES = ".12345xo"
#: Notation of a kind in chance outcomes ("lay +3").
KIND_NAMES = ("plain", "+1", "+2", "+3", "+4", "+5", "2x", "oil")
#: How many track cards after the start/target card may show no oil stain (rulebook).
NO_OIL_CARDS = 5


def move_by(kind: int, can: int) -> int:
    """Squares a car standing on a ``kind`` card moves with can ``can`` (negative: back).

    >>> move_by(2, 3), move_by(TURBO, 5), move_by(OIL, 1)
    (5, 10, -1)
    """
    if kind == TURBO:
        return 2 * can
    if kind == OIL:
        return -can
    return can + kind  # plain (0) or a can card showing ``kind``


#: MOVE[kind][can] for cans 1..5 (index 0 unused).
MOVE = tuple(tuple(move_by(kind, can) for can in range(NUM_CANS + 1)) for kind in range(NUM_KINDS))

# -- the fixed numbers of the rules (rules.py and notation.py share them) -------------------
#: I16: a race still running after this many rounds is decided by the cars' squares (I17).
MAX_ROUNDS = 200
#: How a car left the race (the fourth item of a ``fin`` entry): it crossed the line, or it
#: was judged by its square when the cars still racing were caught by oil (I17) or when the
#: safety stop came (I16).
CROSSED = 0
CAUGHT = 1
STOPPED = 2
#: The furthest one move can take a car (can 5 from a can-5 card, or from a 2x card).
MAX_STEP = max(max(row[1:]) for row in MOVE)
#: The furthest back one move can take a car (can 5 from an oil stain).
MIN_STEP = min(min(row[1:]) for row in MOVE)
#: Racing-season points for the first, second and third place (rulebook variation).
POINTS = (5, 3, 1)
#: The seat of a car whose licence nobody holds (or that nobody uncovered).
NOBODY = -1

#: What the rules announce when a car crosses the line: the seat that reveals its licence
#: (or NOBODY), whether the race is over, and the points scored.
Judgement = tuple[int, bool, int]
#: A car out of a race: (race, car, seat that uncovered it or NOBODY, how: CROSSED ...).
Finish = tuple[int, int, int, int]


def owners(deal: Sequence[int], seats: Sequence[int]) -> list[int]:
    """The seat holding each car's licence (NOBODY: none) once the licences ``deal`` went to
    ``seats`` in turn.

    >>> owners([COLOURS.index("Y"), COLOURS.index("R")], (0, 1))
    [1, -1, 0, -1, -1, -1]
    """
    owner = [NOBODY] * NUM_CARS
    for i, car in enumerate(deal):
        owner[car] = seats[i]
    return owner


@dataclass(frozen=True)
class Mix:
    """How many track cards of each kind the box holds (``counts[kind]``)."""

    name: str
    counts: tuple[int, ...]

    @property
    def plain(self) -> int:
        return self.counts[PLAIN]

    @property
    def size(self) -> int:
        return sum(self.counts)


def load_mix(name: str) -> Mix:
    """Load a track-card mix by name (a file in ``data/``) or by path to a JSON file."""
    path, data = read_component_file(name, DATA, "Von 0 auf 100 track-card mix")
    try:
        counts = [0] * NUM_KINDS
        counts[PLAIN] = int(data["plain"])
        for number, count in data.get("can", {}).items():
            if int(number) not in range(1, NUM_CANS + 1):
                raise ValueError(f"can cards show 1 to 5, not {number}")
            counts[int(number)] = int(count)
        counts[TURBO] = int(data.get("turbo", 0))
        counts[OIL] = int(data.get("oil", 0))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ParameterError(f"track-card mix {path} is malformed: {exc}") from exc
    if min(counts) < 0:
        raise ParameterError(f"track-card mix {path} has a negative count")
    if counts[PLAIN] < 1:
        raise ParameterError(f"track-card mix {path} needs at least one plain card")
    if sum(counts) - counts[OIL] < NO_OIL_CARDS:
        raise ParameterError(
            f"track-card mix {path} needs at least {NO_OIL_CARDS} cards without an oil "
            "stain for the cards right after the start"
        )
    return Mix(str(data.get("name", path.stem)), tuple(counts))
