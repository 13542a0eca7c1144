"""Drawing Von 0 auf 100 for people: the track with its symbols and cars, the driver cards
with their cans, whose turn it is, and what happened.

Everything works from one seat's view. :func:`render` never draws the seat's own licence, so
several people can share one screen; ``licence`` (with the others looking away) and
``beliefs`` are commands a person types at the prompt (:data:`EXTRA_COMMANDS`). The
registry finds all three as :data:`TERMINAL`; the words are in ``texts.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rennbahn.core.driver import SeatView
from rennbahn.core.i18n import seat_name
from rennbahn.core.protocol import Game
from rennbahn.core.registry import Terminal
from rennbahn.core.views import View, expect_view
from rennbahn.games.von0auf100 import narration
from rennbahn.games.von0auf100.bots import beliefs
from rennbahn.games.von0auf100.components import COLOUR_NAMES, COLOURS
from rennbahn.games.von0auf100.texts import Teller
from rennbahn.games.von0auf100.views import Von0auf100PublicView, Von0auf100View, viewer

CAR_STYLE = dict(zip(COLOURS, ("bold red", "bold dark_orange", "bold yellow", "bold green",
                               "bold blue", "bold magenta"), strict=True))
#: How a track card looks: the symbol and its style.
CARD_LOOK = {".": ("·", "dim"), "x": ("2x", "bold cyan"), "o": ("oil", "bold black on yellow")}
SQUARES_PER_LINE = 19


def _card(code: str) -> Text:
    if code in CARD_LOOK:
        symbol, style = CARD_LOOK[code]
        return Text(symbol, style=style)
    return Text(f"+{code}", style="bold green")  # a can card


def _car(letter: str) -> Text:
    return Text(letter, style=CAR_STYLE[letter])


def _track(obs: Von0auf100PublicView, say: Teller) -> RenderableType:
    track = obs.track
    length = obs.length
    out = set(obs.out)
    here: dict[int, list[str]] = {}
    for letter, square in obs.cars.items():
        if letter not in out:
            here.setdefault(square, []).append(letter)
    # With finish=past_card a car can stand on the start/target card again, short of the
    # line (I1): that card is drawn once more after the last track card.
    end = length + 2 if length + 1 in here else length + 1
    tables = []
    for first in range(0, end, SQUARES_PER_LINE):
        squares = range(first, min(first + SQUARES_PER_LINE, end))
        table = Table(show_header=True, box=None, padding=(0, 1), pad_edge=False)
        for square in squares:
            table.add_column("S/Z" if square in (0, length + 1) else str(square),
                             justify="center")
        cards = [Text(say("ui_start"), style="bold") if s in (0, length + 1) else
                 _card(track[s - 1]) if s <= len(track) else Text("?", style="dim")
                 for s in squares]
        table.add_row(*cards)
        cars = []
        for square in squares:
            cell = Text()
            for letter in sorted(here.get(square, []), key=COLOURS.index):
                cell.append_text(_car(letter))
            cars.append(cell)
        table.add_row(*cars)
        tables.append(table)
    return Group(*tables)


def _drivers(obs: Von0auf100PublicView, say: Teller) -> RenderableType:
    table = Table(title=say("ui_driver_cards"), title_justify="left", padding=(0, 1))
    for letter in COLOURS:
        table.add_column(_car(letter), justify="center")
    out = set(obs.out)
    n = obs.players
    cans = {letter: i for i, letter in enumerate(obs.on)}
    owners = obs.owners
    row = []
    for letter in COLOURS:
        if letter in out:
            who = owners.get(letter)
            row.append(Text(say("ui_across") + (f" ({say.seat(who)})" if who is not None
                                                else ""), style="dim"))
        elif letter in cans:
            index = cans[letter]
            seat = (obs.start + index) % n  # who placed it: the seats in turn
            row.append(Text(f"{say('ui_can', n=index + 1)} ({say.seat(seat)})", style="bold"))
        else:
            row.append(Text("-", style="dim"))
    table.add_row(*row)
    previous = {p.car: p for p in obs.previous}
    if previous and not obs.on:  # the round just ended: who put which can where
        table.add_row(*(Text(f"{say('ui_can', n=previous[c].can)} "
                             f"({say.seat(previous[c].seat)})", style="dim")
                        if c in previous else Text("") for c in COLOURS))
        table.caption = say("ui_previous")
        table.caption_justify = "left"
    return table


def _status(obs: Von0auf100PublicView, say: Teller) -> Text:
    you = viewer(obs)
    text = Text()
    phase = obs.phase
    if phase == "over":
        text.append(say("ui_over"), style="bold")
    elif phase == "layout":
        text.append(say("ui_layout"))
    elif phase == "deal":
        text.append(say("ui_deal"))
    else:
        mover = obs.to_move
        assert mover is not None  # a seat is to move while the race is on
        turn = (say("ui_your_turn", can=obs.next_can) if mover == you else
                say("ui_turn", name=say.seat(mover), can=obs.next_can))
        text.append(turn, style="bold")
        text.append(say("ui_of", cans=obs.cans))
    withdrawn = obs.withdrawn
    if withdrawn and phase != "over":
        gone = ", ".join(str(5 - i) for i in range(withdrawn))
        text.append(say("ui_withdrawn", cans=gone), style="dim")
    if obs.pending and phase != "over":
        text.append(say("ui_pending", n=obs.pending), style="dim")
    if phase != "over":
        text.append(say("ui_tile", name=say.seat(obs.start)))
    return text


def _scores(obs: Von0auf100PublicView, say: Teller) -> Text:
    you = viewer(obs)
    parts = [f"{say.seat(s)}{say('ui_you') if s == you else ''}: {v}"
             for s, v in enumerate(obs.score)]
    return Text(say("ui_score", list=", ".join(parts)), style="dim")


def render(view: View, game: Game, *, lang: str = "en", names: Sequence[str] | None = None,
           prompt: bool = True) -> RenderableType:
    """The table as the viewing seat sees it (without its licence; the public view: as a
    spectator). At the end: every licence uncovered, the scores and the winner.

    ``prompt``: whether a person plays this seat now (the hint to type ``licence`` is shown
    only then, and never once the game is over); a replay passes False.
    """
    say = Teller(lang, names)
    obs = expect_view(view, Von0auf100PublicView)
    title = say("ui_title", race=obs.race, races=obs.races, round=obs.round)
    parts: list[RenderableType] = [
        Text(title, style="bold"),
        _track(obs, say),
        _drivers(obs, say),
        _status(obs, say),
    ]
    over = obs.phase == "over"
    if over:
        parts.append(Text("\n".join(narration.result(obs, lang=lang, names=names)),
                          style="bold"))
    elif obs.races > 1 or any(obs.score):
        parts.append(_scores(obs, say))
    if prompt and not over and viewer(obs) is not None:
        parts.append(Text(say("ui_hint"), style="dim italic"))
    return Group(*parts)


def legend(lang: str = "en") -> list[str]:
    """What the symbols and words of the drawing mean, one line each (for ``help``)."""
    return Teller(lang)("ui_legend").split("\n")


def show_licence(view: SeatView) -> RenderableType:
    """The seat's own licence(s), behind a warning."""
    letters = expect_view(view.view(), Von0auf100View).licences
    body = Text("Make sure the others look away!\n\n", style="bold red")
    if not letters:
        body.append("You have no licence yet.")
    for letter in letters:
        body.append("Your car: ")
        body.append_text(_car(letter))
        body.append(f" ({COLOUR_NAMES[COLOURS.index(letter)]})\n")
    return Panel(body, title=f"{seat_name(view.seat)}'s licence", expand=False)


