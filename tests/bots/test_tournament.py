"""Tournaments: seats rotated evenly, seeded whatever the workers, JSON, the command."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from typer.testing import CliRunner

import rennbahn
from rennbahn.cli.tournament import app, split_bots
from rennbahn.core.errors import ParameterError
from rennbahn.sim.tournament import plan, schedule_block, tournament


@pytest.mark.parametrize(("entrants", "seats"), [
    (["a", "b"], 2), (["a", "b", "c"], 3), (["a", "b"], 4), (["a", "b", "c", "d"], 2),
    (["a", "b", "b", "b"], 4), (["a", "b", "c"], 6),
])
def test_every_bot_in_every_seat_equally_often(entrants: list[str], seats: int) -> None:
    block = schedule_block(entrants, seats)
    per_seat = [Counter(lineup[s] for lineup in block) for s in range(seats)]
    assert all(counts == per_seat[0] for counts in per_seat)
    assert all(len(lineup) == seats for lineup in block)
    assert set(per_seat[0]) == set(entrants)


def test_more_bots_than_seats_meet_every_pair() -> None:
    block = schedule_block(["a", "b", "c", "d"], 2)
    assert {frozenset(lineup) for lineup in block} == {
        frozenset(p) for p in (("a", "b"), ("a", "c"), ("a", "d"), ("b", "c"), ("b", "d"),
                               ("c", "d"))}


def test_games_rounded_up_to_whole_blocks_sharing_a_seed() -> None:
    game = rennbahn.load_game("gibgas(players=3)")
    games = plan(game, ["random", "heuristic", "flat(iterations=3)"], 4, seed=1)
    assert len(games) == 6
    assert [index for _, _, index in games] == list(range(6))
    assert len({seed for _, seed, _ in games[:3]}) == 1
    assert games[0][1] != games[3][1]


def test_same_seed_same_results_whatever_the_workers() -> None:
    bots = ["flat(iterations=4)", "random"]
    one = tournament("grandprix(players=2)", bots, 4, seed=7).to_json(timing=False)
    two = tournament("grandprix(players=2)", bots, 4, seed=7, workers=2).to_json(timing=False)
    assert one == two
    assert one["games"] == 4


def test_standings_json() -> None:
    data = tournament("von0auf100(players=3)", ["heuristic", "random"], 4, seed=2).to_json()
    assert data["entrants"] == ["heuristic", "random"]
    assert data["games"] == 4
    rows = {row["bot"]: row for row in data["bots"]}
    assert rows["heuristic"]["seats_taken"] + rows["random"]["seats_taken"] == 12
    for row in rows.values():
        low, high = row["ci95"]
        assert low <= row["win_rate"] <= high
        assert row["fair_share"] == pytest.approx(1 / 3)
        assert set(row["rating"]) == {"mu", "sigma", "ordinal"}
        assert row["seconds_per_move"]["moves"] > 0
    pairs = {(p["bot"], p["against"]): p for p in data["pairwise"]}
    there, back = pairs[("heuristic", "random")], pairs[("random", "heuristic")]
    assert there["ahead"] + back["ahead"] == pytest.approx(1)
    assert there["games"] == back["games"] == 4
    json.dumps(data)


def test_split_bots_keeps_parameters_together() -> None:
    assert split_bots("hard, ismcts(iterations=5,c=1.0),random") == [
        "hard", "ismcts(iterations=5,c=1.0)", "random"]
    with pytest.raises(ParameterError, match="not a list of bots"):
        split_bots("mcts(iterations=5")


def test_command_prints_json() -> None:
    result = CliRunner().invoke(app, [
        "grandprix", "--bots", "random,flat(iterations=3)", "--games", "2", "--seed", "3",
        "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"].startswith("grandprix(players=2,")
    assert [row["bot"] for row in data["bots"]] == ["random", "flat(iterations=3)"]


def test_command_prints_tables_and_rounds_up() -> None:
    result = CliRunner().invoke(app, ["gibgas", "--bots", "random,heuristic,random",
                                      "--games", "2"])
    assert result.exit_code == 0, result.output
    assert "3 games" in result.stdout and "rounded up" in result.stdout
    assert "pairwise" in result.stdout


def test_command_refuses_unknown_bot() -> None:
    result = CliRunner().invoke(app, ["gibgas", "--bots", "random,alphazero", "--games", "2"])
    assert isinstance(result.exception, ParameterError)
    assert "unknown bot 'alphazero'" in str(result.exception)
