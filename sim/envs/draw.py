"""``render_mode="ansi"``: the table as the terminal table draws it, seen from one seat.

The environments step the compiled kernels, which keep no history; a game's view
(``sim/games/<game>/view.py``, what ``trixsim play`` shows) reads the checked Python game's.
So a drawing replays the episode's actions on the checked game of the same deal set, then
has the view draw that seat's screen: its own hand and what is public, never another hand.
Replaying costs a game's length of Python steps: a drawing is for looking, not for speed.
"""

from __future__ import annotations

import io


class _Onlooker:
    """What a view asks of its table: the game, the players' names, who is a person."""

    def __init__(self, game, names: list[str]):
        self.game, self.names = game, names
        self.humans: set[int] = set()
        self.preselect = None

    def who(self, seat: int) -> str:
        return self.names[seat]


def replayed(table):
    """The checked Python game of ``table`` (a :class:`sim.envs.engine.OneGame`), its
    actions replayed."""
    spec, o = table.spec, table.part
    game = spec.part("api").GAME.new(*table.dealt)
    for g in table.moves:
        public, hand = game.state[: table.kernels.PUB_SIZE], game.private(game.to_act)
        local = [a for a in game.legal_actions() if o.to_global(public, hand, a) == g]
        game.apply(local[0])
    return game


def draw(table, seat: int | None, names: list[str]) -> str:
    """The screen of ``seat`` (None: only what is public), or the results once over, as
    plain text."""
    from rich.console import Console

    game = replayed(table)
    view = table.spec.part("view").View(_Onlooker(game, names))
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, force_terminal=False)
    if game.over:
        console.print(view.final())
        shares = ", ".join(f"seat {p} {s:g}" for p, s in enumerate(game.results()[1]))
        console.print(f"Game over; win shares: {shares}")
    else:
        console.print(view.screen(seat))
    return out.getvalue()
