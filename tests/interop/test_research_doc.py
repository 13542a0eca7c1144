"""The Python examples in docs/research.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_doc_has_examples() -> None:
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_example_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(BLOCKS[index], f"docs/research.md example {index + 1}", "exec"), {})
    printed = capsys.readouterr().out
    if "won" in BLOCKS[index]:  # the ISMCTS match reports both win rates
        assert re.search(r"ISMCTS\s+won \d+% of 20 races", printed), printed
        heuristic = re.search(r"heuristic\s+won (\d+)% of 20 races", printed)
        assert heuristic, printed
        assert int(heuristic[1]) > 50, printed  # the doc: "the heuristic bot wins most races"
