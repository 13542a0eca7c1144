"""The rule behind every kind of event the Gib Gas! narration tells (``rennbahn.core.citations``).

Sections are the rulebook's ("Fender Benders", "Drive!", "Pit Stops / Refueling", ...); their
words for players are ``section_*`` and ``reading_*`` in ``texts.toml``, and each is explained
under the heading of the players' rules page (``howto/<lang>.md``) that ``ANCHORS`` names.

>>> from rennbahn.games.gibgas.texts import Teller
>>> say = Teller("en")
>>> CITATIONS.cite(say("total_loss", name="Anna"))
(Citation(section='finish', readings=('I8',)),)
"""

from __future__ import annotations

from rennbahn.core.citations import Citation, Citations
from rennbahn.games.gibgas.texts import CATALOGUE

_SETUP = Citation("setup", ("I6",))
_FRANZ = Citation("two", ("I13",))
_PIT = Citation("pit", ("I10", "I17"))
_CHAMPIONS = Citation("champions", ("I11",))
_WINNER = Citation("finish", ("I14",))

#: Every kind of event the narration tells (the key of its line's text) and its rule.
EVENTS: dict[str, Citation] = {
    "intro": _SETUP,
    "intro_rules": Citation("race", ("I16",)),
    "intro_franz": _FRANZ,
    "intro_six": Citation("six", ("I15",)),
    "intro_champions": _CHAMPIONS,
    "you_are": _SETUP,
    "spectator": _SETUP,
    "dealt": Citation("drive", ("I19",)),
    "dealt_many": Citation("drive", ("I19",)),
    "your_hand": Citation("race"),
    "discard_own": Citation("six", ("I15",)),
    "discard_all": Citation("six", ("I15",)),
    "revealed": Citation("race"),
    "hand_back": Citation("pit", ("I12",)),
    "franz_shuffle": _FRANZ,
    "franz_again": _FRANZ,
    "franz_reveals": _FRANZ,
    "franz_crashes": _FRANZ,
    "franz_wins": _FRANZ,
    "rolls": Citation("cards"),
    "round": Citation("drive"),
    "bender": Citation("benders", ("I2",)),
    "nobody_takes": Citation("drive"),
    "nobody_crashes": Citation("drive"),
    "crashes": Citation("drive", ("I9",)),
    "wins": Citation("drive", ("I1",)),
    "in_pits": Citation("pit", ("I7",)),
    "total_loss": Citation("finish", ("I8",)),
    "pit_roll": _PIT,
    "pit_nothing": _PIT,
    "takes": _PIT,
    "takes_more": _PIT,
    "pit_unused": _PIT,
    "pit_roll_champions": _CHAMPIONS,
    "pit_nothing_champions": _CHAMPIONS,
    "repairs": _CHAMPIONS,
    "repairs_more": _CHAMPIONS,
    "over_done": Citation("finish", ("I18",)),
    "over_loss": Citation("finish", ("I8",)),
    "score": _WINNER,
    "score_out": _WINNER,
    "winner": _WINNER,
    "winner_tie": _WINNER,
    "shared": _WINNER,
    "nobody_wins": _WINNER,
}

#: Texts inside a line that cite a rule of their own: why nobody took the track card.
DETAILS: dict[str, Citation] = {
    "why_pits": Citation("pit", ("I7",)),
    "why_benders": Citation("benders", ("I2",)),
    "why_second": Citation("drive", ("I1",)),
    "fastest_free": Citation("benders"),
    "slowest_free": Citation("benders"),
}

#: The heading of the players' rules page that explains each section.
ANCHORS: dict[str, str] = {
    "setup": "setup", "cards": "setup", "race": "round", "benders": "round",
    "drive": "round", "pit": "round", "finish": "end", "two": "two-six", "six": "two-six",
    "champions": "variants",
}

#: Gib Gas!'s citations (named by the game's registry entry).
CITATIONS = Citations(CATALOGUE, events=EVENTS, anchors=ANCHORS, details=DETAILS)

__all__ = ["ANCHORS", "CITATIONS", "DETAILS", "EVENTS"]
