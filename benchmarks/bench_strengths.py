"""CPU seconds a move of each named strength (``easy``, ``medium``, ``hard``), per game, at
two and at the most seats: the check behind "``hard``: at most about a second a move on one
core".

Usage::

    .venv/bin/python benchmarks/bench_strengths.py                     # every game
    .venv/bin/python benchmarks/bench_strengths.py grandprix --games 3 --only hard
    .venv/bin/python benchmarks/bench_strengths.py grandprix --bot "mcts(iterations=4000)"

One process, one core. Seat 0 plays the strength, the other seats the heuristic bot; every
move seat 0 makes where it has a choice is timed with ``time.process_time`` (CPU time, so
other load on the machine does not count). The same seeds give the same games.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass, field

from rennbahn.bots.factory import make_bot, strengths
from rennbahn.core.driver import play
from rennbahn.core.registry import game_entry, load_game, registered_games
from rennbahn.core.seat import SeatView
from rennbahn.core.table import Bot


@dataclass
class Timed:
    """A bot whose moves with a choice are timed (CPU seconds)."""

    bot: Bot
    seconds: list[float] = field(default_factory=list)

    def step(self, view: SeatView, rng: random.Random) -> int:
        many = len(view.legal_actions()) > 1
        start = time.process_time()
        action = self.bot.step(view, rng)
        if many:
            self.seconds.append(time.process_time() - start)
        return action


def seconds_per_move(game_string: str, spec: str, games: int, seed: int) -> list[float]:
    """CPU seconds of each of seat 0's moves with a choice, over ``games`` seeded games."""
    game = load_game(game_string)
    timed = Timed(make_bot(game, spec))
    for offset in range(games):
        others = [make_bot(game, "heuristic") for _ in range(game.num_players() - 1)]
        play(game, [timed, *others], seed + offset)
    return timed.seconds


def tables(name: str) -> list[str]:
    """A game string as it is; a game name at two and at the most seats."""
    if "(" in name:
        return [name]
    cls = game_entry(name).game_class
    return [f"{name}(players={players})" for players in sorted({2, cls.MAX_PLAYERS})]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="game names, timed at two and at the most "
                        "seats, or game strings, timed as given (default: every game)")
    parser.add_argument("--games", dest="count", type=int, default=1, help="games per table")
    parser.add_argument("--only", nargs="*", default=["easy", "medium", "hard"],
                        help="strengths to time")
    parser.add_argument("--bot", action="append", default=[],
                        help="time this bot string instead of the strengths (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = args.games or [entry.name for entry in registered_games()]
    print(f"{'game':40} {'strength':8} {'bot':48} {'moves':>5} {'mean s':>7} {'max s':>7}")
    for name in names:
        for text in tables(name):
            game = load_game(text)
            named = strengths(game.NAME, game.num_players())
            chosen = {f"--bot {i}": spec for i, spec in enumerate(args.bot, 1)} or {
                strength: spec for strength, spec in named.items() if strength in args.only}
            for strength, spec in chosen.items():
                spent = seconds_per_move(text, spec, args.count, args.seed)
                mean = statistics.fmean(spent) if spent else 0.0
                print(f"{text:40} {strength:8} {spec:48} {len(spent):5} {mean:7.3f} "
                      f"{max(spent, default=0.0):7.3f}", flush=True)


if __name__ == "__main__":
    main()
