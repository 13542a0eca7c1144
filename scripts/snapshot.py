"""Everything a game shows, written down, so that a refactoring can prove it changed nothing.

For every registered game and variant, a few seeded games (a bot in every seat, the search
bots left out for time) are played, and at every step this script writes: the state notation
and its reading back, each seat's and the spectators' view as the server sends it (bytes, in
the order the client receives them), the narration and the board drawing of each view in
both languages, the terminal drawing, the observation vector, and at the end the game's
record. ``compare`` says how many items two snapshots share and prints the first that
differs.

    .venv/bin/python scripts/snapshot.py write /tmp/after [GAME]
    .venv/bin/python scripts/snapshot.py compare /tmp/before /tmp/after

To compare with an older commit, write its snapshot from a worktree of that commit with
this same script (it speaks the calling conventions of both).
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import random
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import msgspec
from rich.console import Console

import rennbahn
from rennbahn.bots.factory import make_bot
from rennbahn.core.protocol import CHANCE, SIMULTANEOUS, Game, State
from rennbahn.core.registry import game_entry, registered_games
from rennbahn.core.table import sample_chance

#: Seeds of the games played per variant, and the bots of the seats in turn.
SEEDS = (1,)
BOTS = ("heuristic", "random")
LANGS = ("en", "de")
#: One pyspiel game string per game beyond the committed two-player playthroughs.
PLAYTHROUGHS = ("rennbahn_gibgas(players=4)", "rennbahn_von0auf100(players=3)",
                "rennbahn_grandprix(players=4)", "rennbahn_ausgebremst(players=3)")


def _parts(game: Game) -> dict[str, Any]:
    """The game's narrate, board, render and encoder, however this version finds them."""
    entry = game_entry(game.NAME)
    parts: dict[str, Any] = {}
    if hasattr(entry, "narration"):  # one registration per game (issue 22)
        parts["narrate"] = entry.narration() if callable(entry.narration) else None
        parts["board"] = entry.board() if callable(entry.board) else None
        parts["render"] = entry.terminal().render if callable(entry.terminal) else None
        parts["new"] = True
    else:  # before issue 22: found by naming conventions
        import importlib

        old: Any = entry
        package = entry.game_class.__module__.rpartition(".")[0]
        parts["narrate"] = importlib.import_module(f"{package}.narration").narrate
        parts["board"] = importlib.import_module(f"{package}.board").board_svg
        parts["render"] = importlib.import_module(str(old.ui)).render
        parts["new"] = False
    try:
        from rennbahn.interop.encoders import encode, encoder_for

        encoder = encoder_for(game)
        parts["encode"] = lambda view: encode(encoder, view)
    except ImportError:
        parts["encode"] = None
    return parts


def _view(state: State, seat: int | None) -> Any:
    """What the server sends as ``observation``: the typed view where there is one."""
    if hasattr(state, "view"):
        return state.view(seat) if seat is not None else state.public_view()
    return state.observation(seat) if seat is not None else state.public_observation()


def _narrate(parts: dict[str, Any], game: Game, before: Any, after: Any, lang: str,
             names: list[str]) -> list[str]:
    if before == after:
        return []
    if parts["new"]:
        return [str(x) for x in parts["narrate"](game, before, after, lang=lang, names=names)]
    return [str(x) for x in parts["narrate"](before, after, lang=lang, names=names)]


def _render(parts: dict[str, Any], view: Any, game: Game, lang: str, names: list[str]) -> str:
    console = Console(file=io.StringIO(), width=120, color_system=None, record=True)
    console.print(parts["render"](view, game, lang=lang, names=names))
    return console.export_text()


def _digest(text: str | bytes) -> str:
    data = text.encode() if isinstance(text, str) else text
    return hashlib.sha256(data).hexdigest()[:20]


def _seats(game: Game) -> list[int | None]:
    return [*range(game.num_players()), None]


