"""The perfect-information solver (sim/games/terts/solve.py, docs/games.md "The solver").

The reference here is a plain-Python minimax written from RULES.md alone (R4.1-R4.4,
R5.1, R5.2, R5.5-R5.7), not from the kernels: every line of play from the position is
played out, the seat maximising its points and the other minimising them. Positions
come from random games through the checked game; hand-built ones have values worked out
by hand from the rules.
"""

import random

import numpy as np
import pytest

from sim.core.parts import missing
from sim.core.rng import new_stream
from sim.games.terts import determinize, rules, search, solve
from sim.games.terts import state as S
from sim.games.terts import vocab as V
from sim.games.terts.game import GAME

# -- the reference, from RULES.md -------------------------------------------------------------
RANKS, SUITS = "789TJQKA", "HCDS"  # R1.2; a card is suit * 8 + rank (vocab's ids)
TRUMP_ORDER = "J9ATKQ87"  # R4.1, strongest first
PLAIN_ORDER = "ATKQJ987"  # R4.2
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}  # R4.3
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
LAST_TRICK = 10  # R4.4


def points(card, trump):
    rank = RANKS[card % 8]
    return (TRUMP_POINTS if card // 8 == trump else PLAIN_POINTS).get(rank, 0)


def second_wins(first, second, trump):
    """R5.2: the stronger trump, else the stronger card of the suit led."""
    if second // 8 == first // 8:
        order = TRUMP_ORDER if first // 8 == trump else PLAIN_ORDER
        return order.index(RANKS[second % 8]) < order.index(RANKS[first % 8])
    return second // 8 == trump


def may_play(hand, led, trump):
    """R5.5, R5.6: the suit led; lacking it a trump, unless the trump jack is the only one."""
    same = [c for c in hand if c // 8 == led // 8]
    if led // 8 != trump and same:
        return same
    trumps = [c for c in hand if c // 8 == trump]
    if not trumps or trumps == [trump * 8 + RANKS.index("J")]:
        return list(hand)
    return trumps


def brute(hands, leader, led, trump, seat, memo):
    """Seat's future points under minimax over every line (``led``: on the table, or None;
    ``memo`` only saves recomputing a position reached twice)."""
    key = (hands, leader, led)
    if key not in memo:
        mover = leader if led is None else 1 - leader
        best = max if mover == seat else min
        values = []
        for card in hands[mover] if led is None else may_play(hands[mover], led, trump):
            rest = list(hands)
            rest[mover] = tuple(c for c in hands[mover] if c != card)
            rest = tuple(rest)
            if led is None:  # R5.7 any lead
                values.append(brute(rest, leader, card, trump, seat, memo))
                continue
            winner = mover if second_wins(led, card, trump) else leader
            last = not rest[0] and not rest[1]
            won = points(led, trump) + points(card, trump) + (LAST_TRICK if last else 0)
            later = 0 if last else brute(rest, winner, None, trump, seat, memo)  # R5.1
            values.append((won if winner == seat else 0) + later)
        memo[key] = best(values)
    return memo[key]


def brute_of(state, seat):
    hands = tuple(tuple(c for c in range(32) if int(state[S.HANDS + p]) >> c & 1) for p in (0, 1))
    led = int(state[S.LED_CARD]) if state[S.PHASE] == V.FOLLOW else None
    return brute(hands, int(state[S.LEADER]), led, int(state[S.TRUMP]), seat, {})


# -- positions --------------------------------------------------------------------------------
def decisions(n_games, seed):
    """The state at every decision of random games through the checked game."""
    for g in range(n_games):
        rnd = random.Random(seed * 1000 + g)
        game = GAME.new(seed, g)
        while not game.over:
            yield game.state.copy()
            game.apply(rnd.choice(game.legal_actions()))


def deals(n_games, seed):
    """Random games through the kernels, yielding (state, ended) after every action; the
    state at a deal's end is yielded before the next deal is dealt."""
    state = rules.new_state()
    for g in range(n_games):
        rnd = random.Random(seed * 1000 + g)
        rules.new_game(state, np.uint64(seed * 1000 + g))
        yield state, False
        while True:
            legal = int(rules.legal_actions(state))
            ended = rules.step(state, rnd.choice([a for a in range(V.N_ACTIONS) if legal >> a & 1]))
            yield state, ended
            if state[S.PHASE] == V.OVER:
                break
            if ended:
                rules.next_deal(state)
                yield state, False


def cid(text):
    return SUITS.index(text[1]) * 8 + RANKS.index(text[0])


def position(trump, hand0, hand1, leader, led=None):
    """A state of the last tricks: the hands and a led card in R1.2 text, ``trump`` a suit
    letter; ``leader`` has led ``led`` (then the other seat is to play) or is to lead."""
    state = rules.new_state()
    state[S.TRUMP] = SUITS.index(trump)
    for p, hand in enumerate((hand0, hand1)):
        state[S.HANDS + p] = sum(1 << cid(c) for c in hand.split())
    state[S.TRICK_NO] = V.N_TRICKS - max(len(hand0.split()), len(hand1.split()))
    state[S.LEADER] = leader
    state[S.PHASE] = V.LEAD if led is None else V.FOLLOW
    state[S.LED_CARD] = -1 if led is None else cid(led)
    state[S.TURN] = leader if led is None else 1 - leader
    return state


def children(state, seat, work):
    """Each legal card -> seat's points in the trick it completes + the child's score."""
    out = {}
    legal = int(rules.legal_actions(state))
    for card in (a for a in range(32) if legal >> a & 1):
        child = state.copy()
        ended = rules.step(child, card)
        won = child[S.CARD_POINTS + seat] - state[S.CARD_POINTS + seat]
        if ended and child[S.LAST_WINNER] == seat:
            won += LAST_TRICK
        out[card] = int(won) + solve.score(child, seat, work)
    return out


@pytest.fixture(scope="module")
def work():
    """One table for the whole module: entries are keyed on the exact position (and the
    trump), so they stay valid from one deal to the next."""
    return np.zeros(solve.WORK_SIZE, np.int64)


# -- 1 the brute force ----------------------------------------------------------------------
def test_score_is_the_brute_force_on_small_endings(work):
    n = 0
    for state in decisions(80, seed=3):
        if state[S.TRICK_NO] < V.N_TRICKS - 4:  # 1-4 tricks left
            continue
        for seat in (0, 1):
            assert solve.score(state, seat, work) == brute_of(state, seat), (seat, state)
        n += 1
    assert n > 2000


@pytest.mark.slow
def test_score_is_the_brute_force_on_the_last_nine_tricks(work):
    # the first decision of trick 8 of three deals: about 10^5 positions each in Python
    starts = (
        s for s in decisions(3, seed=5) if s[S.TRICK_NO] == V.DRAW_TRICKS and s[S.PHASE] == V.LEAD
    )
    for _, state in zip(range(3), starts, strict=False):
        assert solve.score(state, 0, work) == brute_of(state, 0)


# -- 2 hand-built positions ----------------------------------------------------------------
def test_R4_4_the_last_tricks_10_decides_the_best_lead(work):
    # hearts trump; seat 0 leads from AC 7D against KC 8D. AC first: AC+KC = 15, then 8D
    # takes 7D and the last trick's 10: 15. 7D first: 8D wins it (0), seat 1 must lead KC
    # and AC takes 15 + 10 = 25. Without the 10 both leads would be worth 15.
    state = position("H", "AC 7D", "KC 8D", leader=0)
    assert children(state, 0, work) == {cid("AC"): 15, cid("7D"): 25}
    assert solve.score(state, 0, work) == 25
    assert solve.score(state, 1, work) == 0


def test_R5_6_the_trump_jack_is_kept_for_the_last_trick(work):
    # hearts trump; seat 0 led 7S and holds AC; seat 1 holds JH 8C: no spade, and the jack
    # its only trump, so it may discard (R5.6). Ruffing takes 20 and gives the last trick
    # (AC over 8C: 11 + 10): 20. Discarding 8C loses 0, and JH takes AC and the 10: 41.
    state = position("H", "AC", "JH 8C", leader=0, led="7S")
    assert children(state, 1, work) == {cid("JH"): 20, cid("8C"): 41}
    assert solve.score(state, 1, work) == 41
    assert solve.score(state, 0, work) == 0


def test_R5_6_the_jack_does_not_release_the_suit_led(work):
    # hearts trump; seat 0 led AS and holds 7C; seat 1 holds JH 8S. It must follow with 8S
    # (R5.5; the exemption releases the jack only): AS wins 11, then JH takes 7C and the 10:
    # 30. Ruffing (41: 31 now, 8S wins the last trick) is not allowed.
    state = position("H", "7C", "JH 8S", leader=0, led="AS")
    assert children(state, 1, work) == {cid("8S"): 30}
    assert solve.score(state, 1, work) == 30
    assert solve.score(state, 0, work) == 11


def test_R5_2_R4_1_the_last_trick_alone(work):
    # the trump 9 beats the trump A (R4.1): 11 + 14 + 10
    assert solve.score(position("H", "AH", "9H", leader=0), 1, work) == 35
    # a trump on a plain lead wins (R5.2): AS + 7H + 10
    assert solve.score(position("H", "AS", "7H", leader=0), 1, work) == 21
    # another plain suit never wins (R5.2): AC is worth 11 to the leader
    assert solve.score(position("H", "7S", "AC", leader=0), 0, work) == 21
    # on the table: the follower's card decides, the points of the led card count
    assert solve.score(position("H", "", "TS", leader=0, led="KS"), 1, work) == 24


def test_R5_5_no_duty_to_beat(work):
    # clubs trump; seat 1 follows KS from AS 7S; seat 0 keeps QS. AS now: 15, then 7S is
    # lost to QS with the 10 (seat 1: 15). 7S under it: seat 0 wins 4, leads QS, AS takes it
    # and the 10: 24. Not heading the trick is better, and allowed.
    state = position("C", "QS", "AS 7S", leader=0, led="KS")
    assert children(state, 1, work) == {cid("AS"): 15, cid("7S"): 24}
    assert solve.score(state, 1, work) == 24


def test_score_is_zero_once_the_deal_is_over(work):
    for state, ended in deals(3, seed=2):
        if ended:
            assert solve.solvable(state)
            assert solve.score(state, 0, work) == solve.score(state, 1, work) == 0


# -- 3 the value is the best child ----------------------------------------------------------
def test_the_value_is_the_best_child_plus_the_trick_it_completes():
    work = np.zeros(solve.WORK_SIZE, np.int64)
    n = 0
    for i, state in enumerate(decisions(12, seed=9)):
        if state[S.TRICK_NO] < V.DRAW_TRICKS or i % 3:
            continue
        turn = int(state[S.TURN])
        total = solve.remaining(state)
        for seat in (0, 1):
            values = children(state, seat, work)
            best = max if seat == turn else min
            assert solve.score(state, seat, work) == best(values.values())
        assert solve.score(state, 0, work) + solve.score(state, 1, work) == total
        n += 1
    assert n > 100


def test_a_fresh_table_and_a_kept_one_give_the_same_values(work):
    for i, state in enumerate(decisions(6, seed=4)):
        if state[S.TRICK_NO] >= V.DRAW_TRICKS and i % 4 == 0:
            fresh = np.zeros(solve.WORK_SIZE, np.int64)
            assert solve.score(state, 1, fresh) == solve.score(state, 1, work)


# -- 4 reward and the search's rewards --------------------------------------------------------
def test_reward_is_rewards_at_the_deals_end():
    out = np.zeros(2)
    waiting = []  # (state, scale) from trick 8 on, until their deal ends
    ends = game_ends = 0
    for state, ended in deals(40, seed=6):
        if ended:
            for then, scale in waiting:
                search.rewards(state, scale, out)
                took = [state[S.CARD_POINTS + p] - then[S.CARD_POINTS + p] for p in (0, 1)]
                took[state[S.LAST_WINNER]] += LAST_TRICK  # R4.4
                assert sum(took) == solve.remaining(then)  # the other seat's is the rest
                for seat in (0, 1):
                    assert solve.reward(then, seat, took[seat], scale) == out[seat]
                    assert solve.reward(state, seat, 0, scale) == out[seat]
            waiting = []
            ends += 1
            game_ends += state[S.PHASE] == V.OVER
        elif state[S.TRICK_NO] >= V.DRAW_TRICKS:
            waiting.append((state.copy(), search.reward_scale(state[: S.PUB_SIZE])))
    assert ends > 100 and game_ends == 40  # every game's last deal ends it (R9.1)


def test_reward_at_a_game_ending_deal():
    # totals 480 to 470 before the deal; seat 0 has 10 card points and 20 of melds, seat 1
    # 5 and none, with 25 points still to take: seat 0 reaches 501 whatever comes (R8.1)
    state = position("H", "AC 7D", "KC 8D", leader=0)
    state[S.TOTALS : S.TOTALS + 2] = (480, 470)
    state[S.CARD_POINTS : S.CARD_POINTS + 2] = (10, 5)
    state[S.MELD_POINTS] = 20
    assert solve.remaining(state) == 25
    # seat 0 takes 0: 510 to 500; takes 25: 535 to 475; it wins the game (R9.1, R9.2)
    assert solve.reward(state, 0, 0, 100.0) == solve.reward(state, 0, 25, 100.0) == 1.0
    assert solve.reward(state, 1, 25, 100.0) == 0.0
    state[S.TOTALS] = 455  # 485 to 470 + 5 + 25 = 500: nobody reaches 501, the game goes on
    r = solve.reward(state, 1, 25, 100.0)
    assert r == pytest.approx(1 / (1 + np.exp(-(500 - 485) / 100.0)))
    state[S.TOTALS + 1] = 476  # 485 to 506: seat 1 wins the game
    assert solve.reward(state, 1, 25, 100.0) == 1.0
    state[S.TOTALS : S.TOTALS + 2] = (476, 486)  # seat 0 takes 5: 511 to 511, a tie (R9.3)
    assert solve.reward(state, 0, 5, 100.0) == solve.reward(state, 1, 20, 100.0) == 0.5


# -- 5 solvable, and the contract -------------------------------------------------------------
def test_solvable_from_trick_8_to_the_deals_end():
    seen = {False: 0, True: 0}
    rng = new_stream(1)
    dwork = np.zeros(determinize.WORK_SIZE, np.int64)
    world = rules.new_state()
    for state, ended in deals(10, seed=8):
        late = bool(state[S.TRICK_NO] >= V.DRAW_TRICKS)
        assert solve.solvable(state) == late, (state[S.TRICK_NO], ended)
        seen[late] += 1
        if late and not ended:  # the stock is drawn: every unseen card is in the other hand
            seat = int(state[S.TURN])
            determinize.determinize(state[: S.PUB_SIZE], seat, state[S.HANDS + seat],
                                    rules.legal_actions(state), rng, dwork, world)  # fmt: skip
            assert (world[S.HANDS : S.HANDS + 2] == state[S.HANDS : S.HANDS + 2]).all()
    assert seen[False] > 500 and seen[True] > 500


def test_the_contract():
    assert missing(solve, "solver") == []
    assert solve.MODEL == "two players, zero-sum on the card points still to take"
    assert isinstance(solve.WORK_SIZE, int)
    state = position("H", "AC", "KC", leader=0)
    assert solve.allies(state, 0) == 1 and solve.allies(state, 1) == 2
