"""The authored tracks: the computed shortest race equals the rulebook's table (I1, I2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rennbahn.games.ausgebremst.tracks import (
    KIND_BOTTLENECK,
    MIN_TURN,
    TrackError,
    assemble,
    build_track,
    check_track,
    half_names,
    ideal_distance,
    load_half,
    race_tracks,
    read_half,
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


def test_drom_and_ring_pit_alleys_cost_one_space_circuit_none() -> None:
    """I2: without the pit stop Drom and Ring tracks are one space shorter."""
    for race in race_tracks():
        track = build_track(race.number)
        saving = ideal_distance(track, track.grid[0]) - ideal_distance(
            track, track.grid[0], pit_stop=False
        )
        assert saving == (0 if race.end == "Circuit" else 1)


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
    with pytest.raises(TrackError, match=r"field C \(column 11 of B-D\) must be a outer"):
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
    assert turns == {"bleifuss": 3, "circuit": 3, "drom": 3, "nurburg": 3, "plattfuss": 4,
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
