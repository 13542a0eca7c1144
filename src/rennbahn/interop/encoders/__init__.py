"""Observation encoders for the adapters: each game's own, found through its registry entry.

Every adapter (OpenSpiel tensors, PettingZoo and Gymnasium observations) feeds learners with
the same vector, built FROM ONE SEAT'S VIEW (``state.view(seat)``), never from the true
state. A game names its encoder in its entry (``GameEntry.encoder``); a game without one gets
:class:`~rennbahn.core.encoding.HashingEncoder` (feature hashing of every leaf of the view),
so a newly registered game works at once. The encoders' shared parts live in
:mod:`rennbahn.core.encoding`.

>>> import rennbahn
>>> from rennbahn.interop.encoders import encode, encoder_for
>>> game = rennbahn.load_game("gibgas(players=3)")
>>> encoder = encoder_for(game)
>>> vector = encode(encoder, game.new_initial_state().view(0))
>>> vector.shape == (encoder.size,)
True
"""

from __future__ import annotations

from rennbahn.interop._common import missing_extra

try:
    import numpy  # noqa: F401  (the encoders need it)
except ImportError as exc:  # the optional extra is not installed
    raise missing_extra("encoders", exc) from exc

from rennbahn.core.encoding import Encoder, FloatArray, HashingEncoder, encode, encode_state
from rennbahn.core.errors import UnknownGameError
from rennbahn.core.protocol import Game
from rennbahn.core.registry import game_entry

_CACHE: dict[str, Encoder] = {}


def encoder_for(game: Game) -> Encoder:
    """The game's own encoder (named by its registry entry), else the hashing fallback
    (also for a game that was never registered)."""
    key = str(game)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    try:
        part = game_entry(game.NAME).encoder
    except UnknownGameError:  # a game made but never registered
        part = None
    encoder: Encoder = part()(game) if part is not None else HashingEncoder()
    _CACHE[key] = encoder
    return encoder


__all__ = ["Encoder", "FloatArray", "HashingEncoder", "encode", "encode_state", "encoder_for"]
