"""The Gib Gas! heuristic's cheap rollout policy and its evaluation (used by search)."""

from __future__ import annotations

import random

import pytest

import rennbahn
from rennbahn.core.driver import sample_chance
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS
from rennbahn.games.gibgas.bots import HeuristicBot
from rennbahn.games.gibgas.rules import GibGasState
from tests.gibgas.test_bots import FENDER_BENDER, ONLY_THE_DIE_BRAKES


def cheap(text: str, seat: int = 0, game: str = "gibgas(players=3)") -> str:
    loaded = rennbahn.load_game(game)
    state = loaded.state_from_text(text)
    move = HeuristicBot(loaded).cheap_move(state, seat, state.legal_actions(seat))
    return state.action_to_string(seat, move)


def test_it_avoids_a_likely_fender_bender() -> None:
    assert cheap(FENDER_BENDER) not in ("230", "pit")


def test_it_plays_the_die_when_only_a_100_can_win_brakes() -> None:
    assert cheap(ONLY_THE_DIE_BRAKES) == "die"


def test_it_avoids_being_the_fastest_on_a_full_speed_crash() -> None:
    # Others hold 200 and 210 only: any of 220-250 crashes for 4; the die crashes half the time.
    text = ("choose XF4-2,B1-1,V1-1,XS3-1;0 q=- pts=0 | 18/2345DT/-/1/1/01/-/1/210 "
            "| 18/0/-/4/4/12345/-/4/240 | 18/1/-/4/4/02345/-/4/240")
    assert cheap(text) in ("die", "tempo")  # tempo repeats 210 (a fender bender, 2 < 4)


def test_pit_stop_takes_back_the_die_first_or_repairs() -> None:
    text = ("pittake V2-1,B1-1,XF3-1,XS3-1;1 q=0 pts=2 pit=0:240 | 9/45T/-/3/P/0123/-/P/P "
            "| 18/01234DTP/-/5/5/5/V2-1/5/250 | 18/01235DTP/-/4/4/4/-/4/240")
    assert cheap(text, game="gibgas(players=3,champions=true)") == "repair"
    assert cheap(text) == "take die"


@pytest.mark.parametrize("text", ["gibgas(players=2)", "gibgas(players=6)",
                                  "gibgas(players=4,tempo_after_pit=pit,champions=true)"])
def test_rollouts_play_whole_races_legally_and_seeded(text: str) -> None:
    game = rennbahn.load_game(text)
    bot = HeuristicBot(game)
    ends = []
    for _ in range(2):
        rng = random.Random(4)
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state.chance_outcomes(), rng))
            elif player == SIMULTANEOUS:  # apply_actions refuses an illegal move
                state.apply_actions([bot.rollout_move(state, s, rng)
                                     for s in range(game.num_players())])
            else:
                state.apply_action(bot.rollout_move(state, player, rng))
        ends.append(state.to_text())
    assert ends[0] == ends[1]


def test_evaluation_favours_the_leader_and_is_the_returns_at_the_end() -> None:
    game = rennbahn.load_game("gibgas(players=3)")
    bot = HeuristicBot(game)
    even = game.state_from_text("choose V2-1,B1-1,XF3-1,XS3-1;0 q=- pts=0 | " + " | ".join(
        ["18/012345DTP/-/-/-/-/-/-/-"] * 3))
    assert bot.evaluate(even) == pytest.approx([1 / 3] * 3)
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state.chance_outcomes(), rng))
        elif player == SIMULTANEOUS:
            state.apply_actions([bot.rollout_move(state, s, rng) for s in range(3)])
        else:
            state.apply_action(bot.rollout_move(state, player, rng))
        if not state.is_terminal() and state.current_player() == SIMULTANEOUS:
            assert isinstance(state, GibGasState)
            chances = bot.evaluate(state)
            assert sum(chances) == pytest.approx(1.0)
            points = [state.stars(s) + state.damage[s] for s in range(3)]
            leader = points.index(max(points))
            assert chances[leader] == max(chances)
    assert bot.evaluate(state) == state.returns()
