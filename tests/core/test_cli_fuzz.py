"""Property: no command line makes ``rennbahn`` show a traceback (issue 10, item 6).

Arguments for ``play``, ``sim``, ``replay`` and ``games`` are drawn by Hypothesis (bounded,
derandomized) from real values, near misses and arbitrary text; the command must end with
exit code 0 or 2, and a refusal is one line starting with ``error:``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from rennbahn.cli.main import app

runner = CliRunner()
GAMES = st.sampled_from(["gibgas", "grandprix(players=2)", "von0auf100(players=2)",
                         "ausgebremst(players=2)", "gibgas(players=\u0664)", "gibgas(",
                         "gibgas(players=" + "9" * 40 + ")", "nosuch"]) | st.text(max_size=20)
SEATS = st.sampled_from(["random,random", "you,random", "random", "wizard,random",
                         "", ",", "random,random,random,random,random,random,random"]) | \
    st.text(max_size=12)
NUMBERS = st.sampled_from(["1", "2", "0", "-1", "x", "1e3", "\u0664", "", "9" * 25]) | \
    st.integers(-3, 5).map(str)
TYPED = st.lists(st.sampled_from(["1", "2", "\u00b2", "help", "zzz", "", "q", "9" * 40]) |
                 st.text(max_size=6), max_size=6).map(lambda lines: "\n".join(lines) +
                                                      "\nquit\n")


@st.composite
def command_lines(draw: st.DrawFn, files: list[str]) -> list[str]:
    command = draw(st.sampled_from(["play", "sim", "replay", "games", "resume"]))
    if command == "play":
        args = ["play", draw(GAMES), "--seats", draw(SEATS), "--seed", draw(NUMBERS)]
        if draw(st.booleans()):
            args += ["--record", draw(st.sampled_from(files))]
    elif command == "resume":
        args = ["play", "--resume", draw(st.sampled_from(files))]
    elif command == "sim":
        args = ["sim", draw(GAMES), "--seats", draw(SEATS), "--games",
                draw(st.sampled_from(["1", "2", "0", "-5", "x"])), "--seed", draw(NUMBERS)]
        if draw(st.booleans()):
            args += ["--workers", draw(st.sampled_from(["1", "0", "65", "x"]))]
    elif command == "replay":
        args = ["replay", draw(st.sampled_from(files))]
        if draw(st.booleans()):
            args += ["--seat", draw(NUMBERS)]
    else:
        args = ["games", *draw(st.sampled_from([[], ["--json"], ["--nope"], ["extra"]]))]
    if draw(st.integers(0, 9)) == 0:
        args.insert(draw(st.integers(0, len(args))), draw(st.text(max_size=8)))
    return args


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("cli-fuzz")
    good = folder / "good.json"
    made = runner.invoke(app, ["play", "gibgas(players=2)", "--seats", "random,random",
                               "--seed", "1", "--record", str(good)])
    assert made.exit_code == 0, made.output
    broken = folder / "broken.json"
    broken.write_text(good.read_text()[:-200])
    binary = folder / "binary.json"
    binary.write_bytes(bytes(range(256)))
    return [str(good), str(broken), str(binary), str(folder / "new.json"),
            str(folder / "missing" / "x.json"), str(folder), str(folder / ("y" * 300))]


def test_no_command_line_shows_a_traceback(files: list[str], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a game quit without --record is kept in the current folder

    @settings(max_examples=150, derandomize=True, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(command_lines(files), TYPED)
    def check(args: list[str], typed: str) -> None:
        result = runner.invoke(app, args, input=typed)
        assert result.exit_code in (0, 2), (args, result.output)
        assert "Traceback" not in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), args
        errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
        assert len(errors) <= 1, result.output
        if result.exit_code == 2 and "Usage:" not in result.output:
            assert errors, (args, result.output)

    check()
