"""The components of Gib Gas!: the driver's cards, the speed die and the track cards.

The driver's cards and the die are printed in the rulebook and fixed here. The mix of track
cards is not published; it is read from a JSON file in ``data/`` (or any path), so a person
can review it and a parameter can load another.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from rennbahn.core.data import read_component_file, shipped_names
from rennbahn.core.errors import ParameterError

DATA = Path(__file__).parent / "data"
#: The track-card mixes that ship with rennbahn (``data/*.json``), for ``cards``.
SHIPPED_MIXES = shipped_names(DATA)

# The nine playable driver's cards, in action order. Speed cards 0..5 are 200..250.
SPEEDS = (200, 210, 220, 230, 240, 250)
DIE, TEMPO, PIT = 6, 7, 8
CARD_CODES = "012345DTP"
CARD_NAMES = ("200", "210", "220", "230", "240", "250", "die", "tempo", "pit")
ALL_CARDS = (1 << 9) - 1
SPEED_CARDS = (1 << 6) - 1

# The speed die: 100, 100, 100, 240, 250, 300. Faces are grouped by value.
DIE_FACES = ((100, 3), (240, 1), (250, 1), (300, 1))
# Pit-stop points per die value: the first digit of the number rolled.
PIT_POINTS = {100: 1, 240: 2, 250: 2, 300: 3}

START_DAMAGE = 18
CARDS_REMOVED_UNSEEN = 4
ROW_LENGTH = 4

# What a position is made of, shared by the rules, the notation and the views (which must
# not import the rules): the phases of a round, the speed marks of a car and Franz's pile.
PHASES = ("deal", "discard", "choose", "franz", "roll", "pitroll", "pittake", "over")
P_DEAL, P_DISCARD, P_CHOOSE, P_FRANZ, P_ROLL, P_PITROLL, P_PITTAKE, P_OVER = range(8)
# Speed marks for a car this round (any other value is the speed driven).
NO_SPEED = -1
NEED_ROLL = -2
PIT_SPEED = 0
# Franz's pile holds the six speed cards and Tempo-Halten of each unused colour.
FRANZ_TEMPO = 6
FRANZ_KINDS = 7
#: The values the speed die shows, one per kind of face.
DIE_VALUES = tuple(value for value, _ in DIE_FACES)
#: The cards of a hand bitmask, in card order, for every one of the 512 hands.
CARDS_IN = tuple(tuple(i for i in range(9) if mask >> i & 1) for mask in range(1 << 9))


class Kind(Enum):
    """The four kinds of track card."""

    VOLLGAS = "V"
    BREMSEN = "B"
    CRASH_FAST = "XF"
    CRASH_SLOW = "XS"

    @property
    def rewards_fastest(self) -> bool:
        return self in (Kind.VOLLGAS, Kind.CRASH_FAST)

    @property
    def is_crash(self) -> bool:
        return self in (Kind.CRASH_FAST, Kind.CRASH_SLOW)


@dataclass(frozen=True)
class TrackCard:
    """A kind of track card. ``bender``: fender-bender damage; ``crash``: crash damage."""

    kind: Kind
    stars: int
    bender: int
    crash: int

    @property
    def code(self) -> str:
        """Short notation: ``V2-1`` (2 stars, 1 arrow), ``XF3-1`` (crash 3, 1 arrow)."""
        value = self.crash if self.kind.is_crash else self.stars
        return f"{self.kind.value}{value}-{self.bender}"

    def describe(self) -> str:
        names = {
            Kind.VOLLGAS: "Vollgas!",
            Kind.BREMSEN: "Bremsen!",
            Kind.CRASH_FAST: "Vollgas-Crash",
            Kind.CRASH_SLOW: "Bremsen-Crash",
        }
        worth = f"crash {self.crash}" if self.kind.is_crash else f"{self.stars} star(s)"
        return f"{names[self.kind]} ({worth}, fender bender {self.bender})"


def track_card(code: str) -> TrackCard:
    """The track card a code such as ``V2-1`` or ``XF3-1`` names (``TrackCard.code`` read
    back).

    >>> track_card("XF3-1").describe()
    'Vollgas-Crash (crash 3, fender bender 1)'
    """
    kind = code.rstrip("0123456789-")
    value, _, arrows = code[len(kind):].partition("-")
    crash = Kind(kind).is_crash
    return TrackCard(Kind(kind), 0 if crash else int(value), int(arrows),
                     int(value) if crash else 0)


@dataclass(frozen=True)
class TrackDeck:
    """A mix of track cards: distinct kinds with how many of each."""

    name: str
    cards: tuple[TrackCard, ...]
    counts: tuple[int, ...]

    @property
    def size(self) -> int:
        return sum(self.counts)

    @property
    def raced(self) -> int:
        """Cards that come into play: all but the four put back unseen."""
        return self.size - CARDS_REMOVED_UNSEEN

    def index(self, code: str) -> int:
        for i, card in enumerate(self.cards):
            if card.code == code:
                return i
        codes = ", ".join(c.code for c in self.cards)
        raise ValueError(f"no track card {code!r} in deck {self.name!r}; cards: {codes}")


def load_deck(name: str) -> TrackDeck:
    """Load a track-card mix by name (a file in ``data/``) or by path to a JSON file."""
    path, data = read_component_file(name, DATA, "Gib Gas! card mix")
    try:
        cards: list[TrackCard] = []
        counts: list[int] = []
        for entry in data["cards"]:
            kind = Kind(entry["kind"])
            card = TrackCard(
                kind=kind,
                stars=0 if kind.is_crash else int(entry["stars"]),
                bender=int(entry["bender"]),
                crash=int(entry["crash"]) if kind.is_crash else 0,
            )
            if card in cards:
                raise ValueError(f"card {card.code} is listed twice; give it one count")
            if int(entry["count"]) < 1:
                raise ValueError(f"card {card.code} has count {entry['count']}")
            cards.append(card)
            counts.append(int(entry["count"]))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ParameterError(f"card mix {path} is malformed: {exc}") from exc
    deck = TrackDeck(str(data.get("name", path.stem)), tuple(cards), tuple(counts))
    if deck.raced < ROW_LENGTH:
        raise ParameterError(f"card mix {path} has {deck.size} cards; at least 8 are needed")
    return deck
