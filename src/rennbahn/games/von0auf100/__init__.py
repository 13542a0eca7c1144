"""Von 0 auf 100 (HABA, 2005): six cars, secret licences, five cans; 2-5 players."""

from rennbahn.core.registry import GameEntry, Part
from rennbahn.games.von0auf100.rules import Von0auf100Game, Von0auf100State

_HERE = __name__

#: Everything the game provides (registered by :mod:`rennbahn.games`).
ENTRY = GameEntry(
    game_class=Von0auf100Game,
    notation=f"{_HERE}.notation",
    bots={"heuristic": f"{_HERE}.bots:HeuristicBot"},
    board=Part(f"{_HERE}.board:board_svg"),
    narration=Part(f"{_HERE}.narration:narrate"),
    terminal=Part(f"{_HERE}.ui:TERMINAL"),
    encoder=Part(f"{_HERE}.encoder:make_encoder"),
    stats=Part(f"{_HERE}.stats:seat_stats"),
    variants=(
        "von0auf100(players=2)",
        "von0auf100(players=3)",
        "von0auf100(players=4)",
        "von0auf100(players=5)",
        "von0auf100(players=2,race=small)",
        "von0auf100(players=4,race=small)",
        "von0auf100(players=3,race=small,withdraw=each)",
        "von0auf100(players=3,races=3)",
        "von0auf100(players=4,scoring=season,races=2)",
        "von0auf100(players=2,scoring=season,season_places=owned)",
        "von0auf100(players=5,race=small,scoring=season,races=2,withdraw=each)",
        "von0auf100(players=3,cards=slippery)",
        "von0auf100(players=3,finish=past_card)",
    ),
)

__all__ = ["ENTRY", "Von0auf100Game", "Von0auf100State"]
