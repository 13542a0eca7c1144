"""Every text of Von 0 auf 100 that a player reads, in one catalogue: the narration, the
board and the terminal drawing speak through it (``key: (English, German)``, as every
catalogue in rennbahn is written), and :class:`Teller` says it in one language.

>>> Teller("de").kind("3"), Teller("en", ["Ada"])("ui_tile", name=Teller("en", ["Ada"]).seat(0))
('Kanister 3', 'Starting tile: Ada.')
"""

from __future__ import annotations

from rennbahn.core import i18n
from rennbahn.core.i18n import COMMON, Texts, catalogue, load_texts

#: Every text, English and German side by side, read from ``texts.toml`` beside
#: this module (one column per language).
TEXTS: Texts = load_texts(__name__.rpartition(".")[0])

#: The catalogue of every text of Von 0 auf 100, by language then key; with the phrases
#: every catalogue shares (:data:`rennbahn.core.i18n.COMMON`).
CATALOGUE: dict[str, dict[str, str]] = catalogue({**COMMON, **TEXTS})


class Teller(i18n.GameTeller):
    """The words of one language and one set of seat names (the narration, the board and
    the terminal drawing share it)."""

    CATALOGUE = CATALOGUE

    def kind(self, code: str) -> str:
        """A track card by its code (``components.KIND_CODES``)."""
        if code in ".xo":
            return self("kind_" + code)
        return self("kind_can", n=code)


__all__ = ["CATALOGUE", "TEXTS", "Teller"]
