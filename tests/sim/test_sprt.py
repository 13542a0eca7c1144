"""The sequential test: its arithmetic, its error rates on simulated outcomes with known win
rates, the parsing of --sprt, and one real test between bots through the command."""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from rennbahn.cli.main import app
from rennbahn.core.errors import ParameterError
from rennbahn.sim.sprt import (
    Decision,
    Hypotheses,
    SequentialTest,
    bounds,
    check_error_rate,
    elo_to_score,
    llr,
    parse_hypotheses,
    score_of,
)
from rennbahn.sim.tournament import pair_block, pair_seats

runner = CliRunner()

#: Simulated tests per error rate; with rates near 0.05 their standard error is about 0.005.
TESTS = 2000
MARGIN = 0.015


def test_bounds_and_llr_are_walds() -> None:
    lower, upper = bounds(0.05, 0.05)
    assert lower == pytest.approx(-math.log(19)) and upper == pytest.approx(math.log(19))
    assert bounds(0.05, 0.10)[0] == pytest.approx(math.log(0.10 / 0.95))
    # 7 wins in 10 games: 7 ln(0.65/0.6) + 3 ln(0.35/0.4)
    assert llr(7, 10, 0.6, 0.65) == pytest.approx(7 * math.log(0.65 / 0.6)
                                                 + 3 * math.log(0.35 / 0.4))
    assert llr(0, 0, 0.6, 0.65) == 0.0


def test_a_tie_counts_half_a_win_and_half_a_loss() -> None:
    tied = SequentialTest(Hypotheses(0.5, 0.6))
    tied.add(0.5)
    halves = (llr(1, 1, 0.5, 0.6) + llr(0, 1, 0.5, 0.6)) / 2
    assert tied.llr == pytest.approx(halves)
    assert (tied.wins, tied.losses, tied.games) == (0, 0, 1)


def test_a_game_scores_the_seats_share_and_a_game_nobody_won_is_shared() -> None:
    assert score_of([1.0, 0.0], 0) == 1.0 and score_of([1.0, 0.0], 1) == 0.0
    assert score_of([0.0, 0.5, 0.5], 1) == 0.5
    assert score_of([0.0, 0.0], 0) == 0.5  # every car wrecked: a draw, not A's loss
    assert score_of([0.0, 0.0, 0.0, 0.0], 2) == 0.25


def test_the_decision_follows_the_bounds() -> None:
    test = SequentialTest(Hypotheses(0.5, 0.6))
    assert test.decision() == "undecided"
    for _ in range(80):
        test.add(1.0)
    assert test.decision() == "H1"
    other = SequentialTest(Hypotheses(0.5, 0.6))
    for _ in range(80):
        other.add(0.0)
    assert other.decision() == "H0"


def _simulate(rng: random.Random, win: float, tie: float, hypotheses: Hypotheses,
              block: int = 2, most: int = 100_000) -> Decision:
    """One sequential test on outcomes drawn with these chances, checked after each block."""
    test = SequentialTest(hypotheses)
    while test.games < most:
        for _ in range(block):
            draw = rng.random()
            test.add(1.0 if draw < win else 0.5 if draw < win + tie else 0.0)
        decision = test.decision()
        if decision != "undecided":
            return decision
    return "undecided"


@pytest.mark.parametrize("tie", [0.0, 0.3])
def test_the_error_rates_hold_on_simulated_outcomes(tie: float) -> None:
    """With the true score at p0, H1 is accepted at most alpha of the time; at p1, H0 at
    most beta (Wald's bounds are conservative, ties lower the spread further)."""
    rng = random.Random(27)
    hypotheses = Hypotheses(0.5, 0.6)
    cases: list[tuple[float, Decision]] = [(0.5, "H1"), (0.6, "H0")]
    for true, wrong in cases:
        win = true - tie / 2  # the score is win + tie / 2
        results = [_simulate(rng, win, tie, hypotheses) for _ in range(TESTS)]
        assert results.count("undecided") == 0
        assert results.count(wrong) / TESTS <= 0.05 + MARGIN, (true, results.count(wrong))
        assert results.count(wrong) > 0  # the test does err sometimes: the bounds are not loose


def test_a_rate_halfway_stops_on_either_side() -> None:
    rng = random.Random(5)
    results = [_simulate(rng, 0.55, 0.0, Hypotheses(0.5, 0.6)) for _ in range(300)]
    assert 0.2 < results.count("H1") / 300 < 0.8


def test_elo_becomes_a_logistic_score() -> None:
    assert elo_to_score(0) == 0.5
    assert elo_to_score(400) == pytest.approx(10 / 11)
    assert elo_to_score(-400) == pytest.approx(1 / 11)
    assert elo_to_score(-10**9) == 0.0
    parsed = parse_hypotheses("elo:0,35")
    assert parsed.p0 == 0.5 and parsed.p1 == pytest.approx(elo_to_score(35))
    assert parsed.elo == (0.0, 35.0)
    assert parse_hypotheses(" 0.60, 0.65 ") == Hypotheses(0.6, 0.65)


