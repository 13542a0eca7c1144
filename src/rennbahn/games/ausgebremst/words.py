"""What Ausgebremst says to players beyond its board and its narration: each legal move in
words ("Play 4 → square 28, inner lane", "Your 1s (3) → gear stack 3"), the end of the game
(the narration's last line, places, points as the rulebook counts them, the championship
table) and the variant parameters in words (``texts.toml``).

Squares are counted from field A, where the pit alley begins, as the board numbers them.

>>> import rennbahn
>>> game = rennbahn.load_game("ausgebremst(players=2)")
>>> off = " | 0i:0:-:O:-:000000:444556:-"  # a neutral car out of the race, every card played
>>> state = game.state_from_text(
...     "1/1 234501 4 i0 - - | 5i:1:m:R:235:333333:100101:- | 20i:1:m:R:146:323232:021111:-"
...     + off * 4 + " | -")
>>> [WORDS.move(state.view(0), state.action_to_string(0, a), lang="en")
...  for a in state.legal_actions(0)][:2]
['Play 2 → square 7, inner lane', 'Play 2 → square 7, outer lane']
>>> WORDS.move(state.view(0), "2>7o", lang="de")
'2 spielen → Feld 7, Außenspur'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rennbahn.core.errors import NotationError, ParameterError
from rennbahn.core.params import ParamValue
from rennbahn.core.views import View, expect_view
from rennbahn.core.words import CatalogueWords, Finish, Placing
from rennbahn.games.ausgebremst.components import DECK_CHOICES, listed
from rennbahn.games.ausgebremst.narration import gear_top, winner_lines
from rennbahn.games.ausgebremst.texts import CATALOGUE, SPACE, Teller, field_of
from rennbahn.games.ausgebremst.tracks import race_track
from rennbahn.games.ausgebremst.views import AusgebremstView, BoardView, Own

_PLAY = re.compile(r"([1-6])>(\S+)")
_NUMBERED = re.compile(r"(gear|stack|take|put|discard)(\d)(?:>(\d))?")


class AusgebremstWords(CatalogueWords):
    """The words of :mod:`rennbahn.core.words` for Ausgebremst."""

    def move(self, view: View, move: str, *, lang: str,
             names: Sequence[str] | None = None) -> str:
        return move_words(expect_view(view, BoardView), move, Teller(lang, names))

    def finish(self, view: View, *, lang: str, names: Sequence[str] | None = None) -> Finish:
        return finish_words(expect_view(view, BoardView), Teller(lang, names))

    def choice(self, name: str, value: ParamValue, lang: str) -> str:
        """A value in words; the races as their tracks' names ("Bleifuss-Drom, ...")."""
        if name == "races" and str(value) != "all":
            try:
                return ", ".join(race_track(part).name for part in str(value).split("+"))
            except ParameterError:
                return str(value)
        return super().choice(name, value, lang)


def move_words(board: BoardView, move: str, say: Teller) -> str:
    """The legal move ``move`` of the seat whose view ``board`` is, in words."""
    me = board.me if isinstance(board, AusgebremstView) else None
    played = _PLAY.fullmatch(move)
    if played is not None:
        return _play(board, int(played.group(1)), played.group(2), say)
    if move.startswith("pass:"):
        cards = move.partition(":")[2].strip("-")
        if not cards:
            return say("mv_pass_empty")
        return say("mv_pass", cards=", ".join(cards))
    if move in DECK_CHOICES:
        return say(f"mv_deck_{move}", cards=sum(listed(move)[1:]))
    numbered = _NUMBERED.fullmatch(move)
    if numbered is None:
        raise NotationError(f"{move!r} is not an Ausgebremst move")
    kind, number, second = numbered.group(1), int(numbered.group(2)), numbered.group(3)
    if kind == "gear" and second is not None:
        count = me.deck[number - 1] if me is not None and number <= len(me.deck) else 0
        top = gear_top(me, second) if me is not None else None
        if top:  # stack_order=chosen: the value goes on top of the one dealt there last
            return say("mv_gear_on", value=number, count=count, stack=second, top=top)
        return say("mv_gear", value=number, count=count, stack=second)
    if kind == "stack":
        return _stack(me, number, say)
    if kind == "take":
        return say("mv_take", card=number)
    if kind == "put":
        mine = _own_car_pit_cards(board)
        if len(mine) == 1:
            return say("mv_put", card=mine[0], stack=number)
        return say("mv_put_unknown", stack=number)
    if kind == "discard":
        return say("mv_discard", card=number)
    raise NotationError(f"{move!r} is not an Ausgebremst move")


