"""Independent, slow, plain-Python reference implementation of Terts (`terts`).

Written only from /work/shared/games/terts/RULES.md (R1-R10), RECORD.md and NOTES.md, and
the shared encoding in sim/games/terts/vocab.py, to cross-check the engine in a differential
test. Clarity over speed: one class, `RefGame`, that reads like the rules. Rule numbers are
cited as `# R5.6`.

Encodings (shared with the engine, vocab.py):
  * card id = suit * 8 + rank, suits H C D S = 0..3, ranks in natural order (R1.3)
    7 8 9 T J Q K A = 0..7: 7H = 0, AH = 7, JS = 28. Text as R1.2: `TD`, `JH`.
  * one action vocabulary for every decision, ids 0..62: 0..31 play that card; 32 `swap`
    (R6); 33..36 `four-Q`, `four-K`, `four-A`, `four-J`; 37 `marriage`; 38..61 a sequence,
    38 + suit * 6 + (top rank - 2), meaning the whole run of the declarer's hand that ends
    at that top card (R7.3a), so its length, and its text `seqN-TOP`, follow from the hand
    at that moment; 62 `pass`.
  * phases: "lead" (leader: card, swap, or a meld in tricks 1-7), "answer" (follower: pass,
    swap or a stronger meld, R7.4c), "lead-card" (leader after his meld: card or swap),
    "follow" (follower: card, or swap in tricks 1-7), "over". A swap leaves the phase and the
    seat to act unchanged.

Readings taken here where RULES.md leaves room (keep in sync with the report):
  * R6.1/R6.2: the exchange is legal at every decision of the holder of the 7 of trumps
    during tricks 1-7 (also while answering, and after any meld of his as leader, not only
    after the marriage, as RECORD.md's order of events shows), at most once a deal. It is
    impossible once the turned card has been drawn (after trick 7).
  * R7.3b: sequences are compared as sets of cards: one is "contained" in another if it is
    of the same suit and its cards lie within the other's; the same sequence twice is thus
    barred. Fours and the marriage: once each per seat per deal. Each seat has its own
    record of declared melds.
  * R7.5: strength key (class, top rank, trump?) with class seq3 0, seq4 1, four-Q 2,
    four-K 3, four-A 4, seq5 5 ... seq8 8, four-J 9; fours carry top 0, trump? 0. A beats B
    only if its key is strictly greater; so two plain sequences of equal length and top are
    equal, and a four never ties another four.
  * R5.5/R5.6 in tricks 8-16: a follower holding the led plain suit must follow it; else,
    or on a trump lead, he must play a trump if he holds one, unless his only trump is the
    trump jack, in which case any card is allowed.
  * `deal(k)` returns (hands, turned, stock): [9 ids of seat 0, 9 ids of seat 1], the turned
    card (card 19, its suit is trump) and the 13 stock cards in draw order, top first; the
    32 cards once each, else ValueError. It is called when deal k (0-based) starts, never
    after the deal that ends the game. It is not told the dealer (R3.2 makes him depend on
    the previous deal's play); `random_deals(rng)` therefore deals every deal as if seat 0
    dealt. A uniform shuffle dealt by a fixed pattern gives the same distribution of
    (hands, turned, stock) whoever the dealer is, so nothing is lost.
  * `parse_action` is the exact inverse of `action_text` for the seat to act now: a
    well-formed `seqN-TOP` whose N is not the length of that seat's run ending at TOP (or
    whose TOP he does not hold) names no action in this state and raises ValueError
    (R7.2/R7.3a), as malformed words do (RECORD.md's vocabulary).
  * `deals[k]` holds RECORD.md's deal fields except `events` (kept apart, parallel, in
    `deal_events`): dealer, trump (letter), turned (id), hands (as dealt, sorted ids),
    stock (ids, draw order); and once the deal is over card_points, meld_points, last_trick,
    points, totals. Both lists get their entry when a deal starts.
  * Once the game is over, to_act is None, legal_actions() is [] and apply() raises
    ValueError; the last deal's state (hands, points) stays readable.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from sim.games.terts.vocab import FOUR_A, FOUR_J, FOUR_K, FOUR_Q, MARRIAGE, PASS, SEQ, SWAP

# --- cards (R1) ------------------------------------------------------------
SUIT_LETTERS = "HCDS"  # R1.2
RANK_LETTERS = "789TJQKA"  # R1.2, natural order low to high (R1.3)
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)
ALL_CARDS = list(range(32))  # R1.1
N_ACTIONS = 63
LEAD, ANSWER, LEAD_CARD, FOLLOW, OVER = "lead", "answer", "lead-card", "follow", "over"

HAND_SIZE, STOCK_SIZE, TRICKS, DRAW_TRICKS = 9, 13, 16, 7  # R3.3, R3.4, R5.1, R5.3
TARGET = 501  # R9.1
LAST_TRICK_BONUS = 10  # R4.4


def card_of(suit: int, rank: int) -> int:
    return suit * 8 + rank


def suit_of(card: int) -> int:
    return card // 8


def rank_of(card: int) -> int:
    return card % 8


def card_name(card: int) -> str:
    """R1.2 notation: 'TD'."""
    return RANK_LETTERS[rank_of(card)] + SUIT_LETTERS[suit_of(card)]


def parse_card(text: str) -> int:
    if len(text) != 2 or text[0] not in RANK_LETTERS or text[1] not in SUIT_LETTERS:
        raise ValueError(f"not a card: {text!r}")
    return card_of(SUIT_LETTERS.index(text[1]), RANK_LETTERS.index(text[0]))


def parse_cards(text: str) -> list[int]:
    """'JC QH 9D' -> card ids."""
    return [parse_card(t) for t in text.split()]


# --- ranks and card points (R4) ----------------------------------------------
TRUMP_ORDER = "J9ATKQ87"  # R4.1 strongest first
PLAIN_ORDER = "ATKQJ987"  # R4.2 strongest first


def trick_power(card: int, trump: int, led: int) -> int:
    """R5.2: any trump beats every non-trump; else the suit led; other suits never win (-1)."""
    letter = RANK_LETTERS[rank_of(card)]
    if suit_of(card) == trump:
        return 100 - TRUMP_ORDER.index(letter)
    if suit_of(card) == led:
        return 50 - PLAIN_ORDER.index(letter)
    return -1


def card_points(card: int, trump: int) -> int:
    """R4.3: trump J 20, trump 9 14; A 11, 10 10, K 4, Q 3 in every suit; plain J 2."""
    rank = rank_of(card)
    if suit_of(card) == trump and rank == JACK:
        return 20
    if suit_of(card) == trump and rank == NINE:
        return 14
    return {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2}.get(rank, 0)


# --- melds (R7) --------------------------------------------------------------
FOUR_RANK = {FOUR_Q: QUEEN, FOUR_K: KING, FOUR_A: ACE, FOUR_J: JACK}
FOUR_WORDS = {FOUR_Q: "four-Q", FOUR_K: "four-K", FOUR_A: "four-A", FOUR_J: "four-J"}
# R7.5 weakest first: seq3 < seq4 < four-Q < four-K < four-A < seq5 < seq6 < seq7 < seq8 < four-J
FOUR_CLASS = {FOUR_Q: 2, FOUR_K: 3, FOUR_A: 4, FOUR_J: 9}
SEQ_CLASS = {3: 0, 4: 1, 5: 5, 6: 6, 7: 7, 8: 8}
FOUR_POINTS = {FOUR_Q: 100, FOUR_K: 100, FOUR_A: 100, FOUR_J: 200}  # R7.1
SEQ_POINTS = {3: 20, 4: 50, 5: 100, 6: 100, 7: 100, 8: 100}  # R7.1
MARRIAGE_POINTS = 20  # R7.1


def is_seq(action: int) -> bool:
    return SEQ <= action < SEQ + 24


def seq_action(suit: int, top: int) -> int:
    return SEQ + suit * 6 + top - 2


def seq_parts(action: int) -> tuple[int, int]:
    """A sequence action -> (suit, top rank 2..7)."""
    return (action - SEQ) // 6, (action - SEQ) % 6 + 2


def run_length(hand, suit: int, top: int) -> int:
    """How many cards of `suit` the hand holds going down from `top` without a gap (R1.3)."""
    n = 0
    while top - n >= 0 and card_of(suit, top - n) in hand:
        n += 1
    return n


def meld_word(action: int, hand) -> str:
    """RECORD.md's word for a meld declared from `hand`."""
    if action == MARRIAGE:
        return "marriage"
    if action in FOUR_WORDS:
        return FOUR_WORDS[action]
    suit, top = seq_parts(action)
    n = run_length(hand, suit, top)
    if n < 3:
        raise ValueError(f"no run of 3 or more ends at {card_name(card_of(suit, top))} (R7.1)")
    return f"seq{n}-{card_name(card_of(suit, top))}"


