"""Ausgebremst (ASS 1993, Wolfgang Riedesser): a card-driven race of six cars on eight tracks."""

from rennbahn.core.registry import GameEntry, Part
from rennbahn.games.ausgebremst.rules import AusgebremstGame, AusgebremstState

_HERE = __name__

#: Everything the game provides (registered by :mod:`rennbahn.games`).
ENTRY = GameEntry(
    game_class=AusgebremstGame,
    notation=f"{_HERE}.notation",
    bots={"heuristic": f"{_HERE}.bots:HeuristicBot"},
    board=Part(f"{_HERE}.board:board_svg"),
    narration=Part(f"{_HERE}.narration:narrate"),
    terminal=Part(f"{_HERE}.ui:TERMINAL"),
    encoder=Part(f"{_HERE}.encoder:make_encoder"),
    stats=Part(f"{_HERE}.stats:seat_stats"),
    commands={"tracks": Part(f"{_HERE}.commands:app")},
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
)

__all__ = ["ENTRY", "AusgebremstGame", "AusgebremstState"]
