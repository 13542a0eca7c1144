"""Von 0 auf 100 as an SVG board, drawn from one seat's view or the public one.

The track cards lie in a closed circuit around the (double-size) start/target card, corner
cards as curves and the rest as straights, with their symbols: a can with its number, the
2x turbo can, the oil stain. The six cars stand on their cards. In the infield: whose turn it
is, the six driver cards (named by their colour) with the cans put on them this round and by
whom (tap one to put the next can there), and the cars across the line; then, while the
infield has room, else below the track: who holds the starting tile, the viewing seat's
licence (only when the view holds it), how far each seat has moved each car this race, and
the score. At the end the infield says the game's one headline (``words.headline``). Its
words are in ``texts.py``.

Sizes: the page draws the board at its column's width, about 680 CSS px on a desktop and
340 px on a phone; no text is smaller than :data:`SMALLEST_TEXT` units (11 px at 680 px
wide) and a driver card is at least :data:`TAP` units high.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rennbahn.core.protocol import Game
from rennbahn.core.views import View, expect_view
from rennbahn.games._board import (
    TAP,
    WIDTH,
    button,
    check_lang,
    checkered,
    circle,
    document,
    group,
    private,
    rect,
    table,
    text,
    title_bar,
    wrap,
)
from rennbahn.games.von0auf100.components import CAR_COLOURS, COLOURS
from rennbahn.games.von0auf100.texts import Teller
from rennbahn.games.von0auf100.views import Von0auf100PublicView, own_licences, viewer
from rennbahn.games.von0auf100.words import WORDS, headline, journey

CAR_FILL = CAR_COLOURS
MARGIN = 4.0
GRASS = "#7cb86b"
ROAD = "#6c757d"
#: The smallest font size drawn, in viewBox units: 11 px when the board is 680 px wide.
SMALLEST_TEXT = 10.0
#: Text size of the lines in the infield and below the track.
LINE = 12.0
#: One part drawn at (x, y) with width w: its SVG and the y below it.
Section = Callable[[float, float, float], tuple[list[str], float]]


def _loop(cols: int, rows: int) -> list[tuple[int, int]]:
    """The cells around a cols x rows rectangle, clockwise from the top left."""
    cells = [(x, 0) for x in range(cols)]
    cells += [(cols - 1, y) for y in range(1, rows)]
    cells += [(x, rows - 1) for x in range(cols - 2, -1, -1)]
    cells += [(0, y) for y in range(rows - 2, 0, -1)]
    return cells


def circuit(length: int) -> tuple[int, int, int, list[tuple[int, int]]]:
    """The circuit for ``length`` track cards: columns, rows, how many cells the start card
    covers (2 or 3, so the loop closes), and the cells of squares 0 (start) to ``length``."""
    start_cells = 2 if length % 2 == 0 else 3
    half = (length + start_cells + 4) // 2
    cols = max(3, min(7, half // 2 - 1))
    rows = half - cols
    loop = _loop(cols, rows)
    # The start card lies in the middle of the bottom row; the race runs clockwise from it.
    first = loop.index((cols // 2 + start_cells // 2, rows - 1))
    loop = loop[first:] + loop[:first]
    return cols, rows, start_cells, loop


def _road(x: float, y: float, s: float, before: tuple[int, int], here: tuple[int, int],
          after: tuple[int, int]) -> str:
    """The road on one card: straight, or a curve when it turns a corner."""
    width = s * 0.56
    cx, cy = x + s / 2, y + s / 2

    def side(other: tuple[int, int]) -> tuple[float, float]:
        dx, dy = other[0] - here[0], other[1] - here[1]
        return cx + dx * s / 2, cy + dy * s / 2

    (ax, ay), (bx, by) = side(before), side(after)
    if ax == bx or ay == by:  # straight
        path = f"M{ax:.1f},{ay:.1f} L{bx:.1f},{by:.1f}"
    else:
        path = f"M{ax:.1f},{ay:.1f} Q{cx:.1f},{cy:.1f} {bx:.1f},{by:.1f}"
    return (f'<path d="{path}" fill="none" stroke="{ROAD}" stroke-width="{width:.1f}"/>'
            f'<path d="{path}" fill="none" stroke="#fff" stroke-width="1" '
            'stroke-dasharray="4 4"/>')


def _symbol(cx: float, cy: float, code: str, size: float, say: Teller) -> str:
    """A track card's symbol: a can with a number, the 2x can, an oil stain."""
    if code == ".":
        return ""
    if code == "o":
        r = size * 0.2
        return group([
            circle(cx, cy, r, "#111", stroke=None),
            circle(cx + r * 0.8, cy - r * 0.5, r * 0.6, "#111", stroke=None),
            circle(cx - r * 0.7, cy + r * 0.6, r * 0.5, "#111", stroke=None),
        ], aria_label=say.kind(code))
    label = "2x" if code == "x" else f"+{code}"
    w, h = size * 0.5, size * 0.5
    fill = "#e03131" if code == "x" else "#f59f00"
    return group([
        rect(cx - w / 2, cy - h / 2, w, h, fill, stroke="#222", rx=3),
        rect(cx - w / 5, cy - h / 2 - 4, w / 2.5, 4, "#adb5bd", stroke="#222", stroke_width=0.5),
        text(cx, cy + h * 0.27, label, size=max(SMALLEST_TEXT, size * 0.32), fill="#fff",
             weight="bold"),
    ], aria_label=say.kind(code))


