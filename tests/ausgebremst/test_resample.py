"""Resampling hidden hands (I28; what is hidden: I26): consistent with everything the seat
saw, and replayable."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import rennbahn
from rennbahn.core.driver import SeatView, sample_chance
from rennbahn.core.protocol import CHANCE
from rennbahn.games.ausgebremst.bots import HeuristicBot
from rennbahn.games.ausgebremst.constants import Q_DRAW, Q_GEARS, Q_PUT
from rennbahn.games.ausgebremst.rules import AusgebremstState
from tests.ausgebremst.conftest import load, notation, play


def _replayed(sample: AusgebremstState) -> str:
    origin = sample._origin
    assert isinstance(origin, AusgebremstState)
    state = origin._copy()
    state._log = []
    for actor, action, _ in sample._log:
        assert action in state.legal_actions(actor if actor != CHANCE else None)
        state.apply_action(action)
    return state.to_text()


def test_i28_resampled_hands_fit_the_plays_and_the_shown_hand() -> None:
    cars = {0: "5i:1:m:R:235:333333:111111:-", 1: "6i:1:m:R:146:323232:101212:-",
            2: "20i:1:m:R:-:111111:000000:-"}
    state = load(notation(cars))
    play(state, "2>7o", "card2")
    play(state, "4>10i", "card6")  # seat 1 plays a 4 and draws in secret
    seen_by_0 = state.information_state_string(0)
    assert "c:?" in seen_by_0
    for seed in range(20):
        sample = state.resample_from_infostate(0, random.Random(seed))
        assert isinstance(sample, AusgebremstState)
        assert sample.information_state_string(0) == seen_by_0
        assert sample.observation_string(0) == state.observation_string(0)
        assert sample.hand[0] == state.hand[0]
        assert len(sample.hand[1]) == 3
        # seat 1 held its 4 at the origin: it is in the resampled origin hand
        origin = sample._origin
        assert isinstance(origin, AusgebremstState) and 4 in origin.hand[1]
        assert _replayed(sample) == sample.to_text()
    samples = [state.resample_from_infostate(0, random.Random(s)) for s in range(30)]
    hands = {s.hand[1] for s in samples if isinstance(s, AusgebremstState)}
    assert len(hands) > 1  # really resampled


def test_i7_a_shown_hand_survives_resampling() -> None:
    cars = {0: "5i:1:m:R:235:333333:111111:-", 1: "4i:1:m:R:1:000000:000000:-",
            2: "20i:1:m:R:-:111111:000000:-", 3: "5o:1:m:R:-:111111:000000:-"}
    state = load(notation(cars, head="1/1 234501 5 i0 - -"))
    play(state, "pass:1")
    sample = state.resample_from_infostate(0, random.Random(3))
    assert isinstance(sample, AusgebremstState)
    assert sample.hand[1] == (1,)


# -- the advanced game (I28) ---------------------------------------------------------------
ADVANCED = "ausgebremst(players=3,mode=advanced)"
#: The three readings of the order inside a gear stack (I24): sorted (the default), shuffled,
#: and chosen (AB-15: the player deals its values in an order of its choice, in secret).
CHOSEN = ADVANCED[:-1] + ",stack_order=chosen)"
ORDERS = pytest.mark.parametrize(
    "game", [ADVANCED, ADVANCED[:-1] + ",stack_order=shuffled)", CHOSEN])


def _replayed_from_start(sample: AusgebremstState) -> str:
    """Replay the sample's history from its start (the origin, or the initial state)."""
    if sample._origin is not None:
        return _replayed(sample)
    state = sample.get_game().new_initial_state()
    for actor, action, _ in sample._log:
        assert action in state.legal_actions(actor if actor != CHANCE else None)
        state.apply_action(action)
    return state.to_text()


def _playout(game: str, steps: int, seed: int) -> AusgebremstState:
    """Heuristic bots and sampled chance from the initial state, ``steps`` actions."""
    loaded = rennbahn.load_game(game)
    bot = HeuristicBot(loaded)
    rng = random.Random(seed)
    state = loaded.new_initial_state()
    assert isinstance(state, AusgebremstState)
    for _ in range(steps):
        _step(state, rng, bot)
    assert not state.is_terminal()
    return state


