"""Component files: readable JSON that a game loads by name or by path."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from rennbahn.core.errors import ParameterError
from rennbahn.core.params import shown


def is_file(path: Path) -> bool:
    """``path.is_file()``, false for a path the system cannot even look up (too long, NUL)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def shipped_names(folder: Path) -> tuple[str, ...]:
    """The component sets that ship in ``folder``: the names of its JSON files, sorted.

    A game computes this once at import for :attr:`rennbahn.core.params.Param.shipped`.
    """
    return tuple(sorted(p.stem for p in folder.glob("*.json")))


def read_component_file(name: str, folder: Path, what: str) -> tuple[Path, Any]:
    """Read ``folder/<name>.json``, or the JSON file at path ``name``.

    ``what`` names the component in errors ("Gib Gas! card mix"); an unknown name lists the
    files the folder has. Every failure (no such file, unreadable, not UTF-8, not JSON, nested
    too deep, a number that is not finite) is a :class:`ParameterError`.
    """
    path = folder / f"{name}.json"
    if not is_file(path):
        path = Path(name)
    if not is_file(path):
        known = ", ".join(shipped_names(folder))
        raise ParameterError(
            f"no {what} {shown(name)}; give one of {known} or a path to a JSON file"
        )
    try:
        return path, json.loads(path.read_text(encoding="utf-8"), parse_float=_finite,
                                parse_constant=_not_a_number)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ParameterError(f"{what} {shown(str(path))} is not readable JSON: {exc}") from exc


def _finite(text: str) -> float:
    """A JSON number with a fraction or exponent; one too large for a float (``1e999``) is
    refused: no count, value or probability of a component is infinite."""
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is too large a number; numbers in a component file are finite")
    return number


def _not_a_number(text: str) -> float:
    """``Infinity``, ``-Infinity`` and ``NaN``, which Python's reader takes but JSON has not."""
    raise ValueError(f"{text} is not a number JSON knows; numbers in a component file are finite")
