"""The training recipe in examples/ keeps working: its measuring parts without torch, its
training with the ``train`` extra (MaskablePPO from sb3-contrib, which the test command
installs)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
RECIPE = ROOT / "examples" / "train_maskable_ppo.py"
RULE = ROOT / "examples" / "von0auf100_rule.py"


@pytest.fixture(scope="module")
def recipe() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", RECIPE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_wilson_interval(recipe: ModuleType) -> None:
    low, high = recipe.wilson(50, 100)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    assert recipe.wilson(0, 10)[0] == 0.0 and recipe.wilson(10, 10)[1] == 1.0


def test_random_plays_at_its_rate_and_the_seed_fixes_the_races(recipe: ModuleType) -> None:
    first = recipe.win_rate("grandprix(players=2)", recipe.random_policy(1), 30, seed=5)
    again = recipe.win_rate("grandprix(players=2)", recipe.random_policy(1), 30, seed=5)
    assert first == again
    won, races = first
    assert races == 30 and 3 <= won <= 27


def test_random_only_needs_no_torch() -> None:
    result = subprocess.run(
        [sys.executable, str(RECIPE), "--game", "grandprix(players=2)", "--random-only",
         "--episodes", "10"],
        capture_output=True, text=True, check=True, cwd=ROOT,
    )
    assert "random play" in result.stdout and "of 10 races (95% interval" in result.stdout


def test_the_von0auf100_rule_wins_from_the_encoded_vector_alone(recipe: ModuleType) -> None:
    """docs/research.md: the encoder carries what a simple winning policy needs."""
    spec = importlib.util.spec_from_file_location("von0auf100_rule", RULE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    import rennbahn
    from rennbahn.interop.encoders import encoder_for

    names = list(encoder_for(rennbahn.load_game(module.GAME)).feature_names())
    won, _ = recipe.win_rate(module.GAME, module.rule(names), 60, seed=3)
    random_won, _ = recipe.win_rate(module.GAME, recipe.random_policy(1), 60, seed=3)
    assert won >= 45 and won > random_won + 10  # 87% of 400 races; random play 50%
    done = subprocess.run([sys.executable, str(RULE), "--episodes", "4"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "the rule" in done.stdout and "of 4 races" in done.stdout


def test_the_recipe_trains_a_policy_that_plays_legal_moves_and_the_seed_fixes_it(
        recipe: ModuleType) -> None:
    """MaskablePPO itself (the ``train`` extra): one policy update, then races; the same seed
    trains the same policy (docs/research.md, "Training")."""
    game = "von0auf100(players=2)"
    played: list[int] = []

    def legal_only(policy: object) -> object:
        def choose(observation: object, mask: object) -> int:
            action = int(policy(observation, mask))  # type: ignore[operator]
            assert mask[action]  # type: ignore[index]
            played.append(action)
            return action
        return choose

    results = []
    for _ in range(2):
        policy = recipe.train(game, 2048, seed=3, opponent="random")
        results.append(recipe.win_rate(game, legal_only(policy), 6, seed=4))
    assert results[0] == results[1] and results[0][1] == 6
    half = len(played) // 2
    assert played[:half] == played[half:] and len(set(played)) > 1
