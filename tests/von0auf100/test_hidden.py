"""Hidden licences: what a seat sees, and resampling from its information state (I6)."""

from __future__ import annotations

import random
import re
from collections import Counter

import rennbahn
from rennbahn.core.driver import sample_chance
from rennbahn.core.protocol import CHANCE
from rennbahn.games.von0auf100.components import COLOURS
from rennbahn.games.von0auf100.rules import LICENCE, Von0auf100Game, Von0auf100State
from tests.von0auf100.states import notation

SMALL = "." * 18


def given(players: int) -> str:
    return "/".join([",".join(["0"] * 6)] * players)


def load(game: str, text: str) -> Von0auf100State:
    state = rennbahn.load_game(game).state_from_text(text)
    assert isinstance(state, Von0auf100State)
    return state


def owners(state: Von0auf100State, seat: int) -> str:
    return "".join(COLOURS[c] for c in state.licences(seat))


def test_i6_resampling_keeps_own_licence_and_varies_the_others() -> None:
    """I6: seat 1 keeps yellow; the others get every car but yellow, about evenly."""
    text = (f"race=1 round=1 start=0 cans=5 wd=0 pend=0 track={SMALL} deal=RYGB on=- "
            f"pos=0,0,0,0,0,0 fin=- score=0,0,0,0 given={given(4)} last=- over=0")
    state = load("von0auf100(race=small)", text)
    rng = random.Random(5)
    seen: Counter[str] = Counter()
    for _ in range(600):
        sample = state.resample_from_infostate(1, rng)
        assert isinstance(sample, Von0auf100State)
        assert owners(sample, 1) == "Y"
        assert sample.information_state_string(1) == state.information_state_string(1)
        assert sample.observation_string(1) == state.observation_string(1)
        seen[owners(sample, 0)] += 1
    assert set(seen) == set("ROGBP")
    assert min(seen.values()) > 80  # 120 expected for each of the five


def test_i6_a_car_across_without_a_word_is_nobodys() -> None:
    """I6, I11: with four players a car that crossed without ending the game is unowned, so
    resampling never hands it to anyone."""
    text = notation(round=2, pos="0,19,0,0,0,0", fin="1:O-", cans=4, wd=1)
    state = load("von0auf100(race=small)", text)
    rng = random.Random(1)
    for _ in range(200):
        sample = state.resample_from_infostate(0, rng)
        assert isinstance(sample, Von0auf100State)
        assert sample.owner[1] == -1  # orange


def test_i12_two_players_the_opponent_cannot_own_both_silent_cars() -> None:
    """I12: seat 1 holds O and G; G and B crossed silently. Seat 0 (R, Y) knows seat 1 does
    not hold both G and B, but may hold either."""
    text = notation(players=2, round=3, deal="ROYG", pos="0,0,0,19,19,0", fin="1:G-,1:B-",
                    cans=3, wd=2)
    state = load("von0auf100(players=2,race=small)", text)
    rng = random.Random(2)
    pairs: Counter[str] = Counter()
    for _ in range(400):
        sample = state.resample_from_infostate(0, rng)
        assert isinstance(sample, Von0auf100State)
        assert owners(sample, 0) == "RY"
        pairs["".join(sorted(owners(sample, 1)))] += 1
    assert "BG" not in pairs
    assert set(pairs) == {"GO", "GP", "BO", "BP", "OP"}


