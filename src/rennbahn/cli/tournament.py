"""``rennbahn tournament GAME --bots a,b,c --games N``: bots against each other, seats rotated.

Prints each bot's share of wins per seat taken with its 95% (Wilson) interval beside the fair
share, a pairwise table (how often a bot finished ahead of another in the games both played)
and openskill ratings; ``--json`` prints all of it as JSON, move times included. Same seed,
same results, whatever ``--workers`` (as long as the bots use iteration budgets).
"""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from rennbahn.core.errors import ParameterError
from rennbahn.core.params import parse_game_string
from rennbahn.core.registry import game_entry, load_game
from rennbahn.sim.tournament import Standings, plan, run_tournament

#: Most worker processes a tournament starts.
MAX_WORKERS = 64

console = Console()
errors = Console(stderr=True, soft_wrap=True)


def split_bots(text: str) -> list[str]:
    """Split ``a,b(x=1,y=2),c`` at the commas outside parentheses."""
    bots: list[str] = []
    depth, start = 0, 0
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "," and depth == 0:
            bots.append(text[start:i].strip())
            start = i + 1
    bots.append(text[start:].strip())
    bots = [b for b in bots if b]
    if not bots or depth != 0:
        raise ParameterError(
            f"--bots {text!r} is not a list of bots; give names separated by commas, "
            "for example hard,heuristic,ismcts(iterations=200)")
    return bots


def load_for(text: str, bots: list[str]) -> str:
    """The game string; a game with a ``players`` parameter gets one seat per bot when the
    string does not say and that many seats are allowed."""
    name, raw = parse_game_string(text)
    entry = game_entry(name)
    cls = entry.game_class
    extra: dict[str, object] = {}
    if ("players" not in raw and any(p.name == "players" for p in entry.params)
            and cls.MIN_PLAYERS <= len(bots) <= cls.MAX_PLAYERS):
        extra["players"] = len(bots)
    return str(load_game(text, paths=True, **extra))


def tournament(
    game: Annotated[str, typer.Argument(help="game name or string, e.g. grandprix(players=4)")],
    bots: Annotated[str, typer.Option(
        help="bots separated by commas, e.g. hard,heuristic,ismcts(iterations=300)")],
    games: Annotated[int, typer.Option(
        min=1, help="number of games (rounded up so every bot sits in every seat equally)")
    ] = 100,
    seed: Annotated[int, typer.Option(help="seed of the tournament")] = 1,
    workers: Annotated[int, typer.Option(min=1, max=MAX_WORKERS, help="worker processes")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON to stdout")] = False,
) -> None:
    """Bots against each other with seats rotated: win rates, pairwise table, ratings."""
    entrants = split_bots(bots)
    game_string = load_for(game, entrants)
    loaded = load_game(game_string)
    total = len(plan(loaded, entrants, games, seed))
    standings = Standings(game_string, seed, entrants, loaded.num_players())
    with Progress(
        TextColumn("[progress.description]{task.description}"), BarColumn(),
        MofNCompleteColumn(), TimeRemainingColumn(), console=errors, transient=as_json,
    ) as progress:
        task = progress.add_task(f"{loaded.NAME} tournament", total=total)
        for result in run_tournament(game_string, entrants, games, seed, workers):
            standings.add(result)
            progress.advance(task)
    data = standings.to_json()
    if as_json:
        sys.stdout.write(json.dumps(data, indent=1) + "\n")
        return
    show(data, total != games)


def show(data: dict[str, object], rounded: bool) -> None:
    """The standings as three tables."""
    rows = data["bots"]
    assert isinstance(rows, list)
    title = f"{data['game']}: {data['games']} games, seed {data['seed']}"
    if rounded:
        title += " (rounded up to whole rotations)"
    table = Table(title=title)
    for column in ("bot", "seats", "wins (95% interval)", "fair share", "rating (mu ± sigma)",
                   "s/move (mean, max)"):
        table.add_column(column)
    for row in rows:
        low, high = row["ci95"]
        rating = row["rating"]
        timing = row["seconds_per_move"]
        table.add_row(row["bot"], str(row["seats_taken"]),
                      f"{row['win_rate']:.3f} ({low:.3f}-{high:.3f})",
                      f"{row['fair_share']:.3f}",
                      f"{rating['mu']:.1f} ± {rating['sigma']:.1f}",
                      f"{timing['mean']:.3f}, {timing['max']:.3f}")
    console.print(table)
    pairwise = data["pairwise"]
    assert isinstance(pairwise, list)
    if pairwise:
        pairs = Table(title="pairwise: how often the row bot finished ahead of the column bot")
        names = [row["bot"] for row in rows]
        pairs.add_column("")
        for name in names:
            pairs.add_column(name)
        cells = {(p["bot"], p["against"]): p for p in pairwise}
        for a in names:
            line = []
            for b in names:
                cell = cells.get((a, b))
                line.append("" if cell is None else
                            f"{cell['ahead']:.2f} ({cell['ci95'][0]:.2f}-{cell['ci95'][1]:.2f})")
            pairs.add_row(a, *line)
        console.print(pairs)
    console.print("Ties count half. Win rates are per seat taken; the fair share is one seat's.",
                  style="dim")


app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.command()(tournament)
