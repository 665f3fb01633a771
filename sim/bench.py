"""``make bench``: how fast trixsim is, beside its alternatives, in one run.

Every figure is the median of several repetitions (with min–max) measured in
this run on this machine, and every comparison is a ratio between figures of
the same run, so the table stays meaningful on a noisy machine. ``BENCH_SCALE``
(default 1) scales every workload; ``BENCH_OUT`` (default ``results``) is where
``bench.json`` and ``bench.md`` go.
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import random
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
def card_plays(contracts: np.ndarray) -> int:
    """Cards played or laid: 4 a trick in trick contracts, lays (events - passes) in trix."""
    from sim.loop import C

    col = {name: contracts[i].astype(np.int64) for name, i in C.items()}
    trix = col["contract"] == 6
    tricks = 4 * col["stop_trick"][~trix].sum()
    lays = (col["events"][trix] - col["trix_second_passes"][trix]).sum()
    return int(tricks + lays)


def engine_rows() -> dict:
    from bots.registry import parse_spec
    from sim.batch import play_batch

    rows = {}
    workloads = (
        ("random", "random", 50_000, True),  # the loop plays it itself (sim.loop)
        (CALLED_RANDOM, "random", 20_000, False),  # called like any plug-in bot
        ("greedy", "greedy", 10_000, True),
        ("mcts:iters=200", "mcts:iters=200", 12, True),
    )
    for label, spec, games, native in workloads:
        lineup = [parse_spec(spec)]
        play_batch(lineup, [0, 0, 0, 0], 1, range(2), native=native)  # compile / load first
        n = scaled(games, 2)
        counter = iter(range(10**9))

        def run(lineup=lineup, n=n, counter=counter, native=native):
            start = next(counter) * n
            b = play_batch(lineup, [0, 0, 0, 0], 1, range(start, start + n), native=native)
            return lambda: {"games": n, "card_plays": card_plays(b.contracts),
                            "decisions": b.actions}  # fmt: skip

        # short runs: more of them, so that the median is not one disturbed run
        rows[label] = measure(run, reps=2 * REPS + 1)
    return rows


# -- 2. the plain-Python rules of the tests ----------
def python_engine_row() -> dict | None:
    try:
        from tests.reference_rules import RefGame
    except ImportError:
        return None
    from sim.cards import cards_of
    from sim.game import Game

    n = scaled(60, 2)

    def run():
        rnd = random.Random(1)
        plays = 0
        for g in range(n):
            hands = Game.new(1, g)  # the same deals as the engine's games
            deals = {0: [cards_of(h) for h in hands.contracts[0].hands]}

            def deal(k, deals=deals, g=g):
                if k not in deals:
                    from sim import layout as L
                    from sim.rng import deal_seed
                    from sim.rules import deal_contract, new_game, new_state

                    s = new_state()
                    new_game(s, deal_seed(1, g))
                    s[L.CONTRACT_NO] = k
                    deal_contract(s)
                    deals[k] = [cards_of(int(s[L.HANDS + p])) for p in range(4)]
                return deals[k]

            ref = RefGame(hands.first_chooser, deal)
            while not ref.over:
                ref.apply(rnd.choice(ref.legal_actions()))
                plays += 1
        return {"games": n, "actions": plays}

    return measure(run, reps=1 if SCALE < 1 else 2)


# -- 3. OpenSpiel hearts ----------
def openspiel_row() -> dict | str:
    try:
        import pyspiel
    except ImportError:
        return "open_spiel not installed (pip install 'trixsim[bench]')"
    game = pyspiel.load_game("hearts")
    n = scaled(4_000, 5)

    def run():
        rnd = np.random.default_rng(1)
        plays = 0
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(actions[rnd.integers(len(actions))])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rnd.integers(len(legal))])
                    plays += 1
        return {"hands": n, "actions": plays}

    return measure(run)


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


def tournament_row(workers: int, games: int, tmp: Path) -> dict:
    """A real ``trixsim tournament`` run: games/s from its manifest, peak RSS of its tree."""
    out = tmp / f"t{workers}-{time.monotonic_ns()}"
    cmd = [sys.executable, "-m", "sim.cli", "tournament", "--bots", "random", "--games",
           str(games), "--workers", str(workers), "--out", str(out), "-q"]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    peak = 0
    while proc.poll() is None:
        peak = max(peak, _tree_rss(proc.pid))
        time.sleep(0.05)
    if proc.returncode:
        raise RuntimeError(f"tournament failed: {proc.stderr.read()}")
    manifest = json.loads((out / "manifest.json").read_text())
    return {
        "games_per_second": manifest["games_per_second"],
        "seconds": manifest["seconds"],
        "peak_rss_mb": peak / 2**20,
    }


def parquet_share(games: int) -> float:
    """Share of a chunk's time spent building and writing its Parquet files."""
    from bots.registry import parse_spec
    from sim.batch import play_batch
    from sim.tables import contracts_table, games_table, write_part

    lineup = [parse_spec("random")]
    ids = np.arange(games)
    seatings = np.zeros((games, 4), np.int8)
    play_batch(lineup, seatings[:2], 1, ids[:2])  # compile / load first
    t0 = time.perf_counter()
    b = play_batch(lineup, seatings, 1, ids)
    t1 = time.perf_counter()
    with tempfile.TemporaryDirectory() as d:
        args = (ids, ids, np.zeros(games, np.int8), seatings, ["random"])
        write_part(contracts_table(b.contracts, b.games, *args), Path(d), 0)
        write_part(games_table(b.games, b.shares, *args), Path(d), 1)
    t2 = time.perf_counter()
    return (t2 - t1) / (t2 - t0)


