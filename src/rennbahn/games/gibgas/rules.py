"""The rules of Gib Gas! (Carrera Tabletop Games, 2014).

A round: every driver chooses a card in secret (a simultaneous node), the cards are revealed,
Franz (two-driver race) reveals his top card, speed dice are rolled (chance), fender benders
are found, the first track card is driven for, then pit stops roll and take cards back (or
repair, in the Race for Champions). Numbers like "I4" refer to the interpretations in
docs/rules/gibgas.md.

State notation (``to_text``), fields separated by spaces, seats by `` | ``::

    choose V2-1,B1-2,XF3-1,V3-2;1 q=- pts=0 | 18/01235DTP/-/4/4/4/-/4/240 | ...

* phase: deal, discard, choose, franz, roll, pitroll, pittake or over;
* the track cards dealt so far in order, then ``;`` and how many of them are done (driven
  for); the rest are the face-up row, front first;
* ``q=`` the seats waiting to roll or to take a pit stop, ``pts=`` pit points left;
  then, only once a pit stop has rolled this round, ``pit=SEAT:FACE``: the seat and die face
  of the latest pit stop (kept until the next reveal);
* per seat ``damage/hand/discard/last speed/last card/speed cards ever played/cards won/
  card this round/speed this round``. Cards are ``0``-``5`` (200-250), ``D`` (speed die),
  ``T`` (Tempo-Halten), ``P`` (Boxenstopp); ``-`` is none; speed ``P`` is a pit stop and
  ``?`` a die still to roll;
* with two drivers, last, Franz: ``F:`` his pile (count of 200..250 and Tempo-Halten)
  ``/last speed card/card this round/speed this round``.

``state_from_text`` refuses, with a ``NotationError``, any text that is not the notation of a
position the rules can be in (docs/rules/gibgas.md, "Notation", lists the checks).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from rennbahn.core.errors import NotationError, ParameterError
from rennbahn.core.params import Param
from rennbahn.core.protocol import (
    ALL_SEATS,
    CHANCE,
    JSON,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    State,
)
from rennbahn.games.gibgas.components import (
    ALL_CARDS,
    CARD_CODES,
    CARD_NAMES,
    DIE,
    DIE_FACES,
    PIT,
    PIT_POINTS,
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

FRANZ_TEMPO = 6
FRANZ_KINDS = 7

# Speed markers for a car this round.
NO_SPEED = -1
NEED_ROLL = -2
PIT_SPEED = 0

PHASES = ("deal", "discard", "choose", "franz", "roll", "pitroll", "pittake", "over")
P_DEAL, P_DISCARD, P_CHOOSE, P_FRANZ, P_ROLL, P_PITROLL, P_PITTAKE, P_OVER = range(8)

_DIE_OUTCOMES = [(ROLL + i, n / 6) for i, (_, n) in enumerate(DIE_FACES)]
_DIE_VALUES = [value for value, _ in DIE_FACES]
# Card indices in a hand bitmask, precomputed for all 512 hands.
_BITS = [[i for i in range(9) if mask >> i & 1] for mask in range(1 << 9)]


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
        state._read(text)
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

    def __init__(self, game: GibGasGame) -> None:
        super().__init__(game)
        self.g = game
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
            cards = _BITS[self.hand[player]]
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
        options = [TAKE + i for i in _BITS[self._played(seat) & ~stays]]
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
            self.speed[self.queue.pop(0)] = _DIE_VALUES[action - ROLL]
            if not self.queue:
                self._drive()
        elif phase == P_PITROLL:
            self.pit_seat = self.queue[0]
            self.pit_roll = _DIE_VALUES[action - ROLL]
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
                return f"roll {_DIE_VALUES[action - ROLL]}"
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
        new = GibGasState.__new__(GibGasState)
        new._game = self._game
        new.g = self.g
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
        new._log = []
        new._origin = None
        return new

    def to_text(self) -> str:
        codes = [self.g.deck.cards[k].code for k in self.dealt]
        head = (
            f"{PHASES[self.phase]} {','.join(codes) or '-'};{self.resolved} "
            f"q={','.join(map(str, self.queue)) or '-'} pts={self.points}"
        )
        if self.pit_seat >= 0:
            head += f" pit={self.pit_seat}:{self.pit_roll}"
        blocks = [head]
        for s in range(self.g.players):
            blocks.append("/".join((
                str(self.damage[s]),
                _cards(self.hand[s]),
                _card(self.discard[s]),
                _card(self.last_drive[s]),
                _card(self.last_played[s]),
                _cards(self.ever[s]),
                "+".join(self.g.deck.cards[k].code for k in self.won[s]) or "-",
                _card(self.chosen[s]),
                _speed(self.speed[s]),
            )))
        if self.g.franz:
            blocks.append(_franz_block(self))
        return " | ".join(blocks)

    def _read(self, text: str) -> None:
        """Read ``to_text`` notation; refuse a position the rules cannot be in.

        Every field is read strictly (ASCII digits, numbers in range, cards listed once in
        order), then ``_check`` refuses what no race reaches. docs/rules/gibgas.md, "Notation",
        lists the checks.
        """
        g = self.g
        if not isinstance(text, str):
            raise NotationError(f"{g.NAME} state notation is text, not {type(text).__name__}")
        blocks = [b.strip() for b in text.split("|")]
        expected = 1 + g.players + (1 if g.franz else 0)
        if len(blocks) != expected:
            raise NotationError(
                f"{g} notation needs {expected} blocks separated by '|' (the head, "
                f"{g.players} seats{', Franz' if g.franz else ''}); got {len(blocks)}"
            )
        head = blocks[0].split()
        fields_ok = len(head) in (4, 5) and head[2].startswith("q=") \
            and head[3].startswith("pts=") and (len(head) == 4 or head[4].startswith("pit="))
        if not fields_ok:
            raise NotationError(
                f"head {_clip(blocks[0])} must be 'PHASE CARDS;DONE q=SEATS pts=N', then "
                "'pit=SEAT:FACE' once a pit stop has rolled this round")
        if head[0] not in PHASES:
            raise NotationError(f"unknown phase {_clip(head[0])}; phases: {', '.join(PHASES)}")
        self.phase = PHASES.index(head[0])
        cards, sep, done = head[1].partition(";")
        if not sep:
            raise NotationError(f"track {_clip(head[1])} must be CARDS;DONE, e.g. V2-1,B1-1;0")
        self.dealt = [_read_track_card(g.deck, c) for c in cards.split(",")] \
            if cards != "-" else []
        if len(self.dealt) > g.deck.raced:
            raise NotationError(
                f"{len(self.dealt)} track cards dealt; a race deals {g.deck.raced} (I6)")
        self.pool = list(g.deck.counts)
        for k in self.dealt:
            self.pool[k] -= 1
            if self.pool[k] < 0:
                raise NotationError(
                    f"more {g.deck.cards[k].code} cards dealt than the deck has "
                    f"({g.deck.counts[k]})")
        self.resolved = _read_int(done, "cards done", 0, len(self.dealt))
        self.queue = _read_seats(head[2][2:], g.players)
        self.points = _read_int(head[3][4:], "pts=", 0, max(PIT_POINTS.values()))
        if len(head) == 5:
            self._read_pit(head[4][4:])
        for s in range(g.players):
            self._read_seat(s, blocks[1 + s])
        if g.franz:
            self._read_franz(blocks[-1])
        self._check()
        written = self.to_text()
        if written != " | ".join([" ".join(head), *blocks[1:]]):
            raise NotationError(f"notation not in its written form; write {_clip(written, 400)}")

    def _read_pit(self, text: str) -> None:
        """``pit=SEAT:FACE``: who made the latest pit stop this round and the face rolled."""
        seat, sep, face = text.partition(":")
        if not sep:
            raise NotationError(
                f"pit={_clip(text)} must be SEAT:FACE, e.g. pit=1:240 (seat 1 rolled 240)")
        self.pit_seat = _read_int(seat, "the seat in pit=", 0, self.g.players - 1)
        faces = sorted(set(_DIE_VALUES))
        if face not in map(str, faces):
            raise NotationError(
                f"the die face in pit= {_clip(face)} must be one of "
                f"{', '.join(map(str, faces))}")
        self.pit_roll = int(face)

    def _read_seat(self, s: int, block: str) -> None:
        fields = block.split("/")
        if len(fields) != 9:
            raise NotationError(
                f"seat {s} block {_clip(block)} needs 9 fields: damage/hand/discard/"
                "last speed/last card/ever played/won/card/speed"
            )
        at = f"seat {s}"
        self.damage[s] = _read_int(fields[0], f"{at} damage", 0, START_DAMAGE)
        self.hand[s] = _read_cards(fields[1], f"{at} hand")
        self.discard[s] = _read_card(fields[2], f"{at} discard", SPEED_CARDS)
        self.last_drive[s] = _read_card(fields[3], f"{at} last speed", SPEED_CARDS | 1 << DIE)
        self.last_played[s] = _read_card(fields[4], f"{at} last card")
        self.ever[s] = _read_cards(fields[5], f"{at} speed cards played", SPEED_CARDS)
        self.won[s] = tuple(_read_track_card(self.g.deck, c, won=True)
                            for c in fields[6].split("+")) if fields[6] != "-" else ()
        self.chosen[s] = _read_card(fields[7], f"{at} card this round")
        self.speed[s] = _read_speed(fields[8], f"{at} speed")

    def _read_franz(self, block: str) -> None:
        parts = block[2:].split("/")
        if not block.startswith("F:") or len(parts) != 4:
            raise NotationError(f"Franz block {_clip(block)} must be F:PILE/LAST/CARD/SPEED")
        pile, last, card, speed = parts
        full = self.g.franz_pile[0]
        if len(pile) != FRANZ_KINDS or not all(c in "0123456789"[:full + 1] for c in pile):
            raise NotationError(
                f"Franz's pile {_clip(pile)} needs 7 digits from 0 to {full}: how many "
                f"200..250 and Tempo-Halten cards are left of the {full} of each")
        self.f_pile = [int(c) for c in pile]
        self.f_last = _read_card(last, "Franz's last speed", SPEED_CARDS)
        self.f_card = FRANZ_TEMPO if card == "T" else \
            _read_card(card, "Franz's card this round (or T)", SPEED_CARDS)
        self.f_speed = _read_speed(speed, "Franz's speed")

    # -- what a read position must satisfy ---------------------------------------------------
    def _check(self) -> None:
        """Refuse a position the rules cannot be in (the reasons name what is allowed)."""
        self._check_track()
        for s in range(self.g.players):
            self._check_seat_cards(s)
            self._check_seat_speed(s)
        self._check_round()
        self._check_won()
        if self.g.franz:
            self._check_franz()
        self._check_moves()

    def _check_track(self) -> None:
        """The phase fits the row: cards still to drive for, or a round just driven."""
        g, phase, done, dealt = self.g, self.phase, self.resolved, len(self.dealt)
        name = PHASES[phase]
        if phase == P_FRANZ and not g.franz:
            raise NotationError("phase franz is only for two drivers (Franz drives the third car)")
        if phase == P_DISCARD and not g.discard:
            raise NotationError("phase discard is only for six drivers (I15)")

        def row_end(card: int) -> int:  # how many cards are dealt once ``card``'s row is laid
            return min(card - card % ROW_LENGTH + ROW_LENGTH, g.deck.raced)

        if phase == P_DEAL:
            ok = done % ROW_LENGTH == 0 and done <= dealt < row_end(done)
            want = "the row being dealt: DONE a multiple of 4 and fewer cards after it than a row"
        elif phase in (P_DISCARD, P_CHOOSE, P_FRANZ, P_ROLL):
            ok = done < dealt == row_end(done) and (phase != P_DISCARD or done == 0)
            want = "a full row with its front card still to drive for" + \
                (", in the first row" if phase == P_DISCARD else "")
        elif phase in (P_PITROLL, P_PITTAKE):
            ok = 1 <= done and dealt == row_end(done - 1)
            want = "the row of the card just driven for"
        else:
            ok = done == dealt == g.deck.raced or (
                1 <= done and dealt == row_end(done - 1) and min(self.damage) == 0)
            want = (f"all {g.deck.raced} cards done (I18), or a driver with damage 0 after the "
                    "card just driven for (I8)")
        if not ok:
            raise NotationError(
                f"phase {name} with {dealt} cards dealt and {done} done does not fit: "
                f"it needs {want}")
        if phase != P_OVER and min(self.damage) == 0:
            raise NotationError(
                f"damage 0 in phase {name}: a total loss ends the race at once (I8); "
                "damage is 1-18 while it goes on")

    def _check_seat_cards(self, s: int) -> None:
        """Every card of the seat is in hand, on the table or discarded, and the marks agree."""
        g = self.g
        at = f"seat {s}"
        hand, discard, ever = self.hand[s], self.discard[s], self.ever[s]
        last_drive, last_played, chosen = self.last_drive[s], self.last_played[s], self.chosen[s]
        if not hand:
            raise NotationError(f"{at} has no card in hand; a played-out hand comes back (I12)")
        if g.discard:
            before = self.phase == P_DISCARD or (self.phase == P_DEAL and self.resolved == 0)
            if before and (discard >= 0 or last_played >= 0):
                raise NotationError(
                    f"{at} has discarded or played before the six-driver discard; "
                    "discard and last card are - until then (I15)")
            if not before and discard < 0:
                raise NotationError(f"{at} must show its discarded speed card (six drivers, I15)")
        elif discard >= 0:
            raise NotationError(f"{at}: only six drivers discard (I15); discard must be -")
        if discard >= 0 and (hand | ever) >> discard & 1:
            raise NotationError(
                f"{at}'s discard {CARD_NAMES[discard]} is also in hand or among the speeds "
                "played; it stays out of the race (I15)")
        table = self._played(s)
        if table & SPEED_CARDS & ~ever:
            raise NotationError(
                f"{at} has {_cards(table & SPEED_CARDS & ~ever)} on the table but not among the "
                "speed cards played")
        if last_played < 0:
            if chosen >= 0 or last_drive >= 0 or ever or table or self.won[s] \
                    or self.damage[s] != START_DAMAGE:
                raise NotationError(
                    f"{at} has played nothing yet (last card -): then card this round, last "
                    "speed and speeds played are -, every card is in hand, nothing is won and "
                    f"damage is {START_DAMAGE}")
            return
        if chosen < 0:
            raise NotationError(f"{at} has played (last card set), so its card this round is set")
        if (last_played < 6 or last_played == DIE) and last_drive != last_played:
            raise NotationError(
                f"{at}'s last card {CARD_CODES[last_played]} is a speed; its last speed must be "
                "the same")
        if 0 <= last_drive < 6 and not ever >> last_drive & 1:
            raise NotationError(f"{at}'s last speed {CARD_CODES[last_drive]} is not among the "
                                "speed cards played")
        if ever and last_drive < 0:
            raise NotationError(f"{at} has played speed cards, so its last speed is set")
        tempo = last_played == TEMPO or chosen == TEMPO or table >> TEMPO & 1
        if tempo and last_drive < 0 and not (g.tempo_as_pit and last_played != TEMPO):
            raise NotationError(f"{at} played Tempo-Halten with no speed to repeat (I3)")
        if table and not table >> chosen & 1:
            raise NotationError(
                f"{at}'s card this round {CARD_CODES[chosen]} must lie on the table, not in "
                "hand: a pit stop cannot take it back (I10)")
        if chosen != TEMPO and chosen != last_played:
            raise NotationError(
                f"{at}'s card this round {CARD_CODES[chosen]} is its last card played")
        if chosen == TEMPO and last_played != TEMPO and not (
                g.tempo_as_pit and last_played == PIT):
            raise NotationError(
                f"{at} plays Tempo-Halten: its last card is T (or P when Tempo-Halten makes a "
                "pit stop, I4 'pit')")

    def _card_driven(self, s: int) -> int:
        """What the card this round drives: itself, or for Tempo-Halten the card repeated."""
        chosen = self.chosen[s]
        if chosen == TEMPO:  # a pit stop (I4 'pit') or the last speed again (I3, I5)
            pit = self.g.tempo_as_pit and self.last_played[s] == PIT
            return PIT if pit else self.last_drive[s]
        return chosen

    def _check_seat_speed(self, s: int) -> None:
        """The speed this round is the one the card this round gives."""
        chosen, speed = self._card_driven(s), self.speed[s]
        if chosen < 0:
            allowed = [NO_SPEED]
        elif chosen < 6:
            allowed = [SPEEDS[chosen]]
        elif chosen == DIE:
            allowed = [NEED_ROLL, *_DIE_VALUES]
        else:
            allowed = [PIT_SPEED]
        if speed not in allowed:
            raise NotationError(
                f"seat {s}'s speed {_speed(speed)} does not follow from its card "
                f"{_card(self.chosen[s])}: it can be {', '.join(map(_speed, allowed))}")

    def _check_round(self) -> None:
        """The queue, the pit points and who has revealed a card fit the phase."""
        phase, queue, n = self.phase, self.queue, self.g.players
        name = PHASES[phase]
        rolling = [s for s in range(n) if self.speed[s] == NEED_ROLL]
        dice = [s for s in range(n) if self._card_driven(s) == DIE]
        pits = [s for s in range(n) if self.speed[s] == PIT_SPEED]
        if phase == P_FRANZ and rolling != dice:
            raise NotationError(
                "phase franz: every car driving the die still has it to roll (speed ?); "
                f"here the die drives {_seats(dice)}, speed ? shows {_seats(rolling)}")
        if phase == P_ROLL:
            if not rolling or queue != rolling or queue != dice[len(dice) - len(queue):]:
                raise NotationError(
                    "phase roll needs a die still to roll: q= lists the seats with speed ?, "
                    "the last in seat order of the cars driving the die; here the die drives "
                    f"{_seats(dice)}, speed ? shows {_seats(rolling)}, q={_seats(queue)}")
        elif rolling and phase != P_FRANZ:
            raise NotationError(
                f"speed ? (a die to roll) is only for phases franz and roll, not {name}")
        elif phase in (P_PITROLL, P_PITTAKE):
            if not queue or queue != pits[len(pits) - len(queue):]:
                raise NotationError(
                    f"phase {name}: q= lists the cars in the pits (speed P) whose stop is still "
                    f"to come, in seat order; here the pits hold {_seats(pits)}, "
                    f"q={_seats(queue)}")
        elif queue:
            raise NotationError(f"q= is - in phase {name}; only roll and pit stops queue seats")
        if (phase == P_PITTAKE) != (self.points > 0):
            raise NotationError(
                f"pts={self.points} in phase {name}: 1-3 points left to use in phase pittake, "
                "0 otherwise")
        self._check_pit_record(pits)
        if phase in (P_FRANZ, P_ROLL, P_PITROLL, P_PITTAKE, P_OVER):
            silent = [s for s in range(n) if self.chosen[s] < 0]
            if silent:
                raise NotationError(
                    f"in phase {name} every driver has revealed a card; seat {silent[0]} "
                    "shows none")

    def _check_pit_record(self, pits: list[int]) -> None:
        """``pit=`` names the latest pit stop that has rolled this round, and only that one.

        Stops roll in seat order (``q=``), after the Drive; a total loss ends the race before
        them (I8); the record is cleared at the next reveal.
        """
        phase, queue = self.phase, self.queue
        if phase == P_PITROLL:
            done = pits[:len(pits) - len(queue)]
        elif phase == P_PITTAKE:
            done = pits[:len(pits) - len(queue) + 1]
        elif phase in (P_CHOOSE, P_DEAL) or (phase == P_OVER and min(self.damage) > 0):
            done = pits
        else:  # discard, franz, roll: no stop this round yet; over by a total loss: none
            done = []
        want = done[-1] if done else -1
        if self.pit_seat != want:
            record = f"pit={self.pit_seat}:{self.pit_roll}" if self.pit_seat >= 0 else "no pit="
            need = f"pit={want}:FACE (the latest stop that rolled)" if done else \
                "no pit= (no pit stop has rolled this round)"
            raise NotationError(
                f"{record} in phase {PHASES[phase]} with the pits holding {_seats(pits)} and "
                f"q={_seats(queue)}: it needs {need}")
        if phase == P_PITTAKE and self.points > PIT_POINTS[self.pit_roll]:
            raise NotationError(
                f"pts={self.points} but seat {self.pit_seat} rolled {self.pit_roll}, worth "
                f"{PIT_POINTS[self.pit_roll]} (I17)")

    def _check_won(self) -> None:
        """Cards won were driven for, once each, and each seat lists them in that order."""
        driven = self.dealt[:self.resolved]
        counts = [driven.count(k) for k in range(len(self.g.deck.cards))]
        for seat, won in enumerate(self.won):
            rest = iter(driven)
            if not all(k in rest for k in won):
                raise NotationError(
                    f"seat {seat} won {'+'.join(self.g.deck.cards[k].code for k in won)}: "
                    "not among the cards driven for (the first DONE dealt), in that order")
            for k in won:
                counts[k] -= 1
                if counts[k] < 0:
                    raise NotationError(
                        f"{self.g.deck.cards[k].code} is won more often than it was driven for")

    def _check_franz(self) -> None:
        """Franz's pile, last speed, card and speed agree (I13)."""
        pile, last, card, speed = self.f_pile, self.f_last, self.f_card, self.f_speed
        full = self.g.franz_pile[0]
        if not any(pile):
            raise NotationError(
                "Franz's pile is never empty: it is shuffled again when its last card is "
                "revealed (I13)")
        if speed != NO_SPEED and speed not in SPEEDS:
            raise NotationError(
                f"Franz's speed {_speed(speed)} must be 200-250 or -: he never rolls or pits")
        if card < 0:
            ok = last < 0 and speed == NO_SPEED and pile == list(self.g.franz_pile) \
                and self.resolved == 0 and self.phase in (P_DEAL, P_CHOOSE, P_FRANZ)
            want = "before his first reveal: a full pile, no speed, the first round"
        elif card < 6:
            ok = last == card and speed == SPEEDS[card]
            want = "a speed card is his last speed and his speed"
        elif last >= 0:
            ok = speed == SPEEDS[last]
            want = "Tempo-Halten repeats his last speed"
        else:
            ok = speed == NO_SPEED and self.phase == P_FRANZ and self.resolved == 0
            want = "a first Tempo-Halten has nothing to repeat; he reveals again (phase franz)"
        if not ok:
            raise NotationError(f"Franz block {_franz_block(self)} does not fit: {want} (I13)")
        if last < 0 and pile[:6] != [full] * 6:
            raise NotationError(
                "Franz has revealed no speed card (last speed -), so all are in his pile")
        if speed == NO_SPEED and self.phase in (P_ROLL, P_PITROLL, P_PITTAKE, P_OVER):
            raise NotationError(f"in phase {PHASES[self.phase]} Franz has a speed this round")

    def _check_moves(self) -> None:
        """Whoever is to move has a move (derived from the above; kept as a last guard)."""
        if self.phase in (P_CHOOSE, P_DISCARD):
            for s in range(self.g.players):
                if not self._legal_actions(s):
                    raise NotationError(f"seat {s} would have no card it may play")
        if self.phase == P_PITTAKE and not self._pit_options(self.queue[0]):
            raise NotationError(
                f"seat {self.queue[0]} has pit points but nothing to take back or repair; "
                "such a stop is over (I10)")

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
                f"{' '.join(CARD_NAMES[c] for c in _BITS[self.hand[s]]) or '-'}{discard}, "
                f"this round {_speed(self.speed[s])}"
            )
        if g.franz:
            lines.append(f"Franz: {sum(self.f_pile)} cards in his pile, this round "
                         f"{_speed(self.f_speed)}")
        if self.phase in (P_PITROLL, P_PITTAKE):
            lines.append(f"pit stops: drivers {[q + 1 for q in self.queue]}, points {self.points}")
        if self.pit_seat >= 0:
            lines.append(f"last pit stop: driver {self.pit_seat + 1} rolled {self.pit_roll}")
        return "\n".join(lines)

    def _observation(self, player: int) -> dict[str, JSON]:
        obs = self._view(player)
        obs["seat"] = player
        obs["legal"] = [self._action_to_string(player, a) for a in self.legal_actions(player)]
        return obs

    def _public_observation(self) -> dict[str, JSON]:
        """What every seat knows: all but the six-driver discards; hands are public (I20)."""
        return self._view(None)

    def _view(self, player: int | None) -> dict[str, JSON]:
        """The table as ``player`` sees it (``None``: as every seat sees it)."""
        g = self.g
        cards = g.deck.cards
        drivers: list[JSON] = []
        for s in range(g.players):
            played = self._played(s)
            driver: dict[str, JSON] = {
                "damage": self.damage[s],
                "stars": self.stars(s),
                "won": [cards[k].code for k in self.won[s]],
                "played": [CARD_NAMES[c] for c in _BITS[played]],
                "hand_size": bin(self.hand[s]).count("1"),
                "last_speed": CARD_NAMES[self.last_drive[s]] if self.last_drive[s] >= 0 else None,
                "card": CARD_NAMES[self.chosen[s]] if self.chosen[s] >= 0 else None,
                "speed": _speed_json(self.speed[s]),
                "out": self.damage[s] <= 0,
            }
            if s == player:
                driver["hand"] = [CARD_NAMES[c] for c in _BITS[self.hand[s]]]
                driver["discard"] = CARD_NAMES[self.discard[s]] if self.discard[s] >= 0 else None
            elif g.discard:
                # The secret discard is among these (I15); the hand itself is not known.
                driver["speed_cards_never_played"] = [
                    CARD_NAMES[c] for c in _BITS[SPEED_CARDS & ~self.ever[s]]
                ]
            else:  # I20: every card played is shown, so every hand can be counted
                driver["hand"] = [CARD_NAMES[c] for c in _BITS[self.hand[s]]]
            drivers.append(driver)
        obs: dict[str, JSON] = {
            "game": str(g),
            "phase": PHASES[self.phase],
            "round": self.resolved + (0 if self.phase == P_OVER else 1),
            "row": [cards[k].code for k in self.dealt[self.resolved:]],
            "stack_left": g.deck.raced - len(self.dealt),
            "last_card": cards[self.dealt[self.resolved - 1]].code if self.resolved else None,
            "drivers": drivers,
        }
        if g.franz:
            obs["franz"] = {
                "pile": dict(zip([*CARD_NAMES[:6], "tempo"], self.f_pile, strict=True)),
                "card": _franz_name(self.f_card),
                "speed": _speed_json(self.f_speed),
                "last_speed": CARD_NAMES[self.f_last] if self.f_last >= 0 else None,
            }
        if self.phase in (P_PITROLL, P_PITTAKE):
            # The die face, not only the points: 240 and 250 both give 2 (I17).
            rolled = self.phase == P_PITTAKE
            obs["pit"] = {"queue": list(self.queue), "points": self.points,
                          "roll": self.pit_roll if rolled else None}
        if self.pit_seat >= 0:
            # The latest stop this round, also one that ended at once with nothing to take.
            obs["last_pit"] = {"seat": self.pit_seat, "roll": self.pit_roll,
                               "points": PIT_POINTS[self.pit_roll]}
        elif self.phase == P_ROLL:
            obs["rolling"] = list(self.queue)
        if self.phase == P_OVER:
            obs["scores"] = list(self.scores())
            obs["winners"] = self.winners()
        return obs

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
                candidates = _BITS[SPEED_CARDS & ~self.ever[s]]
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


