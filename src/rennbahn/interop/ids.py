"""Environment ids that researchers can cite: the game and the encoder's versions in one number.

Every registered game has a Gymnasium id ``rennbahn/Seat-<game>-v<N>`` and a PettingZoo name
``rennbahn_<game>_v<N>``, with ``N = 100 * game VERSION + encoder version``: ``v301`` is the
game's rules version 3 seen through its encoder's version 1. A change of the rules (the game's
``VERSION``) or of the vector (the encoder's ``version``) makes a new id, so a result reported
for one id was measured on one game and one observation. The encoder's version stays below
100, so each part can be read back from ``N`` (``divmod(N, 100)``).

>>> from rennbahn.interop.ids import gymnasium_id, pettingzoo_id
>>> gymnasium_id("gibgas")
'rennbahn/Seat-gibgas-v301'
>>> pettingzoo_id("gibgas")
'rennbahn_gibgas_v301'
"""

from __future__ import annotations

import re

from rennbahn.core.errors import RennbahnError, allowed_list
from rennbahn.core.registry import load_game, registered_games
from rennbahn.interop.encoders import encoder_for

#: The encoder's version is the id's last two digits.
ENCODER_VERSIONS = 100

_GYMNASIUM = re.compile(r"rennbahn/Seat-(?P<game>[a-z0-9_]+)-v(?P<n>\d+)")
_PETTINGZOO = re.compile(r"rennbahn_(?P<game>[a-z0-9]+)_v(?P<n>\d+)")


class UnknownEnvironmentError(RennbahnError):
    """An environment id that names no registered game at its current versions."""


def env_version(game_name: str) -> int:
    """``N`` of a registered game's ids: 100 x the game's VERSION + its encoder's version."""
    game = load_game(game_name)
    encoder_version = encoder_for(game).version
    if not 0 < encoder_version < ENCODER_VERSIONS:
        raise ValueError(f"{game_name}'s encoder version {encoder_version} is not 1 to 99")
    return ENCODER_VERSIONS * game.VERSION + encoder_version


def gymnasium_id(game_name: str) -> str:
    """The Gymnasium id of one seat of ``game_name`` (``rennbahn/Seat-<game>-v<N>``)."""
    return f"rennbahn/Seat-{game_name}-v{env_version(game_name)}"


def pettingzoo_id(game_name: str) -> str:
    """The PettingZoo name of ``game_name``'s environments (``rennbahn_<game>_v<N>``)."""
    return f"rennbahn_{game_name}_v{env_version(game_name)}"


def known_ids() -> list[str]:
    """Every id :func:`make` finds: each registered game's Gymnasium and PettingZoo id."""
    names = [entry.name for entry in registered_games()]
    return [gymnasium_id(name) for name in names] + [pettingzoo_id(name) for name in names]


def _game_of(env_id: str) -> tuple[str, str]:
    """(``"gymnasium"`` or ``"pettingzoo"``, the game's name) of a known id."""
    if not isinstance(env_id, str):
        raise UnknownEnvironmentError(f"an environment id is text, not {env_id!r}")
    for kind, pattern, build in (("gymnasium", _GYMNASIUM, gymnasium_id),
                                 ("pettingzoo", _PETTINGZOO, pettingzoo_id)):
        found = pattern.fullmatch(env_id)
        if found is None:
            continue
        name = found["game"]
        if name in {entry.name for entry in registered_games()}:
            current = build(name)
            if current == env_id:
                return kind, name
            raise UnknownEnvironmentError(
                f"{env_id!r} is not {name}'s current version: the rules or the observation "
                f"have changed since; this rennbahn has {current!r} (install the rennbahn "
                "release that had the old id to repeat a result measured on it)"
            )
    raise UnknownEnvironmentError(
        f"there is no environment {env_id!r}; known ids: {allowed_list(known_ids())}"
    )


def game_of(env_id: str) -> tuple[str, str]:
    """(``"gymnasium"`` or ``"pettingzoo"``, the game's name) of a known id; an unknown id
    raises :class:`UnknownEnvironmentError`, which lists the known ones."""
    return _game_of(env_id)


__all__ = [
    "UnknownEnvironmentError",
    "env_version",
    "game_of",
    "gymnasium_id",
    "known_ids",
    "pettingzoo_id",
]
