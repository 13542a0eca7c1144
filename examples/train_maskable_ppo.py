"""Train sb3-contrib's MaskablePPO on one seat of a rennbahn game and measure it.

The recipe: the two-player form of a game, one learning seat (a new seat each episode,
``seat="random"``) against rennbahn's random bot, a budget of environment steps; then the
trained policy plays ``--episodes`` races against the random bot (seats alternating) and its
win rate is printed with a 95% (Wilson) interval, beside random play's own rate in the same
races, so a rate above random play's interval has learnt something.

Install (the ``train`` extra brings sb3-contrib, stable-baselines3 and torch, which is large)::

    pip install torch==2.13.0          # first, on this project's machines: the CPU build on disk
    pip install -e '.[rl,train]'

Run::

    python examples/train_maskable_ppo.py --game "von0auf100(players=2)" --steps 800000
    python examples/train_maskable_ppo.py --game "gibgas(players=2)" --opponent heuristic
    python examples/train_maskable_ppo.py --game "grandprix(players=2)" --random-only   # no torch

A race is won by the seat whose return is strictly the highest (ties are not wins): the first
car home in Gib Gas!, Von 0 auf 100 and Grand Prix, the most championship points in
Ausgebremst.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import rennbahn
from rennbahn.interop.gymnasium import SeatEnv

Policy = Callable[[np.ndarray[Any, Any], np.ndarray[Any, Any]], int]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def random_policy(seed: int) -> Policy:
    rng = np.random.default_rng(seed)

    def choose(observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return choose


def win_rate(game: str, policy: Policy, episodes: int, seed: int,
             opponent: str = "random") -> tuple[int, int]:
    """Races ``policy`` wins out of ``episodes`` against ``opponent`` (seats alternating)."""
    players = rennbahn.load_game(game).num_players()
    envs = [SeatEnv(game, seat=seat, opponents=opponent) for seat in range(players)]
    won = 0
    for episode in range(episodes):
        seat = episode % players
        env = envs[seat]
        observation, _ = env.reset(seed=seed + episode)
        terminated = False
        while not terminated:
            action = policy(observation, env.action_masks())
            observation, _, terminated, _, _ = env.step(action)
        returns = env.state.returns()
        if all(returns[seat] > r for s, r in enumerate(returns) if s != seat):
            won += 1
    return won, episodes


def report(name: str, won: int, n: int) -> str:
    low, high = wilson(won, n)
    return f"{name:14s} won {won / n:6.1%} of {n} races (95% interval {low:.1%} to {high:.1%})"


def train(game: str, steps: int, seed: int, opponent: str) -> Policy:
    """MaskablePPO on SeatEnv(game, seat='random'); the greedy masked policy it learnt."""
    from sb3_contrib import MaskablePPO  # type: ignore[import-not-found]
    from stable_baselines3.common.env_util import (  # type: ignore[import-not-found]
        make_vec_env,
    )

    envs = make_vec_env(SeatEnv, n_envs=4, seed=seed,
                        env_kwargs={"game": game, "seat": "random", "opponents": opponent})
    # 4 x 512 steps an update: a policy update every 2,048 steps, as with one environment and
    # the default n_steps (4 x 2,048 would update only 18 times in 150,000 steps).
    model = MaskablePPO("MlpPolicy", envs, n_steps=512, seed=seed, verbose=0, device="cpu")
    model.learn(total_timesteps=steps)

    def choose(observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    return choose


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="von0auf100(players=2)",
                        help="a rennbahn game string, two players (default: %(default)s)")
    parser.add_argument("--steps", type=int, default=150_000, help="training steps")
    parser.add_argument("--episodes", type=int, default=1000, help="evaluation races")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponent", default="random",
                        help="the bot at the other seat, in training and evaluation")
    parser.add_argument("--random-only", action="store_true",
                        help="only measure random play's rate (needs no torch)")
    args = parser.parse_args()

    start = time.process_time()  # CPU time, as docs/research.md reports it
    evaluation_seed = 10_000 + args.seed
    won, n = win_rate(args.game, random_policy(args.seed), args.episodes, evaluation_seed,
                      args.opponent)
    print(f"{args.game} against {args.opponent}")
    print(report("random play", won, n))
    if args.random_only:
        return
    policy = train(args.game, args.steps, args.seed, args.opponent)
    won, n = win_rate(args.game, policy, args.episodes, evaluation_seed, args.opponent)
    minutes = (time.process_time() - start) / 60
    print(report("MaskablePPO", won, n) + f" after {args.steps} steps, {minutes:.1f} CPU min "
          "(training and both evaluations)")


if __name__ == "__main__":
    main()
