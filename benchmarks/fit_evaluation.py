"""How well a game's heuristic evaluation predicts who wins: its Brier score on seeded races.

Usage::

    .venv/bin/python benchmarks/fit_evaluation.py "grandprix(players=2)" --races 300
    .venv/bin/python benchmarks/fit_evaluation.py "ausgebremst(players=6)" --every 3

Heuristic bots play every seat. At every ``every``-th position where a seat has a choice, the
evaluation search cuts off with (``evaluate``, each seat's chance to win) is scored against
the race's outcome (its win shares): the Brier score, the sum over seats of the squared
difference, averaged over positions; lower is better, and uniform chances score
``1 - 1/seats`` (printed beside it). The scores are also split by thirds of each race, since
an evaluation is worth most where search cuts off: early and in the middle.

Compare two evaluations by running this before and after the change with the same seed.
"""

from __future__ import annotations

import argparse
import random

from rennbahn.bots.factory import make_bot
from rennbahn.core.driver import play, win_shares
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, State
from rennbahn.core.records import Step
from rennbahn.core.registry import load_game


def brier(chances: list[float], outcome: list[float]) -> float:
    return sum((c - o) ** 2 for c, o in zip(chances, outcome, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", help="a game string, e.g. 'grandprix(players=2)'")
    parser.add_argument("--races", type=int, default=200)
    parser.add_argument("--every", type=int, default=1, help="score every n-th decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = load_game(args.game)
    seats = game.num_players()
    evaluator = make_bot(game, "heuristic")
    evaluate = getattr(evaluator, "evaluate", None)
    if evaluate is None:
        raise SystemExit(f"{args.game}: its heuristic bot has no evaluation")
    rng = random.Random(args.seed)
    thirds: list[list[float]] = [[], [], []]
    total: list[float] = []
    for _ in range(args.races):
        found: list[list[float]] = []
        seen = 0

        def on_step(state: State, step: Step, found: list[list[float]] = found) -> None:
            nonlocal seen
            if state.is_terminal():
                return
            player = state.current_player()
            if player == CHANCE:
                return
            seat = 0 if player == SIMULTANEOUS else player
            if len(state.legal_actions(seat)) < 2:
                return
            seen += 1
            if seen % args.every == 0:
                found.append(list(evaluate(state)))

        bots = [make_bot(game, "heuristic") for _ in range(seats)]
        record = play(game, bots, rng.randrange(2**31), on_step=on_step)
        outcome = win_shares(record.returns)
        scores = [brier(chances, outcome) for chances in found]
        total.extend(scores)
        for k, score in enumerate(scores):
            thirds[3 * k // len(scores)].append(score)

    def mean(xs: list[float]) -> float:
        return sum(xs) / len(xs) if xs else float("nan")

    print(f"{args.game}: {args.races} races, {len(total)} positions, seed {args.seed}")
    print(f"  Brier {mean(total):.4f} (uniform chances {1 - 1 / seats:.4f})")
    print("  by third of the race: " + ", ".join(f"{mean(t):.4f}" for t in thirds))


if __name__ == "__main__":
    main()
