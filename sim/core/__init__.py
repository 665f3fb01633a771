"""The machinery every game shares. Nothing here imports a game.

Numba kernels (``@njit``): :mod:`.bits`, :mod:`.rng`, :mod:`.policies`, :mod:`.loop`
(the template of every game's compiled loop; :mod:`.binding` binds it per game).
Python: :mod:`.spec` and :mod:`.registry` (what a game is, and where they are),
:mod:`.cache` (the numba cache folder), :mod:`.loop_batch` (many games in one kernel
call), :mod:`.api` (the checked Python game), :mod:`.play` (whole games with
any bots), :mod:`.record` and :mod:`.replay` (game records).
"""
