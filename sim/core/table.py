"""A game at a table, the same for every front-end: ``trixsim play`` (:mod:`sim.table`) and
``trixsim serve`` (:mod:`sim.web`) both seat people and bots with :func:`lineup`, and
refuse what they refuse with one :class:`TableError`."""

from __future__ import annotations

from sim.core.errors import TrixsimError

HUMAN = "human"  # a person's seat in a record's bots, a saved table's and a stored one's
GAME_ID = 0  # a table's game is game 0 of its seed: the deals of `trixsim deal --seed S`

__all__ = ["GAME_ID", "HUMAN", "TableError", "lineup", "one_line"]


class TableError(TrixsimError, ValueError):
    """A request or option a table refuses; the message says what is wrong, in one line."""


def one_line(text) -> str:
    return " ".join(str(text).split())[:300]


def lineup(spec, humans: list[int], texts: list[str], *, every_seat: bool = False,
           files: bool = True) -> list:  # fmt: skip
    """The bot spec at each seat from the people's seats and the bot specs given: one spec
    for every empty seat, or one per empty seat. A person's seat has None; with
    ``every_seat`` it has the bot that plays it while its person is away: the first
    spec's, or its own when one is given per seat. ``files``: a spec may name a file
    (not at a server). TableError for a wrong count or a bad spec (the spec's own words).

    ``trixsim play`` seats people at ``humans``; ``trixsim serve`` seats its creator at
    seat 0 with ``every_seat``, and says so in the count it asks for."""
    from sim.core.bots import BotSpecError, parse_spec

    n = spec.seats
    empty = [s for s in range(n) if s not in humans]
    if not empty and not every_seat:
        return [None] * n
    if every_seat and len(texts) == n:
        seated = list(texts)
    elif len(texts) in (1, len(empty)):
        per_empty = texts * len(empty) if len(texts) == 1 else texts
        seated = [None] * n
        for seat, text in zip(empty, per_empty, strict=True):
            seated[seat] = text
        if every_seat:
            seated = [texts[0] if t is None else t for t in seated]
    elif every_seat:
        raise TableError(f"bots takes 1, {len(empty)} or {n} bot specs for {spec.name} "
                         f"({n} seats), got {len(texts)}")  # fmt: skip
    else:
        raise TableError(
            f"--bots takes one spec for every empty seat or one per empty seat "
            f"({len(empty)}: seats {', '.join(map(str, empty))}), got {len(texts)}"
        )
    try:
        return [None if t is None else parse_spec(t, spec.name, files=files) for t in seated]
    except BotSpecError as e:
        raise TableError(str(e)) from None