def end_to_end_rows() -> dict:
    games = scaled(1_000_000, 240)
    reps = REPS  # 1M games: about 25 s with one worker, 14 s with two
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        one, two = [], []
        for _ in range(reps):  # interleaved: the machine's speed drifts
            one.append(tournament_row(1, games, tmp))
            two.append(tournament_row(2, games, tmp))

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
        "parquet_share": parquet_share(min(games, 20_000)),
    }


# -- 5. start-up ----------
def startup_rows() -> dict:
    """Launch to the first finished game (``trixsim deal``), cold and warm numba cache."""
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, NUMBA_CACHE_DIR=d)
        env.pop("TRIXSIM_NUMBA_CACHE_DIR", None)  # a fresh cache folder, not this process's
        times = []
        for _ in range(2):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "sim.cli", "deal", "--seed", "1"], env=env,
                           check=True, capture_output=True)  # fmt: skip
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
        "# trixsim benchmark",
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
    if py:
        ratio = ours / py["actions"]["median"]
        results["ratios"]["vs_python"] = ratio
        lines.append(f"| plain Python Trix (tests/reference_rules.py) | "
                     f"{fmt_rate(py['actions'])} | {ratio:,.0f}× faster |")  # fmt: skip
    else:
        lines.append("| plain Python | not run (tests/ not importable) | – |")
    osp = results["openspiel"]
    if isinstance(osp, dict):
        ratio = ours / osp["actions"]["median"]
        results["ratios"]["vs_openspiel"] = ratio
        lines.append(f"| OpenSpiel hearts (C++ via pyspiel, driven from Python) | "
                     f"{fmt_rate(osp['actions'])} | {ratio:,.1f}× faster |")  # fmt: skip
    else:
        lines.append(f"| OpenSpiel hearts | {osp} | – |")
    t = results["tournament"]
    scaling = t["workers_2"]["median"] / t["workers_1"]["median"]
    results["ratios"]["scaling_1_to_2"] = scaling
    lines += [
        "", f"## End to end: `trixsim tournament --bots random --games {t['games']:,}` "
        "(Parquet on)", "",
        "Runs interleaved (1 worker, 2 workers, 1, 2, …); games/s from each run's manifest "
        "(play and write, start-up of the workers included).", "",
        "| workers | games/s | peak RSS of the process tree |", "|---|---|---|",
        f"| 1 | {fmt_rate(t['workers_1'])} | {t['peak_rss_mb_1']['median']:,.0f} MB |",
        f"| 2 | {fmt_rate(t['workers_2'])} | {t['peak_rss_mb_2']['median']:,.0f} MB |",
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
        ("≥ 10× OpenSpiel per action", f"{r.get('vs_openspiel', float('nan')):.1f}×",
         r.get("vs_openspiel", 0) >= 10),
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


def main() -> None:
    out = Path(os.environ.get("BENCH_OUT", "results"))
    out.mkdir(parents=True, exist_ok=True)
    results = {"machine": machine(), "ratios": {}}
    steps = [("engine", engine_rows), ("python", python_engine_row),
             ("openspiel", openspiel_row), ("tournament", end_to_end_rows),
             ("startup", startup_rows)]  # fmt: skip
    for name, fn in steps:
        print(f"bench: {name} …", file=sys.stderr, flush=True)
        results[name] = fn()
    md = build(results)
    (out / "bench.json").write_text(json.dumps(results, indent=2) + "\n")
    (out / "bench.md").write_text(md)
    print(md)


if __name__ == "__main__":
    threading.current_thread().name = "bench"
    main()
