"""The training run as a function (:func:`train`), which ``trixsim train`` calls: the workers,
the rounds, a progress bar, the measurements of strength, and the learning curve
(``curve.csv`` and ``curve.png``: strength against each yardstick with its interval, over the
wall-clock minutes the training took).
"""

from __future__ import annotations

import csv
import math
import os
import sys
import time
from concurrent.futures import Future
from pathlib import Path

from sim.core.progress import progress_bar
from sim.learn.evaluate import strength
from sim.learn.selfplay import LearnError
from sim.learn.settings import Settings, ask_of, read_settings, write_settings
from sim.learn.train import CHECKPOINT, WEIGHTS, Trainer, yardsticks

CURVE = "curve.csv"


def check_out(out: Path, resume: bool) -> None:
    """A new run needs a folder that holds no run; ``resume`` one that does."""
    has = (out / CHECKPOINT).exists()
    if resume and not has:
        raise LearnError(f"--resume: {out} holds no training run (no {CHECKPOINT})")
    if not resume and out.exists() and any(out.iterdir()):
        hint = "; --resume goes on with it" if has else ""
        raise LearnError(f"--out {out} is not empty{hint}: name a new folder")


class InProcess:
    """An executor that runs each task at once, here (``pool="here"``: tests, a debugger)."""

    def submit(self, fn, *args, **kwargs) -> Future:
        done = Future()
        try:
            done.set_result(fn(*args, **kwargs))
        except Exception as e:  # as an executor would: raised by result()
            done.set_exception(e)
        return done


def train(
    settings: Settings | None = None,
    out: Path | str = "",
    resume: bool = False,
    workers: int | None = None,
    pool=None,
    progress: bool = True,
    say=None,
    more: dict | None = None,
    backend: str = "local",
    scheduler: str | None = None,
) -> Path:
    """Train (or, with ``resume``, go on training) in ``out``; returns its ``weights.npz``.

    ``pool``: an executor to play on (``submit``: local processes, a Dask client, or
    :class:`InProcess`); None starts ``workers`` local processes (default: one a core) and
    stops them at the end; ``backend="dask"`` plays on a Dask cluster instead (``scheduler``,
    or a LocalCluster of ``workers``): its workers read each round's weights from ``out``, so
    remote workers need ``out`` on a filesystem they share. ``more``: with ``resume``, a new
    ``rounds`` or ``minutes`` to go on to.
    """
    from sim.learn.model import require

    require()
    out = Path(out)
    check_out(out, resume)
    if resume:
        settings = read_settings(out)
        for key, value in (more or {}).items():
            if value:
                setattr(settings, key, value)
    if settings is None:
        raise LearnError("train: settings are needed for a new run")
    say = say or (lambda text: print(f"trixsim: {text}", file=sys.stderr, flush=True))
    workers = workers or os.cpu_count() or 1
    if backend not in ("local", "dask"):
        raise LearnError(f"--backend must be local or dask, got {backend!r}")
    own = pool is None
    cluster = None
    if own and backend == "dask":
        from sim.run.dask import connect
        from sim.run.store import TournamentError

        try:
            pool, cluster = connect(scheduler, workers, out, settings.game)
        except TournamentError as e:
            raise LearnError(str(e).replace("tournament", "train")) from None
    elif own:
        from sim.run.local import start_workers

        pool = start_workers(workers, settings.game, ["greedy"])
    for sub in ("rounds", "data"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    try:
        trainer = Trainer(out, settings, pool, workers)
        trainer.torch.set_num_threads(1)
        if resume:
            trainer.restore()
            say(f"resuming {out} at round {trainer.round}")
        else:
            write_settings(out, settings)
            trainer.start_weights()
        _loop(trainer, progress, say)
    finally:
        if own and backend == "dask":
            from sim.run.dask import close

            close(pool, cluster)
        elif own:
            from sim.run.local import stop_workers

            stop_workers(pool)
    return out / WEIGHTS


def _loop(trainer: Trainer, progress: bool, say) -> None:
    s = trainer.s
    total = s.rounds or int(s.minutes * 60)
    bar = progress_bar(
        total=total,
        initial=trainer.round if s.rounds else int(trainer.seconds),
        unit=" rounds" if s.rounds else " s",
        disable=not progress,
        file=sys.stderr,
        smoothing=0.1,
    )
    wall = time.perf_counter()
    try:
        if trainer.round == 0 and not s.history and s.measures:
            _measure(trainer, {"round": 0, "stage": "start", "rows": 0}, wall)
        while not trainer.done():
            before = trainer.seconds
            stats = trainer.play_round()
            bar.update(1 if s.rounds else int(trainer.seconds) - int(before))
            bar.set_postfix_str(f"{stats['stage']} loss {stats['loss']:.3f}", refresh=False)
            if _measure_now(trainer):
                _measure(trainer, stats, wall)
    finally:
        bar.close()


def _measure_now(trainer: Trainer) -> bool:
    """At the run's end, and at ``measures`` even steps of its rounds (or minutes) before."""
    s = trainer.s
    if not s.measures:
        return False
    if trainer.done():
        return True
    if s.rounds:
        return trainer.round % max(1, math.ceil(s.rounds / s.measures)) == 0
    last = s.history[-1]["train_minutes"] if s.history else 0.0
    return trainer.seconds / 60 - last >= s.minutes / s.measures


def _measure(trainer: Trainer, stats: dict, wall: float) -> None:
    """Strength against each yardstick now, as a row of the learning curve."""
    s = trainer.s
    weights = trainer.weights_path(trainer.round)
    row = {
        "round": trainer.round,
        "stage": stats["stage"],
        "rows": stats.get("rows", 0),
        "loss": stats.get("loss", math.nan),
        "agree": stats.get("agree", math.nan),
        "train_minutes": round(trainer.seconds / 60, 2),
    }
    for against in yardsticks(s):
        st = strength(
            s.game,
            f"neural:model={weights},stick=0",  # the network alone
            against,
            s.eval_sets,
            s.seed,
            trainer.pool,
            2 * trainer.workers,
        )
        key = against.split(":")[0]
        row |= {
            f"{key}": round(st.difference, 2),
            f"{key}_ci": round(st.ci, 2),
            f"{key}_sets": st.deal_sets,
        }
    s.history.append(row)
    write_settings(trainer.out, s)
    trainer.export(weights)  # now stamped with its strength
    trainer.export(trainer.out / WEIGHTS)
    write_curve(trainer.out, s.history, s.game, yardsticks(s))


def write_curve(out: Path, rows: list[dict], game: str, against: list[str]) -> None:
    """``curve.csv`` and ``curve.png`` from the measurements so far."""
    if not rows:
        return
    keys = list(dict.fromkeys(k for r in rows for k in r))
    tmp = out / f".{CURVE}.tmp"
    with open(tmp, "w", newline="") as f:
        w = csv.DictWriter(f, keys)
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, out / CURVE)
    from sim.learn.curve import plot

    plot(rows, out / "curve.png", game, against)


