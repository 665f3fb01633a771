"""Five Hundred's ``mcts``: deterministic, its own stream, no search for a forced move, the
calls it compares, every kind of decision searched, and stronger than random on duplicate
deals. Legality and blindness to hidden cards are checked for every game's bots in
``tests/test_bots.py``; its strength against ``greedy`` is measured by ``make bench``."""

import numpy as np

from bots.five_hundred.greedy import (
    MAX_TRICKS,
    SLACK,
    TUNE,
    greedy_bot,
    search_candidates,
    team_tricks,
)
from sim.core.bots import load_bots, parse_spec
from sim.core.limits import MAX_PARAMS
from sim.core.loop_batch import play_batch
from sim.core.play import play_game
from sim.core.record import dumps
from sim.core.rng import new_stream
from sim.games.five_hundred import SPEC
from sim.games.five_hundred import state as S
from sim.games.five_hundred import vocab as V
from sim.games.five_hundred.game import FiveHundredGame
from sim.games.five_hundred.record import game_record

mcts_bot = load_bots("five-hundred")["mcts"].dispatcher  # the generic search bound to the game


def params_of(text: str) -> np.ndarray:
    return parse_spec(text, "five-hundred").encoded()


def decide(game, params, rng):
    seat = game.to_act
    return mcts_bot(game.state[: S.PUB_SIZE], seat, game.private(seat), game.legal_mask(), rng,
                    params)  # fmt: skip


def test_mcts_is_deterministic_and_its_seed_parameter_counts():
    def played(text, seed):
        specs = [parse_spec(text, "five-hundred"), parse_spec("greedy", "five-hundred")] * 2
        game = play_game(SPEC, specs, seed=seed, game_id=3)
        return dumps(game_record(game, 3, ["x"] * 4))

    assert played("mcts:iters=20", 5) == played("mcts:iters=20", 5)
    assert played("mcts:iters=20", 5) != played("mcts:iters=20,seed=9", 5)


def test_same_rng_state_same_decision_and_the_stream_advances():
    game = FiveHundredGame.new(seed=1, deal_set=2)
    p = params_of("mcts:iters=60")
    rng = new_stream(42)
    assert decide(game, p, rng.copy()) == decide(game, p, rng.copy())
    before = rng.copy()
    decide(game, p, rng)
    assert rng[0] != before[0]


def test_a_single_legal_action_is_returned_without_search():
    game = FiveHundredGame.new(seed=0, deal_set=0)
    seat = game.to_act
    rng = new_stream(1)
    before = rng.copy()
    only = 1 << V.PASS
    action = mcts_bot(game.state[: S.PUB_SIZE], seat, game.private(seat), only, rng,
                      params_of("mcts"))  # fmt: skip
    assert action == V.PASS and rng[0] == before[0]


def test_the_calls_compared_are_pass_greedys_and_the_cheapest_bids_the_hand_nears():
    # R4.4: over 7H the cheapest bid of each strain is 7S, 7NT, 8C, 8D or 8H; the search
    # compares those greedy's count comes within SLACK tricks of, pass and greedy's own call
    rnd = np.random.default_rng(5)
    searched = 0
    for deal_set in range(40):
        game = FiveHundredGame.new(seed=4, deal_set=deal_set)
        game.apply(game.parse_action("bid:7H"))
        seat, public = game.to_act, game.state[: S.PUB_SIZE]
        legal, hand = game.legal_mask(), game.private(seat)
        cand = search_candidates(public, seat, hand, legal, new_stream(int(rnd.integers(99))))
        mine = greedy_bot(public, seat, hand, legal, new_stream(0), np.zeros(MAX_PARAMS))
        assert cand & ~legal == 0 and cand >> V.PASS & 1 and cand >> mine & 1
        for strain, bid in enumerate((10, 11, 12, 8, 9)):  # 8C 8D 8H 7S 7NT
            near = team_tricks(public, seat, hand & V.DECK, strain, TUNE) >= (6 + bid // 5) - SLACK
            if bid // 5 + 6 <= MAX_TRICKS and near:
                assert cand >> bid & 1
            elif bid != mine:
                assert not cand >> bid & 1
        searched += bin(cand).count("1") > 1
    assert 0 < searched < 40  # some hands are searched, some pass at once


def test_every_kind_of_decision_is_searched():
    # R4, R6.1, R7: over a few games mcts passes, bids, discards and plays
    specs = [parse_spec("mcts:iters=20", "five-hundred")] * 4
    kinds = set()
    for g in range(3):
        game = play_game(SPEC, specs, seed=2, game_id=g)
        for d in game_record(game, g, ["x"] * 4)["deals"]:
            for e in d["events"]:
                a = e.split(":", 1)[1]
                kinds.add(a.split(":")[0] if ":" in a or a == "pass" else "card")
    assert {"pass", "bid", "discard", "card"} <= kinds


def test_mcts_beats_random_on_duplicate_deals():
    mcts, rnd = parse_spec("mcts:iters=40", "five-hundred"), parse_spec("random", "five-hundred")
    deals = np.arange(10)
    share = 0.0
    for i, row in enumerate(([0, 1, 0, 1], [1, 0, 1, 0])):
        res = play_batch(SPEC, [mcts, rnd], row, 21, deals * 2 + i, deal_sets=deals)
        share += res.shares[:, np.array(row) == 0].sum()
    assert share / (2 * 2 * len(deals)) > 0.4  # a fair seat's share is 0.25, a sure win 0.5
