"""Regenerate the reference data in tests/reference/ after a deliberate change of behaviour.

    .venv/bin/python scripts/regenerate_reference.py            # records and perft counts
    .venv/bin/python scripts/regenerate_reference.py --check    # only report differences
    .venv/bin/python scripts/regenerate_reference.py --game gibgas   # one game only

Reference records: one seeded game per registered variant listed in RECORDS, with the state
notation and the legal moves after every step (``trace``). Perft counts: for the positions in
tests/reference/perft.json, recomputed. Raise the game's VERSION when its behaviour changes.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import rennbahn
from rennbahn.bots import RandomBot
from rennbahn.core.perft import perft, trace_entry

REFERENCE = Path(__file__).resolve().parent.parent / "tests" / "reference"
SEED = 2026


def make_record(variant: str) -> dict[str, Any]:
    game = rennbahn.load_game(variant)
    record = rennbahn.play(game, [RandomBot(game) for _ in range(game.num_players())], SEED)
    data = record.to_json()
    data["trace"] = [trace_entry(state) for _, state in rennbahn.replay(record)]
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--game", help="only this game (its record and perft positions)")
    args = parser.parse_args()
    changed = 0
    for entry in rennbahn.registered_games():
        if args.game and entry.name != args.game:
            continue
        variant = entry.variants[0] if entry.variants else entry.name
        path = REFERENCE / f"{entry.name}.record.json"
        data = make_record(variant)
        text = json.dumps(data, indent=1) + "\n"
        if not path.exists() or path.read_text() != text:
            changed += 1
            print(f"{'differs' if path.exists() else 'new'}: {path.name}")
            if not args.check:
                path.write_text(text)
    perft_path = REFERENCE / "perft.json"
    positions = json.loads(perft_path.read_text()) if perft_path.exists() else []
    for position in positions:
        game = rennbahn.load_game(position["game"])
        if args.game and game.NAME != args.game:
            continue
        state = game.state_from_text(position["state"]) if position.get("state") \
            else game.new_initial_state()
        count = perft(state, position["depth"])
        if count != position["count"]:
            changed += 1
            print(f"perft {position['game']} depth {position['depth']}: "
                  f"{position['count']} -> {count}")
            position["count"] = count
    if not args.check:
        perft_path.write_text(json.dumps(positions, indent=1) + "\n")
    print(f"{changed} difference(s)")


if __name__ == "__main__":
    main()
