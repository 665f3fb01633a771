"""The ``mcts`` bot: legal, deterministic, blind to hidden cards, and its hand sampler."""

import random

import numpy as np
import pytest

from sim.core.bits import popcount
from sim.core.bots import load_bots, parse_spec
from sim.core.loop_batch import play_batch
from sim.core.play import play_game
from sim.core.rng import new_stream
from sim.games.trix import SPEC as TRIX
from sim.games.trix import state as S
from sim.games.trix import vocab as V
from sim.games.trix.cards import parse_hand
from sim.games.trix.determinize import WORK_SIZE, determinize, sample_hands
from sim.games.trix.game import Game
from sim.games.trix.rules import KH, legal_actions, step

ALL_CARDS = 0xFFFFFFFF

mcts_bot = load_bots("trix")["mcts"].dispatcher  # the generic search bound to the game


def params_of(text: str) -> np.ndarray:
    return parse_spec(text, "trix").encoded()


def record(game: Game):
    return [(c.chooser, c.contract, c.events, c.points, c.totals) for c in game.contracts]


# -- legality and determinism -------------------------------------------------------------------


@pytest.mark.parametrize(
    "specs",
    [
        ["mcts:iters=30", "random", "mcts:iters=30,seed=3", "random"],
        ["random", "mcts:iters=30,rollout=greedy", "greedy", "mcts:iters=20,c=2.0"],
        ["mcts:iters=10"] * 4,
    ],
)
def test_mcts_plays_only_legal_actions(specs):
    # Player.decide raises BotError on any illegal action, so finished games are the check
    contracts = set()
    for game_id in range(4):
        game = play_game(TRIX, [parse_spec(s, "trix") for s in specs], seed=11, game_id=game_id)
        assert game.over
        contracts |= {c.contract for c in game.contracts}
    assert len(contracts) == 7  # every kind of contract was played (and chosen by search)


def test_mcts_is_deterministic():
    specs = [parse_spec(s, "trix") for s in ["mcts:iters=25", "random", "mcts:iters=25", "random"]]
    a = play_game(TRIX, specs, seed=5, game_id=9)
    b = play_game(TRIX, specs, seed=5, game_id=9)
    assert record(a) == record(b)


def test_seed_param_changes_the_stream():
    game = Game.new(seed=3, deal_set=4)
    seat = game.to_act
    public = game.state[: S.PUB_SIZE]
    legal = game.legal_mask()
    # same rng state, different seed parameter: the decisions over many streams differ somewhere
    outs = []
    for seed in (0, 1):
        p = params_of(f"mcts:iters=40,seed={seed}")
        outs.append(
            [mcts_bot(public, seat, game.hand(seat), legal, new_stream(k), p) for k in range(12)]
        )
    assert outs[0] != outs[1] or len(set(outs[0])) == 1


def test_same_rng_state_same_decision_and_stream_advances():
    game = Game.new(seed=1, deal_set=2)
    seat = game.to_act
    public = game.state[: S.PUB_SIZE]
    p = params_of("mcts:iters=60")
    rng = new_stream(42)
    first = mcts_bot(public, seat, game.hand(seat), game.legal_mask(), rng.copy(), p)
    second = mcts_bot(public, seat, game.hand(seat), game.legal_mask(), rng.copy(), p)
    assert first == second
    before = rng.copy()
    mcts_bot(public, seat, game.hand(seat), game.legal_mask(), rng, p)
    assert rng[0] != before[0]


def test_single_legal_action_is_returned_without_search():
    game = Game.new(seed=0, deal_set=0)
    seat = game.to_act
    rng = new_stream(1)
    before = rng.copy()
    only = 1 << (V.CHOOSE_BASE + V.KING)
    action = mcts_bot(game.state[: S.PUB_SIZE], seat, game.hand(seat), only, rng, params_of("mcts"))
    assert action == V.CHOOSE_BASE + V.KING
    assert rng[0] == before[0]


# -- information sets: hidden cards never matter --------------------------------------------------

# seat 0 chooses first; seats 1 and 2 differ between the two deals only by the swap of
# same-suit cards nobody plays in the prefix, so every public slot is the same
DEAL_A = [
    "7H 9H JH AH 7C JC 7D 8S",
    "8H QH 8C 9C 8D 9D 7S TS",
    "KH TH QC KC JD QD 9S JS",
    "TC AC KD TD AD QS KS AS",
]
DEAL_B = [
    DEAL_A[0],
    "8H KH 8C KC 8D JD 7S JS",  # QH<->KH, 9C<->KC, 9D<->JD, TS<->JS with seat 2
    "QH TH QC 9C 9D QD 9S TS",
    DEAL_A[3],
]


