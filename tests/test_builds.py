"""Issue 26: the compiled engines and the plain-Python ones play the same games.

The same source runs compiled (mypyc, when the install could compile it) or as plain
Python. Both must give identical games for the same seeds: every registered game and
variant, GAMES seeded random playouts and one seeded record each, digested in this process
(the compiled build) and in a Python started on a copy of the package without its compiled
modules (``rennbahn.core.build.pure_copy``). On a pure-Python install there is one build and
nothing to compare.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rennbahn.core import build
from tests import record_digests

#: Seeded playouts per variant: 45 variants make 2,025 games, and 45 whole records.
GAMES = 45


def test_the_build_says_what_runs() -> None:
    from rennbahn.games.gibgas import rules

    compiled = not rules.__file__.endswith(".py")
    assert build.is_compiled() == compiled
    assert build.describe() == ("compiled: mypyc" if compiled else "pure Python")


@pytest.mark.skipif(not build.is_compiled(), reason="a pure-Python install has one build")
def test_compiled_and_pure_builds_give_identical_games(tmp_path: Path) -> None:
    tree = build.pure_copy(tmp_path)
    script = Path(record_digests.__file__)
    check = "from rennbahn.core import build; assert not build.is_compiled(), build.describe()"
    env = {**os.environ, "PYTHONPATH": str(tree)}
    subprocess.run([sys.executable, "-c", check], env=env, check=True)
    done = subprocess.run([sys.executable, str(script), str(GAMES)], env=env, check=True,
                          capture_output=True, text=True)
    pure: dict[str, list[str]] = json.loads(done.stdout)
    compiled = record_digests.digests(GAMES)
    assert list(pure) == list(compiled) == record_digests.variants()
    differ = [variant for variant in compiled if pure[variant] != compiled[variant]]
    assert not differ, f"the builds play these variants differently: {differ}"
    assert sum(len(d) for d in compiled.values()) >= 2000
