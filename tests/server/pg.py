"""A fresh PostgreSQL database for each test, on the server ``python3 tasks.py test`` starts
(its URL in ``RENNBAHN_TEST_POSTGRES``; any server where that URL may create databases will
do). Without one the PostgreSQL tests are skipped; on CI, where CI is set, they fail."""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit

import psycopg
import pytest
from psycopg import sql

#: The environment variable that names the test server (as tasks.py sets it).
POSTGRES_URL = "RENNBAHN_TEST_POSTGRES"


def server_url() -> str:
    """The test server's URL; skips the test (fails it on CI) when there is none."""
    url = os.environ.get(POSTGRES_URL, "")
    if not url:
        reason = (f"no PostgreSQL server for the tests ({POSTGRES_URL} is unset; "
                  "python3 tasks.py test starts one)")
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    return url


@contextlib.contextmanager
def fresh_database() -> Iterator[str]:
    """A new, empty database of its own (tests may run in parallel): its URL. Dropped
    afterwards, with any connection still open to it."""
    url = server_url()
    name = f"rennbahn_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield urlsplit(url)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))
