"""The ``rennbahn`` command: play, sim, replay, games (and tracks for Ausgebremst).

Errors: every command runs under one handler (:class:`GuardedGroup`). Bad input (an error of
the :class:`~rennbahn.RennbahnError` family, an operating-system error such as a missing file
or an unwritable path, a malformed command line) is one line on stderr and exit code 2.
Anything else is a bug in rennbahn: one line that says so and names the file the traceback
was written to, exit code 70.

Records and resuming: ``play --record FILE`` checks that FILE can be written before the game
starts and replaces it atomically after every step; until the end its ``result`` is null.
Quitting keeps the record so far (without ``--record``: ``rennbahn-<game>-<seed>.json`` in
the current folder) and says how to go on: ``play --resume FILE``. A resumed game goes on
exactly as it would have gone without the interruption: the driver runs again from the start
with the record's seed; people's recorded moves are played back, bots are asked again and
chance is drawn again from the same generator (both checked against the record), and then
play goes on live. The generator therefore continues as in one uninterrupted game.
"""

from __future__ import annotations

import importlib
import json
import os
import random
import secrets
import sys
import tempfile
import traceback
from contextlib import closing
from importlib import metadata
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text
from typer._click import ClickException, Context
from typer._click.exceptions import NoArgsIsHelpError
from typer.core import TyperGroup

from rennbahn.bots.factory import bot_names, bot_params, make_bot
from rennbahn.cli.bulk import (
    SIM_BATCH,
    AddressOption,
    BackendOption,
    BatchOption,
    WorkersOption,
    backend_for,
    progress_bar,
)
from rennbahn.cli.human import (
    SPECTATOR,
    HumanSeat,
    Narrator,
    QuitGameError,
    load_ui,
    narration,
    narrator_of,
    render_view,
    view_of,
)
from rennbahn.cli.texts import default_language, say
from rennbahn.core import build
from rennbahn.core.driver import Bot, SeatView, play
from rennbahn.core.errors import ParameterError, RecordError, RennbahnError
from rennbahn.core.i18n import check_language, seat_name
from rennbahn.core.params import shown
from rennbahn.core.protocol import SIMULTANEOUS, Game, State
from rennbahn.core.records import Record, Step, check_writable, cite_record, replay
from rennbahn.core.registry import load_game, load_game_for_seats, registered_games
from rennbahn.core.views import View
from rennbahn.sim.runner import Summary, run_games

#: Exit code of bad input (as click uses for a malformed command line).
EXIT_BAD_INPUT = 2
#: Exit code of a bug in rennbahn (EX_SOFTWARE of sysexits.h).
EXIT_BUG = 70

console = Console()
errors = Console(stderr=True, soft_wrap=True)


def _one_line(message: str) -> str:
    return " ".join(message.split())


def _say_error(message: str) -> None:
    errors.print(Text.assemble(("error: ", "red"), _one_line(message)))


class GuardedGroup(TyperGroup):
    """The command group with the one error handler of the command line (see the module)."""

    def invoke(self, ctx: Context) -> Any:
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, NoArgsIsHelpError):
            raise
        except ClickException as error:
            command = f"{ctx.command_path} {ctx.invoked_subcommand or ''}".strip()
            _say_error(f"{error.format_message()} (see {command} --help)")
            raise typer.Exit(code=EXIT_BAD_INPUT) from None
        except (RennbahnError, OSError) as error:
            _say_error(str(error) if isinstance(error, RennbahnError) else _os_message(error))
            raise typer.Exit(code=EXIT_BAD_INPUT) from None
        except Exception as error:
            raise typer.Exit(code=_report_bug(error)) from None


def _os_message(error: OSError) -> str:
    if error.filename is not None and error.strerror:
        return f"{error.strerror}: {error.filename}"
    return str(error)


def _report_bug(error: Exception) -> int:
    """Write the traceback to a file and say in one line that this is a bug, and where."""
    summary = shown(f"{type(error).__name__}: {error}", 200)
    try:
        handle, path = tempfile.mkstemp(prefix="rennbahn-bug-", suffix=".txt")
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(f"rennbahn {' '.join(sys.argv[1:])}\n\n")
            file.write("".join(traceback.format_exception(error)))
        where = f"the traceback is in {path}"
    except OSError as failure:
        where = f"the traceback could not be written ({failure})"
    _say_error(f"this is a bug in rennbahn, please report it: {summary}; {where}")
    return EXIT_BUG


def _version(value: bool) -> None:
    if value:
        console.print(f"rennbahn {metadata.version('rennbahn')} ({build.describe()})")
        raise typer.Exit


