"""``trixsim analyse``: where a bot loses its points, decision by decision.

:func:`analyse` plays a run's games again from its manifest (:mod:`.decisions`), values
every legal action at each decision of the chosen bots with an evaluator
(:mod:`.evaluator`: ``dd``, every hand seen, or ``sd``, what the seat knows) and sums the
losses up per bot, phase and band of error (:mod:`.summary`).
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from sim.analysis.decisions import GAMES_PER_TASK
from sim.analysis.evaluator import AnalysisError, parse_evaluator
from sim.analysis.summary import Analysis, Worst, bot_loss

__all__ = ["Analysis", "AnalysisError", "analyse"]


def analyse(run, bots: list[str] | None = None, evaluator: str | None = None,
            games: int | None = None, worst: int = 5, workers: int = 1,
            progress: bool = False) -> Analysis:  # fmt: skip
    """Analyse the decisions of ``bots`` (line-up specs of the run; default all) in the run's
    first ``games`` finished games (default all) with ``evaluator`` (default the game's
    ``analysis.SD``). AnalysisError (one line) for what cannot be done."""
    from sim.core.bots import BotSpecError, parse_spec
    from sim.report.data import ReportError, open_run
    from sim.report.tidy import load_run

    start = time.perf_counter()
    try:
        r = open_run(Path(run))
        finished = load_run(run, "games")
    except ReportError as e:
        raise AnalysisError(str(e)) from None
    spec, m = r.spec, r.manifest
    if not spec.has("analysis") or not spec.has("solver"):
        raise AnalysisError(f"{spec.name} has no analysis part: its decisions cannot be valued")
    ev = parse_evaluator(evaluator or spec.part("analysis").SD, spec)
    plan = m["plan"]
    lineup = list(plan["bots"])
    try:
        specs = [parse_spec(t, spec.name) for t in lineup]
    except BotSpecError as e:
        raise AnalysisError(f"{run}: its line-up no longer reads ({e})") from None
    timed = [s.text for s in specs if s.timed]
    if timed:
        raise AnalysisError(f"{run}: {', '.join(timed)} decided by a time budget, so its games "
                            f"cannot be played again; analyse a run without ms=")  # fmt: skip
    entries = _entries(bots, lineup, specs, spec.name)
    ids = np.sort(finished["game"].to_numpy(np.int64))
    if games is not None:
        if games < 1:
            raise AnalysisError(f"--games must be 1 or more, got {games}")
        ids = ids[:games]
    if worst < 0:
        raise AnalysisError(f"--worst must be 0 or more, got {worst}")
    n_seatings = len(plan["seatings"])
    duplicate = plan.get("duplicate", True)
    deal_sets = ids // n_seatings if duplicate else ids
    seatings = [plan["seatings"][int(g) % n_seatings] for g in ids]
    decisions = _value(spec.name, lineup, seatings, int(plan["seed"]), ids, deal_sets, entries,
                       ev.text, workers, progress)  # fmt: skip
    _check_replay(decisions, finished, spec.seats, run)
    part = spec.part("analysis")
    rows = decisions.rows
    seat_games = {e: _seat_games(seatings, deal_sets, e) for e in entries}
    losses = [bot_loss(lineup[e], rows, e, part.PHASES, part.BANDS, seat_games[e]) for e in entries]
    unit = "points of team win share" if spec.teams else "points of win share"
    return Analysis(spec.name, str(run), ev.text, unit, list(part.BANDS), list(part.PHASES),
                    len(ids), len(np.unique(deal_sets)), losses,
                    _worst(spec, decisions, lineup, seatings, ids, int(plan["seed"]), worst),
                    time.perf_counter() - start, decisions)  # fmt: skip


def _entries(bots, lineup, specs, game) -> list[int]:
    """The line-up entries to analyse: each distinct bot once."""
    from sim.core.bots import BotSpecError, parse_spec

    first = {}
    for i, s in enumerate(specs):
        first.setdefault(s.text, i)
    if not bots:
        return sorted(first.values())
    out = []
    for text in bots:
        try:
            canonical = parse_spec(text, game).text
        except BotSpecError as e:
            raise AnalysisError(f"--bot {text!r}: {e}") from None
        if canonical not in first:
            raise AnalysisError(f"--bot {text!r} did not play in this run; its bots: "
                                f"{', '.join(first)}")  # fmt: skip
        out.append(first[canonical])
    return sorted(set(out))


def _value(game, lineup, seatings, seed, ids, deal_sets, entries, evaluator, workers, progress):
    """Every chosen decision of the games valued, on ``workers`` processes."""
    from sim.analysis.decisions import Job, value_all

    jobs = []
    for at in range(0, len(ids), GAMES_PER_TASK):
        sl = slice(at, at + GAMES_PER_TASK)
        jobs.append(Job(game, lineup, seatings[sl], seed, [int(g) for g in ids[sl]],
                        [int(d) for d in deal_sets[sl]], entries, evaluator))  # fmt: skip
    return value_all(jobs, workers, progress)


def _check_replay(decisions, finished, seats: int, run) -> None:
    """The games played again must end as the run's did: else the run is not what its
    manifest says (another version of a bot or of the rules)."""
    cols = [f"win_share_{p}" for p in range(seats)]
    by_id = finished.set_index("game")
    for g, shares in decisions.shares.items():
        ran = by_id.loc[g, cols].to_numpy(np.float64)
        if not np.allclose(ran, shares, atol=1e-9):
            raise AnalysisError(f"{run}: game {g} played again ends {shares}, the run's "
                                f"{list(ran)}: its bots or rules have changed since")  # fmt: skip


def _seat_games(seatings, deal_sets, entry) -> dict[int, int]:
    out: dict[int, int] = {}
    for row, d in zip(seatings, deal_sets, strict=True):
        out[int(d)] = out.get(int(d), 0) + sum(1 for e in row if e == entry)
    return out


def _worst(spec, decisions, lineup, seatings, ids, seed, k) -> list[Worst]:
    """The ``k`` largest losses, each in words with the command that plays its game again."""
    rows = decisions.rows
    order = np.argsort(-rows["loss"], kind="stable")[:k]
    seating_of = {int(g): s for g, s in zip(ids, seatings, strict=True)}
    part, api = spec.part("analysis"), spec.part("api").GAME
    out = []
    for r in order:
        if rows["loss"][r] <= 0:
            break
        g, d, step, seat = (int(rows[c][r]) for c in ("game", "deal_set", "step", "seat"))
        game = api.new(seed, d)
        for a in decisions.actions[g][:step]:
            game.apply(a)
        v = decisions.values[r]
        taken, best = int(rows["action"][r]), int(rows["best"][r])
        words = (f"game {g}, {spec.deal} {int(rows['deal'][r]) + 1}, "
                 f"{part.position(game, seat)}: played {game.event_name(taken)} (worth "
                 f"{v[taken]:.1f}), best {game.event_name(best)} ({v[best]:.1f})")  # fmt: skip
        bots = ",".join(lineup[e] for e in seating_of[g])
        command = (f"trixsim deal --game {spec.name} --seed {seed} --id {g} --deal-set {d} "
                   f"--bots '{bots}'")  # fmt: skip
        out.append(Worst(lineup[int(rows["entry"][r])], float(rows["loss"][r]), words, command))
    return out
