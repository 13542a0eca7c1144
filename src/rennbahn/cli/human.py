"""A person at the terminal as a seat: they see their seat's view and type moves.

With several people at one terminal (hot-seat), the screen is cleared and handed over
before and after each of their turns, so nobody sees another seat's secret choices.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.text import Text

from rennbahn.core.driver import SeatView
from rennbahn.core.errors import RennbahnError
from rennbahn.core.protocol import Game
from rennbahn.core.registry import game_entry


def _menu_number(text: str) -> int | None:
    """The menu number typed, or None: ASCII digits only (``'²'.isdigit()`` is true, but
    ``int('²')`` fails), and few of them (a menu is short)."""
    if text.isascii() and text.isdigit() and len(text) <= 6:
        return int(text)
    return None


class QuitGameError(Exception):
    """The person typed quit."""


def load_ui(game: Game) -> ModuleType | None:
    path = game_entry(game.NAME).ui
    return importlib.import_module(path) if path else None


def render_view(ui: ModuleType | None, observation: dict[str, Any], game: Game) -> RenderableType:
    if ui is not None and hasattr(ui, "render"):
        rendered: RenderableType = ui.render(observation, game)
        return rendered
    return Text(str(observation))


def narration(ui: ModuleType | None, before: dict[str, Any] | None,
              after: dict[str, Any]) -> list[str]:
    if ui is None or before is None or not hasattr(ui, "narrate"):
        return []
    lines: list[str] = ui.narrate(before, after)
    return lines


class HumanSeat:
    """A bot whose moves a person types, by notation or by number."""

    def __init__(self, game: Game, console: Console, name: str, hotseat: bool) -> None:
        self.game = game
        self.console = console
        self.name = name
        self.hotseat = hotseat
        self.ui = load_ui(game)
        self.last: dict[str, Any] | None = None
        extra = getattr(self.ui, "EXTRA_COMMANDS", {}) if self.ui is not None else {}
        self.extra: dict[str, tuple[str, Callable[[SeatView], RenderableType]]] = dict(extra)

    def _clear(self) -> None:
        """Clear the screen and, in a real terminal, its scrollback (no scrolling up to peek)."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\033[3J")
            self.console.file.flush()

    def _hand_over(self, text: str) -> None:
        self._clear()
        try:
            self.console.input(f"[bold]{text}[/bold] — press Enter ")
        except EOFError:
            raise QuitGameError from None
        self._clear()

    def step(self, view: SeatView, rng: random.Random) -> int:
        if self.hotseat:
            self._hand_over(f"Pass the keyboard to {self.name}; only {self.name} may look now")
        observation = view.observation()
        self.show(observation)
        legal = view.legal_actions()
        names = [view.action_to_string(a) for a in legal]
        menu = "  ".join(f"[cyan]{i + 1}[/cyan]) {n}" for i, n in enumerate(names))
        self.console.print(f"{self.name}, your move: {menu}")
        while True:
            try:
                text = self.console.input("> ").strip()
            except EOFError:
                raise QuitGameError from None
            if not text:
                continue
            word = text.lower()
            if word in ("q", "quit", "exit"):
                raise QuitGameError
            if word in ("?", "help"):
                self._help()
                continue
            if word in self.extra:
                self.console.print(self.extra[word][1](view))
                continue
            number = _menu_number(text)
            if number is not None and 1 <= number <= len(legal):
                action = legal[number - 1]
                break
            try:
                action = view.string_to_action(text)
                break
            except RennbahnError as error:
                self.console.print(Text(str(error), style="red"))
        self.console.print(f"{self.name} plays {view.action_to_string(action)}")
        if self.hotseat:
            self._hand_over(f"{self.name} has chosen; hide the screen from others")
        return action

    def show(self, observation: dict[str, Any]) -> None:
        """Draw the seat's view and what happened since this seat last looked."""
        lines = narration(self.ui, self.last, observation)
        if lines:
            self.console.print(Panel("\n".join(lines), title="What happened", expand=False))
        self.console.print(render_view(self.ui, observation, self.game))
        self.last = observation

    def _help(self) -> None:
        lines = [
            "Type a move as shown (for example its notation) or its number.",
            "quit — leave the game",
        ]
        lines += [f"{name} — {text}" for name, (text, _) in sorted(self.extra.items())]
        self.console.print(Panel("\n".join(lines), title="Help", expand=False))