# -- small notation helpers ---------------------------------------------------------------
def _card(card: int) -> str:
    return CARD_CODES[card] if card >= 0 else "-"


def _cards(mask: int) -> str:
    return "".join(CARD_CODES[c] for c in _BITS[mask]) or "-"


def _franz_card(card: int) -> str:
    return "T" if card == FRANZ_TEMPO else _card(card)


def _franz_name(card: int) -> str | None:
    if card < 0:
        return None
    return "tempo" if card == FRANZ_TEMPO else CARD_NAMES[card]


def _speed(speed: int) -> str:
    return {NO_SPEED: "-", NEED_ROLL: "?", PIT_SPEED: "P"}.get(speed, str(speed))


def _speed_json(speed: int) -> JSON:
    return {NO_SPEED: None, NEED_ROLL: "rolling", PIT_SPEED: "pit"}.get(speed, speed)


def _clip(text: str, limit: int = 60) -> str:
    """``repr(text)``, cut short so that a huge field never floods an error message."""
    shown = repr(text)
    return shown if len(shown) <= limit else f"{shown[:limit - 5]}...' ({len(text)} chars)"


def _seats(seats: Sequence[int]) -> str:
    return ",".join(map(str, seats)) or "-"


def _franz_block(state: GibGasState) -> str:
    return "F:" + "/".join((
        "".join(map(str, state.f_pile)),
        _card(state.f_last),
        _franz_card(state.f_card),
        _speed(state.f_speed),
    ))


