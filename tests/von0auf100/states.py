"""State notation for Von 0 auf 100 tests, with the fields a test does not care about filled
in so that the reader accepts them: ``given`` (the squares each car was moved, spread over
the seats) and ``last`` (the can placed last) follow from the squares and the cans placed."""

from __future__ import annotations

from rennbahn.games.von0auf100.components import COLOURS, KIND_CODES, MOVE

SMALL = "." * 18
# The standard mix laid out: squares 1-36 (no oil stain on 1-5).
BIG = "2..1x.3.o4.5..x2.o..3.1x.o.4..5x.o.."
#: The most one seat can move one car in one round (one can a round, at most 10 squares).
PER_ROUND = 10


def kind(track: str, square: int) -> int:
    return KIND_CODES.index(track[square - 1]) if 0 < square <= len(track) else 0


def notation(
    *,
    players: int = 4,
    track: str = SMALL,
    deal: str = "RYGB",
    on: str = "-",
    pos: str = "0,0,0,0,0,0",
    fin: str = "-",
    race: int = 1,
    round: int | None = None,
    start: int | None = None,
    cans: int = 5,
    wd: int = 0,
    pend: int = 0,
    score: str | None = None,
    given: str | None = None,
    last: str | None = None,
    over: int = 0,
    past_card: bool = False,
) -> str:
    """State notation. ``round`` defaults to 1 while every car stands on the start, else to
    the first round after each seat held the tile once (so seat 0 has it again); ``start`` to
    the seat holding the tile in race 1 (I7); ``given`` and ``last`` to what the squares and
    cans say."""
    squares = [int(p) for p in pos.split(",")]
    if round is None:
        round = players + 1 if any(squares) else 1
    if start is None:
        start = (round - 1) % players if race == 1 else 0
    score = score or ",".join(["0"] * players)
    target = len(track) + (2 if past_card else 1)
    if given is None:
        given = _given(players, round, squares)
    if last is None:
        last = _last(players, track, target, start, on, squares, cans, round)
    return (
        f"race={race} round={round} start={start} cans={cans} wd={wd} pend={pend} "
        f"track={track} deal={deal} on={on} pos={pos} fin={fin} score={score} "
        f"given={given} last={last} over={over}"
    )


def _given(players: int, round: int, squares: list[int]) -> str:
    rows = [[0] * 6 for _ in range(players)]
    for car, square in enumerate(squares):
        left = square
        for row in rows:
            part = max(-PER_ROUND * round, min(PER_ROUND * round, left))
            row[car] = part
            left -= part
        if left:
            raise ValueError(f"car {COLOURS[car]} cannot reach {square} in round {round}")
    return "/".join(",".join(str(v) for v in row) for row in rows)


def _last(players: int, track: str, target: int, start: int, on: str,
          squares: list[int], cans: int, round: int) -> str:
    """The can placed last: the last of ``on``, or else the last can of the round before
    (``cans`` of them) on the first car that it can have moved."""
    if on != "-":
        can = len(on)
        seat = (start + can - 1) % players
        cars = [COLOURS.index(on[-1])]
    elif round > 1:
        can = 0
        cars = [c for c in range(6) if 0 < squares[c] <= target]
    else:
        return "-"
    for number in [can] if can else range(cans, 0, -1):
        for car in cars:
            to = squares[car]
            for here in range(target):
                there = here + MOVE[kind(track, here)][number]
                if there == to or (to == target and there >= target):
                    seat = (start + number - (1 if can else 2)) % players
                    return f"{seat}:{number}:{COLOURS[car]}:{here}:{there}"
    raise ValueError(f"no car of {pos_text(squares)} can have got can {can} last")


def pos_text(squares: list[int]) -> str:
    return ",".join(map(str, squares))
