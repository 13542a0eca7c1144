"""A person at the terminal as a seat: they see their seat's view and type moves.

Narration: :class:`Narrator` is told of every step of the game (``play()``'s ``on_step``)
and narrates it for each person's seat, from that seat's views before and after the step,
with the game's narration (named by its registry entry). The lines wait until that
person's next turn (and the end of the game), so every roll, every bot's move and every
reveal is told.

``why`` (``warum``) shows the rule behind each line last shown: the rulebook section and
the rule in words, with any reading of the rulebook it needed (the game's ``citations``).

With several people at one terminal (hot-seat), the screen is cleared and handed over
before and after each of their turns, so nobody sees another seat's secret choices.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.text import Text

from rennbahn.cli.texts import say
from rennbahn.core.citations import Citations
from rennbahn.core.driver import SeatView
from rennbahn.core.errors import RennbahnError
from rennbahn.core.protocol import Game, State
from rennbahn.core.registry import Narrate, Terminal, game_entry
from rennbahn.core.views import View, as_json


def _menu_number(text: str) -> int | None:
    """The menu number typed, or None: ASCII digits only (``'²'.isdigit()`` is true, but
    ``int('²')`` fails), and few of them (a menu is short)."""
    if text.isascii() and text.isdigit() and len(text) <= 6:
        return int(text)
    return None


class QuitGameError(Exception):
    """The person typed quit."""


def load_ui(game: Game) -> Terminal | None:
    """The game's terminal front end, as its registry entry names it (None: it has none)."""
    part = game_entry(game.NAME).terminal
    return part() if part is not None else None


def render_view(ui: Terminal | None, view: View, game: Game, *,
                lang: str = "en", names: Sequence[str] | None = None,
                hints: bool = True) -> RenderableType:
    """The game's drawing of one seat's view. ``hints`` False hides its prompts to type a
    command (in a replay and after the game)."""
    if ui is None:
        return Text(str(as_json(view)))
    return ui.render(view, game, lang=lang, names=names, prompt=hints)


def legend(ui: Terminal | None, lang: str) -> list[str]:
    """The game's legend of its drawing (none if it has none)."""
    return [] if ui is None else ui.legend(lang)


def narrator_of(game: Game) -> Narrate | None:
    """The game's narration, as its registry entry names it (None: it has none)."""
    part = game_entry(game.NAME).narration
    return part() if part is not None else None


