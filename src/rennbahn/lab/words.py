"""A study's variants in players' words: the game's title, each parameter's label and value
from the game's ``words`` (never the raw game string), and the bots in each seat."""

from __future__ import annotations

from collections.abc import Sequence

from rennbahn.bots.factory import parse_bot_string
from rennbahn.core.registry import game_entry, load_game


def title(variant: str) -> str:
    """The game's title, e.g. "Von 0 auf 100"."""
    return load_game(variant).TITLE


def bot_in_words(spec: str) -> str:
    """A bot as a player reads it: "heuristic bot (tempo: no)".

    >>> bot_in_words("heuristic(tempo=false)"), bot_in_words("random")
    ('heuristic bot (tempo: no)', 'random bot')
    """
    name, params = parse_bot_string(spec)
    said = {"true": "yes", "false": "no"}
    details = ", ".join(f"{key.replace('_', ' ')}: {said.get(value, value)}"
                        for key, value in params.items())
    return f"{name} bot" + (f" ({details})" if details else "")


def bots_in_words(lineups: Sequence[Sequence[str]]) -> str:
    """The bots of a study: one kind for all seats, or seat by seat."""
    seats = [sorted({lineup[s] for lineup in lineups}) for s in range(len(lineups[0]))]
    if all(len(kinds) == 1 for kinds in seats) and len({k[0] for k in seats}) == 1:
        return f"{bot_in_words(seats[0][0])} in every seat"
    return "; ".join(f"seat {s + 1}: " + " or ".join(bot_in_words(k) for k in kinds)
                     for s, kinds in enumerate(seats))


def variant_labels(variants: Sequence[str], lineups: Sequence[Sequence[str]] | None = None,
                   lang: str = "en") -> list[str]:
    """One label per variant: the parameters in which the variants differ, in words
    ("Cans withdrawn: One for every car put aside"), and the seats whose bots differ; a
    lone variant says how it differs from the standard rules, or that it plays them."""
    games = [load_game(v) for v in variants]
    part = game_entry(games[0].NAME).words
    differing = [p.name for p in games[0].PARAMS
                 if len({str(g.params[p.name]) for g in games}) > 1]
    seats = [] if lineups is None else [
        s for s in range(len(lineups[0])) if len({lineup[s] for lineup in lineups}) > 1]
    labels = []
    for k, game in enumerate(games):
        if part is None:
            parts = [str(game)]
        elif len(games) == 1:
            parts = [part().variant(game, lang) or "standard rules"]
        else:
            words = part()
            parts = [f"{words.param(name, lang)[0]}: "
                     f"{words.choice(name, game.params[name], lang)}" for name in differing]
        if lineups is not None:
            parts += [f"seat {s + 1}: {bot_in_words(lineups[k][s])}" for s in seats]
        label = "; ".join(p for p in parts if p) or "standard rules"
        labels.append(label[:1].upper() + label[1:])
    return labels
