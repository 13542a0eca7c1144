"""The package's metadata and the error an adapter gives without the ``rl`` extra."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from pathlib import Path

import pytest

import rennbahn
from rennbahn.core.errors import MissingExtraError

ROOT = Path(__file__).resolve().parents[2]


def test_version_is_the_installed_distributions() -> None:
    assert rennbahn.__version__ == importlib.metadata.version("rennbahn")


def test_license_is_mit_and_shipped() -> None:
    text = (ROOT / "LICENSE").read_text("utf-8")
    assert text.startswith("MIT License") and "the rennbahn authors" in text
    assert importlib.metadata.metadata("rennbahn")["License-Expression"] == "MIT"


@pytest.mark.parametrize(
    ("adapter", "hidden"),
    [("openspiel", "pyspiel"), ("pettingzoo", "pettingzoo"), ("gymnasium", "gymnasium"),
     ("encoders", "numpy")],
)
def test_an_adapter_without_the_extra_names_it(adapter: str, hidden: str) -> None:
    """A library made unimportable (``sys.modules[name] = None``) gives the friendly error."""
    code = (
        "import sys\n"
        f"sys.modules[{hidden!r}] = None\n"
        "try:\n"
        f"    import rennbahn.interop.{adapter}\n"
        "except ImportError as exc:\n"
        "    from rennbahn.core.errors import RennbahnError\n"
        "    print(type(exc).__name__, isinstance(exc, RennbahnError), exc)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, cwd=ROOT)
    assert result.stdout.startswith("MissingExtraError True "), result.stdout + result.stderr
    assert f"rennbahn.interop.{adapter} needs the package {hidden}" in result.stdout
    assert "pip install 'rennbahn[rl]'" in result.stdout


def test_missing_extra_error_is_an_import_error_and_a_rennbahn_error() -> None:
    assert issubclass(MissingExtraError, ImportError)
    assert issubclass(MissingExtraError, rennbahn.RennbahnError)
