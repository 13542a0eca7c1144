"""The rule behind each narrated event: which rulebook section, and which reading of it.

A game's narration tells each event in a line made by its :class:`~rennbahn.core.i18n.Teller`,
so every line is a :class:`~rennbahn.core.i18n.Said` that remembers its text's key: the
**kind of event** ("rolls", "crashes", "passed_over"). A game's :class:`Citations` (its
registry entry's ``citations`` part, ``citations.py`` beside its narration) lists every kind
of event its narration tells with the :class:`Citation` behind it: the rulebook section, as
the rulebook names it, and the numbers of the interpretations (``I8``) of
``docs/rules/<game>.md`` where a reading was needed. Some texts filled into a line say more
(a void roll inside "Driver 1 rolls 5: ..."); ``details`` cites those too.

What players read of a citation is in the game's catalogue (``texts.toml``), in every
language, never its identifiers: ``section_<id>`` the section's title, ``section_<id>_rule``
the rule in one or two sentences, ``reading_<I-number>`` the reading in words ("A reading of
the rulebook: ..."); ``anchors`` names the heading of the players' rules page
(``howto/<lang>.md``, ``{#anchor}``) where the section is explained.

>>> from rennbahn.core.i18n import Teller, catalogue
>>> texts = catalogue({"rolls": ("{name} rolls", "{name} würfelt"),
...                    "section_dice": ("Rolling", "Würfeln"),
...                    "section_dice_rule": ("Roll and drive.", "Würfle und fahre."),
...                    "reading_I4": ("A reading: no.", "Eine Lesart: nein.")})
>>> cites = Citations(texts, events={"rolls": Citation("dice", ("I4",))},
...                   anchors={"dice": "driving"})
>>> line = Teller(texts, "de")("rolls", name="Anna")
>>> [(r.title, r.rule, r.readings, r.anchor) for r in cites.rules(line, "de")]
[('Würfeln', 'Würfle und fahre.', ('Eine Lesart: nein.',), 'driving')]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rennbahn.core.i18n import COMMON, LANGUAGES, Catalogue, Said, check_language

#: How an interpretation is numbered in docs/rules/<game>.md.
READING = re.compile(r"I[1-9][0-9]*")


@dataclass(frozen=True)
class Citation:
    """The rule behind one kind of event: a rulebook section (its id in the game's
    catalogue) and the interpretations (``"I8"``) of the game's rules document it needed."""

    section: str
    readings: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        bad = [r for r in self.readings if not READING.fullmatch(r)]
        if bad:
            raise ValueError(f"interpretations are numbered I1, I2, ...: not {bad}")


@dataclass(frozen=True)
class Rule:
    """A citation in a player's words: the section's title, the rule, each reading of the
    rulebook it needed (in words) and the anchor of its section on the players' rules page."""

    section: str
    title: str
    rule: str
    readings: tuple[str, ...]
    anchor: str

    @property
    def text(self) -> str:
        """The rule and its readings in one paragraph."""
        return " ".join([self.rule, *self.readings])


@dataclass(frozen=True)
class Citations:
    """A game's citations: every kind of event its narration tells, and the rule behind it."""

    #: The game's catalogue (its ``texts.toml``), which holds the sections' words.
    texts: Catalogue
    #: Each kind of event (the key of a narration line's text) and its citation.
    events: Mapping[str, Citation]
    #: The section's anchor on the players' rules page.
    anchors: Mapping[str, str]
    #: Texts filled into a line that cite a rule of their own (a void roll).
    details: Mapping[str, Citation] = field(default_factory=dict)

    def cite(self, line: str) -> tuple[Citation, ...]:
        """The citations of one narration line: its event's, then its details' (one per
        section, readings merged); none for a line not made from the catalogue or of a kind
        not listed."""
        if not isinstance(line, Said) or line.key not in self.events:
            return ()
        found = [self.events[line.key]]
        found += [self.details[k] for k in line.parts if k in self.details]
        return merge(found)

    def rule(self, citation: Citation, lang: str) -> Rule:
        """``citation`` in a player's words in ``lang``."""
        words = self.texts[check_language(lang)]
        section = citation.section
        return Rule(section=section, title=words[f"section_{section}"],
                    rule=words[f"section_{section}_rule"],
                    readings=tuple(words[f"reading_{r}"] for r in citation.readings),
                    anchor=self.anchors[section])

    def rules(self, line: str, lang: str) -> tuple[Rule, ...]:
        """The rules behind one narration line, in a player's words."""
        return tuple(self.rule(c, lang) for c in self.cite(line))

    def missing(self) -> list[str]:
        """What the citations name and the catalogue or the anchors lack, per language (a
        test asserts none): the events' texts, each section's title, rule and anchor, each
        reading's words (an event may be one of the phrases every game shares)."""
        cited = [*self.events.values(), *self.details.values()]
        sections = sorted({c.section for c in cited})
        readings = sorted({r for c in cited for r in c.readings})
        needed = [*self.events, *self.details]
        needed += [k for s in sections for k in (f"section_{s}", f"section_{s}_rule")]
        needed += [f"reading_{r}" for r in readings]
        lacking = [f"{lang}:{key}" for lang in LANGUAGES for key in needed
                   if key not in self.texts[lang] and key not in COMMON]
        return lacking + [f"anchor:{s}" for s in sections if s not in self.anchors]


def merge(citations: Iterable[Citation]) -> tuple[Citation, ...]:
    """One citation per section, in the order first cited, with every reading once.

    >>> merge([Citation("a", ("I1",)), Citation("b"), Citation("a", ("I2", "I1"))])
    (Citation(section='a', readings=('I1', 'I2')), Citation(section='b', readings=()))
    """
    kept: dict[str, list[str]] = {}
    for citation in citations:
        readings = kept.setdefault(citation.section, [])
        readings += [r for r in citation.readings if r not in readings]
    return tuple(Citation(s, tuple(r)) for s, r in kept.items())


__all__ = ["READING", "Citation", "Citations", "Rule", "merge"]