def _step(state: AusgebremstState, rng: random.Random, bot: HeuristicBot | None = None) -> None:
    """One action: a chance outcome by its probability, else the bot's or a random move."""
    player = state.current_player()
    if player == CHANCE:
        state.apply_action(sample_chance(state.chance_outcomes(), rng))
    elif bot is not None:
        state.apply_action(bot.step(SeatView(state, player), rng))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _hidden(state: AusgebremstState, seat: int) -> tuple[object, ...]:
    """Everything of a seat the others may not know."""
    return (state.choice[seat], state.gears[seat], state.hand[seat], state.stacks[seat],
            state.tops[seat], state.pitc[seat], state.deck[seat])


def _samples(state: AusgebremstState, seat: int, count: int) -> list[AusgebremstState]:
    samples = []
    for seed in range(count):
        sample = state.resample_from_infostate(seat, random.Random(seed))
        assert isinstance(sample, AusgebremstState)
        samples.append(sample)
    return samples


def _consistent_samples(state: AusgebremstState, count: int) -> list[AusgebremstState]:
    """Samples for seat 0 that it cannot tell from ``state`` and that replay to themselves."""
    samples = _samples(state, 0, count)
    for sample in samples:
        assert sample.observation_string(0) == state.observation_string(0)
        assert sample.information_state_string(0) == state.information_state_string(0)
        assert sample.legal_actions(0) == state.legal_actions(0)
        assert _replayed_from_start(sample) == sample.to_text()
    return samples


def _read_and_play_on(text: str, steps: int, game: str = ADVANCED) -> AusgebremstState:
    """The position read from notation, then ``steps`` random actions."""
    state = rennbahn.load_game(game).state_from_text(text)
    assert isinstance(state, AusgebremstState)
    rng = random.Random(0)
    for _ in range(steps):
        _step(state, rng)
    return state


@ORDERS
def test_i28_advanced_samples_look_the_same_to_the_seat_and_replay_to_themselves(
        game: str) -> None:
    """I28, I24: with sorted stacks the replay checks each draw was its stack's lowest."""
    state = _playout(game, 120, seed=4)
    assert state.race == 0 and sum(state.played[1]) >= 3 and sum(state.played[2]) >= 3
    _consistent_samples(state, 30)


@ORDERS
def test_i28_advanced_samples_vary_the_others_and_keep_the_seat_own_cards(game: str) -> None:
    state = _playout(game, 120, seed=4)
    samples = _samples(state, 0, 30)
    for sample in samples:
        assert _hidden(sample, 0) == _hidden(state, 0)
    for seat in (1, 2):
        assert len({sample.gears[seat] for sample in samples}) > 1
        assert len({sample.stacks[seat] for sample in samples}) > 1
        # the hidden draws in the history are resampled too
        assert len({tuple(sample.history()) for sample in samples}) > 1
    # the hands hold hidden draws: with either order (I24) they are resampled too
    hands = [len({sample.hand[seat] for sample in samples}) for seat in (1, 2)]
    assert max(hands) > 1


@ORDERS
def test_i28_a_sample_depends_only_on_what_the_seat_knows(game: str) -> None:
    """Two states the seat cannot tell apart give the same samples from the same seed."""
    state = _playout(game, 150, seed=2)
    other = state.resample_from_infostate(0, random.Random(99))
    assert isinstance(other, AusgebremstState)
    assert _hidden(other, 1) != _hidden(state, 1) or _hidden(other, 2) != _hidden(state, 2)
    for seed in range(10):
        a = state.resample_from_infostate(0, random.Random(seed))
        b = other.resample_from_infostate(0, random.Random(seed))
        assert a.to_text() == b.to_text() and a.history() == b.history()


@ORDERS
def test_i28_empty_stacks_stay_empty_in_every_sample(game: str) -> None:
    """A seat that played without drawing has no stack cards left: every seat saw that, so
    the sampled deck choice and stacks must run out at the same draw."""

    def ran_out(state: AusgebremstState) -> bool:
        return (state.status[1] == 0 and bool(state.stacks[1]) and len(state.hand[1]) == 1
                and not any(map(sum, state.stacks[1])) and not any(state.tops[1])
                and not state.queue)

    state = _first(game, ran_out, heuristic=True)
    for sample in _samples(state, 0, 20):
        assert not any(map(sum, sample.stacks[1])) and not any(sample.tops[1])
        assert _replayed_from_start(sample) == sample.to_text()


@ORDERS
def test_i28_resampling_a_position_read_from_notation(game: str) -> None:
    """The history starts at a mid-race position: its hidden part is resampled as well."""
    state = _read_and_play_on(_playout(game, 90, seed=6).to_text(), 30, game)
    samples = _consistent_samples(state, 30)
    for sample in samples:
        assert _hidden(sample, 0) == _hidden(state, 0)
    origins = [sample._origin for sample in samples]
    assert len({o.gears[1] for o in origins if isinstance(o, AusgebremstState)}) > 1


