"""What Von 0 auf 100 says to players beyond its board and its narration: each move in
words ("Red car to square 9"), the car's colour beside it, the end of the game (one
headline, the places and the season table) and the variant parameters (from
``texts.toml``). The narration and the board take their squares and their last line from
here, so that the log, the board and the end panel say the same.

>>> from rennbahn.core.registry import load_game
>>> game = load_game("von0auf100(players=3,race=small)")
>>> state = game.state_from_text(
...     "race=1 round=1 start=0 cans=5 wd=0 pend=0 track=.................. deal=RYG "
...     "on=- pos=0,0,0,0,0,0 fin=- score=0,0,0 given=0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0 "
...     "last=- over=0")
>>> WORDS.move(state.view(0), "O", lang="de"), WORDS.colour(state.view(0), "O")
('Oranges Auto auf Feld 1', '#f77f00')
"""

from __future__ import annotations

from collections.abc import Sequence

from rennbahn.core.i18n import retold
from rennbahn.core.views import View, expect_view
from rennbahn.core.words import CatalogueWords, Finish, Placing
from rennbahn.games.von0auf100.components import (
    CAR_COLOURS,
    KIND_CODES,
    MAX_ROUNDS,
    MOVE,
)
from rennbahn.games.von0auf100.texts import CATALOGUE, Teller
from rennbahn.games.von0auf100.views import Von0auf100PublicView

#: A view as the words read it: the public view, or a seat's (which adds to it).
Seen = Von0auf100PublicView


def move_end(view: Seen, car: str, can: int) -> int:
    """Where can ``can`` takes ``car`` (the square it would reach; at or past ``target``:
    across the line), as the rules move it (I2, I3: the card under the car counts)."""
    here = view.cars[car]
    kind = KIND_CODES.index(view.track[here - 1]) if 0 < here <= len(view.track) else 0
    return here + MOVE[kind][can]


def from_square(view: Seen, square: int, say: Teller) -> str:
    """"from square 4", "from the start" (and the German)."""
    if square == 0:
        return say("from_start")
    if square > view.length:
        return say("from_finish")
    return say("from_square", n=square)


def to_square(view: Seen, square: int, say: Teller) -> str:
    """"to square 9", "onto the start/finish card" (a car short of a line past it)."""
    if square > view.length:
        return say("to_finish")
    return say("to_square", n=square)


def journey(view: Seen, start: int, end: int, say: Teller) -> str:
    """What a car did: "the car moves from square 4 to square 9", slides back, crosses."""
    if end >= view.target:
        return say("move_across", start=from_square(view, start, say))
    if end < start:
        return say("move_back", start=from_square(view, start, say),
                   end=to_square(view, end, say))
    if end == start:
        return say("move_none")
    return say("move", start=from_square(view, start, say), end=to_square(view, end, say))


def race_points(view: Seen) -> list[list[int]]:
    """Per race, what each seat scored in it: a race won (1) or the season's points (I14);
    nothing in a race that ended undecided (I17)."""
    return [list(race) for race in view.race_scores]


def _amount(view: Seen, n: int, say: Teller) -> str:
    """A score after "with" (dative in German): "2 races won", "8 Punkten"."""
    if view.scoring == "season":
        return say("point_one") if n == 1 else say("points", n=n)
    return say("wins_one") if n == 1 else say("wins_many", n=n)


