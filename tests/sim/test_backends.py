"""The same seed gives the same numbers on the process pool and on Ray, with one worker or
two and any batch size; Ctrl-C and a missing Ray end the command with one clear line.

One local Ray (two CPUs, the machine's) serves the tests of the module that use Ray: a
backend started it; the backends of the commands find it running and leave it be.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest
import ray
from typer.testing import CliRunner

from rennbahn.cli.main import app
from rennbahn.core.errors import UnknownGameError
from rennbahn.sim.backends import ProcessBackend, RayBackend, make_backend
from rennbahn.sim.runner import Summary, _play_chunk, run_games

runner = CliRunner()
GAME = "von0auf100(players=2,race=small)"
#: (backend, workers, batch): each must give the numbers of one process.
SETUPS = [("process", 2, 3), ("ray", 1, 4), ("ray", 2, 1), ("ray", 2, 5)]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[RayBackend]:
    """The module's Ray: a backend with no Ray running starts a local one of its own."""
    with RayBackend(2) as backend:
        yield backend


uses_ray = pytest.mark.usefixtures("local_ray")


def _json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    for row in data.get("bots", []):
        row.pop("seconds_per_move")  # wall time: the one thing that may differ
    return data


@uses_ray
def test_sim_gives_the_same_numbers_on_every_backend() -> None:
    args = ["sim", GAME, "--seats", "random,random", "--games", "30", "--seed", "4"]
    alone = _json(*args)
    assert alone["games"] == 30
    for backend, workers, batch in SETUPS:
        other = _json(*args, "--backend", backend, "--workers", str(workers),
                      "--batch", str(batch))
        assert other == alone, (backend, workers, batch)


@uses_ray
def test_tournament_gives_the_same_numbers_on_every_backend() -> None:
    args = ["tournament", "von0auf100(players=3,race=small)", "--bots", "heuristic,random",
            "--games", "12", "--seed", "2"]
    alone = _json(*args)
    assert alone["games"] == 12
    for backend, workers, batch in SETUPS:
        assert _json(*args, "--backend", backend, "--workers", str(workers),
                     "--batch", str(batch)) == alone, (backend, workers, batch)


@uses_ray
def test_a_sequential_test_stops_at_the_same_game_on_every_backend() -> None:
    args = ["tournament", GAME, "--bots", "random,heuristic", "--sprt", "0.3,0.4",
            "--games", "200", "--seed", "9"]
    alone = _json(*args)
    assert alone["sprt"]["result"] == "accepted H0"
    for backend, workers, batch in SETUPS:
        assert _json(*args, "--backend", backend, "--workers", str(workers),
                     "--batch", str(batch)) == alone, (backend, workers, batch)


@uses_ray
def test_results_come_in_job_order_and_none_is_lost() -> None:
    jobs = [(GAME, ["random", "random"], 1, range(i, i + 1)) for i in range(40)]
    alone = [outcomes[0].returns for outcomes in map(_play_chunk, jobs)]
    with RayBackend(2) as backend:
        assert [outcomes[0].returns for outcomes in backend.map(_play_chunk, jobs)] == alone
        early = backend.map(_play_chunk, jobs)
        assert next(early)[0].returns == alone[0]
        early.close()  # the rest is cancelled; the backend serves the next run as before
        assert [o[0].returns for o in backend.map(_play_chunk, jobs[:6])] == alone[:6]


@uses_ray
@pytest.mark.parametrize("backend", ["process", "ray"])
def test_ctrl_c_cancels_and_says_so(monkeypatch: pytest.MonkeyPatch, backend: str) -> None:
    seen: list[int] = []

    def interrupted(summary: Summary, outcome: object) -> None:
        seen.append(1)
        if len(seen) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(Summary, "add", interrupted)
    result = runner.invoke(app, ["sim", GAME, "--seats", "random,random", "--games", "10000",
                                 "--workers", "2", "--batch", "1", "--backend", backend])
    assert result.exit_code == 130
    assert "interrupted: the games still running were cancelled" in result.output
    assert "Traceback" not in result.output
    assert len(seen) == 3


def test_without_ray_the_backend_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails as if not installed
    result = runner.invoke(app, ["sim", GAME, "--seats", "random,random", "--backend", "ray"])
    assert result.exit_code == 2
    assert "pip install 'rennbahn[scale]'" in result.output
    assert "python3 tasks.py test" in result.output
    assert "Traceback" not in result.output


def test_the_process_pool_takes_at_most_64_and_the_address_is_rays() -> None:
    assert isinstance(make_backend("process", 64), ProcessBackend)
    with pytest.raises(ValueError, match="1 to 64 processes"):
        make_backend("process", 65)
    with pytest.raises(ValueError, match="--address is Ray's"):
        make_backend("process", 2, "auto")


@uses_ray
def test_an_error_in_a_game_comes_back_as_itself() -> None:
    bad = [(GAME, ["random", "random"], 1, range(0, 1)), ("chess", ["random"], 1, range(1, 2))]
    with pytest.raises(UnknownGameError) as alone:
        list(ProcessBackend(1).map(_play_chunk, bad))
    with RayBackend(2) as backend, pytest.raises(UnknownGameError) as there:
        list(backend.map(_play_chunk, bad))
    assert str(there.value) == str(alone.value)


def test_a_backend_starts_a_local_ray_only_when_none_runs(local_ray: RayBackend) -> None:
    assert local_ray.started  # the fixture's: no Ray ran before it, so it started one
    assert ray.cluster_resources()["CPU"] == 2  # type: ignore[no-untyped-call]
    with RayBackend(1) as joined:
        assert not joined.started
        assert len(list(run_games(GAME, ["random", "random"], 3, 1, backend=joined))) == 3
    assert ray.is_initialized()  # a Ray it did not start is left running


@uses_ray
def test_a_lab_study_plays_the_same_games_on_ray(tmp_path: Any) -> None:
    """``rennbahn lab`` runs on sim's backends: the same stored games on Ray as here."""
    from rennbahn.lab.store import LabStore

    def games(backend: str, workers: str) -> list[Any]:
        store = tmp_path / f"{backend}-{workers}.sqlite3"
        result = runner.invoke(app, [
            "lab", "compare", "grandprix(players=2)", "grandprix(players=2,event_gap=3)",
            "--bots", "random", "--games", "6", "--seed", "5", "--no-report",
            "--store", str(store), "--backend", backend, "--workers", workers])
        assert result.exit_code == 0, result.output
        with LabStore(store) as lab:
            (info,) = lab.studies()
            return [lab.rows(info.id, v, info.games) for v in range(2)]

    here = games("process", "1")
    assert len(here[0]) == 6
    assert games("ray", "2") == here
