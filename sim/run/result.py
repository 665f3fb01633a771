"""What :func:`sim.tournament` gives back: a :class:`Run` (its folder, its manifest, its
tables as pandas, its report), or :class:`Interrupted` when Ctrl-C or SIGTERM stopped it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Run:
    """A tournament's run: ``out`` as given (a folder, or a URL of the Dask backend),
    ``folder`` its local folder (None when its tables are only at the URL), ``manifest``
    (manifest.json as written at its end), ``plan`` (the games, seatings and chunks it plays)
    and ``hint``, the options that finish it when it is incomplete
    (``trixsim tournament HINT``). Its tables are read from the folder when asked for."""

    out: Path | str
    folder: Path | None
    manifest: dict
    plan: object = field(repr=False)
    hint: str = field(repr=False, default="")

    @property
    def status(self) -> str:
        """``complete``, or ``incomplete`` (stopped; ``sim.tournament(out=…, resume=True)``
        finishes it)."""
        return self.manifest.get("status", "?")

    @property
    def complete(self) -> bool:
        return self.status == "complete"

    def local_folder(self) -> Path:
        """Its folder; ReportError when its tables are only at a URL."""
        if self.folder is None:
            from sim.report.data import ReportError

            raise ReportError(f"the run in {self.out} has no local folder to read its tables from")
        return self.folder

    def table(self, name: str = "seats"):
        """One of its tables as a pandas DataFrame (:func:`sim.load_run`): ``seats`` (a row per
        seat of each game), ``games``, ``deals`` (Trix's also as ``contracts``)."""
        from sim.report.tidy import load_run

        return load_run(self.local_folder(), name)

    def seats(self):
        """A row per seat of each game: the report's numbers are one groupby away."""
        return self.table("seats")

    def games(self):
        """The games table as written: one row per game."""
        return self.table("games")

    def deals(self):
        """The game's per-deal table (Trix's contracts)."""
        return self.table("deals")

    def contracts(self):
        """Trix's per-deal table by its own name (as :meth:`deals`)."""
        return self.table("contracts")

    def report(self, **options):
        """Its report, as :func:`sim.report` gives it (``plots``, ``rate_games``)."""
        from sim.report.api import report

        return report(self, **options)

    def summary(self) -> str:
        """The headline block ``trixsim tournament`` prints at the end of a run."""
        from sim.report import format_summary, summary

        return format_summary(summary([self.local_folder()]))


class Interrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM stopped :func:`sim.tournament`: the finished chunks are kept and the
    manifest says ``incomplete``; ``sim.tournament(out=…, resume=True)`` finishes the run.
    ``run``: the :class:`Run` as far as it got (None when it was stopped before playing),
    ``terminated``: whether by SIGTERM, ``hint``: the options that finish it."""

    def __init__(self, run: Run | None, hint: str, terminated: bool):
        why = "stopped (SIGTERM)" if terminated else "interrupted"
        super().__init__(f"{why}; finish with: trixsim tournament {hint}")
        self.run, self.hint, self.terminated = run, hint, terminated
