"""``rennbahn serve``: the table server (needs the ``web`` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[Path, typer.Option(help="SQLite file that keeps every table")] = Path(
        "rennbahn.sqlite3"
    ),
    bot_workers: Annotated[int, typer.Option(help="processes in which bots think")] = 1,
) -> None:
    """Serve tables with friends and bots over websockets (see docs/server.md)."""
    try:
        import uvicorn

        from rennbahn.server.app import create_app
    except ModuleNotFoundError as error:
        typer.echo(
            f"error: rennbahn serve needs the web extra ({error.name} is missing): "
            "pip install -e '.[web]'",
            err=True,
        )
        raise typer.Exit(code=2) from error
    if not 0 <= port < 65536:
        typer.echo(f"error: --port must be 0 to 65535, not {port}", err=True)
        raise typer.Exit(code=2)
    app = create_app(db, bot_workers=max(0, bot_workers))
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"rennbahn serves at http://{shown}:{port}/ (tables kept in {db})", )
    # Views are small and sent often: compressing each one costs more time than it saves.
    uvicorn.run(app, host=host, port=port, ws_max_size=65536, ws_per_message_deflate=False,
                log_level="info")
