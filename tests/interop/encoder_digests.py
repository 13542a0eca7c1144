"""Digests of the encoders' vectors along random playouts of every variant, to keep a vector
from changing without its encoder's version (and so the environment ids) changing with it.

The file ``data/encoder_digests.json`` holds, per variant, the encoder's version and the
SHA-256 of every seat's float32 vector at every third state of two random playouts, as the
adapters encode it (``encode_state``, straight off the state). The digests were first written
by the encoders that read only the seat's typed view, so they also prove that reading the
state gives the very same floats.
Regenerate it only after raising the version of an encoder whose vectors changed on purpose::

    .venv/bin/python -m tests.interop.encoder_digests
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import rennbahn
from rennbahn.interop.encoders import encode_state, encoder_for
from tests.interop.cases import VARIANTS, random_states

FILE = Path(__file__).resolve().parent / "data" / "encoder_digests.json"
SEEDS = (1, 2)
EVERY = 3


def digest(variant: str) -> str:
    """The SHA-256 of the variant's vectors (every seat, every third state, two playouts)."""
    game = rennbahn.load_game(variant)
    encoder = encoder_for(game)
    sha = hashlib.sha256()
    for seed in SEEDS:
        for state in random_states(variant, seed, every=EVERY):
            for seat in range(game.num_players()):
                sha.update(encode_state(encoder, state, seat).tobytes())
    return sha.hexdigest()


def expected() -> dict[str, dict[str, object]]:
    data: dict[str, dict[str, object]] = json.loads(FILE.read_text(encoding="utf-8"))
    return data


def main() -> None:
    data = {
        variant: {
            "version": encoder_for(rennbahn.load_game(variant)).version,
            "sha256": digest(variant),
        }
        for variant in VARIANTS
    }
    FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {FILE} ({len(data)} variants)")


if __name__ == "__main__":
    main()
