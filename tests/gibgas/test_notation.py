"""Gib Gas! state notation: what the reader refuses, each case from the exact notation.

The regression tests are named after the bug that a reliability review found (issue 10): the
reader accepted every one of these positions, and some then crashed a protocol call. Each now
raises a ``NotationError`` that says what is wrong. docs/rules/gibgas.md, "Notation", lists
what is checked.
"""

from __future__ import annotations

import random

import pytest

import rennbahn
from rennbahn.core.driver import random_step
from rennbahn.core.protocol import CHANCE

FULL = "18/012345DTP/-/-/-/-/-/-/-"
ROW = "V2-1,B1-1,XF3-1,XS3-1"
PLAYED_230 = "18/01245DTP/-/3/3/3/-/3/230"
SIX_FULL = "18/01345DTP/2/-/-/-/-/-/-"


def read(text: str, game: str = "gibgas(players=3)") -> rennbahn.State:
    return rennbahn.load_game(game).state_from_text(text)


def refused(text: str, message: str, game: str = "gibgas(players=3)") -> None:
    with pytest.raises(rennbahn.NotationError, match=message):
        read(text, game)


# -- the hand-made cases the reader accepted ------------------------------------------------
def test_a_hand_that_also_holds_its_own_discard_is_refused() -> None:
    """Ten cards: the whole hand and the 220 discarded before the race (I15)."""
    text = f"choose {ROW};0 q=- pts=0 | 18/012345DTP/2/-/-/-/-/-/- | " + " | ".join(
        [SIX_FULL] * 5)
    refused(text, r"seat 0's discard 220 is also in hand", "gibgas(players=6)")


@pytest.mark.parametrize("damage", ["99", "-5", "19", "018", "\u0664"])
def test_damage_out_of_range_is_refused(damage: str) -> None:
    text = f"choose {ROW};0 q=- pts=0 | {damage}/012345DTP/-/-/-/-/-/-/- | {FULL} | {FULL}"
    refused(text, r"seat 0 damage .* must be a whole number from 0 to 18")


@pytest.mark.parametrize("speed", ["7", "999", "-230", "0"])
def test_a_speed_no_card_or_die_gives_is_refused(speed: str) -> None:
    text = f"choose {ROW};0 q=- pts=0 | 18/01245DTP/-/3/3/3/-/3/{speed} | {FULL} | {FULL}"
    refused(text, r"seat 0 speed .* must be 100, 200, 210")


def test_a_speed_that_does_not_follow_from_the_card_is_refused() -> None:
    text = f"choose {ROW};0 q=- pts=0 | 18/01245DTP/-/3/3/3/-/3/250 | {FULL} | {FULL}"
    refused(text, r"seat 0's speed 250 does not follow from its card 3: it can be 230")


def test_won_cards_that_were_never_dealt_are_refused() -> None:
    text = f"choose {ROW};0 q=- pts=0 | 18/01245DTP/-/3/3/3/V3-2/3/230 | {FULL} | {FULL}"
    refused(text, r"seat 0 won V3-2: not among the cards driven for")


def test_won_cards_still_in_the_row_are_refused() -> None:
    text = f"choose {ROW};1 q=- pts=0 | 18/01245DTP/-/3/3/3/B1-1/3/230 | {FULL} | {FULL}"
    refused(text, r"seat 0 won B1-1: not among the cards driven for")


def test_a_card_won_twice_is_refused() -> None:
    seat = "18/01245DTP/-/3/3/3/V2-1/3/230"
    refused(f"choose {ROW};1 q=- pts=0 | {seat} | {seat} | {FULL}",
            r"V2-1 is won more often than it was driven for")


def test_a_crash_card_cannot_be_won() -> None:
    text = (f"choose XF3-1,B1-1,V2-1,XS3-1;1 q=- pts=0 | 18/01245DTP/-/3/3/3/XF3-1/3/230 "
            f"| {FULL} | {FULL}")
    refused(text, r"XF3-1 is a Crash card; nobody wins it")


def test_negative_pit_points_are_refused() -> None:
    refused(f"choose {ROW};0 q=- pts=-3 | {FULL} | {FULL} | {FULL}",
            r"pts= '-3' must be a whole number from 0 to 3")


def test_pit_points_outside_a_pit_stop_are_refused() -> None:
    refused(f"choose {ROW};0 q=- pts=2 | {FULL} | {FULL} | {FULL}",
            r"pts=2 in phase choose: 1-3 points left to use in phase pittake, 0 otherwise")


def test_a_seat_queued_twice_is_refused() -> None:
    refused(f"choose {ROW};0 q=1,1 pts=0 | {FULL} | {FULL} | {FULL}",
            r"q='1,1' must list seats once each, in seat order")


