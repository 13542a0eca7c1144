"""Gib Gas! as an SVG board, drawn from one seat's view or the public one.

Top to bottom: the face-up track row (kind, stars or crash damage, red fender-bender
arrows; the front card is driven for next), the last reveal (who played what, fender
benders, who won or crashed), pit stops with the die face rolled, one strip per driver
(points left on the car, stars, cards won, this round's card, hand), Franz in a two-driver
race, and the viewing seat's own hand to tap. It reads only the view, so it shows nothing
the view does not hold. Its words are the game's catalogue (``texts.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rennbahn.core.protocol import Game
from rennbahn.core.views import UNSET, View, expect_view
from rennbahn.games._board import (
    SEAT_COLOURS,
    TAP,
    WIDTH,
    button,
    check_lang,
    circle,
    die,
    document,
    expect_game,
    group,
    private,
    rect,
    star,
    text,
    title_bar,
    wrap,
)
from rennbahn.games.gibgas.components import START_DAMAGE, Kind
from rennbahn.games.gibgas.rules import GibGasGame, resolve_drive
from rennbahn.games.gibgas.texts import Teller
from rennbahn.games.gibgas.views import Driver, GibGasPublicView, Speed, own_driver, seat_of
from rennbahn.games.gibgas.words import WORDS

KIND_NAMES = {"V": "Vollgas!", "B": "Bremsen!", "XF": "Vollgas-Crash", "XS": "Bremsen-Crash"}
KIND_FILL = {"V": "#2f9e44", "B": "#1c7ed6", "XF": "#c92a2a", "XS": "#862e9c"}
ROW_CARDS = 4
CARD_W, CARD_H = 84.0, 112.0
HAND_W, HAND_H = 66.0, 62.0


def _parse(code: str) -> tuple[str, int, int]:
    """A track card's kind letter(s), its stars or crash damage, its arrows."""
    kind = code.rstrip("0123456789-")
    value, _, arrows = code[len(kind):].partition("-")
    return kind, int(value), int(arrows or 0)


def _arrows(x: float, y: float, count: int, size: float = 11) -> str:
    """Red downward arrows: the fender-bender damage printed on a track card."""
    parts = []
    for i in range(count):
        left = x + i * (size + 3)
        points = (f"{left},{y} {left + size},{y} {left + size / 2},{y + size}")
        parts.append(f'<polygon points="{points}" fill="#e03131" stroke="#fff" '
                     'stroke-width="0.6"/>')
    return "".join(parts)


def track_card(x: float, y: float, code: str, say: Teller, *, scale: float = 1.0,
               front: bool = False) -> str:
    """One track card: its kind, stars (or crash damage) and arrows."""
    kind, value, arrows = _parse(code)
    w, h = CARD_W * scale, CARD_H * scale
    parts = [rect(x, y, w, h, KIND_FILL.get(kind, "#888"), stroke="#ffd43b" if front else "#222",
                  rx=6 * scale, stroke_width=4 if front else 1)]
    name = KIND_NAMES.get(kind, kind)
    first, _, second = name.partition("-")
    parts.append(text(x + w / 2, y + 16 * scale, first + ("-" if second else ""),
                      size=12 * scale, fill="#fff", weight="bold"))
    if second:
        parts.append(text(x + w / 2, y + 29 * scale, second, size=12 * scale, fill="#fff",
                          weight="bold"))
    mid = y + h * 0.58
    if kind.startswith("X"):
        parts.append(circle(x + w / 2, mid, 17 * scale, "#fff", stroke="#e03131",
                            stroke_width=2))
        parts.append(text(x + w / 2, mid + 6 * scale, f"-{value}", size=16 * scale,
                          fill="#e03131", weight="bold"))
    else:
        per_row = 3
        for i in range(value):
            row, col = divmod(i, per_row)
            count = min(per_row, value - row * per_row)
            cx = x + w / 2 + (col - (count - 1) / 2) * 20 * scale
            parts.append(star(cx, mid - 4 * scale + row * 20 * scale, 9 * scale))
    aw = arrows * 14 * scale - 3 * scale
    parts.append(_arrows(x + (w - aw) / 2, y + h - 18 * scale, arrows, 11 * scale))
    label = say("board_card_label", card=say.track(code), points=say.points(arrows))
    return group(parts, aria_label=label)