def meld_value(action: int, hand, trump: int) -> tuple[tuple[int, int, int], int]:
    """(strength key, points) of a non-marriage meld declared from `hand` (R7.1, R7.5)."""
    if action in FOUR_CLASS:
        return (FOUR_CLASS[action], 0, 0), FOUR_POINTS[action]
    suit, top = seq_parts(action)
    n = run_length(hand, suit, top)
    return (SEQ_CLASS[n], top, int(suit == trump)), SEQ_POINTS[n]


def action_text(action: int, hand) -> str:
    """The RECORD.md word of an action (without the seat), for the seat holding `hand`."""
    if 0 <= action < 32:
        return card_name(action)
    if action == SWAP:
        return "swap"
    if action == PASS:
        return "pass"
    if action == MARRIAGE or action in FOUR_WORDS or is_seq(action):
        return meld_word(action, hand)
    raise ValueError(f"no such action: {action}")


SEQ_WORD = re.compile(r"seq([3-8])-(\S\S)")


def parse_action(text: str, hand) -> int:
    """The inverse of action_text for the seat holding `hand`; ValueError for malformed words."""
    words = {"swap": SWAP, "pass": PASS, "marriage": MARRIAGE}
    words.update({w: a for a, w in FOUR_WORDS.items()})
    if text in words:
        return words[text]
    match = SEQ_WORD.fullmatch(text)
    if match:
        n, top_card = int(match.group(1)), parse_card(match.group(2))
        suit, top = suit_of(top_card), rank_of(top_card)
        if top - n + 1 < 0:
            raise ValueError(f"no such sequence: {text!r}")  # e.g. seq3-8S
        if run_length(hand, suit, top) != n:
            raise ValueError(f"{text} is not the run of this hand ending at {match.group(2)} "
                             "(R7.2, R7.3a)")  # fmt: skip
        return seq_action(suit, top)
    if text.startswith("seq") or text.startswith("four-"):
        raise ValueError(f"not an action: {text!r}")
    return parse_card(text)