def _read_int(text: str, what: str, low: int, high: int) -> int:
    """A whole number in ASCII digits, as ``str`` writes it, from ``low`` to ``high``."""
    plain = text.isascii() and text.isdigit() and (text == "0" or not text.startswith("0"))
    if not plain or len(text) > len(str(high)) or not low <= int(text) <= high:
        raise NotationError(f"{what} {_clip(text)} must be a whole number from {low} to {high}")
    return int(text)


def _read_seats(text: str, players: int) -> list[int]:
    """``q=``: seats in order, each once, or ``-``."""
    if text == "-":
        return []
    seats = [_read_int(x, "a seat in q=", 0, players - 1) for x in text.split(",")]
    if seats != sorted(set(seats)):
        raise NotationError(f"q={_clip(text)} must list seats once each, in seat order")
    return seats


def _read_track_card(deck: TrackDeck, code: str, won: bool = False) -> int:
    try:
        kind = deck.index(code)
    except ValueError:
        codes = ", ".join(c.code for c in deck.cards)
        raise NotationError(
            f"no track card {_clip(code)} in deck {deck.name!r}; cards: {codes}") from None
    if won and deck.cards[kind].kind.is_crash:
        raise NotationError(f"{code} is a Crash card; nobody wins it (it goes to the box)")
    return kind


