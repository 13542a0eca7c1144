"""Helpers: build Ausgebremst states from notation with the parts a test cares about."""

from __future__ import annotations

import rennbahn
from rennbahn.games.ausgebremst.rules import AusgebremstGame, AusgebremstState

OFF = "0i:0:-:O:-:000000:000000:-"
OFF_ADVANCED = OFF + ":-:-:------:-"
#: No cards of any value (deck counts).
NONE = "000000"


def car(space: str, hand: str = "123", cross: int = 1, flags: str = "m", status: str = "R",
        deck: str | None = None, shown: str = "-") -> str:
    """A family car; by default a full hand with cards left to draw (a shorter hand or a car
    off the track has none), the rest played (conftest.balanced)."""
    if deck is None:
        full = status == "R" and len(hand) == 3
        deck = "".join(str(min(3, 4 - hand.count(str(v)))) if full else "0" for v in range(1, 7))
    return f"{space}:{cross}:{flags}:{status}:{hand}:{deck}:{NONE}:{shown}"


def neutral(space: str, deck: str = "111111", cross: int = 1, flags: str = "m") -> str:
    """A neutral car (no hand) with ``deck`` left to turn over."""
    return f"{space}:{cross}:{flags}:R:-:{deck}:{NONE}:-"


def notation(cars: dict[int, str], head: str = "1/1 234501 4 i0 - -", table: str = "-",
             advanced: bool = False) -> str:
    """A state text with the given cars; the others are off the board (status O)."""
    off = OFF_ADVANCED if advanced else OFF
    return " | ".join([head, *(cars.get(c, off) for c in range(6)), table])


def _count(text: str) -> list[int]:
    """Cards written as digits (a hand, pit cards, known top cards) or '-'."""
    return [0, *(text.count(str(v)) for v in range(1, 7))] if text != "-" else [0] * 7


def _digits(text: str) -> list[int]:
    """Six counts written as six digits."""
    return [0, *(int(ch) for ch in text)]


def balanced(text: str, game: AusgebremstGame) -> str:
    """The state with each car's played pile filled in, so that its cards add up to its
    deck as the notation reader requires: a test names the cards a car holds and may still
    draw, the rest has been played. A car without a deck choice is left as it is."""
    head, *cars, table = (part.strip() for part in text.split("|"))
    out = []
    for car, entry in enumerate(cars):
        fields = entry.split(":")
        if game.is_neutral(car):
            deck = game.neutral_deck
        elif not game.advanced:
            deck = game.family_deck
        elif fields[9] == "-":
            out.append(entry)
            continue
        else:
            deck = game.choice_decks["fas".index(fields[9])]
        held = [a + b for a, b in zip(_count(fields[4]), _digits(fields[5]), strict=True)]
        if game.advanced and not game.is_neutral(car):
            extra = [_count(fields[11])]
            for stack in ([] if fields[8] == "-" else fields[8].split("/")):
                counts, _, top = stack.partition("+")
                extra += [_digits(counts), _count(top or "-")]
            for more in extra:
                held = [a + b for a, b in zip(held, more, strict=True)]
        played = [deck[v] - held[v] for v in range(1, 7)]
        assert min(played) >= 0, f"car {car} holds more cards than its deck: {entry}"
        fields[6] = "".join(map(str, played))
        out.append(":".join(fields))
    return " | ".join([head, *out, table])


def load(text: str, game: str = "ausgebremst(players=2)") -> AusgebremstState:
    """Read a test's position, its played piles filled in (:func:`balanced`)."""
    loaded = rennbahn.load_game(game)
    assert isinstance(loaded, AusgebremstGame)
    text = balanced(text, loaded)
    state = loaded.state_from_text(text)
    assert isinstance(state, AusgebremstState)
    assert state.to_text() == text
    return state


def moves(state: AusgebremstState) -> list[str]:
    player = state.current_player()
    return [state.action_to_string(player, a) for a in state.legal_actions()]


def play(state: AusgebremstState, *notations: str) -> None:
    for move in notations:
        state.apply_action(state.string_to_action(state.current_player(), move))
