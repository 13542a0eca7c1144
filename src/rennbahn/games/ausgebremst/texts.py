"""Every text of Ausgebremst, English and German side by side, and the game's
:class:`Teller`: one catalogue for the narration, the board and the terminal drawing."""

from __future__ import annotations

from rennbahn.core import i18n
from rennbahn.core.i18n import Texts, catalogue, load_texts

#: Every text, English and German side by side, read from ``texts.toml`` beside
#: this module (one column per language).
TEXTS: Texts = load_texts(__name__.rpartition(".")[0])

#: The catalogue of every text of Ausgebremst, by language then key (``rennbahn.core.i18n``).
CATALOGUE: dict[str, dict[str, str]] = catalogue(TEXTS)


class Teller(i18n.GameTeller):
    """The words of one language and one set of seat names (shared with ``ui.py``)."""

    CATALOGUE = CATALOGUE

    def car(self, name: str) -> str:
        """What people call a car: a player's (``P0`` in the view) by its seat's name,
        ``Driver 1`` unless named; a neutral car by its own name (``N1``)."""
        if name.startswith("P") and name[1:].isdigit():
            return self.seat(int(name[1:]))
        return name


__all__ = ["CATALOGUE", "TEXTS", "Teller"]
