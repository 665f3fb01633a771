"""``trixsim tournament --backend dask``: the chunks of a run as Dask tasks.

The plan, the chunks and their tables are those of :mod:`sim.run.local`, so a
run gives the same rows whichever backend plays it. Each chunk is one task
(:func:`play_chunk`). Without ``--scheduler`` a ``LocalCluster`` of ``--workers``
processes (one thread, one numba thread each) is started; with it, the run uses
the cluster behind that scheduler, whose workers must have the same trixsim
installed (a task checks the digest of the engine's sources).

Output:

- ``--out DIR`` (a local folder): a task encodes its chunk's two part files and
  returns their bytes to the client, which writes them with
  :func:`sim.run.parquet.write_part` (hidden name, fsync, rename), as the local
  backend's workers do. Encoding on the workers keeps the client from capping
  the cluster: encoding Parquet costs about as much as playing a random game.
- ``--out URL`` (``s3://…``, ``gs://…``, ``file:///shared/…``: any filesystem
  fsspec knows): the workers write the part files there themselves, under a
  hidden name moved into place, and return only counts. The client writes the
  manifest there too.

A lost worker loses no games: the scheduler recomputes its tasks elsewhere and
the client writes each chunk once (with a URL, a recomputed chunk whose part
files are already in place is skipped, and a half-written one is rewritten under
the same name). Ctrl-C cancels the outstanding tasks and leaves the run
``incomplete``, resumable with ``--resume`` (any backend, for a folder).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import itertools
import json
import logging
import os
import signal
import sys
import tempfile
import time
import uuid
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from pathlib import Path

from sim.run import stop as stopping
from sim.run.chunk import chunk_tables, statistics, warm_up
from sim.run.local import ONE_THREAD, Progress, write_records
from sim.run.plan import Plan
from sim.run.store import (
    MANIFEST,
    RECORDS,
    TournamentError,
    clean,
    done_chunks,
    new_manifest,
    resumed_manifest,
    tables,
    write_manifest,
)

try:
    from distributed import WorkerPlugin
except ImportError:  # Dask is an optional extra; require() says how to install it
    WorkerPlugin = object

INSTALL = "pip install 'trixsim[dask]'"
RETRIES = 2  # a task that raises is retried this often; a lost worker's tasks rerun anyway
WRITERS = max(1, min(4, os.cpu_count() or 1))  # client threads writing part files


def require() -> None:
    """Raise a one-line TournamentError when Dask's distributed scheduler is missing."""
    try:
        import dask  # noqa: F401
        import distributed  # noqa: F401
    except ImportError:
        raise TournamentError(
            f"--backend dask needs Dask, which is not installed here; install it with: {INSTALL}"
        ) from None


def is_url(out) -> bool:
    """``--out`` names a filesystem by URL (``s3://bucket/run``, ``file:///shared/run``)."""
    return out is not None and "://" in str(out)


@functools.cache
def source_digest() -> str:
    """Digest of the trixsim sources a chunk's rows depend on (and of its version): the
    core, the runner, the games and the bots."""
    import bots
    from sim import __version__

    digest = hashlib.sha1(__version__.encode())
    sim_dir, bots_dir = Path(__file__).parent.parent, Path(bots.__file__).parent
    files = [f for sub in ("core", "run", "games") for f in sorted((sim_dir / sub).rglob("*.py"))]
    for f in files + sorted(bots_dir.rglob("*.py")):
        digest.update(str(f.relative_to(f.parent.parent)).encode())
        digest.update(f.read_bytes())
    return digest.hexdigest()[:16]


