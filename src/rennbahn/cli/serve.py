"""``rennbahn serve``: the table server (needs the ``web`` extra)."""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Annotated
from urllib.parse import urlsplit

import typer


def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[str, typer.Option(
        help="where every table is kept: a SQLite file, or the postgresql:// URL of a "
             "database that several servers share (the pg extra; see docs/server.md)")
    ] = "rennbahn.sqlite3",
    advertise: Annotated[str | None, typer.Option(
        metavar="URL",
        help="with a shared database: the address other servers send a table's players "
             "to while this server plays it; default http://HOST:PORT/")] = None,
    lease: Annotated[float, typer.Option(
        metavar="SECONDS",
        help="with a shared database: how long a table stays this server's without being "
             "renewed, so how soon another server takes over the tables of one that died "
             "(at least 1)")] = 10.0,
    bot_workers: Annotated[int, typer.Option(help="processes in which bots think")] = 1,
    render_workers: Annotated[int, typer.Option(
        help="processes in which boards, narration and replays are drawn")] = 1,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        help="comma-separated addresses (or networks) of reverse proxies whose "
             "X-Forwarded-For and X-Forwarded-Proto are trusted; default: none, each "
             "client is the address it connects from")] = None,
    max_tables: Annotated[int, typer.Option(
        help="unfinished tables the server holds at most; more are refused")] = 2000,
    max_tables_per_address: Annotated[int, typer.Option(
        help="unfinished tables one address may have created")] = 50,
    unjoined_expiry: Annotated[float, typer.Option(
        help="seconds after which a table where nobody opened a person's seat is "
             "removed")] = 24 * 3600.0,
    bot_grace: Annotated[float, typer.Option(
        metavar="SECONDS",
        help="how long a bot waits before it answers a person's move, so that the person "
             "can take a mis-tap back (0 to 60)")] = 1.5,
    lab: Annotated[Path | None, typer.Option(
        metavar="FOLDER",
        help="the folder whose rules-lab reports /lab shows (those rennbahn lab wrote "
             "under it, listed in its rennbahn-lab.sqlite3); default: the SQLite file's "
             "folder, none with PostgreSQL")] = None,
) -> None:
    """Serve tables with friends and bots over websockets (see docs/server.md)."""
    try:
        import uvicorn

        from rennbahn.server.store import POSTGRES_SCHEMES, StoreError, open_store
    except ModuleNotFoundError as error:
        raise _needs_web_extra(error) from error
    if not 0 <= port < 65536:
        typer.echo(f"error: --port must be 0 to 65535, not {port}", err=True)
        raise typer.Exit(code=2)
    if min(max_tables, max_tables_per_address) < 1 or not unjoined_expiry > 0:
        typer.echo("error: --max-tables and --max-tables-per-address are at least 1, "
                   "--unjoined-expiry more than 0 seconds", err=True)
        raise typer.Exit(code=2)
    if not lease >= 1:
        typer.echo(f"error: --lease is at least 1 second, not {lease}", err=True)
        raise typer.Exit(code=2)
    if not 0 <= bot_grace <= 60:
        typer.echo(f"error: --bot-grace is 0 to 60 seconds, not {bot_grace}", err=True)
        raise typer.Exit(code=2)
    proxies = None if forwarded_allow_ips is None else _proxies(forwarded_allow_ips)
    shown = f"[{host}]" if ":" in host else host
    if advertise is None and db.startswith(POSTGRES_SCHEMES) and _unspecified(host):
        typer.echo(f"error: other servers cannot send players to {host}: name this "
                   "server's address with --advertise URL", err=True)
        raise typer.Exit(code=2)
    owner = _advertised(advertise) if advertise is not None else f"http://{shown}:{port}/"
    # Open the database before announcing anything: a file that cannot be used, or that
    # another server holds, a database that cannot be reached or has a newer schema, is
    # one line and status 2. A SQLite file is held until the server has stopped, so no
    # other server can take it between this check and the app opening it.
    try:
        store = open_store(db, owner=owner, lease=lease)
    except StoreError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(code=2) from None
    held = None if store.shared else store
    kept = db
    if store.shared:
        store.close()
        from rennbahn.server.postgres import describe

        kept = f"{describe(db)}, shared; other servers send players here as {owner}"
    try:
        try:  # after the check, which is quick without it
            from rennbahn.server.app import create_app
            from rennbahn.server.sockets import DroppingWebSockets
            from rennbahn.server.tables import Limits
        except ModuleNotFoundError as error:
            raise _needs_web_extra(error) from error
        limits = Limits(tables=max_tables, tables_per_address=max_tables_per_address,
                        unjoined_expiry=unjoined_expiry)
        app = create_app(db, bot_workers=max(0, bot_workers),
                         render_workers=max(0, render_workers), limits=limits, owner=owner,
                         lease=lease, grace=bot_grace,
                         lab=lab if lab is not None or store.shared else Path(db).parent)
        typer.echo(f"rennbahn serves at http://{shown}:{port}/ (tables kept in {kept})")
        # Views are small and sent often: compressing each one costs more time than it saves.
        # X-Forwarded-For is believed only from the proxies named (uvicorn's own default
        # trusts 127.0.0.1, so anyone on this host could pick an address per request).
        # A client dropped for reading too slowly is reset, not waited for (sockets.py).
        uvicorn.run(app, host=host, port=port, ws=DroppingWebSockets, ws_max_size=65536,
                    ws_per_message_deflate=False, log_level="info",
                    proxy_headers=proxies is not None, forwarded_allow_ips=proxies)
    finally:
        if held is not None:
            held.close()


def _needs_web_extra(error: ModuleNotFoundError) -> typer.Exit:
    typer.echo(
        f"error: rennbahn serve needs the web extra ({error.name} is missing): "
        "pip install 'rennbahn[web]' (in a checkout: pip install -e '.[web]')",
        err=True,
    )
    return typer.Exit(code=2)


def _unspecified(host: str) -> bool:
    """Whether ``host`` listens on every address (0.0.0.0, ::), which names no server."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return host == ""


def _advertised(url: str) -> str:
    """The ``--advertise`` address, checked: an http(s) URL with a host."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        typer.echo(f"error: --advertise takes this server's address as http://host:port/, "
                   f"not {url!r}", err=True)
        raise typer.Exit(code=2)
    return url


def _proxies(text: str) -> list[str]:
    """The ``--forwarded-allow-ips`` entries, each checked (uvicorn would quietly take a
    misspelt address as a name no client ever has)."""
    entries = [entry.strip() for entry in text.split(",")]
    for entry in entries:
        if entry == "*":
            continue
        try:
            if "/" in entry:
                ipaddress.ip_network(entry)  # strict, as uvicorn reads it: no host bits
            else:
                ipaddress.ip_address(entry)
        except ValueError as error:
            typer.echo(
                f"error: --forwarded-allow-ips takes addresses, networks or *, separated by "
                f"commas; {entry!r} is none of them ({error})",
                err=True,
            )
            raise typer.Exit(code=2) from None
    return entries
