"""An SVG drawing of a track (no dependencies): spaces as squares along a stadium loop.

The lap is laid out as a rounded rectangle, the columns spread evenly along it; the inner
lane runs inside, the outer lane outside, the pit alley further out. Bottlenecks are drawn
across both lanes, solid lines as a white bar between the lanes, the finish line in black and
white before column 0, field A and C in yellow.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from rennbahn.games.ausgebremst.tracks import KIND_BOTTLENECK, KIND_PIT, Track

SIZE = 22.0


def _point(t: float, offset: float, width: float, height: float) -> tuple[float, float, float]:
    """A point at fraction ``t`` along a stadium loop, ``offset`` outward; and its angle."""
    radius = height / 2
    straight = width - height
    total = 2 * straight + 2 * math.pi * radius
    d = (t % 1.0) * total
    cx1, cx2, cy = radius + straight, radius, radius
    r = radius + offset
    if d < straight:  # top straight, left to right (clockwise)
        return cx2 + d, cy - r, 0.0
    d -= straight
    if d < math.pi * radius:
        a = -math.pi / 2 + d / radius
        return cx1 + r * math.cos(a), cy + r * math.sin(a), math.degrees(a) + 90
    d -= math.pi * radius
    if d < straight:
        return cx1 - d, cy + r, 180.0
    d -= straight
    a = math.pi / 2 + d / radius
    return cx2 + r * math.cos(a), cy + r * math.sin(a), math.degrees(a) + 90


def track_svg(track: Track, cars: dict[int, str] | None = None) -> str:
    """The track as an SVG document; ``cars`` maps a space to a label drawn on it."""
    cars = cars or {}
    width, height = 900.0, 360.0
    margin = 70.0
    n = track.columns
    pieces: list[str] = []
    lane_offset = {0: -SIZE * 0.6, 1: SIZE * 0.6}

    def square(x: float, y: float, angle: float, fill: str, label: str, size: float) -> None:
        pieces.append(
            f'<g transform="translate({x + margin:.1f},{y + margin:.1f}) rotate({angle:.1f})">'
            f'<rect x="{-size / 2:.1f}" y="{-SIZE / 2:.1f}" width="{size:.1f}" '
            f'height="{SIZE:.1f}" fill="{fill}" stroke="#333" stroke-width="1"/>'
            + (f'<text y="4" font-size="9" text-anchor="middle">{escape(label)}</text>'
               if label else "")
            + "</g>"
        )

    for space in range(track.size):
        column = track.col[space]
        label = cars.get(space, "")
        fill = "#ffd84d" if space in (track.field_a, track.field_c) else "#d9d9d9"
        if track.kind[space] == KIND_PIT:
            t = (column + 0.0) / n
            x, y, a = _point(t, SIZE * 2.0, width, height)
            square(x, y, a, "#9fd3ff", label or track.names[space], SIZE * 0.9)
            continue
        t = column / n
        if track.kind[space] == KIND_BOTTLENECK:
            x, y, a = _point(t, 0.0, width, height)
            pieces.append(
                f'<g transform="translate({x + margin:.1f},{y + margin:.1f}) rotate({a:.1f})">'
                f'<rect x="{-SIZE / 2:.1f}" y="{-SIZE * 1.1:.1f}" width="{SIZE:.1f}" '
                f'height="{SIZE * 2.2:.1f}" fill="#b0b0b0" stroke="#333"/>'
                + (f'<text y="4" font-size="9" text-anchor="middle">{escape(label)}</text>'
                   if label else "") + "</g>"
            )
            continue
        x, y, a = _point(t, lane_offset[track.lane[space]], width, height)
        square(x, y, a, fill, label, SIZE * 0.9)
    for column in range(n):
        if track.solid[column]:
            x, y, a = _point(column / n, 0.0, width, height)
            pieces.append(
                f'<g transform="translate({x + margin:.1f},{y + margin:.1f}) rotate({a:.1f})">'
                f'<rect x="{-SIZE / 2:.1f}" y="-1.5" width="{SIZE:.1f}" height="3" '
                'fill="white" stroke="#000" stroke-width="0.5"/></g>'
            )
    x, y, a = _point(-0.5 / n, 0.0, width, height)
    pieces.append(
        f'<g transform="translate({x + margin:.1f},{y + margin:.1f}) rotate({a:.1f})">'
        f'<rect x="-2" y="{-SIZE * 1.2:.1f}" width="4" height="{SIZE * 2.4:.1f}" '
        'fill="black"/></g>'
    )
    title = escape(f"{track.name} ({track.direction}), lap {track.lap} spaces")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 2 * margin:.0f}" '
        f'height="{height + 2 * margin:.0f}" viewBox="0 0 {width + 2 * margin:.0f} '
        f'{height + 2 * margin:.0f}"><title>{title}</title>'
        f'<rect width="100%" height="100%" fill="#5a8f4e"/>'
        + "".join(pieces)
        + f'<text x="{margin}" y="{height + 2 * margin - 12:.0f}" font-size="18" '
        f'fill="white">{title}</text></svg>'
    )
