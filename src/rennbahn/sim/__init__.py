"""Simulation at scale: seeded games between bots, win rates with intervals, game figures."""

from rennbahn.sim.runner import Summary, game_seed, run_games, wilson

__all__ = ["Summary", "game_seed", "run_games", "wilson"]