def test_i6_resampling_rewrites_the_deals_in_the_history_of_every_race() -> None:
    """I6, I13: the log's hidden deals are resampled too, for past races as well, and the
    resampled state replays the same public moves."""
    game = rennbahn.load_game("von0auf100(players=3,races=2,race=small)")
    rng = random.Random(3)
    state = game.new_initial_state()
    while state.observation(0)["race"] == 1 or state.is_chance_node():
        if state.is_chance_node():
            state.apply_action(sample_chance(state.chance_outcomes(), rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    differs = 0
    for _ in range(50):
        sample = state.resample_from_infostate(2, rng)
        assert sample.information_state_string(2) == state.information_state_string(2)
        assert sample.observation_string(2) == state.observation_string(2)
        differs += sample.history() != state.history()
        replayed = game.new_initial_state()
        for action in sample.history():
            replayed.apply_action(action)
        assert replayed.to_text() == sample.to_text()
    assert differs > 0


def test_i6_a_hidden_licence_changes_no_other_seats_observation() -> None:
    """I6, I11: two tables that differ only in seat 3's licence (blue or purple) look the same
    to seats 0-2, before and after green (seat 2) wins; only green's owner is shown."""
    base = notation(on="RO", pos="1,2,0,16,0,0")
    game = "von0auf100(race=small)"
    tables = [load(game, base), load(game, base.replace("deal=RYGB", "deal=RYGP"))]
    for step in range(2):
        for seat in range(3):
            assert tables[0].observation(seat) == tables[1].observation(seat)
        assert tables[0].observation(3) != tables[1].observation(3)  # its own licence
        if step == 0:
            for table in tables:
                table.apply_action(table.string_to_action(2, "G"))
    for table in tables:
        assert table.is_terminal()
        assert all(table.observation(seat)["owners"] == {"G": 2} for seat in range(4))


def test_i6_no_seat_ever_sees_another_seats_licence() -> None:
    """I6: along random games, a seat's observation and information state show no licence of
    another seat before the rules uncover it: the uncovered owners are exactly those of the
    cars that crossed for a seat, and swapping any hidden licence changes nothing the seat
    observes."""
    for variant in ("von0auf100(players=2)", "von0auf100(players=4,races=2)",
                    "von0auf100(players=3,scoring=season)"):
        game = rennbahn.load_game(variant)
        rng = random.Random(11)
        for _ in range(5):
            state = game.new_initial_state()
            while not state.is_terminal():
                assert isinstance(state, Von0auf100State)
                _check_nothing_leaks(state)
                if state.current_player() == CHANCE:
                    state.apply_action(sample_chance(state.chance_outcomes(), rng))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            assert isinstance(state, Von0auf100State)
            _check_nothing_leaks(state)


def _uncovered(state: Von0auf100State) -> dict[str, int]:
    """The licences the rules have shown this race: in the season the crossing car's; in a
    race to win, every licence of the seat that won (both of them with two players)."""
    game = state.get_game()
    assert isinstance(game, Von0auf100Game)
    shown: dict[str, int] = {}
    for race, car, seat, _ in state.fin:
        if race != state.race or seat < 0:
            continue
        cars = [car] if game.season else [c for c, s in enumerate(state.owner) if s == seat]
        shown.update((COLOURS[c], seat) for c in cars)
    return shown


def _twins(state: Von0auf100State, seat: int) -> list[Von0auf100State]:
    """The same table with one licence ``seat`` cannot see changed: swapped with another
    hidden licence or with a licence left in the box."""
    text = state.to_text()
    deal = re.search(r"deal=(\S+)", text)
    assert deal is not None and deal.group(1) != "-"
    cars = deal.group(1)
    game = state.get_game()
    assert isinstance(game, Von0auf100Game)
    seats = game.deal_seats
    shown = _uncovered(state)
    hidden = [i for i, car in enumerate(cars) if seats[i] != seat and car not in shown]
    boxed = [car for car in COLOURS if car not in cars]
    deals = set()
    for i in hidden:
        for other in [cars[j] for j in hidden if j != i] + boxed:
            swapped = [other if car == cars[i] else cars[i] if car == other else car
                       for car in cars]
            deals.add("".join(swapped))
    twins = []
    for d in sorted(deals):
        try:  # a swap that contradicts what crossing uncovered is no table at all
            twins.append(load(str(game), text.replace(deal.group(0), "deal=" + d)))
        except rennbahn.NotationError:
            continue
    return twins


def _check_nothing_leaks(state: Von0auf100State) -> None:
    game = state.get_game()
    assert isinstance(game, Von0auf100Game)
    dealt = [a - LICENCE for actor, a in state.full_history() if actor == CHANCE and a >= LICENCE]
    copy = load(str(game), state.to_text())
    for seat in range(game.num_players()):
        obs = state.observation(seat)
        assert obs["licences"] == [COLOURS[c] for c in state.licences(seat)]
        mine = [COLOURS[c] for k, c in enumerate(dealt)
                if game.deal_seats[k % game.deals] == seat]
        assert re.findall(r"c:licence (\w)", state.information_state_string(seat)) == mine
        assert obs["owners"] == _uncovered(state)
        assert copy.observation(seat) == obs
        for twin in _twins(state, seat) if state.deal else []:
            assert twin.observation(seat) == obs
