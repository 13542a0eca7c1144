"""``why`` at the terminal: the rule behind each line last told (issue 28), in English and
German, and a finished game's record carries the rule behind every narrated event."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from rennbahn.cli import main
from rennbahn.cli.main import app
from rennbahn.cli.texts import say
from rennbahn.core.records import Record
from rennbahn.games.grandprix.citations import CITATIONS

runner = CliRunner()
#: A race whose first roll, after two cards are built, is void (too few cards ahead).
VOID = ["play", "grandprix", "--seats", "you,heuristic", "--seed", "1001433377"]


@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(main, "console", Console(width=250))
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize(("lang", "why"), [("en", "why"), ("de", "warum")])
def test_why_tells_the_rule_behind_a_void_roll(wide: None, lang: str, why: str) -> None:
    result = runner.invoke(app, [*VOID, "--lang", lang],
                           input=f"{why}\nbuild\nleft\nbuild\nroll\n{why}\nquit\n")
    assert result.exit_code == 0, result.output
    _, start, roll = result.output.split(say(lang, "why_title"))  # two answers
    setup = CITATIONS.rule(CITATIONS.events["intro"], lang)
    assert f"{setup.title}: {setup.rule}" in start
    driving = CITATIONS.rule(CITATIONS.details["void"], lang)
    assert f"{driving.title}: {driving.rule}" in roll
    assert driving.readings[0] in roll  # the reading of "he cannot drive his car", in words
    assert "I4" not in result.output


def test_a_finished_games_record_logs_the_rule_behind_every_event(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    result = runner.invoke(app, ["play", "grandprix", "--seats", "random,random", "--seed", "5",
                                 "--record", str(path)])
    assert result.exit_code == 0, result.output
    record = Record.load(path)
    events = [entry.event for entry in record.log]
    assert events[0] == "intro" and events[-1] == "winner"
    assert all(entry.cites for entry in record.log)
    assert set(events) <= set(CITATIONS.events)
    rolls = [e for e in record.log if e.event == "rolls"]
    assert rolls and all(c.section == "driving" for e in rolls for c in e.cites[:1])
    # Read back as written, and a record without a log (every older one) still loads.
    assert Record.loads(record.dumps()).log == record.log
    data = json.loads(path.read_text())
    del data["log"]
    assert Record.from_json(data).log == []
