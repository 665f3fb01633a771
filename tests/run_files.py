"""Helpers the games' tournament tests share: run the CLI, read a run's tables, compare runs."""

import subprocess
import sys
from pathlib import Path

import pandas as pd
import pyarrow.dataset as ds


def trixsim(*args, **kw) -> subprocess.CompletedProcess:
    """``trixsim ARGS`` in a fresh interpreter, output captured as text."""
    return subprocess.run([sys.executable, "-m", "sim.cli", *args], capture_output=True,
                          text=True, **kw)  # fmt: skip


def table(folder: Path, name: str) -> pd.DataFrame:
    """A run's table in game (and deal) order, dictionary columns as plain objects."""
    df = ds.dataset(folder / f"{name}.parquet", format="parquet").to_table().to_pandas()
    keys = ["game", "deal_no"] if name == "deals" else ["game"]
    df = df.sort_values(keys).reset_index(drop=True)
    for col in df.columns:
        if isinstance(df[col].dtype, pd.CategoricalDtype):
            df[col] = df[col].astype(object)
    return df


def assert_same_parts(a: Path, b: Path, names=("games", "deals")) -> None:
    """Two runs wrote the same part files, byte for byte."""
    for name in names:
        parts = sorted(p.name for p in (a / f"{name}.parquet").iterdir())
        assert parts == sorted(p.name for p in (b / f"{name}.parquet").iterdir())
        for f in parts:
            assert (a / f"{name}.parquet" / f).read_bytes() == (
                b / f"{name}.parquet" / f
            ).read_bytes()
