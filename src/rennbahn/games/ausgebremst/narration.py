"""What happened in a race of Ausgebremst, told in words from one seat's view (or the public one).

``narrate(before, after)`` reads two observations around one step of the game — the blind
draw for the start, a card drawn, a deck chosen or the gear stacks sorted (advanced game), a
car's turn (a card played and where the car went, a blocked car passing, a neutral car's card
turned over), a gear stack picked, pit cards taken — and tells it in plain lines, English or
German: the cards played, the moves, laps, pit stops, finishes, the end of each race with its
winner and points, and the championship standings. It reads only the two views, so it never
tells more than the seat saw; a player's seat is called by the name given to it, else
"Driver n" (counted from 1), neutral cars keep their names (N1...).

>>> import rennbahn
>>> off = " | 0i:0:-:O:-:000000:444556:-"  # a neutral car out of the race, every card played
>>> state = rennbahn.load_game("ausgebremst(players=2)").state_from_text(
...     "1/1 234501 4 i0 - - | 5i:1:m:R:235:333333:100101:- | 20i:1:m:R:146:323232:021111:-"
...     + off * 4 + " | -")
>>> before = state.observation(1)
>>> state.apply_action(state.string_to_action(0, "2>7o"))
>>> narrate(before, state.observation(1))
['Driver 1 plays a 2: 5i → 7o.']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rennbahn.core import i18n
from rennbahn.core.i18n import catalogue, seat_name
from rennbahn.core.protocol import CHANCE

View = Mapping[str, Any]

# Every text a player reads, English and German side by side; ``CATALOGUE`` is built from it.
_TEXTS: dict[str, tuple[str, str]] = {
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
}

#: The catalogue of every text of Ausgebremst, by language then key (``rennbahn.core.i18n``).
CATALOGUE: dict[str, dict[str, str]] = catalogue(_TEXTS)

LAPS = 3


class Teller(i18n.Teller):
    """The words of one language and one set of seat names (shared with ``ui.py``)."""

    def __init__(self, lang: str = "en", names: Sequence[str] | None = None) -> None:
        super().__init__(CATALOGUE, lang, names)

    def car(self, name: str) -> str:
        """What people call a car: a player's (``P0`` in the view) by its seat's name,
        ``Driver 1`` unless named; a neutral car by its own name (``N1``)."""
        if name.startswith("P") and name[1:].isdigit():
            return seat_name(int(name[1:]), self.lang, self.names)
        return name


def standing(view: View) -> list[int]:
    """The cars (indices into ``view["cars"]``) in race order: finished cars by finish place,
    then by the spaces left to the finish, ties by start place."""
    def key(index: int) -> tuple[int, int, int]:
        car = view["cars"][index]
        if car["finish_place"]:
            return (0, int(car["finish_place"]), 0)
        return (1, int(car["to_finish"]), int(car["place"]))

    return sorted(range(len(view["cars"])), key=key)


def _index(view: View, name: str) -> int:
    return next(i for i, car in enumerate(view["cars"]) if car["car"] == name)


def _cards(cards: Sequence[int]) -> str:
    return " ".join(map(str, cards)) or "-"


def _start_order(view: View, say: Teller) -> str:
    order = sorted(view["cars"], key=lambda car: int(car["place"]))
    return say("start_order", cars=", ".join(say.car(car["car"]) for car in order))


def narrate(before: View | None, after: View, *, lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """Every event one seat saw between two of its observations (``before`` None: the start).

    ``before`` and ``after`` are one seat's observations (or two public observations) around
    one step; ``names`` are the names given to the seats, else "Driver n" from 1.
    """
    say = Teller(lang, names)
    if before is None:
        return _start(after, say)
    if before["lineup_due"]:
        return _lineup(after, say) if not after["lineup_due"] else []
    lines: list[str] = []
    waiting = before["waiting"]
    if waiting is not None:
        lines += _queued(before, after, str(waiting["step"]), str(waiting["car"]), say)
    elif before["to_move"] >= 0 or before["to_move"] == CHANCE:
        lines += _turn(before, after, say)
    lines += _skipped(before, after, say)
    lines += _end(before, after, say)
    return lines


def _start(view: View, say: Teller) -> list[str]:
    cars = view["cars"]
    players = sum(car["seat"] is not None for car in cars)
    neutral = len(cars) - players
    who = say("intro_neutral", players=players, neutral=neutral) if neutral else say(
        "intro_cars", players=players)
    lines = [say("intro", mode=say("mode_" + view["mode"]), cars=who, track=view["track"],
                 direction=say("dir_" + view["direction"])),
             say("intro_" + view["mode"])]
    if len(view["races"]) > 1:
        lines.append(say("intro_championship", n=len(view["races"]),
                         races=", ".join(view["races"])))
    seat = view.get("seat")
    lines.append(say("you_are", name=say.car(f"P{seat}")) if isinstance(seat, int)
                 else say("spectator"))
    if not view["lineup_due"]:
        lines.append(_start_order(view, say))
    hand = (view.get("me") or {}).get("hand")
    if hand:
        lines.append(say("your_hand", cards=_cards(hand)))
    return lines


def _lineup(after: View, say: Teller) -> list[str]:
    order = sorted(after["cars"], key=lambda car: int(car["place"]))
    pole = next(car["car"] for car in order if car["seat"] is not None)
    return [say("lineup", name=say.car(pole)), _start_order(after, say)]


def _own_hand(view: View) -> list[int] | None:
    me = view.get("me")
    return None if me is None else list(me["hand"])


def _gained(before: View, after: View) -> list[int]:
    """The cards that came into the seat's own hand."""
    old, new = _own_hand(before) or [], _own_hand(after) or []
    for card in old:
        if card in new:
            new.remove(card)
    return new


