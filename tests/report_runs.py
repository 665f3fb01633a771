"""Runs the report tests share: hand-built ones (a run's files written from a few rows) and
three small real Trix tournaments, with readers of their rows; and the CLI in this process."""

import json
import os
import signal
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tests.run_files import in_process, trixsim  # noqa: F401  (trixsim: for the report tests)

ROOT = Path(__file__).resolve().parent.parent


def cli(*args) -> tuple[int, str, str]:
    """Run ``trixsim ARGS`` in this process (fast): exit code, stdout, stderr."""
    res = in_process([str(a) for a in args], None)
    return res.returncode, res.stdout, res.stderr


def _dict(values: list[str]) -> pa.DictionaryArray:
    return pa.array(values, pa.string()).dictionary_encode()


def write_run(folder: Path, games: list[dict], contracts: list[dict], *, bots, seed=1,
              status="complete", version="0.1.0") -> Path:  # fmt: skip
    """A run folder with the columns the report reads, from plain rows."""
    (folder / "games.parquet").mkdir(parents=True)
    (folder / "contracts.parquet").mkdir()
    seats = range(4)
    g = {
        "game": pa.array([x["game"] for x in games], pa.int32()),
        "deal_set": pa.array([x["deal_set"] for x in games], pa.int32()),
        **{f"bot_{p}": _dict([x["bots"][p] for x in games]) for p in seats},
        "contracts": pa.array([x.get("contracts", 1) for x in games], pa.int8()),
        "end": _dict([x.get("end", "28-contracts") for x in games]),
        **{f"total_{p}": pa.array([x["totals"][p] for x in games], pa.int16()) for p in seats},
        **{f"rank_{p}": pa.array([x["ranks"][p] for x in games], pa.int8()) for p in seats},
        **{f"win_share_{p}": pa.array([float(x["shares"][p]) for x in games]) for p in seats},
    }
    trix = [x["contract"] == "trix" for x in contracts]
    c = {
        "game": pa.array([x["game"] for x in contracts], pa.int32()),
        "contract_no": pa.array([x["contract_no"] for x in contracts], pa.int8()),
        "chooser": pa.array([x.get("chooser", 0) for x in contracts], pa.int8()),
        "choice": pa.array([x.get("choice", 1) for x in contracts], pa.int8()),
        "contract": _dict([x["contract"] for x in contracts]),
        "forced_trix": pa.array([x.get("forced", False) for x in contracts]),
        "chooser_jacks": pa.array([x.get("jacks", 1) for x in contracts], pa.int8()),
        "chooser_aces": pa.array([x.get("aces", 0) for x in contracts], pa.int8()),
        "zeroed": pa.array([x.get("zeroed", False) for x in contracts]),
        **{f"points_{p}": pa.array([x["points"][p] for x in contracts], pa.int16())
           for p in seats},
        **{f"trix_{w}_{k}": pa.array([x.get(f"{w}_{k}", 30) if t else None
                                      for x, t in zip(contracts, trix, strict=True)], pa.int16())
           for w in ("first", "second") for k in ("turns", "passes")},
    }  # fmt: skip
    pq.write_table(pa.table(g), folder / "games.parquet" / "part-000000.parquet")
    pq.write_table(pa.table(c), folder / "contracts.parquet" / "part-000000.parquet")
    plan = {"bots": bots, "seed": seed, "games": len(games), "chunk": len(games),
            "duplicate": True, "seatings": [[0, 1, 0, 1]]}  # fmt: skip
    manifest = {"tool": "trixsim tournament", "version": version, "plan": plan, "seed": seed,
                "status": status, "seconds": 1.0, "games_planned": len(games)}  # fmt: skip
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return folder


def small_runs(tmp_path_factory) -> dict:
    """Three small runs, played in this process (one numba start instead of three)."""
    from sim.games.trix import SPEC
    from sim.run.local import run
    from sim.run.plan import Plan
    from sim.run.store import prepare

    root = tmp_path_factory.mktemp("report")
    plans = {"a": (["random", "greedy"], 1, 480), "b": (["random", "greedy"], 2, 240),
             "solo": (["random"], 3, 120)}  # fmt: skip
    for name, (bots, seed, games) in plans.items():
        plan = Plan.make(SPEC, bots, seed, games, 120, True)
        manifest = prepare(root / name, plan, ["trixsim", "tournament"], resume=False)
        assert run(plan, root / name, 1, manifest, progress=False)["status"] == "complete"
    return {name: root / name for name in plans}


def read(run: Path, name: str) -> pd.DataFrame:
    df = pd.read_parquet(run / f"{name}.parquet")
    for col in df.columns:
        if isinstance(df[col].dtype, pd.CategoricalDtype):
            df[col] = df[col].astype(str)
    return df


def seat_rows(games: pd.DataFrame) -> pd.DataFrame:
    return pd.concat(
        [pd.DataFrame({"game": games["game"], "deal_set": games["deal_set"], "seat": p,
                       "bot": games[f"bot_{p}"], "win": games[f"win_share_{p}"],
                       "total": games[f"total_{p}"], "rank": games[f"rank_{p}"],
                       "last": games[f"total_{p}"] == games[[f"total_{q}" for q in range(4)]]
                       .max(axis=1)}) for p in range(4)],
        ignore_index=True,
    )  # fmt: skip


def execute_notebook(name: str, run: Path, monkeypatch) -> tuple[str, int]:
    """Run ``examples/<name>`` top to bottom on ``run``: what it printed, and its images."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    pytest.importorskip("duckdb")
    monkeypatch.setenv("TRIXSIM_RUN", str(run))
    monkeypatch.delenv("MPLBACKEND", raising=False)  # the kernel's inline backend draws
    path = ROOT / "examples" / name
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=120, kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )  # fmt: skip
    # nbclient's asyncio loop removes its Ctrl-C handler by setting Python's default, whatever
    # was there before (an ignored SIGINT, in a suite run as a background job)
    ctrl_c = signal.getsignal(signal.SIGINT)
    try:
        client.execute(env=dict(os.environ))
    finally:
        signal.signal(signal.SIGINT, ctrl_c)
    printed = "".join(
        o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs
    )
    images = [o for c in nb.cells for o in c.get("outputs", []) if "image/png" in o.get("data", {})]
    return printed, len(images)
