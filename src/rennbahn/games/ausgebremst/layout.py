"""How a track is folded to be drawn: the one layout the SVG board and the terminal share.

The lap's columns are folded like the printed board: the first half of the columns (the
first side) runs along one edge, the second half comes back along the other, so that
column ``c`` of the second side faces column ``2 * rows - 1 - c`` of the first, inner lanes
facing the infield. The SVG board stands the fold up (``board.Layout``), the terminal lays it
down (``ui.draw_track``); the stadium drawing of ``rennbahn tracks show --svg`` (``svg.py``)
is a loop, not a fold.

>>> sides(5)
([0, 1, 2], [4, 3])
>>> [row_of(5, c) for c in range(5)]
[0, 1, 2, 2, 1]
"""

from __future__ import annotations


def half(columns: int) -> int:
    """The columns of the first side: the longer half of an odd count."""
    return (columns + 1) // 2


def first_side(columns: int, column: int) -> bool:
    return column < half(columns)


def row_of(columns: int, column: int) -> int:
    """Where a column lies along its side, counted from the finish line's end."""
    rows = half(columns)
    return column if column < rows else 2 * rows - 1 - column


def sides(columns: int) -> tuple[list[int], list[int]]:
    """The columns of the first side in order, and those of the second in the order they
    face the first side's (the first side's last column may face none)."""
    rows = half(columns)
    return list(range(rows)), list(range(columns - 1, rows - 1, -1))


__all__ = ["first_side", "half", "row_of", "sides"]
