"""A study: one or more variants of a game, each played on the same seeds.

Game ``i`` of every variant is played with ``game_seed(seed, i)`` (common random numbers),
so two variants differ game by game only where their rules make them differ, and the
differences between them are measured on pairs of games.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass

import msgspec

from rennbahn.bots.factory import make_bot
from rennbahn.core.driver import play, win_shares
from rennbahn.core.errors import ParameterError
from rennbahn.core.protocol import CHANCE, JSON, State
from rennbahn.core.records import Step
from rennbahn.core.registry import RaceFacts, game_entry, load_game, load_game_for_seats
from rennbahn.sim.backends import Backend, bounded_map
from rennbahn.sim.runner import game_seed

#: Most games one study may hold (per variant), and most variants in one study.
MAX_GAMES = 1_000_000
MAX_VARIANTS = 8
#: Games handed to a worker at a time, and chunks in flight per worker.
CHUNK = 10
IN_FLIGHT_PER_WORKER = 4


class GameRow(msgspec.Struct, frozen=True):
    """What one game of a study records (one row of the store and of the Parquet file)."""

    variant: int
    index: int
    seed: int
    returns: list[float]
    wins: list[float]
    starts: list[int]
    places: list[int]
    ending: str
    decisions: int
    actions: int
    #: The seat ahead after each decision and at the end (-1: level), for lead changes,
    #: decisiveness and drama.
    leaders: list[int]
    #: The game's own per-seat figures (``stats.py``).
    stats: list[dict[str, JSON]]


@dataclass(frozen=True)
class Spec:
    """What a study plays: variants (canonical game strings), the bots of each variant's
    seats (its lineup) and a seed. Two variants may be one game with two lineups: what a
    way of playing is worth is measured so, on the same seeds."""

    variants: tuple[str, ...]
    lineups: tuple[tuple[str, ...], ...]
    seed: int

    @property
    def game(self) -> str:
        return load_game(self.variants[0]).NAME

    def study_id(self) -> str:
        """A short id that names the study by what it plays (the same spec, the same id)."""
        text = "|".join([*self.variants, *(",".join(bots) for bots in self.lineups),
                         str(self.seed)])
        return f"{self.game}-{hashlib.sha256(text.encode()).hexdigest()[:8]}"


def split_bots(text: str) -> list[str]:
    """Split ``a,b(x=1,y=2),c`` at the commas outside parentheses."""
    bots: list[str] = []
    depth, start = 0, 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            bots.append(text[start:i].strip())
            start = i + 1
    bots.append(text[start:].strip())
    if depth != 0 or not all(bots):
        raise ParameterError(f"--bots {text!r} is not a list of bots; give one bot for every "
                             "seat or one for all, e.g. heuristic or heuristic,random,random")
    return bots


def make_spec(variants: Sequence[str], bots: Sequence[str], seed: int) -> Spec:
    """Check the variants (one game, at most :data:`MAX_VARIANTS`, all with the same seats)
    and the bots, and return the study's spec.

    ``bots`` holds one ``--bots`` text for every variant, or one for all; one bot name in a
    text fills every seat. One variant with several ``--bots`` is that game with each
    lineup."""
    if not variants:
        raise ParameterError("name at least one variant, e.g. \"von0auf100(withdraw=each)\"")
    if not bots:
        bots = ["heuristic"]
    if len(variants) == 1 and len(bots) > 1:
        variants = list(variants) * len(bots)
    if len(bots) not in (1, len(variants)):
        raise ParameterError(f"give --bots once for all variants or once for each of the "
                             f"{len(variants)}, not {len(bots)} times")
    if len(variants) > MAX_VARIANTS:
        raise ParameterError(f"a study compares at most {MAX_VARIANTS} variants, "
                             f"not {len(variants)}")
    names = [split_bots(text) for text in (bots if len(bots) > 1 else list(bots) * len(variants))]
    loaded = []
    for text, lineup in zip(variants, names, strict=True):
        if len(lineup) > 1:
            loaded.append(load_game_for_seats(text, len(lineup), "named by --bots"))
        else:
            loaded.append(load_game(text))
    if len({g.NAME for g in loaded}) > 1:
        raise ParameterError("a study compares variants of one game; got "
                             + ", ".join(sorted({g.NAME for g in loaded})))
    if len({g.num_players() for g in loaded}) > 1:
        raise ParameterError("the variants of a study must have the same number of seats")
    players = loaded[0].num_players()
    lineups = tuple(tuple(lineup * players if len(lineup) == 1 else lineup)
                    for lineup in names)
    for name in {bot for lineup in lineups for bot in lineup}:
        make_bot(loaded[0], name)  # an unknown bot fails here, with what is allowed
    if game_entry(loaded[0].NAME).race is None:
        raise ParameterError(f"{loaded[0].NAME} does not tell the lab its race facts")
    canonical = tuple(str(g) for g in loaded)
    pairs = list(zip(canonical, lineups, strict=True))
    if len(set(pairs)) < len(pairs):
        raise ParameterError("the same variant is named twice with the same bots: "
                             + ", ".join(canonical))
    return Spec(canonical, lineups, seed)


def _facts(game_name: str) -> RaceFacts:
    part = game_entry(game_name).race
    assert part is not None  # make_spec refuses a game without them
    return part()


def play_traced(variant_string: str, variant: int, bots: Sequence[str], seed: int,
                index: int) -> GameRow:
    """Play game ``index`` of one variant (top level, so worker processes can run it)."""
    game = load_game(variant_string)
    facts = _facts(game.NAME)
    leaders: list[int] = []
    final: list[State] = []
    decisions = 0

    def on_step(state: State, step: Step) -> None:
        nonlocal decisions
        decisions += step.actor != CHANCE
        if step.actor != CHANCE or state.is_terminal():  # the last roll may decide it
            ahead = facts.leader(state)
            leaders.append(-1 if ahead is None else ahead)
        if state.is_terminal():
            final.append(state)

    game_bots = [make_bot(game, name) for name in bots]
    record = play(game, game_bots, game_seed(seed, index), seats=bots, on_step=on_step)
    end = final[-1]
    stats_part = game_entry(game.NAME).stats
    stats = stats_part()(end) if stats_part is not None else []
    return GameRow(
        variant=variant, index=index, seed=game_seed(seed, index),
        returns=list(record.returns), wins=win_shares(record.returns),
        starts=facts.starts(end), places=facts.places(end), ending=facts.ending(end),
        decisions=decisions, actions=sum(len(s.actions) for s in record.steps),
        leaders=leaders, stats=stats)


Job = tuple[str, int, tuple[str, ...], int, range]


def _play_chunk(job: Job) -> list[GameRow]:
    variant_string, variant, bots, seed, indices = job
    return [play_traced(variant_string, variant, bots, seed, i) for i in indices]


def jobs(spec: Spec, start: int, stop: int, chunk: int = CHUNK) -> Iterator[Job]:
    """The chunks of games ``start`` to ``stop - 1``, game by game through every variant,
    so a study stopped early holds the same games of each."""
    for first in range(start, stop, chunk):
        indices = range(first, min(first + chunk, stop))
        for variant, text in enumerate(spec.variants):
            yield text, variant, spec.lineups[variant], spec.seed, indices


def run(spec: Spec, start: int, stop: int, executor: Executor | None = None,
        workers: int = 1, backend: Backend | None = None) -> Iterator[GameRow]:
    """Play games ``start`` to ``stop - 1`` of every variant, in order.

    On ``backend`` (``sim``'s: the process pool or Ray, ``rennbahn lab --backend``), else on
    ``executor`` (any ``concurrent.futures`` executor); without either, ``workers`` > 1
    starts a process pool and 1 plays here."""
    work: Iterable[Job] = jobs(spec, start, stop)
    if backend is not None:
        for rows in backend.map(_play_chunk, work):
            yield from rows
        return
    if executor is not None:
        for rows in bounded_map(executor, _play_chunk, work, IN_FLIGHT_PER_WORKER * workers):
            yield from rows
        return
    if workers <= 1:
        for job in work:
            yield from _play_chunk(job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from run(spec, start, stop, pool, workers)
