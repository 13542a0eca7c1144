"""The Gib Gas! heuristic bot: sensible choices in set positions, only its seat's view."""

from __future__ import annotations

import random

import rennbahn
from rennbahn.core.driver import SeatView
from rennbahn.games.gibgas.bots import HeuristicBot
from rennbahn.sim import Summary, run_games

FULL = "18/012345DTP/-/-/-/-/-/-/-"


def choice(text: str, seat: int = 0, game: str = "gibgas(players=3)") -> str:
    loaded = rennbahn.load_game(game)
    state = loaded.state_from_text(text)
    bot = HeuristicBot(loaded)
    action = bot.step(SeatView(state, seat), random.Random(0))
    return state.action_to_string(seat, action)


#: Both others can only play 230: any other speed wins the Vollgas! card, 230 collides.
FENDER_BENDER = ("choose V3-2,B1-1,XF3-1,XS3-1;0 q=- pts=0 | 18/012345DTP/-/2/2/2/-/2/220 "
                 "| 18/3/-/4/4/01245/-/4/240 | 18/3/-/4/4/01245/-/4/240")
#: Others hold only 200 and 210: on Bremsen! the die's 100 (one in two) is the only way.
ONLY_THE_DIE_BRAKES = ("choose B3-2,B1-1,XF3-1,XS3-1;0 q=- pts=0 | 18/2345DT/-/1/1/01/-/1/210 "
                       "| 18/0/-/4/4/12345/-/4/240 | 18/1/-/4/4/02345/-/4/240")


def test_it_avoids_a_likely_fender_bender() -> None:
    assert choice(FENDER_BENDER) not in ("230", "pit")


def test_it_saves_the_die_for_the_right_card() -> None:
    assert choice(ONLY_THE_DIE_BRAKES) == "die"
    # A one-star Vollgas! against 250 and 240: the die wins one time in six; keep it.
    fast = ("choose V1-1,B1-1,XF3-1,XS3-1;0 q=- pts=0 | 18/012345DTP/-/2/2/2/-/2/220 "
            "| 18/5/-/4/4/01234/-/4/240 | 18/4/-/5/5/01235/-/5/250")
    assert choice(fast) != "die"


def test_it_refuels_when_its_hand_is_poor() -> None:
    # Left with 220, 230 and the pit card before a Bremsen! it cannot win: it pits.
    text = ("choose B3-2,V1-1,XF3-1,XS3-1;0 q=- pts=0 | 18/23P/-/5/5/0145/-/5/250 "
            "| 18/0123/-/4/4/45/-/4/240 | 18/012/-/5/5/345/-/5/250")
    assert choice(text) == "pit"


def test_a_champion_repairs_a_damaged_car_at_the_pit() -> None:
    text = ("pittake V2-1,B1-1,XF3-1,XS3-1;1 q=0 pts=2 pit=0:240 | 9/45T/-/3/P/0123/-/P/P "
            "| 18/01234DTP/-/5/5/5/V2-1/5/250 | 18/01235DTP/-/4/4/4/-/4/240")
    assert choice(text, game="gibgas(players=3,champions=true)") == "repair"
    assert choice(text) == "take die"  # without repairs it takes back the die first


def test_it_decides_only_on_what_its_seat_sees() -> None:
    """Six drivers: states that differ in the others' secret discards get the same move."""
    game = rennbahn.load_game("gibgas(players=6)")
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.current_player() != rennbahn.SIMULTANEOUS or state.observation(0)[
            "phase"] != "choose":
        if state.current_player() == rennbahn.CHANCE:
            state.apply_action(rennbahn.sample_chance(state.chance_outcomes(), rng))
        else:
            state.apply_actions([rng.choice(state.legal_actions(s)) for s in range(6)])
    bot = HeuristicBot(game)
    mine = bot.step(SeatView(state, 0), random.Random(9))
    for _ in range(5):
        other = state.resample_from_infostate(0, rng)
        assert bot.step(SeatView(other, 0), random.Random(9)) == mine


def test_it_beats_random_drivers() -> None:
    seats = ["heuristic", "random", "random", "random"]
    summary = Summary("gibgas(players=4)", 5, seats)
    for outcome in run_games("gibgas(players=4)", seats, 120, 5):
        summary.add(outcome)
    low, _ = summary.to_json()["seats"][0]["ci95"]
    assert low > 0.25  # a random seat's share is 0.25
