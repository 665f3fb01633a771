"""``sim.tournament``: ``trixsim tournament`` as a Python function, for notebooks and for
the ladder; the command is a thin face of it.

It takes the command's options by the same names, defaults and checks: a bad one raises
a :class:`~sim.core.errors.TrixsimError` whose text is the command's one-line error (the
option named as ``--games``, say). It says on stderr only what the command says while it
plays (what is played where, compiling, the progress bar; ``quiet`` and ``progress`` turn
them off, ``say`` takes its lines elsewhere) and returns the run
(:class:`~sim.run.result.Run`): the closing summary is the caller's to print. Ctrl-C or
SIGTERM stops it as they stop the command: the finished chunks are kept, the manifest says
``incomplete``, and :class:`~sim.run.result.Interrupted` (a KeyboardInterrupt) is raised;
``resume=True`` with the same ``out`` finishes the run.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from sim.core.errors import UsageError
from sim.run.result import Interrupted, Run


def _stderr(line: str) -> None:
    print(line, file=sys.stderr)


def tournament(
    bots: str | None = None,
    games: int | None = None,
    seed: int | None = None,
    workers: int | None = None,
    out: str | Path | None = None,
    backend: str = "local",
    scheduler: str | None = None,
    chunk: int | None = None,
    record_games: int | None = None,
    resume: bool = False,
    no_duplicate: bool = False,
    game: str | None = None,
    sprt: str | None = None,
    alpha: float = 0.05,
    beta: float = 0.05,
    quiet: bool = False,
    progress: bool = True,
    *,
    say: Callable[[str], None] | None = None,
    command: list[str] | None = None,
) -> Run:
    """Play a fair, reproducible tournament and write its tables to Parquet in ``out``;
    the run. Everything is checked before any worker starts.

    The options are ``trixsim tournament``'s (``trixsim tournament --help``): ``bots`` a
    comma-separated line-up, ``games`` (with ``sprt`` the most to play), ``out`` the folder
    (default ``results/<time>-<line-up>``), ``resume`` finishes the run in ``out``.
    ``quiet``: no line on what is played or compiled, and no progress bar; ``progress``:
    the progress bar. ``say``: where the lines go (default: stderr). ``command``: the
    command line the manifest records (default: the ``trixsim tournament`` these options
    make)."""
    from sim.core import args
    from sim.run import stop
    from sim.run.backends import backend as make_backend
    from sim.run.compiling import compile_first, needed
    from sim.run.describe import default_bots, default_out, intro
    from sim.run.plan import Plan

    say = say or _stderr
    if backend not in ("local", "dask"):
        raise UsageError(f"--backend must be local or dask, got {backend!r}")
    if scheduler is not None and backend != "dask":
        raise UsageError("--scheduler needs --backend dask")
    args.check_workers(workers)
    url = out is not None and "://" in str(out)
    if url and backend != "dask":
        raise UsageError(f"--out {out}: a URL needs --backend dask (its workers write there)")
    out = str(out) if url else None if out is None else Path(out)
    given = {"--bots": bots, "--games": games, "--seed": seed, "--chunk": chunk,
             "--record-games": record_games, "--game": game,
             "--no-duplicate": no_duplicate or None, "--sprt": sprt}  # fmt: skip
    runner = lock = None
    # the handlers that make a stop leave the run resumable (signals: the main thread only)
    handlers = stop.install() if threading.current_thread() is threading.main_thread() else None
    try:
        runner = make_backend(backend, scheduler, out)
        if resume:
            drop = [name for name, v in given.items() if v is not None]
            if drop:
                raise UsageError(f"--resume takes the game, bots, seed, games and chunks from "
                                 f"the run's manifest; drop {', '.join(drop)}")  # fmt: skip
            if out is None:
                raise UsageError("--resume needs --out DIR, the folder of the run to finish")
            plan, manifest = runner.open_resume(out)
            spec = args.game(plan.game)
            lock = runner.lock(out)
            for line in runner.verify(out, plan, manifest):
                say(f"trixsim: {line}: its chunk is played again")
            test = manifest.get("sprt") if isinstance(manifest.get("sprt"), dict) else None
            decided = test is not None and test.get("verdict") in ("H0", "H1")
            if manifest.get("status") == "complete" and (decided or runner.complete(out, plan)):
                raise UsageError(f"--resume: the run in {out} is already complete")
        else:
            spec = args.game(game)
            bots = bots or default_bots(spec.name)
            texts = [s.text for s in args.specs(bots, spec)]
            if record_games is not None and record_games < 0:
                raise UsageError(f"--record-games must be 0 or more, got {record_games}")
            n = spec.default_games if games is None else games
            if games is None and sprt is not None:  # it stops by itself: --games is a bound
                from sim.run.sequential import most_games

                n = most_games(spec, texts)
            plan = Plan.make(spec, texts, 1 if seed is None else seed, n, chunk,
                             not no_duplicate)  # fmt: skip
            test = None
            if sprt is not None:
                from sim.run.sequential import configure

                try:
                    test = configure(sprt, alpha, beta, plan, bool(url))
                except ValueError as e:
                    raise UsageError(str(e)) from None
            out = out or default_out(args.split_specs(bots), spec.name)
            runner.check_out(out)
        left = plan.n_chunks if not resume else runner.left(out, plan)
        n_workers = max(1, min(workers or os.cpu_count() or 1, left))  # no idle worker
        records = manifest.get("record_games") if resume else record_games
        records = records if type(records) is int else 0
        # a cold cache is compiled here first, once, and the workers start after it; a
        # remote cluster compiles on its own machines
        pieces = needed(plan, records > 0) if scheduler is None else []
        if not pieces:  # the workers load the engine while the run is prepared
            runner.start(n_workers, out, spec.name, plan.bots)
        from sim.report.timing import warnings
        from sim.run.store import honesty

        if resume:
            manifest = runner.prepare(out, plan, command or [], True, manifest)
        else:
            if command is None:
                command = _command(given | {"--workers": workers, "--out": out,
                                            "--backend": None if backend == "local" else backend,
                                            "--scheduler": scheduler})  # fmt: skip
            manifest = runner.prepare(out, plan, command, False)
        try:  # from here on the manifest says "running": a stop must make it say otherwise
            if not resume:
                lock = runner.lock(out)
                manifest["record_games"] = record_games or 0
                if test is not None:
                    manifest["sprt"] = test
            if not quiet:
                say(intro(plan, spec, games, resume, left, n_workers, workers, backend,
                          scheduler, out))  # fmt: skip
            for line in warnings(honesty(plan)):  # a cheat or a time budget: even when quiet
                say(f"trixsim: warning: {line}")
            stop.load_in_background("sim.report")  # for the closing summary
            if pieces:
                spent = compile_first(plan, pieces, say=not quiet)
                manifest["compile_seconds"] = round(manifest.get("compile_seconds", 0) + spent, 3)
                runner.start(n_workers, out, spec.name, plan.bots)
            settle = None
            if test is not None:
                from sim.run.sequential import stopper

                settle = stopper(test, plan, out)
            manifest = runner.run(plan, out, n_workers, manifest, progress and not quiet, settle)
            if settle is not None:
                manifest["sprt"] = settle.manifest()
                runner.save(out, manifest)
        except KeyboardInterrupt:  # before the run could take it: the manifest tells the truth
            manifest["status"] = "incomplete"
            runner.save(out, manifest)
            raise Interrupted(None, runner.resume_hint(out), stop.terminated()) from None
        if manifest["status"] == "complete" and manifest.get("record_games"):
            runner.write_records(plan, out, manifest["record_games"])
        folder = runner.folder(out)
    finally:
        if runner is not None:
            runner.stop()  # a run that never started: bad input, or Ctrl-C
        if handlers is not None:
            stop.restore(handlers)
        if lock is not None:
            lock.release()
    run = Run(out, folder, manifest, plan, runner.resume_hint(out))
    if not run.complete:  # the runner took the stop: its finished chunks are on disk
        raise Interrupted(run, run.hint, stop.terminated())
    return run


def _command(options: dict) -> list[str]:
    """The ``trixsim tournament`` of these options (None: not given; True: a flag)."""
    line = ["trixsim", "tournament"]
    for name, value in options.items():
        if value is not None and value is not False:
            line += [name] if value is True else [name, str(value)]
    return line