def driver_card(x: float, y: float, name: str, say: Teller, *, w: float = HAND_W,
                h: float = HAND_H, speed: Speed = None, dim: bool = False) -> str:
    """One of the nine driver's cards: a speed, the die, Tempo-Halten or Boxenstopp."""
    fill = "#fff" if not dim else "#ddd"
    parts = [rect(x, y, w, h, fill, stroke="#222", rx=5, stroke_width=1.2)]
    if name.isdigit():
        parts.append(text(x + w / 2, y + h * 0.52, name, size=min(22.0, h * 0.4),
                          weight="bold"))
        parts.append(text(x + w / 2, y + h * 0.8, "km/h", size=10, fill="#555"))
    elif name == "die":
        s = min(w, h) * 0.56
        parts.append(die(x + (w - s) / 2, y + 4, s, speed if isinstance(speed, int) else 6))
        parts.append(text(x + w / 2, y + h - 6, say.card(name), size=10, fill="#555",
                          fit=w - 6))
    else:
        first, _, second = say.card(name).partition("-")
        colour = "#e8590c" if name == "pit" else "#0b7285"
        parts.append(text(x + w / 2, y + h * 0.45, first + ("-" if second else ""),
                          size=11, fill=colour, weight="bold", fit=w - 6))
        if second:
            parts.append(text(x + w / 2, y + h * 0.68, second, size=11, fill=colour,
                              weight="bold", fit=w - 6))
    if name == "tempo" and isinstance(speed, int):
        parts.append(text(x + w / 2, y + h - 5, str(speed), size=10))
    return group(parts)


def _card_back(x: float, y: float, w: float, h: float) -> str:
    return rect(x, y, w, h, "#495057", stroke="#222", rx=3)


def _damage_bar(x: float, y: float, damage: int, w: float = 110) -> str:
    """The damage track: the marker starts on 18 and counts down."""
    step = w / START_DAMAGE
    parts = []
    for i in range(START_DAMAGE):
        on = i < damage
        colour = ("#e03131" if damage <= 5 else "#f59f00" if damage <= 10 else "#37b24d")
        parts.append(rect(x + i * step, y, step - 1, 8, colour if on else "#dee2e6",
                          stroke=None))
    return "".join(parts)


def _speed_word(speed: Speed, say: Teller) -> str:
    if speed == "pit":
        return say("ui_pit_word")
    if speed == "rolling":
        return say("board_rolls")
    return "" if speed is None else str(speed)


def _reveal(view: GibGasPublicView, game: GibGasGame, say: Teller,
            y: float) -> tuple[list[str], float]:
    """The last reveal: each car's card and speed, fender benders, the taker."""
    drivers = view.drivers
    phase = view.phase
    cards = [d.card for d in drivers]
    if all(c is None for c in cards):
        return [], y
    parts: list[str] = []
    names = [say.seat(i) for i in range(len(drivers))]
    speeds_raw: list[Speed] = [d.speed for d in drivers]
    franz = view.franz
    if franz is not UNSET:
        names.append("Franz")
        speeds_raw.append(franz.speed)
    driving = phase in ("roll", "franz")
    code = (view.row[0] if view.row else None) if driving else view.last_card
    if code is None:
        return [], y
    heading = say("board_revealed_for") if driving else say("board_last_round")
    parts.append(text(8, y + 14, f"{heading}: {say.track(code)}", size=12, anchor="start",
                      weight="bold", fit=WIDTH - 16))
    y += 22
    col_w = WIDTH / max(3, min(len(names), 4))
    for i, name in enumerate(names):
        row, col = divmod(i, 4)
        cx = col * col_w + 4
        cy = y + row * 50
        colour = SEAT_COLOURS[i % len(SEAT_COLOURS)] if i < len(drivers) else "#868e96"
        parts.append(rect(cx, cy, col_w - 8, 44, "#fff", stroke=colour, rx=4, stroke_width=2))
        parts.append(text(cx + 4, cy + 13, name, size=10, anchor="start", fill="#333",
                          fit=col_w - 16))
        card = cards[i] if i < len(drivers) else (franz.card if franz is not UNSET else None)
        speed = speeds_raw[i]
        if card == "die" and isinstance(speed, int):
            parts.append(die(cx + 6, cy + 16, 27, speed))
            parts.append(text(cx + 38, cy + 36, say("die"), size=10,
                              anchor="start", fit=col_w - 50))
        else:
            shown = say.card(card) if card else "-"
            parts.append(text(cx + 6, cy + 30, shown, size=12 if len(shown) < 8 else 10,
                              anchor="start", weight="bold", fit=col_w - 20))
            word = _speed_word(speed, say)
            if word and word != shown:
                parts.append(text(cx + 6, cy + 41, f"→ {word}", size=10, anchor="start"))
    rows = (len(names) + 3) // 4
    y += rows * 50
    speeds = [s if isinstance(s, int) else 0 for s in speeds_raw]
    if not driving and all(s != "rolling" for s in speeds_raw):
        deck = game.deck
        try:
            card_obj = deck.cards[deck.index(code)]
        except ValueError:
            return parts, y
        benders, taker = resolve_drive(card_obj, speeds, game.second_only)
        lines: list[str] = []
        if benders:
            who = ", ".join(names[b] for b in benders)
            lines.append(say("board_bender", who=who, points=card_obj.bender))
        if taker < 0:
            lines.append(say("board_nobody_takes"))
        elif card_obj.kind in (Kind.CRASH_FAST, Kind.CRASH_SLOW):
            lines.append(say("board_crashes", name=names[taker], points=card_obj.crash))
        else:
            lines.append(say("board_wins_card", name=names[taker], stars=card_obj.stars))
        for line in lines:
            parts.append(text(8, y + 13, line, size=11, anchor="start"))
            y += 16
    return parts, y + 4


