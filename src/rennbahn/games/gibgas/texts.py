"""Every word of Gib Gas! a player reads, in one catalogue, and the game's :class:`Teller`.

The narration, the board and the terminal drawing all speak from :data:`TEXTS`
(``key: (English, German)``, as every catalogue in rennbahn is written) through a
:class:`Teller`, which adds the game's own words: a card's name, a track card's short name,
points and the points left on a car. Seat names come from ``rennbahn.core.i18n.COMMON``.

>>> say = Teller("de", ["Anna"])
>>> say("takes", name=say.seat(0), card=say.card("die")), say.track("XF3-1")
('Anna nimmt Würfel zurück.', 'Vollgas-Crash 3')
"""

from __future__ import annotations

from collections.abc import Sequence

from rennbahn.core import i18n
from rennbahn.core.i18n import Texts, catalogue
from rennbahn.games.gibgas.components import START_DAMAGE, track_card
from rennbahn.games.gibgas.views import Driver

#: Every text a player reads, English and German side by side: the narration's, the
#: terminal drawing's (``ui_``) and the board's (``board_``).
TEXTS: Texts = {
    # -- the start -------------------------------------------------------------------------
    "intro": (
        "Gib Gas!: {n} drivers race for {cards} track cards, driven for one by one from the "
        "face-up row. Each round every driver plays a card at the same time.",
        "Gib Gas!: {n} Fahrer fahren um {cards} Streckenkarten, eine nach der anderen aus der "
        "offenen Reihe. In jeder Runde spielen alle Fahrer gleichzeitig eine Karte.",
    ),
    "intro_rules": (
        "Vollgas! goes to the fastest car, Bremsen! to the slowest; on a Crash card the "
        "fastest (slowest) car crashes. Cars at the same speed have a fender bender and cannot "
        "take the card. At the end: stars won plus car points left; a total loss ends the race "
        "and cannot win.",
        "Vollgas! bekommt das schnellste Auto, Bremsen! das langsamste; bei einer Crash-Karte "
        "baut das schnellste (langsamste) Auto den Crash. Autos mit gleichem Tempo haben einen "
        "Blechschaden und bekommen die Karte nicht. Am Ende zählen die gewonnenen Sterne plus "
        "die übrigen Punkte des Wagens; ein Totalschaden beendet das Rennen und kann nicht "
        "gewinnen.",
    ),
    "intro_franz": (
        "Franz, an imaginary third driver, races too: he reveals the top card of his pile, "
        "takes no damage, and a card he wins goes back to the box.",
        "Franz, ein gedachter dritter Fahrer, fährt mit: Er deckt die oberste Karte seines "
        "Stapels auf, nimmt keinen Schaden, und eine Karte, die er gewinnt, kommt zurück in "
        "die Schachtel.",
    ),
    "intro_six": (
        "Six drivers: before the race every driver puts one speed card out, unseen.",
        "Sechs Fahrer: Vor dem Rennen legt jeder Fahrer verdeckt eine Tempokarte ab.",
    ),
    "intro_champions": (
        "Race for Champions: a pit stop may also repair the car.",
        "Rennen der Champions: Ein Boxenstopp darf den Wagen auch reparieren.",
    ),
    "you_are": ("You are {name}.", "Du bist {name}."),
    "spectator": ("You are watching as a spectator.", "Du schaust als Zuschauer zu."),
    "your_hand": ("Your hand: {cards}.", "Deine Hand: {cards}."),
    # -- track cards -----------------------------------------------------------------------
    "dealt": ("Track card dealt face up: {cards}.", "Streckenkarte offen ausgelegt: {cards}."),
    "dealt_many": ("Track cards dealt face up: {cards}.",
                   "Streckenkarten offen ausgelegt: {cards}."),
    "card_V": ("Vollgas! {stars}★", "Vollgas! {stars}★"),
    "card_B": ("Bremsen! {stars}★", "Bremsen! {stars}★"),
    "card_XF": ("Vollgas-Crash {crash}", "Vollgas-Crash {crash}"),
    "card_XS": ("Bremsen-Crash {crash}", "Bremsen-Crash {crash}"),
    "rule_V": ("the fastest car wins it", "das schnellste Auto gewinnt sie"),
    "rule_B": ("the slowest car wins it", "das langsamste Auto gewinnt sie"),
    "rule_XF": ("the fastest car crashes and loses {points}",
                "das schnellste Auto baut den Crash und verliert {points}"),
    "rule_XS": ("the slowest car crashes and loses {points}",
                "das langsamste Auto baut den Crash und verliert {points}"),
    "round": ("Round {round} — the cars race for {card}: {rule}; cars at the same speed lose "
              "{points} each.",
              "Runde {round} — es geht um {card}: {rule}; gleich schnelle Wagen verlieren je "
              "{points}."),
    "points_one": ("{n} point", "{n} Punkt"),
    "points_many": ("{n} points", "{n} Punkte"),
    "car_left": ("car {left} of {full} points left", "Wagen: {left} von {full} Punkten übrig"),
    # -- the driver's cards ----------------------------------------------------------------
    "die": ("die", "Würfel"),
    "tempo": ("Tempo-Halten", "Tempo-Halten"),
    "pit": ("Boxenstopp", "Boxenstopp"),
    "discard_own": ("You put {card} out of the race, unseen.",
                    "Du legst {card} verdeckt ab; die Karte ist aus dem Rennen."),
    "discard_all": ("Every driver has put one speed card out of the race, unseen.",
                    "Jeder Fahrer hat verdeckt eine Tempokarte aus dem Rennen genommen."),
    # -- the reveal ------------------------------------------------------------------------
    "revealed": ("Revealed: {plays}.", "Aufgedeckt: {plays}."),
    "plays": ("{name} plays {card}", "{name} spielt {card}"),
    "shows": ("Franz {card}", "Franz {card}"),
    "play_die": ("{die} (rolls the speed die)", "{die} (würfelt das Tempo)"),
    "play_rolled": ("{card} → {speed}", "{card} → {speed}"),
    "play_tempo": ("{tempo} (= {speed})", "{tempo} (= {speed})"),
    "play_tempo_die": ("{tempo} (repeats the die: rolls it again)",
                       "{tempo} (wiederholt den Würfel: würfelt erneut)"),
    "play_tempo_pit": ("{tempo} (right after a pit stop: into the pits again)",
                       "{tempo} (direkt nach dem Boxenstopp: wieder in die Box)"),
    "play_pit": ("{pit} (into the pits)", "{pit} (in die Box)"),
    "hand_back": ("{name} has played every card and takes them all back into hand.",
                  "{name} hat alle Karten gespielt und nimmt sie alle wieder auf die Hand."),
    "franz_reveals": ("Franz reveals {card}.", "Franz deckt {card} auf."),
    "franz_again": ("Franz reveals Tempo-Halten with no speed to repeat yet, so he reveals "
                    "another card.",
                    "Franz deckt Tempo-Halten auf, hat aber noch kein Tempo zu halten, und "
                    "deckt eine weitere Karte auf."),
    "franz_shuffle": ("Franz's pile ran out and is shuffled again.",
                      "Franz' Stapel ist aufgebraucht und wird neu gemischt."),
    "rolls": ("{name} rolls the speed die: {speed}.", "{name} würfelt: {speed}."),
    # -- the drive -------------------------------------------------------------------------
    "bender": ("Fender bender at {speed}: {who}; each car loses {points}.",
               "Blechschaden bei {speed}: {who}; jeder Wagen verliert {points}."),
    "no_damage": ("no damage", "kein Schaden"),
    "fastest": ("fastest car", "schnellstes Auto"),
    "slowest": ("slowest car", "langsamstes Auto"),
    "fastest_free": ("fastest car not in a fender bender", "schnellstes Auto ohne Blechschaden"),
    "slowest_free": ("slowest car not in a fender bender", "langsamstes Auto ohne Blechschaden"),
    "wins": ("{name} wins {card} as the {reason} (+{stars}★, {total}★ in all).",
             "{name} gewinnt {card} als {reason} (+{stars}★, insgesamt {total}★)."),
    "franz_wins": ("Franz wins {card} as the {reason}; it goes back to the box.",
                   "Franz gewinnt {card} als {reason}; sie kommt zurück in die Schachtel."),
    "crashes": ("{name} causes the crash as the {reason} and loses {points} ({left}); the "
                "card goes back to the box.",
                "{name} baut den Crash als {reason} und verliert {points} ({left}); die Karte "
                "kommt zurück in die Schachtel."),
    "franz_crashes": ("Franz causes the crash as the {reason}; his car takes no damage.",
                      "Franz baut den Crash als {reason}; sein Wagen nimmt keinen Schaden."),
    "nobody_takes": ("{why}: nobody takes {card}; it goes back to the box.",
                     "{why}: Niemand bekommt {card}; sie kommt zurück in die Schachtel."),
    "nobody_crashes": ("{why}: nobody crashes on {card}; it goes back to the box.",
                       "{why}: Niemand baut bei {card} den Crash; sie kommt zurück in die "
                       "Schachtel."),
    "why_pits": ("Every car is in the pits", "Alle Autos sind in der Box"),
    "why_benders": ("Every car on the track had a fender bender",
                    "Jedes Auto auf der Strecke hatte einen Blechschaden"),
    "why_second": ("The first two speeds both had fender benders",
                   "Die beiden ersten Tempi hatten beide Blechschaden"),
    "in_pits": ("In the pits, out of the race for this card: {names}.",
                "In der Box, ohne Chance auf diese Karte: {names}."),
    "total_loss": ("{name} has a total loss: no points left on the car.",
                   "{name} hat einen Totalschaden: keine Punkte mehr auf dem Wagen."),
    # -- pit stops -------------------------------------------------------------------------
    "pit_roll": ("{name}'s Boxenstopp: rolls {face} → {points} to take back played cards.",
                 "Boxenstopp von {name}: würfelt {face} → {points} zum Zurücknehmen "
                 "gespielter Karten."),
    "pit_roll_champions": ("{name}'s Boxenstopp: rolls {face} → {points} to take back played "
                           "cards or repair the car.",
                           "Boxenstopp von {name}: würfelt {face} → {points} zum "
                           "Zurücknehmen gespielter Karten oder zum Reparieren."),
    "pit_nothing": ("{name}'s Boxenstopp: rolls {face} → {points}, but has nothing to take "
                    "back.",
                    "Boxenstopp von {name}: würfelt {face} → {points}, hat aber nichts zum "
                    "Zurücknehmen."),
    "pit_nothing_champions": ("{name}'s Boxenstopp: rolls {face} → {points}, but has nothing "
                              "to take back and nothing to repair.",
                              "Boxenstopp von {name}: würfelt {face} → {points}, hat aber "
                              "nichts zum Zurücknehmen und nichts zu reparieren."),
    "takes": ("{name} takes back {card}.", "{name} nimmt {card} zurück."),
    "takes_more": ("{name} takes back {card} ({points} still to use).",
                   "{name} nimmt {card} zurück (noch {points})."),
    "pit_unused": ("Nothing else to take back: {points} unused.",
                   "Nichts mehr zum Zurücknehmen: {points} verfallen."),
    "repairs": ("{name} repairs {points} ({left}).", "{name} repariert {points} ({left})."),
    "repairs_more": ("{name} repairs {points} ({left}; {rest} still to use).",
                     "{name} repariert {points} ({left}; noch {rest})."),
    # -- the end ---------------------------------------------------------------------------
    "over_loss": ("Race over. It ends at once: total loss for {names}; a car with a total "
                  "loss cannot win.",
                  "Rennen vorbei. Es endet sofort: Totalschaden für {names}; ein Wagen mit "
                  "Totalschaden kann nicht gewinnen."),
    "over_done": ("Race over. The last track card is done.",
                  "Rennen vorbei. Die letzte Streckenkarte ist gefahren."),
    "score": ("{name}: {stars}★ + {left} car points = {total} points.",
              "{name}: {stars}★ + {left} Wagenpunkte = {total} Punkte."),
    "score_out": ("{name}: total loss, 0 points.", "{name}: Totalschaden, 0 Punkte."),
    "winner": ("{name} wins the race with {total} points.",
               "{name} gewinnt das Rennen mit {total} Punkten."),
    "winner_tie": ("{name} wins the race: {total} points, as many as {others}, but more car "
                   "points left ({left}).",
                   "{name} gewinnt das Rennen: {total} Punkte wie {others}, aber mehr "
                   "Wagenpunkte übrig ({left})."),
    "shared": ("{names} share the win: {total} points each and as many car points left.",
               "{names} teilen sich den Sieg: je {total} Punkte und gleich viele Wagenpunkte "
               "übrig."),
    "nobody_wins": ("Nobody wins: every car ended in a total loss.",
                    "Niemand gewinnt: Jeder Wagen hat einen Totalschaden."),
    # -- the terminal drawing (ui.py) ------------------------------------------------------
    "ui_title": ("Gib Gas! — round {round}", "Gib Gas! — Runde {round}"),
    "ui_track": ("Track  ", "Strecke  "),
    "ui_stack": ("({n} cards left in the stack)", "({n} Karten im Stapel)"),
    "ui_driver": ("driver", "Fahrer"),
    "ui_car": ("points left", "Punkte übrig"),
    "ui_stars": ("stars", "Sterne"),
    "ui_won": ("won", "gewonnen"),
    "ui_played": ("played", "gespielt"),
    "ui_hand": ("hand", "Hand"),
    "ui_this_round": ("this round", "diese Runde"),
    "ui_you": (" (you)", " (du)"),
    "ui_cards": ("{n} cards", "{n} Karten"),
    "ui_secret_out": ("Every driver has put one speed card out, unseen; others' hands are not "
                      "shown.",
                      "Jeder Fahrer hat verdeckt eine Tempokarte abgelegt; die Hände der "
                      "anderen sind nicht zu sehen."),
    "ui_franz": ("Franz: card {card}; {n} cards in his pile",
                 "Franz: Karte {card}; {n} Karten in seinem Stapel"),
    "ui_pit": ("Boxenstopp: {points} to use", "Boxenstopp: noch {points}"),
    "ui_discard": ("Put out, unseen: {card}", "Verdeckt abgelegt: {card}"),
    "ui_crash": ("crash {n}", "Crash {n}"),
    "ui_legend_title": ("Gib Gas! legend", "Gib Gas!-Legende"),
    "ui_legend": (
        "Track row: the face-up track cards; the first (reversed) is driven for this round.\n"
        "Vollgas! n★: the fastest car wins the card and its n stars; Bremsen! n★: the slowest "
        "car wins it.\n"
        "Vollgas-Crash / Bremsen-Crash crash n: the fastest / slowest car crashes and loses n "
        "points; the card goes back to the box.\n"
        "▼n: a fender bender (cars at the same speed) costs each car n points, and none of "
        "them can take the card.\n"
        "points left 15/18: points left on the car's damage card (18 at the start, 0 is a "
        "total loss; green above 10, yellow 6-10, red 5 or fewer).\n"
        "Cards: 200-250 speed cards; die: roll the speed die (100, 100, 100, 240, 250, 300); "
        "tempo: Tempo-Halten, drive your last speed again; pit: Boxenstopp, sit the round out, "
        "then roll the die and take back 1 (100), 2 (240, 250) or 3 (300) played cards.\n"
        "→ 240: the speed a die or Tempo-Halten gave; → pit: in the pits this round.\n"
        "Points at the end: stars + car points left; a total loss scores nothing and ends the "
        "race.",
        "Streckenreihe: die offenen Streckenkarten; um die erste (invertiert) geht es in "
        "dieser Runde.\n"
        "Vollgas! n★: das schnellste Auto gewinnt die Karte und ihre n Sterne; Bremsen! n★: "
        "das langsamste Auto gewinnt sie.\n"
        "Vollgas-Crash / Bremsen-Crash Crash n: das schnellste / langsamste Auto baut den "
        "Crash und verliert n Punkte; die Karte kommt zurück in die Schachtel.\n"
        "▼n: ein Blechschaden (Autos mit gleichem Tempo) kostet jeden Wagen n Punkte, und "
        "keiner von ihnen bekommt die Karte.\n"
        "Punkte übrig 15/18: Punkte, die auf der Schadenskarte übrig sind (18 zu Beginn, 0 ist ein "
        "Totalschaden; grün über 10, gelb 6-10, rot 5 oder weniger).\n"
        "Karten: 200-250 Tempokarten; die: Würfel, das Tempo würfeln (100, 100, 100, 240, "
        "250, 300); tempo: Tempo-Halten, das letzte Tempo noch einmal fahren; pit: Boxenstopp, "
        "die Runde aussetzen, dann würfeln und 1 (100), 2 (240, 250) oder 3 (300) gespielte "
        "Karten zurücknehmen.\n"
        "→ 240: das Tempo, das Würfel oder Tempo-Halten ergab; → Box: in dieser Runde in der "
        "Box.\n"
        "Punkte am Ende: Sterne + übrige Wagenpunkte; ein Totalschaden zählt nichts und "
        "beendet das Rennen.",
    ),
    "ui_pit_word": ("pit", "Box"),
    # -- the board (board.py) --------------------------------------------------------------
    "board_round": ("round", "Runde"),
    "board_stack": ("{n} in the stack", "{n} im Stapel"),
    "board_next": ("next", "als Nächstes"),
    "board_rolls": ("rolls…", "würfelt…"),
    "board_revealed_for": ("Revealed for", "Aufgedeckt für"),
    "board_last_round": ("Last round", "Letzte Runde"),
    "board_bender": ("Fender bender: {who} (-{points} each)", "Blechschaden: {who} (je -{points})"),
    "board_nobody_takes": ("Nobody takes the card.", "Niemand bekommt die Karte."),
    "board_crashes": ("{name} crashes (-{points}).", "{name} baut den Crash (-{points})."),
    "board_wins_card": ("{name} wins the card (+{stars}★).",
                        "{name} gewinnt die Karte (+{stars}★)."),
    "board_points_left": ("points left {left}/{full}", "Punkte übrig {left}/{full}"),
    "board_total_loss": ("total loss", "Totalschaden"),
    "board_won": ("{n} won", "{n} gewonnen"),
    "board_card_one": ("{n} card", "{n} Karte"),
    "board_in_hand": ("{n} in hand", "{n} auf der Hand"),
    "board_your_hand": ("Your hand", "Deine Hand"),
    "board_played": ("Played", "Gespielt"),
    "board_secret_out": ("Secretly out: {card}", "Verdeckt abgelegt: {card}"),
    "board_repair": ("Repair: +1 point", "Reparieren: +1 Punkt"),
    "board_pit": ("Pit stop: {name}", "Boxenstopp: {name}"),
    "board_pit_rolls": ("rolls the pit die", "würfelt für den Boxenstopp"),
    "board_pit_rolled": ("rolled {face}: {points} to use", "{face} gewürfelt: noch {points}"),
    "board_pit_then": ("; then {names}", "; danach {names}"),
    "board_pit_before": ("; {name} rolled {face}", "; {name} hat {face} gewürfelt"),
    "board_last_pit": ("Last pit stop: {name}", "Letzter Boxenstopp: {name}"),
    "board_last_pit_rolled": ("rolled {face} ({points})", "{face} gewürfelt ({points})"),
    "board_franz": ("card {card}; {n} cards in his pile", "Karte {card}; {n} Karten im Stapel"),
    "board_win_one": ("{names} wins!", "{names} gewinnt!"),
    "board_win_many": ("{names} win!", "{names} gewinnen!"),
    "board_nobody_wins": ("Nobody wins.", "Niemand gewinnt."),
    "board_points": ("Points: ", "Punkte: "),
}

