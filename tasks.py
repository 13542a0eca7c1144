#!/usr/bin/env python3
"""The two commands of the quick start; they need nothing but Python 3.11+.

    python3 tasks.py serve   # set up, then start the web server (SQLite) and print its URL
    python3 tasks.py play    # set up, then race Gib Gas! against two bots in the terminal
                             # (or name a game: play grandprix --seats you,heuristic)
    python3 tasks.py test    # set up, then run ruff, mypy --strict and every test

Each makes a virtual environment in .venv and installs the project into it (again only when
pyproject.toml has changed). Extra arguments after ``serve`` go to ``rennbahn serve``, after
``play`` to ``rennbahn play`` and after ``test`` to pytest.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
EXTRAS = {"serve": "[web]", "play": "", "test": "[dev,rl,web,train]",
          "package": "[dev,rl,web]"}
#: Installed before the ``train`` extra: the CPU build that this project's machines keep on
#: disk. Left to itself, pip would fetch a CUDA build of several GB for sb3-contrib; any
#: torch that sb3-contrib accepts works.
TORCH = "torch==2.13.0"


def run(*command: str | Path) -> None:
    print("+", " ".join(str(c) for c in command), flush=True)
    result = subprocess.run([str(c) for c in command], cwd=ROOT, check=False)
    if result.returncode != 0:
        sys.exit(result.returncode)


def setup(extras: str) -> None:
    """Create .venv and install the project with ``extras`` unless already done."""
    if not (BIN / "python").exists():
        print(f"creating {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:16]
    stamp = VENV / f".installed-{digest}-{extras.strip('[]') or 'base'}"
    if stamp.exists():
        return
    run(BIN / "python", "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    if "train" in extras and not installed("torch"):
        run(BIN / "python", "-m", "pip", "install", "--quiet", TORCH)
    run(BIN / "python", "-m", "pip", "install", "--quiet", "-e", f".{extras}")
    stamp.touch()


def installed(package: str) -> bool:
    """Whether ``package`` is installed in .venv."""
    show = [BIN / "python", "-m", "pip", "show", "--quiet", package]
    return subprocess.run([str(c) for c in show], capture_output=True, check=False).returncode == 0


def browser() -> None:
    """The browser tests drive Debian's Chromium (Playwright cannot download browsers here).

    As root with apt-get, install it when it is missing; otherwise say that those tests will
    be skipped (on CI, where CI is set, they fail instead).
    """
    if shutil.which("chromium"):
        return
    if shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        install = ["apt-get", "install", "-y", "-qq", "chromium"]
        for command in (["apt-get", "update", "-qq"], install):
            print("+", " ".join(command), flush=True)
            subprocess.run(command, check=False, env=env, stdout=subprocess.DEVNULL)
        if shutil.which("chromium"):
            return
    print("note: no chromium found; the browser tests will be skipped "
          "(install Debian's package 'chromium' to run them)", flush=True)


def play_arguments(given: list[str]) -> list[str]:
    """``rennbahn`` arguments for ``tasks.py play``: a game named first is played (with any
    options after it); only options play Gib Gas!; nothing races Gib Gas! against two bots."""
    if not given:
        return ["play", "gibgas", "--seats", "you,heuristic,heuristic"]
    if given[0].startswith("-"):
        return ["play", "gibgas", *given]
    return ["play", *given]


def main(argv: list[str]) -> None:
    task = argv[0] if argv else ""
    if task not in EXTRAS:
        sys.exit("usage: python3 tasks.py serve [options] | play [game] [options] | test [pytest"
                 " options] | package"
                 f"  (got {task!r})")
    setup(EXTRAS[task])
    if task == "package":  # build the sdist and wheel and check them (CI runs it)
        run(BIN / "python", "scripts/check_package.py")
        return
    if task == "serve":
        run(BIN / "rennbahn", "serve", *argv[1:])
        return
    if task == "play":
        run(BIN / "rennbahn", *play_arguments(argv[1:]))
        return
    browser()
    run(BIN / "ruff", "check", ".")
    run(BIN / "mypy")
    # Two workers that steal work from each other: the few long tests (a whole ISMCTS
    # match, OpenSpiel's random simulation of Ausgebremst) do not end up queued last.
    parallel = ([] if any(a.startswith(("-n", "-p")) for a in argv[1:])
                else ["-n", "auto", "--dist", "worksteal"])
    run(BIN / "pytest", *parallel, *argv[1:])


if __name__ == "__main__":
    main(sys.argv[1:])
