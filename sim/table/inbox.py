"""What a person types: lines read with ``select``, so that waiting never blocks play.

The same code serves a terminal and a script (a test driving ``trixsim play``).
"""

from __future__ import annotations

import os
import select
import time
from collections import deque


class Inbox:
    """Lines from a file descriptor, read with ``select`` so that waiting never blocks play."""

    def __init__(self, fd: int = 0):
        self.fd = fd
        self.buf = b""
        self.lines: deque[str] = deque()
        self.eof = False

    def fill(self, timeout: float | None) -> None:
        """Wait up to ``timeout`` seconds (None: forever) for more input and split it in lines."""
        if self.eof:
            if timeout:
                time.sleep(timeout)
            return
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            self.eof = True
            if self.buf.strip():
                self.lines.append(self.buf.decode("utf-8", "replace"))
            self.buf = b""
            return
        self.buf += data
        *done, self.buf = self.buf.split(b"\n")
        self.lines.extend(line.decode("utf-8", "replace").rstrip("\r") for line in done)

    def get(self) -> str:
        """The next line; EOFError once the input is closed and nothing is left."""
        while not self.lines:
            if self.eof:
                raise EOFError
            self.fill(None)
        return self.lines.popleft()
