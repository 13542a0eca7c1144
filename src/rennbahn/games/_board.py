"""Small SVG pieces that every game's ``board.py`` shares.

Every board is one ``<svg>`` element drawn from a view (a seat's observation or the public
one), never from a state. The viewBox is 360 units wide, so on a 360 px phone one unit is
about one CSS pixel and a tap target of :data:`TAP` units stays at least 44 px. No ids, no
styles, no scripts: two boards can share a page and nothing leaks between them. A drawn
thing that plays a move carries ``class="move"``, ``data-move``, ``role="button"`` and
``tabindex="0"``; the page's script sends the notation when it is tapped.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from math import cos, radians, sin
from typing import TypeVar
from xml.sax.saxutils import escape, quoteattr

from rennbahn.core.errors import ParameterError
from rennbahn.core.i18n import check_language
from rennbahn.core.protocol import Game

#: The width of every board's viewBox.
WIDTH = 360
#: The smallest side of a tap target, in viewBox units: 44 CSS px or more on a 360 px phone
#: even with the page's margins.
TAP = 48
FONT = "system-ui, sans-serif"
#: Seat colours, the same order as the terminal drawings (red, blue, green, yellow, ...).
SEAT_COLOURS = ("#d62828", "#1d5fd1", "#2a9d3c", "#f2c200", "#9b3fc9", "#17a2b8")
#: Text colour to write on a seat colour.
SEAT_INK = ("#fff", "#fff", "#fff", "#222", "#fff", "#fff")


def check_lang(lang: str) -> str:
    """The language, checked: a board speaks the player's languages (core.i18n)."""
    return check_language(lang)


G = TypeVar("G", bound=Game)


def expect_game(game: Game, kind: type[G]) -> G:
    """The game, checked to be the one this board draws."""
    if not isinstance(game, kind):
        raise ParameterError(f"this board draws {kind.TITLE}, not {game}")
    return game


def tr(lang: str, en: str, de: str) -> str:
    """The English or the German of a few words (``lang`` is checked once per board)."""
    return de if lang == "de" else en


def num(value: float) -> str:
    """A coordinate, short: no trailing zeros."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def attrs(**values: object) -> str:
    """Attributes, escaped; a trailing underscore is dropped and ``_`` becomes ``-``."""
    parts = []
    for key, value in values.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        shown = num(value) if isinstance(value, float) else str(value)
        parts.append(f" {name}={quoteattr(shown)}")
    return "".join(parts)


def rect(x: float, y: float, w: float, h: float, fill: str, *, stroke: str | None = "#333",
         rx: float = 0, **more: object) -> str:
    a = attrs(x=float(x), y=float(y), width=float(w), height=float(h), fill=fill,
              stroke=stroke, rx=float(rx) if rx else None, **more)
    return f"<rect{a}/>"


def circle(x: float, y: float, r: float, fill: str, *, stroke: str | None = "#333",
           **more: object) -> str:
    a = attrs(cx=float(x), cy=float(y), r=float(r), fill=fill, stroke=stroke, **more)
    return f"<circle{a}/>"


def text(x: float, y: float, words: str, *, size: float = 12, anchor: str = "middle",
         fill: str = "#222", weight: str | None = None, fit: float | None = None,
         **more: object) -> str:
    """Escaped text; ``y`` is the baseline; ``fit``: squeeze it into that width if longer."""
    if fit is not None and len(words) * size * 0.58 > fit:
        more = {**more, "textLength": float(fit), "lengthAdjust": "spacingAndGlyphs"}
    a = attrs(x=float(x), y=float(y), font_size=float(size), text_anchor=anchor, fill=fill,
              font_weight=weight, font_family=FONT, **more)
    return f"<text{a}>{escape(words)}</text>"


def line(x1: float, y1: float, x2: float, y2: float, stroke: str, *, width: float = 1,
         **more: object) -> str:
    a = attrs(x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), stroke=stroke,
              stroke_width=float(width), **more)
    return f"<line{a}/>"


def group(body: Iterable[str], **more: object) -> str:
    return f"<g{attrs(**more)}>{''.join(body)}</g>"


def private(body: Iterable[str], label: str, secret: str) -> str:
    """What only the viewing seat may see (its hand, its licence): ``label`` says it in
    words (for a screen reader), ``secret`` in notation, so that a test can compare it
    with that seat's true secret."""
    a = attrs(class_="private", aria_label=label, data_secret=secret)
    return f"<g{a}>{''.join(body)}</g>"


def button(move: str, body: Iterable[str], *, label: str | None = None,
           kind: str = "") -> str:
    """A tappable group that plays ``move``."""
    classes = "move" + (f" {kind}" if kind else "")
    a = attrs(class_=classes, data_move=move, role="button", tabindex="0",
              aria_label=label or move, cursor="pointer")
    return f"<g{a}><title>{escape(label or move)}</title>{''.join(body)}</g>"


