"""Wald's sequential probability ratio test (SPRT) on one entrant's share of the wins.

Each game gives entrant A a score ``x`` in [0, 1]: its share of the win (1 for a win, 0 for
a loss; a win shared by ``k`` seats counts ``1/k``, so a two-way tie counts half; a game
nobody wins, as a Gib Gas! race in which every car is wrecked, is shared by all). The test
weighs H0 "A's expected score is p0" against H1 "it is p1" (p0 < p1) with the Bernoulli
log-likelihood ratio, a fractional score counting as that fraction of a win and the rest
of a loss::

    LLR = W * ln(p1 / p0) + L * ln((1 - p1) / (1 - p0)),   W = sum of x,  L = games - W

It stops when the LLR leaves (ln(beta / (1 - alpha)), ln((1 - beta) / alpha)): below the
lower bound H0 is accepted, above the upper one H1. For games without ties this is Wald's
test exactly; ties keep the drift of the LLR and lower its spread, so the error rates stay
at most alpha and beta (tests/sim/test_sprt.py checks them on simulated outcomes).

Hypotheses are written ``P0,P1`` as win rates strictly between 0 and 1 (``0.60,0.65``), or
``elo:E0,E1`` as Elo differences (``elo:0,35``), turned into expected scores with the
logistic curve ``1 / (1 + 10 ** (-elo / 400))``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rennbahn.core.errors import ParameterError

#: What a test concluded.
Decision = Literal["H0", "H1", "undecided"]

SPRT_FORMS = "P0,P1 as win rates between 0 and 1 (e.g. 0.60,0.65) or elo:E0,E1 (e.g. elo:0,35)"


@dataclass(frozen=True)
class Hypotheses:
    """H0 and H1 as expected scores of entrant A, with the Elo they were given in (if so)."""

    p0: float
    p1: float
    elo: tuple[float, float] | None = None


def elo_to_score(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger (logistic, 400 per decade)."""
    exponent = -elo / 400.0
    if exponent > 300.0:  # 10 ** 300 and beyond: no chance at all (and no overflow)
        return 0.0
    return 1.0 / (1.0 + math.pow(10.0, exponent))


def parse_hypotheses(text: str) -> Hypotheses:
    """Read ``--sprt``: ``P0,P1`` win rates or ``elo:E0,E1`` (see the module)."""
    body = text.strip()
    elo = body[:4].lower() == "elo:"
    if elo:
        body = body[4:]
    parts = body.split(",")
    if len(parts) != 2:
        raise ParameterError(f"--sprt {text!r}: give two values, H0 then H1: {SPRT_FORMS}")
    values: list[float] = []
    for part in parts:
        try:
            value = float(part)
        except ValueError:
            raise ParameterError(f"--sprt {text!r}: {part.strip()!r} is not a number; "
                                 f"give {SPRT_FORMS}") from None
        if not math.isfinite(value):
            raise ParameterError(f"--sprt {text!r}: {part.strip()!r} is not a finite number; "
                                 f"give {SPRT_FORMS}")
        values.append(value)
    e0, e1 = values
    if elo:
        p0, p1 = elo_to_score(e0), elo_to_score(e1)
    else:
        p0, p1 = e0, e1
        if not (0.0 < p0 < 1.0 and 0.0 < p1 < 1.0):
            raise ParameterError(f"--sprt {text!r}: win rates lie strictly between 0 and 1; "
                                 "for Elo differences write elo:E0,E1 (e.g. elo:0,35)")
    if not 0.0 < p0 < p1 < 1.0:
        raise ParameterError(
            f"--sprt {text!r}: H1 must be above H0 (the first value is H0, the second H1), "
            "and an Elo difference must give a win rate strictly between 0 and 1; "
            f"give {SPRT_FORMS}")
    return Hypotheses(p0, p1, (e0, e1) if elo else None)


def score_of(shares: Sequence[float], seat: int) -> float:
    """A's score in one game: the win share of its ``seat``, or ``1/n`` when nobody won."""
    if not any(shares):
        return 1.0 / len(shares)
    return shares[seat]


def check_error_rate(name: str, value: float) -> float:
    """``alpha`` or ``beta``: a probability strictly between 0 and 0.5."""
    if not (math.isfinite(value) and 0.0 < value < 0.5):
        raise ParameterError(f"--{name} {value}: an error rate lies strictly between 0 and "
                             "0.5 (0.05 is usual)")
    return value


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's bounds on the LLR: accept H0 at or below the first, H1 at or above the second."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def llr(score: float, games: int, p0: float, p1: float) -> float:
    """The log-likelihood ratio of H1 to H0 after ``games`` games scoring ``score`` in all."""
    return score * math.log(p1 / p0) + (games - score) * math.log((1.0 - p1) / (1.0 - p0))


def decide(value: float, lower: float, upper: float) -> Decision:
    """What an LLR says against the bounds."""
    if value <= lower:
        return "H0"
    if value >= upper:
        return "H1"
    return "undecided"


@dataclass
class SequentialTest:
    """A running SPRT: feed it scores in game order; it says when it has decided."""

    hypotheses: Hypotheses
    alpha: float = 0.05
    beta: float = 0.05
    games: int = 0
    score: float = 0.0
    wins: int = 0
    losses: int = 0

    def add(self, share: float) -> None:
        """One game's score for A (its share of the win, 0 to 1)."""
        self.games += 1
        self.score += share
        self.wins += share == 1.0
        self.losses += share == 0.0

    @property
    def llr(self) -> float:
        return llr(self.score, self.games, self.hypotheses.p0, self.hypotheses.p1)

    @property
    def bounds(self) -> tuple[float, float]:
        return bounds(self.alpha, self.beta)

    def decision(self) -> Decision:
        return decide(self.llr, *self.bounds)
