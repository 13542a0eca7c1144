"""Gib Gas! (Carrera Tabletop Games, 2014): a simultaneous-choice card race for 2-6 drivers."""

from rennbahn.core.registry import GameEntry
from rennbahn.games.gibgas.rules import GibGasGame, GibGasState

#: Everything the game provides, laid out as every shipped game is (registered by
#: :mod:`rennbahn.games`).
ENTRY = GameEntry.laid_out(
    __name__,
    GibGasGame,
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
)

__all__ = ["ENTRY", "GibGasGame", "GibGasState"]
