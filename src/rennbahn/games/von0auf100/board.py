"""Von 0 auf 100 as an SVG board, drawn from one seat's view or the public one.

The track cards lie in a closed circuit around the (double-size) start/target card, corner
cards as curves and the rest as straights, with their symbols: a can with its number, the
2x turbo can, the oil stain. The six cars stand on their cards. In the infield: whose turn it
is, the six driver cards with the cans put on them this round and by whom (tap one to put
the next can there), and the cars across the line. Below: the viewing seat's licence (only
when the view holds it), how far each seat has moved each car this race, and the score.
Its words are in ``texts.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rennbahn.core.protocol import Game
from rennbahn.core.views import View, expect_view
from rennbahn.games._board import (
    TAP,
    WIDTH,
    button,
    car,
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
)
from rennbahn.games.von0auf100.components import COLOURS
from rennbahn.games.von0auf100.texts import Teller
from rennbahn.games.von0auf100.views import Von0auf100PublicView, own_licences, viewer

CAR_FILL = dict(zip(COLOURS, ("#d62828", "#f77f00", "#f7d11e", "#2a9d3c", "#1d5fd1",
                              "#9b3fc9"), strict=True))
CAR_INK = dict(zip(COLOURS, ("#fff", "#fff", "#222", "#fff", "#fff", "#fff"), strict=True))
MARGIN = 4.0
GRASS = "#7cb86b"
ROAD = "#6c757d"


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
    w, h = size * 0.36, size * 0.46
    fill = "#e03131" if code == "x" else "#f59f00"
    return group([
        rect(cx - w / 2, cy - h / 2, w, h, fill, stroke="#222", rx=3),
        rect(cx - w / 5, cy - h / 2 - 4, w / 2.5, 4, "#adb5bd", stroke="#222", stroke_width=0.5),
        text(cx, cy + h * 0.18, label, size=size * 0.2, fill="#fff", weight="bold"),
    ], aria_label=label)


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


def _cars_on(x: float, y: float, s: float, letters: Sequence[str]) -> str:
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
        cy = y + s * 0.66 + (row - (rows - 1) / 2) * s * 0.26
        parts.append(car(cx, cy, CAR_FILL[letter], letter, ink=CAR_INK[letter], size=size))
    return "".join(parts)


def _driver_cards(view: Von0auf100PublicView, legal: frozenset[str], say: Teller, x: float,
                  y: float, w: float) -> tuple[list[str], float]:
    """The six driver cards: the can on each this round and the seat that put it there."""
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
        body.append(car(cx + 32, cy + 18, CAR_FILL[letter], letter, ink=CAR_INK[letter],
                        size=16))
        if letter in on:
            index = on.index(letter)
            who = say.seat((view.start + index) % view.players)
            body.append(circle(cx + card_w - 20, cy + 20, 14, "#f59f00", stroke="#222"))
            body.append(text(cx + card_w - 20, cy + 26, str(index + 1), size=16, fill="#fff",
                             weight="bold"))
            body.append(text(cx + 16, cy + card_h - 8, who, size=10, anchor="start",
                             fit=card_w - 20))
        elif letter in out:
            body.append(text(cx + 16, cy + card_h - 8, say("ui_across"),
                             size=10, anchor="start", fill="#555"))
        if letter in legal:
            label = say("board_can_on", colour=say("car_" + letter))
            body.append(rect(cx + 2, cy + 2, card_w - 4, card_h - 4, "none", stroke="#1c7ed6",
                             rx=5, stroke_width=2, stroke_dasharray="5 3"))
            parts.append(button(letter, body, label=label))
        else:
            parts.append(group(body))
    return parts, y + 3 * (card_h + 6)


def _status(view: Von0auf100PublicView, say: Teller) -> list[str]:
    phase = view.phase
    if phase == "over":
        lines = [say("board_over")]
        score = view.score
        if score and max(score) > 0:
            best = [say.seat(p) for p, v in enumerate(score) if v == max(score)]
            lines.append(say("board_win" if len(best) > 1 else "board_wins",
                             names=say("and").join(best)))
        return lines
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
        lines.append(say("board_last", name=say.seat(last.seat), can=last.can, car=last.car,
                         start=last.from_, end=last.to))
    return lines


def board_svg(view: View, game: Game, *, moves: Sequence[str] = (), lang: str = "en") -> str:
    """The Von 0 auf 100 table as ``view`` shows it; ``moves`` are the viewer's legal moves."""
    check_lang(lang)
    seen = expect_view(view, Von0auf100PublicView)
    say = Teller(lang)
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
                      size=9, weight="bold", fit=start_cells * s - 8))
    for square in range(1, length + 1):
        x, y = at(square_cells[square][0])
        if square <= len(track):
            # The symbol in the card's upper part, the cars standing below it.
            parts.append(_symbol(x + s / 2, y + s * 0.33, track[square - 1], s * 0.85, say))
        else:  # not laid yet
            parts.append(rect(x + 4, y + 4, s - 8, s - 8, "#495057", stroke="#222", rx=3))
        if square % 5 == 0:
            parts.append(text(x + s - 4, y + 11, str(square), size=8, anchor="end",
                              fill="#495057"))
    # The cars on their squares (across the line: in the infield list instead).
    out = set(seen.out)
    here: dict[int, list[str]] = {}
    for letter, square in seen.cars.items():
        if letter in out:
            continue
        here.setdefault(square if square <= length else 0, []).append(letter)
    for square, letters in here.items():
        x, y = at(square_cells[square][0] if square else square_cells[0][-1])
        parts.append(_cars_on(x, y, s, letters))
    # The infield.
    ix, iy = MARGIN + s + 6, top + s + 6
    iw = (cols - 2) * s - 12
    y = iy
    for line in _status(seen, say):
        parts.append(text(ix, y + 12, line, size=11, anchor="start", weight="bold", fit=iw))
        y += 16
    cards, y = _driver_cards(seen, legal, say, ix, y + 4, iw)
    parts += cards
    if out:
        parts.append(text(ix, y + 12, say("board_across"), size=11,
                          anchor="start", weight="bold"))
        owners = seen.owners
        for k, letter in enumerate(sorted(out, key=seen.out.index)):
            cx = ix + 18 + k * 36
            parts.append(car(cx, y + 30, CAR_FILL[letter], letter, ink=CAR_INK[letter],
                             size=16))
            if letter in owners:
                parts.append(text(cx, y + 52, say.seat(owners[letter]), size=9, fit=34))
    y = top + rows * s + 8
    parts.append(text(8, y + 12, say("board_tile", name=say.seat(seen.start)), size=11,
                      anchor="start"))
    y += 20
    y = _licence(parts, own_licences(seen), say, y)
    y = _given(parts, seen, say, y)
    score = seen.score
    if score and (seen.races > 1 or any(score) or seen.phase == "over"):
        line = ", ".join(f"{say.seat(p)}: {v}" for p, v in enumerate(score))
        parts.append(text(8, y + 12, say("board_score", list=line), size=11,
                          anchor="start", fit=WIDTH - 16))
        y += 18
    return document(y + 4, title, parts, lang=lang, game="von0auf100", background="#f4f1ea")


