"""The authored tracks: the computed shortest race equals the rulebook's table (I1, I2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rennbahn.games.ausgebremst.tracks import (
    KIND_BOTTLENECK,
    TrackError,
    assemble,
    build_track,
    check_track,
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


def test_check_names_the_space_at_fault(tmp_path: Path) -> None:
    data = json.loads(Path(load_half("Circuit").path).read_text())
    data["pit"]["columns"] = [0, 10]  # field C would sit in a curve gap? column 10 is 'o'
    data["inner"] = data["inner"][:5] + "B" + data["inner"][6:]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(TrackError, match="column 5"):
        read_half(bad)


def test_wrong_distance_is_reported() -> None:
    track = assemble(load_half("Bleifuss"), load_half("Circuit"), "clockwise", "B-C")
    problems = check_track(track, 80)
    assert problems and "73 spaces" in problems[0] and "29i" in problems[0]
