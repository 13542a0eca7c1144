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

A track joins a front half (Bleifuss, Plattfuss, Nurburg) and an end half; raced
anti-clockwise, the columns are read backwards. Columns are numbered from field A's column
(0), so a space's number tells how far into the lap it lies: ``7i`` is column 7, inner lane;
``12b`` a bottleneck; ``p2`` the second pit space.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Any

from rennbahn.core.errors import NotationError, ParameterError

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
MAX_COLUMNS = 40
PIT_SLOT = 3 * MAX_COLUMNS
MAX_PIT_SPACES = 9
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


@dataclass(frozen=True)
class Half:
    """One half-board as read from its file (columns in clockwise order)."""

    name: str
    board: str
    role: str  # "front" or "end"
    inner: str
    outer: str
    lines: str
    pit: dict[str, Any] | None
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
    """Read and check the shape of one half-board file."""
    where = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise TrackError(f"{where}: cannot read track file: {exc}") from exc
    if not isinstance(data, dict):
        raise TrackError(f"{where}: a track file holds one JSON object")
    missing = [k for k in ("name", "board", "role", "inner", "outer", "lines") if k not in data]
    if missing:
        raise TrackError(f"{where}: missing {', '.join(missing)}")
    inner, outer, lines = str(data["inner"]), str(data["outer"]), str(data["lines"])
    if not len(inner) == len(outer) == len(lines):
        raise TrackError(
            f"{where}: the rows inner ({len(inner)}), outer ({len(outer)}) and lines "
            f"({len(lines)}) must have the same length"
        )
    if data["role"] not in ("front", "end"):
        raise TrackError(f"{where}: role must be front or end, not {data['role']!r}")
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
    pit = data.get("pit")
    if data["role"] == "end":
        if not isinstance(pit, dict):
            raise TrackError(f"{where}: an end half needs its pit alley ('pit')")
    elif pit is not None:
        raise TrackError(f"{where}: only end halves have a pit alley")
    half = Half(
        name=str(data["name"]),
        board=str(data["board"]),
        role=str(data["role"]),
        inner=inner,
        outer=outer,
        lines=lines,
        pit=pit,
        notes=str(data.get("notes", "")),
        path=where,
    )
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
    data = json.loads((_data_dir() / "races.json").read_text(encoding="utf-8"))
    result = []
    for row in data["tracks"]:
        chart = row["pit_cards"]
        result.append(
            RaceTrack(
                number=int(row["number"]),
                front=str(row["front"]),
                end=str(row["end"]),
                direction=str(row["direction"]),
                distance=int(row["distance"]),
                difficulty=str(row["difficulty"]),
                pit_cards=(tuple(chart[0]), tuple(chart[1]), tuple(chart[2])),
                reserve=int(row["reserve"]),
            )
        )
    return tuple(result)


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
    assert end.pit is not None
    if int(end.pit["spaces"]) > MAX_PIT_SPACES:
        raise TrackError(f"{end.path}: at most {MAX_PIT_SPACES} pit spaces")
    outer = front.outer + end.outer
    lines = front.lines + end.lines
    assert end.pit is not None
    pit_lane_name = str(end.pit.get("lane", "outer"))
    if pit_lane_name not in LANE_NAMES:
        raise TrackError(f"{end.path}: pit lane must be inner or outer")
    pit_lane = LANE_NAMES.index(pit_lane_name)
    a, c = (int(x) + front.columns for x in end.pit["columns"])
    spaces = int(end.pit["spaces"])
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
                f"{pit_lane_name} lane space"
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
    dist = [-1] * track.size
    queue: deque[int] = deque()
    for s in crossing_from:
        if dist[s] < 0:
            dist[s] = 1
            queue.append(s)
    while queue:
        here = queue.popleft()
        for there in pred[here]:
            if dist[there] < 0:
                dist[there] = dist[here] + 1
                queue.append(there)
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


def check_track(track: Track, expected: int | None = None) -> list[str]:
    """Problems of a built track (empty when it is sound): every space reachable from the
    grid, the pit alley reachable, and the distance the rulebook gives."""
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
    return problems
