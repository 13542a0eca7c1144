"""The terminal's own texts in English and German (the games' narration has its own).

>>> say("de", "plays", name="Anna", move="Tempo")
'Anna spielt Tempo'
"""

from __future__ import annotations

import os

from rennbahn.core.i18n import DEFAULT, LANGUAGES, Catalogue, Texts, catalogue, text

TEXTS: Texts = {
    "you": ("you", "du"),
    "you_mark": ("{name} (you)", "{name} (du)"),
    "header": ("{title} — {game}, seed {seed}", "{title} — {game}, Startwert {seed}"),
    "seat_line": ("  {seat}: {who}", "  {seat}: {who}"),
    "resuming": ("Resuming after {moves} moves.", "Weiter nach {moves} Zügen."),
    "what_happened": ("What happened", "Was geschah"),
    "your_move": ("{name}, your move:", "{name}, dein Zug:"),
    "plays": ("{name} plays {move}", "{name} spielt {move}"),
    "pass_keyboard": (
        "Pass the keyboard to {name}; only {name} may look now",
        "Gib die Tastatur an {name}; nur {name} darf jetzt hinsehen",
    ),
    "chosen": (
        "{name} has chosen; hide the screen from others",
        "{name} hat gewählt; verdecke den Bildschirm vor den anderen",
    ),
    "press_enter": ("press Enter", "Enter drücken"),
    "roll_prompt": (
        "{name}, your roll: press Enter to roll the die ",
        "{name}, du würfelst: Enter drücken ",
    ),
    "ambiguous": (
        "{typed!r} could mean {moves}; type it exactly or use its number",
        "{typed!r} kann {moves} heißen; tippe es genau oder nimm die Nummer",
    ),
    "help_title": ("Help", "Hilfe"),
    "help_move": (
        "Type a move as shown (its notation, in any case) or its number.",
        "Tippe einen Zug wie angezeigt (groß oder klein) oder seine Nummer.",
    ),
    "help_quit": (
        "quit — leave the game (the record so far is kept)",
        "quit — Spiel verlassen (die Aufzeichnung bleibt erhalten)",
    ),
    "help_rules": ("rules — where the rules are", "rules — wo die Regeln stehen"),
    "help_legend": ("What the drawing shows:", "Was die Zeichnung zeigt:"),
    "rules": (
        "The rules of {title}: docs/rules/{game}.md in the rennbahn repository (the numbered "
        "readings of the rulebook), and the 'rules' page of the web front end (rennbahn serve, "
        "then /rules/{game}).",
        "Die Regeln von {title}: docs/rules/{game}.md im rennbahn-Repository (die nummerierten "
        "Lesarten der Spielregel) und die Seite 'rules' der Weboberfläche (rennbahn serve, dann "
        "/rules/{game}).",
    ),
    "result": ("Result: {scores}", "Ergebnis: {scores}"),
    "stopped": (
        "Game stopped after {moves} moves; the record so far is in {file}. Go on with: rennbahn "
        "play --resume {file}",
        "Spiel nach {moves} Zügen angehalten; die Aufzeichnung steht in {file}. Weiter mit: "
        "rennbahn play --resume {file}",
    ),
    "saved": ("Record saved to {file}", "Aufzeichnung gespeichert in {file}"),
    "chance": ("chance", "Zufall"),
    "all": ("all", "alle"),
    "replayed": (
        "Result: {scores} (replayed and checked)",
        "Ergebnis: {scores} (nachgespielt und geprüft)",
    ),
    "unfinished": (
        "Unfinished after {moves} moves (replayed and checked); go on with: rennbahn play "
        "--resume {file}",
        "Unvollendet nach {moves} Zügen (nachgespielt und geprüft); weiter mit: rennbahn play "
        "--resume {file}",
    ),
    "next_step": ("(Enter for the next step) ", "(Enter für den nächsten Schritt) "),
}
CATALOGUE: Catalogue = catalogue(TEXTS)


def say(lang: str, key: str, /, **values: object) -> str:
    """The terminal's text ``key`` in ``lang``."""
    return text(CATALOGUE, lang, key, **values)


def default_language() -> str:
    """German when ``LANG`` starts with ``de``, else English."""
    return "de" if os.environ.get("LANG", "").lower().startswith("de") else DEFAULT


__all__ = ["CATALOGUE", "LANGUAGES", "default_language", "say"]
