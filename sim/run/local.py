"""The local backend: a run's chunks played on worker processes of this machine.

A chunk is done when both of its part files exist; ``--resume`` plays the
chunks that are not. Ctrl-C stops the workers, keeps the finished chunks and
leaves the run ``incomplete``. ``trixsim tournament`` plays on workers even when
one is enough: the parent then waits in Python, where Ctrl-C reaches it at once,
instead of inside a kernel, which returns only at the end of its chunk.
"""

from __future__ import annotations

import atexit
import gc
import itertools
import multiprocessing as mp
import os
import signal
import sys
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path

import numpy as np

from sim.core.progress import progress_bar
from sim.run import stop
from sim.run.chunk import chunk_tables, statistics, warm_up
from sim.run.plan import Plan
from sim.run.store import (
    RECORDS,
    TournamentError,
    clean,
    done_chunks,
    now,
    tables,
    write_manifest,
)

# -- workers -------------------------------------------------------------------------------
# One thread per worker for numba and for every BLAS a batched bot's NumPy or torch may use:
# an unpinned BLAS spreads a batched MLP's small products over every core, fighting the other
# workers (23-62 µs a decision against ~8 µs pinned). Children inherit it: the BLAS reads it
# when it loads, before any task could set it.
ONE_THREAD = {k: "1" for k in ("NUMBA_NUM_THREADS", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS",
                               "MKL_NUM_THREADS")}  # fmt: skip


def _init_worker(parent: int) -> None:
    """Workers die with the parent (``parent``: its pid), and leave Ctrl-C and SIGTERM to
    it: it stops them and keeps the finished chunks."""
    from sim.run.parent import die_with_parent

    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    atexit.register(gc.freeze)  # no collections over the kernels at exit: it ends at once


