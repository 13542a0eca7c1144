"""Fixtures of the server tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.pg import fresh_database


@pytest.fixture
def postgres_db() -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database (see tests/server/pg.py)."""
    with fresh_database() as url:
        yield url
