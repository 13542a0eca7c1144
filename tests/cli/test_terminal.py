"""The terminal as a new user meets it (issue 12): narration of every step, both languages,
one numbering, forgiving input, help, 80 columns; and issue 13/14's command line."""

from __future__ import annotations

import io
import json
import re
import sys
from importlib import metadata
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from rennbahn.cli import main
from rennbahn.cli.human import match_move
from rennbahn.cli.main import app
from rennbahn.cli.texts import CATALOGUE, default_language
from rennbahn.core import build
from rennbahn.core.i18n import missing_keys

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A console wide enough that no line of narration is wrapped; records of quit games are
    kept in a temporary folder."""
    monkeypatch.setattr(main, "console", Console(width=250))
    monkeypatch.chdir(tmp_path)


def _prompts(output: str) -> int:
    return len(re.findall(r", (?:your move|dein Zug):", output))


def test_catalogue_has_every_text_in_both_languages() -> None:
    assert missing_keys(CATALOGUE) == {}


def test_grandprix_every_roll_is_told_and_a_void_roll_is_not_silent(wide: None) -> None:
    result = runner.invoke(app, ["play", "grandprix", "--seats", "you,heuristic", "--seed",
                                 "1001433377"], input="build\nleft\nbuild\nroll\nquit\n")
    assert result.exit_code == 0, result.output
    assert re.search(r"Driver 1 rolls \d: only \d cards are laid ahead", result.output)
    assert re.search(r"Driver 2 rolls \d", result.output)  # the bot's rolls are told too


def test_grandprix_own_roll_waits_even_when_it_is_the_only_move(wide: None) -> None:
    """After the turnaround rolling is the only move (a chance node in the rules): every roll
    of the person's car is one they asked for, by choosing roll or pressing Enter."""
    result = runner.invoke(app, ["play", "grandprix", "--seats", "you,random", "--seed", "1"],
                           input="1\n" * 300)
    assert result.exit_code == 0, result.output
    rolls = len(re.findall(r"^│ Driver 1 rolls \d", result.output, re.MULTILINE))
    chosen = result.output.count("Driver 1 (you) plays roll")
    waited = result.output.count("Driver 1 (you), your roll: press Enter")
    assert waited > 0
    assert rolls == chosen + waited


def test_von0auf100_who_placed_which_can_survives_a_round_ending_in_bots_turns(
        wide: None) -> None:
    result = runner.invoke(app, ["play", "von0auf100(race=small)", "--seats",
                                 "you,heuristic,heuristic,heuristic", "--seed", "1360737033"],
                           input="R\nP\nquit\n")
    assert result.exit_code == 0, result.output
    second = result.output.split("Driver 1 (you) plays P")[1]
    for seat in (2, 3, 4):
        assert re.search(rf"Driver {seat} puts can \d on the \w+ driver card", second)


def test_von0auf100_licence_hint_is_gone_after_the_game(wide: None) -> None:
    result = runner.invoke(app, ["play", "von0auf100(race=small)", "--seats",
                                 "you,random,random", "--seed", "3"], input="1\n" * 200)
    assert result.exit_code == 0, result.output
    after_last_move = result.output.rsplit("plays", 1)[1]
    assert "Result:" in after_last_move
    assert "Type 'licence'" not in after_last_move
    assert "Type 'licence'" in result.output  # it is offered during the game


