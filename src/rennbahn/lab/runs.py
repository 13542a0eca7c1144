"""Running, summarising and drawing stored studies: what the ``rennbahn lab`` commands do,
with the store, the games and the report joined up."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from concurrent.futures import Executor
from datetime import UTC, datetime
from pathlib import Path

from rennbahn.core.errors import ParameterError
from rennbahn.core.registry import game_entry
from rennbahn.lab.metrics import Summary, summarise
from rennbahn.lab.store import LabStore, StudyInfo
from rennbahn.lab.study import MAX_GAMES, Spec, run
from rennbahn.lab.words import bots_in_words, title, variant_labels
from rennbahn.sim.backends import Backend

#: Games written to the store in one transaction.
BATCH = 50


def extend(store: LabStore, spec: Spec, games: int, *, workers: int = 1,
           executor: Executor | None = None, backend: Backend | None = None,
           progress: Callable[[int], None] | None = None) -> StudyInfo:
    """Play the study up to ``games`` games per variant (the games it has stay as they
    are; the next ones continue on the same seeds) and keep them in ``store``."""
    if not 1 <= games <= MAX_GAMES:
        raise ParameterError(f"a study has 1 to {MAX_GAMES} games per variant, not {games}")
    study = store.add_study(spec)
    have = store.games(study, len(spec.variants))
    batch = []
    for row in run(spec, have, games, executor=executor, workers=workers, backend=backend):
        batch.append(row)
        if len(batch) >= BATCH * len(spec.variants):
            store.add_games(study, batch)
            if progress is not None:
                progress(len(batch))
            batch = []
    store.add_games(study, batch)
    if progress is not None and batch:
        progress(len(batch))
    return store.info(study)


def summary_of(store: LabStore, info: StudyInfo) -> Summary:
    """The figures and differences of a stored study, over the games every variant has."""
    spec = info.spec
    facts = game_entry(spec.game).race
    assert facts is not None
    race = facts()
    rows = [store.rows(info.id, v, info.games) for v in range(len(spec.variants))]
    if not info.games:
        raise ParameterError(f"study {info.id} has no games yet (rennbahn lab more "
                             f"{info.id} N plays some)")
    return summarise(variant_labels(spec.variants, spec.lineups), rows, spec.lineups,
                     race.endings, race.place_unit, spec.seed, race.start_unit)


def command(info: StudyInfo) -> str:
    """The command that plays the study again (the same games, from the same seeds)."""
    spec = info.spec
    words = ["rennbahn", "lab", "compare" if len(spec.variants) > 1 else "run"]
    variants = list(spec.variants[:1] if len(set(spec.variants)) == 1 else spec.variants)
    lineups = [lineup[0] if len(set(lineup)) == 1 else ",".join(lineup)
               for lineup in spec.lineups]
    words += [*variants, "--games", str(info.games)]
    for bots in lineups if len(set(lineups)) > 1 else lineups[:1]:
        words += ["--bots", bots]
    words += ["--seed", str(spec.seed)]
    return " ".join(shlex.quote(w) for w in words)


def render(store: LabStore, info: StudyInfo, out: Path) -> list[str]:
    """Draw the study's report into ``out`` and note it in the store; the files written."""
    from rennbahn.lab.report import COLOURS, write_report

    summary = summary_of(store, info)
    labels = [v.variant for v in summary.variants]
    heading = " vs ".join(labels) if len(labels) > 1 else labels[0]
    page = {
        "title": title(info.spec.variants[0]), "heading": heading, "study": info.id,
        "games": info.games, "seed": info.spec.seed, "bots": bots_in_words(info.spec.lineups),
        "written": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "command": command(info), "colours": COLOURS,
    }
    by_start = any(list(v.by_start) != list(range(1, v.seats + 1))
                   for v in summary.variants)
    files = write_report(out, summary, page, by_start)
    store.add_report(info.id, out, files)
    return files
