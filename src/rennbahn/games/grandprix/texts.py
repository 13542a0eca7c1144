"""Every text of Grand Prix in one catalogue, and the :class:`Teller` that speaks it.

The narration, the board and the terminal drawing share these words, so a card, a heading
or a car's place is called the same everywhere; what a seat is called comes from the
phrases every game shares (:data:`rennbahn.core.i18n.COMMON`).

>>> say = Teller("de", ["Anna"])
>>> say("winner", name=say.seat(0)), say.kind("oil"), say("board_to_move", name=say.seat(1))
('Anna gewinnt den Grand Prix!', 'Ölfleck', 'Fahrer 2 ist dran')
"""

from __future__ import annotations

from collections.abc import Sequence

from rennbahn.core import i18n
from rennbahn.core.i18n import Texts, catalogue
from rennbahn.games.grandprix.views import GrandPrixView

#: Every text a player reads, English and German side by side (``CATALOGUE`` is built from
#: it): the narration's, the terminal drawing's (``ui_``) and the board's (``board_``).
TEXTS: Texts = {
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
    "you": (" (you)", " (du)"),
    "car_home": ("home", "im Ziel"),
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
    # -- the board (board.py) -------------------------------------------------------------
    "board_kind_straight": ("Straight", "Gerade"),
    "board_kind_curve": ("Curve", "Kurve"),
    "board_kind_start": ("Start", "Start"),
    "board_kind_turnaround": ("Turnaround", "Wende"),
    "board_kind_accident": ("Accident", "Unfall"),
    "board_kind_pit": ("Pit stop", "Boxenstopp"),
    "board_kind_oil": ("Oil slick", "Ölfleck"),
    "board_kind_grandstand": ("Grandstand", "Tribüne"),
    "board_your_turn": ("your turn", "du bist dran"),
    "board_to_move": ("{name} to move", "{name} ist dran"),
    "board_stack": ("stack", "Stapel"),
    "board_build": ("build: draw and lay a card", "bauen: Karte ziehen und anlegen"),
    "board_then_turnaround": ("then the turnaround", "dann die Wende"),
    "board_die": ("die", "Würfel"),
    "board_roll": ("roll and drive", "würfeln und fahren"),
    "board_left": ("↰ curve left", "↰ Kurve links"),
    "board_right": ("curve right ↱", "Kurve rechts ↱"),
    "board_again": ("drive again", "nochmal fahren"),
    "board_stay": ("stay", "stehen bleiben"),
    "board_grandstand": ("Grandstand: drive {face} again?", "Tribüne: nochmal {face} fahren?"),
    "board_card": ("card {card} ({kind}), {way}", "Karte {card} ({kind}), {way}"),
    "board_back": ("back", "zurück"),
    "board_out": ("out", "hin"),
    "board_to_go": (", {n} to go", ", noch {n}"),
    "board_misses": (", misses a turn", ", setzt aus"),
    "board_no_winner": ("The race ended without a winner.", "Das Rennen endete ohne Sieger."),
}


#: The catalogue of every text of Grand Prix, by language then key (``rennbahn.core.i18n``).
CATALOGUE: dict[str, dict[str, str]] = catalogue(TEXTS)


class Teller(i18n.Teller):
    """The words of one language and one set of seat names (narration, board and ui)."""

    def __init__(self, lang: str = "en", names: Sequence[str] | None = None) -> None:
        super().__init__(CATALOGUE, lang, names)

    def kind(self, kind: str) -> str:
        """A card kind's name in words (``pit`` -> "pit stop")."""
        return self("kind_" + kind)

    def where(self, view: GrandPrixView, progress: int, *, on: bool = True) -> str:
        """Where a car at ``progress`` stands: its card, and how far it has to go, if known."""
        card = card_of(view, progress)
        if progress == 0:
            place = self("on_start")
        else:
            kind = self.kind(view.track[card].kind)
            place = self("on_card" if on else "to_card", card=card, kind=kind)
        finish = view.finish
        if finish is not None and progress < finish:
            place = self("to_go", where=place, n=finish - progress)
        return place


def card_of(view: GrandPrixView, progress: int) -> int:
    """The card a car at ``progress`` stands on, as far as the view tells (the rules'
    ``card_of``: on the way back, once the finish is known, it counts down again)."""
    finish = view.finish
    if finish is not None and progress > finish // 2:
        return finish - progress
    return progress


__all__ = ["CATALOGUE", "TEXTS", "Teller", "card_of"]
