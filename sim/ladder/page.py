"""A ladder's page: ratings, the pairwise table, time per decision, the commands, a plot.

Everything on it comes from the pairings' own tables and manifests through
:func:`sim.report.build_report` (the same statistics ``trixsim report`` prints), so the
page says what a report of the same runs would say. Its numbers are reproducible from
its commands, except the times per decision: those were measured on the machine that
played the pairings, and the page says so.
"""

from __future__ import annotations

from pathlib import Path

from sim.ladder.roster import Pairing
from sim.ladder.strength import fit
from sim.ladder.strength import order as rank

ORDER_SEED = 0  # the order ratings are computed in (OpenSkill is online)


def build(game: str, bots: list[str], done: list[Pairing], commands: list[str], out: Path,
          quick: bool = False, known: tuple | None = None) -> tuple[str, dict]:  # fmt: skip
    """The page's markdown and the data behind it (``out``: where the page goes, for the
    plot's link; ``known``: :func:`standing` of ``done``, when already worked out)."""
    from sim import __version__
    from sim.core.registry import get

    spec = get(game)
    rep, said, strength, order, against = known or standing(bots, done)
    cells = _cells(rep)
    rated = {r["bot"]: r for r in rep["ratings"]["bots"]}
    team = "team " if spec.teams else ""
    lines = [
        f"# {spec.title.split(':')[0]}: the bot ladder",
        "",
        f"{len(bots)} bots, {len({(p.a, p.b) for p in done})} pairings, {rep['games']:,} games "
        f"of {game} (rules version "
        f"{spec.version}), trixsim {__version__}. Each pairing is a duplicate tournament of "
        "two bots: every deal is played under every seating of them, so luck of the cards "
        "cancels within a deal set. Made by the commands at the end; the same commands give "
        "the same games and every figure here but the times per decision, which were measured "
        "on the machine that played them (a 2-core VM) and differ from run to run.",
        "",
        "## Ratings",
        "",
        "| # | bot | strength | σ | OpenSkill μ (σ) | seat-games | time per decision, mean | p95 |",
        "|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for i, b in enumerate(order, 1):
        r, t, (s, se) = rated[b], said["timing"].get(b), strength[b]
        mean, p95 = (_ms(t["mean_ms"]), _ms(t["p95_ms"])) if t else ("—", "—")
        name = f"{b} (cheats)" if b in said["cheats"] else b
        lines.append(f"| {i} | `{name}` | {s:+.1f} | {se:.1f} | {r['mu']:.1f} ({r['sigma']:.2f}) "
                     f"| {r['seat_games']:,} | {mean} | {p95} |")  # fmt: skip
    lines += [
        "",
        f"**Strength**: points of {team}win share, fitted to every pairing's paired difference "
        "below at once (weighted least squares, each difference weighted by one over its "
        "squared standard error, taken from its t-interval), the strengths' mean 0: a bot 10 "
        "above another is expected to beat it by 10 points. σ is a strength's standard error "
        "under that fit. The order is by strength, except that a bot a pairing says *beats* "
        "another always stands above it (sim/ladder/strength.py). OpenSkill ratings "
        "(Plackett–Luce; a new bot starts at μ 25, σ 25/3) over all "
        f"{rep['games']:,} games, each game a finishing order of its "
        f"{'partnerships' if spec.teams else 'seats'}, rated one after another in a random "
        f"order (seed {ORDER_SEED}), are beside it for comparison: they do not order the "
        "page. Times per decision are of every decision the bot made on the ladder (— : "
        "played inside the game loop, too quick to time).",
        *[
            f"The verdicts go round in a circle: the order goes against `{p['better']}` beats "
            f"`{p['worse']}` ({100 * p['difference']:+.1f} ± {100 * p['ci']:.1f})."
            for p in against
        ],
        *[
            f"`{b}` sees every hand (it cheats): its rating is an upper bound on play, not a "
            "fair bot's."
            for b in said["cheats"]
        ],  # fmt: skip
        "",
        "## Pairwise",
        "",
        f"Each cell: the row bot's {team}win share minus the column bot's, in points, paired "
        "within deal sets, ± the 95% t-interval over the pairing's deal sets (Student's t "
        "with deal sets − 1 degrees of freedom); the deal sets are in brackets. A cell whose "
        "interval holds 0 does not tell the two apart. Neighbours in the order that the "
        "round robin did not tell apart, and each bot that cheats against the strongest fair "
        "bot, were played on, on deal sets of their own, in one block to a stated bound "
        f"({_bound(quick)}; sim/ladder/further.py).",
        "",
        "| | " + " | ".join(f"`{b}`" for b in order) + " |",
        "|---|" + "---:|" * len(order),
    ]
    for a in order:
        row = [cells.get((a, b), "—" if a == b else "") for b in order]
        lines.append(f"| `{a}` | " + " | ".join(row) + " |")
    lines += ["", "## Verdicts", ""]
    lines += [f"- {s}" for s in _sentences(rep)]
    lines += ["", "## Strength against cost", "",
              f"![rating against time per decision]({game}.png)", "",
              "Strength (± σ) against the mean time per decision, on a log scale.", "",
              "## Commands", "", "```", *commands, "```", ""]  # fmt: skip
    return "\n".join(lines), {"report": rep, "timing": said["timing"], "order": order,
                              "cheats": said["cheats"], "strength": strength}  # fmt: skip


def standing(bots: list[str], done: list[Pairing]):
    """What the pairings ``done`` say: the pooled report, the runs' facts (timing, who
    cheats), each bot's fitted strength, the order and the verdicts it goes against."""
    from sim.report import build_report
    from sim.report.data import open_runs
    from sim.report.timing import facts

    folders = [p.folder for p in done]
    rep = build_report(folders, 0)  # every game rated
    said = facts(open_runs(folders)[0])
    rated = {r["bot"] for r in rep["ratings"]["bots"]}
    pairs = [b["paired"] for b in rep["win_rates"] if "paired" in b]
    strength = fit([b for b in bots if b in rated], pairs)
    order, against = rank(list(strength), strength, pairs)
    return rep, said, strength, order, against


def _cells(rep: dict) -> dict[tuple[str, str], str]:
    """``(row, column) -> "+3.2 ± 1.3 (40)"`` for every pairing's paired difference."""
    from sim.report.stats import decimals

    out = {}
    for block in rep["win_rates"]:
        p = block.get("paired")
        if p is None:
            continue
        ci, n = p["ci"], p["deal_sets"]
        k = decimals(ci)
        for a, b, sign in ((p["better"], p["worse"], 1), (p["worse"], p["better"], -1)):
            d = sign * 100 * p["difference"] + 0.0
            spread = f" ± {100 * ci:.{k}f}" if ci >= 0 else ""
            out[a, b] = f"{d:+.{k}f}{spread} ({n:,})"
    return out


def _sentences(rep: dict) -> list[str]:
    from sim.report.stats import sentence

    return [sentence(b["paired"]).replace("`", "") for b in rep["win_rates"] if "paired" in b]


def _bound(quick: bool) -> str:
    """The playing-on bound in words."""
    from sim.ladder import further

    sets, budget = ((further.QUICK_DEAL_SETS, further.QUICK_BUDGET) if quick
                    else (further.DEAL_SETS, further.BUDGET))  # fmt: skip
    return f"{sets} deal sets, or {budget:g} more seconds of one worker on the reference machine"


def _ms(x: float) -> str:
    from sim.report.timing import ms

    return ms(x)


def plot(data: dict, path: Path) -> None:
    """Rating against time per decision: what each bot's strength costs."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for b in data["order"]:
        t = data["timing"].get(b)
        if t is None:
            continue
        s, se = data["strength"][b]
        ax.errorbar(t["mean_ms"], s, yerr=se, fmt="o", capsize=3)
        name = f"{b} (cheats)" if b in data["cheats"] else b
        ax.annotate(name, (t["mean_ms"], s), textcoords="offset points", xytext=(5, 4),
                    fontsize=8)  # fmt: skip
    ax.set_xscale("log")
    ax.set_xlabel("mean time per decision (ms, this machine)")
    ax.set_ylabel("strength, points of win share (± σ)")
    ax.set_title(f"{data['report']['game']}: strength against cost")
    fig.tight_layout()
    tmp = path.with_name(f".{path.name}.tmp.png")
    fig.savefig(tmp, dpi=100)
    plt.close(fig)
    tmp.replace(path)
