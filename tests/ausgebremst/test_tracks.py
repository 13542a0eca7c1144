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
    with pytest.raises(TrackError, match=r"field C \(column 11 of B-D\) must be a space of"):
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


# -- bad track files: one error family, never a traceback (issue 10) ----------------------
def _stock_text(half: str, **changes: object) -> str:
    data = json.loads(Path(load_half(half).path).read_text())
    data.update(changes)
    return json.dumps(data)


DROM_PIT = {"lane": "outer", "columns": [0, 4], "spaces": 4}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("\x00\x01\xfe binary", "JSON is malformed"),
        ("[" * 20000 + "]" * 20000, r"Expected `object`, got `array`"),
        (_stock_text("Drom", notes="DEEP").replace('"DEEP"', "[" * 20000 + "]" * 20000),
         r"Expected `str`, got `array` - at `\$.notes`"),
        (_stock_text("Drom", inner="", outer="", lines=""), r"length >= 1 - at `\$.inner`"),
        (_stock_text("Drom", pit={"lane": "outer", "columns": [0, 4]}),
         r"missing required field `spaces` - at `\$.pit`"),
        (_stock_text("Drom", pit={"lane": "outer", "spaces": 4}),
         r"missing required field `columns` - at `\$.pit`"),
        (_stock_text("Drom", pit={**DROM_PIT, "columns": ["a", "b"]}),
         r"Expected `int`, got `str` - at `\$.pit.columns\[0\]`"),
        (_stock_text("Drom", pit={**DROM_PIT, "spaces": "x"}),
         r"Expected `int`, got `str` - at `\$.pit.spaces`"),
        (_stock_text("Drom", pit={**DROM_PIT, "spaces": 0}), r"`int` >= 1 - at `\$.pit.spaces`"),
        (_stock_text("Drom", pit={**DROM_PIT, "lane": "middle"}), r"at `\$.pit.lane`"),
        (_stock_text("Drom", pit={**DROM_PIT, "columns": [4, 0]}), r"must satisfy a < c < 17"),
        (_stock_text("Drom", pit={**DROM_PIT, "columns": [0, 17]}), r"must satisfy a < c < 17"),
        (_stock_text("Drom", pit=None), "an end half needs its pit alley"),
        (_stock_text("Drom", role="front"), "only end halves have a pit alley"),
        (_stock_text("Drom", role="middle"), r"at `\$.role`"),
        (_stock_text("Drom", pitstop=1), "unknown field `pitstop`"),
        (_stock_text("Drom", inner="o" * 41, outer="o" * 41, lines=" " * 41),
         r"length <= 40 - at `\$.inner`"),
        (_stock_text("Drom", lines="x" * 17), r"column 0: the lines row holds"),
    ],
)
def test_a_bad_file_is_one_track_error_naming_the_field(text: str, message: str) -> None:
    """Issue 10: every malformed file the review fuzzed is a TrackError on one line."""
    with pytest.raises(TrackError, match=message) as caught:
        parse_half(text.encode("utf-8", "surrogateescape"), "bad.json")
    assert "\n" not in str(caught.value) and str(caught.value).startswith("bad.json: ")


def test_unreadable_and_oversized_files(tmp_path: Path) -> None:
    with pytest.raises(TrackError, match="cannot read track file"):
        read_half(tmp_path)  # a directory
    with pytest.raises(TrackError, match="cannot read track file"):
        read_half(tmp_path / "missing.json")
    big = tmp_path / "big.json"
    big.write_text(" " * 70_000 + _stock_text("Drom"))
    with pytest.raises(TrackError, match="at most 65536 bytes"):
        read_half(big)


def test_every_check_runs_on_a_half_of_any_name() -> None:
    """Issue 10: an end half not named after a stock half is still built with every front
    half both ways round, so a broken pit alley is found (it used to print ok)."""
    assert all(check_half(load_half(name)) == [] for name in half_names())
    renamed = parse_half(_stock_text("Drom", name="Speedway"), "speedway.json")
    assert check_half(renamed) == []  # no rulebook distance to hold it to
    broken = parse_half(_stock_text("Drom", name="Speedway", pit={**DROM_PIT,
                                                                  "columns": [0, 11]}))
    problems = check_half(broken)
    assert len(problems) == 6  # three front halves, two directions
    assert all("must be a space of the outer lane" in p for p in problems)
    # Version 3's Circuit: the distances hold, the pit chart's reserve column does not.
    old = parse_half(_stock_text("Circuit", inner="ooooooooo-o-o-ooo"))
    assert check_half(old) == [
        "Bleifuss-Circuit (anti-clockwise): points in reserve without a pit stop from the "
        "grid places 29i 29o 28i 28o 27i 27o (rows 1-3): 0 0 0 0 0 0; the pit chart says 3",
        "Nurburg-Circuit (clockwise): points in reserve without a pit stop from the grid "
        "places 32i 32o 31i 31o 30i 30o (rows 1-3): -1 -1 -1 -1 -1 -1; the pit chart says 2",
        "Plattfuss-Circuit (clockwise): points in reserve without a pit stop from the grid "
        "places 31i 31o 30i 30o 29i 29o (rows 1-3): -1 -1 -1 -1 -1 -1; the pit chart says 2",
    ]
    wrong_role = parse_half(_stock_text("Bleifuss", name="Drom"))
    assert ("<track file>: Drom is an end half in the rulebook's tracks, this file makes it "
            "a front half") in check_half(wrong_role)


