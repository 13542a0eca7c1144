"""What happened in a Grand Prix race, told in words from one seat's view (or the public one).

``narrate(game, before, after)`` reads two views around one step of the game — a choice to
build or to drive, a card drawn and laid, a roll of the die, the grandstand's second drive —
and tells it in plain lines, in English or German (the words: ``texts.py``). It reads only
the two views (nothing in Grand Prix is hidden, so every seat is told the same), and the
terminal (``ui.py``) and the browser call it the same way, after every single step, so every
roll is told by itself.

>>> import rennbahn
>>> game = rennbahn.load_game("grandprix(players=2)")
>>> state = game.state_from_text("sc<A 0,0 0:roll 4")
>>> before = state.view(0)
>>> state.apply_action(4)  # the die shows 5
>>> narrate(game, before, state.view(0))
['Driver 1 rolls 5: only 3 cards are laid ahead, fewer than 5, so the roll is void and the \
car stays on the start card.']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rennbahn.core.protocol import Game
from rennbahn.core.views import UNSET, View, expect_view
from rennbahn.games.grandprix.texts import Teller, headline
from rennbahn.games.grandprix.views import Drive, GrandPrixView, RollRecord

_HEADINGS = ("east", "north", "west", "south")  # counter-clockwise: a left turn is one on
_SKIP_KINDS = ("pit", "oil")


def narrate(game: Game, before: View | None, after: View, *, lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """Every event one seat saw between two of its views (``before`` None: the start).

    ``before`` and ``after`` are one seat's views (or two public views) around one step;
    ``names`` are the names given to the seats, else "Driver n" from 1.
    """
    say = Teller(lang, names)
    now = expect_view(after, GrandPrixView)
    if before is None:
        return _start(now, say)
    was = expect_view(before, GrandPrixView)
    lines: list[str] = []
    steps: tuple[Callable[[GrandPrixView, GrandPrixView, Teller], list[str]], ...] = (
        _choice, _cards, _roll, _grandstand, _passed_over, _end)
    for step in steps:
        lines += step(was, now, say)
    return lines


def _start(view: GrandPrixView, say: Teller) -> list[str]:
    lines = [say("intro", n=len(view.cars)), say("intro_turn")]
    seat = view.seat
    lines.append(say("you_are", name=say.seat(seat)) if seat is not UNSET
                 else say("spectator"))
    if view.turns:
        if view.turnaround_laid:
            lines.append(say("so_far_back", turns=view.turns))
        else:
            lines.append(say("so_far", cards=len(view.track) - 1, left=view.stack_left,
                             turns=view.turns))
    return lines


def _choice(before: GrandPrixView, after: GrandPrixView, say: Teller) -> list[str]:
    """The driver to move chose to build (and a card is being drawn) or to drive."""
    if before.phase != "choose":
        return []
    name = say.seat(before.turn)
    if after.phase == "roll" and after.turn == before.turn:
        return [say("decides_roll", name=name)]
    if after.phase == "draw":
        return [say("decides_build", name=name)]
    return []


def _cards(before: GrandPrixView, after: GrandPrixView, say: Teller) -> list[str]:
    """Cards laid or set aside, a curve waiting for its way, and what an event card does."""
    name = say.seat(before.turn)
    lines: list[str] = []
    for card in after.track[len(before.track):]:
        kind = card.kind
        index = card.card
        if kind == "turnaround":
            lines.append(say("turnaround", name=name, card=index))
        elif card.from_ != card.to:
            turn = (_HEADINGS.index(card.to) - _HEADINGS.index(card.from_)) % 4
            lines.append(say("lays_curve", name=name, card=index,
                             way=say("way_left" if turn == 1 else "way_right"),
                             to=say("heading_" + card.to)))
        else:
            lines.append(say("lays", name=name, card=index, kind=say.kind(kind)))
            if kind in ("accident", "pit", "oil", "grandstand"):
                lines.append(say("event_" + kind))
    for kind in after.set_aside[len(before.set_aside):]:
        lines.append(say("set_aside", name=name, kind=say.kind(kind)))
    if after.phase == "place" and before.phase != "place" and after.ways is not UNSET:
        ways = say("or").join(say("way_" + w) for w in after.ways)
        lines.append(say("draws_curve", name=name, ways=ways))
    return lines


def _outcome(view: GrandPrixView, drive: Drive | RollRecord, start: int, face: int,
             result: str, say: Teller) -> str:
    """What one drive did, from a roll record (rules.roll_record) or its ``again`` part."""
    driven = drive.driven
    to = drive.to
    where = say.where(view, to, on=result in ("void", "blocked") or driven == 0)
    if result == "void":
        ahead = len(view.track) - 1 - start
        key = "void" if ahead > 1 else "void_one" if ahead == 1 else "void_none"
        return say(key, ahead=ahead, face=face, where=where)
    if result == "blocked":
        return say("blocked", where=where)
    if result == "home":
        return say("home", driven=driven)
    turned = "_turned" if drive.turned else ""
    if result == "taken" and driven == 0:
        return say("taken_stays", where=where)
    if result in ("short", "taken"):
        return say(result + turned, driven=driven, where=where, lost=face - driven)
    if result == "end_of_track":
        return say("end_of_track", driven=driven, where=where, lost=face - driven)
    return say("drove" + turned, driven=driven, where=where)


def _stopped_on(roll: RollRecord, drive: Drive | RollRecord, say: Teller) -> list[str]:
    """What the card a drive stopped on does to the car (I12-I14)."""
    name = say.seat(roll.seat)
    kind = drive.kind
    if drive.home or drive.driven == 0:
        return []
    if kind in _SKIP_KINDS and roll.misses_turn:
        return [say("misses_" + kind, name=name)]
    if kind == "accident":
        return [say("on_accident", name=name)]
    return []


def _roll(before: GrandPrixView, after: GrandPrixView, say: Teller) -> list[str]:
    """The die: its face and what it did (void, blocked, how far, the card it stopped on)."""
    roll = after.last_roll
    if before.phase != "roll" or roll is None:
        return []
    face = roll.face
    outcome = _outcome(after, roll, roll.from_, face, roll.result, say)
    name = say.seat(roll.seat)
    lines = [say("rolls", name=name, face=face, outcome=outcome)]
    stand = roll.grandstand
    if stand is None:
        lines += _stopped_on(roll, roll, say)
    elif stand == "no_gain":
        lines.append(say("stand_no_gain", name=name, face=face))
    else:
        lines.append(say("stand_asked", name=name, face=face))
        if stand in ("again", "stay"):  # told from a view taken after the choice too
            lines += _second_drive(after, roll, say)
    return lines


def _grandstand(before: GrandPrixView, after: GrandPrixView, say: Teller) -> list[str]:
    """The grandstand's choice: drive the number again, or stay."""
    roll = after.last_roll
    if before.phase != "stand" or roll is None:
        return []
    return _second_drive(after, roll, say)


def _second_drive(after: GrandPrixView, roll: RollRecord, say: Teller) -> list[str]:
    """The grandstand's second drive (I14), or the driver staying."""
    name = say.seat(roll.seat)
    face = roll.face
    again = roll.again
    if roll.grandstand != "again" or again is UNSET:
        return [say("stay", name=name)]
    outcome = _outcome(after, again, roll.to, face, again.result, say)
    return [say("again", name=name, face=face, outcome=outcome),
            *_stopped_on(roll, again, say)]


def _passed_over(before: GrandPrixView, after: GrandPrixView, say: Teller) -> list[str]:
    """Drivers passed over because they stopped on a pit stop or an oil slick (I13)."""
    lines: list[str] = []
    for was, now in zip(before.cars, after.cars, strict=True):
        if was.misses_turn and not now.misses_turn:
            kind = after.track[now.card].kind
            lines.append(say("passed_over", name=say.seat(now.seat), kind=say.kind(kind)))
    return lines


def _end(before: GrandPrixView, after: GrandPrixView, say: Teller) -> list[str]:
    if after.phase != "over" or before.phase == "over":
        return []
    return [headline(after, say)]


__all__ = ["narrate"]
