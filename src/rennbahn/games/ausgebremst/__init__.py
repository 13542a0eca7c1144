"""Ausgebremst (ASS 1993, Wolfgang Riedesser): a card-driven race of six cars on eight tracks."""

from rennbahn.core.registry import GameEntry, register
from rennbahn.games.ausgebremst.rules import AusgebremstGame, AusgebremstState

register(
    GameEntry(
        game_class=AusgebremstGame,
        bots={"heuristic": "rennbahn.games.ausgebremst.bots:HeuristicBot"},
        ui="rennbahn.games.ausgebremst.ui",
        variants=(
            "ausgebremst(players=2)",
            "ausgebremst(players=3)",
            "ausgebremst(players=4)",
            "ausgebremst(players=6)",
            "ausgebremst(players=5,races=3,pit_overshoot=discard)",
            "ausgebremst(players=3,races=all)",
            "ausgebremst(players=4,races=5+7,full_deck=extra6)",
            "ausgebremst(players=3,mode=advanced)",
            "ausgebremst(players=4,mode=advanced,stack_order=shuffled)",
            "ausgebremst(players=6,mode=advanced,races=2+4)",
        ),
        sim_stats="rennbahn.games.ausgebremst.stats:seat_stats",
    )
)

__all__ = ["AusgebremstGame", "AusgebremstState"]
