"""What happened in a race of Gib Gas!, told in words from one seat's view (or the public one).

``narrate(game, before, after)`` reads two views around one step of the game — a track card
dealt, the secret discard, the reveal of every driver's card, Franz's card, a roll of the speed
die, a pit stop's roll or a card taken back — and tells it in plain lines, in English or
German. It reads only the two views, so it never tells more than the seat saw. The terminal
(``ui.py``) and the browser call it the same way; the words are those of ``texts.py``.

>>> import rennbahn
>>> game = rennbahn.load_game("gibgas(players=3)")
>>> state = game.state_from_text(
...     "choose V2-1,B1-1,XF3-1,XS3-1;0 q=- pts=0 | 18/012345DTP/-/-/-/-/-/-/-"
...     " | 18/012345DTP/-/-/-/-/-/-/- | 18/012345DTP/-/-/-/-/-/-/-")
>>> before = state.view(0)
>>> state.apply_actions([3, 5, 4])
>>> narrate(game, before, state.view(0))[1]
'Driver 2 wins Vollgas! 2★ as the fastest car (+2★, 2★ in all).'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rennbahn.core.protocol import Game
from rennbahn.core.views import UNSET, View, expect_view
from rennbahn.games.gibgas.components import PIT_POINTS, track_card
from rennbahn.games.gibgas.rules import GibGasGame, resolve_drive
from rennbahn.games.gibgas.texts import Teller
from rennbahn.games.gibgas.views import Franz, GibGasPublicView, Speed, own_driver, seat_of

Table = GibGasPublicView
#: One kind of event: the lines it tells between two views of one seat.
Step = Callable[[GibGasGame, Table, Table, Teller], list[str]]


def _resolved(view: Table) -> int:
    """How many track cards have been driven for."""
    return view.round - (0 if view.phase == "over" else 1)


def _dealt(view: Table) -> int:
    return _resolved(view) + len(view.row)


def narrate(game: Game, before: View | None, after: View, *, lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """Every event one seat saw between two of its views (``before`` None: the start).

    ``before`` and ``after`` are one seat's views (or two public views) around one step of a
    race of ``game``; ``names`` are the names given to the seats, else "Driver n" from 1.
    """
    if not isinstance(game, GibGasGame):
        raise TypeError(f"this narration tells Gib Gas!, not {game}")
    say = Teller(lang, names)
    now = expect_view(after, GibGasPublicView)
    if before is None:
        return _start(game, now, say)
    was = expect_view(before, GibGasPublicView)
    lines: list[str] = []
    steps: tuple[Step, ...] = (
        _discards, _reveal, _franz, _rolls, _drive, _pit_stops, _deals, _next_round, _end)
    for step in steps:
        lines += step(game, was, now, say)
    return lines


def _start(game: GibGasGame, view: Table, say: Teller) -> list[str]:
    lines = [say("intro", n=game.players, cards=game.deck.raced), say("intro_rules")]
    if game.franz:
        lines.append(say("intro_franz"))
    if game.discard:
        lines.append(say("intro_six"))
    if game.champions:
        lines.append(say("intro_champions"))
    seat = seat_of(view)
    lines.append(say("you_are", name=say.seat(seat)) if seat is not None
                 else say("spectator"))
    if view.row:
        lines.append(say("dealt_many" if len(view.row) > 1 else "dealt",
                         cards=", ".join(say.track(c) for c in view.row)))
    own = own_driver(view)
    if own is not None and own.hand is not UNSET:
        lines.append(say("your_hand", cards=say.cards(own.hand)))
    if own is not None and own.discard:
        lines.append(say("discard_own", card=own.discard))
    if view.phase != "deal":
        lines += _next_round(game, None, view, say)
    return lines


def _deals(game: GibGasGame, before: Table, after: Table, say: Teller) -> list[str]:
    new = _dealt(after) - _dealt(before)
    if new <= 0:
        return []
    codes = list(after.row[-new:])
    return [say("dealt_many" if len(codes) > 1 else "dealt",
                cards=", ".join(say.track(c) for c in codes))]


def _discards(game: GibGasGame, before: Table, after: Table, say: Teller) -> list[str]:
    lines: list[str] = []
    mine, was = own_driver(after), own_driver(before)
    if mine is not None and mine.discard and not (was is not None and was.discard):
        lines.append(say("discard_own", card=mine.discard))
        if mine.hand is not UNSET:
            lines.append(say("your_hand", cards=say.cards(mine.hand)))
    if before.phase == "discard" and after.phase != "discard":
        lines.append(say("discard_all"))
    return lines


def _revealed(before: Table, after: Table) -> bool:
    return before.phase == "choose" and (
        after.phase != "choose" or _resolved(after) != _resolved(before))


def _reveal(game: GibGasGame, before: Table, after: Table, say: Teller) -> list[str]:
    """Every driver's card (and Franz's, if already shown), and hands that came back."""
    if not _revealed(before, after):
        return []
    drivers = after.drivers
    plays = [say("plays", name=say.seat(i), card=say.played(d)) for i, d in enumerate(drivers)]
    franz = after.franz
    if franz is not UNSET and after.phase != "franz" and franz.card is not None:
        plays.append(say("shows", card=_franz_card(franz, say)))
    lines = [say("revealed", plays="; ".join(plays))]
    for i, d in enumerate(drivers):
        if d.card is not None and not d.played:
            lines.append(say("hand_back", name=say.seat(i)))
    own = own_driver(after)
    if own is not None and own.card is not None and not own.played and own.hand is not UNSET:
        lines.append(say("your_hand", cards=say.cards(own.hand)))
    return lines


def _franz_card(franz: Franz, say: Teller) -> str:
    card, speed = franz.card, franz.speed
    if card == "tempo" and isinstance(speed, int):
        return say("play_tempo", tempo=say("tempo"), speed=speed)
    return say.card(card)


def _franz(game: GibGasGame, before: Table, after: Table, say: Teller) -> list[str]:
    was, now = before.franz, after.franz
    if was is UNSET or now is UNSET or before.phase != "franz":
        return []
    lines: list[str] = []
    if sum(now.pile.values()) > sum(was.pile.values()):
        lines.append(say("franz_shuffle"))
    if after.phase == "franz":
        lines.append(say("franz_again"))
    elif now.card is not None:
        lines.append(say("franz_reveals", card=_franz_card(now, say)))
    return lines


def _rolls(game: GibGasGame, before: Table, after: Table, say: Teller) -> list[str]:
    lines: list[str] = []
    for i, (was, now) in enumerate(zip(before.drivers, after.drivers, strict=True)):
        if was.speed == "rolling" and isinstance(now.speed, int):
            lines.append(say("rolls", name=say.seat(i), speed=now.speed))
    return lines


def _drive(game: GibGasGame, before: Table, after: Table, say: Teller) -> list[str]:
    """The front track card: fender benders, who took it or crashed, the pits, total losses."""
    if _resolved(after) <= _resolved(before) or after.last_card is None:
        return []
    code = after.last_card
    card = track_card(code)
    drivers = after.drivers
    n = len(drivers)
    raw: list[Speed] = [d.speed for d in drivers]
    if after.franz is not UNSET:
        raw.append(after.franz.speed)
    speeds = [s if isinstance(s, int) else 0 for s in raw]
    benders, taker = resolve_drive(card, speeds, game.second_only)

    def who(car: int) -> str:
        return say.seat(car) if car < n else "Franz"

    def hurt(car: int) -> str:
        left = say("no_damage") if car >= n else say.car_left(drivers[car].damage)
        return f"{who(car)} ({left})"

    lines: list[str] = []
    for speed in sorted({speeds[b] for b in benders}, reverse=card.kind.rewards_fastest):
        group = [b for b in benders if speeds[b] == speed]
        lines.append(say("bender", speed=speed, who=say.join([hurt(b) for b in group]),
                         points=say.points(card.bender)))
    name = say.track(code)
    fastest = card.kind.rewards_fastest
    reason = say(("fastest" if fastest else "slowest") + ("_free" if benders else ""))
    if taker < 0:
        on_track = [car for car, s in enumerate(speeds) if s > 0]
        if not on_track:
            why = "why_pits"
        elif all(car in benders for car in on_track):
            why = "why_benders"
        else:  # pass_on=second (I1): only the first two speeds may take the card
            why = "why_second"
        lines.append(say("nobody_crashes" if card.kind.is_crash else "nobody_takes",
                         why=say(why), card=name))
    elif card.kind.is_crash:
        if taker >= n:
            lines.append(say("franz_crashes", reason=reason))
        else:
            lines.append(say("crashes", name=who(taker), reason=reason,
                             points=say.points(card.crash),
                             left=say.car_left(drivers[taker].damage)))
    elif taker >= n:
        lines.append(say("franz_wins", card=name, reason=reason))
    else:
        lines.append(say("wins", name=who(taker), card=name, reason=reason, stars=card.stars,
                         total=drivers[taker].stars))
    pits = [say.seat(i) for i, d in enumerate(drivers) if d.speed == "pit"]
    if pits:
        lines.append(say("in_pits", names=say.join(pits)))
    for i, (was, now) in enumerate(zip(before.drivers, drivers, strict=True)):
        if now.out and not was.out:
            lines.append(say("total_loss", name=say.seat(i)))
    return lines


def _pit_stops(game: GibGasGame, before: Table, after: Table, say: Teller) -> list[str]:
    """A pit stop's roll of the die, and each card taken back or point repaired."""
    phase = before.phase
    if phase not in ("pitroll", "pittake"):
        return []
    assert before.pit is not UNSET  # the pit panel is there in both phases
    seat = before.pit.queue[0]
    name = say.seat(seat)
    pit = after.pit
    still = after.phase == "pittake" and pit is not UNSET and pit.queue[0] == seat
    points = pit.points if still and pit is not UNSET else 0
    lines: list[str] = []
    if phase == "pitroll":
        # The die face, not only the points (240 and 250 both give 2); a stop that ends at
        # once has left the pit panel, and the last-stop record still tells its roll.
        if not still:
            assert after.last_pit is not UNSET
            face = after.last_pit.roll
            key = "pit_nothing_champions" if game.champions else "pit_nothing"
            return [say(key, name=name, face=face, points=say.points(PIT_POINTS[face]))]
        assert pit is not UNSET and pit.roll is not None
        lines.append(say("pit_roll_champions" if game.champions else "pit_roll", name=name,
                         face=pit.roll, points=say.points(points)))
        return lines
    was, now = before.drivers[seat], after.drivers[seat]
    taken = [c for c in was.played if c not in now.played]
    for card in taken:
        key = "takes_more" if still else "takes"
        lines.append(say(key, name=name, card=say.card(card), points=say.points(points)))
    repaired = now.damage - was.damage
    if repaired > 0:
        lines.append(say("repairs_more" if still else "repairs", name=name,
                         points=say.points(repaired), left=say.car_left(now.damage),
                         rest=say.points(points)))
    unused = before.pit.points - len(taken) - max(repaired, 0)
    if not still and unused > 0:  # the stop ends early: nothing left to take back
        lines.append(say("pit_unused", points=say.points(unused)))
    return lines


