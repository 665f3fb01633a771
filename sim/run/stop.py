"""Stopping a run: Ctrl-C and SIGTERM.

Both raise ``KeyboardInterrupt`` in the main thread wherever it is. If that is
inside a ``__del__`` or a weakref callback, Python only prints the exception and
goes on, and the run would play to its end; so the handlers also leave a flag,
which the runner checks after every chunk (:func:`check`): a run stops at its
next chunk at the latest, and the swallowed interrupt prints no traceback. A
library the interrupt strikes may turn it into an exception of its own; the
runner asks :func:`asked` before it calls a failure a failure.
"""

from __future__ import annotations

import signal
import sys

_received: list[int] = []  # the signals received since install()
_hook = [sys.unraisablehook]  # the report of swallowed exceptions install() found


def install() -> dict:
    """Handle Ctrl-C and SIGTERM as above; returns the previous handlers for
    :func:`restore`."""
    _received.clear()
    previous = {sig: signal.signal(sig, _handler) for sig in (signal.SIGINT, signal.SIGTERM)}
    previous["unraisablehook"] = _hook[0] = sys.unraisablehook
    sys.unraisablehook = _quiet_about_interrupts
    return previous


def restore(previous: dict) -> None:
    sys.unraisablehook = previous.pop("unraisablehook")
    for sig, handler in previous.items():
        signal.signal(sig, handler)


def terminated() -> bool:
    """Whether the run was asked to stop by SIGTERM (else by Ctrl-C, if at all)."""
    return signal.SIGTERM in _received


def asked() -> bool:
    """Whether a stop was asked for. The interrupt may have surfaced as another exception:
    raised inside a library (numba's dispatcher, say), it can leave a TypeError instead."""
    return bool(_received)


def check() -> None:
    """Raise ``KeyboardInterrupt`` if a stop was asked for, even one Python swallowed."""
    if _received:
        raise KeyboardInterrupt


def _handler(signum, frame):
    _received.append(signum)
    raise KeyboardInterrupt


def _quiet_about_interrupts(unraisable) -> None:
    """Python's report of an exception it swallowed, but none for our own interrupt."""
    if not (issubclass(unraisable.exc_type, KeyboardInterrupt) and _received):
        _hook[0](unraisable)


def quick_exit() -> None:
    """Skip the garbage collections of the interpreter's exit: over numba's compiled kernels
    they take a second or more (5 s after a compile) after the last line is printed, and a
    Ctrl-C should end the command at once. Memory is returned to the system all the same."""
    import atexit
    import gc

    atexit.unregister(gc.freeze)  # once, however often the command runs in one process
    atexit.register(gc.freeze)


def load_in_background(*modules: str) -> None:
    """Import ``modules`` in a thread: their import (the report's, with pyarrow's Parquet
    reader and compute functions) is then done while the run plays, and a stop prints its
    summary at once."""
    import importlib
    import threading

    def load() -> None:
        for m in modules:
            importlib.import_module(m)

    threading.Thread(target=load, daemon=True, name="trixsim-import").start()
