"""``trixsim replay``: play records back through their game and say where they break a rule.

The ``format`` tag of each line picks the game (a line without one is read as
a record of the ``--game`` given; a tag no game writes is refused, naming the
ones they do); the game's codec rebuilds the game move by move and raises
:class:`Mismatch` at the first event, choice, point or total the rules do not
give, in the words of the rule. :func:`not_records` names, in one line, the
files people give it by mistake (a saved table, a run folder, Parquet).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from sim.core.record import (
    MANIFEST_TOOL,
    TABLE_SAVE_FORMAT,
    RecordError,
    parse,
    read_lines,
    unknown_format,
)
from sim.core.registry import LEGACY_GAME, by_format, games
from sim.core.spec import GameSpec


class Mismatch(Exception):
    """The first place where a record departs from the rules."""


@dataclass
class Verdict:
    line: int
    game: int | None
    deals: int  # deals checked
    error: str | None  # None when the record is good
    game_name: str = ""

    @property
    def ok(self) -> bool:
        return self.error is None


def check_line(line_no: int, text: str | RecordError, default: GameSpec | None = None) -> Verdict:
    """Check one JSON line; a malformed one gets an error naming its line."""
    try:
        if isinstance(text, RecordError):  # a line that could not be read (not UTF-8)
            raise text
        rec = parse(text)
        tag = rec.get("format")
        spec = by_format(tag) or (default if tag is None else None)
        if spec is None:
            raise RecordError(unknown_format(tag, {g.record_format: n for n, g in games().items()}))
        codec = spec.part("codec")
        rec = codec.loads(rec)
    except RecordError as e:
        return Verdict(line_no, None, 0, f"line {line_no}: {e}")
    try:
        deals = codec.replay(rec)
    except Mismatch as e:
        return Verdict(line_no, rec["game"], 0, str(e), spec.name)
    return Verdict(line_no, rec["game"], deals, None, spec.name)


def check_file(source, default: GameSpec | None = None) -> list[Verdict]:
    """Every record of a file (a path, or a binary stream such as standard input)."""
    return [check_line(n, text, default) for n, text in read_lines(source)]


# -- files that hold no records ------------------------------------------------------------------
MANIFEST = "manifest.json"
RECORDS = "records.jsonl"  # a tournament's records (--record-games K)
READ_WHOLE = 16 << 20  # bytes of a file read to see whether it is one JSON document


def not_records(path: Path) -> str | None:
    """What ``path`` is, in one line saying what to run instead, when it cannot be a file
    of game records (a folder, Parquet, a saved table, a run's manifest); None when it may."""
    if path.is_dir():
        if (path / MANIFEST).is_file():
            return f"{path} is a tournament run, not a file of game records: {_run_hint(path)}"
        if path.name.endswith(".parquet") or any(path.glob("part-*.parquet")):
            return _parquet(path, "a folder of Parquet files")
        return f"{path} is a folder; give a JSON Lines file of records, or - for standard input"
    try:
        with open(path, "rb") as f:
            head = f.read(4)
    except OSError:
        return None  # the caller says why it cannot be read
    if head == b"PAR1":
        return _parquet(path, "a Parquet file")
    doc = _document(path)
    if doc.get("format") == TABLE_SAVE_FORMAT:
        return _saved_table(path, doc)
    if doc.get("tool") == MANIFEST_TOOL:
        return (f"{path} is the manifest of the tournament run {path.parent}, not game "
                f"records: {_run_hint(path.parent)}")  # fmt: skip
    return None


def _run_hint(run: Path) -> str:
    records = run / RECORDS
    if records.is_file():
        return f"its records are in {records}: trixsim replay {records}"
    return (f"it kept none (trixsim tournament --record-games K writes {RECORDS}); its tables: "
            f"trixsim report {run}")  # fmt: skip


def _parquet(path: Path, what: str) -> str:
    folder = path if path.is_dir() else path.parent
    run = folder.parent
    if folder.name.endswith(".parquet") and (run / MANIFEST).is_file():
        table = folder.name.removesuffix(".parquet")
        part = "" if path.is_dir() else "a part of "
        return (f"{path} is {what} ({part}the {table} table of the tournament run {run}), "
                f"not game records: read the run with trixsim report {run} (in Python: "
                "load_run, docs/tables.md)")  # fmt: skip
    return (f"{path} is {what}, not game records (JSON Lines): read it with pandas, or give "
            "its run's folder to trixsim report")  # fmt: skip


def _document(path: Path) -> dict:
    """The file as one JSON object (its first line, or a small file whole), or {}."""
    try:
        with open(path, "rb") as f:
            first = f.readline(READ_WHOLE)
            try:
                doc = json.loads(first)
            except ValueError:  # a document over many lines (a saved table)
                doc = json.loads(first + f.read(READ_WHOLE))
    except (OSError, ValueError, RecursionError):
        return {}
    return doc if isinstance(doc, dict) else {}


def _saved_table(path: Path, doc: dict) -> str:
    record = path.with_name(path.stem + ".record.jsonl")  # where a resumed table writes it
    moves = doc.get("actions") if isinstance(doc.get("actions"), list) else []
    what = (f"{path} is a saved table of trixsim play ({doc.get('game_name', LEGACY_GAME)}, seed "
            f"{doc.get('seed', '?')}, {'finished' if doc.get('finished') else 'unfinished'} "
            f"after {len(moves)} moves), not a game record: ")  # fmt: skip
    if doc.get("finished") and record.is_file():
        return what + f"its record is in {record}: trixsim replay {record}"
    play = f"trixsim play --resume {path} --save {record}"
    if doc.get("finished"):
        return what + f"{play} writes its record"
    return what + f"its record is written when the game ends: finish it with {play}"


def said(verdicts: list[Verdict], name: str, spec: GameSpec, quiet: bool, as_json: bool
         ) -> tuple[str, str]:  # fmt: skip
    """What ``trixsim replay`` prints of ``verdicts``: (standard output, standard error)."""
    import json

    bad = [v for v in verdicts if not v.ok]
    deals = sum(v.deals for v in verdicts)
    names = {v.game_name for v in verdicts if v.game_name} or {spec.name}
    deal = spec.deal if names == {spec.name} else "deal"
    if as_json:
        return json.dumps({
            "file": name, "games": len(verdicts), "good": len(verdicts) - len(bad),
            f"{deal}s": deals,
            "bad": [{"line": v.line, "game": v.game, "error": v.error} for v in bad],
        }) + "\n", ""  # fmt: skip
    if quiet:
        return "", ""
    out = "".join(f"{v.error}\n" for v in bad)
    if not verdicts:
        return out + f"{name}: no records\n", ""
    if not bad:
        return out + f"{name}: {_count(len(verdicts), 'game')}, {_count(deals, deal)}: all follow "\
            "the rules\n", ""  # fmt: skip
    verb = "breaks" if len(bad) == 1 else "break"
    return out, f"{name}: {len(bad):,} of {_count(len(verdicts), 'game')} {verb} the rules\n"


def _count(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"
