"""What happened in a Grand Prix race, told in words from one seat's view (or the public one).

``narrate(before, after)`` reads two observations around one step of the game — a choice to
build or to drive, a card drawn and laid, a roll of the die, the grandstand's second drive —
and tells it in plain lines, in English or German. It reads only the two views (nothing in
Grand Prix is hidden, so every seat is told the same), and the terminal (``ui.py``) and the
browser call it the same way, after every single step, so every roll is told by itself.

>>> import rennbahn
>>> state = rennbahn.load_game("grandprix(players=2)").state_from_text("sc<A 0,0 0:roll 4")
>>> before = state.observation(0)
>>> state.apply_action(4)  # the die shows 5
>>> narrate(before, state.observation(0))
['Driver 1 rolls 5: only 3 cards are laid ahead, fewer than 5, so the roll is void and the \
car stays on the start card.']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rennbahn.core import i18n
from rennbahn.core.i18n import catalogue

View = Mapping[str, Any]

# Every text a player reads, English and German side by side; ``CATALOGUE`` is built from it.
_TEXTS: dict[str, tuple[str, str]] = {
    # -- the start -------------------------------------------------------------------------
    "intro": (
        "Grand Prix: {n} drivers build the track card by card while racing on it, out to the "
        "turnaround card (the bottom card of the stack) and back to the start card. The first "
        "car home wins.",
        "Grand Prix: {n} Fahrer bauen die Strecke Karte für Karte, während sie darauf fahren: "
        "hin bis zur Wendekarte (der untersten Karte des Stapels) und zurück zur Startkarte. "
        "Wer zuerst wieder im Ziel ist, gewinnt.",
    ),
    "intro_turn": (
        "On a turn: build (draw the next card and lay it at the end of the track) or roll the "
        "die and drive. A roll past the last card laid is void; at most two cars stand on a "
        "card. Once the turnaround card is laid, the die rolls at once.",
        "In jedem Zug: bauen (die nächste Karte ziehen und ans Ende der Strecke legen) oder "
        "würfeln und fahren. Ein Wurf über die letzte gelegte Karte hinaus verfällt; auf einer "
        "Karte stehen höchstens zwei Autos. Sobald die Wendekarte liegt, wird sofort gewürfelt.",
    ),
    "you_are": ("You are {name}.", "Du bist {name}."),
    "spectator": ("You are watching as a spectator.", "Du schaust als Zuschauer zu."),
    "so_far": ("So far: {cards} cards laid, {left} left in the stack; {turns} turns played.",
               "Bisher: {cards} Karten gelegt, {left} im Stapel; {turns} Züge gespielt."),
    "so_far_back": ("So far: the turnaround card is laid, the race runs back to the start; "
                    "{turns} turns played.",
                    "Bisher: Die Wendekarte liegt, das Rennen läuft zurück zum Start; {turns} "
                    "Züge gespielt."),
    # -- card names (the German originals in German) ---------------------------------------
    "kind_straight": ("straight", "Gerade"),
    "kind_curve": ("curve", "Kurve"),
    "kind_accident": ("accident", "Unfall"),
    "kind_pit": ("pit stop", "Boxenstopp"),
    "kind_oil": ("oil slick", "Ölfleck"),
    "kind_grandstand": ("grandstand", "Tribüne"),
    "kind_start": ("start card", "Startkarte"),
    "kind_turnaround": ("turnaround card", "Wendekarte"),
    # -- building --------------------------------------------------------------------------
    "decides_build": ("{name} builds: the next card is drawn from the stack.",
                      "{name} baut: Die nächste Karte wird vom Stapel gezogen."),
    "decides_roll": ("{name} drives: the die is rolled.", "{name} fährt: Es wird gewürfelt."),
    "draws_curve": ("{name} draws a curve and may turn it {ways}.",
                    "{name} zieht eine Kurve und darf sie {ways} legen."),
    "way_left": ("left", "nach links"),
    "way_right": ("right", "nach rechts"),
    "or": (" or ", " oder "),
    "lays": ("{name} lays card {card}: {kind}.", "{name} legt Karte {card} an: {kind}."),
    "lays_curve": ("{name} lays card {card}: a curve turning {way} (the track now heads {to}).",
                   "{name} legt Karte {card} an: eine Kurve {way} (die Strecke führt jetzt "
                   "nach {to})."),
    "heading_north": ("north", "Norden"),
    "heading_south": ("south", "Süden"),
    "heading_east": ("east", "Osten"),
    "heading_west": ("west", "Westen"),
    "event_accident": ("Accident (Unfall): only one car may stand on it; cars behind it wait "
                       "one card before it until it is free.",
                       "Unfall: Hier darf nur ein Auto stehen; die Autos dahinter warten eine "
                       "Karte davor, bis er frei ist."),
    "event_pit": ("Pit stop (Boxenstopp): whoever stops here misses a turn.",
                  "Boxenstopp: Wer hier anhält, muss einmal aussetzen."),
    "event_oil": ("Oil slick (Ölfleck): whoever stops here misses a turn.",
                  "Ölfleck: Wer hier anhält, muss einmal aussetzen."),
    "event_grandstand": ("Grandstand (Tribüne): whoever stops here may drive the number "
                         "rolled once more.",
                         "Tribüne: Wer hier anhält, darf die gewürfelte Zahl noch einmal "
                         "fahren."),
    "turnaround": ("{name} lays the turnaround card as card {card}: the stack is used up. The "
                   "race now runs back along the track to the start card, and from now on the "
                   "die rolls at once on every turn.",
                   "{name} legt die Wendekarte als Karte {card} an: Der Stapel ist aufgebraucht. "
                   "Jetzt geht es die Strecke zurück zur Startkarte, und ab jetzt wird in jedem "
                   "Zug sofort gewürfelt."),
    "set_aside": ("{name} draws a {kind} that fits nowhere: it is set aside, out of the race.",
                  "{name} zieht eine Karte ({kind}), die nirgends passt: Sie wird beiseitegelegt "
                  "und ist aus dem Rennen."),
    # -- rolling ---------------------------------------------------------------------------
    "rolls": ("{name} rolls {face}: {outcome}", "{name} würfelt {face}: {outcome}"),
    "void": ("only {ahead} cards are laid ahead, fewer than {face}, so the roll is void and "
             "the car stays {where}.",
             "Vor dem Auto liegen nur {ahead} Karten, weniger als {face}, also verfällt der "
             "Wurf und das Auto bleibt {where}."),
    "void_one": ("only 1 card is laid ahead, fewer than {face}, so the roll is void and the "
                 "car stays {where}.",
                 "Vor dem Auto liegt nur 1 Karte, weniger als {face}, also verfällt der Wurf "
                 "und das Auto bleibt {where}."),
    "void_none": ("no card is laid ahead, so the roll is void and the car stays {where}.",
                  "Vor dem Auto liegt keine Karte, also verfällt der Wurf und das Auto bleibt "
                  "{where}."),
    "blocked": ("the card ahead is full, so the car cannot move and stays {where}.",
                "Die Karte davor ist voll, das Auto kann nicht fahren und bleibt {where}."),
    "drove": ("drives {driven} to {where}.", "fährt {driven} bis {where}."),
    "drove_turned": ("drives {driven}, round the turnaround card and back to {where}.",
                     "fährt {driven}, um die Wendekarte herum und zurück bis {where}."),
    "short": ("drives {driven} to {where}; the card ahead is full, so the rest of the roll "
              "({lost}) is lost.",
              "fährt {driven} bis {where}; die Karte davor ist voll, der Rest des Wurfs "
              "({lost}) verfällt."),
    "short_turned": ("drives {driven}, round the turnaround card and back to {where}; the card "
                     "ahead is full, so the rest of the roll ({lost}) is lost.",
                     "fährt {driven}, um die Wendekarte herum und zurück bis {where}; die Karte "
                     "davor ist voll, der Rest des Wurfs ({lost}) verfällt."),
    "home": ("drives {driven} and crosses the finish line on the start card!",
             "fährt {driven} und überquert die Ziellinie auf der Startkarte!"),
    "end_of_track": ("drives {driven} to {where}, as far as the track is laid; the rest of "
                     "the roll ({lost}) is lost.",
                     "fährt {driven} bis {where}, so weit die Strecke reicht; der Rest des "
                     "Wurfs ({lost}) verfällt."),
    "on_start": ("on the start card", "auf der Startkarte"),
    "on_card": ("on card {card} ({kind})", "auf Karte {card} ({kind})"),
    "to_card": ("card {card} ({kind})", "Karte {card} ({kind})"),
    "to_go": ("{where}, {n} to go", "{where}, noch {n}"),
    "misses_pit": ("Pit stop: {name} misses the next turn.",
                   "Boxenstopp: {name} muss einmal aussetzen."),
    "misses_oil": ("Oil slick: {name} misses the next turn.",
                   "Ölfleck: {name} muss einmal aussetzen."),
    "on_accident": ("{name} stands on the accident: no other car may stand there or pass it "
                    "until {name} drives on.",
                    "{name} steht auf dem Unfall: Kein anderes Auto darf dort stehen oder "
                    "vorbei, bis {name} weiterfährt."),
    "stand_asked": ("Grandstand: the fans cheer {name} on, who may drive the {face} once more "
                    "or stay.",
                    "Tribüne: Die Fans jubeln {name} zu; {name} darf die {face} noch einmal "
                    "fahren oder stehen bleiben."),
    "stand_no_gain": ("Grandstand: driving the {face} again would gain nothing, so {name} "
                      "stays.",
                      "Tribüne: Die {face} noch einmal zu fahren brächte nichts, {name} bleibt "
                      "stehen."),
    "again": ("{name} takes the {face} again and {outcome}",
              "{name} nimmt die {face} noch einmal und {outcome}"),
    "stay": ("{name} stays on the grandstand.", "{name} bleibt auf der Tribüne stehen."),
    "passed_over": ("{name} misses this turn ({kind}).", "{name} setzt diesen Zug aus ({kind})."),
    # -- the end ---------------------------------------------------------------------------
    "winner": ("{name} wins the Grand Prix!", "{name} gewinnt den Grand Prix!"),
    "undecided": ("The turn limit ({turns} turns) ends the race undecided.",
                  "Die Zuggrenze ({turns} Züge) beendet das Rennen ohne Sieger."),
    # -- the terminal drawing (ui.py) ------------------------------------------------------
    "ui_car": ("driver", "Fahrer"),
    "ui_where": ("where", "wo"),
    "ui_you": (" (you)", " (du)"),
    "ui_home": ("home", "im Ziel"),
    "ui_way_out": ("on the way out", "auf dem Hinweg"),
    "ui_way_back": ("on the way back", "auf dem Rückweg"),
    "ui_misses": ("misses the next turn", "setzt als Nächstes aus"),
    "ui_stack": ("Stack: {left} card(s) left, the turnaround card at the bottom.",
                 "Stapel: noch {left} Karte(n), die Wendekarte ganz unten."),
    "ui_back": ("The turnaround card is laid: the race runs back to the start.",
                "Die Wendekarte liegt: Das Rennen läuft zurück zum Start."),
    "ui_set_aside": ("Set aside (no room to lay): {kinds}.",
                     "Beiseitegelegt (kein Platz): {kinds}."),
    "ui_last_roll": ("Last roll: {name} rolled {face}.", "Letzter Wurf: {name} würfelte {face}."),
    "ui_over_winner": ("The race is over: {name} wins the Grand Prix!",
                       "Das Rennen ist vorbei: {name} gewinnt den Grand Prix!"),
    "ui_over_undecided": ("The race is over: the turn limit ended it undecided.",
                          "Das Rennen ist vorbei: Die Zuggrenze beendete es ohne Sieger."),
    "ui_choose": ("Turn of {name}: build (draw and lay a card) or roll.",
                  "{name} ist dran: bauen (Karte ziehen und anlegen) oder würfeln."),
    "ui_place": ("{name} lays a {kind}: turn it {ways}.", "{name} legt eine {kind}: {ways}."),
    "ui_stand": ("{name} is cheered on the grandstand: drive {face} again or stay.",
                 "{name} wird auf der Tribüne bejubelt: noch einmal {face} fahren oder "
                 "stehen bleiben."),
    "ui_draw": ("{name} draws a card...", "{name} zieht eine Karte..."),
    "ui_roll": ("{name} rolls the die...", "{name} würfelt..."),
    "ui_legend": (
        "Each card is one grid cell, three characters wide: ═══ and ║ straights; ═╝ ╚═ ═╗ ╔═ "
        "curves.\n"
        "S start & finish card; T turnaround card (the race runs out to it and back to S).\n"
        "A accident (Unfall): one car at most, the cars behind wait one card before it.\n"
        "P pit stop (Boxenstopp), O oil slick (Ölfleck): a car stopping here misses its next "
        "turn.\n"
        "G grandstand (Tribüne): a car stopping here may drive the number rolled once more.\n"
        "1-4: the cars (drivers 1-4) on the card; · where the next card will be laid.\n"
        "At most two cars on a card (returning cars pass outward ones); a roll past the last "
        "card laid is void.",
        "Jede Karte ist ein Feld, drei Zeichen breit: ═══ und ║ Geraden; ═╝ ╚═ ═╗ ╔═ Kurven.\n"
        "S Start- und Zielkarte; T Wendekarte (das Rennen geht bis dorthin und zurück zu S).\n"
        "A Unfall: höchstens ein Auto, die Autos dahinter warten eine Karte davor.\n"
        "P Boxenstopp, O Ölfleck: Wer hier anhält, setzt im nächsten Zug aus.\n"
        "G Tribüne: Wer hier anhält, darf die gewürfelte Zahl noch einmal fahren.\n"
        "1-4: die Autos (Fahrer 1-4) auf der Karte; · wo die nächste Karte angelegt wird.\n"
        "Höchstens zwei Autos auf einer Karte (Autos auf dem Rückweg fahren an "
        "entgegenkommenden vorbei); ein Wurf über die letzte Karte hinaus verfällt.",
    ),
}

#: The catalogue of every text of Grand Prix, by language then key (``rennbahn.core.i18n``).
CATALOGUE: dict[str, dict[str, str]] = catalogue(_TEXTS)

_HEADINGS = ("east", "north", "west", "south")  # counter-clockwise: a left turn is one on
_SKIP_KINDS = ("pit", "oil")


class Say(i18n.Teller):
    """The words of one language and one set of seat names (shared with ``ui.py``)."""

    def __init__(self, lang: str = "en", names: Sequence[str] | None = None) -> None:
        super().__init__(CATALOGUE, lang, names)

    def kind(self, kind: str) -> str:
        return self("kind_" + kind)

    def where(self, view: View, progress: int, *, on: bool = True) -> str:
        """Where a car at ``progress`` stands: its card, and how far it has to go, if known."""
        card = _card_of(view, progress)
        if progress == 0:
            place = self("on_start")
        else:
            kind = self.kind(str(view["track"][card]["kind"]))
            place = self("on_card" if on else "to_card", card=card, kind=kind)
        finish = view.get("finish")
        if isinstance(finish, int) and progress < finish:
            place = self("to_go", where=place, n=finish - progress)
        return place


def _card_of(view: View, progress: int) -> int:
    finish = view.get("finish")
    if isinstance(finish, int) and progress > finish // 2:
        return finish - progress
    return progress


def narrate(before: View | None, after: View, *, lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """Every event one seat saw between two of its observations (``before`` None: the start).

    ``before`` and ``after`` are one seat's observations (or two public observations) around
    one step; ``names`` are the names given to the seats, else "Driver n" from 1.
    """
    say = Say(lang, names)
    if before is None:
        return _start(after, say)
    lines: list[str] = []
    steps: tuple[Callable[[View, View, Say], list[str]], ...] = (
        _choice, _cards, _roll, _grandstand, _passed_over, _end)
    for step in steps:
        lines += step(before, after, say)
    return lines


def _start(view: View, say: Say) -> list[str]:
    lines = [say("intro", n=len(view["cars"])), say("intro_turn")]
    seat = view.get("seat")
    lines.append(say("you_are", name=say.seat(seat)) if isinstance(seat, int)
                 else say("spectator"))
    if int(view["turns"]):
        if view["turnaround_laid"]:
            lines.append(say("so_far_back", turns=view["turns"]))
        else:
            lines.append(say("so_far", cards=len(view["track"]) - 1, left=view["stack_left"],
                             turns=view["turns"]))
    return lines


def _choice(before: View, after: View, say: Say) -> list[str]:
    """The driver to move chose to build (and a card is being drawn) or to drive."""
    if before["phase"] != "choose":
        return []
    name = say.seat(int(before["turn"]))
    if after["phase"] == "roll" and after["turn"] == before["turn"]:
        return [say("decides_roll", name=name)]
    if after["phase"] == "draw":
        return [say("decides_build", name=name)]
    return []


def _cards(before: View, after: View, say: Say) -> list[str]:
    """Cards laid or set aside, a curve waiting for its way, and what an event card does."""
    name = say.seat(int(before["turn"]))
    lines: list[str] = []
    for card in after["track"][len(before["track"]):]:
        kind = str(card["kind"])
        index = int(card["card"])
        if kind == "turnaround":
            lines.append(say("turnaround", name=name, card=index))
        elif card["from"] != card["to"]:
            turn = (_HEADINGS.index(card["to"]) - _HEADINGS.index(card["from"])) % 4
            lines.append(say("lays_curve", name=name, card=index,
                             way=say("way_left" if turn == 1 else "way_right"),
                             to=say("heading_" + str(card["to"]))))
        else:
            lines.append(say("lays", name=name, card=index, kind=say.kind(kind)))
            if kind in ("accident", "pit", "oil", "grandstand"):
                lines.append(say("event_" + kind))
    for kind in after["set_aside"][len(before["set_aside"]):]:
        lines.append(say("set_aside", name=name, kind=say.kind(str(kind))))
    if after["phase"] == "place" and before["phase"] != "place":
        ways = say("or").join(say("way_" + str(w)) for w in after["ways"])
        lines.append(say("draws_curve", name=name, ways=ways))
    return lines


def _outcome(view: View, drive: Mapping[str, Any], start: int, face: int, result: str,
             say: Say) -> str:
    """What one drive did, from a roll record (rules.roll_record) or its ``again`` part."""
    driven = int(drive["driven"])
    to = int(drive["to"])
    where = say.where(view, to, on=result in ("void", "blocked"))
    if result == "void":
        ahead = len(view["track"]) - 1 - start
        key = "void" if ahead > 1 else "void_one" if ahead == 1 else "void_none"
        return say(key, ahead=ahead, face=face, where=where)
    if result == "blocked":
        return say("blocked", where=where)
    if result == "home":
        return say("home", driven=driven)
    turned = "_turned" if drive["turned"] else ""
    if result == "short":
        return say("short" + turned, driven=driven, where=where, lost=face - driven)
    if result == "end_of_track":
        return say("end_of_track", driven=driven, where=where, lost=face - driven)
    return say("drove" + turned, driven=driven, where=where)


def _stopped_on(view: View, roll: Mapping[str, Any], drive: Mapping[str, Any],
                say: Say) -> list[str]:
    """What the card a drive stopped on does to the car (I12-I14)."""
    name = say.seat(int(roll["seat"]))
    kind = str(drive["kind"])
    if drive["home"] or int(drive["driven"]) == 0:
        return []
    if kind in _SKIP_KINDS and roll["misses_turn"]:
        return [say("misses_" + kind, name=name)]
    if kind == "accident":
        return [say("on_accident", name=name)]
    return []


def _roll(before: View, after: View, say: Say) -> list[str]:
    """The die: its face and what it did (void, blocked, how far, the card it stopped on)."""
    roll = after.get("last_roll")
    if before["phase"] != "roll" or not isinstance(roll, Mapping):
        return []
    face = int(roll["face"])
    outcome = _outcome(after, roll, int(roll["from"]), face, str(roll["result"]), say)
    name = say.seat(int(roll["seat"]))
    lines = [say("rolls", name=name, face=face, outcome=outcome)]
    stand = roll.get("grandstand")
    if stand is None:
        lines += _stopped_on(after, roll, roll, say)
    elif stand == "no_gain":
        lines.append(say("stand_no_gain", name=name, face=face))
    else:
        lines.append(say("stand_asked", name=name, face=face))
        if stand in ("again", "stay"):  # told from a view taken after the choice too
            lines += _grandstand({"phase": "stand"}, after, say)
    return lines


def _grandstand(before: View, after: View, say: Say) -> list[str]:
    """The grandstand's choice: drive the number again, or stay."""
    roll = after.get("last_roll")
    if before["phase"] != "stand" or not isinstance(roll, Mapping):
        return []
    name = say.seat(int(roll["seat"]))
    face = int(roll["face"])
    again = roll.get("again")
    if roll.get("grandstand") != "again" or not isinstance(again, Mapping):
        return [say("stay", name=name)]
    first = int(roll["to"])
    driven = int(again["driven"])
    if again["home"]:
        result = "home"
    elif driven < face and not after["turnaround_laid"] \
            and int(again["to"]) == len(after["track"]) - 1:
        result = "end_of_track"  # I14: as far as the laid track allows
    else:
        result = "drove" if driven == face else "short"
    outcome = _outcome(after, again, first, face, result, say)
    return [say("again", name=name, face=face, outcome=outcome),
            *_stopped_on(after, roll, again, say)]


def _passed_over(before: View, after: View, say: Say) -> list[str]:
    """Drivers passed over because they stopped on a pit stop or an oil slick (I13)."""
    lines: list[str] = []
    for was, now in zip(before["cars"], after["cars"], strict=True):
        if was["misses_turn"] and not now["misses_turn"]:
            kind = str(after["track"][int(now["card"])]["kind"])
            lines.append(say("passed_over", name=say.seat(int(now["seat"])),
                             kind=say.kind(kind)))
    return lines


def _end(before: View, after: View, say: Say) -> list[str]:
    if after["phase"] != "over" or before["phase"] == "over":
        return []
    winner = after.get("winner")
    if isinstance(winner, int):
        return [say("winner", name=say.seat(winner))]
    return [say("undecided", turns=after["turns"])]


__all__ = ["CATALOGUE", "Say", "narrate"]
