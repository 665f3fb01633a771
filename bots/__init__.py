"""The bots: ``bots/*.py`` play every game, ``bots/<game>/`` one game each.

Each module registers its bots with :mod:`sim.core.bots`.
"""
