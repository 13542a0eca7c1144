"""What one seat of Ausgebremst sees (:class:`AusgebremstView`) and what everyone sees
(:class:`BoardView`, the spectators' view): typed, so that the narration, the board, the
terminal drawing, the bot and the encoder read checked fields.

The fields are declared in the order the JSON observation has always had its keys; a key
that only some views hold is a field that is ``UNSET`` (and left out of the JSON) elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from rennbahn.core.views import UNSET, UnsetType, View
from rennbahn.games.ausgebremst.components import DECK_CHOICES
from rennbahn.games.ausgebremst.constants import CARS, FINISHED, LAST_TURN, RACING, gears_digits
from rennbahn.games.ausgebremst.position import Position
from rennbahn.games.ausgebremst.tracks import LAPS


class Car(View, frozen=True, kw_only=True):
    """One of the six cars as everyone sees it."""

    car: str  # P0... a player's car, N1... a neutral car
    seat: int | None
    place: int  # in the start order, from 1
    space: str  # "fin" once finished
    on_board: bool
    lap: int
    crossings: int
    pit_stop: bool
    status: str  # racing, finished, out
    finish_place: int | None
    cards: int
    points_left: int
    played: list[int]  # counts of values 1-6
    shown: list[int] | None  # the hand shown on a pass
    pit_cards: list[int]
    to_finish: int


class Waiting(View, frozen=True, kw_only=True):
    """The step the game waits for (a draw, a deck, gears, a stack, a pit card)."""

    step: str
    car: str


class LastAct(View, frozen=True, kw_only=True):
    """The last public act: a turn (its card, 0 for a pass, and where it ended) or a gear
    stack picked or given the second pit card."""

    race: int
    car: str
    act: str  # turn, stack, put
    card: int | UnsetType = UNSET
    to: str | UnsetType = UNSET
    stack: int | UnsetType = UNSET


class RaceResult(View, frozen=True, kw_only=True):
    """One finished race in the bookkeeper's table (per car, points per seat)."""

    places: list[int]
    points: list[int]
    pit_stops: list[bool]


class Own(View, frozen=True, kw_only=True):
    """The seat's own cards: hand, deck, and in the advanced game its choice and stacks
    (with ``stack_order=chosen`` also the order it dealt the values in, I24)."""

    hand: list[int]
    deck: list[int]
    choice: str | UnsetType | None = UNSET
    gears: str | UnsetType = UNSET
    stacks: list[list[int]] | UnsetType = UNSET
    stack_tops: list[list[int]] | UnsetType = UNSET
    dealt: str | UnsetType = UNSET  # the values in the order dealt, e.g. "316452"

    def stack_values(self, stack: int) -> list[int]:
        """The values lying on gear stack ``stack`` (0-3), the top first as far as the seat
        knows it: in the order it dealt them, the last dealt on top (``stack_order=chosen``),
        else from the lowest (the order of a sorted stack, I24)."""
        stacks = self.stacks if isinstance(self.stacks, list) else []
        counts = stacks[stack] if stack < len(stacks) else []
        order = [int(ch) for ch in reversed(self.dealt)] if isinstance(self.dealt, str) \
            else range(1, len(counts) + 1)
        return [v for v in order if counts[v - 1]]

    def next_known(self, stack: int, sorted_stacks: bool) -> int | None:
        """The card the seat draws next from gear stack ``stack`` when it knows it: a pit
        card put on top (I22), else the top of a sorted stack (``sorted_stacks``) or of one
        laid in the order of its choice; None when the order is unknown or it is empty."""
        tops = self.stack_tops if isinstance(self.stack_tops, list) else []
        if stack < len(tops) and tops[stack]:
            return tops[stack][-1]
        if not sorted_stacks and not isinstance(self.dealt, str):
            return None
        values = self.stack_values(stack)
        return values[0] if values else None


class BoardView(View, frozen=True, kw_only=True):
    """What every seat sees (I26); ``seat`` is UNSET for a spectator."""

    seat: int | UnsetType = UNSET
    mode: str
    race: int
    races: list[str]
    track: str
    direction: str
    to_move: int
    turn: str
    waiting: Waiting | None
    lineup_due: bool
    leaders: list[str]
    finish: list[str]
    idle: int
    last: LastAct | None
    cars: list[Car]
    table: list[RaceResult]
    totals: list[float]


