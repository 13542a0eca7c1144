"""The Ausgebremst tracks: half-boards as data, a track as a graph of spaces.

The rulebook gives the eight track combinations, their direction and their distance but not
the boards, so rennbahn authors the six half-boards (docs/rules/ausgebremst.md, "Tracks").
A half-board file (``data/tracks/<half>.json``) draws the half as two aligned rows of
characters, one per lane, in clockwise order::

    "inner": "oooo-o-o-oooo",
    "outer": "ooooooooooooo",
    "lines": "     ||      ",

* ``o`` a space; ``-`` no space in this lane at this column: the lane's previous space
  stretches on (only inside curves, which is what makes the outer lane longer);
* ``B`` (in both rows) a bottleneck space, one space across the whole track;
* ``|`` in ``lines``: a solid white line between the lanes beside this column.

A car moves one space per point, straight ahead along its lane or diagonally to the other
lane in the next column (never sideways). The end halves (Drom, Circuit, Ring) carry the
start and finish straight with the pit alley: ``"pit": {"lane": "outer", "columns": [a, c],
"spaces": k}`` joins the lane at the two columns ``a`` and ``c``. Raced clockwise, ``a`` is
field A (entry) and ``c`` field C (exit); anti-clockwise the other way round. The finish line
lies just before field A and the start grid is the three columns before the finish line: so
clockwise the line is on the seam where the front half meets the end half and the grid is
the front half's last three columns, anti-clockwise both lie on the end half, after its
pit alley (docs/rules/ausgebremst.md, I1). Every half turns the track round: its outer lane
has at least ``MIN_TURN`` spaces more than its inner lane.

The fields of a file are declared by :class:`HalfFile` (msgspec checks them, so a bad file
is a :class:`TrackError` naming the field); :func:`check_half` runs every check on a half.
The alley may be longer than the ideal line beside it: on Drom and Ring by 1 space, on
Circuit by 3, which with the laps gives the rulebook's distances and its pit chart's
reserve column (docs/rules/ausgebremst.md, I2 and I29).

A track joins a front half (Bleifuss, Plattfuss, Nurburg) and an end half; raced
anti-clockwise, the columns are read backwards. Columns are numbered from field A's column
(0), so a space's number tells how far into the lap it lies: ``7i`` is column 7, inner lane;
``12b`` a bottleneck; ``p2`` the second pit space.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from itertools import pairwise
from pathlib import Path

import msgspec

from rennbahn.core.errors import NotationError, ParameterError
from rennbahn.games.ausgebremst.components import DECK_POINTS
from rennbahn.games.ausgebremst.trackfiles import (
    MAX_COLUMNS,
    MAX_PIT_SPACES,
    HalfFile,
    PitAlley,
    RaceTable,
)

INNER, OUTER = 0, 1
LANE_NAMES = ("inner", "outer")
LANE_CODES = "io"
LAPS = 3
#: Crossings of the finish line: the first one starts lap 1, the fourth ends the race.
FINISH_CROSSING = LAPS + 1
#: Crossings at which a car passes field A and may enter the pit alley ("after the first or
#: second lap"; not straight from the start, I10).
PIT_CROSSINGS = (2, 3)
GRID_ROWS = 3
#: Every half turns the track round (about 180 degrees): its outer lane has at least this
#: many spaces more than its inner lane, as the stock halves have (3 or 4), so two halves
#: close into a loop.
MIN_TURN = 3

KIND_TRACK, KIND_BOTTLENECK, KIND_PIT = 0, 1, 2
#: Destinations have track-independent ids ("slots") so a move's notation needs no track:
#: column * 3 + (0 inner, 1 outer, 2 bottleneck), then the pit spaces, then the finish.
PIT_SLOT = 3 * MAX_COLUMNS
FINISH_SLOT = PIT_SLOT + MAX_PIT_SPACES
SLOTS = FINISH_SLOT + 1


def slot_name(slot: int) -> str:
    """The notation of a destination slot: ``12o``, ``7b``, ``p2`` or ``fin``."""
    if slot == FINISH_SLOT:
        return "fin"
    if slot >= PIT_SLOT:
        return f"p{slot - PIT_SLOT + 1}"
    return f"{slot // 3}{'iob'[slot % 3]}"


class TrackError(ParameterError):
    """A malformed or inconsistent track file; the message names the space at fault."""


#: A half-board file larger than this is not read (the stock ones are under 1 KB).
MAX_FILE_BYTES = 64 * 1024
@dataclass(frozen=True)
class Half:
    """One half-board as read from its file (columns in clockwise order)."""

    name: str
    board: str
    role: str  # "front" or "end"
    inner: str
    outer: str
    lines: str
    pit: PitAlley | None
    notes: str = ""
    path: str = ""

    @property
    def columns(self) -> int:
        return len(self.inner)

    @property
    def turn(self) -> int:
        """Spaces the outer lane has more than the inner: how far the half turns the track
        (a bottleneck counts in both lanes)."""
        return sum(ch != "-" for ch in self.outer) - sum(ch != "-" for ch in self.inner)


@dataclass(frozen=True)
class RaceTrack:
    """One of the rulebook's eight combinations (a row of its table)."""

    number: int
    front: str
    end: str
    direction: str  # "clockwise" or "anti-clockwise"
    distance: int
    difficulty: str
    pit_cards: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    reserve: int

    @property
    def name(self) -> str:
        return f"{self.front}-{self.end}"

    @property
    def key(self) -> str:
        return self.name.lower()


