"""The solvers' speed and compile time, old tree against new: a fixed, seeded set of
positions per game (Trix: per contract), each solved from an empty table, timed after a
warm-up, in processes that alternate between the two trees.

Not a test: a script for a change to the solvers (issue #46 item 4, the alpha-beta
template), which must keep their speed. Run it by path so that ``PYTHONPATH`` picks the
tree under test (it imports nothing of ``tests``)::

    python tests/bench_solvers.py --compare /work/main /work/solver-wt --rounds 5 --out FILE
    python tests/bench_solvers.py --compile /work/main /work/solver-wt

``--compare`` writes the positions once (``FILE.npz``), then runs one timing process per
tree and round, alternating, and prints per group the median and least thread CPU time of
each tree and their ratio new/old; the scores' checksums must agree. ``--compile`` times
each game's first solve (its import included) in a fresh numba cache folder.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

GAMES = ("euchre5", "five-hundred", "terts", "trix")
SIZES = {"euchre5": 3000, "five-hundred": 60, "terts": 2000, "trix": 10}  # ~0.2-1 s each
TRIX_KINDS = 7  # diamonds .. general, then the trix layout (contract 6)


def _positions(n_trix: int) -> dict:
    """Per group, (states, seats): the first solvable decision of random deals (the bench's
    solver_positions, seed 1), and for Trix every contract forced on deals 1000 + d."""
    from sim.bench.rows import solver_positions
    from sim.core.registry import get

    out = {}
    for game in GAMES:
        if game == "trix":
            continue
        found = solver_positions(get(game), SIZES[game], seed=1)
        out[game] = (np.array([s for s, _ in found]), np.array([p for _, p in found]))
    from sim.games.trix import rules
    from sim.games.trix import state as S
    from sim.games.trix.vocab import CONTRACT_NAMES

    for c in range(TRIX_KINDS):
        states, seats = [], []
        for d in range(n_trix * (30 if c == TRIX_KINDS - 1 else 1)):  # the layout is quick
            st = np.zeros(S.STATE_SIZE, np.int64)
            rules.new_game(st, np.uint64(1000 + d))
            rules.choose(st, np.int64(c))
            states.append(st)
            seats.append(int(st[S.TURN]))
        out[f"trix-{CONTRACT_NAMES[c]}"] = (np.array(states), np.array(seats))
    return out


def _solver(group: str):
    from sim.core.registry import get

    return get("trix" if group.startswith("trix") else group).part("solver")


def run(positions: Path, only: str = "") -> dict:
    """One timing pass: every group's positions (those starting ``only``) solved once after
    a warm-up solve."""
    data = np.load(positions)
    groups = sorted({k.rsplit("/", 1)[0] for k in data.files if k.startswith(only)})
    out = {}
    for g in groups:
        states, seats = data[f"{g}/states"], data[f"{g}/seats"]
        solver = _solver(g)
        work = np.zeros(solver.WORK_SIZE, np.int64)
        solver.score(states[0].copy(), int(seats[0]), work)  # compile or load
        cpu = wall = 0.0
        check = 0
        for st, seat in zip(states, seats, strict=True):
            work[:] = 0
            s = st.copy()
            t0, c0 = time.perf_counter(), time.thread_time()
            v = solver.score(s, seat, work)
            c1, t1 = time.thread_time(), time.perf_counter()
            cpu += c1 - c0
            wall += t1 - t0
            check = (check * 1_000_003 + int(v)) % (1 << 61)
        out[g] = {"cpu": cpu, "wall": wall, "check": check, "n": len(states)}
    return out


def compile_times(root: str) -> dict:
    """Each game's import and first solve in a fresh numba cache folder, in one process."""
    env = {k: v for k, v in os.environ.items() if k != "TRIXSIM_NUMBA_CACHE_DIR"}
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # nothing written into the trees
    out = {}
    with tempfile.TemporaryDirectory() as cache:
        for game in GAMES:
            env.update(PYTHONPATH=root, NUMBA_CACHE_DIR=cache)
            code = (
                "import time, numpy as np\n"
                "from sim.core.registry import get\n"
                "from sim.bench.rows import solver_positions\n"
                f"spec = get({game!r}); st, seat = solver_positions(spec, 1)[0]\n"
                "t = time.perf_counter(); solver = spec.part('solver')\n"
                "solver.score(st.copy(), seat, np.zeros(solver.WORK_SIZE, np.int64))\n"
                "print(time.perf_counter() - t)\n"
            )
            r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                               text=True, check=True)  # fmt: skip
            out[game] = float(r.stdout.split()[-1])
    return out


