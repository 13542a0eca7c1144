"""Grand Prix (1998) as an SVG board, drawn from one seat's observation or the public one.

The track as built on its grid: the start card, straights and curves, the four event cards
(accident, pit stop, oil slick, grandstand) and the turnaround card, with the cars on them
and the open end where the next card goes. Below: the stack (tap it to build), the die with
the last roll (tap it to roll), the ways a drawn curve can turn, the grandstand's choice,
and each car's place.
"""

from __future__ import annotations

from collections.abc import Sequence

from rennbahn.core.protocol import Game
from rennbahn.core.views import UNSET, View, expect_view
from rennbahn.games._board import (
    SEAT_COLOURS,
    SEAT_INK,
    TAP,
    WIDTH,
    button,
    car,
    check_lang,
    checkered,
    circle,
    die,
    document,
    group,
    rect,
    text,
    title_bar,
)
from rennbahn.games.grandprix.texts import CATALOGUE, Teller
from rennbahn.games.grandprix.views import Car, Card, GrandPrixView
from rennbahn.games.grandprix.words import WORDS

DELTA = {"east": (1, 0), "north": (0, -1), "west": (-1, 0), "south": (0, 1)}
OPPOSITE = {"east": "west", "west": "east", "north": "south", "south": "north"}
#: The event cards' colour and mark (their names: ``board_kind_<kind>`` in ``texts.py``).
EVENT_LOOK = {
    "accident": ("#e03131", "!"),
    "pit": ("#1c7ed6", "P"),
    "oil": ("#212529", ""),
    "grandstand": ("#2f9e44", ""),
}
MAX_CELL = 64.0
#: The smallest font size on the board, in viewBox units: 11 CSS px when the board is drawn
#: 680 px wide (a desktop's column; 360 units -> 680 px), the same as before on a phone.
MIN_FONT = 6.0
#: The grid never grows taller than this, so the stack and the die stay on a phone's screen.
MAX_TRACK_HEIGHT = 440.0
ROAD = "#6c757d"


def _kind_word(kind: str, say: Teller) -> str:
    """The short name of a card kind on the board (a kind without one: as it is written)."""
    key = "board_kind_" + kind
    return say(key) if key in CATALOGUE[say.lang] else kind


def _edge(cx: float, cy: float, s: float, side: str) -> tuple[float, float]:
    dx, dy = DELTA[side]
    return cx + dx * s / 2, cy + dy * s / 2


def _road_path(d: str, s: float) -> str:
    return (f'<path d="{d}" fill="none" stroke="{ROAD}" stroke-width="{s * 0.5:.1f}" '
            'stroke-linecap="butt"/>'
            f'<path d="{d}" fill="none" stroke="#fff" stroke-width="1" '
            'stroke-dasharray="3 3"/>')


def card_tile(x: float, y: float, s: float, card: Card, say: Teller) -> str:
    """One laid card on its grid cell, with the road from the side it is entered by to the
    side it is left by (the start card: from its middle; the turnaround: a loop)."""
    kind = card.kind
    cx, cy = x + s / 2, y + s / 2
    leave = card.to
    enter = OPPOSITE[card.from_]
    fill = "#e9ecef" if kind not in ("start", "turnaround") else "#fff"
    parts = [rect(x + 0.5, y + 0.5, s - 1, s - 1, fill, stroke="#868e96", rx=2)]
    if kind == "start":
        ex, ey = _edge(cx, cy, s, leave)
        parts.append(_road_path(f"M{cx:.1f},{cy:.1f} L{ex:.1f},{ey:.1f}", s))
        horizontal = leave in ("east", "west")
        if horizontal:
            parts.append(checkered(cx - 3, cy - s * 0.25, 6, s * 0.5, 3))
        else:
            parts.append(checkered(cx - s * 0.25, cy - 3, s * 0.5, 6, 3))
    elif kind == "turnaround":
        ax, ay = _edge(cx, cy, s, enter)
        parts.append(_road_path(f"M{ax:.1f},{ay:.1f} L{cx:.1f},{cy:.1f}", s))
        parts.append(circle(cx, cy, s * 0.3, ROAD, stroke=None))
        parts.append(circle(cx, cy, s * 0.12, "#fff", stroke=None))
        parts.append(text(cx, y + s - 2, "↺", size=max(s * 0.25, MIN_FONT), fill="#222"))
    else:
        ax, ay = _edge(cx, cy, s, enter)
        bx, by = _edge(cx, cy, s, leave)
        if enter == OPPOSITE[leave]:
            d = f"M{ax:.1f},{ay:.1f} L{bx:.1f},{by:.1f}"
        else:
            d = f"M{ax:.1f},{ay:.1f} Q{cx:.1f},{cy:.1f} {bx:.1f},{by:.1f}"
        parts.append(_road_path(d, s))
    look = EVENT_LOOK.get(kind)
    if look is not None:
        colour, mark = look
        r = max(s * 0.22, MIN_FONT / 1.3)
        parts.append(circle(cx, cy, r, colour, stroke="#fff", stroke_width=1.5))
        if kind == "grandstand":
            for k in range(3):
                parts.append(circle(cx + (k - 1) * r * 0.55, cy + r * 0.1, r * 0.22, "#fff",
                                    stroke=None))
        elif kind == "oil":
            parts.append(circle(cx + r * 0.2, cy, r * 0.55, "#868e96", stroke=None))
        else:
            parts.append(text(cx, cy + r * 0.45, mark, size=r * 1.3, fill="#fff",
                              weight="bold"))
    return group(parts, aria_label=_kind_word(kind, say))


