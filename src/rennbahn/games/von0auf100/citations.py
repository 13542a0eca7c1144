"""The rule behind every kind of event the Von 0 auf 100 narration tells
(``rennbahn.core.citations``).

Sections are the rulebook's ("The racing round", "A racing car reaches the target", ...); their
words for players are ``section_*`` and ``reading_*`` in ``texts.toml``, and each is explained
under the heading of the players' rules page (``howto/<lang>.md``) that ``ANCHORS`` names.

>>> from rennbahn.games.von0auf100.texts import Teller
>>> say = Teller("en")
>>> CITATIONS.cite(say("withdrawn", cans="5"))
(Citation(section='target', readings=('I9', 'I10')),)
"""

from __future__ import annotations

from rennbahn.core.citations import Citation, Citations
from rennbahn.games.von0auf100.texts import CATALOGUE

_SETUP = Citation("setup")
_LICENCE = Citation("setup", ("I6",))
_PLACED = Citation("round", ("I8",))
_TARGET = Citation("target", ("I1",))
_END = Citation("end", ("I11",))
_TWO = Citation("end", ("I12",))
_RACES = Citation("variations", ("I13",))
_SEASON = Citation("variations", ("I14",))
_STUCK = Citation("end", ("I16", "I17"))

#: Every kind of event the narration tells (the key of its line's text) and its rule.
EVENTS: dict[str, Citation] = {
    "intro": _SETUP,
    "intro_season": _SEASON,
    "intro_two": _TWO,
    "you_are": _SETUP,
    "spectator": _SETUP,
    "laid": Citation("big_setup", ("I4",)),
    "laid_many": Citation("big_setup", ("I4",)),
    "licence_own": _LICENCE,
    "licence_other": _LICENCE,
    "placed": _PLACED,
    "placed_only": _PLACED,
    "new_round": Citation("new_round", ("I7",)),
    "withdrawn": Citation("target", ("I9", "I10")),
    "crossed": _TARGET,
    "counts": _STUCK,
    "decided_stopped": _STUCK,
    "decided_caught": _STUCK,
    "nobody": Citation("target", ("I10",)),
    "nobody_season": Citation("target", ("I10", "I14")),
    "uncovers": _END,
    "uncovers_both": _TWO,
    "race_won": _RACES,
    "race_over": _RACES,
    "race_undecided_caught": _STUCK,
    "race_undecided_stopped": _STUCK,
    "undecided_no_points": Citation("variations", ("I14", "I17")),
    "undecided_replay": Citation("variations", ("I13", "I17")),
    "licences": _END,
    "unclaimed": _END,
    "your_licence": _END,
    "scores": _RACES,
    "next_race": _RACES,
    # The last line, the headline (words.headline): who won the game.
    "end_race": _END,
    "end_race_two": _TWO,
    "end_won": _RACES,
    "end_shared": Citation("variations", ("I13", "I15")),
    "end_season": _SEASON,
    "end_season_shared": Citation("variations", ("I14", "I15")),
    "end_nobody_won": Citation("variations", ("I13", "I17")),
    "end_nobody_scored": Citation("variations", ("I14", "I17")),
    "end_undecided_caught": _STUCK,
    "end_undecided_stopped": _STUCK,
}

#: Texts inside a line that cite a rule of their own: a symbol's effect, a race stopped.
DETAILS: dict[str, Citation] = {
    "from_card": Citation("symbols", ("I2", "I3")),
    "move_across": _TARGET,
    "end_caught": _STUCK,
    "end_stopped": _STUCK,
    "void_caught": _STUCK,
    "void_stopped": _STUCK,
}

#: The heading of the players' rules page that explains each section.
ANCHORS: dict[str, str] = {
    "setup": "setup", "big_setup": "setup", "round": "round", "new_round": "round",
    "symbols": "round", "target": "end", "end": "end", "variations": "scoring",
}

#: Von 0 auf 100's citations (named by the game's registry entry).
CITATIONS = Citations(CATALOGUE, events=EVENTS, anchors=ANCHORS, details=DETAILS)

__all__ = ["ANCHORS", "CITATIONS", "DETAILS", "EVENTS"]
