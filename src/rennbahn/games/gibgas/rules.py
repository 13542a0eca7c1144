"""The rules of Gib Gas! (Carrera Tabletop Games, 2014).

A round: every driver chooses a card in secret (a simultaneous node), the cards are revealed,
Franz (two-driver race) reveals his top card, speed dice are rolled (chance), fender benders
are found, the first track card is driven for, then pit stops roll and take cards back (or
repair, in the Race for Champions). Numbers like "I4" refer to the interpretations in
docs/rules/gibgas.md.

The state notation (``to_text``, ``state_from_text``) is written, read and checked in
:mod:`rennbahn.games.gibgas.notation`; what a seat may know is built here as the typed views
of :mod:`rennbahn.games.gibgas.views`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, TypedDict

from rennbahn.core.errors import ParameterError
from rennbahn.core.params import Param
from rennbahn.core.protocol import (
    ALL_SEATS,
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    State,
)
from rennbahn.core.views import UNSET
from rennbahn.games.gibgas import notation
from rennbahn.games.gibgas.components import (
    ALL_CARDS,
    CARD_NAMES,
    CARDS_IN,
    DIE,
    DIE_FACES,
    DIE_VALUES,
    FRANZ_KINDS,
    FRANZ_TEMPO,
    NEED_ROLL,
    NO_SPEED,
    P_CHOOSE,
    P_DEAL,
    P_DISCARD,
    P_FRANZ,
    P_OVER,
    P_PITROLL,
    P_PITTAKE,
    P_ROLL,
    PHASES,
    PIT,
    PIT_POINTS,
    PIT_SPEED,
    ROW_LENGTH,
    SHIPPED_MIXES,
    SPEED_CARDS,
    SPEEDS,
    START_DAMAGE,
    TEMPO,
    TrackCard,
    TrackDeck,
    load_deck,
)
from rennbahn.games.gibgas.views import (
    Driver,
    Franz,
    GibGasPublicView,
    GibGasView,
    LastPit,
    PitStop,
    Speed,
)

# Player action ids.
PLAY = 0  # 0..8: play card i
DISCARD = 10  # 10..15: discard speed card i before the race (six drivers)
TAKE = 20  # 20..27: take card i back at a pit stop
REPAIR = 30  # repair one damage point at a pit stop (Race for Champions)
NUM_ACTIONS = 31

# Chance action ids.
DEAL = 0  # 0..K-1: deal track card kind k
ROLL = 40  # 40..43: the speed die shows DIE_FACES[i]
FRANZ = 50  # 50..56: Franz reveals 200..250 or Tempo-Halten
NUM_CHANCE = 57

_DIE_OUTCOMES = [(ROLL + i, n / 6) for i, (_, n) in enumerate(DIE_FACES)]

def resolve_drive(
    card: TrackCard, speeds: Sequence[int], second_only: bool = False
) -> tuple[list[int], int]:
    """Fender benders and the driver the first track card goes to.

    ``speeds`` holds one speed per car (0 for a car in the pits). Returns the cars in a
    fender bender and the car that wins the card (Vollgas!, Bremsen!) or crashes (Crash
    cards), or -1 when no car is eligible. The card passes over collided speeds to the next
    free car (I1, I9); with ``second_only`` it passes over one speed at most (``pass_on=
    second``). Used by the rules and by the narration.
    """
    seen: dict[int, int] = {}
    for speed in speeds:
        if speed > 0:
            seen[speed] = seen.get(speed, 0) + 1
    benders = [car for car, speed in enumerate(speeds) if speed > 0 and seen[speed] > 1]
    order = sorted(seen, reverse=card.kind.rewards_fastest)
    if second_only:
        order = order[:2]
    for speed in order:
        if seen[speed] == 1:
            return benders, speeds.index(speed)
    return benders, -1


class GibGasGame(Game):
    """Gib Gas! for 2 to 6 drivers, with the rulebook's variants.

    Two drivers race with Franz; six drivers each discard a speed card in secret first; the
    Race for Champions (``champions=true``) lets a pit stop repair. These combine freely.
    """

    NAME: ClassVar[str] = "gibgas"
    TITLE: ClassVar[str] = "Gib Gas!"
    VERSION: ClassVar[int] = 3
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 6
    SIMULTANEOUS_MOVES: ClassVar[bool] = True
    HIDDEN_INFORMATION: ClassVar[bool] = True
    PARAMS: ClassVar[tuple[Param, ...]] = (
        Param("players", 4, "number of drivers; 2 adds Franz, 6 adds the hidden discard",
              minimum=2, maximum=6),
        Param("champions", False, "Race for Champions: a pit stop may also repair"),
        Param("tempo_after_pit", "last_speed",
              "Tempo-Halten right after a pit stop: repeat the last speed driven (I4), "
              "or count as another pit stop",
              choices=("last_speed", "pit")),
        Param("cards", "standard",
              "track-card mix: one that ships with rennbahn (data/), or, on the command line "
              "and in the Python API only, a path to a JSON file",
              shipped=SHIPPED_MIXES),
        Param("pass_on", "free",
              "when the fastest (slowest) car collided, the card goes to the next car not in "
              "a fender bender (I1), or only to the second speed, else to nobody",
              choices=("free", "second")),
    )

    def _setup(self) -> None:
        self.players = int(self._params["players"])
        self.champions = bool(self._params["champions"])
        self.tempo_as_pit = self._params["tempo_after_pit"] == "pit"
        self.second_only = self._params["pass_on"] == "second"
        self.franz = self.players == 2
        self.discard = self.players == 6
        self.full_hand = ALL_CARDS
        # Franz's pile: the speed and Tempo-Halten cards of the unused colours.
        self.franz_pile = (6 - self.players,) * FRANZ_KINDS if self.franz else ()
        if any(ch in str(self._params["cards"]) for ch in "(),="):
            raise ParameterError("the cards parameter cannot contain ( ) , or =")
        self.deck: TrackDeck = load_deck(str(self._params["cards"]))

    def num_players(self) -> int:
        return self.players

    def new_initial_state(self) -> GibGasState:
        return GibGasState(self)

    def _state_from_text(self, text: str) -> GibGasState:
        state = GibGasState(self)
        notation.read(state, text)
        return state

    def max_game_length(self) -> int:
        n = self.players
        # per round: the joint action, Franz (Tempo-Halten with nothing to repeat draws
        # again), speed dice, pit dice and up to three pit points each.
        per_round = n + 8 + n + n + 3 * n
        return self.deck.size + n + self.deck.raced * per_round

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return NUM_CHANCE


class GibGasState(State):
    """A position in a race of Gib Gas!."""

    __slots__ = (
        "chosen",
        "damage",
        "dealt",
        "discard",
        "ever",
        "f_card",
        "f_last",
        "f_pile",
        "f_speed",
        "g",
        "hand",
        "last_drive",
        "last_played",
        "phase",
        "pit_roll",
        "pit_seat",
        "points",
        "pool",
        "queue",
        "resolved",
        "speed",
        "won",
    )

    def __init__(self, game: GibGasGame, *, blank: bool = False) -> None:
        """The initial state; ``blank``: only the game, every other field left for
        :meth:`_copy` to fill in (a compiled class cannot be made without ``__init__``)."""
        super().__init__(game)
        self.g = game
        if blank:
            return
        n = game.players
        self.phase = P_DEAL
        self.pool = list(game.deck.counts)
        self.dealt: list[int] = []
        self.resolved = 0
        self.queue: list[int] = []
        self.points = 0
        # The latest pit stop this round: its seat and die face (-1, 0: none yet).
        self.pit_seat = -1
        self.pit_roll = 0
        self.damage = [START_DAMAGE] * n
        self.hand = [ALL_CARDS] * n
        self.discard = [-1] * n
        self.last_drive = [-1] * n
        self.last_played = [-1] * n
        self.ever = [0] * n
        self.won: list[tuple[int, ...]] = [()] * n
        self.chosen = [-1] * n
        self.speed = [NO_SPEED] * n
        self.f_pile = list(game.franz_pile)
        self.f_last = -1
        self.f_card = -1
        self.f_speed = NO_SPEED

    # -- whose turn ------------------------------------------------------------------------
    def _current_player(self) -> int:
        phase = self.phase
        if phase in (P_CHOOSE, P_DISCARD):
            return SIMULTANEOUS
        if phase == P_PITTAKE:
            return self.queue[0]
        if phase == P_OVER:
            return TERMINAL
        return CHANCE

    def _legal_actions(self, player: int) -> list[int]:
        phase = self.phase
        if phase == P_CHOOSE:
            cards = CARDS_IN[self.hand[player]]
            if TEMPO in cards and not self._tempo_playable(player):
                return [c for c in cards if c != TEMPO]
            return list(cards)
        if phase == P_DISCARD:
            return [DISCARD + i for i in range(6)]
        if phase == P_PITTAKE and player == self.queue[0]:
            return self._pit_options(player)
        return []

    def _tempo_playable(self, seat: int) -> bool:
        """I3: Tempo-Halten needs a speed to repeat (or, I4 'pit', a pit stop just before)."""
        if self.last_drive[seat] >= 0:
            return True
        return self.g.tempo_as_pit and self.last_played[seat] == PIT

    def _played(self, seat: int) -> int:
        discard = self.discard[seat]
        return ALL_CARDS & ~self.hand[seat] & ~(1 << discard if discard >= 0 else 0)

    def _pit_options(self, seat: int) -> list[int]:
        """I10: cards played this cycle, but not the card that made the pit stop; I11 repair.

        That card is the Boxenstopp card, or Tempo-Halten counting as a pit stop (I4).
        """
        stays = 1 << PIT | 1 << self.chosen[seat]
        options = [TAKE + i for i in CARDS_IN[self._played(seat) & ~stays]]
        if self.g.champions and self.damage[seat] < START_DAMAGE:
            options.append(REPAIR)
        return options

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase in (P_ROLL, P_PITROLL):
            return _DIE_OUTCOMES
        if phase == P_DEAL:
            pool = self.pool
            total = sum(pool)
            return [(DEAL + k, c / total) for k, c in enumerate(pool) if c]
        if phase == P_FRANZ:
            pile = self.f_pile
            total = sum(pile)
            return [(FRANZ + k, c / total) for k, c in enumerate(pile) if c]
        return []

    def _visibility(self, actor: int, action: int) -> int:
        # I15: the discarded card is secret; everything else is revealed when played.
        if DISCARD <= action < DISCARD + 6 and actor >= 0:
            return 1 << actor
        return ALL_SEATS

    # -- applying --------------------------------------------------------------------------
    def _apply(self, actor: int, action: int) -> None:
        phase = self.phase
        if phase == P_DEAL:
            self._deal(action - DEAL)
        elif phase == P_FRANZ:
            self._franz(action - FRANZ)
        elif phase == P_ROLL:
            self.speed[self.queue.pop(0)] = DIE_VALUES[action - ROLL]
            if not self.queue:
                self._drive()
        elif phase == P_PITROLL:
            self.pit_seat = self.queue[0]
            self.pit_roll = DIE_VALUES[action - ROLL]
            self.points = PIT_POINTS[self.pit_roll]
            self.phase = P_PITTAKE
            self._next_pit_point()
        else:  # P_PITTAKE
            seat = self.queue[0]
            if action == REPAIR:
                self.damage[seat] += 1
            else:
                self.hand[seat] |= 1 << (action - TAKE)
            self.points -= 1
            self._next_pit_point()

    def _apply_joint(self, actions: Sequence[int]) -> None:
        if self.phase == P_DISCARD:
            for seat, action in enumerate(actions):
                card = action - DISCARD
                self.discard[seat] = card
                self.hand[seat] &= ~(1 << card)
            self.phase = P_CHOOSE
            return
        self.pit_seat, self.pit_roll = -1, 0  # the last round's pit stops are told by now
        for seat, card in enumerate(actions):
            self._play(seat, card)
        if self.g.franz:
            self.phase = P_FRANZ
        else:
            self._start_rolls()

    def _deal(self, kind: int) -> None:
        self.pool[kind] -= 1
        self.dealt.append(kind)
        if len(self.dealt) - self.resolved == ROW_LENGTH or len(self.dealt) == self.g.deck.raced:
            first_row = self.resolved == 0
            self.phase = P_DISCARD if first_row and self.g.discard else P_CHOOSE

    def _play(self, seat: int, card: int) -> None:
        """Reveal one driver's card and set the car's speed for this round."""
        self.hand[seat] &= ~(1 << card)
        self.chosen[seat] = card
        if card < 6:
            self.speed[seat] = SPEEDS[card]
            self.last_drive[seat] = card
            self.ever[seat] |= 1 << card
            self.last_played[seat] = card
        elif card == DIE:
            self.speed[seat] = NEED_ROLL
            self.last_drive[seat] = DIE
            self.last_played[seat] = DIE
        elif card == PIT:
            self.speed[seat] = PIT_SPEED
            self.last_played[seat] = PIT
        elif self.g.tempo_as_pit and self.last_played[seat] == PIT:  # I4, reading 'pit'
            self.speed[seat] = PIT_SPEED
        else:  # Tempo-Halten repeats the last speed driven (I3, I4, I5)
            last = self.last_drive[seat]
            self.speed[seat] = NEED_ROLL if last == DIE else SPEEDS[last]
            self.last_played[seat] = TEMPO
        if self.hand[seat] == 0:  # I12: the whole hand comes back once all is played
            discard = self.discard[seat]
            self.hand[seat] = ALL_CARDS & ~(1 << discard if discard >= 0 else 0)

    def _franz(self, kind: int) -> None:
        pile = self.f_pile
        pile[kind] -= 1
        if not any(pile):  # his pile is shuffled again when it runs out
            self.f_pile = list(self.g.franz_pile)
        self.f_card = kind
        if kind == FRANZ_TEMPO:
            if self.f_last < 0:  # I13: nothing to repeat yet, he reveals the next card
                return
            self.f_speed = SPEEDS[self.f_last]
        else:
            self.f_speed = SPEEDS[kind]
            self.f_last = kind
        self._start_rolls()

    def _start_rolls(self) -> None:
        self.queue = [s for s, v in enumerate(self.speed) if v == NEED_ROLL]
        if self.queue:
            self.phase = P_ROLL
        else:
            self._drive()

    def _speeds(self) -> list[int]:
        """Every car's speed this round, Franz last."""
        return [*self.speed, self.f_speed] if self.g.franz else self.speed

    def _drive(self) -> None:
        """Fender benders, then the first track card goes to a driver or back to the box."""
        g = self.g
        kind = self.dealt[self.resolved]
        card = g.deck.cards[kind]
        benders, taker = resolve_drive(card, self._speeds(), g.second_only)
        damage = self.damage
        n = g.players
        for car in benders:
            if car < n:
                damage[car] -= card.bender
        if 0 <= taker < n:
            if card.kind.is_crash:
                damage[taker] -= card.crash
            else:
                self.won[taker] = (*self.won[taker], kind)
        self.resolved += 1
        if min(damage) <= 0:  # I8: a total loss ends the race at once
            for seat in range(n):
                damage[seat] = max(damage[seat], 0)
            self.phase = P_OVER
            return
        self.queue = [s for s in range(n) if self.speed[s] == PIT_SPEED]
        if self.queue:
            self.phase = P_PITROLL
        else:
            self._end_round()

    def _next_pit_point(self) -> None:
        """Move on to the next pit stop once the points are used or nothing is left to take."""
        while self.queue:
            if self.points > 0 and self._pit_options(self.queue[0]):
                return
            self.queue.pop(0)
            self.points = 0
            if self.queue:
                self.phase = P_PITROLL
                return
        self.points = 0
        self._end_round()

    def _end_round(self) -> None:
        if self.resolved < len(self.dealt):
            self.phase = P_CHOOSE
        elif len(self.dealt) >= self.g.deck.raced:
            self.phase = P_OVER
        else:
            self.phase = P_DEAL

    # -- the result ------------------------------------------------------------------------
    def stars(self, seat: int) -> int:
        cards = self.g.deck.cards
        return sum(cards[k].stars for k in self.won[seat])

    def scores(self) -> list[int]:
        """Victory points: stars plus damage points left; 0 for a total loss (I14)."""
        return [
            self.stars(s) + self.damage[s] if self.damage[s] > 0 else 0
            for s in range(self.g.players)
        ]

    def winners(self) -> list[int]:
        """The winning seats once the race is over: most points, then most damage points."""
        if self.phase != P_OVER:
            return []
        alive = [s for s in range(self.g.players) if self.damage[s] > 0]
        if not alive:
            return []
        scores = self.scores()
        best = max((scores[s], self.damage[s]) for s in alive)
        return [s for s in alive if (scores[s], self.damage[s]) == best]

    def returns(self) -> list[float]:
        """1 to the winner, split evenly on a tie that the damage points do not break."""
        result = [0.0] * self.g.players
        winners = self.winners()
        for seat in winners:
            result[seat] = 1.0 / len(winners)
        return result

    # -- notation --------------------------------------------------------------------------
    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            if DEAL <= action < DEAL + len(self.g.deck.cards):
                return "deal " + self.g.deck.cards[action - DEAL].code
            if ROLL <= action < ROLL + len(DIE_FACES):
                return f"roll {DIE_VALUES[action - ROLL]}"
            if FRANZ <= action < FRANZ + FRANZ_KINDS:
                return "franz " + CARD_NAMES[TEMPO if action == FRANZ + 6 else action - FRANZ]
        elif PLAY <= action < PLAY + 9:
            return CARD_NAMES[action]
        elif DISCARD <= action < DISCARD + 6:
            return "discard " + CARD_NAMES[action - DISCARD]
        elif TAKE <= action < TAKE + 8:
            return "take " + CARD_NAMES[action - TAKE]
        elif action == REPAIR:
            return "repair"
        raise ValueError(f"{action} is not a Gib Gas! action id")

    def _copy(self) -> GibGasState:
        new = GibGasState(self.g, blank=True)
        new.phase = self.phase
        new.pool = self.pool[:]
        new.dealt = self.dealt[:]
        new.resolved = self.resolved
        new.queue = self.queue[:]
        new.points = self.points
        new.pit_seat = self.pit_seat
        new.pit_roll = self.pit_roll
        new.damage = self.damage[:]
        new.hand = self.hand[:]
        new.discard = self.discard[:]
        new.last_drive = self.last_drive[:]
        new.last_played = self.last_played[:]
        new.ever = self.ever[:]
        new.won = self.won[:]
        new.chosen = self.chosen[:]
        new.speed = self.speed[:]
        new.f_pile = self.f_pile[:]
        new.f_last = self.f_last
        new.f_card = self.f_card
        new.f_speed = self.f_speed
        return new

    def to_text(self) -> str:
        return notation.write(self)

    # -- views -----------------------------------------------------------------------------
    def __str__(self) -> str:
        """The whole table for people (hidden cards included): one line per driver."""
        g = self.g
        cards = g.deck.cards
        row = [cards[k].code for k in self.dealt[self.resolved:]]
        lines = [
            f"{g.TITLE}, {g.players} drivers — round {self.resolved + 1}, {PHASES[self.phase]}",
            f"track: {' '.join(row) or '(none)'}   stack: {g.deck.raced - len(self.dealt)} left",
        ]
        for s in range(g.players):
            won = " ".join(cards[k].code for k in self.won[s])
            discard = f", discarded {CARD_NAMES[self.discard[s]]}" if self.discard[s] >= 0 else ""
            lines.append(
                f"driver {s + 1}: damage {self.damage[s]}, stars {self.stars(s)}"
                f"{' (' + won + ')' if won else ''}, hand "
                f"{' '.join(CARD_NAMES[c] for c in CARDS_IN[self.hand[s]]) or '-'}{discard}, "
                f"this round {notation.speed_text(self.speed[s])}"
            )
        if g.franz:
            lines.append(f"Franz: {sum(self.f_pile)} cards in his pile, this round "
                         f"{notation.speed_text(self.f_speed)}")
        if self.phase in (P_PITROLL, P_PITTAKE):
            lines.append(f"pit stops: drivers {[q + 1 for q in self.queue]}, points {self.points}")
        if self.pit_seat >= 0:
            lines.append(f"last pit stop: driver {self.pit_seat + 1} rolled {self.pit_roll}")
        return "\n".join(lines)

    def _view(self, player: int) -> GibGasView:
        """The table as ``player`` sees it, with its seat and its legal moves."""
        return GibGasView(
            **self._table(player),
            seat=player,
            legal=[self._action_to_string(player, a) for a in self.legal_actions(player)],
        )

    def _public_view(self) -> GibGasPublicView:
        """What every seat knows: all but the six-driver discards; hands are public (I20)."""
        return GibGasPublicView(**self._table(None))

    def _table(self, player: int | None) -> _Table:
        """The fields of the view of ``player`` (``None``: as every seat sees it)."""
        g = self.g
        cards = g.deck.cards
        over = self.phase == P_OVER
        table: _Table = {
            "game": str(g),
            "phase": PHASES[self.phase],
            "round": self.resolved + (0 if over else 1),
            "row": [cards[k].code for k in self.dealt[self.resolved:]],
            "stack_left": g.deck.raced - len(self.dealt),
            "last_card": cards[self.dealt[self.resolved - 1]].code if self.resolved else None,
            "drivers": [self._driver(s, player) for s in range(g.players)],
        }
        if g.franz:
            table["franz"] = Franz(
                pile=dict(zip([*CARD_NAMES[:6], "tempo"], self.f_pile, strict=True)),
                card=_franz_name(self.f_card),
                speed=_speed_view(self.f_speed),
                last_speed=CARD_NAMES[self.f_last] if self.f_last >= 0 else None,
            )
        if self.phase in (P_PITROLL, P_PITTAKE):
            # The die face, not only the points: 240 and 250 both give 2 (I17).
            rolled = self.phase == P_PITTAKE
            table["pit"] = PitStop(queue=list(self.queue), points=self.points,
                                   roll=self.pit_roll if rolled else None)
        if self.pit_seat >= 0:
            # The latest stop this round, also one that ended at once with nothing to take.
            table["last_pit"] = LastPit(seat=self.pit_seat, roll=self.pit_roll,
                                        points=PIT_POINTS[self.pit_roll])
        elif self.phase == P_ROLL:
            table["rolling"] = list(self.queue)
        if over:
            table["scores"] = list(self.scores())
            table["winners"] = self.winners()
        return table

    def _driver(self, s: int, player: int | None) -> Driver:
        """Driver ``s`` as ``player`` sees them (``None``: as every seat sees them)."""
        own = s == player
        # I15: another driver's hand hides the secret discard among the speed cards it has
        # never played; I20: otherwise every card played is shown, so every hand is known.
        secret = not own and self.g.discard
        hand = [CARD_NAMES[c] for c in CARDS_IN[self.hand[s]]]
        discard = CARD_NAMES[self.discard[s]] if self.discard[s] >= 0 else None
        never = [CARD_NAMES[c] for c in CARDS_IN[SPEED_CARDS & ~self.ever[s]]] if secret else []
        return Driver(
            damage=self.damage[s],
            stars=self.stars(s),
            won=[self.g.deck.cards[k].code for k in self.won[s]],
            played=[CARD_NAMES[c] for c in CARDS_IN[self._played(s)]],
            hand_size=len(hand),
            last_speed=CARD_NAMES[self.last_drive[s]] if self.last_drive[s] >= 0 else None,
            card=CARD_NAMES[self.chosen[s]] if self.chosen[s] >= 0 else None,
            speed=_speed_view(self.speed[s]),
            out=self.damage[s] <= 0,
            hand=UNSET if secret else hand,
            discard=discard if own else UNSET,
            speed_cards_never_played=never if secret else UNSET,
        )

    def _resample_from_infostate(self, player: int, rng: random.Random) -> GibGasState:
        """Only the other drivers' secret discards (six drivers) are hidden (I15)."""
        self._check_seat(player)
        state = self.clone()
        assert isinstance(state, GibGasState)
        if not self.g.discard:
            return state
        new_discard = list(self.discard)
        for s in range(self.g.players):
            if s != player and self.discard[s] >= 0:
                candidates = CARDS_IN[SPEED_CARDS & ~self.ever[s]]
                new_discard[s] = candidates[rng.randrange(len(candidates))]
        state._set_discards(new_discard)
        if self._origin is not None:  # the position it was read from holds them too
            origin = self._origin._copy()
            assert isinstance(origin, GibGasState)
            origin._set_discards(new_discard)
            state._origin = origin
        state._log = [
            (a, DISCARD + new_discard[a], v) if a >= 0 and DISCARD <= x < DISCARD + 6 else (a, x, v)
            for a, x, v in self._log
        ]
        return state

    def _set_discards(self, discards: list[int]) -> None:
        """Put other discards in place, keeping every played card where it is."""
        for s, card in enumerate(discards):
            if self.discard[s] >= 0 and card != self.discard[s]:
                played = self._played(s)
                self.discard[s] = card
                self.hand[s] = ALL_CARDS & ~played & ~(1 << card)


class _SharedTable(TypedDict):
    """The fields a seat's view and the public view share (see ``views.GibGasPublicView``)."""

    game: str
    phase: str
    round: int
    row: list[str]
    stack_left: int
    last_card: str | None
    drivers: list[Driver]


class _Table(_SharedTable, total=False):
    """The shared fields, and those present only in some phases or variants.

    (Written with ``total=False`` rather than ``NotRequired``: a compiled module builds its
    TypedDicts at import, and Python 3.11 refuses ``NotRequired`` given as a string there.)
    """

    franz: Franz
    pit: PitStop
    last_pit: LastPit
    rolling: list[int]
    scores: list[int]
    winners: list[int]


def _franz_name(card: int) -> str | None:
    if card < 0:
        return None
    return "tempo" if card == FRANZ_TEMPO else CARD_NAMES[card]


def _speed_view(speed: int) -> Speed:
    if speed == NO_SPEED:
        return None
    if speed == NEED_ROLL:
        return "rolling"
    return "pit" if speed == PIT_SPEED else speed
