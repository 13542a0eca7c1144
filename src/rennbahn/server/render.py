"""What the drawing workers compute: boards, narration, histories and replays.

Everything here runs in a worker process (:mod:`rennbahn.server.workers`), never on the
server's event loop. A call carries only plain data: the game string, the steps, and views
packed with msgpack (a view is a frozen msgspec Struct; msgpack moves one in about 10 µs,
pickle in 400). A worker loads each game once and keeps, per (table, seat, language), the
story it last told, so that a page reconnecting later costs only the steps played since.

One job is one (step, seat, language): the narration of the step as that seat saw it, and
the board of the view after it (only for the newest view a connection will be shown).
"""

from __future__ import annotations

import importlib
import json
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, NamedTuple

import msgspec

from rennbahn.core.protocol import Game
from rennbahn.core.records import Record, Step, cite_record, play_step
from rennbahn.core.registry import load_game
from rennbahn.core.views import View, as_json
from rennbahn.core.words import Finish
from rennbahn.server.messages import LogLine
from rennbahn.server.stories import GameModules, History, extend, observe, story

#: Histories a worker keeps, per (table, seat, language).
HISTORIES = 64

_games: dict[str, tuple[Game, GameModules]] = {}
_decoders: dict[str, msgspec.msgpack.Decoder[Any]] = {}
_encoder = msgspec.msgpack.Encoder()
_histories: OrderedDict[tuple[str, int | None, str], History] = OrderedDict()


class Packed(NamedTuple):
    """A view on its way to a worker: its type's "module:name" and its msgpack bytes."""

    kind: str
    data: bytes


def pack(view: View | None) -> Packed | None:
    if view is None:
        return None
    kind = type(view)
    return Packed(f"{kind.__module__}:{kind.__qualname__}", _encoder.encode(view))


def unpack(packed: Packed | None) -> View | None:
    if packed is None:
        return None
    decoder = _decoders.get(packed.kind)
    if decoder is None:
        module, name = packed.kind.split(":")
        decoder = _decoders[packed.kind] = msgspec.msgpack.Decoder(
            getattr(importlib.import_module(module), name))
    view: View = decoder.decode(packed.data)
    return view


class Job(NamedTuple):
    """One seat's share of one step: narrate ``before`` → ``after`` (when ``narrate``)
    and draw ``after`` with ``moves`` tappable, say the moves in words and, at the end,
    the result (when ``board``)."""

    game: str
    before: Packed | None
    after: Packed | None
    moves: tuple[str, ...]
    lang: str
    names: tuple[str, ...]
    narrate: bool
    board: bool
    #: Whether the game is over (the result is said in words).
    over: bool = False


class Drawn(NamedTuple):
    lines: list[LogLine]
    board: str | None
    #: What went wrong ("" when nothing did): the server logs it once per table.
    error: str
    #: Each of the job's moves in words, and the colour shown beside it.
    labels: tuple[tuple[str, str | None], ...] = ()
    finish: Finish | None = None


def _game(game_string: str) -> tuple[Game, GameModules]:
    found = _games.get(game_string)
    if found is None:
        game = load_game(game_string)
        found = _games[game_string] = (game, GameModules.of(game))
    return found


def draw(jobs: Sequence[Job]) -> list[Drawn]:
    """Every job of one publication, in order (one call, so one trip to the worker)."""
    return [_draw(job) for job in jobs]


def _draw(job: Job) -> Drawn:
    lines: list[LogLine] = []
    board = None
    errors = []
    labels: tuple[tuple[str, str | None], ...] = ()
    finish: Finish | None = None
    try:
        _, ui = _game(job.game)
        after = unpack(job.after)
        if job.narrate:
            try:
                lines = ui.narrate(unpack(job.before), after, lang=job.lang,
                                   names=list(job.names))
            except Exception as error:  # a narration bug must not stop the table
                errors.append(f"narration: {type(error).__name__}: {error}")
        if job.board:
            names = list(job.names)
            try:
                board = ui.board(after, list(job.moves), job.lang, names)
            except Exception as error:  # nor a drawing bug
                errors.append(f"board: {type(error).__name__}: {error}")
            try:
                labels = tuple(ui.labels(after, job.moves, job.lang, names))
                finish = ui.finish(after, job.lang, names) if job.over else None
            except Exception as error:  # nor the words: the notation is shown instead
                errors.append(f"words: {type(error).__name__}: {error}")
                labels, finish = tuple((move, None) for move in job.moves), None
    except Exception as error:
        errors.append(f"{type(error).__name__}: {error}")
    return Drawn(lines, board, "; ".join(errors), labels, finish)


def tell_history(table_id: str, game_string: str, steps: Sequence[Step], seat: int | None,
                 lang: str, names: list[str]) -> tuple[list[LogLine], int]:
    """Every narration line of ``steps`` as ``seat`` saw them, in ``lang``, and how many
    steps had to be replayed (a kept history is continued, not told again)."""
    game, ui = _game(game_string)
    key = (table_id, seat, lang)
    told = extend(game, ui, tuple(steps), seat, lang, names, _histories.pop(key, None))
    _histories[key] = told
    while len(_histories) > HISTORIES:
        _histories.popitem(last=False)
    return list(told.lines), told.replayed


def tell_story(game_string: str, steps: Sequence[Step], seat: int | None, lang: str,
               names: list[str] | None) -> list[dict[str, Any]]:
    """The story of a finished game for the replay page: per step its ply and narration
    (lines with the rules behind them)."""
    game, ui = _game(game_string)
    return [{"ply": entry["ply"], "narration": entry["narration"]}
            for entry in story(game, ui, list(steps), seat, lang=lang, names=names)]


def story_json(game_string: str, steps: Sequence[Step], seat: int | None) -> bytes:
    """The story of a finished game as ``/api/tables/{id}/story`` gives it (JSON bytes)."""
    game, ui = _game(game_string)
    entries = story(game, ui, list(steps), seat)
    for entry in entries:
        lines: list[LogLine] = entry["narration"]
        entry["narration"] = [line.text for line in lines]
        entry["rules"] = msgspec.to_builtins([line.rules for line in lines])
        if entry["observation"] is not None:
            entry["observation"] = as_json(entry["observation"])
    for entry, step in zip(entries[1:], steps, strict=True):
        entry["step"] = step.to_json()
    return json.dumps(entries, ensure_ascii=False, allow_nan=False,
                      separators=(",", ":")).encode()


def cited_record(text: str) -> bytes:
    """A finished game's stored record with its log: the rule behind every narrated event
    (``rennbahn.core.records.cite_record``), as ``/api/tables/{id}/record`` gives it."""
    return (cite_record(Record.loads(text)).dumps() + "\n").encode()


def draw_position(game_string: str, steps: Sequence[Step], seat: int | None,
                  lang: str, names: list[str] | None = None) -> str | None:
    """The board as ``seat`` saw it after ``steps`` (a replay page's position)."""
    game, ui = _game(game_string)
    state = game.new_initial_state()
    for step in steps:
        play_step(state, step.actor, step.actions)
    return ui.board(observe(state, seat), [], lang, names)


def finish_of(game_string: str, steps: Sequence[Step], lang: str,
              names: list[str]) -> Finish | None:
    """The end of a finished game in words, as everyone sees it (the lobby's list)."""
    game, ui = _game(game_string)
    state = game.new_initial_state()
    for step in steps:
        play_step(state, step.actor, step.actions)
    return ui.finish(observe(state, None), lang, names)
