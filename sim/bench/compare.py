"""Two versions of trixsim side by side: ``python -m sim.bench.compare OLD_CHECKOUT``.

Runs the bench (``python -m sim.bench``) of an older checkout (say ``git worktree
add /tmp/old v0.2.0``) and of this one alternately, ``--rounds`` times each (the
machine's speed drifts between minutes, so only figures of one run are
compared), then prints every figure both versions have, the median of each
and the ratio this / old. ``BENCH_SCALE`` applies to both. Each version uses
its own numba cache folder.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[2]


def run_bench(checkout: Path, out: Path) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("TRIXSIM_NUMBA_CACHE_DIR", "NUMBA_CACHE_DIR", "PYTHONPATH")}  # fmt: skip
    env.update(PYTHONPATH=str(checkout), BENCH_OUT=str(out))
    subprocess.run([sys.executable, "-m", "sim.bench"], cwd=checkout, env=env, check=True,
                   stdout=subprocess.DEVNULL)  # fmt: skip
    found = sorted(out.glob("bench*.json"))
    return json.loads(found[0].read_text())


def of_game(r: dict, game: str) -> dict:
    """One game's results: a bench of 0.3.0 on holds every game by name, 0.2.0's only Trix."""
    return r if "engine" in r else r[game]


def figures(r: dict) -> dict[str, float]:
    """The comparable numbers of one bench run, by name."""
    out = {}
    for bot, row in r["engine"].items():
        for key in ("games", "decisions"):
            out[f"engine {bot}: {key}/s"] = row[key]["median"]
    t = r["tournament"]
    if isinstance(t, str):  # a scaled run's other games: not measured
        return out
    out["1M random games, 1 worker: games/s"] = t["workers_1"]["median"]
    out["1M random games, 2 workers: games/s"] = t["workers_2"]["median"]
    out["peak RSS, 2 workers (MB)"] = t["peak_rss_mb_2"]["median"]
    if "wall_2" in t:
        out["1M random games, 2 workers: wall time (s)"] = t["wall_2"]["median"]
    out["Parquet share of a chunk"] = t["parquet_share"]
    out["start-up, cold (s)"] = r["startup"]["cold_seconds"]
    out["start-up, warm (s)"] = r["startup"]["warm_seconds"]
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m sim.bench.compare", description=__doc__)
    parser.add_argument("old", type=Path, help="the checkout of the older version")
    parser.add_argument("--rounds", type=int, default=2)
    from sim.core.registry import default_game

    parser.add_argument("--game", default=default_game(),
                        help=f"the game compared (default {default_game()})")  # fmt: skip
    args = parser.parse_args(argv)
    runs: dict[str, list[dict]] = {"old": [], "new": []}
    with tempfile.TemporaryDirectory() as d:
        for i in range(args.rounds):
            for name, checkout in (("old", args.old.resolve()), ("new", HERE)):
                print(f"bench_compare: round {i + 1}, {name} ({checkout}) …", file=sys.stderr,
                      flush=True)  # fmt: skip
                out = Path(d) / f"{name}{i}"
                out.mkdir()
                runs[name].append(figures(of_game(run_bench(checkout, out), args.game)))
    lines = [f"| figure | {args.old} | this checkout | this / old |", "|---|---|---|---|"]
    for key in runs["new"][0]:
        if key not in runs["old"][0]:
            continue
        old = statistics.median(r[key] for r in runs["old"])
        new = statistics.median(r[key] for r in runs["new"])
        lines.append(f"| {key} | {old:,.3g} | {new:,.3g} | {new / old:.3f} |")
    print(f"Medians of {args.rounds} alternated runs each (BENCH_SCALE="
          f"{os.environ.get('BENCH_SCALE', '1')}).\n")  # fmt: skip
    print("\n".join(lines))


if __name__ == "__main__":
    main()
