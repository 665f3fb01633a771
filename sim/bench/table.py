"""The Markdown of ``make bench``: one section per game, then the targets it is held to."""

from __future__ import annotations

from sim.bench import NOT_WHOLE
from sim.bench.research import research_lines, research_targets


def fmt_rate(x: dict) -> str:
    return f"{x['median']:,.0f} ({x['min']:,.0f}–{x['max']:,.0f})"


def verdict(ok: bool) -> str:
    return "met" if ok else "**missed**"


def build(results: dict, targets) -> str:
    """One game's section of the bench table; ``targets(results)`` gives its checks."""
    m = results["machine"]
    e = results["engine"]
    rnd = e["random"]
    lines = [
        f"## {m['game']}",
        "",
        "### Engine (one core, no I/O, self-play)",
        "",
        f"| bot | games/s | {m['deal']}s/s | card plays/s | decisions/s |",
        "|---|---|---|---|---|",
    ]
    for spec, row in e.items():
        deals = fmt_rate(row["deals"]) if "deals" in row else "–"
        lines.append(f"| {spec} | {fmt_rate(row['games'])} | {deals} | "
                     f"{fmt_rate(row['card_plays'])} | {fmt_rate(row['decisions'])} |")  # fmt: skip
    lines += ["", "### Against other engines (actions per second, one core)", "",
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
    lines += end_to_end_lines(results)
    s = results["startup"]
    cold = NOT_WHOLE if s["cold_seconds"] is None else f"{s['cold_seconds']:.1f} s"
    lines += ["", "### Start-up (launch to the first finished game, `trixsim deal`)", "",
              f"Cold numba cache: {cold}; warm cache: {s['warm_seconds']:.2f} s."]  # fmt: skip
    sv = results.get("solver")
    if sv:
        lines += ["", "### The solver (a full solve from the first solvable decision of a deal)",
                  "", f"Model: {sv['model']}. `score` with an empty table, at the first decision "
                  f"the solver solves exactly of {sv['positions']:,} random deals: median "
                  f"{sv['median_ms']:.3g} ms, 95th percentile {sv['p95_ms']:.3g} ms."]  # fmt: skip
    lines += strength_lines(results.get("strength") or {})
    lines += research_lines(results)
    checks = targets(results) + research_targets(results)
    results["targets"] = [{"target": a, "value": b, "met": c} for a, b, c in checks]
    lines += ["", "### Targets", "", "| target | measured | |", "|---|---|---|"]
    lines += [f"| {a} | {b} | {verdict(c)} |" for a, b, c in checks]
    return "\n".join(lines) + "\n"


def end_to_end_lines(results: dict) -> list[str]:
    """The end-to-end tournaments: games/s, wall time, start-up and memory by workers."""
    m, t = results["machine"], results["tournament"]
    if isinstance(t, str):  # not measured, and why
        return ["", "### End to end: `trixsim tournament --bots random` (Parquet on)", "", t]
    scaling = t["workers_2"]["median"] / t["workers_1"]["median"]
    results["ratios"]["scaling_1_to_2"] = scaling
    return [
        "", f"### End to end: `trixsim tournament --game {m['game']} --bots random "
        f"--games {t['games']:,}` (Parquet on)", "",
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


def strength_lines(strength: dict) -> list[str]:
    """Each duplicate tournament: its command, every bot's win share, the paired difference."""
    from sim.report.stats import sentence
    from sim.report.timing import ms

    lines = []
    for s in strength.values():
        lines += ["", f"### Strength: `{s['command']}`", "",
                  f"{s['games']:,} games over {s['deal_sets']:,} deal sets, {s['seconds']:.0f} s.",
                  "", "| bot | win share per seat-game (± 95% t-interval over deal sets) | "
                  "mean rank | seat-games | time per decision: mean, p95 (measured) |",
                  "|---|---|---|---|---|"]  # fmt: skip
        timing = s.get("timing") or {}
        for b in s["bots"]:
            t = timing.get(b["bot"])
            spent = f"{ms(t['mean_ms'])}, {ms(t['p95_ms'])}" if t else "not timed"
            lines.append(f"| {b['bot']} | {100 * b['win_share']:.1f}% ± "
                         f"{100 * b['win_share_ci']:.1f} | {b['mean_rank']:.2f} | "
                         f"{b['seat_games']:,} | {spent} |")  # fmt: skip
        if s.get("paired"):
            lines += ["", sentence(s["paired"]) + "."]
    return lines


def page(sections: list[str], machine: dict) -> str:
    """The whole table: a header, then every game's section."""
    m = machine
    head = [
        "# trixsim benchmark",
        "",
        f"{m['date']} · {m['cpu']} · {m['cores']} cores · Python {m['python']} · "
        f"numba {m['numba']} · numpy {m['numpy']} · BENCH_SCALE={m['scale']}",
        "",
        "Medians of repeated runs in one process (min–max in brackets); one core unless said. "
        "`make bench` writes it (`python -m sim.bench`), every game in one run.",
        "",
    ]
    return "\n".join(head) + "\n" + "\n".join(sections)