#: The catalogue of every text of Gib Gas!, by language then key (``rennbahn.core.i18n``).
CATALOGUE: dict[str, dict[str, str]] = catalogue(TEXTS)


class Teller(i18n.Teller):
    """The words of Gib Gas! in one language, with one set of seat names."""

    def __init__(self, lang: str = "en", names: Sequence[str] | None = None) -> None:
        super().__init__(CATALOGUE, lang, names)

    def points(self, n: int) -> str:
        return self("points_one" if n == 1 else "points_many", n=n)

    def car_left(self, left: int) -> str:
        return self("car_left", left=left, full=START_DAMAGE)

    def card(self, name: str | None) -> str:
        """A driver's card by its German original (``die`` is ``Würfel`` in German)."""
        if name is None:
            return "-"
        return self(name) if name in ("die", "tempo", "pit") else name

    def cards(self, names: Sequence[str]) -> str:
        return ", ".join(self.card(n) for n in names) or "-"

    def track(self, code: str) -> str:
        """A track card's short name: ``Vollgas! 2★`` or ``Vollgas-Crash 3``."""
        card = track_card(code)
        return self("card_" + card.kind.value, stars=card.stars, crash=card.crash)

    def played(self, driver: Driver) -> str:
        """A driver's card this round and the speed it gave, as far as the view tells."""
        card, speed = driver.card, driver.speed
        if card == "die":
            if isinstance(speed, int):
                return self("play_rolled", card=self("die"), speed=speed)
            return self("play_die", die=self("die"))
        if card == "tempo":
            if speed == "pit":
                return self("play_tempo_pit", tempo=self("tempo"))
            if isinstance(speed, int):
                return self("play_tempo", tempo=self("tempo"), speed=speed)
            return self("play_tempo_die", tempo=self("tempo"))
        if card == "pit":
            return self("play_pit", pit=self("pit"))
        return self.card(card)


__all__ = ["CATALOGUE", "TEXTS", "Teller"]