def _next_round(game: GibGasGame, before: Table | None, after: Table,
                say: Teller) -> list[str]:
    """A new round: the track card the cars race for now, and what it does."""
    if after.phase not in ("choose", "discard") or not after.row:
        return []
    if before is not None and before.phase in ("choose", "discard") \
            and _resolved(before) == _resolved(after):
        return []
    code = after.row[0]
    card = track_card(code)
    rule = say("rule_" + card.kind.value, points=say.points(card.crash))
    return [say("round", round=after.round, card=say.track(code), rule=rule,
                points=say.points(card.bender))]


def _end(game: GibGasGame, before: Table, after: Table, say: Teller) -> list[str]:
    if after.phase != "over" or before.phase == "over":
        return []
    return _result(after, say)


def result(view: View, *, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
    """Why the race ended, every driver's points and who won, and why (a finished race)."""
    table = expect_view(view, GibGasPublicView)
    return _result(table, Teller(lang, names)) if table.phase == "over" else []


def _result(after: Table, say: Teller) -> list[str]:
    drivers = after.drivers
    out = [say.seat(i) for i, d in enumerate(drivers) if d.out]
    lines = [say("over_loss", names=say.join(out)) if out else say("over_done")]
    assert after.scores is not UNSET and after.winners is not UNSET  # the race is over
    scores = after.scores
    for i, d in enumerate(drivers):
        if d.out:
            lines.append(say("score_out", name=say.seat(i)))
        else:
            lines.append(say("score", name=say.seat(i), stars=d.stars, left=d.damage,
                             total=scores[i]))
    lines.append(_headline(after, say))
    return lines


def headline(view: View, *, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """The one announcement of the end of a finished race: who won and why ("" before the
    end). The narration's last line, the board's result and the pages' end panel say it."""
    table = expect_view(view, GibGasPublicView)
    return _headline(table, Teller(lang, names)) if table.phase == "over" else ""


def _headline(after: Table, say: Teller) -> str:
    assert after.scores is not UNSET and after.winners is not UNSET  # the race is over
    drivers, scores, winners = after.drivers, after.scores, after.winners
    if not winners:
        return say("nobody_wins")
    if len(winners) > 1:
        return say("shared", names=say.join([say.seat(w) for w in winners]),
                   total=scores[winners[0]])
    win = winners[0]
    tied = [say.seat(i) for i, d in enumerate(drivers)
            if i != win and not d.out and scores[i] == scores[win]]
    if tied:
        return say("winner_tie", name=say.seat(win), total=scores[win],
                   others=say.join(tied), left=drivers[win].damage)
    return say("winner", name=say.seat(win), total=scores[win])


__all__ = ["headline", "narrate", "result"]
