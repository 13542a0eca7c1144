"""Game-level metrics of a study (docs/lab.md defines each) and the differences between
its variants.

Per game: lead changes, decisiveness and drama from the leader trace. Per variant: win rate
per seat and per start position, balance, how races end, duration, luck. Between the first
variant and each other: the difference of each with its interval and test.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from statistics import fmean

from rennbahn.lab.inference import (
    Difference,
    bootstrap_mean_difference,
    paired,
    two_proportion_z,
    wilson,
)
from rennbahn.lab.study import GameRow

LEVEL = -1
Interval = tuple[float, float]


def lead_changes(leaders: Sequence[int]) -> int:
    """How often the seat ahead changed (moments when the lead is level are skipped).

    >>> lead_changes([-1, 0, 0, -1, 1, 1, 0])
    2
    """
    ahead = [seat for seat in leaders if seat != LEVEL]
    return sum(1 for before, now in itertools.pairwise(ahead) if before != now)


def decisiveness(leaders: Sequence[int], winners: set[int]) -> float | None:
    """The share of the game at whose end a winner was ahead for good: 1 when a winner
    led from the first decision, 0 when the lead was settled only by the last one; None
    when nobody won.

    >>> decisiveness([1, 0, 0, 0], {0}), decisiveness([0, 1, 0, 1], {1})
    (0.75, 0.25)
    """
    if not winners or not leaders:
        return None
    settled = 0
    for i, seat in enumerate(leaders):
        if seat not in winners:
            settled = i + 1
    return 1.0 - settled / len(leaders)


def drama(leaders: Sequence[int], winners: set[int]) -> bool | None:
    """Whether the seat ahead at half-time (the last one ahead by then) did not win; None
    when nobody won or nobody was ahead yet.

    >>> drama([0, 0, 1, 1], {1}), drama([0, 0, 1, 1], {0})
    (False, True)
    """
    if not winners:
        return None
    for seat in reversed(leaders[: len(leaders) // 2 + 1]):
        if seat != LEVEL:
            return seat not in winners
    return None


def winners(row: GameRow) -> set[int]:
    return {seat for seat, share in enumerate(row.wins) if share > 0}


@dataclass
class VariantFigures:
    """What one variant of a study shows (docs/lab.md)."""

    variant: str
    games: int
    seats: int
    win_rate: list[float]
    win_ci: list[Interval]
    by_start: dict[int, tuple[float, Interval, int]]
    balance: float
    endings: dict[str, tuple[int, Interval]]
    no_winner: int
    length: float
    lengths: list[int]
    decisiveness: float
    lead_changes: float
    drama: float
    drama_ci: Interval
    drama_games: int
    places: list[list[int]]
    own: dict[str, float] = field(default_factory=dict)
    luck: float | None = None
    #: The bot in each seat.
    bots: list[str] = field(default_factory=list)
    luck_ci: Interval | None = None


def figures(variant: str, rows: Sequence[GameRow], bots: Sequence[str],
            endings: Sequence[str]) -> VariantFigures:
    """The figures of one variant from its games."""
    n = len(rows)
    seats = len(rows[0].wins)
    wins = [sum(r.wins[s] for r in rows) for s in range(seats)]
    rates = [w / n for w in wins]
    start_wins: dict[int, list[float]] = {}
    for r in rows:
        for seat, start in enumerate(r.starts):
            start_wins.setdefault(start, []).append(r.wins[seat])
    by_start = {start: (fmean(v), wilson(sum(v), len(v)), len(v))
                for start, v in sorted(start_wins.items())}
    kinds = Counter(r.ending for r in rows)
    ends = {kind: (kinds[kind], wilson(kinds[kind], n)) for kind in endings}
    decisive = [d for r in rows if (d := decisiveness(r.leaders, winners(r))) is not None]
    dramatic = [d for r in rows if (d := drama(r.leaders, winners(r))) is not None]
    own: dict[str, list[float]] = {}
    for r in rows:
        for seat_stats in r.stats:
            for key, value in seat_stats.items():
                if (isinstance(value, int | float) and not isinstance(value, bool)
                        and not key.startswith("by_")):  # a group (start row), not a figure
                    own.setdefault(key, []).append(float(value))
    result = VariantFigures(
        variant=variant, games=n, seats=seats, win_rate=rates,
        win_ci=[wilson(w, n) for w in wins], by_start=by_start,
        balance=1.0 - (max(rates) - min(rates)),
        endings=ends, no_winner=sum(1 for r in rows if not winners(r)),
        length=fmean(r.decisions for r in rows), lengths=[r.decisions for r in rows],
        decisiveness=fmean(decisive) if decisive else 0.0,
        lead_changes=fmean(lead_changes(r.leaders) for r in rows),
        drama=fmean(dramatic) if dramatic else 0.0,
        drama_ci=wilson(sum(dramatic), len(dramatic)), drama_games=len(dramatic),
        places=[[r.places[s] for r in rows] for s in range(seats)],
        own={key: fmean(values) for key, values in sorted(own.items())}, bots=list(bots))
    lucky = [s for s, bot in enumerate(bots) if bot == "random"]
    if lucky and len(lucky) < seats:
        # Luck: the random seats' wins against the others, as a share of a fair share.
        share = sum(wins[s] for s in lucky) / (n * len(lucky))
        low, high = wilson(share * n * len(lucky), n * len(lucky))
        result.luck, result.luck_ci = share * seats, (low * seats, high * seats)
    return result


@dataclass(frozen=True)
class Comparison:
    """One measured difference between a variant and the first (``variant`` minus first)."""

    measure: str
    first: float
    other: float
    difference: Difference


def compare(first: Sequence[GameRow], other: Sequence[GameRow], endings: Sequence[str],
            seed: int) -> list[Comparison]:
    """The differences between two variants played on the same seeds, game by game: win
    rate per seat (paired t), length (paired bootstrap), each ending (two-proportion z
    with Newcombe's interval), and how often the winner changes."""
    n = min(len(first), len(other))
    a, b = list(first[:n]), list(other[:n])
    out: list[Comparison] = []
    for seat in range(len(a[0].wins)):
        wa = [r.wins[seat] for r in a]
        wb = [r.wins[seat] for r in b]
        d = paired(wb, wa)  # a t interval may pass +-1 on few games; a share cannot
        out.append(Comparison(f"win rate, seat {seat + 1}", fmean(wa), fmean(wb),
                              replace(d, low=max(-1.0, d.low), high=min(1.0, d.high))))
    la = [float(r.decisions) for r in a]
    lb = [float(r.decisions) for r in b]
    out.append(Comparison("length (decisions)", fmean(la), fmean(lb),
                          bootstrap_mean_difference(lb, la, seed)))
    for kind in endings:
        ka = sum(1 for r in a if r.ending == kind)
        kb = sum(1 for r in b if r.ending == kind)
        if ka or kb:
            out.append(Comparison(f"ends: {kind}", ka / n, kb / n,
                                  two_proportion_z(kb, n, ka, n)))
    changed = sum(1 for x, y in zip(a, b, strict=True) if winners(x) != winners(y))
    low, high = wilson(changed, n)
    out.append(Comparison("winner changes (same seed)", 0.0, changed / n,
                          Difference(changed / n, low, high, float("nan"), "Wilson")))
    return out


@dataclass(frozen=True)
class Summary:
    """A study's figures per variant and its differences (each other variant against the
    first), on the games every variant has."""

    variants: list[VariantFigures]
    comparisons: list[list[Comparison]]
    endings: tuple[str, ...]
    place_unit: str
    start_unit: str


def summarise(labels: Sequence[str], rows: Sequence[Sequence[GameRow]],
              lineups: Sequence[Sequence[str]], endings: Sequence[str], place_unit: str,
              seed: int, start_unit: str = "start position") -> Summary:
    variants = [figures(label, games, bots, endings)
                for label, games, bots in zip(labels, rows, lineups, strict=True)]
    comparisons = [compare(rows[0], other, endings, seed) for other in rows[1:]]
    return Summary(variants, comparisons, tuple(endings), place_unit, start_unit)
