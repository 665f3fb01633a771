"""The server's SQLite file (``DATA/tables.sqlite3``): tables, seats and every move, and
the notes a table keeps beside its moves (this deal's last-trick looks, pre-selections).

A move is written when it is applied and committed before anybody is shown it (before
the next message any client is sent, and within 50 ms in any case: one commit costs
~30 µs, a move in an open transaction ~2), so a restart loses no move anybody has seen;
everything else is committed at once. A table is rebuilt by replaying its moves through
the checked game from its seed (:class:`sim.web.tables.Table` replays them). A seat
stores the SHA-256 of its token, never the token. WAL mode: readers never wait for the
writer.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path

FILE = "tables.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seed TEXT NOT NULL,          -- 0 .. 2**64-1: more than SQLite's INTEGER holds
    bots TEXT NOT NULL,          -- JSON list: the bot spec of each seat
    status TEXT NOT NULL,        -- playing | over
    created REAL NOT NULL,       -- Unix time
    chosen INTEGER NOT NULL DEFAULT 0  -- 1: its seed was chosen by its creator
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,          -- person | bot
    token_sha256 TEXT,           -- a person's token, hashed; NULL for a bot
    name TEXT,                   -- the name a person chose (NULL: none, or a bot)
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,          -- 0, 1, 2, ... in the order applied
    seat INTEGER NOT NULL,
    action INTEGER NOT NULL,     -- the action id
    text TEXT NOT NULL,          -- its record notation (event_name)
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS notes (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    value TEXT NOT NULL          -- JSON: this deal's last-trick looks and pre-selections
);
"""


class StoreError(RuntimeError):
    """The data folder cannot be used; the message says why."""


@dataclass
class SavedTable:
    """One table as stored."""

    id: str
    game: str
    seed: int
    bots: list[str]
    status: str
    created: float
    seats: list[tuple[str, str | None]] = field(default_factory=list)  # (kind, token hash)
    names: dict[int, str] = field(default_factory=dict)  # seat -> the name its person chose
    moves: list[tuple[int, int, str]] = field(default_factory=list)  # (seat, action, text)
    notes: dict = field(default_factory=dict)  # what the table keeps beside its moves
    chosen: bool = False  # its seed was chosen by its creator (who may then know every hand)


class Store:
    """The tables of one data folder. Every call but :meth:`add_move` and :meth:`set_notes`
    commits before it returns; those wait for :meth:`commit`."""

    def __init__(self, folder: Path | str):
        folder = Path(folder)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(
                folder / FILE, isolation_level=None, check_same_thread=False, timeout=10
            )
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")  # WAL: durable across a crash
            self.db.executescript(SCHEMA)
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
            if "chosen" not in columns:  # a file of 0.5.0: its seeds' origin is unknown
                self.db.execute("ALTER TABLE tables ADD COLUMN chosen INTEGER NOT NULL "
                                "DEFAULT 0")  # fmt: skip
            if "name" not in {row[1] for row in self.db.execute("PRAGMA table_info(seats)")}:
                self.db.execute("ALTER TABLE seats ADD COLUMN name TEXT")  # a file of 0.6.0
        except (OSError, sqlite3.Error) as e:
            raise StoreError(f"cannot use the data folder {str(folder)!r} ({e})") from None
        self.lock = threading.Lock()  # one connection, whatever thread calls

    def close(self) -> None:
        with self.lock:
            self._commit()
            self.db.close()

    def commit(self) -> None:
        """Commit the moves written since the last commit (nothing to do: nothing done)."""
        if self.db.in_transaction:
            with self.lock:
                self._commit()

    def _commit(self) -> None:
        if self.db.in_transaction:
            self.db.execute("COMMIT")

    # -- writing -----------------------------------------------------------------------------
    def add_table(self, t: SavedTable) -> None:
        with self.lock:
            self._commit()  # the moves before: a failure here must not take them back
            self.db.execute("BEGIN")
            try:
                self.db.execute(
                    "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        t.id,
                        t.game,
                        str(t.seed),
                        json.dumps(t.bots),
                        t.status,
                        t.created,
                        int(t.chosen),
                    ),  # fmt: skip
                )
                self.db.executemany(
                    "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                    [(t.id, s, kind, h, t.names.get(s)) for s, (kind, h) in enumerate(t.seats)],
                )
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def set_seat(self, table_id: str, seat: int, kind: str, token_hash: str | None) -> None:
        with self.lock:
            self._commit()
            self.db.execute(
                "UPDATE seats SET kind = ?, token_sha256 = ? WHERE table_id = ? AND seat = ?",
                (kind, token_hash, table_id, seat),
            )

    def set_name(self, table_id: str, seat: int, name: str | None) -> None:
        with self.lock:
            self._commit()
            self.db.execute(
                "UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?", (name, table_id, seat)
            )

    def add_move(self, table_id: str, n: int, seat: int, action: int, text: str) -> None:
        """Written in the open transaction (begun if there is none); :meth:`commit` ends it."""
        self._pending("INSERT INTO moves VALUES (?, ?, ?, ?, ?)", (table_id, n, seat, action, text))

    def set_notes(self, table_id: str, notes: dict) -> None:
        """Written in the open transaction, as a move is."""
        self._pending("INSERT OR REPLACE INTO notes VALUES (?, ?)", (table_id, json.dumps(notes)))

    def _pending(self, sql: str, values: tuple) -> None:
        with self.lock:
            if not self.db.in_transaction:
                self.db.execute("BEGIN")
            self.db.execute(sql, values)

    def set_status(self, table_id: str, status: str) -> None:
        with self.lock:
            self._commit()
            self.db.execute("UPDATE tables SET status = ? WHERE id = ?", (status, table_id))

    # -- reading -----------------------------------------------------------------------------
    def load(self, table_id: str) -> SavedTable | None:
        """The table with its seats and moves, or None if there is none of that id."""
        with self.lock:
            row = self.db.execute(
                "SELECT id, game, seed, bots, status, created, chosen FROM tables WHERE id = ?",
                (table_id,),
            ).fetchone()
            if row is None:
                return None
            seats = self.db.execute(
                "SELECT kind, token_sha256, name FROM seats WHERE table_id = ? ORDER BY seat",
                (table_id,),
            ).fetchall()
            moves = self.db.execute(
                "SELECT seat, action, text FROM moves WHERE table_id = ? ORDER BY n",
                (table_id,),
            ).fetchall()
            notes = self.db.execute(
                "SELECT value FROM notes WHERE table_id = ?", (table_id,)
            ).fetchone()
        return SavedTable(
            row[0], row[1], int(row[2]), json.loads(row[3]), row[4], row[5],
            [(k, h) for k, h, _ in seats], {s: n for s, (_, _, n) in enumerate(seats) if n},
            [(s, a, t) for s, a, t in moves], json.loads(notes[0]) if notes else {}, bool(row[6]),
        )  # fmt: skip

    def delete(self, table_id: str) -> None:
        """Forget a table and everything of it (one nobody sat at)."""
        with self.lock:
            self._commit()
            self.db.execute("BEGIN")
            try:
                for name in ("moves", "seats", "notes"):
                    self.db.execute(f"DELETE FROM {name} WHERE table_id = ?", (table_id,))
                self.db.execute("DELETE FROM tables WHERE id = ?", (table_id,))
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def exists(self, table_id: str) -> bool:
        with self.lock:
            return (
                self.db.execute("SELECT 1 FROM tables WHERE id = ?", (table_id,)).fetchone()
                is not None
            )
