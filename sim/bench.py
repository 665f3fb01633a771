"""``make bench``: how fast trixsim plays a game, beside its alternatives, in one run.

``python -m sim.bench [--game NAME]`` (default trix). Every figure is the median
of several repetitions (with min–max) measured in this run on this machine, and
every comparison is a ratio between figures of the same run, so the table stays
meaningful on a noisy machine. ``BENCH_SCALE``
(default 1) scales every workload; ``BENCH_OUT`` (default ``results``, and
``results/scaled`` for a scaled run) is where ``bench-<game>.json`` and
``bench-<game>.md`` go.
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

SCALE = float(os.environ.get("BENCH_SCALE", "1"))
REPS = 3 if SCALE >= 0.1 else 1
CALLED_RANDOM = "random, called as a bot"


def scaled(n: int, least: int = 1) -> int:
    return max(least, int(n * SCALE))


def measure(fn, reps: int = REPS) -> dict:
    """Run ``fn`` ``reps`` times; rates are per second.

    ``fn`` returns a dict of counts, or a function giving it, called once the clock
    has stopped (counting card plays is not the engine's time).
    """
    runs = []
    for _ in range(reps):
        t = time.perf_counter()
        counts = fn()
        dt = time.perf_counter() - t
        runs.append((dt, counts() if callable(counts) else counts))
    out = {}
    for key in runs[0][1]:
        rates = [c[key] / dt for dt, c in runs]
        out[key] = {"median": statistics.median(rates), "min": min(rates), "max": max(rates)}
    out["seconds"] = statistics.median(dt for dt, _ in runs)
    return out


# -- 1. engine throughput ----------
GAMES = {"random": 50_000, CALLED_RANDOM: 20_000, "mcts:iters=200": 12}  # others: 10,000


def engine_rows(spec) -> dict:
    """Self-play of every bot of the game: games, card plays (where the game counts them)
    and decisions per second."""
    from bots.registry import load_bots, parse_spec
    from sim.core.batch import play_batch

    columns = spec.part("columns")
    workloads = [("random", "random", True), (CALLED_RANDOM, "random", False)]
    for name in load_bots(spec.name):
        if name != "random":
            text = "mcts:iters=200" if name == "mcts" else name
            workloads.append((text, text, True))
    rows = {}
    seating = [0] * spec.seats
    for label, text, native in workloads:
        lineup = [parse_spec(text, spec.name)]
        play_batch(spec, lineup, seating, 1, range(2), native=native)  # compile / load first
        n = scaled(GAMES.get(label, 10_000), 2)
        counter = iter(range(10**9))

        def run(lineup=lineup, n=n, counter=counter, native=native):
            start = next(counter) * n
            b = play_batch(spec, lineup, seating, 1, range(start, start + n), native=native)
            return lambda: {"games": n, "card_plays": columns.card_plays(b.deals),
                            "decisions": b.actions}  # fmt: skip

        # short runs: more of them, so that the median is not one disturbed run
        rows[label] = measure(run, reps=2 * REPS + 1)
    return rows


# -- 2. the plain-Python rules of the tests ----------
def python_engine_row(spec) -> dict | str:
    """The game's plain-Python rules (``tests/``): measured by ``tests/bench_python.py`` in
    a process of its own, in a source checkout; an installed trixsim has no tests."""
    root = Path(__file__).resolve().parent.parent
    script = root / "tests" / "bench_python.py"
    if not script.is_file():
        return "not run: needs a source checkout (tests/ holds the plain-Python rules)"
    res = subprocess.run(
        [sys.executable, "-m", "tests.bench_python", spec.name, str(scaled(60, 2)),
         str(1 if SCALE < 1 else 2)],
        cwd=root, capture_output=True, text=True,
    )  # fmt: skip
    if res.returncode:
        return f"not run: {(res.stderr.strip().splitlines() or ['failed'])[-1]}"
    return json.loads(res.stdout)


# -- 3. OpenSpiel hearts ----------
def openspiel_rows() -> dict | str:
    """OpenSpiel's hearts, random play: driven from Python, and in its own C++ loop
    (:mod:`sim.bench_openspiel`); actions per second, alternated."""
    from sim.bench_openspiel import cpp_loop, python_loop

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
    from bots.registry import parse_spec
    from sim.core.batch import play_batch
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


# -- 5. start-up ----------
def startup_rows(spec) -> dict:
    """Launch to the first finished game (``trixsim deal``), cold and warm numba cache."""
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, NUMBA_CACHE_DIR=d)
        env.pop("TRIXSIM_NUMBA_CACHE_DIR", None)  # a fresh cache folder, not this process's
        times = []
        for _ in range(2):
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


def fmt_rate(x: dict) -> str:
    return f"{x['median']:,.0f} ({x['min']:,.0f}–{x['max']:,.0f})"


def verdict(ok: bool) -> str:
    return "met" if ok else "**missed**"


def build(results: dict) -> str:
    m = results["machine"]
    e = results["engine"]
    rnd = e["random"]
    lines = [
        f"# trixsim benchmark: {m['game']}",
        "",
        f"{m['date']} · {m['cpu']} · {m['cores']} cores · Python {m['python']} · "
        f"numba {m['numba']} · numpy {m['numpy']} · BENCH_SCALE={m['scale']}",
        "",
        "Medians of repeated runs in one process (min–max in brackets); one core unless said.",
        "",
        "## Engine (one core, no I/O, self-play)",
        "",
        "| bot | games/s | card plays/s | decisions/s |",
        "|---|---|---|---|",
    ]
    for spec, row in e.items():
        lines.append(f"| {spec} | {fmt_rate(row['games'])} | {fmt_rate(row['card_plays'])} | "
                     f"{fmt_rate(row['decisions'])} |")  # fmt: skip
    lines += ["", "## Against other engines (actions per second, one core)", "",
              "Actions are every decision a player takes (cards, passes, choices); "
              "random play everywhere.", "",
              "| engine | actions/s | trixsim is |", "|---|---|---|"]  # fmt: skip
    ours = rnd["decisions"]["median"]
    lines.append(f"| trixsim (numba) | {fmt_rate(rnd['decisions'])} | – |")
    py = results.get("python")
    if isinstance(py, dict):
        ratio = ours / py["actions"]["median"]
        results["ratios"]["vs_python"] = ratio
        lines.append(f"| plain Python {m['game']} (tests/) | "
                     f"{fmt_rate(py['actions'])} | {ratio:,.0f}× faster |")  # fmt: skip
    else:
        lines.append(f"| plain Python | {py} | – |")
    osp = results["openspiel"]
    if isinstance(osp, dict):
        for key, label in (
            ("cpp", "OpenSpiel hearts, its own C++ loop (evaluate_bots, C++ random bots)"),
            ("python", "OpenSpiel hearts, C++ game driven from Python"),
        ):
            ratio = ours / osp[key]["actions"]["median"]
            results["ratios"][f"vs_openspiel_{key}"] = ratio
            lines.append(f"| {label} | {fmt_rate(osp[key]['actions'])} | "
                         f"{ratio:,.1f}× faster |")  # fmt: skip
        results["ratios"]["vs_openspiel"] = results["ratios"]["vs_openspiel_cpp"]
    else:
        lines.append(f"| OpenSpiel hearts | {osp} | – |")
    t = results["tournament"]
    scaling = t["workers_2"]["median"] / t["workers_1"]["median"]
    results["ratios"]["scaling_1_to_2"] = scaling
    lines += [
        "", f"## End to end: `trixsim tournament --bots random --games {t['games']:,}` "
        "(Parquet on)", "",
        "Runs interleaved (1 worker, 2 workers, 1, 2, …). games/s from each run's manifest: "
        "play and write, from the moment the workers are ready (their start-up is the "
        "manifest's `startup_seconds`); the wall time is the whole command (Python's start, "
        "the workers', the run, the closing summary).", "",
        "| workers | games/s | wall time | workers' start-up | peak RSS of the process tree |",
        "|---|---|---|---|---|",
        *(f"| {w} | {fmt_rate(t[f'workers_{w}'])} | {t[f'wall_{w}']['median']:.1f} s | "
          f"{t[f'startup_{w}']['median']:.2f} s | {t[f'peak_rss_mb_{w}']['median']:,.0f} MB |"
          for w in (1, 2)),
        "", f"Scaling 1 → 2 workers: {scaling:.2f}×. Building and writing Parquet: "
        f"{100 * t['parquet_share']:.1f}% of a chunk's time.",
    ]  # fmt: skip
    s = results["startup"]
    lines += ["", "## Start-up (launch to the first finished game, `trixsim deal`)", "",
              f"Cold numba cache: {s['cold_seconds']:.1f} s; warm cache: "
              f"{s['warm_seconds']:.2f} s."]  # fmt: skip
    r = results["ratios"]
    per_game = rnd["games"]["median"]
    seconds_1m = t["seconds_2"]["median"] * 1_000_000 / t["games"]
    targets = [
        ("≥ 100,000 random games/s per core", f"{per_game:,.0f}", per_game >= 100_000),
        ("1,000,000 random games, 2 workers, Parquet on: < 30 s",
         f"{seconds_1m:.1f} s" + ("" if t["games"] == 1_000_000 else " (scaled)"),
         seconds_1m < 30),
        ("≥ 10× OpenSpiel per action (its own C++ loop)",
         f"{r.get('vs_openspiel', float('nan')):.1f}×", r.get("vs_openspiel", 0) >= 10),
        ("≥ 100× plain Python", f"{r.get('vs_python', float('nan')):,.0f}×",
         r.get("vs_python", 0) >= 100),
        ("≥ 1.8× from 1 to 2 workers", f"{scaling:.2f}×", scaling >= 1.8),
        ("Parquet < 20% of the end-to-end time", f"{100 * t['parquet_share']:.1f}%",
         t["parquet_share"] < 0.2),
    ]  # fmt: skip
    mcts = e.get("mcts:iters=200")
    if mcts:
        d = mcts["decisions"]["median"]
        targets.append(("mcts iters=200 ≥ 2,000 decisions/s", f"{d:,.0f}", d >= 2000))
    g, called = e.get("greedy"), e.get(CALLED_RANDOM)
    if g and called:
        # like for like: both bots called through the bot interface; the loop's built-in
        # random is a speed no plug-in can have
        ratio = g["games"]["median"] / called["games"]["median"]
        vs_builtin = g["games"]["median"] / per_game
        targets.append(("greedy ≥ ½ random games/s (both called as bots)",
                        f"{ratio:.2f} ({vs_builtin:.2f} of the built-in random)",
                        ratio >= 0.5))  # fmt: skip
    results["targets"] = [{"target": a, "value": b, "met": c} for a, b, c in targets]
    lines += ["", "## Targets", "", "| target | measured | |", "|---|---|---|"]
    lines += [f"| {a} | {b} | {verdict(c)} |" for a, b, c in targets]
    return "\n".join(lines) + "\n"


def out_dir() -> Path:
    """``BENCH_OUT``; by default ``results``, and a scaled run (not the bench) elsewhere, so it
    never replaces the committed results."""
    return Path(os.environ.get("BENCH_OUT") or ("results" if SCALE == 1 else "results/scaled"))


def main(argv: list[str] | None = None) -> None:
    import argparse

    from sim.core.registry import GameError, get

    parser = argparse.ArgumentParser(prog="python -m sim.bench", description=__doc__)
    parser.add_argument("--game", default="trix", help="the game to measure (default trix)")
    args = parser.parse_args(argv)
    try:
        spec = get(args.game)
    except GameError as e:
        sys.exit(f"bench: {e}")
    out = out_dir()
    out.mkdir(parents=True, exist_ok=True)
    results = {"machine": machine() | {"game": spec.name}, "ratios": {}}
    steps = [("engine", lambda: engine_rows(spec)), ("python", lambda: python_engine_row(spec)),
             ("openspiel", openspiel_rows), ("tournament", lambda: end_to_end_rows(spec)),
             ("startup", lambda: startup_rows(spec))]  # fmt: skip
    for name, fn in steps:
        print(f"bench: {name} …", file=sys.stderr, flush=True)
        results[name] = fn()
    md = build(results)
    (out / f"bench-{spec.name}.json").write_text(json.dumps(results, indent=2) + "\n")
    (out / f"bench-{spec.name}.md").write_text(md)
    print(md)


if __name__ == "__main__":
    threading.current_thread().name = "bench"
    main()
