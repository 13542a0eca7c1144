"""A heuristic Grand Prix driver: it builds while the track ahead is too short to drive on.

Nothing in Grand Prix is hidden (the stack's order is chance at each draw), so the bot's
resampled state is the position itself; it reads from it what each die number would do.

* Build or roll: the expected spaces a roll gains now (a roll beyond the laid track gains
  nothing, I4; blocked cars lose the rest, I8), less a missed turn for stopping on a pit stop
  or oil slick, plus the grandstand's second drive. Roll when that is worth at least
  ``threshold`` spaces; otherwise build. Once the turnaround is laid, the die rolls by itself.
* Which way to turn a curve: the way that leaves the most free ground around the open end,
  so that later cards are not set aside (I16).
* Grandstand: drive again unless it ends on a pit stop or oil slick for little gain.
"""

from __future__ import annotations

import math
import random

from rennbahn.core.driver import SeatView, win_chances
from rennbahn.core.params import Param
from rennbahn.core.protocol import Game, State
from rennbahn.games.grandprix.components import GRANDSTAND, SKIP_KINDS, STEP, WIDTH
from rennbahn.games.grandprix.rules import (
    AGAIN,
    BUILD,
    ROLL,
    STAY,
    GrandPrixGame,
    GrandPrixState,
)

#: Roll when a roll is expected to gain at least this many spaces. Tuned in self-play
#: (4 drivers): lower thresholds free-ride on the others' building, but a table of drivers
#: who never build never finishes; 0.5 builds only when at most one card lies ahead.
THRESHOLD = 0.5
#: What a missed turn costs, in spaces: about one average drive.
MISSED_TURN = 3.0
#: How far around the open end the bot counts free ground when turning a curve.
ROOM_RADIUS = 3
#: The spaces an average roll drives (the die's mean).
MEAN_ROLL = 3.5
#: The evaluation's spread of turns still to drive: base, and growth with their square root.
EVAL_BASE = 1.0
EVAL_SLOPE = 0.5


class HeuristicBot:
    """Builds while rolling would gain little, rolls once the track ahead is long enough."""

    PARAMS: tuple[Param, ...] = (
        Param("build", "heuristic", "the building phase: heuristic (build while rolling "
              "gains little, lay each card where the track keeps most room) or random (both "
              "choices by chance; for measuring what building well is worth, rennbahn lab)",
              choices=("heuristic", "random")),
    )

    def __init__(self, game: Game, threshold: float = THRESHOLD,
                 build: str = "heuristic") -> None:
        if not isinstance(game, GrandPrixGame):
            raise TypeError("HeuristicBot plays Grand Prix only")
        self.game = game
        self.threshold = threshold
        self.random_build = build == "random"

    def step(self, view: SeatView, rng: random.Random) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.random_build and AGAIN not in legal:
            return legal[rng.randrange(len(legal))]  # build or roll, and the way: by chance
        state = view.resample(rng)  # nothing is hidden: this is the position itself
        assert isinstance(state, GrandPrixState)
        if BUILD in legal:
            return ROLL if roll_value(state, view.seat) >= self.threshold else BUILD
        if AGAIN in legal:
            return AGAIN if again_value(state, view.seat) > 0 else STAY
        return max(legal, key=lambda a: (room_after(state, a), rng.random()))

    def evaluate(self, state: State) -> list[float]:
        """Each seat's chance to win, for search cut off before the end (``depth=``): the
        turns each car still needs (the spaces to the finish at an average roll, a turn more
        for a missed one), spread wider the more turns are left; the returns once over.

        The finish is twice the turnaround's card index (I6), which before it is laid is the
        stack's size plus one: every card is laid in the end (I16 keeps a place for each)."""
        assert isinstance(state, GrandPrixState)
        if state.is_terminal():
            return list(state.returns())
        turnaround = state.turnaround if state.turnaround >= 0 else self.game.stack.size + 1
        finish = 2 * turnaround
        turns = [(finish - progress) / MEAN_ROLL + (state.skip >> seat & 1)
                 for seat, progress in enumerate(state.pos)]
        spread = EVAL_BASE + EVAL_SLOPE * math.sqrt(sum(turns) / len(turns))
        return win_chances([-t / spread for t in turns])


def roll_value(state: GrandPrixState, seat: int) -> float:
    """The expected spaces gained by rolling now, counting events where the car stops."""
    start = state.pos[seat]
    total = 0.0
    for roll in range(1, 7):
        end = state.reach(start, roll)
        gain = float(end - start)
        if end != start:
            kind = state.kinds[state.card_of(end)]
            if kind in SKIP_KINDS:
                gain -= MISSED_TURN
            elif kind == GRANDSTAND:
                gain += max(0, state.reach(end, roll, again=True) - end)
        total += gain
    return total / 6


def again_value(state: GrandPrixState, seat: int) -> float:
    """What driving the grandstand's number again is worth over staying."""
    here = state.pos[seat]
    end = state.reach(here, state.pending, again=True)
    gain = float(end - here)
    finish = 2 * state.turnaround if state.turnaround >= 0 else -1
    if end != finish and state.kinds[state.card_of(end)] in SKIP_KINDS:
        gain -= MISSED_TURN
    return gain


def room_after(state: GrandPrixState, action: int) -> int:
    """Free cells near the open end after turning the waiting curve by ``action``."""
    after = state.clone()
    assert isinstance(after, GrandPrixState)
    after.apply_action(action)
    centre = after.next_cell
    free = 0
    for dy in range(-ROOM_RADIUS, ROOM_RADIUS + 1):
        for dx in range(-ROOM_RADIUS, ROOM_RADIUS + 1):
            if not after.occupied >> (centre + dy * WIDTH + dx) & 1:
                free += 1
    # Heading into open ground beats hugging the track: count the cells straight ahead too.
    ahead = centre
    for _ in range(ROOM_RADIUS):
        ahead += STEP[after.heading]
        if after.occupied >> ahead & 1:
            break
        free += 1
    return free
