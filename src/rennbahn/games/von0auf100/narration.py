"""What happened in Von 0 auf 100, told in words from one seat's view (or the public one).

``narrate(before, after)`` reads two observations around one step — a track card laid, a
licence dealt, a can put on a driver card, a car across the line, a race decided — and tells
it in plain lines, English or German. Every can placed is told with who placed it, on which
driver card, and what the car did: the view's ``last`` placement survives the end of a round
and of a race, so the step that ends a round still tells its last can. It reads only the two
views, so it never tells more than the seat saw. The terminal (``ui.py``) and the browser call
it the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rennbahn.core import i18n
from rennbahn.core.i18n import catalogue
from rennbahn.games.von0auf100.components import COLOURS

View = Mapping[str, Any]

_TEXTS: dict[str, tuple[str, str]] = {
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
}

#: The catalogue of every text of Von 0 auf 100, by language then key.
CATALOGUE: dict[str, dict[str, str]] = catalogue(_TEXTS)


class Teller(i18n.Teller):
    """The words of one language and one set of seat names (shared with ``ui.py``)."""

    def __init__(self, lang: str = "en", names: Sequence[str] | None = None) -> None:
        super().__init__(CATALOGUE, lang, names)

    def kind(self, code: str) -> str:
        if code in ".xo":
            return self("kind_" + code)
        return self("kind_can", n=code)


def narrate(before: View | None, after: View, *, lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """Every event one seat saw between two of its observations (``before`` None: the start)."""
    say = Teller(lang, names)
    if before is None:
        return _start(after, say)
    lines = _laid(before, after, say) + _dealt(before, after, say)
    lines += _placed(before, after, say)
    lines += _finishes(before, after, say)
    lines += _race_end(before, after, say)
    lines += _round(before, after, say)
    return lines


def _start(view: View, say: Teller) -> list[str]:
    races = view["races"]
    lines = [say("intro", n=view["players"],
                 races=say("races_one") if races == 1 else say("races_many", n=races),
                 size=say("big" if view["length"] > 18 else "small"), length=view["length"])]
    if view["scoring"] == "season":
        lines.append(say("intro_season"))
    elif view["players"] == 2:
        lines.append(say("intro_two"))
    you = view.get("you")
    lines.append(say("you_are", name=say.seat(you)) if isinstance(you, int)
                 else say("spectator"))
    if view["track"]:
        lines += _laid_lines("", str(view["track"]), say)
    for car in view.get("licences", []):
        lines.append(say("licence_own", colour=say("car_" + car), car=car))
    return lines


def _laid_lines(old: str, new: str, say: Teller) -> list[str]:
    if len(new) <= len(old) or not new.startswith(old):
        return []
    added = new[len(old):]
    first = len(old) + 1
    if len(added) == 1:
        return [say("laid", square=first, card=say.kind(added))]
    return [say("laid_many", first=first, last=len(new),
                cards=", ".join(say.kind(c) for c in added))]


def _same_race(before: View, after: View) -> bool:
    return bool(before["race"] == after["race"])


def _laid(before: View, after: View, say: Teller) -> list[str]:
    old = str(before["track"]) if _same_race(before, after) else ""
    return _laid_lines(old, str(after["track"]), say)


def _dealt(before: View, after: View, say: Teller) -> list[str]:
    old = int(before["dealt"]) if _same_race(before, after) else 0
    mine_before = list(before.get("licences", [])) if _same_race(before, after) else []
    mine = [c for c in after.get("licences", []) if c not in mine_before]
    lines: list[str] = []
    n = int(after["players"])
    for index in range(old, int(after["dealt"])):
        seat = index % n
        if seat == after.get("you") and mine:
            car = mine.pop(0)
            lines.append(say("licence_own", colour=say("car_" + car), car=car))
        else:
            lines.append(say("licence_other", name=say.seat(seat)))
    return lines


def _placed(before: View, after: View, say: Teller) -> list[str]:
    """The can placed in this step: who, which can, on which driver card, what the car did.
    A step is a placement when a seat was to move; ``last`` tells it even when the can ended
    the round or the race."""
    last = after.get("last")
    if before.get("to_move") is None or last is None or last == before.get("last"):
        return []
    start, end = int(last["from"]), int(last["to"])
    car = str(last["car"])
    if end >= int(after["target"]):
        move = say("move_across", start=start)
    elif end < start:
        move = say("move_back", start=start, end=end)
    elif end == start:
        move = say("move_none", start=start)
    else:
        move = say("move", start=start, end=end)
    track = str(before["track"])
    if 0 < start <= len(track) and track[start - 1] != ".":
        move += say("from_card", card=say.kind(track[start - 1]))
    lines = _skipped(before, after, say)
    lines.append(say("placed", name=say.seat(int(last["seat"])), can=last["can"],
                     colour=say("colour_" + car), car=car, move=move))
    return lines


def _skipped(before: View, after: View, say: Teller) -> list[str]:
    """Cans placed between the two views before the last one (a caller that narrates several
    steps at once, within one round): who put which can on which driver card."""
    done = len(before["on"])
    if _same_race(before, after) and before["round"] == after["round"]:
        told = [{"seat": (int(after["start"]) + i) % int(after["players"]), "can": i + 1,
                 "car": car} for i, car in enumerate(after["on"])][done:-1]
    elif (after["round"] == int(before["round"]) + 1 or not _same_race(before, after)) \
            and not after["on"] and after.get("previous"):
        told = list(after["previous"])[done:-1]  # the round ended: the view keeps it
    else:
        return []
    return [say("placed_only", name=say.seat(int(p["seat"])), can=p["can"],
                colour=say("colour_" + str(p["car"])), car=p["car"]) for p in told]


def _finishes(before: View, after: View, say: Teller) -> list[str]:
    lines: list[str] = []
    decided = ""
    season = after["scoring"] == "season"
    for race, car, seat, how in after["finishes"][len(before["finishes"]):]:
        if how != "crossed" and how != decided:
            decided = how
            lines.append(say("decided_" + how, race=race, rounds=before["round"]))
        key = "crossed" if how == "crossed" else "counts"
        lines.append(say(key, colour=say("car_" + car), car=car))
        if seat is None:
            lines.append(say("nobody_season" if season else "nobody"))
        elif season:
            lines.append(say("uncovers", name=say.seat(seat), car=car))
        else:
            both = _both(after, race, seat)
            if both:
                lines.append(say("uncovers_both", name=say.seat(seat), cars=both))
            else:
                lines.append(say("uncovers", name=say.seat(seat), car=car))
    return lines


def _both(after: View, race: int, seat: int) -> str:
    """With two players a win uncovers both of the winner's licences (I12): the cars."""
    if after["players"] != 2:
        return ""
    if after["race"] == race:
        cars = sorted((c for c, s in after["owners"].items() if s == seat), key=COLOURS.index)
        if len(cars) == 2:
            return f"{cars[0]}, {cars[1]}"
    return "?"  # the race is over; the view holds only the car that won


