"""Game parameters: their declaration, validation and the game-string syntax.

A game string names a game and its parameters the way OpenSpiel does::

    gibgas(players=4,champions=true)
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

from rennbahn.core.errors import ParameterError

ParamValue = bool | int | str

#: Longest text of an integer parameter: more digits than any bound needs, and far below
#: Python's limit on converting digits (a 5,000-digit number raised ``ValueError``).
MAX_INT_DIGITS = 18
#: Longest game string read at all.
MAX_GAME_STRING = 10_000

# ASCII digits only: ``str.isdigit`` and ``\\d`` also take Arabic-Indic or superscript digits.
_INTEGER = re.compile(rf"-?[0-9]{{1,{MAX_INT_DIGITS}}}", re.ASCII)


def _one_of(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else "one of " + ", ".join(names)


def shown(value: object, limit: int = 80) -> str:
    """``repr(value)``, cut short so that a huge input never floods an error message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 5] + "...'" + f" ({len(text)} chars)"


@dataclass(frozen=True)
class Param:
    """A declared game parameter.

    ``choices`` lists the allowed values for strings; ``minimum``/``maximum`` bound integers.

    ``shipped`` marks a component parameter (a card mix, a stack): it holds the names of the
    component sets that ship with rennbahn, and any other value is read as a path to a JSON
    file. Paths are for the local user only (the command line, the Python API); a caller that
    takes game strings from others loads them with ``load_game(..., paths=False)``, which
    accepts only the shipped names and refuses anything else before a file is touched.
    """

    name: str
    default: ParamValue
    doc: str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    shipped: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.shipped is not None and (
            not isinstance(self.default, str)
            or self.choices is not None
            or self.default not in self.shipped
        ):
            raise ValueError(
                f"parameter {self.name}: shipped names belong to a text parameter without "
                "choices whose default is one of them"
            )

    @property
    def kind(self) -> type:
        return type(self.default)

    def allowed(self) -> str:
        """A human description of the allowed values."""
        if isinstance(self.default, bool):
            return "true or false"
        if isinstance(self.default, int):
            return f"an integer from {self.minimum} to {self.maximum}"
        if self.choices is not None:
            return "one of " + ", ".join(self.choices)
        if self.shipped is not None:
            return _one_of(self.shipped) + ", or a path to a JSON file"
        return "any text"

    def coerce(self, value: object) -> ParamValue:
        """Turn ``value`` (a Python value or the text of a game string) into this type."""
        wrong = ParameterError(
            f"parameter {self.name}={shown(value)} is not allowed; it takes {self.allowed()}"
        )
        result: ParamValue
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                result = value
            elif isinstance(value, str) and value.lower() in ("true", "false"):
                result = value.lower() == "true"
            else:
                raise wrong
        elif isinstance(self.default, int):
            if isinstance(value, bool):
                raise wrong
            if isinstance(value, int):
                result = value
            elif isinstance(value, str) and _INTEGER.fullmatch(value.strip()):
                result = int(value.strip())
            else:
                raise wrong
            if (self.minimum is not None and result < self.minimum) or (
                self.maximum is not None and result > self.maximum
            ):
                raise wrong
        else:
            if not isinstance(value, str):
                raise wrong
            result = value
            if self.choices is not None and result not in self.choices:
                raise wrong
        return result

    def to_text(self, value: ParamValue) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)


_GAME_STRING = re.compile(r"^\s*([A-Za-z0-9_]+)\s*(?:\((.*)\))?\s*$", re.S)


def parse_game_string(text: object) -> tuple[str, dict[str, str]]:
    """Split ``name(key=value,...)`` into the name and the raw parameter texts."""
    if not isinstance(text, str):
        raise ParameterError(
            f"a game string is text such as gibgas(players=4), not {shown(text)}"
        )
    if len(text) > MAX_GAME_STRING:
        raise ParameterError(
            f"game string of {len(text)} characters; at most {MAX_GAME_STRING} are read"
        )
    match = _GAME_STRING.match(text)
    if match is None:
        raise ParameterError(
            f"malformed game string {shown(text)}; expected name or name(key=value,...), "
            "for example gibgas(players=4,champions=true)"
        )
    name, inner = match.group(1), match.group(2)
    raw: dict[str, str] = {}
    if inner is not None and inner.strip():
        for part in inner.split(","):
            key, sep, value = part.partition("=")
            key, value = key.strip(), value.strip()
            if not sep or not key or not value:
                raise ParameterError(
                    f"malformed parameter {shown(part.strip())} in {shown(text)}; "
                    "expected key=value"
                )
            if key in raw:
                raise ParameterError(f"parameter {shown(key)} is given twice in {shown(text)}")
            raw[key] = value
    return name, raw


def resolve(
    game: str, declared: tuple[Param, ...], given: Mapping[str, object]
) -> dict[str, ParamValue]:
    """Validate ``given`` against ``declared`` and fill in defaults."""
    by_name = {p.name: p for p in declared}
    result: dict[str, ParamValue] = {p.name: p.default for p in declared}
    for key, value in given.items():
        if key not in by_name:
            names = ", ".join(sorted(by_name)) or "(none)"
            raise ParameterError(
                f"game {game!r} has no parameter {shown(key)}; its parameters are: {names}"
            )
        result[key] = by_name[key].coerce(value)
    return result


def refuse_paths(declared: tuple[Param, ...], values: Mapping[str, ParamValue]) -> None:
    """Refuse every component parameter in ``values`` that is not one of its shipped names.

    ``values`` are resolved (:func:`resolve`). Nothing here looks at the file system, so the
    error is the same whether a file of that name exists or not, and it never tells what a
    file holds; it echoes only the value given, cut short.
    """
    for param in declared:
        if param.shipped is None or param.name not in values:
            continue
        value = values[param.name]
        if value not in param.shipped:
            raise ParameterError(
                f"parameter {param.name}={shown(value)} is not allowed here: over the network "
                f"only the component sets that ship with rennbahn are accepted; {param.name} "
                f"takes {_one_of(param.shipped)} (a path to a JSON file is read only "
                "on the command line and in the Python API)"
            )


def game_string(name: str, declared: tuple[Param, ...], values: Mapping[str, ParamValue]) -> str:
    """The canonical game string: every parameter, in declaration order."""
    if not declared:
        return name
    inner = ",".join(f"{p.name}={p.to_text(values[p.name])}" for p in declared)
    return f"{name}({inner})"


@dataclass(frozen=True)
class FloatParam(Param):
    """A parameter holding a decimal number (kept as its text: ``seconds=0.5``); by
    default from 0 to 3600 (an hour, the longest a bot may think)."""

    low: float = 0.0
    high: float = 3600.0

    def allowed(self) -> str:
        return f"a number from {self.low:g} to {self.high:g}"

    def coerce(self, value: object) -> ParamValue:
        try:
            number = float(value) if isinstance(value, int | float | str) else math.nan
        except ValueError:
            number = math.nan
        if isinstance(value, bool) or not self.low <= number <= self.high:
            raise ParameterError(
                f"parameter {self.name}={shown(value)} is not allowed; it takes {self.allowed()}"
            )
        return repr(number)
