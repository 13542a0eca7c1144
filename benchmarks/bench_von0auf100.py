"""Von 0 auf 100: random-playout games per second on one core, through the public protocol;
and with ``--stops``, how races end (I16, I17).

Usage::

    .venv/bin/python benchmarks/bench_von0auf100.py             # the issue's target and more
    .venv/bin/python benchmarks/bench_von0auf100.py --profile   # cProfile of the target
    .venv/bin/python benchmarks/bench_von0auf100.py "von0auf100(players=2)" --seconds 5
    .venv/bin/python benchmarks/bench_von0auf100.py --stops --games 10000
    .venv/bin/python benchmarks/bench_von0auf100.py --stops --games 1000 --bots heuristic
    .venv/bin/python benchmarks/bench_von0auf100.py --stops --games 100 "von0auf100(withdraw=each)"
    .venv/bin/python benchmarks/bench_von0auf100.py --stops --games 80 "von0auf100(players=2)"

The issue's target: at least 2,000 small-race games with 4 players per second. Playouts and
output are those of ``bench_playouts.py`` (chance sampled with its probabilities, uniform moves).

``--stops`` plays ``--games`` seeded games of every registered variant (or of the game
strings named) and counts how the races ended: an owned car across (or the season's three
places), undecided because the cars still racing were all caught by oil stains (I17) or the
safety stop came after 200 rounds (I16), or, under ``house_rule_squares``, decided by the
cars' squares for one of those reasons; and the rounds in which every car still racing got
a can (I10: "there will always be one car in a round which does not
move" holds when none does).
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
    """How each race of a finished game ended: ``crossed``, ``undecided caught`` or
    ``undecided stopped`` (I16, I17), or under the house rule ``caught``/``stopped``."""
    last: dict[int, str] = {race: HOW_NAMES[how] for race, _, _, how in state.fin}
    last.update({race: "undecided " + HOW_NAMES[how] for race, how in state.void})
    return Counter(last.values())


def all_moved(state: Von0auf100State) -> bool:
    """Whether the round that begins in ``state`` gives every car still racing a can."""
    racing = sum(1 for car in range(6) if not state.out >> car & 1)
    return state.phase() == "race" and not state.on and state.cans >= racing


def count_stops(variant: str, games: int, bots: str) -> Counter[str]:
    game = rennbahn.load_game(variant)
    n = game.num_players()
    ends: Counter[str] = Counter()
    for seed in range(games):
        states: list[Von0auf100State] = []
        if bots == "random":
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                assert isinstance(state, Von0auf100State)
                states.append(state.clone())  # type: ignore[arg-type]
                random_step(state, rng)
        else:
            seats = [make_bot(game, "heuristic") if bots == "heuristic" or s == seed % n
                     else RandomBot(game) for s in range(n)]
            record = rennbahn.play(game, seats, seed)
            states = [s for _, s in rennbahn.replay(record)]  # type: ignore[misc]
            state = states[-1]
        assert isinstance(state, Von0auf100State)
        ends += race_ends(state)
        ends["all moved"] += sum(1 for s in states if all_moved(s))
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
    kinds = ("crossed", "undecided caught", "undecided stopped", "caught", "stopped")
    heads = ("races", "crossed", "undec.oil", "undec.stop", "sq.oil", "sq.stop", "allmoved")
    print(f"{'variant':66}" + "".join(f"{h:>11}" for h in heads) + f"{'secs':>7}")
    total: Counter[str] = Counter()

    def row(name: str, ends: Counter[str]) -> str:
        cells = [sum(ends[k] for k in kinds), *(ends[k] for k in kinds), ends["all moved"]]
        return f"{name:66}" + "".join(f"{c:11}" for c in cells)

    for variant in variants:
        begin = time.perf_counter()
        ends = count_stops(variant, args.games, args.bots)
        total += ends
        print(row(variant, ends) + f"{time.perf_counter() - begin:7.1f}")
    print(row("all", total))


if __name__ == "__main__":
    if "--stops" in sys.argv:
        stops(sys.argv[1:])
        sys.exit()
    if all(arg.startswith("--") or arg[:1].isdigit() for arg in sys.argv[1:]):
        sys.argv[1:1] = [TARGET] if "--profile" in sys.argv else list(GAMES)
    main()
