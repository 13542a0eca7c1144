"""Von 0 auf 100: random-playout games per second on one core, through the public protocol;
and with ``--stops``, how races end (I16, I17).

Usage::

    .venv/bin/python benchmarks/bench_von0auf100.py             # the issue's target and more
    .venv/bin/python benchmarks/bench_von0auf100.py --profile   # cProfile of the target
    .venv/bin/python benchmarks/bench_von0auf100.py "von0auf100(players=2)" --seconds 5
    .venv/bin/python benchmarks/bench_von0auf100.py --stops --games 10000
    .venv/bin/python benchmarks/bench_von0auf100.py --stops --games 1000 --bots heuristic
    .venv/bin/python benchmarks/bench_von0auf100.py --stops --games 100 "von0auf100(withdraw=each)"

The issue's target: at least 2,000 small-race games with 4 players per second. Playouts and
output are those of ``bench_playouts.py`` (chance sampled with its probabilities, uniform moves).

``--stops`` plays ``--games`` seeded games of every registered variant (or of the game
strings named) and counts the races that reached the safety stop after 200 rounds (I16) and
those whose cars were all caught by oil stains (I17), both decided by the cars' squares.
``--bots``: ``random`` (every seat uniform), ``heuristic`` (every seat the heuristic bot) or
``mixed`` (one heuristic seat, moving round with the game number, against random seats).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from bench_playouts import main

import rennbahn
from rennbahn.bots import RandomBot, make_bot
from rennbahn.core.driver import random_step
from rennbahn.games.von0auf100.rules import HOW_NAMES, Von0auf100State

TARGET = "von0auf100(players=4,race=small)"
GAMES = (
    TARGET,
    "von0auf100(players=2,race=small)",
    "von0auf100(players=5,race=small)",
    "von0auf100(players=4)",
    "von0auf100(players=4,scoring=season,races=3)",
)


def race_ends(state: Von0auf100State) -> Counter[str]:
    """How each race of a finished game ended: ``crossed``, ``caught`` or ``stopped``."""
    last = {race: how for race, _, _, how in state.fin}
    return Counter(HOW_NAMES[how] for how in last.values())


def count_stops(variant: str, games: int, bots: str) -> Counter[str]:
    game = rennbahn.load_game(variant)
    n = game.num_players()
    ends: Counter[str] = Counter()
    for seed in range(games):
        if bots == "random":
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                random_step(state, rng)
        else:
            seats = [make_bot(game, "heuristic") if bots == "heuristic" or s == seed % n
                     else RandomBot(game) for s in range(n)]
            record = rennbahn.play(game, seats, seed)
            *_, (_, state) = rennbahn.replay(record)
        assert isinstance(state, Von0auf100State)
        ends += race_ends(state)
    return ends


def stops(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description="how Von 0 auf 100 races end (I16, I17)")
    parser.add_argument("--stops", action="store_true")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--bots", choices=("random", "heuristic", "mixed"), default="random")
    parser.add_argument("variants", nargs="*")
    args = parser.parse_args(argv)
    entry = next(e for e in rennbahn.registered_games() if e.name == "von0auf100")
    variants = args.variants or list(entry.variants)
    print(f"{args.games} games per variant, bots: {args.bots}")
    print(f"{'variant':62} {'races':>7} {'stopped':>8} {'caught':>7} {'secs':>6}")
    total: Counter[str] = Counter()
    for variant in variants:
        begin = time.perf_counter()
        ends = count_stops(variant, args.games, args.bots)
        total += ends
        races = ends["crossed"] + ends["caught"] + ends["stopped"]
        print(f"{variant:62} {races:7} {ends['stopped']:8} {ends['caught']:7} "
              f"{time.perf_counter() - begin:6.1f}")
    print(f"{'all':62} {total['crossed'] + total['caught'] + total['stopped']:7} "
          f"{total['stopped']:8} {total['caught']:7}")


if __name__ == "__main__":
    if "--stops" in sys.argv:
        stops(sys.argv[1:])
        sys.exit()
    if all(arg.startswith("--") or arg[:1].isdigit() for arg in sys.argv[1:]):
        sys.argv[1:1] = [TARGET] if "--profile" in sys.argv else list(GAMES)
    main()
