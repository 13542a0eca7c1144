"""Drawing Gib Gas! for people at the terminal: the track row, the drivers, and what happened.

Everything here works from one seat's view (or the public one), so it can never show more
than that seat may know. The words come from the game's one catalogue (``texts.py``), in
English or German; the story of each step is told by ``narration.narrate``, the same for the
terminal and the browser.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from rennbahn.core.protocol import Game
from rennbahn.core.registry import Terminal
from rennbahn.core.views import UNSET, View, expect_view
from rennbahn.games.gibgas import narration
from rennbahn.games.gibgas.components import START_DAMAGE, track_card
from rennbahn.games.gibgas.texts import Teller
from rennbahn.games.gibgas.views import Driver, Franz, GibGasPublicView, own_driver, seat_of

_KIND_STYLE = {"V": "bold green", "B": "bold cyan", "XF": "bold red", "XS": "bold magenta"}


def _card_text(code: str, say: Teller, front: bool = False) -> Text:
    card = track_card(code)
    text = Text(f" {say.track(code)} ▼{card.bender} ", style=_KIND_STYLE[card.kind.value])
    if front:
        text.stylize("reverse")
    return text


def _this_round(driver: Driver | Franz, say: Teller) -> str:
    """The card played this round and the speed it gave (``→ 240``, ``→ pit``)."""
    card, speed = driver.card, driver.speed
    if card is None:
        return ""
    shown = card
    if card in ("die", "tempo") and isinstance(speed, int):
        shown += f" → {speed}"
    elif speed == "pit" and card != "pit":
        shown += f" → {say('ui_pit_word')}"
    return shown


def render(view: View, game: Game, *, lang: str = "en", names: Sequence[str] | None = None,
           prompt: bool = True) -> RenderableType:
    """The table as the viewing seat sees it (the public view: as a spectator).

    ``prompt`` is not used: the drawing has no hints to type.
    """
    say = Teller(lang, names)
    table_view = expect_view(view, GibGasPublicView)
    seat = seat_of(table_view)
    track = Text(say("ui_track"))
    for i, code in enumerate(table_view.row):
        track.append_text(_card_text(code, say, front=i == 0))
        track.append("  ")
    track.append("  " + say("ui_stack", n=table_view.stack_left), style="dim")
    table = Table(title=say("ui_title", round=table_view.round), expand=False)
    for key in ("ui_driver", "ui_car", "ui_stars", "ui_won", "ui_played", "ui_hand",
                "ui_this_round"):
        table.add_column(say(key))
    for i, d in enumerate(table_view.drivers):
        name = say.seat(i) + (say("ui_you") if i == seat else "")
        damage = d.damage
        style = "red" if damage <= 5 else "yellow" if damage <= 10 else "green"
        hand = " ".join(d.hand) if d.hand is not UNSET else say("ui_cards", n=d.hand_size)
        table.add_row(
            Text(name, style="bold" if i == seat else ""),
            Text(f"{damage}/{START_DAMAGE}", style=style),
            str(d.stars),
            str(len(d.won)) if d.won else "",
            " ".join(d.played),
            hand,
            _this_round(d, say),
        )
    parts: list[RenderableType] = [track, table]
    if any(d.hand is UNSET for d in table_view.drivers):  # six drivers: secret discards (I15)
        parts.append(Text(say("ui_secret_out"), style="dim"))
    own = own_driver(table_view)
    if own is not None and own.discard:
        parts.append(Text(say("ui_discard", card=own.discard), style="dim"))
    franz = table_view.franz
    if franz is not UNSET:
        left = sum(franz.pile.values())
        shown = _this_round(franz, say) or "-"
        parts.append(Text(say("ui_franz", card=shown, n=left), style="dim"))
    pit = table_view.pit
    if pit is not UNSET and pit.queue and pit.queue[0] == seat and pit.points:
        parts.append(Text(say("ui_pit", points=say.points(pit.points)), style="bold"))
    if table_view.phase == "over":
        parts.append(Text("\n".join(narration.result(table_view, lang=lang, names=names)),
                          style="bold"))
    return Group(*parts)


def legend(lang: str = "en") -> list[str]:
    """What the symbols and words of the drawing mean, one line each (for ``help``)."""
    return Teller(lang)("ui_legend").split("\n")


#: The game's terminal front end (``rennbahn play``): no commands beyond the moves.
TERMINAL = Terminal(render=render, legend=legend)

__all__ = ["TERMINAL", "legend", "render"]
