"""The rennbahn command, driven as a person would: typed moves, files, JSON output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rennbahn.cli.main import app

runner = CliRunner()


def _flat(text: str) -> str:
    """Output with the console's line wrapping undone."""
    return " ".join(text.split())


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


def test_quit_keeps_the_record_and_says_how_to_resume(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["play", "gibgas", "--seats", "you,random", "--seed", "1"],
                           input="quit\n")
    assert result.exit_code == 0, result.output
    saved = tmp_path / "rennbahn-gibgas-1.json"
    assert "rennbahn play --resume rennbahn-gibgas-1.json" in _flat(result.output)
    data = json.loads(saved.read_text())
    assert data["result"] is None
    assert data["moves"], "the deal before the first choice is kept"


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
    assert "has 3 seats; 2 named by --seats" in seats.output


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
    """Seats are counted from 1 where people type them (issue 12): --seat 1 is the first."""
    record = tmp_path / "six.json"
    played = runner.invoke(app, ["play", "gibgas(players=6)", "--seats",
                                 "random,random,random,random,random,random", "--seed", "8",
                                 "--record", str(record)])
    assert played.exit_code == 0, played.output
    full = runner.invoke(app, ["replay", str(record)])
    as_seat = runner.invoke(app, ["replay", str(record), "--seat", "1"])
    assert full.exit_code == as_seat.exit_code == 0
    discards_full = next(line for line in full.output.splitlines() if "discard" in line)
    discards_seat = next(line for line in as_seat.output.splitlines() if "discard" in line)
    assert discards_full.count("discard") == 6
    assert discards_seat.count("discard") == 1
    assert discards_seat.count("?") == 5


# -- issue 10: no game lost, no traceback --------------------------------------------------------
def _error_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("error: ")]


def test_an_unwritable_record_path_is_refused_before_the_game(tmp_path: Path) -> None:
    for path in (tmp_path / "missing" / "x.json", tmp_path):
        result = runner.invoke(app, ["play", "gibgas", "--seats", "random,random",
                                     "--record", str(path)])
        assert result.exit_code == 2
        assert len(_error_lines(result.output)) == 1, result.output
        assert "Result" not in result.output  # refused before a single move


def test_a_record_is_written_as_the_game_goes_and_resumes_to_the_same_game(
        tmp_path: Path) -> None:
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    args = ["play", "gibgas(players=3)", "--seats", "you,heuristic,random", "--seed", "9"]
    played = runner.invoke(app, [*args, "--record", str(whole)], input="1\n" * 400)
    assert played.exit_code == 0, played.output
    stopped = runner.invoke(app, [*args, "--record", str(part)], input="1\n" * 4 + "quit\n")
    assert stopped.exit_code == 0, stopped.output
    unfinished = json.loads(part.read_text())
    assert unfinished["result"] is None
    # rich may fold the long temporary path anywhere, so compare without white space
    assert "".join(f"rennbahn play --resume {part}".split()) in "".join(stopped.output.split())
    # A finished game's first moves are the unfinished one's moves.
    assert json.loads(whole.read_text())["moves"][:len(unfinished["moves"])] == \
        unfinished["moves"]
    replayed = runner.invoke(app, ["replay", str(part), "--pause"], input="\n\n")
    assert replayed.exit_code == 0, replayed.output
    whole_replay = runner.invoke(app, ["replay", str(part)])
    assert f"Unfinished after {len(unfinished['moves'])} moves" in _flat(whole_replay.output)
    resumed = runner.invoke(app, ["play", "--resume", str(part)], input="1\n" * 400)
    assert resumed.exit_code == 0, resumed.output
    assert "Resuming after" in resumed.output
    # The resumed game is the uninterrupted one, move for move, result and all.
    assert json.loads(part.read_text()) == json.loads(whole.read_text())
    again = runner.invoke(app, ["play", "--resume", str(part)])
    assert again.exit_code == 2
    assert "finished game" in _flat(again.output)


def test_resume_refuses_a_record_these_bots_did_not_make(tmp_path: Path) -> None:
    path = tmp_path / "part.json"
    stopped = runner.invoke(app, ["play", "gibgas", "--seats", "you,random", "--seed", "3",
                                  "--record", str(path)], input="1\n" * 3 + "quit\n")
    assert stopped.exit_code == 0, stopped.output
    data = json.loads(path.read_text())
    data["seed"] = 4  # another seed deals other cards
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["play", "--resume", str(path)], input="1\n" * 400)
    assert result.exit_code == 2
    assert "cannot be resumed" in _flat(result.output)
    mixed = runner.invoke(app, ["play", "gibgas", "--resume", str(path)])
    assert mixed.exit_code == 2
    assert "give none of them" in _flat(mixed.output)


def test_a_superscript_digit_at_the_prompt_is_refused_not_a_crash() -> None:
    result = runner.invoke(app, ["play", "gibgas", "--seats", "you,random", "--seed", "2"],
                           input="\u00b2\n" + "9" * 5000 + "\n" + "1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "'\u00b2' is not a legal move" in result.output


@pytest.mark.parametrize("game", [
    "gibgas(players=" + "9" * 5000 + ")", "gibgas(cards=/" + "x" * 300 + ")",
    "gibgas(players=\u0664)", "(", "gibgas(players=2", "nosuch",
])
def test_play_with_bad_game_strings_is_one_line(game: str) -> None:
    result = runner.invoke(app, ["play", game, "--seats", "random,random"])
    assert result.exit_code == 2
    assert len(_error_lines(result.output)) == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_replay_of_a_binary_or_missing_file_is_one_line(tmp_path: Path) -> None:
    binary = tmp_path / "binary.json"
    binary.write_bytes(bytes(range(256)))
    for path in (binary, tmp_path / "missing.json", tmp_path):
        result = runner.invoke(app, ["replay", str(path)])
        assert result.exit_code == 2, result.output
        assert len(_error_lines(result.output)) == 1, result.output


def test_a_bug_is_one_line_naming_the_traceback_file(monkeypatch: pytest.MonkeyPatch) -> None:
    import rennbahn.cli.main as main

    def broken() -> list[object]:
        raise ZeroDivisionError("a bug planted by the test")

    monkeypatch.setattr(main, "registered_games", broken)
    result = runner.invoke(app, ["games"])
    assert result.exit_code == main.EXIT_BUG
    (line,) = _error_lines(result.output)
    assert "this is a bug in rennbahn" in line
    path = Path(line.rsplit("the traceback is in ", 1)[1].strip())
    try:
        assert "ZeroDivisionError: a bug planted by the test" in path.read_text()
    finally:
        path.unlink()


def test_a_malformed_command_line_is_one_line() -> None:
    for args in (["sim", "gibgas", "--seats", "random,random", "--games", "x"],
                 ["play", "gibgas", "--nonsense"], ["sim", "gibgas", "--seats", "random,random",
                                                    "--workers", "100000"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        assert len(_error_lines(result.output)) == 1, result.output
