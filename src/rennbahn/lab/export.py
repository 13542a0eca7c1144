"""A study as a Parquet file, one row per game and variant (for pandas, polars, DuckDB).

pyarrow comes with the ``lab`` extra and is imported here only.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from rennbahn.core.errors import MissingExtraError
from rennbahn.lab.study import GameRow

#: Rows written to the file at a time.
BATCH = 5000


def write_parquet(path: Path, study: str, labels: Sequence[str],
                  variants: Sequence[Sequence[GameRow]]) -> int:
    """Write every game of every variant to ``path``; the number of rows.

    Columns: study, variant (its number and its label in words), index, seed, per-seat
    lists (returns, wins, starts, places), ending, decisions, actions, leaders, and the
    game's own figures as JSON text (their keys differ from game to game)."""
    try:
        import pyarrow as pa  # type: ignore[import-untyped]
        import pyarrow.parquet as pq  # type: ignore[import-untyped]
    except ImportError as error:
        raise MissingExtraError(
            "Parquet export needs pyarrow: pip install 'rennbahn[lab]'") from error
    schema = pa.schema([
        ("study", pa.string()), ("variant", pa.int32()), ("variant_label", pa.string()),
        ("index", pa.int64()), ("seed", pa.int64()),
        ("returns", pa.list_(pa.float64())), ("wins", pa.list_(pa.float64())),
        ("starts", pa.list_(pa.int32())), ("places", pa.list_(pa.int32())),
        ("ending", pa.string()), ("decisions", pa.int32()), ("actions", pa.int32()),
        ("leaders", pa.list_(pa.int8())), ("stats", pa.string()),
    ])
    written = 0
    temporary = path.with_name(f".{path.name}.tmp")
    with pq.ParquetWriter(temporary, schema) as writer:
        for number, rows in enumerate(variants):
            for first in range(0, len(rows), BATCH):
                batch = rows[first:first + BATCH]
                columns = {
                    "study": [study] * len(batch), "variant": [number] * len(batch),
                    "variant_label": [labels[number]] * len(batch),
                    "index": [r.index for r in batch], "seed": [r.seed for r in batch],
                    "returns": [r.returns for r in batch], "wins": [r.wins for r in batch],
                    "starts": [r.starts for r in batch], "places": [r.places for r in batch],
                    "ending": [r.ending for r in batch],
                    "decisions": [r.decisions for r in batch],
                    "actions": [r.actions for r in batch],
                    "leaders": [r.leaders for r in batch],
                    "stats": [json.dumps(r.stats) for r in batch],
                }
                writer.write_table(pa.table(columns, schema=schema))
                written += len(batch)
    temporary.replace(path)
    return written
