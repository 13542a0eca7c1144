"""``rennbahn tournament GAME --bots a,b,c --games N``: bots against each other, seats rotated.

Prints each bot's share of wins per seat taken with its 95% (Wilson) interval beside the fair
share, a pairwise table (how often a bot finished ahead of another in the games both played)
and openskill ratings; ``--json`` prints all of it as JSON, move times included. Same seed,
same results, whatever ``--backend``, ``--workers`` and ``--batch`` (as long as the bots use
iteration budgets).

``--sprt H0,H1`` makes it a sequential test of the first bot against the second
(:mod:`rennbahn.sim.sprt`): the games are played in blocks in which the two swap seats (at a
bigger table every ordered pair of seats, ``--filler`` in the others), the LLR is checked in
game order after each whole block, and the tournament stops as soon as it crosses a bound or
after ``--games`` (undecided). The stop does not depend on the backend or the workers.
"""

from __future__ import annotations

import json
import sys
from contextlib import closing
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from rennbahn.cli.bulk import (
    TOURNAMENT_BATCH,
    AddressOption,
    BackendOption,
    BatchOption,
    WorkersOption,
    backend_for,
    progress_bar,
)
from rennbahn.core.errors import ParameterError
from rennbahn.core.params import parse_game_string
from rennbahn.core.registry import game_entry, load_game
from rennbahn.sim.runner import wilson
from rennbahn.sim.sprt import SequentialTest, check_error_rate, parse_hypotheses, score_of
from rennbahn.sim.tournament import Standings, pair_block, pair_seats, plan, run_tournament

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
        min=1, help="number of games (rounded up so every bot sits in every seat equally); "
        "with --sprt the most games before the test gives up (undecided)")
    ] = 100,
    seed: Annotated[int, typer.Option(help="seed of the tournament")] = 1,
    workers: WorkersOption = 1,
    backend: BackendOption = "process",
    address: AddressOption = None,
    batch: BatchOption = TOURNAMENT_BATCH,
    sprt: Annotated[str | None, typer.Option(
        help="a sequential test of the first bot against the second: H0,H1 as its win rates "
        "(0.60,0.65) or elo:E0,E1 (elo:0,35); stops when decided (docs/bots.md)")] = None,
    alpha: Annotated[float | None, typer.Option(
        help="with --sprt: the chance of accepting H1 when H0 holds (default 0.05)")] = None,
    beta: Annotated[float | None, typer.Option(
        help="with --sprt: the chance of accepting H0 when H1 holds (default 0.05)")] = None,
    filler: Annotated[str | None, typer.Option(
        help="with --sprt at more than two seats: the bot in the other seats")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON to stdout")] = False,
) -> None:
    """Bots against each other with seats rotated: win rates, pairwise table, ratings; with
    --sprt, a sequential test of two bots that stops as soon as it is decided."""
    entrants = split_bots(bots)
    test: SequentialTest | None = None
    block: list[list[str]] | None = None
    seats: list[tuple[int, int]] = []  # with --sprt: the two bots' seats in each block game
    if sprt is None:
        for name, value in (("--alpha", alpha), ("--beta", beta), ("--filler", filler)):
            if value is not None:
                raise ParameterError(f"{name} goes with --sprt (a sequential test)")
        game_string = load_for(game, entrants)
    else:
        hypotheses = parse_hypotheses(sprt)
        test = SequentialTest(hypotheses, check_error_rate("alpha", 0.05 if alpha is None
                                                           else alpha),
                              check_error_rate("beta", 0.05 if beta is None else beta))
        if len(entrants) != 2:
            raise ParameterError(
                f"--sprt tests two bots, the first against the second; --bots names "
                f"{len(entrants)} ({', '.join(entrants)})")
        game_string = load_for(game, entrants)
        table = load_game(game_string).num_players()
        seats = pair_seats(table)
        block = pair_block(entrants[0], entrants[1], filler, table)
        if table == 2:
            filler = None  # no seat is left over for it
        elif filler is not None and filler not in entrants:
            entrants = [*entrants, filler]
    loaded = load_game(game_string)
    total = len(plan(loaded, entrants, games, seed, block))
    standings = Standings(game_string, seed, entrants, loaded.num_players())
    with (backend_for(backend, workers, address, errors) as runner,
          closing(run_tournament(game_string, entrants, games, seed, chunk=batch,
                                 backend=runner, block=block)) as results,
          progress_bar(errors, transient=as_json) as progress):
        task = progress.add_task(f"{loaded.NAME} tournament", total=total)
        for result in results:
            standings.add(result)
            progress.advance(task)
            if test is not None:  # in game order, so the stop does not depend on the backend
                first, _ = seats[result.index % len(seats)]
                test.add(score_of(result.shares(), first))
                if (result.index + 1) % len(seats) == 0 and test.decision() != "undecided":
                    break  # decided after a whole block: every seat taken equally often
    data = standings.to_json()
    if test is not None:
        data["sprt"] = sprt_json(test, entrants[:2], filler, total)
    if as_json:
        sys.stdout.write(json.dumps(data, indent=1) + "\n")
        return
    show(data, total != games and test is None)
    if test is not None:
        show_sprt(data["sprt"])


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


RESULTS = {"H1": "accepted H1", "H0": "accepted H0", "undecided": "undecided"}


def sprt_json(test: SequentialTest, pair: list[str], filler: str | None,
              most: int) -> dict[str, Any]:
    """The sequential test's outcome for ``--json`` (and the terminal)."""
    hypotheses = test.hypotheses
    lower, upper = test.bounds
    low, high = wilson(test.score, test.games)
    return {
        "bot": pair[0],
        "against": pair[1],
        "filler": filler,
        "h0": hypotheses.p0,
        "h1": hypotheses.p1,
        "elo": None if hypotheses.elo is None else list(hypotheses.elo),
        "alpha": test.alpha,
        "beta": test.beta,
        "result": RESULTS[test.decision()],
        "llr": test.llr,
        "bounds": [lower, upper],
        "games": test.games,
        "max_games": most,
        "wins": test.wins,
        "losses": test.losses,
        "shared": test.games - test.wins - test.losses,
        "score": test.score,
        "win_rate": test.score / max(test.games, 1),
        "ci95": [low, high],
    }


def show_sprt(data: dict[str, Any]) -> None:
    """The sequential test in a few lines."""
    elo = data["elo"]
    given = (f" (Elo {elo[0]:g} and {elo[1]:g})" if elo is not None else "")
    low, high = data["ci95"]
    result = data["result"]
    style = {"accepted H1": "green", "accepted H0": "red"}.get(result, "yellow")
    table = Table(title=f"SPRT: {data['bot']} against {data['against']}", show_header=False)
    table.add_column("")
    table.add_column("")
    table.add_row("hypotheses", f"H0: win rate {data['h0']:.3f}, H1: {data['h1']:.3f}{given}")
    table.add_row("error rates", f"alpha {data['alpha']:g}, beta {data['beta']:g}")
    table.add_row("result", f"[{style}]{result}[/{style}]")
    table.add_row("LLR", f"{data['llr']:.3f} (bounds {data['bounds'][0]:.3f}, "
                         f"{data['bounds'][1]:.3f})")
    table.add_row("games", f"{data['games']} of at most {data['max_games']}")
    table.add_row("win rate", f"{data['win_rate']:.3f} (95% interval {low:.3f}-{high:.3f}); "
                              f"{data['wins']} won, {data['shared']} shared, "
                              f"{data['losses']} lost")
    console.print(table)


app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.command()(tournament)