def _car(x: float, y: float, letter: str, say: Teller, *, size: float) -> str:
    """A car seen from above in its colour, named (for a pointer or a screen reader) by its
    colour in words; no letter on it: the colour is the car, as on the table."""
    w, h = size * 1.5, size
    wheel = max(2.0, size * 0.2)
    return group([
        f"<title>{say('name_' + letter)}</title>",
        rect(x - w / 2 + 2, y - h / 2 - wheel / 2, size * 0.35, wheel, "#111", stroke=None),
        rect(x + w / 2 - 2 - size * 0.35, y - h / 2 - wheel / 2, size * 0.35, wheel, "#111",
             stroke=None),
        rect(x - w / 2 + 2, y + h / 2 - wheel / 2, size * 0.35, wheel, "#111", stroke=None),
        rect(x + w / 2 - 2 - size * 0.35, y + h / 2 - wheel / 2, size * 0.35, wheel, "#111",
             stroke=None),
        rect(x - w / 2, y - h / 2, w, h, CAR_FILL[letter], stroke="#111", rx=h / 3,
             stroke_width=1.2),
        rect(x - w * 0.05, y - h * 0.3, w * 0.22, h * 0.6, "#ffffff", stroke=None, rx=2,
             opacity="0.55"),
    ])


def _cars_on(x: float, y: float, s: float, letters: Sequence[str], say: Teller) -> str:
    """The cars on one card, centred: one in the middle, more two abreast."""
    parts = []
    size = s * 0.26
    shown = sorted(letters, key=COLOURS.index)
    per_row = 1 if len(shown) == 1 else 2
    rows = (len(shown) + per_row - 1) // per_row
    for k, letter in enumerate(shown):
        row, col = divmod(k, per_row)
        in_row = min(per_row, len(shown) - row * per_row)
        cx = x + s / 2 + (col - (in_row - 1) / 2) * s * 0.42
        cy = y + s * 0.7 + (row - (rows - 1) / 2) * s * 0.24
        parts.append(_car(cx, cy, letter, say, size=size))
    return "".join(parts)


def _lines(x: float, y: float, w: float, words: str, *, size: float = LINE,
           weight: str | None = None) -> tuple[list[str], float]:
    """A paragraph at (x, y), wrapped to ``w``: its SVG and the y below it."""
    parts = []
    for shown in wrap(words, size, w):
        parts.append(text(x, y + size, shown, size=size, anchor="start", weight=weight, fit=w))
        y += size * 1.35
    return parts, y


def _driver_cards(view: Von0auf100PublicView, legal: frozenset[str], say: Teller,
                  names: Sequence[str] | None, x: float, y: float,
                  w: float) -> tuple[list[str], float]:
    """The six driver cards, named by their colour: the can on each this round and the
    seat that put it there."""
    parts: list[str] = []
    on = view.on
    out = set(view.out)
    card_w = (w - 6) / 2
    card_h = max(float(TAP), 58.0)
    for k, letter in enumerate(COLOURS):
        row, col = divmod(k, 2)
        cx = x + col * (card_w + 6)
        cy = y + row * (card_h + 6)
        body = [rect(cx, cy, card_w, card_h, "#fff", stroke=CAR_FILL[letter], rx=6,
                     stroke_width=3)]
        body.append(rect(cx, cy, 12, card_h, CAR_FILL[letter], stroke=None, rx=4))
        body.append(text(cx + 18, cy + 24, say("hue_" + letter).capitalize(), size=14,
                         anchor="start", weight="bold", fit=card_w - 50))
        if letter in on:
            index = on.index(letter)
            who = say.seat((view.start + index) % view.players)
            body.append(circle(cx + card_w - 19, cy + 19, 13, "#f59f00", stroke="#222"))
            body.append(text(cx + card_w - 19, cy + 25, str(index + 1), size=16, fill="#fff",
                             weight="bold"))
            body.append(text(cx + 18, cy + card_h - 10, who, size=LINE, anchor="start",
                             fit=card_w - 22))
        elif letter in out:
            body.append(text(cx + 18, cy + card_h - 10, say("ui_across"),
                             size=LINE, anchor="start", fill="#555"))
        if letter in legal:
            label = WORDS.move(view, letter, lang=say.lang, names=names)
            body.append(rect(cx + 2, cy + 2, card_w - 4, card_h - 4, "none", stroke="#1c7ed6",
                             rx=5, stroke_width=2, stroke_dasharray="5 3"))
            parts.append(button(letter, body, label=label))
        else:
            parts.append(group(body))
    return parts, y + 3 * (card_h + 6)


