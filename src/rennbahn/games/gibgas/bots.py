"""A heuristic Gib Gas! driver that plays sensibly from its own seat's view.

At each reveal it imagines the other drivers playing uniformly from the cards it knows they
may hold (their hands are public once played cards are counted; a secret six-driver discard
is guessed among the speed cards never seen), plays the round out a few dozen times per
card of its own, and picks the card with the best average of: stars won, damage taken
(weighted more heavily as the car nears a total loss), and what the card is worth keeping.
The pit stop is valued by the cards it brings back (or, for champions, the damage repaired).

For search (``rollout=heuristic``) it offers a far cheaper policy, :meth:`HeuristicBot.
rollout_move`, which weighs each card against the other cars' speed distributions in closed
form instead of simulating the round (a few dozen microseconds a move), and
:meth:`HeuristicBot.evaluate`, the chance of each seat to win from the score so far, for
rollouts cut short.
"""

from __future__ import annotations

import random

from rennbahn.core.driver import SeatView, win_chances
from rennbahn.core.params import Param
from rennbahn.core.protocol import Game, State
from rennbahn.core.views import UNSET, expect_view
from rennbahn.games.gibgas.components import (
    ALL_CARDS,
    CARD_NAMES,
    DIE_FACES,
    FRANZ_KINDS,
    P_CHOOSE,
    P_DISCARD,
    PIT,
    PIT_POINTS,
    SPEEDS,
    TEMPO,
    TrackCard,
)
from rennbahn.games.gibgas.rules import (
    DISCARD,
    REPAIR,
    TAKE,
    GibGasGame,
    GibGasState,
    resolve_drive,
)
from rennbahn.games.gibgas.views import Driver, Franz, GibGasView

_NAME_TO_CARD = {name: i for i, name in enumerate(CARD_NAMES)}
_DIE = 6
# What a card in hand is worth keeping for later rounds (extremes and the die are flexible).
KEEP_VALUE = {0: 0.45, 1: 0.2, 2: 0.1, 3: 0.1, 4: 0.2, 5: 0.45, _DIE: 0.5, TEMPO: 0.25, PIT: 0.3}
# Which card to take back first at a pit stop.
TAKE_ORDER = (_DIE, 5, 0, TEMPO, 4, 1, 3, 2)
_DIE_VALUES = [v for v, n in DIE_FACES for _ in range(n)]
_PIT_EXPECTED = sum(PIT_POINTS[v] for v in _DIE_VALUES) / len(_DIE_VALUES)
_DIE_SPEEDS = [(v, n / len(_DIE_VALUES)) for v, n in DIE_FACES]
_CARD_BITS = [[i for i in range(9) if mask >> i & 1] for mask in range(1 << 9)]
#: How random the cheap rollout policy is: the share of moves chosen uniformly.
ROLLOUT_EPSILON = 0.1
#: Spread of the evaluation: the score lead worth about 73% (1 logit) is this plus the square
#: root of the cards still to race times EVAL_SLOPE (fitted on rollout-policy races).
EVAL_BASE = 2.0
EVAL_SLOPE = 1.0


