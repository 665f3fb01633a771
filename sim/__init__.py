"""trixsim: fast, reproducible simulation of trick-taking card games and of their bots.

:mod:`sim.core` is the machinery every game shares (the compiled loop, the
checked Python game, records, the game registry); :mod:`sim.games` holds the
games, one package each; :mod:`sim.run` plays tournaments and writes their
Parquet tables; :mod:`sim.report` reads them; :mod:`sim.table` seats people at a
game; :mod:`sim.cli` is the ``trixsim`` command. Importing this package does
nothing but give the version.
"""

__version__ = "0.5.0"
