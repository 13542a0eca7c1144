"""Game records: a JSON file with the game, the seed, every step and the result.

A step is one action of a seat, one chance outcome, or one joint action at a simultaneous
node. Each action is kept both as an id and in notation; on replay both must agree.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rennbahn.core.errors import RecordError, RennbahnError
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, State

FORMAT = "rennbahn-record/1"


@dataclass(frozen=True)
class Step:
    """One step: ``actor`` is a seat, CHANCE, or SIMULTANEOUS (then one action per seat)."""

    actor: int
    actions: tuple[int, ...]
    moves: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        if self.actor == SIMULTANEOUS:
            return {"seat": "all", "actions": list(self.actions), "moves": list(self.moves)}
        seat: int | str = "chance" if self.actor == CHANCE else self.actor
        return {"seat": seat, "action": self.actions[0], "move": self.moves[0]}

    @staticmethod
    def from_json(data: object, number: int) -> Step:
        where = f"move {number}"
        if not isinstance(data, dict):
            raise RecordError(f"{where}: expected an object with seat, action and move")
        seat = data.get("seat")
        try:
            if seat == "all":
                actions = tuple(int(a) for a in data["actions"])
                moves = tuple(str(m) for m in data["moves"])
                if len(actions) != len(moves):
                    raise RecordError(f"{where}: actions and moves differ in length")
                return Step(SIMULTANEOUS, actions, moves)
            actor = CHANCE if seat == "chance" else seat
            if not isinstance(actor, int) or isinstance(actor, bool):
                raise RecordError(f"{where}: seat must be a seat number, 'chance' or 'all'")
            return Step(actor, (int(data["action"]),), (str(data["move"]),))
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(f"{where}: malformed step {data!r} ({exc})") from exc


@dataclass
class Record:
    """A complete game: enough to replay it exactly."""

    game: str
    version: int
    seed: int | None
    seats: list[str]
    steps: list[Step]
    returns: list[float]
    final: str
    start: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "seed": self.seed,
            "seats": self.seats,
        }
        if self.start is not None:
            data["start"] = self.start
        data["moves"] = [s.to_json() for s in self.steps]
        data["result"] = self.returns
        data["final"] = self.final
        data.update(self.extra)
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @staticmethod
    def from_json(data: object) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a rennbahn record: format must be {FORMAT!r}")
        missing = [k for k in ("game", "version", "moves", "result", "final") if k not in data]
        if missing:
            raise RecordError(f"record lacks {', '.join(missing)}")
        if not isinstance(data["moves"], list):
            raise RecordError("record 'moves' must be a list")
        steps = [Step.from_json(m, i + 1) for i, m in enumerate(data["moves"])]
        try:
            returns = [float(r) for r in data["result"]]
        except (TypeError, ValueError) as exc:
            raise RecordError(f"record 'result' must be a list of numbers ({exc})") from exc
        known = {"format", "game", "version", "seed", "seats", "start", "moves", "result", "final"}
        return Record(
            game=str(data["game"]),
            version=int(data["version"]),
            seed=data.get("seed"),
            seats=[str(s) for s in data.get("seats", [])],
            steps=steps,
            returns=returns,
            final=str(data["final"]),
            start=data.get("start"),
            extra={k: v for k, v in data.items() if k not in known},
        )

    @staticmethod
    def loads(text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from exc
        return Record.from_json(data)

    @staticmethod
    def load(path: str | Path) -> Record:
        return Record.loads(Path(path).read_text(encoding="utf-8"))


def replay(record: Record) -> Iterator[tuple[Step | None, State]]:
    """Step through a record: yields (None, start) then (step, state after it) per step.

    Every step is checked: it must be legal, its notation must match its action id, and
    the end must match the recorded result and final state. A bad step raises
    :class:`RecordError` naming the move number and the reason.
    """
    from rennbahn.core.registry import load_game

    try:
        game = load_game(record.game)
    except RennbahnError as exc:
        raise RecordError(f"record names a game that cannot be loaded: {exc}") from exc
    if record.version != game.version:
        raise RecordError(
            f"record was made with {game.NAME} version {record.version}; "
            f"this is version {game.version}"
        )
    state = game.state_from_text(record.start) if record.start else game.new_initial_state()
    yield None, state.clone()
    for number, step in enumerate(record.steps, start=1):
        where = f"move {number}"
        if state.is_terminal():
            raise RecordError(f"{where}: the game was already over")
        player = state.current_player()
        if (step.actor == SIMULTANEOUS) != (player == SIMULTANEOUS) or (
            step.actor != SIMULTANEOUS and step.actor != player
        ):
            expected = {CHANCE: "chance", SIMULTANEOUS: "all"}.get(player, str(player))
            raise RecordError(f"{where}: recorded for seat {step.to_json()['seat']}, "
                              f"but it is {expected}'s turn")
        try:
            for seat_index, (action, move) in enumerate(zip(step.actions, step.moves,
                                                            strict=True)):
                seat = seat_index if step.actor == SIMULTANEOUS else step.actor
                if state.action_to_string(seat, action) != move:
                    raise RecordError(
                        f"{where}: action {action} is "
                        f"{state.action_to_string(seat, action)!r}, not {move!r}"
                    )
            if step.actor == SIMULTANEOUS:
                state.apply_actions(list(step.actions))
            else:
                state.apply_action(step.actions[0])
        except RecordError:
            raise
        except (RennbahnError, IndexError, KeyError) as exc:
            raise RecordError(f"{where} ({', '.join(step.moves)}): {exc}") from exc
        yield step, state.clone()
    if not state.is_terminal():
        raise RecordError(f"record ends after move {len(record.steps)} before the game is over")
    if state.to_text() != record.final:
        raise RecordError("replayed final state differs from the recorded one")
    if [round(r, 9) for r in state.returns()] != [round(r, 9) for r in record.returns]:
        raise RecordError(
            f"replayed result {state.returns()} differs from the recorded {record.returns}"
        )
