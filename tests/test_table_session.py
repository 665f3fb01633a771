"""The terminal's table (``trixsim play``) and the browser's (``trixsim serve``) share one
model, :mod:`sim.core.table`: one TableError, one line-up, one check of each move."""

import asyncio
from types import SimpleNamespace

import pytest

from sim.core.api import Game
from sim.core.errors import TrixsimError
from sim.core.registry import get
from sim.core.table import Session, TableError


def test_one_table_error_for_both_front_ends():
    from sim.table import controller, saved
    from sim.web import app, tables

    assert controller.TableError is saved.TableError is tables.TableError is TableError
    assert issubclass(app.Busy, TableError) and issubclass(TableError, TrixsimError)
    assert issubclass(controller.Table, Session) and issubclass(tables.Table, Session)


def test_one_lineup_refuses_a_bad_bot_in_the_same_words():
    from sim.table.controller import lineup as terminal
    from sim.web.hall import lineup as web

    spec = get("trix")
    with pytest.raises(TableError) as at_terminal:
        terminal(spec, [0], ["nosuch"])
    with pytest.raises(TableError) as in_browser:
        web(spec, ["nosuch"])
    assert str(at_terminal.value) == str(in_browser.value)
    assert str(at_terminal.value).startswith("unknown bot 'nosuch' for trix")
    # each front-end's count is its own: the browser's counts the creator's seat too
    with pytest.raises(TableError, match=r"^--bots takes one spec for every empty seat"):
        terminal(spec, [0], ["random"] * 2)
    with pytest.raises(TableError, match=r"^bots takes 1, 3 or 4 bot specs for trix"):
        web(spec, ["random"] * 2)
    seated, _ = web(spec, ["random", "greedy", "random"])  # the creator's seat takes the first
    assert [b.text for b in seated] == ["random", "random", "greedy", "random"]
    assert [b and b.text for b in terminal(spec, [0], ["random", "greedy", "random"])] == [
        None, "random", "greedy", "random"]  # fmt: skip


class _Store:
    def __getattr__(self, name):
        return lambda *args, **kw: None


def test_a_web_move_is_checked_once(monkeypatch):
    from sim.web.hall import lineup
    from sim.web.store import SavedTable
    from sim.web.tables import BOT, PERSON, Table

    spec = get("trix")
    bots, _ = lineup(spec, ["random"])
    saved = SavedTable("t", spec.name, 7, [b.text for b in bots], "playing", 0.0,
                       [(PERSON, "h")] + [(BOT, None)] * (spec.seats - 1))  # fmt: skip
    hall = SimpleNamespace(store=_Store(), commit_soon=lambda: None)
    table = Table(hall, saved, spec, bots)
    checks = {"refusal": 0, "Game.check": 0}
    refusal, check = Session.refusal, Game.check

    def counted(name, fn):
        def wrapper(*args, **kw):
            checks[name] += 1
            return fn(*args, **kw)

        return wrapper

    monkeypatch.setattr(Session, "refusal", counted("refusal", refusal))
    monkeypatch.setattr(Game, "check", counted("Game.check", check))
    game = table.game
    client = SimpleNamespace(seat=game.to_act)
    legal, illegal = (
        game.legal_actions()[0],
        next(a for a in range(52) if not game.legal_mask() >> a & 1),
    )
    with pytest.raises(TableError) as refused:
        asyncio.run(table.act(client, game.action_name(illegal)))
    assert str(refused.value) == f"{game.action_name(illegal)}: {game.why_illegal(illegal, 'you')}"
    assert checks == {"refusal": 1, "Game.check": 0} and not table.moves
    asyncio.run(table.act(client, game.action_name(legal)))
    assert checks == {"refusal": 2, "Game.check": 0}  # one check for each move
    assert [m[:2] for m in table.moves] == [(client.seat, legal)]
