"""Gib Gas! (Carrera Tabletop Games, 2014): a simultaneous-choice card race for 2-6 drivers."""

from rennbahn.core.registry import GameEntry, Part
from rennbahn.games.gibgas.rules import GibGasGame, GibGasState

_HERE = __name__

#: Everything the game provides (registered by :mod:`rennbahn.games`).
ENTRY = GameEntry(
    game_class=GibGasGame,
    notation=f"{_HERE}.notation",
    bots={"heuristic": f"{_HERE}.bots:HeuristicBot"},
    board=Part(f"{_HERE}.board:board_svg"),
    narration=Part(f"{_HERE}.narration:narrate"),
    terminal=Part(f"{_HERE}.ui:TERMINAL"),
    encoder=Part(f"{_HERE}.encoder:make_encoder"),
    stats=Part(f"{_HERE}.stats:seat_stats"),
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
