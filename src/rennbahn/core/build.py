"""Which build of the engines is running: compiled with mypyc, or plain Python.

setup.py compiles the modules listed in pyproject.toml (``[tool.rennbahn] compiled``) when it
can; Python then imports each extension instead of the ``.py`` beside it. The protocol is
always among them, so its file tells the build (docs/compiled.md).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from rennbahn.core import protocol


def is_compiled() -> bool:
    """Whether the core protocol (and with it every game's rules) runs compiled."""
    return not protocol.__file__.endswith(".py")


def describe() -> str:
    """``compiled: mypyc`` or ``pure Python``, as ``rennbahn --version`` says it.

    >>> describe() in ("compiled: mypyc", "pure Python")
    True
    """
    return "compiled: mypyc" if is_compiled() else "pure Python"


def pure_copy(folder: Path) -> Path:
    """Copy this rennbahn package into ``folder`` without its compiled modules; return the
    folder to put first on ``PYTHONPATH`` so that a Python started with it runs every module
    as plain Python (Python would prefer an extension module to the ``.py`` beside it)."""
    package = Path(protocol.__file__).resolve().parents[1]
    shutil.copytree(package, folder / "rennbahn",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    return folder
