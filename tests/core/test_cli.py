"""The rennbahn command, driven as a person would: typed moves, files, JSON output."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from rennbahn.cli.main import app

runner = CliRunner()


def test_a_person_plays_a_whole_race_against_bots(tmp_path: Path) -> None:
    record = tmp_path / "race.json"
    # Typing '1' always picks the first legal move; 'help' and a wrong move are answered.
    typed = "help\nnonsense\n" + "1\n" * 400
    result = runner.invoke(app, ["play", "gibgas", "--seats", "you,heuristic,heuristic",
                                 "--seed", "4", "--record", str(record)], input=typed)
    assert result.exit_code == 0, result.output
    assert "Driver 1 (you), your move" in result.output
    assert "'nonsense' is not a legal move for seat 0" in result.output
    assert "What happened" in result.output
    assert "Race over." in result.output
    data = json.loads(record.read_text())
    assert data["seats"] == ["you", "heuristic", "heuristic"]
    replayed = runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0, replayed.output
    assert "replayed and checked" in replayed.output


def test_hot_seat_hands_the_screen_over_between_people() -> None:
    typed = ("\n1\n\n" * 2) * 300
    result = runner.invoke(app, ["play", "gibgas", "--seats", "you,you", "--seed", "2"],
                           input=typed)
    assert result.exit_code == 0, result.output
    assert "Pass the keyboard to Driver 2; only Driver 2 may look now" in result.output
    assert "Driver 1 has chosen; hide the screen from others" in result.output


def test_quit_leaves_the_game() -> None:
    result = runner.invoke(app, ["play", "gibgas", "--seats", "you,random", "--seed", "1"],
                           input="quit\n")
    assert result.exit_code == 0
    assert "Game abandoned." in result.output


def test_sim_reports_win_rates_with_intervals_as_json() -> None:
    result = runner.invoke(app, ["sim", "gibgas", "--games", "30", "--seed", "1",
                                 "--seats", "heuristic,random,random,random", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout[result.stdout.index("{"):])
    assert data["games"] == 30
    assert [s["bot"] for s in data["seats"]] == ["heuristic", "random", "random", "random"]
    assert abs(sum(s["win_rate"] for s in data["seats"]) - 1.0) < 0.2
    for seat in data["seats"]:
        low, high = seat["ci95"]
        assert 0.0 <= low <= seat["win_rate"] <= high <= 1.0
        assert "rounds" in seat["means"]


def test_sim_gives_the_same_numbers_on_several_workers() -> None:
    args = ["sim", "gibgas", "--games", "20", "--seed", "3", "--seats", "random,random", "--json"]
    one = runner.invoke(app, args)
    two = runner.invoke(app, [*args, "--workers", "2"])
    assert one.exit_code == two.exit_code == 0
    assert json.loads(one.stdout) == json.loads(two.stdout)


def test_bad_input_gets_a_clear_error() -> None:
    unknown = runner.invoke(app, ["sim", "chess", "--seats", "random,random"])
    assert unknown.exit_code == 2
    assert "unknown game 'chess'" in unknown.output
    bot = runner.invoke(app, ["sim", "gibgas", "--seats", "random,wizard"])
    assert bot.exit_code == 2
    assert "unknown bot 'wizard'" in bot.output
    seats = runner.invoke(app, ["play", "gibgas(players=3)", "--seats", "you,random"])
    assert seats.exit_code == 2
    assert "has 3 seats but --seats names 2" in seats.output


def test_replay_rejects_a_broken_record(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "rennbahn-record/1", "game": "gibgas"}')
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "record lacks" in result.output


def test_games_lists_every_game_with_parameters() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    gibgas = next(g for g in data if g["name"] == "gibgas")
    assert gibgas["players"] == [2, 6]
    assert {p["name"] for p in gibgas["params"]} >= {"players", "champions"}
    assert "heuristic" in gibgas["bots"]


def test_replay_as_a_seat_masks_the_others_secrets(tmp_path: Path) -> None:
    record = tmp_path / "six.json"
    played = runner.invoke(app, ["play", "gibgas(players=6)", "--seats",
                                 "random,random,random,random,random,random", "--seed", "8",
                                 "--record", str(record)])
    assert played.exit_code == 0, played.output
    full = runner.invoke(app, ["replay", str(record)])
    as_seat = runner.invoke(app, ["replay", str(record), "--seat", "0"])
    assert full.exit_code == as_seat.exit_code == 0
    discards_full = next(line for line in full.output.splitlines() if "discard" in line)
    discards_seat = next(line for line in as_seat.output.splitlines() if "discard" in line)
    assert discards_full.count("discard") == 6
    assert discards_seat.count("discard") == 1
    assert discards_seat.count("?") == 5
