"""Fuzz every parser and the command line; count what is accepted, refused and what fails.

    .venv/bin/python scripts/fuzz.py --inputs 10000 --seed 1
    .venv/bin/python scripts/fuzz.py --inputs 500 --seed 2 --game gibgas --target notation

Targets (all by default), each run per registered game (or ``--game``):

* ``notation``: state notations of random playouts, mutated, read by ``state_from_text``;
  every accepted state must survive every protocol call and a random continuation to the end.
* ``game-string``: game strings and parameter values (mutated variants, random values of
  every kind) read by ``load_game``; an accepted game must play a random game to the end.
* ``move``: move texts (mutated notations, arbitrary text) read by ``string_to_action`` for
  every seat and chance; an accepted move must be legal and write back as it was read.
* ``record``: real records, mutated as JSON and as bytes, read and replayed.
* ``cli``: argument lists for ``play``, ``sim``, ``replay`` and ``games`` (typed input too),
  run in process; the exit code must be 0 or 2 with at most one error line and no traceback.

For each target and game it prints the inputs, how many were accepted, how many were refused
with an error of the RennbahnError family, and every failure (an exception outside the family,
an accepted input that then breaks a protocol call, a command-line traceback) with its input.
The exit code is 1 when anything failed. The same seed gives the same inputs.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rennbahn
from rennbahn.bots import RandomBot
from rennbahn.core.driver import random_step
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL, State
from rennbahn.core.records import Record, replay

TARGETS = ("notation", "game-string", "move", "record", "cli")
#: Characters a mutation inserts besides those of the input itself.
ODD_CHARS = "0123456789-+.,;:/|()=_ xyzXYZ\t\n\u0664\u00b2\u00e9\u00df\x00\ufeff\u2003"
NUMBERS = ("0", "-1", "1", "2", "7", "99", "255", "1000000", "9" * 30, "-0", "+3", "1e3")


class Failure(Exception):  # noqa: N818 (a finding of the fuzzer, not an error of rennbahn)
    """An accepted input broke a promise of the protocol."""


@dataclass
class Tally:
    """What one target did for one game."""

    inputs: int = 0
    accepted: int = 0
    refused: int = 0
    failures: list[tuple[str, str]] = field(default_factory=list)

    def failed(self, text: object, what: str) -> None:
        shown = repr(text)
        self.failures.append((shown if len(shown) <= 400 else shown[:400] + "...", what))


# -- mutation -------------------------------------------------------------------------------------
def mutate(text: str, rng: random.Random, others: list[str] | None = None) -> str:
    """One to three random edits of ``text``: characters, numbers, slices, splices."""
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        text = _edit(text, rng, others or [])
    return text


def _edit(text: str, rng: random.Random, others: list[str]) -> str:
    kind = rng.choice((0, 1, 2, 3, 4, 4, 5, 5, 5, 6, 7, 8))
    at = rng.randrange(len(text) + 1)
    alphabet = text + ODD_CHARS if text else ODD_CHARS
    if kind == 0 and text:  # replace a character
        at = min(at, len(text) - 1)
        return text[:at] + rng.choice(alphabet) + text[at + 1:]
    if kind == 1:  # insert a character
        return text[:at] + rng.choice(alphabet) + text[at:]
    if kind == 2 and text:  # delete a slice
        end = min(len(text), at + rng.randint(1, 4))
        return text[:at] + text[end:]
    if kind == 3 and text:  # duplicate a slice
        end = min(len(text), at + rng.randint(1, 12))
        return text[:end] + text[at:end] + text[end:]
    if kind in (4, 5):  # replace a number
        spans = _number_spans(text)
        if spans:
            start, end = rng.choice(spans)
            number = rng.choice(NUMBERS) if kind == 4 else str(
                int(text[start:end]) + rng.choice((-2, -1, 1, 2, 5)))
            return text[:start] + number + text[end:]
    if kind == 6 and others:  # splice with another text
        other = rng.choice(others)
        cut = rng.randrange(len(other) + 1)
        return text[:at] + other[cut:]
    if kind == 7 and text:  # swap two characters
        i, j = rng.randrange(len(text)), rng.randrange(len(text))
        chars = list(text)
        chars[i], chars[j] = chars[j], chars[i]
        return "".join(chars)
    if kind == 8:  # cut the end off
        return text[:at]
    return text + rng.choice(alphabet)


def _number_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    i = 0
    while i < len(text):
        if text[i].isascii() and text[i].isdigit():
            j = i
            while j < len(text) and text[j].isascii() and text[j].isdigit():
                j += 1
            spans.append((i, j))
            i = j
        else:
            i += 1
    return spans


# -- the protocol, exercised ----------------------------------------------------------------------
def _json(value: object, what: str) -> None:
    try:
        again = json.loads(json.dumps(value))
    except (TypeError, ValueError) as exc:
        raise Failure(f"{what} is not JSON: {exc}") from exc
    if again != value:
        raise Failure(f"{what} does not survive JSON")


def check_state(state: State, rng: random.Random) -> None:
    """Every protocol call on ``state``; raise :class:`Failure` (or anything) if one breaks."""
    game = state.get_game()
    n = game.num_players()
    text = state.to_text()
    again = game.state_from_text(text)
    if again.to_text() != text:
        raise Failure(f"to_text does not read back: {again.to_text()!r}")
    if state.clone().to_text() != text:
        raise Failure("a clone differs")
    player = state.current_player()
    if player not in (CHANCE, SIMULTANEOUS, TERMINAL) and not 0 <= player < n:
        raise Failure(f"current_player() is {player}")
    if again.current_player() != player:
        raise Failure("the state read back has another player to move")
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        if not outcomes:
            raise Failure("a chance node without outcomes")
        if not math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9) or any(
                p <= 0 for _, p in outcomes):
            raise Failure(f"chance probabilities {outcomes}")
        for action, _ in outcomes:
            if not 0 <= action < game.max_chance_outcomes():
                raise Failure(f"chance outcome {action} out of range")
            name = state.action_to_string(CHANCE, action)
            if state.string_to_action(CHANCE, name) != action:
                raise Failure(f"chance outcome {name!r} does not read back")
    elif player != TERMINAL:
        for seat in range(n) if player == SIMULTANEOUS else [player]:
            legal = state.legal_actions(seat)
            if not legal:
                raise Failure(f"seat {seat} has no legal action")
            if legal != sorted(set(legal)) or not all(
                    0 <= a < game.num_distinct_actions() for a in legal):
                raise Failure(f"legal actions of seat {seat}: {legal}")
            for action in legal:
                name = state.action_to_string(seat, action)
                if state.string_to_action(seat, name) != action:
                    raise Failure(f"move {name!r} of seat {seat} does not read back")
        if player != SIMULTANEOUS:
            illegal = next(a for a in range(game.num_distinct_actions() + 1)
                           if a not in state.legal_actions(player))
            try:
                state.apply_action(illegal)
            except rennbahn.IllegalActionError:
                pass
            else:
                raise Failure(f"illegal action {illegal} was applied")
            if state.to_text() != text:
                raise Failure("a refused action changed the state")
    else:
        if state.legal_actions():
            raise Failure("legal actions at the end")
    _json(state.public_observation(), "public_observation()")
    for seat in range(n):
        _json(state.observation(seat), f"observation({seat})")
        state.information_state_string(seat)
        sample = state.resample_from_infostate(seat, rng)
        if sample.observation_string(seat) != state.observation_string(seat):
            raise Failure(f"a state resampled for seat {seat} looks different to it")
        if sample.current_player() != player:
            raise Failure(f"a state resampled for seat {seat} has another player to move")
    returns = state.returns()
    if len(returns) != n:
        raise Failure(f"returns() {returns}")


def continue_randomly(state: State, rng: random.Random) -> State:
    """Play ``state`` on at random to the end (checking the end), within the length bound."""
    game = state.get_game()
    for _ in range(game.max_game_length() + 1):
        if state.is_terminal():
            check_state(state, rng)
            returns = state.returns()
            low, high = game.min_utility() - 1e-9, game.max_utility() + 1e-9
            if not all(low <= r <= high for r in returns):
                raise Failure(f"returns {returns} outside [{low}, {high}]")
            return state
        random_step(state, rng)
    raise Failure(f"no end within max_game_length() = {game.max_game_length()} steps")


def exercise(state: State, rng: random.Random) -> None:
    """Check an accepted state, then a copy of it played on at random to the end."""
    check_state(state, rng)
    continue_randomly(state.clone(), rng)


# -- inputs ---------------------------------------------------------------------------------------
def game_names(only: str | None) -> list[str]:
    names = [entry.name for entry in rennbahn.registered_games()]
    if only is not None and only not in names:
        raise SystemExit(f"unknown game {only!r}; games: {', '.join(names)}")
    return [only] if only else names


def variants(name: str) -> list[str]:
    entry = next(e for e in rennbahn.registered_games() if e.name == name)
    return list(entry.variants or (name,))


def playout_states(name: str, rng: random.Random, games: int = 6, per_game: int = 30) -> list[
        State]:
    """States along random playouts of the game's variants (start, middle and end)."""
    states: list[State] = []
    texts = variants(name)
    for i in range(games):
        state = rennbahn.load_game(texts[i % len(texts)]).new_initial_state()
        line = [state.clone()]
        while not state.is_terminal():
            random_step(state, rng)
            line.append(state.clone())
        step = max(1, len(line) // per_game)
        states.extend(line[::step])
        states.append(line[-1])
    return states


def _judge(tally: Tally, shown: object, run: Callable[[], bool]) -> None:
    """Run one input: True accepted, False refused; a family error is a refusal."""
    tally.inputs += 1
    try:
        accepted = run()
    except Failure as failure:
        tally.failed(shown, f"accepted, then: {failure}")
        return
    except rennbahn.RennbahnError:
        tally.refused += 1
        return
    except Exception as exc:  # the fuzzer's whole point: anything else is a finding
        tally.failed(shown, f"{type(exc).__name__}: {exc}"[:400])
        return
    if accepted:
        tally.accepted += 1
    else:
        tally.refused += 1


def fuzz_notation(name: str, inputs: int, rng: random.Random) -> Tally:
    tally = Tally()
    states = playout_states(name, rng)
    texts = [s.to_text() for s in states]
    games = {str(s.get_game()): s.get_game() for s in states}
    pairs = [(games[str(s.get_game())], s.to_text()) for s in states]
    for _ in range(inputs):
        game, text = rng.choice(pairs)
        mutated = mutate(text, rng, texts)

        def run(game: rennbahn.Game = game, mutated: str = mutated) -> bool:
            try:
                state = game.state_from_text(mutated)
            except rennbahn.RennbahnError:
                return False
            wrap(exercise, state, rng)
            return True

        _judge(tally, (str(game), mutated), run)
    return tally


def wrap(function: Callable[..., None], *args: Any) -> None:
    """Call ``function``; any exception, family or not, is a :class:`Failure` of the input."""
    try:
        function(*args)
    except Failure:
        raise
    except Exception as exc:
        raise Failure(f"{type(exc).__name__}: {exc}"[:400]) from exc


def game_strings(name: str, rng: random.Random) -> Iterator[tuple[str, dict[str, object]]]:
    """Game strings and keyword parameters, mutated or of every kind of value."""
    entry = next(e for e in rennbahn.registered_games() if e.name == name)
    texts = [*variants(name), name, str(rennbahn.load_game(name))]
    values: list[object] = [None, True, False, 0, -1, 1, 2, 3, 4, 6, 7, 10**40, 2.5, "", "x",
                            "\u0664", "\u00b2", "1" * 5000, "/" + "x" * 300, "/dev/null",
                            "/etc", "a\x00b", "true", "FALSE", " 4 ", "04", "+4", "-0"]
    while True:
        roll = rng.randrange(4)
        if roll == 0:
            yield mutate(rng.choice(texts), rng, texts), {}
        elif roll == 1 and entry.params:
            param = rng.choice(entry.params)
            value = rng.choice([*values, *(param.choices or ()), *(param.shipped or ()),
                                str(param.default)])
            yield name, {param.name: value}
        elif roll == 2 and entry.params:
            param = rng.choice(entry.params)
            value = rng.choice([*map(str, values), *(param.choices or ()), *NUMBERS])
            yield f"{name}({param.name}={value})", {}
        else:
            yield "".join(rng.choice(texts[0] + ODD_CHARS) for _ in range(rng.randrange(30))), {}


def fuzz_game_string(name: str, inputs: int, rng: random.Random) -> Tally:
    tally = Tally()
    source = game_strings(name, rng)
    for _ in range(inputs):
        text, params = next(source)

        def run(text: str = text, params: dict[str, object] = params) -> bool:
            game = rennbahn.load_game(text, paths=True, **params)
            wrap(lambda: _load_again_and_play(game, rng))
            return True

        _judge(tally, (text, params), run)
    return tally


def _load_again_and_play(game: rennbahn.Game, rng: random.Random) -> None:
    if rennbahn.load_game(str(game)) != game:
        raise Failure(f"{game} does not load back as itself")
    continue_randomly(game.new_initial_state(), rng)


def fuzz_move(name: str, inputs: int, rng: random.Random) -> Tally:
    tally = Tally()
    states = [s for s in playout_states(name, rng, games=3) if not s.is_terminal()]
    names: list[str] = []
    for state in states[:40]:
        player = state.current_player()
        for seat in range(state.get_game().num_players()) if player < 0 else [player]:
            names += [state.action_to_string(seat, a) for a in state.legal_actions(seat)]
        names += [state.action_to_string(CHANCE, a) for a, _ in state.chance_outcomes()]
    for _ in range(inputs):
        state = rng.choice(states)
        n = state.get_game().num_players()
        seat = rng.choice([*range(n), CHANCE])
        text = mutate(rng.choice(names), rng, names) if rng.random() < 0.8 else "".join(
            rng.choice(ODD_CHARS) for _ in range(rng.randrange(12)))

        def run(state: State = state, seat: int = seat, text: str = text) -> bool:
            action = state.string_to_action(seat, text)
            if action not in state.legal_actions(seat):
                raise Failure(f"{text!r} read as {action}, which is not legal")
            if state.action_to_string(seat, action) != text.strip():
                raise Failure(f"{text!r} read as {action}, written "
                              f"{state.action_to_string(seat, action)!r}")
            return True

        _judge(tally, (state.to_text(), seat, text), run)
    return tally


def real_records(name: str, rng: random.Random, count: int = 4) -> list[dict[str, Any]]:
    records = []
    texts = variants(name)
    for i in range(count):
        game = rennbahn.load_game(texts[i % len(texts)])
        bots = [RandomBot(game) for _ in range(game.num_players())]
        records.append(json.loads(rennbahn.play(game, bots, seed=rng.randrange(10**6)).dumps()))
    return records


def _mutate_json(value: Any, rng: random.Random) -> Any:
    """Change one place of a JSON value: a new value, a key removed, a list item removed."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        roll = rng.random()
        if roll < 0.15:
            return {k: v for k, v in value.items() if k != key}
        return {**value, key: _mutate_json(value[key], rng)}
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        roll = rng.random()
        if roll < 0.15:
            return value[:i] + value[i + 1:]
        if roll < 0.25:
            return [*value[:i], value[i], *value[i:]]
        return [*value[:i], _mutate_json(value[i], rng), *value[i + 1:]]
    return rng.choice([None, True, 0, -1, 1, 10**6, 2**70, 1.5, float("inf"), "", "x",
                       "chance", "all", [], {}, [0, 1], {"seat": 0},
                       value if isinstance(value, str) and not value else
                       mutate(str(value), rng)])


def fuzz_record(name: str, inputs: int, rng: random.Random) -> Tally:
    tally = Tally()
    records = real_records(name, rng)
    for _ in range(inputs):
        base = rng.choice(records)
        text: str | bytes
        roll = rng.random()
        if roll < 0.6:
            data = base
            for _ in range(rng.randint(1, 3)):
                data = _mutate_json(data, rng)
            text = json.dumps(data, allow_nan=True)
        elif roll < 0.9:
            text = mutate(json.dumps(base), rng)
        else:
            raw = bytearray(json.dumps(base).encode())
            for _ in range(rng.randint(1, 4)):
                raw[rng.randrange(len(raw))] = rng.randrange(256)
            text = bytes(raw)

        def run(text: str | bytes = text) -> bool:
            record = Record.loads(text)
            for _step, state in replay(record):  # noqa: B007 (the last state is checked)
                pass
            if record.finished:
                wrap(check_state, state, rng)
            return True

        _judge(tally, text, run)
    return tally


def cli_arguments(name: str, rng: random.Random, files: list[str]) -> tuple[list[str], str]:
    """A command line for play, sim, replay or games, and the text typed at the prompt."""
    texts = variants(name)
    game = rng.choice(texts) if rng.random() < 0.6 else mutate(rng.choice(texts), rng, texts)
    seat_names = ["random", "heuristic", "you", "wizard", "", "random " * 2, "\u0664"]
    n = rennbahn.load_game(texts[0]).num_players()
    seats = ",".join(rng.choice(seat_names[:3] if rng.random() < 0.7 else seat_names)
                     for _ in range(rng.choice([n, n, n, 1, n + 1, 0])))
    numbers = ["1", "2", "0", "-1", "x", "1e3", "\u0664", "", "99999999999999999999"]
    command = rng.choice(["play", "play", "sim", "replay", "games", "play --resume"])
    typed = "\n".join(rng.choice(["1", "2", "\u00b2", "?", "help", "zzz", "", "9" * 50, "q"])
                      for _ in range(rng.randrange(8))) + "\nquit\n"
    args: list[str]
    if command == "play":
        args = ["play", game, "--seats", seats, "--seed", rng.choice(numbers[:2] + numbers)]
        if rng.random() < 0.4:
            args += ["--record", rng.choice(files)]
    elif command == "play --resume":
        args = ["play", "--resume", rng.choice(files)]
    elif command == "sim":
        args = ["sim", game, "--seats", seats, "--games",
                rng.choice(["1", "2", "0", "-1", "x", "1e3", "\u0664", ""]),
                "--seed", rng.choice(numbers)]
        if rng.random() < 0.2:
            args += ["--workers", rng.choice(["1", "0", "65", "x"])]
        if rng.random() < 0.5:
            args.append("--json")
    elif command == "replay":
        args = ["replay", rng.choice(files)]
        if rng.random() < 0.5:
            args += ["--seat", rng.choice(numbers)]
    else:
        args = ["games", *rng.choice([[], ["--json"], ["--nope"], ["x"]])]
    if rng.random() < 0.1:
        args.insert(rng.randrange(len(args) + 1), rng.choice(["--help", "--", "-x", "--json"]))
    return args, typed


def fuzz_cli(name: str, inputs: int, rng: random.Random) -> Tally:
    tally = Tally()
    home = Path.cwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)  # a game quit without --record is kept in the current folder
        try:
            _run_cli(name, inputs, rng, Path(folder), tally)
        finally:
            os.chdir(home)
    return tally


def _run_cli(name: str, inputs: int, rng: random.Random, base: Path, tally: Tally) -> None:
    from typer.testing import CliRunner

    from rennbahn.cli.main import app

    runner = CliRunner()
    good = base / "good.json"
    good.write_text(json.dumps(real_records(name, rng, count=1)[0]))
    broken = base / "broken.json"
    broken.write_bytes(mutate(good.read_text(), rng).encode())
    binary = base / "binary.json"
    binary.write_bytes(bytes(range(256)) * 8)
    files = [str(good), str(broken), str(binary), str(base / "new.json"),
             str(base / "missing" / "x.json"), str(base), "/nonexistent/x.json",
             str(base / ("y" * 300))]
    for _ in range(inputs):
        args, typed = cli_arguments(name, rng, files)
        tally.inputs += 1
        result = runner.invoke(app, args, input=typed)
        output = result.output
        error_lines = [line for line in output.splitlines() if line.startswith("error: ")]
        if result.exit_code not in (0, 2) or "Traceback" in output or (
                result.exception is not None and not isinstance(result.exception,
                                                                 SystemExit)):
            tally.failed((args, typed), f"exit {result.exit_code}: "
                         f"{(error_lines or output.splitlines()[-1:] or [''])[0][:300]}")
        elif len(error_lines) > 1:
            tally.failed((args, typed), f"{len(error_lines)} error lines")
        elif result.exit_code == 0:
            tally.accepted += 1
        else:
            tally.refused += 1


FUZZERS: dict[str, Callable[[str, int, random.Random], Tally]] = {
    "notation": fuzz_notation,
    "game-string": fuzz_game_string,
    "move": fuzz_move,
    "record": fuzz_record,
    "cli": fuzz_cli,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=1000, help="inputs per target and game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default=None, help="one game (default: every game)")
    parser.add_argument("--target", choices=TARGETS, action="append",
                        help="one target (repeat for several; default: all)")
    options = parser.parse_args(argv)
    failed = 0
    print(f"{'target':12} {'game':12} {'inputs':>7} {'accepted':>9} {'refused':>8} "
          f"{'failures':>9} {'seconds':>8}")
    for target in options.target or TARGETS:
        for name in game_names(options.game):
            rng = random.Random(f"fuzz/{options.seed}/{target}/{name}")
            began = time.perf_counter()
            tally = FUZZERS[target](name, options.inputs, rng)
            print(f"{target:12} {name:12} {tally.inputs:7d} {tally.accepted:9d} "
                  f"{tally.refused:8d} {len(tally.failures):9d} "
                  f"{time.perf_counter() - began:8.1f}", flush=True)
            for shown, what in tally.failures:
                print(f"    FAILURE {what}\n      input: {shown}", flush=True)
            failed += len(tally.failures)
    print(f"{failed} failure(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