class AusgebremstView(BoardView, frozen=True, kw_only=True):
    """What one seat sees: the board and its own cards."""

    me: Own

    @property
    def own_seat(self) -> int:
        """The seat (always set in a seat's view)."""
        assert isinstance(self.seat, int)
        return self.seat


class Seen(Position, Protocol):
    """A position with what its views tell besides its fields (``AusgebremstState``)."""

    def _current_player(self) -> int: ...

    def leaders(self) -> list[int]: ...

    def race_points(self, places: Sequence[int]) -> list[int]: ...

    def returns(self) -> list[float]: ...


# -- building the views from a position (the rules' ``_view`` and ``_public_view``) ---------
def seat_view(st: Seen, player: int) -> AusgebremstView:
    """What ``player`` sees: the board and the seat's own cards."""
    g = st.g
    me = Own(hand=list(st.hand[player]), deck=list(st.deck[player][1:]))
    if g.advanced:
        choice = st.choice[player]
        me = Own(hand=me.hand, deck=me.deck,
                 choice=DECK_CHOICES[choice] if choice >= 0 else None,
                 gears=gears_digits(st.gears[player]),
                 stacks=[list(s[1:]) for s in st.stacks[player]],
                 stack_tops=[list(t) for t in st.tops[player]],
                 dealt="".join(map(str, st.dealt[player])) if g.chosen_stacks else UNSET)
    return AusgebremstView(seat=player, **_board(st, player), me=me)

def public_view(st: Seen) -> BoardView:
    """What every seat sees (I26): no hand, no deck choice, arrangement or kept pit card."""
    return BoardView(**_board(st, -1))

def _board(st: Seen, player: int) -> dict[str, Any]:
    """The board as ``player`` sees it (-1: a spectator), without the seat's own cards:
    the fields of :class:`BoardView`."""
    g = st.g
    waiting = None
    if st.queue:
        waiting = Waiting(step=("draw", "deck", "gears", "stack", "take", "put")[
            st.queue[0][0]], car=g.car_name(st.queue[0][1]))
    return {
        "mode": "advanced" if g.advanced else "family",
        "race": st.race + 1,
        "races": [r.name for r in g.races],
        "track": st.track.name,
        "direction": st.track.direction,
        "to_move": st._current_player(),
        "turn": g.car_name(st.order[st.turn]),
        "waiting": waiting,
        "lineup_due": st.lineup_due,
        "leaders": [g.car_name(c) for c in st.leaders()],
        "finish": [g.car_name(c) for c in st.finish],
        "idle": st.idle,
        "last": _last_view(st),
        "cars": [_car_view(st, car, player) for car in range(CARS)],
        "table": [RaceResult(places=list(places), points=st.race_points(places),
                             pit_stops=list(pits)) for places, pits in st.table],
        "totals": st.returns(),
    }

def _car_view(st: Seen, car: int, player: int) -> Car:
    g, track = st.g, st.track
    shown = st.shown[car]
    pit_cards, left = st._public_pit_cards(car, player)
    finished = st.status[car] == FINISHED
    return Car(
        car=g.car_name(car),
        seat=None if g.is_neutral(car) else car,
        place=st.order.index(car) + 1,
        space=track.names[st.pos[car]] if not finished else "fin",
        on_board=st.status[car] == RACING,
        lap=min(max(st.cross[car], 1), LAPS),
        crossings=st.cross[car],
        pit_stop=st.pitted[car],
        status=("racing", "finished", "out")[st.status[car]],
        finish_place=st.finish.index(car) + 1 if car in st.finish else None,
        cards=len(st.hand[car]),
        points_left=left,
        played=list(st.played[car][1:]),
        shown=None if shown is None else list(shown),
        pit_cards=pit_cards,
        to_finish=0 if finished else track.remaining(st.pos[car], st.cross[car]),
    )

def _last_view(st: Seen) -> LastAct | None:
    """The last public act, as the narration tells it (None before the first)."""
    if st.last is None:
        return None
    race, car, kind, value, where = st.last
    name, act = st.g.car_name(car), ("turn", "stack", "put")[kind]
    if kind == LAST_TURN:
        to = "fin" if where < 0 else st.g.tracks[race].names[where]
        return LastAct(race=race + 1, car=name, act=act, card=value, to=to)
    return LastAct(race=race + 1, car=name, act=act, stack=value + 1)


__all__ = ["AusgebremstView", "BoardView", "Car", "LastAct", "Own", "RaceResult", "Seen",
           "Waiting", "public_view", "seat_view"]
