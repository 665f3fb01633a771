"""The perfect-information solver (``sim/games/euchre5/solve.py``) against RULES.md.

- a plain-Python minimax written from RULES.md alone (R5 trumps and bowers, R7.2
  following, R7.3 the trick's winner, R6.5 the sides), every line played out with no
  table, pruning or equivalence, equals ``score`` for every seat on thousands of end
  positions of random deals (1-3 tricks left);
- hand-built positions with an answer worked out by hand, named by rule;
- a position's value is the best of its children's (the mover's side maximising);
- ``reward`` equals ``search.rewards`` on the deal's end, deals that end the game included;
- ``solvable`` is true exactly in the card play; ``allies`` are the sides of R6.5.
"""

import random

import numpy as np
import pytest

from sim.games.euchre5 import rules, search, solve
from sim.games.euchre5 import state as S
from sim.games.euchre5.cards import parse_card, parse_hand
from sim.games.euchre5.game import GAME
from sim.games.euchre5.vocab import HEARTS, OVER, PLAY, SPADES

SEATS = range(5)


# -- the brute force, from RULES.md alone ------------------------------------------------
def eff_suit(card: int, trump: int) -> int:
    """R5.2, R5.3: the left bower (the jack of the same-colour suit, R1.3) is a trump."""
    return trump if card == (trump ^ 2) * 8 + 3 else card // 8


def power(card: int, trump: int, led: int) -> int:
    """R5.1, R1.4, R7.3: how strongly a card holds a trick; -1 when it cannot win it."""
    if card == trump * 8 + 3:
        return 100  # the right bower
    if card == (trump ^ 2) * 8 + 3:
        return 99  # the left bower
    if eff_suit(card, trump) == trump:
        return 50 + card % 8  # A K Q T 9 8 of trump, ranks 8..A are 0..6
    return card % 8 if eff_suit(card, trump) == led else -1


def legal(hand: list[int], trick: list[int], trump: int) -> list[int]:
    """R7.2: follow the (effective) suit led if you can, else any card."""
    if not trick:
        return hand
    led = eff_suit(trick[0], trump)
    follow = [c for c in hand if eff_suit(c, trump) == led]
    return follow or hand


def brute(hands, leader, trick, trump, makers) -> int:
    """The makers' future tricks, every line played out: makers maximise, others minimise."""
    mover = (leader + len(trick)) % 5
    if not hands[mover]:
        return 0
    values = []
    for c in legal(hands[mover], trick, trump):
        rest = list(hands)
        rest[mover] = [x for x in hands[mover] if x != c]
        t = [*trick, c]
        if len(t) < 5:
            values.append(brute(rest, leader, t, trump, makers))
            continue
        led = eff_suit(t[0], trump)  # R7.3, R7.4: the winner leads next
        w = max(range(5), key=lambda j: power(t[j], trump, led))
        winner = (leader + w) % 5
        values.append((winner in makers) + brute(rest, winner, [], trump, makers))
    return max(values) if mover in makers else min(values)


def position(state):
    """What the brute force reads of a state: hands, leader, trick, trump, the makers."""
    cards = lambda mask: [c for c in range(32) if int(mask) >> c & 1]  # noqa: E731
    hands = [cards(state[S.HANDS + p]) for p in SEATS]
    leader = int(state[S.LEADER])
    trick = [int(state[S.TRICK_CARDS + (leader + j) % 5]) for j in range(state[S.TRICK_LEN])]
    makers = {int(state[S.MAKER])} | ({int(state[S.PARTNER])} if state[S.PARTNER] >= 0 else set())
    return hands, leader, trick, int(state[S.TRUMP]), makers


def random_play_states(seed: int, n_games: int):
    """(game, state) at every decision of random games played through the checked game."""
    rnd = random.Random(seed)
    for g in range(n_games):
        game = GAME.new(seed, g)
        while not game.over:
            yield game, game.state.copy()
            game.apply(rnd.choice(game.legal_actions()))


def end_positions(seed: int, n: int, most_left: int):
    """n card-play positions of random deals with 1..most_left tricks left (mid-trick too)."""
    rnd = random.Random(seed + 1)
    out = []
    for _, st in random_play_states(seed, 10**6):
        if st[S.PHASE] == PLAY and 5 - st[S.TRICK_NO] <= most_left and rnd.random() < 0.25:
            out.append(st)
            if len(out) == n:
                return out
    return out


def check_against_brute(states, work):
    for st in states:
        hands, leader, trick, trump, makers = position(st)
        v = brute(hands, leader, trick, trump, makers)
        left = 5 - int(st[S.TRICK_NO])
        for seat in SEATS:
            want = v if seat in makers else left - v
            assert solve.score(st, seat, work) == want, (seat, hands, leader, trick, trump, makers)


