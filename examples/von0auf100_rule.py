"""A two-line rule that reads only Von 0 auf 100's encoded observation, as a learner would.

Big cans (3 and up) go to the observer's own car furthest back, small ones to the other car
furthest back. It shows that the encoder carries what a simple winning policy needs, so a
learner that stays at random play's rate is held back by its set-up, not by the vector
(docs/research.md, "Training")::

    python examples/von0auf100_rule.py --episodes 400
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

import rennbahn
from rennbahn.games.von0auf100.components import COLOURS
from rennbahn.interop.encoders import encoder_for

GAME = "von0auf100(players=2)"
#: The encoder scales the next can by the largest can, 5.
BIG = 3 / 5


def rule(names: list[str]) -> Any:
    """The policy over encoded vectors (and action masks), given the encoder's feature names."""
    at = {name: i for i, name in enumerate(names)}
    mine = [at[f"car_{c}.mine"] for c in COLOURS]
    square = [at[f"car_{c}.square"] for c in COLOURS]
    next_can = at["next_can"]

    def choose(observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
        legal = [int(a) for a in np.flatnonzero(mask)]
        own = [a for a in legal if observation[mine[a]] > 0]
        other = [a for a in legal if observation[mine[a]] == 0]
        pick = own if observation[next_can] >= BIG and own else other or legal
        return min(pick, key=lambda a: float(observation[square[a]]))

    return choose


def main() -> None:
    from train_maskable_ppo import report, win_rate  # beside this file

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = encoder_for(rennbahn.load_game(GAME)).feature_names()
    won, n = win_rate(GAME, rule(list(names)), args.episodes, 10_000 + args.seed)
    print(f"{GAME} against random")
    print(report("the rule", won, n))


if __name__ == "__main__":
    main()