def test_a_queue_outside_dice_and_pit_stops_is_refused() -> None:
    refused(f"choose {ROW};0 q=1 pts=0 | {FULL} | {FULL} | {FULL}",
            r"q= is - in phase choose")


def test_phase_over_in_the_middle_of_the_race_is_refused() -> None:
    refused(f"over {ROW};0 q=- pts=0 | {FULL} | {FULL} | {FULL}",
            r"phase over with 4 cards dealt and 0 done does not fit")
    seats = " | ".join([PLAYED_230] * 3)
    refused(f"over {ROW};2 q=- pts=0 | {seats}", r"a driver with damage 0 .* \(I8\)")


def test_damage_0_while_the_race_goes_on_is_refused() -> None:
    text = f"choose {ROW};1 q=- pts=0 | 0/01245DTP/-/3/3/3/-/3/230 | {PLAYED_230} | {PLAYED_230}"
    refused(text, r"damage 0 in phase choose: a total loss ends the race at once \(I8\)")


def test_a_franz_pile_of_9999999_is_refused() -> None:
    refused(f"choose {ROW};0 q=- pts=0 | {FULL} | {FULL} | F:9999999/-/-/-",
            r"Franz's pile '9999999' needs 7 digits from 0 to 4", "gibgas(players=2)")


# -- the cases that crashed -------------------------------------------------------------------
def test_roll_with_nobody_to_roll_is_refused_not_an_indexerror() -> None:
    """It read, and applying its first chance outcome raised ``pop from empty list``."""
    text = "roll XF4-2,B3-2,B1-1,V2-2;0 q=- pts=0 | " + " | ".join([FULL] * 4)
    refused(text, r"phase roll needs a die still to roll", "gibgas(players=4)")


def test_choose_with_every_dealt_card_done_is_refused_not_an_indexerror() -> None:
    refused(f"choose {ROW};4 q=- pts=0 | {FULL} | {FULL} | {FULL}",
            r"phase choose with 4 cards dealt and 4 done does not fit: it needs a full row")


def test_an_empty_franz_pile_is_refused_not_a_chance_node_without_outcomes() -> None:
    text = f"franz {ROW};0 q=- pts=0 | {PLAYED_230} | 18/01235DTP/-/4/4/4/-/4/240 | F:0000000/-/-/-"
    refused(text, r"Franz's pile is never empty", "gibgas(players=2)")


def test_an_empty_hand_is_refused_not_a_broken_resample() -> None:
    refused(f"choose {ROW};0 q=- pts=0 | 18/-/-/-/-/-/-/-/- | {FULL} | {FULL}",
            r"seat 0 has no card in hand; a played-out hand comes back \(I12\)")
    six = f"choose {ROW};0 q=- pts=0 | 18/-/2/-/-/-/-/-/- | " + " | ".join([SIX_FULL] * 5)
    refused(six, r"seat 0 has no card in hand", "gibgas(players=6)")


