"""``trixsim replay``: play records back through their game and say where they break a rule.

The ``format`` tag of each line picks the game (a line without a known tag is
read as a record of the ``--game`` given); the game's codec rebuilds the game
move by move and raises :class:`Mismatch` at the first event, choice, point or
total the rules do not give, in the words of the rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.core.record import RecordError, parse, read_lines
from sim.core.registry import by_format
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
        spec = by_format(rec.get("format")) or default
        if spec is None:
            raise RecordError(f"format is {rec.get('format')!r}, which no registered game writes")
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
