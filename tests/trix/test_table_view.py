"""The Trix table's screen, drawn in memory: what it says, at 80 columns too."""

import io

import pytest
from rich.console import Console

from sim.core.bots import parse_spec
from sim.games.trix import SPEC
from sim.table.controller import Table
from sim.table.inbox import Inbox
from sim.table.saved import Saved

BOTS = ["human", "greedy", "mcts:iters=400,rollout=random", "greedy"]


@pytest.fixture
def table():
    specs = [None] + [parse_spec(b, "trix") for b in BOTS[1:]]
    nothing = open("/dev/null", "rb")  # noqa: SIM115 (kept open for the table's life)
    t = Table(SPEC, Saved(7, [0], BOTS), specs, Console(file=io.StringIO(), width=80),
              Inbox(nothing.fileno()), 0, None)  # fmt: skip
    yield t
    nothing.close()


def screen(t: Table, width: int = 80) -> str:
    buf = io.StringIO()
    t.console = Console(file=buf, width=width, highlight=False, emoji=False)
    t.screen(0)
    return buf.getvalue()


def choose(t: Table, name: str) -> None:
    game = t.game
    game.apply(next(a for a in game.legal_actions() if game.action_name(a) == name))


def test_every_column_shows_at_80_columns(table):
    choose(table, table.game.action_name(table.game.legal_actions()[0]))
    text = screen(table)
    assert "…" not in text
    head = next(line for line in text.splitlines() if "player" in line).split()
    assert head[1:] == ["seat", "player", "cards", "tricks", "total", "left", "│"], head


def test_the_header_shows_x2_for_trick_contracts_only():  # R7.1, R7.3
    specs = [None] + [parse_spec(b, "trix") for b in BOTS[1:]]
    with open("/dev/null", "rb") as nothing:
        for seed in range(40):
            t = Table(SPEC, Saved(seed, [0], BOTS), specs, Console(file=io.StringIO()),
                      Inbox(nothing.fileno()), 0, None)  # fmt: skip
            legal = [t.game.action_name(a) for a in t.game.legal_actions()]
            if "trix" in legal and len(legal) > 1:
                break
        first = screen(t, 120).splitlines()[0]
        choose(t, "trix")
        header = screen(t, 120).splitlines()[0]
        assert "trix" in header and "×2" not in header  # trix points are never multiplied
        assert "choice 1" in header and "×" not in first


def test_the_last_trick_hint_counts_down(table):
    game = table.game
    while game.contract in (-1,) or game.phase != 1:  # to the first trick contract
        game.apply(game.legal_actions()[0])
    while not (len(game.contracts[-1].events) >= 4 and game.to_act == 0):
        game.apply(game.legal_actions()[0])
    assert "l to look, 2 left" in screen(table)
    table.view.look(0)
    assert "l to look, 1 left" in screen(table)
