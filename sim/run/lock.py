"""One writer per output folder: an exclusive lock held for the whole run.

``trixsim tournament`` takes ``<out>/.lock`` (``flock``, released by the kernel
when the process dies, however it dies) before it touches the folder, and
writes its pid and start time into it; a second writer is refused with a line
naming that process. ``trixsim report`` asks the lock whether a run whose
manifest says ``running`` is really running or died.
"""

from __future__ import annotations

import contextlib
import json
import os
from datetime import UTC, datetime
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no flock; the folder is not locked there
    fcntl = None

LOCK = ".lock"


class Busy(Exception):
    """The folder is locked by another live process; ``holder`` says which."""

    def __init__(self, holder: str):
        super().__init__(holder)
        self.holder = holder


def _holder(path: Path) -> str:
    try:
        info = json.loads(path.read_text())
        return f"process {info['pid']} (started {info['started']})"
    except (OSError, ValueError, KeyError, TypeError):
        return "another process"


class FolderLock:
    """The lock of ``folder``; :meth:`acquire` raises :class:`Busy` when it is held."""

    def __init__(self, folder: Path):
        self.path = Path(folder) / LOCK
        self.fd: int | None = None

    def acquire(self) -> FolderLock:
        if fcntl is None:
            return self
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise Busy(_holder(self.path)) from None
        info = {"pid": os.getpid(), "started": datetime.now(UTC).isoformat(timespec="seconds")}
        os.ftruncate(fd, 0)
        os.write(fd, (json.dumps(info) + "\n").encode())
        self.fd = fd
        return self

    def release(self) -> None:
        if self.fd is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self.fd, fcntl.LOCK_UN)
                os.close(self.fd)
            self.fd = None

    def __enter__(self) -> FolderLock:
        return self.acquire()

    def __exit__(self, *exc) -> None:
        self.release()


def held(folder: Path) -> str | None:
    """Who holds the lock of ``folder`` now (a live run), or None (nobody: no run, or a dead
    one). Never takes the lock for longer than the question."""
    path = Path(folder) / LOCK
    if fcntl is None or not path.is_file():
        return None
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return _holder(path)
    finally:
        os.close(fd)  # closing releases a lock we got
    return None