def test_gibgas_bot_seats_are_never_marked_you() -> None:
    result = runner.invoke(app, ["play", "gibgas", "--seats", "heuristic,random", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "(you)" not in result.output
    assert "Boxenstopp: rolls" in " ".join(result.output.split())  # bots' pit rolls told


def test_the_single_person_alone_is_marked_you(wide: None) -> None:
    result = runner.invoke(app, ["play", "gibgas", "--seats", "heuristic,you", "--seed", "3"],
                           input="quit\n")
    assert "Driver 2 (you)" in result.output
    assert "Driver 1 (you)" not in result.output


def test_lang_de_speaks_german_and_names_are_shown(wide: None) -> None:
    result = runner.invoke(app, ["play", "gibgas", "--seats", "you,heuristic", "--seed", "3",
                                 "--lang", "de", "--names", "Anna,Ben"], input="help\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Anna (du), dein Zug:" in result.output
    assert "Hilfe" in result.output and "Was die Zeichnung zeigt:" in result.output
    assert "Spiel nach" in result.output
    assert "Ben" in result.output
    assert "your move" not in result.output


def test_lang_defaults_from_the_lang_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert default_language() == "de"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert default_language() == "en"


def test_an_unknown_language_is_refused_in_one_line() -> None:
    result = runner.invoke(app, ["play", "gibgas", "--lang", "fr"], input="quit\n")
    assert result.exit_code == 2
    assert "unknown language 'fr'" in result.output


def test_input_is_case_insensitive_when_unique(wide: None) -> None:
    result = runner.invoke(app, ["play", "grandprix", "--seats", "you,heuristic", "--seed",
                                 "1001433377"], input="BUILD\nLeft\nROLL\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Driver 1 (you) plays build" in result.output
    assert "Driver 1 (you) plays left" in result.output
    assert "Driver 1 (you) plays roll" in result.output
    assert match_move("TEMPO", ["200", "tempo", "die"]) == 1
    assert match_move("Die", ["200", "tempo", "die"]) == 2
    assert match_move("a", ["A", "a"]) == 1  # the exact text first
    assert match_move("b", ["B", "B "]) == 0
    assert match_move("x", ["X", "x".upper()]) is None  # two matches: not guessed


def test_help_shows_commands_legend_and_where_the_rules_are(wide: None) -> None:
    result = runner.invoke(app, ["play", "ausgebremst", "--seats", "you,heuristic", "--seed",
                                 "2"], input="help\nrules\nquit\n")
    assert result.exit_code == 0, result.output
    help_text = result.output.split("Help")[1]
    assert "quit" in help_text and "What the drawing shows:" in help_text
    assert "[A]" in help_text  # the game's legend
    assert result.output.count("docs/rules/ausgebremst.md") == 2  # help and rules
    assert (ROOT / "docs" / "rules" / "ausgebremst.md").exists()


def _at_80(monkeypatch: pytest.MonkeyPatch) -> io.StringIO:
    out = io.StringIO()
    monkeypatch.setattr(main, "console", Console(file=out, width=80))
    return out


def test_games_at_80_columns_cuts_no_cell_and_lists_bot_parameters(
        monkeypatch: pytest.MonkeyPatch) -> None:
    out = _at_80(monkeypatch)
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    text = out.getvalue()
    assert "…" not in text
    assert max(len(line) for line in text.splitlines()) <= 80
    flat = " ".join(text.split())
    assert "grandprix: bots and their parameters" in flat
    assert "iterations=" in flat  # a search bot's parameters


def test_sim_at_80_columns_cuts_no_cell(monkeypatch: pytest.MonkeyPatch) -> None:
    out = _at_80(monkeypatch)
    result = runner.invoke(app, ["sim", "ausgebremst", "--seats", "heuristic,random,random",
                                 "--games", "3", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "…" not in out.getvalue()
    assert max(len(line) for line in out.getvalue().splitlines()) <= 80


def test_sim_json_gives_the_seat_index_and_its_number_from_1() -> None:
    result = runner.invoke(app, ["sim", "gibgas", "--seats", "heuristic,random", "--games",
                                 "2", "--json"])
    assert result.exit_code == 0, result.output
    seats = json.loads(result.stdout)["seats"]
    assert [(s["seat"], s["number"]) for s in seats] == [(0, 1), (1, 2)]


def test_replay_seat_is_counted_from_1(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    runner.invoke(app, ["play", "gibgas", "--seats", "random,random", "--seed", "5",
                        "--record", str(record)])
    assert runner.invoke(app, ["replay", str(record), "--seat", "0"]).exit_code == 2
    too_far = runner.invoke(app, ["replay", str(record), "--seat", "3"])
    assert too_far.exit_code == 2 and "seats 1 to 2" in too_far.output
    german = runner.invoke(app, ["replay", str(record), "--seat", "2", "--lang", "de"])
    assert german.exit_code == 0, german.output
    assert "Fahrer 2" in german.output and "nachgespielt und geprüft" in german.output


def test_the_readmes_replay_line_runs_as_written(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The README once said ``--seat 0``, which exits 2 (seats count from 1)."""
    line = next(line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("rennbahn replay "))
    args = line.split("#")[0].split()[1:]
    monkeypatch.chdir(tmp_path)
    runner.invoke(app, ["play", "gibgas", "--seats", "random,random", "--seed", "5",
                        "--record", "race.json"])
    result = runner.invoke(app, args, input="\n" * 2000)
    assert result.exit_code == 0, (args, result.output)


def test_version_comes_from_the_package_metadata_and_names_the_build() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    which = "compiled: mypyc" if build.is_compiled() else "pure Python"
    assert result.output.strip() == f"rennbahn {metadata.version('rennbahn')} ({which})"


def test_tournament_is_mounted() -> None:
    result = runner.invoke(app, ["tournament", "gibgas", "--bots", "random,heuristic",
                                 "--games", "2", "--json"])
    assert result.exit_code == 0, result.output


def test_tasks_play_takes_a_game_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT))
    sys.modules.pop("tasks", None)
    import tasks
    assert tasks.play_arguments([]) == ["play", "gibgas", "--seats", "you,heuristic,heuristic"]
    assert tasks.play_arguments(["grandprix", "--seats", "you,heuristic"]) == [
        "play", "grandprix", "--seats", "you,heuristic"]
    assert tasks.play_arguments(["--seed", "3"]) == ["play", "gibgas", "--seed", "3"]


def test_games_json_gives_each_bots_parameters() -> None:
    result = runner.invoke(app, ["games", "--json"])
    grandprix = next(g for g in json.loads(result.stdout) if g["name"] == "grandprix")
    assert set(grandprix["bot_params"]) == set(grandprix["bots"])
    assert grandprix["bot_params"]["random"] == []
    assert any(p["name"] == "iterations" for p in grandprix["bot_params"]["ismcts"])


def test_more_names_than_seats_are_refused() -> None:
    result = runner.invoke(app, ["play", "gibgas", "--seats", "you,random", "--names",
                                 "A,B,C"], input="quit\n")
    assert result.exit_code == 2
    assert "--names gives 3 names for 2 seats" in result.output
