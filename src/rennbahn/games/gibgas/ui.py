"""Drawing Gib Gas! for people: the track row, the drivers, and what happened in a round.

Everything here works from one seat's observation, so it can never show more than that
seat may know.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from rennbahn.core.protocol import Game
from rennbahn.core.registry import load_game
from rennbahn.games.gibgas.components import START_DAMAGE
from rennbahn.games.gibgas.rules import GibGasGame, resolve_drive

_KIND_STYLE = {"V": "bold green", "B": "bold cyan", "XF": "bold red", "XS": "bold magenta"}
_KIND_NAME = {"V": "Vollgas!", "B": "Bremsen!", "XF": "Vollgas-Crash", "XS": "Bremsen-Crash"}


def driver_name(seat: int) -> str:
    return f"Driver {seat + 1}"


def _card_text(code: str, front: bool = False) -> Text:
    kind = code.rstrip("0123456789-")
    value, _, arrows = code[len(kind):].partition("-")
    worth = f"crash {value}" if kind.startswith("X") else "★" * int(value)
    text = Text(f" {_KIND_NAME[kind]} {worth} ▼{arrows} ", style=_KIND_STYLE[kind])
    if front:
        text.stylize("reverse")
    return text


def _speed_text(speed: Any) -> str:
    if speed is None:
        return ""
    return "pit" if speed == "pit" else str(speed)


def render(observation: dict[str, Any], game: Game) -> RenderableType:
    """The table as the observing seat sees it."""
    obs = observation
    seat = obs["seat"]
    track = Text("Track  ")
    for i, code in enumerate(obs["row"]):
        track.append_text(_card_text(code, front=i == 0))
        track.append("  ")
    track.append(f"  ({obs['stack_left']} cards left in the stack)", style="dim")
    table = Table(title=f"Gib Gas! — round {obs['round']}", expand=False)
    for column in ("driver", "damage", "stars", "won", "played", "hand", "last card"):
        table.add_column(column)
    for i, d in enumerate(obs["drivers"]):
        name = driver_name(i) + (" (you)" if i == seat else "")
        style = "red" if d["damage"] <= 5 else "yellow" if d["damage"] <= 10 else "green"
        if "hand" in d:
            hand = " ".join(d["hand"])
        else:
            out = d["hand_size"] + len(d["played"]) < 9  # after the secret discard (I15)
            hand = f"{d['hand_size']} cards" + (" (one speed card secretly out)" if out else "")
        last = d["card"] or ""
        if d["card"] in ("die", "tempo") and isinstance(d["speed"], int):
            last += f" → {d['speed']}"
        elif d["speed"] == "pit" and d["card"] != "pit":
            last += " → pit"
        table.add_row(
            Text(name, style="bold" if i == seat else ""),
            Text(f"{d['damage']}/{START_DAMAGE}", style=style),
            str(d["stars"]),
            f"{len(d['won'])} card{'s' if len(d['won']) > 1 else ''}" if d["won"] else "",
            " ".join(d["played"]),
            hand,
            last,
        )
    parts: list[RenderableType] = [track, table]
    franz = obs.get("franz")
    if franz is not None:
        left = sum(franz["pile"].values())
        parts.append(Text(
            f"Franz: last card {franz['card'] or '-'}"
            f"{' at ' + _speed_text(franz['speed']) if franz['speed'] else ''}; "
            f"{left} cards in his pile", style="dim"))
    if "pit" in obs and obs["pit"]["queue"] and obs["pit"]["queue"][0] == seat:
        parts.append(Text(f"Pit stop: {obs['pit']['points']} point(s) to use", style="bold"))
    if obs["phase"] == "over":
        parts.append(Text(_result_line(obs), style="bold"))
    return Group(*parts)


def _result_line(obs: dict[str, Any]) -> str:
    scores = obs["scores"]
    winners = obs["winners"]
    standings = ", ".join(f"{driver_name(i)} {s}" for i, s in enumerate(scores))
    if not winners:
        return f"Race over. Nobody can win. Points: {standings}"
    names = " and ".join(driver_name(w) for w in winners)
    return f"Race over. {names} {'win' if len(winners) > 1 else 'wins'}! Points: {standings}"


def narrate(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """A plain account of the rounds that ended between two observations of one seat."""
    lines: list[str] = []
    if after["round"] == before["round"] and after["phase"] != "over":
        return lines
    if after["last_card"] is None:
        return lines
    game = load_game(after["game"])
    assert isinstance(game, GibGasGame)
    deck = game.deck
    card = deck.cards[deck.index(after["last_card"])]
    drivers = after["drivers"]
    speeds = [d["speed"] if isinstance(d["speed"], int) else 0 for d in drivers]
    names = [driver_name(i) for i in range(len(drivers))]
    plays = [f"{names[i]} {d['card']}" + (f" ({d['speed']})" if d["card"] in ("die", "tempo")
             and isinstance(d["speed"], int) else "") for i, d in enumerate(drivers)]
    franz = after.get("franz")
    if franz is not None:
        speeds.append(franz["speed"] if isinstance(franz["speed"], int) else 0)
        names.append("Franz")
        tempo = f" ({franz['speed']})" if franz["card"] == "tempo" else ""
        plays.append(f"Franz {franz['card']}{tempo}")
    lines.append(f"Revealed for {card.describe()}: " + ", ".join(plays) + ".")
    benders, taker = resolve_drive(card, speeds, game.second_only)
    if benders:
        who = ", ".join(names[b] for b in benders)
        lines.append(f"Fender bender: {who} (-{card.bender} damage each"
                     f"{', Franz excepted' if 'Franz' in who else ''}).")
    if taker < 0:
        lines.append("Nobody takes the card; it goes back to the box.")
    elif card.kind.is_crash:
        hurt = "" if names[taker] == "Franz" else f" (-{card.crash} damage)"
        lines.append(f"{names[taker]} causes the crash{hurt}.")
    elif names[taker] == "Franz":
        lines.append("Franz wins the card; it goes back to the box.")
    else:
        lines.append(f"{names[taker]} wins the card (+{card.stars} stars).")
    pits = [names[i] for i, d in enumerate(drivers) if d["speed"] == "pit"]
    if pits:
        lines.append("In the pits: " + ", ".join(pits) + ".")
    for i, d in enumerate(drivers):
        if d["out"]:
            lines.append(f"{names[i]} has a total loss — the race is over.")
    return lines