def _driver_strip(i: int, d: Driver, view: GibGasPublicView, say: Teller,
                  y: float) -> tuple[list[str], float]:
    you = seat_of(view)
    colour = SEAT_COLOURS[i % len(SEAT_COLOURS)]
    h = 64.0
    parts = [rect(2, y, WIDTH - 4, h - 4, "#fff" if i != you else "#fff9db", stroke=colour,
                  rx=5, stroke_width=2)]
    parts.append(rect(2, y, 8, h - 4, colour, stroke=None, rx=3))
    name = say.seat(i) + (say("ui_you") if i == you else "")
    parts.append(text(16, y + 15, name, size=12, anchor="start", weight="bold", fit=118))
    damage = d.damage
    # The damage marker starts on 18 and counts down: the points the car has left, as the
    # terminal says it.
    parts.append(text(16, y + 31, say("board_points_left", left=damage, full=START_DAMAGE),
                      size=10, anchor="start", fit=112))
    parts.append(_damage_bar(16, y + 36, damage))
    if d.out:
        parts.append(text(16, y + 56, say("board_total_loss"), size=10,
                          anchor="start", fill="#c92a2a", weight="bold"))
    stars = d.stars
    parts.append(star(142, y + 12, 7))
    parts.append(text(152, y + 16, str(stars), size=12, anchor="start", weight="bold"))
    won = d.won
    for k, code in enumerate(won[:10]):
        kind, _, _ = _parse(code)
        parts.append(rect(134 + k * 9, y + 24, 8, 12, KIND_FILL.get(kind, "#888"),
                          stroke="#222", stroke_width=0.5))
    if won:
        parts.append(text(134, y + 48, say("board_won", n=len(won)),
                          size=10, fit=90, anchor="start", fill="#555"))
    # This round's card, as far as the view tells.
    card = d.card
    if card is not None:
        parts.append(driver_card(228, y + 4, card, say, w=44, h=52, speed=d.speed))
    # The hand: backs with the count for others, small names when the view shows them.
    size = d.hand_size
    if i != you:
        for k in range(min(size, 9)):  # fanned out, one back per card
            parts.append(_card_back(282 + k * 7, y + 10, 14, 22))
        words = say("board_card_one" if size == 1 else "ui_cards", n=size)
        parts.append(text(318, y + 48, words, size=10, fit=80, fill="#555"))
    else:
        parts.append(text(318, y + 30, say("board_in_hand", n=size),
                          size=10, fit=80, fill="#555"))
    return parts, y + h