def _read_card(text: str, what: str, allowed: int = ALL_CARDS) -> int:
    """One card code or ``-`` (none); ``allowed`` is a mask of the cards this field takes."""
    if text == "-":
        return -1
    codes = _cards(allowed)
    if len(text) != 1 or text not in codes:
        raise NotationError(f"{what} {_clip(text)} must be one of {codes} or -")
    return CARD_CODES.index(text)


def _read_cards(text: str, what: str, allowed: int = ALL_CARDS) -> int:
    """Card codes, each once, in the order ``012345DTP``; ``-`` for none."""
    if text == "-":
        return 0
    mask = 0
    for ch in text:
        card = _read_card(ch, what, allowed)
        if card < 0 or mask >> card:
            raise NotationError(
                f"{what} {_clip(text)} lists each card once, in the order {_cards(allowed)}")
        mask |= 1 << card
    return mask


def _read_speed(text: str, what: str) -> int:
    special = {"-": NO_SPEED, "?": NEED_ROLL, "P": PIT_SPEED}
    if text in special:
        return special[text]
    allowed = sorted({*SPEEDS, *_DIE_VALUES})
    if not (text.isascii() and text.isdigit()) or text not in map(str, allowed):
        raise NotationError(
            f"{what} {_clip(text)} must be {', '.join(map(str, allowed))}, P (pit), "
            "? (a die to roll) or -")
    return int(text)
