"""The perfect-information solver (sim/games/five_hundred/solve.py, docs/games.md "The solver").

The reference here is a plain-Python minimax written from RULES.md alone (R1.3-R1.6,
R7.1-R7.4, R8.1-R8.3), not from the kernels: every line of play from the position is
played out, the seat's partnership maximising its tricks and the other minimising them.
Positions come from random games through the checked game (the auction forced to a
random contract, so that every strain is played); hand-built ones have values worked
out by hand from the rules.
"""

import random

import numpy as np
import pytest

from sim.core.parts import missing
from sim.games.five_hundred import rules, search, solve, solve_search
from sim.games.five_hundred import state as S
from sim.games.five_hundred import vocab as V
from sim.games.five_hundred.cards import parse_card, parse_hand
from sim.games.five_hundred.game import GAME

# -- the reference, from RULES.md -------------------------------------------------------------
RANKS, SUITS = "456789TJQKA", "HCDS"  # R1.2; a card is suit * 11 + rank, the joker 44
JOKER = 44
PLAIN_ORDER = "456789TJQKA"  # R1.4, weakest first
TRUMP_ORDER = "456789TQKA"  # R1.3 below the bowers and the joker, weakest first


def left_bower(trump):
    return (trump ^ 2) * 11 + RANKS.index("J")  # R1.3 the jack of the same colour


def suit_of(card, trump):
    """R1.5 the effective suit; in no trumps the joker has none (R8.1)."""
    if card == JOKER:
        return trump
    if trump is not None and card == left_bower(trump):
        return trump
    return card // 11


def is_trump(card, trump):
    return card == JOKER or (trump is not None and suit_of(card, trump) == trump)  # R1.6, R8.1


def strength(card, trump):
    """R1.3, R1.4: higher is stronger; any trump above any plain card (R1.6)."""
    if card == JOKER:
        return 100
    if is_trump(card, trump):
        if card == trump * 11 + RANKS.index("J"):
            return 99  # the right bower
        if card == left_bower(trump):
            return 98
        return 50 + TRUMP_ORDER.index(RANKS[card % 11])
    return PLAIN_ORDER.index(RANKS[card % 11])


def trick_winner(plays, to_follow, trump):
    """R7.4: the highest trump, else the highest card of the suit to follow."""
    trumps = [(s, c) for s, c in plays if is_trump(c, trump)]
    pool = trumps or [(s, c) for s, c in plays if suit_of(c, trump) == to_follow]
    return max(pool, key=lambda sc: strength(sc[1], trump))[0]


def options(hand, leading, to_follow, voids, trump):
    """(card, named suit) pairs: any lead (R7.1), the no-trump joker naming a suit the
    leader has not shown void in (R8.2, R8.3); else follow the suit if possible (R7.2)."""
    if leading:
        out = [(c, None) for c in hand if not (c == JOKER and trump is None)]
        if JOKER in hand and trump is None:
            out += [(JOKER, s) for s in range(4) if s not in voids]
        return out
    same = [c for c in hand if c != JOKER or trump is not None]
    same = [c for c in same if suit_of(c, trump) == to_follow]
    return [(c, None) for c in (same or hand)]


def brute(hands, leader, plays, to_follow, voids, trump, team, memo):
    """``team``'s tricks from here on (the trick in progress included), ``team`` maximising
    and the other minimising, over every line of play. ``plays``: the trick's (seat, card)."""
    key = (hands, leader, plays, to_follow, voids)
    if key in memo:
        return memo[key]
    seat = (leader + len(plays)) % 4
    values = []
    for card, named in options(hands[seat], not plays, to_follow, voids[seat], trump):
        rest = list(hands)
        rest[seat] = tuple(c for c in hands[seat] if c != card)
        rest = tuple(rest)
        shown = list(voids)
        if plays:
            follow = to_follow
            if card == JOKER and trump is None or suit_of(card, trump) != to_follow:
                shown[seat] = voids[seat] | {to_follow}  # R7.2 shown void
        else:
            follow = named if named is not None else suit_of(card, trump)  # R8.2
        shown = tuple(shown)
        now = plays + ((seat, card),)
        if len(now) < 4:
            values.append(brute(rest, leader, now, follow, shown, trump, team, memo))
            continue
        winner = trick_winner(now, follow, trump)
        won = 1 if winner % 2 == team else 0
        later = brute(rest, winner, (), None, shown, trump, team, memo) if rest[0] else 0
        values.append(won + later)  # R7.1 the winner leads the next trick
    best = max if seat % 2 == team else min
    memo[key] = best(values)
    return memo[key]


