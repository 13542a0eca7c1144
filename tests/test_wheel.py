"""The wheel serves both rules pages of every game, as a source checkout does.

A copy of the source tree is built as a release is (``python -m build``: the sdist, then
the wheel from the sdist, so MANIFEST.in and setup.py's copy of docs/rules are both
exercised), the wheel installed with pip into a folder of its own, and a server started
from that copy (the folder first on PYTHONPATH, so ``rennbahn`` comes from the wheel and
only its dependencies from this venv). Its pages must be the ones
tests/server/test_rulebook.py asks of a server run from the source tree.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from rennbahn.core.registry import registered_games
from rennbahn.server.local import LocalServer
from tests.server.test_rulebook import check_rules_pages

ROOT = Path(__file__).resolve().parents[1]
#: What a build needs from the source tree (not build/, dist/ or .venv of a checkout).
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "src",
           "docs/rules")

pytest.importorskip("build")


def _build_and_install(tmp: Path) -> Path:
    """The folder the wheel of a copy of the source tree is installed into."""
    tree = tmp / "tree"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, tree / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.so"))
        else:
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, tree / name)
    # No isolation: this venv's setuptools builds it, with no download. Pure Python: what is
    # tested here is the package's files, and compiling would take minutes (scripts/
    # check_package.py builds the compiled wheel).
    subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir",
                    str(tmp / "dist"), str(tree)], check=True, capture_output=True,
                   env={**os.environ, "RENNBAHN_PURE": "1"})
    (wheel,) = (tmp / "dist").glob("rennbahn-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    for entry in registered_games():
        assert f"rennbahn/games/{entry.name}/rules.md" in names, entry.name
    site = tmp / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--no-index", "--target", str(site), str(wheel)],
                   check=True, capture_output=True)
    return site


def test_a_wheel_install_serves_both_rules_pages_of_every_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = _build_and_install(tmp_path)
    # The server runs in tmp_path (not the checkout, which a process in it would import
    # from), the wheel's copy first on its path.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PYTHONPATH", str(site))
    where = subprocess.run(
        [sys.executable, "-c", "import rennbahn.server.rulebook as r; print(r.__file__)"],
        check=True, capture_output=True, text=True).stdout.strip()
    assert Path(where).is_relative_to(site), where
    # No docs/rules beside the installed copy to fall back on: the pages come from the wheel.
    assert not (Path(where).parents[3] / "docs").exists()
    with LocalServer(tmp_path / "tables.sqlite3", tmp_path / "server.log",
                     bot_workers=0) as server:
        check_rules_pages(server)
    assert "Traceback" not in (tmp_path / "server.log").read_text()
