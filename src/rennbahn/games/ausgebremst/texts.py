"""Every text of Ausgebremst, English and German side by side, and the game's
:class:`Teller`: one catalogue for the narration, the board and the terminal drawing."""

from __future__ import annotations

from collections.abc import Sequence

from rennbahn.core import i18n
from rennbahn.core.i18n import catalogue

# Every text a player reads, English and German side by side; ``CATALOGUE`` is built from it.
TEXTS: dict[str, tuple[str, str]] = {
    # -- the start -------------------------------------------------------------------------
    "intro": (
        "Ausgebremst, {mode}: {cars} race three laps on {track} ({direction}). Each player "
        "plays a race card a turn and moves that many spaces; one car per space, forward and "
        "diagonally only.",
        "Ausgebremst, {mode}: {cars} fahren drei Runden auf {track} ({direction}). Jeder "
        "Spieler spielt pro Zug eine Rennkarte und fährt so viele Felder; ein Wagen pro Feld, "
        "nur vorwärts und schräg.",
    ),
    "intro_cars": ("{players} drivers", "{players} Fahrer"),
    "intro_neutral": ("{players} drivers and {neutral} neutral cars",
                      "{players} Fahrer und {neutral} neutrale Wagen"),
    "intro_family": (
        "Every car must stop once in the pit alley after lap 1 or 2. The car in the lead may "
        "not play a 6.",
        "Jeder Wagen muss nach Runde 1 oder 2 einmal in der Boxengasse halten. Der Wagen in "
        "Führung darf keine 6 spielen.",
    ),
    "intro_advanced": (
        "Each player picks a deck and sorts it into four gear stacks, unseen, and draws from "
        "the stack of their choice; a pit stop is optional and gives the pit cards. The car "
        "in the lead may not play a 6.",
        "Jeder Spieler wählt einen Kartensatz und verteilt ihn verdeckt auf vier Gangstapel, "
        "von denen er nach Wahl zieht; ein Boxenstopp ist freiwillig und bringt die "
        "Boxenkarten. Der Wagen in Führung darf keine 6 spielen.",
    ),
    "intro_championship": ("Championship of {n} races: {races}.",
                           "Meisterschaft über {n} Rennen: {races}."),
    "mode_family": ("family game", "Familienspiel"),
    "mode_advanced": ("advanced game", "Profispiel"),
    "dir_clockwise": ("clockwise", "im Uhrzeigersinn"),
    "dir_anti-clockwise": ("anti-clockwise", "gegen den Uhrzeigersinn"),
    "you_are": ("You are {name}.", "Du bist {name}."),
    "spectator": ("You are watching as a spectator.", "Du schaust als Zuschauer zu."),
    "your_hand": ("Your hand: {cards}.", "Deine Hand: {cards}."),
    "start_order": ("Start order: {cars}.", "Startaufstellung: {cars}."),
    "lineup": ("Blind draw for the start: {name} draws the highest card and takes the best "
               "drivers' place; the others follow in seat order.",
               "Blindes Ziehen um die Startplätze: {name} zieht die höchste Karte und bekommt "
               "den besten Platz der Fahrer; die anderen folgen in Sitzreihenfolge."),
    "race_start": ("Race {race} of {races}: {track} ({direction}).",
                   "Rennen {race} von {races}: {track} ({direction})."),
    # -- cards drawn and set up ------------------------------------------------------------
    "you_draw": ("You draw a {card} (hand {hand}).", "Du ziehst eine {card} (Hand {hand})."),
    "draws": ("{name} draws a card.", "{name} zieht eine Karte."),
    "you_choose": ("You choose the {deck} deck; your pit cards {pit} wait by the pit alley.",
                   "Du wählst den {deck} Kartensatz; deine Boxenkarten {pit} liegen an der "
                   "Boxengasse."),
    "chooses": ("{name} chooses a deck, unseen.", "{name} wählt verdeckt einen Kartensatz."),
    "deck_fast": ("fast", "schnellen"),
    "deck_average": ("average", "mittleren"),
    "deck_slow": ("slow", "langsamen"),
    "you_gear": ("You put all your {value}s on gear stack {stack}.",
                 "Du legst alle deine Karten mit {value} auf Gangstapel {stack}."),
    "you_geared": ("Your gear stacks: {stacks}.", "Deine Gangstapel: {stacks}."),
    "geared": ("{name} has sorted the cards into four gear stacks, unseen.",
               "{name} hat die Karten verdeckt auf vier Gangstapel verteilt."),
    "picks": ("{name} draws from gear stack {stack}.", "{name} zieht von Gangstapel {stack}."),
    "you_pick_known": ("You draw from gear stack {stack} the {card} you laid on it (hand "
                       "{hand}).",
                       "Du ziehst von Gangstapel {stack} die {card}, die du darauf gelegt "
                       "hast (Hand {hand})."),
    "pick_known": ("{name} draws from gear stack {stack} the pit card laid on it.",
                   "{name} zieht von Gangstapel {stack} die Boxenkarte, die darauf lag."),
    "you_take": ("You keep the pit card {card} (hand {hand}); the other goes on a gear stack.",
                 "Du nimmst die Boxenkarte {card} auf die Hand (Hand {hand}); die andere "
                 "kommt auf einen Gangstapel."),
    "takes": ("{name} keeps one of the pit cards {cards}, unseen.",
              "{name} nimmt verdeckt eine der Boxenkarten {cards} auf die Hand."),
    "you_put": ("You put the pit card {card} on gear stack {stack}.",
                "Du legst die Boxenkarte {card} auf Gangstapel {stack}."),
    "puts": ("{name} puts the other pit card on gear stack {stack}.",
             "{name} legt die andere Boxenkarte auf Gangstapel {stack}."),
    # -- turns -----------------------------------------------------------------------------
    "plays": ("{name} plays a {card}: {start} → {end}.",
              "{name} spielt eine {card}: {start} → {end}."),
    "plays_finish": ("{name} plays a {card}: {start} → across the finish line.",
                     "{name} spielt eine {card}: {start} → über die Ziellinie."),
    "turns": ("{name} turns over a {card}: {start} → {end}.",
              "{name} deckt eine {card} auf: {start} → {end}."),
    "turns_finish": ("{name} turns over a {card}: {start} → across the finish line.",
                     "{name} deckt eine {card} auf: {start} → über die Ziellinie."),
    "turns_six": ("{name} turns over a 6 but leads, so it may not move with it ({start}).",
                  "{name} deckt eine 6 auf, führt aber und darf damit nicht fahren ({start})."),
    "turns_blocked": ("{name} turns over a {card} but cannot move that far ({start}).",
                      "{name} deckt eine {card} auf, kann aber nicht so weit fahren ({start})."),
    "spends": ("{name} spends a {card} without moving: every card would carry it past the "
               "pit alley it must stop in ({start}).",
               "{name} legt eine {card} ab, ohne zu fahren: Jede Karte trüge den Wagen über "
               "die Boxengasse hinaus, in der er halten muss ({start})."),
    "passes": ("{name} is blocked: no card can be played; shows {cards} and passes ({start}).",
               "{name} ist blockiert: Keine Karte ist spielbar; zeigt {cards} und setzt aus "
               "({start})."),
    "passes_unseen": ("{name} is blocked: no card can be played; shows the hand and passes.",
                      "{name} ist blockiert: Keine Karte ist spielbar; zeigt die Hand und "
                      "setzt aus."),
    "skipped": ("{name} is blocked and turns over no card.",
                "{name} ist blockiert und deckt keine Karte auf."),
    "lap": ("{name} crosses the line: lap {lap} of 3.",
            "{name} überquert die Linie: Runde {lap} von 3."),
    "pit": ("{name} stops in the pit alley: pit stop made.",
            "{name} hält in der Boxengasse: Boxenstopp erledigt."),
    "pit_card": ("{name} takes the pit card {card} into hand.",
                 "{name} nimmt die Boxenkarte {card} auf die Hand."),
    "pit_cards": ("{name} takes the pit cards {cards}: keeps one, the other goes on a gear "
                  "stack.",
                  "{name} nimmt die Boxenkarten {cards}: eine auf die Hand, die andere auf "
                  "einen Gangstapel."),
    "finishes": ("{name} crosses the finish line in place {place}.",
                 "{name} fährt als {place}. über die Ziellinie."),
    "out": ("{name} has no cards left and is taken off the track.",
            "{name} hat keine Karten mehr und wird von der Strecke genommen."),
    # -- the end ---------------------------------------------------------------------------
    "race_over": ("Race {race} over ({track}).", "Rennen {race} vorbei ({track})."),
    "race_place": ("{place}. {name}", "{place}. {name}"),
    "places": ("Finish: {places}.", "Zieleinlauf: {places}."),
    "no_finish": ("Nobody crossed the finish line.", "Niemand hat die Ziellinie erreicht."),
    "not_finished": ("Not at the finish: {names}.", "Nicht im Ziel: {names}."),
    "points": ("Points: {points}.", "Punkte: {points}."),
    "points_of": ("{name} {points}", "{name} {points}"),
    "wins_race": ("{name} wins the race.", "{name} gewinnt das Rennen."),
    "wins_race_neutral": ("{name} wins the race; the best driver is {best}, in place {place} "
                          "({points} points).",
                          "{name} gewinnt das Rennen; bester Fahrer ist {best} auf Platz "
                          "{place} ({points} Punkte)."),
    "no_driver": ("No driver reached the finish: no points.",
                  "Kein Fahrer hat das Ziel erreicht: keine Punkte."),
    "standings": ("Standings after race {race} of {races}: {points}.",
                  "Stand nach Rennen {race} von {races}: {points}."),
    "winner": ("{name} wins the game with {points} points.",
               "{name} gewinnt das Spiel mit {points} Punkten."),
    "shared": ("{names} share the win of the game with {points} points each.",
               "{names} teilen sich den Sieg im Spiel mit je {points} Punkten."),
    "nobody_scored": ("Nobody wins the game: no driver scored a point.",
                      "Niemand gewinnt das Spiel: Kein Fahrer hat Punkte geholt."),
    "champion": ("Championship over: {name} wins with {points} points.",
                 "Meisterschaft vorbei: {name} gewinnt mit {points} Punkten."),
    "champions_shared": ("Championship over: {names} share the win with {points} points "
                         "each.",
                         "Meisterschaft vorbei: {names} teilen sich den Sieg mit je {points} "
                         "Punkten."),
    # -- the terminal drawing (ui.py) ------------------------------------------------------
    "ui_title": ("Race {race} of {races}: {track} ({direction}), {mode}",
                 "Rennen {race} von {races}: {track} ({direction}), {mode}"),
    "ui_fold": ("right along the top, left along the bottom; finish line before column 0;\n"
                "start grid columns {first}-{last}; ideal lap {lap} spaces",
                "oben nach rechts, unten nach links; Ziellinie vor Spalte 0;\n"
                "Startaufstellung Spalten {first}-{last}; Ideallinie {lap} Felder pro Runde"),
    "ui_cars": ("Standing", "Stand"),
    "ui_place": ("#", "#"),
    "ui_car": ("car", "Wagen"),
    "ui_space": ("space", "Feld"),
    "ui_lap": ("lap", "Runde"),
    "ui_pit": ("pit", "Box"),
    "ui_status": ("status", "Status"),
    "ui_cards": ("cards", "Karten"),
    "ui_points_left": ("pts", "Pkt."),
    "ui_to_finish": ("to go", "Rest"),
    "ui_shown": ("shown", "gezeigt"),
    "ui_yes": ("yes", "ja"),
    "ui_no": ("no", "nein"),
    "status_racing": ("racing", "fährt"),
    "status_finished": ("finished", "im Ziel"),
    "status_out": ("out", "raus"),
    "ui_columns": ("#: standing (finished cars by place, the others by spaces to go)\n"
                   "pts: card points left; to go: spaces to the finish",
                   "#: Stand (Wagen im Ziel nach Platz, die anderen nach Restfeldern)\n"
                   "Pkt.: übrige Kartenpunkte; Rest: Felder bis zum Ziel"),
    "ui_hand": ("Your hand: {cards}", "Deine Hand: {cards}"),
    "ui_stacks": ("Gear stacks: {stacks}", "Gangstapel: {stacks}"),
    "ui_leaders": ("In the lead: {cars}   finished: {finished}",
                   "In Führung: {cars}   im Ziel: {finished}"),
    "ui_table": ("Race bookkeeper", "Rennprotokoll"),
    "ui_race": ("race", "Rennen"),
    "ui_total": ("total", "gesamt"),
    "ui_pit_mark": (" (pit)", " (Box)"),
    "ui_you": (" (you)", " (du)"),
    "ui_legend": (
        "·: a free space; 1-6: a driver's car (Driver n); N1, N2, ...: neutral cars\n"
        "o| i| P|: outer lane, inner lane (spaces 12o, 12i), pit alley (p1, p2, ...)\n"
        "#: a bottleneck space: one lane, a car on it blocks the track\n"
        "-: no space in this lane here (a curve)\n"
        "===: a solid line: no changing lanes across it\n"
        "[A]: field A, the only way into the pit alley; [C]: field C, the pit exit",
        "·: freies Feld; 1-6: Wagen eines Fahrers (Fahrer n); N1, N2 ...: neutrale Wagen\n"
        "o| i| P|: Außenspur, Innenspur (Felder 12o, 12i), Boxengasse (p1, p2, ...)\n"
        "#: Engstelle: nur eine Spur, ein Wagen darauf sperrt die Strecke\n"
        "-: hier kein Feld in dieser Spur (eine Kurve)\n"
        "===: durchgezogene Linie: kein Spurwechsel darüber\n"
        "[A]: Feld A, die einzige Einfahrt in die Boxengasse; [C]: Feld C, die Ausfahrt",
    ),
    # -- the board (board.py) -------------------------------------------------------------
    "b_play_to": ("play {value} to {space}", "{value} spielen nach {space}"),
    "b_finish": ("finish", "Ziel"),
    "b_neutral": ("neutral {number}", "neutral {number}"),
    "b_race_cards": ("Your race cards", "Deine Rennkarten"),
    "b_discard": ("discard {value}", "{value} abwerfen"),
    "b_pass": ("Pass (show hand)", "Aussetzen (zeigen)"),
    "b_pass_label": ("pass, showing the hand", "aussetzen, Karten zeigen"),
    "b_no_cards": ("no cards in hand", "keine Karten auf der Hand"),
    "b_deck": ("In your deck: {counts}", "Im Stapel: {counts}"),
    "b_gear_stacks": ("Gear stacks", "Gangstapel"),
    "b_gears": ("gears", "Gänge"),
    "b_stack": ("stack", "Stapel"),
    "b_stack_cards": ("{count} cards", "{count} Karten"),
    "b_top": ("top ", "oben "),
    "b_draw_from": ("draw from stack {stack}", "von Stapel {stack} ziehen"),
    "b_put_on": ("put it on stack {stack}", "auf Stapel {stack} legen"),
    "b_pit_cards": ("Pit stop cards", "Boxenstopp-Karten"),
    "b_take": ("take the {value}", "die {value} nehmen"),
    "b_car": ("car", "Auto"),
    "b_lap": ("lap", "Runde"),
    "b_pit": ("pit", "Box"),
    "b_cards": ("cards", "Karten"),
    "b_pts": ("pts", "Pkt."),
    "b_to_go": ("to go", "Rest"),
    "b_out": ("out", "raus"),
    "b_standings": ("Standings", "Stand im Rennen"),
    "b_bookkeeper": ("Bookkeeper's table", "Punktetabelle"),
    "b_race": ("race", "Rennen"),
    "b_total": ("total", "Summe"),
    "b_over": ("The race is over.", "Das Rennen ist vorbei."),
    "b_turn": ("Turn: ", "Am Zug: "),
    # What a car waits for between turns (the view's ``waiting`` step).
    "step_draw": ("draws a card", "zieht eine Karte"),
    "step_deck": ("chooses a deck", "wählt ein Kartenset"),
    "step_gears": ("arranges the gear stacks", "ordnet die Gangstapel"),
    "step_stack": ("picks a gear stack", "wählt einen Gangstapel"),
    "step_take": ("takes a pit stop card", "nimmt eine Boxenstopp-Karte"),
    "step_put": ("puts the other on a stack", "legt die andere auf einen Stapel"),
}

#: The catalogue of every text of Ausgebremst, by language then key (``rennbahn.core.i18n``).
CATALOGUE: dict[str, dict[str, str]] = catalogue(TEXTS)



class Teller(i18n.Teller):
    """The words of one language and one set of seat names (shared with ``ui.py``)."""

    def __init__(self, lang: str = "en", names: Sequence[str] | None = None) -> None:
        super().__init__(CATALOGUE, lang, names)

    def car(self, name: str) -> str:
        """What people call a car: a player's (``P0`` in the view) by its seat's name,
        ``Driver 1`` unless named; a neutral car by its own name (``N1``)."""
        if name.startswith("P") and name[1:].isdigit():
            return self.seat(int(name[1:]))
        return name


__all__ = ["CATALOGUE", "TEXTS", "Teller"]
