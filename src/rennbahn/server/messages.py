"""Every message of the table protocol, as msgspec schemas.

Each message is a JSON object with a ``type`` and the protocol version ``v``. A client sends
:data:`ClientMessage`; the server answers with :data:`ServerMessage`. Anything that does not
decode into one of these is refused as ``malformed`` (unknown fields included).
"""

from __future__ import annotations

import msgspec

from rennbahn.core.views import View as GameView

#: The protocol version every message carries.
PROTOCOL = 1
#: The largest message a client may send, in bytes.
MAX_MESSAGE = 4096


class _Client(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, kw_only=True):
    v: int


class Hello(_Client, tag="hello", kw_only=True):
    """The first message on a socket: which table, and the seat's token (none: spectator)."""

    table: str
    token: str | None = None
    #: True: the first view's narration tells the whole game so far, as this seat saw it
    #: (for a page that opens or reloads in the middle of a game).
    history: bool = False
    #: The language of the narration and the board: "en" or "de".
    lang: str = "en"
    #: False: views carry no board drawing (clients that draw their own, e.g. bots).
    board: bool = True


class Move(_Client, tag="move", kw_only=True):
    """A move of the connection's seat answering move ``number``: an ``action`` id or its
    notation ``move`` (exactly one). At a simultaneous node it is a secret choice that may
    be changed until every seat has chosen."""

    number: int
    action: int | None = None
    move: str | None = None


class Undo(_Client, tag="undo", kw_only=True):
    """Take back the seat's secret choice, or else its own last move (answering ``number``)."""

    number: int


class TakeSeat(_Client, tag="seat", kw_only=True):
    """Hand the connection's seat to the bot named ``bot``, or take it back with null."""

    bot: str | None = None


class Ping(_Client, tag="ping", kw_only=True):
    """Keep-alive; answered by ``pong``."""


class Rematch(_Client, tag="rematch", kw_only=True):
    """After the end: open the rematch (made once per table: the same game, seats, names,
    bots and clock) and get this connection's link to it (``rematch`` answers)."""


ClientMessage = Hello | Move | Undo | TakeSeat | Ping | Rematch


class _Server(msgspec.Struct, tag_field="type", kw_only=True):
    v: int = PROTOCOL


class SeatInfo(msgspec.Struct, kw_only=True):
    """One seat as everyone may see it."""

    seat: int
    name: str
    #: "person" or "bot" (a bot from the start, or handed to one by its holder).
    kind: str
    #: The bot that plays the seat now (a person's seat after its clock ran out too).
    bot: str | None = None
    #: True when the seat is a person's but a stand-in bot plays it (the clock ran out).
    away: bool = False
    #: The bot in words, in the connection's language ("Hard", "Schwer").
    bot_label: str | None = None


class LegalMove(msgspec.Struct, kw_only=True):
    """One legal move: its id and notation (for programs), and its words for people."""

    action: int
    move: str
    #: The move in words, in the connection's language ("" for a client that asked for
    #: no board: a program reads ``move``).
    label: str = ""
    #: A CSS colour to show beside the label (the car the move picks), if any.
    colour: str | None = None


class PlacingInfo(msgspec.Struct, kw_only=True):
    """One seat at the end: place (1 first; ties share), points as the rulebook counts
    them, in words, and a note."""

    seat: int
    place: int
    points: str = ""
    note: str = ""


class FinishInfo(msgspec.Struct, kw_only=True):
    """The end of the game in words (``rennbahn.core.words.Finish``)."""

    headline: str
    placings: list[PlacingInfo]
    winners: list[int]
    #: The championship or season table (first row: headers), or empty.
    table: list[list[str]] = []


class RuleInfo(msgspec.Struct, kw_only=True, frozen=True):
    """The rule behind a line of narration, in the connection's language: the rulebook
    section's title, the rule in a player's words, each reading of the rulebook it needed
    (in words), and a link to the section on the players' rules page
    (``rennbahn.core.citations``; the game's words, never its identifiers)."""

    title: str
    text: str
    link: str
    readings: tuple[str, ...] = ()


class LogLine(msgspec.Struct, kw_only=True, frozen=True):
    """One line of narration with the rules behind it, as the server keeps it until a view
    sends it (the line as ``narration``, its rules as ``rules``)."""

    text: str
    rules: tuple[RuleInfo, ...] = ()


class Welcome(_Server, tag="welcome", kw_only=True):
    """The answer to ``hello``: who this connection is. A ``view`` follows."""

    table: str
    seat: int | None
    game: str
    title: str
    seats: list[SeatInfo]
    clock: float | None
    #: How the game's rules differ from the default, in words ("" for the default rules).
    variant: str = ""


