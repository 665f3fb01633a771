"""Bots' moves on the event loop, a slice at a time, so that people are answered first.

Bots that decide on the event loop (rule-based ones: quicker than a hop to a thread)
share it with every person's WebSocket. Two hundred tables whose bots all play at once
would fill each turn of the loop with hundreds of bot moves, and a person's move would
wait behind them: its answer comes only after the loop has read its socket, run its
handler and run its writer, three turns. :class:`Pace` gives the bots of all tables
together at most :data:`SLICE` seconds of each turn of the loop; a bot that finds the
slice spent waits for the next turn, after the loop has polled its sockets and run what
they woke. The bots lose no time overall (the loop is never idle while they wait), and
a person's move is answered within a few slices, however many tables are playing.

:class:`Quick` remembers which bots are quick: a game's bot spec whose decisions (at any
table) have taken under :data:`QUICK_SECONDS` on average, over at least
:data:`QUICK_AFTER` of them, decides on the loop, at every table, new ones included
(the hop to a thread and back costs more than a rule-based bot's move). A search, or any
bot until it is known, decides in a worker thread.
"""

from __future__ import annotations

import asyncio

SLICE = 0.001  # seconds of bot moves in one turn of the event loop, all tables together
QUICK_SECONDS, QUICK_AFTER = 0.002, 20  # a bot this quick on average, that many times


class Pace:
    """The event loop's time for bots: :meth:`turn` before a move, :meth:`spent` after."""

    def __init__(self, slice_seconds: float = SLICE):
        self.slice = slice_seconds
        self.used = 0.0  # seconds of bot moves in this turn of the loop
        self.renewing = False  # the next turn's fresh slice is scheduled

    async def turn(self) -> None:
        """Return when a bot may move: at once while this turn's slice lasts."""
        while self.used >= self.slice:
            if not self.renewing:  # runs first in the next turn, after the sockets' poll
                self.renewing = True
                asyncio.get_running_loop().call_soon(self._renew)
            await asyncio.sleep(0)

    def spent(self, seconds: float) -> None:
        self.used += seconds

    def _renew(self) -> None:
        self.used, self.renewing = 0.0, False


class Quick:
    """Which bots decide on the event loop, from the time their decisions took so far."""

    def __init__(self, seconds: float = QUICK_SECONDS, after: int = QUICK_AFTER):
        self.seconds, self.after = seconds, after
        self.seen: dict[tuple[str, str], tuple[int, float]] = {}  # (game, bot) -> n, seconds

    def on_loop(self, key: tuple[str, str]) -> bool:
        n, total = self.seen.get(key, (0, 0.0))
        return n >= self.after and total < self.seconds * n

    def took(self, key: tuple[str, str], seconds: float) -> None:
        n, total = self.seen.get(key, (0, 0.0))
        self.seen[key] = n + 1, total + seconds
