"""One test over every registered game and variant.

A game joins by registering (``GameEntry.variants`` lists the game strings to cover). Seeded
random playouts check, at every node, the promises of the protocol: legal actions exist until
the end, chance probabilities sum to 1, clones are independent, ``to_text`` round-trips,
illegal actions are refused without changing the state, notation reads back, resampled states
look the same to the seat they were sampled for; and for whole games, that records replay
identically, the same seed gives the same game, and returns stay within the declared bounds.
"""

from __future__ import annotations

import json
import math
import random

import pytest

import rennbahn
from rennbahn.bots import RandomBot
from rennbahn.core.driver import random_step
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, State

VARIANTS = [
    (entry.name, variant)
    for entry in rennbahn.registered_games()
    for variant in (entry.variants or (entry.name,))
]
SEEDS = (1, 2, 3)
#: The first seed's playout checks every node of its first FIRST_SEED_ALL steps (a whole race
#: of every single-race variant), then every FIRST_SEED_EVERY-th; the others every
#: OTHER_SEEDS_EVERY-th node. So the long championships fit the suite's five minutes while
#: three playouts still cover each variant.
FIRST_SEED_ALL = 400
FIRST_SEED_EVERY = 3
OTHER_SEEDS_EVERY = 4


def _checked(seed: int, steps: int) -> bool:
    """Whether the playout of ``seed`` checks the node after ``steps`` steps."""
    if seed != SEEDS[0]:
        return steps % OTHER_SEEDS_EVERY == 0
    return steps < FIRST_SEED_ALL or steps % FIRST_SEED_EVERY == 0


def test_every_game_is_covered() -> None:
    names = {entry.name for entry in rennbahn.registered_games()}
    assert names, "no game is registered"
    assert names == {name for name, _ in VARIANTS}
    for entry in rennbahn.registered_games():
        for variant in entry.variants:
            assert rennbahn.load_game(variant).NAME == entry.name
        counts = {rennbahn.load_game(v).num_players() for v in entry.variants}
        cls = entry.game_class
        assert counts == set(range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1)), (
            f"{entry.name}: the variants must cover every player count")


def _check_node(state: State, rng: random.Random) -> None:
    game = state.get_game()
    n = game.num_players()
    player = state.current_player()
    text = state.to_text()

    # to_text round-trips, and the restored state behaves the same.
    restored = game.state_from_text(text)
    assert restored.to_text() == text
    assert restored.current_player() == player
    for seat in range(n):
        assert restored.legal_actions(seat) == state.legal_actions(seat)
        assert restored.observation(seat) == state.observation(seat)

    # The public observation is JSON, survives notation, and holds nothing that any one seat
    # may not know: every state resampled from any seat's information state shows the same.
    public = state.public_observation()
    assert json.loads(json.dumps(public)) == public
    assert restored.public_observation() == public

    # Observations are JSON and the resampled state looks the same to that seat.
    for seat in range(n):
        obs = state.observation(seat)
        assert json.loads(json.dumps(obs)) == obs
        sample = state.resample_from_infostate(seat, rng)
        assert sample.observation_string(seat) == state.observation_string(seat)
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.current_player() == player
        assert sample.legal_actions(seat) == state.legal_actions(seat)
        assert sample.public_observation() == public, f"public view differs for seat {seat}"

    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes, "a chance node without outcomes"
        assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
        assert all(p > 0 for _, p in outcomes)
        actions = [a for a, _ in outcomes]
        assert actions == sorted(set(actions))
        assert all(0 <= a < game.max_chance_outcomes() for a in actions)
        for a in actions:
            assert state.string_to_action(CHANCE, state.action_to_string(CHANCE, a)) == a
    else:
        seats = range(n) if player == SIMULTANEOUS else [player]
        for seat in seats:
            legal = state.legal_actions(seat)
            assert legal, f"seat {seat} has no legal action at {text}"
            assert legal == sorted(set(legal))
            assert all(0 <= a < game.num_distinct_actions() for a in legal)
            names = [state.action_to_string(seat, a) for a in legal]
            assert len(set(names)) == len(names), f"notation not unique: {names}"
            for a, name in zip(legal, names, strict=True):
                assert state.string_to_action(seat, name) == a
        # An illegal action is refused and leaves the state as it was.
        if player != SIMULTANEOUS:
            illegal = next(
                a for a in range(game.num_distinct_actions() + 1)
                if a not in state.legal_actions(player)
            )
            with pytest.raises(rennbahn.IllegalActionError):
                state.apply_action(illegal)
            assert state.to_text() == text
        else:
            with pytest.raises(rennbahn.IllegalActionError):
                state.apply_action(state.legal_actions(0)[0])
            with pytest.raises(rennbahn.IllegalActionError):
                state.apply_actions([state.legal_actions(0)[0]] * (n + 1))
            assert state.to_text() == text
    for seat in (n, -5):
        with pytest.raises(rennbahn.IllegalActionError):
            state.observation(seat)
        with pytest.raises(rennbahn.IllegalActionError):
            state.legal_actions(seat)
        with pytest.raises(rennbahn.IllegalActionError):
            state.resample_from_infostate(seat, rng)


@pytest.mark.parametrize(("name", "variant"), VARIANTS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_keeps_the_protocol(name: str, variant: str, seed: int) -> None:
    game = rennbahn.load_game(variant)
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_simultaneous_node():
            assert game.SIMULTANEOUS_MOVES, "a simultaneous node, but not declared"
        if _checked(seed, steps):
            _check_node(state, rng)
        before = state.to_text()
        copy = state.clone()
        random_step(copy, rng)  # a clone moves; the original must not
        assert state.to_text() == before
        random_step(state, rng)
        steps += 1
        assert len(state.history()) <= game.max_game_length()
    if not game.HIDDEN_INFORMATION:
        for seat in range(game.num_players()):
            assert None not in [a for _, a in state.seen_history(seat)], "hidden, undeclared"
    returns = state.returns()
    assert len(returns) == game.num_players()
    assert all(game.min_utility() - 1e-9 <= r <= game.max_utility() + 1e-9 for r in returns)
    total = game.utility_sum()
    if total is not None:
        assert math.isclose(sum(returns), total, abs_tol=1e-9)
    assert state.legal_actions() == []
    restored = game.state_from_text(state.to_text())
    assert restored.is_terminal()
    assert restored.returns() == returns


@pytest.mark.parametrize(("name", "variant"), VARIANTS)
def test_records_replay_and_seeds_repeat(name: str, variant: str) -> None:
    game = rennbahn.load_game(variant)
    bots = [RandomBot(game) for _ in range(game.num_players())]
    record = rennbahn.play(game, bots, seed=7)
    again = rennbahn.play(game, [RandomBot(game) for _ in bots], seed=7)
    assert again.dumps() == record.dumps(), "same seed and bots must give the same game"
    loaded = rennbahn.Record.loads(record.dumps())
    assert loaded.dumps() == record.dumps()
    *_, (_, final) = rennbahn.replay(loaded)
    assert final.to_text() == record.final
    assert final.returns() == record.returns


@pytest.mark.parametrize(("name", "variant"), VARIANTS)
def test_game_facts(name: str, variant: str) -> None:
    game = rennbahn.load_game(variant)
    assert game.MIN_PLAYERS <= game.num_players() <= game.MAX_PLAYERS
    assert game.min_utility() <= game.max_utility()
    assert game.max_game_length() > 0
    assert isinstance(game.version, int)
    assert rennbahn.load_game(str(game)) == game
    with pytest.raises(rennbahn.ParameterError):
        rennbahn.load_game(name, no_such_parameter=1)
