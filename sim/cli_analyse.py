"""``trixsim analyse`` and ``trixsim quiz``: the commands (:mod:`sim.cli` adds them to its
app); the work is :mod:`sim.analysis`."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from sim.cli_common import DEFAULT_GAME, GAME_HELP, CliError, _check_workers, _game, _split_specs


def analyse(
    run: Path = typer.Argument(..., help="A tournament folder (--out of tournament)."),
    bot: list[str] = typer.Option(
        None, "--bot", help="A bot of the run to analyse (repeat for more; default: every bot)."
    ),  # fmt: skip
    evaluator: str = typer.Option(
        None,
        "--evaluator",
        help="dd (double dummy: the true state, "
        "every hand seen) or sd:worlds=N (single dummy: what the "
        "seat knows; the default, at the game's worlds).",
    ),  # fmt: skip
    games: int = typer.Option(None, "--games", help="Analyse the first K games (default: all)."),
    worst: int = typer.Option(5, "--worst", help="How many of the worst decisions to show."),
    records: bool = typer.Option(
        False,
        "--records",
        help="Read the games from the run's "
        "records (--record-games), not by playing them again; a "
        "run whose bots decided by a time budget is always read so.",
    ),  # fmt: skip
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of Markdown."),
    plots: Path = typer.Option(None, "--plots", help="Also write PNG plots into this folder."),
    workers: int = typer.Option(1, "--workers", help="Worker processes."),
):
    """Value every decision of a run's bots and say where each loses its points."""
    from sim.analysis import AnalysisError
    from sim.analysis import analyse as run_analysis

    _check_workers(workers)
    try:
        a = run_analysis(run, bot or None, evaluator, games, worst, workers,
                         progress=sys.stderr.isatty(), records=records)  # fmt: skip
    except AnalysisError as e:
        raise CliError(f"analyse: {e}") from None
    if plots is not None:
        from sim.analysis.plots import write_plots

        try:
            written = write_plots(a, plots)
        except OSError as e:
            raise CliError(f"analyse: --plots {plots}: cannot write there ({e.strerror})") from None
        print(f"trixsim: {len(written)} plots written to {plots}", file=sys.stderr)
    print(a.to_json() if as_json else a.to_markdown(), end="" if not as_json else "\n")


def quiz(
    game: str = typer.Option(DEFAULT_GAME, "--game", help=GAME_HELP),
    bots: str = typer.Option(None, "--bots", help="Bot specs to quiz, comma-separated."),
    suite: Path = typer.Option(
        None, "--suite", help="A suite of positions (default: the game's shipped one)."
    ),  # fmt: skip
    seed: int = typer.Option(
        1,
        "--seed",
        help="Seed of the bots' answers; with --build, of the games the positions come from.",
    ),  # fmt: skip
    build: bool = typer.Option(False, "--build", help="Build a suite instead (with --out)."),
    out: Path = typer.Option(None, "--out", help="With --build: the Parquet file to write."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of Markdown."),
    workers: int = typer.Option(1, "--workers", help="Worker processes (--build)."),
):
    """Quiz bots on a fixed suite of valued positions: each one's loss, by phase."""
    from sim.analysis import AnalysisError
    from sim.analysis import quiz as q
    from sim.core.limits import MAX_SEED

    _check_workers(workers)
    if not 0 <= seed <= MAX_SEED:
        raise CliError(f"--seed must be from 0 to 2**64 - 1, got {seed}")
    spec = _game(game)
    if not spec.has("analysis"):
        raise CliError(f"quiz: {spec.name} has no analysis part: it has no quiz")
    try:
        if build:
            if out is None:
                raise CliError("quiz --build needs --out FILE, the Parquet file to write")
            frame, meta = q.build(spec.name, seed, workers, sys.stderr.isatty(), str(out))
            try:
                q.write(frame, meta, out)
            except OSError as e:
                raise CliError(f"quiz: --out {out}: cannot write there ({e.strerror})") from None
            print(f"trixsim: {len(frame):,} positions written to {out}", file=sys.stderr)
            return
        if not bots:
            raise CliError("quiz needs --bots A,B,... (or --build --out FILE)")
        result = q.quiz(spec.name, _split_specs(bots), suite, seed)
    except AnalysisError as e:
        raise CliError(f"quiz: {e}") from None
    print(result.to_json() if as_json else result.to_markdown(), end="\n" if as_json else "")