def test_score_equals_the_brute_force_on_random_end_positions():
    # R5, R6.5, R7.2-R7.4: one table shared by every position, as pimc shares it by worlds
    work = np.zeros(solve.WORK_SIZE, np.int64)
    check_against_brute(end_positions(1, 2500, 2), work)
    check_against_brute(end_positions(2, 400, 3), work)


def test_score_is_exact_whatever_the_scratch_held():
    # a fresh table, and a table of garbage (np.empty's): the exact keys never match by chance
    garbage = np.random.default_rng(7).integers(-(2**62), 2**62, solve.WORK_SIZE)
    states = end_positions(3, 300, 3)
    check_against_brute(states, garbage)
    for st in states[:50]:
        check_against_brute([st], np.zeros(solve.WORK_SIZE, np.int64))


# -- hand-built positions --------------------------------------------------------------------
def built(trump, maker, partner, leader, hands, tricks_won=(0, 0, 0, 0, 0)):
    """A card-play state at a trick start: hands in R1.2 text, seat by seat."""
    game = GAME.new(1, 0)
    st = game.state.copy()
    st[S.PHASE] = PLAY
    st[S.TRUMP] = trump
    st[S.MAKER] = maker
    st[S.PARTNER] = partner
    st[S.LEADER] = st[S.TURN] = leader
    st[S.TRICK_LEN] = 0
    st[S.TRICK_CARDS : S.TRICK_CARDS + 5] = -1
    left = len(hands[0].split())
    st[S.TRICK_NO] = 5 - left
    for p in SEATS:
        st[S.HANDS + p] = parse_hand(hands[p])
        st[S.TRICKS_WON + p] = tricks_won[p]
    assert sum(tricks_won) == 5 - left
    return st


def child(st, card):
    """The state after the card is played, and the trick the move completed (its winner)."""
    nxt = st.copy()
    done = rules.step(nxt, parse_card(card) if isinstance(card, str) else card)
    finished = nxt[S.TRICK_NO] > st[S.TRICK_NO]
    return nxt, (int(nxt[S.LEADER]) if finished else None), bool(done)


def value_after(st, card, seat, work):
    """``seat``'s side's tricks from ``st`` on when ``card`` is played, then perfect play."""
    nxt, winner, done = child(st, card)
    won = int(winner is not None and bool(solve.allies(st, seat) >> winner & 1))
    return won + (0 if done else solve.score(nxt, seat, work))


def test_R7_2_R5_4_the_makers_take_both_tricks_only_by_drawing_trumps_first():
    # spades trump; maker 0 leads with JS and AH, partner 2. Seat 1 holds 9S and 8C, no
    # heart: AH first is ruffed by 9S (R5.4) and JS takes the last trick, 1; JS first makes
    # seat 1 follow with 9S (R7.2), then AH is the only heart and nobody can ruff, 2
    st = built(SPADES, 0, 2, 0, ["JS AH", "9S 8C", "8D 9D", "9C TC", "TD QD"], (2, 1, 0, 0, 0))
    work = np.zeros(solve.WORK_SIZE, np.int64)
    assert solve.score(st, 0, work) == 2 and solve.score(st, 2, work) == 2
    assert solve.score(st, 1, work) == 0  # the defenders' side takes none
    assert value_after(st, "JS", 0, work) == 2
    assert value_after(st, "AH", 0, work) == 1


def test_R5_2_equivalent_cards_around_the_left_bower_give_one_value():
    # hearts trump: JD is the left bower, a trump (R5.2), so KD and QD of seat 0 touch in
    # diamonds: either lead gives the same value. Seat 1 follows with 9D, then trumps the
    # second diamond with JD (R5.4): the lone maker takes 1 (R6.5: four defenders)
    st = built(HEARTS, 0, -1, 0, ["KD QD", "JD 9D", "8S 9S", "TS QS", "8C 9C"], (1, 1, 1, 0, 0))
    work = np.zeros(solve.WORK_SIZE, np.int64)
    assert solve.score(st, 0, work) == 1
    assert value_after(st, "KD", 0, work) == value_after(st, "QD", 0, work) == 1
    assert solve.score(st, 3, work) == 1 and solve.allies(st, 3) == 0b11110


