"""Drawing Von 0 auf 100 for people: the track with its symbols and cars, the driver cards
with their cans, whose turn it is, and what happened.

Everything works from one seat's observation. :func:`render` never draws the seat's own
licence, so several people can share one screen; ``licence`` (with the others looking away)
and ``beliefs`` are commands a person types at the prompt (:data:`EXTRA_COMMANDS`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rennbahn.core.driver import SeatView
from rennbahn.core.protocol import Game
from rennbahn.games.von0auf100.bots import beliefs
from rennbahn.games.von0auf100.components import COLOUR_NAMES, COLOURS

CAR_STYLE = dict(zip(COLOURS, ("bold red", "bold dark_orange", "bold yellow", "bold green",
                               "bold blue", "bold magenta"), strict=True))
#: How a track card looks: the symbol and its style.
CARD_LOOK = {".": ("·", "dim"), "x": ("2x", "bold cyan"), "o": ("oil", "bold black on yellow")}
SQUARES_PER_LINE = 19


def player_name(seat: int) -> str:
    return f"Driver {seat + 1}"  # as the rennbahn command names the seats


def _card(code: str) -> Text:
    if code in CARD_LOOK:
        symbol, style = CARD_LOOK[code]
        return Text(symbol, style=style)
    return Text(f"+{code}", style="bold green")  # a can card


def _car(letter: str) -> Text:
    return Text(letter, style=CAR_STYLE[letter])


def _track(obs: dict[str, Any]) -> RenderableType:
    track: str = obs["track"]
    length: int = obs["length"]
    out = set(obs["out"])
    here: dict[int, list[str]] = {}
    for letter, square in obs["cars"].items():
        if letter not in out:
            here.setdefault(square, []).append(letter)
    # With finish=past_card a car can stand on the start/target card again, short of the
    # line (I1): that card is drawn once more after the last track card.
    end = length + 2 if length + 1 in here else length + 1
    tables = []
    for first in range(0, end, SQUARES_PER_LINE):
        squares = range(first, min(first + SQUARES_PER_LINE, end))
        table = Table(show_header=True, box=None, padding=(0, 1), pad_edge=False)
        for square in squares:
            table.add_column("S/Z" if square in (0, length + 1) else str(square),
                             justify="center")
        cards = [Text("start", style="bold") if s in (0, length + 1) else
                 _card(track[s - 1]) if s <= len(track) else Text("?", style="dim")
                 for s in squares]
        table.add_row(*cards)
        cars = []
        for square in squares:
            cell = Text()
            for letter in sorted(here.get(square, []), key=COLOURS.index):
                cell.append_text(_car(letter))
            cars.append(cell)
        table.add_row(*cars)
        tables.append(table)
    return Group(*tables)


def _drivers(obs: dict[str, Any]) -> RenderableType:
    table = Table(title="Driver cards", title_justify="left", padding=(0, 1))
    for letter in COLOURS:
        table.add_column(_car(letter), justify="center")
    out = set(obs["out"])
    cans = {letter: str(i + 1) for i, letter in enumerate(obs["on"])}
    owners = obs["owners"]
    row = []
    for letter in COLOURS:
        if letter in out:
            who = owners.get(letter)
            row.append(Text("across" + (f" ({player_name(who)})" if who is not None else ""),
                            style="dim"))
        elif letter in cans:
            row.append(Text(f"can {cans[letter]}", style="bold"))
        else:
            row.append(Text("-", style="dim"))
    table.add_row(*row)
    return table


def _status(obs: dict[str, Any]) -> Text:
    you: int = obs["you"]
    text = Text()
    phase = obs["phase"]
    if phase == "over":
        text.append("The game is over. ", style="bold")
    elif phase == "layout":
        text.append("The track is being laid. ")
    elif phase == "deal":
        text.append("The licences are being dealt. ")
    else:
        mover: int = obs["to_move"]
        who = "Your" if mover == you else f"{player_name(mover)}'s"
        text.append(f"{who} turn: can {obs['next_can']}", style="bold")
        text.append(f" of {obs['cans']}. ")
    withdrawn = obs["withdrawn"]
    if withdrawn:
        gone = ", ".join(str(5 - i) for i in range(withdrawn))
        text.append(f"Cans withdrawn: {gone}. ", style="dim")
    if obs["pending"]:
        text.append(f"{obs['pending']} more from next round. ", style="dim")
    text.append(f"Starting tile: {player_name(obs['start'])}.")
    return text


def _scores(obs: dict[str, Any]) -> Text:
    parts = [f"{player_name(s)}{' (you)' if s == obs['you'] else ''}: {v}"
             for s, v in enumerate(obs["score"])]
    return Text("Score — " + ", ".join(parts), style="dim")


def render(observation: dict[str, Any], game: Game) -> RenderableType:
    """The table as the observing seat sees it (without its licence)."""
    obs = observation
    title = f"Von 0 auf 100 — race {obs['race']} of {obs['races']}, round {obs['round']}"
    parts: list[RenderableType] = [
        Text(title, style="bold"),
        _track(obs),
        _drivers(obs),
        _status(obs),
    ]
    if obs["races"] > 1 or any(obs["score"]):
        parts.append(_scores(obs))
    parts.append(Text("Type 'licence' to see your car (the others look away), 'beliefs' for "
                      "who may own which car.", style="dim italic"))
    return Group(*parts)


def narrate(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """A plain account of the cans placed and cars across between two observations."""
    lines: list[str] = []
    n: int = after["players"]
    if after["race"] != before["race"]:
        lines.append(f"Race {before['race']} is over; race {after['race']} begins.")
    elif after["round"] == before["round"]:
        for index in range(len(before["on"]), len(after["on"])):
            seat = (after["start"] + index) % n
            lines.append(f"{player_name(seat)} put can {index + 1} on {after['on'][index]}.")
    else:
        lines.append(f"Round {before['round']} ended; now round {after['round']}.")
    target: int = after["target"]
    if after["race"] == before["race"]:
        for letter in COLOURS:
            old, new = before["cars"][letter], after["cars"][letter]
            if old != new:
                lines.append(f"{COLOUR_NAMES[COLOURS.index(letter)]} car: {old} → "
                             f"{_square(new, target)}.")
    last = after["last"]
    if last is not None and last != before["last"]:
        lines.append(f"Last: {player_name(last['seat'])} put can {last['can']} on "
                     f"{last['car']} ({last['from']} → {_square(last['to'], target)}).")
    decided = ""
    for race, letter, seat, how in after["finishes"][len(before["finishes"]):]:
        if how != "crossed" and how != decided:
            decided = how
            why = (f"after {before['round']} rounds the safety stop"
                   if how == "stopped" else "no car can reach the line past the oil any more")
            lines.append(f"Race {race}: {why}; the cars count as across in the order of "
                         "their squares, the furthest first (I16, I17).")
        across = "crossed the line" if how == "crossed" else "counts as across"
        if seat is None:
            lines.append(f"Race {race}: {letter} {across}; nobody claims it, it is put aside.")
        else:
            lines.append(f"Race {race}: {letter} {across}; {player_name(seat)} "
                         f"{_uncovers(after, race, seat)}.")
    return lines


def _uncovers(after: dict[str, Any], race: int, seat: int) -> str:
    """What a seat shows when its car crosses: its licence, or with two players in a race
    to win both of its licences (I12)."""
    if after["players"] != 2 or after["scoring"] == "season":
        return "uncovers the licence"
    cars = sorted((c for c, s in after["owners"].items() if s == seat), key=COLOURS.index)
    if after["race"] == race and len(cars) == 2:
        return f"uncovers both licences ({cars[0]} and {cars[1]})"
    return "uncovers both licences"


def _square(square: int, target: int) -> str:
    """Where a move took a car: its square, or across the line (a move that would go further
    ends there, so the square it would have reached is not told)."""
    return "across the line" if square >= target else str(square)


def show_licence(view: SeatView) -> RenderableType:
    """The seat's own licence(s), behind a warning."""
    obs = view.observation()
    letters = [str(letter) for letter in obs["licences"]]
    body = Text("Make sure the others look away!\n\n", style="bold red")
    if not letters:
        body.append("You have no licence yet.")
    for letter in letters:
        body.append("Your car: ")
        body.append_text(_car(letter))
        body.append(f" ({COLOUR_NAMES[COLOURS.index(letter)]})\n")
    return Panel(body, title=f"{player_name(view.seat)}'s licence", expand=False)


def show_beliefs(view: SeatView) -> RenderableType:
    """What the heuristic bot would believe in this seat: P(player owns car)."""
    obs = view.observation()
    table = Table(title="Who owns which car? (the heuristic's belief from what you saw)")
    table.add_column("")
    for letter in COLOURS:
        table.add_column(_car(letter), justify="right")
    probabilities = beliefs(obs, view.game)
    for seat, row in enumerate(probabilities):
        label = player_name(seat) + (" (you)" if seat == view.seat else "")
        table.add_row(label, *(f"{p:.0%}" for p in row))
    nobody = [1.0 - sum(row[c] for row in probabilities) for c in range(len(COLOURS))]
    table.add_row("nobody", *(f"{max(0.0, p):.0%}" for p in nobody), style="dim")
    return table


EXTRA_COMMANDS: dict[str, tuple[str, Callable[[SeatView], RenderableType]]] = {
    "licence": ("show your own licence — the others must look away", show_licence),
    "beliefs": ("who owns which car, as the heuristic bot believes from what you saw",
                show_beliefs),
}

__all__ = ["EXTRA_COMMANDS", "narrate", "render"]
