"""The games trixsim plays, one package each (``docs/games.md``: adding a game).

The machinery (:mod:`sim.core`, :mod:`sim.run`, :mod:`sim.report`, :mod:`sim.table`)
never imports these packages by name: it finds them through the entry point
group ``trixsim.games`` (:mod:`sim.core.registry`).
"""
