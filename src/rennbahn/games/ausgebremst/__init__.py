"""Ausgebremst (ASS 1993, Wolfgang Riedesser): a card-driven race of six cars on eight tracks."""

from rennbahn.core.registry import GameEntry
from rennbahn.games.ausgebremst.rules import AusgebremstGame, AusgebremstState

#: Everything the game provides, laid out as every shipped game is (registered by
#: :mod:`rennbahn.games`).
ENTRY = GameEntry.laid_out(
    __name__,
    AusgebremstGame,
    commands={"tracks": "commands:app"},
    variants=(
        "ausgebremst(players=2)",
        "ausgebremst(players=3,pit_overshoot=stop)",
        "ausgebremst(players=4)",
        "ausgebremst(players=6)",
        "ausgebremst(players=5,races=3,pit_overshoot=discard)",
        "ausgebremst(players=3,races=all)",
        "ausgebremst(players=4,races=5+7,full_deck=extra6)",
        "ausgebremst(players=3,mode=advanced)",
        "ausgebremst(players=4,mode=advanced,stack_order=shuffled)",
        "ausgebremst(players=2,mode=advanced,stack_order=chosen)",
        "ausgebremst(players=6,mode=advanced,races=2+4)",
    ),
)

__all__ = ["ENTRY", "AusgebremstGame", "AusgebremstState"]
