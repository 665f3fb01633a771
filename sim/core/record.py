"""Game records as JSON Lines: the parts every game's record codec shares.

A game's codec (``spec.part("codec")``) writes its records (``game_record``),
shape-checks a parsed line (``loads``) and replays one against its rules
(:mod:`sim.core.replay`); the ``format`` tag of a record says which game's codec
reads it (:func:`sim.core.registry.by_format`).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

# trixsim's JSON files that are not game records, which replay names when given one (their
# writers sit above the core): a table saved by `trixsim play` (sim.table.saved.SAVE_FORMAT)
# and a tournament's manifest (its "tool")
TABLE_SAVE_FORMAT = "trixsim/table-save@1"
MANIFEST_TOOL = "trixsim tournament"


class RecordError(ValueError):
    """A line that is not a well-formed game record; the message says what is wrong."""


def unknown_format(tag: object, formats: dict[str, str]) -> str:
    """The error for a record whose format tag no registered game writes: the tags that are
    known (``formats``: tag -> game), or what the tag is when trixsim wrote something else."""
    if tag == TABLE_SAVE_FORMAT:
        return (f"format is {tag!r}: a table saved by trixsim play, not a game record; "
                "trixsim play --resume FILE --save RECORD.jsonl writes its record")  # fmt: skip
    known = ", ".join(f"{f} ({game})" for f, game in formats.items()) or "none"
    return f"format is {tag!r}, which no registered game writes; registered formats: {known}"


def dumps(record: dict) -> str:
    """One record as one JSON line (no newline)."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def parse(line: str) -> dict:
    """A line as a JSON object; RecordError otherwise."""
    try:
        rec = json.loads(line)
    except json.JSONDecodeError as e:
        raise RecordError(f"malformed JSON ({e.msg} at column {e.colno})") from None
    except RecursionError:
        raise RecordError("malformed JSON (nested too deeply)") from None
    except ValueError as e:  # an integer of more digits than Python converts
        raise RecordError(f"malformed JSON ({str(e).split(';')[0]})") from None
    if not isinstance(rec, dict):
        raise RecordError("a record must be a JSON object")
    return rec


def expect_header(rec: dict, fmt: str, fields, exact: bool) -> None:
    """A record's format tag, its fields (``exact``: and no others) and its game id, an int
    of 0 or more (RECORD.md of every game)."""
    if rec.get("format") != fmt:
        raise RecordError(f"format is {rec.get('format')!r}, expected {fmt!r}")
    expect_fields(rec, fields, exact)
    expect(rec, "game", int)
    if rec["game"] < 0:
        raise RecordError(f"'game' must be 0 or more, got {rec['game']}")


def expect_results(rec: dict, seats: int, totals: int | None = None) -> None:
    """A record's per-seat lists: ``bots``, ``totals`` (``totals`` of them where a game keeps
    one per team), ``ranks``, ``win_share``."""
    expect_list(rec, "bots", str, seats)
    expect_list(rec, "totals", int, seats if totals is None else totals)
    expect_list(rec, "ranks", int, seats)
    expect_list(rec, "win_share", (int, float), seats)
    if not all(0 <= x <= 1 for x in rec["win_share"]):
        raise RecordError(f"'win_share' values are between 0 and 1, got {rec['win_share']}")


def expect_fields(obj: dict, fields, exact: bool, where: str = "") -> None:
    """Every one of ``fields`` is in ``obj`` (``exact``: and nothing else)."""
    for key in fields:
        if key not in obj:
            raise RecordError(f"{where}missing field {key!r}")
    extra = sorted(set(obj) - set(fields)) if exact else []
    if extra:
        raise RecordError(f"{where}unknown field {extra[0]!r}")


def expect(obj: dict, key: str, kind, where: str = "") -> None:
    """``obj[key]`` is of ``kind`` (never a bool standing for an int)."""
    if not isinstance(obj[key], kind) or isinstance(obj[key], bool):
        raise RecordError(f"{where}field {key!r} has the wrong type ({obj[key]!r})")


def expect_list(obj: dict, key: str, kind, n: int | None, where: str = "") -> None:
    """``obj[key]`` is a list (of ``n`` items, if given) of ``kind``."""
    v = obj[key]
    if not isinstance(v, list) or (n is not None and len(v) != n):
        size = f"of {n} " if n else ""
        raise RecordError(f"{where}field {key!r} must be a list {size}(got {v!r})")
    if not all(isinstance(x, kind) and not isinstance(x, bool) for x in v):
        raise RecordError(f"{where}field {key!r} has an item of the wrong type ({v!r})")


class NotText(RecordError):
    """A line that is not UTF-8."""


def read_lines(source: str | Path | BinaryIO) -> Iterator[tuple[int, str]]:
    """(line number, text) of each non-blank line of a file (or a binary stream, such as
    standard input); a line that is not UTF-8 is yielded as a :class:`NotText`."""
    with contextlib.ExitStack() as stack:
        f = source if hasattr(source, "read") else stack.enter_context(open(source, "rb"))
        for n, raw in enumerate(f, 1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                yield n, NotText(f"not UTF-8 text (byte {e.start + 1}); records are JSON Lines")
                continue
            if line.strip():
                yield n, line
