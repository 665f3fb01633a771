"""``sim.report``: ``trixsim report`` as a Python function, for notebooks; the command is a
thin face of it.

It gives the report's data (:func:`sim.report.build_report`, plain JSON-able sections) as a
:class:`Report`, a dict whose :meth:`~Report.to_text`, :meth:`~Report.to_markdown` and
:meth:`~Report.to_json` are what ``trixsim report`` prints with ``--format table``,
``markdown`` and ``json``. A bad argument raises a
:class:`~sim.core.errors.TrixsimError` carrying the command's one-line error.
"""

from __future__ import annotations

from pathlib import Path

from sim.core.errors import UsageError
from sim.report.data import ReportError


class Report(dict):
    """The report's sections (``game``, ``runs``, ``win_rates``, ``ratings``, the game's
    own, and ``plots`` when they were written), with its three renderings."""

    def to_text(self) -> str:
        """``trixsim report``'s table."""
        from sim.report.render import render

        return render(self)

    def to_markdown(self) -> str:
        """``trixsim report --format markdown``."""
        from sim.report.render import render

        return render(self, markdown=True)

    def to_json(self) -> str:
        """``trixsim report --format json``."""
        from sim.report.render import to_json

        return to_json(self)

    def __str__(self) -> str:
        return self.to_text()


def _folders(runs) -> list[Path]:
    """Folders of runs given as a run (:class:`sim.run.result.Run`), a folder, or a list of
    them."""
    from sim.run.result import Run

    runs = [runs] if isinstance(runs, (str, Path, Run)) else runs
    return [r.local_folder() if isinstance(r, Run) else Path(r) for r in runs]


def report(runs, plots: str | Path | None = None, rate_games: int = 10_000) -> Report:
    """The report of one or more runs (``runs``: a :class:`~sim.run.result.Run` from
    :func:`sim.tournament`, a run's folder, or a list of them), as ``trixsim report DIRS``
    makes it: ``plots`` also writes its PNG plots into that folder (their paths under
    ``plots``), ``rate_games`` is the number of games OpenSkill rates (a uniform sample;
    0: all)."""
    from sim.report import build_report

    if rate_games < 0:
        raise UsageError(f"--rate-games must be 0 (all) or more, got {rate_games}")
    try:
        rep = Report(build_report(_folders(runs), rate_games))
    except ReportError as e:
        raise ReportError(f"report: {e}") from None
    if plots is not None:
        from sim.report.plots import write_plots

        try:
            written = write_plots(rep, Path(plots))
        except OSError as e:
            why = f"cannot write there ({e.strerror})"
            raise UsageError(f"report: --plots {plots}: {why}") from None
        rep["plots"] = [str(p) for p in written]
    return rep
