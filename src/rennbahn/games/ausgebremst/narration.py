"""What happened in a race of Ausgebremst, told in words from one seat's view (or the public one).

``narrate(game, before, after)`` reads two views around one step of the game — the blind
draw for the start, a card drawn, a deck chosen or the gear stacks sorted (advanced game), a
car's turn (a card played and where the car went, a blocked car passing, a neutral car's card
turned over), a gear stack picked, pit cards taken — and tells it in plain lines, English or
German: the cards played, the moves, laps, pit stops, finishes, the end of each race with its
winner and points, and the championship standings. It reads only the two views, so it never
tells more than the seat saw; a player's seat is called by the name given to it, else
"Driver n" (counted from 1), neutral cars keep their names (N1...).

>>> import rennbahn
>>> off = " | 0i:0:-:O:-:000000:444556:-"  # a neutral car out of the race, every card played
>>> state = rennbahn.load_game("ausgebremst(players=2)").state_from_text(
...     "1/1 234501 4 i0 - - | 5i:1:m:R:235:333333:100101:- | 20i:1:m:R:146:323232:021111:-"
...     + off * 4 + " | -")
>>> before = state.view(1)
>>> state.apply_action(state.string_to_action(0, "2>7o"))
>>> narrate(state.get_game(), before, state.view(1))
['Driver 1 plays a 2 and drives from square 5 in the inner lane to square 7 in the outer lane.']
"""

from __future__ import annotations

from collections.abc import Sequence

from rennbahn.core.protocol import CHANCE, Game
from rennbahn.core.views import UNSET, View, expect_view
from rennbahn.games.ausgebremst.texts import CATALOGUE, Teller
from rennbahn.games.ausgebremst.tracks import LAPS
from rennbahn.games.ausgebremst.views import AusgebremstView, BoardView, Car, Own


def standing(view: BoardView) -> list[int]:
    """The cars (indices into ``view.cars``) in race order: finished cars by finish place,
    then by the spaces left to the finish, ties by start place."""
    def key(index: int) -> tuple[int, int, int]:
        car = view.cars[index]
        if car.finish_place:
            return (0, car.finish_place, 0)
        return (1, car.to_finish, car.place)

    return sorted(range(len(view.cars)), key=key)


def _index(view: BoardView, name: str) -> int:
    return next(i for i, car in enumerate(view.cars) if car.car == name)


def _cards(cards: Sequence[int]) -> str:
    return " ".join(map(str, cards)) or "-"


def _start_order(view: BoardView, say: Teller) -> str:
    order = sorted(view.cars, key=lambda car: car.place)
    return say("start_order", cars=", ".join(say.called(car.car) for car in order))


