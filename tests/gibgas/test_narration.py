"""Gib Gas! narration: every step told from one seat's views, in English and German.

The defects of issue 12 each have a test named after them; seeded playouts of every registered
variant narrate every step for every seat and for the spectator, and compare what is told with
the true state.
"""

from __future__ import annotations

import random
import re

import pytest

import rennbahn
from rennbahn.core.i18n import LANGUAGES, missing_keys
from rennbahn.core.protocol import State
from rennbahn.core.registry import game_entry
from rennbahn.core.views import View
from rennbahn.games.gibgas.components import CARD_NAMES
from rennbahn.games.gibgas.narration import narrate
from rennbahn.games.gibgas.rules import GibGasState
from rennbahn.games.gibgas.texts import CATALOGUE
from rennbahn.games.gibgas.views import GibGasPublicView
from tests.helpers import play_moves

FULL = "18/012345DTP/-/-/-/-/-/-/-"
ROW = "V2-1,B1-1,XF3-1,XS3-1;0 q=- pts=0"


def start(*seats: str, row: str = ROW, game: str = "gibgas(players=3)") -> GibGasState:
    state = rennbahn.load_game(game).state_from_text(" | ".join([f"choose {row}", *seats]))
    assert isinstance(state, GibGasState)
    return state


def told(state: State, move: str, seat: int | None = 0, lang: str = "en") -> list[str]:
    """Play one step by notation; what ``seat`` (None: the spectator) is told about it."""
    def view() -> View:
        return state.public_view() if seat is None else state.view(seat)
    before = view()
    play_moves(state, move)
    return narrate(state.get_game(), before, view(), lang=lang)


def pits_for_two_bots() -> GibGasState:
    """Round 2 of three drivers: Driver 2 and Driver 3 (bots) have gone into the pits."""
    return play_moves(start(FULL, FULL, FULL), "230, 250, 240", "220, pit, pit")


# -- the defects of issue 12 -----------------------------------------------------------------
def test_bots_pit_rolls_and_the_cards_they_take_back_are_told() -> None:
    state = pits_for_two_bots()
    assert told(state, "roll 300") == [
        "Driver 2's Boxenstopp: rolls 300 → 3 points to take back played cards."]
    assert told(state, "take 250") == ["Driver 2 takes back 250.",
                                       "Nothing else to take back: 2 points unused."]
    assert told(state, "roll 100", lang="de") == [
        "Boxenstopp von Fahrer 3: würfelt 100 → 1 Punkt zum Zurücknehmen gespielter Karten."]
    assert told(state, "take 240", lang="de")[0] == "Fahrer 3 nimmt 240 zurück."
    assert state.hand[1] & 1 << 5 and state.hand[2] & 1 << 4  # as told, against the state


def test_own_pit_stop_tells_the_die_face_not_only_the_points() -> None:
    state = play_moves(start(FULL, FULL, FULL), "230, 250, 240", "pit, 220, 210")
    assert told(state, "roll 300") == [
        "Driver 1's Boxenstopp: rolls 300 → 3 points to take back played cards."]
    assert told(state, "take 230")[:2] == ["Driver 1 takes back 230.",
                                           "Nothing else to take back: 2 points unused."]
    state = play_moves(start(FULL, FULL, FULL), "230, 250, 240", "pit, 220, 210")
    assert "würfelt 100 → 1 Punkt" in told(state, "roll 100", lang="de")[0]


@pytest.mark.parametrize("face", [240, 250])
def test_pit_roll_of_240_or_250_tells_the_face_rolled(face: int) -> None:
    """The view keeps the die face, not only the points (both give 2)."""
    for seat in (0, 1, None):
        state = play_moves(start(FULL, FULL, FULL), "230, 250, 240", "pit, 220, 210")
        assert told(state, f"roll {face}", seat=seat) == [
            f"Driver 1's Boxenstopp: rolls {face} → 2 points to take back played cards."]


def test_pit_stop_with_nothing_to_take_back_is_told() -> None:
    state = play_moves(start(FULL, FULL, FULL), "pit, 220, 210")
    assert told(state, "roll 300", seat=1) == [
        "Driver 1's Boxenstopp: rolls 300 → 3 points, but has nothing to take back.",
        "Round 2 — the cars race for Bremsen! 1★: the slowest car wins it; cars at the same "
        "speed lose 1 point each."]


@pytest.mark.parametrize("seat", [0, 2, None])
def test_bots_pit_stop_that_ends_at_once_tells_the_face(seat: int | None) -> None:
    """Driver 2 (a bot to seat 0) pits with only the Boxenstopp played: the stop ends at the
    roll, and every seat and the spectator are told the face all the same."""
    state = start(FULL, FULL, FULL)
    play_moves(state, "230, pit, 240")
    assert state.to_text().startswith("pitroll V2-1,B1-1,XF3-1,XS3-1;1 q=1 pts=0 |")
    assert told(state, "roll 250", seat=seat) == [
        "Driver 2's Boxenstopp: rolls 250 → 2 points, but has nothing to take back.",
        "Round 2 — the cars race for Bremsen! 1★: the slowest car wins it; cars at the same "
        "speed lose 1 point each."]
    assert state.to_text().startswith("choose V2-1,B1-1,XF3-1,XS3-1;1 q=- pts=0 pit=1:250 |")


