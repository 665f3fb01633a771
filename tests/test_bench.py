"""The bench script runs at a tiny scale and writes well-formed results with every row."""

import json
import os
import subprocess
import sys
from pathlib import Path


def test_bench_smoke(tmp_path):
    env = dict(os.environ, BENCH_SCALE="0.002", BENCH_OUT=str(tmp_path))
    root = Path(__file__).resolve().parent.parent
    res = subprocess.run([sys.executable, "-m", "sim.bench"], env=env, cwd=root,
                         capture_output=True, text=True, timeout=600)  # fmt: skip
    assert res.returncode == 0, res.stderr[-2000:]
    data = json.loads((tmp_path / "bench-trix.json").read_text())
    assert set(data["engine"]) == {"random", "random, called as a bot", "greedy", "mcts:iters=200"}
    for row in data["engine"].values():
        assert row["games"]["median"] > 0 and row["card_plays"]["median"] > 0
    assert data["python"]["actions"]["median"] > 0
    assert isinstance(data["openspiel"], dict | str)  # measured, or why not
    assert data["tournament"]["workers_2"]["median"] > 0
    assert 0 < data["tournament"]["parquet_share"] < 1
    assert data["startup"]["cold_seconds"] > 0
    targets = {t["target"] for t in data["targets"]}
    assert any("OpenSpiel" in t for t in targets) and any("workers" in t for t in targets)
    md = (tmp_path / "bench-trix.md").read_text()
    assert "## Targets" in md and "| 2 |" in md
