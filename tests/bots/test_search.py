"""Search bots: seeded, legal, deciding on the seat's view only, and stronger than random."""

from __future__ import annotations

import random
from typing import cast

import pytest

import rennbahn
from rennbahn.bots import FlatMonteCarloBot, SearchBot, bot_names, bot_params, make_bot
from rennbahn.core.driver import SeatView, play, random_step
from rennbahn.core.errors import ParameterError
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, State
from rennbahn.sim.tournament import tournament

#: One tiny-budget search bot per game, and the game string it plays.
CASES = [
    ("gibgas(players=3)", "duct(iterations=12)"),
    ("gibgas(players=6)", "ismcts(iterations=12)"),
    ("von0auf100(players=3)", "ismcts(iterations=12,rollout=heuristic)"),
    ("grandprix(players=2)", "mcts(iterations=12)"),
    ("ausgebremst(players=2)", "ismcts(iterations=6)"),
    ("ausgebremst(players=3)", "flat(iterations=6)"),
]


def decision(text: str, seed: int, skip: int = 0) -> tuple[State, int]:
    """A state where some seat has a real choice (after ``skip`` such states)."""
    game = rennbahn.load_game(text)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while True:
        player = state.current_player()
        if player == SIMULTANEOUS:
            seat = 0
        elif player >= 0:
            seat = player
        else:
            seat = -1
        if seat >= 0 and len(state.legal_actions(seat)) > 1:
            if skip == 0:
                return state, seat
            skip -= 1
        random_step(state, rng)
        assert not state.is_terminal(), "ran out of decisions"


@pytest.mark.parametrize(("text", "spec"), CASES)
def test_same_seed_same_move_and_legal(text: str, spec: str) -> None:
    state, seat = decision(text, 3, skip=2)
    game = state.get_game()
    moves = [make_bot(game, spec).step(SeatView(state, seat), random.Random(9))
             for _ in range(2)]
    assert moves[0] == moves[1]
    assert moves[0] in state.legal_actions(seat)


@pytest.mark.parametrize(("text", "spec"), CASES[:4])
def test_whole_game_is_seeded_and_legal(text: str, spec: str) -> None:
    game = rennbahn.load_game(text)
    records = [play(game, [make_bot(game, spec)] + [make_bot(game, "random")] *
                    (game.num_players() - 1), seed=5) for _ in range(2)]
    assert records[0].to_json() == records[1].to_json()  # the driver checks every move
    assert records[0].finished


class _Spy:
    """A view that records every state resampled through it (to check what the bot used)."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.samples = 0

    def __getattr__(self, name: str) -> object:
        return getattr(self.view, name)

    def resample(self, rng: random.Random) -> State:
        self.samples += 1
        return self.view.resample(rng)


@pytest.mark.parametrize(("text", "spec"), [c for c in CASES if "grandprix" not in c[0]])
def test_move_depends_on_the_information_state_only(text: str, spec: str) -> None:
    """Two true states with the same information state for the seat (the second resampled
    from the first) give the same move with the same seed."""
    state, seat = decision(text, 11, skip=3)
    game = state.get_game()
    other = state.resample_from_infostate(seat, random.Random(4))
    assert other.information_state_string(seat) == state.information_state_string(seat)
    moves = [make_bot(game, spec).step(SeatView(s, seat), random.Random(2))
             for s in (state, other)]
    assert moves[0] == moves[1]


def test_hidden_parts_changed_give_the_same_move_in_von0auf100() -> None:
    """Hidden licences of the other seats differ between the two states; the move doesn't."""
    state, seat = decision("von0auf100(players=3)", 2, skip=4)
    rng = random.Random(0)
    others = [state.resample_from_infostate(seat, rng) for _ in range(20)]
    changed = [s for s in others if s.to_text() != state.to_text()]
    assert changed, "no state with other hidden licences was found"
    bot = make_bot(state.get_game(), "ismcts(iterations=30)")
    moves = {bot.step(SeatView(s, seat), random.Random(7)) for s in [state, *changed[:3]]}
    assert len(moves) == 1


def test_search_iterates_over_resampled_states() -> None:
    state, seat = decision("ausgebremst(players=2)", 1, skip=1)
    spy = _Spy(SeatView(state, seat))
    bot = SearchBot(state.get_game(), iterations=7)
    bot.step(spy, random.Random(1))  # type: ignore[arg-type]
    assert spy.samples == 7 == bot.last_iterations


def test_time_budget_stops() -> None:
    state, seat = decision("grandprix(players=2)", 1)
    bot = make_bot(state.get_game(), "mcts(seconds=0.05)")
    assert isinstance(bot, SearchBot)
    assert bot.step(SeatView(state, seat), random.Random(1)) in state.legal_actions(seat)
    assert bot.last_iterations >= 1
    assert bot.last_seconds < 1.0


def test_flat_spreads_rollouts_evenly() -> None:
    state, seat = decision("gibgas(players=2)", 4)
    bot = make_bot(state.get_game(), "flat(iterations=20)")
    assert isinstance(bot, FlatMonteCarloBot)
    bot.step(SeatView(state, seat), random.Random(1))
    assert bot.last_iterations == 20


