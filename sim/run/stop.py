"""Stopping a run: Ctrl-C and SIGTERM.

Both raise ``KeyboardInterrupt`` in the main thread wherever it is. If that is
inside a ``__del__`` or a weakref callback, Python only prints the exception and
goes on, and the run would play to its end; so the handlers also leave a flag,
which the runner checks after every chunk (:func:`check`): a run stops at its
next chunk at the latest.
"""

from __future__ import annotations

import signal

_received: list[int] = []  # the signals received since install()


def install() -> dict:
    """Handle Ctrl-C and SIGTERM as above; returns the previous handlers for
    :func:`restore`."""
    _received.clear()
    return {sig: signal.signal(sig, _handler) for sig in (signal.SIGINT, signal.SIGTERM)}


def restore(previous: dict) -> None:
    for sig, handler in previous.items():
        signal.signal(sig, handler)


def terminated() -> bool:
    """Whether the run was asked to stop by SIGTERM (else by Ctrl-C, if at all)."""
    return signal.SIGTERM in _received


def check() -> None:
    """Raise ``KeyboardInterrupt`` if a stop was asked for, even one Python swallowed."""
    if _received:
        raise KeyboardInterrupt


def _handler(signum, frame):
    _received.append(signum)
    raise KeyboardInterrupt
