"""The lab's statistics against published values (no SciPy: these are the check)."""

from __future__ import annotations

import pytest

from rennbahn.lab.inference import (
    bootstrap_mean_difference,
    newcombe,
    paired,
    t_cdf,
    t_quantile,
    two_proportion_z,
    welch,
)
from rennbahn.lab.metrics import decisiveness, drama, lead_changes

# Welch's example data (Wikipedia, "Welch's t-test", example 1).
A1 = [27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4]
A2 = [27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4]


def test_newcombe_interval_matches_newcombe_1998() -> None:
    # Newcombe (1998), Statistics in Medicine 17, table II, example (a): 56/70 - 48/80.
    low, high = newcombe(56, 70, 48, 80)
    assert low == pytest.approx(0.0524, abs=5e-5)
    assert high == pytest.approx(0.3339, abs=5e-5)


def test_two_proportion_z_test() -> None:
    # Pooled p = 104/150; z = 0.2 / sqrt(p(1-p)(1/70 + 1/80)) = 2.650, p = 0.0080.
    result = two_proportion_z(56, 70, 48, 80)
    assert result.estimate == pytest.approx(0.2)
    assert result.p == pytest.approx(0.00805, abs=5e-5)
    assert (result.low, result.high) == pytest.approx(newcombe(56, 70, 48, 80))


def test_student_t_distribution() -> None:
    assert t_cdf(2.0, 10) == pytest.approx(0.963306, abs=1e-6)
    assert t_cdf(-2.0, 10) == pytest.approx(1 - 0.963306, abs=1e-6)
    assert t_quantile(0.975, 10) == pytest.approx(2.228139, abs=1e-5)
    assert t_quantile(0.975, 4) == pytest.approx(2.776445, abs=1e-5)
    assert t_quantile(0.975, 1e6) == pytest.approx(1.959964, abs=1e-4)


def test_welch_matches_the_published_example() -> None:
    result = welch(A1, A2)
    se = (result.high - result.low) / 2 / t_quantile(0.975, 24.9885)
    assert result.estimate / se == pytest.approx(-2.46, abs=0.005)
    assert result.p == pytest.approx(0.021, abs=0.001)


def test_paired_t_on_a_textbook_sample() -> None:
    # Differences 1..5: mean 3, sd 1.5811, t = 4.2426 on 4 df, p = 0.01324.
    result = paired([2, 4, 6, 8, 10], [1, 2, 3, 4, 5])
    assert result.estimate == pytest.approx(3.0)
    assert result.p == pytest.approx(0.01324, abs=5e-5)
    assert (result.low, result.high) == pytest.approx((1.0368, 4.9632), abs=5e-4)


def test_the_bootstrap_is_seeded_and_brackets_the_mean() -> None:
    one = bootstrap_mean_difference(A2, A1, seed=7)
    assert one == bootstrap_mean_difference(A2, A1, seed=7)
    assert one.low < one.estimate < one.high
    assert one.estimate == pytest.approx(sum(A2) / 15 - sum(A1) / 15)
    assert one.p < 0.05


def test_game_metrics_from_a_leader_trace() -> None:
    trace = [0, 0, -1, 1, 1, 0, 0, 0]
    assert lead_changes(trace) == 2
    assert decisiveness(trace, {0}) == pytest.approx(3 / 8)
    assert decisiveness(trace, set()) is None
    assert drama(trace, {0}) is True  # seat 2 (index 1) led at half-time and lost
    assert drama(trace, {1}) is False
