"""Gib Gas! (Carrera Tabletop Games, 2014): a simultaneous-choice card race for 2-6 drivers."""

from rennbahn.core.registry import GameEntry, register
from rennbahn.games.gibgas.rules import GibGasGame, GibGasState

register(
    GameEntry(
        game_class=GibGasGame,
        bots={"heuristic": "rennbahn.games.gibgas.bots:HeuristicBot"},
        ui="rennbahn.games.gibgas.ui",
        variants=(
            "gibgas(players=2)",
            "gibgas(players=3)",
            "gibgas(players=4)",
            "gibgas(players=5)",
            "gibgas(players=6)",
            "gibgas(players=2,champions=true)",
            "gibgas(players=4,champions=true)",
            "gibgas(players=6,champions=true)",
            "gibgas(players=3,tempo_after_pit=pit)",
            "gibgas(players=2,champions=true,tempo_after_pit=pit)",
        ),
        sim_stats="rennbahn.games.gibgas.stats:seat_stats",
    )
)

__all__ = ["GibGasGame", "GibGasState"]
