"""Measure issue 13's targets for the search bots and write the tables into docs/bots.md.

Usage::

    .venv/bin/python scripts/bot_targets.py --minutes 20 --workers 2
    .venv/bin/python scripts/bot_targets.py --minutes 2 --only grandprix --dry-run

Matches (seats rotated, games in whole rotations, one seed per rotation block):

* per game, two players: ``hard`` against ``heuristic`` (target: at least 65% of the wins);
  in Gib Gas! also ``hard`` against flat Monte Carlo with the same iteration budget (the
  issue asks that ``hard`` beat it: target more than half the wins);
* per game but Gib Gas!, two players: ``hard`` against OpenSpiel's Python ISMCTS (Von 0 auf
  100, Ausgebremst) or MCTS (Grand Prix) given the same time per move: the mean seconds a
  move ``hard`` took in its match against the heuristic (target: at least 60%);
* per game, the largest table: one ``hard`` among heuristic bots (its share of the wins
  against the fair share);
* iterations per second of each search bot, from the first decisions of seeded games.

The wall time is shared out among the matches (``--minutes`` in all); a match stops
submitting games when its share is used, keeps the games finished in whole rotations and
reports how many that was, with the 95% (Wilson) interval. The games themselves are seeded:
the same games in the same order whatever ``--workers``; only how many fit depends on the
machine.
"""

from __future__ import annotations

import argparse
import re
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

from rennbahn.bots.factory import strengths
from rennbahn.bots.rate import iterations_per_second
from rennbahn.core.registry import load_game
from rennbahn.sim.tournament import GameResult, Standings, plan, play_game, schedule_block

DOC = Path(__file__).resolve().parent.parent / "docs" / "bots.md"
BEGIN, END = "<!-- targets:begin -->", "<!-- targets:end -->"
GAMES = ("gibgas", "von0auf100", "grandprix", "ausgebremst")
LARGEST = {"gibgas": 6, "von0auf100": 5, "grandprix": 4, "ausgebremst": 6}
TARGET_2P = 0.65
TARGET_OPENSPIEL = 0.60
TARGET_BEATS = 0.50
#: OpenSpiel's search that ``hard`` meets at the same time per move, per game.
OPENSPIEL = {"von0auf100": "openspiel-ismcts", "grandprix": "openspiel-mcts",
             "ausgebremst": "openspiel-ismcts"}


@dataclass
class Match:
    game: str
    entrants: list[str]
    label: str
    weight: float = 1.0
    #: The target share of the wins (two players), or None: the fair share (larger tables).
    target: float | None = TARGET_2P
    #: An OpenSpiel bot given the seconds a move ``hard`` took against the heuristic.
    timed: str = ""


def matches(only: list[str]) -> list[Match]:
    out: list[Match] = []
    for name in only:
        hard = strengths(name)["hard"]
        out.append(Match(f"{name}(players=2)", [hard, "heuristic"], "2 players, vs heuristic",
                         weight=1.5))
        if name == "gibgas":
            flat = re.sub(r"^\w+", "flat", hard)
            out.append(Match(f"{name}(players=2)", [hard, flat], "2 players, vs flat MC",
                             target=TARGET_BEATS))
        if name in OPENSPIEL:
            out.append(Match(f"{name}(players=2)", [hard], "2 players, vs OpenSpiel, same time",
                             target=TARGET_OPENSPIEL, timed=OPENSPIEL[name]))
        n = LARGEST[name]
        big = strengths(name, n)["hard"]
        out.append(Match(f"{name}(players={n})", [big] + ["heuristic"] * (n - 1),
                         f"{n} players, 1 hard + {n - 1} heuristic", weight=0.7, target=None))
    return out


def run_match(match: Match, seconds: float, workers: int, seed: int) -> Standings:
    """Play ``match`` for about ``seconds`` of wall time; keep whole rotation blocks."""
    game = load_game(match.game)
    block = len(schedule_block(match.entrants, game.num_players()))
    games_plan = plan(game, match.entrants, 100_000, seed)
    done: dict[int, GameResult] = {}
    deadline = time.monotonic() + seconds
    with ProcessPoolExecutor(max_workers=workers) as pool:
        running: set[Future[GameResult]] = set()
        queue = iter(games_plan)
        while True:
            while len(running) < workers and time.monotonic() < deadline:
                lineup, game_seed, index = next(queue)
                running.add(pool.submit(play_game, str(game), lineup, game_seed, index))
            if not running:
                break
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                result = future.result()
                done[result.index] = result
    standings = Standings(str(game), seed, match.entrants, game.num_players())
    prefix = 0
    while prefix in done:
        prefix += 1
    for index in range(prefix - prefix % block):
        standings.add(done[index])
    return standings


def search_specs(name: str, players: int) -> list[str]:
    kind = {"gibgas": "duct", "grandprix": "mcts"}.get(name, "ismcts")
    specs = [f"{kind}", f"{kind}(rollout=heuristic)", "flat", "flat(rollout=heuristic)"]
    hard = strengths(name, players)["hard"]
    return [hard] + [s for s in specs if s != hard]


def table_rows(match: Match, standings: Standings) -> str:
    data = standings.to_json()
    row = data["bots"][0]
    low, high = row["ci95"]
    half = (high - low) / 2
    fair = row["fair_share"]
    wanted = match.target
    if wanted is not None:
        verdict = "met" if low >= wanted else "missed" if high < wanted else "undecided"
        target = f"≥ {wanted:.0%}: {verdict}"
    else:
        verdict = "above" if low > fair else "below" if high < fair else "undecided"
        target = f"fair {fair:.1%}: {verdict}"
    timing = row["seconds_per_move"]
    return (f"| {match.game} | {match.label} | `{row['bot']}` | {data['games']} | "
            f"{row['win_rate']:.1%} ({low:.1%}-{high:.1%}, ±{half * 100:.1f}) | {target} | "
            f"{timing['mean']:.2f} / {timing['max']:.2f} |")


