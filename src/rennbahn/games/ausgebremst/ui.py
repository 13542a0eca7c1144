"""Drawing Ausgebremst in the terminal: the track with the cars, the hand, the points left.

Everything is drawn from one seat's observation, so it never shows more than that seat may
know. ``draw_track`` is also used by ``rennbahn tracks show``.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from rennbahn.core.protocol import Game
from rennbahn.games.ausgebremst.rules import AusgebremstGame
from rennbahn.games.ausgebremst.tracks import KIND_BOTTLENECK, KIND_PIT, OUTER, Track

CAR_STYLES = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta", "bold cyan")
CELL = 3


def draw_track(track: Track, marks: dict[int, tuple[str, str]] | None = None) -> Text:
    """The track folded like the board: the first half of the columns runs left to right
    along the top, the second half right to left along the bottom, inner lanes facing.

    ``marks`` maps a space to (label, style), e.g. a car. Column numbers run along the edges;
    ``A``/``C`` mark the pit fields, ``=`` a solid line, ``-`` a lane with no space in that
    column (a curve), ``#`` a bottleneck; the finish line lies before column 0.
    """
    marks = marks or {}
    n = track.columns
    at: dict[tuple[int, int], int] = {}
    for space in range(track.size):
        if track.kind[space] == KIND_PIT:
            at[(track.col[space], 2)] = space
        elif track.kind[space] == KIND_BOTTLENECK:
            at[(track.col[space], 0)] = at[(track.col[space], 1)] = space
        else:
            at[(track.col[space], track.lane[space])] = space
    labels = {track.field_a: "A", track.field_c: "C"}

    def numbers(columns: list[int]) -> Text:
        line = Text(" " * 2)
        for column in columns:
            line.append(f"{column:<{CELL}}" if column % 5 == 0 else " " * CELL, style="dim")
        return line

    def lane(columns: list[int], row: int, title: str) -> Text:
        line = Text(f"{title:2}")
        for column in columns:
            if row == -1:
                line.append(("===" if track.solid[column] else "   "), style="white")
                continue
            space = at.get((column, row))
            if space is None:
                line.append(" - " if row != 2 else "   ", style="dim")
            elif space in marks:
                label, style = marks[space]
                line.append(f"{label:^{CELL}}", style=style)
            elif track.kind[space] == KIND_BOTTLENECK:
                line.append(" # ", style="bold white")
            else:
                line.append(f"[{labels.get(space, '')}]" if space in labels else " o ",
                            style="yellow" if space in labels or row == 2 else "white")
        return line

    top = list(range((n + 1) // 2))
    bottom = list(range(n - 1, len(top) - 1, -1))
    pad = [-2] * (len(top) - len(bottom))  # keeps the bottom half under the top one
    rows = [numbers(top)]
    rows += [lane(top, row, title) for row, title in ((2, "P"), (OUTER, "o"), (-1, ""),
                                                         (0, "i"))]
    rows.append(Text(""))
    rows += [_pad(lane(bottom, row, title), len(pad))
             for row, title in ((0, "i"), (-1, ""), (OUTER, "o"), (2, "P"))]
    rows.append(_pad(numbers(bottom), len(pad)))
    rows.append(Text(f"  right along the top, left along the bottom; finish line before column 0;"
                     f"\n  start grid columns {n - 3}-{n - 1}; ideal lap {track.lap} spaces",
                     style="dim"))
    return Text("\n").join(rows)


def _pad(line: Text, cells: int) -> Text:
    """Shift a bottom-half line right by ``cells`` cells, after its two-letter title."""
    if not cells:
        return line
    return Text.assemble(line[:2], " " * (CELL * cells), line[2:])


def render(observation: dict[str, Any], game: Game) -> RenderableType:
    """The race as the observing seat sees it."""
    assert isinstance(game, AusgebremstGame)
    obs = observation
    track = game.tracks[obs["race"] - 1]
    marks: dict[int, tuple[str, str]] = {}
    for number, car in enumerate(obs["cars"]):
        if car["on_board"]:
            marks[track.index(car["space"])] = (car["car"], CAR_STYLES[number])
    title = Text(
        f"Race {obs['race']} of {len(obs['races'])}: {obs['track']} ({obs['direction']}), "
        f"{obs['mode']} game", style="bold")
    cars = Table(title="Cars", show_lines=False)
    for column in ("car", "place", "space", "lap", "pit", "status", "cards", "points left",
                   "to finish", "shown"):
        cars.add_column(column)
    for number, car in enumerate(obs["cars"]):
        cars.add_row(
            Text(car["car"], style=CAR_STYLES[number]),
            str(car["place"]),
            car["space"],
            str(car["lap"]),
            "yes" if car["pit_stop"] else "no",
            car["status"] + (f" #{car['finish_place']}" if car["finish_place"] else ""),
            str(car["cards"]),
            str(car["points_left"]),
            str(car["to_finish"]),
            "".join(map(str, car["shown"])) if car["shown"] else "",
        )
    me = obs["me"]
    mine = Text(f"Your hand: {' '.join(map(str, me['hand'])) or '-'}", style="bold")
    extra = []
    if me.get("stacks"):
        extra.append(Text(
            "Gear stacks: " + "  ".join(
                f"{i + 1}:" + "".join(str(v + 1) * n for v, n in enumerate(stack))
                + ("+" + "".join(map(str, top)) if top else "")
                for i, (stack, top) in enumerate(zip(me["stacks"], me["stack_tops"],
                                                     strict=True)))))
    leaders = Text(f"In the lead: {', '.join(obs['leaders'])}   "
                   f"finished: {', '.join(obs['finish']) or '-'}")
    return Group(title, draw_track(track, marks), cars, leaders, mine, *extra, _table(obs))


def _table(obs: dict[str, Any]) -> RenderableType:
    table = Table(title="Race bookkeeper")
    table.add_column("race")
    seats = len(obs["totals"])
    for seat in range(seats):
        table.add_column(f"P{seat}")
    for number, race in enumerate(obs["table"]):
        table.add_row(
            obs["races"][number],
            *(f"{race['points'][s]}{' (pit)' if race['pit_stops'][s] else ''}"
              for s in range(seats)),
        )
    table.add_row("total", *(f"{t:g}" for t in obs["totals"]))
    return table


def narrate(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Plain account of the cars that moved, passed or finished between two observations."""
    lines: list[str] = []
    for old, new in zip(before["cars"], after["cars"], strict=True):
        if old["space"] != new["space"] and new["status"] != "finished":
            lines.append(f"{new['car']} drives from {old['space']} to {new['space']}.")
        elif old["space"] == new["space"] and sum(new["played"]) > sum(old["played"]):
            spent = [v + 1 for v, (a, b) in enumerate(zip(old["played"], new["played"],
                                                           strict=True)) if b > a]
            lines.append(f"{new['car']} spends a {spent[0]} without moving.")
        if new["shown"] and new["shown"] != old["shown"]:
            lines.append(f"{new['car']} is blocked and shows {new['shown']}.")
        if new["status"] == "finished" and old["status"] != "finished":
            lines.append(f"{new['car']} crosses the finish line in place {new['finish_place']}.")
        if new["status"] == "out" and old["status"] != "out":
            lines.append(f"{new['car']} has no cards left and is taken off the track.")
        if new["pit_stop"] and not old["pit_stop"]:
            lines.append(f"{new['car']} makes its pit stop.")
    if len(after["table"]) > len(before["table"]):
        race = after["table"][-1]
        lines.append(f"Race over. Points: {race['points']}.")
    return lines
