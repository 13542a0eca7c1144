"""The deal before a race of Ausgebremst: the queue of private steps (deck choices, gear
stacks, draws) and how each step changes the position (I19-I24, I30).

The rules (``rules.py``) put the queue up when the cars are on the grid and hand every
queued step here; a step is a player's secret choice or a private chance draw.
"""

from __future__ import annotations

from rennbahn.games.ausgebremst.components import VALUES
from rennbahn.games.ausgebremst.constants import (
    CARD,
    DECK,
    EMPTY,
    GEARS,
    LAST_PICK,
    LAST_PUT,
    PICK,
    PUT,
    Q_DECK,
    Q_DRAW,
    Q_GEARS,
    Q_PICK,
    Q_PUT,
    Q_TAKE,
    STACKS,
    TAKE,
)
from rennbahn.games.ausgebremst.position import Position


def setup_queue(st: Position) -> list[tuple[int, int, int]]:
    """The steps before a race's first turn, in start order. Advanced game (I30): every
    player picks a deck and arranges the gear stacks, each step hidden from the others,
    and only "after all players have placed their race cards on their stack piles" does
    anyone draw, so no one learns from another's picks before arranging. The gears are
    given value by value, 1 to 6; with ``stack_order=chosen`` (I24) in the order the
    player deals the values (a step for any value still without a stack: value 0)."""
    g = st.g
    players = [car for car in st.order if not g.is_neutral(car)]
    queue: list[tuple[int, int, int]] = []
    if g.advanced:
        for car in players:
            queue.append((Q_DECK, car, 0))
            queue += [(Q_GEARS, car, 0 if g.chosen_stacks else v) for v in VALUES]
        for car in players:
            queue += [(Q_PICK, car, 0), (Q_DRAW, car, -1)] * g.hand_size
    else:
        for car in players:
            queue += [(Q_DRAW, car, -1)] * g.hand_size
    return queue


def apply_queued(st: Position, action: int) -> None:
    """The queue's first step, taken by ``action`` (a choice, or a chance draw)."""
    kind, car, stack = st.queue.pop(0)
    if kind == Q_DRAW:
        draw(st, car, stack, action - CARD + 1)
    elif kind == Q_DECK:
        choose_deck(st, car, action - DECK)
    elif kind == Q_GEARS:
        value, pile = divmod(action - GEARS, STACKS)
        arrange(st, car, value + 1, pile)
    elif kind == Q_PICK:
        st.queue[0] = (Q_DRAW, car, action - PICK)
        st.last = (st.race, car, LAST_PICK, action - PICK, 0)
    elif kind == Q_TAKE:
        value = action - TAKE + 1
        st.hand[car] = tuple(sorted((*st.hand[car], value)))
        rest = list(st.pitc[car])
        rest.remove(value)
        st.pitc[car] = tuple(rest)
        st.queue.insert(0, (Q_PUT, car, 0))
    else:  # Q_PUT: I22, the second pit card goes on top of a gear stack
        s = action - PUT
        tops = list(st.tops[car])
        tops[s] = (*tops[s], st.pitc[car][0])
        st.tops[car] = tuple(tops)
        st.pitc[car] = ()
        st.last = (st.race, car, LAST_PUT, s, 0)


def draw(st: Position, car: int, stack: int, value: int) -> None:
    """A card of ``value`` into the hand, from the deck (``stack`` -1) or a gear stack."""
    if stack < 0:
        counts = list(st.deck[car])
        counts[value] -= 1
        st.deck[car] = tuple(counts)
    else:
        stacks = list(st.stacks[car])
        counts = list(stacks[stack])
        counts[value] -= 1
        stacks[stack] = tuple(counts)
        st.stacks[car] = tuple(stacks)
    st.hand[car] = tuple(sorted((*st.hand[car], value)))


def choose_deck(st: Position, car: int, choice: int) -> None:
    """I19: the chosen deck less the pit-stop cards of the car's start row."""
    st.choice[car] = choice
    counts = list(st.g.choice_decks[choice])
    cards = st.g.races[st.race].pit_cards[st._row(car)]
    for v in cards:
        counts[v] -= 1
    st.deck[car] = tuple(counts)
    st.pitc[car] = tuple(sorted(cards))


def arrange(st: Position, car: int, value: int, stack: int) -> None:
    """The player puts every card of ``value`` on gear stack ``stack`` (I21), with
    ``stack_order=chosen`` on top of the values it dealt there before (I24); the stacks
    are made once all six values have one."""
    gears = list(st.gears[car])
    gears[value - 1] = stack
    st.gears[car] = tuple(gears)
    if st.g.chosen_stacks:
        st.dealt[car] = (*st.dealt[car], value)
    if min(gears) < 0:
        return
    stacks = [[0] * 7 for _ in range(STACKS)]
    for v in VALUES:
        stacks[gears[v - 1]][v] = st.deck[car][v]
    st.stacks[car] = tuple(tuple(s) for s in stacks)
    st.tops[car] = ((),) * STACKS
    st.deck[car] = EMPTY