# --- deals (R3) --------------------------------------------------------------
DealFn = Callable[[int], tuple[Sequence[Sequence[int]], int, Sequence[int]]]


def random_deal(rng, dealer: int = 0) -> tuple[list[list[int]], int, list[int]]:
    """R3.3, R3.4: a fresh shuffle (`rng` a random.Random), 9 cards each in threes,
    non-dealer first; card 19 is turned, cards 20-32 are the stock, top first."""
    pack = list(ALL_CARDS)
    rng.shuffle(pack)
    hands: list[list[int]] = [[], []]
    for batch in range(6):
        seat = 1 - dealer if batch % 2 == 0 else dealer  # non-dealer, dealer, non-dealer...
        hands[seat] += pack[3 * batch : 3 * batch + 3]
    return hands, pack[18], pack[19:]


def random_deals(rng) -> DealFn:
    """A ready `deal(k)`: each deal a fresh random_deal (see the module docstring)."""
    return lambda k: random_deal(rng, 0)


def check_deal(hands, turned, stock) -> tuple[list[list[int]], int, list[int]]:
    hands = [[int(c) for c in h] for h in hands]
    turned, stock = int(turned), [int(c) for c in stock]
    if len(hands) != 2 or any(len(h) != HAND_SIZE for h in hands):
        raise ValueError("a deal gives 2 hands of 9 cards (R3.3)")
    if len(stock) != STOCK_SIZE:
        raise ValueError("a deal leaves a stock of 13 cards (R3.4)")
    if sorted(hands[0] + hands[1] + [turned] + stock) != ALL_CARDS:
        raise ValueError("a deal uses the 32 cards once each (R1.1)")
    return hands, turned, stock


