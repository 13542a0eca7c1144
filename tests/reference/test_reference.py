"""Recorded reference games and perft counts: any change of behaviour shows here.

Regenerate with ``scripts/regenerate_reference.py`` after a deliberate change (and raise the
game's VERSION).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rennbahn
from rennbahn.core.perft import divide, perft, trace_entry

HERE = Path(__file__).parent
RECORDS = sorted(HERE.glob("*.record.json"))
PERFT = json.loads((HERE / "perft.json").read_text())


def test_every_game_has_a_reference_record() -> None:
    names = {p.name.removesuffix(".record.json") for p in RECORDS}
    assert names == {e.name for e in rennbahn.registered_games()}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_reference_record_replays_with_the_same_states_and_legal_moves(path: Path) -> None:
    data = json.loads(path.read_text())
    record = rennbahn.Record.from_json(data)
    trace = [trace_entry(state) for _, state in rennbahn.replay(record)]
    for number, (got, want) in enumerate(zip(trace, data["trace"], strict=True)):
        assert got == want, f"step {number} differs"
    assert len(trace) == len(data["trace"])


@pytest.mark.parametrize("position", PERFT, ids=lambda p: f"{p['game']}-d{p['depth']}")
def test_perft(position: dict[str, object]) -> None:
    game = rennbahn.load_game(str(position["game"]))
    state = game.state_from_text(str(position["state"])) if position["state"] \
        else game.new_initial_state()
    depth = int(str(position["depth"]))
    count = perft(state, depth)
    if count != position["count"]:
        per_move = "\n".join(f"  {m}: {c}" for m, c in divide(state, depth).items())
        pytest.fail(f"perft {count} != {position['count']}; per first move:\n{per_move}")