def new_settings(
    game: str,
    minutes: float | None = None,
    rounds: int | None = None,
    seed: int = 1,
    teacher: str | None = None,
    start: str | None = None,
    self_play: float = 0.0,
    hint: bool | None = None,
    views: bool | None = None,
    **more,
) -> Settings:
    """The settings of a new run, checked: LearnError names what is wrong in one line."""
    from sim.core.bots import BotSpecError, parse_spec
    from sim.core.registry import GameError, get

    try:
        spec = get(game)
    except GameError as e:
        raise LearnError(f"--game: {e}") from None
    if not spec.has("observation") or not spec.has("search"):
        raise LearnError(f"{game} has no observation or search part: a network cannot learn it")
    if rounds is not None and minutes is not None:
        raise LearnError("give --rounds (reproducible) or --minutes (a budget), not both")
    if rounds is not None and not 1 <= rounds <= 100_000:
        raise LearnError(f"--rounds must be from 1 to 100,000, got {rounds}")
    if minutes is not None and not 0 < minutes <= 7 * 24 * 60:
        raise LearnError(f"--minutes must be above 0 and at most a week (10,080), got {minutes}")
    if not 0 <= self_play <= 1:
        raise LearnError(
            f"--self-play must be from 0 to 1 (a share of the rounds), got {self_play}"
        )
    if not 0 <= seed < 2**64:
        raise LearnError(f"--seed must be from 0 to 2**64-1, got {seed}")
    teacher = teacher or default_teacher_text(spec)
    if hint is None:  # the game's own choice (its part learning), else none
        from sim.learn.train import default_hint

        hint = default_hint(spec)
    if views is None:  # the game's own choice (its part learning), else none
        from sim.learn.train import default_views

        views = default_views(spec)
    if views and not spec.has("symmetry"):
        raise LearnError(f"--views: {game} has no suit symmetry to read (no symmetry part)")
    ask = ask_of(teacher)
    try:
        t = parse_spec(ask.teacher, game) if ask.teacher else None
        if ask.rollout:  # the values' network: its weights checked before any game
            parse_spec(ask.rollout, game)
        if start:
            from sim.core.weights import loaded
            from sim.learn.train import check_start

            check_start(loaded(Path(start), spec)[0], spec, hint, views, start)
    except BotSpecError as e:
        raise LearnError(f"--teacher/--from: {e}") from None
    if t is not None and (t.info.kind != "numba" or t.timed):
        raise LearnError(
            f"--teacher {teacher}: a teacher is a numba bot without a time budget (it is asked "
            f"in compiled code, and its answers must be reproducible)"
        )
    teacher = t.text if t is not None else _resolved_net(teacher, spec)
    minutes = 60.0 if rounds is None and minutes is None else (minutes or 0.0)
    if spec.has("learning"):  # the game's own measurements of strength
        more.setdefault("eval_sets", spec.part("learning").EVAL_SETS)
    return Settings(
        game=spec.name,
        rounds=rounds or 0,
        minutes=minutes,
        seed=seed,
        teacher=teacher,
        imitate=1.0 - self_play,
        hint=hint,
        views=views,
        start=str(Path(start).resolve()) if start else "",
        **more,
    )


def _resolved_net(teacher: str, spec) -> str:
    """A values teacher's ``net=PATH`` as an absolute path, as ``--from``'s: a run resumed
    from another folder plays the same weights (a shipped file's name stays a name)."""
    from sim.core.bots import load_bots

    model = next(p for p in load_bots(spec.name)["neural"].params if p.name == "model")
    items = teacher.split(",")
    for i, item in enumerate(items):
        if item.startswith("net="):
            items[i] = f"net={model.absolute(item[4:])}"
    return ",".join(items)


def default_teacher_text(spec) -> str:
    from sim.learn.train import default_teacher

    return default_teacher(spec)


def default_out(game: str) -> Path:
    from datetime import datetime

    return Path("results") / f"train-{game}-{datetime.now().strftime('%Y%m%d-%H%M%S')}"