def play_one(game: Game, seed: int, out: Callable[[str, object], None]) -> None:
    n = game.num_players()
    names = [f"P{i}" for i in range(n)]
    bots = [make_bot(game, BOTS[i % len(BOTS)]) for i in range(n)]
    rng = random.Random(seed)
    parts = _parts(game)
    state = game.new_initial_state()
    before: dict[int | None, Any] = {seat: None for seat in _seats(game)}
    ply = 0
    while True:
        text = state.to_text()
        out("notation", text)
        out("reread", game.state_from_text(text).to_text())
        for seat in _seats(game):
            try:
                view = _view(state, seat)
            except NotImplementedError:
                continue
            out(f"view{seat}", msgspec.json.encode(view).decode())
            out(f"json{seat}", json.dumps(state.observation(seat) if seat is not None
                                          else state.public_observation(), sort_keys=True))
            moves = ([state.action_to_string(seat, a) for a in state.legal_actions(seat)]
                     if seat is not None and not state.is_terminal()
                     and seat in _movers(state) else [])
            for lang in LANGS:
                out(f"narration{seat}{lang}",
                    _narrate(parts, game, before[seat], view, lang, names))
                if seat not in (0, None):  # drawings: the first seat and the spectators
                    continue
                if parts["board"] is not None:
                    out(f"board{seat}{lang}",
                        _digest(parts["board"](view, game, moves=moves, lang=lang)))
                out(f"terminal{seat}{lang}", _digest(_render(parts, view, game, lang, names)))
            if seat is not None and parts["encode"] is not None:
                out(f"vector{seat}", _digest(parts["encode"](view).tobytes()))
            if seat is not None:
                out(f"infostate{seat}", _digest(state.information_state_string(seat)))
            before[seat] = view
        if state.is_terminal():
            out("returns", state.returns())
            break
        _step(state, bots, rng)
        ply += 1
    out("plies", ply)


def _movers(state: State) -> list[int]:
    player = state.current_player()
    if player == SIMULTANEOUS:
        return list(range(state.get_game().num_players()))
    return [player] if player >= 0 else []


def _step(state: State, bots: Sequence[Any], rng: random.Random) -> None:
    from rennbahn.core.table import ask_bot

    player = state.current_player()
    if player == CHANCE:
        state.apply_action(sample_chance(state.chance_outcomes(), rng))
    elif player == SIMULTANEOUS:
        joint = [ask_bot(bots[s], state, s, rng) for s in range(len(bots))]
        state.apply_actions(joint)
    else:
        state.apply_action(ask_bot(bots[player], state, player, rng))


def write(folder: Path, only: str | None = None) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    with ProcessPoolExecutor(2) as pool:
        jobs = [pool.submit(_write_game, folder, entry.name) for entry in registered_games()
                if only in (None, entry.name)]
        if only is None:
            jobs.append(pool.submit(_write_playthroughs, folder))
        return sum(job.result() for job in jobs)


def _out(lines: list[str], kind: str, value: object) -> None:
    lines.append(json.dumps([kind, value], ensure_ascii=False))


def _write_game(folder: Path, name: str) -> int:
    count = 0
    for entry in [e for e in registered_games() if e.name == name]:
        lines: list[str] = []
        out = functools.partial(_out, lines)

        for variant in entry.variants:
            game = rennbahn.load_game(variant)
            for seed in SEEDS:
                out("game", f"{variant} seed {seed}")
                record = rennbahn.play(game, [make_bot(game, BOTS[i % len(BOTS)])
                                              for i in range(game.num_players())], seed)
                out("record", record.dumps())
                play_one(game, seed, out)
        (folder / f"{entry.name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        count += len(lines)
        print(f"{entry.name}: {len(lines)} items", flush=True)
    return count


def _write_playthroughs(folder: Path) -> int:
    count = 0
    try:
        from open_spiel.python.algorithms import generate_playthrough  # type: ignore

        import rennbahn.interop.openspiel as _registers  # noqa: F401

        for name in PLAYTHROUGHS:
            text = generate_playthrough.playthrough(name, None, seed=7)
            (folder / f"{name}.playthrough").write_text(text, encoding="utf-8")
            count += text.count("\n")
    except ImportError:
        print("no OpenSpiel: playthroughs left out")
    return count


def compare(a: Path, b: Path) -> int:
    """Compare the files of ``b`` with those of the same name in ``a`` (``a`` may hold more:
    a snapshot of one game is compared with that game's part of a whole one)."""
    same = 0
    for right in sorted(b.iterdir()):
        left = a / right.name
        one = left.read_text(encoding="utf-8").splitlines() if left.exists() else []
        two = right.read_text(encoding="utf-8").splitlines()
        for i, (x, y) in enumerate(zip(one, two, strict=False)):
            if x != y:
                print(f"{left.name}: item {i + 1} differs:\n  before {x[:400]}\n  after  {y[:400]}")
                return 1
        if len(one) != len(two):
            print(f"{left.name}: {len(one)} items before, {len(two)} after")
            return 1
        same += len(one)
        print(f"{left.name}: {len(one)} items, all the same")
    print(f"{same} items compared, all the same")
    return 0


def main(argv: list[str]) -> int:
    if len(argv) in (2, 3) and argv[0] == "write":
        print(f"{write(Path(argv[1]), argv[2] if len(argv) == 3 else None)} items written")
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