def test_bots_pit_stop_that_ends_at_once_is_told_in_german_and_for_champions() -> None:
    state = start(FULL, FULL, FULL, game="gibgas(players=3,champions=true)")
    play_moves(state, "230, pit, 240")
    assert told(state, "roll 100", lang="de")[0] == (
        "Boxenstopp von Fahrer 2: würfelt 100 → 1 Punkt, hat aber nichts zum Zurücknehmen "
        "und nichts zu reparieren.")


def test_champions_pit_stop_repair_is_told_with_points_left() -> None:
    game = "gibgas(players=2,champions=true)"
    seats = ["15/0123DTP/-/5/5/45/-/5/250", FULL, "F:4444444/-/-/-"]
    state = start(*seats, game=game)
    play_moves(state, "pit, 200", "franz 230")
    rolled = told(state, "roll 240", seat=1)
    assert rolled == ["Driver 1's Boxenstopp: rolls 240 → 2 points to take back played "
                      "cards or repair the car."]
    assert told(state, "repair", seat=1) == [
        "Driver 1 repairs 1 point (car 16 of 18 points left; 1 point still to use)."]
    assert told(state, "repair", seat=1, lang="de")[0] == (
        "Fahrer 1 repariert 1 Punkt (Wagen: 17 von 18 Punkten übrig).")
    assert state.damage[0] == 17


def test_reveal_says_fender_bender_only_when_one_happened() -> None:
    for lang in LANGUAGES:
        lines = told(start(FULL, FULL, FULL), "230, 250, 240", lang=lang)
        assert not [line for line in lines if re.search("fender bender|Blechschaden", line)]
    assert told(start(FULL, FULL, FULL), "230, 250, 240") == [
        "Revealed: Driver 1 plays 230; Driver 2 plays 250; Driver 3 plays 240.",
        "Driver 2 wins Vollgas! 2★ as the fastest car (+2★, 2★ in all).",
        "Round 2 — the cars race for Bremsen! 1★: the slowest car wins it; cars at the same "
        "speed lose 1 point each."]
    lines = told(start(FULL, FULL, FULL), "250, 250, 240")
    assert lines[1] == ("Fender bender at 250: Driver 1 (car 17 of 18 points left) and Driver 2 "
                        "(car 17 of 18 points left); each car loses 1 point.")
    assert lines[2] == ("Driver 3 wins Vollgas! 2★ as the fastest car not in a fender bender "
                        "(+2★, 2★ in all).")


def test_damage_is_told_as_points_left_on_the_car() -> None:
    state = start(FULL, FULL, FULL, row="XF3-1,B1-1,V2-1,XS3-1;0 q=- pts=0")
    lines = told(state, "230, 250, 240")
    assert lines[1] == ("Driver 2 causes the crash as the fastest car and loses 3 points (car 15 "
                        "of 18 points left); the card goes back to the box.")
    assert state.damage == [18, 15, 18]
    state = start(FULL, FULL, FULL, row="XF3-1,B1-1,V2-1,XS3-1;0 q=- pts=0")
    assert "(Wagen: 15 von 18 Punkten übrig)" in told(state, "230, 250, 240", lang="de")[1]


def test_race_end_names_the_winner_and_why() -> None:
    """A total loss ends the race; a tie on points goes to the car with more points left."""
    state = start("1/0123DTP/-/5/5/45/-/5/250", "14/0123DTP/-/5/5/45/V2-1/5/250",
                  "18/0123DTP/-/5/5/45/-/5/250", row="V2-1,B1-1,XF3-1,XS3-1;1 q=- pts=0")
    lines = told(state, "230, 200, 230")
    assert state.winners() == [2] and state.scores() == [0, 17, 17]
    assert lines[-5:] == [
        "Race over. It ends at once: total loss for Driver 1; a car with a total loss cannot "
        "win.",
        "Driver 1: total loss, 0 points.",
        "Driver 2: 3★ + 14 car points = 17 points.",
        "Driver 3: 0★ + 17 car points = 17 points.",
        "Driver 3 wins the race: 17 points, as many as Driver 2, but more car points left "
        "(17)."]


# -- the contract ------------------------------------------------------------------------------
def test_catalogue_has_every_text_in_both_languages() -> None:
    assert missing_keys(CATALOGUE) == {}
    assert set(CATALOGUE) == set(LANGUAGES)


