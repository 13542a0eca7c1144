"""What happened in a race of Gib Gas!, told in words from one seat's view (or the public one).

``narrate(before, after)`` reads two observations around one step of the game — a track card
dealt, the secret discard, the reveal of every driver's card, Franz's card, a roll of the speed
die, a pit stop's roll or a card taken back — and tells it in plain lines, in English or
German. It reads only the two views, so it never tells more than the seat saw. The terminal
(``ui.py``) and the browser call it the same way.

>>> import rennbahn
>>> state = rennbahn.load_game("gibgas(players=3)").state_from_text(
...     "choose V2-1,B1-1,XF3-1,XS3-1;0 q=- pts=0 | 18/012345DTP/-/-/-/-/-/-/-"
...     " | 18/012345DTP/-/-/-/-/-/-/- | 18/012345DTP/-/-/-/-/-/-/-")
>>> before = state.observation(0)
>>> state.apply_actions([3, 5, 4])
>>> narrate(before, state.observation(0))[1]
'Driver 2 wins Vollgas! 2★ as the fastest car (+2★, 2★ in all).'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from rennbahn.core import i18n
from rennbahn.core.i18n import catalogue
from rennbahn.core.registry import load_game
from rennbahn.games.gibgas.components import PIT_POINTS, START_DAMAGE, Kind, TrackCard
from rennbahn.games.gibgas.rules import GibGasGame, resolve_drive

View = Mapping[str, Any]

# Every text a player reads, English and German side by side; ``CATALOGUE`` is built from it.
_TEXTS: dict[str, tuple[str, str]] = {
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
}

#: The catalogue of every text of Gib Gas!, by language then key (``rennbahn.core.i18n``).
CATALOGUE: dict[str, dict[str, str]] = catalogue(_TEXTS)

@lru_cache(maxsize=64)
def _game(name: str) -> GibGasGame:
    game = load_game(name)
    assert isinstance(game, GibGasGame)
    return game


def track_card(code: str) -> TrackCard:
    """The track card a code such as ``V2-1`` or ``XF3-1`` names."""
    kind = code.rstrip("0123456789-")
    value, _, arrows = code[len(kind):].partition("-")
    crash = Kind(kind).is_crash
    return TrackCard(Kind(kind), 0 if crash else int(value), int(arrows),
                     int(value) if crash else 0)


class Teller(i18n.Teller):
    """The words of one language and one set of seat names (shared with ``ui.py``)."""

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

    def played(self, driver: Mapping[str, Any]) -> str:
        """A driver's card this round and the speed it gave, as far as the view tells."""
        card, speed = driver.get("card"), driver.get("speed")
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


def _resolved(view: View) -> int:
    """How many track cards have been driven for."""
    return int(view["round"]) - (0 if view["phase"] == "over" else 1)


def _dealt(view: View) -> int:
    return _resolved(view) + len(view["row"])


def _own(view: View) -> Mapping[str, Any] | None:
    seat = view.get("seat")
    drivers = view["drivers"]
    if isinstance(seat, int) and 0 <= seat < len(drivers):
        driver: Mapping[str, Any] = drivers[seat]
        return driver
    return None