def _race_end(before: View, after: View, say: Teller) -> list[str]:
    """A race decided: who won it, every licence uncovered, the scores; the game's winner."""
    over = after["phase"] == "over" and before["phase"] != "over"
    if not over and _same_race(before, after):
        return []
    race = int(before["race"])
    ending = after if over else before
    finishes = [f for f in after["finishes"] if f[0] == race]
    lines: list[str] = []
    if after["scoring"] == "win":
        winner = next((f[2] for f in finishes if f[2] is not None), None)
        lines.append(say("race_won", race=race, name=say.seat(winner)) if winner is not None
                     else say("race_over", race=race))
    else:
        lines.append(say("race_over", race=race))
    owners = {f[1]: f[2] for f in finishes if f[2] is not None}
    if over:
        owners.update(after["owners"])
    if owners:
        shown = [say("licence_of", car=c, name=say.seat(int(owners[c])))
                 for c in COLOURS if c in owners]
        lines.append(say("licences", list=", ".join(shown)))
    unclaimed = [c for c in COLOURS if c not in owners]
    if unclaimed:
        lines.append(say("unclaimed", cars=" ".join(unclaimed)))
    mine = ending.get("licences", [])
    if mine:
        lines.append(say("your_licence", cars=" ".join(mine)))
    score = list(after["score"])
    lines.append(say("scores", list=", ".join(say("score_of", name=say.seat(s), n=v)
                                              for s, v in enumerate(score))))
    if over:
        lines.append(_winner(after, say))
    else:
        lines.append(say("next_race", race=after["race"], races=after["races"]))
    return lines


def _winner(view: View, say: Teller) -> str:
    score = [int(v) for v in view["score"]]
    best = max(score)
    if view["scoring"] == "season":
        amount = say("points", n=best)
    else:
        amount = say("wins_one") if best == 1 else say("wins_many", n=best)
    leaders = [s for s, v in enumerate(score) if v == best]
    if len(leaders) == 1:
        return say("game_won", name=say.seat(leaders[0]), n=amount)
    return say("game_shared", names=say.join([say.seat(s) for s in leaders]), n=amount)


def result(view: View, *, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
    """At the end of the game: every licence uncovered, the scores and the winner."""
    if view["phase"] != "over":
        return []
    say = Teller(lang, names)
    race = int(view["race"])
    owners = {f[1]: f[2] for f in view["finishes"] if f[0] == race and f[2] is not None}
    owners.update(view["owners"])
    lines: list[str] = []
    if owners:
        lines.append(say("licences", list=", ".join(
            say("licence_of", car=c, name=say.seat(int(owners[c])))
            for c in COLOURS if c in owners)))
    lines.append(say("scores", list=", ".join(say("score_of", name=say.seat(s), n=v)
                                              for s, v in enumerate(view["score"]))))
    lines.append(_winner(view, say))
    return lines


def _round(before: View, after: View, say: Teller) -> list[str]:
    if after["phase"] != "race":
        return []
    new = not _same_race(before, after) or before["phase"] != "race" or (
        after["round"] != before["round"])
    if not new:
        return []
    lines = [say("new_round", round=after["round"], name=say.seat(int(after["start"])),
                 cans=after["cans"])]
    was = int(before["withdrawn"]) if _same_race(before, after) else 0
    if int(after["withdrawn"]) > was:
        lines.append(say("withdrawn", cans=", ".join(
            str(5 - i) for i in range(int(after["withdrawn"])))))
    return lines


__all__ = ["CATALOGUE", "Teller", "narrate", "result"]
