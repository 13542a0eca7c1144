"""Gib Gas! in the players' words: each legal move, the end of a race, the variants.

A move is said as the card it plays, in the catalogue's words (``texts.py``): "Play
230 km/h", "Speed Die (roll your speed)" / "Würfel (Tempo würfeln)", "Tempo-Halten
(230 km/h again)", a pit stop's "Take back 230 km/h" or "Repair 1 point". The end is the
narration's last line (``narration.headline``), every driver's points as the rulebook
counts them (stars won plus car points left; a total loss scores nothing) and the winners.

>>> import rennbahn
>>> game = rennbahn.load_game("gibgas(players=3)")
>>> state = game.state_from_text(
...     "choose V2-1,B1-1,XF3-1,XS3-1;0 q=- pts=0 | 18/012345DTP/-/-/-/-/-/-/-"
...     " | 18/012345DTP/-/-/-/-/-/-/- | 18/012345DTP/-/-/-/-/-/-/-")
>>> WORDS.move(state.view(0), "230", lang="en"), WORDS.move(state.view(0), "die", lang="de")
('Play 230 km/h', 'Würfel (Tempo würfeln)')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rennbahn.core.errors import ParameterError
from rennbahn.core.registry import load_game
from rennbahn.core.views import UNSET, View, expect_view
from rennbahn.core.words import CatalogueWords, Finish, Placing
from rennbahn.games.gibgas.components import START_DAMAGE
from rennbahn.games.gibgas.narration import headline
from rennbahn.games.gibgas.rules import GibGasGame
from rennbahn.games.gibgas.texts import CATALOGUE, Teller
from rennbahn.games.gibgas.views import Driver, GibGasPublicView, own_driver


@lru_cache(maxsize=64)
def _game(text: str) -> GibGasGame:
    game = load_game(text)
    assert isinstance(game, GibGasGame)
    return game


def card_words(name: str, say: Teller) -> str:
    """A driver's card as a player names it: ``230 km/h``, ``Speed Die`` (``Würfel``),
    ``Tempo-Halten``, ``Boxenstopp``."""
    return say("speed_card", speed=name) if name.isdigit() else say.card(name)


def _tempo(driver: Driver | None, game: GibGasGame, say: Teller) -> str:
    """Tempo-Halten with what it will do: the last speed again, a roll, or (I4, reading
    ``pit``) another pit stop right after one."""
    tempo = say("tempo")
    if driver is None:
        return tempo
    after_pit = driver.card == "pit" or (driver.card == "tempo" and driver.speed == "pit")
    if game.tempo_as_pit and after_pit:
        return say("move_tempo_pit", tempo=tempo)
    if driver.last_speed == "die":
        return say("move_tempo_die", tempo=tempo)
    if driver.last_speed is not None:
        return say("move_tempo", tempo=tempo, speed=driver.last_speed)
    return tempo


class GibGasWords(CatalogueWords):
    """The words of Gib Gas! for the pages and the lobby."""

    def move(self, view: View, move: str, *, lang: str,
             names: Sequence[str] | None = None) -> str:
        table = expect_view(view, GibGasPublicView)
        say = Teller(lang, names)
        verb, _, card = move.partition(" ")
        if verb == "discard" and card:
            return say("move_discard", card=card_words(card, say))
        if verb == "take" and card:
            return say("move_take", card=card_words(card, say))
        if card:
            raise ParameterError(f"{move!r} is not a Gib Gas! move")
        me = own_driver(table)
        game = _game(table.game)
        if move == "repair":
            left = me.damage if me is not None else START_DAMAGE
            return say("move_repair", left=left, full=START_DAMAGE)
        if move.isdigit():
            return say("move_speed", speed=move)
        if move == "die":
            return say("move_die", die=say("die"))
        if move == "pit":
            key = "move_pit_champions" if game.champions else "move_pit"
            return say(key, pit=say("pit"))
        if move == "tempo":
            return _tempo(me, game, say)
        raise ParameterError(f"{move!r} is not a Gib Gas! move")

    def finish(self, view: View, *, lang: str, names: Sequence[str] | None = None) -> Finish:
        """Places by the rulebook: points (stars + car points left) then car points left; a
        car with a total loss scores nothing and places behind every car still driving."""
        table = expect_view(view, GibGasPublicView)
        if table.phase != "over" or table.scores is UNSET or table.winners is UNSET:
            raise ParameterError("the race is not over yet")
        say = Teller(lang, names)
        scores = table.scores
        keys = [(not d.out, scores[i], d.damage) for i, d in enumerate(table.drivers)]
        order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
        placings = []
        for seat in order:
            driver = table.drivers[seat]
            place = 1 + sum(1 for k in keys if k > keys[seat])
            note = (say("board_total_loss") if driver.out
                    else say("finish_note", stars=driver.stars, left=driver.damage))
            placings.append(Placing(seat=seat, place=place, points=say.points(scores[seat]),
                                    note=note))
        return Finish(headline=headline(table, lang=lang, names=names),
                      placings=tuple(placings), winners=tuple(table.winners))


#: The words of Gib Gas! (the registry entry's ``words`` part).
WORDS = GibGasWords(CATALOGUE)

__all__ = ["WORDS", "GibGasWords", "card_words"]