app = typer.Typer(
    cls=GuardedGroup,
    help="rennbahn: Gib Gas!, Von 0 auf 100, Ausgebremst and Grand Prix in the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

HUMAN = ("you", "human", "me")

LangOption = Annotated[str | None, typer.Option(
    "--lang", help="language of every text: en or de [default: de if LANG starts with de, "
    "else en]")]
NamesOption = Annotated[str | None, typer.Option(
    help="names to show for the seats, in seat order, e.g. Anna,Ben")]


@app.callback()
def _main(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="print rennbahn's version and stop")] = False) -> None:
    """rennbahn: Gib Gas!, Von 0 auf 100, Ausgebremst and Grand Prix in the terminal."""


def _language(lang: str | None) -> str:
    return check_language(lang.lower()) if lang is not None else default_language()


def _names(text: str | None, seats: int) -> list[str] | None:
    """The display names given per seat (at most one per seat; empty keeps "Driver n")."""
    if text is None:
        return None
    names = [n.strip() for n in text.split(",")]
    if len(names) > seats:
        raise ParameterError(f"--names gives {len(names)} names for {seats} seats")
    return names


def _scores(returns: list[float], lang: str, names: list[str] | None) -> str:
    return ", ".join(f"{seat_name(i, lang, names)} {r:g}" for i, r in enumerate(returns))


def _fail(message: str) -> typer.Exit:
    _say_error(message)
    return typer.Exit(code=EXIT_BAD_INPUT)


def _seat_list(text: str) -> list[str]:
    seats = [s.strip() for s in text.split(",") if s.strip()]
    if not seats:
        raise _fail("--seats needs at least one seat, for example you,heuristic,heuristic")
    return seats


def _load_for_seats(text: str, seats: list[str]) -> Game:
    """Load the game; a game with a ``players`` parameter takes it from the seat count."""
    return load_game_for_seats(text, len(seats), "named by --seats")


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False) -> None:
    """List the games: parameters, player range, bots and each bot's parameters."""
    rows: list[dict[str, Any]] = []
    for entry in registered_games():
        cls = entry.game_class
        rows.append({
            "name": entry.name,
            "title": cls.TITLE,
            "version": cls.VERSION,
            "players": [cls.MIN_PLAYERS, cls.MAX_PLAYERS],
            "bots": bot_names(entry.name),
            "bot_params": {
                bot: [{"name": p.name, "default": p.default, "allowed": p.allowed(),
                       "doc": p.doc} for p in bot_params(entry.name, bot)]
                for bot in bot_names(entry.name)
            },
            "params": [
                {"name": p.name, "default": p.default, "allowed": p.allowed(), "doc": p.doc,
                 "shipped": None if p.shipped is None else list(p.shipped)}
                for p in entry.params
            ],
        })
    if as_json:
        console.print_json(json.dumps(rows))
        return
    for row in rows:
        table = Table(title=f"{row['title']} — {row['name']} (v{row['version']}), "
                            f"{row['players'][0]}-{row['players'][1]} players, "
                            f"bots: {', '.join(row['bots'])}")
        for column in ("parameter", "default", "allowed", "meaning"):
            table.add_column(column, overflow="fold")
        for p in row["params"]:
            table.add_row(p["name"], str(p["default"]), p["allowed"], p["doc"])
        console.print(table)
        bot_table = Table(title=f"{row['name']}: bots and their parameters")
        for column in ("bot", "parameters"):
            bot_table.add_column(column, overflow="fold")
        for bot, params in row["bot_params"].items():
            bot_table.add_row(bot, "\n".join(
                f"{p['name']}={p['default']} ({p['allowed']}): {p['doc']}" for p in params)
                or "-")
        console.print(bot_table)


class _Resume:
    """Plays a record's steps again through the driver, checking them, then goes on live.

    Bots are asked again (they draw from the driver's generator as they did) and must choose
    the recorded move; people's recorded moves are played back without asking them; chance is
    drawn again and checked in :meth:`check`. See the module docstring.
    """

    def __init__(self, record: Record) -> None:
        self.steps = record.steps
        self.done = 0

    @property
    def replaying(self) -> bool:
        return self.done < len(self.steps)

    def recorded_action(self, seat: int) -> int:
        step = self.steps[self.done]
        return step.actions[seat] if step.actor == SIMULTANEOUS else step.actions[0]

    def check(self, step: Step) -> None:
        if not self.replaying:
            return
        expected = self.steps[self.done]
        if step != expected:
            raise RecordError(
                f"move {self.done + 1} comes out as {', '.join(step.moves)}, but the record "
                f"has {', '.join(expected.moves)}: the record was not made by this game, "
                "these bots and this seed, so it cannot be resumed"
            )
        self.done += 1


