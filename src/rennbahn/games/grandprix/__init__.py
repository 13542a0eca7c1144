"""Grand Prix (Ravensburger 1998): 2-4 drivers build the track card by card while racing on it."""

from rennbahn.core.registry import GameEntry
from rennbahn.games.grandprix.rules import GrandPrixGame, GrandPrixState

#: Everything the game provides, laid out as every shipped game is (registered by
#: :mod:`rennbahn.games`).
ENTRY = GameEntry.laid_out(
    __name__,
    GrandPrixGame,
    variants=(
        "grandprix(players=2)",
        "grandprix(players=3)",
        "grandprix(players=4)",
        "grandprix(players=4,stack=plus_large)",
        "grandprix(players=3,oncoming=pass)",
        "grandprix(players=2,spread=gap,event_gap=1,stack=plus_large)",
        "grandprix(players=4,event_gap=3,oncoming=pass)",
        "grandprix(players=4,accident_blocks_return=block)",
    ),
)

__all__ = ["ENTRY", "GrandPrixGame", "GrandPrixState"]
