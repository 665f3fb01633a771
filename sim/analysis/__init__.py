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
from sim.run.store import RECORDS

__all__ = ["Analysis", "AnalysisError", "analyse"]


def analyse(run, bots: list[str] | None = None, evaluator: str | None = None,
            games: int | None = None, worst: int = 5, workers: int = 1,
            progress: bool = False, records: bool = False) -> Analysis:  # fmt: skip
    """Analyse the decisions of ``bots`` (line-up specs of the run; default all) in the run's
    first ``games`` finished games (default all) with ``evaluator`` (default the game's
    ``analysis.SD``). The games are played again from the manifest; with ``records``, or
    when the bots decided by a time budget, they are read from the run's records
    (``--record-games``). AnalysisError (one line) for what cannot be done."""
    from sim.core.bots import BotSpecError, parse_spec
    from sim.report.data import ReportError, open_run
    from sim.report.tidy import load_run

    start = time.perf_counter()
    try:
        r = open_run(Path(run))
        finished = load_run(run, "games")
    except ReportError as e:
        raise AnalysisError(str(e)) from None
    spec, plan = r.spec, r.manifest["plan"]
    if not spec.has("analysis") or not spec.has("solver"):
        raise AnalysisError(f"{spec.name} has no analysis part: its decisions cannot be valued")
    ev = parse_evaluator(evaluator or spec.part("analysis").SD, spec)
    lineup = list(plan["bots"])
    try:
        specs = [parse_spec(t, spec.name) for t in lineup]
    except BotSpecError as e:
        raise AnalysisError(f"{run}: its line-up no longer reads ({e})") from None
    timed = [s.text for s in specs if s.timed]
    recs = _records(Path(run), timed) if records or timed else None
    entries = _entries(bots, lineup, specs, spec.name)
    ids = np.sort(np.array(list(recs) if recs is not None else finished["game"], np.int64))
    if games is not None:
        if games < 1:
            raise AnalysisError(f"--games must be 1 or more, got {games}")
        ids = ids[:games]
    if worst < 0:
        raise AnalysisError(f"--worst must be 0 or more, got {worst}")
    n_seatings = len(plan["seatings"])
    deal_sets = ids // n_seatings if plan.get("duplicate", True) else ids
    seatings = [plan["seatings"][int(g) % n_seatings] for g in ids]
    seed = int(plan["seed"])
    chosen = None if recs is None else [recs[int(g)] for g in ids]
    for g, row, rec in zip(ids, seatings, chosen or [None] * len(ids), strict=True):
        if rec is not None and rec.get("bots") != [lineup[e] for e in row]:
            raise AnalysisError(f"{run}: the record of game {g} names bots {rec.get('bots')}, "
                                f"not the run's seating")  # fmt: skip
    decisions = _value(spec.name, lineup, seatings, seed, ids, deal_sets, entries, ev.text,
                       workers, progress, chosen)  # fmt: skip
    if recs is None:
        _check_replay(decisions, finished, spec.seats, run)
    part = spec.part("analysis")
    seat_games = {e: _seat_games(seatings, deal_sets, e) for e in entries}
    losses = [bot_loss(lineup[e], decisions.rows, e, part.PHASES, part.BANDS, seat_games[e])
              for e in entries]  # fmt: skip
    unit = "points of team win share" if spec.teams else "points of win share"
    where = f"{run}/{RECORDS}" if recs is not None else None
    return Analysis(spec.name, str(run), ev.text, unit, list(part.BANDS), list(part.PHASES),
                    len(ids), len(np.unique(deal_sets)), losses,
                    _worst(spec, decisions, lineup, seatings, ids, seed, worst, where),
                    time.perf_counter() - start, decisions)  # fmt: skip


def _records(run: Path, timed: list[str]) -> dict[int, dict]:
    """The run's records by game id; AnalysisError when it has none."""
    from sim.core.record import RecordError, parse, read_lines

    path = run / RECORDS
    why = (f"{', '.join(timed)} decided by a time budget, so its games cannot be played "
           f"again: " if timed else "")  # fmt: skip
    if not path.is_file():
        raise AnalysisError(f"{run}: {why}it has no records ({RECORDS}); play it with "
                            f"--record-games K to analyse its first K games")  # fmt: skip
    out = {}
    try:
        for n, line in read_lines(path):
            if not isinstance(line, str):
                raise line
            rec = parse(line)
            if not isinstance(rec.get("game"), int):
                raise AnalysisError(f"{path}, line {n}: not a game record")
            out[rec["game"]] = rec
    except (RecordError, OSError) as e:
        raise AnalysisError(f"{path}: {e}") from None
    if not out:
        raise AnalysisError(f"{path} holds no record")
    return out


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


def _value(game, lineup, seatings, seed, ids, deal_sets, entries, evaluator, workers, progress,
           records=None):  # fmt: skip
    """Every chosen decision of the games valued, on ``workers`` processes."""
    from sim.analysis.decisions import Job, value_all

    jobs = []
    for at in range(0, len(ids), GAMES_PER_TASK):
        sl = slice(at, at + GAMES_PER_TASK)
        jobs.append(Job(game, lineup, seatings[sl], seed, [int(g) for g in ids[sl]],
                        [int(d) for d in deal_sets[sl]], entries, evaluator,
                        records=None if records is None else records[sl]))  # fmt: skip
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


def _worst(spec, decisions, lineup, seatings, ids, seed, k, records=None) -> list[Worst]:
    """The ``k`` largest losses, each in words with the command that plays its game again
    (or, for a game read from ``records``, where its record is)."""
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
                   f"--bots '{bots}'") if records is None else f"game {g} of {records}"  # fmt: skip
        out.append(Worst(lineup[int(rows["entry"][r])], float(rows["loss"][r]), words, command))
    return out
