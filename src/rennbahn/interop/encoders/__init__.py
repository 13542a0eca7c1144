"""Observation encoders: a seat's observation dict as a fixed-size float vector.

Every adapter (OpenSpiel tensors, PettingZoo and Gymnasium observations) feeds learners with
the same vector, built FROM THE OBSERVATION DICT of one seat (``state.observation(seat)``),
never from the true state, so a vector can never leak what the seat may not know.

A game gets its own encoder by adding a module ``rennbahn.interop.encoders.<game>`` with a
function ``make_encoder(game) -> Encoder``; until it has one, :class:`HashingEncoder` (feature
hashing of every leaf of the dict) stands in, so a newly registered game works at once.

>>> import rennbahn
>>> from rennbahn.interop.encoders import encode, encoder_for
>>> game = rennbahn.load_game("gibgas(players=3)")
>>> encoder = encoder_for(game)
>>> vector = encode(encoder, game.new_initial_state().observation(0))
>>> vector.shape == (encoder.size,)
True
"""

from __future__ import annotations

import importlib
import math
import zlib
from collections.abc import Mapping, Sequence
from typing import Protocol

from rennbahn.interop._common import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as exc:  # the optional extra is not installed
    raise missing_extra("encoders", exc) from exc

from rennbahn.core.protocol import JSON, Game

FloatArray = npt.NDArray[np.float32]

#: Length of the fallback vector: enough buckets that the few hundred leaves of a racing
#: game's observation rarely share one.
HASHING_SIZE = 512


class Encoder(Protocol):
    """Turns one seat's observation dict into a vector of ``size`` floats in [low, high]."""

    @property
    def size(self) -> int: ...

    @property
    def low(self) -> float: ...

    @property
    def high(self) -> float: ...

    def encode_into(self, observation: Mapping[str, JSON], out: FloatArray) -> None:
        """Write the vector into ``out`` (zeroed, of length ``size``)."""

    def feature_names(self) -> list[str]:
        """What each float means, ``size`` names (the hashing fallback names its buckets)."""


def encode(encoder: Encoder, observation: Mapping[str, JSON]) -> FloatArray:
    """A new vector for ``observation``."""
    out = np.zeros(encoder.size, dtype=np.float32)
    encoder.encode_into(observation, out)
    return out


_CACHE: dict[str, Encoder] = {}


def encoder_for(game: Game) -> Encoder:
    """The game's own encoder (``encoders/<game>.py``), else the hashing fallback."""
    key = str(game)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    module_name = f"{__name__}.{game.NAME}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        encoder: Encoder = HashingEncoder()
    else:
        encoder = module.make_encoder(game)
    _CACHE[key] = encoder
    return encoder


def _slot(key: str, size: int) -> tuple[int, float]:
    """The bucket of a feature name and its sign (signed hashing keeps collisions unbiased)."""
    h = zlib.crc32(key.encode("utf-8"))
    return h % size, (1.0 if h >> 31 else -1.0)


#: Cache bound: string values (notation, names) can make ever new feature names.
_MAX_SLOTS = 1 << 16


