"""One exception family for every kind of bad input.

Every error says what was wrong and what is allowed. They derive from ``ValueError`` so
callers that only know the standard library still catch them.
"""

from __future__ import annotations


class RennbahnError(ValueError):
    """Base class of every error rennbahn raises for bad input."""


class IllegalActionError(RennbahnError):
    """An action that is not legal in the current state (the state is left unchanged)."""


class UnknownGameError(RennbahnError):
    """A game name that is not registered."""


class ParameterError(RennbahnError):
    """An unknown parameter, or a value outside what the parameter allows."""


class SeatCountError(ParameterError):
    """The seats named do not fit the game's number of players."""


class NotationError(RennbahnError):
    """Malformed state or move notation."""


class RecordError(RennbahnError):
    """A malformed game record, or one whose moves do not replay."""


def allowed_list(items: list[str], limit: int = 40) -> str:
    """Format the allowed alternatives for an error message, shortening long lists."""
    if not items:
        return "(none)"
    if len(items) > limit:
        return ", ".join(items[:limit]) + f", ... ({len(items)} in all)"
    return ", ".join(items)


class MissingExtraError(RennbahnError, ImportError):
    """A part was imported without the optional extra that brings its library."""
