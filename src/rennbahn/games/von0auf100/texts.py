"""Every text of Von 0 auf 100 that a player reads, in one catalogue: the narration, the
board and the terminal drawing speak through it (``key: (English, German)``, as every
catalogue in rennbahn is written), and :class:`Teller` says it in one language.

>>> Teller("de").kind("3"), Teller("en", ["Ada"])("ui_tile", name=Teller("en", ["Ada"]).seat(0))
('Kanister 3', 'Starting tile: Ada.')
"""

from __future__ import annotations

from collections.abc import Sequence

from rennbahn.core import i18n
from rennbahn.core.i18n import COMMON, Texts, catalogue

TEXTS: Texts = {
    # -- the start -------------------------------------------------------------------------
    "intro": ("Von 0 auf 100: {n} drivers, {races}; the {size} race on {length} track cards. "
              "Each round the cans 1 to 5 are put on the driver cards in turn, and the can "
              "moves that car. Every driver holds a secret licence: the first owned car "
              "across the line wins.",
              "Von 0 auf 100: {n} Fahrer, {races}; das {size} Rennen auf {length} "
              "Streckenkarten. In jeder Runde werden reihum die Kanister 1 bis 5 auf die "
              "Fahrerkarten gelegt, und der Kanister bewegt dieses Auto. Jeder Fahrer hat "
              "einen geheimen Führerschein: Das erste Auto mit Besitzer im Ziel gewinnt."),
    "intro_season": ("Racing season: a race lasts until three cars are across; they score "
                     "5, 3 and 1 points.",
                     "Rennsaison: Ein Rennen dauert, bis drei Autos im Ziel sind; sie "
                     "bekommen 5, 3 und 1 Punkte."),
    "intro_two": ("Two drivers: each holds two licences and wins with the second of them "
                  "across.",
                  "Zwei Fahrer: Jeder hat zwei Führerscheine und gewinnt mit dem zweiten "
                  "Auto im Ziel."),
    "races_one": ("one race", "ein Rennen"),
    "races_many": ("{n} races", "{n} Rennen"),
    "small": ("small", "kleine"),
    "big": ("big", "große"),
    "you_are": ("You are {name}.", "Du bist {name}."),
    "spectator": ("You are watching as a spectator.", "Du schaust als Zuschauer zu."),
    # -- laying and dealing ----------------------------------------------------------------
    "laid": ("Track card {square} laid: {card}.", "Streckenkarte {square} gelegt: {card}."),
    "laid_many": ("Track cards {first} to {last} laid: {cards}.",
                  "Streckenkarten {first} bis {last} gelegt: {cards}."),
    "kind_.": ("plain", "ohne Symbol"),
    "kind_x": ("2x (turbo)", "2x (Turbo)"),
    "kind_o": ("oil stain", "Ölfleck"),
    "kind_can": ("can {n}", "Kanister {n}"),
    "licence_own": ("You get a licence: the {colour} car ({car}). Keep it secret.",
                    "Du bekommst einen Führerschein: das {colour} Auto ({car}). Halte ihn "
                    "geheim."),
    "licence_other": ("{name} gets a licence, face down.",
                      "{name} bekommt verdeckt einen Führerschein."),
    # -- the cans --------------------------------------------------------------------------
    "placed": ("{name} puts can {can} on the {colour} driver card ({car}): {move}.",
               "{name} legt Kanister {can} auf die {colour} Fahrerkarte ({car}): {move}."),
    "placed_only": ("{name} puts can {can} on the {colour} driver card ({car}).",
                    "{name} legt Kanister {can} auf die {colour} Fahrerkarte ({car})."),
    "move": ("the car moves from {start} to {end}", "das Auto fährt von {start} auf {end}"),
    "move_back": ("the car slides back from {start} to {end}",
                  "das Auto rutscht von {start} zurück auf {end}"),
    "move_across": ("the car moves from {start} across the line",
                    "das Auto fährt von {start} über die Ziellinie"),
    "move_none": ("the car stays on {start}", "das Auto bleibt auf {start}"),
    "from_card": (" ({card} under it)", " ({card} darunter)"),
    "start_card": ("the start", "dem Start"),
    "new_round": ("Round {round}: {name} holds the starting tile; {cans} cans this round.",
                  "Runde {round}: {name} hat das Startplättchen; {cans} Kanister in dieser "
                  "Runde."),
    "withdrawn": ("Cans withdrawn for the rest of the race: {cans}.",
                  "Für den Rest des Rennens herausgenommene Kanister: {cans}."),
    # -- cars across -----------------------------------------------------------------------
    "crossed": ("The {colour} car ({car}) crosses the line.",
                "Das {colour} Auto ({car}) fährt über die Ziellinie."),
    "counts": ("The {colour} car ({car}) counts as across.",
               "Das {colour} Auto ({car}) gilt als im Ziel."),
    "decided_stopped": ("Race {race}: after {rounds} rounds the safety stop; the cars count "
                        "as across in the order of their squares, the furthest first (I16).",
                        "Rennen {race}: nach {rounds} Runden der Sicherheitsstopp; die Autos "
                        "gelten in der Reihenfolge ihrer Felder als im Ziel, das vorderste "
                        "zuerst (I16)."),
    "decided_caught": ("Race {race}: no car can reach the line past the oil any more; the "
                       "cars count as across in the order of their squares, the furthest "
                       "first (I17).",
                       "Rennen {race}: Kein Auto kann die Ziellinie hinter dem Öl noch "
                       "erreichen; die Autos gelten in der Reihenfolge ihrer Felder als im "
                       "Ziel, das vorderste zuerst (I17)."),
    "nobody": ("Nobody claims it: it is put aside, and a can is withdrawn.",
               "Niemand beansprucht es: Es wird beiseitegestellt, ein Kanister kommt heraus."),
    "nobody_season": ("Nobody claims it.", "Niemand beansprucht es."),
    "uncovers": ("{name} uncovers the licence of {car}.",
                 "{name} deckt den Führerschein von {car} auf."),
    "uncovers_both": ("{name} uncovers both licences ({cars}).",
                      "{name} deckt beide Führerscheine auf ({cars})."),
    # -- the end ---------------------------------------------------------------------------
    "race_won": ("Race {race} is over: {name} wins it.", "Rennen {race} ist vorbei: {name} "
                 "gewinnt es."),
    "race_over": ("Race {race} is over.", "Rennen {race} ist vorbei."),
    "licences": ("Licences uncovered: {list}.", "Aufgedeckte Führerscheine: {list}."),
    "licence_of": ("{car} {name}", "{car} {name}"),
    "unclaimed": ("Never claimed (their licences stay face down or in the box): {cars}.",
                  "Nie beansprucht (ihre Führerscheine bleiben verdeckt oder in der "
                  "Schachtel): {cars}."),
    "your_licence": ("Your licence: {cars}.", "Dein Führerschein: {cars}."),
    "scores": ("Score: {list}.", "Stand: {list}."),
    "score_of": ("{name} {n}", "{name} {n}"),
    "next_race": ("Race {race} of {races} begins; the track is laid anew.",
                  "Rennen {race} von {races} beginnt; die Strecke wird neu gelegt."),
    "game_won": ("The game is over: {name} wins with {n}.",
                 "Das Spiel ist vorbei: {name} gewinnt mit {n}."),
    "game_shared": ("The game is over: {names} share the win with {n} each.",
                    "Das Spiel ist vorbei: {names} teilen sich den Sieg mit je {n}."),
    "wins_one": ("1 race won", "1 gewonnenen Rennen"),
    "wins_many": ("{n} races won", "{n} gewonnenen Rennen"),
    "points": ("{n} points", "{n} Punkten"),
    # -- colours (German adjectives for "das ... Auto" / "die ... Fahrerkarte") -------------
    "colour_R": ("red", "rote"),
    "colour_O": ("orange", "orange"),
    "colour_Y": ("yellow", "gelbe"),
    "colour_G": ("green", "grüne"),
    "colour_B": ("blue", "blaue"),
    "colour_P": ("purple", "lila"),
    "car_R": ("red", "rot"),
    "car_O": ("orange", "orange"),
    "car_Y": ("yellow", "gelb"),
    "car_G": ("green", "grün"),
    "car_B": ("blue", "blau"),
    "car_P": ("purple", "lila"),
    # -- the terminal drawing (ui.py) ------------------------------------------------------
    "ui_title": ("Von 0 auf 100 — race {race} of {races}, round {round}",
                 "Von 0 auf 100 — Rennen {race} von {races}, Runde {round}"),
    "ui_start": ("start", "Start"),
    "ui_driver_cards": ("Driver cards", "Fahrerkarten"),
    "ui_across": ("across", "im Ziel"),
    "ui_can": ("can {n}", "Kanister {n}"),
    "ui_previous": ("Second row: the cans of the round before.",
                    "Zweite Zeile: die Kanister der Runde davor."),
    "ui_over": ("The game is over. ", "Das Spiel ist vorbei. "),
    "ui_layout": ("The track is being laid. ", "Die Strecke wird gelegt. "),
    "ui_deal": ("The licences are being dealt. ", "Die Führerscheine werden ausgeteilt. "),
    "ui_your_turn": ("Your turn: can {can}", "Du bist dran: Kanister {can}"),
    "ui_turn": ("{name}'s turn: can {can}", "{name} ist dran: Kanister {can}"),
    "ui_of": (" of {cans}. ", " von {cans}. "),
    "ui_withdrawn": ("Cans withdrawn: {cans}. ", "Herausgenommene Kanister: {cans}. "),
    "ui_pending": ("{n} more from next round. ", "{n} weitere ab der nächsten Runde. "),
    "ui_tile": ("Starting tile: {name}.", "Startplättchen: {name}."),
    "ui_score": ("Score — {list}", "Stand — {list}"),
    "ui_you": (" (you)", " (du)"),
    "ui_hint": ("Type 'licence' to see your car (the others look away), 'beliefs' for who "
                "may own which car.",
                "Tippe 'licence', um dein Auto zu sehen (die anderen schauen weg), 'beliefs' "
                "für die Frage, wem welches Auto gehören könnte."),
    "ui_legend": (
        "Track: S/Z is the start/target card; the numbers are the squares from the start.\n"
        "·: a plain track card; +1 to +5: a can card (a car standing on it moves by that "
        "number, whatever can it gets); 2x: turbo, a car standing on it moves twice as far; "
        "oil: an oil stain, a car standing on it slides back.\n"
        "R O Y G B P: the red, orange, yellow, green, blue and purple cars.\n"
        "Driver cards: 'can n' is the can put on that car this round; 'across' a car across "
        "the line, with the driver who uncovered its licence.\n"
        "Each round the cans 1 to 5 go on the driver cards in turn from the starting tile; a "
        "car gets one can a round; a car across with nobody's licence is put aside and a can "
        "is withdrawn (5, then 4).",
        "Strecke: S/Z ist die Start-/Zielkarte; die Zahlen sind die Felder ab dem Start.\n"
        "·: eine Streckenkarte ohne Symbol; +1 bis +5: eine Kanisterkarte (ein Auto darauf "
        "fährt so weit, welcher Kanister auch kommt); 2x: Turbo, ein Auto darauf fährt doppelt "
        "so weit; oil: ein Ölfleck, ein Auto darauf rutscht zurück.\n"
        "R O Y G B P: das rote, orange, gelbe, grüne, blaue und lila Auto.\n"
        "Fahrerkarten: 'Kanister n' ist der Kanister auf diesem Auto in dieser Runde; 'im "
        "Ziel' ein Auto über der Ziellinie, mit dem Fahrer, der seinen Führerschein "
        "aufgedeckt hat.\n"
        "In jeder Runde kommen die Kanister 1 bis 5 reihum ab dem Startplättchen auf die "
        "Fahrerkarten; ein Auto bekommt einen Kanister je Runde; ein Auto im Ziel ohne "
        "Besitzer wird beiseitegestellt und ein Kanister herausgenommen (erst 5, dann 4).",
    ),
    # -- the board (board.py) -------------------------------------------------------------
    "board_title": ("Von 0 auf 100 — race {race}/{races}, round {round}",
                    "Von 0 auf 100 — Rennen {race}/{races}, Runde {round}"),
    "board_start": ("START / FINISH", "START / ZIEL"),
    "board_can_on": ("can on {colour}", "Dose auf {colour}"),
    "board_over": ("The race is over.", "Das Rennen ist vorbei."),
    "board_wins": ("{names} wins!", "{names} gewinnt!"),
    "board_win": ("{names} win!", "{names} gewinnen!"),
    "board_layout": ("The track is being laid.", "Die Strecke wird gelegt."),
    "board_deal": ("The licences are being dealt.", "Die Führerscheine werden verteilt."),
    "board_your_turn": ("Your turn: can {can}", "Du bist dran: Dose {can}"),
    "board_turn": ("{name}'s turn: can {can}", "{name} ist dran: Dose {can}"),
    "board_withdrawn": ("Cans withdrawn: {cans}", "Dosen aus dem Spiel: {cans}"),
    "board_last": ("{name}: can {can} on {car}, {start}→{end}",
                   "{name}: Dose {can} auf {car}, {start}→{end}"),
    "board_across": ("Across the line:", "Im Ziel:"),
    "board_tile": ("Starting tile: {name}", "Startspieler: {name}"),
    "board_licence": ("Your licence (secret):", "Dein Führerschein (geheim):"),
    "board_moved": ("moved this race", "bewegt in diesem Rennen"),
    "board_score": ("Score — {list}", "Stand — {list}"),
}

#: The catalogue of every text of Von 0 auf 100, by language then key; with the phrases
#: every catalogue shares (:data:`rennbahn.core.i18n.COMMON`).
CATALOGUE: dict[str, dict[str, str]] = catalogue({**COMMON, **TEXTS})


class Teller(i18n.Teller):
    """The words of one language and one set of seat names (the narration, the board and
    the terminal drawing share it)."""

    def __init__(self, lang: str = "en", names: Sequence[str] | None = None) -> None:
        super().__init__(CATALOGUE, lang, names)

    def kind(self, code: str) -> str:
        """A track card by its code (``components.KIND_CODES``)."""
        if code in ".xo":
            return self("kind_" + code)
        return self("kind_can", n=code)


__all__ = ["CATALOGUE", "TEXTS", "Teller"]