def finish_words(board: BoardView, say: Teller) -> Finish:
    """The end of the game as ``board`` shows it: the narration's last line, every seat's
    place and points, the championship table in a series."""
    totals = [float(t) for t in board.totals]
    seats = range(len(totals))
    order = sorted(seats, key=lambda s: (-totals[s], s))
    single = len(board.races) == 1
    placings = []
    for seat in order:
        place = 1 + sum(t > totals[seat] for t in totals)
        note = ""
        if single and board.table:
            race_place = board.table[-1].places[seat]
            note = (say("place_in_race", place=race_place) if race_place
                    else say("no_finish_note"))
        placings.append(Placing(seat=seat, place=place,
                                points=points_words(totals[seat], say), note=note))
    best = max(totals, default=0.0)
    winners = tuple(s for s in seats if best > 0 and totals[s] == best)
    table: tuple[tuple[str, ...], ...] = ()
    if not single:
        header = (say("table_driver"),
                  *(say("table_race", number=k + 1, track=name)
                    for k, name in enumerate(board.races)),
                  say("table_total"))
        rows = [header]
        for seat in order:
            per_race = [str(board.table[k].points[seat]) if k < len(board.table) else ""
                        for k in range(len(board.races))]
            rows.append((say.seat(seat), *per_race, f"{totals[seat]:g}"))
        table = tuple(rows)
    return Finish(headline=headline(board, say), placings=tuple(placings), winners=winners,
                  table=table)


def headline(board: BoardView, say: Teller) -> str:
    """The one announcement of the end (the narration's last line)."""
    return winner_lines(board, say)[-1]


def points_words(points: float, say: Teller) -> str:
    """Points as the bookkeeper counts them: "1 point", "12 points"."""
    return say("points_one") if points == 1 else say("points_many", points=f"{points:g}")


def _play(board: BoardView, card: int, where: str, say: Teller) -> str:
    """A card played and where it takes the car."""
    if where == "fin":
        return say("mv_play_finish", card=card)
    found = SPACE.fullmatch(where)
    if found is None:
        raise NotationError(f"{where!r} is not a space of {board.track}")
    square, code, pit = found.groups()
    if pit is not None:
        stopped = _own_car(board)
        key = "mv_play_pit" if stopped is not None and stopped else "mv_play_pit_stop"
        return say(key, card=card, number=pit)
    if code == "b":
        text = say("mv_play_bottleneck", card=card, square=square)
    else:
        text = say("mv_play", card=card, square=square, lane=say.lane(code))
    field = field_of(board.track, where)
    return say("mv_field", move=text, field=field) if field else text


def _own_car(board: BoardView) -> bool | None:
    """Whether the viewing seat's car has made its pit stop (None: no seat)."""
    seat = board.seat
    for car in board.cars:
        if isinstance(seat, int) and car.seat == seat:
            return car.pit_stop
    return None


def _own_car_pit_cards(board: BoardView) -> list[int]:
    seat = board.seat
    return next((list(car.pit_cards) for car in board.cars
                 if isinstance(seat, int) and car.seat == seat), [])


def _stack(me: Own | None, number: int, say: Teller) -> str:
    """Drawing from a gear stack: how many cards it holds, and a card known on top."""
    stacks = me.stacks if me is not None and isinstance(me.stacks, list) else []
    tops = me.stack_tops if me is not None and isinstance(me.stack_tops, list) else []
    if number <= len(tops) and tops[number - 1]:
        return say("mv_stack_top", stack=number, card=tops[number - 1][-1])
    count = sum(stacks[number - 1]) if number <= len(stacks) else 0
    if count == 1:
        return say("mv_stack_one", stack=number)
    return say("mv_stack", stack=number, count=count)


#: The game's words (its registry entry's ``words`` part).
WORDS = AusgebremstWords(CATALOGUE)
__all__ = ["WORDS", "AusgebremstWords", "finish_words", "headline", "move_words",
           "points_words"]
