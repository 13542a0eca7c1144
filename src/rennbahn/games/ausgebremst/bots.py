"""A heuristic Ausgebremst driver working from its own seat's view.

It keeps to the ideal line (a move's waste is the card points it spends beyond the progress
it makes towards the finish), budgets its card points against what remains to the finish
(the tighter the budget, the dearer each wasted point), blocks a rival when its budget
allows (it likes ending on the space a rival car needs next), and makes its pit stop at the
first chance in the family game. Advanced game: the average deck, the rulebook's example
arrangement of the gear stacks, and draws from the stack whose cards fit what is left.
"""

from __future__ import annotations

import random
from typing import Any

from rennbahn.core.driver import SeatView
from rennbahn.core.protocol import Game
from rennbahn.games.ausgebremst.rules import (
    DECK,
    DISCARD,
    GEARS,
    PASS,
    PICK,
    PLAY,
    PUT,
    STACKS,
    TAKE,
    AusgebremstGame,
)
from rennbahn.games.ausgebremst.tracks import FINISH_SLOT, SLOTS, Track

#: The rulebook's example: 1s and 2s in gear 1, 3s in 2, 4s in 3, 5s and 6s in 4.
EXAMPLE_GEARS = {1: 0, 2: 0, 3: 1, 4: 2, 5: 3, 6: 3}


class HeuristicBot:
    """Ideal line first, blocking when the card budget allows it."""

    def __init__(self, game: Game) -> None:
        if not isinstance(game, AusgebremstGame):
            raise TypeError("HeuristicBot plays Ausgebremst only")
        self.game = game

    def step(self, view: SeatView, rng: random.Random) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = view.observation()
        first = legal[0]
        if DECK <= first < DECK + 3:
            return DECK + 1  # average
        if DISCARD <= first:
            return first  # I25 (discard): spend the lowest card, it wastes the fewest points
        if GEARS <= first:
            value = (first - GEARS) // STACKS + 1
            wanted = GEARS + (value - 1) * STACKS + EXAMPLE_GEARS[value]
            return wanted if wanted in legal else first
        if PICK <= first < PICK + STACKS:
            return self._pick(obs, legal, self.game.sorted_stacks)
        if TAKE <= first < TAKE + 6:
            return legal[-1]  # keep the highest pit card in hand
        if PUT <= first < PUT + STACKS:
            return PUT + 3
        plays = [a for a in legal if PLAY <= a < PASS]
        if not plays:
            return legal[0]
        scored = [(self._score(obs, a), -a) for a in plays]
        return -max(scored)[1]

    def _score(self, obs: dict[str, Any], action: int) -> float:
        track = self.game.tracks[obs["race"] - 1]
        seat = obs["seat"]
        me = obs["cars"][seat]
        value, slot = divmod(action - PLAY, SLOTS)
        value += 1
        if slot == FINISH_SLOT:
            return 1000.0 - value  # finish, with the smallest card that does
        here = track.index(me["space"])
        there = track.at_slot[slot]
        crossings = me["crossings"] + (1 if track.col[there] < track.col[here] else 0)
        left_after = track.remaining(there, crossings)
        gain = int(me["to_finish"]) - left_after
        waste = value - gain
        budget = int(me["points_left"]) - value - left_after
        score: float = gain - waste * (4.0 if budget < 6 else 1.5)
        if track.is_pit[there] and not me["pit_stop"] and obs["mode"] == "family":
            score += 6.0
        if budget > 4:
            score += self._blocking(obs, track, there)
        return score

    @staticmethod
    def _blocking(obs: dict[str, Any], track: Track, there: int) -> float:
        """Worth of standing on ``there``: rival cars (players first) that need it next."""
        bonus = 0.0
        for car in obs["cars"]:
            if car["seat"] == obs["seat"] or not car["on_board"]:
                continue
            theirs = track.index(car["space"])
            if there in track.succ[theirs]:
                bonus += 1.0 if car["seat"] is not None else 0.3
        return bonus

    @staticmethod
    def _pick(obs: dict[str, Any], legal: list[int], in_order: bool) -> int:
        """The stack whose next card (known with sorted stacks, I24; else the stack's mean)
        comes closest to a sixth of what remains (at least 4)."""
        me = obs["me"]
        mine = obs["cars"][obs["seat"]]
        want = max(4.0, min(6.0, int(mine["to_finish"]) / 3))

        def fit(action: int) -> float:
            s = action - PICK
            counts: list[int] = me["stacks"][s]
            tops: list[int] = me["stack_tops"][s]
            if tops:
                return -abs(tops[-1] - want)
            if in_order:
                return -abs(next(v + 1 for v, n in enumerate(counts) if n) - want)
            cards = sum(counts)
            total = sum((v + 1) * n for v, n in enumerate(counts))
            return -abs(total / max(cards, 1) - want)

        return max(legal, key=fit)
