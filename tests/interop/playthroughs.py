"""OpenSpiel playthroughs of every rennbahn game: recorded files, regenerated and compared.

Like OpenSpiel's own ``playthroughs_test``: each file in ``tests/interop/playthroughs/``
holds ``generate_playthrough``'s trace of one seeded game (every observation string and
tensor, the public and private observations, legal moves and returns); the test plays it
again and compares. After a deliberate change of a game or an encoder, regenerate:

    .venv/bin/python -m tests.interop.playthroughs            # every file
    .venv/bin/python -m tests.interop.playthroughs gibgas     # one game
"""

from __future__ import annotations

import sys
from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "playthroughs"
SEED = 2026
#: One pyspiel game string per rennbahn game: the two-player form.
GAMES = {
    "gibgas": "rennbahn_gibgas(players=2)",
    "von0auf100": "rennbahn_von0auf100(players=2,race=small)",
    "grandprix": "rennbahn_grandprix(players=2)",
    "ausgebremst": "rennbahn_ausgebremst(players=2)",
}


def path_of(name: str) -> Path:
    return FOLDER / f"rennbahn_{name}.txt"


def generate(name: str) -> str:
    """The playthrough text of one game, as OpenSpiel writes it."""
    from open_spiel.python.algorithms import (  # type: ignore[import-untyped]
        generate_playthrough,
    )

    import rennbahn.interop.openspiel  # noqa: F401  (registers the games)

    text: str = generate_playthrough.playthrough(GAMES[name], None, seed=SEED)
    return text


def differs(name: str) -> str | None:
    """None when the recorded file plays the same again, else the first differing line."""
    from absl import flags
    from open_spiel.python.algorithms import generate_playthrough

    import rennbahn.interop.openspiel  # noqa: F401

    if not flags.FLAGS.is_parsed():  # the reader asks a flag absltest would have parsed
        flags.FLAGS.mark_as_parsed()
    original, new = generate_playthrough.replay(str(path_of(name)))
    if original == new:
        return None
    for number, (old, now) in enumerate(zip(original.splitlines(), new.splitlines(),
                                            strict=False), start=1):
        if old != now:
            return f"{path_of(name).name} line {number}:\n  recorded: {old}\n  now:      {now}"
    return f"{path_of(name).name}: the lengths differ"


def main(names: list[str]) -> None:
    for name in names or sorted(GAMES):
        path_of(name).write_text(generate(name), encoding="utf-8")
        print(f"wrote {path_of(name)}")


if __name__ == "__main__":
    main(sys.argv[1:])
