"""What the manifests say about a line-up beyond its games: each bot's time per decision,
the bots that cheat, the bots that decide by a time budget, and a sequential test's verdict.

Time per decision is measured by the compiled loop (:mod:`sim.core.timing`) and kept per
line-up entry in the manifest; it differs from run to run and machine to machine, so it is
printed beside the results, never in them. A bot that sees every hand (``oracle``) gives an
upper bound, not a fair result; a time budget makes a run unrepeatable. Runs written
before these were kept have none of them, and say nothing.
"""

from __future__ import annotations

from sim.core.timing import described, merge
from sim.report.sprt import sentence


def facts(runs) -> dict:
    """``{"timing": {bot: {"timed", "mean_ms", "p95_ms"}}, "cheats": [...], "time_budget":
    [...], "reproducible": bool}`` pooled over ``runs`` (:class:`sim.report.data.Run`)."""
    pooled: dict[str, list[dict]] = {}
    cheats: set[str] = set()
    timed: set[str] = set()
    tests = []
    for r in runs:
        m = r.manifest
        if _sequential(m.get("sprt")):
            tests.append(m["sprt"])
        entries = m.get("timing") if isinstance(m.get("timing"), list) else []
        for e in entries:
            raw = _entry(e)
            if raw is not None:
                pooled[e["bot"]] = merge(pooled.get(e["bot"]), [raw])
        cheats.update(_names(m.get("cheats")))
        timed.update(_names(m.get("time_budget")))
    timing = {bot: d for bot, (e,) in sorted(pooled.items()) if (d := described(e))}
    return {"timing": timing, "cheats": sorted(cheats), "time_budget": sorted(timed),
            "reproducible": not timed, "sprt": tests}  # fmt: skip


def _sequential(s) -> bool:
    """A sequential test's whole block, played (a damaged one costs its line, not the
    report)."""
    numbers = ("d0", "d1", "alpha", "beta", "deal_sets", "llr", "lower", "upper", "estimate",
               "ci")  # fmt: skip
    return (isinstance(s, dict) and s.get("verdict") in ("H0", "H1", "undecided")
            and isinstance(s.get("a"), str) and isinstance(s.get("b"), str)
            and all(isinstance(s.get(k), int | float) and not isinstance(s.get(k), bool)
                    for k in numbers))  # fmt: skip


def _names(value) -> list[str]:
    """A manifest's list of bot specs; nothing from anything else (a damaged manifest)."""
    return [b for b in value if isinstance(b, str)] if isinstance(value, list) else []


def _number(x) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and x >= 0


def _entry(e) -> dict | None:
    """A manifest's timing entry as :func:`sim.core.timing.merge` takes it, or None if it is
    not one (a damaged or hand-edited manifest costs its timing line, not the report)."""
    if not (isinstance(e, dict) and isinstance(e.get("bot"), str) and _number(e.get("timed"))
            and _number(e.get("ms")) and isinstance(e.get("hist"), list)):  # fmt: skip
        return None
    hist = e["hist"]
    if not all(isinstance(p, list) and len(p) == 2 and all(map(_number, p)) for p in hist):
        return None
    return {"timed": int(e["timed"]), "ms": float(e["ms"]), "hist": hist}


def ms(x: float) -> str:
    """A time given in milliseconds, in words to 3 significant figures (0.412 µs, 12.3 ms,
    1,234 ms)."""
    if x >= 100:
        return f"{x:,.0f} ms"
    return f"{x:.3g} ms" if x >= 0.1 else f"{1000 * x:.3g} µs"


def timing_text(s: dict) -> list[str]:
    """Lines for the closing summary: time per decision, cheats, time budgets."""
    out = []
    if s.get("timing"):
        each = [f"{bot} {ms(t['mean_ms'])} mean, {ms(t['p95_ms'])} p95 "
                f"({t['timed']:,} timed)" for bot, t in s["timing"].items()]  # fmt: skip
        out.append("time per decision (measured on this machine, varies run to run): "
                   + "; ".join(each))  # fmt: skip
    out += warnings(s)
    for test in s.get("sprt", []):
        out.append(sentence(test))
    return out


def warnings(s: dict) -> list[str]:
    """The sentences a cheat or a time budget calls for, wherever results are shown."""
    out = []
    for bot in s.get("cheats", []):
        out.append(f"{bot} sees every hand (it cheats): its results are an upper bound on "
                   "play, not a fair bot's")  # fmt: skip
    if s.get("time_budget"):
        verb = "decides" if len(s["time_budget"]) == 1 else "decide"
        out.append(f"not reproducible: {', '.join(s['time_budget'])} {verb} by a time budget; "
                   "the same command may play other games")  # fmt: skip
    return out


def label(bot: str, s: dict) -> str:
    """``bot`` as a results table names it: ``oracle (cheats)`` for a bot that sees all."""
    return f"{bot} (cheats)" if bot in s.get("cheats", []) else bot