class View(_Server, tag="view", kw_only=True):
    """What this connection's seat (or a spectator) may see now."""

    table: str
    #: The move number a move, undo or choice must answer.
    number: int
    #: Steps played so far (chance and joint moves count one each).
    ply: int
    seat: int | None
    #: The game's typed ``view(seat)``, or ``public_view()`` for a spectator (sent as the
    #: JSON object of its fields).
    observation: GameView | None
    #: The seat's own legal moves (empty unless it must or may act now).
    legal: list[LegalMove]
    #: Seats that must act now (at a simultaneous node: those that have not chosen).
    to_act: list[int]
    #: Seats that have chosen at the current simultaneous node (not what they chose).
    chosen: list[int]
    #: This seat's own secret choice at the current simultaneous node.
    your_choice: int | None = None
    #: What happened since this connection's last view, as this seat saw it.
    narration: list[str]
    #: The rules behind each line of ``narration``, in the same order (an empty list: a
    #: line with none, such as the server's own "took back").
    rules: list[list[RuleInfo]] = []
    seats: list[SeatInfo]
    #: Unix time by which each listed seat must act (tables with a clock).
    deadlines: dict[int, float]
    over: bool
    result: list[float] | None = None
    #: The game's drawing of this view as SVG, in the connection's language (tappable
    #: elements carry ``data-move``); None for a game without a board.
    board: str | None = None
    #: True when the server would accept this seat's ``undo`` now (its secret choice, or
    #: its own last move that nothing has followed and that revealed nothing).
    can_undo: bool = False
    #: At the end: the result in words (None before, and for clients without boards).
    finish: FinishInfo | None = None
    #: The rematch's table id, once somebody opened it.
    rematch: str | None = None


class Ack(_Server, tag="ack", kw_only=True):
    """A move, choice, undo or seat change was accepted and stored (views follow)."""

    ref: str
    number: int


class RematchReady(_Server, tag="rematch", kw_only=True):
    """The answer to ``rematch``: the new table and this connection's link to it (its
    seat's, with a new token; a spectator's link for a spectator)."""

    table: str
    link: str


class Error(_Server, tag="error", kw_only=True):
    """A message was refused; nothing changed. ``code`` is listed in docs/server.md;
    ``message`` says it for people, in the connection's language, seats by their names;
    ``detail`` says it for programmers (English)."""

    code: str
    message: str
    detail: str = ""
    #: With ``elsewhere`` only: the address of the server that plays the table (open the
    #: table's page there, or say hello there).
    where: str | msgspec.UnsetType = msgspec.UNSET


class Pong(_Server, tag="pong"):
    pass


ServerMessage = Welcome | View | Ack | RematchReady | Error | Pong

decoder = msgspec.json.Decoder(ClientMessage)


def _plain(value: object) -> object:
    """A game's words are ``str`` subclasses that remember their text's key
    (``rennbahn.core.i18n.Said``): they go out as the plain text they are."""
    if isinstance(value, str):
        return str(value)
    raise NotImplementedError(f"cannot encode {type(value).__name__}")


encoder = msgspec.json.Encoder(enc_hook=_plain)


def encode(message: ServerMessage) -> str:
    return encoder.encode(message).decode()


class SeatSpec(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """One seat of a new table: a display name, and a bot name for a bot seat."""

    name: str | None = None
    bot: str | None = None
    #: A bot seat gets a link too (a friend may take it later); a person's always does.
    invite: bool = False


class CreateTable(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The body of ``POST /api/tables``."""

    game: str
    seats: list[SeatSpec]
    #: Seconds a person has for each move; when they run out a stand-in bot plays the seat.
    clock: float | None = None
    #: List the table in the lobby while a person's seat is unclaimed.
    public: bool = False
    #: The bot that plays a person's seat whose clock ran out, until the person takes the
    #: seat back; None: the game's ``heuristic`` bot (see ``/api/games`` for the bots).
    standin: str | None = None


class JoinSeat(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The body of ``POST /api/tables/{id}/join``: take an unclaimed seat of a public table."""

    seat: int
    name: str | None = None


class MyTable(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A table this browser opened: its id, and the seat's token (None: watching)."""

    table: str
    token: str | None = None


class MyTables(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The body of ``POST /api/mine``: the tables a browser remembers (its lobby asks how
    each stands)."""

    tables: list[MyTable]


create_decoder = msgspec.json.Decoder(CreateTable)
mine_decoder = msgspec.json.Decoder(MyTables)
join_decoder = msgspec.json.Decoder(JoinSeat)
