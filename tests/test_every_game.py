"""The invariant suite every registered game passes (in the spirit of Pgx's ``api_test``).

A new game gets all of this by registering: random games through the compiled
loop and through the checked Python game agree on every decision and every
number; every dealt card is accounted for at every step; a game never asks for
a decision with no legal action; ranks and win shares are well formed; records
round-trip and replay; and a game's determinizer keeps the searching seat's
information set, never deals a card where the public record rules it out, and
does not leak the true hidden hands.
"""

import random

import numpy as np
import pytest

from sim.core.bots import load_bots, parse_spec
from sim.core.loop_batch import play_batch
from sim.core.parts import CONTRACTS, missing
from sim.core.play import play_game
from sim.core.record import dumps
from sim.core.registry import games
from sim.core.replay import check_line
from sim.core.rng import new_stream

GAMES = list(games().values())
DETERMINIZED = [g for g in GAMES if g.has("determinizer")]
N_LOOP = 300  # random games through both paths, per game
N_STEPPED = 40  # random games stepped through the checked API, every step checked


@pytest.fixture(params=GAMES, ids=lambda g: g.name)
def spec(request):
    return request.param


def random_games(spec, n, seed):
    """Games played with uniformly random legal actions, yielding (game, rnd) at every step."""
    api = spec.part("api").GAME
    for g in range(n):
        rnd = random.Random(seed * 1000 + g)
        game = api.new(seed, g)
        while not game.over:
            yield game, rnd
            game.apply(rnd.choice(game.legal_actions()))
        yield game, rnd


def test_every_part_keeps_its_contract(spec):
    # sim.core.parts: the names the machinery reads, for every part the game has
    wrong = []
    for part, contract in CONTRACTS.items():
        if spec.has(part):
            wrong += missing(spec.part(part), part)
        elif not contract.optional:
            wrong.append(f"{part}: no module {spec.module(part)}")
    assert wrong == []
    k = spec.part("kernels")
    assert spec.seats == k.N_SEATS
    assert len(k.DEAL_COLUMNS) == k.N_DEAL_COLUMNS and len(k.GAME_COLUMNS) == k.N_GAME_COLUMNS
    # the games table's columns the machinery reads (the report's game length and ends)
    assert {spec.deal_count, "end"} <= set(k.GAME_COLUMNS)
    if spec.has("search"):  # the search's own parameters come after mcts's five
        search = spec.part("search")
        assert search.ROLLOUT in load_bots(spec.name) and "mcts" in load_bots(spec.name)
        assert len(load_bots(spec.name)["mcts"].params) == 5 + len(search.PARAMS)


def test_the_compiled_loop_and_the_checked_game_agree(spec):
    # every decision and every number: the fast loop, the bot called from it, and the
    # Python game driven by the same bot (sim.core.play) give identical rows
    rnd = parse_spec("random", spec.name)
    seating = [0] * spec.seats
    fast = play_batch(spec, [rnd], seating, seed=11, game_ids=range(N_LOOP))
    called = play_batch(spec, [rnd], seating, seed=11, game_ids=range(N_LOOP), native=False)
    slow = play_batch(spec, [rnd], seating, seed=11, game_ids=range(N_LOOP), slow=True)
    for other in (called, slow):
        assert other.actions == fast.actions
        assert (other.deal_counts == fast.deal_counts).all()
        assert (other.deals == fast.deals).all() and (other.games == fast.games).all()
        assert (other.shares == fast.shares).all()


def test_cards_are_accounted_for_and_a_decision_is_never_empty(spec):
    for game, _ in random_games(spec, N_STEPPED, seed=3):
        assert game.accounted() is None, game.accounted()
        if not game.over:
            assert game.legal_mask() != 0
            assert game.to_act in range(spec.seats)
        else:
            assert game.legal_mask() == 0 and game.to_act is None


def test_ranks_and_win_shares_are_well_formed(spec):
    rnd = parse_spec("random", spec.name)
    batch = play_batch(spec, [rnd], [0] * spec.seats, seed=5, game_ids=range(N_LOOP))
    n = spec.seats
    ranks = batch.games[:, n : 2 * n]
    assert np.allclose(batch.shares.sum(axis=1), 1.0)
    assert ((ranks >= 1) & (ranks <= n)).all() and (ranks.min(axis=1) == 1).all()
    winners = ranks == 1
    assert (batch.shares[winners] > 0).all() and (batch.shares[~winners] == 0).all()
    for team in spec.teams:  # partners share their team's result
        assert (ranks[:, list(team)] == ranks[:, [team[0]]]).all()
    assert ((batch.deal_counts >= 1) & (batch.deal_counts <= spec.max_deals)).all()


def test_records_round_trip_and_replay(spec):
    codec = spec.part("codec")
    bots = [parse_spec("random", spec.name)] * spec.seats
    for g in range(20):
        game = play_game(spec, bots, seed=7, game_id=g)
        rec = codec.game_record(game, g, ["random"] * spec.seats)
        line = dumps(rec)
        assert rec["format"] == spec.record_format
        verdict = check_line(1, line)
        assert verdict.ok and verdict.game_name == spec.name, verdict.error
        again = codec.game_record(codec.replay_record(codec.loads(line)), g, rec["bots"])
        assert dumps(again) == line


# -- the determinizer ------------------------------------------------------------------------
@pytest.fixture(params=DETERMINIZED, ids=lambda g: g.name)
def dspec(request):
    return request.param


