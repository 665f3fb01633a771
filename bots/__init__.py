"""Bots that play Trix. Each module here registers its bots with :mod:`bots.registry`."""
