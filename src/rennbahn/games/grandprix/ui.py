"""Terminal drawing of Grand Prix: the track as built on its grid, with the cars on it.

Each card is one grid cell drawn three characters wide: ``═══`` and `` ║ `` straights,
``═╝`` and friends for curves, a letter for the start (S), turnaround (T) and event cards
(A accident, P pit stop, O oil slick, G grandstand). Cars are their seat numbers (1-4) in
their colour; ``·`` marks where the next card will go. The words come from the game's one
catalogue (``texts.py``), in English or German; the story of each step is told by
``narration.narrate``, the same for the terminal and the browser.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from rennbahn.core.driver import SeatView
from rennbahn.core.protocol import Game
from rennbahn.core.registry import Terminal
from rennbahn.core.views import UNSET, View, expect_view
from rennbahn.games.grandprix.rules import DRAW, GrandPrixGame, GrandPrixState
from rennbahn.games.grandprix.texts import Teller, headline
from rennbahn.games.grandprix.views import Car, Card, GrandPrixView

CAR_STYLES = ("bold red", "bold blue", "bold green", "bold yellow")
KIND_STYLES = {
    "start": "black on white",
    "turnaround": "black on white",
    "accident": "white on red",
    "pit": "white on blue",
    "oil": "white on magenta",
    "grandstand": "black on green",
}
KIND_MARKS = {
    "start": "S",
    "turnaround": "T",
    "accident": "A",
    "pit": "P",
    "oil": "O",
    "grandstand": "G",
}
_DELTA = {"east": (1, 0), "north": (0, -1), "west": (-1, 0), "south": (0, 1)}
_OPPOSITE = {"east": "west", "west": "east", "north": "south", "south": "north"}
# Track glyphs by the two sides a card joins.
_GLYPHS = {
    frozenset(("west", "east")): "═══",
    frozenset(("north", "south")): " ║ ",
    frozenset(("west", "north")): "═╝ ",
    frozenset(("west", "south")): "═╗ ",
    frozenset(("east", "north")): " ╚═",
    frozenset(("east", "south")): " ╔═",
}


def _glyph(card: Card) -> str:
    enter = _OPPOSITE[card.from_]
    leave = card.to
    if enter == leave:  # the start or a turnaround card: one side only
        enter = _OPPOSITE[leave]
    glyph = _GLYPHS[frozenset((enter, leave))]
    mark = KIND_MARKS.get(card.kind)
    if mark is not None:
        glyph = glyph[0] + mark + glyph[2]
    return glyph


def draw_track(view: GrandPrixView) -> Text:
    """The grid picture of the track with the cars standing on it."""
    track = view.track
    cars_on: dict[int, list[int]] = {}
    for car in view.cars:
        cars_on.setdefault(car.card, []).append(car.seat)
    cells = {(c.x, c.y): c for c in track}
    last = track[-1]
    open_end = None
    if not view.turnaround_laid:
        dx, dy = _DELTA[last.to]
        open_end = (last.x + dx, last.y + dy)
    xs = [x for x, _ in cells] + ([open_end[0]] if open_end else [])
    ys = [y for _, y in cells] + ([open_end[1]] if open_end else [])
    text = Text()
    for y in range(min(ys), max(ys) + 1):
        for x in range(min(xs), max(xs) + 1):
            card = cells.get((x, y))
            if card is None:
                text.append(" · " if (x, y) == open_end else "   ")
                continue
            seats = cars_on.get(card.card, [])
            style = KIND_STYLES.get(card.kind, "")
            if not seats:
                text.append(_glyph(card), style=style)
                continue
            shown = seats[:3]
            pad = 3 - len(shown)
            glyph = _glyph(card)
            text.append(glyph[:pad], style=style)
            for seat in shown:
                text.append(str(seat + 1), style=CAR_STYLES[seat % len(CAR_STYLES)])
        text.append("\n")
    return text


def _car_line(car: Car, view: GrandPrixView, say: Teller) -> str:
    if car.home:
        return say("car_home")
    progress = car.progress
    where = say.where(view, progress)
    if progress:
        where += ", " + say("ui_way_back" if car.returning else "ui_way_out")
    if car.misses_turn:
        where += ", " + say("ui_misses")
    return where


def render(view: View, game: Game, *, lang: str = "en", names: Sequence[str] | None = None,
           prompt: bool = True) -> RenderableType:
    """The track, the cars, the stack, the last roll and what the player to move must decide
    (``prompt`` is not used: the last line says what is being decided, not what to type)."""
    say = Teller(lang, names)
    shown = expect_view(view, GrandPrixView)
    table = Table(show_header=True, header_style="bold", box=None)
    table.add_column(say("ui_car"))
    table.add_column(say("ui_where"))
    for car in shown.cars:
        seat = car.seat
        label = Text(say.seat(seat), style=CAR_STYLES[seat % len(CAR_STYLES)])
        if seat == shown.seat:
            label.append(say("you"))
        table.add_row(label, _car_line(car, shown, say))
    stack = (say("ui_back") if shown.turnaround_laid
             else say("ui_stack", left=shown.stack_left))
    if shown.set_aside:
        kinds = ", ".join(say.kind(kind) for kind in shown.set_aside)
        stack += " " + say("ui_set_aside", kinds=kinds)
    lines: list[RenderableType] = [draw_track(shown), table, Text(stack)]
    roll = shown.last_roll
    if roll is not None:
        lines.append(Text(say("ui_last_roll", name=say.seat(roll.seat), face=roll.face)))
    lines.append(Text(_prompt(shown, say), style="bold"))
    return Group(*lines)


def _prompt(view: GrandPrixView, say: Teller) -> str:
    who = say.seat(view.turn)
    phase = view.phase
    if phase == "over":
        return headline(view, say)  # the narration's last line, the board's, the end's
    if phase == "choose":
        return say("ui_choose", name=who)
    if phase == "place" and view.ways is not UNSET and view.card_to_lay is not UNSET:
        ways = say("or").join(say("way_" + way) for way in view.ways)
        return say("ui_place", name=who, kind=say.kind(view.card_to_lay), ways=ways)
    if phase == "stand" and view.rolled is not UNSET:
        return say("ui_stand", name=who, face=view.rolled)
    if phase == "draw":
        return say("ui_draw", name=who)
    return say("ui_roll", name=who)


def legend(lang: str = "en") -> list[str]:
    """What the symbols of the drawing mean, one line each (for ``help``)."""
    return Teller(lang)("ui_legend").split("\n")


def _stack_view(seat: SeatView) -> RenderableType:
    """What is left in the stack and the chance of each kind on the next draw."""
    state = seat.resample(random.Random(0))  # nothing is hidden: this is the state itself
    game = seat.game
    assert isinstance(state, GrandPrixState) and isinstance(game, GrandPrixGame)
    view = expect_view(seat.view(), GrandPrixView)
    table = Table(title="The stack", box=None)
    table.add_column("card")
    table.add_column("left", justify="right")
    table.add_column("next draw", justify="right")
    chances: dict[int, float] = {}
    if state.turnaround < 0:
        chances = dict(state.stack.outcomes)
    for kind, left in view.stack.items():
        index = list(view.stack).index(kind)
        chance = chances.get(DRAW + index, 0.0)
        table.add_row(kind, str(left), f"{chance:.0%}")
    if state.turnaround < 0:
        table.add_row("turnaround", "1", "100%" if not chances else "0%")
    return table


EXTRA_COMMANDS: dict[str, tuple[str, Callable[[SeatView], RenderableType]]] = {
    "stack": ("what is left in the stack and the chances of the next card", _stack_view),
}

#: The terminal front end of Grand Prix (named by the game's registry entry).
TERMINAL = Terminal(render=render, legend=legend, commands=EXTRA_COMMANDS)

__all__ = ["EXTRA_COMMANDS", "TERMINAL", "draw_track", "legend", "render"]