def brute_of(state, seat):
    """The reference's value of an engine state for ``seat``'s partnership."""
    hands = tuple(tuple(c for c in range(45) if int(state[S.HANDS + p]) >> c & 1) for p in range(4))
    leader = int(state[S.LEADER])
    plays = tuple(
        ((leader + j) % 4, int(state[S.TRICK_CARDS + (leader + j) % 4]))
        for j in range(int(state[S.TRICK_LEN]))
    )
    to_follow = int(state[S.TO_FOLLOW]) if plays else None
    voids = tuple(frozenset(s for s in range(4) if state[S.VOIDS + p] >> s & 1) for p in range(4))
    trump = int(state[S.TRUMP]) if state[S.TRUMP] >= 0 else None
    return brute(hands, leader, plays, to_follow, voids, trump, seat % 2, {})


# -- positions --------------------------------------------------------------------------------
def forced_auction(rnd, game):
    """The first caller bids a random contract, the others pass: every strain is played."""
    if game.high_bid < 0:
        return rnd.randrange(V.N_BIDS)
    return V.PASS


def decisions(n_games, seed, max_deals=3):
    """The state at every decision of the card play of random deals through the checked
    game (auctions forced, random discards and cards)."""
    for g in range(n_games):
        rnd = random.Random(seed * 1000 + g)
        game = GAME.new(seed, g)
        while not game.over and game.deal_no < max_deals:
            if game.phase == V.AUCTION:
                game.apply(forced_auction(rnd, game))
                continue
            if game.phase == V.PLAY:
                yield game.state.copy()
            game.apply(rnd.choice(game.legal_actions()))


@pytest.fixture(scope="module")
def work():
    """One table for the whole module: entries are keyed on the exact position (and the
    contract), so they stay valid from one deal to the next."""
    return np.zeros(solve.WORK_SIZE, np.int64)


# -- 1 the brute force ----------------------------------------------------------------------
def test_score_is_the_brute_force_on_small_endings(work):
    seen = {"positions": 0, "no trumps": 0, "joker held": 0, "left bower held": 0, "both": 0}
    for state in decisions(60, seed=3):
        if state[S.TRICK_NO] < 7:  # 1-3 tricks left
            continue
        want = [brute_of(state, team) for team in (0, 1)]
        for seat in range(4):
            assert solve.score(state, seat, work) == want[seat % 2], (seat, state)
        held = int(np.bitwise_or.reduce(state[S.HANDS : S.HANDS + 4]))
        trump = int(state[S.TRUMP])
        left = trump >= 0 and held >> left_bower(trump) & 1
        seen["positions"] += 1
        seen["no trumps"] += trump < 0
        seen["joker held"] += held >> JOKER & 1
        seen["left bower held"] += left
        seen["both"] += left and held >> (trump * 11 + RANKS.index("J")) & 1  # the bowers
    assert seen["positions"] > 2000 and min(seen.values()) > 40, seen


@pytest.mark.slow
def test_score_is_the_brute_force_on_four_trick_endings(work):
    # 16 cards: a few seconds each in Python
    n = 0
    for state in decisions(40, seed=5):
        if state[S.TRICK_NO] == 6 and state[S.TRICK_LEN] == 0 and n < 12:
            want = [brute_of(state, team) for team in (0, 1)]
            assert [solve.score(state, seat, work) for seat in (0, 1)] == want
            n += 1
    assert n == 12


