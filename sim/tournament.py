"""``trixsim tournament``: plan a run, play it in chunks on worker processes, resume it.

A run is fixed by its arguments: the seed, the line-up, the number of games and
the chunk size. Game ``g`` plays deal set ``g // S`` under seating ``g % S``
(``S`` seatings of the line-up) with bot streams seeded by ``g``, so every row
is the same whichever worker plays it and however many there are. A chunk is
done when both of its part files exist; ``--resume`` plays the chunks that are
not. The manifest says what was asked and how far the run got.
"""

from __future__ import annotations

import itertools
import json
import math
import multiprocessing as mp
import os
import shutil
import signal
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from sim import __version__

MANIFEST = "manifest.json"
CONTRACTS = "contracts.parquet"
GAMES = "games.parquet"
RECORDS = "records.jsonl"


class TournamentError(Exception):
    """A run that cannot start or resume; the message says why and what to do."""


def seatings_for(n_bots: int) -> list[tuple[int, ...]]:
    """Every distinct seating of the line-up: which line-up entry sits at each seat.

    One bot: 1 seating. Two bots: each holds two seats, 6 seatings. Four: 24.
    """
    if n_bots == 1:
        return [(0, 0, 0, 0)]
    if n_bots == 2:
        return sorted(set(itertools.permutations((0, 0, 1, 1))))
    if n_bots == 4:
        return list(itertools.permutations(range(4)))
    raise TournamentError(
        f"--bots takes 1, 2 or 4 bot specs, got {n_bots}; for three bots, seat one twice "
        "in a four-seat line-up, e.g. --bots a,b,c,a"
    )