class _ResumingSeat:
    """A seat of a resumed game: the recorded move while replaying, then the seat itself."""

    def __init__(self, resume: _Resume, seat: Bot, person: bool, name: str) -> None:
        self.resume = resume
        self.seat = seat
        self.person = person
        self.name = name

    def step(self, view: SeatView, rng: random.Random) -> int:
        if not self.resume.replaying:
            return self.seat.step(view, rng)
        action = self.resume.recorded_action(view.seat)
        if not self.person:
            chosen = self.seat.step(view, rng)
            if chosen != action:
                raise RecordError(
                    f"move {self.resume.done + 1}: the {self.name} bot now plays "
                    f"{view.action_to_string(chosen)}, the record has "
                    f"{view.action_to_string(action)}; it cannot be resumed"
                )
        return action


def _free_name(game: Game, seed: int) -> Path:
    """``rennbahn-<game>-<seed>.json`` in the current folder, numbered if it exists."""
    path = Path(f"rennbahn-{game.NAME}-{seed}.json")
    number = 2
    while path.exists():
        path = Path(f"rennbahn-{game.NAME}-{seed}-{number}.json")
        number += 1
    return path


def _unfinished(record: Record, state: State) -> Record:
    record.finished = False
    record.returns = []
    record.final = state.to_text()
    return record