# -- 2 hand-built positions ----------------------------------------------------------------
def position(trump, hands, leader, trick=(), voids=None, bid=None):
    """A state of the card play: ``trump`` a suit letter or ``"NT"``; ``hands`` the cards
    each seat holds in R1.2 text; ``leader`` has led the trick's first card of ``trick``
    (each played in turn by the next seat, ``JK=S`` for a named joker lead); ``voids``:
    {seat: suits shown void in}."""
    state = rules.new_state()
    state[S.TRUMP] = -1 if trump == "NT" else SUITS.index(trump)
    strain = 4 if trump == "NT" else V.STRAINS.index(trump)
    state[S.HIGH_BID] = strain if bid is None else bid
    state[S.CONTRACTOR] = leader
    state[S.PHASE] = V.PLAY
    masks = [parse_hand(h) if h else 0 for h in hands]
    for j, text in enumerate(trick):
        card = JOKER if text.startswith("JK") else parse_card(text)
        masks[(leader + j) % 4] |= 1 << card
    for p in range(4):
        state[S.HANDS + p] = masks[p]
    state[S.TRICK_NO] = 10 - max(bin(m).count("1") for m in masks)
    state[S.LEADER] = state[S.TURN] = leader
    state[S.TRICK_LEN] = 0
    state[S.WINNER] = -1
    for p in range(4):
        state[S.TRICK_CARDS + p] = -1
        state[S.VOIDS + p] = sum(1 << SUITS.index(s) for s in (voids or {}).get(p, ""))
    for text in trick:
        if text.startswith("JK="):
            rules.step(state, V.JOKER_LEAD + SUITS.index(text[3]))
        else:
            rules.step(state, JOKER if text == "JK" else parse_card(text))
    return state


