"""The ``tracks`` sub-app (mounted by the lead as ``rennbahn tracks``) and the SVG drawing."""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree

from typer.testing import CliRunner

from rennbahn.cli.tracks import app
from rennbahn.games.ausgebremst.svg import track_svg
from rennbahn.games.ausgebremst.tracks import build_track, load_half

runner = CliRunner()


def test_list_is_the_default_and_has_json() -> None:
    plain = runner.invoke(app, [])
    assert plain.exit_code == 0, plain.output
    assert "Nurburg-Ring" in plain.output and "80 spaces" in plain.output
    data = json.loads(runner.invoke(app, ["list", "--json"]).output)
    assert [row["distance"] for row in data] == [74, 76, 80, 73, 80, 77, 79, 77]
    assert data[2]["difficulty"] == "hard" and data[3]["direction"] == "anti-clockwise"


def test_show_draws_the_track(tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    result = runner.invoke(app, ["show", "nurburg-ring", "--svg", str(out)])
    assert result.exit_code == 0, result.output
    assert "[A]" in result.output and "#" in result.output
    ElementTree.fromstring(out.read_text())
    assert runner.invoke(app, ["show", "monza"]).exit_code != 0


def test_check_accepts_stock_files_and_names_the_fault(tmp_path: Path) -> None:
    good = Path(load_half("Drom").path)
    assert runner.invoke(app, ["check", str(good)]).exit_code == 0

    def check(**changes: object) -> str:
        data = json.loads(good.read_text())
        data.update(changes)
        bad = tmp_path / "drom.json"
        bad.write_text(json.dumps(data))
        result = runner.invoke(app, ["check", str(bad)])
        assert result.exit_code == 1
        return result.output

    inner = json.loads(good.read_text())["inner"]
    # A pit alley one space longer still turns and connects: only the distances are wrong.
    longer = check(pit={"lane": "outer", "columns": [0, 4], "spaces": 5})
    assert "is 75 spaces, the rulebook says 74" in longer and "29i" in longer
    straight = check(inner=inner.replace("-", "o"))  # no curve left
    assert "0 spaces more than the inner" in straight
    outer = json.loads(good.read_text())["outer"]
    one_lane = check(outer=outer[:3] + "B" + outer[4:])
    assert "column 3: a bottleneck B must be marked in both lanes" in one_lane


def test_svg_is_well_formed_and_shows_every_space() -> None:
    track = build_track(1)
    svg = track_svg(track, {track.grid[0]: "P0"})
    root = ElementTree.fromstring(svg)
    groups = root.findall("{http://www.w3.org/2000/svg}g")
    assert len(groups) >= track.size
    assert "P0" in svg and "Bleifuss-Drom" in svg
