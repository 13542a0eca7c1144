"""Observation vectors: a seat's typed view as a fixed-size float vector, for learners.

What every encoder shares: the :class:`Encoder` protocol, :class:`Layout` for writing one
block by block, small helpers (:func:`one_hot`, :func:`many_hot`, :func:`scaled`) and
:class:`HashingEncoder`, the fallback for a game without an encoder of its own. A game's own
encoder lives with the game (``games/<game>/encoder.py``) and is named by its registry entry;
the adapters find it through :func:`rennbahn.interop.encoders.encoder_for`. An encoder reads
only one seat's view (``state.view(seat)``), never the true state, so a vector can never
leak what the seat may not know. It needs numpy (the ``rl`` extra).
"""

from __future__ import annotations

import math
import zlib
from array import array
from collections.abc import Mapping, Sequence
from typing import Protocol, TypeAlias

from rennbahn.core.errors import MissingExtraError

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as exc:  # the optional extra is not installed
    raise MissingExtraError(
        f"rennbahn.core.encoding needs the package {exc.name or exc}, which is not "
        "installed; install the research extra: pip install 'rennbahn[rl]'"
    ) from exc

from rennbahn.core.protocol import JSON, State
from rennbahn.core.views import View, as_json

#: Length of the fallback vector: enough buckets that the few hundred leaves of a racing
#: game's observation rarely share one.
HASHING_SIZE = 512

#: An observation vector (an alias said as one: mypyc builds where numpy may be missing).
FloatArray: TypeAlias = "npt.NDArray[np.float32]"
#: What an encoder writes its features into (:func:`new_buffer`).
Buffer: TypeAlias = "array[float]"  # (array is generic at run time from Python 3.12)


class Encoder(Protocol):
    """Turns one seat's view into a vector of ``size`` floats in [low, high]."""

    @property
    def size(self) -> int: ...

    @property
    def version(self) -> int:
        """Raised (1 to 99) whenever the vector of some view changes: its length, a feature's
        meaning or its scale. It is part of the environment ids (``rennbahn.interop.ids``)."""

    @property
    def low(self) -> float: ...

    @property
    def high(self) -> float: ...

    def encode_into(self, view: View, out: FloatArray) -> None:
        """Write the vector of one seat's view into ``out`` (zeroed, of length ``size``)."""

    def encode_state(self, state: State, seat: int, out: FloatArray) -> None:
        """Write the same vector as :meth:`encode_into` of ``state.view(seat)`` into ``out``
        (zeroed), read straight off the state where the encoder can (no view built)."""

    def feature_names(self) -> list[str]:
        """What each float means, ``size`` names (the hashing fallback names its buckets)."""


def encode(encoder: Encoder, view: View) -> FloatArray:
    """A new vector for one seat's ``view``."""
    out = np.zeros(encoder.size, dtype=np.float32)
    encoder.encode_into(view, out)
    return out


def encode_state(encoder: Encoder, state: State, seat: int) -> FloatArray:
    """A new vector for seat ``seat`` of ``state``: ``encode(encoder, state.view(seat))``,
    faster."""
    out = np.zeros(encoder.size, dtype=np.float32)
    encoder.encode_state(state, seat, out)
    return out


def new_buffer(size: int) -> Buffer:
    """A zeroed buffer of ``size`` doubles for an encoder to write its features into, then
    :func:`store` into the float32 vector. Only the features written are touched: numpy
    converting a list of Python floats costs 30-40 ns a float, more than encoding itself."""
    return array("d", bytes(8 * size))


def store(buf: Buffer, out: FloatArray) -> None:
    """Copy ``buf`` into ``out``, each double rounded to float32 (as from a list)."""
    out[:] = np.frombuffer(buf, dtype=np.float64)


def bounded(value: float, scale: float, low: float) -> float:
    """``value / scale`` clipped to [low, 1]: :func:`scaled` of a number, typed for speed."""
    return min(1.0, max(low, value / scale))


def _slot(key: str, size: int) -> tuple[int, float]:
    """The bucket of a feature name and its sign (signed hashing keeps collisions unbiased)."""
    h = zlib.crc32(key.encode("utf-8"))
    return h % size, (1.0 if h >> 31 else -1.0)


#: Cache bound: string values (notation, names) can make ever new feature names.
_MAX_SLOTS = 1 << 16


class HashingEncoder:
    """Generic fallback: every leaf of the view's JSON, hashed into ``size`` buckets.

    A number at path ``p`` (``.drivers[1].damage``) adds ``sign * log1p(|x|)`` with its sign
    to bucket ``hash(p)``; a string, boolean or null ``v`` adds 1 to bucket ``hash(p=v)``;
    a list also gives its length. Deterministic across runs (CRC-32, not Python's hash).
    """

    low = -math.inf
    high = math.inf
    version = 1

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

    def encode_state(self, state: State, seat: int, out: FloatArray) -> None:
        self.encode_into(state.view(seat), out)

    def encode_into(self, view: View | Mapping[str, JSON], out: FloatArray) -> None:
        """Hash the leaves of ``view`` (a game's view, or any JSON object) into ``out``."""
        # Sum in a Python list and hand numpy one array: item writes to numpy are slow.
        acc = [0.0] * self.size
        slots = self._slots
        find = self._slot
        log1p = math.log1p
        stack: list[tuple[str, JSON]] = [
            ("", as_json(view) if isinstance(view, View) else dict(view))]
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


__all__ = [
    "HASHING_SIZE",
    "Buffer",
    "Encoder",
    "FloatArray",
    "HashingEncoder",
    "Layout",
    "bounded",
    "encode",
    "encode_state",
    "many_hot",
    "new_buffer",
    "one_hot",
    "scaled",
    "store",
]
