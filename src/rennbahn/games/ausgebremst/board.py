"""Ausgebremst as an SVG board, drawn from one seat's observation or the public one.

The track is drawn from its data (``tracks.py``), folded like the board but standing up for
a phone: the first half of the columns runs down one side and the second half back up the
other, inner lanes facing the infield. A space is one square; where a lane has no space in
a column (inside a curve) its previous space stretches on. Bottlenecks span both lanes,
solid white lines lie between the lanes, the pit alley runs beside the lane it leaves from
field A to field C, the start grid's three rows end at the finish line. The cars stand on
their spaces; the spaces the viewer may move to are outlined, each part tappable with the
card that gets there. Below: the hand, the gear stacks (advanced game), the standings and
the bookkeeper's table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
    document,
    expect_game,
    group,
    private,
    rect,
    table,
    text,
    title_bar,
    wrap,
)
from rennbahn.games.ausgebremst.layout import first_side, half, row_of
from rennbahn.games.ausgebremst.rules import AusgebremstGame
from rennbahn.games.ausgebremst.texts import Teller
from rennbahn.games.ausgebremst.tracks import (
    INNER,
    KIND_BOTTLENECK,
    KIND_PIT,
    OUTER,
    Track,
)
from rennbahn.games.ausgebremst.views import AusgebremstView, BoardView, Car
from rennbahn.games.ausgebremst.words import headline, move_words

LANE = 52.0  # width of a lane
ROW = 52.0  # height of one column of the track
MARGIN = 6.0
TARMAC = "#495057"
SPACE = "#dee2e6"
PIT = "#a5d8ff"
FIELD = "#ffe066"
GRASS = "#74b816"
TARGET = "#1c7ed6"
CARD = "#fff"

#: Where the track's first row lies: room above it for a tap on the finish line.
TRACK_TOP = 112.0

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Layout:
    """Where a track's columns and lanes go on the page.

    Down the first side (columns 0..rows-1), back up the second; the first side is the
    right one when raced clockwise. Each side has an inner and an outer lane slot, and a
    third slot for the pit alley on the side (and beyond the lane) where it lies.
    """

    track: Track
    top: float
    rows: int
    mirrored: bool
    #: x of the inner edge of the infield's left and right side, and the infield's width.
    infield_left: float
    infield: float
    pit_first_side: bool
    pit_outside: bool

    @classmethod
    def of(cls, track: Track, top: float) -> Layout:
        rows = half(track.columns)
        pits = [s for s in range(track.size) if track.kind[s] == KIND_PIT]
        pit_first = all(track.col[s] < rows for s in pits)
        pit_outside = all(track.lane[s] == OUTER for s in pits)
        mirrored = track.direction != "clockwise"
        pit_right = pit_first != mirrored
        # Lanes on each side: two, and the pit alley's on its side.
        left_slots = 2 + (1 if pits and not pit_right else 0)
        right_slots = 2 + (1 if pits and pit_right else 0)
        infield = WIDTH - 2 * MARGIN - (left_slots + right_slots) * LANE
        return cls(track, top, rows, mirrored, MARGIN + left_slots * LANE, infield,
                   pit_first, pit_outside)

    def row(self, column: int) -> int:
        return row_of(self.track.columns, column)

    def right(self, column: int) -> bool:
        return first_side(self.track.columns, column) != self.mirrored

    def cell(self, column: int, slot: int) -> tuple[float, float]:
        """The top left corner of slot 0 (inner lane), 1 (outer) or 2 (beyond the outer)
        at ``column``; slot -1 lies in the infield beside the inner lane."""
        y = self.top + self.row(column) * ROW
        if self.right(column):
            return self.infield_left + self.infield + slot * LANE, y
        return self.infield_left - (slot + 1) * LANE, y

    @property
    def height(self) -> float:
        return self.rows * ROW


def _runs(layout: Layout, columns: Sequence[int]) -> list[tuple[int, int]]:
    """Consecutive columns on one side, as (first, last) pairs."""
    runs: list[tuple[int, int]] = []
    for column in sorted(columns):
        if runs and runs[-1][1] == column - 1 and (
                layout.right(column) == layout.right(runs[-1][0])):
            runs[-1] = (runs[-1][0], column)
        else:
            runs.append((column, column))
    return runs


def _lane_box(layout: Layout, first: int, last: int, slot: int) -> Box:
    x0, y0 = layout.cell(first, slot)
    _, y1 = layout.cell(last, slot)
    return x0 + 2, min(y0, y1) + 2, LANE - 4, abs(y1 - y0) + ROW - 4


def space_boxes(layout: Layout) -> list[list[Box]]:
    """Per space the rectangles it is drawn as, the main one (for the car) first.

    A lane's space stretches over the columns where its lane has no space of its own (a
    curve); a bottleneck is one rectangle across both lanes in its own column."""
    track = layout.track
    covered: dict[int, dict[int, list[int]]] = {}
    for column, at in enumerate(track.cover):
        for space in at:
            if space < 0 or track.kind[space] == KIND_PIT:
                continue
            if track.kind[space] != KIND_BOTTLENECK:
                lanes: tuple[int, ...] = (track.lane[space],)
            elif column == track.col[space]:
                lanes = (INNER, OUTER)
            else:  # a bottleneck stretching on in the lane no other space takes
                taken = {track.lane[o] for o in at if o != space}
                lanes = tuple(lane for lane in (INNER, OUTER) if lane not in taken)
            for lane in lanes:
                covered.setdefault(space, {}).setdefault(lane, []).append(column)
    boxes: list[list[Box]] = []
    for space in range(track.size):
        if track.kind[space] == KIND_PIT:
            slot = 2 if layout.pit_outside else -1
            x, y = layout.cell(track.col[space], slot)
            boxes.append([(x + 2, y + 2, LANE - 4, ROW - 4)])
            continue
        runs = covered.get(space, {})
        found: list[Box] = []
        if track.kind[space] == KIND_BOTTLENECK:
            own = track.col[space]
            x_in, y = layout.cell(own, INNER)
            x_out, _ = layout.cell(own, OUTER)
            found.append((min(x_in, x_out) + 2, y + 2, 2 * LANE - 4, ROW - 4))
            for lane, columns in runs.items():
                rest = [c for c in columns if c != own]
                found += [_lane_box(layout, a, b, lane) for a, b in _runs(layout, rest)]
        else:
            lane = track.lane[space]
            columns = runs.get(lane, [track.col[space]])
            found += [_lane_box(layout, a, b, lane) for a, b in _runs(layout, columns)]
        boxes.append(found)
    return boxes


def _targets(moves: Sequence[str]) -> dict[str, list[str]]:
    """The legal moves by destination: ``{"12o": ["3>12o", "4>12o"]}``."""
    by_space: dict[str, list[str]] = {}
    for move in moves:
        value, sep, dest = move.partition(">")
        if sep and value.isdigit():
            by_space.setdefault(dest, []).append(move)
    return by_space


def _split(x: float, y: float, w: float, h: float, k: int) -> list[Box]:
    """``k`` parts of a box, each as large as can be in its smaller side: a column or a
    row of parts, or a grid whose last row shares the width (three parts of a square: two
    halves above, one across below)."""
    best: tuple[float, int, int] = (-1.0, 1, k)
    for cols in range(1, k + 1):
        rows = -(-k // cols)
        side = min(w / cols, h / rows)
        if side > best[0]:
            best = (side, cols, rows)
    _, cols, rows = best
    parts: list[Box] = []
    for row in range(rows):
        here = min(cols, k - row * cols)
        for col in range(here):
            parts.append((x + col * w / here, y + row * h / rows, w / here, h / rows))
    return parts


def _target_buttons(board: BoardView, x: float, y: float, w: float, h: float,
                    moves: Sequence[str], say: Teller) -> str:
    """A destination split into one tappable part per card that reaches it."""
    parts = []
    for (bx, by, bw, bh), move in zip(_split(x, y, w, h, len(moves)), moves, strict=True):
        value = move.partition(">")[0]
        label = move_words(board, move, say)
        finish = [text(bx + bw / 2, by + bh / 2 + 5, say("b_finish"), size=12,
                       fill=TARGET, weight="bold")] if move.endswith(">fin") else []
        parts.append(button(move, [
            rect(bx + 1, by + 1, bw - 2, bh - 2, "#d0ebff", stroke=TARGET, rx=4,
                 stroke_width=2.5, fill_opacity=0.85), *finish,
            text(bx + bw - 5, by + 13, value, size=12, anchor="end", fill=TARGET,
                 weight="bold"),
        ], label=label, kind="target" if len(moves) == 1 else "target split"))
    return "".join(parts)


def _car_name(view: BoardView, name: str, say: Teller) -> str:
    """A car as people see it: its driver's name (else "Driver n", from 1) or "Neutral
    car n"."""
    return say.called(name)


