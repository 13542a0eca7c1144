"""Studies kept in SQLite (the standard library's sqlite3).

The lab keeps its own file, ``rennbahn-lab.sqlite3`` beside the server's
``rennbahn.sqlite3`` (the current folder unless told): a study writes thousands of rows
in long batches that should never hold the lock of the live server's database, the
server's store has migrations of its own (and may be PostgreSQL), and a lab file can be
copied, shared or deleted without touching anyone's games. The server only reads it, for
its page of reports.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import msgspec

from rennbahn.core.errors import RennbahnError
from rennbahn.lab.study import GameRow, Spec

#: The lab's file, beside the server's ``rennbahn.sqlite3``.
DEFAULT_STORE = "rennbahn-lab.sqlite3"
#: Most studies ``list`` shows (newest first).
LIST_LIMIT = 200

SCHEMA = """
CREATE TABLE IF NOT EXISTS studies (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, variants TEXT NOT NULL, lineups TEXT NOT NULL,
    seed INTEGER NOT NULL, created TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    study TEXT NOT NULL REFERENCES studies(id), variant INTEGER NOT NULL,
    idx INTEGER NOT NULL, row BLOB NOT NULL, PRIMARY KEY (study, variant, idx));
CREATE TABLE IF NOT EXISTS reports (
    study TEXT PRIMARY KEY REFERENCES studies(id), folder TEXT NOT NULL,
    files TEXT NOT NULL, written TEXT NOT NULL);
"""

_encode = msgspec.json.Encoder()
_decode = msgspec.json.Decoder(GameRow)


class UnknownStudyError(RennbahnError):
    """A study id the store does not hold."""


@dataclass(frozen=True)
class StudyInfo:
    """One study as ``rennbahn lab list`` shows it."""

    id: str
    spec: Spec
    created: str
    games: int


@dataclass(frozen=True)
class Report:
    """A report the lab wrote: its folder and the files in it (names only)."""

    study: str
    folder: Path
    files: tuple[str, ...]
    written: str


class LabStore:
    """The studies in one SQLite file; every write is one transaction."""

    def __init__(self, path: str | Path, *, read_only: bool = False) -> None:
        self.path = Path(path)
        if read_only:
            self.db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        else:
            self.db = sqlite3.connect(self.path)
            self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> LabStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self.db:
            yield self.db

    def add_study(self, spec: Spec) -> str:
        """Keep ``spec`` (once: the same spec is the same study) and return its id."""
        study = spec.study_id()
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO studies VALUES (?, ?, ?, ?, ?, ?)",
                       (study, spec.game, json.dumps(spec.variants), json.dumps(spec.lineups),
                        spec.seed, datetime.now(UTC).isoformat(timespec="seconds")))
        return study

    def add_games(self, study: str, rows: Iterable[GameRow]) -> None:
        with self._transaction() as db:
            db.executemany("INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?)",
                           ((study, r.variant, r.index, _encode.encode(r)) for r in rows))

    def info(self, study: str) -> StudyInfo:
        found = self.db.execute(
            "SELECT id, variants, lineups, seed, created FROM studies WHERE id = ?",
            (study,)).fetchone()
        if found is None:
            known = [row[0] for row in self.db.execute(
                "SELECT id FROM studies ORDER BY created DESC LIMIT 10")]
            raise UnknownStudyError(
                f"no study {study!r} in {self.path}; "
                + (f"studies there: {', '.join(known)} (rennbahn lab list)" if known
                   else "it holds no study yet (rennbahn lab compare or run makes one)"))
        spec = Spec(tuple(json.loads(found[1])), tuple(tuple(b) for b in json.loads(found[2])),
                    found[3])
        return StudyInfo(found[0], spec, found[4], self.games(study, len(spec.variants)))

    def games(self, study: str, variants: int) -> int:
        """The games every variant of the study has (0 to this number - 1)."""
        counts = dict(self.db.execute(
            "SELECT variant, COUNT(*) FROM games WHERE study = ? GROUP BY variant", (study,)))
        return min((counts.get(v, 0) for v in range(variants)), default=0)

    def rows(self, study: str, variant: int, limit: int | None = None) -> list[GameRow]:
        """Games 0 to ``limit - 1`` (or all) of one variant, in order."""
        query = "SELECT row FROM games WHERE study = ? AND variant = ? ORDER BY idx"
        args: tuple[object, ...] = (study, variant)
        if limit is not None:
            query += " LIMIT ?"
            args = (*args, limit)
        return [_decode.decode(blob) for (blob,) in self.db.execute(query, args)]

    def studies(self, limit: int = LIST_LIMIT) -> list[StudyInfo]:
        ids = [row[0] for row in self.db.execute(
            "SELECT id FROM studies ORDER BY created DESC, id LIMIT ?", (limit,))]
        return [self.info(study) for study in ids]

    def add_report(self, study: str, folder: Path, files: Iterable[str]) -> None:
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO reports VALUES (?, ?, ?, ?)",
                       (study, str(folder.resolve()), json.dumps(sorted(files)),
                        datetime.now(UTC).isoformat(timespec="seconds")))

    def report(self, study: str) -> Report | None:
        found = self.db.execute("SELECT study, folder, files, written FROM reports "
                                "WHERE study = ?", (study,)).fetchone()
        return None if found is None else _report(found)

    def reports(self, limit: int = LIST_LIMIT) -> list[Report]:
        return [_report(found) for found in self.db.execute(
            "SELECT study, folder, files, written FROM reports ORDER BY written DESC, study "
            "LIMIT ?", (limit,))]


def _report(found: tuple[str, str, str, str]) -> Report:
    return Report(found[0], Path(found[1]), tuple(json.loads(found[2])), found[3])
