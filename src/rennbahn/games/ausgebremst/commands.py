"""``rennbahn tracks``: list, draw and check the Ausgebremst tracks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from rennbahn.core.errors import RennbahnError
from rennbahn.games.ausgebremst.tracks import (
    TrackError,
    build_track,
    check_half,
    ideal_distance,
    race_track,
    race_tracks,
    read_half,
    reserve,
)

JsonFlag = Annotated[bool, typer.Option("--json", help="print JSON")]

app = typer.Typer(help="The Ausgebremst tracks: list them, draw one, check track files.",
                  invoke_without_command=True, no_args_is_help=False)


def _rows() -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for race in race_tracks():
        track = build_track(race.number)
        rows.append({
            "number": race.number,
            "name": race.name,
            "direction": race.direction,
            "difficulty": race.difficulty,
            "distance": ideal_distance(track, track.grid[0]),
            "rulebook_distance": race.distance,
            "reserve": reserve(track, race, 0),
            "rulebook_reserve": race.reserve,
            "lap": track.lap,
        })
    return rows


@app.callback()
def main(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Without a command: the list of tracks."""
    if ctx.invoked_subcommand is None:
        list_tracks(as_json)


@app.command("list")
def list_tracks(as_json: JsonFlag = False) -> None:
    """The eight tracks: name, direction, difficulty, the computed distance and the points
    in reserve from row 1 without a pit stop."""
    rows = _rows()
    if as_json:
        typer.echo(json.dumps(rows, indent=1))
        return
    console = Console()
    for row in rows:
        console.print(f"{row['number']}  {row['name']:18} {row['direction']:15} "
                      f"{row['difficulty']:7} {row['distance']} spaces (lap {row['lap']}), "
                      f"reserve {row['reserve']}")


def _fail(error: str) -> typer.Exit:
    """One line on stderr and exit code 2: bad input, never a traceback."""
    typer.echo(" ".join(error.split()), err=True)
    return typer.Exit(2)


def _writable(path: Path) -> None:
    """Refuse an output path that cannot be written, before any work is done."""
    if path.is_dir():
        raise TrackError(f"--svg {path}: is a directory; give a file name")
    parent = path.parent
    if not parent.is_dir():
        raise TrackError(f"--svg {path}: the folder {parent} does not exist")


@app.command("show")
def show(
    name: Annotated[str, typer.Argument(help="track number 1-8 or name, e.g. nurburg-ring")],
    svg: Annotated[Path | None, typer.Option("--svg", help="also write an SVG file")] = None,
) -> None:
    """Draw one track in the terminal."""
    from rennbahn.games.ausgebremst.svg import track_svg
    from rennbahn.games.ausgebremst.ui import draw_track

    try:
        race = race_track(name)
        if svg is not None:
            _writable(svg)
    except RennbahnError as exc:
        raise _fail(str(exc)) from None
    track = build_track(race.number)
    if svg is not None:  # first, so a path that cannot be written is the only output
        try:
            svg.write_text(track_svg(track), encoding="utf-8")
        except OSError as exc:
            raise _fail(f"--svg {svg}: cannot write: {exc.strerror or exc}") from None
    console = Console(width=max(120, 3 * track.columns + 10))
    console.print(f"{race.number} {race.name}, {race.direction}, {race.difficulty}, "
                  f"{ideal_distance(track, track.grid[0])} spaces")
    console.print(draw_track(track))


@app.command("check")
def check(files: Annotated[list[Path], typer.Argument(help="half-board JSON files")]) -> None:
    """Validate half-board files: every check on every file. Each is built with every stock
    half of the other role, both ways round (connection, pit alley, start grid), and a half
    named after a stock half also against the rulebook's distances and pit chart.

    Exit code 0 when all are ok, 1 when a file reads but its tracks fail a check, 2 when a
    file is not a half-board file at all (unreadable, not JSON, not the schema, rows that
    do not draw a half)."""
    code = 0
    for path in files:
        try:
            problems = check_half(read_half(path))
        except RennbahnError as exc:
            typer.echo(" ".join(str(exc).split()), err=True)
            code = 2
            continue
        if problems:
            code = max(code, 1)
            for problem in problems:
                line = problem if str(path) in problem else f"{path}: {problem}"
                typer.echo(" ".join(line.split()), err=True)
        else:
            typer.echo(f"{path}: ok")
    if code:
        raise typer.Exit(code)
