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
    assemble,
    build_track,
    check_track,
    ideal_distance,
    load_half,
    race_track,
    race_tracks,
    read_half,
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
    """The eight tracks: name, direction, difficulty and the computed distance."""
    rows = _rows()
    if as_json:
        typer.echo(json.dumps(rows, indent=1))
        return
    console = Console()
    for row in rows:
        console.print(f"{row['number']}  {row['name']:18} {row['direction']:15} "
                      f"{row['difficulty']:7} {row['distance']} spaces (lap {row['lap']})")


@app.command("show")
def show(
    name: Annotated[str, typer.Argument(help="track number 1-8 or name, e.g. nurburg-ring")],
    svg: Annotated[Path | None, typer.Option("--svg", help="also write an SVG file")] = None,
) -> None:
    """Draw one track in the terminal."""
    from rennbahn.games.ausgebremst.ui import draw_track

    try:
        race = race_track(name)
    except RennbahnError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from exc
    track = build_track(race.number)
    console = Console(width=max(120, 3 * track.columns + 10))
    console.print(f"{race.number} {race.name}, {race.direction}, {race.difficulty}, "
                  f"{ideal_distance(track, track.grid[0])} spaces")
    console.print(draw_track(track))
    if svg is not None:
        from rennbahn.games.ausgebremst.svg import track_svg

        svg.write_text(track_svg(track), encoding="utf-8")


@app.command("check")
def check(files: Annotated[list[Path], typer.Argument(help="half-board JSON files")]) -> None:
    """Validate half-board files: shape, connection, pit alley, and the distances of every
    rulebook track that uses them (with the stock halves for the other half)."""
    failed = False
    for path in files:
        try:
            half = read_half(path)
            problems: list[str] = []
            for race in race_tracks():
                if half.name not in (race.front, race.end):
                    continue
                front = half if half.name == race.front else load_half(race.front)
                end = half if half.name == race.end else load_half(race.end)
                track = assemble(front, end, race.direction, race.name)
                problems += check_track(track, race.distance)
        except TrackError as exc:
            problems = [str(exc)]
        if problems:
            failed = True
            for problem in problems:
                typer.echo(problem if str(path) in problem else f"{path}: {problem}", err=True)
        else:
            typer.echo(f"{path}: ok")
    if failed:
        raise typer.Exit(1)
