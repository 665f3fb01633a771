"""``python -m sim.bench [--game NAME]``: measure, then write the table (see :mod:`sim.bench`)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
from pathlib import Path

from sim.bench import NOT_WHOLE, SCALE, out_dir
from sim.bench.rows import (
    end_to_end_rows,
    engine_rows,
    machine,
    openspiel_rows,
    python_engine_row,
    solver_rows,
    startup_rows,
    strength_rows,
)
from sim.bench.table import build, page

# one BLAS thread: numpy's matrix products (the linear policy's) would otherwise take both
# cores (Trix's linear policy measured 0.5-1.0 M decisions/s from run to run, 0.78 M every
# time with one), and every figure here is per core; the variables count only before numpy
# loads, so the bench starts itself again with them
ONE_BLAS_THREAD = {"OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def with_one_blas_thread() -> None:
    """Start ``python -m sim.bench`` again with :data:`ONE_BLAS_THREAD` unless it holds."""
    if all(os.environ.get(k) == v for k, v in ONE_BLAS_THREAD.items()):
        return
    argv = [sys.executable, "-m", "sim.bench", *sys.argv[1:]]
    os.execve(sys.executable, argv, {**os.environ, **ONE_BLAS_THREAD})


def no_targets(results: dict) -> list:
    return []


def strength_line_ups(every: tuple, scale: float = SCALE) -> tuple:
    """The strength tournaments to play: every one, or in a scaled run (the suite's smoke
    test, whose few games decide nothing) the one with ``oracle`` in it (else the first):
    each is a tournament of its own, seconds of start-up whatever its games."""
    if scale == 1:
        return every
    return (next((s for s in every if "oracle" in s[0]), every[0]),)


def measure_game(spec, about: dict, openspiel, whole: bool = True,
                 python: dict | None = None) -> tuple[dict, str]:  # fmt: skip
    """Every section for one game; its bench part (if any) adds strength and targets.
    ``whole=False`` (a scaled run's other games): not the start-up on a cold numba cache, the
    end-to-end tournaments, the solver's bots' self-play, the strength tournaments and the
    research API's speed (their targets then read "not measured"). ``python``: the plain-Python
    rules' measurements (``--python``)."""
    part = spec.part("bench") if spec.has("bench") else None
    results = {"machine": about | {"game": spec.name, "deal": spec.deal}, "ratios": {}}
    steps = [("engine", lambda: engine_rows(spec, solved=whole)),
             ("python", lambda: python_engine_row(spec, python)), ("openspiel", openspiel),
             ("tournament", (lambda: end_to_end_rows(spec)) if whole else (lambda: NOT_WHOLE)),
             ("startup", lambda: startup_rows(spec, whole))]  # fmt: skip
    if spec.has("solver"):
        steps.append(("solver", lambda: solver_rows(spec)))
    if spec.has("observation") and whole:
        from sim.bench.research import research_rows

        steps.append(("research", lambda: research_rows(spec)))
    if part is not None and part.STRENGTH and whole:
        steps.append(("strength", lambda: strength_rows(spec, strength_line_ups(part.STRENGTH))))
    for name, fn in steps:
        print(f"bench: {spec.name}: {name} …", file=sys.stderr, flush=True)
        results[name] = fn()
    return results, build(results, part.targets if part is not None else no_targets)


def main(argv: list[str] | None = None) -> None:
    from sim.core.registry import GameError, games, get

    parser = argparse.ArgumentParser(prog="python -m sim.bench", description=__doc__)
    parser.add_argument("--game", help="measure one game (default: every registered game)")
    parser.add_argument("--python", metavar="FILE",
                        help="the plain-Python rules' speed, as python -m tests.bench_python "
                             "wrote it (make bench does)")  # fmt: skip
    args = parser.parse_args(argv)
    python = None
    if args.python:
        try:
            python = json.loads(Path(args.python).read_text())
        except (OSError, ValueError) as e:
            sys.exit(f"bench: --python {args.python}: not a file of measurements ({e})")
    try:
        specs = [get(args.game)] if args.game else list(games().values())
    except GameError as e:
        sys.exit(f"bench: {e}")
    out = out_dir()
    out.mkdir(parents=True, exist_ok=True)
    about = machine()
    cache: dict = {}

    def openspiel():  # the same OpenSpiel figures for every game of the run
        if "rows" not in cache:
            cache["rows"] = openspiel_rows()
        return cache["rows"]

    results, sections = {}, []
    # a scaled run (the test suite's) compiles from nothing, plays the tournaments
    # (subprocesses whose start-up dwarfs their games) and the solver's bots (a game of
    # them is seconds at any scale) for one game only: the one of fewest seats (fewest
    # seatings a deal set: the cheapest)
    cheapest = min(specs, key=lambda s: (s.seats, s.name))
    for spec in specs:
        whole = SCALE == 1 or spec is cheapest
        results[spec.name], section = measure_game(spec, about, openspiel, whole, python)
        sections.append(section)
    stem = f"bench-{args.game}" if args.game else "bench"
    md = page(sections, about)
    (out / f"{stem}.json").write_text(json.dumps(results, indent=2) + "\n")
    (out / f"{stem}.md").write_text(md)
    print(md)


if __name__ == "__main__":
    with_one_blas_thread()
    threading.current_thread().name = "bench"
    main()
