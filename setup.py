"""Two build steps pyproject.toml cannot say: the compiled engines, and the rules as
implemented in the wheel.

**Compiled engines.** The modules listed under ``[tool.rennbahn] compiled`` in
pyproject.toml (the protocol and every game's rules) are compiled with mypyc into C
extensions when a C compiler is there; Python imports an extension before the ``.py`` beside
it, so the same source runs compiled. Without a compiler, or with the environment variable
``RENNBAHN_PURE`` set to anything but ``0`` or empty, nothing is compiled and the ``.py``
files run as they are. An editable install (``pip install -e .``, what ``tasks.py`` does)
builds the extensions in place, next to the sources. How it works and what it gains:
docs/compiled.md.

**The rules as implemented.** Each game's rules as rennbahn implements them are written once,
in docs/rules/<game>.md (where the project keeps its readings of the rulebooks, beside the
other docs). The server's "Rules details" page must work from a wheel too, so the build
copies each document into its game's package as ``rennbahn/games/<game>/rules.md``, where the
registry entry's ``package`` finds it (``rennbahn.server.rulebook``; a source checkout reads
docs/rules directly). MANIFEST.in puts docs/rules into the sdist, so a wheel built from the
sdist has them as well.

Everything else about the package is in pyproject.toml.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import tomllib
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
RULES = ROOT / "docs" / "rules"
#: Where a game's package is in the built tree: rennbahn/games/<game>.
GAMES = Path("rennbahn") / "games"
#: Set (to anything but "" or "0"), nothing is compiled: the pure-Python build.
PURE = "RENNBAHN_PURE"


class BuildWithRules(build_py):
    """build_py, then docs/rules/<game>.md copied to rennbahn/games/<game>/rules.md."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads docs/rules where it is
            return
        for source in sorted(RULES.glob("*.md")):
            package = Path(self.build_lib) / GAMES / source.stem
            if not package.is_dir():  # a document must belong to a game, or the build fails
                raise SystemExit(f"docs/rules/{source.name}: there is no package {package}")
            self.copy_file(str(source), str(package / "rules.md"))


def compiled_sources() -> list[str]:
    """The modules to compile, as paths under src/ (pyproject.toml, [tool.rennbahn])."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        listed: list[str] = tomllib.load(file)["tool"]["rennbahn"]["compiled"]
    return listed


def why_pure() -> str | None:
    """Why this build stays pure Python (None: it compiles)."""
    if os.environ.get(PURE, "") not in ("", "0"):
        return f"{PURE} is set"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) found"
    try:
        import mypyc.build  # noqa: F401  (a build requirement; absent in odd set-ups)
    except ImportError:
        return "mypyc (from mypy) is not installed"
    return None


def ext_modules() -> list[Any]:
    """mypyc's extensions for the listed modules, or none (said on stderr)."""
    reason = why_pure()
    if reason is not None:
        print(f"rennbahn: building pure Python ({reason})", file=sys.stderr, flush=True)
        return []
    from mypyc.build import mypycify

    # mypyc works from the source folder: module names come from the paths under src/.
    cwd = Path.cwd()
    os.chdir(ROOT / "src")
    try:
        # The compiled modules' imports reach modules that stay Python (the package's
        # __init__ reaches the adapters, which import numpy and gymnasium, absent from an
        # isolated build): mypy follows them for their types but reports only on the
        # compiled ones, which the test command checks with mypy --strict anyway.
        options = ["--follow-imports=silent"]
        return list(mypycify([*options, *compiled_sources()], opt_level="3",
                             group_name="rennbahn",
                             target_dir=str(ROOT / "build" / "mypyc")))
    finally:
        os.chdir(cwd)


setup(cmdclass={"build_py": BuildWithRules}, ext_modules=ext_modules())