@pytest.mark.parametrize(("text", "message"), [
    ("0.6", "give two values"),
    ("0.6,0.65,0.7", "give two values"),
    ("0.6,x", "'x' is not a number"),
    ("0.6,nan", "not a finite number"),
    ("0,35", "for Elo differences write elo:E0,E1"),
    ("0.65,0.60", "H1 must be above H0"),
    ("elo:35,0", "H1 must be above H0"),
    ("elo:0,1e9", "strictly between 0 and 1"),
])
def test_bad_hypotheses_say_what_is_allowed(text: str, message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        parse_hypotheses(text)


rates = st.floats(min_value=1e-6, max_value=1 - 1e-6)


@given(rates, rates)
def test_any_two_rates_parse_back_or_are_refused_in_order(a: float, b: float) -> None:
    text = f"{a!r},{b!r}"
    if a < b:
        assert parse_hypotheses(text) == Hypotheses(a, b)
    else:
        with pytest.raises(ParameterError, match="H1 must be above H0"):
            parse_hypotheses(text)


@given(st.floats(min_value=-1500, max_value=1500), st.floats(min_value=-1500, max_value=1500))
def test_any_two_elos_parse_in_order(a: float, b: float) -> None:
    text = f"ELO:{a!r},{b!r}"
    if elo_to_score(a) < elo_to_score(b):
        parsed = parse_hypotheses(text)
        assert parsed.elo == (a, b)
        assert 0 < parsed.p0 < parsed.p1 < 1
    else:
        with pytest.raises(ParameterError):
            parse_hypotheses(text)


@given(st.text(max_size=30))
def test_any_text_parses_or_fails_with_the_error_family(text: str) -> None:
    try:
        parsed = parse_hypotheses(text)
    except ParameterError as error:
        assert "--sprt" in str(error)
    else:
        assert 0 < parsed.p0 < parsed.p1 < 1


@pytest.mark.parametrize("value", [0.0, 0.5, -0.1, 1.0, math.nan])
def test_error_rates_lie_below_a_half(value: float) -> None:
    with pytest.raises(ParameterError, match=r"strictly between 0 and 0\.5"):
        check_error_rate("alpha", value)
    assert check_error_rate("beta", 0.1) == 0.1


def test_a_pair_block_takes_every_ordered_pair_of_seats() -> None:
    assert pair_block("a", "b", None, 2) == [["a", "b"], ["b", "a"]]
    block = pair_block("a", "b", "f", 3)
    assert len(block) == 6 == len(pair_seats(3))
    for lineup, (first, second) in zip(block, pair_seats(3), strict=True):
        assert (lineup[first], lineup[second]) == ("a", "b")
        assert lineup.count("f") == 1
    for seat in range(3):
        assert [lineup[seat] for lineup in block].count("a") == 2
    with pytest.raises(ParameterError, match="--filler"):
        pair_block("a", "b", None, 4)


def _tournament(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["tournament", *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_heuristic_against_random_is_accepted_quickly() -> None:
    data = _tournament("von0auf100(race=small)", "--bots", "heuristic,random",
                       "--sprt", "0.5,0.6", "--games", "400", "--seed", "3",
                       "--filler", "random")
    sprt = data["sprt"]
    assert isinstance(sprt, dict)
    assert sprt["result"] == "accepted H1"
    assert sprt["filler"] is None and data["entrants"] == ["heuristic", "random"]  # no seat
    assert sprt["llr"] >= sprt["bounds"][1] == pytest.approx(math.log(19))
    assert sprt["games"] < 400 and sprt["games"] % 2 == 0 and data["games"] == sprt["games"]
    assert sprt["ci95"][0] <= sprt["win_rate"] <= sprt["ci95"][1]
    assert sprt["wins"] + sprt["shared"] + sprt["losses"] == sprt["games"]


def test_the_same_bot_twice_is_undecided_or_h0_and_a_filler_fills_a_bigger_table() -> None:
    data = _tournament("von0auf100(players=3,race=small)", "--bots", "random,random",
                       "--filler", "heuristic", "--sprt", "0.5,0.6", "--games", "12",
                       "--alpha", "0.1", "--beta", "0.2")
    sprt = data["sprt"]
    assert isinstance(sprt, dict)
    assert sprt["result"] in ("accepted H0", "undecided")
    assert sprt["games"] in (6, 12)  # checked after whole blocks of 3 * 2 games
    assert (sprt["alpha"], sprt["beta"], sprt["filler"]) == (0.1, 0.2, "heuristic")
    assert sprt["bounds"] == pytest.approx(list(bounds(0.1, 0.2)))
    assert data["entrants"] == ["random", "random", "heuristic"]


def test_the_terminal_shows_the_test() -> None:
    result = runner.invoke(app, ["tournament", "von0auf100(race=small)", "--bots",
                                 "heuristic,random", "--sprt", "elo:0,100", "--games", "200"])
    assert result.exit_code == 0, result.output
    for words in ("SPRT: heuristic against random", "accepted H1", "LLR", "bounds -2.944",
                  "Elo 0 and 100", "95% interval"):
        assert words in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "heuristic,random", "--sprt", "0.6;0.65"], "give two values"),
    (["--bots", "heuristic,random", "--sprt", "0.5,0.6", "--alpha", "0.5"],
     "strictly between 0 and 0.5"),
    (["--bots", "heuristic,random,random", "--sprt", "0.5,0.6"], "--sprt tests two bots"),
    (["--bots", "heuristic,random", "--alpha", "0.1"], "--alpha goes with --sprt"),
    (["--bots", "heuristic,random", "--filler", "random"], "--filler goes with --sprt"),
    (["--bots", "heuristic,random", "--backend", "spark"], "unknown backend 'spark'"),
    (["--bots", "heuristic,random", "--address", "auto"], "--address is Ray's"),
    (["--bots", "heuristic,random", "--workers", "65"], "1 to 64 processes"),
])
def test_bad_options_get_one_clear_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["tournament", "von0auf100(race=small)", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_a_bigger_table_needs_a_filler() -> None:
    result = runner.invoke(app, ["tournament", "von0auf100(players=4,race=small)", "--bots",
                                 "heuristic,random", "--sprt", "0.5,0.6"])
    assert result.exit_code == 2
    assert "the table has 4 seats and --bots names two" in result.output
    assert "--filler heuristic" in result.output
