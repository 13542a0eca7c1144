"""A heuristic Ausgebremst driver working from its own seat's view.

It keeps to the ideal line (a move's waste is the card points it spends beyond the progress
it makes towards the finish), budgets its card points against what remains to the finish
(the tighter the budget, the dearer each wasted point), blocks a rival when its budget
allows (it likes ending on the space a rival car needs next), and makes its pit stop at the
first chance in the family game. Advanced game: the average deck, the rulebook's example
arrangement of the gear stacks (with ``stack_order=chosen`` dealt highest value first, so
each stack draws its lowest first), and draws from the stack whose cards fit what is left.

Advanced-game pit stop (optional, I20): the stop brings the pit cards (the chart's 1 to 11
points) for a detour of 0 to 3 spaces, and most cars cannot finish without it (the chart's
reserve is 2 or 3 points). So while the stop is still ahead and worth more than its detour,
the driver counts its budget as if it will stop: its pit cards in, the way through the alley
in. A move that passes the entry on the last lap allowed (lap 2) loses the pit cards less the
detour from the budget; passing it on lap 1 costs a little (one chance left). Approaching
the entry, it keeps a card in hand, or draws one, that ends in the alley next turn, and
avoids moves after which every card it can hold would carry it past the alley.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from rennbahn.core.driver import SeatView, win_shares
from rennbahn.core.errors import ParameterError
from rennbahn.core.params import Param
from rennbahn.core.protocol import Game, State
from rennbahn.core.views import expect_view
from rennbahn.games.ausgebremst.components import DECK_CHOICES
from rennbahn.games.ausgebremst.constants import (
    DECK,
    DISCARD,
    GEARS,
    PASS,
    PICK,
    PLAY,
    POINTS,
    PUT,
    RACING,
    STACKS,
    TAKE,
)
from rennbahn.games.ausgebremst.rules import AusgebremstGame, AusgebremstState
from rennbahn.games.ausgebremst.tracks import (
    FINISH_SLOT,
    LAPS,
    PIT_CROSSINGS,
    SLOTS,
    Track,
    backward_distances,
    ideal_distance,
)
from rennbahn.games.ausgebremst.views import AusgebremstView, Own

#: The rulebook's example: 1s and 2s in gear 1, 3s in 2, 4s in 3, 5s and 6s in 4.
EXAMPLE_GEARS = {1: 0, 2: 0, 3: 1, 4: 2, 5: 3, 6: 3}
#: Share of the stop's worth a move gives up by passing the entry on lap 1 (lap 2 is left).
LAP1_PASS = 0.3
#: The evaluation: how uncertain a car's turns to the finish are (a normal spread, in
#: turns), and each later race of a championship (a normal spread of a seat's points in it).
#: Fitted on heuristic-rollout races, 150 each, by the Brier score of the chances to win
#: (uniform chances: 0.50 with 2 players, 0.83 with 6): over 0.5-4 turns, 2 players lowest at
#: 2 (0.37; family game), 3-4 in the advanced game (0.43; 2 gives 0.44), 6 players at 1
#: (0.56; 2 gives 0.62); 2 serves the 2-player tables search is measured at. Later races:
#: 1-3 points alike on 3-race championships.
TURN_SPREAD = 2.0
RACE_SPREAD = 3.0
#: The evaluation's fixed draws: per sample a standard normal number for each car and seat,
#: from a generator seeded here (the same numbers in every run; no randomness at play), each
#: draw also with its signs turned (so two cars alike in every way come out level).
SAMPLES = 32
_DRAWS = random.Random(0)
_HALF = [tuple(_DRAWS.gauss(0.0, 1.0) for _ in range(12)) for _ in range(SAMPLES // 2)]
NOISE: tuple[tuple[float, ...], ...] = (*_HALF, *(tuple(-x for x in d) for d in _HALF))
#: The mean card (the advanced game's evaluation).
MEAN_CARD = 3.5


@dataclass(frozen=True)
class PitWay:
    """What a track's pit alley costs: steps from each space to field A, and the detour."""

    to_a: list[int]
    detour: int
    #: Steps from the first pit space to the next crossing of the line.
    p1_to_line: int


def pit_way(track: Track) -> PitWay:
    """Steps to field A from every space (backward search over the lanes), and how much
    longer the shortest race with the stop is than without it."""
    pred: list[list[int]] = [[] for _ in range(track.size)]
    for here, ahead in enumerate(track.succ):
        if track.is_pit[here]:
            continue
        for there in ahead:
            if not track.is_pit[there]:
                pred[there].append(here)
    to_a = backward_distances(pred, [track.field_a], 0)
    start = track.grid[0]
    detour = ideal_distance(track, start) - ideal_distance(track, start, pit_stop=False)
    return PitWay(to_a, detour, track.to_line[track.pit[0]])


