"""Game records: a JSON file with the game, the seed, every step and the result.

A step is one action of a seat, one chance outcome, or one joint action at a simultaneous
node. Each action is kept both as an id and in notation; on replay both must agree.

The format, ``rennbahn-record/1``, is declared below as a schema (:class:`RecordSchema`,
checked by msgspec, whose errors name the field, e.g. ``$.moves[3].action``); every way a
record can be wrong raises :class:`RecordError`. A record is written while the game goes on
(:func:`write_atomically` after every step): an unfinished game's record has
``"result": null`` and its ``final`` is the position reached so far, so it can be resumed.

A finished game's record may carry its ``log``: every line the narration tells a spectator,
as its kind of event and the rule behind it (``rennbahn.core.citations``): ``{"step": 3,
"event": "rolls", "cites": [{"section": "driving", "readings": ["I4"]}]}`` (step 0 is the
start, step n what followed step n). :func:`cite_record` adds it by replaying the record. The
field is optional and read when present, so records without it (every record before it)
load as before, and an older reader keeps it as an unknown top-level field.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from rennbahn.core.citations import Citation
from rennbahn.core.errors import RecordError, RennbahnError
from rennbahn.core.params import shown
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, State

FORMAT = "rennbahn-record/1"
#: A record file larger than this is refused unread (a long Grand Prix race is ~1 MB).
MAX_RECORD_BYTES = 64 * 2**20

# -- the declared format ---------------------------------------------------------------------
ActionId = Annotated[int, msgspec.Meta(ge=0, lt=2**31)]
SeatNumber = Annotated[int, msgspec.Meta(ge=0, lt=64)]
Text = Annotated[str, msgspec.Meta(max_length=1_000_000)]
Return = Annotated[float, msgspec.Meta(ge=-1e12, le=1e12)]  # finite: no Infinity, no NaN


class StepSchema(msgspec.Struct, forbid_unknown_fields=True):
    """One step: ``seat`` is a seat number or ``"chance"`` with ``action`` and ``move``, or
    ``"all"`` (a simultaneous node) with ``actions`` and ``moves``, one per seat."""

    seat: SeatNumber | Literal["chance", "all"]
    action: ActionId | None = None
    move: Text | None = None
    actions: list[ActionId] | None = None
    moves: list[Text] | None = None


class CiteSchema(msgspec.Struct, forbid_unknown_fields=True):
    """A rule behind a logged event: a rulebook section and the readings (``I4``) it needed."""

    section: Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
    readings: list[Annotated[str, msgspec.Meta(pattern="^I[1-9][0-9]*$")]] = []


class LogSchema(msgspec.Struct, forbid_unknown_fields=True):
    """One narrated event: the step after which it was told, its kind and its rules."""

    step: Annotated[int, msgspec.Meta(ge=0)]
    event: Annotated[str, msgspec.Meta(max_length=100)]
    cites: list[CiteSchema] = []


class RecordSchema(msgspec.Struct):
    """A record as stored. Unknown top-level fields are kept (``Record.extra``).

    ``result`` is null while the game is unfinished; ``final`` is then the last position.
    """

    format: Literal["rennbahn-record/1"]
    game: Annotated[str, msgspec.Meta(min_length=1, max_length=10_000)]
    version: Annotated[int, msgspec.Meta(ge=0, lt=2**31)]
    moves: list[StepSchema]
    result: list[Return] | None
    final: Text
    seed: int | None = None
    seats: list[Annotated[str, msgspec.Meta(max_length=100)]] = []
    start: Text | None = None
    log: list[LogSchema] = []


_KNOWN = set(RecordSchema.__struct_fields__)


def _validate(data: object, schema: type[Any], where: str = "") -> Any:
    try:
        return msgspec.convert(data, schema, strict=True)
    except msgspec.ValidationError as exc:
        step = re.search(r"\$\.moves\[(\d+)\]", str(exc))
        if step is not None:  # msgspec counts from 0, people (and replay) from 1
            where = f" move {int(step.group(1)) + 1}"
        raise RecordError(f"malformed record{where}: {exc}") from exc
    except RecursionError as exc:
        raise RecordError(f"malformed record{where}: nested too deeply") from exc


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
        """Read step ``number`` (1-based, for messages) of a record."""
        return Step.from_schema(_validate(data, StepSchema, f" move {number}"), number)

    @staticmethod
    def from_schema(step: StepSchema, number: int) -> Step:
        where = f"move {number}"
        if step.seat == "all":
            if step.actions is None or step.moves is None or step.action is not None \
                    or step.move is not None:
                raise RecordError(f"{where}: a joint step (seat 'all') has actions and moves")
            if len(step.actions) != len(step.moves) or not step.actions:
                raise RecordError(f"{where}: actions and moves differ in length")
            return Step(SIMULTANEOUS, tuple(step.actions), tuple(step.moves))
        if step.action is None or step.move is None or step.actions is not None \
                or step.moves is not None:
            raise RecordError(f"{where}: a step of seat {step.seat!r} has action and move")
        actor = CHANCE if step.seat == "chance" else step.seat
        assert isinstance(actor, int)
        return Step(actor, (step.action,), (step.move,))


@dataclass(frozen=True)
class LogEntry:
    """One narrated event of a record's log (see the module)."""

    step: int
    #: The kind of event: the key of the narration line's text ("" for a line without one).
    event: str
    cites: tuple[Citation, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "event": self.event,
                "cites": [{"section": c.section, "readings": list(c.readings)}
                          for c in self.cites]}