# -- more that the checks cover ---------------------------------------------------------------
@pytest.mark.parametrize(("text", "message"), [
    (f"choose {ROW};0 q=- pts=0 | 18/10/-/-/-/-/-/-/- | {FULL} | {FULL}",
     r"seat 0 hand '10' lists each card once, in the order 012345DTP"),
    (f"choose {ROW};0 q=- pts=0 | 18/0123456/-/-/-/-/-/-/- | {FULL} | {FULL}",
     r"seat 0 hand '6' must be one of"),
    (f"choose {ROW};0 q=- pts=0 | 18/012345DTP/2/-/-/-/-/-/- | {FULL} | {FULL}",
     r"only six drivers discard \(I15\)"),
    (f"choose {ROW};0 q=- pts=0 | 18/012345DTP/-/-/-/-/-/3/230 | {FULL} | {FULL}",
     r"seat 0 has played nothing yet"),
    (f"choose {ROW};0 q=- pts=0 | 17/012345DTP/-/-/-/-/-/-/- | {FULL} | {FULL}",
     r"seat 0 has played nothing yet .* damage is 18"),
    (f"choose {ROW};0 q=- pts=0 | 18/01245DTP/-/3/3/-/-/3/230 | {FULL} | {FULL}",
     r"seat 0 has 3 on the table but not among the speed cards played"),
    (f"choose {ROW};0 q=- pts=0 | 18/01245DTP/-/3/T/3/-/T/230 | {FULL} | {FULL}",
     r"seat 0's card this round T must lie on the table"),
    (f"choose {ROW};0 q=- pts=0 | 18/012345DP/-/-/T/-/-/T/230 | {FULL} | {FULL}",
     r"seat 0 played Tempo-Halten with no speed to repeat \(I3\)"),
    (f"choose {ROW};0 q=- pts=0 | 18/0124DTP/-/3/3/3/-/3/230 | {FULL} | {FULL}",
     r"seat 0 has 5 on the table but not among"),
    (f"choose {ROW};0 q=- pts=0 | 18/0124DTP/-/5/3/35/-/3/230 | {FULL} | {FULL}",
     r"seat 0's last card 3 is a speed; its last speed must be the same"),
    (f"choose {ROW};0 q=- pts=0 | 18/012345TP/-/D/D/-/-/D/? | {FULL} | {FULL}",
     r"speed \? \(a die to roll\) is only for phases franz and roll"),
    (f"pittake {ROW};1 q=0 pts=1 pit=0:100 | 18/012345DT/-/-/P/-/-/P/P | {PLAYED_230} "
     f"| {PLAYED_230}",
     r"seat 0 has pit points but nothing to take back or repair"),
    (f"pitroll {ROW};1 q=1 pts=0 | 18/01345DT/-/2/P/2/-/P/P | {PLAYED_230} | {PLAYED_230}",
     r"q= lists the cars in the pits \(speed P\) whose stop is still to come"),
    (f"deal {ROW};0 q=- pts=0 | {FULL} | {FULL} | {FULL}",
     r"phase deal with 4 cards dealt and 0 done does not fit"),
    (f"choose V2-1,B1-1;0 q=- pts=0 | {FULL} | {FULL} | {FULL}",
     r"phase choose with 2 cards dealt and 0 done does not fit: it needs a full row"),
    (f"choose {ROW};0 q=- pts=0 | {FULL} | {FULL} | {FULL} | F:4444444/-/-/-",
     r"needs 4 blocks"),
    (f"franz {ROW};0 q=- pts=0 | {PLAYED_230} | {PLAYED_230} | {PLAYED_230}",
     r"phase franz is only for two drivers"),
    (f"discard {ROW};0 q=- pts=0 | {FULL} | {FULL} | {FULL}",
     r"phase discard is only for six drivers"),
    (f"choose {ROW};0  q=-  pts=0 | {FULL} | {FULL} | {FULL[:-1]}0",
     r"seat 2 speed '0' must be"),
    (f"choose {ROW};\u0660 q=- pts=0 | {FULL} | {FULL} | {FULL}",
     "cards done '\u0660' must be a whole number from 0 to 4"),
    (f"choose {ROW};{'9' * 5000} q=- pts=0 | {FULL} | {FULL} | {FULL}",
     r"cards done '9999.*' \(5000 chars\) must be a whole number from 0 to 4"),
])
def test_inconsistent_notation_is_refused_with_a_reason(text: str, message: str) -> None:
    refused(text, message)


@pytest.mark.parametrize(("franz", "message"), [
    ("F:4444444/-/3/-", r"a speed card is his last speed and his speed"),
    ("F:4444444/3/3/240", r"a speed card is his last speed and his speed"),
    ("F:4443444/-/-/-", r"before his first reveal: a full pile"),
    ("F:4444434/-/T/-", r"a first Tempo-Halten has nothing to repeat; he reveals again"),
    ("F:4444444/-/T/230", r"a first Tempo-Halten has nothing to repeat"),
    ("F:4443444/3/T/240", r"Tempo-Halten repeats his last speed"),
    ("F:4443444/3/3/P", r"Franz's speed P must be 200-250 or -"),
    ("F:4443444/D/3/230", r"Franz's last speed 'D' must be one of 012345 or -"),
])
def test_inconsistent_franz_is_refused(franz: str, message: str) -> None:
    refused(f"choose {ROW};0 q=- pts=0 | {FULL} | {FULL} | {franz}", message,
            "gibgas(players=2)")


def test_franz_first_tempo_halten_is_read_in_phase_franz() -> None:
    """I13: a first Tempo-Halten leaves Franz without a speed until he reveals again."""
    text = (f"franz {ROW};0 q=- pts=0 | {PLAYED_230} | 18/01235DTP/-/4/4/4/-/4/240 "
            "| F:4444443/-/T/-")
    state = read(text, "gibgas(players=2)")
    assert state.to_text() == text
    assert state.current_player() == CHANCE
    assert len(state.chance_outcomes()) == 7


# -- the pit die face (issue 12: the view could not tell 240 from 250) -----------------------
PITS_01 = "18/01245DT/-/3/P/3/-/P/P | 18/01235DT/-/4/P/4/-/P/P | 18/01234DTP/-/5/5/5/V2-1/5/250"


