"""Grand Prix (Ravensburger 1998): 2-4 drivers build the track card by card while racing on it."""

from rennbahn.core.registry import GameEntry, Part
from rennbahn.games.grandprix.rules import GrandPrixGame, GrandPrixState

_HERE = __name__

#: Everything the game provides (registered by :mod:`rennbahn.games`).
ENTRY = GameEntry(
    game_class=GrandPrixGame,
    notation=f"{_HERE}.notation",
    bots={"heuristic": f"{_HERE}.bots:HeuristicBot"},
    board=Part(f"{_HERE}.board:board_svg"),
    narration=Part(f"{_HERE}.narration:narrate"),
    terminal=Part(f"{_HERE}.ui:TERMINAL"),
    encoder=Part(f"{_HERE}.encoder:make_encoder"),
    stats=Part(f"{_HERE}.stats:seat_stats"),
    variants=(
        "grandprix(players=2)",
        "grandprix(players=3)",
        "grandprix(players=4)",
        "grandprix(players=4,stack=plus_large)",
        "grandprix(players=3,oncoming=pass)",
        "grandprix(players=2,spread=gap,event_gap=1,stack=plus_large)",
        "grandprix(players=4,event_gap=3,oncoming=pass)",
        "grandprix(players=4,accident_blocks_return=false)",
    ),
)

__all__ = ["ENTRY", "GrandPrixGame", "GrandPrixState"]