def _hand(view: GibGasPublicView, legal: frozenset[str], say: Teller,
          y: float) -> tuple[list[str], float]:
    """The viewing seat's own cards to tap: the hand (play, discard) and the played pile
    (take back at a pit stop)."""
    me = own_driver(view)
    if me is None or me.hand is UNSET:
        return [], y
    hand = me.hand
    parts: list[str] = []
    secret: list[str] = []
    sections: list[tuple[str, list[str], tuple[str, ...]]] = [
        (say("board_your_hand"), list(hand), ("", "discard "))]
    played = list(me.played)
    if any(m.startswith("take ") for m in legal) or played:
        sections.append((say("board_played"), played, ("take ",)))
    for index, (title, cards, prefixes) in enumerate(sections):
        into = secret if index == 0 else parts
        into.append(text(8, y + 14, title, size=12, anchor="start", weight="bold"))
        y += 20
        per_row = 5
        for k, name in enumerate(cards):
            row, col = divmod(k, per_row)
            x = 6 + col * (HAND_W + 4)
            top = y + row * (HAND_H + 4)
            move = next((p + name for p in prefixes if p + name in legal), None)
            drawn = driver_card(x, top, name, say, dim=bool(legal) and move is None)
            if move is not None:
                into.append(button(move, [drawn, rect(x, top, HAND_W, HAND_H, "none",
                                                      stroke="#1c7ed6", rx=5,
                                                      stroke_width=3)],
                                   label=WORDS.move(view, move, lang=say.lang,
                                                    names=say.names)))
            else:
                into.append(drawn)
        rows = (len(cards) + per_row - 1) // per_row
        y += max(rows, 1) * (HAND_H + 4) + 4
    discard = me.discard
    if discard:
        secret.append(text(8, y + 12, say("board_secret_out", card=discard),
                          size=11, anchor="start"))
        y += 18
    notation = "hand: " + " ".join(hand) + (f"; out: {discard}" if discard else "")
    label = say("your_hand", cards=say.cards(hand)) + (
        " " + say("board_secret_out", card=say.card(discard)) if discard else "")
    parts.insert(0, private(secret, label, notation))
    if "repair" in legal:
        parts.append(button("repair", [
            rect(6, y, 200, TAP, "#fff3bf", stroke="#e67700", rx=6, stroke_width=2),
            text(106, y + TAP / 2 + 5, say("board_repair"),
                 size=13, weight="bold", fit=188)],
            label=WORDS.move(view, "repair", lang=say.lang, names=say.names)))
        y += TAP + 6
    return parts, y


def _pit(view: GibGasPublicView, say: Teller, y: float) -> tuple[list[str], float]:
    """The pit stop under way with its die (``?`` until rolled), or the round's latest stop,
    also one that ended at its roll (``last_pit``); an earlier stop's die beside the next."""
    pit = view.pit if view.pit is not UNSET else None
    queue = pit.queue if pit is not None else []
    last = view.last_pit if view.last_pit is not UNSET else None
    if not queue and last is None:
        return [], y
    parts = [rect(2, y, WIDTH - 4, 50, "#fff4e6", stroke="#e8590c", rx=5)]
    face: int | None
    if pit is not None and queue:
        who = say.seat(queue[0])
        face = pit.roll
        heading = say("board_pit", name=who)
        if face is None:
            line = say("board_pit_rolls")
        else:
            line = say("board_pit_rolled", face=face, points=say.points(pit.points))
        waiting = ", ".join(say.seat(s) for s in queue[1:])
        if waiting:
            line += say("board_pit_then", names=waiting)
        earlier = ""
        if last is not None and last.seat != queue[0]:  # the stop before, this round
            before = say.seat(last.seat)
            parts.append(die(WIDTH - 46, y + 13, 30, last.roll))
            parts.append(text(WIDTH - 31, y + 10, before, size=10, fit=56, fill="#555"))
            earlier = say("board_pit_before", name=before, face=last.roll)
    else:
        assert last is not None
        earlier = ""
        who = say.seat(last.seat)
        face = last.roll
        heading = say("board_last_pit", name=who)
        line = say("board_last_pit_rolled", face=face, points=say.points(last.points))
    parts.append(die(10, y + 5, 40, face))
    parts.append(text(60, y + 20, heading, size=12, anchor="start", weight="bold",
                      fit=WIDTH - 120))
    parts.append(text(60, y + 38, line, size=11, anchor="start", fit=WIDTH - 120))
    label = f"{heading}; {line}{earlier}"
    return [group(parts, aria_label=label)], y + 56


