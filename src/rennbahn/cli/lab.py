"""``rennbahn lab``: balance studies, stored, extended, reported and exported.

    rennbahn lab compare "von0auf100(withdraw=each)" "von0auf100(withdraw=two)" --games 300
    rennbahn lab run ausgebremst --bots heuristic --games 300
    rennbahn lab list
    rennbahn lab show STUDY
    rennbahn lab more STUDY 200          (or compare ... --more 200)
    rennbahn lab report STUDY --out DIR
    rennbahn lab export STUDY --parquet games.parquet

Every variant plays game ``i`` on the same seed (common random numbers). Studies live in
``rennbahn-lab.sqlite3`` beside the server's database (``--store``); a report goes to
``--out`` (by default a folder named after the study under the current one). The games run
where ``sim``'s do: worker processes here, or Ray (``--backend ray``, docs/scale.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from rennbahn.cli.bulk import AddressOption, BackendOption, WorkersOption, backend_for, progress_bar
from rennbahn.core.errors import ParameterError
from rennbahn.lab.metrics import Summary
from rennbahn.lab.runs import extend, render, summary_of
from rennbahn.lab.store import DEFAULT_STORE, LabStore, StudyInfo, UnknownStudyError
from rennbahn.lab.study import MAX_GAMES, Spec, make_spec
from rennbahn.lab.words import bots_in_words, title, variant_labels

console = Console()
errors = Console(stderr=True, soft_wrap=True)

app = typer.Typer(help="The rules lab: balance studies with intervals, stored and reported.",
                  no_args_is_help=True)


Games = Annotated[int, typer.Option(min=1, max=MAX_GAMES, help="games per variant")]
Bots = Annotated[list[str] | None, typer.Option(
    help="one bot for every seat, or one per seat: heuristic, or heuristic,random,random; "
    "give it once for every variant to compare lineups (one variant, several --bots: that "
    "game with each lineup) [default: heuristic]")]
Seed = Annotated[int, typer.Option(help="seed of the study: game i plays on a seed from it")]
Out = Annotated[Path | None, typer.Option(
    help="folder of the report [default: a folder named after the study, here]")]
StoreOption = Annotated[Path, typer.Option("--store", help="the lab's SQLite file")]
More = Annotated[int, typer.Option(min=0, max=MAX_GAMES,
                                   help="play this many games more than the study has")]
Report = Annotated[bool, typer.Option(help="write the report (HTML and PNGs)")]


def _stored(path: Path) -> LabStore:
    """The store to read a study from; a file that is not there is not made."""
    if not path.is_file():
        raise UnknownStudyError(f"there is no lab store {path}; rennbahn lab compare or run "
                                "makes one (or name it with --store)")
    return LabStore(path)


@dataclass(frozen=True)
class Where:
    """Where a study's games run: ``sim``'s backends (docs/scale.md)."""

    backend: str
    workers: int
    address: str | None


def _play(store: LabStore, spec: Spec, games: int, more: int, where: Where) -> StudyInfo:
    have = store.games(spec.study_id(), len(spec.variants))
    return _extend(store, spec, have + more if more else max(games, have), where, have)


def _extend(store: LabStore, spec: Spec, target: int, where: Where, have: int) -> StudyInfo:
    with backend_for(where.backend, where.workers, where.address, errors) as backend, \
            progress_bar(errors, transient=True) as progress:
        task = progress.add_task(spec.study_id(),
                                 total=max(0, target - have) * len(spec.variants))
        return extend(store, spec, target, backend=backend,
                      progress=lambda n: progress.advance(task, n))


def _finish(store: LabStore, info: StudyInfo, out: Path | None, report: bool) -> None:
    _show(summary_of(store, info), info)
    if report:
        folder = out if out is not None else Path.cwd() / info.id
        files = render(store, info, folder)
        console.print(f"Report: {folder / 'index.html'} ({len(files) - 1} figures)")


@app.command()
def compare(
    variants: Annotated[list[str], typer.Argument(
        help="variants of one game, e.g. \"von0auf100(withdraw=each)\"; one is enough when "
        "--bots names a lineup for each")],
    games: Games = 200, bots: Bots = None, seed: Seed = 1, workers: WorkersOption = 1,
    backend: BackendOption = "process", address: AddressOption = None, more: More = 0,
    out: Out = None,
    store: StoreOption = Path(DEFAULT_STORE), report: Report = True,
) -> None:
    """Compare variants (or lineups) on the same seeds: differences, intervals, tests."""
    if len(variants) < 2 and len(bots or []) < 2:
        raise ParameterError("compare needs two variants or more, or one variant with "
                             "--bots given for each lineup; for one, use rennbahn lab run")
    spec = make_spec(variants, bots or ["heuristic"], seed)
    with LabStore(store) as lab:
        info = _play(lab, spec, games, more, Where(backend, workers, address))
        _finish(lab, info, out, report)


@app.command(name="run")
def run_command(
    game: Annotated[str, typer.Argument(help="a game or variant, e.g. ausgebremst(races=3)")],
    games: Games = 200, bots: Bots = None, seed: Seed = 1, workers: WorkersOption = 1,
    backend: BackendOption = "process", address: AddressOption = None, more: More = 0,
    out: Out = None,
    store: StoreOption = Path(DEFAULT_STORE), report: Report = True,
) -> None:
    """Study one variant: balance across seats and start positions, endings, drama, luck."""
    if len(bots or []) > 1:
        raise ParameterError("run plays one lineup; to compare lineups, use rennbahn lab "
                             "compare GAME --bots ... --bots ...")
    spec = make_spec([game], bots or ["heuristic"], seed)
    with LabStore(store) as lab:
        info = _play(lab, spec, games, more, Where(backend, workers, address))
        _finish(lab, info, out, report)


@app.command()
def more(
    study: Annotated[str, typer.Argument(help="a study id (rennbahn lab list)")],
    games: Annotated[int, typer.Argument(min=1, max=MAX_GAMES, help="games to add")],
    workers: WorkersOption = 1, backend: BackendOption = "process",
    address: AddressOption = None, out: Out = None,
    store: StoreOption = Path(DEFAULT_STORE), report: Report = True,
) -> None:
    """Extend a study with more games: the games it has stay, the next seeds continue."""
    with _stored(store) as lab:
        info = lab.info(study)
        info = _extend(lab, info.spec, info.games + games, Where(backend, workers, address),
                       info.games)
        _finish(lab, info, out, report)


@app.command(name="list")
def list_command(store: StoreOption = Path(DEFAULT_STORE)) -> None:
    """The stored studies, newest first."""
    studies = []
    if store.is_file():
        with LabStore(store) as lab:
            studies = lab.studies()
    if not studies:
        console.print(f"No study in {store} yet: rennbahn lab compare or run makes one.")
        return
    table = Table(title=f"Studies in {store}")
    table.add_column("study", no_wrap=True)
    for column in ("game", "variants", "bots", "games", "created"):
        table.add_column(column, overflow="fold")
    for info in studies:
        table.add_row(info.id, title(info.spec.variants[0]),
                      "\n".join(variant_labels(info.spec.variants, info.spec.lineups)),
                      bots_in_words(info.spec.lineups), str(info.games), info.created)
    console.print(table)


@app.command()
def show(
    study: Annotated[str, typer.Argument(help="a study id (rennbahn lab list)")],
    store: StoreOption = Path(DEFAULT_STORE),
) -> None:
    """A stored study's figures and differences, in the terminal."""
    with _stored(store) as lab:
        info = lab.info(study)
        _show(summary_of(lab, info), info)
        found = lab.report(study)
    if found is not None:
        console.print(f"Report: {found.folder / 'index.html'}")


