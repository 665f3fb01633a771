"""``sim.ladder(...)``: ``trixsim ladder`` as a Python function, with the command's names,
defaults and one-line errors (a :class:`~sim.ladder.roster.LadderError` is a
``TrixsimError``); it returns the page's path."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path


def ladder(game: str | None = None, out: str | Path = "docs/ladder", add: Iterable[str] = (),
           quick: bool = False, seed: int | None = None, workers: int | None = None,
           say: Callable[[str], None] | None = None) -> Path:  # fmt: skip
    """Play what the ladder of ``game`` in ``out`` lacks (``add``: bot specs to place too)
    and write its page; ``say`` takes its lines (default: stderr). KeyboardInterrupt
    leaves every pairing played so far, and the same call finishes it."""
    from sim.core import args
    from sim.core.errors import UsageError
    from sim.core.limits import MAX_SEED
    from sim.ladder import LadderError, run_ladder

    spec = args.game(game)
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise UsageError(f"--seed must be from 0 to 2**64 - 1, got {seed}")
    args.check_workers(workers)
    say = say or (lambda line: print(f"ladder: {line}", file=sys.stderr))
    try:
        return run_ladder(spec.name, Path(out), list(add), quick, seed, workers, say)
    except OSError as e:
        raise LadderError(f"cannot write in {out} ({e.strerror})") from None
