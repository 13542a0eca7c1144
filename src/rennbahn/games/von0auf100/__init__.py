"""Von 0 auf 100 (HABA, 2005): six cars, secret licences, five cans; 2-5 players."""

from rennbahn.core.registry import GameEntry
from rennbahn.games.von0auf100.rules import Von0auf100Game, Von0auf100State

#: Everything the game provides, laid out as every shipped game is (registered by
#: :mod:`rennbahn.games`).
ENTRY = GameEntry.laid_out(
    __name__,
    Von0auf100Game,
    variants=(
        "von0auf100(players=2)",
        "von0auf100(players=3)",
        "von0auf100(players=4)",
        "von0auf100(players=5)",
        "von0auf100(players=2,race=small)",
        "von0auf100(players=4,race=small)",
        "von0auf100(players=3,race=small,withdraw=each)",
        "von0auf100(players=2,withdraw=each,races=3,undecided=replay)",
        "von0auf100(players=2,withdraw=each,house_rule_squares=true)",
        "von0auf100(players=3,scoring=season,season_places=any,races=2)",
        "von0auf100(players=3,races=3)",
        "von0auf100(players=4,scoring=season,races=2)",
        "von0auf100(players=2,scoring=season,season_places=owned)",
        "von0auf100(players=5,race=small,scoring=season,races=2,withdraw=each)",
        "von0auf100(players=3,cards=slippery)",
        "von0auf100(players=3,finish=past_card)",
    ),
)

__all__ = ["ENTRY", "Von0auf100Game", "Von0auf100State"]
