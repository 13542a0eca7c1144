"""The notation reader refuses states the rules cannot reach (issue 10, item 1), each with a
message that says what is wrong; docs/rules/von0auf100.md, "Notation", lists the checks."""

from __future__ import annotations

import pytest

import rennbahn
from tests.von0auf100.states import BIG, notation
from tests.von0auf100.test_rules import TRAP

SMALL_GAME = "von0auf100(race=small)"
#: A consistent state to spoil: round 3, seat 2 to place can 1, red across (nobody's).
GOOD = notation(round=3, pos="3,19,4,2,0,1", fin="1:O-", cans=4, wd=1)


def spoil(old: str, new: str) -> str:
    assert old in GOOD
    return GOOD.replace(old, new)


def test_the_state_to_spoil_is_accepted() -> None:
    state = rennbahn.load_game(SMALL_GAME).state_from_text(GOOD)
    assert state.to_text() == GOOD


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # issue 10: score 3 with nobody across; over=1 with nobody across; pend=6
        (notation(score="3,0,0,0"), "score=3,0,0,0 but the cars in fin give 0,0,0,0"),
        (notation(over=1), "over=1 but the race is not decided"),
        (notation(pend=6), "pend=6 is out of range"),
        (spoil("pend=0", "pend=1"), "pend=1 but 0 car"),
        # mismatched given, last, round, start
        (spoil("given=3,19,4,2,0,1/", "given=3,19,4,2,0,2/"), "car P is on square 1 but the "
         "seats gave it 2"),
        (spoil("last=0:4", "last=1:4"), "last must be the last can of the round before"),
        (GOOD.replace("start=2", "start=0"), "round 3 has start=2, not 0"),
        (GOOD.replace("round=3", "round=4"), "round 4 has start=3, not 2"),
        (notation(on="R", pos="1,0,0,0,0,0", last="0:1:R:0:2"), "takes a car on square 0"),
        (notation(on="R", pos="1,0,0,0,0,0", last="-"), "last=- but a can has been placed"),
        (notation(pos="1,0,0,0,0,0", round=1), "no can is placed yet in this race"),
        # cans and licences conserved, numbers in range
        (spoil("cans=4", "cans=3"), "cans=3 but this round has 4"),
        (spoil("wd=1", "wd=0").replace("cans=4", "cans=5"), "wd=0 but 1 car"),
        (notation(deal="RYGBO"), "4 licences are dealt"),
        (notation(deal="RYGG"), "names a car twice"),
        (notation(race=2), "race=2 is out of range"),
        (notation(round=201, last="-"), "round=201 is out of range"),
        (notation(score="0,0,0,0,0"), "score needs 4 numbers"),
        (notation().replace("race=1", "race=01"), "must be a whole number"),
        (notation().replace("race=1", "race=\u0661"), "must be a whole number"),
        (notation(track="." * 19), "more than 18 cards"),
        # the phase consistent with the rest
        (notation(track="." * 17, deal="RY"), "already laid"),
        (notation(track="." * 17, deal="-"), "already laid"),
        (notation(deal="RY", on="R", pos="1,0,0,0,0,0"), "before the licences are dealt"),
        (spoil("on=-", "on=RYGP"), "fewer than 4 cans"),
        # the cars out of the race and who uncovered them
        (spoil("fin=1:O-", "fin=1:O1"), "fin ends the current race"),
        (spoil("fin=1:O-", "fin=1:O1").replace("over=0", "over=1").replace(
            "score=0,0,0,0", "score=0,1,0,0"), "fin says seat 1 uncovered O"),
        (spoil("fin=1:O-", "fin=1:O-,1:O-"), "names a car twice"),
        (spoil("fin=1:O-", "fin=1:Oz"), "finish seat='z'"),
        (spoil("fin=1:O-", "fin=1:O-c"), "only house_rule_squares does"),
        # undecided races (I17)
        (GOOD + " undecided=1c", "race 1 is undecided, so the game is over"),
        (GOOD + " undecided=1x", "must read a race followed by c"),
        (GOOD + " undecided=2c", "undecided race=2 is out of range"),
    ],
)
def test_an_inconsistent_state_is_refused(text: str, message: str) -> None:
    with pytest.raises(rennbahn.NotationError, match=message):
        rennbahn.load_game(SMALL_GAME).state_from_text(text)


