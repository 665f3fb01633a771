"""``trixsim serve``: the table in the browser (``docs/web.md``).

- :mod:`.store` the SQLite file: tables, seats (token hashes only) and every move.
- :mod:`.tables` the table model: a :class:`sim.core.table.Session` (the checked game and
  its moves, as at the terminal), who holds each seat, bots, the grace period,
  pre-selections, the last trick, rebuilding a table from its moves.
- :mod:`.protocol` what a client may send, checked.
- :mod:`.views` what one seat is shown (built from the public slots and its own hand),
  and what a game's web part declares for it (``CardNotation``, ``TrickSlots``).
- :mod:`.app` the Starlette application: HTTP routes (the lobby's games, a game's own
  script) and the WebSocket.
"""
