"""The terminal's table (``trixsim play``) and the browser's (``trixsim serve``) share one
model, :mod:`sim.core.table`: one TableError, one line-up."""

import pytest

from sim.core.errors import TrixsimError
from sim.core.registry import get
from sim.core.table import TableError


def test_one_table_error_for_both_front_ends():
    from sim.table import controller, saved
    from sim.web import app, tables

    assert controller.TableError is saved.TableError is tables.TableError is TableError
    assert issubclass(app.Busy, TableError) and issubclass(TableError, TrixsimError)


def test_one_lineup_refuses_a_bad_bot_in_the_same_words():
    from sim.table.controller import lineup as terminal
    from sim.web.app import lineup as web

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
