"""What happened in Von 0 auf 100, told in words from one seat's view (or the public one).

``narrate(game, before, after)`` reads two views around one step — a track card laid, a
licence dealt, a can put on a driver card, a car across the line, a race decided — and tells
it in plain lines, English or German. Every can placed is told with who placed it, on which
driver card, and what the car did: the view's ``last`` placement survives the end of a round
and of a race, so the step that ends a round still tells its last can. It reads only the two
views, so it never tells more than the seat saw. The terminal (``ui.py``) and the browser call
it the same way; its words are in ``texts.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rennbahn.core.protocol import Game
from rennbahn.core.views import View, expect_view
from rennbahn.games.von0auf100.components import COLOURS, MAX_ROUNDS
from rennbahn.games.von0auf100.texts import Teller
from rennbahn.games.von0auf100.views import (
    EarlierCan,
    Von0auf100PublicView,
    own_licences,
    viewer,
)
from rennbahn.games.von0auf100.words import headline, journey

#: A view as the narration reads it: the public view, or a seat's (which adds to it).
Seen = Von0auf100PublicView


def narrate(game: Game, before: View | None, after: View, *, lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """Every event one seat saw between two of its views (``before`` None: the start).

    The views hold all it tells (``game`` is given to every game's narration alike)."""
    say = Teller(lang, names)
    now = expect_view(after, Seen)
    if before is None:
        return _start(now, say)
    was = expect_view(before, Seen)
    lines = _laid(was, now, say) + _dealt(was, now, say)
    lines += _placed(was, now, say)
    lines += _finishes(was, now, say)
    lines += _race_end(was, now, say)
    lines += _round(was, now, say)
    return lines


def _start(view: Seen, say: Teller) -> list[str]:
    races = view.races
    lines = [say("intro", n=view.players,
                 races=say("races_one") if races == 1 else say("races_many", n=races),
                 size=say("big" if view.length > 18 else "small"), length=view.length)]
    if view.scoring == "season":
        lines.append(say("intro_season"))
    elif view.players == 2:
        lines.append(say("intro_two"))
    you = viewer(view)
    lines.append(say("you_are", name=say.seat(you)) if you is not None else say("spectator"))
    if view.track:
        lines += _laid_lines("", view.track, say)
    for car in own_licences(view):
        lines.append(say("licence_own", colour=say("colour_" + car)))
    return lines


def _laid_lines(old: str, new: str, say: Teller) -> list[str]:
    if len(new) <= len(old) or not new.startswith(old):
        return []
    added = new[len(old):]
    first = len(old) + 1
    if len(added) == 1:
        return [say("laid", square=first, card=say.kind(added))]
    return [say("laid_many", first=first, last=len(new),
                cards=", ".join(say.kind(c) for c in added))]


def _same_race(before: Seen, after: Seen) -> bool:
    return before.race == after.race


def _laid(before: Seen, after: Seen, say: Teller) -> list[str]:
    old = before.track if _same_race(before, after) else ""
    return _laid_lines(old, after.track, say)


def _dealt(before: Seen, after: Seen, say: Teller) -> list[str]:
    same = _same_race(before, after)
    old = before.dealt if same else 0
    mine_before = own_licences(before) if same else []
    mine = [c for c in own_licences(after) if c not in mine_before]
    lines: list[str] = []
    n = after.players
    you = viewer(after)
    for index in range(old, after.dealt):
        seat = index % n
        if seat == you and mine:
            car = mine.pop(0)
            lines.append(say("licence_own", colour=say("colour_" + car)))
        else:
            lines.append(say("licence_other", name=say.seat(seat)))
    return lines


def _placed(before: Seen, after: Seen, say: Teller) -> list[str]:
    """The can placed in this step: who, which can, on which driver card, what the car did.
    A step is a placement when a seat was to move; ``last`` tells it even when the can ended
    the round or the race."""
    last = after.last
    if before.to_move is None or last is None or last == before.last:
        return []
    start = last.from_
    car = last.car
    move = journey(after, start, last.to, say)
    track = before.track
    if 0 < start <= len(track) and track[start - 1] != ".":
        move += say("from_card", card=say.kind(track[start - 1]))
    lines = _skipped(before, after, say)
    lines.append(say("placed", name=say.seat(last.seat), can=last.can,
                     colour=say("colour_" + car), move=move))
    return lines


def _skipped(before: Seen, after: Seen, say: Teller) -> list[str]:
    """Cans placed between the two views before the last one (a caller that narrates several
    steps at once, within one round): who put which can on which driver card."""
    done = len(before.on)
    if _same_race(before, after) and before.round == after.round:
        told = [EarlierCan(seat=(after.start + i) % after.players, can=i + 1, car=car)
                for i, car in enumerate(after.on)][done:-1]
    elif (after.round == before.round + 1 or not _same_race(before, after)) \
            and not after.on and after.previous:
        told = after.previous[done:-1]  # the round ended: the view keeps it
    else:
        return []
    return [say("placed_only", name=say.seat(p.seat), can=p.can,
                colour=say("colour_" + p.car)) for p in told]


def _finishes(before: Seen, after: Seen, say: Teller) -> list[str]:
    lines: list[str] = []
    decided = ""
    season = after.scoring == "season"
    for out in after.finishes[len(before.finishes):]:
        race, car, seat, how = out.race, out.car, out.seat, out.how
        if how != "crossed" and how != decided:
            decided = how
            lines.append(say("decided_" + how, race=race, rounds=before.round))
        key = "crossed" if how == "crossed" else "counts"
        lines.append(say(key, colour=say("colour_" + car)))
        if seat is None:
            lines.append(say("nobody_season" if season else "nobody"))
        elif season:
            lines.append(say("uncovers", name=say.seat(seat), colour=say("colour_" + car)))
        else:
            both = _both(after, race, seat, car, say)
            if both:
                lines.append(say("uncovers_both", name=say.seat(seat), cars=both))
            else:
                lines.append(say("uncovers", name=say.seat(seat),
                                 colour=say("colour_" + car)))
    return lines


def _both(after: Seen, race: int, seat: int, car: str, say: Teller) -> str:
    """With two players a win uncovers both of the winner's licences (I12): the cars ("the
    red car and the blue car"; once the race is over the view holds only the car that
    won)."""
    if after.players != 2:
        return ""
    cars = [car]
    if after.race == race:
        cars = sorted((c for c, s in after.owners.items() if s == seat), key=COLOURS.index)
    return say.join([say("the_car", colour=say("colour_" + c)) for c in cars])


def _race_end(before: Seen, after: Seen, say: Teller) -> list[str]:
    """A race decided: who won it, every licence uncovered, the scores; the game's winner."""
    over = after.phase == "over" and before.phase != "over"
    if not over and _same_race(before, after):
        return []
    race = before.race
    ending = after if over else before
    finishes = [f for f in after.finishes if f.race == race]
    void = next((u.how for u in after.undecided if u.race == race), None)
    lines: list[str] = []
    if over and after.races == 1:
        pass  # the headline, last, tells who won the one race
    elif void is not None:  # I17: nobody wins it, it scores nothing
        lines.append(say("race_undecided_" + void, race=race, rounds=MAX_ROUNDS))
        if after.scoring == "season" and any(f.seat is not None for f in finishes):
            lines.append(say("undecided_no_points"))
        if after.races > before.races:
            lines.append(say("undecided_replay"))
    elif after.scoring == "win":
        winner = next((f.seat for f in finishes if f.seat is not None), None)
        lines.append(say("race_won", race=race, name=say.seat(winner)) if winner is not None
                     else say("race_over", race=race))
    else:
        lines.append(say("race_over", race=race))
    owners = {f.car: f.seat for f in finishes if f.seat is not None}
    if over:
        owners.update(after.owners)
    if owners:
        lines.append(_licences(owners, say))
    unclaimed = [c for c in COLOURS if c not in owners]
    if unclaimed:
        lines.append(say("unclaimed", cars=_hues(unclaimed, say)))
    mine = own_licences(ending)
    if mine:
        lines.append(say("your_licence", cars=_hues(mine, say)))
    if not (over and _one_race(after)):
        lines.append(_scores(after.score, say))
    if over:
        lines.append(headline(after, say))
    else:
        lines.append(say("next_race", race=after.race, races=after.races))
    return lines


def _scores(score: Sequence[int], say: Teller) -> str:
    return say("scores", list=", ".join(say("score_of", name=say.seat(s), n=v)
                                        for s, v in enumerate(score)))


def _one_race(view: Seen) -> bool:
    """A game of one race won by the first owned car: its score says no more than the
    headline."""
    return view.races == 1 and view.scoring == "win"


def _hues(cars: Sequence[str], say: Teller) -> str:
    """Cars by their colours: "red, orange and blue"."""
    return say.join([say("car_" + c) for c in cars])


def _licences(owners: dict[str, int], say: Teller) -> str:
    """The licences uncovered: "red: Anna, blue: Ben"."""
    return say("licences", list=", ".join(
        say("licence_of", colour=say("car_" + c), name=say.seat(owners[c]))
        for c in COLOURS if c in owners))


def result(view: Seen, *, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
    """At the end of the game: every licence uncovered, the scores and the winner."""
    if view.phase != "over":
        return []
    say = Teller(lang, names)
    race = view.race
    owners = {f.car: f.seat for f in view.finishes if f.race == race and f.seat is not None}
    owners.update(view.owners)
    lines: list[str] = []
    if owners:
        lines.append(_licences(owners, say))
    if not _one_race(view):
        lines.append(_scores(view.score, say))
    lines.append(headline(view, say))
    return lines


def _round(before: Seen, after: Seen, say: Teller) -> list[str]:
    if after.phase != "race":
        return []
    new = not _same_race(before, after) or before.phase != "race" or (
        after.round != before.round)
    if not new:
        return []
    lines = [say("new_round", round=after.round, name=say.seat(after.start),
                 cans=after.cans)]
    was = before.withdrawn if _same_race(before, after) else 0
    if after.withdrawn > was:
        lines.append(say("withdrawn", cans=", ".join(
            str(5 - i) for i in range(after.withdrawn))))
    return lines


__all__ = ["narrate", "result"]
