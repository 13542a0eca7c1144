"""``rennbahn lab`` end to end on a cheap game with random bots: a compare study stored,
listed, shown, extended (the first games unchanged), exported and reported."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rennbahn.cli.main import app
from rennbahn.lab.store import LabStore
from rennbahn.sim.runner import game_seed

runner = CliRunner()
VARIANTS = ["grandprix(players=2)", "grandprix(players=2,accident_blocks_return=block)"]
FIGURES = ["win-rate-by-seat.png", "race-length.png", "where-cars-end.png", "endings.png",
           "differences.png"]


def _flat(text: str) -> str:
    return " ".join(text.split())


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.fixture(scope="module")
def study(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    folder = tmp_path_factory.mktemp("lab")
    store, out = folder / "lab.sqlite3", folder / "report"
    result = runner.invoke(app, ["lab", "compare", *VARIANTS, "--games", "12", "--bots",
                                 "random", "--seed", "3", "--store", str(store),
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    with LabStore(store) as lab:
        (info,) = lab.studies()
    return store, out, info.id


def test_compare_stores_both_variants_on_the_same_seeds(study: tuple[Path, Path, str]) -> None:
    store, _, study_id = study
    with LabStore(store) as lab:
        info = lab.info(study_id)
        first, second = lab.rows(study_id, 0), lab.rows(study_id, 1)
    assert info.games == 12 and info.spec.lineups == (("random", "random"),) * 2
    assert [r.seed for r in first] == [r.seed for r in second] == [
        game_seed(3, i) for i in range(12)]
    assert all(sum(r.wins) <= 1 and len(r.places) == 2 for r in first + second)
    assert all(r.leaders and r.decisions > 0 for r in first)


def test_the_report_has_a_page_and_sensible_pictures(study: tuple[Path, Path, str]) -> None:
    _, out, study_id = study
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Grand Prix" in page and study_id in page
    assert "Accident stops returning cars" in page  # the parameter in players' words
    assert "accident_blocks_return" not in page.split("<pre>")[0]  # no raw id above the command
    for name in FIGURES:
        assert f'src="{name}"' in page
        width, height = _png_size(out / name)
        assert 400 <= width <= 1600 and 150 <= height <= 1400, (name, width, height)
        assert (out / name).stat().st_size > 5000


def test_list_and_show_name_the_study(study: tuple[Path, Path, str]) -> None:
    store, _, study_id = study
    listed = runner.invoke(app, ["lab", "list", "--store", str(store)])
    assert listed.exit_code == 0 and study_id in _flat(listed.output)
    shown = runner.invoke(app, ["lab", "show", study_id, "--store", str(store)])
    assert shown.exit_code == 0, shown.output
    text = _flat(shown.output)
    assert "12 games per variant" in text and "winner changes" in text and "paired t" in text
    unknown = runner.invoke(app, ["lab", "show", "grandprix-00000000", "--store", str(store)])
    assert unknown.exit_code == 2
    assert f"no study 'grandprix-00000000' in {store}; studies there: {study_id}" in _flat(
        unknown.output)


def test_more_extends_a_study_and_keeps_its_first_games(tmp_path: Path,
                                                         study: tuple[Path, Path, str]) -> None:
    store, _, study_id = study
    copy = tmp_path / "copy.sqlite3"
    copy.write_bytes(store.read_bytes())
    with LabStore(copy) as lab:
        before = [lab.rows(study_id, v) for v in (0, 1)]
    result = runner.invoke(app, ["lab", "more", study_id, "5", "--store", str(copy),
                                 "--no-report"])
    assert result.exit_code == 0, result.output
    again = runner.invoke(app, ["lab", "compare", *VARIANTS, "--bots", "random", "--seed",
                                "3", "--more", "3", "--store", str(copy), "--no-report"])
    assert again.exit_code == 0, again.output
    with LabStore(copy) as lab:
        assert lab.info(study_id).games == 20
        after = [lab.rows(study_id, v) for v in (0, 1)]
    assert [rows[:12] for rows in after] == before
    assert [r.seed for r in after[1]] == [game_seed(3, i) for i in range(20)]


def test_export_writes_parquet_that_reads_back(tmp_path: Path,
                                                study: tuple[Path, Path, str]) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    store, _, study_id = study
    target = tmp_path / "games.parquet"
    result = runner.invoke(app, ["lab", "export", study_id, "--parquet", str(target),
                                 "--store", str(store)])
    assert result.exit_code == 0, result.output
    nowhere = runner.invoke(app, ["lab", "export", study_id, "--parquet",
                                  str(tmp_path / "no" / "x.parquet"), "--store", str(store)])
    assert nowhere.exit_code == 2 and "does not exist" in _flat(nowhere.output)
    table = pq.read_table(target)
    assert table.num_rows == 24
    assert set(table.column("variant").to_pylist()) == {0, 1}
    assert table.column("seed").to_pylist()[:12] == table.column("seed").to_pylist()[12:]


@pytest.mark.parametrize(("args", "said"), [
    (["compare", "nogame", "grandprix"], "unknown game 'nogame'"),
    (["compare", "grandprix(players=2)", "grandprix(players=9)"], "players"),
    (["compare", "grandprix", "gibgas"], "variants of one game"),
    (["compare", "grandprix"], "two variants or more"),
    (["compare", "grandprix", "grandprix(oncoming=pass)", "--bots", "random", "--bots",
      "random", "--bots", "random"], "give --bots once for all variants or once for each"),
    (["compare", "grandprix", "--bots", "random", "--bots", "random"], "named twice"),
    (["run", "grandprix", "--bots", "nobot"], "nobot"),
    (["run", "grandprix", "--games", "0"], "--games"),
    (["show", "nostudy"], "there is no lab store"),
    (["export", "nostudy", "--parquet", "x.parquet"], "there is no lab store"),
])
def test_bad_input_is_one_clear_line_and_exit_2(tmp_path: Path, args: list[str],
                                                said: str) -> None:
    result = runner.invoke(app, ["lab", *args, "--store", str(tmp_path / "s.sqlite3")])
    assert result.exit_code == 2, result.output
    assert said in _flat(result.output)
    assert "Traceback" not in result.output
    assert not (tmp_path / "s.sqlite3").exists()  # bad input leaves no store behind
