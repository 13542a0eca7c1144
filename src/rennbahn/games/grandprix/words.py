"""What Grand Prix says to players beyond its board and narration: moves and the end in words.

A seat's moves are ``build`` or ``roll`` (its turn before the turnaround card is laid),
``left`` or ``right`` (a drawn curve), ``again`` or ``stay`` (the grandstand); each is said
the way people at the table say it, from the game's one catalogue (``texts.toml``). The
end is the narration's last line, with every driver's place: the first car home wins, the
others share second place (the rulebook names only a winner), each with how far it got.

>>> import rennbahn
>>> game = rennbahn.load_game("grandprix(players=2)")
>>> state = game.state_from_text("sc< 0,0 0:choose 2")
>>> WORDS.move(state.view(0), "build", lang="de")
'Bauen: eine Karte ziehen und ans Ende der Strecke legen'
>>> WORDS.move(state.view(0), "roll", lang="en")
'Roll the die and drive'
>>> over = game.state_from_text("sc<Ac>sc<Pc>sc<sOc>sc<sGc>ssT 42,30 over:0 40 die=0:4:38")
>>> end = WORDS.finish(over.public_view(), lang="en", names=["Anna", "Ben"])
>>> end.headline, [(p.place, p.note) for p in end.placings]
('Anna wins the Grand Prix!', [(1, 'crossed the finish line'), (2, '12 cards from the finish')])
"""

from __future__ import annotations

from collections.abc import Sequence

from rennbahn.core.views import UNSET, View, expect_view
from rennbahn.core.words import CatalogueWords, Finish, Placing
from rennbahn.games.grandprix.texts import CATALOGUE, Teller, headline
from rennbahn.games.grandprix.views import Car, GrandPrixView

#: Headings counter-clockwise: a left turn is the next one, a right turn the one before.
_HEADINGS = ("east", "north", "west", "south")
_TURN = {"left": 1, "right": -1}


class GrandPrixWords(CatalogueWords):
    """Grand Prix's words for players (the registry entry's ``words``)."""

    def move(self, view: View, move: str, *, lang: str,
             names: Sequence[str] | None = None) -> str:
        """``build``, ``roll``, ``left``, ``right``, ``again`` or ``stay`` in words."""
        shown = expect_view(view, GrandPrixView)
        say = Teller(lang, names)
        if move in ("build", "roll"):
            return say("move_" + move)
        if move in _TURN:
            heading = shown.track[-1].to
            to = _HEADINGS[(_HEADINGS.index(heading) + _TURN[move]) % 4]
            return say("move_curve", way=say("way_" + move), to=say("heading_" + to))
        if move == "again":
            face = shown.rolled
            return say("move_again", face=face if face is not UNSET else "")
        if move == "stay":
            return say("move_stay")
        raise ValueError(f"{move!r} is not a Grand Prix move")

    def finish(self, view: View, *, lang: str, names: Sequence[str] | None = None) -> Finish:
        """The end: the winner first, then the others by how far they got (cars equally
        far share a place; the rulebook names only a winner, and the others' places are how
        a table of players would rank them); nobody wins a race the turn limit ended, so
        all share the first place."""
        shown = expect_view(view, GrandPrixView)
        if shown.phase != "over":
            raise ValueError("the race is not over")
        say = Teller(lang, names)
        winner = shown.winner if isinstance(shown.winner, int) else None
        def ahead(car: Car) -> tuple[bool, int]:
            return (car.seat != winner, -car.progress)

        order = sorted(shown.cars, key=lambda c: (*ahead(c), c.seat))
        placings = tuple(
            Placing(seat=c.seat, note=_how_far(c, shown, say),
                    place=1 if winner is None else
                    1 + sum(ahead(other) < ahead(c) for other in shown.cars))
            for c in order)
        return Finish(headline=headline(shown, say), placings=placings,
                      winners=() if winner is None else (winner,))


def _how_far(car: Car, view: GrandPrixView, say: Teller) -> str:
    """How far a car got: home, how many cards from the finish, or where on the way out."""
    if car.home:
        return say("finish_home")
    if car.progress == 0:
        return say("finish_start")
    if view.finish is None:
        return say("finish_out", card=car.card)
    left = view.finish - car.progress
    return say("finish_to_go_one") if left == 1 else say("finish_to_go", n=left)


#: The words of Grand Prix (named by the game's registry entry).
WORDS = GrandPrixWords(CATALOGUE)

__all__ = ["WORDS", "GrandPrixWords"]