@dataclass
class Track:
    """A track as a graph: spaces, their successors and the distances that matter."""

    name: str
    direction: str
    columns: int
    #: Per space: column, lane (-1 for a bottleneck, the pit lane for pit spaces), kind.
    col: list[int] = field(default_factory=list)
    lane: list[int] = field(default_factory=list)
    kind: list[int] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    #: Successors of each space (straight and diagonally forward), sorted.
    succ: list[tuple[int, ...]] = field(default_factory=list)
    #: Per column, the space of each lane there (a bottleneck fills both; in a curve's gap,
    #: the lane's stretching space). Used to tell which spaces block the whole track.
    cover: list[tuple[int, ...]] = field(default_factory=list)
    solid: list[bool] = field(default_factory=list)
    field_a: int = -1
    field_c: int = -1
    pit: tuple[int, ...] = ()
    #: Start places 1-6 (pole first).
    grid: tuple[int, ...] = ()
    #: Steps from a space to the next crossing of the finish line along the shortest way.
    to_line: list[int] = field(default_factory=list)
    #: The shortest lap (finish line to finish line).
    lap: int = 0
    #: Per space its destination slot, and back.
    slot: list[int] = field(default_factory=list)
    at_slot: dict[int, int] = field(default_factory=dict)
    #: Per space, (successor, whether that step crosses the finish line) pairs.
    steps: list[tuple[tuple[int, bool], ...]] = field(default_factory=list)
    is_pit: list[bool] = field(default_factory=list)

    @property
    def size(self) -> int:
        return len(self.col)

    def index(self, name: str) -> int:
        try:
            return self.names.index(name)
        except ValueError:
            raise NotationError(
                f"{self.name} has no space {name!r}; spaces are named like 0i, 7o, 12b, p2"
            ) from None

    def blocks(self, spaces: set[int]) -> bool:
        """Whether cars on ``spaces`` fill the whole width of the track somewhere."""
        return any(all(s in spaces for s in cover) for cover in self.cover)

    def crosses(self, a: int, b: int) -> bool:
        """Whether the step from space ``a`` to ``b`` crosses the finish line."""
        return self.kind[a] != KIND_PIT and self.kind[b] != KIND_PIT and self.col[b] < self.col[
            a
        ]

    def remaining(self, space: int, crossings: int) -> int:
        """Spaces still to go to the finish for a car on ``space`` that crossed the line
        ``crossings`` times (the lead is measured by this, I6)."""
        return self.to_line[space] + self.lap * (LAPS - crossings)


# -- reading files ------------------------------------------------------------------------
def _data_dir() -> Path:
    return Path(str(resources.files("rennbahn.games.ausgebremst") / "data"))