def _licence(parts: list[str], licences: Sequence[str], say: Teller, y: float) -> float:
    """The viewing seat's licence, drawn as a private part (none: nothing); the next y."""
    if not licences:
        return y
    secret = [rect(4, y, WIDTH - 8, 40, "#fff3bf", stroke="#e67700", rx=5),
              text(12, y + 25, say("board_licence"), size=12, anchor="start", weight="bold")]
    for k, letter in enumerate(licences):
        secret.append(car(230 + k * 40, y + 20, CAR_FILL[letter], letter,
                          ink=CAR_INK[letter], size=18))
    parts.append(private(secret, "licence: " + " ".join(licences)))
    return y + 46


def _given(parts: list[str], view: Von0auf100PublicView, say: Teller, y: float) -> float:
    """How far each seat moved each car this race, the viewer's row shaded; the next y."""
    given = view.given
    if not given:
        return y
    header = [say("board_moved"), *COLOURS]
    widths = [150.0] + [(WIDTH - 8 - 150) / 6] * 6
    body = [[say.seat(p), *(str(v) for v in given[p])] for p in range(len(given))]
    you = viewer(view)
    shade = {1 + you: "#fff9db"} if you is not None else None
    drawn, y = table(4, y, widths, [header, *body], shade=shade)
    parts.append(drawn)
    return y + 6


__all__ = ["board_svg", "circuit"]