def test_start_tells_the_race_the_seat_and_its_hand() -> None:
    state = rennbahn.load_game("gibgas(players=6,champions=true)").new_initial_state()
    lines = narrate(state.get_game(), None, state.view(2), lang="de")
    assert "Du bist Fahrer 3." in lines
    assert "Deine Hand: 200, 210, 220, 230, 240, 250, Würfel, Tempo-Halten, Boxenstopp." in lines
    assert any("verdeckt" in line for line in lines) and any("Champions" in line for line in lines)
    spectator = narrate(state.get_game(), None, state.public_view())
    assert "You are watching as a spectator." in spectator
    assert not any(line.startswith("Your hand") for line in spectator)


def test_seats_are_called_by_their_names() -> None:
    state = start(FULL, FULL, FULL)
    before = state.view(0)
    play_moves(state, "230, 250, 240")
    lines = narrate(state.get_game(), before, state.view(0), names=["Anna", "Bert", ""])
    assert lines[0] == "Revealed: Anna plays 230; Bert plays 250; Driver 3 plays 240."


def test_franz_reveals_are_told() -> None:
    state = start(FULL, FULL, "F:4444444/-/-/-", game="gibgas(players=2)")
    play_moves(state, "230, 250")
    assert told(state, "franz tempo") == [
        "Franz reveals Tempo-Halten with no speed to repeat yet, so he reveals another card."]
    lines = told(state, "franz 250", lang="de")
    assert lines[:3] == [
        "Franz deckt 250 auf.",
        "Blechschaden bei 250: Fahrer 2 (Wagen: 17 von 18 Punkten übrig) und Franz (kein "
        "Schaden); jeder Wagen verliert 1 Punkt.",
        "Fahrer 1 gewinnt Vollgas! 2★ als schnellstes Auto ohne Blechschaden (+2★, insgesamt "
        "2★)."]


# -- seeded playouts ---------------------------------------------------------------------------
_PRIVATE = ("you_are", "spectator", "your_hand", "discard_own")


def _private(line: str) -> bool:
    """A line about the viewing seat itself (its name, its hand, its secret discard)."""
    for lang in LANGUAGES:
        for key in _PRIVATE:
            template = CATALOGUE[lang][key]
            if line.startswith(template[:template.index("{")] if "{" in template else template):
                return True
    return False


def _playout(game_name: str, seed: int) -> None:
    game = rennbahn.load_game(game_name)
    state = game.new_initial_state()
    assert isinstance(state, GibGasState)
    rng = random.Random(seed)
    seats = range(game.num_players())

    def views() -> list[View]:
        return [state.view(s) for s in seats] + [state.public_view()]

    last = views()
    for view in last:
        for lang in LANGUAGES:
            assert narrate(game, None, view, lang=lang)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes],
                                           [p for _, p in outcomes])[0])
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(s)) for s in seats])
        else:
            state.apply_action(rng.choice(state.legal_actions(state.current_player())))
        now = views()
        for lang in LANGUAGES:
            told = [narrate(game, b, a, lang=lang) for b, a in zip(last, now, strict=True)]
            for before, after, lines in zip(last, now, told, strict=True):
                assert isinstance(before, GibGasPublicView) and isinstance(after, GibGasPublicView)
                assert lines or before == after, (before.phase, after.phase)
                assert all(line and "\n" not in line and "<" not in line for line in lines)
                assert not any(re.search(r"Driver 0|Fahrer 0|\bP\d\b", line) for line in lines)
            public = told[-1]
            for seat in seats:
                # Everything a seat is told, but for its own lines, every seat is told.
                assert [line for line in told[seat] if not _private(line)] == public
                for line in told[seat]:
                    if line.startswith(("You put ", "Du legst ")):
                        assert CARD_NAMES[state.discard[seat]] in line
        last = now


@pytest.mark.parametrize("game_name", [*game_entry("gibgas").variants,
                                       "gibgas(players=4,pass_on=second)"])
def test_seeded_playouts_narrate_every_step_for_every_seat(game_name: str) -> None:
    for seed in (1, 2):
        _playout(game_name, seed)


def test_i1_pass_on_second_tells_why_nobody_crashes() -> None:
    """I1, pass_on=second: only the first two speeds may take the card; both collided."""
    state = start(*[FULL] * 5, row="XF3-1,B1-1,V2-1,XS3-1;0 q=- pts=0",
                  game="gibgas(players=5,pass_on=second)")
    lines = told(state, "250, 250, 240, 240, 230")
    assert lines[3] == ("The first two speeds both had fender benders: nobody crashes on "
                        "Vollgas-Crash 3; it goes back to the box.")
    assert state.damage == [17, 17, 17, 17, 18]
    assert told(start(FULL, FULL, FULL), "pit, pit, pit", lang="de")[1] == (
        "Alle Autos sind in der Box: Niemand bekommt Vollgas! 2★; sie kommt zurück in die "
        "Schachtel.")
