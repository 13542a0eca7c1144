"""Terminal drawing of Grand Prix: the track as built on its grid, with the cars on it.

Each card is one grid cell drawn three characters wide: ``═══`` and `` ║ `` straights,
``═╝`` and friends for curves, a letter for the start (S), turnaround (T) and event cards
(A accident, P pit stop, O oil slick, G grandstand). Cars are their seat numbers (1-4) in
their colour; ``·`` marks where the next card will go.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from rennbahn.core.driver import SeatView
from rennbahn.core.protocol import Game

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


def _glyph(card: dict[str, Any]) -> str:
    enter = _OPPOSITE[card["from"]]
    leave = card["to"]
    if enter == leave:  # the start or a turnaround card: one side only
        enter = _OPPOSITE[leave]
    glyph = _GLYPHS[frozenset((enter, leave))]
    mark = KIND_MARKS.get(card["kind"])
    if mark is not None:
        glyph = glyph[0] + mark + glyph[2]
    return glyph


def draw_track(obs: dict[str, Any]) -> Text:
    """The grid picture of the track with the cars standing on it."""
    track: list[dict[str, Any]] = obs["track"]
    cars_on: dict[int, list[int]] = {}
    for car in obs["cars"]:
        cars_on.setdefault(car["card"], []).append(car["seat"])
    cells = {(c["x"], c["y"]): c for c in track}
    last = track[-1]
    open_end = None
    if not obs["turnaround_laid"]:
        dx, dy = _DELTA[last["to"]]
        open_end = (last["x"] + dx, last["y"] + dy)
    xs = [x for x, _ in cells] + ([open_end[0]] if open_end else [])
    ys = [y for _, y in cells] + ([open_end[1]] if open_end else [])
    text = Text()
    for y in range(min(ys), max(ys) + 1):
        for x in range(min(xs), max(xs) + 1):
            card = cells.get((x, y))
            if card is None:
                text.append(" · " if (x, y) == open_end else "   ")
                continue
            seats = cars_on.get(card["card"], [])
            style = KIND_STYLES.get(card["kind"], "")
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


def _car_line(car: dict[str, Any], obs: dict[str, Any]) -> str:
    if car["home"]:
        return "home"
    if car["progress"] == 0:
        where = "on the start card"
    else:
        way = "on the way back" if car["returning"] else "on the way out"
        where = f"card {car['card']} ({obs['track'][car['card']]['kind']}), {way}"
    if obs["finish"] is not None:
        where += f", {obs['finish'] - car['progress']} to go"
    if car["misses_turn"]:
        where += ", misses the next turn"
    return where


def render(observation: dict[str, Any], game: Game) -> RenderableType:
    """The track, the cars, the stack and what the player to move must decide."""
    obs = observation
    table = Table(show_header=True, header_style="bold", box=None)
    table.add_column("car")
    table.add_column("where")
    for car in obs["cars"]:
        seat = car["seat"]
        label = Text(f"{seat + 1}", style=CAR_STYLES[seat % len(CAR_STYLES)])
        if seat == obs["seat"]:
            label.append(" (you)")
        table.add_row(label, _car_line(car, obs))
    left = obs["stack_left"]
    if obs["turnaround_laid"]:
        stack = "The turnaround card is laid: the race runs back to the start."
    else:
        stack = f"Stack: {left} card(s) left, the turnaround card at the bottom."
    if obs["set_aside"]:
        stack += " Set aside (no room to lay): " + ", ".join(obs["set_aside"]) + "."
    lines: list[RenderableType] = [draw_track(obs), table, Text(stack)]
    lines.append(Text(_prompt(obs), style="bold"))
    return Group(*lines)


def _prompt(obs: dict[str, Any]) -> str:
    who = f"car {obs['turn'] + 1}"
    phase = obs["phase"]
    if phase == "over":
        winner = obs.get("winner")
        return "The race is over: " + (
            f"car {winner + 1} wins the Grand Prix!" if winner is not None
            else "the turn limit ended it undecided."
        )
    if phase == "choose":
        return f"Turn of {who}: build (draw and lay a card) or roll."
    if phase == "place":
        return f"{who} lays a {obs['card_to_lay']}: turn it {' or '.join(obs['ways'])}."
    if phase == "stand":
        return f"{who} is cheered on the grandstand: drive {obs['rolled']} again or stay."
    if phase == "draw":
        return f"{who} draws a card..."
    return f"{who} rolls the die..."


def _a(kind: str) -> str:
    return f"{'An' if kind[0] in 'aeiou' else 'A'} {kind}"


def narrate(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What changed between two observations (often several turns apart), in plain words."""
    lines: list[str] = []
    for card in after["track"][len(before["track"]):]:
        turn = "" if card["from"] == card["to"] else f", turning {card['to']}"
        lines.append(f"{_a(card['kind'])} was laid as card {card['card']}{turn}.")
        if card["kind"] == "turnaround":
            lines.append("The turnaround card is laid: the race turns back to the start.")
    for kind in after["set_aside"][len(before["set_aside"]):]:
        lines.append(f"{_a(kind)} was drawn that fits nowhere: set aside.")
    for old, new in zip(before["cars"], after["cars"], strict=True):
        car = f"Car {new['seat'] + 1}"
        gained = new["progress"] - old["progress"]
        if new["home"] and gained:
            lines.append(f"{car} drove {gained} and crossed the finish line!")
        elif gained:
            kind = after["track"][new["card"]]["kind"]
            lines.append(f"{car} drove {gained} to card {new['card']} ({kind}).")
        if new["misses_turn"] and not old["misses_turn"]:
            lines.append(f"{car} must miss its next turn.")
    if after["phase"] == "over" and before["phase"] != "over":
        winner = after.get("winner")
        lines.append(
            f"Car {winner + 1} wins the Grand Prix!" if winner is not None
            else "The turn limit ends the race undecided."
        )
    return lines


def _stack_view(view: SeatView) -> RenderableType:
    """What is left in the stack and the chance of each kind on the next draw."""
    from rennbahn.games.grandprix.rules import DRAW, GrandPrixGame, GrandPrixState

    state = view.resample(random.Random(0))  # nothing is hidden: this is the state itself
    game = view.game
    assert isinstance(state, GrandPrixState) and isinstance(game, GrandPrixGame)
    obs = view.observation()
    table = Table(title="The stack", box=None)
    table.add_column("card")
    table.add_column("left", justify="right")
    table.add_column("next draw", justify="right")
    chances: dict[int, float] = {}
    if state.turnaround < 0:
        chances = dict(state.stack.outcomes)
    for kind, left in obs["stack"].items():
        index = list(obs["stack"]).index(kind)
        chance = chances.get(DRAW + index, 0.0)
        table.add_row(kind, str(left), f"{chance:.0%}")
    if state.turnaround < 0:
        table.add_row("turnaround", "1", "100%" if not chances else "0%")
    return table


EXTRA_COMMANDS: dict[str, tuple[str, Callable[[SeatView], RenderableType]]] = {
    "stack": ("what is left in the stack and the chances of the next card", _stack_view),
}
