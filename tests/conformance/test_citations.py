"""Every narrated event of every game cites the rule behind it (issue 28, item 3).

A game's ``citations.py`` enumerates its narration's kinds of event (``EVENTS``: the keys of
the texts its lines are made from) with a rulebook section and the interpretations of
docs/rules/<game>.md each needed. Here: the sections and readings have words in every
language and an anchor on the players' rules page in every language; the readings exist in
the rules document; and seeded random games of every variant, narrated for every seat and
for a spectator, tell no line without a citation.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

import rennbahn
from rennbahn.core.citations import Citations
from rennbahn.core.driver import random_step
from rennbahn.core.i18n import LANGUAGES, Said
from rennbahn.core.registry import GameEntry
from rennbahn.core.views import View
from rennbahn.server.rulebook import howto_anchors, howto_markdown

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
GAMES = rennbahn.registered_games()
#: Seeds per variant: enough to meet most kinds of event, a few seconds per game.
SEEDS = (1, 2)
#: Steps per playout at most (a championship is long; its first races show every kind).
MAX_STEPS = 2500


def _citations(entry: GameEntry) -> Citations:
    assert entry.citations is not None, f"{entry.name} cites no rules"
    return entry.citations()


def _readings(name: str) -> set[str]:
    """The interpretations numbered in docs/rules/<game>.md (``**I12 ...``)."""
    return set(re.findall(r"\*\*(I[1-9][0-9]*)\b", (DOCS / f"{name}.md").read_text()))


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_every_section_and_reading_has_words_and_an_anchor(entry: GameEntry) -> None:
    cites = _citations(entry)
    assert cites.missing() == []
    documented = _readings(entry.name)
    cited = {r for c in [*cites.events.values(), *cites.details.values()] for r in c.readings}
    assert cited <= documented, f"not in docs/rules/{entry.name}.md: {cited - documented}"
    sections = {c.section for c in [*cites.events.values(), *cites.details.values()]}
    written = {k for k in cites.texts["en"] if k.startswith(("section_", "reading_"))}
    used = {f"section_{s}" for s in sections} | {f"section_{s}_rule" for s in sections}
    used |= {f"reading_{r}" for r in cited}
    assert written <= used, f"words for no citation: {written - used}"
    for lang in LANGUAGES:
        howto = howto_markdown(entry, lang)
        assert howto is not None
        anchors = set(howto_anchors(howto))
        assert set(cites.anchors.values()) <= anchors, (lang, set(cites.anchors.values()) - anchors)
        for citation in cites.events.values():  # the players' words name no identifier
            rule = cites.rule(citation, lang)
            assert not re.search(r"\bI[0-9]+\b|_", rule.title + rule.text), rule


def _told(entry: GameEntry, variant: str, seed: int) -> Counter[str]:
    """Every line a seeded random game of ``variant`` tells each seat and a spectator, by
    its kind of event; a line that cites nothing fails."""
    assert entry.narration is not None
    narrate, cites = entry.narration(), _citations(entry)
    game = rennbahn.load_game(variant)
    state = game.new_initial_state()
    rng = random.Random(seed)
    seen: dict[int | None, View | None] = {s: None for s in [*range(game.num_players()), None]}
    kinds: Counter[str] = Counter()
    for _ in range(MAX_STEPS):
        for seat, before in seen.items():
            after = state.public_view() if seat is None else state.view(seat)
            for line in narrate(game, before, after):
                assert isinstance(line, Said) and cites.cite(line), (variant, seed, line)
                kinds[line.key] += 1
            seen[seat] = after
        if state.is_terminal():
            break
        random_step(state, rng)
    return kinds


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_every_line_of_seeded_random_games_cites_its_rule(entry: GameEntry) -> None:
    kinds: Counter[str] = Counter()
    for variant in entry.variants:
        for seed in SEEDS:
            kinds += _told(entry, variant, seed)
    assert set(kinds) <= set(_citations(entry).events)
    assert len(kinds) >= len(_citations(entry).events) // 2, "the games told too little"
