"""The OpenSpiel adapter, checked by OpenSpiel's own tests and bots.

``pyspiel.random_sim_test(game, serialize=True)`` runs for every registered
game and variant (in a pool of two processes: the C++ test drives Python states and is slow),
OpenSpiel's Python MCTS and ISMCTS bots play every sequential game to the end, and the
adapter's GameType, GameInfo, parameters, strings, tensors and resampler are checked against
the rennbahn game they wrap.
"""

from __future__ import annotations

import copy
import json
import multiprocessing
import pickle
import random
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest
from open_spiel.python import rl_environment  # type: ignore[import-untyped]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]
from open_spiel.python.observation import make_observation  # type: ignore[import-untyped]

import rennbahn
from rennbahn.core.driver import random_step
from rennbahn.core.params import Param
from rennbahn.core.protocol import ALL_SEATS, SIMULTANEOUS
from rennbahn.interop import openspiel
from rennbahn.interop.encoders import encode, encode_state, encoder_for
from tests.interop import playthroughs
from tests.interop.cases import FIRST_VARIANTS, VARIANTS, openspiel_sim, random_states

Dynamics = pyspiel.GameType.Dynamics
Information = pyspiel.GameType.Information
Utility = pyspiel.GameType.Utility


@pytest.fixture(scope="module")
def sim_results(request: pytest.FixtureRequest) -> dict[str, str | None]:
    """random_sim_test for every selected variant, longest games first, two at a time."""
    wanted = [
        item.callspec.params["variant"]
        for item in request.session.items
        if getattr(item, "originalname", "") == "test_random_sim_test"
        and hasattr(item, "callspec")
    ]

    def cost(text: str) -> int:
        game = rennbahn.load_game(text)
        return game.max_game_length() * game.num_players()

    wanted.sort(key=cost, reverse=True)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        return dict(zip(wanted, pool.map(openspiel_sim, wanted), strict=True))


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_sim_test(variant: str, sim_results: dict[str, str | None]) -> None:
    assert sim_results[variant] is None, sim_results[variant]


def test_every_registered_game_is_a_pyspiel_game() -> None:
    names = set(pyspiel.registered_names())
    for entry in rennbahn.registered_games():
        assert f"rennbahn_{entry.name}" in names
        game = pyspiel.load_game(f"rennbahn_{entry.name}")
        assert game.get_type().short_name == f"rennbahn_{entry.name}"
        assert game.get_type().min_num_players == entry.game_class.MIN_PLAYERS
        assert game.get_type().max_num_players == entry.game_class.MAX_PLAYERS
        assert set(game.get_type().parameter_specification) == {p.name for p in entry.params}


@pytest.mark.parametrize("variant", VARIANTS)
def test_game_info_is_the_rennbahn_games(variant: str) -> None:
    ours = rennbahn.load_game(variant)
    game = openspiel.load(variant)
    assert game.num_players() == ours.num_players()
    assert game.num_distinct_actions() == ours.num_distinct_actions()
    assert game.max_chance_outcomes() == ours.max_chance_outcomes()
    assert game.min_utility() == ours.min_utility()
    assert game.max_utility() == ours.max_utility()
    assert game.max_game_length() == ours.max_game_length()
    # The game string reads back to the same game.
    assert str(pyspiel.load_game(str(game)).new_initial_state().rennbahn_state.get_game()) \
        == str(ours)


def test_gibgas_game_type() -> None:
    kind = pyspiel.load_game("rennbahn_gibgas").get_type()
    assert kind.dynamics == Dynamics.SIMULTANEOUS
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    # The six-driver race hides each driver's discard (gibgas I15).
    assert kind.information == Information.IMPERFECT_INFORMATION
    # A race where every driver is a total loss pays nobody: not constant-sum.
    assert kind.utility == Utility.GENERAL_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    game = pyspiel.load_game("rennbahn_gibgas", {"players": 2})
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)