def narration(narrate: Narrate | None, game: Game, before: View | None, after: View,
              *, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
    """What one seat saw happen between two of its views (``before`` None: the start)."""
    if narrate is None:
        return []
    return list(narrate(game, before, after, lang=lang, names=names))


def citations_of(game: Game) -> Citations | None:
    """The rules behind the game's narration, as its registry entry names them (None: it
    cites none)."""
    part = game_entry(game.NAME).citations
    return part() if part is not None else None


def why(citations: Citations | None, lines: Sequence[str], lang: str) -> Text:
    """The rule behind each of ``lines`` that has one: the line, then each rule's title and
    words (the terminal's answer to ``why``)."""
    told = Text()
    for line in lines:
        rules = citations.rules(line, lang) if citations is not None else ()
        if not rules:
            continue
        if told:
            told.append("\n")
        told.append(line, style="bold")
        for rule in rules:
            told.append(f"\n  {rule.title}: ", style="cyan")
            told.append(rule.rule)
            for reading in rule.readings:
                told.append(f"\n    {reading}", style="italic")
    return told if told else Text(say(lang, "why_nothing"))


#: The seat number a :class:`Narrator` uses for the spectator's (public) view.
SPECTATOR = -1


def view_of(state: State, seat: int) -> View:
    """The seat's view, or the public one for :data:`SPECTATOR`."""
    return state.public_view() if seat == SPECTATOR else state.view(seat)


class Narrator:
    """Narrates every step for each watched seat (:data:`SPECTATOR`: the public view) and
    keeps the lines until they are shown."""

    def __init__(self, game: Game, seats: Sequence[int], *, lang: str,
                 names: Sequence[str] | None) -> None:
        self.game = game
        self.narrate = narrator_of(game)
        self.lang = lang
        self.names = names
        self.last: dict[int, View | None] = {seat: None for seat in seats}
        self.pending: dict[int, list[str]] = {seat: [] for seat in seats}

    def see(self, state: State) -> None:
        """Narrate the step that led to ``state`` for every watched seat."""
        for seat, before in self.last.items():
            after = view_of(state, seat)
            self.pending[seat] += narration(self.narrate, self.game, before, after,
                                            lang=self.lang, names=self.names)
            self.last[seat] = after

    def take(self, seat: int) -> list[str]:
        """The lines not yet shown to ``seat``; they count as shown now."""
        lines, self.pending[seat] = self.pending[seat], []
        return lines


def match_move(text: str, names: Sequence[str]) -> int | None:
    """The index of the legal move typed: exactly, else ignoring case if only one matches."""
    if text in names:
        return names.index(text)
    folded = [i for i, name in enumerate(names) if name.casefold() == text.casefold()]
    return folded[0] if len(folded) == 1 else None


class HumanSeat:
    """A bot whose moves a person types, by notation (any case) or by number."""

    def __init__(self, game: Game, console: Console, name: str, hotseat: bool, *,
                 lang: str = "en", names: Sequence[str] | None = None,
                 narrator: Narrator | None = None) -> None:
        self.game = game
        self.console = console
        self.name = name
        self.hotseat = hotseat
        self.lang = lang
        self.names = names
        self.narrator = narrator
        self.ui = load_ui(game)
        self.extra: dict[str, tuple[str, Callable[[SeatView], RenderableType]]] = (
            dict(self.ui.commands) if self.ui is not None else {})
        self.citations = citations_of(game)
        #: The lines of narration last shown (``why`` tells the rules behind them).
        self.told: list[str] = []

    def _clear(self) -> None:
        """Clear the screen and, in a real terminal, its scrollback (no scrolling up to peek)."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\033[3J")
            self.console.file.flush()

    def _hand_over(self, text: str) -> None:
        self._clear()
        try:
            self.console.input(f"[bold]{text}[/bold] — {say(self.lang, 'press_enter')} ")
        except EOFError:
            raise QuitGameError from None
        self._clear()

    def step(self, view: SeatView, rng: random.Random) -> int:
        if self.hotseat:
            self._hand_over(say(self.lang, "pass_keyboard", name=self.name))
        self.show(view.seat, view.view())
        legal = view.legal_actions()
        names = [view.action_to_string(a) for a in legal]
        menu = "  ".join(f"[cyan]{i + 1}[/cyan]) {n}" for i, n in enumerate(names))
        self.console.print(f"{say(self.lang, 'your_move', name=self.name)} {menu}")
        while True:
            text = self._read("> ")
            if not text:
                continue
            word = text.lower()
            if word in self.extra:
                self.console.print(self.extra[word][1](view))
                continue
            number = _menu_number(text)
            if number is not None and 1 <= number <= len(legal):
                action = legal[number - 1]
                break
            index = match_move(text, names)
            if index is not None:
                action = legal[index]
                break
            try:
                action = view.string_to_action(text)
                break
            except RennbahnError as error:
                self.console.print(Text(str(error), style="red"))
        self.console.print(say(self.lang, "plays", name=self.name,
                               move=view.action_to_string(action)))
        if self.hotseat:
            self._hand_over(say(self.lang, "chosen", name=self.name))
        return action

    def wait_for_roll(self, seat: int, observation: View) -> None:
        """The seat's roll is the only thing it can do (a chance node in the rules): it still
        waits for the person, who sees what happened and presses Enter to roll."""
        if self.hotseat:
            self._hand_over(say(self.lang, "pass_keyboard", name=self.name))
        self.show(seat, observation)
        while self._read(say(self.lang, "roll_prompt", name=self.name)) is None:
            pass

    def _read(self, prompt: str) -> str | None:
        """One line typed; ``quit`` (or closed input) stops the game, ``help`` and ``rules``
        are answered here (None: answered, ask again)."""
        try:
            text = self.console.input(prompt).strip()
        except EOFError:
            raise QuitGameError from None
        word = text.lower()
        if word in ("q", "quit", "exit"):
            raise QuitGameError
        if word in ("?", "help", "hilfe"):
            self._help()
            return None
        if word in ("why", "warum"):
            self.console.print(Panel(why(self.citations, self.told, self.lang),
                                     title=say(self.lang, "why_title"), expand=False))
            return None
        if word in ("rules", "regeln"):
            self.console.print(say(self.lang, "rules", title=self.game.TITLE,
                                   game=self.game.NAME))
            return None
        return text

    def show(self, seat: int, observation: View, *, hints: bool = True) -> None:
        """Draw the seat's view after what happened since this seat last looked."""
        lines = self.narrator.take(seat) if self.narrator is not None else []
        if lines:
            self.told = lines
            self.console.print(Panel("\n".join(lines), title=say(self.lang, "what_happened"),
                                     expand=False))
        self.console.print(render_view(self.ui, observation, self.game, lang=self.lang,
                                       names=self.names, hints=hints))

    def _help(self) -> None:
        lines = [say(self.lang, "help_move"), say(self.lang, "help_quit"),
                 say(self.lang, "help_rules"), say(self.lang, "help_why")]
        lines += [f"{name} — {text}" for name, (text, _) in sorted(self.extra.items())]
        shown = legend(self.ui, self.lang)
        if shown:
            lines += ["", say(self.lang, "help_legend"), *shown]
        lines += ["", say(self.lang, "rules", title=self.game.TITLE, game=self.game.NAME)]
        self.console.print(Panel("\n".join(lines), title=say(self.lang, "help_title"),
                                 expand=False))
