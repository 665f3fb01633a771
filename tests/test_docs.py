"""The code of docs/bots.md runs: its example bots register and play legal games."""

import re
import sys
import types
from pathlib import Path

import numpy as np
import pytest

from sim.core import bots as registry
from sim.core.bots import parse_spec
from sim.core.loop_batch import play_batch
from sim.core.play import play_game
from sim.games.trix import SPEC as TRIX

DOC = Path(__file__).resolve().parent.parent / "docs" / "bots.md"


@pytest.fixture
def doc_bots():
    registry.load_bots("trix")
    before = dict(registry.REGISTRY)
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 2
    # run as a module, as a file in bots/ would be (numba's cache imports it by name)
    module = sys.modules.setdefault("trixsim_doc_bots", types.ModuleType("trixsim_doc_bots"))
    for code in blocks:
        exec(compile(code, str(DOC), "exec"), module.__dict__)
    yield sorted(name for _, name in set(registry.REGISTRY) - set(before))
    registry.REGISTRY.clear()
    registry.REGISTRY.update(before)


def test_the_example_bots_register_and_play_legal_games(doc_bots):
    assert doc_bots == ["cautious", "duck"]
    duck, noisy, rnd = (
        parse_spec("duck", "trix"),
        parse_spec("duck:noise=0.3", "trix"),
        parse_spec("random", "trix"),
    )
    seating = np.array([[0, 1, 0, 1], [1, 0, 1, 0]] * 20, np.int8)
    for bot in (duck, noisy):  # the compiled loop, which checks every action it is given
        a = play_batch(TRIX, [bot, rnd], seating, seed=2, game_ids=range(40))
        b = play_batch(TRIX, [bot, rnd], seating, seed=2, game_ids=range(40))
        assert (a.deals == b.deals).all()  # the same seed, the same games
    quiet = play_batch(TRIX, [duck, rnd], seating, seed=2, game_ids=range(40))
    noise = play_batch(TRIX, [noisy, rnd], seating, seed=2, game_ids=range(40))
    same = quiet.deals.shape == noise.deals.shape
    assert not same or (quiet.deals != noise.deals).any()  # noise=0.3 plays otherwise
    # the Python bot through the checked game API (Player raises BotError on illegal actions)
    for g in range(3):
        game = play_game(
            TRIX, [parse_spec("cautious:announce=1", "trix"), duck, rnd, duck], seed=4, game_id=g
        )
        assert game.over
