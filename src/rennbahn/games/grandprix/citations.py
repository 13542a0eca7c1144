"""The rule behind every kind of event the Grand Prix narration tells (``rennbahn.core.citations``).

Sections are the rulebook's ("Track Pieces", "Event Cards: Grandstand", ...); their words for
players are ``section_*`` and ``reading_*`` in ``texts.toml``, and each is explained under the
heading of the players' rules page (``howto/<lang>.md``) that ``ANCHORS`` names.

>>> from rennbahn.games.grandprix.texts import Teller
>>> say = Teller("en")
>>> CITATIONS.cite(say("rolls", name="Anna", face=5, outcome=say("void_none", where="")))
(Citation(section='driving', readings=('I4',)),)
"""

from __future__ import annotations

from rennbahn.core.citations import Citation, Citations
from rennbahn.games.grandprix.texts import CATALOGUE

_SETUP = Citation("setup", ("I1", "I3"))
_TURN = Citation("turn")
_BUILD = Citation("track", ("I15",))
_DRIVE = Citation("driving")

#: Every kind of event the narration tells (the key of its line's text) and its rule.
EVENTS: dict[str, Citation] = {
    "intro": _SETUP,
    "intro_turn": Citation("turn", ("I20",)),
    "you_are": _SETUP,
    "spectator": _SETUP,
    "so_far": _BUILD,
    "so_far_back": Citation("turnaround", ("I6",)),
    "decides_build": _TURN,
    "decides_roll": _TURN,
    "lays": _BUILD,
    "lays_curve": _BUILD,
    "draws_curve": _BUILD,
    "set_aside": Citation("track", ("I15", "I16")),
    "turnaround": Citation("turnaround", ("I6",)),
    "event_accident": Citation("accident", ("I12",)),
    "event_pit": Citation("pit", ("I12",)),
    "event_oil": Citation("oil", ("I12",)),
    "event_grandstand": Citation("grandstand", ("I12",)),
    "rolls": _DRIVE,
    "on_accident": Citation("accident", ("I11",)),
    "misses_pit": Citation("pit", ("I13",)),
    "misses_oil": Citation("oil", ("I13",)),
    "passed_over": Citation("skip", ("I13",)),
    "stand_asked": Citation("grandstand", ("I14",)),
    "stand_no_gain": Citation("grandstand", ("I14", "I17")),
    "again": Citation("grandstand", ("I14",)),
    "stay": Citation("grandstand", ("I14",)),
    "winner": Citation("end", ("I7",)),
    "undecided": Citation("end", ("I18",)),
}

#: Texts inside a line that cite a rule of their own: how a drive went, the card reached.
DETAILS: dict[str, Citation] = {
    "void": Citation("driving", ("I4",)),
    "void_one": Citation("driving", ("I4",)),
    "void_none": Citation("driving", ("I4",)),
    "blocked": Citation("driving", ("I8", "I9", "I10")),
    "short": Citation("driving", ("I8",)),
    "short_turned": Citation("driving", ("I8",)),
    "taken": Citation("accident", ("I11",)),
    "taken_turned": Citation("accident", ("I11",)),
    "taken_stays": Citation("accident", ("I11",)),
    "drove_turned": Citation("turnaround", ("I6",)),
    "end_of_track": Citation("driving", ("I5",)),
    "home": Citation("end", ("I7",)),
}

#: The heading of the players' rules page that explains each section.
ANCHORS: dict[str, str] = {
    "setup": "setup", "turn": "turn", "track": "turn", "driving": "driving",
    "turnaround": "turnaround", "accident": "events", "pit": "events", "oil": "events",
    "skip": "events", "grandstand": "events", "end": "end",
}

#: Grand Prix's citations (named by the game's registry entry).
CITATIONS = Citations(CATALOGUE, events=EVENTS, anchors=ANCHORS, details=DETAILS)

__all__ = ["ANCHORS", "CITATIONS", "DETAILS", "EVENTS"]
