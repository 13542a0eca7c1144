"""OpenSpiel's Python MCTS and ISMCTS as rennbahn bots (``openspiel-mcts``, ``openspiel-ismcts``):
made by name, refused where they cannot play, seeded, and searching only what the seat knows.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

import rennbahn
from rennbahn.bots import bot_names, bot_params, make_bot
from rennbahn.bots.factory import register_bot
from rennbahn.bots.rate import decisions
from rennbahn.core.driver import SeatView
from rennbahn.core.errors import ParameterError
from rennbahn.core.protocol import State
from rennbahn.interop.openspiel_bots import OpenSpielISMCTSBot, OpenSpielMCTSBot
from rennbahn.sim.tournament import tournament

ROOT = Path(__file__).resolve().parents[2]
VON0AUF100 = "von0auf100(players=2,race=small)"
GRANDPRIX = "grandprix(players=2,turn_limit=12)"  # short: most games end at the limit


def test_make_bot_by_name_with_parameters() -> None:
    searcher = make_bot(rennbahn.load_game(VON0AUF100),
                        "openspiel-ismcts(simulations=7,rollouts=2,c=1.5)")
    assert isinstance(searcher, OpenSpielISMCTSBot)
    assert (searcher.simulations, searcher.rollouts, searcher.c, searcher.seconds) == (
        7, 2, 1.5, 0.0)
    planner = make_bot(rennbahn.load_game(GRANDPRIX), "openspiel-mcts(seconds=0.5)")
    assert isinstance(planner, OpenSpielMCTSBot)
    assert (planner.simulations, planner.seconds, planner.c) == (1000, 0.5, 2.0)


def test_listed_only_where_they_can_play() -> None:
    assert "openspiel-mcts" in bot_names("grandprix")
    assert "openspiel-ismcts" not in bot_names("grandprix")
    for game in ("von0auf100", "ausgebremst"):
        assert "openspiel-ismcts" in bot_names(game)
        assert "openspiel-mcts" not in bot_names(game)
    assert not [n for n in bot_names("gibgas") if n.startswith("openspiel-")]
    assert [p.name for p in bot_params("von0auf100", "openspiel-ismcts")] == [
        "simulations", "seconds", "rollouts", "c"]


@pytest.mark.parametrize(("game", "spec", "words"), [
    ("gibgas", "openspiel-ismcts", "Gib Gas! has simultaneous rounds"),
    ("gibgas", "openspiel-mcts(simulations=5)", "Gib Gas! has simultaneous rounds"),
    ("von0auf100", "openspiel-mcts", "hides information"),
    ("ausgebremst", "openspiel-mcts", "use openspiel-ismcts"),
    ("grandprix", "openspiel-ismcts", "insists on imperfect information; use openspiel-mcts"),
])
def test_refused_where_it_cannot_play(game: str, spec: str, words: str) -> None:
    with pytest.raises(ParameterError) as error:
        make_bot(rennbahn.load_game(game), spec)
    assert f"cannot play {game}: " in str(error.value)
    assert words in str(error.value)
    with pytest.raises(ParameterError):
        bot_params(game, spec.partition("(")[0])


@pytest.mark.parametrize(("spec", "words"), [
    ("openspiel-mcts(simulations=0)", "simulations='0' is not allowed"),
    ("openspiel-mcts(seconds=-1)", "seconds='-1'"),
    ("openspiel-mcts(iterations=5)", "its parameters are: c, rollouts, seconds, simulations"),
    ("openspiel-alphazero", "unknown bot 'openspiel-alphazero'"),
])
def test_parameters_checked(spec: str, words: str) -> None:
    with pytest.raises(ParameterError) as error:
        make_bot(rennbahn.load_game(GRANDPRIX), spec)
    assert words in str(error.value)


def test_a_registered_name_needs_a_known_prefix() -> None:
    with pytest.raises(ParameterError, match="starts with one of openspiel-"):
        register_bot("alphazero", "somewhere:Bot", lambda game_class: None)


@pytest.mark.parametrize(("game", "spec"), [
    (VON0AUF100, "openspiel-ismcts(simulations=6)"),
    (GRANDPRIX, "openspiel-mcts(simulations=4)"),
])
def test_seeded_tournament_finishes_and_repeats(game: str, spec: str) -> None:
    runs = [tournament(game, [spec, "heuristic"], 2, 5).to_json(timing=False)
            for _ in range(2)]
    assert runs[0] == runs[1]
    assert runs[0]["games"] == 2
    assert {row["bot"]: row["seats_taken"] for row in runs[0]["bots"]} == {
        spec: 2, "heuristic": 2}


@pytest.mark.parametrize(("game", "spec"), [
    (VON0AUF100, "openspiel-ismcts(seconds=0.01)"),
    (GRANDPRIX, "openspiel-mcts(seconds=0.01)"),
])
def test_a_time_budget_stops_the_search_with_a_legal_move(game: str, spec: str) -> None:
    bot = make_bot(rennbahn.load_game(game), spec)
    assert isinstance(bot, OpenSpielISMCTSBot | OpenSpielMCTSBot)
    for state, seat in decisions(game, 3, seed=2):
        move = bot.step(SeatView(state, seat), random.Random(1))
        assert move in state.legal_actions(seat)
        assert bot.last_simulations >= 2


# -- the seat's view only -------------------------------------------------------------------
class _Poison:
    """Stands where a SeatView keeps the true state: any look at it fails the test."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the bot looked at the true state (.{name})")