def action_text(action):
    if action >= V.JOKER_LEAD:
        return "JK=" + SUITS[action - V.JOKER_LEAD]
    return "JK" if action == JOKER else RANKS[action % 11] + SUITS[action // 11]


def children(state, seat, work):
    """Each legal action -> seat's partnership's trick if the action completes one, plus
    the child's score."""
    out = {}
    legal = int(rules.legal_actions(state))
    for a in (a for a in range(V.N_ACTIONS) if legal >> a & 1):
        child = state.copy()
        rules.step(child, a)
        won = child[S.TRICK_NO] > state[S.TRICK_NO] and child[S.LEADER] % 2 == seat % 2
        out[action_text(a)] = int(won) + solve.score(child, seat, work)
    return out


def test_R1_5_R7_3_the_left_bower_is_a_trump_and_follows_no_diamond(work):
    # hearts trumps; seat 0 led KD and keeps 6S. Seat 1 holds JD (the left bower: a trump,
    # R1.5) and 5C: no diamond, so he may trump with JD and win, then 5C goes to partner's
    # 9C: 2 (R7.3). Or he discards 5C: KD wins, and 6S is led to his JD: 1. Were JD a
    # diamond he would have to follow with it under KD.
    state = position("H", ["6S", "JD 5C", "6C 7C", "8C 9C"], leader=0, trick=["KD"])
    assert children(state, 1, work) == {"JD": 2, "5C": 1}
    assert solve.score(state, 1, work) == 2 and solve.score(state, 0, work) == 0


def test_R1_3_the_bowers_and_the_joker_above_the_ace(work):
    # hearts trumps; one trick: AH led, the left bower JD, the right bower JH, then the joker
    assert solve.score(position("H", ["AH", "JD", "5C", "6C"], leader=0), 1, work) == 1
    assert solve.score(position("H", ["AH", "JD", "JH", "6C"], leader=0), 0, work) == 1
    assert solve.score(position("H", ["AH", "JD", "JH", "JK"], leader=0), 1, work) == 1
    # in diamonds JH is the left bower and JD the right bower (R1.3)
    assert solve.score(position("D", ["AD", "JH", "JD", "6C"], leader=0), 0, work) == 1
    # in no trumps both jacks are plain: JD follows diamonds, JH does not win them (R1.4)
    assert solve.score(position("NT", ["AD", "JH", "JD", "6C"], leader=0), 0, work) == 1


def test_R7_3_a_lone_left_bower_must_follow_a_trump_lead(work):
    # hearts trumps; seat 0 leads AH from AH 5S; seat 1 holds JD AS: the lone left bower must
    # follow the trump lead and wins it (R7.3, R1.3), then AS wins: team 1 both tricks.
    # Leading 5S first: AS wins, then JD is led and AH must follow: team 1 both again.
    state = position("H", ["AH 5S", "JD AS", "6C 7C", "8C 9C"], leader=0)
    assert children(state, 0, work) == {"AH": 0, "5S": 0}
    after = position("H", ["5S", "JD AS", "6C 7C", "8C 9C"], leader=0, trick=["AH"])
    assert children(after, 1, work) == {"JD": 2}


def test_R8_1_R8_2_the_no_trump_joker_names_the_suit_to_draw(work):
    # no trumps; seat 0 leads from JK 5H; seat 1 holds AH 6C. JK=H makes seat 1 give up AH
    # (R8.2), then 5H is the last heart: 2. 5H first loses to AH, then 6C is led and the
    # joker wins it (R8.1): 1. JK=C takes 6C and leaves AH over 5H: 1; spades and diamonds
    # (nobody holds any) let seat 1 discard 6C: 1.
    state = position("NT", ["JK 5H", "AH 6C", "7C 8C", "9C TC"], leader=0)
    assert children(state, 0, work) == {"5H": 1, "JK=H": 2, "JK=C": 1, "JK=D": 1, "JK=S": 1}
    assert solve.score(state, 0, work) == 2 and solve.score(state, 3, work) == 0


def test_R8_3_a_suit_shown_void_cannot_be_named(work):
    # no trumps; seat 0 leads from JK 6C 5S. JK=H draws seat 1's AH; then 6C goes to
    # partner's AC and his last heart (JH or 8H) is the last trick's winner: all 3. Seat 0
    # has shown void in hearts (R8.3): he may not name them, and takes 2.
    hands = ["JK 6C 5S", "AH JS AS", "8H JH AC", "8C 9C TD"]
    free = position("NT", hands, leader=0)
    barred = position("NT", hands, leader=0, voids={0: "H"})
    assert children(free, 0, work)["JK=H"] == 3 and solve.score(free, 0, work) == 3
    assert "JK=H" not in children(barred, 0, work) and solve.score(barred, 0, work) == 2
    for state in (free, barred):
        assert [solve.score(state, seat, work) for seat in range(4)] == [
            brute_of(state, seat) for seat in range(4)
        ]


def test_R8_3_the_joker_holders_void_shown_in_the_search_counts(work):
    # the same hands a trick earlier: seat 0 discards a diamond on seat 3's club lead and
    # shows void in diamonds in the search itself (R7.2); brute force and solver agree
    hands = ["JK 6C 5S 7D", "AH JS AS 6H", "8H JH AC QC", "8C 9C TD 4D"]
    state = position("NT", hands, leader=3)
    assert [solve.score(state, seat, work) for seat in range(2)] == [
        brute_of(state, seat) for seat in range(2)
    ]


def test_equivalent_cards_with_the_card_between_them_gone(work):
    # spades trumps; KH, 8H and 7H have gone in earlier tricks. Seat 0 leads from AH QH 5C:
    # AH and QH are equivalent (no card outstanding between them) and either lead is worth
    # the same: both top hearts win, 5C loses to AC: 2. Seat 1's 9H and 6H are equivalent
    # too (4H lies below both).
    hands = ["AH QH 5C", "9H 6H AC", "TH 8D 7D", "4H 6D 8C"]
    state = position("S", hands, leader=0)
    assert children(state, 0, work) == {"AH": 2, "QH": 2, "5C": 2}
    after = position("S", ["QH 5C", *hands[1:]], leader=0, trick=["AH"])
    assert children(after, 1, work) == {"9H": 1, "6H": 1}
    assert solve.score(state, 1, work) == brute_of(state, 1) == 1


def test_score_is_zero_once_the_deal_is_over(work):
    for state, ended in deals(3, seed=2):
        if ended:
            assert solve.score(state, 0, work) == solve.score(state, 1, work) == 0


# -- 3 the value is the best child ----------------------------------------------------------
def test_the_value_is_the_best_child_plus_the_trick_it_completes():
    work = np.zeros(solve.WORK_SIZE, np.int64)
    n = 0
    for i, state in enumerate(decisions(10, seed=9, max_deals=2)):
        if i % 5:
            continue
        turn = int(state[S.TURN])
        left = 10 - int(state[S.TRICK_NO])
        for seat in (0, 1):
            values = children(state, seat, work).values()
            best = max if seat % 2 == turn % 2 else min
            assert solve.score(state, seat, work) == best(values)
        assert solve.score(state, 0, work) + solve.score(state, 1, work) == left
        n += 1
    assert n > 50


def test_the_bounds_hold_the_solved_value_at_every_trick_start(work):
    # the cheap bounds cut whole subtrees: they must hold the exact value, early tricks too
    n = 0
    for state in decisions(12, seed=11, max_deals=2):
        if state[S.TRICK_LEN] or state[S.TRICK_NO] > 8:
            continue
        trump = int(state[S.TRUMP])
        code = solve.contract_code(trump)
        hands = np.array([solve.remap(state[S.HANDS + p], code) for p in range(4)])
        left = 10 - int(state[S.TRICK_NO])
        allc = int(hands[0] | hands[1] | hands[2] | hands[3])
        lower, upper = solve_search.bounds(hands, allc, int(state[S.LEADER]), trump, left)
        assert lower <= solve.score(state, 0, work) <= upper
        n += 1
    assert n > 150


def test_the_tables_key_packs_owners_with_pext_and_its_fallback():
    from sim.core.bits import pext, pext_loop

    # the key's owner words: BMI2 pext where the CPU has it, else a loop (numba keys its
    # cache on the CPU, so the loop is compiled on machines without BMI2)
    rnd = random.Random(5)
    for _ in range(300):
        x, m = rnd.getrandbits(63), rnd.getrandbits(63)
        want = 0
        for k, b in enumerate(b for b in range(63) if m >> b & 1):
            want |= (x >> b & 1) << k
        assert pext_loop(x, m) == want == pext(x, m)


def test_a_fresh_table_and_a_kept_one_give_the_same_values(work):
    for i, state in enumerate(decisions(6, seed=4)):
        if i % 6 == 0:
            fresh = np.zeros(solve.WORK_SIZE, np.int64)
            assert solve.score(state, 1, fresh) == solve.score(state, 1, work)


# -- 4 reward and the search's rewards --------------------------------------------------------
def deals(n_games, seed, bids=V.N_BIDS):
    """Random games through the kernels, yielding (state, ended) after every action; a
    deal's end is yielded before the next deal is dealt. The auction is forced to one of
    the ``bids`` lowest contracts (6C ...), or random with ``bids=0``."""
    state = rules.new_state()
    for g in range(n_games):
        rnd = random.Random(seed * 1000 + g)
        rules.new_game(state, np.uint64(seed * 1000 + g))
        yield state, False
        while True:
            legal = int(rules.legal_actions(state))
            if bids and state[S.PHASE] == V.AUCTION:
                a = rnd.randrange(bids) if state[S.HIGH_BID] < 0 else V.PASS
            else:
                a = rnd.choice([a for a in range(V.N_ACTIONS) if legal >> a & 1])
            ended = rules.step(state, a)
            yield state, ended
            if state[S.PHASE] == V.OVER:
                break
            if ended:
                rules.next_deal(state)
                yield state, False


def team_tricks(state):
    return [int(state[S.TRICKS_WON + t] + state[S.TRICKS_WON + t + 2]) for t in (0, 1)]


@pytest.mark.parametrize("bids", [10, 0])  # 6- and 7-trick contracts (many made), random
def test_reward_is_rewards_at_the_deals_end(bids):
    out = np.zeros(4)
    waiting = []  # (state, scale) in the card play, until their deal ends
    ends = 0
    game_ends = [0, 0, 0, 0]  # by END: reached-500, minus-500, deal-cap
    for state, ended in deals(20, seed=6, bids=bids):
        if ended:
            for then, scale in waiting:
                search.rewards(state, scale, out)
                took = [a - b for a, b in zip(team_tricks(state), team_tricks(then), strict=True)]
                assert sum(took) == solve.tricks_left(then)
                for seat in range(4):
                    assert solve.reward(then, seat, took[seat % 2], scale) == out[seat]
                    assert solve.reward(state, seat, 0, scale) == out[seat]
            waiting = []
            ends += 1
            game_ends[state[S.END]] += 1
        elif state[S.PHASE] == V.PLAY and (state[S.EVENTS] % 3 == 0 or state[S.TRICK_NO] == 9):
            waiting.append((state.copy(), search.reward_scale(state[: S.PUB_SIZE])))
    assert sum(game_ends[1:]) == 20  # every game's last deal ends it (R10.5)
    if bids:
        assert ends > 300 and game_ends[V.REACHED_500] > 5 and game_ends[V.MINUS_500] > 5
    else:
        assert ends > 20 and game_ends[V.MINUS_500] > 10


def test_reward_at_deals_that_end_the_game():
    # 7H by seat 1 (team 1): 180 (R5.2); totals 420 to 350 before the deal; 3 tricks left,
    # team 1 has 5 and team 0 2
    state = position("H", ["AH 5C 6C", "KH 7C 8C", "QH 9C TC", "JS QC KC"], leader=1,
                     bid=7)  # fmt: skip
    state[S.CONTRACTOR] = 1
    state[S.TOTALS : S.TOTALS + 2] = (420, 350)
    state[S.TRICKS_WON : S.TRICKS_WON + 4] = (1, 3, 1, 2)
    # team 1 takes 2 more: 7 made, 350 + 180 = 530; team 0 420 + 30 = 450: team 1 wins (R10.1)
    assert solve.reward(state, 1, 2, 100.0) == 1.0 and solve.reward(state, 0, 1, 100.0) == 0.0
    # team 1 takes 1: set, 350 - 180 = 170; team 0 420 + 40 = 460: the game goes on
    e0 = 1.0 / (1.0 + np.exp(-(460 - 170) / 100.0))
    assert solve.reward(state, 0, 2, 100.0) == e0 and solve.reward(state, 3, 1, 100.0) == 1 - e0
    # team 0 at 480: 3 tricks as defenders reach 500 while team 1 is set (R10.1)
    state[S.TOTALS] = 480
    assert solve.reward(state, 0, 3, 100.0) == 1.0 and solve.reward(state, 1, 0, 100.0) == 0.0
    # both reach 500 (team 0 by 20 as defenders, team 1 by making 7H): the contractors win
    # even with the lower total (R10.2)
    state[S.TOTALS : S.TOTALS + 2] = (490, 330)
    assert solve.reward(state, 1, 2, 100.0) == 1.0 and solve.reward(state, 2, 1, 100.0) == 0.0
    # out the back door: team 1 at -330 is set to -510 (R10.3)
    state[S.TOTALS : S.TOTALS + 2] = (0, -330)
    assert solve.reward(state, 1, 0, 100.0) == 0.0 and solve.reward(state, 0, 3, 100.0) == 1.0
    # the 200th deal: the higher total wins, equal totals tie (R10.4)
    state[S.DEAL_NO] = V.MAX_DEALS - 1
    state[S.TOTALS : S.TOTALS + 2] = (100, 0)  # team 1 makes: 180 to 100 + 30
    assert solve.reward(state, 1, 2, 100.0) == 1.0
    state[S.TOTALS : S.TOTALS + 2] = (150, 0)  # 150 + 30 = 180 to 180: a tie
    assert solve.reward(state, 1, 2, 100.0) == solve.reward(state, 0, 1, 100.0) == 0.5


# -- 5 solvable, and the contract -------------------------------------------------------------
def test_solvable_exactly_in_the_card_play():
    seen = {False: 0, True: 0}
    for state, ended in deals(10, seed=8, bids=0):
        playing = bool(state[S.PHASE] == V.PLAY)
        assert solve.solvable(state) == playing, (state[S.PHASE], ended)
        seen[playing] += 1
    assert seen[False] > 50 and seen[True] > 300


def test_the_contract():
    assert missing(solve, "solver") == []
    assert solve.MODEL == "two partnerships: the contractors against the defenders"
    assert isinstance(solve.WORK_SIZE, int) and isinstance(solve.WORLDS, int)
    state = position("H", ["AH", "KH", "QH", "JS"], leader=0)
    assert [solve.allies(state, p) for p in range(4)] == [0b0101, 0b1010, 0b0101, 0b1010]