def least_waste(track: Track, start: int, crossings: int, occupied: set[int],
                cards: list[int]) -> int:
    """The fewest points any of ``cards`` wastes from ``start`` among the cars on
    ``occupied`` (they stay put; the pit alley left out; over the line for the last time is
    the finish, which wastes nothing); a card with no way counts one point."""
    best = 99
    wanted = set(cards)
    layer = {(start, False)}
    lap = track.lap
    for k in range(1, max(cards, default=0) + 1):
        layer = {(there, crossed or over) for here, crossed in layer
                 for there, over in track.steps[here]
                 if there not in occupied and not track.is_pit[there]}
        if k not in wanted:
            continue
        if not layer:
            best = min(best, 1)
            continue
        for there, crossed in layer:
            if crossed and crossings + 1 > LAPS:
                return 0
            waste = track.to_line[there] - track.to_line[start] - (lap if crossed else 0) + k
            if waste < best:
                best = waste
                if not best:
                    return 0
    return best if best < 99 else 0


class HeuristicBot:
    """Ideal line first, blocking when the card budget allows it, the pit stop planned."""

    PARAMS: tuple[Param, ...] = (
        Param("deck", "average", "advanced game: the deck the driver races with",
              choices=DECK_CHOICES),
    )

    def __init__(self, game: Game, deck: str = "average") -> None:
        if not isinstance(game, AusgebremstGame):
            raise TypeError("HeuristicBot plays Ausgebremst only")
        if deck not in DECK_CHOICES:
            raise ParameterError(f"deck={deck!r}: the deck is one of {', '.join(DECK_CHOICES)}")
        self.game = game
        self.deck = DECK_CHOICES.index(deck)
        self._ways: dict[int, PitWay] = {}

    def step(self, view: SeatView, rng: random.Random) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = expect_view(view.view(), AusgebremstView)
        first = legal[0]
        if DECK <= first < DECK + 3:
            return DECK + self.deck
        if DISCARD <= first:
            return first  # I25 (discard): spend the lowest card, it wastes the fewest points
        if GEARS <= first:
            # With stack_order=chosen any value may come next: the highest first, so that
            # each stack draws its lowest card first, as a sorted stack does (I24).
            value = (legal[-1] - GEARS) // STACKS + 1
            wanted = GEARS + (value - 1) * STACKS + EXAMPLE_GEARS[value]
            return wanted if wanted in legal else first
        if PICK <= first < PICK + STACKS:
            return self._pick(obs, legal)
        if TAKE <= first < TAKE + 6:
            return legal[-1]  # keep the highest pit card in hand
        if PUT <= first < PUT + STACKS:
            return PUT + 3
        plays = [a for a in legal if PLAY <= a < PASS]
        if not plays:
            return legal[0]
        plan = self._plan(obs) if obs.mode == "advanced" else None
        scored = [(self._score(obs, a, plan), -a) for a in plays]
        return -max(scored)[1]

    # -- the evaluation for search cut off before the end (depth=) --------------------------
    def evaluate(self, state: State) -> list[float]:
        """Each seat's chance to win: the points so far and what the race still brings.

        Each car racing needs about its distance to the finish over its mean card in turns
        (:meth:`_turns`), give or take a normal spread; over fixed draws of those spreads
        (:data:`NOISE`) the cars finish in the order of their turns, behind those already
        over the line, the seats score their places (I17) on top of the points so far
        (I23), and each later race adds a normal spread of points; the chance to win is the
        share of draws won (ties shared, nobody winning when no seat has points)."""
        assert isinstance(state, AusgebremstState)
        if state.is_terminal():
            return list(state.returns())
        g = self.game
        way = self._way(state.race + 1)
        finished = len(state.finish)
        turns: dict[int, float] = {}
        for car in range(len(state.pos)):
            if state.status[car] == RACING:
                need = self._turns(state, car, way)
                if need is not None:
                    turns[car] = need
        totals = state.returns()
        for place, car in enumerate(state.finish):  # over the line in this race already
            if car < g.players:
                totals[car] += POINTS[place]
        later = RACE_SPREAD * math.sqrt(len(g.races) - len(state.table) - 1)
        shares = [0.0] * g.players
        for draw in NOISE:
            scores = list(totals)
            for seat in range(g.players):
                scores[seat] += later * draw[6 + seat]
            order = sorted(turns, key=lambda car: turns[car] + TURN_SPREAD * draw[car])
            for place, car in enumerate(order, start=finished):
                if car < g.players:
                    scores[car] += POINTS[place]
            for seat, share in enumerate(win_shares(scores)):
                shares[seat] += share / SAMPLES
        return shares

    def _turns(self, state: AusgebremstState, car: int, way: PitWay) -> float | None:
        """The turns a racing car needs: the distance over its mean card (in the advanced
        game over the mean of all cards: there a car's points per card foretold the winner
        worse than its distance alone; the driver chooses which stack to draw from), or None
        when its card points cannot cover the distance (I11). While the stop is due its pit
        cards come in and the detour adds to the distance: in the family game the stop is a
        must (I9), in the advanced game the car takes the better of stopping and not."""
        left = state.track.remaining(state.pos[car], state.cross[car])
        have = state.points_left(car)
        cards = len(state.hand[car]) + sum(state.deck[car]) + sum(
            map(sum, state.stacks[car])) + sum(map(len, state.tops[car]))
        pit = state.pitc[car]
        if state.pitted[car]:  # the stop made: pit cards still by the alley come in now
            have, cards = have + sum(pit), cards + len(pit)
        ways = [(left, have, cards)]
        if not state.pitted[car] and not state.track.is_pit[state.pos[car]]:
            stop = (left + way.detour, have + sum(pit), cards + len(pit))
            ways = [stop, *ways] if self.game.advanced else [stop]
        best: float | None = None
        for distance, points, count in ways:
            if not count:  # not dealt yet (advanced game, before the first draw)
                need = distance / MEAN_CARD
            elif points < distance:
                continue  # it runs out of cards before the finish
            elif self.game.advanced:
                need = distance / MEAN_CARD
            else:
                need = distance * count / points
            best = need if best is None else min(best, need)
        return best

    # -- the advanced game's pit stop -------------------------------------------------------
    def _way(self, race: int) -> PitWay:
        way = self._ways.get(race)
        if way is None:
            way = self._ways[race] = pit_way(self.game.tracks[race - 1])
        return way

    def _plan(self, obs: AusgebremstView) -> tuple[Track, PitWay, int] | None:
        """(track, its pit way, the stop's net worth) while a stop worth making is ahead."""
        me = obs.cars[obs.own_seat]
        if me.pit_stop or not me.pit_cards or me.crossings >= PIT_CROSSINGS[-1] + 1:
            return None
        way = self._way(obs.race)
        worth = sum(me.pit_cards) - way.detour
        if worth <= 0:
            return None
        return self.game.tracks[obs.race - 1], way, worth

    @staticmethod
    def _entry(track: Track, way: PitWay, space: int, crossings: int) -> tuple[int, int]:
        """(steps to the first pit space, crossings then) from a space outside the alley."""
        if space == track.field_a:
            return 1, crossings
        return way.to_a[space] + 1, crossings + 1

    def _left(self, track: Track, way: PitWay, space: int, crossings: int,
              planned: bool) -> tuple[int, bool]:
        """Spaces to the finish, through the alley when the stop is planned and still open
        from here; and whether it is."""
        if planned and not track.is_pit[space]:
            steps, at = self._entry(track, way, space, crossings)
            if at in PIT_CROSSINGS:
                return steps + way.p1_to_line + track.lap * (LAPS - at), True
        return track.remaining(space, crossings), False

    # -- moves -------------------------------------------------------------------------------
    def _score(self, obs: AusgebremstView, action: int,
               plan: tuple[Track, PitWay, int] | None) -> float:
        track = self.game.tracks[obs.race - 1]
        me = obs.cars[obs.own_seat]
        value, slot = divmod(action - PLAY, SLOTS)
        value += 1
        if slot == FINISH_SLOT:
            return 1000.0 - value  # finish, with the smallest card that does
        here = track.index(me.space)
        there = track.at_slot[slot]
        crossings = me.crossings + (1 if track.col[there] < track.col[here] else 0)
        points = me.points_left
        if plan is None:
            left_after = track.remaining(there, crossings)
            gain = me.to_finish - left_after
            waste = value - gain
            budget = points - value - left_after
            extra = 0.0
            if track.is_pit[there] and not me.pit_stop and obs.mode == "family":
                extra = 6.0
        else:
            _, way, worth = plan
            left_now, _ = self._left(track, way, here, me.crossings, True)
            reserve_now = points + worth + way.detour - left_now
            if track.is_pit[there]:  # the stop: the pit cards come in
                left_after, still = track.remaining(there, crossings), True
            else:
                left_after, still = self._left(track, way, there, crossings, True)
            reserve_after = points - value - left_after + (worth + way.detour if still else 0)
            waste = reserve_now - reserve_after
            gain = value - waste
            budget = reserve_after
            extra = 0.0
            if still and not track.is_pit[there]:
                if self._entry(track, way, there, crossings)[1] > self._entry(
                        track, way, here, me.crossings)[1]:
                    extra -= LAP1_PASS * worth  # passed the entry on lap 1
                extra -= self._miss(obs, track, way, there, crossings, value, worth)
        score: float = gain - waste * (4.0 if budget < 6 else 1.5) + extra
        if budget > 4:
            score += self._blocking(obs, track, there)
        return score

    def _miss(self, obs: AusgebremstView, track: Track, way: PitWay, there: int,
              crossings: int, value: int, worth: int) -> float:
        """What ending on ``there`` risks of the stop: every card the car can hold next
        turn (the other card in hand, a stack's next card) carries it past the alley."""
        steps, at = self._entry(track, way, there, crossings)
        longest = steps + len(track.pit) - 1
        if steps > 6:
            return 0.0
        cards = self._next_cards(obs, value)
        if not cards or min(cards) <= longest:
            return 0.0
        return (1.0 if at == PIT_CROSSINGS[-1] else LAP1_PASS) * worth

    def _next_cards(self, obs: AusgebremstView, played: int) -> list[int]:
        """The cards the car can hold next turn: the hand less ``played``, and every stack's
        next card (known with sorted stacks or an order of its choice, I24; else every value
        in the stack)."""
        me = obs.me
        hand = list(me.hand)
        if played in hand:
            hand.remove(played)
        cards = hand
        for s in range(STACKS):
            cards.extend(self._stack_next(me, s))
        return cards

    def _stack_next(self, me: Own, s: int) -> list[int]:
        known = me.next_known(s, self.game.sorted_stacks)
        return [known] if known is not None else me.stack_values(s)

    @staticmethod
    def _others(obs: AusgebremstView, track: Track) -> set[int]:
        """The spaces of the other cars on the track."""
        return {track.index(car.space) for car in obs.cars
                if car.on_board and car.seat != obs.seat}

    @staticmethod
    def _blocking(obs: AusgebremstView, track: Track, there: int) -> float:
        """Worth of standing on ``there``: rival cars (players first) that need it next."""
        bonus = 0.0
        for car in obs.cars:
            if car.seat == obs.seat or not car.on_board:
                continue
            theirs = track.index(car.space)
            if there in track.succ[theirs]:
                bonus += 1.0 if car.seat is not None else 0.3
        return bonus

    # -- draws -------------------------------------------------------------------------------
    def _pick(self, obs: AusgebremstView, legal: list[int]) -> int:
        """Approaching the pit entry with no card in hand that ends in the alley: a stack whose
        next card does. Otherwise the stack whose next card (known with sorted stacks or an
        order of its choice, I24; else the stack's mean) comes closest to a sixth of what
        remains (at least 4)."""
        me = obs.me
        mine = obs.cars[obs.own_seat]
        plan = self._plan(obs) if obs.mode == "advanced" else None
        if plan is not None and mine.on_board:
            track, way, _ = plan
            here = track.index(mine.space)
            if not track.is_pit[here]:
                steps, at = self._entry(track, way, here, mine.crossings)
                longest = steps + len(track.pit) - 1
                if at in PIT_CROSSINGS and steps <= 6 and not any(
                        steps <= card <= longest for card in me.hand):
                    fitting = [a for a in legal if any(
                        steps <= card <= longest for card in self._stack_next(me, a - PICK))]
                    if fitting:
                        return fitting[0]
        want = max(4.0, min(6.0, mine.to_finish / 3))
        waste: dict[int, int] = {}
        if mine.on_board:
            track = self.game.tracks[obs.race - 1]
            here = track.index(mine.space)
            if not track.is_pit[here]:
                others = self._others(obs, track)
                for action in legal:
                    cards = list(me.hand) + self._stack_next(me, action - PICK)
                    waste[action] = least_waste(track, here, mine.crossings, others, cards)

        def fit(action: int) -> float:
            s = action - PICK
            known = me.next_known(s, self.game.sorted_stacks)
            if known is not None:
                return -abs(known - want)
            counts = (me.stacks or [])[s]
            cards = sum(counts)
            total = sum((v + 1) * n for v, n in enumerate(counts))
            return -abs(total / max(cards, 1) - want)

        return max(legal, key=lambda a: (-waste.get(a, 0), fit(a)))
