"""Component files: readable JSON that a game loads by name or by path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rennbahn.core.errors import ParameterError


def read_component_file(name: str, folder: Path, what: str) -> tuple[Path, Any]:
    """Read ``folder/<name>.json``, or the JSON file at path ``name``.

    ``what`` names the component in errors ("Gib Gas! card mix"); an unknown name lists the
    files the folder has.
    """
    path = folder / f"{name}.json"
    if not path.is_file():
        path = Path(name)
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in folder.glob("*.json")))
        raise ParameterError(f"no {what} {name!r}; give one of {known} or a path to a JSON file")
    try:
        return path, json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ParameterError(f"{what} {path} is not readable JSON: {exc}") from exc