def start_workers(n: int, game: str | None = None, bots: list[str] | None = None
                  ) -> ProcessPoolExecutor:  # fmt: skip
    """Spawn ``n`` worker processes and have them load numba and the game's engine now.

    A worker takes about a second to start; started first thing, it does so
    while the parent parses the line-up and prepares the output folder.
    Spawned, not forked (a forked process can hang in OpenMP), one numba
    thread each.
    """
    from sim.core.cache import configure

    configure()  # the workers inherit the cache folder instead of computing it again
    os.environ.update(ONE_THREAD)
    pool = ProcessPoolExecutor(
        max_workers=n,
        mp_context=mp.get_context("spawn"),
        initializer=_init_worker,
        initargs=(os.getpid(),),
    )
    pool.trixsim_ready = [pool.submit(warm_up, game, bots) for _ in range(n)]
    return pool


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the workers now, in the middle of a chunk if need be (a kernel cannot be asked to
    stop; SIGTERM ends it), and wait until they are gone. The pool's manager thread may
    trip over the futures of the workers it finds killed; its report is not shown: the run
    is being stopped, and the truth is on disk."""
    from concurrent.futures import process

    manager = getattr(process, "_ExecutorManagerThread", ())
    report = threading.excepthook

    def quiet(args) -> None:
        if not isinstance(args.thread, manager):
            report(args)

    threading.excepthook = quiet
    try:
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            proc.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
    finally:
        threading.excepthook = report


def play_chunk_to_disk(plan: Plan, out: str, i: int) -> tuple[int, int, dict, dict]:
    """Play chunk ``i`` and write its two part files. Returns (chunk, games, what it cost
    (:func:`sim.run.chunk.chunk_tables`), the part files' sizes and checksums)."""
    from sim.run.parquet import write_part

    deals, games, work = chunk_tables(plan, i)
    deal_dir, games_dir = tables(plan)
    stats = statistics(plan)
    parts = {deal_dir: write_part(deals, Path(out) / deal_dir, i, stats)}  # the deals first
    parts[games_dir] = write_part(games, Path(out) / games_dir, i, stats)
    return i, games.num_rows, work, parts


def add_timing(manifest: dict, plan: Plan, timing: list[dict]) -> None:
    """Add a chunk's bots' time per decision to the manifest's ``timing`` (per line-up
    entry: the bot, decisions timed, mean and 95th percentile in ms, and the merged record
    they come from). Measured, so it differs from run to run; kept across ``--resume``."""
    from sim.core.timing import described, merge

    old = manifest.get("timing")
    old = old if isinstance(old, list) and len(old) == len(timing) else None
    total = merge([{k: e[k] for k in ("timed", "ms", "hist")} for e in old] if old else None,
                  timing)  # fmt: skip
    manifest["timing"] = [{"bot": bot} | (described(e) or {"timed": 0}) | e
                          for bot, e in zip(plan.bots, total, strict=True)]  # fmt: skip


# -- the run -----------------------------------------------------------------------------
class Progress:
    """The progress bar and the manifest of a run, as every backend keeps them.

    ``finished`` counts a chunk on disk (the manifest is rewritten every 2 s, so
    a killed run says how far it got); ``close`` settles the manifest's status,
    time and speed from what is really on disk.
    """

    def __init__(self, plan: Plan, done_games: int, manifest: dict, save, progress: bool):
        self.bar = progress_bar(
            total=plan.games,
            initial=done_games,
            unit="game",
            disable=not progress,
            smoothing=0.1,
            file=sys.stderr,
        )
        self.plan, self.done_games, self.manifest, self.save = plan, done_games, manifest, save
        self.start = self.last_save = time.perf_counter()
        self.played = 0
        self.done: set[int] = set()  # chunks on disk
        self.settle = None  # a sequential test (sim.run.sequential.Stopper), if any
        self.settled: int | None = None  # the last chunk its verdict needs, once decided

    def follow(self, done: set[int], settle) -> None:
        """Count chunks from ``done`` (on disk already) and ask ``settle`` after each; it
        is asked now too: a resumed test may be decided by what is on disk."""
        self.done, self.settle = done, settle
        if settle is not None:
            self.settled = settle(done)

    def finished(self, n: int, chunk: int | None = None, parts: dict | None = None,
                 work: dict | None = None) -> None:  # fmt: skip
        """``n`` more games on disk (chunk ``chunk``, whose part files are ``parts``, and
        whose bots took ``work["timing"]``: added to the manifest's ``timing``)."""
        if parts is not None:
            self.manifest.setdefault("parts", {})[str(chunk)] = parts
        if work and work.get("timing"):
            add_timing(self.manifest, self.plan, work["timing"])
        if chunk is not None:
            self.done.add(chunk)
        if self.settle is not None and self.settled is None:
            self.settled = self.settle(self.done)
            self.bar.set_postfix_str(self.settle.progress(), refresh=False)
        self.played += n
        self.bar.update(n)
        stop.check()  # a Ctrl-C Python swallowed stops the run here
        now_ = time.perf_counter()
        if now_ - self.last_save > 2.0:
            self.manifest["games_done"] = self.done_games + self.played
            self.save(self.manifest)
            self.last_save = now_

    def close(self, status: str, done: set[int], until: int | None = None) -> None:
        """``done``: the chunks on disk now; ``until``: the chunks the run needs (all, or
        those a sequential test's verdict needed)."""
        self.bar.close()
        elapsed = time.perf_counter() - self.start
        m, plan = self.manifest, self.plan
        until = plan.n_chunks if until is None else until
        left = set(range(until)) - done
        m["games_done"] = min(plan.games, until * plan.chunk) - sum(
            len(plan.chunk_games(i)) for i in left)  # fmt: skip
        if left and status == "complete":
            status = "incomplete"
        m["status"] = status
        m["seconds"] = round(m.get("seconds", 0.0) + elapsed, 3)
        m["ended"] = now()
        m["games_per_second"] = round(self.played / elapsed, 1) if elapsed > 0 else None
        self.save(m)


def run(
    plan: Plan,
    out: Path,
    workers: int,
    manifest: dict,
    progress: bool = True,
    pool: ProcessPoolExecutor | None = None,
    settle=None,
) -> dict:
    """Play every chunk not yet on disk; update the manifest; return it.

    ``pool``: workers from :func:`start_workers`, else started here (``workers``
    of them); shut down at the end either way. Without a pool and with one
    worker the chunks are played in this process (for tests and callers that
    need that; Ctrl-C then stops the run when the chunk in play returns). Ctrl-C
    stops the workers, keeps the finished chunks and leaves the run marked
    ``incomplete`` for ``--resume``. ``settle`` (a sequential test,
    :class:`sim.run.sequential.Stopper`) is asked after every chunk on disk; once it names
    the last chunk its verdict needs, no chunk is started, and those played past it are set
    aside (:func:`sim.run.sequential.set_aside`).
    """
    todo = [i for i in range(plan.n_chunks) if i not in done_chunks(out, plan)]
    clean(out, plan)
    done_games = plan.games - sum(len(plan.chunk_games(i)) for i in todo)

    def save(m: dict) -> None:
        write_manifest(out, m)

    meter = None
    status = "complete"
    here = pool is None and workers <= 1
    manifest["backend"] = "local"
    manifest["workers"] = 1 if here else max(1, workers)
    try:
        t = time.perf_counter()
        if here:
            warm_up(plan.game, plan.bots)  # what the workers do before their first chunk
        else:
            pool = pool or start_workers(workers, plan.game, plan.bots)
            wait(getattr(pool, "trixsim_ready", []))
        # the run's clock starts when its players are ready (games_per_second is the speed
        # of play and writing); how long they took to start is kept beside it
        manifest["startup_seconds"] = round(time.perf_counter() - t, 3)
        meter = Progress(plan, done_games, manifest, save, progress)
        meter.follow(set(range(plan.n_chunks)) - set(todo), settle)
        if here:
            for i in todo:
                if meter.settled is not None:
                    break
                chunk, n, work, parts = play_chunk_to_disk(plan, str(out), i)
                meter.finished(n, chunk, parts, work)
        else:
            queue = iter(todo)
            running = {
                pool.submit(play_chunk_to_disk, plan, str(out), i)
                for i in itertools.islice(queue, 0 if meter.settled is not None else 2 * workers)
            }
            while running:
                ready, running = wait(running, return_when=FIRST_COMPLETED)
                for fut in ready:
                    chunk, n, work, parts = fut.result()
                    meter.finished(n, chunk, parts, work)
                    nxt = next(queue, None) if meter.settled is None else None
                    if nxt is not None:
                        running.add(pool.submit(play_chunk_to_disk, plan, str(out), nxt))
    except KeyboardInterrupt:
        status = "incomplete"
    except TournamentError:  # the manifest could not be written: said in its own words
        status = "failed"
        raise
    except Exception as e:  # a worker failed: keep what is done, say what broke
        status = "incomplete" if stop.asked() else "failed"
        if status == "failed":  # (else Ctrl-C struck inside a library, which raised its own)
            disk = isinstance(e, OSError) and e.strerror  # a full disk: no part was written
            what = f"{e.strerror} writing its part files" if disk else f"{type(e).__name__}: {e}"
            raise TournamentError(
                f"a chunk failed ({what}); finished chunks are kept, --resume --out {out} "
                "retries the rest"
            ) from None
    finally:
        if pool is not None and status == "complete":
            # every chunk is on disk and the workers are idle: they exit (0.3-0.4 s of
            # interpreter teardown) while the caller reads the summary
            pool.shutdown(wait=False)
        elif pool is not None:  # stopped: no worker may still be writing when we count
            stop_workers(pool)
        meter = meter or Progress(plan, done_games, manifest, save, False)  # stopped at start
        until, settled = None, meter.settled
        if settled is not None:  # a sequential test decided: what was played past it is set aside
            from sim.run.sequential import set_aside

            on_disk = done_chunks(out, plan)
            manifest["games_past_stop"] = manifest.get("games_past_stop", 0) + set_aside(
                out, plan, {i for i in on_disk if i > settled}, manifest)  # fmt: skip
            until = settled + 1
        meter.close(status, done_chunks(out, plan), until)
    return manifest


def write_records(plan: Plan, out: Path, k: int) -> None:
    """Full records (the game's RECORD.md) of the first ``k`` games, written atomically."""
    from sim.core.bots import parse_spec
    from sim.core.play import play_game
    from sim.core.record import dumps
    from sim.core.registry import get

    spec = get(plan.game)
    codec = spec.part("codec")
    lineup = [parse_spec(t, spec.name) for t in plan.bots]
    ids = np.arange(min(k, plan.games), dtype=np.int64)
    deal_sets, seating_ids = plan.layout(ids)
    tmp = out / f".{RECORDS}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        for g, d, s in zip(ids, deal_sets, seating_ids, strict=True):
            specs = [lineup[i] for i in plan.seatings[int(s)]]
            game = play_game(spec, specs, plan.seed, int(g), int(d))
            f.write(dumps(codec.game_record(game, int(g), [x.text for x in specs])) + "\n")
    os.replace(tmp, out / RECORDS)