@dataclass
class Record:
    """A game, finished or not: enough to replay it exactly (and to resume it)."""

    game: str
    version: int
    seed: int | None
    seats: list[str]
    steps: list[Step]
    returns: list[float]
    final: str
    start: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: False while the game goes on: then ``returns`` is empty and ``final`` the last position.
    finished: bool = True
    #: The narrated events and the rules behind them (:func:`cite_record`); may be empty.
    log: list[LogEntry] = field(default_factory=list)

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
        data["result"] = self.returns if self.finished else None
        data["final"] = self.final
        if self.log:
            data["log"] = [entry.to_json() for entry in self.log]
        data.update({k: v for k, v in self.extra.items() if k not in _KNOWN})
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        """Write the record to ``path``, atomically (a reader sees the old or the new one)."""
        write_atomically(Path(path), self.dumps() + "\n")

    @staticmethod
    def from_json(data: object) -> Record:
        """Check ``data`` (parsed JSON) against :class:`RecordSchema` and read it."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a rennbahn record: format must be {FORMAT!r}")
        missing = [k for k in ("game", "version", "moves", "result", "final") if k not in data]
        if missing:
            raise RecordError(f"record lacks {', '.join(missing)}")
        schema: RecordSchema = _validate(data, RecordSchema)
        steps = [Step.from_schema(m, i + 1) for i, m in enumerate(schema.moves)]
        return Record(
            game=schema.game,
            version=schema.version,
            seed=schema.seed,
            seats=list(schema.seats),
            steps=steps,
            returns=list(schema.result or []),
            final=schema.final,
            start=schema.start,
            extra={k: v for k, v in data.items() if k not in _KNOWN},
            finished=schema.result is not None,
            log=[LogEntry(e.step, e.event, tuple(Citation(c.section, tuple(c.readings))
                                                 for c in e.cites)) for e in schema.log],
        )

    @staticmethod
    def loads(text: str | bytes) -> Record:
        """Read a record from its JSON text (bytes must be UTF-8)."""
        if isinstance(text, str):
            text = text.encode("utf-8", "surrogatepass")
        try:
            data = msgspec.json.decode(text)
        except msgspec.DecodeError as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from exc
        except RecursionError as exc:
            raise RecordError("record is not valid JSON: nested too deeply") from exc
        return Record.from_json(data)

    @staticmethod
    def load(path: str | Path) -> Record:
        """Read a record file. A missing or unreadable file raises ``OSError``."""
        with Path(path).open("rb") as file:
            text = file.read(MAX_RECORD_BYTES + 1)
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(f"{path} is larger than {MAX_RECORD_BYTES} bytes; not a record")
        return Record.loads(text)


def check_writable(path: str | Path) -> Path:
    """Make sure a record can be written to ``path`` before a game starts.

    Raises ``OSError`` (no such folder, a folder in the way, no permission) naming the path.
    """
    target = Path(path)
    if target.is_dir():
        raise IsADirectoryError(f"{target} is a folder; give a file name for the record")
    folder = target.parent
    if not folder.is_dir():
        raise FileNotFoundError(f"no folder {folder} to write the record {target.name} in")
    with tempfile.NamedTemporaryFile(dir=folder, prefix=f".{target.name}.", suffix=".tmp"):
        pass
    return target


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` in one step: write a file beside it, then rename it."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.chmod(temporary, _file_mode(path))  # mkstemp makes it private (0600)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _file_mode(path: Path) -> int:
    """The mode ``path`` has, or a new file would get under the umask."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def start_state(record: Record) -> State:
    """The state the record starts from (checked: game, version and start notation)."""
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
    if not record.start:
        return game.new_initial_state()
    try:
        return game.state_from_text(record.start)
    except RennbahnError as exc:
        raise RecordError(f"record's start position cannot be read: {exc}") from exc