# -- output through fsspec ----------------------------------------------------------------
class UrlStore:
    """A run's output on an fsspec filesystem, given by URL."""

    def __init__(self, url: str):
        import fsspec

        self.url = url
        try:
            self.fs, root = fsspec.core.url_to_fs(url)
        except (ImportError, ValueError) as e:
            raise TournamentError(f"--out {url}: {str(e).splitlines()[0]}") from None
        self.root = root.rstrip("/")

    def path(self, *parts: str) -> str:
        return "/".join([self.root, *parts])

    def local_folder(self) -> Path | None:
        """The folder, when the URL names the local filesystem (``file://``)."""
        protocol = self.fs.protocol
        protocols = (protocol,) if isinstance(protocol, str) else protocol
        return Path(self.root) if "file" in protocols else None

    def names(self, sub: str) -> set[str]:
        try:
            return {p.rstrip("/").rsplit("/", 1)[-1] for p in self.fs.ls(self.path(sub), False)}
        except FileNotFoundError:
            return set()

    def done(self, plan: Plan) -> set[int]:
        from sim.run.parquet import part_name

        a, b = (self.names(sub) for sub in tables(plan))
        return {i for i in range(plan.n_chunks) if part_name(i) in a & b}

    def has_chunk(self, plan: Plan, i: int) -> bool:
        from sim.run.parquet import part_name

        return all(self.fs.exists(self.path(sub, part_name(i))) for sub in tables(plan))

    def clean(self, plan: Plan) -> None:
        """Remove the hidden leftovers of chunks in flight when a run was killed."""
        for sub in tables(plan):
            for name in self.names(sub):
                if name.startswith("."):
                    self.fs.rm(self.path(sub, name))

    def _put(self, name: str, write) -> None:
        """Write ``name`` atomically: ``write(f)`` into a hidden file, then move it in place."""
        folder, _, base = name.rpartition("/")
        tmp = self.path(*filter(None, [folder, f".{base}.{uuid.uuid4().hex[:12]}.tmp"]))
        with self.fs.open(tmp, "wb") as f:
            write(f)
            with contextlib.suppress(AttributeError, OSError, ValueError):
                f.flush()
                os.fsync(f.fileno())  # local and network filesystems; object stores have none
        self.fs.mv(tmp, self.path(name))

    def write_part(self, table, sub: str, i: int, stats: tuple[str, ...]) -> dict:
        """Write a part file; its size and checksum (for the manifest)."""
        from sim.run.parquet import parquet_bytes, part_name
        from sim.run.verify import fingerprint

        data = parquet_bytes(table, stats)
        self._put(f"{sub}/{part_name(i)}", lambda f: f.write(data))
        return fingerprint(data)

    def write_manifest(self, manifest: dict) -> None:
        data = (json.dumps(manifest, indent=2) + "\n").encode()
        self._put(MANIFEST, lambda f: f.write(data))

    def read_manifest(self) -> dict:
        try:
            data = json.loads(self.fs.cat_file(self.path(MANIFEST)))
        except FileNotFoundError:
            raise TournamentError(
                f"--resume: {self.url} has no {MANIFEST}; it is not a trixsim tournament"
            ) from None
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
            raise TournamentError(f"--resume: {self.url}/{MANIFEST} is not valid JSON") from None
        if not isinstance(data, dict):
            raise TournamentError(f"--resume: {self.url}/{MANIFEST} is not a JSON object")
        return data


class FolderStore:
    """A run's output in a local folder, written by the client (as the local backend does)."""

    def __init__(self, out: Path):
        self.out = Path(out)

    def done(self, plan: Plan) -> set[int]:
        return done_chunks(self.out, plan)

    def clean(self, plan: Plan) -> None:
        clean(self.out, plan)

    def write_chunk(self, plan: Plan, i: int, deals: bytes, games: bytes) -> dict:
        """The two part files a task encoded, written as the local workers write theirs;
        their sizes and checksums."""
        from sim.run.parquet import write_part

        deal_dir, games_dir = tables(plan)
        parts = {deal_dir: write_part(deals, self.out / deal_dir, i)}  # the deals first
        parts[games_dir] = write_part(games, self.out / games_dir, i)
        return parts

    def write_manifest(self, manifest: dict) -> None:
        write_manifest(self.out, manifest)


