"""Independent, slow, plain-Python reference implementation of Trix.

Written only from docs RULES.md (R1-R9), to cross-check the numba engine in a
differential test. Clarity over speed: one class, `RefGame`, that reads like
the rules. Rule numbers are cited as `# R5.6`.

Encodings (shared with the engine):
  * suit index: H=0 C=1 D=2 S=3; rank index in R1.2 order 7 8 9 J Q K T A = 0..7;
    card id = suit * 8 + rank (KH = 5, TD = 22, AS = 31, JC = 11).
  * contracts: 0 diamonds, 1 queens, 2 tricks, 3 last-trick, 4 king,
    5 general, 6 trix.
  * actions: 0..31 play/lay that card, 32 PASS (trix only), 33 DOUBLE
    (announce K♥), 34 NO_DOUBLE, 35 + c choose contract c.

Decisions taken here where RULES.md is silent (keep in sync with the report):
  * Trix, R9.2: when the chooser has no jack, the turn goes straight to the
    first seat after him holding a jack; the seats in between do not record a
    PASS event.
  * Trix, R9.5/R9.6: a player who has emptied his hand has no turn any more
    (he is skipped). Laying an ace as one's last card gives no extra turn.
  * R3.7/R3.8: if the 28th contract pushes a total above 1000, end is
    "over-1000".
  * `deal(k)` must return 4 hands of 8 distinct cards covering 0..31;
    otherwise ValueError.
  * Once the game is over, to_act() is None, legal_actions() is [] and
    apply() raises ValueError.
"""

from __future__ import annotations

from collections.abc import Callable

# --- encodings -------------------------------------------------------------
SUIT_NAMES = "HCDS"
RANK_NAMES = "789JQKTA"  # R1.2, weakest to strongest
HEARTS, CLUBS, DIAMONDS_SUIT, SPADES = 0, 1, 2, 3
JACK = 3
QUEEN = 4
ACE = 7

DIAMONDS, QUEENS, TRICKS, LAST_TRICK, KING, GENERAL, TRIX = range(7)
CONTRACT_NAMES = ["diamonds", "queens", "tricks", "last-trick", "king", "general", "trix"]

PASS = 32
DOUBLE = 33
NO_DOUBLE = 34
CHOOSE = 35  # 35 + contract

KING_OF_HEARTS = HEARTS * 8 + 5


def suit_of(card: int) -> int:
    return card // 8


def rank_of(card: int) -> int:
    return card % 8


def card_name(card: int) -> str:
    """R1.4 notation, e.g. 'TD'."""
    return RANK_NAMES[rank_of(card)] + SUIT_NAMES[suit_of(card)]


