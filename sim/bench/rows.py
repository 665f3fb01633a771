"""The measurements of ``make bench``, one function per section of its table."""

from __future__ import annotations

import contextlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from sim.bench import CALLED_RANDOM, REPS, SCALE, measure, scaled

# -- 1. engine throughput ----------
# games per repetition; search bots few (their figures are decisions/s), others 10,000
GAMES = {"random": 50_000, CALLED_RANDOM: 20_000, "mcts:iters=200": 12, "pimc:worlds=1": 2,
         "oracle": 2}  # fmt: skip
# the search bots' budget in this table (else defaults): pimc's decisions/s at one world is
# its worlds solved per second (a decision's worlds cost alike); a Trix game of pimc at its
# default 10 worlds, every seat, is a minute
SEARCHED = {"mcts": "mcts:iters=200", "pimc": "pimc:worlds=1"}
SOLVED = ("pimc:worlds=1", "oracle")  # a game of them is seconds: no repetitions beyond REPS


def engine_rows(spec, solved: bool = True) -> dict:
    """Self-play of every bot of the game: games, deals, card plays and decisions per
    second (``solved=False``: not the solver's bots, whose one game may take seconds)."""
    from sim.core.bots import load_bots, parse_spec
    from sim.core.loop_batch import play_batch

    columns = spec.part("columns")
    workloads = [("random", "random", True), (CALLED_RANDOM, "random", False)]
    for name in load_bots(spec.name):
        if name not in ("random", "neural"):  # neural: the research rows (shipped weights)
            text = SEARCHED.get(name, name)
            if solved or text not in SOLVED:
                workloads.append((text, text, True))
    rows = {}
    seating = [0] * spec.seats
    for label, text, native in workloads:
        lineup = [parse_spec(text, spec.name)]
        play_batch(spec, lineup, seating, 1, range(0), native=native)  # compile / load first
        n = scaled(GAMES.get(label, 10_000), 1 if label in SOLVED else 2)
        counter = iter(range(10**9))

        def run(lineup=lineup, n=n, counter=counter, native=native):
            start = next(counter) * n
            b = play_batch(spec, lineup, seating, 1, range(start, start + n), native=native)
            return lambda: {"games": n, "deals": int(b.deal_counts.sum()),
                            "card_plays": columns.card_plays(b.deals),
                            "decisions": b.actions}  # fmt: skip

        # short runs: more of them, so that the median is not one disturbed run
        rows[label] = measure(run, reps=REPS if label in SOLVED else 2 * REPS + 1)
    return rows


# -- 2. the plain-Python rules of the tests ----------
PYTHON_NOT_RUN = (
    "not run: `make bench` measures it (python -m tests.bench_python, from a source checkout: "
    "the plain-Python rules live in tests/)"
)


def python_engine_row(spec, measured: dict | None) -> dict | str:
    """The game's plain-Python rules (``tests/``), as ``tests/bench_python.py`` measured them
    into the file ``--python`` names (``measured``: its contents); an installed trixsim has
    no tests, and the shipped bench runs none."""
    return (measured or {}).get(spec.name, PYTHON_NOT_RUN)


# -- 3. OpenSpiel hearts ----------
def openspiel_rows() -> dict | str:
    """OpenSpiel's hearts, random play: driven from Python, and in its own C++ loop
    (:mod:`sim.bench.openspiel`); actions per second, alternated."""
    from sim.bench.openspiel import cpp_loop, python_loop

    try:
        python_loop(2), cpp_loop(2)  # loads pyspiel, warms up
    except ImportError as e:
        return str(e)
    sizes = {"python": scaled(4_000, 5), "cpp": scaled(40_000, 20)}
    runs: dict[str, list] = {"python": [], "cpp": []}
    for rep in range(REPS):
        for name, fn in (("python", python_loop), ("cpp", cpp_loop)):
            r = fn(sizes[name], seed=rep + 1)
            runs[name].append(r["actions"] / r["seconds"])
    return {name: {"actions": {"median": statistics.median(v), "min": min(v), "max": max(v)},
                   "hands": sizes[name]} for name, v in runs.items()}  # fmt: skip