def _stack(x: float, y: float, view: GrandPrixView, legal: frozenset[str],
           say: Teller) -> str:
    left = view.stack_left
    w, h = 70.0, 90.0
    body = []
    for k in range(min(4, max(left, 1))):
        body.append(rect(x + k * 2, y + 6 - k * 2, w - 8, h - 8,
                         "#364fc7" if left else "none", stroke="#222" if left else "#adb5bd",
                         rx=5, stroke_dasharray=None if left else "4 3"))
    body.append(text(x + w / 2 - 2, y + h / 2 + 2, str(left), size=22,
                     fill="#fff" if left else "#adb5bd", weight="bold"))
    body.append(text(x + w / 2 - 2, y + h + 10, say("board_stack"), size=10))
    if "build" in legal:
        body.append(rect(x - 3, y - 3, w + 2, h + 2, "none", stroke="#f59f00", rx=6,
                         stroke_width=3))
        return button("build", body, label=say("board_build"))
    return group(body)


def _die(x: float, y: float, view: GrandPrixView, legal: frozenset[str],
         say: Teller) -> str:
    roll = view.last_roll
    # The last roll since the last card was drawn (rules.roll_record); none: a blank die.
    shown = roll.face if roll is not None else view.rolled
    face = shown if isinstance(shown, int) else None
    size = 70.0
    body = [die(x, y, size, face)]
    body.append(text(x + size / 2, y + size + 16, say("board_die"), size=10))
    if "roll" in legal:
        body.append(rect(x - 3, y - 3, size + 6, size + 6, "none", stroke="#f59f00", rx=12,
                         stroke_width=3))
        return button("roll", body, label=say("board_roll"))
    return group(body)


def _choice_buttons(x: float, y: float, options: Sequence[tuple[str, str]]) -> str:
    parts = []
    w = (WIDTH - x - 8 - 6 * (len(options) - 1)) / max(1, len(options))
    for k, (move, label) in enumerate(options):
        bx = x + k * (w + 6)
        parts.append(button(move, [rect(bx, y, w, TAP, "#fff3bf", stroke="#e67700", rx=6,
                                        stroke_width=2),
                                   text(bx + w / 2, y + TAP / 2 + 5, label, size=13,
                                        weight="bold", fit=w - 8)], label=label))
    return "".join(parts)


def _car_line(c: Car, view: GrandPrixView, say: Teller) -> str:
    if c.home:
        return say("car_home")
    if c.progress == 0:
        where = say("on_start")
    else:
        track = view.track
        index = c.card
        kind = _kind_word(track[index].kind, say) if index < len(track) else "?"
        way = say("board_back") if c.returning else say("board_out")
        where = say("board_card", card=index, kind=kind, way=way)
    finish = view.finish
    if finish is not None:
        where += say("board_to_go", n=finish - c.progress)
    if c.misses_turn:
        where += say("board_misses")
    return where


def car_marks(count: int, names: Sequence[str] | None) -> list[str]:
    """What is written on each car: its driver's initial when the drivers have names with
    different initials, else the seat counted from 1 (as the list below the track shows)."""
    if names is not None and len(names) >= count:
        initials = [name.strip()[:1].upper() for name in names[:count]]
        if all(initials) and len(set(initials)) == count:
            return initials
    return [str(seat + 1) for seat in range(count)]


