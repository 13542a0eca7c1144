"""The heuristic bot and its beliefs about who owns which car."""

from __future__ import annotations

import random

import pytest

import rennbahn
from rennbahn.bots import RandomBot, make_bot
from rennbahn.core.driver import SeatView
from rennbahn.games.von0auf100.bots import HeuristicBot, beliefs
from rennbahn.games.von0auf100.components import COLOURS
from tests.von0auf100.states import notation

SMALL = "." * 18


def view(game: str, text: str, seat: int) -> SeatView:
    return SeatView(rennbahn.load_game(game).state_from_text(text), seat)


def believed(text: str, seat: int) -> list[list[float]]:
    """What ``seat`` believes in the four-player small race written as ``text``."""
    at = view("von0auf100(race=small)", text, seat)
    return beliefs(at.view(), at.game)


def chosen(text: str, seat: int) -> str:
    """The heuristic's move for ``seat`` in the four-player small race written as ``text``."""
    at = view("von0auf100(race=small)", text, seat)
    return at.action_to_string(HeuristicBot(at.game).step(at, random.Random(0)))


def test_beliefs_are_probabilities_and_know_the_own_licence() -> None:
    text = (f"race=1 round=1 start=0 cans=5 wd=0 pend=0 track={SMALL} deal=RYGB on=- "
            f"pos=0,0,0,0,0,0 fin=- score=0,0,0,0 given=0,0,0,0,0,0/0,0,0,0,0,0/"
            "0,0,0,0,0,0/0,0,0,0,0,0 last=- over=0")
    p = believed(text, 2)
    assert p[2] == [0.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    for car in range(6):
        if car != 3:
            assert sum(p[s][car] for s in range(4)) == pytest.approx(3 / 5)
    for s in (0, 1, 3):
        assert sum(p[s]) == pytest.approx(1.0)
        assert p[s][3] == 0.0


def test_beliefs_follow_the_pushes() -> None:
    """Seat 1 gave blue 12 squares and the others little: blue is most likely seat 1's."""
    text = notation(round=3, pos="3,2,4,0,12,1",
                    given="1,0,2,0,0,0/0,2,0,0,12,0/0,0,2,0,0,1/2,0,0,0,0,0")
    p = believed(text, 0)
    assert max(range(6), key=lambda c: p[1][c]) == COLOURS.index("B")
    assert p[1][COLOURS.index("B")] > 0.8


def test_beliefs_use_what_crossing_uncovered() -> None:
    """I11: a car across without ending the game (four players) belongs to nobody."""
    text = notation(round=3, pos="0,19,0,0,0,0", fin="1:O-", cans=4, wd=1)
    p = believed(text, 0)
    assert all(p[s][COLOURS.index("O")] == 0.0 for s in range(4))


def test_heuristic_takes_its_own_car_across() -> None:
    """With can 3 and its own yellow three squares short, seat 2 wins at once."""
    text = notation(deal="RBYG", on="RO", pos="1,2,16,15,0,0")
    assert chosen(text, 2) == "Y"


def test_heuristic_saves_its_car_for_its_bigger_can() -> None:
    """With four players seat 0 places cans 1 and 5: can 1 goes on another car."""
    text = (f"race=1 round=1 start=0 cans=5 wd=0 pend=0 track={SMALL} deal=RBYG on=- "
            f"pos=0,0,0,0,0,0 fin=- score=0,0,0,0 given=0,0,0,0,0,0/0,0,0,0,0,0/"
            "0,0,0,0,0,0/0,0,0,0,0,0 last=- over=0")
    assert chosen(text, 0) != "R"


def test_heuristic_blocks_a_car_that_a_big_can_would_take_across() -> None:
    """Green (likely another seat's: the others pushed it) stands 4 short, and cans 4 and 5
    are still to come from other seats: seat 0 puts its can 2 on green to keep them off."""
    text = notation(round=4, deal="RBYG", on="O", pos="2,1,3,15,0,0",
                    given="2,0,3,0,0,0/0,0,0,6,0,0/0,0,0,6,0,0/0,1,0,3,0,0")
    assert chosen(text, 0) == "G"


@pytest.mark.parametrize("variant", ["von0auf100(players=4,race=small)",
                                     "von0auf100(players=3)"])
def test_heuristic_beats_random_players(variant: str) -> None:
    """Over 200 games (the heuristic seat rotating) it wins clearly more than its share."""
    game = rennbahn.load_game(variant)
    n = game.num_players()
    won = 0.0
    games = 200
    for i in range(games):
        seat = i % n
        bots = [make_bot(game, "heuristic") if s == seat else RandomBot(game)
                for s in range(n)]
        won += rennbahn.play(game, bots, seed=i).returns[seat]
    assert won / games > 1.4 / n


def test_heuristic_takes_its_car_past_the_start_target_card() -> None:
    """I1, finish=past_card: red (seat 0's) stands on the start/target card, short of the line;
    can 1 takes it past, and the bot reads the card as plain."""
    text = notation(deal="RBYG", pos="19,0,0,0,0,0", past_card=True)
    at = view("von0auf100(race=small,finish=past_card)", text, 0)
    assert at.action_to_string(HeuristicBot(at.game).step(at, random.Random(0))) == "R"


def test_heuristic_bots_finish_big_races_past_the_card() -> None:
    """I1, finish=past_card: heuristic bots play whole big races (cars stand on the
    start/target card on the way) to a winner."""
    game = rennbahn.load_game("von0auf100(players=3,finish=past_card)")
    for seed in range(10):
        record = rennbahn.play(game, [make_bot(game, "heuristic") for _ in range(3)],
                               seed=seed)
        assert sorted(record.returns) == [0.0, 0.0, 1.0]