class RefGame:
    """One game of Terts: deals until a total reaches 501 (R9.1)."""

    def __init__(self, first_dealer: int, deal: DealFn):
        if first_dealer not in (0, 1):
            raise ValueError("first_dealer must be seat 0 or 1")
        self._deal_fn = deal
        self._dealer = first_dealer  # R3.1
        self._totals = [0, 0]
        self.deals: list[dict] = []
        self.deal_events: list[list[str]] = []
        self.end: str | None = None
        self._results: tuple[list[int], list[float]] | None = None
        self._start_deal()

    # --- public interface ------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return None if self.end is not None else self._turn

    @property
    def phase(self) -> str:
        return OVER if self.end is not None else self._phase

    @property
    def totals(self) -> list[int]:
        return list(self._totals)

    @property
    def card_points(self) -> list[int]:
        return list(self._card_points)

    @property
    def meld_points(self) -> list[int]:
        return list(self._meld_points)

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def trump(self) -> int:
        return self._trump

    @property
    def trick(self) -> int:
        """Number (1-16) of the trick in progress (17 once the deal's tricks are played)."""
        return self._trick_no

    @property
    def beside(self) -> int | None:
        """The card lying beside the stock (the turned card, or the 7 of trumps after an
        exchange); None once drawn."""
        return self._beside

    @property
    def events(self) -> list[str]:
        return list(self._events)

    def hand(self, seat: int) -> list[int]:
        return sorted(self._hands[seat])

    def declared(self, seat: int) -> list[str]:
        """The melds the seat declared in this deal, as record words."""
        return list(self._declared_words[seat])

    def action_text(self, action: int) -> str:
        hand = self._hands[self._turn] if self.end is None else set()
        return action_text(action, hand)

    def parse_action(self, text: str) -> int:
        hand = self._hands[self._turn] if self.end is None else set()
        return parse_action(text, hand)

    def legal_actions(self) -> list[int]:
        if self.end is not None:
            return []
        return [a for a in range(N_ACTIONS) if self._fault(a) is None]

    def apply(self, action: int) -> None:
        action = int(action)
        fault = self._fault(action)
        if fault is not None:
            try:
                word = self.action_text(action)
            except ValueError:
                word = str(action)
            where = f"deal {len(self.deals)}, trick {self._trick_no}, seat {self._turn}"
            raise ValueError(f"{where}: {word}: {fault}")
        seat = self._turn
        self._events.append(f"{seat}:{self.action_text(action)}")
        if action == SWAP:
            self._apply_swap(seat)
        elif action == PASS:
            self._apply_pass()
        elif action >= 32:
            self._apply_meld(seat, action)
        else:
            self._apply_card(seat, action)

    def results(self) -> tuple[list[int], list[float]]:
        """R9.3 ranks and win shares per seat; only once the game is over."""
        if self._results is None:
            raise ValueError("the game is not over")
        ranks, shares = self._results
        return list(ranks), list(shares)

    # --- the deal (R3) ------------------------------------------------------------
    def _start_deal(self) -> None:
        hands, turned, stock = check_deal(*self._deal_fn(len(self.deals)))
        self._trump = suit_of(turned)  # R3.4
        self._hands = [set(hands[0]), set(hands[1])]
        self._beside: int | None = turned
        self._stock = list(stock)
        self._swapped = False
        self._trick_no = 1
        self._leader = 1 - self._dealer  # R5.1 the non-dealer leads the first trick
        self._turn = self._leader
        self._phase = LEAD
        self._led: int | None = None
        self._pending: tuple[int, tuple[int, int, int], int] | None = None  # leader's meld
        self._declared: list[set[int]] = [set(), set()]  # fours and marriage (R7.3b)
        self._declared_seqs: list[list[tuple[int, int, int]]] = [[], []]  # (suit, low, top)
        self._declared_words: list[list[str]] = [[], []]
        self._card_points = [0, 0]
        self._meld_points = [0, 0]
        self._events: list[str] = []
        self.deals.append(
            {
                "dealer": self._dealer,
                "trump": SUIT_LETTERS[self._trump],
                "turned": turned,
                "hands": [sorted(h) for h in hands],
                "stock": list(stock),
            }
        )
        self.deal_events.append(self._events)

    # --- legality --------------------------------------------------------------------
    def _fault(self, action: int) -> str | None:
        """Why `action` is illegal now (naming the rule), or None if it is legal."""
        if self.end is not None:
            return "the game is over (R9.1)"
        if not 0 <= action < N_ACTIONS:
            return "no such action"
        seat = self._turn
        if action == SWAP:
            return self._swap_fault(seat)
        if action == PASS:
            if self._phase != ANSWER:
                return "only the follower answering a declaration passes (R7.4c)"
            return None
        if action < 32:
            return self._card_fault(seat, action)
        return self._meld_fault(seat, action)

    def _swap_fault(self, seat: int) -> str | None:
        if self._trick_no > DRAW_TRICKS:
            return "the turned card is drawn: no exchange after trick 7 (R6.1)"
        if self._swapped:
            return "there is at most one exchange a deal (R6.2)"
        if card_of(self._trump, SEVEN) not in self._hands[seat]:
            return "only the holder of the 7 of trumps exchanges (R6.1)"
        return None

    def _card_fault(self, seat: int, card: int) -> str | None:
        hand = self._hands[seat]
        if self._phase == ANSWER:
            return "the follower must answer the declaration: pass or beat it (R7.4c)"
        if card not in hand:
            return f"seat {seat} does not hold {card_name(card)} (R5.1)"
        if self._phase != FOLLOW or self._trick_no <= DRAW_TRICKS:
            return None  # R5.7 any lead; R5.4 any card while the stock lasts
        led, trump = suit_of(self._led), self._trump
        if led != trump and any(suit_of(c) == led for c in hand):
            if suit_of(card) != led:
                return "must follow suit (R5.5)"
            return None
        trumps = {c for c in hand if suit_of(c) == trump}
        if not trumps:
            return None  # R5.5 lacking both, any card
        if trumps == {card_of(trump, JACK)}:
            return None  # R5.6 the trump jack never has to be played
        if suit_of(card) != trump:
            return "must play a trump (R5.5)"
        return None

    def _meld_fault(self, seat: int, action: int) -> str | None:
        hand, trump = self._hands[seat], self._trump
        if self._trick_no > DRAW_TRICKS:
            return "no declarations once the stock is exhausted (R7.4a)"
        if self._phase == LEAD_CARD:
            return "one declaration per lead: the leader now plays his card (R7.4c)"
        if self._phase == FOLLOW:
            return "the follower declares only to answer a declaration (R7.4c)"
        if action == MARRIAGE:
            if self._phase == ANSWER:
                return "the marriage is never an answer (R7.6)"
            if not {card_of(trump, KING), card_of(trump, QUEEN)} <= hand:
                return "he does not hold the K and Q of trumps (R7.2)"
            if MARRIAGE in self._declared[seat]:
                return "the marriage was declared before in this deal (R7.3b)"
            return None
        if action in FOUR_RANK:
            if any(card_of(s, FOUR_RANK[action]) not in hand for s in range(4)):
                return "he does not hold the four cards (R7.2)"
            if action in self._declared[seat]:
                return "this meld was declared before in this deal (R7.3b)"
        else:
            suit, top = seq_parts(action)
            n = run_length(hand, suit, top)
            if n == 0:
                return f"he does not hold {card_name(card_of(suit, top))} (R7.2)"
            if n < 3:
                return "a sequence has at least 3 cards (R7.1)"
            if top < ACE and card_of(suit, top + 1) in hand:
                return "a sequence is a whole run of his hand: he holds the card above (R7.3a)"
            low = top - n + 1
            for s, lo, hi in self._declared_seqs[seat]:
                if s == suit and lo <= low and top <= hi:
                    return "it lies within a sequence declared before in this deal (R7.3b)"
        if self._phase == ANSWER:
            strength, _ = meld_value(action, hand, trump)
            if not strength > self._pending[1]:
                return "an answer must beat the leader's declaration (R7.5)"
        return None

    # --- actions ----------------------------------------------------------------------
    def _apply_swap(self, seat: int) -> None:
        # R6.1 the 7 of trumps takes the turned card's place, to be drawn last in its stead
        seven = card_of(self._trump, SEVEN)
        self._hands[seat].remove(seven)
        self._hands[seat].add(self._beside)
        self._beside = seven
        self._swapped = True  # R6.2 at most once; the same seat acts again

    def _declare(self, seat: int, action: int) -> None:
        hand = self._hands[seat]
        self._declared_words[seat].append(meld_word(action, hand))
        if is_seq(action):
            suit, top = seq_parts(action)
            self._declared_seqs[seat].append((suit, top - run_length(hand, suit, top) + 1, top))
        else:
            self._declared[seat].add(action)

    def _apply_meld(self, seat: int, action: int) -> None:
        self._declare(seat, action)  # R7.3b declared, whether it scores or not
        if action == MARRIAGE:
            self._meld_points[seat] += MARRIAGE_POINTS  # R7.6 scores at once, no answer
            self._phase = LEAD_CARD
        elif self._phase == LEAD:
            strength, points = meld_value(action, self._hands[seat], self._trump)
            self._pending = (action, strength, points)
            self._phase = ANSWER  # R7.4c the follower answers
            self._turn = 1 - seat
        else:
            # R7.7 the follower beat it: he scores his meld, the leader nothing
            _, points = meld_value(action, self._hands[seat], self._trump)
            self._meld_points[seat] += points
            self._pending = None
            self._phase = LEAD_CARD
            self._turn = self._leader

    def _apply_pass(self) -> None:
        self._meld_points[self._leader] += self._pending[2]  # R7.7 not beaten: the leader scores
        self._pending = None
        self._phase = LEAD_CARD  # R7.4d then the leader plays his card
        self._turn = self._leader

    def _apply_card(self, seat: int, card: int) -> None:
        self._hands[seat].remove(card)
        if self._phase in (LEAD, LEAD_CARD):
            self._led = card
            self._phase = FOLLOW
            self._turn = 1 - seat
            return
        self._finish_trick(self._led, card)

    def _finish_trick(self, led: int, followed: int) -> None:
        leader, follower, trump = self._leader, 1 - self._leader, self._trump
        led_suit = suit_of(led)
        if trick_power(led, trump, led_suit) > trick_power(followed, trump, led_suit):
            winner = leader  # R5.2
        else:
            winner = follower
        loser = 1 - winner
        self._card_points[winner] += card_points(led, trump) + card_points(followed, trump)
        t = self._trick_no
        if t < DRAW_TRICKS:  # R5.3 the winner draws first
            self._hands[winner].add(self._stock[2 * t - 2])
            self._hands[loser].add(self._stock[2 * t - 1])
        elif t == DRAW_TRICKS:  # R5.3, R6.1 the card beside the stock is drawn last
            self._hands[winner].add(self._stock[12])
            self._hands[loser].add(self._beside)
            self._beside = None
        self._trick_no += 1
        self._led = None
        if self._trick_no > TRICKS:
            self._finish_deal(winner)
            return
        self._leader = self._turn = winner  # R5.1 the winner leads the next trick
        self._phase = LEAD

    # --- scoring (R8) and the end (R9) ---------------------------------------------------
    def _finish_deal(self, last: int) -> None:
        points = [
            self._card_points[s] + self._meld_points[s] + (LAST_TRICK_BONUS if s == last else 0)
            for s in (0, 1)
        ]  # R8.1
        self._totals = [self._totals[s] + points[s] for s in (0, 1)]  # R8.2
        self.deals[-1].update(
            card_points=list(self._card_points),
            meld_points=list(self._meld_points),
            last_trick=last,
            points=points,
            totals=list(self._totals),
        )
        if max(self._totals) >= TARGET:  # R9.1 looked at after each deal
            self._end_game()
            return
        self._dealer = last  # R3.2 the winner of the last trick deals next
        self._start_deal()

    def _end_game(self) -> None:
        t0, t1 = self._totals
        if t0 == t1:
            self.end = "tie"  # R9.2
            self._results = ([1, 1], [0.5, 0.5])
            return
        self.end = "both-target" if min(t0, t1) >= TARGET else "target"  # R9.3
        winner = 0 if t0 > t1 else 1
        self._results = (
            [1 if s == winner else 2 for s in (0, 1)],
            [1.0 if s == winner else 0.0 for s in (0, 1)],
        )