def headline(view: Seen, say: Teller) -> str:
    """The one announcement of the end of the game (the narration's last line, the board's
    and the end panel's): who won, with what, and how the last race ended when nobody could
    finish it: undecided, or under the house rule decided by the cars' squares (I16,
    I17)."""
    score = view.score
    best = max(score)
    leaders = [s for s, v in enumerate(score) if v == best]
    names = say.join([say.seat(s) for s in leaders])
    race = say("the_race") if view.races == 1 else say("race_n", n=view.race)
    void = next((u.how for u in view.undecided if u.race == view.race), None)
    if void is not None and view.races == 1 and best == 0:
        return say("end_undecided_" + void, rounds=MAX_ROUNDS)
    undecided = say("void_" + void, race=race, rounds=MAX_ROUNDS) if void else ""
    if view.scoring == "season":
        if best == 0:
            result = say("end_nobody_scored")
        elif len(leaders) == 1:
            result = say("end_season", name=names, n=_amount(view, best, say))
        else:
            result = say("end_season_shared", names=names, n=_amount(view, best, say))
    elif best == 0:
        result = say("end_nobody_won")
    elif len(leaders) > 1:
        result = say("end_shared", names=names, n=_amount(view, best, say))
    elif view.races > 1:
        result = say("end_won", name=names, n=_amount(view, best, say))
    else:
        result = say("end_race_two" if view.players == 2 else "end_race", name=names)
    last = [f for f in view.finishes if f.race == view.race]
    how = next((f.how for f in last if f.how != "crossed"), None)
    # The line is told as the result's event (its rule), with the race's end as a detail.
    if how is None:
        return retold(result, f"{undecided} {result}" if undecided else result, undecided)
    decided = say("end_" + how, race=race, rounds=MAX_ROUNDS)
    return retold(result, f"{decided} {result}", decided)


class Von0auf100Words(CatalogueWords):
    """Von 0 auf 100's words for players (the registry's ``words`` part)."""

    def move(self, view: View, move: str, *, lang: str,
             names: Sequence[str] | None = None) -> str:
        """Putting the next can on a car's driver card, said as what the car does: "Red car
        to square 9", "Blaues Auto rutscht zurück auf Feld 6", "Green car across the
        line"."""
        seen = expect_view(view, Seen)
        say = Teller(lang, names)
        car = say("name_" + move)
        can = seen.next_can or 1
        end = move_end(seen, move, can)
        if end >= seen.target:
            return say("label_across", car=car)
        if end > seen.length:
            return say("label_finish", car=car)
        if end < seen.cars[move]:
            return say("label_back", car=car, n=end)
        return say("label_to", car=car, n=end)

    def colour(self, view: View, move: str) -> str | None:
        return CAR_COLOURS.get(move)

    def finish(self, view: View, *, lang: str, names: Sequence[str] | None = None) -> Finish:
        """The end of the game: the headline, every seat's place (ties share it) with the
        races won or the season's points, and the table of every race when there are
        several or a season. When nobody won a race or scored a point (a race left
        undecided, I17), nobody wins and nobody is placed."""
        seen = expect_view(view, Seen)
        say = Teller(lang, names)
        score = seen.score
        order = sorted(range(seen.players), key=lambda s: -score[s])
        season = seen.scoring == "season"
        placings = []
        for seat in order:
            place = 1 + sum(1 for v in score if v > score[seat])
            if season:
                points = say("got_point") if score[seat] == 1 else say("got_points",
                                                                        n=score[seat])
            elif seen.races > 1:
                points = say("got_win") if score[seat] == 1 else say("got_wins", n=score[seat])
            else:
                points = ""
            placings.append(Placing(seat=seat, place=place, points=points))
        best = max(score)
        winners = tuple(s for s in range(seen.players) if score[s] == best and best > 0)
        if not winners:
            placings = []
        table: tuple[tuple[str, ...], ...] = ()
        if season or seen.races > 1:
            per_race = race_points(seen)
            header = (say("table_driver"),
                      *(say("table_race", n=r + 1) for r in range(len(per_race))),
                      say("table_total"))
            rows = [(say.seat(s), *(str(race[s]) for race in per_race), str(score[s]))
                    for s in order]
            table = (header, *rows)
        return Finish(headline=headline(seen, say), placings=tuple(placings),
                      winners=winners, table=table)


#: The words of Von 0 auf 100, as the registry names them.
WORDS = Von0auf100Words(CATALOGUE)

__all__ = ["WORDS", "Von0auf100Words", "from_square", "headline", "journey", "move_end",
           "race_points", "to_square"]