def prepare_url(url: str, plan: Plan, command: list[str], resume: bool,
                manifest: dict | None = None) -> dict:  # fmt: skip
    """:func:`sim.run.store.prepare` for an ``--out`` URL."""
    store = UrlStore(url)
    if resume:
        manifest = resumed_manifest(manifest)
        store.write_manifest(manifest)
        return manifest
    try:
        if store.fs.exists(store.root) and store.fs.ls(store.root, False):
            raise TournamentError(
                f"--out {url} exists and is not empty; choose a new location, or --resume it"
            )
        for sub in tables(plan):
            store.fs.makedirs(store.path(sub), exist_ok=True)
        manifest = new_manifest(plan, command)
        store.write_manifest(manifest)
    except OSError as e:
        raise TournamentError(f"--out {url}: cannot write there ({e})") from None
    return manifest


def read_manifest_url(url: str) -> dict:
    return UrlStore(url).read_manifest()


def write_records_url(plan: Plan, url: str, k: int) -> None:
    """:func:`sim.run.local.write_records`, then the file copied to the URL."""
    store = UrlStore(url)
    with tempfile.TemporaryDirectory() as tmp:
        write_records(plan, Path(tmp), k)
        data = (Path(tmp) / RECORDS).read_bytes()
    store._put(RECORDS, lambda f: f.write(data))


# -- the workers ---------------------------------------------------------------------------
class WorkerSetup(WorkerPlugin):
    """Runs on every worker before its first task (and on workers that join later)."""

    idempotent = True

    def __init__(self, local: bool = False, game: str | None = None):
        self.local = local
        self.game = game
        self.parent = os.getpid()  # the client's, whose LocalCluster starts the workers

    def setup(self, worker=None):
        if "numba" not in sys.modules:  # one numba thread per worker, as locally
            os.environ["NUMBA_NUM_THREADS"] = "1"
        if self.local:  # LocalCluster workers die with the client and leave Ctrl-C to it
            from sim.run.parent import die_with_parent

            die_with_parent(self.parent)
            with contextlib.suppress(ValueError):
                signal.signal(signal.SIGINT, signal.SIG_IGN)
        # load the engine now rather than in the first task (a worker without trixsim,
        # or with other sources, fails its first task instead, with a clear message)
        with contextlib.suppress(Exception):
            warm_up(self.game)


def play_chunk(plan: Plan, i: int, digest: str, url: str | None = None):
    """The task: play chunk ``i``. Returns (chunk, games, what it cost, part files).

    Without ``url`` the two part files' bytes travel back to the client; with it
    the worker writes them there and returns their sizes and checksums (None for a
    chunk an earlier run of this task wrote).
    """
    if digest != source_digest():
        raise RuntimeError(
            f"this worker has other trixsim sources (digest {source_digest()}) than the client "
            f"({digest}); install the same trixsim on every worker"
        )
    n = len(plan.chunk_games(i))
    stats = statistics(plan)
    if url is None:
        from sim.run.parquet import parquet_bytes

        deals, games, work = chunk_tables(plan, i)
        return i, n, work, (parquet_bytes(deals, stats), parquet_bytes(games, stats))
    store = UrlStore(url)
    if store.has_chunk(plan, i):  # written by an earlier run of this task whose worker was lost
        return i, n, None, None
    deals, games, work = chunk_tables(plan, i)
    deal_dir, games_dir = tables(plan)
    parts = {deal_dir: store.write_part(deals, deal_dir, i, stats)}
    parts[games_dir] = store.write_part(games, games_dir, i, stats)
    return i, n, work, parts


# -- the client ----------------------------------------------------------------------------
def _connect(scheduler: str | None, workers: int, out, game: str | None = None):
    from distributed import Client, LocalCluster

    cluster = None
    if scheduler:
        try:
            client = Client(scheduler, timeout="15s", set_as_default=False)
        except (OSError, TimeoutError, ValueError) as e:
            raise TournamentError(
                f"--scheduler {scheduler}: no Dask scheduler answers there "
                f"({str(e).splitlines()[0] if str(e) else type(e).__name__}); when it does: "
                f"trixsim tournament --resume --out {out} --backend dask --scheduler {scheduler}"
            ) from None
    else:
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,  # the kernels hold the GIL: one process per core
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.CRITICAL,  # lost workers are expected: their tasks rerun
            env=dict(ONE_THREAD),
        )
        client = Client(cluster, set_as_default=False)
    client.register_plugin(WorkerSetup(cluster is not None, game), name="trixsim-worker-setup")
    return client, cluster


