"""Worker processes die with the process that started them, however it ends.

On Linux a worker asks the kernel for SIGKILL when its parent dies
(``prctl(PR_SET_PDEATHSIG)``): after ``kill -9`` of ``trixsim tournament`` no
worker goes on writing part files, and the resource tracker, which waits for
the last holder of its pipe, exits with them. Elsewhere a thread watches the
parent's pid (it waits while a kernel holds the GIL, so a worker may finish its
chunk first).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int | None = None) -> None:
    """Call in a worker, first thing. ``parent``: the pid of the process that started it,
    passed by that process; the worker's own ``getppid()`` at this point would be the
    reaper's if the parent was killed while the worker was still starting (a spawned
    worker imports for about a second first), and the worker would then live on."""
    if parent is None:
        parent = os.getppid()
    if os.getppid() != parent:  # the parent is gone already
        os._exit(1)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
                if os.getppid() != parent:  # the parent died before the request: go now
                    os._exit(1)
                return
    threading.Thread(target=_watch, args=(parent,), daemon=True, name="trixsim-parent").start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)
