"""``trixsim serve``: the table in the browser (``docs/web.md``).

- :mod:`.store` the SQLite file: tables, seats (token hashes only) and every move.
- :mod:`.tables` the table model: the checked game, who holds each seat, bots, the grace
  period, pre-selections, the last trick, rebuilding a table from its moves.
- :mod:`.protocol` what a client may send, checked.
- :mod:`.views` what one seat is shown (built from the public slots and its own hand).
- :mod:`.app` the Starlette application: HTTP routes and the WebSocket.
"""