# -- names and parameters ---------------------------------------------------------------------
def test_names_per_game() -> None:
    assert {"mcts", "heuristic", "easy", "medium", "hard"} <= set(bot_names("grandprix"))
    assert "mcts" not in bot_names("von0auf100")  # hidden information: ISMCTS only
    assert "duct" in bot_names("gibgas") and "duct" not in bot_names("ausgebremst")
    assert [p.name for p in bot_params("grandprix", "mcts")] == [
        "iterations", "seconds", "rollout", "depth", "c", "select", "gamma"]
    assert bot_params("von0auf100", "heuristic") == []
    # The lab measures what a way of playing is worth with these (docs/balance.md).
    assert [p.name for p in bot_params("gibgas", "heuristic")] == ["tempo"]
    assert [p.name for p in bot_params("grandprix", "heuristic")] == ["build"]


@pytest.mark.parametrize("game_name", ["gibgas", "von0auf100", "grandprix", "ausgebremst"])
def test_named_strengths_exist(game_name: str) -> None:
    game = rennbahn.load_game(game_name, players=2)
    for name in ("easy", "medium", "hard"):
        make_bot(game, name)


def test_hard_has_a_smaller_budget_at_a_fuller_table() -> None:
    # A Gib Gas! move costs more the more drivers there are (docs/bots.md): hard searches
    # 2,000 iterations with two or three drivers, 1,200 with four or five and 900 with six,
    # to stay within about a second a move.
    games = {seats: rennbahn.load_game(f"gibgas(players={seats})") for seats in range(2, 7)}
    bots = {seats: make_bot(game, "hard") for seats, game in games.items()}
    assert all(isinstance(bot, SearchBot) for bot in bots.values())
    assert {seats: cast(SearchBot, bot).iterations for seats, bot in bots.items()} == {
        2: 2000, 3: 2000, 4: 1200, 5: 1200, 6: 900}
    two, six = cast(SearchBot, bots[2]), cast(SearchBot, bots[6])
    assert two.rollout.fast is not None and six.rollout.evaluator is not None
    assert two.rollout.depth == six.rollout.depth == 12
    with pytest.raises(ParameterError, match=r"stands for duct\(iterations=900"):
        make_bot(rennbahn.load_game("gibgas(players=6)"), "hard(iterations=5)")


def test_parameters_are_read() -> None:
    game = rennbahn.load_game("grandprix(players=2)")
    bot = make_bot(game, "mcts(iterations=7, seconds=0.25, c=1.5, rollout=heuristic)")
    assert isinstance(bot, SearchBot)
    assert (bot.iterations, bot.seconds, bot.c) == (7, 0.25, 1.5)
    assert bot.rollout.bots is not None


@pytest.mark.parametrize(("spec", "words"), [
    ("mcts(budget=3)", "no parameter 'budget'; its parameters are: c, depth, gamma, iterations"),
    ("mcts(iterations=0)", "iterations='0' is not allowed; it takes an integer from 1"),
    ("mcts(seconds=fast)", "seconds='fast' is not allowed; it takes a number from 0"),
    ("mcts(seconds=-1)", "a number from 0 to 3600"),
    ("mcts(seconds=nan)", "a number from 0 to 3600"),
    ("mcts(rollout=smart)", "one of random, heuristic"),
    ("alphazero", "unknown bot 'alphazero' for grandprix; bots: ausgebremst"[:30]),
    ("hard(iterations=3)", "named strength and takes no parameters"),
    ("heuristic(x=1)", "bot 'heuristic' has no parameter 'x'; its parameters are: build"),
    ("random(x=1)", "bot 'random' has no parameter 'x'; its parameters are: none"),
    ("mcts(iterations=", "malformed"),
])
def test_parameter_errors(spec: str, words: str) -> None:
    game = rennbahn.load_game("grandprix(players=2)")
    with pytest.raises(ParameterError, match=None) as error:
        make_bot(game, spec)
    assert words in str(error.value)


def test_unknown_bot_lists_the_names() -> None:
    with pytest.raises(ParameterError) as error:
        make_bot(rennbahn.load_game("gibgas"), "alphazero")
    assert "duct, easy, flat, hard, heuristic, ismcts, medium, random" in str(error.value)


def test_mcts_refused_where_information_is_hidden() -> None:
    with pytest.raises(ParameterError, match="unknown bot 'mcts'"):
        make_bot(rennbahn.load_game("ausgebremst"), "mcts")


# -- strength -------------------------------------------------------------------------------
def test_search_beats_random_in_von0auf100() -> None:
    """A real (small) budget wins clearly against random in a short, seeded match (on the
    small track: the same search in a third of the time of the big one)."""
    bot = "ismcts(iterations=150)"
    standings = tournament("von0auf100(players=2,race=small)", [bot, "random"], 12, 3)
    rows = {row["bot"]: row for row in standings.to_json(timing=False)["bots"]}
    assert rows[bot]["seats_taken"] == 12
    assert rows[bot]["win_rate"] >= 0.8


def test_chance_is_sampled_not_enumerated() -> None:
    """Grand Prix starts at a chance node; a search from a later decision still works."""
    state, seat = decision("grandprix(players=2)", 8, skip=5)
    assert state.current_player() not in (CHANCE, SIMULTANEOUS)
    assert make_bot(state.get_game(), "mcts(iterations=30)").step(
        SeatView(state, seat), random.Random(0)) in state.legal_actions(seat)
