"""The checks a game's bench part picks from: each returns ``(target, measured, met)``.

A game's optional ``bench`` part (``sim/games/<game>/bench.py``) holds ``STRENGTH``,
the duplicate tournaments to measure as ``(bots, games)``, and ``targets(results)``,
the list of checks its issues set, built from the functions here; ``results`` is the
bench's dict for the game (:mod:`sim.bench.rows`). A figure the run lacks (OpenSpiel
not installed, say) is reported as missed with the reason, never left out.
"""

from __future__ import annotations

import math

from sim.bench import CALLED_RANDOM
from sim.core.bots import split_specs
from sim.report.intervals import MIN_DEAL_SETS

Target = tuple[str, str, bool]


def _engine(r: dict, bot: str, key: str) -> float:
    row = r["engine"].get(bot)
    return row[key]["median"] if row else math.nan


def random_games(r: dict, least: float) -> Target:
    g = _engine(r, "random", "games")
    return f"≥ {least:,.0f} random games/s per core", f"{g:,.0f}", g >= least


def random_decisions(r: dict, least: float) -> Target:
    d = _engine(r, "random", "decisions")
    return f"≥ {least:,.0f} random decisions/s per core", f"{d:,.0f}", d >= least


def mcts_decisions(r: dict, least: float, bot: str = "mcts:iters=200") -> Target:
    d = _engine(r, bot, "decisions")
    return f"{bot} ≥ {least:,.0f} decisions/s per core", f"{d:,.0f}", d >= least


def greedy_speed(r: dict, least: float) -> Target:
    """greedy's games/s over random's, both called through the bot interface (the loop's
    built-in random is a speed no plug-in can have)."""
    g, called = _engine(r, "greedy", "games"), _engine(r, CALLED_RANDOM, "games")
    ratio, builtin = g / called, g / _engine(r, "random", "games")
    return (f"greedy ≥ {least:g} × random games/s (both called as bots)",
            f"{ratio:.2f} ({builtin:.2f} of the built-in random)", ratio >= least)  # fmt: skip


def _not_measured(r: dict, label: str) -> Target | None:
    t = r["tournament"]
    return (label, "not measured", False) if isinstance(t, str) else None


def million_games(r: dict, seconds: float) -> Target:
    label = f"1,000,000 random games, 2 workers, Parquet on: < {seconds:g} s"
    if missing := _not_measured(r, label):
        return missing
    t = r["tournament"]
    took = t["seconds_2"]["median"] * 1_000_000 / t["games"]
    scaled = "" if t["games"] == 1_000_000 else " (scaled)"
    return label, f"{took:.1f} s{scaled}", took < seconds


def scaling(r: dict, least: float) -> Target:
    label = f"≥ {least:g}× from 1 to 2 workers"
    if missing := _not_measured(r, label):
        return missing
    t = r["tournament"]
    x = t["workers_2"]["median"] / t["workers_1"]["median"]
    return label, f"{x:.2f}×", x >= least


def parquet_share(r: dict, most: float) -> Target:
    label = f"Parquet < {100 * most:.0f}% of the end-to-end time"
    if missing := _not_measured(r, label):
        return missing
    share = r["tournament"]["parquet_share"]
    return label, f"{100 * share:.1f}%", share < most


def vs_python(r: dict, least: float) -> Target:
    x = r["ratios"].get("vs_python", math.nan)
    return f"≥ {least:g}× plain Python", f"{x:,.0f}×", x >= least


def vs_openspiel(r: dict, least: float) -> Target:
    x = r["ratios"].get("vs_openspiel", math.nan)
    return f"≥ {least:g}× OpenSpiel per action (its own C++ loop)", f"{x:.1f}×", x >= least


def _strength(r: dict, bots: str) -> dict | None:
    return r.get("strength", {}).get(bots)


def fair_share(r: dict, bots: str, bot: str, times: float, seats: int) -> Target:
    """``bot``'s win share per seat-game at least ``times`` the fair ``1 / seats``."""
    label = f"{bot} ≥ {times:g}× the fair win share (1/{seats}) against {bots}"
    s = _strength(r, bots)
    line = next((b for b in s["bots"] if b["bot"] == bot), None) if s else None
    if line is None:
        return label, "not measured", False
    share, ci = line["win_share"], line["win_share_ci"]
    over = f", 95% t-interval over {line['deal_sets']:,} deal sets" if "deal_sets" in line else ""
    return (label, f"{100 * share:.1f}% ± {100 * ci:.1f} ({share * seats:.2f}×{over})",
            share >= times / seats)  # fmt: skip


def beats(r: dict, bots: str, better: str) -> Target:
    """The paired difference of a two-bot line-up (two teams in a partnership game): ``better``
    ahead, its 95% t-interval above 0, over ``MIN_DEAL_SETS`` deal sets at least (the report's
    "beats", :func:`sim.report.stats.verdict`)."""
    worse = next(b for b in split_specs(bots) if b != better)
    label = (f"{better} beats {worse}: 95% t-interval of the paired difference above 0, "
             f"{MIN_DEAL_SETS}+ deal sets")  # fmt: skip
    p = (_strength(r, bots) or {}).get("paired")
    if not p:
        return label, "not measured", False
    sign = 1 if p["better"] == better else -1
    diff, n = sign * p["difference"], p["deal_sets"]
    team = " of team win share" if p.get("unit") == "team" else ""
    return (label, f"{100 * diff:+.1f} ± {100 * p['ci']:.1f} points{team} over {n:,} deal sets",
            diff - p["ci"] > 0 and n >= MIN_DEAL_SETS)  # fmt: skip


def _mean_ms(r: dict, bots: str, bot: str) -> float:
    return ((_strength(r, bots) or {}).get("timing") or {}).get(bot, {}).get("mean_ms", math.nan)


def equal_time(r: dict, bots: str, better: str) -> Target:
    """``better`` beats the other bot of ``bots`` (:func:`beats`) while taking no more time per
    decision on average, as the run itself measured it (both bots' decisions in the same
    games, on the same workers)."""
    worse = next(b for b in split_specs(bots) if b != better)
    label, measured, met = beats(r, bots, better)
    mine, theirs = _mean_ms(r, bots, better), _mean_ms(r, bots, worse)
    label = f"{label}, at no more time per decision"
    if math.isnan(mine) or math.isnan(theirs):
        return label, f"{measured}; time per decision not measured", False
    return (label, f"{measured}; {mine:.3g} ms against {theirs:.3g} ms a decision",
            met and mine <= theirs)  # fmt: skip


def oracle_margin(r: dict, bots: str, oracle: str = "oracle") -> Target:
    """What the hidden cards are worth: ``oracle``'s paired lead over the fair bot of
    ``bots``, with its interval (met when the interval is above 0: a solver that sees every
    hand and does not beat a fair bot is wrong somewhere)."""
    fair = next(b for b in split_specs(bots) if b != oracle)
    _, measured, met = beats(r, bots, oracle)
    return f"oracle's margin over {fair} (it cheats: the worth of the hidden cards)", measured, met


def solver_median(r: dict, most_ms: float, where: str = "from the first card") -> Target:
    """The perfect-information solver's median time of a full solve (:func:`solver_rows`)."""
    s = r.get("solver") or {}
    label = f"solver ≤ {most_ms:g} ms median, a full solve {where}"
    if "median_ms" not in s:
        return label, "not measured", False
    return (label, f"{s['median_ms']:.3g} ms (p95 {s['p95_ms']:.3g} ms, {s['positions']} "
            "positions)", s["median_ms"] <= most_ms)  # fmt: skip