def board_svg(view: View, game: Game, *, moves: Sequence[str] = (),
              lang: str = "en", names: Sequence[str] | None = None) -> str:
    """The Grand Prix table as ``view`` shows it; ``moves`` are the viewer's legal moves,
    ``names`` what the seats are called (None: "Driver 1", ...)."""
    check_lang(lang)
    say = Teller(lang, names)
    shown = expect_view(view, GrandPrixView)
    legal = frozenset(moves)
    track = shown.track
    turn = shown.turn
    title = "Grand Prix"
    who = ""
    if shown.phase != "over":
        who = (say("board_your_turn") if turn == shown.seat
               else say("board_to_move", name=say.seat(turn)))
    parts: list[str] = [title_bar(title, who)]
    # The grid: the laid cards and the open end where the next card goes.
    cells = {(c.x, c.y) for c in track}
    open_end = None
    if track and not shown.turnaround_laid:
        dx, dy = DELTA[track[-1].to]
        open_end = (track[-1].x + dx, track[-1].y + dy)
    xs = [x for x, _ in cells] + ([open_end[0]] if open_end else []) or [0]
    ys = [y for _, y in cells] + ([open_end[1]] if open_end else []) or [0]
    x0, y0 = min(xs), min(ys)
    span_x, span_y = max(xs) - x0 + 1, max(ys) - y0 + 1
    s = min(MAX_CELL, (WIDTH - 8) / span_x, MAX_TRACK_HEIGHT / span_y)
    ox = (WIDTH - span_x * s) / 2
    oy = 34.0
    parts.append(rect(ox - 2, oy - 2, span_x * s + 4, span_y * s + 4, "#a9d18e",
                      stroke="#2b8a3e", rx=4))

    def at(x: int, y: int) -> tuple[float, float]:
        return ox + (x - x0) * s, oy + (y - y0) * s

    for card in track:
        px, py = at(card.x, card.y)
        parts.append(card_tile(px, py, s, card, say))
    if open_end is not None:
        px, py = at(*open_end)
        parts.append(rect(px + 3, py + 3, s - 6, s - 6, "none", stroke="#495057", rx=3,
                          stroke_dasharray="4 3", stroke_width=1.5))
        if shown.card_to_lay is not UNSET:
            parts.append(text(px + s / 2, py + s / 2 + 4, "?", size=s * 0.4, fill="#495057",
                              weight="bold"))
    # The cars: up to two a card (more on the start card), slightly apart.
    marks = car_marks(len(shown.cars), names)
    on: dict[int, list[Car]] = {}
    for c in shown.cars:
        on.setdefault(c.card, []).append(c)
    for index, standing in on.items():
        if index >= len(track):
            continue
        px, py = at(track[index].x, track[index].y)
        # The car's mark is at least MIN_FONT (three quarters of the car's size).
        size = max(s * 0.3, MIN_FONT / 0.75)
        for k, c in enumerate(standing):
            seat = c.seat
            row, col = divmod(k, 2)
            cx = px + s * (0.3 + 0.4 * col)
            cy = py + s * (0.3 + 0.4 * row)
            if len(standing) == 2 and k == 1:
                cy += s * 0.4  # two on a card: one above the other, diagonally
            parts.append(car(cx, cy, SEAT_COLOURS[seat % 6], marks[seat],
                             ink=SEAT_INK[seat % 6], size=size))
    y = oy + span_y * s + 10
    # The stack, the die and the choices.
    parts.append(_stack(10, y, shown, legal, say))
    parts.append(_die(100, y + 8, shown, legal, say))
    sy = y + 10
    for kind, count in shown.stack.items():
        parts.append(text(196, sy + 10, f"{_kind_word(kind, say)}: {count}", size=10,
                          anchor="start"))
        sy += 13
    if not shown.turnaround_laid:
        parts.append(text(196, sy + 10, say("board_then_turnaround"),
                          size=10, anchor="start", fill="#555"))
    y += 116
    options: list[tuple[str, str]] = []
    for move in ("left", "right", "again", "stay"):
        if move in legal:
            options.append((move, say("board_" + move)))
    if options:
        rolled = shown.rolled
        if rolled is not UNSET and ("again" in legal or "stay" in legal):
            parts.append(text(8, y + 12, say("board_grandstand", face=rolled),
                              size=12, anchor="start", weight="bold"))
            y += 18
        parts.append(_choice_buttons(8, y, options))
        y += TAP + 8
    for c in shown.cars:
        seat = c.seat
        parts.append(car(20, y + 10, SEAT_COLOURS[seat % 6], marks[seat],
                         ink=SEAT_INK[seat % 6], size=14))
        mine = say("you") if seat == shown.seat else ""
        parts.append(text(38, y + 14, f"{say.seat(seat)}{mine}: "
                          f"{_car_line(c, shown, say)}", size=11, anchor="start",
                          fit=WIDTH - 46))
        y += 22
    if shown.phase == "over":
        line = WORDS.finish(shown, lang=lang, names=names).headline
        parts.append(rect(4, y + 4, WIDTH - 8, 34, "#212529", stroke=None, rx=5))
        parts.append(text(WIDTH / 2, y + 26, line, size=13, fill="#fff", weight="bold"))
        y += 42
    return document(y + 6, title, parts, lang=lang, game="grandprix")


__all__ = ["board_svg"]
