"""What the commands that play many games share: the backend options, the progress bar and
what Ctrl-C does (the games still running are cancelled, one line says so, exit code 130)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from rennbahn.sim.backends import (
    BACKENDS,
    MAX_RAY_WORKERS,
    SIM_BATCH,
    TOURNAMENT_BATCH,
    Backend,
    make_backend,
)

#: Exit code after Ctrl-C (128 + SIGINT), as shells report it.
EXIT_INTERRUPTED = 130

BackendOption = Annotated[str, typer.Option(
    help=f"where the games run: {' or '.join(BACKENDS)} (process: worker processes here; "
    "ray: Ray Core, a local Ray or a cluster with --address; docs/scale.md)")]
AddressOption = Annotated[str | None, typer.Option(
    help="with --backend ray: the cluster to join, auto or HOST:PORT (without it a local Ray "
    "of its own starts)")]
WorkersOption = Annotated[int, typer.Option(
    min=1, max=MAX_RAY_WORKERS,
    help="games at once: worker processes (at most 64), or Ray tasks")]
BatchOption = Annotated[int, typer.Option(
    min=1, help="games per batch handed to a worker (results do not depend on it)")]


def progress_bar(console: Console, transient: bool) -> Progress:
    return Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                    MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                    transient=transient)


@contextmanager
def backend_for(name: str, workers: int, address: str | None,
                errors: Console) -> Iterator[Backend]:
    """The backend, closed at the end; Ctrl-C inside cancels the games still running and
    ends the command with one line and exit code 130."""
    try:
        with make_backend(name, workers, address) as backend:
            yield backend
    except KeyboardInterrupt:
        errors.print(Text.assemble(
            ("interrupted: ", "red"),
            "the games still running were cancelled; nothing is reported"))
        raise typer.Exit(code=EXIT_INTERRUPTED) from None


__all__ = ["SIM_BATCH", "TOURNAMENT_BATCH", "AddressOption", "BackendOption", "BatchOption",
           "WorkersOption", "backend_for", "progress_bar"]
