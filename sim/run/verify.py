"""What a part file must be: its size and checksum as written, recorded in the manifest.

A chunk's two part files are written under a hidden name and renamed into
place; the writer returns each file's size and BLAKE2b digest, and the run
records them in the manifest (``parts``). ``--resume`` checks every part file
against its record and plays again the chunks whose files are missing or
damaged; a part written after the manifest's last save (the run was killed
in the next two seconds) has no record yet and is checked by reading it: a
Parquet file whose ``game`` column holds exactly the chunk's games.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np

BLOCK = 1 << 20


def fingerprint(data: bytes) -> dict:
    """The record of a part file's bytes."""
    return {"size": len(data), "blake2b": hashlib.blake2b(data, digest_size=16).hexdigest()}


def file_fingerprint(path: Path) -> dict:
    h = hashlib.blake2b(digest_size=16)
    size = 0
    with open(path, "rb") as f:
        while block := f.read(BLOCK):
            h.update(block)
            size += len(block)
    return {"size": size, "blake2b": h.hexdigest()}


def damaged(path: Path, record: dict | None, games: np.ndarray) -> str | None:
    """Why the part file at ``path`` cannot be trusted, or None when it can.

    ``record``: its fingerprint from the manifest, if the manifest has one;
    ``games``: the game ids the chunk holds.
    """
    if not path.is_file():
        return "missing"
    if record is not None:
        if not isinstance(record, dict) or set(record) != {"size", "blake2b"}:
            return "its record in the manifest is damaged"
        if path.stat().st_size != record["size"]:
            return f"{path.stat().st_size} bytes instead of {record['size']}"
        return None if file_fingerprint(path) == record else "its checksum differs"
    import pyarrow as pa
    import pyarrow.parquet as pq

    from sim.report.data import numpy_of

    try:
        with pq.ParquetFile(path) as f:  # not pq.read_table: its datasets load pandas
            ids = numpy_of(f.read(columns=["game"]).column("game"))
    except (OSError, ValueError, KeyError, pa.ArrowException) as e:
        return f"not a readable Parquet file ({str(e).splitlines()[0] if str(e) else e})"
    if len(ids) == 0 or not np.isin(games, ids).all() or not np.isin(ids, games).all():
        return "it does not hold this chunk's games"
    return None
