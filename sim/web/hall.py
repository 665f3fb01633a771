"""The tables of one data folder (:class:`Hall`): made, joined, set aside to make room, and
rebuilt from the store after a restart; the routes of :mod:`.app` reach them through it."""

from __future__ import annotations

import asyncio
import math
import os
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from sim.core.table import lineup as seat_bots
from sim.web import views
from sim.web.guard import (
    DEFAULT_LIMITS,
    Limits,
    Sockets,
    Window,
    bounded,
    clipped,
    make_room,
    owner,
)
from sim.web.pace import Pace, Quick
from sim.web.review import Reviewer
from sim.web.store import SavedTable, Store
from sim.web.tables import BOT, PERSON, Table, TableError, hash_token, log, one_line

IDLE = 900.0  # seconds a table with nobody connected stays in memory
COMMIT_AFTER = 0.05  # seconds a written move may wait for its commit (none is sent before)

_BUILDING = threading.Lock()


def serially(fn, *args):
    """Build a table in one worker thread at a time: the first build of a game imports its
    parts and bots, and Python's imports (numba's above all) are not safe to race (twenty
    tables created at once on a fresh server failed without this)."""
    with _BUILDING:
        return fn(*args)


class Busy(TableError):
    """The server is full; try later (HTTP 503)."""


class TooMany(TableError):
    """This address made its tables for the minute (HTTP 429, ``Retry-After`` seconds)."""

    def __init__(self, message: str, after: float):
        super().__init__(message)
        self.after = after


def lineup(spec, texts: list[str]) -> tuple[list, list[str]]:
    """The bot spec at each seat (:func:`sim.core.table.lineup`, the creator at seat 0):
    one for all, one per seat after the creator's (the creator's seat takes the first), or
    one per seat; none that cheats or runs unbounded; each with its time budget clipped
    (:func:`sim.web.guard.clipped`), and the notes saying which were."""
    try:
        bots = seat_bots(spec, [0], texts, every_seat=True, files=False)  # no server's file
    except TableError as e:
        raise TableError(one_line(e)) from None  # as a client is sent it
    for b in bots:  # a table is for playing: no bot that sees every hand sits at one
        if b.info.sees_all:
            raise TableError(f"bot {b.info.name!r} sees every hand (it cheats): it plays in "
                             "tournaments as a bound, never at a table")  # fmt: skip
        if why := bounded(b):
            raise TableError(why)
    seated = [clipped(b, spec.name) for b in bots]
    notes = list(dict.fromkeys(note for _, note in seated if note))
    return [b for b, _ in seated], notes


