"""The views clients receive, over whole seeded games of every game: recorded and compared.

Each file in ``tests/reference/views/`` holds, for one seeded random game, the JSON bytes of
every seat's view and the spectators' view after every step, exactly as the server puts
them in its ``view`` message (``msgspec.json.encode`` of the typed view: its fields in
order). The test plays the same games again and compares byte for byte, so that a change in
what a client receives cannot go unnoticed. After a deliberate change of a game's view,
regenerate (and say why in the commit):

    .venv/bin/python -m tests.reference.views            # every file
    .venv/bin/python -m tests.reference.views gibgas     # one game's
"""

from __future__ import annotations

import gzip
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import msgspec

from rennbahn.core.driver import random_step
from rennbahn.core.protocol import State
from rennbahn.core.registry import load_game

FOLDER = Path(__file__).resolve().parent / "views"
SEED = 22
#: The games played: each game with three seats, and Ausgebremst's advanced game too.
GAMES = {
    "gibgas": "gibgas(players=3)",
    "von0auf100": "von0auf100(players=3)",
    "grandprix": "grandprix(players=3)",
    "ausgebremst": "ausgebremst(players=3)",
    "ausgebremst_advanced": "ausgebremst(players=3,mode=advanced)",
}


def path_of(name: str) -> Path:
    return FOLDER / f"{name}.jsonl.gz"


def _sent(state: State, seat: int | None) -> bytes:
    """The ``observation`` of the server's view message for ``seat`` (None: spectators)."""
    view = state.view(seat) if seat is not None else state.public_view()
    return msgspec.json.encode(view)


def lines(name: str) -> Iterator[bytes]:
    """One line per step and seat: ``ply seat json`` (seat ``-`` for the spectators)."""
    game = load_game(GAMES[name])
    state = game.new_initial_state()
    rng = random.Random(SEED)
    ply = 0
    while True:
        for seat in [*range(game.num_players()), None]:
            yield b"%d %s " % (ply, b"-" if seat is None else b"%d" % seat) + _sent(state, seat)
        if state.is_terminal():
            return
        random_step(state, rng)
        ply += 1


def write(name: str) -> None:
    FOLDER.mkdir(exist_ok=True)
    with gzip.GzipFile(path_of(name), "wb", mtime=0) as out:
        for line in lines(name):
            out.write(line + b"\n")


def recorded(name: str) -> list[bytes]:
    with gzip.open(path_of(name), "rb") as kept:
        return kept.read().splitlines()


if __name__ == "__main__":
    for chosen in sys.argv[1:] or list(GAMES):
        write(chosen)
        print(f"wrote {path_of(chosen)}")
