"""The authored tracks: the computed shortest race equals the rulebook's table and the pit
chart's reserve column (I1, I2, I29); track files are checked against their schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rennbahn.core.errors import RennbahnError
from rennbahn.games.ausgebremst.tracks import (
    KIND_BOTTLENECK,
    MIN_TURN,
    TrackError,
    assemble,
    build_track,
    check_half,
    check_track,
    half_names,
    ideal_distance,
    load_half,
    parse_half,
    race_tracks,
    read_half,
    reserve,
)

EXPECTED = {
    "Bleifuss-Drom": 74,
    "Plattfuss-Circuit": 76,
    "Nurburg-Ring": 80,
    "Bleifuss-Circuit": 73,
    "Nurburg-Drom": 80,
    "Plattfuss-Ring": 77,
    "Nurburg-Circuit": 79,
    "Plattfuss-Drom": 77,
}


def test_all_eight_distances_are_computed_exactly() -> None:
    """I2: the shortest three-lap line from pole, with the compulsory pit stop."""
    got = {}
    for race in race_tracks():
        track = build_track(race.number)
        got[race.name] = ideal_distance(track, track.grid[0])
    assert got == EXPECTED


@pytest.mark.parametrize("number", range(1, 9))
def test_each_row_further_back_costs_one_space(number: int) -> None:
    track = build_track(number)
    distances = [ideal_distance(track, g) for g in track.grid]
    first = distances[0]
    assert distances == [first, first, first + 1, first + 1, first + 2, first + 2]


def test_i29_pit_alley_costs_three_on_circuit_one_on_drom_and_ring() -> None:
    """I2, I29: without the pit stop Drom and Ring tracks are one space shorter, Circuit
    tracks three, from every grid place."""
    for race in race_tracks():
        track = build_track(race.number)
        for start in track.grid:
            saving = ideal_distance(track, start) - ideal_distance(track, start, pit_stop=False)
            assert saving == (3 if race.end == "Circuit" else 1), (race.name, start)


#: The Pit Stop Card Chart's reserve column, as printed (the same for all three rows).
CHART_RESERVE = {
    "Bleifuss-Drom": 3,
    "Plattfuss-Circuit": 2,
    "Nurburg-Ring": 2,
    "Bleifuss-Circuit": 3,
    "Nurburg-Drom": 2,
    "Plattfuss-Ring": 2,
    "Nurburg-Circuit": 2,
    "Plattfuss-Drom": 2,
}


@pytest.mark.parametrize("row", range(3))
@pytest.mark.parametrize("number", range(1, 9))
def test_i29_reserve_column_from_every_row(number: int, row: int) -> None:
    """I29: "the points left in reserve at the start without a pit stop" = 84 - the row's
    pit cards - the shortest race from that row without a stop; all 24 track-and-row cases
    (both places of each row) give the printed column."""
    race = race_tracks()[number - 1]
    track = build_track(number)
    cards = sum(race.pit_cards[row])
    for place in (2 * row, 2 * row + 1):
        no_stop = ideal_distance(track, track.grid[place], pit_stop=False)
        assert 84 - cards - no_stop == CHART_RESERVE[race.name] == race.reserve
        assert reserve(track, race, place) == race.reserve


def test_i29_circuit_lap_is_one_shorter_than_drom_and_ring() -> None:
    """I29: the same front half makes a lap one space shorter with Circuit than with Drom
    or Ring, in either direction."""
    for front in ("Bleifuss", "Plattfuss", "Nurburg"):
        for direction in ("clockwise", "anti-clockwise"):
            laps = {end: assemble(load_half(front), load_half(end), direction).lap
                    for end in ("Circuit", "Drom", "Ring")}
            assert laps["Drom"] == laps["Ring"] == laps["Circuit"] + 1, (front, direction)


def test_i29_circuit_alley_goes_round_the_hairpin() -> None:
    """I29: on Circuit (track 2, Plattfuss-Circuit clockwise) the inner lane takes the
    hairpin in one space, 0i to 4i; the alley (0o p1 p2 p3 4o) is as long as the outer lane
    beside it (0o 1o 2o 3o 4o), three spaces more than the ideal line from the grid."""
    track = build_track(2)
    name = track.names
    assert [name[s] for s in track.succ[track.index("0i")]] == ["1o", "4i"]
    assert name[track.field_a] == "0o" and name[track.field_c] == "4o"
    assert [name[s] for s in track.pit] == ["p1", "p2", "p3"]
    left = {n: track.to_line[track.index(n)] for n in ("0i", "0o", "4i", "4o")}
    assert left["0o"] == left["4o"] + 4 and left["0i"] == left["4i"] + 1
    pole = track.grid[0]
    assert ideal_distance(track, pole) - ideal_distance(track, pole, pit_stop=False) == 3


def test_harder_tracks_have_more_bottlenecks_and_solid_lines() -> None:
    def hazards(name: str) -> int:
        half = load_half(name)
        return half.inner.count("B") + half.lines.count("|")

    assert hazards("Bleifuss") < hazards("Plattfuss") < hazards("Nurburg")
    assert {r.difficulty for r in race_tracks() if r.front == "Nurburg"} == {"hard"}


def test_successors_go_forward_only() -> None:
    track = build_track(3)
    for space, ahead in enumerate(track.succ):
        assert 1 <= len(ahead) <= 3
        for there in ahead:
            step = (track.col[there] - track.col[space]) % track.columns
            assert track.kind[there] == 2 or track.kind[space] == 2 or 1 <= step <= 2
    bottlenecks = [s for s in range(track.size) if track.kind[s] == KIND_BOTTLENECK]
    assert len(bottlenecks) == 2


def test_solid_line_forbids_changing_lanes() -> None:
    """I4: no diagonal from a space beside a solid line; allowed from the field before."""
    track = build_track(3)  # Nurburg-Ring clockwise; Nurburg's line beside columns 3-4
    solid = [c for c in range(track.columns) if track.solid[c]]
    assert solid
    for space in range(track.size):
        if track.kind[space] == 0 and track.solid[track.col[space]]:
            lanes = {track.lane[t] for t in track.succ[space] if track.kind[t] == 0}
            assert lanes <= {track.lane[space]}


def _edited(tmp_path: Path, name: str, **changes: object) -> Path:
    """A copy of a stock half-board file with some fields changed."""
    data = json.loads(Path(load_half(name).path).read_text())
    data.update(changes)
    path = tmp_path / f"{name.lower()}.json"
    path.write_text(json.dumps(data))
    return path


def test_check_names_the_space_at_fault(tmp_path: Path) -> None:
    """Each edit of a good file gives its own error, naming the column at fault."""
    inner = load_half("Circuit").inner
    one_lane = _edited(tmp_path, "Circuit", inner=inner[:5] + "B" + inner[6:])
    with pytest.raises(TrackError, match="column 5: a bottleneck B must be marked in both"):
        read_half(one_lane)
    # Drom's bottleneck is its column 11: field C cannot lie on it.
    on_bottleneck = _edited(tmp_path, "Drom", pit={"lane": "outer", "columns": [0, 11],
                                                    "spaces": 4})
    with pytest.raises(TrackError, match=r"field C \(column 11 of B-D\) must be a space of the outer"):
        assemble(load_half("Bleifuss"), read_half(on_bottleneck), "clockwise", "B-D")
    # Clockwise the start grid is the front half's last three columns (I1).
    lines = load_half("Bleifuss").lines
    solid_grid = _edited(tmp_path, "Bleifuss", lines=lines[:-2] + "| ")
    with pytest.raises(TrackError, match=r"start row 2 \(column 28 of B-D\) must be a plain"):
        assemble(read_half(solid_grid), load_half("Drom"), "clockwise", "B-D")


def test_every_half_turns_the_track_round(tmp_path: Path) -> None:
    """I1: each half turns the track about 180 degrees: its outer lane is longer than its
    inner by at least MIN_TURN (3; the stock halves have 3 or 4), so any front half and end
    half close into a loop. A half whose lanes are as long as each other (an S-bend, like
    the Nurburg of version 2) is refused."""
    turns = {name: load_half(name).turn for name in half_names()}
    assert turns == {"bleifuss": 3, "circuit": 4, "drom": 3, "nurburg": 3, "plattfuss": 4,
                     "ring": 4}
    assert min(turns.values()) >= MIN_TURN
    s_bend = _edited(tmp_path, "Nurburg", inner="oo-o-oBoooooBooo", outer="ooooooBo-o-oBooo",
                     lines="  ||     |      ")
    with pytest.raises(TrackError, match="0 spaces more than the inner"):
        read_half(s_bend)


def test_nurburg_chicane_has_two_lines_of_equal_length() -> None:
    """Nurburg (track 3, columns 18-33): from the bottleneck 26b the inner line (27i 28i
    29i 31i) and the outer line (28o 29o 30o 31o) both take four spaces to column 31."""
    track = build_track(3)
    names = track.names
    b = track.index("26b")
    assert sorted(names[t] for t in track.succ[b]) == ["27i", "28o"]
    left = {name: track.to_line[track.index(name)] for name in ("27i", "28o", "31i", "31o")}
    assert left["27i"] == left["28o"] == left["31i"] + 3 == left["31o"] + 3
    assert track.to_line[b] == left["27i"] + 1


def test_wrong_distance_is_reported() -> None:
    track = assemble(load_half("Bleifuss"), load_half("Circuit"), "clockwise", "B-C")
    problems = check_track(track, 80)
    assert problems and "73 spaces" in problems[0] and "29i" in problems[0]