#: The tables of the block: heading, header row; rows start with the game's name.
TABLES = (
    ("### Runs (a later run of some games replaces their rows)",
     "| games | command | minutes |"),
    ("### Named strengths", "| game | easy | medium | hard |"),
    ("### Matches (seats rotated; wins are per seat taken, shared wins count as fractions)",
     "| game | match | bot | games | wins (95% interval) | target | s/move mean / max |"),
    ("### Iterations per second (one core, the first 4 decisions of a seeded random game)",
     "| game | bot | iterations/s |"),
)


def rows_of(old: str, heading: str) -> list[str]:
    """The rows of the table under ``heading`` in an earlier block (none if it has none)."""
    if heading not in old:
        return []
    rows = []
    for line in old[old.index(heading) + len(heading):].splitlines()[4:]:
        if not line.startswith("|"):
            break
        rows.append(line)
    return rows


def game_of(row: str) -> str:
    return re.split(r"[ (|,]", row.lstrip("| "), maxsplit=1)[0]


def block(old: str, only: list[str], run: str, *fresh: list[str]) -> str:
    """The doc's block: this run's rows for the games in ``only``, an earlier block's rows
    for the others (the runs table keeps an earlier run for the games it still stands for)."""
    lines = [BEGIN]
    for (heading, header), new in zip(TABLES, ([run], *fresh), strict=True):
        kept = []
        for row in rows_of(old, heading):
            if heading == TABLES[0][0]:
                cells = row.split("|")
                left = [g for g in cells[1].strip().split(", ") if g not in only]
                if left:
                    kept.append("|".join([cells[0], f" {', '.join(left)} ", *cells[2:]]))
            elif game_of(row) not in only:
                kept.append(row)
        if heading == TABLES[0][0]:
            rows = kept + new
        else:
            rows = sorted(kept + new, key=lambda r: GAMES.index(game_of(r)))
        separator = "|" + "---|" * (header.count("|") - 1)
        lines += [heading, "", header, separator, *rows, ""]
    lines.append(END)
    return "\n".join(lines)



def fuller_tables(name: str) -> str:
    """Where ``hard`` changes at a fuller table: "; with 4-5 seats `...`, with 6 seats `...`"."""
    groups: list[list[int]] = []
    specs: list[str] = [strengths(name)["hard"]]
    for seats in range(3, LARGEST[name] + 1):
        spec = strengths(name, seats)["hard"]
        if spec == specs[-1] and groups:
            groups[-1].append(seats)
        elif spec != specs[-1]:
            groups.append([seats])
            specs.append(spec)
    return "".join(
        f"{'; ' if k == 0 else ', '}with {seats[0]}"
        f"{'' if len(seats) == 1 else f'-{seats[-1]}'} seats `{spec}`"
        for k, (seats, spec) in enumerate(zip(groups, specs[1:], strict=True)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=20.0, help="wall time in all")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--only", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--rate-seconds", type=float, default=1.0,
                        help="search time per bot for the iterations-per-second table")
    parser.add_argument("--dry-run", action="store_true", help="print, do not write the doc")
    args = parser.parse_args()
    start = time.monotonic()
    rates: list[str] = []  # table rows; TABLES has the headers
    for name in args.only:
        for players in (2, LARGEST[name]):
            text = f"{name}(players={players})"
            for spec in search_specs(name, players):
                rate = iterations_per_second(text, spec, args.rate_seconds)
                rates.append(f"| {text} | `{spec}` | {rate:,.0f} |")
                print(rates[-1], flush=True)
    planned = matches(args.only)
    left = args.minutes * 60 - (time.monotonic() - start)
    total_weight = sum(m.weight for m in planned)
    results: list[str] = []
    per_move: dict[str, float] = {}  # game -> hard's mean seconds a move vs the heuristic
    for match in planned:
        if match.timed:
            seconds = max(0.01, per_move.get(match.game, 1.0))
            match.entrants = [match.entrants[0], f"{match.timed}(seconds={seconds:.2f})"]
            match.label = f"2 players, vs `{match.entrants[1]}` (hard's s/move)"
        standings = run_match(match, max(10.0, left * match.weight / total_weight),
                              args.workers, args.seed)
        if "vs heuristic" in match.label:
            per_move[match.game] = standings.to_json()["bots"][0]["seconds_per_move"]["mean"]
        results.append(table_rows(match, standings))
        print(results[-1], flush=True)
    minutes = (time.monotonic() - start) / 60
    hard = []
    for name in args.only:
        s = strengths(name)
        hard.append(f"| {name} | `{s['easy']}` | `{s['medium']}` | `{s['hard']}`"
                    f"{fuller_tables(name)} |")
    run = (f"| {', '.join(args.only)} | `scripts/bot_targets.py --minutes {args.minutes:g} "
           f"--workers {args.workers} --seed {args.seed}"
           f"{'' if args.only == list(GAMES) else ' --only ' + ' '.join(args.only)}` "
           f"| {minutes:.0f} |")
    doc = DOC.read_text(encoding="utf-8")
    old = doc[doc.index(BEGIN):doc.index(END)] if BEGIN in doc and END in doc else ""
    text = block(old, args.only, run, hard, results, rates)
    if args.dry_run:
        print(text)
        return
    if BEGIN in doc and END in doc:
        doc = doc[: doc.index(BEGIN)] + text + doc[doc.index(END) + len(END):]
    else:
        doc = doc.rstrip("\n") + "\n\n" + text + "\n"
    DOC.write_text(doc, encoding="utf-8")
    print(f"wrote {DOC}")


if __name__ == "__main__":
    main()