@pytest.mark.parametrize("variant", VARIANTS)
def test_game_type_agrees_with_play(variant: str) -> None:
    """A SEQUENTIAL game never reaches a simultaneous node; a PERFECT one hides nothing."""
    kind = openspiel.load(variant).get_type()
    for seed in (1, 2):
        state = random_states(variant, seed)[-1]
        if kind.dynamics == Dynamics.SEQUENTIAL:
            replayed = rennbahn.load_game(variant).new_initial_state()
            for action in state.history():
                assert replayed.current_player() != SIMULTANEOUS
                replayed.apply_action(action)
        if kind.information == Information.PERFECT_INFORMATION:
            assert all(v == ALL_SEATS for _, _, v in state._log)
    ours = rennbahn.load_game(variant)
    if kind.utility != Utility.GENERAL_SUM:
        assert openspiel.load(variant).utility_sum() == ours.utility_sum()


def test_simultaneous_games_do_meet_simultaneous_nodes() -> None:
    for entry in rennbahn.registered_games():
        text = (entry.variants or (entry.name,))[0]
        if openspiel.load(text).get_type().dynamics != Dynamics.SIMULTANEOUS:
            continue
        states = random_states(text, 1)
        assert any(s.current_player() == SIMULTANEOUS for s in states), entry.name


def test_parameters_map_to_rennbahn_parameters() -> None:
    game = pyspiel.load_game("rennbahn_gibgas(players=2,champions=True)")
    ours = game.new_initial_state().rennbahn_state.get_game()
    assert ours.params["players"] == 2
    assert ours.params["champions"] is True
    assert game.get_parameters()["champions"] is True
    with pytest.raises(rennbahn.ParameterError, match="players"):
        pyspiel.load_game("rennbahn_gibgas", {"players": 9})


def test_string_parameters_that_look_like_numbers_are_quoted() -> None:
    races = Param("races", "1", "a string that OpenSpiel would read as a number")
    mode = Param("mode", "family", "an ordinary string")
    assert openspiel.to_spiel(races, "5+7") == "'5+7'"
    assert openspiel.to_spiel(races, "1") == "'1'"
    assert openspiel.to_spiel(races, "true") == "'true'"
    assert openspiel.to_spiel(mode, "advanced") == "advanced"
    assert openspiel.from_spiel(races, "'5+7'") == "5+7"
    assert openspiel.from_spiel(races, 3) == "3"
    assert openspiel.from_spiel(mode, "advanced") == "advanced"
    for text in VARIANTS:  # and every game string survives pyspiel's own round trip
        game = openspiel.load(text)
        again = pyspiel.load_game(str(game))
        assert again.get_parameters() == game.get_parameters()


@pytest.mark.parametrize("variant", FIRST_VARIANTS)
def test_strings_and_tensors_are_the_seats_view(variant: str) -> None:
    game = openspiel.load(variant)
    encoder = encoder_for(rennbahn.load_game(variant))
    n = game.num_players()
    obs_size = encoder.size
    assert game.observation_tensor_shape() == [obs_size]
    info_size = game.information_state_tensor_size()
    assert info_size == (
        obs_size + n * game.num_distinct_actions() + game.max_chance_outcomes() + n + 1
    )
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < 120:
        inner = state.rennbahn_state
        for seat in range(n):
            assert state.observation_string(seat) == inner.observation_string(seat)
            assert state.information_state_string(seat) == inner.information_state_string(seat)
            vector = np.asarray(state.observation_tensor(seat), dtype=np.float32)
            assert np.array_equal(vector, encode(encoder, inner.view(seat)))
            info = np.asarray(state.information_state_tensor(seat))
            assert np.array_equal(info[:obs_size], vector)
            # Every applied action is counted once: seen by actor, or unseen.
            assert info[obs_size:].sum() == len(inner.history())
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(n)])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        steps += 1


