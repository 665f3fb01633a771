"""Game records (``trixsim/game-record@1``, ``../shared/RECORD.md``): write and read JSON Lines.

A record is written from a finished :class:`sim.game.Game`; :mod:`sim.replay`
plays one back through the same engine. Writing what replay rebuilt gives the
same line again, so a round trip is lossless.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from sim import layout as L
from sim.cards import format_hand
from sim.game import Game, action_name

FORMAT = "trixsim/game-record@1"
FIELDS = ("format", "game", "bots", "first_chooser", "contracts", "totals", "ranks",
          "win_share", "end")  # fmt: skip
CONTRACT_FIELDS = ("chooser", "choice", "contract", "hands", "events", "points", "totals")


class RecordError(ValueError):
    """A line that is not a well-formed game record; the message says what is wrong."""


def game_record(game: Game, game_id: int, bots: list[str]) -> dict:
    """The record of a finished game, keys in RECORD.md order."""
    if not game.over:
        raise ValueError("only a finished game has a record")
    ranks, shares = game.results()
    return {
        "format": FORMAT,
        "game": game_id,
        "bots": list(bots),
        "first_chooser": game.first_chooser,
        "contracts": [
            {
                "chooser": c.chooser,
                "choice": c.choice,
                "contract": L.CONTRACT_NAMES[c.contract],
                "hands": [format_hand(h) for h in c.hands],
                "events": [f"{seat}:{action_name(a)}" for seat, a in c.events],
                "points": c.points,
                "totals": c.totals,
            }
            for c in game.contracts
        ],
        "totals": game.totals,
        "ranks": ranks,
        "win_share": shares,
        "end": game.end,
    }


def dumps(record: dict) -> str:
    """One record as one JSON line (no newline)."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def loads(line: str) -> dict:
    """Parse and shape-check one line; RecordError says what is missing or wrong."""
    try:
        rec = json.loads(line)
    except json.JSONDecodeError as e:
        raise RecordError(f"malformed JSON ({e.msg} at column {e.colno})") from None
    if not isinstance(rec, dict):
        raise RecordError("a record must be a JSON object")
    if rec.get("format") != FORMAT:
        raise RecordError(f"format is {rec.get('format')!r}, expected {FORMAT!r}")
    for key in FIELDS:
        if key not in rec:
            raise RecordError(f"missing field {key!r}")
    _expect(rec, "game", int)
    _expect(rec, "first_chooser", int)
    _expect_list(rec, "bots", str, 4)
    _expect_list(rec, "totals", int, 4)
    _expect_list(rec, "ranks", int, 4)
    _expect_list(rec, "win_share", (int, float), 4)
    if not isinstance(rec["contracts"], list) or not rec["contracts"]:
        raise RecordError("'contracts' must be a non-empty list")
    for i, c in enumerate(rec["contracts"], 1):
        if not isinstance(c, dict):
            raise RecordError(f"contract {i} must be a JSON object")
        for key in CONTRACT_FIELDS:
            if key not in c:
                raise RecordError(f"contract {i}: missing field {key!r}")
        _expect(c, "chooser", int, f"contract {i}: ")
        _expect(c, "choice", int, f"contract {i}: ")
        _expect(c, "contract", str, f"contract {i}: ")
        _expect_list(c, "hands", str, 4, f"contract {i}: ")
        _expect_list(c, "events", str, None, f"contract {i}: ")
        _expect_list(c, "points", int, 4, f"contract {i}: ")
        _expect_list(c, "totals", int, 4, f"contract {i}: ")
    return rec


def _expect(obj: dict, key: str, kind, where: str = "") -> None:
    if not isinstance(obj[key], kind) or isinstance(obj[key], bool):
        raise RecordError(f"{where}field {key!r} has the wrong type ({obj[key]!r})")


def _expect_list(obj: dict, key: str, kind, n: int | None, where: str = "") -> None:
    v = obj[key]
    if not isinstance(v, list) or (n is not None and len(v) != n):
        size = f"of {n} " if n else ""
        raise RecordError(f"{where}field {key!r} must be a list {size}(got {v!r})")
    if not all(isinstance(x, kind) and not isinstance(x, bool) for x in v):
        raise RecordError(f"{where}field {key!r} has an item of the wrong type ({v!r})")


def read_lines(path: str | Path) -> Iterator[tuple[int, str]]:
    """(line number, text) of each non-blank line."""
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                yield n, line
