"""The Gib Gas! seat view as a vector in [0, 1], seats rotated so the viewer comes first.

Built only from one seat's typed view (``views.GibGasView``, ``state.view(seat)``): what a
seat does not know (another driver's hand in the six-driver race, a secret discard) is not in
the view, so it cannot be in the vector; a flag says whether a driver's hand is known.

Blocks: phase (one-hot), round and cards left, the face-up row (one-hot kind per place), the
last card driven for, pit points; per driver, observer first: damage, stars, cards won per
kind, cards played, hand (and whether it is known), hand size, last speed, card and speed
this round, out, own discard, speed cards never played, in the pit queue, rolling, score and
winner; with two drivers, Franz's pile, card, speed and last speed.
"""

from __future__ import annotations

from rennbahn.core.encoding import FloatArray, Layout, many_hot, one_hot
from rennbahn.core.protocol import Game, State
from rennbahn.core.views import UNSET, View, expect_view
from rennbahn.games.gibgas.components import (
    CARD_NAMES,
    DIE_FACES,
    PHASES,
    PIT_POINTS,
    ROW_LENGTH,
    START_DAMAGE,
)
from rennbahn.games.gibgas.rules import GibGasGame
from rennbahn.games.gibgas.views import Driver, Franz, GibGasView

SPEED_NAMES = CARD_NAMES[:6]
LAST_SPEED_NAMES = (*CARD_NAMES[:6], "die")
FRANZ_NAMES = (*CARD_NAMES[:6], "tempo")
TOP_SPEED = max(value for value, _ in DIE_FACES)
MAX_PIT_POINTS = max(PIT_POINTS.values())

_DRIVER_BLOCKS = (
    ("damage", 1), ("stars", 1), ("played", 9), ("hand_known", 1), ("hand", 9),
    ("hand_size", 1), ("last_speed", 7), ("card", 9), ("speed", 1), ("rolling", 1),
    ("pit", 1), ("out", 1), ("discard", 6), ("never_played", 6), ("in_pit_queue", 1),
    ("score", 1), ("winner", 1),
)


class GibGasEncoder:
    """Fixed-size vector of a Gib Gas! seat's view."""

    low = 0.0
    high = 1.0
    #: Raised whenever a vector changes (docs/research.md, "Environment ids").
    version = 1

    def __init__(self, game: GibGasGame) -> None:
        self.players = game.players
        deck = game.deck
        self.codes = tuple(card.code for card in deck.cards)
        self.counts = deck.counts
        self.raced = deck.raced
        self.max_stars = max(1, sum(c.stars * n for c, n in zip(deck.cards, deck.counts,
                                                                strict=True)))
        kinds = len(self.codes)
        head = Layout()
        head.add("phase", len(PHASES))
        head.add("round", 1)
        head.add("stack_left", 1)
        head.add("row", ROW_LENGTH * kinds)
        head.add("last_card", kinds)
        head.add("pit_points", 1)
        self.head = head
        driver = Layout()
        for name, width in _DRIVER_BLOCKS:
            driver.add(name, width)
        driver.add("won", kinds)
        self.driver = driver
        self.franz_offset = head.size + self.players * driver.size
        self.franz = game.franz
        franz = Layout()
        if game.franz:
            franz.add("pile", len(FRANZ_NAMES))
            franz.add("card", len(FRANZ_NAMES))
            franz.add("speed", 1)
            franz.add("last_speed", len(SPEED_NAMES))
            self.franz_pile_max = max(1, *game.franz_pile)
        self.franz_layout = franz
        self.size = self.franz_offset + franz.size

    def feature_names(self) -> list[str]:
        names = self.head.names()
        for place in range(self.players):
            names += self.driver.names(f"driver{place}.")
        return names + self.franz_layout.names("franz.")

    def encode_into(self, view: View, out: FloatArray) -> None:
        seen = expect_view(view, GibGasView)
        head = self.head
        one_hot(out, head["phase"], PHASES, seen.phase)
        out[head["round"]] = seen.round / (self.raced + 1)
        out[head["stack_left"]] = seen.stack_left / self.raced
        kinds = len(self.codes)
        for place, code in enumerate(seen.row):
            one_hot(out, head["row"] + place * kinds, self.codes, code)
        one_hot(out, head["last_card"], self.codes, seen.last_card)
        queue: list[int] = []
        if seen.pit is not UNSET:
            out[head["pit_points"]] = seen.pit.points / MAX_PIT_POINTS
            queue = seen.pit.queue
        rolling = seen.rolling if seen.rolling is not UNSET else []
        scores = seen.scores if seen.scores is not UNSET else []
        winners = seen.winners if seen.winners is not UNSET else []
        drivers = seen.drivers
        me = seen.seat
        for place in range(self.players):
            seat = (me + place) % self.players
            base = head.size + place * self.driver.size
            self._driver(drivers[seat], out, base)
            d = self.driver
            out[base + d["in_pit_queue"]] = float(seat in queue)
            if seat in rolling:
                out[base + d["rolling"]] = 1.0
            out[base + d["winner"]] = float(seat in winners)
            if scores:
                out[base + d["score"]] = scores[seat] / (self.max_stars + START_DAMAGE)
        if self.franz and seen.franz is not UNSET:
            self._franz(seen.franz, out)

    def _driver(self, info: Driver, out: FloatArray, base: int) -> None:
        d = self.driver
        out[base + d["damage"]] = info.damage / START_DAMAGE
        out[base + d["stars"]] = info.stars / self.max_stars
        for code in info.won:
            kind = self.codes.index(code)
            out[base + d["won"] + kind] += 1.0 / self.counts[kind]
        many_hot(out, base + d["played"], CARD_NAMES, info.played)
        if info.hand is not UNSET:
            out[base + d["hand_known"]] = 1.0
            many_hot(out, base + d["hand"], CARD_NAMES, info.hand)
        out[base + d["hand_size"]] = info.hand_size / len(CARD_NAMES)
        one_hot(out, base + d["last_speed"], LAST_SPEED_NAMES, info.last_speed)
        one_hot(out, base + d["card"], CARD_NAMES, info.card)
        speed = info.speed
        if isinstance(speed, int):
            out[base + d["speed"]] = speed / TOP_SPEED
        elif speed == "rolling":
            out[base + d["rolling"]] = 1.0
        elif speed == "pit":
            out[base + d["pit"]] = 1.0
        out[base + d["out"]] = float(bool(info.out))
        one_hot(out, base + d["discard"], SPEED_NAMES,
                info.discard if info.discard is not UNSET else None)
        if info.speed_cards_never_played is not UNSET:
            many_hot(out, base + d["never_played"], SPEED_NAMES, info.speed_cards_never_played)

    def _franz(self, franz: Franz, out: FloatArray) -> None:
        f = self.franz_layout
        base = self.franz_offset
        for i, name in enumerate(FRANZ_NAMES):
            out[base + f["pile"] + i] = franz.pile[name] / self.franz_pile_max
        one_hot(out, base + f["card"], FRANZ_NAMES, franz.card)
        speed = franz.speed
        if isinstance(speed, int):
            out[base + f["speed"]] = speed / TOP_SPEED
        one_hot(out, base + f["last_speed"], SPEED_NAMES, franz.last_speed)

    def encode_state(self, state: State, seat: int, out: FloatArray) -> None:
        self.encode_into(state.view(seat), out)


def make_encoder(game: Game) -> GibGasEncoder:
    assert isinstance(game, GibGasGame)
    return GibGasEncoder(game)
