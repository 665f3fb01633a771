"""The perfect-information solver (sim/games/trix/solve.py, docs/games.md "The solver").

The reference here is a plain-Python minimax written from RULES.md alone (R4, R5, R7,
R9), not from the kernels: every line of play from the position is played out, the seat
minimising its points for the contract and the three others maximising them (paranoid),
and the points are counted from scratch at the contract's end. Positions come from
random play through the kernels; hand-built ones have values worked out by hand from
the rules.
"""

import random

import numpy as np
import pytest

from sim.core.parts import missing
from sim.games.trix import rules, search, solve
from sim.games.trix import state as S
from sim.games.trix import vocab as V

# -- the reference, from RULES.md ----------------------------------------------------------------
RANKS, SUITS = "789JQKTA", "HCDS"  # R1.2 weakest to strongest; R1.4 (a card: suit * 8 + rank)
KH = SUITS.index("H") * 8 + RANKS.index("K")
DIAMOND = SUITS.index("D")
DIAMONDS, QUEENS, TRICKS, LAST, KING, GENERAL, TRIX = range(7)  # R3.1 in record order


def is_queen(c):
    return RANKS[c % 8] == "Q"


def points_of(contract, taken, tricks, last_winner, announcer, chooser, mult):
    """R5.1-R5.7, R7: every seat's points for the contract from what each took."""
    pts = []
    for p in range(4):
        diamonds = sum(1 for c in taken[p] if c // 8 == DIAMOND)
        d = 150 if diamonds == 8 else 10 * diamonds  # R5.1
        q = 20 * sum(1 for c in taken[p] if is_queen(c))  # R5.2
        t = 150 if tricks[p] == 8 else 10 * tricks[p]  # R5.3
        lt = 100 if last_winner == p else 0  # R5.4
        k = (200 if announcer is not None else 100) if KH in taken[p] else 0  # R5.5, R5.6
        if contract == GENERAL:  # R5.7: all at once; all eight tricks: nothing
            raw = 0 if tricks[p] == 8 else d + q + t + lt + k
        else:
            raw = {DIAMONDS: d, QUEENS: q, TRICKS: t, LAST: lt, KING: k}[contract]
        pts.append(raw * (mult if p == chooser else 1))  # R7.1, R7.2
    if announcer is not None and KH not in taken[announcer]:
        pts[announcer] -= 50  # R5.6, never multiplied (R7.3)
    return pts


def stops(contract, hands, tricks_played):
    """R5.1, R5.2, R5.5: the early stops; every other contract plays all 8 tricks."""
    rest = [c for h in hands for c in h]
    if tricks_played == 8:
        return True
    if contract == DIAMONDS:
        return not any(c // 8 == DIAMOND for c in rest)
    if contract == QUEENS:
        return not any(is_queen(c) for c in rest)
    if contract == KING:
        return KH not in rest
    return False


def brute_tricks(pos, seat, memo):
    """Seat's points for the trick contract of ``pos`` under paranoid, over every line.

    pos = (contract, hands (4 tuples), leader, table (cards in play order), tricks played,
    taken (4 frozensets), tricks won (4), announcer (a seat, None, or "pending": the K♥
    holder decides at his next card, R5.6), chooser, chooser's multiplier)."""
    if pos in memo:
        return memo[pos]
    contract, hands, leader, table, k, taken, won, ann, chooser, mult = pos
    mover = (leader + len(table)) % 4
    hand = hands[mover]
    same = [c for c in hand if table and c // 8 == table[0] // 8]
    values = []
    for c in same or hand:  # R4.1 any lead; R4.2 follow suit if you can
        for a in [mover, None] if ann == "pending" and KH in hand else [ann]:
            rest = list(hands)
            rest[mover] = tuple(x for x in hand if x != c)
            rest = tuple(rest)
            t = table + (c,)
            if len(t) < 4:
                values.append(
                    brute_tricks(
                        (contract, rest, leader, t, k, taken, won, a, chooser, mult), seat, memo
                    )  # fmt: skip
                )
                continue
            led = t[0] // 8
            best = max((x for x in t if x // 8 == led), key=lambda x: x % 8)  # R4.3
            w = (leader + t.index(best)) % 4
            tk = list(taken)
            tk[w] = tk[w] | frozenset(t)
            tw = list(won)
            tw[w] += 1
            if stops(contract, rest, k + 1):
                last = w if k + 1 == 8 else None  # R5.4
                values.append(points_of(contract, tk, tw, last, a, chooser, mult)[seat])
            else:  # R4.1 the winner leads
                nxt = (contract, rest, w, (), k + 1, tuple(tk), tuple(tw), a, chooser, mult)
                values.append(brute_tricks(nxt, seat, memo))
    memo[pos] = min(values) if mover == seat else max(values)
    return memo[pos]


def layable(laid):
    """R9.1, R9.3: the jack of a suit not started; one above or below a started pile."""
    out = set()
    for s in range(4):
        pile = [r for r in range(8) if s * 8 + r in laid]
        if not pile:
            out.add(s * 8 + RANKS.index("J"))
            continue
        if min(pile) > 0:
            out.add(s * 8 + min(pile) - 1)
        if max(pile) < 7:
            out.add(s * 8 + max(pile) + 1)
    return out


def brute_layout(hands, mover, first, seat, memo):
    """Seat's points in the trix contract (R9.6) under paranoid, over every line: the hands
    (tuples), the seat to move, the seat already out (or None)."""
    key = (hands, mover, first)
    if key in memo:
        return memo[key]

    def after(h, p):  # R2.2, skipping a seat with no cards left
        q = (p + 1) % 4
        while not h[q]:
            q = (q + 1) % 4
        return q

    laid = set(range(32)) - {c for h in hands for c in h}
    legal = [c for c in hands[mover] if c in layable(laid)]
    if not legal:  # R9.4 a pass
        value = brute_layout(hands, after(hands, mover), first, seat, memo)
    else:
        values = []
        for c in legal:
            rest = list(hands)
            rest[mover] = tuple(x for x in hands[mover] if x != c)
            rest = tuple(rest)
            if not rest[mover] and first is not None:  # R9.6 the second out: the end
                values.append(-100 if first == seat else (-50 if mover == seat else 0))
            elif not rest[mover]:
                values.append(brute_layout(rest, after(rest, mover), mover, seat, memo))
            elif RANKS[c % 8] == "A":  # R9.5 another turn
                values.append(brute_layout(rest, mover, first, seat, memo))
            else:
                values.append(brute_layout(rest, after(rest, mover), first, seat, memo))
        value = min(values) if mover == seat else max(values)
    memo[key] = value
    return value


def cards(mask):
    return tuple(c for c in range(32) if mask >> c & 1)


def brute_of(state, seat, memo):
    """The reference's value of a kernel state (``memo``: one per deal and seat)."""
    if state[S.PHASE] == V.TRIX:
        hands = tuple(cards(int(state[S.HANDS + p])) for p in range(4))
        first = int(state[S.OUT_SEAT]) if state[S.OUT_SEAT] >= 0 else None
        if first == seat:
            return -100  # out first: nothing can change it (R9.6)
        return brute_layout(hands, int(state[S.TURN]), first, seat, memo)
    contract = int(state[S.CONTRACT])
    leader = int(state[S.LEADER])
    table = tuple(int(state[S.TRICK_CARDS + (leader + i) % 4])
                  for i in range(int(state[S.TRICK_LEN])))  # fmt: skip
    if contract in (KING, GENERAL) and state[S.KH_OFFERED] == 0:
        ann = "pending"
    else:
        ann = int(state[S.ANNOUNCER]) if state[S.ANNOUNCER] >= 0 else None
    pos = (
        contract,
        tuple(cards(int(state[S.HANDS + p])) for p in range(4)),
        leader,
        table,
        int(state[S.TRICK_NO]),
        tuple(frozenset(cards(int(state[S.TAKEN + p]))) for p in range(4)),
        tuple(int(state[S.TRICKS_WON + p]) for p in range(4)),
        ann,
        int(state[S.CHOOSER]),
        4 if state[S.CHOICE] == 7 else 2,
    )
    return brute_tricks(pos, seat, memo)


# -- positions -----------------------------------------------------------------------------------
def contract_states(contract, n_deals, seed, imposed_every=3):
    """(deal, state) at every decision of the card play of ``n_deals`` contracts of one kind,
    played by random legal actions through the kernels (every third one the chooser's 7th
    choice, R7.2); then, per deal, the state at its end."""
    rnd = random.Random(seed)
    for d in range(n_deals):
        state = rules.new_state()
        rules.new_game(state, np.uint64(seed * 10_000 + d))
        rules.choose(state, contract)
        if d % imposed_every == 0:
            state[S.CHOICE] = 7
        while True:
            yield d, state
            legal = int(rules.legal_actions(state))
            if rules.step(state, rnd.choice([a for a in range(V.N_ACTIONS) if legal >> a & 1])):
                yield d, state
                break


def games(n_games, seed):
    """Random games through the kernels: (state, ended) after every action; a contract's
    end is yielded before the next contract is dealt."""
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
                rules.next_contract(state)
                yield state, False


def cid(text):
    return SUITS.index(text[1]) * 8 + RANKS.index(text[0])


def mask(text):
    return sum(1 << cid(c) for c in text.split())


def trick_state(contract, hands, taken, leader, table="", chooser=1, choice=1, announcer=-1,
                offered=1):  # fmt: skip
    """A trick contract's position: ``hands`` and the cards in each seat's won tricks
    (``taken``: (cards, tricks) per seat) in R1.4 text; ``leader`` has led the cards of
    ``table``, in playing order. ``offered=0``: the K♥ holder has his R5.6 offer to come
    (the state then reads as his first turn)."""
    state = rules.new_state()
    state[S.PHASE] = V.TRICKS
    state[S.CONTRACT] = contract
    state[S.CHOOSER] = chooser
    state[S.CHOICE] = choice
    state[S.ANNOUNCER] = announcer
    state[S.KH_OFFERED] = offered
    in_hands = 0
    for p in range(4):
        state[S.HANDS + p] = mask(hands[p])
        state[S.TAKEN + p] = mask(taken[p][0])
        state[S.TRICKS_WON + p] = taken[p][1]
        in_hands |= mask(hands[p])
    state[S.TRICK_NO] = sum(t[1] for t in taken)
    state[S.LEADER] = leader
    state[S.TRICK_CARDS : S.TRICK_CARDS + 4] = -1
    on_table = table.split()
    for i, c in enumerate(on_table):
        p = (leader + i) % 4
        state[S.TRICK_CARDS + p] = cid(c)
        if i == 0 or (cid(c) // 8 == state[S.LED_SUIT] and cid(c) > state[S.TRICK_BEST]):
            state[S.TRICK_WINNER] = p
            state[S.TRICK_BEST] = cid(c)
            state[S.LED_SUIT] = cid(c) // 8
    state[S.TRICK_LEN] = len(on_table)
    state[S.TURN] = (leader + len(on_table)) % 4
    state[S.PLAYED] = V.ALL_CARDS & ~in_hands
    everything = in_hands | mask(table) | sum(int(state[S.TAKEN + p]) for p in range(4))
    assert everything == V.ALL_CARDS and bin(everything).count("1") == 32
    return state


def child_values(state, seat, work):
    """Each legal action -> seat's points for the contract after it (the contract's points
    if the action ends it, else the child's score)."""
    out = {}
    legal = int(rules.legal_actions(state))
    for a in (a for a in range(V.N_ACTIONS) if legal >> a & 1):
        child = state.copy()
        if rules.step(child, a):
            out[a] = int(child[S.POINTS + seat])
        else:
            out[a] = solve.score(child, seat, work)
    return out


@pytest.fixture(scope="module")
def work():
    """One table for the whole module: entries are keyed on the exact position (relative
    ranks, the seat solved for, the contract and the history the value reads), so they
    stay valid from one deal to the next."""
    return np.zeros(solve.WORK_SIZE, np.int64)


# -- 1 the brute force ---------------------------------------------------------------------------
@pytest.mark.parametrize("contract", [DIAMONDS, QUEENS, TRICKS, LAST, KING, GENERAL])
def test_score_is_the_brute_force_on_small_endings(contract, work):
    # every decision of the last two tricks, and of the third last once two cards are on
    # the table, of 40 random contracts (king: 160, it mostly stops early): every seat
    n = 0
    memos = {}
    for d, state in contract_states(contract, 160 if contract == KING else 40, seed=contract + 1):
        left = 8 - state[S.TRICK_NO]
        if state[S.PHASE] != V.TRICKS or left > 3 or (left == 3 and state[S.TRICK_LEN] < 2):
            continue
        for seat in range(4):
            memo = memos.setdefault((d, seat), {})
            assert solve.score(state, seat, work) == brute_of(state, seat, memo), (seat, state)
            n += 1
    assert n > 1000


def test_score_is_the_brute_force_with_the_king_offer_to_come(work):
    # the K♥ holder's R5.6 decision inside the search: endings of king and general with the
    # offer made pending again (as if the holder had not yet played), every seat
    n = 0
    for contract in (KING, GENERAL):
        memos = {}
        for d, state in contract_states(contract, 120, seed=11 + contract):
            if state[S.PHASE] != V.TRICKS or state[S.TRICK_NO] < 6:
                continue
            holder = [p for p in range(4) if state[S.HANDS + p] & V.KH]
            if not holder or state[S.TRICK_CARDS + holder[0]] >= 0:
                continue  # K♥ gone, or its holder has played to this trick
            pending = state.copy()
            pending[S.KH_OFFERED] = 0
            pending[S.ANNOUNCER] = -1
            for seat in range(4):
                memo = memos.setdefault((d, seat, "pending"), {})
                assert solve.score(pending, seat, work) == brute_of(pending, seat, memo)
                n += 1
    assert n > 200


@pytest.mark.parametrize("held", [12, 14])
def test_layout_score_is_the_brute_force_on_small_layouts(held, work):
    # every decision of random trix contracts once at most ``held`` cards are in the hands
    n = 0
    for _, state in contract_states(TRIX, 40, seed=held):
        if state[S.PHASE] != V.TRIX:
            continue
        if sum(bin(int(state[S.HANDS + p])).count("1") for p in range(4)) > held:
            continue
        for seat in range(4):
            assert solve.score(state, seat, work) == brute_of(state, seat, {}), (seat, state)
            n += 1
    assert n > 500


@pytest.mark.slow
@pytest.mark.parametrize("contract", [DIAMONDS, QUEENS, TRICKS, LAST, KING, GENERAL])
def test_score_is_the_brute_force_from_four_tricks_left(contract, work):
    # every decision of the last three tricks and the first of the fourth last
    memos = {}
    n = 0
    for d, state in contract_states(contract, 4, seed=100 + contract):  # 4 deals: 1 to 2 s each
        left = 8 - state[S.TRICK_NO]
        if state[S.PHASE] != V.TRICKS or left > 4 or (left == 4 and state[S.TRICK_LEN] > 0):
            continue
        for seat in range(4):
            memo = memos.setdefault((d, seat), {})
            assert solve.score(state, seat, work) == brute_of(state, seat, memo), (seat, state)
            n += 1
    assert n > 50  # the king's contract ends early when the K♥ falls


# -- 2 hand-built positions --------------------------------------------------------------------
def test_R4_2_R5_1_ducking_saves_the_diamonds(work):
    # diamonds, trick 7: seat 1 led 8D, seat 2 played TD, seat 3 threw 7C; seat 0 holds AD
    # 9D and must follow (R4.2). AD takes 8D TD AD (30), then 9D wins the last trick over
    # three spades (10): 40. 9D under TD: seat 2 takes the trick, leads 8S, 9S (seat 3)
    # takes AD: 0. No duty to go over (R4.2): the seat's value is 0.
    taken = (("", 0), ("7D JD QD KD 7H 8H 9H JH QH KH TH AH", 3),
             ("8C 9C JC QC KC TC AC JS", 2), ("QS KS TS AS", 1))  # fmt: skip
    state = trick_state(DIAMONDS, ("AD 9D", "7S", "8S", "9S"), taken, leader=1,
                        table="8D TD 7C")  # fmt: skip
    assert child_values(state, 0, work) == {cid("AD"): 40, cid("9D"): 0}
    assert solve.score(state, 0, work) == 0
    # solved for seat 2, seat 0 plays 9D under its ten (paranoid): 8D TD 9D, 30 for seat 2
    assert solve.score(state, 2, work) == 30


def test_equivalent_cards_of_different_values_keep_the_value(work):
    # general, trick 7: seat 1 led 9D, seats 2 and 3 threw spades; seat 0 holds JD QD with
    # no other hand's card between them: one class, worth 10 and 30 (R5.1, R5.2). Either
    # wins this trick and the other falls to KD (seat 1) in the last, so the solver
    # searches only the cheaper card (the seat surely wins the trick). JD now: 9D JD and
    # the trick: 30. QD now: 9D QD (40) and the trick: 50. The seat's value: 30.
    taken = (("", 0), ("7D 8D TD AD 7H 8H 9H JH QH KH TH AH", 3),
             ("7C 8C 9C JC QC KC TC AC", 2), ("JS QS KS AS", 1))  # fmt: skip
    state = trick_state(GENERAL, ("JD QD", "KD", "9S", "TS"), taken, leader=1,
                        table="9D 7S 8S")  # fmt: skip
    assert child_values(state, 0, work) == {cid("JD"): 30, cid("QD"): 50}
    assert solve.score(state, 0, work) == 30 == brute_of(state, 0, {})


def test_R9_5_a_layout_with_a_forced_win(work):
    # trix: hearts laid J Q K, spades J. Seat 0 (to move) holds TH AH 9S 8S: each can be
    # laid only after its own neighbour (TH on KH, AH on TH, 9S under JS, 8S under 9S), and
    # nobody else holds one of them, so it lays a card every turn and an extra one after
    # AH (R9.5): out within four turns. Each other seat holds 8 cards and lays at most one
    # a turn plus one per ace: at most 7 in those turns. Seat 0 is out first whatever the
    # others do (R9.6): -100, after either first card.
    state = rules.new_state()
    state[S.PHASE] = V.TRIX
    state[S.CONTRACT] = TRIX
    hands = ("TH AH 9S 8S", "7H 8H 9H 7C 8C 9C JC QC", "KC TC AC 7D 8D 9D JD QD",
             "KD TD AD 7S QS KS TS AS")  # fmt: skip
    for p in range(4):
        state[S.HANDS + p] = mask(hands[p])
    state[S.PLAYED] = mask("JH QH KH JS")
    state[S.TURN] = 0
    state[S.OUT_SEAT : S.OUT_SEAT + 2] = -1
    assert rules.legal_actions(state) == mask("TH 9S")
    assert solve.score(state, 0, work) == -100
    assert child_values(state, 0, work) == {cid("TH"): -100, cid("9S"): -100}
    # and the others cannot be first: each is at best second
    assert all(solve.score(state, p, work) in (-50, 0) for p in (1, 2, 3))


def test_R5_6_the_holder_does_not_announce_a_king_he_must_take(work):
    # king, two tricks left, the offer to come (R5.6); seat 0 leads, holds KH 7H and nobody
    # else a heart: K♥ is his whatever he leads: 100, or 200 announced. He does not.
    taken = (("", 0), ("8H 9H JH QH TH AH 7D 8D 9D JD QD KD", 3),
             ("TD AD 7S 8S 9S JS QS KS", 2), ("TS AS TC AC", 1))  # fmt: skip
    state = trick_state(KING, ("KH 7H", "7C 8C", "9C JC", "QC KC"), taken, leader=0, offered=0)
    assert child_values(state, 0, work) == {V.DOUBLE: 200, V.NO_DOUBLE: 100}
    assert solve.score(state, 0, work) == 100


def test_R5_6_the_holder_announces_a_king_he_cannot_take(work):
    # king, the offer to come; seat 0 holds KH 7C, seat 1 AH 8C, seats 2 and 3 two clubs
    # each. Led, KH falls to AH (R4.2); kept, it is thrown on a club trick seat 2 or 3 wins
    # (7C cannot win trick 7): never his. Announced, he scores -50 (R5.6): he announces.
    taken = (("", 0), ("7H 8H 9H JH QH TH 7D 8D 9D JD QD KD", 3),
             ("TD AD 7S 8S 9S JS QS KS", 2), ("TS AS KC AC", 1))  # fmt: skip
    state = trick_state(KING, ("KH 7C", "AH 8C", "9C JC", "QC TC"), taken, leader=0, offered=0)
    assert child_values(state, 0, work) == {V.DOUBLE: -50, V.NO_DOUBLE: 0}
    assert solve.score(state, 0, work) == -50
    # solved for seat 1, seat 0 (against it) announces and leads KH into its ace: 200, and
    # seat 1 is the chooser: x2 (R7.1)
    assert solve.score(state, 1, work) == 400


def test_R5_3_R7_1_all_eight_tricks(work):
    # tricks, seat 0 the chooser (x2, R7.1) has won all six tricks and holds the two aces
    # led into: 8 tricks, 150 instead of 80 (R5.3): 300
    taken = (("7D 8D 9D JD QD KD TD AD 7C 8C 9C JC QC KC TC AC JS QS KS TS JH QH KH TH", 6),
             ("", 0), ("", 0), ("", 0))  # fmt: skip
    hands = ("AS AH", "7S 7H", "8S 8H", "9S 9H")
    state = trick_state(TRICKS, hands, taken, leader=0, chooser=0)
    assert solve.score(state, 0, work) == 300
    state[S.CHOICE] = 7  # the imposed contract: x4 (R7.2)
    assert solve.score(state, 0, work) == 600
    # the same in general: all eight tricks score nothing for the contract (R5.7)
    general = trick_state(GENERAL, hands, taken, leader=0, chooser=1)
    assert solve.score(general, 0, work) == 0
    # with 7H for AH, the last trick goes to 8H or 9H: seven tricks, 70 x 2 (R5.3)
    hands = ("AS 7H", "7S AH", "8S 8H", "9S 9H")
    state = trick_state(TRICKS, hands, taken, leader=0, chooser=0)
    assert solve.score(state, 0, work) == 140


def test_score_is_zero_once_the_contract_is_over(work):
    for _, state in contract_states(GENERAL, 3, seed=5):
        if state[S.PHASE] in (V.BETWEEN, V.OVER):
            assert solve.solvable(state)
            assert all(solve.score(state, p, work) == 0 for p in range(4))


# -- 3 the value is the best child -------------------------------------------------------------
@pytest.mark.parametrize("contract", range(7))
def test_the_value_is_the_best_child(contract):
    # from the fourth trick on (every decision of the layout), every seat: its own decision
    # takes the least child, the others' the greatest (paranoid)
    work = np.zeros(solve.WORK_SIZE, np.int64)
    n = 0
    for i, (_, state) in enumerate(contract_states(contract, 6, seed=20 + contract)):
        if state[S.PHASE] not in (V.TRICKS, V.TRIX) or i % 2:
            continue
        if state[S.PHASE] == V.TRICKS and state[S.TRICK_NO] < 3:
            continue
        for seat in range(4):
            values = child_values(state, seat, work)
            best = min if state[S.TURN] == seat else max
            assert solve.score(state, seat, work) == best(values.values()), (seat, values)
            n += 1
    assert n > 40


def test_a_fresh_table_and_a_kept_one_give_the_same_values(work):
    for i, (_, state) in enumerate(contract_states(QUEENS, 4, seed=30)):
        if state[S.PHASE] == V.TRICKS and i % 5 == 0:
            fresh = np.zeros(solve.WORK_SIZE, np.int64)
            assert solve.score(state, 1, fresh) == solve.score(state, 1, work)


# -- 4 reward and the search's rewards -----------------------------------------------------------
def test_reward_is_rewards_at_the_contracts_end_where_the_split_holds():
    # every state of the card play and each contract's end against that end: where the
    # split rule's guess of every seat's points (solve.changes) is what they scored, reward
    # is rewards; at the end itself (the future is 0) always
    out = np.zeros(4)
    guess = np.zeros(4)
    waiting = []
    held = ends = game_ends = 0
    for state, ended in games(10, seed=6):
        if state[S.PHASE] in (V.TRICKS, V.TRIX):
            waiting.append((state.copy(), search.reward_scale(state[: S.PUB_SIZE])))
        if not ended:
            continue
        ends += 1
        game_ends += state[S.PHASE] == V.OVER
        waiting.append((state.copy(), search.reward_scale(state[: S.PUB_SIZE])))
        for then, scale in waiting:
            search.rewards(state, scale, out)
            over = then[S.PHASE] in (V.BETWEEN, V.OVER)
            for seat in range(4):
                future = 0 if over else int(state[S.POINTS + seat])
                solve.changes(then, seat, future, guess)
                if over or all(guess[q] == state[S.POINTS + q] for q in range(4)):
                    assert solve.reward(then, seat, future, scale) == out[seat], (seat, then)
                    held += 1
        waiting = []
    assert ends > 100 and game_ends == 10 and held > 1000


def queens_ending():
    """Queens, trick 7, seat 0 to lead; QS the one queen still in play (20). Seat 0 (20
    so far), seat 2 and seat 3 have taken a queen each; seat 1, the chooser (x2), none."""
    taken = (("QH 7H 8H 9H", 1), ("JH KH TH AH 7C 8C 9C JC", 2), ("QC KC TC AC", 1),
             ("7D 8D 9D JD QD KD TD AD", 2))  # fmt: skip
    state = trick_state(QUEENS, ("QS 7S", "KS 8S", "TS 9S", "AS JS"), taken, leader=0)
    assert solve.in_play(state) == 20
    return state


def test_reward_splits_the_rest_evenly_among_the_others():
    state = queens_ending()
    guess = np.zeros(4)
    # seat 0 takes QS too (40): nothing left for the others, who keep what they took
    solve.changes(state, 0, 40, guess)
    assert list(guess) == [40, 0, 20, 20]
    # seat 0 takes nothing more (20): QS's 20 split in three, x2 for the chooser (R7.1)
    solve.changes(state, 0, 20, guess)
    assert list(guess) == pytest.approx([20, 40 / 3, 20 + 20 / 3, 20 + 20 / 3])


def test_reward_at_a_contract_that_ends_the_game():
    state = queens_ending()
    scale = 100.0
    state[S.TOTALS : S.TOTALS + 4] = (970, 400, 300, 200)
    # seat 0 takes QS: 970 + 40 = 1010, above 1000: the game ends (R3.7) with seat 0 the
    # highest (4th, no share: 0) and seat 3 the lowest (220: it wins, 4 + 0.5)
    assert solve.reward(state, 0, 40, scale) == 0.0
    state[S.TOTALS] = 980  # 980 + 20 = 1000 falls back to 0 (R3.7): the game goes on,
    # seat 0 now lowest; the others 400 + 40/3, 300 + 20 + 20/3, 200 + 20 + 20/3
    t = np.array([0.0, 400 + 40 / 3, 320 + 20 / 3, 220 + 20 / 3])
    expect = 4.0 / np.exp(-t / scale).sum()
    assert solve.reward(state, 0, 20, scale) == pytest.approx(expect)
    # the 28th contract ends the game whatever the totals (R3.8): totals 500 400 300 200,
    # seat 3 takes nothing more (its 20): 220, the lowest; seat 0's 40: 540, the highest
    state[S.TOTALS : S.TOTALS + 4] = (500, 400, 300, 200)
    state[S.CONTRACT_NO] = V.N_DEALS - 1
    assert solve.reward(state, 3, 20, scale) == 4.0 + 0.5
    assert solve.reward(state, 0, 40, scale) == 0.0
    # one contract earlier the game goes on: the equity of 540, 400, 320, 220
    state[S.CONTRACT_NO] = V.N_DEALS - 2
    t = np.array([540.0, 400, 320, 220])
    expect = 4.0 * np.exp(-(540 - 220) / scale) / np.exp(-(t - 220) / scale).sum()
    assert solve.reward(state, 0, 40, scale) == pytest.approx(expect)


# -- 5 solvable, and the contract ---------------------------------------------------------------
def test_solvable_exactly_in_the_card_play():
    # from the contract's choice on (the K♥ offer included) to its end; never at a choice
    seen = {False: 0, True: 0}
    for state, _ in games(3, seed=8):
        play = state[S.PHASE] != V.CHOOSE
        assert solve.solvable(state) == play, state[S.PHASE]
        seen[play] += 1
    assert seen[False] > 20 and seen[True] > 500  # a choice per contract


def test_the_contract():
    assert missing(solve, "solver") == []
    assert solve.MODEL.startswith("paranoid")
    assert isinstance(solve.WORK_SIZE, int) and isinstance(solve.WORLDS, int)
    state = queens_ending()
    assert [solve.allies(state, p) for p in range(4)] == [1, 2, 4, 8]