def test_hidden_actions_are_counted_as_unseen() -> None:
    """Gib Gas! with six drivers: the other drivers' discards (I15) are not shown."""
    game = pyspiel.load_game("rennbahn_gibgas", {"players": 6})
    state = game.new_initial_state()
    while not state.is_simultaneous_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_actions([state.legal_actions(p)[p] for p in range(6)])  # the discards
    tensor = np.asarray(state.information_state_tensor(0))
    unseen = tensor[-7:]  # per seat, the observer first, then chance
    assert unseen.tolist() == [0, 1, 1, 1, 1, 1, 0]
    assert "1:?" in state.information_state_string(0)


def _as_spiel(game: Any, inner: rennbahn.State) -> openspiel.RennbahnSpielState:
    """The pyspiel state reached by the history of a rennbahn state."""
    state = game.new_initial_state()
    history = inner.full_history()
    n = inner.get_game().num_players()
    i = 0
    while i < len(history):
        if state.is_simultaneous_node():
            state.apply_actions([action for _, action in history[i:i + n]])
            i += n
        else:
            state.apply_action(history[i][1])
            i += 1
    assert isinstance(state, openspiel.RennbahnSpielState)
    return state


@pytest.mark.parametrize("variant", FIRST_VARIANTS)
def test_resample_keeps_the_information_state(variant: str) -> None:
    game = openspiel.load(variant)
    states = random_states(variant, 5, every=7)
    for inner in states[:: max(1, len(states) // 8)]:
        state = _as_spiel(game, inner)
        assert str(state) == inner.to_text()
        for seat in range(game.num_players()):
            sample = state.resample_from_infostate(seat, random.Random(seat))
            assert sample.information_state_string(seat) == state.information_state_string(seat)
            assert sample.observation_string(seat) == state.observation_string(seat)
            assert sample.history() == sample.rennbahn_state.history()
            assert sample.move_number() == state.move_number()


def test_resample_draws_hidden_parts_from_the_seeded_generator() -> None:
    game = pyspiel.load_game("rennbahn_gibgas", {"players": 6})
    state = game.new_initial_state()
    while not state.is_simultaneous_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_actions([state.legal_actions(p)[0] for p in range(6)])  # all discard 200
    first, second = openspiel.resampler(seed=11), openspiel.resampler(seed=11)
    draws = [str(first(state, 0)) for _ in range(10)]
    assert len(set(draws)) > 1  # the other drivers' secret discards vary
    assert draws == [str(second(state, 0)) for _ in range(10)]  # and the seed fixes them
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    assert state.resample_from_infostate(0, sampler).information_state_string(0) == \
        state.information_state_string(0)


def test_serialize_and_clone_keep_the_whole_state() -> None:
    game = pyspiel.load_game("rennbahn_gibgas", {"players": 3})
    state = game.new_initial_state()
    for _ in range(30):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[-1][0])
        else:
            state.apply_actions([state.legal_actions(p)[-1] for p in range(3)])
    text = pyspiel.serialize_game_and_state(game, state)
    _, restored = pyspiel.deserialize_game_and_state(text)
    assert str(restored) == str(state)
    assert restored.history() == state.history()
    assert restored.information_state_string(1) == state.information_state_string(1)
    clone = state.clone()
    assert clone.history() == state.history()
    if clone.is_chance_node():
        clone.apply_action(clone.chance_outcomes()[0][0])
    else:
        clone.apply_actions([clone.legal_actions(p)[0] for p in range(3)])
    assert clone.history() != state.history()
    assert str(state) == str(restored)


def _play(game: Any, bots: list[Any], seed: int) -> list[float]:
    """Play to the end: chance from a seeded generator, bots at their seats."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    returns: list[float] = state.returns()
    return returns


SEQUENTIAL = [
    text for text in FIRST_VARIANTS
    if openspiel.load(text).get_type().dynamics == Dynamics.SEQUENTIAL
]


@pytest.mark.parametrize("variant", SEQUENTIAL)
def test_openspiel_mcts_and_ismcts_play_to_the_end(variant: str) -> None:
    game = openspiel.load(variant)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots: list[Any] = []
    imperfect = game.get_type().information == Information.IMPERFECT_INFORMATION
    for seat in range(game.num_players()):
        if imperfect and seat % 2 == 1:
            bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8,
                                   random_state=rng)
            bot.set_resampler(openspiel.resampler(seed=seat))
            bots.append(bot)
        else:
            bots.append(mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator,
                                     random_state=rng))
    returns = _play(game, bots, seed=2)
    assert len(returns) == game.num_players()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


def test_there_is_a_sequential_game_with_hidden_information() -> None:
    """So that ISMCTS (which insists on IMPERFECT_INFORMATION) is exercised above."""
    kinds = [openspiel.load(text).get_type() for text in SEQUENTIAL]
    assert any(k.information == Information.IMPERFECT_INFORMATION for k in kinds)


def test_importing_rennbahn_does_not_import_the_research_libraries() -> None:
    code = (
        "import sys, rennbahn; rennbahn.registered_games(); "
        "bad = [m for m in ('pyspiel', 'pettingzoo', 'gymnasium', 'numpy') if m in sys.modules]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("variant", FIRST_VARIANTS)
def test_copies_of_a_state_read_from_notation_start_at_the_read_position(variant: str) -> None:
    """Issue 10 item 9: deepcopy, pickle and deserialize replayed from the initial position."""
    game = openspiel.load(variant)
    rng = random.Random(4)
    middle = random_states(variant, 4)
    inner = game.rennbahn_game.state_from_text(middle[len(middle) // 2].to_text())
    for _ in range(3):
        if not inner.is_terminal():
            random_step(inner, rng)
    state = openspiel.RennbahnSpielState(game, inner)
    copies = {
        "deepcopy": copy.deepcopy(state),
        "pickle": pickle.loads(pickle.dumps(state)),
        "deserialize": game.deserialize_state(state.serialize()),
        "clone": state.clone(),
    }
    for how, other in copies.items():
        assert str(other) == str(state), how
        theirs, ours = other.rennbahn_state, state.rennbahn_state
        assert theirs.full_history() == ours.full_history(), how
        for seat in range(game.num_players()):
            assert theirs.information_state_string(seat) == \
                ours.information_state_string(seat), how


# -- issue 14: playthroughs, rl_environment, C++ MCTS, tensors made once ----------------------
@pytest.mark.parametrize("name", sorted(playthroughs.GAMES))
def test_playthrough_plays_the_same_again(name: str) -> None:
    """OpenSpiel's check of its own games: regenerate the recorded playthrough and compare.

    Regenerate after a deliberate change: ``.venv/bin/python -m tests.interop.playthroughs``.
    """
    difference = playthroughs.differs(name)
    assert difference is None, difference


def test_every_registered_game_has_a_playthrough() -> None:
    assert {entry.name for entry in rennbahn.registered_games()} == set(playthroughs.GAMES)
    for name in playthroughs.GAMES:
        text = playthroughs.path_of(name).read_text("utf-8")
        # OpenSpiel asks for the public and private observations of imperfect-information
        # games only.
        hidden = pyspiel.load_game(f"rennbahn_{name}").get_type().information \
            == Information.IMPERFECT_INFORMATION
        assert ("PublicObservationString() = " in text) == hidden, name
        assert ("PrivateObservationString(0) = " in text) == hidden, name
        assert "Returns() = " in text.rsplit("# State", 1)[-1]  # played to the end


def test_public_observer_is_the_public_observation_and_private_adds_the_seats() -> None:
    game = pyspiel.load_game("rennbahn_von0auf100(players=2)")
    state = _as_spiel(game, random_states("von0auf100(players=2)", seed=2)[40])
    inner = state.rennbahn_state
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    private = make_observation(game, pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False,
        private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    assert json.loads(public.string_from(state, 0)) == inner.public_observation()
    for seat in range(2):
        own = json.loads(private.string_from(state, seat))
        assert own["licences"] == inner.observation(seat)["licences"]
        assert "cars" not in own  # what every seat sees is not private
    with pytest.raises(ValueError, match="its public part"):
        make_observation(game, pyspiel.IIGObservationType(
            public_info=False, perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE))


def test_gibgas_runs_in_rl_environment() -> None:
    """OpenSpiel calls apply_actions at every node of a simultaneous game."""
    env = rl_environment.Environment(openspiel.load("gibgas(players=3)"))
    rng = np.random.default_rng(4)
    step = env.reset()
    single_seat_nodes = 0
    while not step.last():
        legal = step.observations["legal_actions"]
        if step.is_simultaneous_move():
            actions = [int(rng.choice(legal[p])) for p in range(3)]
        else:
            single_seat_nodes += 1
            actor = step.observations["current_player"]
            actions = [int(rng.choice(legal[p])) if p == actor else 0 for p in range(3)]
        step = env.step(actions)
    assert single_seat_nodes > 0
    assert sorted(step.rewards) == sorted(env.get_state.returns())


def test_a_joint_action_at_a_single_seat_node_counts_only_the_movers() -> None:
    game = openspiel.load("gibgas(players=2)")
    inner = next(s for s in random_states("gibgas(players=2)", seed=3) if s.current_player() >= 0)
    state = _as_spiel(game, inner)
    mover = state.current_player()
    assert mover >= 0
    action = state.legal_actions(mover)[0]
    twin = state.clone()
    with pytest.raises(rennbahn.IllegalActionError, match="one per seat"):
        state.clone().apply_actions([action])
    joint = [action if p == mover else 999 for p in range(2)]
    state.apply_actions(joint)
    twin.apply_action(action)
    assert str(state) == str(twin)


def test_cpp_mcts_bot_is_refused_with_a_clear_error() -> None:
    game = openspiel.load("grandprix(players=2)")
    evaluator = pyspiel.RandomRolloutEvaluator(1, 1)
    with pytest.raises(openspiel.CppBotRefusedError, match=r"mcts\.MCTSBot"):
        pyspiel.MCTSBot(game, evaluator, 2.0, 10, 100, False, 1, False)
    # OpenSpiel's own games keep their C++ bot.
    native = pyspiel.load_game("tic_tac_toe")
    bot = pyspiel.MCTSBot(native, evaluator, 2.0, 10, 100, False, 1, False)
    assert bot.step(native.new_initial_state()) in range(9)


def test_tensors_are_encoded_once_per_position_and_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """pyspiel asks for each tensor on a new initial state and a copy; neither re-encodes."""
    calls = []

    def counting(encoder: Any, state: Any, seat: int) -> Any:
        calls.append(seat)
        return encode_state(encoder, state, seat)

    monkeypatch.setattr(openspiel, "encode_state", counting)
    env = rl_environment.Environment(openspiel.load("grandprix(players=2)"))
    step = env.reset()
    steps = 1
    while not step.last():
        mover = step.observations["current_player"]
        step = env.step([step.observations["legal_actions"][mover][0]])
        steps += 1
    assert len(calls) <= 2 * steps + 2  # the initial state's two, once for the game


def test_a_copy_shares_vectors_until_it_moves() -> None:
    def advance(state: Any) -> None:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])

    game = openspiel.load("grandprix(players=2)")
    state = game.new_initial_state()
    advance(state)
    before = np.asarray(state.observation_tensor(0))
    copy_ = copy.deepcopy(state)
    for _ in range(3):
        advance(copy_)
    assert np.array_equal(np.asarray(state.observation_tensor(0)), before)
    assert str(state) != str(copy_)
    fresh = game.new_initial_state()
    assert fresh.history() == [] and str(fresh) != str(state)