def positions(spec, n, seed):
    """Random mid-game positions: (game, the seat to act)."""
    found = []
    for game, r in random_games(spec, n, seed):
        if not game.over and r.random() < 0.05:
            found.append((game.spec.part("api").GAME(game.state.copy()), game.to_act))
    return found


def sample(spec, game, seat, rng, state):
    d = spec.part("determinizer")
    k = spec.part("kernels")
    work = np.zeros(d.WORK_SIZE, np.int64)
    private = k.hand_of(game.state, seat)  # what the seat's bot is given as its hand
    d.determinize(game.state[: k.PUB_SIZE], seat, private, game.legal_mask(), rng, work, state)
    return spec.part("api").GAME(state.copy())


def test_a_determinization_keeps_the_information_set_and_the_public_record(dspec):
    k = dspec.part("kernels")
    state = np.zeros(k.STATE_SIZE, np.int64)
    rng = new_stream(1)
    for game, seat in positions(dspec, 30, seed=2):
        for _ in range(5):
            d = sample(dspec, game, seat, rng, state)
            assert (d.state[: k.PUB_SIZE] == game.state[: k.PUB_SIZE]).all()
            assert d.hand(seat) == game.hand(seat)
            assert d.legal_mask() == game.legal_mask()
            assert d.accounted() is None, d.accounted()
            for q in range(dspec.seats):  # never a card the public record rules out
                assert d.hand(q) & ~game.could_hold(q, seat) == 0
                assert bin(d.hand(q)).count("1") == bin(game.hand(q)).count("1")


def test_a_determinization_keeps_the_legal_actions_at_every_decision(dspec):
    # every decision of a few games, not a sample of positions: a rule that reads the seat's
    # own past shows at one kind of decision only (Euchre's maker may not call a card he was
    # dealt, his discard among them when he is the dealer, R6.2)
    k = dspec.part("kernels")
    state = np.zeros(k.STATE_SIZE, np.int64)
    rng = new_stream(3)
    checked = 0
    for game, _ in random_games(dspec, 3, seed=5):
        if not game.over:
            d = sample(dspec, game, game.to_act, rng, state)
            assert d.legal_mask() == game.legal_mask(), (game.state.tolist(), game.to_act)
            checked += 1
    assert checked > 100


def test_a_determinization_does_not_see_the_hidden_hands(dspec):
    # two positions that differ only in cards the seat cannot see give the same samples
    k = dspec.part("kernels")
    state = np.zeros(k.STATE_SIZE, np.int64)
    swapped = 0
    for game, seat in positions(dspec, 30, seed=4):
        others = [q for q in range(dspec.seats) if q != seat]
        hands = game.hands()
        for a in others:
            for b in others:
                # a card of a's that b could hold, and one of b's that a could hold
                give = hands[a] & game.could_hold(b, seat)
                take = hands[b] & game.could_hold(a, seat)
                if a < b and give and take:
                    g, t = give & -give, take & -take
                    hands[a], hands[b] = hands[a] ^ g ^ t, hands[b] ^ t ^ g
                    other = game.spec.part("api").GAME(game.with_hands(hands))
                    first = sample(dspec, game, seat, new_stream(9), state).hands()
                    second = sample(dspec, other, seat, new_stream(9), state).hands()
                    assert first == second
                    swapped += 1
                    break
        # a card of a hand and one lying apart (a stock, a kitty) that the seat cannot see
        apart = game.could_lie_apart(seat)
        in_hands = 0
        for h in hands:
            in_hands |= h
        for a in others:
            give, take = hands[a] & apart, apart & ~in_hands
            if give and take:
                hands[a] ^= (give & -give) ^ (take & -take)
                other = game.spec.part("api").GAME(game.with_hands(hands))
                assert other.accounted() is None, other.accounted()
                first = sample(dspec, game, seat, new_stream(9), state)
                second = sample(dspec, other, seat, new_stream(9), state)
                assert (first.state == second.state).all()
                swapped += 1
                break
    assert swapped > 10


def test_unconstrained_cards_land_in_each_seat_as_often_as_its_free_places(dspec):
    # at a deal's first decision nothing is known but the seat's own cards (and what is face
    # up): each unseen card goes to each other seat with probability (its cards) / (cards
    # unseen), and to no hand (a kitty, say) with the rest; chi-square over card x holder
    k = dspec.part("kernels")
    state = np.zeros(k.STATE_SIZE, np.int64)
    game = dspec.part("api").GAME.new(5, 0)
    seat = game.to_act
    others = [q for q in range(dspec.seats) if q != seat]
    sizes = np.array([bin(game.hand(q)).count("1") for q in others], np.float64)
    union = 0
    for q in others:
        union |= game.could_hold(q, seat)
    unseen = [c for c in range(64) if union >> c & 1]
    buried = len(unseen) - sizes.sum()  # unseen cards in no hand
    n = 4000
    counts = np.zeros((len(unseen), len(others) + 1))
    rng = new_stream(3)
    for _ in range(n):
        hands = sample(dspec, game, seat, rng, state).hands()
        for i, c in enumerate(unseen):
            held = [hands[q] >> c & 1 for q in others]
            counts[i, : len(others)] += held
            counts[i, -1] += 1 - sum(held)
    expected = n * np.append(sizes, buried) / len(unseen)
    cols = expected > 0
    chi2 = (((counts[:, cols] - expected[cols]) ** 2) / expected[cols]).sum()
    dof = len(unseen) * (cols.sum() - 1)
    assert chi2 < dof + 5 * np.sqrt(2 * dof), (chi2, dof)  # ~5 sigma of a chi-square