class Hall:
    """Every table of one data folder: made, joined, loaded back after a restart."""

    def __init__(self, data_dir, grace: float = 20.0, delay: float = 0.3,
                 limits: Limits = DEFAULT_LIMITS, chosen_seeds: bool = False):  # fmt: skip
        self.store = Store(data_dir)
        self.grace, self.delay = grace, delay
        self.limits, self.chosen_seeds = limits, chosen_seeds
        self.creations = Window(limits.new_tables, 60.0)  # new tables per address a minute
        self.sockets = Sockets(limits)
        self.tables: dict[str, Table] = {}
        self.loading: dict[str, asyncio.Future] = {}
        self.pool = ThreadPoolExecutor(max(1, os.cpu_count() or 1), "trixsim-bot")
        self.pace, self.quick = Pace(), Quick()  # the bots' share of the loop; which are quick
        self.reviewer = Reviewer()  # finished deals valued, in a process of its own (#45.3)
        self.commit_due = False

    def commit_soon(self) -> None:
        """Commit the moves just written within 50 ms (and before any message is sent)."""
        if not self.commit_due:
            self.commit_due = True
            asyncio.get_running_loop().call_later(COMMIT_AFTER, self.commit)

    def commit(self) -> None:
        self.commit_due = False
        self.store.commit()

    async def create(self, game: str, texts: list[str], seed: int | None,
                     address: str = "", name: str | None = None) -> tuple[Table, str]:  # fmt: skip
        """A new table; its creator takes seat 0. Returns (table, his token). A seed chosen
        by the creator lets him know every hand: such a table seats no other person unless
        the server allows it (``--chosen-seeds``)."""
        from sim.core.registry import GameError, get

        key = owner(address)
        wait = self.creations.wait(key)
        if wait:
            raise TooMany(f"at most {self.limits.new_tables} new tables a minute from one "
                          f"address; try again in {math.ceil(wait)} s", wait)  # fmt: skip
        victims, why = make_room(list(self.tables.values()), key, self.limits)
        if why:
            raise Busy(why)
        for t in victims:  # nobody sat at it: gone; else stored, and back on the next visit
            self.forget(t) if t.joined else self.drop(t)
        try:
            spec = get(game)
            views.web_part(spec)
        except (GameError, ValueError) as e:  # unknown, or no web part to draw it with
            raise TableError(one_line(e)) from None
        token = secrets.token_urlsafe(24)
        saved = SavedTable(secrets.token_urlsafe(9), spec.name,
                           secrets.randbits(64) if seed is None else seed, [], "playing",
                           time.time(), [(PERSON, hash_token(token))]
                           + [(BOT, None)] * (spec.seats - 1),
                           names={} if name is None else {0: name},
                           chosen=seed is not None)  # fmt: skip

        def build() -> Table:
            bots, notes = lineup(spec, texts)
            saved.bots = [b.text for b in bots]
            table = Table(self, saved, spec, bots)
            table.seated_notes = notes
            return table

        table = await asyncio.to_thread(serially, build)
        table.owner = key
        self.store.add_table(saved)
        self._start(table)
        asyncio.get_running_loop().call_later(self.limits.unjoined, self._unjoined, table)
        return table, token

    def _unjoined(self, table: Table) -> None:
        if not table.joined and self.tables.get(table.id) is table:
            self.drop(table)

    def forget(self, table: Table) -> None:
        """Take a table a person sat at out of memory to make room: it is stored, and the
        next visit rebuilds it; anyone still watching is told so."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        if table.task:
            table.task.cancel()
        for c in list(table.clients):
            c.send({"type": "error", "message": "the server needed room: reload the page "
                    "to come back to this table"})  # fmt: skip
            c.close(4409, "table set aside")

    def drop(self, table: Table) -> None:
        """Forget a table nobody sat at, in memory and on disk (its link then finds nothing)."""
        del self.tables[table.id]
        if table.task:
            table.task.cancel()
        for c in list(table.clients):
            c.send({"type": "error", "message": "nobody sat at this table: it was closed"})
            c.close(4404, "table closed")
        self.store.delete(table.id)

    async def get(self, table_id: str) -> Table | None:
        """The table (loaded from the store and rebuilt if it is not in memory), or None."""
        if table_id in self.tables:
            return self.tables[table_id]
        if table_id in self.loading:
            return await asyncio.shield(self.loading[table_id])
        future = asyncio.get_running_loop().create_future()
        self.loading[table_id] = future
        table = None
        try:
            saved = self.store.load(table_id)
            if saved is not None:
                table = await asyncio.to_thread(serially, self._rebuild, saved)
                table.joined = True  # (a table is kept on disk once a person sat at it)
                self._start(table)
        except Exception as e:  # a damaged table, or a game or bot no longer installed
            log.error("table %s cannot be rebuilt: %s", table_id, one_line(e))
        finally:
            del self.loading[table_id]
            future.set_result(table)
        return table

    def _rebuild(self, saved: SavedTable) -> Table:
        from sim.core.bots import BotSpecError, parse_spec
        from sim.core.registry import get

        spec = get(saved.game)
        bots = []
        for text in saved.bots:
            try:
                bots.append(parse_spec(text, spec.name))
            except BotSpecError as e:  # the moves are stored: any bot can play on
                log.warning("table %s: %s; random plays instead", saved.id, one_line(e))
                bots.append(parse_spec("random", spec.name))
        return Table(self, saved, spec, bots)

    def _start(self, table: Table) -> None:
        self.tables[table.id] = table
        table.task = asyncio.get_running_loop().create_task(table.run())

    def idle(self, table: Table) -> None:
        """Nobody is connected: forget the table after :data:`IDLE` seconds of that, a
        finished one at once (its moves are stored; the next visit rebuilds it, and a
        finished game's record is read from them)."""

        def quiet() -> None:
            if not table.clients and (table.game.over or time.monotonic() - table.last_seen
                                      >= IDLE - 1):  # fmt: skip
                self.forget(table)

        if table.game.over:
            quiet()
        else:
            asyncio.get_running_loop().call_later(IDLE, quiet)

    async def close(self) -> None:
        tasks = [t.task for t in self.tables.values() if t.task]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.tables.clear()
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.reviewer.close()
        self.store.close()