def _status(view: Von0auf100PublicView, say: Teller) -> list[str]:
    """What the infield says first: the end's headline, or whose turn it is and the last
    can placed."""
    phase = view.phase
    if phase == "over":
        return [headline(view, say)]
    if phase == "layout":
        return [say("board_layout")]
    if phase == "deal":
        return [say("board_deal")]
    lines = []
    mover = view.to_move
    can = view.next_can
    if mover is not None:
        if mover == viewer(view):
            lines.append(say("board_your_turn", can=can))
        else:
            lines.append(say("board_turn", name=say.seat(mover), can=can))
    if view.withdrawn:
        gone = ", ".join(str(5 - i) for i in range(view.withdrawn))
        lines.append(say("board_withdrawn", cans=gone))
    last = view.last
    if last is not None:
        lines.append(say("board_last", name=say.seat(last.seat), can=last.can,
                         colour=say("hue_" + last.car),
                         move=journey(view, last.from_, last.to, say).split(" ", 3)[-1]))
    return lines


def _across(view: Von0auf100PublicView, say: Teller, x: float, y: float,
            w: float) -> tuple[list[str], float]:
    """The cars across the line in this race, in order, with who uncovered each."""
    out = view.out
    if not out:
        return [], y
    parts = [text(x, y + LINE, say("board_across"), size=LINE, anchor="start",
                  weight="bold")]
    step = min(40.0, w / max(1, len(out)))
    for k, letter in enumerate(out):
        cx = x + step / 2 + k * step
        parts.append(_car(cx, y + 32, letter, say, size=16))
        if letter in view.owners:
            parts.append(text(cx, y + 56, say.seat(view.owners[letter]), size=SMALLEST_TEXT,
                              fit=step - 2))
    return parts, y + 62


def board_svg(view: View, game: Game, *, moves: Sequence[str] = (), lang: str = "en",
              names: Sequence[str] | None = None) -> str:
    """The Von 0 auf 100 table as ``view`` shows it; ``moves`` are the viewer's legal moves,
    ``names`` the seats' names (None: "Driver 1", ...)."""
    check_lang(lang)
    seen = expect_view(view, Von0auf100PublicView)
    say = Teller(lang, names)
    legal = frozenset(moves)
    length = seen.length
    track = seen.track
    cols, rows, start_cells, loop = circuit(length)
    s = (WIDTH - 2 * MARGIN) / cols
    top = 30.0
    title = say("board_title", race=seen.race, races=seen.races, round=seen.round)
    parts: list[str] = [title_bar(title)]
    parts.append(rect(MARGIN, top, cols * s, rows * s, GRASS, stroke="#2b8a3e", rx=8))

    def at(cell: tuple[int, int]) -> tuple[float, float]:
        return MARGIN + cell[0] * s, top + cell[1] * s

    # Squares: 0 is the start card (start_cells cells), then the track cards in order.
    square_cells: list[list[tuple[int, int]]] = [loop[:start_cells]]
    square_cells += [[cell] for cell in loop[start_cells:]]
    n = len(loop)
    for k, cell in enumerate(loop):
        x, y = at(cell)
        before, after = loop[(k - 1) % n], loop[(k + 1) % n]
        parts.append(rect(x + 1, y + 1, s - 2, s - 2, "#e9ecef", stroke="#868e96", rx=3))
        parts.append(_road(x, y, s, before, cell, after))
    # The start/target card: a chequered line across its far end (the line the cars pass).
    sx = min(at(c)[0] for c in square_cells[0])
    sy = at(square_cells[0][0])[1]
    parts.append(rect(sx + 1, sy + 1, start_cells * s - 2, s - 2, "none", stroke="#222", rx=3,
                      stroke_width=2))
    parts.append(checkered(sx + 2, sy + s * 0.2, 8, s * 0.6, 4))
    parts.append(text(sx + start_cells * s / 2, sy + s - 5, say("board_start"),
                      size=SMALLEST_TEXT, weight="bold", fit=start_cells * s - 14))
    for square in range(1, length + 1):
        x, y = at(square_cells[square][0])
        if square <= len(track):
            # The symbol in the card's upper part, the cars standing below it.
            parts.append(_symbol(x + s / 2, y + s * 0.34, track[square - 1], s * 0.85, say))
        else:  # not laid yet
            parts.append(rect(x + 4, y + 4, s - 8, s - 8, "#495057", stroke="#222", rx=3))
        if square % 5 == 0:
            parts.append(text(x + s - 3, y + 12, str(square), size=SMALLEST_TEXT, anchor="end",
                              fill="#343a40"))
    # The cars on their squares (across the line: in the infield list instead).
    out = set(seen.out)
    here: dict[int, list[str]] = {}
    for letter, square in seen.cars.items():
        if letter in out:
            continue
        here.setdefault(square if square <= length else 0, []).append(letter)
    for square, letters in here.items():
        x, y = at(square_cells[square][0] if square else square_cells[0][-1])
        parts.append(_cars_on(x, y, s, letters, say))
    # The infield: the status, the driver cards, the cars across; then the rest while it
    # has room, and below the track what it has not.
    ix, iy = MARGIN + s + 6, top + s + 6
    iw, bottom = (cols - 2) * s - 12, top + (rows - 1) * s - 6
    y = iy
    for line in _status(seen, say):
        drawn, y = _lines(ix, y, iw, line, weight="bold")
        parts += drawn
    cards, y = _driver_cards(seen, legal, say, names, ix, y + 4, iw)
    parts += cards
    drawn, y = _across(seen, say, ix, y, iw)
    parts += drawn
    below = top + rows * s + 8
    inside = True
    for section in _sections(seen, say):
        if inside:
            drawn, end = section(ix, y, iw)
            if end <= bottom:
                parts += drawn
                y = end
                continue
            inside = False
        drawn, below = section(8, below, WIDTH - 16)
        parts += drawn
    return document(below + 4, title, parts, lang=lang, game="von0auf100",
                    background="#f4f1ea")