def _car_label(c: Car, say: Teller) -> str:
    """A driver's car shows its driver's initial when the named drivers' initials differ,
    else the seat's number (from 1); a neutral car its short name (N1...)."""
    if c.seat is None:
        return c.car
    names = say.names
    if names:
        initials = [name[:1].upper() for name in names]
        if all(initials) and len(set(initials)) == len(initials) and c.seat < len(initials):
            return initials[c.seat]
    return str(c.seat + 1)


def draw_track(track: Track, view: BoardView, moves: Sequence[str], say: Teller,
               top: float) -> tuple[list[str], float]:
    """The track with its spaces, the cars and the legal destinations; returns the bottom."""
    layout = Layout.of(track, top)
    boxes = space_boxes(layout)
    height = layout.height
    parts: list[str] = []
    # Tarmac: two straights joined by the turns, the infield grass between them.
    left = layout.infield_left - 2 * LANE
    width = 4 * LANE + layout.infield
    parts.append(rect(left - 4, top - 28, width + 8, height + 56, TARMAC, stroke=None,
                      rx=LANE + 20))
    parts.append(rect(layout.infield_left, top, layout.infield, height, GRASS,
                      stroke="#2b8a3e", rx=8))
    # The square numbers (columns counted from field A) along the infield's edges, so
    # that "square 28" in a move or the log can be found.
    for column in range(track.columns):
        x, y = layout.cell(column, INNER)
        right = layout.right(column)
        parts.append(text(x - 4 if right else x + LANE + 4, y + ROW / 2 + 4, str(column),
                          size=11, anchor="end" if right else "start", fill="#fff",
                          weight="bold"))
    pits = [boxes[s][0] for s in range(track.size) if track.kind[s] == KIND_PIT]
    if pits:  # the pit alley's own strip of tarmac
        x0 = min(b[0] for b in pits)
        y0 = min(b[1] for b in pits)
        y1 = max(b[1] + b[3] for b in pits)
        parts.append(rect(x0 - 4, y0 - 4, LANE, y1 - y0 + 8, TARMAC, stroke=None, rx=8))
    labels = {track.field_a: "A", track.field_c: "C"}
    grid = {space: k // 2 + 1 for k, space in enumerate(track.grid)}
    for space in range(track.size):
        pit = track.kind[space] == KIND_PIT
        fill = FIELD if space in labels else PIT if pit else SPACE
        for x, y, w, h in boxes[space]:
            parts.append(rect(x, y, w, h, fill, stroke="#212529", rx=3))
        x, y, w, h = boxes[space][0]
        if space in labels:
            parts.append(text(x + 8, y + h - 6, labels[space], size=13, weight="bold",
                              fill="#7f5f00"))
        elif space in grid:
            parts.append(text(x + 7, y + h - 5, str(grid[space]), size=9, fill="#495057"))
        if track.kind[space] == KIND_BOTTLENECK:
            parts.append(rect(x + 4, y + 4, w - 8, h - 8, "none", stroke="#868e96",
                              stroke_dasharray="3 3"))
    # Solid white lines between the lanes: no changing lanes there.
    for column, solid in enumerate(track.solid):
        if solid:
            x, y = layout.cell(column, INNER)
            lx = x + LANE if layout.right(column) else x
            parts.append(rect(lx - 2, y, 4, ROW, "#fff", stroke="#000", stroke_width=0.5))
    # The finish line just before column 0; the start grid's rows lie before it.
    x_in, fy = layout.cell(0, INNER)
    x_out, _ = layout.cell(0, OUTER)
    line_x = min(x_in, x_out)
    parts.append(checkered(line_x, fy - 8, 2 * LANE, 8, 4))
    parts.append(text(line_x + LANE, fy - 12, say("b_finish"), size=10,
                      fill="#fff", weight="bold"))
    targets = _targets(moves)
    for space in range(track.size):
        name = track.names[space]
        if name in targets:
            x, y, w, h = boxes[space][0]
            parts.append(_target_buttons(view, x, y, w, h, targets[name], say))
    for index, c in enumerate(view.cars):
        if not c.on_board:
            continue
        try:
            space = track.index(c.space)
        except (ValueError, KeyError, IndexError):
            continue
        x, y, w, h = boxes[space][0]
        parts.append(car(x + w / 2, y + h / 2, SEAT_COLOURS[index % 6], _car_label(c, say),
                         ink=SEAT_INK[index % 6], size=20))
    if "fin" in targets:
        parts.append(_target_buttons(view, line_x, fy - 10 - TAP, 2 * LANE, TAP,
                                     targets["fin"], say))
    parts.append(text(8, top + height + 46, say("b_square_numbers"), size=11, anchor="start",
                      fill="#495057", fit=WIDTH - 16))
    return parts, top + height + 54


def _hand(view: BoardView, legal: frozenset[str], say: Teller,
          y: float) -> tuple[list[str], float]:
    if not isinstance(view, AusgebremstView):
        return [], y
    me = view.me
    parts = [text(8, y + 14, say("b_race_cards"), size=12, anchor="start", weight="bold")]
    y += 20
    hand = list(me.hand)
    w, h = 56.0, 76.0
    for k, value in enumerate(hand):
        x = 8 + k * (w + 8)
        body = [rect(x, y, w, h, CARD, stroke="#212529", rx=6, stroke_width=1.5),
                text(x + w / 2, y + h / 2 + 10, str(value), size=30, weight="bold",
                     fill="#c92a2a"),
                text(x + 8, y + 14, str(value), size=10, anchor="start", fill="#c92a2a")]
        move = next((m for m in (f"discard{value}",) if m in legal), None)
        if move is not None:
            parts.append(button(move, body, label=say("b_discard", value=value)))
        else:
            parts.append(group(body))
    pass_move = next((m for m in legal if m.startswith("pass:")), None)
    x = 8 + max(len(hand), 1) * (w + 8)
    if pass_move is not None:
        parts.append(button(pass_move, [
            rect(x, y + (h - TAP) / 2, WIDTH - x - 8, TAP, "#fff3bf", stroke="#e67700", rx=6,
                 stroke_width=2),
            text(x + (WIDTH - x - 8) / 2, y + h / 2 + 5, say("b_pass"), size=12,
                 weight="bold", fit=WIDTH - x - 16)], label=say("b_pass_label")))
    elif not hand:
        parts.append(text(8, y + 20, say("b_no_cards"), size=11, anchor="start", fill="#555"))
    y += h + 8
    deck = me.deck
    if deck and any(deck):
        counts = ", ".join(f"{n} x {v + 1}" for v, n in enumerate(deck) if n)
        parts.append(text(8, y + 12, say("b_deck", counts=counts), size=11, anchor="start",
                          fit=WIDTH - 16))
        y += 18
    stacks = me.stacks
    if isinstance(stacks, list) and stacks:
        tops = me.stack_tops or [[] for _ in stacks]
        parts.append(text(8, y + 14, say("b_gear_stacks"), size=12, anchor="start",
                          weight="bold"))
        y += 20
        sw = (WIDTH - 16 - 3 * 8) / 4
        for k, stack in enumerate(stacks):
            x = 8 + k * (sw + 8)
            count = sum(stack)
            known = tops[k] if k < len(tops) else []
            body = [rect(x, y, sw, 58, "#364fc7" if count else "none", stroke="#212529",
                         rx=5),
                    text(x + sw / 2, y + 22, f"{say('b_stack')} {k + 1}",
                         size=11, fill="#fff" if count else "#555", weight="bold"),
                    text(x + sw / 2, y + 40, say("b_stack_cards", count=count),
                         size=10, fill="#fff" if count else "#555")]
            if known:
                body.append(text(x + sw / 2, y + 53, say("b_top")
                                 + " ".join(str(v) for v in known), size=9, fill="#ffe066"))
            elif count:  # the values the player laid on it (chosen order: the top first)
                values = " ".join(map(str, me.stack_values(k)))
                key = "b_values" if me.dealt is UNSET else "b_values_top"
                body.append(text(x + sw / 2, y + 53, say(key, values=values), size=9,
                                 fill="#fff", fit=sw - 6))
            move = next((m for m in (f"stack{k + 1}", f"put{k + 1}") if m in legal), None)
            if move is not None:
                body.append(rect(x - 2, y - 2, sw + 4, 62, "none", stroke="#f59f00", rx=6,
                                 stroke_width=3))
                what = say("b_draw_from" if move.startswith("stack") else "b_put_on",
                           stack=k + 1)
                parts.append(button(move, body, label=what))
            else:
                parts.append(group(body))
        y += 66
    hand_label = " ".join(str(v) for v in hand)
    return [private(parts, say("your_hand", cards=", ".join(str(v) for v in hand)),
                    f"hand: {hand_label}")], y


def _pit_cards(view: BoardView, legal: frozenset[str], say: Teller,
               y: float) -> tuple[list[str], float]:
    """The pit stop cards lying beside the pit lane, per car; the viewer's own to tap when
    it stops in the pits and takes one."""
    cars = [c for c in view.cars if c.pit_cards]
    if not cars:
        return [], y
    parts = [text(8, y + 14, say("b_pit_cards"), size=12, anchor="start", weight="bold")]
    y += 20
    others = []
    for c in cars:
        values = list(c.pit_cards)
        if _same_seat(c, view) and any(f"take{v}" in legal for v in values):
            for k, value in enumerate(values):
                x = 8 + k * 64
                body = [rect(x, y, 56, 76, CARD, stroke="#212529", rx=6, stroke_width=1.5),
                        text(x + 28, y + 48, str(value), size=30, weight="bold",
                             fill="#1864ab")]
                move = f"take{value}"
                if move in legal:
                    body.append(rect(x - 2, y - 2, 60, 80, "none", stroke="#f59f00", rx=7,
                                     stroke_width=3))
                    parts.append(button(move, body, label=say("b_take", value=value)))
                else:
                    parts.append(group(body))
            y += 84
        else:
            others.append(f"{_car_name(view, c.car, say)}: "
                          + " ".join(str(v) for v in values))
    if others:
        parts.append(text(8, y + 12, " · ".join(others), size=11, anchor="start",
                          fit=WIDTH - 16))
        y += 18
    return parts, y + 4


def _same_seat(c: Car, view: BoardView) -> bool:
    """The car has the viewer's seat; a spectator has no seat, like a neutral car."""
    seat = view.seat if isinstance(view.seat, int) else None
    return c.seat == seat


def _standings(view: BoardView, say: Teller, y: float) -> tuple[list[str], float]:
    cars = list(view.cars)
    if not cars:
        return [], y

    def order(k: int) -> tuple[int, int, int]:
        c = cars[k]
        fin = c.finish_place
        out = c.status == "out"
        return (0 if fin else 2 if out else 1, int(fin or 0), c.to_finish)

    header = ["", say("b_car"), say("b_lap"), say("b_pit"), say("b_cards"), say("b_pts"),
              say("b_to_go")]
    rows = [header]
    shade = {}
    for rank, k in enumerate(sorted(range(len(cars)), key=order)):
        c = cars[k]
        status = c.status
        place = (str(c.finish_place) + "." if c.finish_place
                 else "out" if status == "out" else str(rank + 1) + ".")
        if status == "out":
            place = say("b_out")
        name = _short(_car_name(view, c.car, say), 18)
        rows.append([place, name, str(c.lap), "✓" if c.pit_stop else "-",
                     str(c.cards), str(c.points_left), str(c.to_finish)])
        if isinstance(view.seat, int) and _same_seat(c, view):  # the viewer's own car
            shade[len(rows) - 1] = "#fff9db"
    parts = [text(8, y + 14, say("b_standings"), size=12, anchor="start", weight="bold")]
    widths = [58.0, 114.0, 38.0, 30.0, 42.0, 34.0, 28.0]
    top = y + 20
    drawn, y = table(8, top, widths, rows, shade=shade)
    parts.append(drawn)
    for row, k in enumerate(sorted(range(len(cars)), key=order), start=1):
        # the car as it stands on the track, beside the place: which car is whose
        parts.append(car(8 + widths[0] - 14, top + (row + 0.5) * 18, SEAT_COLOURS[k % 6],
                         _car_label(cars[k], say), ink=SEAT_INK[k % 6], size=12))
    return parts, y + 8


def _bookkeeper(view: BoardView, say: Teller, y: float) -> tuple[list[str], float]:
    """The bookkeeper's table: a row per driver, the points of each race run and the
    total; the races' tracks named below."""
    races = list(view.table)
    if not races:
        return [], y
    names = list(view.races)
    totals = list(view.totals)
    parts = [text(8, y + 14, say("b_bookkeeper"), size=12, anchor="start", weight="bold")]
    header = [say("b_driver")] + [str(k + 1) for k in range(len(races))] + [say("table_total")]
    rows = [header]
    for seat in sorted(range(len(totals)), key=lambda s: (-totals[s], s)):
        rows.append([_short(say.seat(seat))] + [str(race.points[seat]) for race in races]
                    + [f"{totals[seat]:g}"])
    first, last = 130.0, 56.0
    widths = [first] + [(WIDTH - 16 - first - last) / len(races)] * len(races) + [last]
    drawn, y = table(8, y + 20, widths, rows)
    parts.append(drawn)
    tracks = ", ".join(f"{k + 1}. {names[k]}" for k in range(min(len(races), len(names))))
    parts.append(text(8, y + 14, say("b_races", tracks=tracks), size=11, anchor="start",
                      fill="#495057", fit=WIDTH - 16))
    return parts, y + 24


def _short(name: str, width: int = 16) -> str:
    """A name cut to fit a table's column."""
    return name if len(name) <= width else name[:width - 1] + "…"


def board_svg(view: View, game: Game, *, moves: Sequence[str] = (),
              lang: str = "en", names: Sequence[str] | None = None) -> str:
    """The Ausgebremst race as ``view`` shows it; ``moves`` are the viewer's legal moves,
    ``names`` the seats' names (None: "Driver 1", ...)."""
    check_lang(lang)
    game = expect_game(game, AusgebremstGame)
    board = expect_view(view, BoardView)
    say = Teller(lang, names)
    legal = frozenset(moves)
    race = board.race
    track = game.tracks[min(max(race, 1), len(game.tracks)) - 1]
    title = f"Ausgebremst — {say('b_race')} {race}/{len(board.races) or 1}: {track.name}"
    parts: list[str] = [title_bar(title)]
    turn = board.turn
    status = []
    over = bool(board.races) and len(board.table) == len(board.races)
    if over:  # the one announcement of the end, as the narration's last line says it
        for k, words in enumerate(wrap(headline(board, say), 14, WIDTH - 16)[:3]):
            parts.append(text(8, 50 + 18 * k, words, size=14, anchor="start", weight="bold",
                              fit=WIDTH - 16))
    elif turn:
        status.append(say("b_turn") + _car_name(board, turn, say))
    waiting = board.waiting
    if waiting is not None:
        who = _car_name(board, waiting.car, say)
        step = waiting.step
        status.append(f"{who} {say('step_' + step)}")
    if not over:
        status.append(say("dir_" + track.direction))
        parts.append(text(8, 44, " · ".join(status), size=11, anchor="start",
                          fit=WIDTH - 16))
    drawn, y = draw_track(track, board, list(moves), say, TRACK_TOP)
    parts += drawn
    hand, y = _hand(board, legal, say, y)
    parts += hand
    pit, y = _pit_cards(board, legal, say, y)
    parts += pit
    standings, y = _standings(board, say, y)
    parts += standings
    book, y = _bookkeeper(board, say, y)
    parts += book
    return document(y + 4, title, parts, lang=lang, game="ausgebremst",
                    background="#f4f1ea")


__all__ = ["Layout", "board_svg", "draw_track", "space_boxes"]
