"""Every text of Grand Prix in one catalogue, and the :class:`Teller` that speaks it.

The narration, the board and the terminal drawing share these words, so a card, a heading
or a car's place is called the same everywhere; what a seat is called comes from the
phrases every game shares (:data:`rennbahn.core.i18n.COMMON`).

>>> say = Teller("de", ["Anna"])
>>> say("winner", name=say.seat(0)), say.kind("oil"), say("board_to_move", name=say.seat(1))
('Anna gewinnt den Grand Prix!', 'Ölfleck', 'Fahrer 2 ist dran')
"""

from __future__ import annotations

from rennbahn.core import i18n
from rennbahn.core.i18n import Texts, catalogue, load_texts
from rennbahn.games.grandprix.views import GrandPrixView

#: Every text, English and German side by side, read from ``texts.toml`` beside
#: this module (one column per language).
TEXTS: Texts = load_texts(__name__.rpartition(".")[0])


#: The catalogue of every text of Grand Prix, by language then key (``rennbahn.core.i18n``).
CATALOGUE: dict[str, dict[str, str]] = catalogue(TEXTS)


class Teller(i18n.GameTeller):
    """The words of one language and one set of seat names (narration, board and ui)."""

    CATALOGUE = CATALOGUE

    def kind(self, kind: str) -> str:
        """A card kind's name in words (``pit`` -> "pit stop")."""
        return self("kind_" + kind)

    def where(self, view: GrandPrixView, progress: int, *, on: bool = True) -> str:
        """Where a car at ``progress`` stands: its card, and how far it has to go, if known."""
        card = card_of(view, progress)
        if progress == 0:
            place = self("on_start")
        else:
            kind = self.kind(view.track[card].kind)
            place = self("on_card" if on else "to_card", card=card, kind=kind)
        finish = view.finish
        if finish is not None and progress < finish:
            place = self("to_go", where=place, n=finish - progress)
        return place


def headline(view: GrandPrixView, say: Teller) -> str:
    """The one announcement of the end of a finished race: the narration's last line, the
    board's end banner and the end panel's headline (``words.finish``) all say it."""
    winner = view.winner
    if isinstance(winner, int):
        return say("winner", name=say.seat(winner))
    return say("undecided", turns=view.turns)


def card_of(view: GrandPrixView, progress: int) -> int:
    """The card a car at ``progress`` stands on, as far as the view tells (the rules'
    ``card_of``: on the way back, once the finish is known, it counts down again)."""
    finish = view.finish
    if finish is not None and progress > finish // 2:
        return finish - progress
    return progress


__all__ = ["CATALOGUE", "TEXTS", "Teller", "card_of", "headline"]