class _GuardedView(SeatView):
    """A SeatView answering from the true state through its public methods only; the slot a
    bot reaching round the view would read holds poison, and every resampled state handed
    out is noted."""

    def __init__(self, state: State, seat: int) -> None:
        super().__init__(_Poison(), seat)  # type: ignore[arg-type]
        self._inner = SeatView(state, seat)
        self.handed_out: list[State] = []

    def __getattribute__(self, name: str) -> Any:
        if name.startswith("_") or name in ("handed_out", "resample"):
            return object.__getattribute__(self, name)
        return getattr(object.__getattribute__(self, "_inner"), name)

    def resample(self, rng: random.Random) -> State:
        state = self._inner.resample(rng)
        self.handed_out.append(state)
        return state


def _spy(monkeypatch: pytest.MonkeyPatch, cls: Any, method: str) -> list[State]:
    """Note the rennbahn state inside every pyspiel state handed to ``cls.method``."""
    seen: list[State] = []
    original = getattr(cls, method)

    def spying(self: Any, state: Any) -> Any:
        seen.append(state._held.state)
        return original(self, state)

    monkeypatch.setattr(cls, method, spying)
    return seen


@pytest.mark.parametrize(("game", "spec", "cls", "method"), [
    (VON0AUF100, "openspiel-ismcts(simulations=12)", ismcts.ISMCTSBot, "get_policy"),
    ("ausgebremst(players=2)", "openspiel-ismcts(simulations=4)", ismcts.ISMCTSBot,
     "get_policy"),
    (GRANDPRIX, "openspiel-mcts(simulations=12)", mcts.MCTSBot, "step"),
])
def test_openspiel_searches_a_state_resampled_from_the_view(
    monkeypatch: pytest.MonkeyPatch, game: str, spec: str, cls: Any, method: str
) -> None:
    roots = _spy(monkeypatch, cls, method)
    bot = make_bot(rennbahn.load_game(game), spec)
    for state, seat in decisions(game, 3, seed=4):
        view = _GuardedView(state, seat)
        move = bot.step(view, random.Random(3))
        assert move in state.legal_actions(seat)
        assert roots[-1] is view.handed_out[0]  # OpenSpiel got the view's resampled state
        assert roots[-1] is not state
    assert len(roots) == 3


def _other_world(state: State, seat: int) -> State:
    """A state the seat cannot tell from ``state`` whose hidden parts differ."""
    rng = random.Random(0)
    for _ in range(200):
        other = state.resample_from_infostate(seat, rng)
        if other.to_text() != state.to_text():
            return other
    raise AssertionError("no other world found")


def test_ismcts_decides_on_the_information_state_not_the_hidden_truth() -> None:
    """Two true states differing only in what the seat cannot see (the other seats'
    licences) get the same moves from the same seed; a bot that searched the true state
    would play the hidden licences and differ."""
    bot = make_bot(rennbahn.load_game("von0auf100(players=3,race=small)"),
                   "openspiel-ismcts(simulations=30)")
    compared = 0
    for state, seat in decisions("von0auf100(players=3,race=small)", 6, seed=8):
        other = _other_world(state, seat)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        moves = [bot.step(SeatView(s, seat), random.Random(11)) for s in (state, other)]
        assert moves[0] == moves[1]
        compared += 1
    assert compared == 6


def test_without_the_extra_naming_the_bot_names_the_rl_extra() -> None:
    code = (
        "import sys\n"
        "sys.modules['pyspiel'] = None\n"
        "import rennbahn\n"
        "from rennbahn.bots import bot_names, make_bot\n"
        "print([n for n in bot_names('von0auf100') if n.startswith('openspiel')])\n"
        "try:\n"
        "    make_bot(rennbahn.load_game('von0auf100'), 'openspiel-ismcts')\n"
        "except ImportError as exc:\n"
        "    from rennbahn.core.errors import RennbahnError\n"
        "    print(type(exc).__name__, isinstance(exc, RennbahnError), exc)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, cwd=ROOT)
    listed, error = result.stdout.splitlines()
    assert listed == "[]"
    assert error.startswith("MissingExtraError True "), result.stdout + result.stderr
    assert "pip install 'rennbahn[rl]'" in error
