"""Fixtures of the server tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rennbahn.server.local import LocalServer
from tests.server.pg import fresh_database


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    """A server on loopback shared by a module's tests (a module may define its own)."""
    path = tmp_path_factory.mktemp("server")
    with LocalServer(path / "tables.sqlite3", path / "server.log") as running:
        yield running


@pytest.fixture
def postgres_db() -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database (see tests/server/pg.py)."""
    with fresh_database() as url:
        yield url