@app.command()
def report(
    study: Annotated[str, typer.Argument(help="a study id (rennbahn lab list)")],
    out: Out = None, store: StoreOption = Path(DEFAULT_STORE),
) -> None:
    """Write a stored study's report (HTML and PNGs) again."""
    with _stored(store) as lab:
        _finish(lab, lab.info(study), out, True)


@app.command()
def export(
    study: Annotated[str, typer.Argument(help="a study id (rennbahn lab list)")],
    parquet: Annotated[Path, typer.Option(help="the Parquet file to write")],
    store: StoreOption = Path(DEFAULT_STORE),
) -> None:
    """Write every game of a study to a Parquet file (one row per game and variant)."""
    from rennbahn.lab.export import write_parquet

    if not parquet.resolve().parent.is_dir():
        raise ParameterError(f"--parquet {parquet}: the folder {parquet.resolve().parent} "
                             "does not exist")
    with _stored(store) as lab:
        info = lab.info(study)
        rows = [lab.rows(info.id, v) for v in range(len(info.spec.variants))]
    count = write_parquet(parquet, info.id,
                          variant_labels(info.spec.variants, info.spec.lineups), rows)
    console.print(f"Wrote {count} rows to {parquet}")


def _show(summary: Summary, info: StudyInfo) -> None:
    console.print(f"[bold]{title(info.spec.variants[0])}[/bold]: study {info.id}, "
                  f"{info.games} games per variant, {bots_in_words(info.spec.lineups)}, "
                  f"seed {info.spec.seed}")
    table = Table(title="Variants")
    table.add_column("measure", overflow="fold")
    for v in summary.variants:
        table.add_column(v.variant, overflow="fold", justify="right")
    rows: list[tuple[str, list[str]]] = []
    for seat in range(summary.variants[0].seats):
        rows.append((f"seat {seat + 1} wins (95%)", [
            f"{v.win_rate[seat]:.1%} ({v.win_ci[seat][0]:.1%}-{v.win_ci[seat][1]:.1%})"
            for v in summary.variants]))
    rows += [
        ("balance", [f"{v.balance:.2f}" for v in summary.variants]),
        ("decisiveness", [f"{v.decisiveness:.2f}" for v in summary.variants]),
        ("lead changes", [f"{v.lead_changes:.1f}" for v in summary.variants]),
        ("drama", [f"{v.drama:.1%}" for v in summary.variants]),
        ("length (decisions)", [f"{v.length:.1f}" for v in summary.variants]),
    ]
    if summary.variants[0].luck is not None:
        rows.append(("luck", [f"{v.luck or 0:.2f}" for v in summary.variants]))
    rows += [(f"ends: {kind}", [f"{v.endings[kind][0] / v.games:.1%}" for v in summary.variants])
             for kind in summary.endings if any(v.endings[kind][0] for v in summary.variants)]
    for name, cells in rows:
        table.add_row(name, *cells)
    console.print(table)
    for k, comparisons in enumerate(summary.comparisons, start=1):
        diff = Table(title=f"{summary.variants[k].variant} minus {summary.variants[0].variant}")
        for column in ("measure", "difference (95% interval)", "p", "test"):
            diff.add_column(column, overflow="fold")
        for c in comparisons:
            d = c.difference
            scale, unit = (1.0, "") if c.measure.startswith("length") else (100.0, " pp")
            p = "" if d.p != d.p else ("<0.001" if d.p < 0.001 else f"{d.p:.3f}")
            diff.add_row(c.measure, f"{d.estimate * scale:+.1f}{unit} ({d.low * scale:.1f} "
                         f"to {d.high * scale:.1f})", p, d.method)
        console.print(diff)