def _sections(view: Von0auf100PublicView, say: Teller) -> list[Section]:
    """The parts drawn after the cars across, in order."""
    sections: list[Section] = [
        lambda x, y, w: _lines(x, y + 4, w, say("board_tile", name=say.seat(view.start)))]
    licences = own_licences(view)
    if licences:
        sections.append(lambda x, y, w: _licence(licences, say, x, y, w))
    if view.given:
        sections.append(lambda x, y, w: _given(view, say, x, y, w))
    score = view.score
    if view.races > 1 or view.scoring == "season":
        line = ", ".join(f"{say.seat(p)}: {v}" for p, v in enumerate(score))
        sections.append(lambda x, y, w: _lines(x, y, w, say("board_score", list=line)))
    return sections


def _licence(licences: Sequence[str], say: Teller, x: float, y: float,
             w: float) -> tuple[list[str], float]:
    """The viewing seat's licence, drawn as a private part: its cars and their colours."""
    secret = [rect(x - 4, y, w + 8, 62, "#fff3bf", stroke="#e67700", rx=5),
              text(x + 4, y + 20, say("board_licence"), size=LINE, anchor="start",
                   weight="bold", fit=w - 8)]
    step = (w - 8) / max(2, len(licences))
    for k, letter in enumerate(licences):
        cx = x + 4 + k * step
        secret.append(_car(cx + 14, y + 42, letter, say, size=16))
        secret.append(text(cx + 32, y + 47, say("hue_" + letter).capitalize(), size=LINE,
                           anchor="start", weight="bold", fit=step - 36))
    words = ", ".join(say("hue_" + letter) for letter in licences)
    return [private(secret, f"{say('board_licence')} {words}",
                    "licence: " + " ".join(licences))], y + 68


def _given(view: Von0auf100PublicView, say: Teller, x: float, y: float,
           w: float) -> tuple[list[str], float]:
    """How far each seat moved each car this race (the cars as coloured heads of the
    columns), the viewer's row shaded."""
    given = view.given
    first = min(140.0, w * 0.4)
    widths = [first] + [(w - first) / 6] * 6
    parts = [text(x, y + LINE, say("board_moved") + ":", size=LINE, anchor="start",
                  weight="bold", fit=w)]
    y += LINE * 1.5
    for k, letter in enumerate(COLOURS):
        cx = x + first + widths[1] * (k + 0.5)
        parts.append(_car(cx, y + 9, letter, say, size=min(12.0, widths[1] / 1.7)))
    body = [[say.seat(p), *(str(v) for v in given[p])] for p in range(len(given))]
    you = viewer(view)
    shade = {1 + you: "#fff9db"} if you is not None else None
    drawn, y = table(x, y, widths, [["", *([""] * 6)], *body], shade=shade, size=LINE)
    parts.append(drawn)
    return parts, y + 6


__all__ = ["board_svg", "circuit", "wrap"]
