"""A tournament that stops when its verdict is known: ``trixsim tournament --sprt D0,D1``.

The runner (:func:`sim.run.local.run`) calls a :class:`Stopper` after every chunk on disk.
It reads the paired differences of the chunks from the first on without a gap (a chunk's
deal sets follow its predecessor's), runs the sequential test over them in deal-set order
(:func:`sim.report.sprt.sequential`) and, once it is decided, names the last chunk the
verdict needed. The verdict is then the same whatever the workers and the order chunks
finished in; chunks the workers played past it are set aside (``past-stop/``), kept but
not counted, so the run's tables are the same too.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.core.registry import get
from sim.report.sprt import UNDECIDED, part_differences, sequential
from sim.run.parquet import part_name
from sim.run.plan import Plan

PAST_STOP = "past-stop"


class Stopper:
    """The sequential test of ``a`` against ``b`` (points of win share ``d0``, ``d1``)."""

    def __init__(self, plan: Plan, out: Path, a: str, b: str, d0: float, d1: float,
                 alpha: float, beta: float):  # fmt: skip
        self.plan, self.out, self.a, self.b = plan, Path(out), a, b
        self.d0, self.d1, self.alpha, self.beta = d0, d1, alpha, beta
        self.spec = get(plan.game)
        self.names = sorted(set(plan.bots))
        self.read: list[np.ndarray] = []  # differences of chunks 0, 1, ... read so far
        self.result = sequential([], d0 / 100, d1 / 100, alpha, beta)
        self.settled: int | None = None

    def __call__(self, done: set[int]) -> int | None:
        """The last chunk the verdict needs once it is decided, else None."""
        from sim.run.store import tables

        games_dir = tables(self.plan)[1]
        grew = False
        while self.settled is None and len(self.read) in done:
            i = len(self.read)
            path = self.out / games_dir / part_name(i)
            self.read.append(part_differences(path, self.out, self.spec, self.names,
                                              self.a, self.b))  # fmt: skip
            grew = True
        if grew:
            diffs = np.concatenate(self.read)
            self.result = sequential(diffs, self.d0 / 100, self.d1 / 100, self.alpha, self.beta)
            if self.result.verdict != UNDECIDED:
                ends = np.cumsum([len(d) for d in self.read])  # deal sets to each chunk's end
                self.settled = int(np.searchsorted(ends, self.result.deal_sets))
        return self.settled

    def progress(self) -> str:
        """The ratio between its bounds, for the progress bar."""
        r = self.result
        return f"LLR {r.llr:+.2f} in [{r.lower:.2f}, {r.upper:.2f}] over {r.deal_sets} deal sets"

    def manifest(self) -> dict:
        """What the manifest keeps of the test (the estimate in points of win share)."""
        r = self.result
        return {"a": self.a, "b": self.b, "d0": self.d0, "d1": self.d1, "alpha": self.alpha,
                "beta": self.beta, "verdict": r.verdict, "deal_sets": r.deal_sets,
                "llr": r.llr, "lower": r.lower, "upper": r.upper,
                "estimate": 100 * r.estimate, "ci": 100 * r.ci,
                "last_chunk": self.settled}  # fmt: skip


def set_aside(out: Path, plan: Plan, chunks, manifest: dict) -> int:
    """Move the part files of ``chunks`` (played past the verdict) to ``past-stop/``, out of
    the run's tables; the games moved."""
    from sim.run.store import tables

    moved = 0
    for i in sorted(chunks):
        for sub in tables(plan):
            src = out / sub / part_name(i)
            if src.exists():
                (out / PAST_STOP / sub).mkdir(parents=True, exist_ok=True)
                src.replace(out / PAST_STOP / sub / part_name(i))
        manifest.get("parts", {}).pop(str(i), None)
        moved += len(plan.chunk_games(i))
    return moved


MOST_DEAL_SETS = 1000  # a sequential run without --games plays at most this many


def most_games(spec, bots: list[str]) -> int:
    """The games of :data:`MOST_DEAL_SETS` deal sets of ``bots``: a sequential run's bound
    when ``--games`` is not given (a test needs about 70 deal sets at D1 - D0 a third of
    the spread, docs/evaluation.md; a game's default run, a minute of play, is often fewer)."""
    from sim.run.plan import seatings_for

    return MOST_DEAL_SETS * len(seatings_for(list(bots), spec.seats, spec.teams))


def configure(text: str, alpha: float, beta: float, plan: Plan, url: bool) -> dict:
    """The ``sprt`` block of a new run's manifest from ``--sprt D0,D1``, ``--alpha``,
    ``--beta``; ValueError in one line on anything the test cannot take (``url``: the run
    writes to a URL, where its workers put the part files the test would read)."""
    try:
        d0, d1 = (float(x) for x in text.split(","))
    except ValueError:
        raise ValueError(f"--sprt takes two numbers D0,D1 (points of win share, e.g. 0,2), "
                         f"got {text!r}") from None  # fmt: skip
    if not d1 > d0:
        raise ValueError(f"--sprt D0,D1 needs D1 > D0 (H1: a lead of D1 points), got {text}")
    for name, v in (("--alpha", alpha), ("--beta", beta)):
        if not 0 < v < 0.5:
            raise ValueError(f"{name} is an error rate between 0 and 0.5, got {v}")
    if url:
        raise ValueError("--sprt reads each chunk as it is written, from a folder of this "
                         "machine; give --out a folder, not a URL")  # fmt: skip
    bots = list(dict.fromkeys(plan.bots))
    if len(bots) != 2:
        raise ValueError(f"--sprt tests two bots against each other; --bots gave {len(bots)}: "
                         f"{', '.join(bots)}")  # fmt: skip
    return {"a": bots[0], "b": bots[1], "d0": d0, "d1": d1, "alpha": alpha, "beta": beta}


def stopper(s: dict, plan: Plan, out) -> Stopper:
    """The stopper of a run's ``sprt`` block (a new run's, or one read back to resume)."""
    return Stopper(plan, Path(out), s["a"], s["b"], s["d0"], s["d1"], s["alpha"], s["beta"])


def closing(manifest: dict) -> str:
    """The closing summary's line on the games set aside past the verdict ("" if none; the
    verdict itself is the summary's, :func:`sim.report.sprt.sentence`)."""
    past = manifest.get("games_past_stop", 0)
    return (f"({past:,} games the workers played past the verdict are kept in {PAST_STOP}/, "
            "not counted and not in the tables)") if past else ""  # fmt: skip