class HeuristicBot:
    """Avoids likely fender benders, saves the die for the right card, pits when it pays."""

    PARAMS: tuple[Param, ...] = (
        Param("tempo", True, "plays Tempo-Halten cards (false: never, unless it must; for "
              "measuring what the card is worth, rennbahn lab)"),
    )

    def __init__(self, game: Game, samples: int = 48, tempo: bool = True) -> None:
        if not isinstance(game, GibGasGame):
            raise TypeError("HeuristicBot plays Gib Gas! only")
        self.game: GibGasGame = game
        self.samples = samples
        self.tempo = tempo

    def _without_tempo(self, legal: list[int], card: int) -> list[int]:
        """The moves left to a driver who does not use ``card`` (Tempo-Halten, or taking it
        at a pit stop) while it has another."""
        kept = [a for a in legal if a != card]
        return legal if self.tempo or not kept else kept

    def step(self, view: SeatView, rng: random.Random) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seen = expect_view(view.view(), GibGasView)
        if seen.phase == "discard":
            return DISCARD + 2  # I15: the middle speeds collide most often; drop a 220
        if seen.phase == "pittake":
            return self._pit_choice(seen, self._without_tempo(legal, TAKE + TEMPO))
        return self._choose_card(seen, self._without_tempo(legal, TEMPO), rng)

    # -- pit stops -------------------------------------------------------------------------
    def _pit_choice(self, seen: GibGasView, legal: list[int]) -> int:
        me = seen.drivers[seen.seat]
        if REPAIR in legal and me.damage <= 14:
            return REPAIR
        for card in TAKE_ORDER:
            if TAKE + card in legal:
                return TAKE + card
        return legal[0]

    # -- choosing a card -------------------------------------------------------------------
    def _choose_card(self, seen: GibGasView, legal: list[int], rng: random.Random) -> int:
        seat = seen.seat
        drivers = seen.drivers
        me = drivers[seat]
        assert me.hand is not UNSET  # a seat sees its own hand
        card = self.game.deck.cards[self.game.deck.index(seen.row[0])]
        others = [self._possible_cards(d) for i, d in enumerate(drivers) if i != seat]
        others_last = [d.last_speed for i, d in enumerate(drivers) if i != seat]
        franz = seen.franz
        damage = me.damage
        best, best_value = legal[0], float("-inf")
        for action in legal:
            value = -KEEP_VALUE[action]
            as_pit = action == TEMPO and self.game.tempo_as_pit and me.card == "pit"
            if action == PIT or as_pit:
                value += self._pit_value(damage, me.played, len(me.hand))
            else:
                total = 0.0
                for _ in range(self.samples):
                    mine = self._speed(action, me.last_speed, rng)
                    speeds = [
                        self._speed(rng.choice(cards), last, rng) if cards else 0
                        for cards, last in zip(others, others_last, strict=True)
                    ]
                    speeds.insert(seat, mine)
                    if franz is not UNSET:
                        speeds.append(self._franz_speed(franz, rng))
                    total += self._outcome(card, speeds, seat, damage)
                value += total / self.samples
            if value > best_value:
                best, best_value = action, value
        return best

    @staticmethod
    def _possible_cards(driver: Driver) -> list[int]:
        if driver.hand is not UNSET:
            cards = [_NAME_TO_CARD[c] for c in driver.hand]
        else:  # six drivers: one unknown speed card is out of the game
            assert driver.speed_cards_never_played is not UNSET
            unseen = set(driver.speed_cards_never_played)
            cards = [
                i for i, name in enumerate(CARD_NAMES)
                if name not in driver.played and (i >= 6 or name in unseen)
            ]
        if driver.last_speed is None:
            cards = [c for c in cards if c != TEMPO]
        return cards

    @staticmethod
    def _speed(card: int, last: str | None, rng: random.Random) -> int:
        if card == TEMPO and last is not None:
            card = _NAME_TO_CARD[last]
        if card < 6:
            return SPEEDS[card]
        if card == _DIE:
            return rng.choice(_DIE_VALUES)
        return 0  # pit stop

    @staticmethod
    def _franz_speed(franz: Franz, rng: random.Random) -> int:
        pile = list(franz.pile.values())
        if not any(pile):
            pile = [1] * FRANZ_KINDS
        kind = rng.choices(range(FRANZ_KINDS), weights=pile)[0]
        if kind == 6:
            last = franz.last_speed
            return int(last) if last is not None else rng.choice(SPEEDS)
        return SPEEDS[kind]

    @staticmethod
    def _danger(damage: int, loss: int) -> float:
        """Damage costs its points, and far more when it ends the race for us."""
        if loss <= 0:
            return 0.0
        if damage - loss <= 0:
            return 30.0
        return loss * (1.0 + 3.0 / (damage - loss))

    def _outcome(self, card: TrackCard, speeds: list[int], seat: int, damage: int) -> float:
        benders, taker = resolve_drive(card, speeds, self.game.second_only)
        loss = card.bender if seat in benders else 0
        gain = 0.0
        if taker == seat:
            if card.kind.is_crash:
                loss += card.crash
            else:
                gain = card.stars
        return gain - self._danger(damage, loss)

    def _pit_value(self, damage: int, played: list[str], hand_size: int) -> float:
        """Cards back (the best first) or, for champions, damage repaired; more when poor."""
        if self.game.champions and damage < 18:
            return _PIT_EXPECTED * (1.0 + 3.0 / max(damage, 1))
        values = sorted((KEEP_VALUE[_NAME_TO_CARD[c]] for c in played if c != "pit"),
                        reverse=True)
        best = [sum(values[:k]) for k in (1, 2, 3)]
        value = 1.5 * (best[0] / 2 + best[1] / 3 + best[2] / 6)
        if hand_size <= 3:
            value += 0.3
        return value


    # -- for search: a cheap rollout policy and an evaluation -------------------------------
    def rollout_move(self, state: State, seat: int, rng: random.Random) -> int:
        """A plausible move for ``seat`` without simulating: each card's expected stars and
        damage against the other cars' speed distributions (their hands as they stand in
        ``state``, a resampled full state), minus what the card is worth keeping."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if rng.random() < ROLLOUT_EPSILON:
            return legal[rng.randrange(len(legal))]
        return self.cheap_move(state, seat, legal)

    def cheap_move(self, state: State, seat: int, legal: list[int]) -> int:
        """The rollout policy's considered move (no randomness): see :meth:`rollout_move`."""
        assert isinstance(state, GibGasState)
        if state.phase == P_DISCARD:
            return DISCARD + 2
        if state.phase != P_CHOOSE:
            if REPAIR in legal and state.damage[seat] <= 14:
                return REPAIR
            for card in TAKE_ORDER:
                if TAKE + card in legal:
                    return TAKE + card
            return legal[0]
        game = self.game
        track = game.deck.cards[state.dealt[state.resolved]]
        others = [self._speed_spread(state, s, state.legal_actions(s))
                  for s in range(game.players) if s != seat]
        if game.franz:
            others.append(self._franz_spread(state))
        damage = state.damage[seat]
        fastest = track.kind.rewards_fastest
        prize = -self._danger(damage, track.crash) if track.kind.is_crash else track.stars
        bender = self._danger(damage, track.bender)
        best, best_value = legal[0], float("-inf")
        for card in legal:
            value = -KEEP_VALUE[card]
            spread = self._speed_spread(state, seat, [card])
            if not spread:  # in the pits
                value += self._pit_value(
                    damage, [CARD_NAMES[c] for c in _CARD_BITS[ALL_CARDS & ~state.hand[seat]]],
                    bin(state.hand[seat]).count("1"))
            for speed, chance in spread.items():
                alone = top = 1.0
                for other in others:
                    same = beyond = 0.0
                    for v, p in other.items():
                        if v == speed:
                            same += p
                        elif v > speed if fastest else v < speed:
                            beyond += p
                    alone *= 1.0 - same
                    top *= 1.0 - same - beyond
                value += chance * (top * prize - (1.0 - alone) * bender)
            if value > best_value:
                best, best_value = card, value
        return best

    def _speed_spread(self, state: GibGasState, seat: int, cards: list[int]) -> dict[int, float]:
        """Speed -> chance for a car playing uniformly among ``cards`` (pits left out)."""
        spread: dict[int, float] = {}
        share = 1.0 / len(cards)
        for card in cards:
            if card == TEMPO:
                if self.game.tempo_as_pit and state.last_played[seat] == PIT:
                    continue
                card = state.last_drive[seat]
            if card < 6:
                speed = SPEEDS[card]
                spread[speed] = spread.get(speed, 0.0) + share
            elif card == _DIE:
                for speed, p in _DIE_SPEEDS:
                    spread[speed] = spread.get(speed, 0.0) + share * p
        return spread

    @staticmethod
    def _franz_spread(state: GibGasState) -> dict[int, float]:
        pile = state.f_pile
        total = sum(pile) or 1
        spread: dict[int, float] = {}
        for kind, count in enumerate(pile):
            if not count:
                continue
            if kind < 6:
                spread[SPEEDS[kind]] = spread.get(SPEEDS[kind], 0.0) + count / total
            else:
                speeds = [SPEEDS[state.f_last]] if state.f_last >= 0 else list(SPEEDS)
                for speed in speeds:
                    spread[speed] = spread.get(speed, 0.0) + count / total / len(speeds)
        return spread

    def evaluate(self, state: State) -> list[float]:
        """Each seat's chance to win estimated from the points so far (stars and damage
        points left), spread wider the more cards are still to race; the returns once over."""
        assert isinstance(state, GibGasState)
        if state.is_terminal():
            return list(state.returns())
        left = self.game.deck.raced - state.resolved
        spread = EVAL_BASE + EVAL_SLOPE * left ** 0.5
        return win_chances([(state.stars(s) + d - 3.0 / d) / spread
                            for s, d in enumerate(state.damage)])