# Mutations of a stock file: a field set to any JSON value, a key dropped, a row edited,
# the pit alley renumbered, the name or role swapped, the text cut short.
_KEYS = ("name", "board", "role", "inner", "outer", "lines", "pit", "notes", "extra")
_JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 45), st.floats(-1e9, 1e9),
              st.text(alphabet="oB-| xé\x00", max_size=45)),
    lambda inside: st.one_of(st.lists(inside, max_size=3),
                             st.dictionaries(st.sampled_from(("lane", "columns", "spaces",
                                                              *_KEYS)), inside, max_size=4)),
    max_leaves=10,
)


_ROWS = ("inner", "outer", "lines")


@st.composite
def mutated_half(draw: st.DrawFn) -> bytes:
    """The text of a stock half-board file after one to four random mutations, most of them
    small enough that the file still parses, so the track checks get exercised too."""
    data: dict[str, Any] = json.loads(_stock_text(draw(st.sampled_from(half_names()))))
    kinds = ("char", "char", "column", "column", "pit", "pit", "name", "role", "set", "drop")
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(kinds))
        rows = [str(data[row]) if isinstance(data.get(row), str) else "" for row in _ROWS]
        if kind == "set":
            data[draw(st.sampled_from(_KEYS))] = draw(_JSON)
        elif kind == "drop" and data:
            data.pop(draw(st.sampled_from(sorted(data))))
        elif kind == "char":  # one character of one row
            which = draw(st.integers(0, 2))
            at = draw(st.integers(0, max(len(rows[which]) - 1, 0)))
            text = rows[which]
            data[_ROWS[which]] = text[:at] + draw(st.sampled_from("oB- |")) + text[at + 1:]
        elif kind == "column":  # a whole column inserted or removed
            at = draw(st.integers(0, min(map(len, rows))))
            if draw(st.booleans()):
                new = draw(st.sampled_from(("oo ", "-o ", "o- ", "oo|", "BB ", "-o|")))
                rows = [text[:at] + ch + text[at:] for text, ch in zip(rows, new, strict=True)]
            else:
                rows = [text[:at] + text[at + 1:] for text in rows]
            data.update(zip(_ROWS, rows, strict=True))
        elif kind == "pit" and data.get("role") == "end":
            data["pit"] = {"lane": draw(st.sampled_from(("outer", "inner"))),
                           "columns": [draw(st.integers(-1, 18)), draw(st.integers(-1, 18))],
                           "spaces": draw(st.integers(0, 10))}
        elif kind == "name":
            data["name"] = draw(st.sampled_from(("Drom", "Circuit", "Ring", "Bleifuss",
                                                 "Plattfuss", "Nurburg", "Speedway")))
        elif kind == "role":
            data["role"] = "front" if data.get("role") == "end" else "end"
    raw = json.dumps(data).encode()
    if draw(st.integers(0, 20)) == 13:  # cut short (Hypothesis favours 0 and the ends)
        raw = raw[: draw(st.integers(0, len(raw)))]
    return raw


@settings(max_examples=300, derandomize=True, deadline=None)
@given(mutated_half())
def test_mutated_files_are_accepted_or_refused_with_a_family_error(raw: bytes) -> None:
    """Issue 10: read_half and every check either accept a mutated stock file or raise a
    RennbahnError; a half that passes every check builds and races from each grid place."""
    try:
        half = parse_half(raw, "mutated.json")
    except RennbahnError as exc:
        assert "\n" not in str(exc)
        return
    problems = check_half(half)
    assert all(isinstance(p, str) and "\n" not in p for p in problems)
    if not problems:
        partner = load_half("Circuit" if half.role == "front" else "Bleifuss")
        front, end = (half, partner) if half.role == "front" else (partner, half)
        for direction in ("clockwise", "anti-clockwise"):
            track = assemble(front, end, direction)
            assert all(ideal_distance(track, g) > 3 * track.lap for g in track.grid)