@app.command(name="play")
def play_command(
    game: Annotated[str | None, typer.Argument(
        help="game name or string, e.g. gibgas(champions=true)")] = None,
    seats: Annotated[str | None, typer.Option(
        help="one per seat: you, random, heuristic, ... [default: you,heuristic,heuristic]")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed for chance and bots")] = None,
    record: Annotated[Path | None, typer.Option(
        help="write the game record to this file as the game goes")] = None,
    resume: Annotated[Path | None, typer.Option(
        help="go on with the unfinished game in this record (its game, seats and seed)")
    ] = None,
    lang: LangOption = None,
    names: NamesOption = None,
) -> None:
    """Play a game in the terminal against bots, or hot-seat with friends."""
    resumed: Record | None = None
    if resume is not None:
        if game is not None or seats is not None or seed is not None:
            raise _fail("--resume takes the game, the seats and the seed from the record; "
                        "give none of them")
        resumed = Record.load(resume)
        if resumed.finished:
            raise _fail(f"{resume} holds a finished game; nothing to resume "
                        f"(rennbahn replay {resume} shows it)")
        if resumed.seed is None:
            raise _fail(f"{resume} has no seed, so its game cannot go on as it would have")
        for _ in replay(resumed):  # every recorded step is checked before anything starts
            pass
        loaded = load_game(resumed.game)
        seat_names = list(resumed.seats)
        if len(seat_names) != loaded.num_players():
            raise _fail(f"{resume} names {len(seat_names)} seats; {loaded} has "
                        f"{loaded.num_players()}")
        seed = resumed.seed
        if record is None:
            record = resume
    elif game is None:
        raise _fail("give a game (rennbahn play gibgas) or --resume FILE")
    else:
        seat_names = _seat_list(seats if seats is not None else "you,heuristic,heuristic")
        loaded = _load_for_seats(game, seat_names)
    language = _language(lang)
    shown_names = _names(names, len(seat_names))
    humans = [i for i, s in enumerate(seat_names) if s.lower() in HUMAN]
    narrator = Narrator(loaded, humans or [SPECTATOR], lang=language, names=shown_names)
    bots: list[Bot] = []
    for i, name in enumerate(seat_names):
        if i in humans:
            label = seat_name(i, language, shown_names)
            if len(humans) == 1:
                label = say(language, "you_mark", name=label)
            bots.append(HumanSeat(loaded, console, label, hotseat=len(humans) > 1,
                                  lang=language, names=shown_names, narrator=narrator))
        else:
            bots.append(make_bot(loaded, name))
    if record is not None:
        check_writable(record)
    if seed is None:
        seed = secrets.randbelow(2**31)
    start: State | None = None
    resuming: _Resume | None = None
    if resumed is not None:
        resuming = _Resume(resumed)
        bots = [_ResumingSeat(resuming, bot, i in humans, seat_names[i])
                for i, bot in enumerate(bots)]
        if resumed.start:
            start = loaded.state_from_text(resumed.start)
    console.print(say(language, "header", title=f"[bold]{loaded.TITLE}[/bold]", game=loaded,
                      seed=seed))
    for i, name in enumerate(seat_names):
        label = seat_name(i, language, shown_names)
        if len(humans) == 1 and i in humans:
            label = say(language, "you_mark", name=label)
        who = say(language, "you") if i in humans else name
        console.print(say(language, "seat_line", seat=label, who=who))
    if resumed is not None:
        console.print(say(language, "resuming", moves=len(resumed.steps)))
    narrator.see(start if start is not None else loaded.new_initial_state())
    steps: list[Step] = []
    last: list[State] = []

    def so_far() -> Record:
        state = last[-1] if last else (start if start is not None
                                      else loaded.new_initial_state())
        return _unfinished(Record(
            game=str(loaded), version=loaded.version, seed=seed, seats=seat_names,
            steps=list(steps), returns=[], final="",
            start=resumed.start if resumed is not None else None), state)

    def on_step(state: State, step: Step) -> None:
        if resuming is not None:
            replayed = resuming.replaying
            resuming.check(step)
            if replayed and resuming.replaying:
                steps.append(step)
                last[:] = [state]
                narrator.see(state)
                return  # the file already holds this step
        steps.append(step)
        last[:] = [state]
        narrator.see(state)
        if record is not None:
            so_far().save(record)
        if state.is_chance_node():
            for seat in humans:
                person = bots[seat]
                if isinstance(person, _ResumingSeat):
                    person = person.seat
                observation = state.view(seat)
                if (step.actor != seat and isinstance(person, HumanSeat)
                        and observation.awaits_roll(seat)):
                    person.wait_for_roll(seat, observation)

    try:
        result = play(loaded, bots, seed, seats=seat_names, on_step=on_step, state=start)
    except (QuitGameError, KeyboardInterrupt) as stop:
        kept = record if record is not None else _free_name(loaded, seed)
        so_far().save(kept)
        console.print(say(language, "stopped", moves=len(steps), file=kept))
        raise typer.Exit(code=130 if isinstance(stop, KeyboardInterrupt) else 0) from None
    final = loaded.state_from_text(result.final)
    viewer = humans[0] if humans else SPECTATOR
    seat_bot = bots[viewer]
    if isinstance(seat_bot, _ResumingSeat):
        seat_bot = seat_bot.seat
    if not isinstance(seat_bot, HumanSeat):
        seat_bot = HumanSeat(loaded, console, "",
                             hotseat=False, lang=language, names=shown_names, narrator=narrator)
    seat_bot.show(viewer, view_of(final, viewer), hints=False)
    console.print(say(language, "result", scores=_scores(result.returns, language, shown_names)))
    if record is not None:
        cite_record(result).save(record)  # finished: with the rule behind every event
        console.print(say(language, "saved", file=record))


@app.command()
def sim(
    game: Annotated[str, typer.Argument(help="game name or string")],
    seats: Annotated[str, typer.Option(help="bot per seat, e.g. heuristic,random,random")],
    games: Annotated[int, typer.Option(min=1, help="number of games")] = 1000,
    seed: Annotated[int, typer.Option(help="seed of the run")] = 1,
    workers: WorkersOption = 1,
    backend: BackendOption = "process",
    address: AddressOption = None,
    batch: BatchOption = SIM_BATCH,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON to stdout")] = False,
) -> None:
    """Simulate many games between bots: win rate per seat with a 95% interval.

    The table counts seats from 1. The JSON is for programs: each entry of ``seats`` has
    ``seat``, the 0-based index into ``--seats`` (the protocol's numbering), and
    ``number``, the same seat counted from 1 as the table shows it. The same seed gives the
    same numbers on either backend, whatever ``--workers`` and ``--batch``.
    """
    try:
        seat_names = _seat_list(seats)
        loaded = _load_for_seats(game, seat_names)
        summary = Summary(str(loaded), seed, seat_names)
        with (backend_for(backend, workers, address, errors) as runner,
              closing(run_games(str(loaded), seat_names, games, seed, chunk=batch,
                                backend=runner)) as outcomes,
              progress_bar(errors, transient=as_json) as progress):
            task = progress.add_task(f"{loaded.NAME}", total=games)
            for outcome in outcomes:
                summary.add(outcome)
                progress.advance(task)
    except RennbahnError as error:
        raise _fail(str(error)) from error
    data = summary.to_json()
    for entry in data["seats"]:
        entry["number"] = entry["seat"] + 1
    if as_json:
        sys.stdout.write(json.dumps(data, indent=1) + "\n")
        return
    table = Table(title=f"{data['game']}: {data['games']} games, seed {seed}")
    for column in ("seat", "bot", "wins (95% interval)"):
        table.add_column(column, overflow="fold", no_wrap=column.startswith("wins"))
    for s in data["seats"]:
        low, high = s["ci95"]
        table.add_row(str(s["number"]), s["bot"], f"{s['win_rate']:.3f} ({low:.3f}-{high:.3f})")
    console.print(table)
    keys = sorted({k for s in data["seats"] for k in s["means"]})
    if keys:  # one row per measure, one column per seat: fits 80 columns with six seats
        means = Table(title="means per game")
        means.add_column("measure", overflow="fold")
        for s in data["seats"]:
            means.add_column(f"seat {s['number']}", justify="right", no_wrap=True)
        for k in keys:
            means.add_row(k.replace("_", " "),
                          *[f"{s['means'].get(k, 0):.2f}" for s in data["seats"]])
        console.print(means)
    console.print(f"Average length: {data['mean_decisions']:.1f} decisions, "
                  f"{data['mean_actions']:.1f} actions (chance included)")
    for key, groups in data["by"].items():
        group_table = Table(title=f"by {key.replace('_', ' ')}: win rate and return (points)")
        for column in (key, "win rate", "95% interval", "mean return", "seats"):
            group_table.add_column(column, overflow="fold")
        for value, g in groups.items():
            group_table.add_row(value, f"{g['win_rate']:.3f}",
                                f"{g['ci95'][0]:.3f} - {g['ci95'][1]:.3f}",
                                f"{g['mean_return']:.2f}", str(g["seats"]))
        console.print(group_table)


@app.command(name="replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="a game record (JSON)")],
    seat: Annotated[int | None, typer.Option(
        min=1, help="show the game as this seat (counted from 1) saw it, others' secrets "
        "masked")] = None,
    pause: Annotated[bool, typer.Option(help="wait for Enter after each step")] = False,
    lang: LangOption = None,
    names: NamesOption = None,
) -> None:
    """Step through a game record, checking every move."""
    language = _language(lang)
    record = Record.load(file)
    shown_names = _names(names, len(record.seats))
    if seat is not None and seat > len(record.seats):
        raise ParameterError(f"--seat {seat}: the record has seats 1 to {len(record.seats)}")
    index = seat - 1 if seat is not None else None
    ui = None
    narrate = None
    last: View | None = None
    for number, (step, state) in enumerate(replay(record)):
        game = state.get_game()
        if ui is None:
            ui = load_ui(game)
            narrate = narrator_of(game)
            console.print(say(language, "header", title=f"[bold]{game.TITLE}[/bold]",
                              game=record.game, seed=record.seed))
            for i, name in enumerate(record.seats):
                console.print(say(language, "seat_line", seat=seat_name(i, language, shown_names),
                                  who=name))
        if step is not None:
            who = {-1: say(language, "chance"), -2: say(language, "all")}.get(
                step.actor, seat_name(step.actor, language, shown_names))
            moves = list(step.moves)
            if index is not None:  # what that seat saw: others' secrets stay masked
                seen = state.history_notation(index)[-len(moves):]
                moves = [m.partition(":")[2] for m in seen]
            console.print(f"{number:4d}. {who}: {', '.join(moves)}", soft_wrap=True)
        if index is not None:
            observation = state.view(index)
            for line in narration(narrate, game, last, observation, lang=language,
                                  names=shown_names):
                console.print(f"      {line}", soft_wrap=True)
            last = observation
            if pause or state.is_terminal():
                console.print(render_view(ui, observation, game, lang=language,
                                          names=shown_names, hints=False))
        if pause:
            try:
                console.input(say(language, "next_step"))
            except EOFError:  # input closed: stop here, as a reader who walks away
                return
    if not record.finished:
        console.print(say(language, "unfinished", moves=len(record.steps), file=file))
        return
    console.print(say(language, "replayed",
                      scores=_scores(record.returns, language, shown_names)))


def _mount_optional() -> None:
    """Commands in modules of their own: a game's extra commands as its registry entry
    names them (``rennbahn tracks``, Ausgebremst's tracks), ``rennbahn serve`` (the web
    server; its own module keeps the web extra optional) and ``rennbahn tournament`` (bots
    against each other, seats rotated)."""
    for entry in registered_games():
        for name, command in entry.commands.items():
            app.add_typer(command(), name=name)
    for name, module in (("serve", "rennbahn.cli.serve"),
                         ("tournament", "rennbahn.cli.tournament")):
        try:
            command = getattr(importlib.import_module(module), name)
        except ModuleNotFoundError:
            continue
        app.command(name=name)(command)


_mount_optional()
app.add_typer(importlib.import_module("rennbahn.cli.lab").app, name="lab")  # rennbahn lab


def main() -> None:
    app()


if __name__ == "__main__":
    main()
