"""Euchre's ``mcts``: deterministic, its own stream, no search for a forced move, the bidding
searched, and stronger than random on duplicate deals. Legality and blindness to hidden
cards are checked for every game's bots in ``tests/test_bots.py``."""

import numpy as np

from sim.core.bots import load_bots, parse_spec
from sim.core.loop_batch import play_batch
from sim.core.play import play_game
from sim.core.record import dumps
from sim.core.rng import new_stream
from sim.games.euchre5 import SPEC
from sim.games.euchre5 import state as S
from sim.games.euchre5 import vocab as V
from sim.games.euchre5.game import EuchreGame
from sim.games.euchre5.record import game_record

mcts_bot = load_bots("euchre5")["mcts"].dispatcher  # the generic search bound to the game


def params_of(text: str) -> np.ndarray:
    return parse_spec(text, "euchre5").encoded()


def decide(game, params, rng):
    seat = game.to_act
    return mcts_bot(game.state[: S.PUB_SIZE], seat, game.private(seat), game.legal_mask(), rng,
                    params)  # fmt: skip


def test_mcts_is_deterministic_and_its_seed_parameter_counts():
    def played(text, seed):
        specs = [parse_spec(text, "euchre5"), parse_spec("random", "euchre5")] * 2
        specs.append(parse_spec("greedy", "euchre5"))
        game = play_game(SPEC, specs, seed=seed, game_id=3)
        return dumps(game_record(game, 3, ["x"] * 5))

    assert played("mcts:iters=20", 5) == played("mcts:iters=20", 5)
    assert played("mcts:iters=20", 5) != played("mcts:iters=20,seed=9", 5)


def test_same_rng_state_same_decision_and_the_stream_advances():
    game = EuchreGame.new(seed=1, deal_set=2)
    p = params_of("mcts:iters=60")
    rng = new_stream(42)
    assert decide(game, p, rng.copy()) == decide(game, p, rng.copy())
    before = rng.copy()
    decide(game, p, rng)
    assert rng[0] != before[0]


def test_a_single_legal_action_is_returned_without_search():
    game = EuchreGame.new(seed=0, deal_set=0)
    seat = game.to_act
    rng = new_stream(1)
    before = rng.copy()
    only = 1 << V.PASS
    action = mcts_bot(game.state[: S.PUB_SIZE], seat, game.private(seat), only, rng,
                      params_of("mcts"))  # fmt: skip
    assert action == V.PASS and rng[0] == before[0]


def test_every_kind_of_decision_is_searched():
    # R4.1-R4.4, R6.1, R7: over a few games mcts orders, names trump, discards, calls and plays
    specs = [parse_spec("mcts:iters=20", "euchre5")] * 5
    kinds = set()
    for g in range(3):
        game = play_game(SPEC, specs, seed=2, game_id=g)
        for d in game_record(game, g, ["x"] * 5)["deals"]:
            for e in d["events"]:
                a = e.split(":", 1)[1]
                kinds.add(
                    a.split(":")[0] if ":" in a or a in ("pass", "order", "alone") else "card"
                )
    assert {"pass", "order", "discard", "trump", "call", "card"} <= kinds


def test_mcts_beats_random_on_duplicate_deals():
    mcts, rnd = parse_spec("mcts:iters=40", "euchre5"), parse_spec("random", "euchre5")
    rows = [[0, 1, 0, 1, 1], [1, 0, 1, 0, 1], [1, 1, 0, 1, 0], [0, 1, 1, 0, 1], [1, 0, 1, 1, 0]]
    deals = np.arange(8)
    share = 0.0
    for i, row in enumerate(rows):
        res = play_batch(SPEC, [mcts, rnd], row, 21, deals * len(rows) + i, deal_sets=deals)
        share += res.shares[:, np.array(row) == 0].sum()
    assert share / (2 * len(rows) * len(deals)) > 0.3  # a fair seat's share is 0.2