def narrate(before: View | None, after: View, *, lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """Every event one seat saw between two of its observations (``before`` None: the start).

    ``before`` and ``after`` are one seat's observations (or two public observations) around
    one step; ``names`` are the names given to the seats, else "Driver n" from 1.
    """
    say = Teller(lang, names)
    if before is None:
        return _start(after, say)
    lines: list[str] = []
    steps: tuple[Callable[[View, View, Teller], list[str]], ...] = (
        _discards, _reveal, _franz, _rolls, _drive, _pit_stops, _deals, _next_round, _end)
    for step in steps:
        lines += step(before, after, say)
    return lines


def _start(view: View, say: Teller) -> list[str]:
    game = _game(str(view["game"]))
    lines = [say("intro", n=game.players, cards=game.deck.raced), say("intro_rules")]
    if game.franz:
        lines.append(say("intro_franz"))
    if game.discard:
        lines.append(say("intro_six"))
    if game.champions:
        lines.append(say("intro_champions"))
    seat = view.get("seat")
    lines.append(say("you_are", name=say.seat(seat)) if isinstance(seat, int)
                 else say("spectator"))
    if view["row"]:
        lines.append(say("dealt_many" if len(view["row"]) > 1 else "dealt",
                         cards=", ".join(say.track(c) for c in view["row"])))
    own = _own(view)
    if own is not None and "hand" in own:
        lines.append(say("your_hand", cards=say.cards(own["hand"])))
    if own is not None and own.get("discard"):
        lines.append(say("discard_own", card=own["discard"]))
    if view["phase"] != "deal":
        lines += _next_round(None, view, say)
    return lines


def _deals(before: View, after: View, say: Teller) -> list[str]:
    new = _dealt(after) - _dealt(before)
    if new <= 0:
        return []
    codes = list(after["row"][-new:])
    return [say("dealt_many" if len(codes) > 1 else "dealt",
                cards=", ".join(say.track(c) for c in codes))]


def _discards(before: View, after: View, say: Teller) -> list[str]:
    lines: list[str] = []
    mine, was = _own(after), _own(before)
    if mine is not None and mine.get("discard") and not (was or {}).get("discard"):
        lines.append(say("discard_own", card=mine["discard"]))
        if "hand" in mine:
            lines.append(say("your_hand", cards=say.cards(mine["hand"])))
    if before["phase"] == "discard" and after["phase"] != "discard":
        lines.append(say("discard_all"))
    return lines


def _revealed(before: View, after: View) -> bool:
    return before["phase"] == "choose" and (
        after["phase"] != "choose" or _resolved(after) != _resolved(before))


def _reveal(before: View, after: View, say: Teller) -> list[str]:
    """Every driver's card (and Franz's, if already shown), and hands that came back."""
    if not _revealed(before, after):
        return []
    drivers = after["drivers"]
    plays = [say("plays", name=say.seat(i), card=say.played(d)) for i, d in enumerate(drivers)]
    franz = after.get("franz")
    if franz is not None and after["phase"] != "franz" and franz.get("card") is not None:
        plays.append(say("shows", card=_franz_card(franz, say)))
    lines = [say("revealed", plays="; ".join(plays))]
    for i, d in enumerate(drivers):
        if d.get("card") is not None and not d["played"]:
            lines.append(say("hand_back", name=say.seat(i)))
    own = _own(after)
    if own is not None and own.get("card") is not None and not own["played"] and "hand" in own:
        lines.append(say("your_hand", cards=say.cards(own["hand"])))
    return lines


def _franz_card(franz: Mapping[str, Any], say: Teller) -> str:
    card, speed = franz.get("card"), franz.get("speed")
    if card == "tempo" and isinstance(speed, int):
        return say("play_tempo", tempo=say("tempo"), speed=speed)
    return say.card(card)


def _franz(before: View, after: View, say: Teller) -> list[str]:
    was, now = before.get("franz"), after.get("franz")
    if was is None or now is None or before["phase"] != "franz":
        return []
    lines: list[str] = []
    if sum(now["pile"].values()) > sum(was["pile"].values()):
        lines.append(say("franz_shuffle"))
    if after["phase"] == "franz":
        lines.append(say("franz_again"))
    elif now.get("card") is not None:
        lines.append(say("franz_reveals", card=_franz_card(now, say)))
    return lines


def _rolls(before: View, after: View, say: Teller) -> list[str]:
    lines: list[str] = []
    for i, (was, now) in enumerate(zip(before["drivers"], after["drivers"], strict=True)):
        if was.get("speed") == "rolling" and isinstance(now.get("speed"), int):
            lines.append(say("rolls", name=say.seat(i), speed=now["speed"]))
    return lines


def _drive(before: View, after: View, say: Teller) -> list[str]:
    """The front track card: fender benders, who took it or crashed, the pits, total losses."""
    if _resolved(after) <= _resolved(before) or after.get("last_card") is None:
        return []
    game = _game(str(after["game"]))
    code = str(after["last_card"])
    card = track_card(code)
    drivers = after["drivers"]
    n = len(drivers)
    raw: list[Any] = [d.get("speed") for d in drivers]
    franz = after.get("franz")
    if franz is not None:
        raw.append(franz.get("speed"))
    speeds = [s if isinstance(s, int) else 0 for s in raw]
    benders, taker = resolve_drive(card, speeds, game.second_only)

    def who(car: int) -> str:
        return say.seat(car) if car < n else "Franz"

    def hurt(car: int) -> str:
        left = say("no_damage") if car >= n else say.car_left(int(drivers[car]["damage"]))
        return f"{who(car)} ({left})"

    lines: list[str] = []
    for speed in sorted({speeds[b] for b in benders}, reverse=card.kind.rewards_fastest):
        group = [b for b in benders if speeds[b] == speed]
        lines.append(say("bender", speed=speed, who=say.join([hurt(b) for b in group]),
                         points=say.points(card.bender)))
    name = say.track(code)
    fastest = card.kind.rewards_fastest
    reason = say(("fastest" if fastest else "slowest") + ("_free" if benders else ""))
    if taker < 0:
        on_track = [car for car, s in enumerate(speeds) if s > 0]
        if not on_track:
            why = "why_pits"
        elif all(car in benders for car in on_track):
            why = "why_benders"
        else:  # pass_on=second (I1): only the first two speeds may take the card
            why = "why_second"
        lines.append(say("nobody_crashes" if card.kind.is_crash else "nobody_takes",
                         why=say(why), card=name))
    elif card.kind.is_crash:
        if taker >= n:
            lines.append(say("franz_crashes", reason=reason))
        else:
            lines.append(say("crashes", name=who(taker), reason=reason,
                             points=say.points(card.crash),
                             left=say.car_left(int(drivers[taker]["damage"]))))
    elif taker >= n:
        lines.append(say("franz_wins", card=name, reason=reason))
    else:
        lines.append(say("wins", name=who(taker), card=name, reason=reason, stars=card.stars,
                         total=drivers[taker]["stars"]))
    pits = [say.seat(i) for i, d in enumerate(drivers) if d.get("speed") == "pit"]
    if pits:
        lines.append(say("in_pits", names=say.join(pits)))
    for i, (was, now) in enumerate(zip(before["drivers"], drivers, strict=True)):
        if now.get("out") and not was.get("out"):
            lines.append(say("total_loss", name=say.seat(i)))
    return lines


def _pit_stops(before: View, after: View, say: Teller) -> list[str]:
    """A pit stop's roll of the die, and each card taken back or point repaired."""
    phase = before["phase"]
    if phase not in ("pitroll", "pittake"):
        return []
    seat = int(before["pit"]["queue"][0])
    name = say.seat(seat)
    pit = after.get("pit") or {}
    still = after["phase"] == "pittake" and pit.get("queue", [None])[0] == seat
    points = int(pit.get("points", 0)) if still else 0
    lines: list[str] = []
    if phase == "pitroll":
        # The die face, not only the points (240 and 250 both give 2); a stop that ends at
        # once has left the pit panel, and the last-stop record still tells its roll.
        face = int(pit["roll"] if still else after["last_pit"]["roll"])
        champions = _game(str(after["game"])).champions
        if not still:
            key = "pit_nothing_champions" if champions else "pit_nothing"
            return [say(key, name=name, face=face, points=say.points(PIT_POINTS[face]))]
        lines.append(say("pit_roll_champions" if champions else "pit_roll", name=name,
                         face=face, points=say.points(points)))
        return lines
    was, now = before["drivers"][seat], after["drivers"][seat]
    taken = [c for c in was["played"] if c not in now["played"]]
    for card in taken:
        key = "takes_more" if still else "takes"
        lines.append(say(key, name=name, card=say.card(card), points=say.points(points)))
    repaired = int(now["damage"]) - int(was["damage"])
    if repaired > 0:
        lines.append(say("repairs_more" if still else "repairs", name=name,
                         points=say.points(repaired), left=say.car_left(int(now["damage"])),
                         rest=say.points(points)))
    unused = int(before["pit"]["points"]) - len(taken) - max(repaired, 0)
    if not still and unused > 0:  # the stop ends early: nothing left to take back
        lines.append(say("pit_unused", points=say.points(unused)))
    return lines


def _next_round(before: View | None, after: View, say: Teller) -> list[str]:
    """A new round: the track card the cars race for now, and what it does."""
    if after["phase"] not in ("choose", "discard") or not after["row"]:
        return []
    if before is not None and before["phase"] in ("choose", "discard") \
            and _resolved(before) == _resolved(after):
        return []
    code = str(after["row"][0])
    card = track_card(code)
    rule = say("rule_" + card.kind.value, points=say.points(card.crash))
    return [say("round", round=after["round"], card=say.track(code), rule=rule,
                points=say.points(card.bender))]


def _end(before: View, after: View, say: Teller) -> list[str]:
    if after["phase"] != "over" or before["phase"] == "over":
        return []
    return _result(after, say)


def result(view: View, *, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
    """Why the race ended, every driver's points and who won, and why (a finished race)."""
    return _result(view, Teller(lang, names)) if view["phase"] == "over" else []


def _result(after: View, say: Teller) -> list[str]:
    drivers = after["drivers"]
    out = [say.seat(i) for i, d in enumerate(drivers) if d.get("out")]
    lines = [say("over_loss", names=say.join(out)) if out else say("over_done")]
    scores = [int(s) for s in after["scores"]]
    for i, d in enumerate(drivers):
        if d.get("out"):
            lines.append(say("score_out", name=say.seat(i)))
        else:
            lines.append(say("score", name=say.seat(i), stars=d["stars"], left=d["damage"],
                             total=scores[i]))
    winners = [int(w) for w in after["winners"]]
    if not winners:
        lines.append(say("nobody_wins"))
    elif len(winners) > 1:
        lines.append(say("shared", names=say.join([say.seat(w) for w in winners]),
                         total=scores[winners[0]]))
    else:
        win = winners[0]
        tied = [say.seat(i) for i, d in enumerate(drivers)
                if i != win and not d.get("out") and scores[i] == scores[win]]
        if tied:
            lines.append(say("winner_tie", name=say.seat(win), total=scores[win],
                             others=say.join(tied), left=drivers[win]["damage"]))
        else:
            lines.append(say("winner", name=say.seat(win), total=scores[win]))
    return lines


__all__ = ["CATALOGUE", "Teller", "narrate", "result", "track_card"]
