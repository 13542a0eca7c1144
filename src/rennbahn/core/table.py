"""The step-wise table driver: one way to advance a game, shared by every front end.

A :class:`Table` holds a state, its seats (a person, or a bot) and the table's own seeded
``random.Random``. It says which seats must act now, takes one seat's move (with the move
number it answers), collects the secret choices of a simultaneous node (a seat may change
its choice until every seat has chosen), applies chance with the table's generator, lets
bots move, and stops where a person must act. :func:`rennbahn.core.driver.play` is this
driver with a bot in every seat; the server drives the same table one message at a time.

The generator is used in one fixed order, so the same seed and the same moves give the same
game byte for byte: a chance outcome is sampled with :func:`sample_chance`; at a seat's turn
its bot is asked with the table's generator; at a simultaneous node every bot that has not
chosen is asked in seat order as soon as the node is reached. People never touch it.

The rules know nothing of any of this: the table only calls the public protocol.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from rennbahn.core.errors import IllegalActionError, RennbahnError
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL, Game, State
from rennbahn.core.records import Record, Step, play_step
from rennbahn.core.seat import SeatView

#: How many states resampled from a seat's information state an undo is checked against.
UNDO_SAMPLES = 6


class Bot(Protocol):
    """A player: a function from what its seat sees to a move."""

    def step(self, view: SeatView, rng: random.Random) -> int: ...


def sample_chance(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """Pick a chance outcome with the given probabilities using ``rng``."""
    x = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if x < total:
            return action
    return outcomes[-1][0]


class TableError(IllegalActionError):
    """A move, choice or undo the table refuses; ``code`` names the reason for machines.

    Codes: ``not_your_turn``, ``stale``, ``illegal``, ``game_over``, ``undo_refused``,
    ``no_such_seat``. The table is left unchanged. ``reason`` says more, for an
    ``undo_refused``: ``nothing`` (no move yet), ``over``, ``chance`` (a chance event
    followed), ``joint`` (a joint move of every seat), ``other`` (another seat's move;
    ``whose`` is that seat), ``gone``, ``chosen`` (others have chosen since; ``whose`` is
    the first), ``revealed`` (the move showed something hidden), ``no_choice``.
    """

    def __init__(self, code: str, message: str, reason: str = "",
                 whose: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.reason = reason
        self.whose = whose


def ask_bot(bot: Bot, state: State, seat: int, rng: random.Random) -> int:
    """Ask ``bot`` for the move of ``seat``; refuse a move that is not legal."""
    action = bot.step(SeatView(state, seat), rng)
    if action not in state.legal_actions(seat):
        raise IllegalActionError(
            f"bot {type(bot).__name__} at seat {seat} chose illegal action {action}"
        )
    return action


class Table:
    """One game at one table: a state, a bot or a person per seat, and the table's generator.

    ``bots[seat]`` is a :class:`Bot` or None for a person. ``number`` is the table's move
    number: it goes up by one with every step applied and every undo, so a message that
    answers an older position is recognised as stale (secret choices at a simultaneous node
    do not change it). ``steps`` are the steps in order, the same :class:`Step` objects a
    :class:`Record` holds.
    """

    def __init__(
        self,
        game: Game,
        bots: Sequence[Bot | None],
        seed: int | None = None,
        *,
        rng: random.Random | None = None,
        state: State | None = None,
    ) -> None:
        if len(bots) != game.num_players():
            raise IllegalActionError(
                f"{game} needs {game.num_players()} seats; got {len(bots)}"
            )
        self.game = game
        self.bots: list[Bot | None] = list(bots)
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)
        if state is None:
            state = game.new_initial_state()
        self.start: str | None = (
            state.to_text() if state.history() or state._origin is not None else None
        )
        self.state = state
        self.steps: list[Step] = []
        self.number = 0
        #: Secret choices at the current simultaneous node, by seat.
        self.pending: dict[int, int] = {}
        # (state before, step) for the last step if it was one seat's move: what undo restores.
        self._undo_point: tuple[State, Step, bool | None] | None = None

    # -- who acts ---------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.state.is_terminal()

    def to_act(self) -> list[int]:
        """The seats that must act now (at a simultaneous node: those that have not chosen)."""
        player = self.state.current_player()
        if player == SIMULTANEOUS:
            return [s for s in range(self.game.num_players()) if s not in self.pending]
        if player in (CHANCE, TERMINAL):
            return []
        return [player]

    def people_to_act(self) -> list[int]:
        """The seats of people that must act now."""
        return [s for s in self.to_act() if self.bots[s] is None]

    def next_bot(self) -> int | None:
        """The seat whose bot must be asked next, or None (then chance, a person or the end)."""
        for seat in self.to_act():
            if self.bots[seat] is not None:
                return seat
        return None

    def set_bot(self, seat: int, bot: Bot | None) -> None:
        """Hand ``seat`` to ``bot``, or back to a person with None."""
        self._check_seat(seat)
        self.bots[seat] = bot

    # -- acting -----------------------------------------------------------------------------
    def check_number(self, number: int | None) -> None:
        if number is not None and number != self.number:
            raise TableError(
                "stale",
                f"move number {number} is not the current one ({self.number}); "
                "the table has moved on: look at the new position and choose again",
            )

    def move(self, seat: int, action: int | str, number: int | None = None) -> Step | None:
        """Take ``seat``'s move answering move ``number`` (None: do not check): an action id,
        or the move in the game's notation (read in the position it answers).

        At a seat's turn the move is applied and its step returned. At a simultaneous node
        the choice is kept secret (a later choice replaces it) and None is returned until
        every seat has chosen; then the joint action is applied and its step returned.
        Anything refused raises :class:`TableError` and changes nothing.
        """
        self._check_seat(seat)
        self.check_number(number)
        state = self.state
        player = state.current_player()
        if player == TERMINAL:
            raise TableError("game_over", "the game is over; no move can be made")
        if player != SIMULTANEOUS and player != seat:
            whose = "chance's" if player == CHANCE else f"seat {player}'s"
            raise TableError("not_your_turn", f"it is {whose} turn, not seat {seat}'s")
        legal = state.legal_actions(seat)
        if isinstance(action, str):
            try:
                action = state.string_to_action(seat, action)
            except RennbahnError as error:
                raise TableError("illegal", str(error)) from error
        if type(action) is not int or action not in legal:
            names = [state.action_to_string(seat, a) for a in legal]
            raise TableError(
                "illegal",
                f"{action!r} is not a legal move for seat {seat} here; legal: "
                + ", ".join(f"{a} ({n})" for a, n in zip(legal, names, strict=True)),
            )
        if player == SIMULTANEOUS:
            self.pending[seat] = action
            if len(self.pending) < self.game.num_players():
                return None
            joint = [self.pending[s] for s in range(self.game.num_players())]
            notation = tuple(state.action_to_string(s, a) for s, a in enumerate(joint))
            step = Step(SIMULTANEOUS, tuple(joint), notation)
            state.apply_actions(joint)
            self._undo_point = None
        else:
            step = Step(seat, (action,), (state.action_to_string(seat, action),))
            before = state.clone()
            state.apply_action(action)
            self._undo_point = (before, step, None)
        self._applied(step)
        return step

    def withdraw(self, seat: int, number: int | None = None) -> None:
        """Take back a secret choice at a simultaneous node (before every seat has chosen),
        answering move ``number`` (None: do not check)."""
        self.check_number(number)
        if seat not in self.pending:
            raise TableError("undo_refused", f"seat {seat} has no choice to take back",
                             "no_choice")
        del self.pending[seat]

    def chance_step(self) -> Step:
        """Sample and apply the chance outcome with the table's generator."""
        state = self.state
        if not state.is_chance_node():
            raise TableError("not_your_turn", "this is not a chance node")
        action = sample_chance(state.chance_outcomes(), self.rng)
        step = Step(CHANCE, (action,), (state.action_to_string(CHANCE, action),))
        state.apply_action(action)
        self._undo_point = None
        self._applied(step)
        return step

    def advance(self, on_step: Callable[[State, Step], None] | None = None) -> list[Step]:
        """Apply chance and let bots move until a person must act or the game is over.

        ``on_step`` is called after every step with the new state. Returns the new steps.
        """
        done: list[Step] = []
        while not self.state.is_terminal():
            step: Step | None
            if self.state.is_chance_node():
                step = self.chance_step()
            else:
                seat = self.next_bot()
                if seat is None:
                    break
                bot = self.bots[seat]
                assert bot is not None
                step = self.move(seat, ask_bot(bot, self.state, seat, self.rng))
            if step is not None:
                done.append(step)
                if on_step is not None:
                    on_step(self.state, step)
        return done

    def undo(self, seat: int, number: int | None = None) -> Step:
        """Take back ``seat``'s own last move, if nothing has happened since.

        Refused (:class:`TableError` ``undo_refused``, nothing changes) unless the game is not
        over, the last step is that seat's own move, no other seat has chosen since, and the
        move revealed nothing hidden to any seat: applied to states resampled from each seat's
        information state before it, the move must give that seat the same observation as it
        did.
        """
        self._check_seat(seat)
        self.check_number(number)
        self._check_undo(seat)
        assert self._undo_point is not None
        before, step, _ = self._undo_point
        self.state = before.clone()
        self.pending.clear()
        self.steps.pop()
        self._undo_point = None
        self.number += 1
        return step

    def can_undo(self, seat: int) -> bool:
        """Whether :meth:`undo` or :meth:`withdraw` would accept ``seat``'s request now."""
        if seat in self.pending:
            return True
        try:
            self._check_undo(seat)
        except TableError:
            return False
        return True

    def _check_undo(self, seat: int) -> None:
        if not self.steps:
            raise TableError("undo_refused", "there is no move to take back", "nothing")
        if self.is_over():
            raise TableError("undo_refused", "the game is over: its last move stands", "over")
        last = self.steps[-1]
        if last.actor != seat:
            reason = {CHANCE: "chance", SIMULTANEOUS: "joint"}.get(last.actor, "other")
            who = {CHANCE: "a chance event", SIMULTANEOUS: "a joint move of every seat"}.get(
                last.actor, f"seat {last.actor}'s move"
            )
            raise TableError(
                "undo_refused",
                f"seat {seat} cannot take back: the last step was {who}", reason,
                last.actor if reason == "other" else None,
            )
        point = self._undo_point
        if point is None or point[1] is not last:
            raise TableError("undo_refused", "that move can no longer be taken back", "gone")
        others = sorted(s for s in self.pending if s != seat)
        if others:
            raise TableError(
                "undo_refused",
                f"seat {seat} cannot take back: seat(s) {others} have chosen since",
                "chosen", others[0],
            )
        before, step, reveals = point
        if reveals is None:  # worked out once per move, however often it is asked
            reveals = _reveals(before, step, self.state)
            self._undo_point = (before, step, reveals)
        if reveals:
            raise TableError(
                "undo_refused",
                f"seat {seat} cannot take back {step.moves[0]}: it revealed something hidden",
                "revealed",
            )

    # -- results ----------------------------------------------------------------------------
    def record(self, seats: Sequence[str] | None = None) -> Record:
        """The game so far as a :class:`Record` (a finished table's is the full game)."""
        names = (
            list(seats)
            if seats is not None
            else [type(b).__name__ if b is not None else "person" for b in self.bots]
        )
        return Record(
            game=str(self.game),
            version=self.game.version,
            seed=self.seed,
            seats=names,
            steps=list(self.steps),
            returns=self.state.returns(),
            final=self.state.to_text(),
            start=self.start,
        )

    @classmethod
    def restore(
        cls,
        game: Game,
        bots: Sequence[Bot | None],
        steps: Sequence[Step],
        *,
        seed: int | None = None,
        rng_state: object = None,
        number: int | None = None,
        pending: dict[int, int] | None = None,
        start: str | None = None,
    ) -> Table:
        """Rebuild a table by replaying ``steps`` (each checked), then set its generator
        state, move number and pending secret choices as they were stored."""
        state = game.state_from_text(start) if start else game.new_initial_state()
        table = cls(game, bots, seed, state=state)
        for step in steps:
            player = table.state.current_player()
            before = None
            if step.actor == CHANCE and player != CHANCE:
                raise TableError("illegal", f"stored chance step {step} does not fit")
            if step.actor not in (CHANCE, SIMULTANEOUS):
                if player != step.actor:
                    raise TableError("illegal", f"stored step {step} is out of turn")
                before = table.state.clone()
            play_step(table.state, step.actor, step.actions)
            table._undo_point = (before, step, None) if before is not None else None
            table.steps.append(step)
        table.number = len(steps) if number is None else number
        if rng_state is not None:
            table.rng.setstate(rng_state)  # type: ignore[arg-type]
        for seat, action in (pending or {}).items():
            if table.state.current_player() != SIMULTANEOUS or action not in (
                table.state.legal_actions(seat)
            ):
                raise TableError("illegal", f"stored choice {action} of seat {seat} is illegal")
            table.pending[seat] = action
        return table

    # -- inside -----------------------------------------------------------------------------
    def _applied(self, step: Step) -> None:
        self.steps.append(step)
        self.pending.clear()
        self.number += 1

    def _check_seat(self, seat: int) -> None:
        n = self.game.num_players()
        if type(seat) is not int or not 0 <= seat < n:
            raise TableError("no_such_seat", f"there is no seat {seat!r}; seats are 0 to {n - 1}")


def _reveals(before: State, step: Step, after: State) -> bool:
    """Whether applying ``step`` to ``before`` told some seat something it did not know.

    For each seat, states resampled from its information state before the move (a fixed
    seed: the table's generator is never touched) must, after the same move, give that seat
    the observation it really got; a move that is illegal in such a state shows the seat
    something too (that the mover held it).
    """
    action = step.actions[0]
    rng = random.Random(len(before.history()))
    for seat in range(before.get_game().num_players()):
        seen = after.observation(seat)
        for _ in range(UNDO_SAMPLES):
            sample = before.resample_from_infostate(seat, rng)
            if sample.current_player() != step.actor:
                return True
            try:
                sample.apply_action(action)
            except IllegalActionError:
                return True
            if sample.observation(seat) != seen:
                return True
    return False