# -- 4. end to end ----------
def _tree_rss(pid: int) -> int:
    import psutil

    try:
        proc = psutil.Process(pid)
        procs = [proc, *proc.children(recursive=True)]
    except psutil.Error:
        return 0
    total = 0
    for p in procs:
        with contextlib.suppress(psutil.Error):
            total += p.memory_info().rss
    return total


def tournament_row(spec, workers: int, games: int, tmp: Path) -> dict:
    """A real ``trixsim tournament`` run: games/s from its manifest, peak RSS of its tree."""
    out = tmp / f"t{workers}-{time.monotonic_ns()}"
    cmd = [sys.executable, "-m", "sim.cli", "tournament", "--game", spec.name, "--bots",
           "random", "--games", str(games), "--workers", str(workers), "--out", str(out),
           "-q"]  # fmt: skip
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    peak = 0
    while proc.poll() is None:
        peak = max(peak, _tree_rss(proc.pid))
        time.sleep(0.05)
    wall = time.perf_counter() - t
    if proc.returncode:
        raise RuntimeError(f"tournament failed: {proc.stderr.read()}")
    manifest = json.loads((out / "manifest.json").read_text())
    return {
        "games_per_second": manifest["games_per_second"],
        "seconds": manifest["seconds"],
        "startup_seconds": manifest.get("startup_seconds", 0.0),
        "wall_seconds": wall,
        "peak_rss_mb": peak / 2**20,
    }


def parquet_share(spec, games: int) -> float:
    """Share of a chunk's time spent building and writing its Parquet files."""
    from sim.core.bots import parse_spec
    from sim.core.loop_batch import play_batch
    from sim.run.parquet import deals_table, games_table, write_part

    lineup = [parse_spec("random", spec.name)]
    ids = np.arange(games)
    seatings = np.zeros((games, spec.seats), np.int8)
    play_batch(spec, lineup, seatings[:2], 1, ids[:2])  # compile / load first
    t0 = time.perf_counter()
    b = play_batch(spec, lineup, seatings, 1, ids)
    t1 = time.perf_counter()
    stats = tuple(spec.part("columns").STATISTICS)
    with tempfile.TemporaryDirectory() as d:
        args = (ids, ids, np.zeros(games, np.int8), seatings, ["random"])
        write_part(deals_table(spec, b.deals, b.deal_counts, *args), Path(d), 0, stats)
        write_part(games_table(spec, b.games, b.shares, *args), Path(d), 1, stats)
    t2 = time.perf_counter()
    return (t2 - t1) / (t2 - t0)


def end_to_end_rows(spec) -> dict:
    games = scaled(1_000_000, 240)
    reps = REPS  # 1M games: about 25 s with one worker, 14 s with two
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        one, two = [], []
        for _ in range(reps):  # interleaved: the machine's speed drifts
            one.append(tournament_row(spec, 1, games, tmp))
            two.append(tournament_row(spec, 2, games, tmp))

    def summarize(rows, key):
        vals = [r[key] for r in rows]
        return {"median": statistics.median(vals), "min": min(vals), "max": max(vals)}

    return {
        "games": games,
        "workers_1": summarize(one, "games_per_second"),
        "workers_2": summarize(two, "games_per_second"),
        "peak_rss_mb_1": summarize(one, "peak_rss_mb"),
        "peak_rss_mb_2": summarize(two, "peak_rss_mb"),
        "seconds_2": summarize(two, "seconds"),
        "wall_1": summarize(one, "wall_seconds"),
        "wall_2": summarize(two, "wall_seconds"),
        "startup_1": summarize(one, "startup_seconds"),
        "startup_2": summarize(two, "startup_seconds"),
        "parquet_share": parquet_share(spec, min(games, 20_000)),
    }