def narrate(game: Game, before: View | None, after: View, *, lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """Every event one seat saw between two of its views (``before`` None: the start).

    ``before`` and ``after`` are one seat's views (or two public views) around one step;
    ``names`` are the names given to the seats, else "Driver n" from 1. Everything told is
    in the views: ``game`` is not needed.
    """
    say = Teller(lang, names)
    now = expect_view(after, BoardView)
    if before is None:
        return _start(now, say)
    was = expect_view(before, BoardView)
    return _step(was, now, say)


def _step(before: BoardView, after: BoardView, say: Teller) -> list[str]:
    if before.lineup_due:
        return _lineup(after, say) if not after.lineup_due else []
    lines: list[str] = []
    waiting = before.waiting
    if waiting is not None:
        lines += _queued(before, after, waiting.step, waiting.car, say)
    elif before.to_move >= 0 or before.to_move == CHANCE:
        lines += _turn(before, after, say)
    lines += _skipped(before, after, say)
    lines += _end(before, after, say)
    return lines


def _start(view: BoardView, say: Teller) -> list[str]:
    cars = view.cars
    players = sum(car.seat is not None for car in cars)
    neutral = len(cars) - players
    who = say("intro_neutral", players=players, neutral=neutral) if neutral else say(
        "intro_cars", players=players)
    lines = [say("intro", mode=say("mode_" + view.mode), cars=who, track=view.track,
                 direction=say("dir_" + view.direction)),
             say("intro_" + view.mode)]
    if len(view.races) > 1:
        lines.append(say("intro_championship", n=len(view.races),
                         races=", ".join(view.races)))
    seat = view.seat
    lines.append(say("you_are", name=say.called(f"P{seat}")) if isinstance(seat, int)
                 else say("spectator"))
    if not view.lineup_due:
        lines.append(_start_order(view, say))
    hand = _own_hand(view)
    if hand:
        lines.append(say("your_hand", cards=_cards(hand)))
    return lines


def _lineup(after: BoardView, say: Teller) -> list[str]:
    order = sorted(after.cars, key=lambda car: car.place)
    pole = next(car.car for car in order if car.seat is not None)
    return [say("lineup", name=say.called(pole)), _start_order(after, say)]


def _own(view: BoardView) -> Own | None:
    """The seat's own cards (None in the public view)."""
    return view.me if isinstance(view, AusgebremstView) else None


def _own_hand(view: BoardView) -> list[int] | None:
    me = _own(view)
    return None if me is None else list(me.hand)


def _gained(before: BoardView, after: BoardView) -> list[int]:
    """The cards that came into the seat's own hand."""
    old, new = _own_hand(before) or [], _own_hand(after) or []
    for card in old:
        if card in new:
            new.remove(card)
    return new


def _mine(view: BoardView, name: str) -> bool:
    seat = view.seat
    return isinstance(seat, int) and name == f"P{seat}"


def _same_race(before: BoardView, after: BoardView) -> bool:
    return before.race == after.race and len(before.table) == len(after.table)


def _last_stack(view: BoardView, name: str) -> int | str:
    """The gear stack the last act of car ``name`` named ("?" when it named none)."""
    last = view.last
    if last is None or last.car != name or last.stack is UNSET:
        return "?"
    return last.stack


def _queued(before: BoardView, after: BoardView, step: str, name: str,
            say: Teller) -> list[str]:
    """A step of the queue: a draw, a deck choice, a gear, a stack picked, pit cards."""
    mine = _mine(before, name)
    who = say.called(name)
    hand = _cards(_own_hand(after) or [])
    gained = _gained(before, after) if mine else []
    mine_now, mine_before = _own(after), _own(before)
    if step == "draw":
        if mine:
            return [say("you_draw", card=c, hand=hand) for c in gained]
        return [say("draws", name=who)]
    if step == "deck":
        if mine and mine_now is not None:
            pit = after.cars[_index(after, name)].pit_cards
            return [say("you_choose", deck=say("deck_" + str(mine_now.choice)),
                        pit=" & ".join(map(str, pit)) or "-")]
        return [say("chooses", name=who)]
    if step == "gears":
        lines: list[str] = []
        if mine and mine_now is not None and mine_before is not None:
            old, new = str(mine_before.gears), str(mine_now.gears)
            for v in range(len(new)):
                if old[v] == new[v]:
                    continue
                top = gear_top(mine_before, new[v])
                lines.append(say("you_gear_on", value=v + 1, stack=new[v], top=top)
                             if top else say("you_gear", value=v + 1, stack=new[v]))
            if mine_now.stacks:
                key = "you_geared" if mine_now.dealt is UNSET else "you_geared_top"
                lines.append(say(key, stacks=stacks_words(mine_now, say)))
        elif not _still(after, "gears", name):
            lines.append(say("geared", name=who))
        return lines
    if step == "stack":
        stack = _last_stack(after, name)
        if mine and gained:
            return [say("you_pick_known", stack=stack, card=gained[0], hand=hand)]
        if not mine and not _still(after, "draw", name):  # the known pit card, drawn at once
            return [say("pick_known", name=who, stack=stack)]
        return [say("picks", name=who, stack=stack)]
    if step == "take":
        if mine:
            return [say("you_take", card=c, hand=hand) for c in gained]
        cards = before.cars[_index(before, name)].pit_cards
        return [say("takes", name=who, cards=" & ".join(map(str, cards)))]
    if step == "put":
        stack = _last_stack(after, name)
        if mine:
            card = _cards(before.cars[_index(before, name)].pit_cards)
            return [say("you_put", card=card, stack=stack)]
        return [say("puts", name=who, stack=stack)]
    return []


def _still(view: BoardView, step: str, name: str) -> bool:
    waiting = view.waiting
    return waiting is not None and waiting.step == step and waiting.car == name


def gear_top(me: Own, stack: str) -> int | None:
    """With ``stack_order=chosen`` (I24): the value the seat dealt last onto gear stack
    ``stack`` (its digit, 1-4), which the next value dealt there covers; None otherwise."""
    if me.dealt is UNSET:
        return None
    gears = str(me.gears)
    on = [int(ch) for ch in str(me.dealt) if gears[int(ch) - 1] == stack]
    return on[-1] if on else None


def _stack_cards(me: Own, stack: int) -> list[int]:
    """The cards on a gear stack, the top first as far as the seat knows (Own.stack_values)."""
    counts = (me.stacks or [])[stack]
    return [v for v in me.stack_values(stack) for _ in range(counts[v - 1])]


def stacks_text(me: Own) -> str:
    """``1: 1122  2: 333  3: 4444  4: 555666+4`` (cards by value, or the top first with
    ``stack_order=chosen``; a known card on top after ``+``)."""
    return "  ".join(
        f"{i + 1}: " + ("".join(map(str, _stack_cards(me, i))) or "-")
        + ("+" + "".join(map(str, top)) if top else "")
        for i, top in enumerate(me.stack_tops or []))


def stacks_words(me: Own, say: Teller) -> str:
    """The gear stacks for a player to read: "stack 1: 1 1 2 2; stack 2: 3 3 3; ..."."""
    return "; ".join(
        f"{say('b_stack')} {i + 1}: "
        + (" ".join(map(str, _stack_cards(me, i))) or say("b_empty"))
        for i in range(len(me.stacks or [])))


def _turn(before: BoardView, after: BoardView, say: Teller) -> list[str]:
    """A car's turn: its card (or its pass) and what followed, from the last act kept."""
    name = before.turn
    last = after.last
    if last is None or last.act != "turn" or last.car != name or last.race != before.race:
        return []
    who = say.called(name)
    i = _index(before, name)
    was = before.cars[i]
    # The last race's end keeps its board; a race before it gives way to the next race's.
    now = after.cars[i] if before.race == after.race else None
    card, end = int(last.card or 0), str(last.to)
    start = was.space
    neutral = was.seat is None
    track = before.track
    at = say.at(track, start)
    lines: list[str] = []
    if card == 0:
        shown = now.shown if now is not None else None
        lines.append(say("passes", name=who, cards=_cards(shown), at=at)
                     if shown is not None else say("passes_unseen", name=who))
        return lines
    if end == "fin":
        lines.append(say("turns_finish" if neutral else "plays_finish", name=who, card=card,
                         start=say.square(track, start)))
    elif end != start:
        lines.append(say("turns" if neutral else "plays", name=who, card=card,
                         route=say.route(track, start, end)))
    elif not neutral:
        lines.append(say("spends", name=who, card=card, at=at))
    elif card == 6 and name in before.leaders and not before.finish:
        lines.append(say("turns_six", name=who, at=at))
    else:
        lines.append(say("turns_blocked", name=who, card=card, at=at))
    if now is None:  # the race ended with this card: what the table and the points tell
        place = after.table[-1].places[i] if end == "fin" else 0
        if place:
            lines.append(say("finishes", name=who, place=place))
        elif was.points_left == card:
            lines.append(say("out", name=who))
        return lines
    lines += _car_changes(was, now, who, say)
    return lines


def _car_changes(was: Car, now: Car, who: str, say: Teller) -> list[str]:
    lines: list[str] = []
    if now.status == "racing" and now.crossings > was.crossings >= 1:
        lines.append(say("lap", name=who, lap=min(now.crossings, LAPS)))
    if now.pit_stop and not was.pit_stop:
        lines.append(say("pit", name=who))
        taken = [c for c in was.pit_cards if c not in now.pit_cards]
        if len(was.pit_cards) == 1 and taken:
            lines.append(say("pit_card", name=who, card=taken[0]))
        elif len(was.pit_cards) > 1:
            lines.append(say("pit_cards", name=who,
                             cards=" & ".join(map(str, was.pit_cards))))
    if now.status == "finished" and was.status != "finished":
        lines.append(say("finishes", name=who, place=now.finish_place))
    if now.status == "out" and was.status != "out":
        lines.append(say("out", name=who))
    return lines


def _skipped(before: BoardView, after: BoardView, say: Teller) -> list[str]:
    """Blocked neutral cars passed over without a card, between the two turns."""
    over = after.to_move < 0 and after.to_move != CHANCE
    if not _same_race(before, after) or after.waiting is not None or over:
        return []
    if before.waiting is not None and before.waiting.step not in ("draw", "stack") \
            and before.turn == after.turn:
        return []  # a step before the first turn, or of a pit stop: no turn has passed
    cars = after.cars
    order = sorted(range(len(cars)), key=lambda i: cars[i].place)
    start = order.index(_index(before, before.turn))
    stop = order.index(_index(after, after.turn))
    between = [order[(start + k) % len(order)] for k in range(1, len(order))]
    between = between[:between.index(order[stop])] if start != stop else between
    return [say("skipped", name=say.called(cars[i].car)) for i in between
            if cars[i].seat is None and cars[i].status == "racing"]


def _end(before: BoardView, after: BoardView, say: Teller) -> list[str]:
    """The end of a race (its finish, points and winner), the standings, the next race."""
    if len(after.table) <= len(before.table):
        return []
    number = len(after.table)
    lines = [say("race_over", race=number, track=after.races[number - 1])]
    lines += race_result(after, number, say)
    races = len(after.races)
    totals = [float(t) for t in after.totals]
    if number < races:
        lines.append(say("standings", race=number, races=races, points=_points(totals, say)))
        lines.append(say("race_start", race=after.race, races=races, track=after.track,
                         direction=say("dir_" + after.direction)))
        lines.append(_start_order(after, say))
        return lines
    return lines + winner_lines(after, say)


def winner_lines(view: BoardView, say: Teller) -> list[str]:
    """The championship's (or the single race's) standings and winner, by points."""
    races = len(view.races)
    totals = [float(t) for t in view.totals]
    lines: list[str] = []
    if races > 1:
        lines.append(say("standings", race=races, races=races, points=_points(totals, say)))
    best = max(totals)
    if best <= 0:
        return [*lines, say("nobody_scored")]
    winners = [say.called(f"P{s}") for s, t in enumerate(totals) if t == best]
    champion = races > 1
    if len(winners) > 1:
        lines.append(say("champions_shared" if champion else "shared",
                         names=say.join(winners), points=f"{best:g}"))
    else:
        lines.append(say("champion" if champion else "winner", name=winners[0],
                         points=f"{best:g}"))
    return lines


def _points(points: Sequence[float], say: Teller) -> str:
    ranked = sorted(range(len(points)), key=lambda s: -points[s])
    return ", ".join(say("points_of", name=say.called(f"P{s}"), points=f"{points[s]:g}")
                     for s in ranked)


def race_result(view: BoardView, number: int, say: Teller) -> list[str]:
    """Race ``number``'s finish, who did not finish, the points per car and the winner."""
    race = view.table[number - 1]
    cars = view.cars
    places = list(race.places)
    finished = sorted((p, i) for i, p in enumerate(places) if p)
    lines: list[str] = []
    if finished:
        lines.append(say("places", places=", ".join(
            say("race_place", place=p, name=say.called(cars[i].car)) for p, i in finished)))
    else:
        lines.append(say("no_finish"))
    missing = [say.called(cars[i].car) for i, p in enumerate(places) if not p]
    if missing:
        lines.append(say("not_finished", names=", ".join(missing)))
    points = [int(p) for p in race.points]
    lines.append(say("points", points=", ".join(
        say("points_of", name=say.called(f"P{s}"), points=p) for s, p in enumerate(points))))
    if not finished:
        return lines
    first = cars[finished[0][1]]
    drivers = [(p, i) for p, i in finished if cars[i].seat is not None]
    if first.seat is not None:
        lines.append(say("wins_race", name=say.called(first.car)))
    elif drivers:
        place, i = drivers[0]
        seat = cars[i].seat
        assert seat is not None
        lines.append(say("wins_race_neutral", name=say.called(first.car),
                         best=say.called(cars[i].car), place=place, points=points[seat]))
    else:
        lines.append(say("no_driver"))
    return lines


def result(view: BoardView, *, lang: str = "en",
           names: Sequence[str] | None = None) -> list[str]:
    """Every finished race's result and, once the last is over, the winner (for ``render``)."""
    say = Teller(lang, names)
    lines: list[str] = []
    for number in range(1, len(view.table) + 1):
        lines.append(say("race_over", race=number, track=view.races[number - 1]))
        lines += race_result(view, number, say)
    if len(view.table) == len(view.races):
        lines += winner_lines(view, say)
    return lines


__all__ = ["CATALOGUE", "Teller", "narrate", "race_result", "result", "stacks_text", "stacks_words",
           "standing", "winner_lines"]
