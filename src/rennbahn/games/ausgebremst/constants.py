"""The vocabulary every part of Ausgebremst shares: the cars, the action and chance ids, the
car status, the steps of the queue, card counts.

It lives apart from the rules so that the notation (``notation.py``) and the resampling
(``resample.py``) speak it without importing the rules, which import them.
"""

from __future__ import annotations

from collections.abc import Sequence

from rennbahn.games.ausgebremst.components import VALUES

CARS = 6
POINTS = (9, 6, 4, 3, 2, 1)
HAND_SIZE = {"family": 3, "advanced": 2}
STACKS = 4
#: I25: a car that must stop in the pit alley and holds only cards that would carry it past
#: the alley's last space stops there with points to spare only while field C is free
#: (``stop_exit``, the default), whoever stands on field C (``stop``), or discards one of them.
PIT_OVERSHOOT = ("stop_exit", "stop", "discard")
#: I24: a gear stack is laid highest card first, so its lowest card lies on top and the
#: draws are known ("sorted"); or the order inside a stack is unknown ("shuffled"); or the
#: player deals the values in an order of its choice, the one dealt last on top ("chosen").
STACK_ORDERS = ("sorted", "shuffled", "chosen")

# Player action ids (unique across the game).
PLAY = 0  # (value - 1) * SLOTS + destination slot
PASS = 800  # + index of the shown hand in HANDS
DECK = 900  # + 0 fast, 1 average, 2 slow
PICK = 910  # + stack 0-3
TAKE = 920  # + value - 1
PUT = 930  # + stack 0-3
GEARS = 940  # + (value - 1) * 4 + stack: all cards of that value go to that gear stack
DISCARD = GEARS + 6 * STACKS  # + value - 1: spend a card without moving (I25, discard)
NUM_ACTIONS = DISCARD + 6

# Chance action ids.
CARD = 0  # + value - 1: a card turned over or drawn
POLE = 10  # + seat: the blind draw made this seat the highest (I14)
NUM_CHANCE = POLE + 6

# Kinds of the last public act (``AusgebremstState.last``), and their notation letters.
LAST_TURN, LAST_PICK, LAST_PUT = range(3)
LAST_CODES = "tsu"

# Car status.
RACING, FINISHED, OUT = 0, 1, 2
STATUS_CODES = "RFO"

# Queue steps.
Q_DRAW, Q_DECK, Q_GEARS, Q_PICK, Q_TAKE, Q_PUT = range(6)
Q_CODES = "dkgstu"

Counts = tuple[int, ...]
Stacks = tuple[Counts, ...]
EMPTY = (0, 0, 0, 0, 0, 0, 0)
NO_GEARS = (-1,) * 6


def next_card(counts: Counts, top_first: Sequence[int] = VALUES) -> int:
    """The card on top of a gear stack whose values lie in the order ``top_first``: a sorted
    stack's lowest (I24), or with ``stack_order=chosen`` the value dealt last of those left."""
    return next(v for v in top_first if counts[v])


def gears_digits(gears: Sequence[int]) -> str:
    """The stacks (1-4) that values 1-6 go to, e.g. ``112344`` (``-`` not yet chosen)."""
    return "".join("-" if s < 0 else str(s + 1) for s in gears)
