"""``rennbahn serve`` starts only on a database it can use, and only one server per file.

Every unusable ``--db`` (another server's, not SQLite, a directory, nowhere to write, a
newer schema) is one line on stderr and status 2, before any "serves at". And a table is
counted against the address the client connects from unless ``--forwarded-allow-ips``
names it as a proxy: a client cannot pick one per request with ``X-Forwarded-For``.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from rennbahn.server.app import CREATE_BURST
from rennbahn.server.local import LocalServer
from rennbahn.server.store import SCHEMA_VERSION, SqliteStore


def _server(db: Path, log: Path, *, args: Sequence[str] = ()) -> LocalServer:
    """A server on ``db`` (no bot workers: no table here has a bot, and it starts sooner)."""
    return LocalServer(db, log, bot_workers=0, args=args)


TABLE = {"game": "gibgas(players=2)", "seats": [{"name": "Anna"}, {"name": "Ben"}]}


def _refused(server: LocalServer, **popen: Any) -> tuple[int, str, str]:
    """Run the server's command line, which must end by itself within 20 s: its status,
    stdout and stderr (a server that starts instead is killed and the test fails)."""
    return _all_refused([server], **popen)[0]


def _all_refused(servers: Sequence[LocalServer], **popen: Any) -> list[tuple[int, str, str]]:
    """:func:`_refused` for several servers at once (each costs a Python start)."""
    processes = [subprocess.Popen(server.command, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, start_new_session=True, **popen)
                 for server in servers]
    results = []
    for process in processes:
        try:
            out, err = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            for each in processes:
                if each.poll() is None:
                    os.killpg(each.pid, signal.SIGKILL)
            out, err = process.communicate()
            pytest.fail(f"the server started instead of refusing: {out!r} {err!r}")
        results.append((process.returncode, out.decode(), err.decode()))
    return results


def _one_line_error(status: int, out: str, err: str) -> str:
    """The refusal is status 2, nothing on stdout (no "serves at") and one line on stderr."""
    assert status == 2, (status, out, err)
    assert "serves at" not in out + err and "Traceback" not in out + err, (out, err)
    assert out == "", out
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    return lines[0]


def test_a_second_server_on_a_file_in_use_is_refused_and_a_killed_ones_file_is_free(
    tmp_path: Path,
) -> None:
    db = tmp_path / "tables.sqlite3"
    first = _server(db, tmp_path / "first.log").start()
    try:
        status, made = first.request("POST", "api/tables", TABLE)
        assert status == 201, made
        assert first.process is not None
        # The same file by another name (a symlink) is the same file.
        (tmp_path / "alias.sqlite3").symlink_to(db)
        start = time.monotonic()
        same, alias = _all_refused([_server(db, tmp_path / "second.log"),
                                    _server(tmp_path / "alias.sqlite3", tmp_path / "third.log")])
        assert time.monotonic() - start < 10
        held = f"is in use by another rennbahn server (pid {first.process.pid})"
        assert _one_line_error(*same) == (
            f"error: {db} {held}; stop it first or use another --db")
        assert _one_line_error(*alias) == (
            f"error: {tmp_path / 'alias.sqlite3'} {held}; stop it first or use another --db")
        # The first one goes on serving.
        assert first.request("GET", f"api/tables/{made['table']}")[0] == 200
    finally:
        first.kill()  # kill -9: no clean shutdown releases anything
    with _server(db, tmp_path / "after.log") as after:
        status, info = after.request("GET", f"api/tables/{made['table']}")
        assert status == 200, info


def _corrupt(db: Path) -> str:
    db.write_bytes(os.urandom(8192))
    return f"error: {db} is not a SQLite database (it does not start as one)"


def _damaged_header(db: Path) -> str:
    db.write_bytes(b"SQLite format 3\x00" + os.urandom(8192))
    return f"error: {db} is not a SQLite database (file is not a database)"


def _directory(db: Path) -> str:
    db.mkdir()
    return f"error: {db} is a directory, not a database file"


def _newer_schema(db: Path) -> str:
    SqliteStore(db).close()
    with sqlite3.connect(db) as file:
        file.execute("UPDATE meta SET value=? WHERE key='schema'", (str(SCHEMA_VERSION + 1),))
    file.close()
    return (f"error: {db} has schema version {SCHEMA_VERSION + 1}; this rennbahn reads up "
            f"to {SCHEMA_VERSION}: use a newer rennbahn")


def test_an_unusable_database_is_one_line_and_status_2(tmp_path: Path) -> None:
    cases: dict[str, tuple[Path, str]] = {}
    for make in (_corrupt, _damaged_header, _directory, _newer_schema):
        db = tmp_path / make.__name__ / "tables.sqlite3"
        db.parent.mkdir()
        cases[make.__name__] = db, make(db)
    nowhere = tmp_path / "nowhere" / "tables.sqlite3"
    cases["no directory"] = nowhere, (
        f"error: cannot create {nowhere}: the directory {nowhere.parent} does not exist")
    (tmp_path / "file").write_text("a file, not a directory")
    in_file = tmp_path / "file" / "tables.sqlite3"
    cases["a file as directory"] = in_file, (
        f"error: cannot create {in_file}: {in_file.parent} is not a directory")
    results = _all_refused([_server(db, tmp_path / "server.log") for db, _ in cases.values()])
    for (case, (_, expected)), result in zip(cases.items(), results, strict=True):
        assert _one_line_error(*result) == expected, case
    assert not nowhere.parent.exists() and in_file.parent.is_file()


@pytest.fixture
def read_only_place() -> Iterator[tuple[Path, dict[str, Any]]]:
    """A directory, a database in it, and how to run a process that has to respect their
    permissions: root writes anything, so as root the server runs as nobody (65534)."""
    with tempfile.TemporaryDirectory() as where:  # tmp_path's parents are closed to others
        place = Path(where) / "place"
        place.mkdir()
        SqliteStore(place / "tables.sqlite3").close()
        (place / "tables.sqlite3.lock").unlink(missing_ok=True)  # no lock before the fix
        popen: dict[str, Any] = {}
        os.chmod(where, 0o755)
        if os.geteuid() == 0:
            for path in (place, place / "tables.sqlite3"):
                os.chown(path, 65534, 65534)
            popen = {"user": 65534, "group": 65534, "extra_groups": []}
        try:
            yield place, popen
        finally:
            os.chmod(place, 0o755)


def test_a_database_that_cannot_be_written_is_one_line_and_status_2(
    read_only_place: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    place, popen = read_only_place
    db = place / "tables.sqlite3"
    # A read-only file (SQLite opens it, read-only) in a directory that can be written.
    os.chmod(db, 0o444)
    line = _one_line_error(*_refused(_server(db, tmp_path / "server.log"), **popen))
    assert line.startswith(f"error: cannot write {db} (attempt to write a readonly "
                           "database)"), line
    # A directory that cannot be written: the lock file cannot be made there.
    os.chmod(db, 0o644)
    (place / "tables.sqlite3.lock").unlink(missing_ok=True)
    os.chmod(place, 0o555)
    line = _one_line_error(*_refused(_server(db, tmp_path / "server.log"), **popen))
    assert line.startswith(f"error: cannot write {db}.lock: Permission denied"), line


def _creations(server: LocalServer, forwarded: Callable[[int], str]) -> list[int]:
    """Create tables until one is refused (at most CREATE_BURST + 10): the statuses, each
    request with the ``X-Forwarded-For`` that ``forwarded`` gives its number."""
    statuses: list[int] = []
    for i in range(CREATE_BURST + 10):
        status, answer = server.request("POST", "api/tables", TABLE,
                                        headers={"X-Forwarded-For": forwarded(i)})
        statuses.append(status)
        if status != 201:
            assert status == 429, answer
            break
    return statuses


def test_x_forwarded_for_is_not_believed_by_default(tmp_path: Path) -> None:
    with _server(tmp_path / "tables.sqlite3", tmp_path / "server.log") as server:
        statuses = _creations(server, lambda i: f"198.51.100.{i % 250 + 1}")
    # Every request came from 127.0.0.1, whatever the header says: one address's limit.
    assert statuses[-1] == 429 and len(statuses) <= CREATE_BURST + 1, statuses


def test_forwarded_allow_ips_names_the_proxies_whose_header_is_believed(
    tmp_path: Path,
) -> None:
    with _server(tmp_path / "tables.sqlite3", tmp_path / "server.log",
                 args=["--forwarded-allow-ips", "127.0.0.1, ::1"]) as server:
        statuses = _creations(server, lambda i: "203.0.113.7")
        assert statuses[-1] == 429 and len(statuses) <= CREATE_BURST + 1, statuses
        # Behind the trusted proxy, another client has its own limit; so has the proxy.
        status, answer = server.request("POST", "api/tables", TABLE,
                                        headers={"X-Forwarded-For": "203.0.113.8"})
        assert status == 201, answer
        status, answer = server.request("POST", "api/tables", TABLE)
        assert status == 201, answer


def test_a_misspelt_proxy_address_is_one_line_and_status_2(tmp_path: Path) -> None:
    server = _server(tmp_path / "tables.sqlite3", tmp_path / "server.log",
                     args=["--forwarded-allow-ips", "10.0.0.1,10.0.0.300"])
    line = _one_line_error(*_refused(server))
    assert line.startswith("error: --forwarded-allow-ips takes addresses, networks or *"), line
    assert "'10.0.0.300'" in line
