"""Drawing Gib Gas! for people at the terminal: the track row, the drivers, and what happened.

Everything here works from one seat's observation (or the public one), so it can never show
more than that seat may know. The words come from the game's one catalogue
(``narration.CATALOGUE``), in English or German; the story of each step is told by
``narration.narrate``, the same for the terminal and the browser.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from rennbahn.core.protocol import Game
from rennbahn.games.gibgas import narration
from rennbahn.games.gibgas.components import START_DAMAGE
from rennbahn.games.gibgas.narration import Teller, track_card

_KIND_STYLE = {"V": "bold green", "B": "bold cyan", "XF": "bold red", "XS": "bold magenta"}


def _card_text(code: str, say: Teller, front: bool = False) -> Text:
    card = track_card(code)
    text = Text(f" {say.track(code)} ▼{card.bender} ", style=_KIND_STYLE[card.kind.value])
    if front:
        text.stylize("reverse")
    return text


def _this_round(driver: Mapping[str, Any], say: Teller) -> str:
    """The card played this round and the speed it gave (``→ 240``, ``→ pit``)."""
    card, speed = driver.get("card"), driver.get("speed")
    if card is None:
        return ""
    shown = str(card)
    if card in ("die", "tempo") and isinstance(speed, int):
        shown += f" → {speed}"
    elif speed == "pit" and card != "pit":
        shown += f" → {say('ui_pit_word')}"
    return shown


def render(observation: Mapping[str, Any], game: Game, lang: str = "en",
           names: Sequence[str] | None = None) -> RenderableType:
    """The table as the observing seat sees it (the public observation: as a spectator)."""
    say = Teller(lang, names)
    obs = observation
    seat = obs.get("seat")
    track = Text(say("ui_track"))
    for i, code in enumerate(obs["row"]):
        track.append_text(_card_text(code, say, front=i == 0))
        track.append("  ")
    track.append("  " + say("ui_stack", n=obs["stack_left"]), style="dim")
    table = Table(title=say("ui_title", round=obs["round"]), expand=False)
    for key in ("ui_driver", "ui_car", "ui_stars", "ui_won", "ui_played", "ui_hand",
                "ui_this_round"):
        table.add_column(say(key))
    for i, d in enumerate(obs["drivers"]):
        name = say.seat(i) + (say("ui_you") if i == seat else "")
        damage = int(d["damage"])
        style = "red" if damage <= 5 else "yellow" if damage <= 10 else "green"
        hand = " ".join(d["hand"]) if "hand" in d else say("ui_cards", n=d["hand_size"])
        table.add_row(
            Text(name, style="bold" if i == seat else ""),
            Text(f"{damage}/{START_DAMAGE}", style=style),
            str(d["stars"]),
            str(len(d["won"])) if d["won"] else "",
            " ".join(d["played"]),
            hand,
            _this_round(d, say),
        )
    parts: list[RenderableType] = [track, table]
    if any("hand" not in d for d in obs["drivers"]):  # six drivers: the secret discard (I15)
        parts.append(Text(say("ui_secret_out"), style="dim"))
    own = obs["drivers"][seat] if isinstance(seat, int) else {}
    if own.get("discard"):
        parts.append(Text(say("ui_discard", card=own["discard"]), style="dim"))
    franz = obs.get("franz")
    if franz is not None:
        left = sum(franz["pile"].values())
        shown = _this_round(franz, say) or "-"
        parts.append(Text(say("ui_franz", card=shown, n=left), style="dim"))
    pit = obs.get("pit")
    if pit and pit["queue"] and pit["queue"][0] == seat and pit["points"]:
        parts.append(Text(say("ui_pit", points=say.points(int(pit["points"]))), style="bold"))
    if obs["phase"] == "over":
        parts.append(Text("\n".join(narration.result(obs, lang=lang, names=names)),
                          style="bold"))
    return Group(*parts)


def legend(lang: str = "en") -> list[str]:
    """What the symbols and words of the drawing mean, one line each (for ``help``)."""
    return Teller(lang)("ui_legend").split("\n")


def narrate(before: Mapping[str, Any] | None, after: Mapping[str, Any], *, lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """What happened between two observations of one seat: ``narration.narrate``."""
    return narration.narrate(before, after, lang=lang, names=names)


__all__ = ["legend", "narrate", "render"]