def test_ab15_i28_sampled_deal_orders_vary_and_fit_every_draw_seen() -> None:
    """I28 with stack_order=chosen (AB-15): the order each other seat dealt its values in is
    hidden and sampled, so it varies; each sample replays from the start, so every hidden
    draw of it was the card on top of the order sampled (a draw has that one outcome)."""
    state = _playout(CHOSEN, 120, seed=4)
    samples = _consistent_samples(state, 30)
    for seat in (1, 2):
        assert len({sample.dealt[seat] for sample in samples}) > 1
        assert all(sorted(sample.dealt[seat]) == [1, 2, 3, 4, 5, 6] for sample in samples)
    assert {sample.dealt[0] for sample in samples} == {state.dealt[0]}


def car(space: str, hand: str, pit: str, stacks: str = "210000/002000/000200/000033",
        cross: int = 1) -> str:
    return f"{space}:{cross}:m:R:{hand}:000000:000000:-:{stacks}:a:112344:{pit}"


def test_i22_i28_the_kept_pit_card_is_secret_until_played() -> None:
    cars = {0: car("10i", "12", "24"), 1: car("28o", "35", "24")}
    state = load(notation(cars, head="1/1 345201 5 i0 - -", advanced=True), ADVANCED)
    play(state, "3>p1", "take4")
    seen = state.observation(0)["cars"][1]
    assert seen["pit_cards"] == [2, 4]  # not [2]: that would tell the 4 was kept
    assert seen["points_left"] == state.points_left(1) - 4
    kept = {sample.pitc[1] for sample in _samples(state, 0, 30)}
    assert kept == {(2,), (4,)}
    play(state, "put2")
    for sample in _samples(state, 0, 10):
        assert sample.observation_string(0) == state.observation_string(0)
        assert _replayed(sample) == sample.to_text()


def test_i5_i28_a_six_played_in_the_lead_was_from_a_hand_of_sixes() -> None:
    """The leader on a bottleneck played a 6, allowed only with a hand of nothing but 6s:
    every sample's hand held only 6s then."""
    cars = {0: "5i:1:m:R:235:333333:000000:-", 1: "11b:1:m:R:666:333331:000000:-"}
    state = load(notation(cars, head="1/1 234501 5 i0 - -"))
    play(state, "6>17i", "card2")
    assert state.sixes_only == [0]
    for sample in _samples(state, 0, 20):
        origin = sample._origin
        assert isinstance(origin, AusgebremstState) and origin.hand[1] == (6, 6, 6)
        assert _replayed(sample) == sample.to_text()


def _first(game: str, wanted: Callable[[AusgebremstState], bool],
           heuristic: bool = False) -> AusgebremstState:
    """The first position of a seeded random (or heuristic) playout where ``wanted`` holds:
    a search over seeds, so that a change of the bot's play does not lose the position."""
    loaded = rennbahn.load_game(game)
    bot = HeuristicBot(loaded) if heuristic else None
    for seed in range(20):
        rng = random.Random(seed)
        state = loaded.new_initial_state()
        assert isinstance(state, AusgebremstState)
        while not state.is_terminal():
            if wanted(state):
                return state
            _step(state, rng, bot)
    raise AssertionError("no such position in 20 playouts")


STARTS = {
    # regression: the stack of a draw picked before the history began was taken as stack 1
    "a stack draw pending": lambda s: bool(s.queue) and s.queue[0][0] == Q_DRAW
    and s.queue[0][1] != 0 and s.queue[0][2] > 0,
    # regression: a start in the middle of arranging was written back as arranged
    "arranging the gears": lambda s: bool(s.queue) and s.queue[0][:2] == (Q_GEARS, 1)
    and sum(stack >= 0 for stack in s.gears[1]) == 3,
    # the kept pit card is unseen: which one is sampled
    "waiting to put a pit card": lambda s: bool(s.queue) and s.queue[0][:2] == (Q_PUT, 1),
}


@ORDERS
@pytest.mark.parametrize("start", sorted(STARTS))
def test_i28_resampling_from_notation_in_the_middle_of_a_step(start: str, game: str) -> None:
    state = _read_and_play_on(_first(game, STARTS[start]).to_text(), 12, game)
    samples = _consistent_samples(state, 20)
    if start == "waiting to put a pit card":
        origins = [s._origin for s in samples]
        assert len({o.pitc[1] for o in origins if isinstance(o, AusgebremstState)}) == 2
