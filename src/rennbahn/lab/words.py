"""A study's variants in players' words: the game's title and each parameter's label and
value from the game's ``words`` (never the raw game string)."""

from __future__ import annotations

from collections.abc import Sequence

from rennbahn.core.registry import game_entry, load_game


def title(variant: str) -> str:
    """The game's title, e.g. "Von 0 auf 100"."""
    return load_game(variant).TITLE


def variant_labels(variants: Sequence[str], lang: str = "en") -> list[str]:
    """One label per variant: the parameters in which the variants differ, in words
    ("Withdrawn cans: each car put aside"); a lone variant says how it differs from the
    standard rules, or that it plays them."""
    games = [load_game(v) for v in variants]
    part = game_entry(games[0].NAME).words
    if part is None:
        return list(variants)
    words = part()
    if len(games) == 1:
        return [words.variant(games[0], lang) or "standard rules"]
    differing = [p.name for p in games[0].PARAMS
                 if len({str(g.params[p.name]) for g in games}) > 1]
    labels = []
    for game in games:
        parts = [f"{words.param(name, lang)[0]}: {words.choice(name, game.params[name], lang)}"
                 for name in differing]
        labels.append("; ".join(parts))
    return labels