def test_a_forced_track_card_is_already_laid() -> None:
    """I4: with only plain cards and an oil stain left, a track that stops short of laying
    the last plain card is not one the rules leave."""
    game = rennbahn.load_game("von0auf100")
    with pytest.raises(rennbahn.NotationError, match="already laid"):
        game.state_from_text(notation(track=BIG[:34], deal="-"))


def test_a_two_player_seat_cannot_win_with_its_first_car() -> None:
    """I12: with two players a seat wins only when its second car crosses."""
    game = rennbahn.load_game("von0auf100(players=2,race=small,races=2)")
    text = notation(players=2, race=2, fin="1:R0", score="1,0", deal="ROYG")
    with pytest.raises(rennbahn.NotationError, match="wins with its first car"):
        game.state_from_text(text)


def test_a_caught_race_at_the_start_of_a_round_is_refused() -> None:
    """I17: a race is settled when a round ends and no car can pass the oil with the next
    round's cans, so a state at the start of such a round cannot arise."""
    game = rennbahn.load_game("von0auf100(players=2)")
    text = notation(players=2, track=TRAP, deal="ROYG", pos="37,37,18,20,37,37",
                    fin="1:B-,1:P-,1:R-,1:O-", cans=2, wd=2, round=4)
    with pytest.raises(rennbahn.NotationError, match="would have been settled"):
        game.state_from_text(text)


CAUGHT_OVER = notation(players=2, track=TRAP, deal="ROYG", on="YGO", pos="37,37,18,20,37,37",
                       fin="1:B-,1:P-,1:R-,1:O-", cans=3, wd=2, pend=1, round=3, over=1)


def test_an_undecided_race_reads_back() -> None:
    """I17: the end of a race caught by oil, written with undecided=1c, reads back."""
    game = rennbahn.load_game("von0auf100(players=2)")
    text = CAUGHT_OVER + " undecided=1c"
    assert game.state_from_text(text).to_text() == text


@pytest.mark.parametrize(
    ("game", "text", "message"),
    [
        # over, but neither decided by fin nor undecided
        ("von0auf100(players=2)", CAUGHT_OVER, "not decided by fin"),
        # the house rule never leaves a race undecided
        ("von0auf100(players=2,house_rule_squares=true)", CAUGHT_OVER + " undecided=1c",
         "never undecided"),
        # caught, though on this track yellow (18) and green (20) can still go on
        ("von0auf100(players=2)", notation(
            players=2, track=BIG, deal="ROYG", on="YGO", pos="37,37,18,20,37,37",
            fin="1:B-,1:P-,1:R-,1:O-", cans=3, wd=2, pend=1, round=3, over=1) +
         " undecided=1c", "a car can still reach the line"),
        # races listed twice
        ("von0auf100(players=2,races=3,race=small)", notation(players=2, race=3, deal="ROYG")
         + " undecided=1s,1s", "in order, each once"),
        # a race both undecided and won
        ("von0auf100(players=2,races=2,race=small)", notation(players=2, race=2, fin="1:R-,1:O1",
                                                   score="0,1", deal="ROYG") +
         " undecided=1c", "race 1 is undecided, but fin decides it"),
    ],
)
def test_an_inconsistent_undecided_race_is_refused(game: str, text: str, message: str) -> None:
    with pytest.raises(rennbahn.NotationError, match=message):
        rennbahn.load_game(game).state_from_text(text)


def test_the_season_score_follows_the_places() -> None:
    """I14: in the season the score must be the points of the places in fin."""
    game = rennbahn.load_game("von0auf100(scoring=season,race=small,races=2)")
    good = notation(pos="19,0,0,0,0,0", fin="1:R0", score="5,0,0,0", cans=4, wd=1, round=3,
                    last="1:5:R:14:19")
    assert game.state_from_text(good).to_text() == good
    with pytest.raises(rennbahn.NotationError, match="give 5,0,0,0"):
        game.state_from_text(good.replace("score=5,0,0,0", "score=3,0,0,0"))