def connect(scheduler: str | None, workers: int, out, game: str | None = None):
    """``(client, cluster)``: the scheduler's client, or a LocalCluster's (``cluster``, else
    None); a client's ``submit`` runs a task on a worker, as an executor's does."""
    require()
    return _connect_quietly(scheduler, workers, out, game)


def close(client, cluster) -> None:
    _close(client, cluster, set())


def start(scheduler: str | None, workers: int, out, game: str | None = None) -> Future:
    """Connect to the scheduler, or start a LocalCluster, in a thread, now.

    Like :func:`sim.run.local.start_workers`: the cluster starts and its workers
    load the engine while the client prepares the run. :func:`run` takes the
    connection; :func:`stop` closes one that no run took.
    """
    pool = ThreadPoolExecutor(1, thread_name_prefix="trixsim-connect")
    connection = pool.submit(_connect_quietly, scheduler, workers, out, game)
    pool.shutdown(wait=False)
    return connection


def _connect_quietly(scheduler, workers, out, game=None):
    with _sigint_blocked():  # the workers started from this thread ignore Ctrl-C
        return _connect(scheduler, workers, out, game)


def stop(connection: Future) -> None:
    with contextlib.suppress(Exception):
        _close(*connection.result(), set())


@contextlib.contextmanager
def _sigint_blocked():
    """Block SIGINT in this thread while the cluster starts: the threads it starts, the
    event loop's among them, inherit the mask, and so do the worker processes spawned from
    there (now and when a lost worker is replaced), through exec. Ctrl-C in the terminal
    then reaches the client alone, which cancels the tasks and stops the workers itself."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _close(client, cluster, pending) -> None:
    with contextlib.suppress(Exception):
        if client is not None:
            if pending:
                client.cancel(list(pending), force=True)
            client.close(timeout=10)
    with contextlib.suppress(Exception):
        if cluster is not None:
            cluster.close(timeout=10)


def _failure(e: Exception, out) -> str:
    what = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}".rstrip(": ")
    hint = "; install trixsim on every Dask worker" if isinstance(e, ImportError) else ""
    return (
        f"a chunk failed ({what}){hint}; finished chunks are kept, "
        f"--resume --out {out} --backend dask retries the rest"
    )


def run(
    plan: Plan,
    out,
    workers: int,
    manifest: dict,
    progress: bool = True,
    scheduler: str | None = None,
    connection: Future | None = None,
    settle=None,
) -> dict:
    """:func:`sim.run.local.run` on a Dask cluster: play every chunk not yet written.

    ``connection``: from :func:`start`, else made here; closed at the end either way.
    ``settle``: a sequential test, asked after every chunk written, as the local backend
    does (its part files are read from the run's folder: the client writes them there);
    once decided no task is added, the tasks waiting are cancelled, and chunks written
    past the verdict are set aside.
    """
    require()
    from distributed import as_completed

    url = str(out) if is_url(out) else None
    store = UrlStore(url) if url else FolderStore(Path(out))
    todo = sorted(set(range(plan.n_chunks)) - store.done(plan))
    store.clean(plan)
    done_games = plan.games - sum(len(plan.chunk_games(i)) for i in todo)
    manifest["backend"] = "dask"
    meter = None
    status = "complete"
    client = cluster = None
    pending: set = set()
    writer = ThreadPoolExecutor(WRITERS, thread_name_prefix="trixsim-write")
    writing: dict = {}  # write of a chunk -> (chunk, its games)
    try:
        t = time.perf_counter()
        connection = connection or start(scheduler, workers, out, plan.game)
        with _sigint_blocked():  # a Ctrl-C meanwhile is raised once client and cluster are set
            client, cluster = connection.result()
        # the clock starts when the cluster is up, as the local backend's when its workers are
        manifest["startup_seconds"] = round(time.perf_counter() - t, 3)
        meter = Progress(plan, done_games, manifest, store.write_manifest, progress)
        meter.follow(set(range(plan.n_chunks)) - set(todo), settle)
        finished = meter.finished
        threads = client.nthreads()
        manifest["dask"] = {
            "scheduler": scheduler or "LocalCluster",
            "workers": len(threads),
            "threads": sum(threads.values()),
            "output": "workers" if url else "client",
        }
        if progress and not threads:
            print("trixsim: the Dask cluster has no workers yet; the tasks wait for them",
                  file=sys.stderr)  # fmt: skip
        elif progress and max(threads.values()) > 1:
            print("trixsim: Dask workers with several threads play one chunk at a time "
                  "(the kernels hold the GIL); start them with --nthreads 1",
                  file=sys.stderr)  # fmt: skip
        digest = source_digest()
        run_id = uuid.uuid4().hex[:8]

        def submit(i: int):
            fut = client.submit(play_chunk, plan, i, digest, url,
                                key=f"trixsim-chunk-{i:06d}-{run_id}", retries=RETRIES)  # fmt: skip
            pending.add(fut)
            return fut

        def room() -> int:
            """Tasks to add: two per worker thread running or queued, and two more, no
            more (finished results wait in memory until the client has written them)."""
            if meter.settled is not None:
                return 0
            threads = client.nthreads()
            if settle is None:  # (else the bar shows the test's ratio)
                meter.bar.set_postfix_str(f"{len(threads)} workers", refresh=False)
            return 2 * sum(threads.values()) + 2 - len(pending)

        def drain(block: bool) -> None:
            """Count the chunks written to disk; with ``block``, wait for one at least."""
            done, _ = wait(writing, return_when=FIRST_COMPLETED) if block else (writing, None)
            for w in [w for w in done if w.done()]:
                parts = w.result()  # a failed write fails the run
                i, n, work = writing.pop(w)
                finished(n, i, parts, work)

        queue = iter(todo)
        first = [submit(i) for i in itertools.islice(queue, max(0, room()))]
        # results are fetched in the background as tasks finish; the client writes their
        # encoded part files in threads (writing and fsync release the GIL)
        ahead = as_completed(first, loop=client.loop, with_results=True)
        written: set[int] = set()
        for fut, (i, n, work, parts) in ahead:
            if meter.settled is not None:  # decided: the tasks still waiting are not needed
                break
            pending.discard(fut)
            fut.release()
            for nxt in itertools.islice(queue, max(0, room())):  # before writing: no idle worker
                ahead.add(submit(nxt))
            if i in written:  # each chunk once, whatever the scheduler reran
                continue
            written.add(i)
            if not isinstance(parts, tuple):  # written by the worker (sizes and checksums)
                finished(n, i, parts, work)
                continue
            writing[writer.submit(store.write_chunk, plan, i, *parts)] = (i, n, work)
            drain(block=len(writing) >= 2 * WRITERS)
        while writing:
            drain(block=True)
    except KeyboardInterrupt:
        status = "incomplete"
    except TournamentError:
        status = "failed"
        raise
    except Exception as e:  # a task failed (after its retries): keep what is done
        status = "incomplete" if stopping.asked() else "failed"
        if status == "failed":  # (else Ctrl-C struck inside a library, which raised its own)
            raise TournamentError(_failure(e, out)) from None
    finally:
        writer.shutdown(wait=True, cancel_futures=True)  # a chunk is on disk whole, or not at all
        meter = meter or Progress(plan, done_games, manifest, store.write_manifest, False)
        until, settled = None, meter.settled
        if settled is not None:  # decided: what was written past the verdict is set aside
            from sim.run.sequential import set_aside

            _close(client, cluster, pending)
            client = cluster = None
            past = {i for i in store.done(plan) if i > settled}
            manifest["games_past_stop"] = manifest.get("games_past_stop", 0) + set_aside(
                Path(out), plan, past, manifest)  # fmt: skip
            until = settled + 1
        if status == "complete":  # every chunk is written: the run ends before the cleanup
            meter.close(status, store.done(plan), until)
        _close(client, cluster, pending)  # (else a running task may still write its chunk)
        if status != "complete":
            meter.close(status, store.done(plan), until)
    return manifest
