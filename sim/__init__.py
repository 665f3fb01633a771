"""trixsim: fast, reproducible simulation of trick-taking card games and of their bots.

:mod:`sim.core` is the machinery every game shares (the compiled loop, the
checked Python game, records, the game registry); :mod:`sim.games` holds the
games, one package each; :mod:`sim.run` plays tournaments and writes their
Parquet tables; :mod:`sim.report` reads them; :mod:`sim.table` seats people at a
game; :mod:`sim.cli` is the ``trixsim`` command. Importing this package does
nothing but give the version; ``from sim import load_run`` (a run's tables for a
notebook, :mod:`sim.report.tidy`) imports what it needs when asked for.
"""

__version__ = "0.5.0"


def __getattr__(name: str):
    """``from sim import load_run`` for notebooks, imported only when asked for (it needs
    pandas and pyarrow; ``import sim`` must stay free)."""
    if name == "load_run":
        from sim.report.tidy import load_run

        return load_run
    raise AttributeError(f"module 'sim' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), "load_run"])
