"""The ``tracks`` sub-app (mounted by the lead as ``rennbahn tracks``) and the SVG drawing.

Bad input of any kind is one line on the error stream and exit code 2, never a traceback
(issue 10); a file that reads but fails a track check is exit code 1.
"""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import HealthCheck, given, settings
from typer.testing import CliRunner, Result

from rennbahn.games.ausgebremst.commands import app
from rennbahn.games.ausgebremst.svg import track_svg
from rennbahn.games.ausgebremst.tracks import build_track, load_half
from tests.ausgebremst.test_tracks import mutated_half

runner = CliRunner()


def test_list_is_the_default_and_has_json() -> None:
    plain = runner.invoke(app, [])
    assert plain.exit_code == 0, plain.output
    assert "Nurburg-Ring" in plain.output and "80 spaces" in plain.output
    data = json.loads(runner.invoke(app, ["list", "--json"]).output)
    assert [row["distance"] for row in data] == [74, 76, 80, 73, 80, 77, 79, 77]
    assert [row["reserve"] for row in data] == [3, 2, 2, 3, 2, 2, 2, 2]  # I29
    assert all(row["reserve"] == row["rulebook_reserve"] for row in data)
    assert data[2]["difficulty"] == "hard" and data[3]["direction"] == "anti-clockwise"


def test_show_draws_the_track(tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    result = runner.invoke(app, ["show", "nurburg-ring", "--svg", str(out)])
    assert result.exit_code == 0, result.output
    assert "[A]" in result.output and "#" in result.output
    ElementTree.fromstring(out.read_text())


def test_check_accepts_stock_files_and_names_the_fault(tmp_path: Path) -> None:
    good = Path(load_half("Drom").path)
    assert runner.invoke(app, ["check", str(good)]).exit_code == 0

    def check(code: int = 1, **changes: object) -> str:
        data = json.loads(good.read_text())
        data.update(changes)
        bad = tmp_path / "drom.json"
        bad.write_text(json.dumps(data))
        result = runner.invoke(app, ["check", str(bad)])
        assert result.exit_code == code, result.output
        return result.output

    inner = json.loads(good.read_text())["inner"]
    # A pit alley one space longer still turns and connects: only the distances are wrong.
    longer = check(pit={"lane": "outer", "columns": [0, 4], "spaces": 5})
    assert "is 75 spaces, the rulebook says 74" in longer and "29i" in longer
    straight = check(2, inner=inner.replace("-", "o"))  # no curve left: not a half
    assert "0 spaces more than the inner" in straight
    outer = json.loads(good.read_text())["outer"]
    one_lane = check(2, outer=outer[:3] + "B" + outer[4:])
    assert "column 3: a bottleneck B must be marked in both lanes" in one_lane


def test_svg_is_well_formed_and_shows_every_space() -> None:
    track = build_track(1)
    svg = track_svg(track, {track.grid[0]: "P0"})
    root = ElementTree.fromstring(svg)
    groups = root.findall("{http://www.w3.org/2000/svg}g")
    assert len(groups) >= track.size
    assert "P0" in svg and "Bleifuss-Drom" in svg


def _one_line_error(result: Result) -> str:
    """The run ended with exit code 2 and one line of error, not a traceback."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert len(result.output.strip().splitlines()) == 1, result.output
    return result.output


def test_show_refuses_an_svg_path_it_cannot_write(tmp_path: Path) -> None:
    """Issue 10: checked before the track is drawn."""
    missing = _one_line_error(runner.invoke(app, ["show", "1", "--svg", "/nonexistent/x.svg"]))
    assert "the folder /nonexistent does not exist" in missing
    folder = _one_line_error(runner.invoke(app, ["show", "1", "--svg", str(tmp_path)]))
    assert "is a directory" in folder
    assert "unknown track 'monza'" in _one_line_error(runner.invoke(app, ["show", "monza"]))
    # A folder that exists but cannot hold files: the write fails before anything is drawn.
    unwritable = _one_line_error(runner.invoke(app, ["show", "1", "--svg", "/proc/x.svg"]))
    assert unwritable.startswith("--svg /proc/x.svg: cannot write")


def _drom(**changes: object) -> str:
    data = json.loads(Path(load_half("Drom").path).read_text())
    data.update(changes)
    return json.dumps(data)


PIT = {"lane": "outer", "columns": [0, 4], "spaces": 4}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\xff binary", "JSON is malformed"),
        (_drom(inner="", outer="", lines="").encode(), "`str` of length >= 1 - at `$.inner`"),
        (_drom(pit={"lane": "outer", "columns": [0, 4]}).encode(),
         "missing required field `spaces` - at `$.pit`"),
        (_drom(pit={"lane": "outer", "spaces": 4}).encode(),
         "missing required field `columns` - at `$.pit`"),
        (_drom(pit={**PIT, "columns": ["a", "b"]}).encode(), "at `$.pit.columns[0]`"),
        (_drom(pit={**PIT, "spaces": "x"}).encode(), "got `str` - at `$.pit.spaces`"),
        (("{" + '"a":' * 1 + "[" * 30000 + "]" * 30000 + "}").encode(),
         "unknown field `a`"),
        (("[" * 30000 + "]" * 30000).encode(), "Expected `object`, got `array`"),
    ],
)
def test_check_refuses_a_bad_file_in_one_line(tmp_path: Path, content: bytes,
                                              message: str) -> None:
    """Issue 10: the fuzzed files that gave tracebacks are one line and exit code 2."""
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    assert message in _one_line_error(runner.invoke(app, ["check", str(bad)]))


def test_check_runs_every_check_on_a_half_of_any_name(tmp_path: Path) -> None:
    """Issue 10: an end half not named after a stock half with a broken pit alley used to
    print ok; it is built with every front half both ways round, and fails."""
    speedway = tmp_path / "speedway.json"
    speedway.write_text(_drom(name="Speedway"))
    assert runner.invoke(app, ["check", str(speedway)]).output.endswith("speedway.json: ok\n")
    speedway.write_text(_drom(name="Speedway", pit={**PIT, "columns": [0, 11]}))
    result = runner.invoke(app, ["check", str(speedway)])
    assert result.exit_code == 1 and "ok" not in result.output
    assert "field C (column 11 of Bleifuss-Speedway (clockwise)) must be a space" in result.output
    # A good file beside a bad one: each is reported, the worst exit code wins.
    good = Path(load_half("Ring").path)
    mixed = runner.invoke(app, ["check", str(good), str(speedway), str(tmp_path)])
    assert mixed.exit_code == 2 and f"{good}: ok" in mixed.output
    assert "cannot read track file" in mixed.output


@settings(max_examples=60, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=mutated_half())
def test_check_on_mutated_files_never_shows_a_traceback(tmp_path: Path, raw: bytes) -> None:
    """Issue 10: ``tracks check`` on a mutated stock file ends with 0 (ok), 1 (a track
    check failed) or 2 (not a half-board file, one line), never with an exception."""
    path = tmp_path / "mutated.json"
    path.write_bytes(raw)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1, 2)
    lines = result.output.strip().splitlines()
    assert (result.exit_code == 0) == (lines == [f"{path}: ok"])
    if result.exit_code == 2:
        assert len(lines) == 1
