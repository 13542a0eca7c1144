"""Bots for Von 0 auf 100 that see only their seat's view.

:func:`beliefs` turns what a seat has seen into probabilities of who owns which car: every
deal of the other seats that explains the cars across the line (who uncovered what) is
weighed by how much each seat has pushed the cars it would own (a seat moves its own car
more, on average, than the others). :class:`HeuristicBot` moves its own car forward, keeps
the cars it believes are the others' back, and spreads its big cans over a decoy so its own
car does not stand out.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence

from rennbahn.core.driver import SeatView
from rennbahn.core.protocol import Game
from rennbahn.core.views import View, expect_view
from rennbahn.games.von0auf100.components import (
    COLOURS,
    KIND_CODES,
    NOBODY,
    NUM_CARS,
    PLAIN,
    move_by,
)
from rennbahn.games.von0auf100.rules import Von0auf100Game
from rennbahn.games.von0auf100.views import Von0auf100View

#: How strongly a square given to a car points to its owner (log-likelihood per square).
EVIDENCE = 0.3
#: The worth of a square moved by one's own car, and the harm of one moved by another's.
OWN = 1.0
OTHERS = 0.9
#: Bonus for taking the last own car across (the win), harm of taking another's across.
WIN = 1000.0
LOSS = 400.0
#: Weight of not standing out early in the race (falls to 0 at the line).
DISGUISE = 0.6
#: How surely a car one saves for a bigger can of one's own is still free then.
SAVE = 0.8
#: How likely a seat holding a can that would take a car across puts it on that car.
TAKEN = 0.5
#: From this round on a race counts as stalled and the bot places its cans at random: two
#: seats that guard each other's cars at the line can otherwise repeat the same rounds for
#: ever, each move being the only one that does not lose at once (I16).
TIRED = 40
#: What standing on a card is worth for the next move, per kind.
CARD_WORTH = (0.0, 0.3, 0.6, 0.9, 1.2, 1.5, 1.5, -1.5)


def beliefs(view: View, game: Game) -> list[list[float]]:
    """``P[seat][car]``: the probability that ``seat`` holds ``car``'s licence this race,
    from a seat's view (``SeatView.view()``).

    The viewing seat's own row is certain. Deals that contradict what the table learnt
    when cars crossed the line (I11, I12, I14) get no weight.
    """
    assert isinstance(game, Von0auf100Game)
    seen = expect_view(view, Von0auf100View)
    n = game.players
    me = seen.you
    mine = [COLOURS.index(c) for c in seen.licences]
    finished = [COLOURS.index(f.car) for f in seen.finishes if f.race == seen.race]
    shown = {COLOURS.index(car): seat for car, seat in seen.owners.items()}
    ongoing = seen.phase != "over"
    given = seen.given

    others = [s for s in game.deal_seats if s != me]
    pool = [c for c in range(NUM_CARS) if c not in mine]
    totals = [[0.0] * NUM_CARS for _ in range(n)]
    weight_sum = 0.0
    for choice in itertools.permutations(pool, len(others)):
        owner = [NOBODY] * NUM_CARS
        for car in mine:
            owner[car] = me
        for seat, car in zip(others, choice, strict=True):
            owner[car] = seat
        if not _explains(game, owner, finished, shown, ongoing):
            continue
        weight = math.exp(EVIDENCE * sum(given[s][c] for s, c in zip(others, choice,
                                                                    strict=True)))
        weight_sum += weight
        for car, seat in enumerate(owner):
            if seat != NOBODY:
                totals[seat][car] += weight
    if weight_sum == 0.0:  # nothing fits (cannot happen in a real game): know nothing
        return [[1.0 if s == me and c in mine else 0.0 for c in range(NUM_CARS)]
                for s in range(n)]
    return [[value / weight_sum for value in row] for row in totals]


def _next_can(view: Von0auf100View) -> int:
    """The can the bot places now (a bot is asked only when its seat is to move)."""
    assert view.next_can is not None
    return view.next_can


def _kind(track: str, square: int) -> int:
    """The kind of card on ``square`` of ``track`` (its codes); the start/target card, square
    0 or (with ``finish=past_card``) length + 1, is plain (I1, I2)."""
    return KIND_CODES.index(track[square - 1]) if 0 < square <= len(track) else PLAIN


def _explains(
    game: Von0auf100Game,
    owner: Sequence[int],
    finished: Sequence[int],
    shown: Mapping[int, int],
    ongoing: bool,
) -> bool:
    uncovered: dict[int, int] = {}
    for seat, over, _, cars in game.signature(owner, finished):
        if over and ongoing:
            return False
        for car in cars:
            uncovered[car] = seat
    return uncovered == dict(shown)


class HeuristicBot:
    """Moves its own car, holds back the cars it believes are the others', and does not
    give itself away: early on it keeps its own car from standing out among the cars it has
    pushed, by pushing a likely unowned decoy too. In a race that has lasted ``TIRED`` rounds
    it places its cans at random, which breaks a repetition of guarding moves."""

    def __init__(self, game: Game) -> None:
        assert isinstance(game, Von0auf100Game)
        self.game = game

    def step(self, view: SeatView, rng: random.Random) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = expect_view(view.view(), Von0auf100View)
        if obs.round >= TIRED:
            return rng.choice(legal)
        belief = beliefs(obs, self.game)
        scored = [(self.score(obs, belief, car) + rng.random() * 1e-3, car) for car in legal]
        return max(scored)[1]

    def score(self, obs: Von0auf100View, belief: list[list[float]], car: int) -> float:
        """What putting the next can on ``car`` is worth to this seat."""
        g = self.game
        me = obs.you
        pos = [obs.cars[c] for c in COLOURS]
        track = obs.track
        can = _next_can(obs)
        here = pos[car]
        kind = _kind(track, here)
        steps = move_by(kind, can)
        there = here + steps
        crosses = there >= g.target
        landing = 0.0 if crosses else CARD_WORTH[_kind(track, there)]
        mine = belief[me][car]
        theirs = sum(belief[s][car] for s in range(g.players) if s != me)
        out = set(obs.out)
        value = (mine * OWN - theirs * OTHERS) * (steps + landing)
        if mine:  # a bigger can of mine later this round would do more for this car
            later = [v for v in range(can + g.players, obs.cans + 1, g.players)]
            if later:
                value -= mine * OWN * SAVE * max(0, move_by(kind, later[-1]))
        own_cars = [COLOURS.index(c) for c in obs.licences]
        last_own = g.season or all(COLOURS[c] in out for c in own_cars if c != car)
        win = WIN if last_own else WIN / 4
        if crosses:
            value += mine * win - theirs * LOSS
        else:  # a can on the car keeps the others' bigger cans off it this round
            value += (theirs * LOSS - mine * win) * self._risk(obs, pos, car, me)
        return value - self._suspicion(obs, belief, car, steps, pos)

    def _risk(self, obs: Von0auf100View, pos: list[int], car: int, me: int) -> float:
        """How likely another seat takes ``car`` across later this round if it stays free."""
        g = self.game
        can = _next_can(obs)
        start = obs.start
        here = pos[car]
        kind = _kind(obs.track, here)
        crossing = sum(
            1 for later in range(can + 1, obs.cans + 1)
            if (start + later - 1) % g.players != me and here + move_by(kind, later) >= g.target
        )
        return 1.0 - (1.0 - TAKEN) ** crossing

    def _suspicion(
        self,
        obs: Von0auf100View,
        belief: list[list[float]],
        car: int,
        steps: int,
        pos: list[int],
    ) -> float:
        """How much more this move makes one's own cars stand out among the cars one has
        pushed (the evidence :func:`beliefs` uses), weighed by how early it is."""
        me = obs.you
        pushed = obs.given[me]
        out = set(obs.out)
        own = [c for c in range(NUM_CARS) if belief[me][c] == 1.0]
        decoys = [c for c in range(NUM_CARS) if c not in own and COLOURS[c] not in out]
        if not own or not decoys:
            return 0.0

        def standing_out(tally: list[int]) -> int:
            return max(0, max(tally[c] for c in own) - max(tally[c] for c in decoys))

        after = list(pushed)
        after[car] += steps
        lead = max(pos[c] for c in own) / self.game.target
        return DISGUISE * (1.0 - lead) * (standing_out(after) - standing_out(pushed))