def test_R1_4_cards_with_only_played_cards_between_are_equivalent_but_not_across_a_held_one():
    # hearts trump, maker 0 alone leads AC and QC. KC held by seat 1 with 8S: AC first
    # draws KC (R7.2) and QC is then the top club, 2; QC first loses to KC, then seat 1
    # leads 8S and AC is a discard, 0 (R7.3)
    hands = ["AC QC", "KC 8S", "9S TS", "QS KS", "9D TD"]
    st = built(HEARTS, 0, -1, 0, hands, (1, 1, 1, 0, 0))
    work = np.zeros(solve.WORK_SIZE, np.int64)
    assert value_after(st, "AC", 0, work) == 2 and value_after(st, "QC", 0, work) == 0
    assert solve.score(st, 0, work) == 2
    # KC already played (not in any hand) and seat 1 holds 9C: AC and QC are one move
    hands[1] = "9C 8S"
    st = built(HEARTS, 0, -1, 0, hands, (1, 1, 1, 0, 0))
    assert value_after(st, "AC", 0, work) == value_after(st, "QC", 0, work) == 2
    assert solve.score(st, 0, work) == 2


def test_R7_3_the_right_bower_beats_the_left_bower_in_the_last_trick():
    # clubs trump: JC (right) over JS (left) over AC (R5.1); defender 1 leads JS
    st = built(1, 0, 3, 1, ["AC", "JS", "JC", "8H", "9H"], (1, 1, 1, 0, 1))
    work = np.zeros(solve.WORK_SIZE, np.int64)
    assert solve.score(st, 2, work) == 1 and solve.score(st, 0, work) == 0
    assert solve.score(st, 3, work) == 0 and solve.allies(st, 0) == 0b01001


# -- the value is the best of the children ---------------------------------------------------
def test_the_value_is_the_best_child_value_plus_the_trick_it_wins():
    rnd = random.Random(5)
    work = np.zeros(solve.WORK_SIZE, np.int64)
    checked = 0
    for _, st in random_play_states(11, 60):
        if st[S.PHASE] != PLAY or rnd.random() > 0.3:
            continue
        seat = rnd.randrange(5)
        mover = int(st[S.TURN])
        mine = bool(solve.allies(st, seat) >> mover & 1)
        moves = [c for c in range(32) if int(rules.legal_actions(st)) >> c & 1]
        kids = [value_after(st, c, seat, work) for c in moves]
        assert solve.score(st, seat, work) == (max(kids) if mine else min(kids))
        checked += 1
    assert checked > 200


# -- reward against the search part's rewards ------------------------------------------------
def test_reward_equals_search_rewards_at_the_deal_end_even_when_it_ends_the_game():
    # R8.2, R8.3, R8.5 points from the makers' tricks, R9.1 totals, the game's end (R9.3)
    rnd = random.Random(9)
    out = np.zeros(5)
    ends = game_ends = 0
    for g in range(120):
        game = GAME.new(21, g)
        snaps = []
        while not game.over:
            st = game.state
            if st[S.PHASE] == PLAY and (st[S.TRICK_LEN] == 0 or rnd.random() < 0.1):
                snaps.append(st.copy())
            action = rnd.choice(game.legal_actions())
            if st[S.PHASE] == PLAY and st[S.TRICK_NO] == 4 and st[S.TRICK_LEN] == 4:
                end = st.copy()
                assert rules.step(end, action)  # the deal's end, before the next is dealt
                for snap in snaps:
                    scale = search.reward_scale(snap[: S.PUB_SIZE])
                    search.rewards(end, scale, out)
                    for seat in SEATS:
                        side = solve.allies(snap, seat)
                        won = sum(int(end[S.TRICKS_WON + p] - snap[S.TRICKS_WON + p])
                                  for p in SEATS if side >> p & 1)  # fmt: skip
                        assert solve.reward(snap, seat, won, scale) == pytest.approx(
                            out[seat], rel=1e-12, abs=1e-12
                        )
                        # at the end itself nothing is left to take: the totals hold the deal
                        assert solve.reward(end, seat, 0, scale) == pytest.approx(
                            out[seat], rel=1e-12, abs=1e-12
                        )
                ends += 1
                game_ends += int(end[S.PHASE] == OVER)
                snaps = []
            game.apply(action)
    assert ends > 500 and game_ends == 120


# -- solvable and allies ---------------------------------------------------------------------
def test_solvable_exactly_in_the_card_play():
    phases = set()
    for _, st in random_play_states(4, 40):
        assert solve.solvable(st) == (st[S.PHASE] == PLAY)
        phases.add(int(st[S.PHASE]))
    assert len(phases) >= 4


def test_allies_are_the_makers_or_the_defenders():
    # R6.5: the maker and the holder of the called card, or the maker alone against four
    for _, st in random_play_states(6, 20):
        if st[S.PHASE] != PLAY:
            continue
        makers = {int(st[S.MAKER])} | ({int(st[S.PARTNER])} if st[S.PARTNER] >= 0 else set())
        for seat in SEATS:
            side = makers if seat in makers else set(SEATS) - makers
            assert solve.allies(st, seat) == sum(1 << p for p in side)