class RefGame:
    """One game of Trix (R3: up to 28 contracts)."""

    def __init__(self, first_chooser: int, deal: Callable[[int], list[list[int]]]):
        if first_chooser not in (0, 1, 2, 3):
            raise ValueError("first_chooser must be a seat 0..3")
        self._first_chooser = first_chooser
        self._deal = deal

        # public, read-only
        self.totals: list[int] = [0, 0, 0, 0]
        self.contracts: list[dict] = []
        self.over: bool = False
        self.end: str | None = None
        self.ranks: list[int] | None = None
        self.win_share: list[float] | None = None

        # R3.1 each seat owns the seven contracts, each chosen exactly once
        self._remaining: list[set[int]] = [set(range(7)) for _ in range(4)]
        self._k = 0  # index of the current contract, 0..27

        self._start_contract()

    # ------------------------------------------------------------------
    # public interface
    # ------------------------------------------------------------------
    def to_act(self) -> int | None:
        if self.over:
            return None
        if self._phase == "choose":
            return self._chooser
        return self._turn

    def legal_actions(self) -> list[int]:
        if self.over:
            return []
        if self._phase == "choose":
            return sorted(CHOOSE + c for c in self._allowed_contracts())
        if self._phase == "tricks":
            return self._legal_in_tricks()
        if self._phase == "trix":
            return self._legal_in_trix()
        raise AssertionError("unknown phase")

    def apply(self, action: int) -> None:
        if self.over:
            raise ValueError("the game is over")
        legal = self.legal_actions()
        if action not in legal:
            raise ValueError(f"illegal action {action}; legal: {legal}")
        if self._phase == "choose":
            self._choose(action - CHOOSE)
        elif self._phase == "tricks":
            self._apply_in_tricks(action)
        else:
            self._apply_in_trix(action)

    # ------------------------------------------------------------------
    # contract start and choice (R3)
    # ------------------------------------------------------------------
    def _start_contract(self) -> None:
        # R3.2 the turn to choose passes to the next player after every contract
        self._chooser = (self._first_chooser + self._k) % 4
        # R1.3 fresh shuffle, 8 cards each
        hands = self._deal(self._k)
        self._hands: list[list[int]] = self._check_deal(hands)
        self._contract: int | None = None
        self._choice_number = 8 - len(self._remaining[self._chooser])  # R3.3
        self._events: list[int] = []
        self._phase = "choose"
        self._turn = self._chooser

    @staticmethod
    def _check_deal(hands) -> list[list[int]]:
        hands = [list(h) for h in hands]
        if len(hands) != 4 or any(len(h) != 8 for h in hands):
            raise ValueError("deal must give 4 hands of 8 cards")  # R1.3
        if sorted(c for h in hands for c in h) != list(range(32)):
            raise ValueError("deal must use the 32 cards once each")  # R1.1
        return [sorted(h) for h in hands]

    def _allowed_contracts(self) -> list[int]:
        remaining = self._remaining[self._chooser]
        n = self._choice_number
        if n == 7:
            # R3.6 the 7th choice is the one contract left (imposed)
            return sorted(remaining)
        if n == 6 and TRIX in remaining:
            # R3.5 forced trix
            return [TRIX]
        allowed = set(remaining)
        if TRIX in allowed:
            # R3.4 trix at choices 1-5 only with at least one jack in hand
            has_jack = any(rank_of(c) == JACK for c in self._hands[self._chooser])
            if not has_jack:
                allowed.discard(TRIX)
        return sorted(allowed)

    def _choose(self, contract: int) -> None:
        self._remaining[self._chooser].discard(contract)
        self._contract = contract
        if contract == TRIX:
            self._start_trix()
        else:
            self._start_tricks()

    # ------------------------------------------------------------------
    # trick contracts (R4, R5)
    # ------------------------------------------------------------------
    def _start_tricks(self) -> None:
        self._phase = "tricks"
        self._taken: list[list[int]] = [[], [], [], []]  # R4.4 cards won, per seat
        self._tricks_won = [0, 0, 0, 0]
        self._tricks_played = 0
        self._last_trick_winner: int | None = None
        self._trick: list[tuple[int, int]] = []  # (seat, card) in play order
        self._leader = self._chooser  # R4.1 the chooser leads the first trick
        self._turn = self._leader
        # R5.6 doubling the king: in king and in general the holder of K♥ is
        # offered the announcement at his first turn to play (only then).
        self._announcer: int | None = None
        self._double_pending = False
        if self._contract in (KING, GENERAL):
            self._double_pending = True
            self._king_holder = self._holder_of(KING_OF_HEARTS)

    def _holder_of(self, card: int) -> int:
        for seat in range(4):
            if card in self._hands[seat]:
                return seat
        raise AssertionError("card not in any hand")

    def _double_offer_now(self) -> bool:
        # R5.6: the holder's first turn to act in this contract. His first
        # turn is always in the first trick, so "pending and it is his turn"
        # is exactly "his first turn".
        return self._double_pending and self._turn == self._king_holder

    def _legal_in_tricks(self) -> list[int]:
        if self._double_offer_now():
            return [DOUBLE, NO_DOUBLE]  # R5.6
        hand = self._hands[self._turn]
        if not self._trick:
            return sorted(hand)  # the leader may lead any card
        led_suit = suit_of(self._trick[0][1])
        following = [c for c in hand if suit_of(c) == led_suit]
        if following:
            return sorted(following)  # R4.2 follow suit if you can
        return sorted(hand)  # R4.2 otherwise any card

    def _apply_in_tricks(self, action: int) -> None:
        seat = self._turn
        if action == DOUBLE:
            self._double_pending = False
            self._announcer = seat  # R5.6 announced: K♥ worth 200
            self._events.append(DOUBLE)
            return  # same seat now plays a card
        if action == NO_DOUBLE:
            self._double_pending = False  # R5.6 Decision: offer not repeated
            return  # NO_DOUBLE is not recorded in events
        card = action
        self._hands[seat].remove(card)
        self._trick.append((seat, card))
        self._events.append(card)
        if len(self._trick) < 4:
            self._turn = (seat + 1) % 4  # R2.2 counter-clockwise
            return
        # R4.3 highest card of the led suit wins; no trumps
        led_suit = suit_of(self._trick[0][1])
        winner, _ = max(
            ((s, c) for s, c in self._trick if suit_of(c) == led_suit),
            key=lambda sc: rank_of(sc[1]),
        )
        for _, c in self._trick:
            self._taken[winner].append(c)
        self._tricks_won[winner] += 1
        self._tricks_played += 1
        self._last_trick_winner = winner
        self._trick = []
        if self._tricks_played == 8 or self._stops_early():
            self._finish_contract(self._trick_contract_points())
            return
        self._leader = winner  # R4.1 the winner leads the next trick
        self._turn = winner

    def _all_taken(self, predicate) -> bool:
        n = sum(1 for pile in self._taken for c in pile if predicate(c))
        total = sum(1 for c in range(32) if predicate(c))
        return n == total

    def _stops_early(self) -> bool:
        c = self._contract
        if c == DIAMONDS:
            # R5.1 stops at the end of the trick taking the last diamond
            return self._all_taken(lambda x: suit_of(x) == DIAMONDS_SUIT)
        if c == QUEENS:
            # R5.2 stops at the end of the trick taking the last queen
            return self._all_taken(lambda x: rank_of(x) == QUEEN)
        if c == KING:
            # R5.5 stops at the end of the trick taking K♥
            return self._all_taken(lambda x: x == KING_OF_HEARTS)
        # R5.3, R5.4 all 8 tricks; R5.7 general: nothing stops early
        return False

    # --- points of one component, before multipliers -------------------
    def _diamonds_points(self, seat: int) -> int:
        n = sum(1 for c in self._taken[seat] if suit_of(c) == DIAMONDS_SUIT)
        return 150 if n == 8 else 10 * n  # R5.1

    def _queens_points(self, seat: int) -> int:
        return 20 * sum(1 for c in self._taken[seat] if rank_of(c) == QUEEN)  # R5.2

    def _tricks_points(self, seat: int) -> int:
        n = self._tricks_won[seat]
        return 150 if n == 8 else 10 * n  # R5.3

    def _last_trick_points(self, seat: int) -> int:
        # R5.4 only the 8th trick counts
        if self._tricks_played == 8 and self._last_trick_winner == seat:
            return 100
        return 0

    def _king_points(self, seat: int) -> int:
        # R5.5 / R5.6: +100, or +200 once announced, to whoever takes K♥
        if KING_OF_HEARTS in self._taken[seat]:
            return 200 if self._announcer is not None else 100
        return 0

    def _announcer_penalty(self) -> list[int]:
        # R5.6 the announcer scores -50 if another player takes K♥
        penalty = [0, 0, 0, 0]
        a = self._announcer
        if a is not None and KING_OF_HEARTS not in self._taken[a]:
            penalty[a] = -50
        return penalty

    def _trick_contract_points(self) -> list[int]:
        c = self._contract
        raw = [0, 0, 0, 0]
        for seat in range(4):
            if c == DIAMONDS:
                raw[seat] = self._diamonds_points(seat)
            elif c == QUEENS:
                raw[seat] = self._queens_points(seat)
            elif c == TRICKS:
                raw[seat] = self._tricks_points(seat)
            elif c == LAST_TRICK:
                raw[seat] = self._last_trick_points(seat)
            elif c == KING:
                raw[seat] = self._king_points(seat)
            elif c == GENERAL:
                # R5.7 all components at once
                raw[seat] = (
                    self._diamonds_points(seat)
                    + self._queens_points(seat)
                    + self._tricks_points(seat)
                    + self._last_trick_points(seat)
                    + self._king_points(seat)
                )
                if self._tricks_won[seat] == 8:
                    raw[seat] = 0  # R5.7 all 8 tricks: 0 for the whole contract
        # R5.7 Decision: the -50 of an announcer who did not sweep still
        # applies (an announcer who took all 8 tricks took K♥: no -50).
        penalty = self._announcer_penalty()
        # R7.1 / R7.2 / R7.4: the chooser's whole sum, -50 excluded, x2 (x4
        # on his 7th, imposed, choice). Others are never multiplied (R7.3).
        multiplier = 4 if self._choice_number == 7 else 2
        raw[self._chooser] *= multiplier
        return [raw[s] + penalty[s] for s in range(4)]  # R7.3 -50 not multiplied

    # ------------------------------------------------------------------
    # trix (R9)
    # ------------------------------------------------------------------
    def _start_trix(self) -> None:
        self._phase = "trix"
        # R9.1 one pile per suit: None (not started) or [lowest, highest] rank
        self._piles: list[list[int] | None] = [None, None, None, None]
        self._out: list[int] = []  # seats that emptied their hand, in order
        # R9.2 the chooser starts; if he has no jack, the first player after
        # him (counter-clockwise) holding a jack. Decision: the skipped seats
        # record no PASS.
        seat = self._chooser
        while not any(rank_of(c) == JACK for c in self._hands[seat]):
            seat = (seat + 1) % 4
        self._turn = seat

    def _can_lay(self, card: int) -> bool:
        pile = self._piles[suit_of(card)]
        r = rank_of(card)
        if pile is None:
            return r == JACK  # R9.1 / R9.3 a pile is started with its jack
        low, high = pile
        return r == low - 1 or r == high + 1  # R9.1 next to lowest or highest

    def _legal_in_trix(self) -> list[int]:
        # R9.2 the first card is a jack: with all piles empty only jacks fit
        layable = sorted(c for c in self._hands[self._turn] if self._can_lay(c))
        if layable:
            return layable  # R9.4 must lay if he can
        return [PASS]  # R9.4 passes only with no legal card

    def _next_in_trix(self, seat: int) -> int:
        # Decision: a player who emptied his hand has no turn any more.
        nxt = (seat + 1) % 4
        while nxt in self._out:
            nxt = (nxt + 1) % 4
        return nxt

    def _apply_in_trix(self, action: int) -> None:
        seat = self._turn
        self._events.append(action)
        if action == PASS:
            self._turn = self._next_in_trix(seat)
            return
        card = action
        self._hands[seat].remove(card)
        s, r = suit_of(card), rank_of(card)
        if self._piles[s] is None:
            self._piles[s] = [r, r]
        else:
            low, high = self._piles[s]
            self._piles[s] = [min(low, r), max(high, r)]
        if not self._hands[seat]:
            self._out.append(seat)
            if len(self._out) == 2:
                # R9.6 first out -100, second -50, stop at once; never multiplied
                points = [0, 0, 0, 0]
                points[self._out[0]] = -100
                points[self._out[1]] = -50
                self._finish_contract(points)
                return
            self._turn = self._next_in_trix(seat)
            return
        if r == ACE:
            return  # R9.5 an ace gives another turn at once (he still has cards)
        self._turn = self._next_in_trix(seat)

    # ------------------------------------------------------------------
    # end of a contract and of the game (R3.7, R3.8, R8)
    # ------------------------------------------------------------------
    def _finish_contract(self, points: list[int]) -> None:
        for s in range(4):
            self.totals[s] += points[s]  # R3.7 points added to the totals
        for s in range(4):
            if self.totals[s] == 1000:
                self.totals[s] = 0  # R3.7 exactly 1000 becomes 0
        self.contracts.append(
            {
                "chooser": self._chooser,
                "choice": self._choice_number,
                "contract": self._contract,
                "points": list(points),
                "totals": list(self.totals),
                "events": list(self._events),
            }
        )
        self._phase = "done"
        if any(t > 1000 for t in self.totals):
            self._end_game("over-1000")  # R3.7
        elif self._k == 27:
            self._end_game("28-contracts")  # R3.8
        else:
            self._k += 1
            self._start_contract()

    def _end_game(self, reason: str) -> None:
        self.over = True
        self.end = reason
        self._phase = "over"
        # R8.2 rank 1 = lowest total; ties share the best rank
        self.ranks = [1 + sum(1 for u in self.totals if u < t) for t in self.totals]
        # R3.9 equal lowest totals share the win, 1/k each
        low = min(self.totals)
        k = self.totals.count(low)
        self.win_share = [1.0 / k if t == low else 0.0 for t in self.totals]
