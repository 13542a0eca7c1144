"""What a game says to players beyond its board and its narration.

The pages and the lobby never show a player notation or an identifier. They ask the game's
:class:`Words` (its registry entry's ``words`` part) for:

- each legal move in words (``move``): "Play 230 km/h", "Red car", "Drive 4 to the inner
  lane, square 28";
- the end of a race (``finish``): one headline, the same words the narration's last line
  says, every seat's place and points as the rulebook counts them, and the championship or
  season table where there is one;
- each variant parameter's label and one-sentence help, each choice in words, and a game
  string's variant in words (``param``, ``choice``, ``variant``).

:class:`CatalogueWords` gives the last three from the game's catalogue by key
(``param_<name>``, ``param_<name>_help``, ``choice_<name>_<value>``), so a game writes its
words in its ``texts.toml`` and only ``move`` and ``finish`` in code.

>>> cat = catalogue({"param_mode": ("Rules", "Regeln"),
...                  "param_mode_help": ("Which rules.", "Welche Regeln."),
...                  "choice_mode_family": ("Family game", "Familienspiel")})
>>> words = CatalogueWords(cat)
>>> words.param("mode", "de"), words.choice("mode", "family", "de"), words.choice("mode", "7", "en")
(('Regeln', 'Welche Regeln.'), 'Familienspiel', '7')
>>> words.choice("x", True, "de")
'ja'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from rennbahn.core.i18n import LANGUAGES, Catalogue, catalogue, check_language
from rennbahn.core.params import ParamValue

if TYPE_CHECKING:
    from rennbahn.core.protocol import Game
    from rennbahn.core.views import View

#: The words for a yes/no parameter's values when a game has none of its own.
YES_NO: Catalogue = catalogue({"true": ("yes", "ja"), "false": ("no", "nein")})


@dataclass(frozen=True)
class Placing:
    """One seat at the end of a race."""

    seat: int
    #: 1 for the winner; seats that tie share a place (1, 1, 3).
    place: int
    #: What the seat scored as the rulebook counts it, in words ("12 points", "3 stars");
    #: "" for a game that only names a winner.
    points: str = ""
    #: Anything else a player wants to read at the end ("total loss", "did not finish").
    note: str = ""


@dataclass(frozen=True)
class Finish:
    """The end of a race (or of the whole series) as the pages announce it."""

    #: The one announcement of the end: the same words as the narration's end, with the
    #: seats' names ("Anna wins the Grand Prix!", "Nobody wins: the race is undecided").
    headline: str
    #: Every seat, best first.
    placings: tuple[Placing, ...]
    #: The seats that won (empty: nobody did).
    winners: tuple[int, ...]
    #: The championship or season table, when the game has one: its first row the column
    #: headers, then one row per seat (in words and numbers, never identifiers).
    table: tuple[tuple[str, ...], ...] = ()


class Words(Protocol):
    """A game's words for players (its registry entry's ``words`` part)."""

    def move(self, view: View, move: str, *, lang: str,
             names: Sequence[str] | None = None) -> str:
        """The legal move ``move`` (notation) of the seat whose ``view`` it is, in words."""
        ...

    def colour(self, view: View, move: str) -> str | None:
        """A CSS colour to show beside the move's label (a car's), or None."""
        ...

    def finish(self, view: View, *, lang: str, names: Sequence[str] | None = None) -> Finish:
        """The end of the game as ``view`` (any seat's or the public one, of a finished
        game) shows it."""
        ...

    def param(self, name: str, lang: str) -> tuple[str, str]:
        """A variant parameter's label and one sentence of help."""
        ...

    def choice(self, name: str, value: ParamValue, lang: str) -> str:
        """One value of a parameter in words (a number stays a number)."""
        ...

    def variant(self, game: Game, lang: str) -> str:
        """How ``game`` differs from the default rules, in words ("" when it does not);
        the number of players is said elsewhere."""
        ...


class CatalogueWords:
    """The parameter words of :class:`Words`, read from a game's catalogue by key.

    ``param_<name>`` is the label, ``param_<name>_help`` its help, ``choice_<name>_<value>``
    a value in words (a value without one is shown as it is: numbers; a yes/no parameter
    says yes or no). A game subclasses it and adds ``move`` and ``finish``.
    """

    def __init__(self, texts: Catalogue) -> None:
        self.texts = texts

    def colour(self, view: View, move: str) -> str | None:
        return None

    def param(self, name: str, lang: str) -> tuple[str, str]:
        words = self.texts[check_language(lang)]
        return words[f"param_{name}"], words[f"param_{name}_help"]

    def choice(self, name: str, value: ParamValue, lang: str) -> str:
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        key = f"choice_{name}_{shown}"
        words = self.texts[check_language(lang)]
        if key in words:
            return words[key]
        if isinstance(value, bool):
            return YES_NO[lang][shown]
        return shown

    def variant(self, game: Game, lang: str) -> str:
        check_language(lang)
        parts = []
        for param in game.PARAMS:
            value = game.params[param.name]
            if param.name == "players" or value == param.default:
                continue
            parts.append(f"{self.param(param.name, lang)[0]}: "
                         f"{self.choice(param.name, value, lang)}")
        return "; ".join(parts)


def missing_words(words: CatalogueWords, game: Game) -> list[str]:
    """The catalogue keys a game's parameters need and its catalogue lacks (a test asserts
    none are missing): a label and a help per parameter, a word per choice."""
    missing = []
    for lang in LANGUAGES:
        have = words.texts[lang]
        for param in game.PARAMS:
            needed = [f"param_{param.name}", f"param_{param.name}_help"]
            needed += [f"choice_{param.name}_{c}" for c in param.choices or param.shipped or ()]
            missing += [f"{lang}:{key}" for key in needed if key not in have]
    return missing


__all__ = ["YES_NO", "CatalogueWords", "Finish", "Placing", "Words", "missing_words"]
