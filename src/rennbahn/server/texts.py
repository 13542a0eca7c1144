"""Every text the server and its pages show a person, in English and German.

One catalogue (``rennbahn.core.i18n``): the templates call ``t(key, ...)``, the table page's
script gets the keys it needs as JSON, and the server's own narration lines (an undo, a
clock that ran out) use :func:`say`. Card names and notation stay as the games write them.
"""

from __future__ import annotations

from rennbahn.core.i18n import DEFAULT, LANGUAGES, Catalogue, Texts, catalogue, text

TEXTS: Texts = {
    "took_back": ("{name} took back a move.", "{name} nimmt einen Zug zurück."),
    "you_took_back": ("You took back {move}.", "Du nimmst {move} zurück."),
    "clock_ran_out": (
        "{name}'s clock ran out; the bot {bot} plays for them until they take the seat back.",
        "{name}s Zeit ist abgelaufen; der Bot {bot} spielt für sie, bis sie den Platz "
        "zurücknehmen.",
    ),
    "site": ("rennbahn", "rennbahn"),
    "language": ("Language", "Sprache"),
    "other_lang": ("Deutsch", "English"),
    "lobby": ("Lobby", "Lobby"),
    "rules": ("Rules", "Regeln"),
    "rules_of": ("Rules of {title}", "Regeln von {title}"),
    "no_rules": (
        "The rules page is read from the source tree (docs/rules), which this installation does "
        "not have.",
        "Die Regelseite wird aus dem Quellbaum (docs/rules) gelesen, den diese Installation "
        "nicht hat.",
    ),
    "new_table": ("Open a table", "Einen Tisch eröffnen"),
    "game": ("Game", "Spiel"),
    "variant": ("Variant", "Variante"),
    "params": ("Variant rules", "Regelvarianten"),
    "default": ("default", "Standard"),
    "seats": ("Seats", "Plätze"),
    "seat_n": ("Seat {n}", "Platz {n}"),
    "person": ("Person", "Mensch"),
    "bot": ("Bot: {name}", "Bot: {name}"),
    "name": ("Name", "Name"),
    "clock": (
        "Move clock (minutes per move, empty: none)",
        "Zugzeit (Minuten pro Zug, leer: keine)",
    ),
    "clock_help": (
        "When a person's time runs out, a bot moves for them until they take the seat back.",
        "Läuft die Zeit eines Menschen ab, zieht ein Bot für ihn, bis er den Platz zurücknimmt.",
    ),
    "public": (
        "List in the lobby so that anyone may take a free seat",
        "In der Lobby zeigen, damit jede und jeder einen freien Platz nehmen kann",
    ),
    "create": ("Open the table", "Tisch eröffnen"),
    "created": ("Your table is open", "Dein Tisch ist eröffnet"),
    "share": (
        "Send each link to its player: the link is their only key.",
        "Schick jeden Link an seine Spielerin: Der Link ist ihr einziger Schlüssel.",
    ),
    "spectator_link": ("Spectators", "Zuschauer"),
    "open_tables": ("Tables waiting for players", "Tische, die auf Mitspieler warten"),
    "none_open": ("No table is waiting for players.", "Kein Tisch wartet auf Mitspieler."),
    "free_seat": ("free seat", "freier Platz"),
    "take_seat": ("Take seat {n}", "Platz {n} nehmen"),
    "your_name": ("Your name", "Dein Name"),
    "open_link": ("Open", "Öffnen"),
    "copy": ("Copy", "Kopieren"),
    "copied": ("Copied", "Kopiert"),
    "players": ("{n} players", "{n} Spieler"),
    "no_table": ("There is no such table.", "Diesen Tisch gibt es nicht."),
    "broken_table": (
        "This table cannot be continued: the server could not rebuild it ({why}). Every other "
        "table plays on.",
        "An diesem Tisch kann nicht weitergespielt werden: Der Server konnte ihn nicht "
        "wiederherstellen ({why}). Alle anderen Tische laufen weiter.",
    ),
    "bad_request": ("This address is not right: {why}", "Diese Adresse stimmt nicht: {why}"),
    "spectating": ("You are watching (spectator).", "Du schaust zu."),
    "you_are": ("You play {name}.", "Du spielst {name}."),
    "your_turn": ("Your move", "Du bist am Zug"),
    "you_chose": (
        "You have chosen; you may change it until everyone has.",
        "Du hast gewählt; du kannst es ändern, bis alle gewählt haben.",
    ),
    "waiting_for": ("Waiting for {names}", "Warte auf {names}"),
    "chance": ("the dice and cards", "Würfel und Karten"),
    "moves": ("Your moves", "Deine Züge"),
    "log": ("What happened", "Was geschah"),
    "undo": ("Take back my move", "Meinen Zug zurücknehmen"),
    "to_bot": ("Let a bot play my seat", "Einen Bot für mich spielen lassen"),
    "take_back": ("Take my seat back", "Meinen Platz zurücknehmen"),
    "connecting": ("Connecting…", "Verbinde…"),
    "reconnecting": ("Connection lost; reconnecting…", "Verbindung verloren; verbinde neu…"),
    "connected": ("Connected", "Verbunden"),
    "game_over": ("The race is over.", "Das Rennen ist vorbei."),
    "result": ("Result", "Ergebnis"),
    "replay": ("Replay", "Wiederholung"),
    "replay_as": ("Replay as", "Wiederholung als"),
    "replay_of": ("Replay of {title}", "Wiederholung von {title}"),
    "spectator": ("Spectator", "Zuschauer"),
    "step": ("Step {ply} of {total}", "Schritt {ply} von {total}"),
    "first": ("Start", "Anfang"),
    "prev": ("Back", "Zurück"),
    "next": ("Next", "Weiter"),
    "last": ("End", "Ende"),
    "bot_plays": ("A bot plays this seat ({bot}).", "Ein Bot spielt diesen Platz ({bot})."),
    "away": ("away", "abwesend"),
    "deadline": ("{name} must move within {time}", "{name} muss ziehen innerhalb von {time}"),
    "error": ("Refused", "Abgelehnt"),
    "move_number": ("Move {n}", "Zug {n}"),
    "not_over": (
        "The replay is shown once the race is over.",
        "Die Wiederholung gibt es, sobald das Rennen vorbei ist.",
    ),
    "record": ("Record (JSON)", "Aufzeichnung (JSON)"),
    "you": ("you", "du"),
    "chosen": ("has chosen", "hat gewählt"),
}
CATALOGUE: Catalogue = catalogue(TEXTS)

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