def twin_games(prefix: str):
    games = []
    for deal in (DEAL_A, DEAL_B):
        game = Game.from_deals(0, lambda k, d=deal: d)
        for move in prefix.split():
            game.apply(move)
        games.append(game)
    a, b = games
    assert (a.state[: S.PUB_SIZE] == b.state[: S.PUB_SIZE]).all()
    assert a.hand(a.to_act) == b.hand(b.to_act)
    assert a.legal_mask() == b.legal_mask()
    assert (a.state[S.HANDS : S.HANDS + 4] != b.state[S.HANDS : S.HANDS + 4]).any()
    return a, b


@pytest.mark.parametrize(
    "prefix",
    [
        "",  # seat 0 chooses its contract
        "tricks",  # seat 0 leads the first trick
        "tricks 7H 8H TH TC QC AC",  # seat 2 won and led QC; seat 0 to act mid-trick
        "tricks 7H 8H TH TC QC AC JC 8C",  # seat 3 won with AC and leads
        "trix",  # seat 0 lays the first jack
    ],
)
@pytest.mark.parametrize("rollout", ["random", "greedy"])
def test_decision_depends_only_on_what_the_seat_knows(prefix, rollout):
    a, b = twin_games(prefix)
    seat = a.to_act
    p = params_of(f"mcts:iters=150,rollout={rollout}")
    for k in range(4):
        rng = new_stream(100 + k)
        got = [
            mcts_bot(g.state[: S.PUB_SIZE], seat, g.hand(seat), g.legal_mask(), rng.copy(), p)
            for g in (a, b)
        ]
        assert got[0] == got[1]
        assert a.legal_mask() >> got[0] & 1


def test_king_announcement_is_searched():
    # king: seat 0 chooses it holding all eight hearts, so it is offered double / no-double at
    # once (R5.6); it must lead hearts every trick and wins them all, so it surely takes K♥
    # itself: announcing only doubles its own points (R5.6, R7.1)
    deal = [
        "7H 8H 9H JH QH KH TH AH",
        "7C 8C 9C JC 7D 8D 9D JD",
        "QC KC TC AC QD KD TD AD",
        "7S 8S 9S JS QS KS TS AS",
    ]
    game = Game.from_deals(0, lambda k: deal)
    game.apply("king")
    legal = game.legal_mask()
    assert legal == (1 << V.DOUBLE) | (1 << V.NO_DOUBLE)
    p = params_of("mcts:iters=200")
    for k in range(3):
        action = mcts_bot(game.state[: S.PUB_SIZE], 0, game.hand(0), legal, new_stream(k), p)
        assert action == V.NO_DOUBLE


# -- the sampler ----------------------------------------------------------------------------------


def check_sample(game: Game, seat: int, hands: np.ndarray):
    s = game.state
    played = int(s[S.PLAYED])
    assert int(hands[seat]) == game.hand(seat)
    union = 0
    for q in range(4):
        h = int(hands[q])
        assert union & h == 0, "a card dealt twice"
        union |= h
        assert popcount(h) == popcount(int(s[S.HANDS + q])), "wrong hand size"
        if q != seat:
            assert h & int(s[S.SHOWN_OUT + q]) == 0, "a card the seat showed out of"
    assert union == ALL_CARDS & ~played
    ann = int(s[S.ANNOUNCER])
    if ann >= 0 and ann != seat and not played & KH:
        assert int(hands[ann]) & KH


def random_positions(n_games: int, rnd: random.Random):
    """Positions of random games (every seat to act, every phase), as (game copy, seat)."""
    for g in range(n_games):
        game = Game.new(seed=77, deal_set=g)
        while not game.over:
            legal = game.legal_actions()
            if rnd.random() < 0.15:
                yield game, game.to_act
            game.apply(rnd.choice(legal))


def test_sampler_respects_everything_public():
    rnd = random.Random(0)
    work = np.zeros(WORK_SIZE, np.int64)
    hands = np.zeros(4, np.int64)
    rng = new_stream(5)
    checked = shown = 0
    for game, seat in random_positions(12, rnd):
        public = game.state[: S.PUB_SIZE]
        for _ in range(3):
            assert sample_hands(public, seat, game.hand(seat), rng, work, hands)
            check_sample(game, seat, hands)
            checked += 1
        shown += int(public[S.SHOWN_OUT : S.SHOWN_OUT + 4].any())
    assert checked > 1000
    assert shown > 100  # the constraints were really exercised


