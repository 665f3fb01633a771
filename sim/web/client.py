"""One WebSocket connection of the browser table: its seat and what waits to go to it.

What a connection receives depends on what its seat may know and nothing else: its
messages are numbered by the connection (``seq`` 1, 2, 3, … of its own messages, not a
count of the table's changes, which would show that another seat did something
privately), and a view identical to the last one it was sent is not sent again (an
extra view after another seat's private choice, a K♥ it declined to announce, would
tell that it chose).
"""

from __future__ import annotations

import asyncio
from collections import deque

OUTBOX_LIMIT = 256  # messages waiting for one client: a client that far behind is closed
VIEW = None  # in a client's outbox: the table's view of its seat, drawn when it is sent


class Client:
    """One WebSocket connection: its seat (None: a spectator) and what is waiting to go to it.

    A view is drawn when it is sent, not when the table changes (each is the whole view):
    moves made while a client is being written to cost one view, not one each, and a slow
    client skips states instead of falling ever further behind."""

    def __init__(self, seat: int | None, draw=None):
        self.seat = seat
        self.draw = draw  # () -> the view message of this client's seat
        self.items: deque[dict | None] = deque()
        self.ready = asyncio.Event()
        self.closing: tuple[int, str] | None = None
        self.seq = 0  # messages numbered so far
        self.shown = None  # the last view sent

    def send(self, msg: dict | None = VIEW) -> None:
        """Queue ``msg``; without one, the seat's view as it will be when sent."""
        if self.closing or (msg is VIEW and self.items and self.items[-1] is VIEW):
            return
        self.items.append(msg)
        if len(self.items) > OUTBOX_LIMIT:
            self.items.clear()
            self.close(1008, "too far behind")
        self.ready.set()

    def close(self, code: int, reason: str) -> None:
        self.closing = self.closing or (code, reason)
        self.ready.set()

    async def next(self) -> dict | None:
        """The next message to send, numbered; None once the connection is to be closed."""
        while True:
            while not self.items:
                if self.closing:
                    return None
                self.ready.clear()
                await self.ready.wait()
            msg = self.items.popleft()
            if msg is VIEW:
                msg = self.draw()
                if msg.get("type") == "view":
                    if msg.get("view") == self.shown:
                        continue  # nothing this seat may know has changed
                    self.shown = msg.get("view")
            elif msg.get("type") == "view":
                self.shown = None  # (a view with the last trick: the next plain one differs)
            if "seq" in msg:
                self.seq += 1
                msg = dict(msg, seq=self.seq)
            return msg
