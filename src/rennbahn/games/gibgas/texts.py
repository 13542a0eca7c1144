"""Every word of Gib Gas! a player reads, in one catalogue, and the game's :class:`Teller`.

The narration, the board and the terminal drawing all speak from :data:`TEXTS`
(``key: (English, German)``, as every catalogue in rennbahn is written) through a
:class:`Teller`, which adds the game's own words: a card's name, a track card's short name,
points and the points left on a car. Seat names come from ``rennbahn.core.i18n.COMMON``.

>>> say = Teller("de", ["Anna"])
>>> say("takes", name=say.seat(0), card=say.card("die")), say.track("XF3-1")
('Anna nimmt Würfel zurück.', 'Vollgas-Crash 3')
"""

from __future__ import annotations

from collections.abc import Sequence

from rennbahn.core import i18n
from rennbahn.core.i18n import Texts, catalogue, load_texts
from rennbahn.games.gibgas.components import START_DAMAGE, track_card
from rennbahn.games.gibgas.views import Driver

#: Every text, English and German side by side, read from ``texts.toml`` beside
#: this module (one column per language).
TEXTS: Texts = load_texts(__name__.rpartition(".")[0])

#: The catalogue of every text of Gib Gas!, by language then key (``rennbahn.core.i18n``).
CATALOGUE: dict[str, dict[str, str]] = catalogue(TEXTS)


class Teller(i18n.GameTeller):
    """The words of Gib Gas! in one language, with one set of seat names."""

    CATALOGUE = CATALOGUE

    def points(self, n: int) -> str:
        return self("points_one" if n == 1 else "points_many", n=n)

    def car_left(self, left: int) -> str:
        return self("car_left", left=left, full=START_DAMAGE)

    def card(self, name: str | None) -> str:
        """A driver's card by its German original (``die`` is ``Würfel`` in German)."""
        if name is None:
            return "-"
        return self(name) if name in ("die", "tempo", "pit") else name

    def cards(self, names: Sequence[str]) -> str:
        return ", ".join(self.card(n) for n in names) or "-"

    def track(self, code: str) -> str:
        """A track card's short name: ``Vollgas! 2★`` or ``Vollgas-Crash 3``."""
        card = track_card(code)
        return self("card_" + card.kind.value, stars=card.stars, crash=card.crash)

    def played(self, driver: Driver) -> str:
        """A driver's card this round and the speed it gave, as far as the view tells."""
        card, speed = driver.card, driver.speed
        if card == "die":
            if isinstance(speed, int):
                return self("play_rolled", card=self("die"), speed=speed)
            return self("play_die", die=self("die"))
        if card == "tempo":
            if speed == "pit":
                return self("play_tempo_pit", tempo=self("tempo"))
            if isinstance(speed, int):
                return self("play_tempo", tempo=self("tempo"), speed=speed)
            return self("play_tempo_die", tempo=self("tempo"))
        if card == "pit":
            return self("play_pit", pit=self("pit"))
        return self.card(card)


__all__ = ["CATALOGUE", "TEXTS", "Teller"]
