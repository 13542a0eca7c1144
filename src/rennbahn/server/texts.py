"""Every text the server and its pages show a person, in English and German.

One catalogue (``rennbahn.core.i18n``): the templates call ``t(key, ...)``, the table page's
script gets the keys it needs as JSON, and the server's own narration lines (an undo, a
clock that ran out) use :func:`say`. Card names and notation stay as the games write them.
"""

from __future__ import annotations

from collections.abc import Mapping

from rennbahn.core.i18n import DEFAULT, LANGUAGES, text

CATALOGUE: Mapping[str, Mapping[str, str]] = {
    "en": {
        "took_back": "{name} took back a move.",
        "you_took_back": "You took back {move}.",
        "clock_ran_out": "{name}'s clock ran out; the bot {bot} plays for them until they "
                         "take the seat back.",
        "site": "rennbahn",
        "language": "Language",
        "other_lang": "Deutsch",
        "lobby": "Lobby",
        "rules": "Rules",
        "rules_of": "Rules of {title}",
        "no_rules": "The rules page is read from the source tree (docs/rules), which this "
                    "installation does not have.",
        "new_table": "Open a table",
        "game": "Game",
        "variant": "Variant",
        "params": "Variant rules",
        "default": "default",
        "seats": "Seats",
        "seat_n": "Seat {n}",
        "person": "Person",
        "bot": "Bot: {name}",
        "name": "Name",
        "clock": "Move clock (minutes per move, empty: none)",
        "clock_help": "When a person's time runs out, a bot moves for them until they "
                      "take the seat back.",
        "public": "List in the lobby so that anyone may take a free seat",
        "create": "Open the table",
        "created": "Your table is open",
        "share": "Send each link to its player: the link is their only key.",
        "spectator_link": "Spectators",
        "open_tables": "Tables waiting for players",
        "none_open": "No table is waiting for players.",
        "free_seat": "free seat",
        "take_seat": "Take seat {n}",
        "your_name": "Your name",
        "open_link": "Open",
        "copy": "Copy",
        "copied": "Copied",
        "players": "{n} players",
        "no_table": "There is no such table.",
        "broken_table": "This table cannot be continued: the server could not rebuild it "
                        "({why}). Every other table plays on.",
        "bad_request": "This address is not right: {why}",
        "spectating": "You are watching (spectator).",
        "you_are": "You play {name}.",
        "your_turn": "Your move",
        "you_chose": "You have chosen; you may change it until everyone has.",
        "waiting_for": "Waiting for {names}",
        "chance": "the dice and cards",
        "moves": "Your moves",
        "log": "What happened",
        "undo": "Take back my move",
        "to_bot": "Let a bot play my seat",
        "take_back": "Take my seat back",
        "connecting": "Connecting…",
        "reconnecting": "Connection lost; reconnecting…",
        "connected": "Connected",
        "game_over": "The race is over.",
        "result": "Result",
        "replay": "Replay",
        "replay_as": "Replay as",
        "replay_of": "Replay of {title}",
        "spectator": "Spectator",
        "step": "Step {ply} of {total}",
        "first": "Start",
        "prev": "Back",
        "next": "Next",
        "last": "End",
        "bot_plays": "A bot plays this seat ({bot}).",
        "away": "away",
        "deadline": "{name} must move within {time}",
        "error": "Refused",
        "move_number": "Move {n}",
        "not_over": "The replay is shown once the race is over.",
        "record": "Record (JSON)",
        "you": "you",
        "chosen": "has chosen",
    },
    "de": {
        "took_back": "{name} nimmt einen Zug zurück.",
        "you_took_back": "Du nimmst {move} zurück.",
        "clock_ran_out": "{name}s Zeit ist abgelaufen; der Bot {bot} spielt für sie, bis "
                         "sie den Platz zurücknehmen.",
        "site": "rennbahn",
        "language": "Sprache",
        "other_lang": "English",
        "lobby": "Lobby",
        "rules": "Regeln",
        "rules_of": "Regeln von {title}",
        "no_rules": "Die Regelseite wird aus dem Quellbaum (docs/rules) gelesen, den diese "
                    "Installation nicht hat.",
        "new_table": "Einen Tisch eröffnen",
        "game": "Spiel",
        "variant": "Variante",
        "params": "Regelvarianten",
        "default": "Standard",
        "seats": "Plätze",
        "seat_n": "Platz {n}",
        "person": "Mensch",
        "bot": "Bot: {name}",
        "name": "Name",
        "clock": "Zugzeit (Minuten pro Zug, leer: keine)",
        "clock_help": "Läuft die Zeit eines Menschen ab, zieht ein Bot für ihn, bis er den "
                      "Platz zurücknimmt.",
        "public": "In der Lobby zeigen, damit jede und jeder einen freien Platz nehmen kann",
        "create": "Tisch eröffnen",
        "created": "Dein Tisch ist eröffnet",
        "share": "Schick jeden Link an seine Spielerin: Der Link ist ihr einziger Schlüssel.",
        "spectator_link": "Zuschauer",
        "open_tables": "Tische, die auf Mitspieler warten",
        "none_open": "Kein Tisch wartet auf Mitspieler.",
        "free_seat": "freier Platz",
        "take_seat": "Platz {n} nehmen",
        "your_name": "Dein Name",
        "open_link": "Öffnen",
        "copy": "Kopieren",
        "copied": "Kopiert",
        "players": "{n} Spieler",
        "no_table": "Diesen Tisch gibt es nicht.",
        "broken_table": "An diesem Tisch kann nicht weitergespielt werden: Der Server konnte "
                        "ihn nicht wiederherstellen ({why}). Alle anderen Tische laufen weiter.",
        "bad_request": "Diese Adresse stimmt nicht: {why}",
        "spectating": "Du schaust zu.",
        "you_are": "Du spielst {name}.",
        "your_turn": "Du bist am Zug",
        "you_chose": "Du hast gewählt; du kannst es ändern, bis alle gewählt haben.",
        "waiting_for": "Warte auf {names}",
        "chance": "Würfel und Karten",
        "moves": "Deine Züge",
        "log": "Was geschah",
        "undo": "Meinen Zug zurücknehmen",
        "to_bot": "Einen Bot für mich spielen lassen",
        "take_back": "Meinen Platz zurücknehmen",
        "connecting": "Verbinde…",
        "reconnecting": "Verbindung verloren; verbinde neu…",
        "connected": "Verbunden",
        "game_over": "Das Rennen ist vorbei.",
        "result": "Ergebnis",
        "replay": "Wiederholung",
        "replay_as": "Wiederholung als",
        "replay_of": "Wiederholung von {title}",
        "spectator": "Zuschauer",
        "step": "Schritt {ply} von {total}",
        "first": "Anfang",
        "prev": "Zurück",
        "next": "Weiter",
        "last": "Ende",
        "bot_plays": "Ein Bot spielt diesen Platz ({bot}).",
        "away": "abwesend",
        "deadline": "{name} muss ziehen innerhalb von {time}",
        "error": "Abgelehnt",
        "move_number": "Zug {n}",
        "not_over": "Die Wiederholung gibt es, sobald das Rennen vorbei ist.",
        "record": "Aufzeichnung (JSON)",
        "you": "du",
        "chosen": "hat gewählt",
    },
}

def say(lang: str, key: str, /, **values: object) -> str:
    """The text ``key`` in ``lang`` (an unknown language falls back to the default)."""
    return text(CATALOGUE, lang if lang in LANGUAGES else DEFAULT, key, **values)


def script_texts(lang: str) -> dict[str, str]:
    """Every page text in ``lang``, for the pages' script."""
    return dict(CATALOGUE[lang if lang in LANGUAGES else DEFAULT])


def pick_language(query: str | None, cookie: str | None, accept: str | None) -> str:
    """The page's language: ``?lang=``, else the ``lang`` cookie (the switch), else the
    browser's ``Accept-Language`` (highest q first), else English."""
    for choice in (query, cookie):
        if choice in LANGUAGES:
            return choice
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept or "")[:500].split(",")):
        bits = part.strip().split(";")
        tag = bits[0].strip().lower().split("-")[0]
        q = 1.0
        for bit in bits[1:]:
            key, _, value = bit.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if tag in LANGUAGES and q > 0:
            ranked.append((-q, i, tag))
    return min(ranked)[2] if ranked else DEFAULT
