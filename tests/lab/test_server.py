"""The server's page of lab reports (``/lab``), through a real server on loopback: it lists
the reports the lab wrote under its folder and serves only their recorded files."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rennbahn.cli.main import app
from rennbahn.lab.store import DEFAULT_STORE, LabStore
from rennbahn.server.local import LocalServer


def _get(url: str) -> tuple[int, bytes, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read(), response.headers["content-type"]
    except urllib.error.HTTPError as error:
        return error.code, error.read(), error.headers["content-type"]


def test_the_server_lists_a_report_and_serves_only_its_files(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    store = tmp_path / DEFAULT_STORE
    result = CliRunner().invoke(app, [
        "lab", "compare", "grandprix(players=2)", "--bots", "random", "--bots",
        "heuristic(build=random),random", "--games", "6", "--store", str(store),
        "--out", str(tmp_path / "report")])
    assert result.exit_code == 0, result.output
    (secret := tmp_path.parent / f"{tmp_path.name}-outside").mkdir()
    (secret / "index.html").write_text("<title>outside</title>secret", encoding="utf-8")
    with LabStore(store) as lab:
        (study,) = [info.id for info in lab.studies()]
        lab.add_report("grandprix-0badc0de", secret, ["index.html"])  # not under the folder
    with LocalServer(tmp_path / "tables.sqlite3", tmp_path / "server.log", bot_workers=0,
                     args=["--render-workers", "0"]) as server:
        status, body, _ = _get(server.url + "lab")
        page = body.decode()
        assert status == 200 and f"/lab/{study}/" in page and "Grand Prix" in page
        assert "grandprix-0badc0de" not in page
        status, body, kind = _get(server.url + f"lab/{study}/")
        assert status == 200 and kind.startswith("text/html") and b"win-rate-by-seat.png" in body
        assert b"Seat 1: heuristic bot (build: random)" in body
        status, body, kind = _get(server.url + f"lab/{study}/win-rate-by-seat.png")
        assert status == 200 and kind == "image/png" and body[:4] == b"\x89PNG"
        for path in (f"lab/{study}/..%2F{DEFAULT_STORE}", f"lab/{study}/tables.sqlite3",
                     "lab/grandprix-0badc0de/", "lab/nogame-00000000/index.html",
                     f"lab/{study}/%2E%2E"):
            status, body, _ = _get(server.url + path)
            assert status == 404 and b"secret" not in body, path
