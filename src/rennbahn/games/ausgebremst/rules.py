"""The rules of Ausgebremst (ASS 1993, Wolfgang Riedesser): family and advanced game.

Six cars race three laps on one of eight tracks (tracks.py); players move by playing race
cards (1-6 spaces), cars without a player are neutral and drive by the rulebook's fixed way.
A championship runs several races in the rulebook's sequence. Numbers like "I7" refer to the
interpretations in docs/rules/ausgebremst.md.

Flow of a race: the blind draw for the lineup (first race only, chance), the deal (private
chance draws; in the advanced game every player first picks a deck and arranges the gear
stacks, in secret, before anyone draws, I30), then turns in the order of the start places. A
player plays a card and a destination, or passes showing the hand when every card is
blocked; then draws (chance, seen only by that seat; advanced: picks the gear stack first).
A neutral car's turn is a chance node: its top card is turned over for all to see and the
car moves automatically.

The state notation (``to_text``) is written, read and checked by ``notation.py``; the steps
of the deal before a race (deck choices, gear stacks, draws) are taken by ``deal.py``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from rennbahn.core.errors import IllegalActionError, ParameterError
from rennbahn.core.params import Param
from rennbahn.core.protocol import ALL_SEATS, CHANCE, TERMINAL, Game, State
from rennbahn.games.ausgebremst import deal, notation, views
from rennbahn.games.ausgebremst.components import (
    DECK_CHOICES,
    FULL_DECKS,
    HAND_INDEX,
    VALUES,
    deck_counts,
    points,
)
from rennbahn.games.ausgebremst.constants import (
    CARD,
    CARS,
    DECK,
    DISCARD,
    EMPTY,
    FINISHED,
    GEARS,
    HAND_SIZE,
    LAST_TURN,
    NO_GEARS,
    NUM_ACTIONS,
    NUM_CHANCE,
    OUT,
    PASS,
    PICK,
    PIT_OVERSHOOT,
    PLAY,
    POINTS,
    POLE,
    PUT,
    Q_DECK,
    Q_DRAW,
    Q_GEARS,
    Q_PICK,
    Q_PUT,
    Q_TAKE,
    RACING,
    STACK_ORDERS,
    STACKS,
    TAKE,
    Counts,
    Stacks,
    next_card,
)
from rennbahn.games.ausgebremst.resample import resample
from rennbahn.games.ausgebremst.tracks import (
    FINISH_CROSSING,
    FINISH_SLOT,
    PIT_CROSSINGS,
    SLOTS,
    RaceTrack,
    Track,
    build_track,
    race_track,
    race_tracks,
)
from rennbahn.games.ausgebremst.views import AusgebremstView, BoardView


def _races(text: str) -> tuple[RaceTrack, ...]:
    if text == "all":
        return race_tracks()
    try:
        return tuple(race_track(part) for part in text.split("+"))
    except ParameterError as exc:
        raise ParameterError(
            f"races={text!r}: {exc}; write all, or track numbers joined by + (1+3+5)"
        ) from None



class AusgebremstGame(Game):
    """Ausgebremst for 2-6 players; the cars without a player are neutral.

    >>> game = AusgebremstGame({"players": 3, "races": "1+2"})
    >>> [race.name for race in game.races]
    ['Bleifuss-Drom', 'Plattfuss-Circuit']
    """

    NAME: ClassVar[str] = "ausgebremst"
    TITLE: ClassVar[str] = "Ausgebremst"
    VERSION: ClassVar[int] = 6
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 6
    HIDDEN_INFORMATION: ClassVar[bool] = True
    PARAMS: ClassVar[tuple[Param, ...]] = (
        Param("players", 4, "number of players; the other cars of the six are neutral",
              minimum=2, maximum=6),
        Param("mode", "family", "family game or the advanced game (decks, gear stacks)",
              choices=("family", "advanced")),
        Param("races", "1", "the championship: all, or track numbers 1-8 joined by + "
              "in the order raced (a single number is a single race)"),
        Param("full_deck", "extra4", "the 28-card deck of a neutral car (I18)",
              choices=FULL_DECKS),
        Param("pit_overshoot", "stop_exit", "family game, last pit chance, every card too big "
              "for the pit alley (I25): stop on its last space while field C is free "
              "(stop_exit), stop there whoever is on field C (stop), or discard a card and draw",
              choices=PIT_OVERSHOOT),
        Param("stack_order", "sorted", "advanced game, order inside a gear stack (I24): sorted "
              "(laid highest first, the lowest card on top), shuffled, or chosen (each "
              "player deals its values in an order of its choice, the last dealt on top)",
              choices=STACK_ORDERS),
    )

    def _setup(self) -> None:
        self.players = int(self._params["players"])
        self.advanced = self._params["mode"] == "advanced"
        self.hand_size = HAND_SIZE[str(self._params["mode"])]
        self.overshoot_stops = self._params["pit_overshoot"] in ("stop", "stop_exit")
        self.overshoot_needs_exit = self._params["pit_overshoot"] == "stop_exit"
        self.sorted_stacks = self._params["stack_order"] == "sorted"
        self.chosen_stacks = self._params["stack_order"] == "chosen"
        self.shuffled_stacks = self._params["stack_order"] == "shuffled"
        self.races = _races(str(self._params["races"]))
        self.tracks: tuple[Track, ...] = tuple(build_track(r.number) for r in self.races)
        full = str(self._params["full_deck"])
        self.neutral_deck: Counts = deck_counts(full, None)
        self.family_deck: Counts = deck_counts(full, "family")
        self.choice_decks: tuple[Counts, ...] = tuple(deck_counts(full, d) for d in DECK_CHOICES)

    def num_players(self) -> int:
        return self.players

    def is_neutral(self, car: int) -> bool:
        return car >= self.players

    def car_name(self, car: int) -> str:
        return f"P{car}" if car < self.players else f"N{car - self.players + 1}"

    def new_initial_state(self) -> AusgebremstState:
        state = AusgebremstState(self)
        state._start_race(0)
        return state

    def _state_from_text(self, text: str) -> AusgebremstState:
        state = AusgebremstState(self)
        notation.read(state, text)
        state._mark_origin()
        return state

    def max_game_length(self) -> int:
        # Per race: the draw and the deal or setup, then at most 28 cards a car, each with a
        # play, a pick, a draw and the pit cards, and at most one pass of every car between.
        per_race = 1 + 8 * self.players + CARS * 28 * (4 + CARS)
        return per_race * len(self.races)

    def min_utility(self) -> float:
        return 0.0

    def max_utility(self) -> float:
        return float(POINTS[0] * len(self.races))

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return NUM_CHANCE


class AusgebremstState(State):
    """A position in a race (or championship) of Ausgebremst."""

    __slots__ = (
        "_cache",
        "choice",
        "cross",
        "dealt",
        "deck",
        "finish",
        "g",
        "gears",
        "hand",
        "idle",
        "last",
        "lineup_due",
        "lineups",
        "moved",
        "order",
        "pitc",
        "pitted",
        "played",
        "pos",
        "queue",
        "race",
        "race_starts",
        "shown",
        "sixes_only",
        "stacks",
        "status",
        "table",
        "tops",
        "track",
        "turn",
        "turn_done",
    )

    def __init__(self, game: AusgebremstGame, *, blank: bool = False) -> None:
        """The initial state; ``blank``: only the game, every other field left for
        :meth:`_copy` to fill in (a compiled class cannot be made without ``__init__``)."""
        super().__init__(game)
        self.g = game
        if blank:
            return
        self.race = 0
        self.track = game.tracks[0]
        self.lineup_due = False
        self.order = list(range(CARS))
        self.turn = CARS - 1
        self.turn_done = True
        self.idle = 0
        self.queue: list[tuple[int, int, int]] = []
        self.finish: list[int] = []
        self.pos = [-1] * CARS
        self.cross = [0] * CARS
        self.pitted = [False] * CARS
        self.moved = [False] * CARS
        self.status = [RACING] * CARS
        self.hand: list[tuple[int, ...]] = [()] * CARS
        self.deck: list[Counts] = [EMPTY] * CARS
        self.played: list[Counts] = [EMPTY] * CARS
        self.shown: list[tuple[int, ...] | None] = [None] * CARS
        self.choice = [-1] * CARS
        self.gears: list[tuple[int, ...]] = [NO_GEARS] * CARS
        # stack_order=chosen (I24): the values in the order the player dealt them onto its
        # gear stacks, so each stack's last value dealt lies on top; empty otherwise.
        self.dealt: list[tuple[int, ...]] = [()] * CARS
        self.stacks: list[Stacks] = [()] * CARS
        self.tops: list[tuple[tuple[int, ...], ...]] = [()] * CARS
        self.pitc: list[tuple[int, ...]] = [()] * CARS
        # Per finished race: (place of each car or 0, pit stop made by each car).
        self.table: list[tuple[tuple[int, ...], tuple[bool, ...]]] = []
        # Log indices where a race began (for resampling the hidden deals race by race).
        self.race_starts: list[int] = []
        # The start order of each race (its pit-card chart rows), for resampling.
        self.lineups: dict[int, tuple[int, ...]] = {}
        # Log indices of 6s a player played in the lead: that hand was all 6s (I5), a fact
        # every seat can tell and a resampled hand must keep.
        self.sixes_only: list[int] = []
        # The last public act (race, car, kind, value, where) for the narration: a turn (the
        # card played, 0 for a pass, and the space it ended on, -1 across the finish), a gear
        # stack picked or the second pit card put on a stack. It outlives the end of a race,
        # so the step that ends one still tells its card.
        self.last: tuple[int, int, int, int, int] | None = None
        self._cache: list[int] | None = None

    # -- setting up races -----------------------------------------------------------------
    def _start_race(self, race: int) -> None:
        g = self.g
        self.race = race
        self.track = g.tracks[race]
        if race == 0:
            self.lineup_due = True
            self.order = list(range(g.players, CARS)) + list(range(g.players))
        for car in range(CARS):
            self.cross[car] = 0
            self.pitted[car] = self.moved[car] = False
            self.status[car] = RACING
            self.hand[car] = ()
            self.shown[car] = None
            self.played[car] = EMPTY
            self.choice[car] = -1
            self.gears[car] = NO_GEARS
            self.dealt[car] = ()
            self.stacks[car] = ()
            self.tops[car] = ()
            self.pitc[car] = ()
            self.deck[car] = g.neutral_deck if g.is_neutral(car) else (
                EMPTY if g.advanced else g.family_deck)
        self.finish = []
        self.idle = 0
        self.turn = CARS - 1
        self.turn_done = True
        self._place_cars()

    def _place_cars(self) -> None:
        """Cars on the grid by start order; the pending deal or setup in the queue."""
        for place, car in enumerate(self.order):
            self.pos[car] = self.track.grid[place]
        self.lineups[self.race] = tuple(self.order)
        self.queue = deal.setup_queue(self)

    def _row(self, car: int) -> int:
        return self.order.index(car) // 2

    # -- whose turn -----------------------------------------------------------------------
    def _current_player(self) -> int:
        if self.lineup_due:
            return CHANCE
        if self.queue:
            kind, car, _ = self.queue[0]
            return CHANCE if kind == Q_DRAW else car
        if not self.turn_done:
            car = self.order[self.turn]
            return CHANCE if self.g.is_neutral(car) else car
        return TERMINAL

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.lineup_due:
            n = self.g.players
            return [(POLE + seat, 1 / n) for seat in range(n)]
        if self.queue:
            _, car, stack = self.queue[0]
            if stack >= 0 and not self.g.shuffled_stacks:
                # I24: the stack was laid highest card first (its lowest card is on top),
                # or in the order the player dealt its values (the last dealt on top).
                top = next_card(self.stacks[car][stack], self.top_first(car))
                return [(CARD + top - 1, 1.0)]
            counts = self.deck[car] if stack < 0 else self.stacks[car][stack]
        else:
            counts = self.deck[self.order[self.turn]]
        total = sum(counts)
        return [(CARD + v - 1, counts[v] / total) for v in VALUES if counts[v]]

    def _legal_actions(self, player: int) -> list[int]:
        if self._current_player() != player:
            return []
        if self._cache is not None:
            return self._cache[:]
        if self.queue:
            kind, car, _ = self.queue[0]
            if kind == Q_DECK:
                legal = [DECK + d for d in range(len(DECK_CHOICES))]
            elif kind == Q_GEARS:
                value = self.queue[0][2]
                values = [value] if value else [
                    v for v in VALUES if self.gears[car][v - 1] < 0]
                legal = [GEARS + (v - 1) * STACKS + s for v in values for s in range(STACKS)]
            elif kind == Q_PICK:
                legal = [PICK + s for s in range(STACKS) if self._stack_size(car, s)]
            elif kind == Q_TAKE:
                legal = [TAKE + v - 1 for v in sorted(set(self.pitc[car]))]
            else:
                legal = [PUT + s for s in range(STACKS)]
        else:
            legal = self._moves(player)
        self._cache = legal
        return legal[:]

    def _stack_size(self, car: int, stack: int) -> int:
        return sum(self.stacks[car][stack]) + len(self.tops[car][stack])

    def top_first(self, car: int) -> tuple[int, ...]:
        """The order of the values in each of the car's gear stacks, the top first (I24):
        sorted from the lowest, or with ``stack_order=chosen`` the last value dealt first."""
        if self.g.chosen_stacks:
            return tuple(reversed(self.dealt[car]))
        return VALUES

    # -- moving ---------------------------------------------------------------------------
    def _occupied(self) -> set[int]:
        return {self.pos[c] for c in range(CARS) if self.status[c] == RACING}

    def reach(self, car: int, most: int, overshoot: bool | None = None) -> list[dict[int, bool]]:
        """Destinations for 1..``most`` spaces: ``reach(...)[k]`` maps each space (or
        FINISH_SLOT, negated as -1) reachable in exactly k steps to whether the way crossed
        the finish line. Only free spaces, forward and diagonal steps, the pit rules.
        ``overshoot`` (default: the game's ``pit_overshoot``, ``stop_exit`` or ``stop``) lets
        a car that must stop in the pit alley end on its last space with steps to spare
        (I25): the way to that space must be free, and with ``stop_exit`` (the default) also
        field C, the first space past it, as the finish with points to spare needs the first
        space past the line (I13); with ``stop`` field C does not matter."""
        if overshoot is None:
            overshoot = self.g.overshoot_stops
        track = self.track
        occupied = self._occupied()
        start = self.pos[car]
        occupied.discard(start)
        crossings = self.cross[car]
        pitted = self.pitted[car]
        neutral = self.g.is_neutral(car)
        may_pit = not pitted and not (neutral and self.g.advanced)
        # I9: in the family game a car that has not stopped in the pits by its last chance
        # must turn into the alley at field A and stop there.
        compulsory = not pitted and not self.g.advanced
        field_a, field_c, is_pit = track.field_a, track.field_c, track.is_pit
        last_pit = track.pit[-1]
        exit_free = field_c not in occupied or not self.g.overshoot_needs_exit
        steps = track.steps
        layers: list[dict[int, bool]] = [{} for _ in range(most + 1)]
        frontier = {start: False}
        finish_at = most + 1
        pit_end_at, pit_end_crossed = most + 1, False
        for k in range(1, most + 1):
            layer = layers[k]
            for here, crossed in frontier.items():
                now = crossings + crossed
                last_chance = compulsory and now == PIT_CROSSINGS[-1]
                for there, crosses in steps[here]:
                    if here == last_pit and there == field_c and last_chance:
                        # I25: the car stops on the last pit space; with stop_exit only
                        # while field C, the first space past it, is free (as I13's finish).
                        if k < pit_end_at and exit_free:
                            pit_end_at, pit_end_crossed = k, crossed
                        continue
                    if there in occupied:
                        continue
                    if crosses:
                        if now + 1 == FINISH_CROSSING:
                            finish_at = min(finish_at, k)
                            continue
                        if compulsory and now + 1 == PIT_CROSSINGS[-1] and there != field_a:
                            continue
                        layer[there] = True
                        continue
                    if here == field_a:
                        if is_pit[there]:
                            if not may_pit or now not in PIT_CROSSINGS:
                                continue
                        elif last_chance:
                            continue
                    layer[there] = crossed
            frontier = layer
        for k in range(finish_at, most + 1):
            layers[k][-1] = True
        if overshoot:
            for k in range(pit_end_at, most + 1):
                layers[k][last_pit] = pit_end_crossed
        return layers

    def leaders(self) -> list[int]:
        """The cars in the lead: least left to the finish (I6)."""
        track = self.track
        best = 1 << 30
        lead: list[int] = []
        for car in range(CARS):
            if self.status[car] != RACING:
                continue
            left = track.remaining(self.pos[car], self.cross[car])
            if left < best:
                best, lead = left, [car]
            elif left == best:
                lead.append(car)
        return lead

    def six_banned(self, car: int) -> bool:
        """I5: the car in the lead (or sharing it) may not play a 6 — not at the start, not
        once a car has finished; a hand of nothing but 6s may when the track is blocked."""
        if not self._six_needs_sixes_only(car):
            return False
        lead = self.leaders()
        hand = self.hand[car]
        if self.g.is_neutral(car) or not hand or any(v != 6 for v in hand):
            return True
        if self.track.blocks({self.pos[car]}):
            return False
        others = [c for c in lead if c != car]
        if not others:
            return True
        for other in others:
            shown = self.shown[other]
            if self.g.is_neutral(other) or not shown or any(v != 6 for v in shown):
                return True
        return not self.track.blocks({self.pos[c] for c in lead})

    def _six_needs_sixes_only(self, car: int) -> bool:
        """I5: a 6 of this car is banned unless the exception for a hand of only 6s holds."""
        return not self.finish and self.moved[car] and car in self.leaders()

    def _moves(self, car: int) -> list[int]:
        hand = self.hand[car]
        values = sorted(set(hand))
        if values and values[-1] == 6 and self.six_banned(car):
            values.pop()
        legal: list[int] = []
        if values:
            layers = self.reach(car, values[-1])
            slot = self.track.slot
            for v in values:
                base = PLAY + (v - 1) * SLOTS
                legal.extend(
                    base + (FINISH_SLOT if there < 0 else slot[there]) for there in layers[v]
                )
        if not legal:
            if values and not self.g.overshoot_stops:
                # I25 (discard): a card that would carry the car past the pit alley it must
                # stop in may be spent without moving.
                layers = self.reach(car, values[-1], overshoot=True)
                legal = [DISCARD + v - 1 for v in values if layers[v]]
            if not legal:
                return [PASS + HAND_INDEX[hand]]
        legal.sort()
        return legal

    def _move_car(self, car: int, there: int) -> bool:
        """Put the car on ``there`` (-1: over the finish line). Returns whether it took
        pit-stop cards, which replace the draw (advanced game)."""
        self.moved[car] = True
        self.idle = 0
        if there < 0:
            self.status[car] = FINISHED
            self.cross[car] = FINISH_CROSSING
            self.finish.append(car)
            return False
        track = self.track
        if track.col[there] < track.col[self.pos[car]]:
            self.cross[car] += 1
        self.pos[car] = there
        if track.is_pit[there] and not self.pitted[car]:
            self.pitted[car] = True
            if self.g.advanced and self.pitc[car]:
                self._collect_pit_cards(car)
                return True
        return False

    def _collect_pit_cards(self, car: int) -> None:
        cards = self.pitc[car]
        if len(cards) == 1:
            self.hand[car] = tuple(sorted((*self.hand[car], cards[0])))
            self.pitc[car] = ()
        else:
            self.queue.append((Q_TAKE, car, 0))

    def neutral_choice(self, car: int, value: int, layers: list[dict[int, bool]]) -> int:
        """I16: a neutral car's destination: into the pits when it may, then the least left
        to the finish, then as straight as possible, then the lowest slot."""
        track = self.track
        options = layers[value]
        if -1 in options:
            return -1
        here = self.pos[car]
        pit_first = not self.pitted[car] and not self.g.advanced

        def key(there: int) -> tuple[int, int, int, int]:
            crossings = self.cross[car] + options[there]
            return (
                0 if pit_first and track.is_pit[there] else 1,
                track.remaining(there, crossings),
                0 if track.lane[there] == track.lane[here] else 1,
                track.slot[there],
            )

        return min(options, key=key)

    def _finish_turn_card(self, car: int) -> None:
        """After a card: out of cards (I11), else refill (family: draw; advanced: pick)."""
        g = self.g
        if self.status[car] != RACING:
            return
        if g.is_neutral(car):
            if not any(self.deck[car]):
                self.status[car] = OUT
            return
        if g.advanced:
            if any(self._stack_size(car, s) for s in range(STACKS)):
                self.queue += [(Q_PICK, car, 0), (Q_DRAW, car, -1)]
            elif not self.hand[car]:
                self.status[car] = OUT
            return
        if any(self.deck[car]):
            self.queue.append((Q_DRAW, car, -1))
        elif not self.hand[car]:
            self.status[car] = OUT

    # -- applying -------------------------------------------------------------------------
    def _apply(self, actor: int, action: int) -> None:
        self._cache = None
        if self.lineup_due:
            self._lineup(action - POLE)
        elif self.queue:
            deal.apply_queued(self, action)
        elif actor == CHANCE:
            self._neutral_turn(self.order[self.turn], action - CARD + 1)
        else:
            self._player_turn(actor, action)
        self._advance()

    def _apply_joint(self, actions: Sequence[int]) -> None:
        raise IllegalActionError("Ausgebremst has no simultaneous moves")

    def _lineup(self, pole: int) -> None:
        """I14: the highest blind draw takes the best players' place, the others follow in
        seat order (clockwise); the neutral cars stand in front."""
        n = self.g.players
        self.order = list(range(n, CARS)) + [(pole + i) % n for i in range(n)]
        self.lineup_due = False
        self._place_cars()

    def _player_turn(self, car: int, action: int) -> None:
        self.turn_done = True
        if action >= DISCARD:
            self._spend(car, action - DISCARD + 1)
            self.last = (self.race, car, LAST_TURN, action - DISCARD + 1, self.pos[car])
            self.idle = 0
            self._finish_turn_card(car)
            return
        if action >= PASS:
            self.shown[car] = self.hand[car]
            self.last = (self.race, car, LAST_TURN, 0, self.pos[car])
            self.idle += 1
            return
        value, slot = divmod(action - PLAY, SLOTS)
        value += 1
        if value == 6 and self._six_needs_sixes_only(car):
            self.sixes_only.append(len(self._log))  # the index this move gets in the log
        self._spend(car, value)
        there = -1 if slot == FINISH_SLOT else self.track.at_slot[slot]
        self.last = (self.race, car, LAST_TURN, value, there)
        if not self._move_car(car, there):
            self._finish_turn_card(car)

    def _spend(self, car: int, value: int) -> None:
        """A card from the hand, played face up."""
        hand = list(self.hand[car])
        hand.remove(value)
        self.hand[car] = tuple(hand)
        self.shown[car] = None
        played = list(self.played[car])
        played[value] += 1
        self.played[car] = tuple(played)

    def _neutral_turn(self, car: int, value: int) -> None:
        """I16: the top card is played; a leader's 6 or a blocked card leaves the car."""
        self.turn_done = True
        counts = list(self.deck[car])
        counts[value] -= 1
        self.deck[car] = tuple(counts)
        played = list(self.played[car])
        played[value] += 1
        self.played[car] = tuple(played)
        self.idle = 0
        there = self.pos[car]
        if not (value == 6 and self.six_banned(car)):
            layers = self.reach(car, value)
            if layers[value]:
                there = self.neutral_choice(car, value, layers)
                self._move_car(car, there)
        self.last = (self.race, car, LAST_TURN, value, there)
        self.moved[car] = True
        self._finish_turn_card(car)

    def _blockaded(self, car: int) -> bool:
        """No value 1-6 could move the car (I16). Every way starts with one step and the
        layers of :meth:`reach` grow from the one before, so one step decides it."""
        return not self.reach(car, 1)[1]

    def _advance(self) -> None:
        """Move on to the next decision: skip cars out of the race, blocked neutral cars
        (no card is drawn), end the race when no player is left racing or no car can."""
        g = self.g
        while True:
            if self.queue and not self.lineup_due:
                kind, car, stack = self.queue[0]
                if kind == Q_DRAW and stack >= 0 and self.tops[car][stack]:
                    # I22: a pit card put on a stack is drawn as known, no chance.
                    self.queue.pop(0)
                    tops = list(self.tops[car])
                    value = tops[stack][-1]
                    tops[stack] = tops[stack][:-1]
                    self.tops[car] = tuple(tops)
                    self.hand[car] = tuple(sorted((*self.hand[car], value)))
                    continue
            if self.lineup_due or self.queue:
                return
            if not self.turn_done:
                return
            racing = [c for c in range(CARS) if self.status[c] == RACING]
            players_racing = [c for c in racing if not g.is_neutral(c)]
            if not players_racing or self.idle >= len(racing):
                self._end_race()
                if len(self.table) == len(g.races):
                    return
                continue
            self.turn = (self.turn + 1) % CARS
            car = self.order[self.turn]
            if self.status[car] != RACING:
                continue
            if g.is_neutral(car) and self._blockaded(car):
                self.idle += 1
                continue
            self.turn_done = False
            return

    def _end_race(self) -> None:
        """Places and the bookkeeper's table; the next race's lineup (I15)."""
        g = self.g
        places = [0] * CARS
        for place, car in enumerate(self.finish):
            places[car] = place + 1
        self.table.append((tuple(places), tuple(self.pitted)))
        if len(self.table) == len(g.races):
            self.turn_done = True
            return
        track = self.track

        def rank(car: int) -> tuple[int, int, int]:
            if places[car]:
                return (0, places[car], 0)
            return (1, track.remaining(self.pos[car], self.cross[car]), self.order.index(car))

        players = sorted(range(g.players), key=rank)
        self.order = list(range(g.players, CARS)) + players
        self.race_starts.append(len(self._log) + 1)
        self._start_race(self.race + 1)

    # -- results --------------------------------------------------------------------------
    def race_points(self, places: Sequence[int]) -> list[int]:
        return [POINTS[places[s] - 1] if places[s] else 0 for s in range(self.g.players)]

    def returns(self) -> list[float]:
        totals = [0.0] * self.g.players
        for places, _ in self.table:
            for seat, p in enumerate(self.race_points(places)):
                totals[seat] += p
        return totals

    def _visibility(self, actor: int, action: int) -> int:
        if actor == CHANCE:
            if self.queue and not self.lineup_due:
                return 1 << self.queue[0][1]
            return ALL_SEATS
        if DECK <= action < DECK + 3 or GEARS <= action < DISCARD or TAKE <= action < TAKE + 6:
            return 1 << actor
        return ALL_SEATS

    # -- notation -------------------------------------------------------------------------
    def _action_to_string(self, player: int, action: int) -> str:
        return notation.action_text(player, action)

    def _copy(self) -> AusgebremstState:
        other = AusgebremstState(self.g, blank=True)
        other._origin = self._origin
        other.race = self.race
        other.track = self.track
        other.lineup_due = self.lineup_due
        other.order = self.order[:]
        other.turn = self.turn
        other.turn_done = self.turn_done
        other.idle = self.idle
        other.queue = self.queue[:]
        other.finish = self.finish[:]
        other.pos = self.pos[:]
        other.cross = self.cross[:]
        other.pitted = self.pitted[:]
        other.moved = self.moved[:]
        other.status = self.status[:]
        other.hand = self.hand[:]
        other.deck = self.deck[:]
        other.played = self.played[:]
        other.shown = self.shown[:]
        other.choice = self.choice[:]
        other.gears = self.gears[:]
        other.dealt = self.dealt[:]
        other.stacks = self.stacks[:]
        other.tops = self.tops[:]
        other.pitc = self.pitc[:]
        other.table = self.table[:]
        other.race_starts = self.race_starts[:]
        other.lineups = dict(self.lineups)
        other.sixes_only = self.sixes_only[:]
        other.last = self.last
        other._cache = self._cache
        return other

    # -- what a seat sees -----------------------------------------------------------------
    def points_left(self, car: int) -> int:
        """Card points the car still has in hand and deck (public: the decks are known)."""
        total = points(self.deck[car]) + sum(self.hand[car])
        for stack in self.stacks[car]:
            total += points(stack)
        for top in self.tops[car]:
            total += sum(top)
        return total

    def _public_pit_cards(self, car: int, player: int) -> tuple[list[int], int]:
        """The pit cards and the points left of ``car`` as ``player`` sees them. Between
        keeping one of two pit cards and putting the other on a stack, another seat still
        sees both pit cards and the points without them: which one was kept is secret (I22)."""
        left = self.points_left(car)
        cards = self.pitc[car]
        if car != player and self.queue and self.queue[0][:2] == (Q_PUT, car):
            chart = self.g.races[self.race].pit_cards[self._row(car)]
            return sorted(chart), left - (sum(chart) - sum(cards))
        return list(cards), left

    def _view(self, player: int) -> AusgebremstView:
        return views.seat_view(self, player)

    def _public_view(self) -> BoardView:
        """What every seat sees (I26): no hand, no deck choice, arrangement or kept pit card."""
        return views.public_view(self)

    def to_text(self) -> str:
        return notation.write(self)

    # -- hidden information ---------------------------------------------------------------
    def _resample_from_infostate(self, player: int, rng: random.Random) -> AusgebremstState:
        sample = self._copy()
        sample._log = list(self._log)
        origin = self._origin
        start: AusgebremstState | None = None
        if origin is not None:
            assert isinstance(origin, AusgebremstState)
            start = origin._copy()
            start._log = []
        sample._origin = start
        resample(self, sample, start, player, rng)
        sample._cache = None
        return sample


def check_legal_text(state: AusgebremstState, move: str) -> int:
    """Read a move for the player to move (a helper for tests and front ends)."""
    player = state.current_player()
    if player < 0 and player != CHANCE:
        raise IllegalActionError("the game is over")
    return state.string_to_action(player, move)