def car(x: float, y: float, colour: str, label: str, *, ink: str = "#fff",
        size: float = 18) -> str:
    """A racing car seen from above: a rounded body with a number or letter on it."""
    w, h = size * 1.5, size
    return group([
        rect(x - w / 2 + 2, y - h / 2 - 2, 6, 3, "#111", stroke=None),
        rect(x + w / 2 - 8, y - h / 2 - 2, 6, 3, "#111", stroke=None),
        rect(x - w / 2 + 2, y + h / 2 - 1, 6, 3, "#111", stroke=None),
        rect(x + w / 2 - 8, y + h / 2 - 1, 6, 3, "#111", stroke=None),
        rect(x - w / 2, y - h / 2, w, h, colour, stroke="#111", rx=h / 3, stroke_width=1.2),
        text(x, y + size * 0.3, label, size=size * 0.75, fill=ink, weight="bold"),
    ])


_PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def die(x: float, y: float, size: float, face: int | str | None) -> str:
    """A die at (x, y) (top left): pips for 1-6, else the printed face (Gib Gas! 240)."""
    parts = [rect(x, y, size, size, "#fff", stroke="#222", rx=size / 6, stroke_width=1.5)]
    if isinstance(face, int) and face in _PIPS:
        step = size * 0.27
        for dx, dy in _PIPS[face]:
            parts.append(circle(x + size / 2 + dx * step, y + size / 2 + dy * step,
                                size * 0.09, "#222", stroke=None))
    elif face is not None:
        parts.append(text(x + size / 2, y + size * 0.62, str(face), size=size * 0.36,
                          weight="bold"))
    else:
        parts.append(text(x + size / 2, y + size * 0.66, "?", size=size * 0.5, fill="#999"))
    return group(parts)


def star(x: float, y: float, r: float, fill: str = "#f5b700") -> str:
    """A five-pointed star centred at (x, y)."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -90 + 36 * i
        points.append(f"{num(x + radius * cos(radians(angle)))},"
                      f"{num(y + radius * sin(radians(angle)))}")
    a = attrs(points=" ".join(points), fill=fill, stroke="#7a5a00", stroke_width=0.6)
    return f"<polygon{a}/>"


def checkered(x: float, y: float, w: float, h: float, cell: float) -> str:
    """A black and white chequered band (a finish line), without patterns or ids."""
    parts = [rect(x, y, w, h, "#fff", stroke="#222", stroke_width=0.8)]
    cols, rows = max(1, round(w / cell)), max(1, round(h / cell))
    cw, ch = w / cols, h / rows
    for i in range(cols):
        for j in range(rows):
            if (i + j) % 2:
                parts.append(rect(x + i * cw, y + j * ch, cw, ch, "#222", stroke=None))
    return group(parts)


def table(x: float, y: float, widths: Sequence[float], rows: Sequence[Sequence[str]], *,
          row_height: float = 18, size: float = 11, bold_rows: Iterable[int] = (0,),
          shade: Mapping[int, str] | None = None) -> tuple[str, float]:
    """A plain text table; returns the SVG and the y below it."""
    parts: list[str] = []
    bold = set(bold_rows)
    shade = shade or {}
    total = sum(widths)
    for r, row in enumerate(rows):
        top = y + r * row_height
        if r in shade:
            parts.append(rect(x, top, total, row_height, shade[r], stroke=None))
        left = x
        for c, cell in enumerate(row):
            anchor = "start" if c == 0 else "middle"
            tx = left + 4 if c == 0 else left + widths[c] / 2
            parts.append(text(tx, top + row_height * 0.7, cell, size=size, anchor=anchor,
                              weight="bold" if r in bold else None))
            left += widths[c]
    parts.append(line(x, y + row_height, x + total, y + row_height, "#999"))
    return group(parts), y + len(rows) * row_height


def title_bar(title: str, note: str = "") -> str:
    """The dark bar along the top: the game and where it stands, a note on the right."""
    parts = [rect(0, 0, WIDTH, 28, "#212529", stroke=None),
             text(8, 19, title, size=13, anchor="start", fill="#fff", weight="bold",
                  fit=WIDTH - 16 - (len(note) * 6.5 if note else 0))]
    if note:
        parts.append(text(WIDTH - 8, 19, note, size=11, anchor="end", fill="#ced4da"))
    return group(parts)


def document(height: float, title: str, body: Iterable[str], *, lang: str, game: str,
             background: str = "#f4f1ea") -> str:
    """The ``<svg>`` element: viewBox WIDTH x height, scaled to the page's width."""
    a = attrs(xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {WIDTH} {num(height)}",
              width="100%", preserveAspectRatio="xMidYMin meet", role="img", lang=lang,
              class_=f"board board-{game}")
    return (
        f"<svg{a}><title>{escape(title)}</title>"
        + rect(0, 0, WIDTH, float(height), background, stroke=None)
        + "".join(body)
        + "</svg>"
    )


def legal_set(moves: Sequence[str]) -> frozenset[str]:
    """The legal moves as a set (the board looks each drawn thing's move up)."""
    return frozenset(moves)


def wrap(words: str, size: float, width: float) -> list[str]:
    """``words`` in lines of about ``width`` units at font ``size`` (an average letter is
    a little over half the size wide), broken between words; a word too long stays whole.

    >>> wrap("Anna wins the Grand Prix!", 10, 80)
    ['Anna wins the', 'Grand Prix!']
    """
    return textwrap.wrap(words, max(8, int(width / (size * 0.56))),
                         break_long_words=False, break_on_hyphens=False) or [""]