def cite_record(record: Record) -> Record:
    """``record`` with its :attr:`~Record.log`: the record replayed, and every line the
    game's narration tells a spectator (the public view) logged with its kind of event and
    the rules behind it. A game without a narration, citations or public view logs nothing.
    """
    from dataclasses import replace

    from rennbahn.core.i18n import Said
    from rennbahn.core.registry import game_entry

    entry = game_entry(start_state(record).get_game().NAME)
    if entry.narration is None or entry.citations is None:
        return record
    narrate, citations = entry.narration(), entry.citations()
    log: list[LogEntry] = []
    seen = None
    for number, (_, state) in enumerate(replay(record)):
        try:
            view = state.public_view()
        except NotImplementedError:
            return record
        for line in narrate(state.get_game(), seen, view):
            event = line.key if isinstance(line, Said) else ""
            log.append(LogEntry(number, event, citations.cite(line)))
        seen = view
    return replace(record, log=log)


def replay(record: Record) -> Iterator[tuple[Step | None, State]]:
    """Step through a record: yields (None, start) then (step, state after it) per step.

    Every step is checked: it must be legal, its notation must match its action id, and
    the end must match the recorded result and final state (for an unfinished record, the
    last position). A bad step raises :class:`RecordError` naming the move number and the
    reason.
    """
    state = start_state(record)
    yield None, state.clone()
    for number, step in enumerate(record.steps, start=1):
        apply_step(state, step, number)
        yield step, state.clone()
    if not record.finished:
        if state.to_text() != record.final:
            raise RecordError("replayed position differs from the recorded one")
        return
    if not state.is_terminal():
        raise RecordError(f"record ends after move {len(record.steps)} before the game is over")
    if state.to_text() != record.final:
        raise RecordError("replayed final state differs from the recorded one")
    if [round(r, 9) for r in state.returns()] != [round(r, 9) for r in record.returns]:
        raise RecordError(
            f"replayed result {state.returns()} differs from the recorded {record.returns}"
        )


def play_step(state: State, actor: int, actions: Sequence[int]) -> None:
    """Apply one recorded step: a joint move (``actor`` SIMULTANEOUS, one action per seat),
    else the one action of a seat or of chance. The one way a stored step is applied: the
    replayer, the table's restore, the server's stories and its bot workers call it; the
    state's own checks refuse an action that is not legal."""
    if actor == SIMULTANEOUS:
        state.apply_actions(list(actions))
    else:
        state.apply_action(actions[0])


def apply_step(state: State, step: Step, number: int) -> None:
    """Apply recorded step ``number`` to ``state``, checking the turn, legality and notation."""
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
    if step.actor == SIMULTANEOUS and len(step.actions) != state.get_game().num_players():
        raise RecordError(f"{where}: a joint step needs one action per seat")
    try:
        for seat_index, (action, move) in enumerate(zip(step.actions, step.moves, strict=True)):
            seat = seat_index if step.actor == SIMULTANEOUS else step.actor
            written = state.action_to_string(seat, action)
            if written != move:
                raise RecordError(f"{where}: action {action} is {written!r}, not {shown(move)}")
        play_step(state, step.actor, step.actions)
    except RecordError:
        raise
    except RennbahnError as exc:
        raise RecordError(f"{where} ({shown(', '.join(step.moves))}): {exc}") from exc
