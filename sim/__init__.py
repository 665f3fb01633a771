"""trixsim: fast, reproducible simulation of trick-taking card games and of their bots.

:mod:`sim.core` is the machinery every game shares (the compiled loop, the
checked Python game, records, the game registry); :mod:`sim.games` holds the
games, one package each; :mod:`sim.run` plays tournaments and writes their
Parquet tables; :mod:`sim.report` reads them; :mod:`sim.table` seats people at a
game; :mod:`sim.cli` is the ``trixsim`` command. Importing this package does
nothing but give the version; ``from sim import load_run`` (a run's tables for a
notebook, :mod:`sim.report.tidy`), ``analyse`` and ``quiz`` (:mod:`sim.analysis`) import
what they need when asked for.
"""

__version__ = "0.5.0"


# what ``from sim import X`` gives, each imported only when asked for (``import sim`` stays free)
_LAZY = {
    "tournament": ("sim.run.api", "tournament"),  # trixsim tournament: a Run
    "report": ("sim.report", None),  # trixsim report: the package is callable (a Report)
    "ladder": ("sim.ladder", None),  # trixsim ladder: the package is callable (the page)
    "deal": ("sim.core.commands", "deal"),  # trixsim deal: one game's record (a dict)
    "replay": ("sim.core.commands", "replay"),  # trixsim replay: each record's verdict
    "Run": ("sim.run.result", "Run"),  # what tournament gives: folder, manifest, tables
    "Interrupted": ("sim.run.result", "Interrupted"),  # a stopped tournament (resumable)
    "TrixsimError": ("sim.core.errors", "TrixsimError"),  # every user error, in one line
    "load_run": ("sim.report.tidy", "load_run"),  # a run's tables (pandas, pyarrow)
    "analyse": ("sim.analysis", "analyse"),  # trixsim analyse: where a bot loses its points
    "quiz": ("sim.analysis.quiz", "quiz"),  # trixsim quiz: a bot on the game's positions
    "AnalysisError": ("sim.analysis", "AnalysisError"),  # what both raise, in one line
}


def __getattr__(name: str):
    """``from sim import tournament`` (or ``report``, ``load_run``, ``analyse``, ``quiz``) for
    notebooks, imported only when asked for (they need pandas, pyarrow, numba; ``import
    sim`` must stay free)."""
    if name in _LAZY:
        import importlib

        module, attr = _LAZY[name]
        found = importlib.import_module(module)
        return found if attr is None else getattr(found, attr)
    raise AttributeError(f"module 'sim' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])
