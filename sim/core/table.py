"""A game at a table, the same for every front-end: ``trixsim play`` (:mod:`sim.table`) and
``trixsim serve`` (:mod:`sim.web`) both seat people and bots with :func:`lineup` and run
their game through a :class:`Session`; each keeps only its own input and output.

A session holds the checked game of a seed (game :data:`GAME_ID` of it) and every move
made, and applies a move after checking it once, in the words of the rule it breaks
(:meth:`Session.apply`); a move already known legal (a bot's, which
:meth:`sim.core.play.Player.decide` checks; a stored one the replay checked) is applied
by :meth:`Session.play` (:meth:`Session.advance` when nothing else is done with it, as in
a replay). A front-end adds what it does around a move by overriding
:meth:`Session.before_move` and :meth:`Session.after_move` (and :meth:`Session.play`).
"""

from __future__ import annotations

from sim.core.errors import TrixsimError

HUMAN = "human"  # a person's seat in a record's bots, a saved table's and a stored one's
GAME_ID = 0  # a table's game is game 0 of its seed: the deals of `trixsim deal --seed S`

__all__ = ["GAME_ID", "HUMAN", "IllegalMove", "Session", "TableError", "lineup", "one_line"]


class TableError(TrixsimError, ValueError):
    """A request or option a table refuses; the message says what is wrong, in one line."""


class IllegalMove(TableError):
    """A move the rules do not allow now; ``why`` is the rule it breaks, in words."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


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


class Session:
    """One game at a table: the checked game of ``seed``, the moves made, and the one check
    of a move (:meth:`refusal`) before it is applied."""

    def __init__(self, spec, seed: int):
        self.spec = spec
        self.seed = seed
        self.game = spec.part("api").GAME.new(seed, GAME_ID)
        self.moves: list[tuple[int, int, str]] = []  # (seat, action, as the record writes it)

    def refusal(self, action: int, who: str | None = "you") -> str | None:
        """Why the seat to act may not take ``action`` now, in the words of the rule it
        breaks (``who``: how to name that seat), or None when it may: the one check."""
        if self.game.over:
            return "the game is over"
        return None if self.legal(action) else self.game.why_illegal(action, who)

    def legal(self, action: int) -> bool:
        """Whether the seat to act may take ``action`` now (no words: :meth:`refusal`)."""
        return bool(self.game.legal_mask() >> action & 1)

    def apply(self, seat: int, action: int, who: str | None = "you") -> None:
        """Check the move of ``seat`` (the seat to act) once, and apply it; IllegalMove
        (nothing applied) says why it is refused."""
        why = self.refusal(action, who)
        if why is not None:
            raise IllegalMove(why)
        self.play(seat, action)

    def play(self, seat: int, action: int) -> None:
        """Play a move already checked: :meth:`advance`; a front-end that writes or shows
        each move as it is played overrides this."""
        self.advance(seat, action)

    def advance(self, seat: int, action: int, quiet: bool = False) -> None:
        """Apply a move already known legal (not checked again), with the front-end's
        :meth:`before_move` and :meth:`after_move` around it (``quiet``: without them, as a
        replay may). The move is kept first: an interruption must not lose it."""
        before = None if quiet else self.before_move(seat, action)
        self.moves.append((seat, action, self.game.event_name(action)))
        self.game.apply_legal(action)
        if not quiet:
            self.after_move(seat, action, before)

    def before_move(self, seat: int, action: int):
        """What a front-end needs of the table before the move (given to :meth:`after_move`)."""
        return None

    def after_move(self, seat: int, action: int, before) -> None:
        """What a front-end does after a move: describe it, log it, store it, show it."""