@dataclass
class Plan:
    """Everything that fixes a run's results; stored in the manifest."""

    bots: list[str]
    seed: int
    games: int
    chunk: int
    duplicate: bool = True
    seatings: list[list[int]] = field(default_factory=list)

    @property
    def n_chunks(self) -> int:
        return math.ceil(self.games / self.chunk)

    def chunk_games(self, i: int) -> np.ndarray:
        return np.arange(i * self.chunk, min(self.games, (i + 1) * self.chunk), dtype=np.int64)

    def layout(self, game_ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Deal set and seating index of each game."""
        s = len(self.seatings)
        if self.duplicate:
            return game_ids // s, game_ids % s
        return game_ids, game_ids % s  # a fresh deal every game, seatings still balanced

    @classmethod
    def make(cls, bots, seed, games, chunk, duplicate):
        seatings = [list(s) for s in seatings_for(len(bots))]
        s = len(seatings)
        if games < 1:
            raise TournamentError(f"--games must be at least 1, got {games}")
        games = math.ceil(games / s) * s  # whole deal sets: every seating of each deal
        if chunk is None:
            chunk = min(20_000, max(240, games // 64))
        if chunk < 1:
            raise TournamentError(f"--chunk must be at least 1, got {chunk}")
        chunk = math.ceil(chunk / s) * s
        return cls(list(bots), seed, games, chunk, duplicate, seatings)


# -- workers -------------------------------------------------------------------------------
def _init_worker() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and keeps finished chunks."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _warm_up() -> None:
    from bots.registry import load_bots
    from sim import batch, tables  # noqa: F401  (loads the cached kernels)

    load_bots()


def start_workers(n: int) -> ProcessPoolExecutor:
    """Spawn ``n`` worker processes and have them load numba and the engine now.

    A worker takes about a second to start; started first thing, it does so
    while the parent parses the line-up and prepares the output folder.
    Spawned, not forked (a forked process can hang in OpenMP), one numba
    thread each.
    """
    os.environ["NUMBA_NUM_THREADS"] = "1"
    pool = ProcessPoolExecutor(
        max_workers=n, mp_context=mp.get_context("spawn"), initializer=_init_worker
    )
    for _ in range(n):
        pool.submit(_warm_up)
    return pool


def chunk_tables(plan: Plan, i: int):
    """Play chunk ``i``: its contracts and games tables (Arrow) and its card plays."""
    from bots.registry import parse_spec
    from sim.batch import play_batch
    from sim.tables import contracts_table, games_table

    lineup = [parse_spec(t) for t in plan.bots]
    game_ids = plan.chunk_games(i)
    deal_sets, seating_ids = plan.layout(game_ids)
    seatings = np.asarray(plan.seatings, np.int8)[seating_ids]
    batch = play_batch(lineup, seatings, plan.seed, game_ids, deal_sets)
    args = (game_ids, deal_sets, seating_ids, seatings, list(plan.bots))
    contracts = contracts_table(batch.contracts, batch.games, *args)
    return contracts, games_table(batch.games, batch.shares, *args), batch.actions


def play_chunk_to_disk(plan: Plan, out: str, i: int) -> tuple[int, int, int]:
    """Play chunk ``i`` and write its two part files. Returns (chunk, games, card plays)."""
    from sim.tables import write_part

    contracts, games, actions = chunk_tables(plan, i)
    write_part(contracts, Path(out) / CONTRACTS, i)
    write_part(games, Path(out) / GAMES, i)
    return i, games.num_rows, actions


# -- the run -----------------------------------------------------------------------------
def done_chunks(out: Path, plan: Plan) -> set[int]:
    """Chunks whose both part files are in place."""
    from sim.tables import part_name

    return {
        i
        for i in range(plan.n_chunks)
        if (out / GAMES / part_name(i)).exists() and (out / CONTRACTS / part_name(i)).exists()
    }


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def write_manifest(out: Path, manifest: dict) -> None:
    tmp = out / f".{MANIFEST}.tmp"
    tmp.write_text(json.dumps(manifest, indent=2) + "\n")
    os.replace(tmp, out / MANIFEST)


def read_manifest(out: Path) -> dict:
    try:
        return json.loads((out / MANIFEST).read_text())
    except FileNotFoundError:
        raise TournamentError(
            f"--resume: {out} has no {MANIFEST}; it is not a trixsim tournament directory"
        ) from None
    except json.JSONDecodeError:
        raise TournamentError(f"--resume: {out / MANIFEST} is not valid JSON") from None


def new_manifest(plan: Plan, command: list[str]) -> dict:
    return {
        "tool": "trixsim tournament",
        "version": __version__,
        "command": command,
        "plan": asdict(plan),
        "lineup": plan.bots,
        "seed": plan.seed,
        "seatings": plan.seatings,
        "games_planned": plan.games,
        "games_done": 0,
        "status": "running",
        "started": _now(),
        "ended": None,
        "seconds": 0.0,
        "games_per_second": None,
    }


def resumed_manifest(manifest: dict, out) -> dict:
    """The manifest of a run to resume, checked and marked running again."""
    if manifest.get("tool") != "trixsim tournament" or "plan" not in manifest:
        raise TournamentError(f"--resume: {out} was not written by trixsim tournament")
    if manifest.get("status") == "complete":
        raise TournamentError(f"--resume: the run in {out} is already complete")
    manifest["resumed"] = manifest.get("resumed", 0) + 1
    manifest["status"] = "running"
    return manifest


def prepare(out: Path, plan: Plan, command: list[str], resume: bool) -> dict:
    """Create the output folder (or check the one to resume) and write the manifest."""
    if resume:
        manifest = resumed_manifest(read_manifest(out), out)
        write_manifest(out, manifest)
        return manifest
    if out.exists() and any(out.iterdir()):
        raise TournamentError(
            f"--out {out} exists and is not empty; choose a new folder, or --resume it"
        )
    created = not out.exists()
    try:
        for sub in (CONTRACTS, GAMES):
            (out / sub).mkdir(parents=True, exist_ok=True)
        manifest = new_manifest(plan, command)
        write_manifest(out, manifest)
    except OSError as e:
        if created:
            shutil.rmtree(out, ignore_errors=True)  # leave nothing behind
        raise TournamentError(f"--out {out}: cannot write there ({e.strerror})") from None
    return manifest


class Progress:
    """The progress bar and the manifest of a run, as both backends keep them.

    ``finished`` counts a chunk on disk (the manifest is rewritten every 2 s, so
    a killed run says how far it got); ``close`` settles the manifest's status,
    time and speed from what is really on disk.
    """

    def __init__(self, plan: Plan, done_games: int, manifest: dict, save, progress: bool):
        from tqdm import tqdm

        self.bar = tqdm(
            total=plan.games,
            initial=done_games,
            unit="game",
            disable=not progress,
            smoothing=0.1,
            dynamic_ncols=True,
            file=sys.stderr,
        )
        self.plan, self.done_games, self.manifest, self.save = plan, done_games, manifest, save
        self.start = self.last_save = time.perf_counter()
        self.played = 0

    def finished(self, n: int) -> None:
        self.played += n
        self.bar.update(n)
        now = time.perf_counter()
        if now - self.last_save > 2.0:
            self.manifest["games_done"] = self.done_games + self.played
            self.save(self.manifest)
            self.last_save = now

    def close(self, status: str, done: set[int]) -> None:
        """``done``: the chunks on disk now."""
        self.bar.close()
        elapsed = time.perf_counter() - self.start
        m, plan = self.manifest, self.plan
        left = set(range(plan.n_chunks)) - done
        m["games_done"] = plan.games - sum(len(plan.chunk_games(i)) for i in left)
        if m["games_done"] < plan.games and status == "complete":
            status = "incomplete"
        m["status"] = status
        m["seconds"] = round(m.get("seconds", 0.0) + elapsed, 3)
        m["ended"] = _now()
        m["games_per_second"] = round(self.played / elapsed, 1) if elapsed > 0 else None
        self.save(m)


def run(
    plan: Plan,
    out: Path,
    workers: int,
    manifest: dict,
    progress: bool = True,
    pool: ProcessPoolExecutor | None = None,
) -> dict:
    """Play every chunk not yet on disk; update the manifest; return it.

    ``pool``: workers from :func:`start_workers`, else started here; shut down
    at the end either way. Ctrl-C stops the workers, keeps the finished chunks
    and leaves the run marked ``incomplete`` for ``--resume``.
    """
    todo = [i for i in range(plan.n_chunks) if i not in done_chunks(out, plan)]
    for tmp in itertools.chain((out / CONTRACTS).glob(".*"), (out / GAMES).glob(".*")):
        tmp.unlink()  # leftovers of chunks that were in flight when a run was killed
    done_games = plan.games - sum(len(plan.chunk_games(i)) for i in todo)
    meter = Progress(plan, done_games, manifest, lambda m: write_manifest(out, m), progress)
    finished = meter.finished

    status = "complete"
    manifest["backend"] = "local"
    try:
        if workers <= 1 or len(todo) <= 1:
            for i in todo:
                finished(play_chunk_to_disk(plan, str(out), i)[1])
        else:
            pool = pool or start_workers(workers)
            queue = iter(todo)
            running = {
                pool.submit(play_chunk_to_disk, plan, str(out), i)
                for i in itertools.islice(queue, 2 * workers)
            }
            while running:
                ready, running = wait(running, return_when=FIRST_COMPLETED)
                for fut in ready:
                    finished(fut.result()[1])
                    nxt = next(queue, None)
                    if nxt is not None:
                        running.add(pool.submit(play_chunk_to_disk, plan, str(out), nxt))
    except KeyboardInterrupt:
        status = "incomplete"
    except Exception as e:  # a worker failed: keep what is done, say what broke
        status = "failed"
        raise TournamentError(
            f"a chunk failed ({type(e).__name__}: {e}); finished chunks are kept, "
            f"--resume --out {out} retries the rest"
        ) from None
    finally:
        if pool is not None and status == "complete":
            # every chunk is on disk and the workers are idle: they exit (0.3-0.4 s of
            # interpreter teardown) while the caller reads the summary
            pool.shutdown(wait=False)
        elif pool is not None:  # stopped: no worker may still be writing when we count
            for proc in list(getattr(pool, "_processes", {}).values()):
                proc.terminate()
            pool.shutdown(wait=True, cancel_futures=True)
        meter.close(status, done_chunks(out, plan))
    return manifest


def write_records(plan: Plan, out: Path, k: int) -> None:
    """Full records (RECORD.md) of the first ``k`` games, written atomically."""
    from bots.registry import parse_spec
    from sim.play import play_game
    from sim.record import dumps, game_record

    lineup = [parse_spec(t) for t in plan.bots]
    ids = np.arange(min(k, plan.games), dtype=np.int64)
    deal_sets, seating_ids = plan.layout(ids)
    tmp = out / f".{RECORDS}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        for g, d, s in zip(ids, deal_sets, seating_ids, strict=True):
            specs = [lineup[i] for i in plan.seatings[int(s)]]
            game = play_game(specs, plan.seed, int(g), int(d))
            f.write(dumps(game_record(game, int(g), [x.text for x in specs])) + "\n")
    os.replace(tmp, out / RECORDS)
