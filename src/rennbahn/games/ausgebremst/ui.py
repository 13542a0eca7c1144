"""Drawing Ausgebremst in the terminal: the track with the cars, a legend, the standing, the
hand, the bookkeeper's table.

Everything is drawn from one seat's observation (or the public one), so it never shows more
than that seat may know. The words come from the game's one catalogue
(``texts.py``), in English or German; the story of each step is told by
``narration.narrate``, the same for the terminal and the browser. ``draw_track`` is also used
by ``rennbahn tracks show``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from rennbahn.core.protocol import Game
from rennbahn.core.registry import Terminal
from rennbahn.core.views import UNSET, View, expect_view
from rennbahn.games.ausgebremst import narration
from rennbahn.games.ausgebremst.layout import sides
from rennbahn.games.ausgebremst.narration import standing
from rennbahn.games.ausgebremst.rules import AusgebremstGame
from rennbahn.games.ausgebremst.texts import Teller
from rennbahn.games.ausgebremst.tracks import KIND_BOTTLENECK, KIND_PIT, OUTER, Track
from rennbahn.games.ausgebremst.views import AusgebremstView, BoardView, Car

CAR_STYLES = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta", "bold cyan")
CELL = 3
#: The first-column titles of the lanes: the letters of the space names (``12o``, ``12i``,
#: ``p1``) with a bar, so they do not look like a free space.
LANE_TITLES = {2: "P|", OUTER: "o|", 0: "i|"}
FREE = " · "


def draw_track(track: Track, marks: dict[int, tuple[str, str]] | None = None,
               lang: str = "en") -> Text:
    """The track folded like the board: the first half of the columns runs left to right
    along the top, the second half right to left along the bottom, inner lanes facing.

    ``marks`` maps a space to (label, style), e.g. a car. Column numbers run along the edges;
    ``·`` is a free space, ``A``/``C`` mark the pit fields, ``=`` a solid line, ``-`` a lane
    with no space in that column (a curve), ``#`` a bottleneck; the finish line lies before
    column 0 (``legend`` says it in words).
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
                line.append(f"[{labels.get(space, '')}]" if space in labels else FREE,
                            style="yellow" if space in labels or row == 2 else "white")
        return line

    top, bottom = sides(n)
    pad = [-2] * (len(top) - len(bottom))  # keeps the bottom half under the top one
    rows = [numbers(top)]
    rows += [lane(top, row, LANE_TITLES.get(row, "")) for row in (2, OUTER, -1, 0)]
    rows.append(Text(""))
    rows += [_pad(lane(bottom, row, LANE_TITLES.get(row, "")), len(pad))
             for row in (0, -1, OUTER, 2)]
    rows.append(_pad(numbers(bottom), len(pad)))
    fold = Teller(lang)("ui_fold", first=n - 3, last=n - 1, lap=track.lap)
    rows += [Text("  " + line, style="dim") for line in fold.split("\n")]
    return Text("\n").join(rows)


def _pad(line: Text, cells: int) -> Text:
    """Shift a bottom-half line right by ``cells`` cells, after its two-letter title."""
    if not cells:
        return line
    return Text.assemble(line[:2], " " * (CELL * cells), line[2:])


def car_mark(car: Car) -> str:
    """A car's label on the track: its seat counted from 1 (as "Driver n"), or N1-N3."""
    return car.car if car.seat is None else str(car.seat + 1)


def render(view: View, game: Game, *, lang: str = "en", names: Sequence[str] | None = None,
           prompt: bool = True) -> RenderableType:
    """The race as the viewing seat sees it (the public view: as a spectator); ``prompt``
    changes nothing (the moves are listed by the front end)."""
    assert isinstance(game, AusgebremstGame)
    obs = expect_view(view, BoardView)
    say = Teller(lang, names)
    track = game.tracks[obs.race - 1]
    seat = obs.seat
    marks: dict[int, tuple[str, str]] = {}
    for number, car in enumerate(obs.cars):
        if car.on_board:
            marks[track.index(car.space)] = (car_mark(car), CAR_STYLES[number])
    title = Text(say("ui_title", race=obs.race, races=len(obs.races), track=obs.track,
                     direction=say("dir_" + obs.direction), mode=say("mode_" + obs.mode)),
                 style="bold")
    legend_text = Text("\n".join(legend(lang)), style="dim")
    cars = Table(title=say("ui_cars"), box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0),
                 show_edge=False)
    for key in ("ui_place", "ui_car", "ui_space", "ui_lap", "ui_pit", "ui_status", "ui_cards",
                "ui_points_left", "ui_to_finish", "ui_shown"):
        cars.add_column(say(key))
    for place, number in enumerate(standing(obs), start=1):
        car = obs.cars[number]
        name, mark = say.car(car.car), car_mark(car)
        if not name.endswith(mark):  # a name given to the seat: its number on the track too
            name += f" [{mark}]"
        if car.seat is not None and car.seat == seat:
            name += say("ui_you")
        cars.add_row(
            str(place),
            Text(name, style=CAR_STYLES[number]),
            car.space,
            str(car.lap),
            say("ui_yes") if car.pit_stop else say("ui_no"),
            say("status_" + car.status),
            str(car.cards),
            str(car.points_left),
            str(car.to_finish),
            "".join(map(str, car.shown)) if car.shown else "",
        )
    parts: list[RenderableType] = [title, draw_track(track, marks, lang), legend_text, cars,
                                   Text(say("ui_columns"), style="dim")]
    parts.append(Text(say("ui_leaders", cars=", ".join(say.car(c) for c in obs.leaders),
                          finished=", ".join(say.car(c) for c in obs.finish) or "-")))
    if isinstance(obs, AusgebremstView):
        me = obs.me
        parts.append(Text(say("ui_hand", cards=" ".join(map(str, me.hand)) or "-"),
                          style="bold"))
        if me.stacks:  # with stack_order=chosen the top card first
            key = "ui_stacks" if me.dealt is UNSET else "ui_stacks_top"
            parts.append(Text(say(key, stacks=narration.stacks_text(me))))
    parts.append(_table(obs, say))
    if len(obs.table) == len(obs.races):
        parts.append(Text("\n".join(narration.result(obs, lang=lang, names=names)),
                          style="bold"))
    return Group(*parts)


def _table(obs: BoardView, say: Teller) -> RenderableType:
    table = Table(title=say("ui_table"))
    table.add_column(say("ui_race"))
    seats = len(obs.totals)
    for seat in range(seats):
        table.add_column(say.car(f"P{seat}"))
    for number, race in enumerate(obs.table):
        table.add_row(
            obs.races[number],
            *(f"{race.points[s]}{say('ui_pit_mark') if race.pit_stops[s] else ''}"
              for s in range(seats)),
        )
    table.add_row(say("ui_total"), *(f"{t:g}" for t in obs.totals))
    return table


def legend(lang: str = "en") -> list[str]:
    """What the symbols of the drawing mean, one line each (shown under it, and for ``help``)."""
    return Teller(lang)("ui_legend").split("\n")


#: The terminal front end of Ausgebremst (named by the game's registry entry).
TERMINAL = Terminal(render=render, legend=legend)

__all__ = ["TERMINAL", "car_mark", "draw_track", "legend", "render"]
