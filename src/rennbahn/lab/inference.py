"""The statistics of the lab: intervals and tests for differences between variants.

Small pure functions, checked against published values in tests/lab/test_inference.py.
No SciPy: the t distribution comes from the regularized incomplete beta function
(a continued fraction, as in *Numerical Recipes*), the normal from :mod:`statistics`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist, fmean, variance

from rennbahn.sim.runner import Z95, wilson

__all__ = ["Difference", "bootstrap_mean_difference", "newcombe", "paired", "t_cdf",
           "t_quantile", "two_proportion_z", "welch", "wilson"]

_NORMAL = NormalDist()


@dataclass(frozen=True)
class Difference:
    """A difference (first minus second) with its 95% interval and a two-sided p-value."""

    estimate: float
    low: float
    high: float
    p: float
    method: str


def normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return 2.0 * (1.0 - _NORMAL.cdf(abs(z)))


def newcombe(x1: float, n1: int, x2: float, n2: int, z: float = Z95) -> tuple[float, float]:
    """Newcombe's hybrid score interval for ``x1/n1 - x2/n2`` (his method 10, from the
    Wilson intervals of each proportion).

    >>> [round(v, 4) for v in newcombe(56, 70, 48, 80)]
    [0.0524, 0.3339]
    """
    p1, p2 = x1 / n1, x2 / n2
    l1, u1 = wilson(x1, n1, z)
    l2, u2 = wilson(x2, n2, z)
    d = p1 - p2
    return (d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
            d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


def two_proportion_z(x1: float, n1: int, x2: float, n2: int) -> Difference:
    """The pooled two-proportion z-test, with Newcombe's interval."""
    p1, p2 = x1 / n1, x2 / n2
    pooled = (x1 + x2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p = normal_p((p1 - p2) / se) if se > 0 else 1.0
    low, high = newcombe(x1, n1, x2, n2)
    return Difference(p1 - p2, low, high, p, "two-proportion z, Newcombe interval")


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny, qab, qap, qam = 1e-300, a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)),
                   -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def _incomplete_beta(a: float, b: float, x: float) -> float:
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """The distribution function of Student's t with ``df`` degrees of freedom.

    >>> round(t_cdf(2.0, 10), 5)
    0.96331
    """
    tail = 0.5 * _incomplete_beta(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


def t_quantile(q: float, df: float) -> float:
    """The ``q`` quantile of Student's t (by bisection on :func:`t_cdf`).

    >>> round(t_quantile(0.975, 10), 4)
    2.2281
    """
    low, high = -1e3, 1e3
    for _ in range(200):
        mid = (low + high) / 2
        if t_cdf(mid, df) < q:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def welch(a: Sequence[float], b: Sequence[float]) -> Difference:
    """Welch's t-test and interval for ``mean(a) - mean(b)`` (unpaired, unequal variances)."""
    va, vb = variance(a) / len(a), variance(b) / len(b)
    d = fmean(a) - fmean(b)
    se = math.sqrt(va + vb)
    if se == 0:
        return Difference(d, d, d, 1.0 if d == 0 else 0.0, "Welch t")
    df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1))
    half = t_quantile(0.975, df) * se
    p = 2.0 * (1.0 - t_cdf(abs(d) / se, df))
    return Difference(d, d - half, d + half, p, "Welch t")


def paired(a: Sequence[float], b: Sequence[float]) -> Difference:
    """The paired t-test and interval for ``mean(a - b)``: game ``i`` of ``a`` and of ``b``
    share a seed (common random numbers), so the differences are taken game by game."""
    if len(a) != len(b) or len(a) < 2:
        raise ValueError("paired needs two samples of the same length, at least 2")
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    d = fmean(diffs)
    se = math.sqrt(variance(diffs) / len(diffs))
    if se == 0:
        return Difference(d, d, d, 1.0 if d == 0 else 0.0, "paired t")
    df = len(diffs) - 1
    half = t_quantile(0.975, df) * se
    return Difference(d, d - half, d + half, 2.0 * (1.0 - t_cdf(abs(d) / se, df)), "paired t")


def bootstrap_mean_difference(a: Sequence[float], b: Sequence[float], seed: int,
                              resamples: int = 2000) -> Difference:
    """A paired percentile bootstrap of ``mean(a - b)`` with a seeded generator; the
    p-value is the two-sided share of resampled means on the other side of 0."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    rng = random.Random(seed)
    n = len(diffs)
    means = sorted(fmean(rng.choices(diffs, k=n)) for _ in range(resamples))
    low, high = means[int(0.025 * resamples)], means[int(0.975 * resamples) - 1]
    below = sum(m <= 0 for m in means) / resamples
    above = sum(m >= 0 for m in means) / resamples
    return Difference(fmean(diffs), low, high, min(1.0, 2 * min(below, above)),
                      "paired bootstrap")
