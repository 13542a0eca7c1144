"""The components of Grand Prix (1998): the cards, the stack and the grid the track lies on.

The rulebook names the start card, the turnaround card and four event cards; how many of
the other small cards are straights and how many curves is not published, so the stack is
read from ``data/stacks.json`` (or any JSON file), where a person can review it and a
parameter can load another. Numbers like "I3" refer to docs/rules/grandprix.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

from rennbahn.core.data import is_file
from rennbahn.core.errors import ParameterError
from rennbahn.core.params import shown

DATA = Path(__file__).parent / "data"
#: The stacks that ship with rennbahn (the entries of ``data/stacks.json``), read once.
_SHIPPED: dict[str, object] = json.loads((DATA / "stacks.json").read_text(encoding="utf-8"))[
    "stacks"
]
#: Their names, in the file's order, for the ``stack`` parameter.
SHIPPED_STACKS: tuple[str, ...] = tuple(_SHIPPED)

# Card kinds. The first six can be in the stack; the two large cards cannot.
STRAIGHT, CURVE, ACCIDENT, PIT, OIL, GRANDSTAND, START, TURNAROUND = range(8)
STACK_KINDS = 6
EVENT_KINDS = (ACCIDENT, PIT, OIL, GRANDSTAND)
KIND_NAMES = ("straight", "curve", "accident", "pit", "oil", "grandstand", "start", "turnaround")
#: One letter per kind in state notation: plain cards lower case, the rest upper case.
KIND_LETTERS = "scAPOGST"
#: Cards a car must skip its next turn after stopping on (pit stop, oil slick).
SKIP_KINDS = frozenset((PIT, OIL))
#: How many cars going one way a card holds: two, the accident card one (I8, I11).
CAPACITY = tuple(1 if kind == ACCIDENT else 2 for kind in range(len(KIND_NAMES)))

# -- the turn ---------------------------------------------------------------------------------
#: The phases of a turn (the rules and the state notation share them; see rules.py).
P_CHOOSE, P_DRAW, P_PLACE, P_ROLL, P_STAND, P_OVER = range(6)
PHASES = ("choose", "draw", "place", "roll", "stand", "over")
#: ``winner`` of a race not (or not yet) won.
NO_WINNER = -1

# -- the grid ---------------------------------------------------------------------------------
#: Cells are packed into one int: ``(y + ORIGIN) * WIDTH + (x + ORIGIN)``. A track of at most
#: MAX_CARDS cards starting at (0, 0) never leaves the grid.
WIDTH = 64
ORIGIN = 32
MAX_CARDS = 30
START_CELL = ORIGIN * WIDTH + ORIGIN
#: Headings: east, north, west, south (north is up on the screen, so it lowers y).
EAST, NORTH, WEST, SOUTH = range(4)
STEP = (1, -WIDTH, -1, WIDTH)
HEADING_NAMES = ("east", "north", "west", "south")
#: A curve turns the heading a quarter to the left (+1) or right (-1).
TURN_LEFT, TURN_AHEAD, TURN_RIGHT = 1, 0, 3
TURN_CODES = {TURN_LEFT: "<", TURN_RIGHT: ">", TURN_AHEAD: ""}


def cell_xy(cell: int) -> tuple[int, int]:
    """The (x, y) grid coordinates of a packed cell."""
    return cell % WIDTH - ORIGIN, cell // WIDTH - ORIGIN


def reaches_open_ground(occupied: int, cell: int, box: tuple[int, int, int, int]) -> bool:
    """Whether the free ``cell`` connects through free cells to the ground around the track.

    ``box`` is (x0, y0, x1, y1), the bounding box of the occupied cells. A free cell on or
    outside its border touches the open ground; inside, search the free cells of the box.
    Used to keep the open end of the track from being walled in (I14).
    """
    x0, y0, x1, y1 = box
    x, y = cell_xy(cell)
    if not (x0 < x < x1 and y0 < y < y1):
        return True
    seen = {cell}
    todo = [cell]
    while todo:
        here = todo.pop()
        for step in STEP:
            there = here + step
            if there in seen or occupied >> there & 1:
                continue
            tx, ty = cell_xy(there)
            if not (x0 < tx < x1 and y0 < ty < y1):
                return True
            seen.add(there)
            todo.append(there)
    return False


Box = tuple[int, int, int, int]


def grow_box(box: Box, cell: int) -> Box:
    """The bounding box ``box`` grown to hold ``cell``."""
    x = cell % WIDTH - ORIGIN
    y = cell // WIDTH - ORIGIN
    x0, y0, x1, y1 = box
    if x0 <= x <= x1 and y0 <= y <= y1:
        return box
    return (x if x < x0 else x0, y if y < y0 else y0, x if x > x1 else x1, y if y > y1 else y1)


#: The largest number of positions :func:`has_room` remembers before it starts afresh.
ROOM_MEMO_SIZE = 1 << 17


def has_room(occupied: int, box: Box, cell: int, heading: int, straight: int, curves: int,
             memo: dict[tuple[int, int, int, int, int], bool]) -> bool:
    """Whether every card still in the stack can be laid, whatever order it comes in (I16).

    The open end is the free ``cell``, entered going ``heading``; ``straight`` cards that go
    straight on (straights and event cards) and ``curves`` are left, and after them the
    turnaround card, which needs only the free cell. True when for each kind that may come
    next some way of laying it allowed by I15 leads to a position that has room again.

    An open end outside the bounding box of the track always has room: keep driving away
    from the box (a curve always has a way that does not point back into it), and every
    later card lands on a column or row of the grid the track has not used. So the search
    only runs while the open end is inside the box, and ``memo`` keeps what it found.
    """
    if not straight and not curves:
        return True
    x = cell % WIDTH - ORIGIN
    y = cell // WIDTH - ORIGIN
    x0, y0, x1, y1 = box
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return True
    key = (occupied, cell, heading, straight, curves)
    known = memo.get(key)
    if known is not None:
        return known
    occupied |= 1 << cell
    box = grow_box(box, cell)
    result = True
    if straight:
        result = fits(occupied, box, cell, heading, straight - 1, curves, memo)
    if result and curves:
        result = (fits(occupied, box, cell, (heading + TURN_LEFT) & 3, straight, curves - 1,
                        memo)
                  or fits(occupied, box, cell, (heading + TURN_RIGHT) & 3, straight,
                           curves - 1, memo))
    if len(memo) >= ROOM_MEMO_SIZE:
        memo.clear()
    memo[key] = result
    return result


def fits(occupied: int, box: Box, cell: int, way: int, straight: int, curves: int,
         memo: dict[tuple[int, int, int, int, int], bool] | None) -> bool:
    """Whether the card on ``cell`` may leave going ``way``: the cell after it is free and
    reaches open ground (I15) and, unless ``memo`` is None, the rest of the stack has room
    (:func:`has_room`, I16). ``occupied`` and ``box`` include ``cell``."""
    after = cell + STEP[way]
    x = after % WIDTH - ORIGIN
    y = after // WIDTH - ORIGIN
    x0, y0, x1, y1 = box
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return True  # off the box: free, open ground, and room (see has_room)
    return (not occupied >> after & 1 and reaches_open_ground(occupied, after, box)
            and (memo is None or has_room(occupied, box, after, way, straight, curves, memo)))


# -- the stack --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Stack:
    """The small cards shuffled into the stack: how many of each of the six stack kinds."""

    name: str
    counts: tuple[int, ...]

    @property
    def size(self) -> int:
        return sum(self.counts)

    @property
    def events(self) -> int:
        return sum(self.counts[k] for k in EVENT_KINDS)


def load_stack(name: str) -> Stack:
    """Load a stack by name (an entry of ``data/stacks.json``) or by path to a JSON file.

    A file holds one object ``{"straight": 8, "curve": 8, "accident": 1, ...}`` (missing
    kinds count 0), or a ``{"stacks": {name: object}}`` collection whose first entry is used.
    """
    raw: object
    if name in _SHIPPED:
        raw, label = _SHIPPED[name], name
    else:
        path = Path(name)
        if not is_file(path):
            known = ", ".join(SHIPPED_STACKS)
            raise ParameterError(
                f"no Grand Prix stack {shown(name)}; give one of {known} or a path to a JSON "
                "file"
            )
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
            raise ParameterError(f"stack file {shown(str(path))} is malformed: {exc}") from exc
        if isinstance(raw, dict) and isinstance(raw.get("stacks"), dict) and raw["stacks"]:
            raw = next(iter(raw["stacks"].values()))
        label = path.stem
    if not isinstance(raw, dict) or set(raw) - set(KIND_NAMES[:STACK_KINDS]):
        raise ParameterError(
            f"stack {shown(name)} must map card kinds to counts; kinds: "
            + ", ".join(KIND_NAMES[:STACK_KINDS])
        )
    counts = tuple(raw.get(kind, 0) for kind in KIND_NAMES[:STACK_KINDS])
    if not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in counts):
        raise ParameterError(f"stack {shown(name)}: every count must be a whole number >= 0")
    stack = Stack(label, counts)
    if stack.size + 2 > MAX_CARDS:
        raise ParameterError(f"stack {shown(name)} has {stack.size} cards; at most {MAX_CARDS - 2}")
    return stack


#: ``last`` before any event card is drawn: far enough back to allow any gap.
NO_EVENT = -1000


#: The readings of "spread evenly ... so that they do not come up right after one another"
#: (I2): ``parts`` cuts the stack into as many equal parts as there are event cards, one in
#: each, and keeps the gap; ``gap`` only keeps the gap.
SPREADS = ("parts", "gap")


def segment_bounds(size: int, events: int) -> tuple[int, ...]:
    """Where the stack splits into ``events`` equal parts, one event card in each (I2)."""
    return tuple(j * size // events for j in range(events + 1))


class Spreading:
    """Where the event cards may lie in the stack, and the chance the next card is one (I2).

    Two event cards always have at least ``gap`` (>= 1) other cards between them, so they
    never come up right after one another. With ``spread="parts"`` the stack of ``size``
    cards is also cut into ``events`` equal parts (sizes differ by at most one), each holding
    exactly one event card; with ``spread="gap"`` the events may lie anywhere else. Every
    arrangement obeying this is equally likely, so the chance that draw ``i`` is an event
    card is the share of the arrangements consistent with the draws so far that put one there.
    """

    def __init__(self, size: int, events: int, gap: int, spread: str = "parts") -> None:
        if spread not in SPREADS:
            raise ParameterError(f"spread must be one of {', '.join(SPREADS)}; got {spread!r}")
        if gap < 1:
            raise ParameterError(
                f"event_gap={gap} would let event cards come up right after one another; "
                "it must be at least 1"
            )
        self.size = size
        self.events = events
        self.gap = gap
        self.spread = spread
        #: The draws where the j-th event card may lie: (first, past the last).
        self.windows: tuple[tuple[int, int], ...]
        if spread == "parts":
            self.windows = tuple(pairwise(segment_bounds(size, events))) if events else ()
        else:
            self.windows = ((0, size),) * events
        if events and self._ways(0, 0, NO_EVENT) == 0:
            raise ParameterError(
                f"{events} event cards cannot be spread through {size} cards with "
                f"spread={spread},event_gap={gap}; lower event_gap"
            )

    def allowed(self, i: int, placed: int, last: int) -> bool:
        """Whether draw ``i`` may be the next event card (``placed`` so far, last at ``last``)."""
        if placed >= self.events:
            return False
        first, end = self.windows[placed]
        return first <= i < end and i - last - 1 >= self.gap

    @cache  # noqa: B019 (one Spreading per game; the cache is its table)
    def _ways(self, i: int, placed: int, last: int) -> int:
        """Arrangements of the events still to come at draws ``i`` onwards."""
        if placed == self.events:
            return 1
        if i >= self.size:
            return 0
        ways = self._ways(i + 1, placed, last)
        if self.allowed(i, placed, last):
            ways += self._ways(i + 1, placed + 1, i)
        return ways

    def event_chance(self, i: int, placed: int, last: int) -> float:
        """The chance that draw ``i`` is an event card, given the draws so far."""
        if not self.allowed(i, placed, last):
            return 0.0
        yes = self._ways(i + 1, placed + 1, i)
        return yes / (yes + self._ways(i + 1, placed, last))


class StackNode:
    """What is left of the stack after some draws, with the chances of the next draw (I2).

    Nodes are immutable and shared: each knows its chance outcomes (as chance action ids,
    ``offset + kind``) and the node after drawing each kind, made once. Nodes are interned
    by (draws, last event, counts), so the races of one game walk one graph of stack states
    instead of recomputing chances at every draw.
    """

    __slots__ = (
        "_interned",
        "_next",
        "counts",
        "drawn",
        "last_event",
        "legal",
        "offset",
        "outcomes",
        "spreading",
    )

    def __init__(self, spreading: Spreading, counts: tuple[int, ...], drawn: int = 0,
                 last_event: int = NO_EVENT, offset: int = 0,
                 interned: dict[tuple[int, int, tuple[int, ...]], StackNode] | None = None
                 ) -> None:
        self.spreading = spreading
        self._interned = {} if interned is None else interned
        self.counts = counts
        self.drawn = drawn
        self.last_event = last_event
        self.offset = offset
        self._next: dict[int, StackNode] = {}
        events_left = sum(counts[k] for k in EVENT_KINDS)
        plain_left = sum(counts) - events_left
        p_event = spreading.event_chance(drawn, spreading.events - events_left, last_event)
        outcomes: list[tuple[int, float]] = []
        for kind, count in enumerate(counts):
            if not count:
                continue
            if kind in EVENT_KINDS:
                p = p_event * count / events_left
            else:
                p = (1.0 - p_event) * count / plain_left
            if p > 0.0:
                outcomes.append((offset + kind, p))
        #: (chance action, probability) of the next draw; empty once the stack is used up.
        self.outcomes = outcomes
        self.legal = frozenset(action for action, _ in outcomes)

    @property
    def empty(self) -> bool:
        return not self.outcomes

    def take(self, kind: int) -> StackNode:
        """The node after drawing a card of ``kind``."""
        node = self._next.get(kind)
        if node is None:
            left = list(self.counts)
            left[kind] -= 1
            counts = tuple(left)
            last = self.drawn if kind in EVENT_KINDS else self.last_event
            key = (self.drawn + 1, last, counts)
            node = self._interned.get(key)
            if node is None:
                node = StackNode(self.spreading, counts, self.drawn + 1, last, self.offset,
                                 self._interned)
                self._interned[key] = node
            self._next[kind] = node
        return node
