"""Digests of seeded games for comparing two builds of the engines (tests/test_builds.py).

    PYTHONPATH=<a tree> python tests/record_digests.py GAMES   # prints the digests as JSON

For every registered game and variant: ``GAMES`` random playouts (seeds 0, 1, ...; chance by
its probabilities, a uniform legal move per seat, as ``random_step`` plays), each digested
as its full history, returns and final notation; and one game through ``rennbahn.play``
with random bots, digested as its whole record (JSON). Imports nothing but rennbahn, so the
same file runs in the test's process and in one started on another tree.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

import rennbahn
from rennbahn.bots import RandomBot
from rennbahn.core.driver import random_step


def variants() -> list[str]:
    """Every registered game string: each game's variants (or its default)."""
    return [variant for entry in rennbahn.registered_games()
            for variant in (entry.variants or (entry.name,))]


def digests(games: int) -> dict[str, list[str]]:
    """Per variant: the digests of ``games`` seeded playouts, then of one seeded record."""
    found: dict[str, list[str]] = {}
    for variant in variants():
        game = rennbahn.load_game(variant)
        found[variant] = []
        for seed in range(games):
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                random_step(state, rng)
            text = json.dumps([state.history(), state.returns(), state.to_text()])
            found[variant].append(hashlib.sha256(text.encode()).hexdigest()[:16])
        bots = [RandomBot(game) for _ in range(game.num_players())]
        record = rennbahn.play(game, bots, seed=games).dumps()
        found[variant].append(hashlib.sha256(record.encode()).hexdigest()[:16])
    return found


if __name__ == "__main__":
    json.dump(digests(int(sys.argv[1])), sys.stdout)