def compare(old: str, new: str, rounds: int, out: Path, n_trix: int, only: str) -> None:
    positions = out.with_suffix(".npz")
    if not positions.exists():
        _write_positions(positions, n_trix, old)
    runs = {"old": [], "new": []}
    env = {k: v for k, v in os.environ.items() if k != "TRIXSIM_NUMBA_CACHE_DIR"}
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # nothing written into the trees
    order = (("old", old), ("new", new))
    for r in range(rounds):
        for name, root in order if r % 2 == 0 else order[::-1]:  # each tree first in turn
            env["PYTHONPATH"] = root
            p = subprocess.run([sys.executable, __file__, "--run", str(positions), "--only", only],
                               env=env, capture_output=True, text=True, check=True)  # fmt: skip
            runs[name].append(json.loads(p.stdout.splitlines()[-1]))
            print(f"round {r + 1} {name} done", file=sys.stderr, flush=True)
    rows = []
    for g in runs["old"][0]:
        o = [x[g]["cpu"] for x in runs["old"]]
        n = [x[g]["cpu"] for x in runs["new"]]
        same = {x[g]["check"] for x in runs["old"] + runs["new"]}
        rows.append({"group": g, "positions": runs["old"][0][g]["n"],
                     "old_median": statistics.median(o), "old_min": min(o),
                     "new_median": statistics.median(n), "new_min": min(n),
                     "ratio_median": statistics.median(n) / statistics.median(o),
                     "ratio_min": min(n) / min(o), "same_values": len(same) == 1})  # fmt: skip
    out.write_text(json.dumps({"rounds": rounds, "rows": rows, "runs": runs}, indent=1))
    print(f"{'group':18} {'n':>4} {'old med':>9} {'old min':>9} {'new med':>9} {'new min':>9} "
          f"{'ratio med':>9} {'ratio min':>9} same")  # fmt: skip
    for x in rows:
        print(f"{x['group']:18} {x['positions']:4d} {x['old_median']:9.3f} {x['old_min']:9.3f} "
              f"{x['new_median']:9.3f} {x['new_min']:9.3f} {x['ratio_median']:9.3f} "
              f"{x['ratio_min']:9.3f} {x['same_values']}")  # fmt: skip


def _write_positions(path: Path, n_trix: int, root: str) -> None:
    env = {**os.environ, "PYTHONPATH": root, "PYTHONDONTWRITEBYTECODE": "1"}
    subprocess.run([sys.executable, __file__, "--make-positions", str(path), "--trix",
                    str(n_trix)], env=env, check=True)  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"))
    ap.add_argument("--compile", nargs="+", metavar="ROOT")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--trix", type=int, default=SIZES["trix"], help="deals per Trix contract")
    ap.add_argument("--out", type=Path, default=Path("bench_solvers.json"))
    ap.add_argument("--only", default="", help="the groups whose name starts so (trix, terts)")
    ap.add_argument("--run", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--make-positions", type=Path, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.make_positions:
        found = _positions(a.trix)
        np.savez(a.make_positions, **{f"{g}/{k}": v for g, (s, p) in found.items()
                                      for k, v in (("states", s), ("seats", p))})  # fmt: skip
    elif a.run:
        print(json.dumps(run(a.run, a.only)))
    elif a.compare:
        compare(*a.compare, a.rounds, a.out, a.trix, a.only)
    elif a.compile:
        for root in a.compile:
            print(root, json.dumps(compile_times(root)))
    else:
        ap.print_help()


if __name__ == "__main__":
    main()