def _mine(view: View, name: str) -> bool:
    seat = view.get("seat")
    return isinstance(seat, int) and name == f"P{seat}"


def _same_race(before: View, after: View) -> bool:
    return bool(before["race"] == after["race"] and len(before["table"]) == len(after["table"]))


def _queued(before: View, after: View, step: str, name: str, say: Teller) -> list[str]:
    """A step of the queue: a draw, a deck choice, a gear, a stack picked, pit cards."""
    mine = _mine(before, name)
    who = say.car(name)
    hand = _cards(_own_hand(after) or [])
    gained = _gained(before, after) if mine else []
    last = after.get("last") or {}
    if step == "draw":
        if mine:
            return [say("you_draw", card=c, hand=hand) for c in gained]
        return [say("draws", name=who)]
    if step == "deck":
        if mine:
            pit = after["cars"][_index(after, name)]["pit_cards"]
            return [say("you_choose", deck=say("deck_" + after["me"]["choice"]),
                        pit=" & ".join(map(str, pit)) or "-")]
        return [say("chooses", name=who)]
    if step == "gears":
        lines: list[str] = []
        if mine:
            old, new = before["me"]["gears"], after["me"]["gears"]
            lines += [say("you_gear", value=v + 1, stack=new[v])
                      for v in range(len(new)) if old[v] != new[v]]
            if after["me"]["stacks"]:
                lines.append(say("you_geared", stacks=stacks_text(after["me"])))
        elif not _still(after, "gears", name):
            lines.append(say("geared", name=who))
        return lines
    if step == "stack":
        stack = last.get("stack", "?") if last.get("car") == name else "?"
        if mine and gained:
            return [say("you_pick_known", stack=stack, card=gained[0], hand=hand)]
        if not mine and not _still(after, "draw", name):  # the known pit card, drawn at once
            return [say("pick_known", name=who, stack=stack)]
        return [say("picks", name=who, stack=stack)]
    if step == "take":
        if mine:
            return [say("you_take", card=c, hand=hand) for c in gained]
        cards = before["cars"][_index(before, name)]["pit_cards"]
        return [say("takes", name=who, cards=" & ".join(map(str, cards)))]
    if step == "put":
        stack = last.get("stack", "?") if last.get("car") == name else "?"
        if mine:
            card = _cards(before["cars"][_index(before, name)]["pit_cards"])
            return [say("you_put", card=card, stack=stack)]
        return [say("puts", name=who, stack=stack)]
    return []


