"""The ``rennbahn`` command: play, sim, replay, games (and tracks for Ausgebremst)."""

from __future__ import annotations

import importlib
import json
import secrets
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from rennbahn.bots.factory import bot_names, make_bot
from rennbahn.cli.human import HumanSeat, QuitGameError, load_ui, narration, render_view
from rennbahn.core.driver import Bot, play
from rennbahn.core.errors import RennbahnError
from rennbahn.core.params import parse_game_string
from rennbahn.core.protocol import Game
from rennbahn.core.records import Record, replay
from rennbahn.core.registry import game_entry, load_game, registered_games
from rennbahn.sim.runner import Summary, run_games

app = typer.Typer(
    help="rennbahn: Gib Gas!, Von 0 auf 100, Ausgebremst and Grand Prix in the terminal.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()
errors = Console(stderr=True, soft_wrap=True)

HUMAN = ("you", "human", "me")


def _fail(message: str) -> typer.Exit:
    errors.print(Text.assemble(("error: ", "red"), message))
    return typer.Exit(code=2)


def _seat_list(text: str) -> list[str]:
    seats = [s.strip() for s in text.split(",") if s.strip()]
    if not seats:
        raise _fail("--seats needs at least one seat, for example you,heuristic,heuristic")
    return seats


def _load_for_seats(text: str, seats: list[str]) -> Game:
    """Load the game; a game with a ``players`` parameter takes it from the seat count."""
    name, raw = parse_game_string(text)
    entry = game_entry(name)
    extra: dict[str, object] = {}
    if "players" not in raw and any(p.name == "players" for p in entry.params):
        extra["players"] = len(seats)
    game = load_game(text, **extra)
    if game.num_players() != len(seats):
        raise _fail(f"{game} has {game.num_players()} seats but --seats names {len(seats)}")
    return game


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False) -> None:
    """List the registered games with their parameters and player range."""
    rows: list[dict[str, Any]] = []
    for entry in registered_games():
        cls = entry.game_class
        rows.append({
            "name": entry.name,
            "title": cls.TITLE,
            "version": cls.VERSION,
            "players": [cls.MIN_PLAYERS, cls.MAX_PLAYERS],
            "bots": bot_names(entry.name),
            "params": [
                {"name": p.name, "default": p.default, "allowed": p.allowed(), "doc": p.doc}
                for p in entry.params
            ],
        })
    if as_json:
        console.print_json(json.dumps(rows))
        return
    for row in rows:
        table = Table(title=f"{row['title']} — {row['name']} (v{row['version']}), "
                            f"{row['players'][0]}-{row['players'][1]} players, "
                            f"bots: {', '.join(row['bots'])}")
        for column in ("parameter", "default", "allowed", "meaning"):
            table.add_column(column)
        for p in row["params"]:
            table.add_row(p["name"], str(p["default"]), p["allowed"], p["doc"])
        console.print(table)


@app.command(name="play")
def play_command(
    game: Annotated[str, typer.Argument(help="game name or string, e.g. gibgas(champions=true)")],
    seats: Annotated[str, typer.Option(help="one per seat: you, random, heuristic, ...")] = (
        "you,heuristic,heuristic"
    ),
    seed: Annotated[int | None, typer.Option(help="seed for chance and bots")] = None,
    record: Annotated[Path | None, typer.Option(help="save the game record to this file")] = None,
) -> None:
    """Play a game in the terminal against bots, or hot-seat with friends."""
    try:
        seat_names = _seat_list(seats)
        loaded = _load_for_seats(game, seat_names)
        humans = [i for i, s in enumerate(seat_names) if s.lower() in HUMAN]
        bots: list[Bot] = []
        for i, name in enumerate(seat_names):
            if i in humans:
                label = f"Driver {i + 1}" if len(humans) > 1 else f"Driver {i + 1} (you)"
                bots.append(HumanSeat(loaded, console, label, hotseat=len(humans) > 1))
            else:
                bots.append(make_bot(loaded, name))
    except RennbahnError as error:
        raise _fail(str(error)) from error
    if seed is None:
        seed = secrets.randbelow(2**31)
    console.print(f"[bold]{loaded.TITLE}[/bold] — {loaded}, seed {seed}")
    for i, name in enumerate(seat_names):
        console.print(f"  Driver {i + 1}: {'you' if i in humans else name}")
    try:
        result = play(loaded, bots, seed, seats=seat_names)
    except QuitGameError:
        console.print("Game abandoned.")
        raise typer.Exit(code=0) from None
    final = loaded.state_from_text(result.final)
    viewer = humans[0] if len(humans) == 1 else 0
    seat_bot = bots[viewer]
    if isinstance(seat_bot, HumanSeat):
        seat_bot.show(final.observation(viewer))
    else:
        console.print(render_view(load_ui(loaded), final.observation(viewer), loaded))
    console.print("Result: " + ", ".join(
        f"Driver {i + 1} {r:g}" for i, r in enumerate(result.returns)))
    if record is not None:
        result.save(record)
        console.print(f"Record saved to {record}")