def _franz(view: GibGasPublicView, say: Teller, y: float) -> tuple[list[str], float]:
    franz = view.franz
    if franz is UNSET:
        return [], y
    left = sum(franz.pile.values())
    parts = [rect(2, y, WIDTH - 4, 40, "#f1f3f5", stroke="#868e96", rx=5)]
    parts.append(text(10, y + 16, "Franz", size=12, anchor="start", weight="bold"))
    card = franz.card
    speed = franz.speed
    shown = "-" if card is None else say.card(card)
    if isinstance(speed, int) and str(speed) != shown:
        shown += f" → {speed}"
    parts.append(text(10, y + 32, say("board_franz", card=shown, n=left),
                      size=10, anchor="start"))
    return parts, y + 46


def board_svg(view: View, game: Game, *, moves: Sequence[str] = (),
              lang: str = "en", names: Sequence[str] | None = None) -> str:
    """The Gib Gas! table as ``view`` shows it; ``moves`` are the viewer's legal moves,
    ``names`` the seats' names (None: "Driver 1", ...)."""
    check_lang(lang)
    game = expect_game(game, GibGasGame)
    table = expect_view(view, GibGasPublicView)
    say = Teller(lang, names)
    legal = frozenset(moves)
    parts: list[str] = []
    round_no = table.round
    title = f"Gib Gas! — {say('board_round')} {round_no}"
    parts.append(title_bar(title, say("board_stack", n=table.stack_left)))
    y = 34.0
    if table.phase == "over":  # the end first: who won, places and points
        result_parts, y = _result(table, say, y)
        parts += result_parts
    row = table.row
    gap = (WIDTH - ROW_CARDS * CARD_W) / (ROW_CARDS + 1)
    for i in range(ROW_CARDS):
        x = gap + i * (CARD_W + gap)
        if i < len(row):
            parts.append(track_card(x, y, row[i], say, front=i == 0))
        else:
            parts.append(rect(x, y, CARD_W, CARD_H, "none", stroke="#adb5bd", rx=6,
                              stroke_dasharray="4 3"))
    if row:
        parts.append(text(gap + CARD_W / 2, y + CARD_H + 13, say("board_next"),
                          size=10, fill="#555"))
    y += CARD_H + 20
    for section in (_reveal(table, game, say, y),):
        parts += section[0]
        y = section[1]
    pit_parts, y = _pit(table, say, y)
    parts += pit_parts
    for i, d in enumerate(table.drivers):
        strip, y = _driver_strip(i, d, table, say, y)
        parts += strip
    franz_parts, y = _franz(table, say, y)
    parts += franz_parts
    hand_parts, y = _hand(table, legal, say, y + 4)
    parts += hand_parts
    return document(y + 4, title, parts, lang=lang, game="gibgas")


def _result(view: GibGasPublicView, say: Teller, y: float) -> tuple[list[str], float]:
    """The finished race: the one announcement of the end (the narration's last line) and
    every driver's place and points as the rulebook counts them."""
    finish = WORDS.finish(view, lang=say.lang, names=say.names)
    heading = wrap(finish.headline, 14, WIDTH - 24)
    height = 14 + 19 * len(heading) + 17 * len(finish.placings)
    parts = [rect(2, y, WIDTH - 4, height, "#212529", stroke=None, rx=5)]
    top = y + 20
    for line in heading:
        parts.append(text(WIDTH / 2, top, line, size=14, fill="#fff", weight="bold",
                          fit=WIDTH - 16))
        top += 19
    for placing in finish.placings:
        key = "board_placing_note" if placing.note else "board_placing"
        line = say(key, place=placing.place, name=say.seat(placing.seat),
                   points=placing.points, note=placing.note)
        parts.append(text(12, top, line, size=12, anchor="start", fill="#dee2e6",
                          fit=WIDTH - 24))
        top += 17
    return [group(parts, aria_label=finish.headline)], y + height + 6


__all__ = ["board_svg"]