def half_names() -> list[str]:
    return sorted(p.stem for p in (_data_dir() / "tracks").glob("*.json"))


def read_half(path: str | Path) -> Half:
    """Read and check one half-board file; any fault is a :class:`TrackError` naming it."""
    where = str(path)
    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise TrackError(f"{where}: cannot read track file: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise TrackError(f"{where}: a track file holds at most {MAX_FILE_BYTES} bytes")
    return parse_half(raw, where)


def parse_half(raw: bytes | str, where: str = "<track file>") -> Half:
    """Check the text of a half-board file against :class:`HalfFile` and the drawing rules
    (module docstring) and return the half; any fault is a :class:`TrackError`."""
    try:
        data = msgspec.json.decode(raw, type=HalfFile)
    except msgspec.DecodeError as exc:
        raise TrackError(
            f"{where}: not a half-board file: {exc} (fields: name, board, role front|end, "
            "inner, outer, lines, pit {lane, columns [a, c], spaces} for an end half, notes)"
        ) from None
    inner, outer, lines = data.inner, data.outer, data.lines
    if not len(inner) == len(outer) == len(lines):
        raise TrackError(
            f"{where}: the rows inner ({len(inner)}), outer ({len(outer)}) and lines "
            f"({len(lines)}) must have the same length"
        )
    for column, (a, b, m) in enumerate(zip(inner, outer, lines, strict=True)):
        at = f"{where}: column {column}"
        if a not in "o-B" or b not in "o-B":
            raise TrackError(f"{at}: lane characters are o, - or B, not {a!r}/{b!r}")
        if (a == "B") != (b == "B"):
            raise TrackError(f"{at}: a bottleneck B must be marked in both lanes")
        if a == "-" and b == "-":
            raise TrackError(f"{at}: a column needs a space in at least one lane")
        if m not in " |":
            raise TrackError(f"{at}: the lines row holds ' ' or '|', not {m!r}")
        if m == "|" and a == "B":
            raise TrackError(f"{at}: a bottleneck space cannot have a solid line beside it")
    if inner[0] == "-" or outer[0] == "-" or inner[-1] == "-" or outer[-1] == "-":
        raise TrackError(f"{where}: a half must begin and end with a space in both lanes")
    pit = data.pit
    if data.role == "end":
        if pit is None:
            raise TrackError(f"{where}: an end half needs its pit alley ('pit')")
        entry, exit_ = pit.columns
        if not entry < exit_ < len(inner):
            raise TrackError(
                f"{where}: the pit alley's columns [a, c] must satisfy a < c < {len(inner)} "
                f"(the half's columns), not [{entry}, {exit_}]"
            )
    elif pit is not None:
        raise TrackError(f"{where}: only end halves have a pit alley")
    half = Half(name=data.name, board=data.board, role=data.role, inner=inner, outer=outer,
                lines=lines, pit=pit, notes=data.notes, path=where)
    if half.turn < MIN_TURN:
        raise TrackError(
            f"{where}: the outer lane has {half.turn} spaces more than the inner; a half turns "
            f"the track round, which takes at least {MIN_TURN} (the inner lane is the inside "
            "of the loop)"
        )
    return half


@cache
def load_half(name: str) -> Half:
    path = _data_dir() / "tracks" / f"{name.lower()}.json"
    if not path.exists():
        raise TrackError(f"no half-board {name!r}; halves: {', '.join(half_names())}")
    return read_half(path)


@cache
def race_tracks() -> tuple[RaceTrack, ...]:
    """The rulebook's table of the eight tracks with the pit-stop chart (data/races.json)."""
    path = _data_dir() / "races.json"
    try:
        table = msgspec.json.decode(path.read_bytes(), type=RaceTable)
    except (OSError, msgspec.DecodeError) as exc:
        raise TrackError(f"{path}: {exc}") from None
    return tuple(RaceTrack(**msgspec.structs.asdict(row)) for row in table.tracks)


def race_track(key: str | int) -> RaceTrack:
    """A track by number (1-8) or name (``bleifuss-drom``, any case)."""
    for race in race_tracks():
        if str(key) == str(race.number) or str(key).lower() == race.key:
            return race
    names = ", ".join(f"{r.number}={r.key}" for r in race_tracks())
    raise ParameterError(f"unknown track {key!r}; tracks: {names}")


# -- building the graph -------------------------------------------------------------------
@cache
def build_track(number: int) -> Track:
    race = race_track(number)
    return assemble(load_half(race.front), load_half(race.end), race.direction, race.name)


def assemble(front: Half, end: Half, direction: str, name: str = "") -> Track:
    """Join two halves into a track raced in ``direction`` and build its successor graph."""
    if front.role != "front" or end.role != "end":
        raise TrackError(
            f"a track joins a front half and an end half; got {front.name} ({front.role}) "
            f"and {end.name} ({end.role})"
        )
    if direction not in ("clockwise", "anti-clockwise"):
        raise TrackError(f"direction must be clockwise or anti-clockwise, not {direction!r}")
    inner = front.inner + end.inner
    if len(inner) > MAX_COLUMNS:
        raise TrackError(f"{name}: at most {MAX_COLUMNS} columns, not {len(inner)}")
    if end.pit is None:
        raise TrackError(f"{end.path or end.name}: an end half needs its pit alley")
    outer = front.outer + end.outer
    lines = front.lines + end.lines
    pit_lane_name = end.pit.lane
    pit_lane = LANE_NAMES.index(pit_lane_name)
    a, c = (x + front.columns for x in end.pit.columns)
    spaces = end.pit.spaces
    n = len(inner)
    if direction == "anti-clockwise":
        inner, outer, lines = inner[::-1], outer[::-1], lines[::-1]
        a, c = n - 1 - c, n - 1 - a
    # Number the columns from field A.
    inner, outer, lines = (row[a:] + row[:a] for row in (inner, outer, lines))
    c = (c - a) % n
    track = Track(name=name or f"{front.name}-{end.name}", direction=direction, columns=n)
    rows = (inner, outer)
    at: list[list[int]] = [[-1, -1] for _ in range(n)]
    for column in range(n):
        if inner[column] == "B":
            at[column] = [_add(track, column, -1, KIND_BOTTLENECK, f"{column}b")] * 2
            continue
        for lane in (INNER, OUTER):
            if rows[lane][column] == "o":
                at[column][lane] = _add(
                    track, column, lane, KIND_TRACK, f"{column}{LANE_CODES[lane]}"
                )
    track.solid = [lines[column] == "|" for column in range(n)]
    # Straight: the next space of the lane (a gap stretches the lane's space on).
    # Diagonal: the other lane in the very next column, unless a solid line runs beside.
    succ: list[set[int]] = [set() for _ in range(track.size)]
    for column in range(n):
        nxt = (column + 1) % n
        for lane in (INNER, OUTER):
            here = at[column][lane]
            if here < 0:
                continue
            ahead = nxt
            while at[ahead][lane] < 0:
                ahead = (ahead + 1) % n
            succ[here].add(at[ahead][lane])
            other = at[nxt][1 - lane]
            if other >= 0 and not track.solid[column] and at[column][1 - lane] != here:
                succ[here].add(other)
    track.cover = []
    last = [at[n - 1][INNER], at[n - 1][OUTER]]
    for lane in (INNER, OUTER):
        k = n - 1
        while at[k][lane] < 0:
            k -= 1
        last[lane] = at[k][lane]
    for column in range(n):
        for lane in (INNER, OUTER):
            if at[column][lane] >= 0:
                last[lane] = at[column][lane]
        track.cover.append(tuple(sorted(set(last))))
    # The pit alley.
    field_a, field_c = at[0][pit_lane], at[c][pit_lane]
    for column, what in ((0, "A"), (c, "C")):
        if at[column][pit_lane] < 0 or track.kind[at[column][pit_lane]] != KIND_TRACK:
            raise TrackError(
                f"{end.path}: field {what} (column {column} of {track.name}) must be a "
                f"space of the {pit_lane_name} lane"
            )
    track.field_a, track.field_c = field_a, field_c
    pits = []
    for i in range(spaces):
        pits.append(_add(track, i + 1, pit_lane, KIND_PIT, f"p{i + 1}"))
        succ.append(set())
    chain = [field_a, *pits, field_c]
    for here, ahead in pairwise(chain):
        succ[here].add(ahead)
    track.pit = tuple(pits)
    track.succ = [tuple(sorted(s)) for s in succ]
    # The grid: three rows before the finish line, each a column further back.
    grid = []
    for row in range(GRID_ROWS):
        column = n - 1 - row
        spots = [at[column][INNER], at[column][OUTER]]
        if min(spots) < 0 or spots[0] == spots[1] or track.solid[column]:
            raise TrackError(
                f"{end.path}: start row {row + 1} (column {column} of {track.name}) must be "
                "a plain two-lane column"
            )
        grid.append(spots)
    track.to_line = _distances_to_line(track)
    # A lap from field A's column back to it: the way to the line from column 0.
    track.lap = min(track.to_line[s] for s in range(track.size) if track.col[s] == 0
                    and track.kind[s] != KIND_PIT)
    for space in range(track.size):
        if track.kind[space] == KIND_PIT:
            slot = PIT_SLOT + track.pit.index(space)
        else:
            slot = 3 * track.col[space] + (2 if track.lane[space] < 0 else track.lane[space])
        track.slot.append(slot)
        track.at_slot[slot] = space
    track.is_pit = [k == KIND_PIT for k in track.kind]
    track.steps = [tuple((t, track.crosses(s, t)) for t in ahead)
                   for s, ahead in enumerate(track.succ)]
    ordered: list[int] = []
    for spots in grid:
        ordered.extend(sorted(spots, key=lambda s: (track.to_line[s], track.lane[s])))
    track.grid = tuple(ordered)
    return track


def _add(track: Track, column: int, lane: int, kind: int, name: str) -> int:
    track.col.append(column)
    track.lane.append(lane)
    track.kind.append(kind)
    track.names.append(name)
    return len(track.col) - 1


def backward_distances(pred: list[list[int]], sources: list[int], first: int) -> list[int]:
    """Breadth-first distances over ``pred`` (each space's predecessors): ``first`` at the
    ``sources``, one more per step back; -1 where no source is reached."""
    dist = [-1] * len(pred)
    queue: deque[int] = deque()
    for s in sources:
        if dist[s] < 0:
            dist[s] = first
            queue.append(s)
    while queue:
        here = queue.popleft()
        for there in pred[here]:
            if dist[there] < 0:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def _distances_to_line(track: Track) -> list[int]:
    """Steps from each space to the next crossing of the finish line (backward search)."""
    pred: list[list[int]] = [[] for _ in range(track.size)]
    crossing_from: list[int] = []
    for here, ahead in enumerate(track.succ):
        for there in ahead:
            if track.crosses(here, there):
                crossing_from.append(here)
            else:
                pred[there].append(here)
    dist = backward_distances(pred, crossing_from, 1)
    for s, d in enumerate(dist):
        if d < 0:
            raise TrackError(f"{track.name}: space {track.names[s]} cannot reach the finish line")
    return dist


def ideal_distance(track: Track, start: int, pit_stop: bool = True) -> int:
    """The shortest three-lap race from ``start`` (a grid space), through the pit alley once
    in lap 1 or 2 when ``pit_stop`` (the compulsory stop of the family game, I2)."""
    # State: (space, crossings, pitted); breadth-first since every step costs one.
    start_state = (start, 0, not pit_stop)
    seen = {start_state}
    frontier = [start_state]
    steps = 0
    while frontier:
        steps += 1
        nxt = []
        for space, crossings, pitted in frontier:
            for there in track.succ[space]:
                c = crossings + (1 if track.crosses(space, there) else 0)
                p = pitted
                if there in track.pit:
                    if space == track.field_a and (pitted or c not in PIT_CROSSINGS):
                        continue
                    p = True
                if c == FINISH_CROSSING:
                    if p:
                        return steps
                    continue
                state = (there, c, p)
                if state not in seen:
                    seen.add(state)
                    nxt.append(state)
        frontier = nxt
    raise TrackError(f"{track.name}: the finish cannot be reached from {track.names[start]}")


def reserve(track: Track, race: RaceTrack, place: int) -> int:
    """The points a car starting on grid place ``place`` (0-5) has to spare at the start
    without a pit stop: the deck's 84 less its row's pit cards less the shortest race from
    there without the stop. The pit chart prints this as its reserve column (I29).

    >>> race = race_track(2)
    >>> reserve(build_track(2), race, 0) == race.reserve == 84 - (5 + 4) - 73
    True
    """
    cards = race.pit_cards[place // 2]
    return DECK_POINTS - sum(cards) - ideal_distance(track, track.grid[place], pit_stop=False)


def check_track(track: Track, expected: int | None = None,
                race: RaceTrack | None = None) -> list[str]:
    """Problems of a built track (empty when it is sound): every space reachable from the
    grid, the pit alley reachable, the distance the rulebook gives (``expected``) and, with
    ``race``, the pit chart's reserve from every grid place (I29)."""
    problems: list[str] = []
    reach = {track.grid[0]}
    queue = deque(reach)
    while queue:
        here = queue.popleft()
        for there in track.succ[here]:
            if there not in reach:
                reach.add(there)
                queue.append(there)
    for space in range(track.size):
        if space not in reach:
            problems.append(f"{track.name}: space {track.names[space]} cannot be reached")
    if track.pit and track.pit[0] not in reach:
        problems.append(f"{track.name}: the pit alley ({track.names[track.pit[0]]}) is cut off")
    if expected is not None:
        got = ideal_distance(track, track.grid[0])
        if got != expected:
            problems.append(
                f"{track.name}: shortest three-lap race from pole "
                f"{track.names[track.grid[0]]} is {got} spaces, the rulebook says {expected}"
            )
    if race is not None:
        left = [reserve(track, race, place) for place in range(len(track.grid))]
        if any(points != race.reserve for points in left):
            places = " ".join(track.names[start] for start in track.grid)
            problems.append(
                f"{track.name}: points in reserve without a pit stop from the grid places "
                f"{places} (rows 1-3): {' '.join(map(str, left))}; the pit chart says "
                f"{race.reserve}"
            )
    return problems


def check_half(half: Half) -> list[str]:
    """Every check on one half-board (empty when it is sound). The half is built into a
    track with each stock half of the other role, both ways round, and each track is
    checked (spaces and pit alley reached, start grid and fields A and C in place); the
    rulebook tracks that use a half of its name are checked against the distance table and
    the pit chart's reserve column too (I2, I29). A track that cannot be built is one
    problem (its :class:`TrackError`)."""
    problems: list[str] = []
    races = {(r.front, r.end, r.direction): r for r in race_tracks()}
    partners = sorted({r.end if half.role == "front" else r.front for r in race_tracks()})
    for partner in partners:
        other = load_half(partner)
        front, end = (half, other) if half.role == "front" else (other, half)
        for direction in ("clockwise", "anti-clockwise"):
            race = races.get((front.name, end.name, direction))
            try:
                track = assemble(front, end, direction, f"{front.name}-{end.name} ({direction})")
                problems += check_track(track, race.distance if race else None, race)
            except TrackError as exc:
                problems.append(str(exc))
    # A stock name in the wrong role is never paired above: say so.
    for race in race_tracks():
        if half.name == (race.end if half.role == "front" else race.front):
            problems.append(
                f"{half.path or half.name}: {half.name} is {_a(_role_of(half.name))} half in "
                f"the rulebook's tracks, this file makes it {_a(half.role)} half"
            )
            break
    return list(dict.fromkeys(problems))


def _role_of(name: str) -> str:
    return "front" if any(r.front == name for r in race_tracks()) else "end"


def _a(role: str) -> str:
    return "an end" if role == "end" else "a front"