# -- 5. the solver ----------
def solver_positions(spec, n: int, seed: int = 1) -> list:
    """``n`` states at the first solvable decision of random deals (random legal actions
    through the checked game): where pimc's solves start."""
    import random

    api, solver = spec.part("api").GAME, spec.part("solver")
    rnd, out, g = random.Random(seed), [], 0
    while len(out) < n:
        game, seen = api.new(seed, g), -1
        g += 1
        while not game.over and len(out) < n:
            deal = len(game.deal_rows)
            if deal != seen and solver.solvable(game.state):
                out.append((game.state.copy(), game.to_act))
                seen = deal
            game.apply(rnd.choice(game.legal_actions()))
    return out


def solver_rows(spec) -> dict:
    """A full solve (``score`` with an empty table) from the first solvable decision of a
    deal: median and 95th percentile over random deals, in milliseconds."""
    solver = spec.part("solver")
    positions = solver_positions(spec, scaled(200, 5))
    state, seat = positions[0]
    solver.score(state.copy(), seat, np.zeros(solver.WORK_SIZE, np.int64))  # compile / load
    times = []
    for state, seat in positions:
        work = np.zeros(solver.WORK_SIZE, np.int64)
        s = state.copy()
        t = time.perf_counter()
        solver.score(s, seat, work)
        times.append(1000.0 * (time.perf_counter() - t))
    times.sort()
    return {"positions": len(times), "median_ms": statistics.median(times),
            "p95_ms": times[min(len(times) - 1, int(0.95 * len(times)))],
            "model": solver.MODEL}  # fmt: skip


# -- 6. strength ----------
def strength_rows(spec, lineups) -> dict:
    """Duplicate tournaments (``trixsim tournament``, two workers, seed 1), one per
    ``(bots, games)`` of the game's bench part: each bot's win share per seat-game with its
    95% interval over deal sets, and for two bots their paired difference."""
    from sim.report import summary

    rows = {}
    with tempfile.TemporaryDirectory() as d:
        for bots, games in lineups:
            out = Path(d) / f"s{len(rows)}"
            cmd = [sys.executable, "-m", "sim.cli", "tournament", "--game", spec.name, "--bots",
                   bots, "--games", str(scaled(games, 2)), "--workers", "2", "--seed", "1",
                   "--out", str(out), "-q"]  # fmt: skip
            t = time.perf_counter()
            res = subprocess.run(cmd, capture_output=True, text=True)
            if res.returncode:
                raise RuntimeError(f"tournament {bots} failed: {res.stderr.strip()[-500:]}")
            s = summary([out])
            rows[bots] = {"games": s["games"], "deal_sets": s["deal_sets"],
                          "seconds": time.perf_counter() - t, "bots": s["bots"],
                          "paired": s.get("paired"), "timing": s.get("timing", {}),
                          "command": " ".join(
                              ["trixsim", *cmd[3:-3]])}  # fmt: skip
    return rows


# -- 7. start-up ----------
def startup_rows(spec, cold: bool = True) -> dict:
    """Launch to the first finished game (``trixsim deal``), cold and warm numba cache
    (``cold=False``: warm only, the cold figure None)."""
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, NUMBA_CACHE_DIR=d)
        if cold:
            env.pop("TRIXSIM_NUMBA_CACHE_DIR", None)  # a fresh cache folder, not this process's
        times = [] if cold else [None]
        for _ in range(2 if cold else 1):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "sim.cli", "deal", "--game", spec.name,
                            "--seed", "1"], env=env, check=True, capture_output=True)  # fmt: skip
            times.append(time.perf_counter() - t)
    return {"cold_seconds": times[0], "warm_seconds": times[1]}


# -- the table ----------
def machine() -> dict:
    import numba

    cpu = platform.processor()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
        "numba": numba.__version__, "numpy": np.__version__,
        "date": datetime.now(UTC).isoformat(timespec="seconds"), "scale": SCALE,
    }  # fmt: skip