def _still(view: View, step: str, name: str) -> bool:
    waiting = view["waiting"]
    return bool(waiting is not None and waiting["step"] == step and waiting["car"] == name)


def stacks_text(me: Mapping[str, Any]) -> str:
    """``1: 1122  2: 333  3: 4444  4: 555666+4`` (cards by value, a known card on top)."""
    return "  ".join(
        f"{i + 1}: " + ("".join(str(v + 1) * n for v, n in enumerate(stack)) or "-")
        + ("+" + "".join(map(str, top)) if top else "")
        for i, (stack, top) in enumerate(zip(me["stacks"], me["stack_tops"], strict=True)))


def _turn(before: View, after: View, say: Teller) -> list[str]:
    """A car's turn: its card (or its pass) and what followed, from the last act kept."""
    name = str(before["turn"])
    last = after.get("last") or {}
    if last.get("act") != "turn" or last.get("car") != name or \
            last.get("race") != before["race"]:
        return []
    who = say.car(name)
    i = _index(before, name)
    was = before["cars"][i]
    # The last race's end keeps its board; a race before it gives way to the next race's.
    now = after["cars"][i] if before["race"] == after["race"] else None
    card, end = int(last["card"]), str(last["to"])
    start = str(was["space"])
    neutral = was["seat"] is None
    lines: list[str] = []
    if card == 0:
        shown = now["shown"] if now is not None else None
        lines.append(say("passes", name=who, cards=_cards(shown), start=start)
                     if shown is not None else say("passes_unseen", name=who))
        return lines
    if end == "fin":
        lines.append(say("turns_finish" if neutral else "plays_finish", name=who, card=card,
                         start=start))
    elif end != start:
        lines.append(say("turns" if neutral else "plays", name=who, card=card, start=start,
                         end=end))
    elif not neutral:
        lines.append(say("spends", name=who, card=card, start=start))
    elif card == 6 and name in before["leaders"] and not before["finish"]:
        lines.append(say("turns_six", name=who, start=start))
    else:
        lines.append(say("turns_blocked", name=who, card=card, start=start))
    if now is None:  # the race ended with this card: what the table and the points tell
        place = after["table"][-1]["places"][i] if end == "fin" else 0
        if place:
            lines.append(say("finishes", name=who, place=place))
        elif int(was["points_left"]) == card:
            lines.append(say("out", name=who))
        return lines
    lines += _car_changes(was, now, who, say)
    return lines


def _car_changes(was: Mapping[str, Any], now: Mapping[str, Any], who: str,
                 say: Teller) -> list[str]:
    lines: list[str] = []
    if now["status"] == "racing" and now["crossings"] > was["crossings"] >= 1:
        lines.append(say("lap", name=who, lap=min(int(now["crossings"]), LAPS)))
    if now["pit_stop"] and not was["pit_stop"]:
        lines.append(say("pit", name=who))
        taken = [c for c in was["pit_cards"] if c not in now["pit_cards"]]
        if len(was["pit_cards"]) == 1 and taken:
            lines.append(say("pit_card", name=who, card=taken[0]))
        elif len(was["pit_cards"]) > 1:
            lines.append(say("pit_cards", name=who,
                             cards=" & ".join(map(str, was["pit_cards"]))))
    if now["status"] == "finished" and was["status"] != "finished":
        lines.append(say("finishes", name=who, place=now["finish_place"]))
    if now["status"] == "out" and was["status"] != "out":
        lines.append(say("out", name=who))
    return lines


def _skipped(before: View, after: View, say: Teller) -> list[str]:
    """Blocked neutral cars passed over without a card, between the two turns."""
    over = after["to_move"] < 0 and after["to_move"] != CHANCE
    if not _same_race(before, after) or after["waiting"] is not None or over:
        return []
    if before["waiting"] is not None and before["waiting"]["step"] not in ("draw", "stack") \
            and before["turn"] == after["turn"]:
        return []  # a step before the first turn, or of a pit stop: no turn has passed
    cars = after["cars"]
    order = sorted(range(len(cars)), key=lambda i: int(cars[i]["place"]))
    start = order.index(_index(before, str(before["turn"])))
    stop = order.index(_index(after, str(after["turn"])))
    between = [order[(start + k) % len(order)] for k in range(1, len(order))]
    between = between[:between.index(order[stop])] if start != stop else between
    return [say("skipped", name=say.car(cars[i]["car"])) for i in between
            if cars[i]["seat"] is None and cars[i]["status"] == "racing"]


