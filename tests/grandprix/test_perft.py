"""Grand Prix perft: move sequences to a depth (chance expanded), kept as data in perft.json.

A changed count is a changed rule: find where with the per-first-move counts in the message,
and if the change is meant, regenerate the file and raise GrandPrixGame.VERSION.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import rennbahn
from rennbahn.core.perft import divide, perft

POSITIONS: list[dict[str, Any]] = json.loads((Path(__file__).parent / "perft.json").read_text())


def test_the_first_counts_by_hand() -> None:
    state = rennbahn.load_game("grandprix(players=2)").new_initial_state()
    assert perft(state, 1) == 2  # build or roll
    # build: six kinds may come first (an event may open the stack); roll: six numbers
    assert perft(state, 2) == 6 + 6


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: f"{p['state'][:12]}-d{p['depth']}")
def test_perft(position: dict[str, Any]) -> None:
    game = rennbahn.load_game(position["game"])
    state = game.state_from_text(position["state"]) if position["state"] \
        else game.new_initial_state()
    count = perft(state, position["depth"])
    if count != position["count"]:
        per_move = "\n".join(f"  {m}: {c}" for m, c in divide(state, position["depth"]).items())
        pytest.fail(f"perft {count} != {position['count']}; per first move:\n{per_move}")