def show_beliefs(view: SeatView) -> RenderableType:
    """What the heuristic bot would believe in this seat: P(player owns car)."""
    table = Table(title="Who owns which car? (the heuristic's belief from what you saw)")
    table.add_column("")
    for letter in COLOURS:
        table.add_column(_car(letter), justify="right")
    probabilities = beliefs(view.view(), view.game)
    for seat, row in enumerate(probabilities):
        label = seat_name(seat) + (" (you)" if seat == view.seat else "")
        table.add_row(label, *(f"{p:.0%}" for p in row))
    nobody = [1.0 - sum(row[c] for row in probabilities) for c in range(len(COLOURS))]
    table.add_row("nobody", *(f"{max(0.0, p):.0%}" for p in nobody), style="dim")
    return table


EXTRA_COMMANDS: dict[str, tuple[str, Callable[[SeatView], RenderableType]]] = {
    "licence": ("show your own licence — the others must look away", show_licence),
    "beliefs": ("who owns which car, as the heuristic bot believes from what you saw",
                show_beliefs),
}

#: The terminal front end of Von 0 auf 100, as the registry names it.
TERMINAL = Terminal(render=render, legend=legend, commands=EXTRA_COMMANDS)

__all__ = ["EXTRA_COMMANDS", "TERMINAL", "legend", "render"]