def _end(before: View, after: View, say: Teller) -> list[str]:
    """The end of a race (its finish, points and winner), the standings, the next race."""
    if len(after["table"]) <= len(before["table"]):
        return []
    number = len(after["table"])
    lines = [say("race_over", race=number, track=after["races"][number - 1])]
    lines += race_result(after, number, say)
    races = len(after["races"])
    totals = [float(t) for t in after["totals"]]
    if number < races:
        lines.append(say("standings", race=number, races=races, points=_points(totals, say)))
        lines.append(say("race_start", race=after["race"], races=races, track=after["track"],
                         direction=say("dir_" + after["direction"])))
        lines.append(_start_order(after, say))
        return lines
    return lines + _winner(after, say)


def _winner(view: View, say: Teller) -> list[str]:
    """The championship's (or the single race's) standings and winner, by points."""
    races = len(view["races"])
    totals = [float(t) for t in view["totals"]]
    lines: list[str] = []
    if races > 1:
        lines.append(say("standings", race=races, races=races, points=_points(totals, say)))
    best = max(totals)
    if best <= 0:
        return [*lines, say("nobody_scored")]
    winners = [say.car(f"P{s}") for s, t in enumerate(totals) if t == best]
    champion = races > 1
    if len(winners) > 1:
        lines.append(say("champions_shared" if champion else "shared",
                         names=say.join(winners), points=f"{best:g}"))
    else:
        lines.append(say("champion" if champion else "winner", name=winners[0],
                         points=f"{best:g}"))
    return lines


def _points(points: Sequence[float], say: Teller) -> str:
    ranked = sorted(range(len(points)), key=lambda s: -points[s])
    return ", ".join(say("points_of", name=say.car(f"P{s}"), points=f"{points[s]:g}")
                     for s in ranked)


def race_result(view: View, number: int, say: Teller) -> list[str]:
    """Race ``number``'s finish, who did not finish, the points per car and the winner."""
    race = view["table"][number - 1]
    cars = view["cars"]
    places = list(race["places"])
    finished = sorted((p, i) for i, p in enumerate(places) if p)
    lines: list[str] = []
    if finished:
        lines.append(say("places", places=", ".join(
            say("race_place", place=p, name=say.car(cars[i]["car"])) for p, i in finished)))
    else:
        lines.append(say("no_finish"))
    missing = [say.car(cars[i]["car"]) for i, p in enumerate(places) if not p]
    if missing:
        lines.append(say("not_finished", names=", ".join(missing)))
    points = [int(p) for p in race["points"]]
    lines.append(say("points", points=", ".join(
        say("points_of", name=say.car(f"P{s}"), points=p) for s, p in enumerate(points))))
    if not finished:
        return lines
    first = cars[finished[0][1]]
    drivers = [(p, i) for p, i in finished if cars[i]["seat"] is not None]
    if first["seat"] is not None:
        lines.append(say("wins_race", name=say.car(first["car"])))
    elif drivers:
        place, i = drivers[0]
        lines.append(say("wins_race_neutral", name=say.car(first["car"]),
                         best=say.car(cars[i]["car"]), place=place,
                         points=points[int(cars[i]["seat"])]))
    else:
        lines.append(say("no_driver"))
    return lines


def result(view: View, *, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
    """Every finished race's result and, once the last is over, the winner (for ``render``)."""
    say = Teller(lang, names)
    lines: list[str] = []
    for number in range(1, len(view["table"]) + 1):
        lines.append(say("race_over", race=number, track=view["races"][number - 1]))
        lines += race_result(view, number, say)
    if len(view["table"]) == len(view["races"]):
        lines += _winner(view, say)
    return lines


__all__ = ["CATALOGUE", "Teller", "narrate", "race_result", "result", "stacks_text", "standing"]