@pytest.mark.parametrize("text", [
    f"pittake {ROW};1 q=0,1 pts=2 pit=0:250 | {PITS_01}",
    f"pittake {ROW};1 q=0,1 pts=1 pit=0:240 | {PITS_01}",
    f"pitroll {ROW};1 q=1 pts=0 pit=0:100 | {PITS_01}",
    f"pittake {ROW};1 q=1 pts=3 pit=1:300 | {PITS_01}",
    f"deal {ROW};4 q=- pts=0 pit=1:240 | {PITS_01}",
])
def test_the_pit_stops_die_face_reads_back(text: str) -> None:
    assert read(text).to_text() == text


@pytest.mark.parametrize(("text", "message"), [
    (f"pittake {ROW};1 q=0,1 pts=2 | {PITS_01}",
     r"no pit= in phase pittake with the pits holding 0,1 and q=0,1: it needs pit=0:FACE"),
    (f"pitroll {ROW};1 q=1 pts=0 | {PITS_01}", r"no pit= .* it needs pit=0:FACE"),
    (f"pitroll {ROW};1 q=0,1 pts=0 pit=0:100 | {PITS_01}",
     r"pit=0:100 in phase pitroll .* it needs no pit= \(no pit stop has rolled this round\)"),
    (f"pittake {ROW};1 q=1 pts=1 pit=0:100 | {PITS_01}", r"it needs pit=1:FACE"),
    (f"deal {ROW};4 q=- pts=0 pit=0:240 | {PITS_01}", r"it needs pit=1:FACE"),
    (f"deal {ROW};4 q=- pts=0 | {PITS_01}", r"no pit= in phase deal"),
    (f"choose {ROW};0 q=- pts=0 pit=0:100 | {PLAYED_230} | {FULL} | {FULL}",
     r"it needs no pit="),
    (f"pittake {ROW};1 q=0,1 pts=3 pit=0:250 | {PITS_01}",
     r"pts=3 but seat 0 rolled 250, worth 2 \(I17\)"),
    (f"pittake {ROW};1 q=0,1 pts=2 pit=0:230 | {PITS_01}",
     r"the die face in pit= '230' must be one of 100, 240, 250, 300"),
    (f"pittake {ROW};1 q=0,1 pts=2 pit=3:250 | {PITS_01}",
     r"the seat in pit= '3' must be a whole number from 0 to 2"),
    (f"pittake {ROW};1 q=0,1 pts=2 pit=0 | {PITS_01}", r"pit='0' must be SEAT:FACE"),
    (f"pittake {ROW};1 q=0,1 pts=2 die=0:250 | {PITS_01}",
     r"then 'pit=SEAT:FACE' once a pit stop has rolled this round"),
])
def test_a_pit_record_that_does_not_fit_is_refused(text: str, message: str) -> None:
    refused(text, message)


def test_a_total_loss_ends_the_race_before_the_pit_stops_roll() -> None:
    """I8: in phase over by a total loss no stop has rolled, even with cars in the pits."""
    seats = "0/0125DTP/-/4/4/34/-/4/240 | 18/01235DT/-/4/P/4/-/P/P | 18/01234DTP/-/5/5/5/-/5/250"
    assert read(f"over {ROW};1 q=- pts=0 | {seats}").to_text().startswith("over")
    refused(f"over {ROW};1 q=- pts=0 pit=1:100 | {seats}", r"it needs no pit=")


def test_the_messages_name_what_is_allowed() -> None:
    with pytest.raises(rennbahn.NotationError) as caught:
        read(f"drive {ROW};0 q=- pts=0 | {FULL} | {FULL} | {FULL}")
    assert "phases: deal, discard, choose, franz, roll, pitroll, pittake, over" in str(caught.value)


def test_a_refused_text_is_any_rennbahn_error_and_never_another() -> None:
    with pytest.raises(rennbahn.RennbahnError):
        read(None)  # type: ignore[arg-type]


# -- what the reader must still accept --------------------------------------------------------
@pytest.mark.parametrize("variant", [
    "gibgas(players=2)", "gibgas(players=5,pass_on=second)",
    "gibgas(players=6,champions=true,tempo_after_pit=pit)",
    "gibgas(players=2,champions=true,tempo_after_pit=pit)",
])
def test_every_position_of_a_played_race_reads_back(variant: str) -> None:
    game = rennbahn.load_game(variant)
    rng = random.Random(variant)
    for _ in range(3):
        state = game.new_initial_state()
        while True:
            text = state.to_text()
            assert game.state_from_text(text).to_text() == text
            if state.is_terminal():
                break
            random_step(state, rng)