class HashingEncoder:
    """Generic fallback: every leaf of the observation dict, hashed into ``size`` buckets.

    A number at path ``p`` (``.drivers[1].damage``) adds ``sign * log1p(|x|)`` with its sign
    to bucket ``hash(p)``; a string, boolean or null ``v`` adds 1 to bucket ``hash(p=v)``;
    a list also gives its length. Deterministic across runs (CRC-32, not Python's hash).
    """

    low = -math.inf
    high = math.inf

    def __init__(self, size: int = HASHING_SIZE) -> None:
        self.size = size
        self._slots: dict[str, tuple[int, float]] = {}

    def _slot(self, key: str) -> tuple[int, float]:
        slot = self._slots.get(key)
        if slot is None:
            if len(self._slots) >= _MAX_SLOTS:
                self._slots.clear()
            slot = self._slots[key] = _slot(key, self.size)
        return slot

    def feature_names(self) -> list[str]:
        return [f"bucket[{i}]" for i in range(self.size)]

    def encode_into(self, observation: Mapping[str, JSON], out: FloatArray) -> None:
        # Sum in a Python list and hand numpy one array: item writes to numpy are slow.
        acc = [0.0] * self.size
        slots = self._slots
        find = self._slot
        log1p = math.log1p
        stack: list[tuple[str, JSON]] = [("", dict(observation))]
        while stack:
            path, value = stack.pop()
            kind = type(value)
            if kind is dict:
                assert isinstance(value, dict)
                stack.extend((f"{path}.{key}", item) for key, item in value.items())
                continue
            if kind is list:
                assert isinstance(value, list)
                key, amount = path + "#len", log1p(len(value))
                stack.extend((f"{path}[{i}]", item) for i, item in enumerate(value))
            elif kind is int or kind is float:
                assert isinstance(value, int | float)
                key, amount = path, (log1p(value) if value >= 0 else -log1p(-value))
            elif kind is str:
                key, amount = f"{path}={value}", 1.0
            elif kind is bool:
                key, amount = f"{path}={'true' if value else 'false'}", 1.0
            elif value is None:
                key, amount = path + "=null", 1.0
            else:
                raise TypeError(f"observation leaf {path} is {kind.__name__}, not JSON")
            index, sign = slots.get(key) or find(key)
            acc[index] += sign * amount
        out += np.asarray(acc, dtype=np.float32)


class Layout:
    """Named slices of a vector, for writing an encoder block by block.

    ``layout.add("damage", 4)`` reserves four floats; ``layout["damage"]`` is their offset.
    """

    def __init__(self) -> None:
        self._offsets: dict[str, int] = {}
        self._names: list[str] = []
        self.size = 0

    def add(self, name: str, width: int, labels: Sequence[object] | None = None) -> int:
        """Reserve ``width`` floats named ``name`` (``name=label`` per float when given)."""
        if name in self._offsets:
            raise ValueError(f"block {name!r} is laid out twice")
        if labels is not None and len(labels) != width:
            raise ValueError(f"block {name!r}: {len(labels)} labels for {width} floats")
        self._offsets[name] = self.size
        if labels is not None:
            self._names.extend(f"{name}={label}" for label in labels)
        elif width == 1:
            self._names.append(name)
        else:
            self._names.extend(f"{name}[{i}]" for i in range(width))
        self.size += width
        return self._offsets[name]

    def __getitem__(self, name: str) -> int:
        return self._offsets[name]

    def names(self, prefix: str = "") -> list[str]:
        """One name per float, in order (``prefix`` before each)."""
        return [prefix + name for name in self._names]


def one_hot(out: FloatArray, offset: int, names: tuple[str, ...], value: JSON) -> None:
    """Set ``out[offset + names.index(value)]``; nothing for None."""
    if value is None:
        return
    out[offset + names.index(str(value))] = 1.0


def many_hot(out: FloatArray, offset: int, names: tuple[str, ...], values: JSON) -> None:
    """Set one float per value in the list ``values``."""
    assert isinstance(values, list)
    for value in values:
        out[offset + names.index(str(value))] = 1.0


def scaled(value: JSON, scale: float, low: float = 0.0) -> float:
    """``value / scale`` clipped to [low, 1] (None counts as 0): a bounded number feature."""
    if value is None:
        return 0.0
    assert isinstance(value, int | float)
    return min(1.0, max(low, value / scale))


def as_int(value: JSON) -> int:
    """An int field of an observation (checked)."""
    assert isinstance(value, int) and not isinstance(value, bool)
    return value


def as_list(value: JSON) -> list[JSON]:
    """A list field of an observation (checked)."""
    assert isinstance(value, list)
    return value


def as_dict(value: JSON) -> dict[str, JSON]:
    """A dict field of an observation (checked)."""
    assert isinstance(value, dict)
    return value


__all__ = [
    "HASHING_SIZE",
    "Encoder",
    "FloatArray",
    "HashingEncoder",
    "Layout",
    "as_dict",
    "as_int",
    "as_list",
    "encode",
    "encoder_for",
    "many_hot",
    "one_hot",
    "scaled",
]
