"""``rennbahn.make(id)``: the environment of any versioned id (:mod:`rennbahn.interop.ids`).

>>> from rennbahn.interop.make import make
>>> make("rennbahn_grandprix_v601", parallel=True).metadata["name"]
'rennbahn_grandprix_v601'
"""

from __future__ import annotations

from typing import Any

from rennbahn.interop._common import game_named
from rennbahn.interop.ids import game_of


def make(env_id: str, **kwargs: Any) -> Any:
    """The environment of any id in :func:`~rennbahn.interop.ids.known_ids`.

    A Gymnasium id is made by ``gymnasium.make`` (keyword arguments go to
    :class:`~rennbahn.interop.gymnasium.SeatEnv`; ``game=`` may give the game's parameters,
    ``"gibgas(players=2)"``). A PettingZoo name gives the AEC environment (PettingZoo's
    ``env()``), or with ``parallel=True`` the Parallel one; other keyword arguments go to it.
    An unknown id raises :class:`~rennbahn.interop.ids.UnknownEnvironmentError`, listing
    the known ones.
    """
    kind, name = game_of(env_id)
    if kind == "gymnasium":
        import gymnasium

        import rennbahn.interop.gymnasium  # noqa: F401  (registers the ids)

        return gymnasium.make(env_id, **kwargs)
    from rennbahn.interop import pettingzoo

    parallel = bool(kwargs.pop("parallel", False))
    game = kwargs.pop("game", name)
    if parallel:
        return pettingzoo.parallel_env(game_named(name, game), **kwargs)
    return pettingzoo.env(game_named(name, game), **kwargs)


__all__ = ["make"]