def test_determinized_state_offers_the_same_actions():
    # the sampled state must give the deciding seat exactly its real legal actions, K♥ offer
    # included (KH_OFFERED), and stay playable to the contract's end
    rnd = random.Random(1)
    work = np.zeros(WORK_SIZE, np.int64)
    state = np.zeros(S.STATE_SIZE, np.int64)
    rng = new_stream(6)
    offers = 0
    for game, seat in random_positions(12, rnd):
        legal = game.legal_mask()
        offers += legal >> V.DOUBLE & 1
        for _ in range(2):
            determinize(game.state[: S.PUB_SIZE], seat, game.hand(seat), legal, rng, work, state)
            assert (state[: S.PUB_SIZE] == game.state[: S.PUB_SIZE]).all()
            assert int(legal_actions(state)) == legal
            while state[S.PHASE] in (V.CHOOSE, V.TRICKS, V.TRIX):
                lg = int(legal_actions(state))
                assert lg != 0
                step(state, rnd.choice([a for a in range(V.N_ACTIONS) if lg >> a & 1]))
    assert offers > 0


def test_sampler_forced_cards_go_where_they_must():
    # trix: seat 3 passes, showing it holds none of the layable cards (9H KH 9C QC JD JS)
    deal = [
        "JH 7H 8H 9H 7C 8C 7D 8D",
        "QH KH TH AH 9C QC KC TC",
        "JC JD JS 9D QD KD 7S 8S",
        "AC TD AD 9S QS KS TS AS",
    ]
    game = Game.from_deals(0, lambda k: deal)
    game.apply("trix")
    game.apply("JH")
    game.apply("QH")  # seat 1: its only layable card
    game.apply("JC")  # seat 2 starts clubs
    game.apply("pass")  # seat 3 has nothing to lay
    assert game.to_act == 0
    work = np.zeros(WORK_SIZE, np.int64)
    hands = np.zeros(4, np.int64)
    rng = new_stream(9)
    shown3 = int(game.state[S.SHOWN_OUT + 3])
    assert shown3 & parse_hand("JD JS")
    for _ in range(200):
        assert sample_hands(game.state[: S.PUB_SIZE], 0, game.hand(0), rng, work, hands)
        check_sample(game, 0, hands)
        assert not int(hands[3]) & shown3


def test_sampler_gives_the_announcer_the_king():
    deal = [
        "7H 8H 7C 8C 7D 8D 7S 8S",
        "KH 9H 9C JC 9D JD 9S JS",
        "JH QH QC KC QD KD QS KS",
        "TH AH TC AC TD AD TS AS",
    ]
    game = Game.from_deals(0, lambda k: deal)
    game.apply("king")
    game.apply("7C")
    game.apply("double")  # seat 1 announces
    game.apply("9C")
    assert game.to_act == 2 and int(game.state[S.ANNOUNCER]) == 1
    work = np.zeros(WORK_SIZE, np.int64)
    hands = np.zeros(4, np.int64)
    rng = new_stream(3)
    for _ in range(100):
        assert sample_hands(game.state[: S.PUB_SIZE], 2, game.hand(2), rng, work, hands)
        check_sample(game, 2, hands)
        assert int(hands[1]) & KH


def test_sampler_is_uniform_without_information():
    game = Game.new(seed=2, deal_set=1)
    seat = game.to_act
    work = np.zeros(WORK_SIZE, np.int64)
    hands = np.zeros(4, np.int64)
    rng = new_stream(8)
    counts = np.zeros((4, 32))
    n = 3000
    for _ in range(n):
        sample_hands(game.state[: S.PUB_SIZE], seat, game.hand(seat), rng, work, hands)
        for q in range(4):
            counts[q] += [(int(hands[q]) >> c) & 1 for c in range(32)]
    unseen = [c for c in range(32) if not game.hand(seat) >> c & 1]
    for q in range(4):
        if q != seat:
            freq = counts[q, unseen] / n
            assert np.all(np.abs(freq - 1 / 3) < 0.04)


# -- strength smoke test -------------------------------------------------------------------------


def test_mcts_beats_random_on_duplicate_deals():
    mcts, rnd = parse_spec("mcts:iters=40", "trix"), parse_spec("random", "trix")
    share = 0.0
    rows = [[0, 0, 1, 1], [0, 1, 0, 1], [0, 1, 1, 0], [1, 0, 0, 1], [1, 0, 1, 0], [1, 1, 0, 0]]
    deals = np.arange(6)
    for i, row in enumerate(rows):
        res = play_batch(TRIX, [mcts, rnd], row, 21, deals * 6 + i, deal_sets=deals)
        share += res.shares[:, np.array(row) == 0].sum()
    assert share / (2 * len(rows) * len(deals)) > 0.33  # a coin toss is 0.25
