"""The rule behind every kind of event the Ausgebremst narration tells
(``rennbahn.core.citations``).

Sections are the rulebook's ("Starting Lineup", "Move restrictions", "Gear Stacks", ...);
their words for players are ``section_*`` and ``reading_*`` in ``texts.toml``, and each is
explained under the heading of the players' rules page (``howto/<lang>.md``) that
``ANCHORS`` names.

>>> from rennbahn.games.ausgebremst.texts import Teller
>>> say = Teller("en")
>>> CITATIONS.cite(say("turns_six", name="N1", at=""))
(Citation(section='six', readings=('I5', 'I16')),)
"""

from __future__ import annotations

from rennbahn.core.citations import Citation, Citations
from rennbahn.games.ausgebremst.texts import CATALOGUE

_SETUP = Citation("setup")
_PLAY = Citation("cards", ("I3",))
_NEUTRAL = Citation("neutral", ("I16",))
_BLOCKED = Citation("blockades", ("I7",))
_FINISH = Citation("finish", ("I13",))
_OUT = Citation("not_reached", ("I11",))
_POINTS = Citation("finish", ("I17",))
_CHAMPIONSHIP = Citation("racetrack", ("I23",))
_DECK = Citation("advanced", ("I19", "I30"))
_GEARS = Citation("gears", ("I21", "I24"))
_DRAW = Citation("play", ("I26",))
_PIT_CARDS = Citation("pit_advanced", ("I22",))

#: Every kind of event the narration tells (the key of its line's text) and its rule.
EVENTS: dict[str, Citation] = {
    "intro": Citation("racetrack"),
    "intro_family": _SETUP,
    "intro_advanced": Citation("advanced"),
    "intro_championship": _CHAMPIONSHIP,
    "you_are": _SETUP,
    "spectator": _SETUP,
    "your_hand": Citation("cards"),
    "lineup": Citation("lineup", ("I14",)),
    "start_order": Citation("lineup", ("I14", "I15")),
    "race_start": _CHAMPIONSHIP,
    "draws": _DRAW,
    "you_draw": _DRAW,
    "chooses": _DECK,
    "you_choose": _DECK,
    "geared": _GEARS,
    "you_gear": _GEARS,
    "you_gear_on": _GEARS,
    "you_geared": _GEARS,
    "you_geared_top": _GEARS,
    "picks": Citation("play", ("I21",)),
    "pick_known": _PIT_CARDS,
    "you_pick_known": _PIT_CARDS,
    "takes": _PIT_CARDS,
    "you_take": _PIT_CARDS,
    "puts": _PIT_CARDS,
    "you_put": _PIT_CARDS,
    "plays": _PLAY,
    "plays_finish": _FINISH,
    "turns": _NEUTRAL,
    "turns_finish": _FINISH,
    "turns_six": Citation("six", ("I5", "I16")),
    "turns_blocked": _NEUTRAL,
    "spends": Citation("pit", ("I9", "I25")),
    "passes": _BLOCKED,
    "passes_unseen": _BLOCKED,
    "skipped": Citation("neutral", ("I16",)),
    "lap": Citation("cards"),
    "pit": Citation("pit", ("I8",)),
    "pit_card": _PIT_CARDS,
    "pit_cards": _PIT_CARDS,
    "finishes": _FINISH,
    "out": _OUT,
    "race_over": _POINTS,
    "places": _POINTS,
    "no_finish": Citation("not_reached", ("I12",)),
    "not_finished": _OUT,
    "points": _POINTS,
    "wins_race": _POINTS,
    "wins_race_neutral": _POINTS,
    "no_driver": _POINTS,
    "standings": _CHAMPIONSHIP,
    "nobody_scored": _POINTS,
    "winner": _POINTS,
    "shared": _POINTS,
    "champion": _CHAMPIONSHIP,
    "champions_shared": _CHAMPIONSHIP,
}

#: The heading of the players' rules page that explains each section.
ANCHORS: dict[str, str] = {
    "setup": "setup", "racetrack": "setup", "lineup": "setup", "cards": "turn",
    "six": "turn", "blockades": "turn", "neutral": "turn", "pit": "pit",
    "finish": "scoring", "not_reached": "end", "advanced": "advanced", "gears": "advanced",
    "play": "advanced", "pit_advanced": "advanced",
}

#: Ausgebremst's citations (named by the game's registry entry).
CITATIONS = Citations(CATALOGUE, events=EVENTS, anchors=ANCHORS)

__all__ = ["ANCHORS", "CITATIONS", "EVENTS"]
