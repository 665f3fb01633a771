"""``trixsim analyse``: the command; the work is :func:`sim.analysis.analyse`."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from sim.cli import CliError, _check_workers, app


@app.command()
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
                         progress=sys.stderr.isatty())  # fmt: skip
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