@app.command()
def sim(
    game: Annotated[str, typer.Argument(help="game name or string")],
    seats: Annotated[str, typer.Option(help="bot per seat, e.g. heuristic,random,random")],
    games: Annotated[int, typer.Option(min=1, help="number of games")] = 1000,
    seed: Annotated[int, typer.Option(help="seed of the run")] = 1,
    workers: Annotated[int, typer.Option(min=1, help="worker processes")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON to stdout")] = False,
) -> None:
    """Simulate many games between bots: win rate per seat with a 95% interval."""
    try:
        seat_names = _seat_list(seats)
        loaded = _load_for_seats(game, seat_names)
        summary = Summary(str(loaded), seed, seat_names)
        outcomes = run_games(str(loaded), seat_names, games, seed, workers=workers)
        with Progress(
            TextColumn("[progress.description]{task.description}"), BarColumn(),
            MofNCompleteColumn(), TimeRemainingColumn(),
            console=errors, transient=as_json,
        ) as progress:
            task = progress.add_task(f"{loaded.NAME}", total=games)
            for outcome in outcomes:
                summary.add(outcome)
                progress.advance(task)
    except RennbahnError as error:
        raise _fail(str(error)) from error
    data = summary.to_json()
    if as_json:
        sys.stdout.write(json.dumps(data, indent=1) + "\n")
        return
    table = Table(title=f"{data['game']}: {data['games']} games, seed {seed}")
    keys = sorted({k for s in data["seats"] for k in s["means"]})
    for column in ("seat", "bot", "wins (95% interval)", *keys):
        table.add_column(column.replace("_", " "), no_wrap=column.startswith("wins"))
    for s in data["seats"]:
        low, high = s["ci95"]
        table.add_row(str(s["seat"] + 1), s["bot"], f"{s['win_rate']:.3f} ({low:.3f}-{high:.3f})",
                      *[f"{s['means'].get(k, 0):.2f}" for k in keys])
    console.print(table)
    if keys:
        console.print("Other columns are means per game.", style="dim")
    console.print(f"Average length: {data['mean_decisions']:.1f} decisions, "
                  f"{data['mean_actions']:.1f} actions (chance included)")
    for key, groups in data["by"].items():
        group_table = Table(title=f"by {key.replace('_', ' ')}: win rate and return (points)")
        for column in (key, "win rate", "95% interval", "mean return", "seats"):
            group_table.add_column(column)
        for value, g in groups.items():
            group_table.add_row(value, f"{g['win_rate']:.3f}",
                                f"{g['ci95'][0]:.3f} - {g['ci95'][1]:.3f}",
                                f"{g['mean_return']:.2f}", str(g["seats"]))
        console.print(group_table)


@app.command(name="replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="a game record (JSON)")],
    seat: Annotated[int | None, typer.Option(
        help="show the game as this seat (0-based) saw it, others' secrets masked")] = None,
    pause: Annotated[bool, typer.Option(help="wait for Enter after each step")] = False,
) -> None:
    """Step through a game record, checking every move."""
    try:
        record = Record.load(file)
    except OSError as error:
        raise _fail(f"cannot read {file}: {error}") from error
    except RennbahnError as error:
        raise _fail(str(error)) from error
    ui = None
    last: dict[str, Any] | None = None
    try:
        for number, (step, state) in enumerate(replay(record)):
            game = state.get_game()
            if ui is None:
                ui = load_ui(game)
                console.print(f"[bold]{game.TITLE}[/bold] — {record.game}, seed {record.seed}, "
                              f"seats {', '.join(record.seats)}")
            if step is not None:
                who = {-1: "chance", -2: "all"}.get(step.actor, f"Driver {step.actor + 1}")
                moves = list(step.moves)
                if seat is not None:  # what that seat saw: others' secrets stay masked
                    seen = state.history_notation(seat)[-len(moves):]
                    moves = [m.partition(":")[2] for m in seen]
                console.print(f"{number:4d}. {who}: {', '.join(moves)}", soft_wrap=True)
            if seat is not None:
                observation = state.observation(seat)
                for line in narration(ui, last, observation):
                    console.print(f"      {line}")
                last = observation
                if pause or state.is_terminal():
                    console.print(render_view(ui, observation, game))
            if pause:
                console.input("(Enter for the next step) ")
    except RennbahnError as error:
        raise _fail(str(error)) from error
    console.print("Result: " + ", ".join(
        f"Driver {i + 1} {r:g}" for i, r in enumerate(record.returns)) + " (replayed and checked)")


def _mount_optional() -> None:
    """Commands in modules of their own: ``rennbahn tracks`` (Ausgebremst's tracks) and
    ``rennbahn serve`` (the web server; its own module keeps the web extra optional)."""
    try:
        tracks = importlib.import_module("rennbahn.cli.tracks")
    except ModuleNotFoundError:
        pass
    else:
        app.add_typer(tracks.app, name="tracks")
    try:
        serve = importlib.import_module("rennbahn.cli.serve")
    except ModuleNotFoundError:
        pass
    else:
        app.command(name="serve")(serve.serve)


_mount_optional()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
