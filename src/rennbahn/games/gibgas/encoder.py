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

import numpy as np

from rennbahn.core.encoding import Buffer, FloatArray, Layout, many_hot, new_buffer, one_hot, store
from rennbahn.core.protocol import Game, State
from rennbahn.core.views import UNSET, View, expect_view
from rennbahn.games.gibgas.components import (
    CARD_NAMES,
    CARDS_IN,
    DIE_FACES,
    FRANZ_TEMPO,
    NEED_ROLL,
    NO_SPEED,
    P_OVER,
    P_PITROLL,
    P_PITTAKE,
    P_ROLL,
    PHASES,
    PIT_POINTS,
    PIT_SPEED,
    ROW_LENGTH,
    SPEED_CARDS,
    START_DAMAGE,
)
from rennbahn.games.gibgas.rules import GibGasGame, GibGasState
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
        # The offsets that encode_state reads in its loops, once.
        d = driver
        self.o_damage, self.o_stars, self.o_won = d["damage"], d["stars"], d["won"]
        self.o_played, self.o_hand_known, self.o_hand = d["played"], d["hand_known"], d["hand"]
        self.o_hand_size, self.o_last_speed, self.o_card = (
            d["hand_size"], d["last_speed"], d["card"])
        self.o_speed, self.o_rolling, self.o_pit = d["speed"], d["rolling"], d["pit"]
        self.o_out, self.o_discard, self.o_never = d["out"], d["discard"], d["never_played"]
        self.o_queue, self.o_score, self.o_winner = d["in_pit_queue"], d["score"], d["winner"]
        #: won[kind][m]: the float32 that m cards of a kind won add up to, summed one card at
        #: a time in float32 as encode_into sums them, so both give the very same floats.
        self.won_values: list[list[float]] = []
        for count in self.counts:
            total = np.zeros(1, dtype=np.float32)
            sums = [0.0]
            for _ in range(count + 1):
                total[0] += 1.0 / count
                sums.append(float(total[0]))
            self.won_values.append(sums)
        #: The place of each card in LAST_SPEED_NAMES (-1: never a last speed).
        self.last_speed_index = [
            LAST_SPEED_NAMES.index(name) if name in LAST_SPEED_NAMES else -1
            for name in CARD_NAMES]

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
        """:meth:`encode_into` of ``state.view(seat)``, the same floats, read straight off
        the state: another driver's hand only where the view shows it (not in the six-driver
        race, I15), a secret discard only the seat's own."""
        assert isinstance(state, GibGasState)
        s = state
        g = s.g
        buf = new_buffer(self.size)
        head = self.head
        phase = s.phase
        over = phase == P_OVER
        buf[head["phase"] + phase] = 1.0
        buf[head["round"]] = (s.resolved + (0 if over else 1)) / (self.raced + 1)
        dealt = s.dealt
        buf[head["stack_left"]] = (g.deck.raced - len(dealt)) / self.raced
        kinds = len(self.codes)
        row_at = head["row"]
        resolved = s.resolved
        for place, kind in enumerate(dealt[resolved:]):
            buf[row_at + place * kinds + kind] = 1.0
        if resolved:
            buf[head["last_card"] + dealt[resolved - 1]] = 1.0
        in_pit = phase in (P_PITROLL, P_PITTAKE)
        queue = s.queue if in_pit else []
        if in_pit:
            buf[head["pit_points"]] = s.points / MAX_PIT_POINTS
        rolling = s.queue if s.pit_seat < 0 and phase == P_ROLL else []
        scores = s.scores() if over else []
        winners = s.winners() if over else []
        n = self.players
        size = self.driver.size
        secret_hands = g.discard
        for place in range(n):
            driver = (seat + place) % n
            base = head.size + place * size
            self._driver_state(s, driver, driver != seat and secret_hands, driver == seat,
                               buf, base)
            if driver in queue:
                buf[base + self.o_queue] = 1.0
            if driver in rolling:
                buf[base + self.o_rolling] = 1.0
            if driver in winners:
                buf[base + self.o_winner] = 1.0
            if scores:
                buf[base + self.o_score] = scores[driver] / (self.max_stars + START_DAMAGE)
        if self.franz:
            self._franz_state(s, buf)
        store(buf, out)

    def _driver_state(self, s: GibGasState, driver: int, secret: bool, own: bool,
                      buf: Buffer, base: int) -> None:
        """:meth:`_driver` of the driver's view, read off the state."""
        damage = s.damage[driver]
        buf[base + self.o_damage] = damage / START_DAMAGE
        buf[base + self.o_stars] = s.stars(driver) / self.max_stars
        won = [0] * len(self.codes)
        for kind in s.won[driver]:
            won[kind] += 1
        for kind, m in enumerate(won):
            if m:
                buf[base + self.o_won + kind] = self.won_values[kind][m]
        for card in CARDS_IN[s._played(driver)]:
            buf[base + self.o_played + card] = 1.0
        hand = CARDS_IN[s.hand[driver]]
        if not secret:
            buf[base + self.o_hand_known] = 1.0
            for card in hand:
                buf[base + self.o_hand + card] = 1.0
        buf[base + self.o_hand_size] = len(hand) / len(CARD_NAMES)
        last = s.last_drive[driver]
        if last >= 0:
            buf[base + self.o_last_speed + self.last_speed_index[last]] = 1.0
        chosen = s.chosen[driver]
        if chosen >= 0:
            buf[base + self.o_card + chosen] = 1.0
        speed = s.speed[driver]
        if speed == NEED_ROLL:
            buf[base + self.o_rolling] = 1.0
        elif speed == PIT_SPEED:
            buf[base + self.o_pit] = 1.0
        elif speed != NO_SPEED:
            buf[base + self.o_speed] = speed / TOP_SPEED
        buf[base + self.o_out] = float(damage <= 0)
        discard = s.discard[driver]
        if own and discard >= 0:
            buf[base + self.o_discard + discard] = 1.0
        if secret:
            for card in CARDS_IN[SPEED_CARDS & ~s.ever[driver]]:
                buf[base + self.o_never + card] = 1.0

    def _franz_state(self, s: GibGasState, buf: Buffer) -> None:
        """:meth:`_franz` of Franz's view, read off the state."""
        f = self.franz_layout
        base = self.franz_offset
        for i, count in enumerate(s.f_pile):
            buf[base + f["pile"] + i] = count / self.franz_pile_max
        card = s.f_card
        if card >= 0:
            buf[base + f["card"] + (len(FRANZ_NAMES) - 1 if card == FRANZ_TEMPO else card)] = 1.0
        speed = s.f_speed
        if speed != NO_SPEED and speed != NEED_ROLL and speed != PIT_SPEED:
            buf[base + f["speed"]] = speed / TOP_SPEED
        if s.f_last >= 0:
            buf[base + f["last_speed"] + s.f_last] = 1.0


def make_encoder(game: Game) -> GibGasEncoder:
    assert isinstance(game, GibGasGame)
    return GibGasEncoder(game)
