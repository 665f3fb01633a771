"""Terts's ``mcts``: deterministic, its own stream, no search for a forced move, every kind
of decision searched, rewards from the totals, and stronger than random on duplicate deals.
Legality and blindness to hidden cards are checked for every game's bots in
``tests/test_bots.py``; its strength against ``greedy`` is measured by ``make bench``."""

import numpy as np

from sim.core.bots import load_bots, parse_spec
from sim.core.loop_batch import play_batch
from sim.core.play import play_game
from sim.core.record import dumps
from sim.core.rng import new_stream
from sim.games.terts import SPEC
from sim.games.terts import state as S
from sim.games.terts import vocab as V
from sim.games.terts.game import TertsGame
from sim.games.terts.record import game_record
from sim.games.terts.search import reward_scale, rewards

mcts_bot = load_bots("terts")["mcts"].dispatcher  # the generic search bound to the game


def params_of(text: str) -> np.ndarray:
    return parse_spec(text, "terts").encoded()


def decide(game, params, rng):
    seat = game.to_act
    return mcts_bot(game.state[: S.PUB_SIZE], seat, game.private(seat), game.legal_mask(), rng,
                    params)  # fmt: skip


def test_mcts_is_deterministic_and_its_seed_parameter_counts():
    def played(text, seed):
        specs = [parse_spec(text, "terts"), parse_spec("greedy", "terts")]
        game = play_game(SPEC, specs, seed=seed, game_id=3)
        return dumps(game_record(game, 3, ["x"] * 2))

    assert played("mcts:iters=20", 5) == played("mcts:iters=20", 5)
    assert played("mcts:iters=20", 5) != played("mcts:iters=20,seed=9", 5)


def test_same_rng_state_same_decision_and_the_stream_advances():
    game = TertsGame.new(seed=1, deal_set=2)
    p = params_of("mcts:iters=60")
    rng = new_stream(42)
    assert decide(game, p, rng.copy()) == decide(game, p, rng.copy())
    before = rng.copy()
    decide(game, p, rng)
    assert rng[0] != before[0]


def test_a_single_legal_action_is_returned_without_search():
    game = TertsGame.new(seed=0, deal_set=0)
    seat = game.to_act
    rng = new_stream(1)
    before = rng.copy()
    card = game.hand(seat) & -game.hand(seat)
    only = card.bit_length() - 1
    action = mcts_bot(game.state[: S.PUB_SIZE], seat, game.private(seat), card, rng,
                      params_of("mcts"))  # fmt: skip
    assert action == only and rng[0] == before[0]


def test_every_kind_of_decision_is_searched():
    # R5, R6, R7: over a few games mcts plays cards, declares, answers and exchanges
    specs = [parse_spec("mcts:iters=30", "terts")] * 2
    kinds = set()
    for g in range(6):
        game = play_game(SPEC, specs, seed=2, game_id=g)
        for d in game_record(game, g, ["x"] * 2)["deals"]:
            for e in d["events"]:
                a = e.split(":", 1)[1]
                kinds.add("card" if len(a) == 2 else "meld" if a[:3] in ("seq", "fou") else a)
    assert {"card", "meld", "pass", "swap"} <= kinds


def test_the_reward_is_the_win_equity_and_the_result_at_the_end():
    state = np.zeros(S.STATE_SIZE, np.int64)
    out = np.zeros(2)
    state[S.TOTALS], state[S.TOTALS + 1] = 300, 200
    scale = reward_scale(state[: S.PUB_SIZE])
    state[S.PHASE] = V.BETWEEN
    rewards(state, scale, out)
    assert 0.5 < out[0] < 1.0 and out.sum() == 1.0  # ahead: more than even, not sure
    state[S.TOTALS], state[S.TOTALS + 1] = 520, 480
    state[S.PHASE] = V.OVER
    rewards(state, scale, out)
    assert list(out) == [1.0, 0.0]  # R9.2 the higher total wins
    state[S.TOTALS + 1] = 520
    rewards(state, scale, out)
    assert list(out) == [0.5, 0.5]  # a tie


def test_mcts_beats_random_on_duplicate_deals():
    mcts, rnd = parse_spec("mcts:iters=40", "terts"), parse_spec("random", "terts")
    deals = np.arange(10)
    share = 0.0
    for i, row in enumerate(([0, 1], [1, 0])):
        res = play_batch(SPEC, [mcts, rnd], row, 21, deals * 2 + i, deal_sets=deals)
        share += res.shares[:, np.array(row) == 0].sum()
    assert share / (2 * len(deals)) > 0.8  # a fair seat's share is 0.5
