"""Independent, slow, plain-Python reference implementation of five-handed Euchre.

Written only from /work/shared/games/euchre5/RULES.md (R1-R11), to cross-check the numba engine
in a differential test. Clarity over speed: one class, `RefGame`, that reads like the rules.
Rule numbers are cited as `# R6.2`.

Encodings (shared with the engine):
  * card id = suit * 8 + rank; suits H=0 C=1 D=2 S=3; ranks 8 9 T J Q K A = 0..6 (rank 7 of
    each 8-slot is unused: valid ids are 0-6, 8-14, 16-22, 24-30). JC = 11, TS = 26, 9H = 1.
  * same-colour suit (R1.3) = suit ^ 2 (H<->D, C<->S).
  * actions, one id space; a card id means `discard:XX` in the exchange (R4.2), `call:XX` in
    the call (R6.2) and the card played in play (R7). PASS = 32 (round 1 or 2), ORDER = 33
    (round 1), TRUMP_BASE + suit = `trump:X` (round 2, 34..37), ALONE = 38 (call).
  * seats 0..4; next player = (seat + 1) % 5 (R2.2).

Readings taken here where RULES.md leaves room (keep in sync with the report):
  * R4.2: the exchange is a separate decision of the dealer right after any order (his own
    included); his options are his five dealt cards plus the up card, whoever ordered.
  * R6.2: "the maker's dealt hand" is his five cards as dealt; for a dealer-maker in round 1
    the card he picked up is the up card, itself excluded, so nothing he can hold is callable.
  * R6.3/R6.4: the partner is fixed at the call (the holder of the called card after the
    exchange), not when the card is played; "partner" in a finished deal is that seat. A called
    card in the kitty, in the dealer's discard or (never possible) the turned-down up card
    leaves the maker alone (R8.3 scoring, four defenders).
  * `deals[k]["called"]` is the called card id even when it was buried; None only after ALONE.
  * `deal(k)` must give 5 hands of 5 valid card ids, an up card and a 2-card kitty using the 28
    cards once each; otherwise ValueError. It is called once, when deal k starts (never after
    the last deal).
  * Once the game is over, to_act is None, legal_actions() is [] and apply() raises ValueError.
  * The deal dicts hold exactly the keys of the interface; the events of each finished deal are
    kept apart in `deal_events` (parallel to `deals`), as RECORD.md texts "SEAT:ACTION".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

# --- encodings -------------------------------------------------------------
SUIT_NAMES = "HCDS"  # R1.2
RANK_NAMES = "89TJQKA"  # R1.2 and R1.4, weakest to strongest in a plain suit
HEARTS, CLUBS, DIAMONDS, SPADES = 0, 1, 2, 3
JACK = 3
NUM_SEATS = 5
ALL_CARDS = [s * 8 + r for s in range(4) for r in range(7)]  # R1.1: 28 cards

PASS = 32
ORDER = 33
TRUMP_BASE = 34  # 34 + suit
ALONE = 38

TARGET = 10  # R9.1

# phases of a deal
ROUND1, EXCHANGE, ROUND2, CALL, PLAY, OVER = "round1", "exchange", "round2", "call", "play", "over"


def suit_of(card: int) -> int:
    """Printed suit of a card."""
    return card // 8


def rank_of(card: int) -> int:
    return card % 8


def same_colour(suit: int) -> int:
    """R1.3 the other suit of the same colour: H<->D, C<->S."""
    return suit ^ 2


def card_name(card: int) -> str:
    """R1.2 notation, e.g. 'TD'."""
    return RANK_NAMES[rank_of(card)] + SUIT_NAMES[suit_of(card)]


def parse_card(text: str) -> int:
    """'TD' -> card id (R1.2)."""
    if len(text) != 2 or text[0] not in RANK_NAMES or text[1] not in SUIT_NAMES:
        raise ValueError(f"not a card: {text!r}")
    return SUIT_NAMES.index(text[1]) * 8 + RANK_NAMES.index(text[0])


def parse_cards(text: str) -> list[int]:
    """'JC QH 9D' -> [11, 4, 17]."""
    return [parse_card(t) for t in text.split()]


def is_left_bower(card: int, trump: int) -> bool:
    """R5.1 the jack of the same-colour suit."""
    return rank_of(card) == JACK and suit_of(card) == same_colour(trump)


def is_right_bower(card: int, trump: int) -> bool:
    """R5.1 the jack of trump."""
    return rank_of(card) == JACK and suit_of(card) == trump


def effective_suit(card: int, trump: int) -> int:
    """R5.2, R5.3: the left bower belongs to trump, not to its printed suit."""
    if is_left_bower(card, trump):
        return trump
    return suit_of(card)


def is_trump(card: int, trump: int) -> bool:
    return effective_suit(card, trump) == trump


def trick_power(card: int, trump: int, led_suit: int) -> int:
    """Strength of a card in a trick; a higher number wins (R7.3).

    Trumps (R5.1, R5.4): right bower 21, left bower 20, then A K Q T 9 8 as 16 15 14 12 11 10.
    Cards of the suit led (R1.4, A K Q J T 9 8): 6 .. 0. Any other card: -1 (cannot win).
    """
    if is_right_bower(card, trump):
        return 21
    if is_left_bower(card, trump):
        return 20
    if suit_of(card) == trump:
        return 10 + rank_of(card)
    if suit_of(card) == led_suit:
        return rank_of(card)
    return -1


def action_text(action: int, phase: str) -> str:
    """The R11 / RECORD.md word for an action in a phase (without the seat)."""
    if phase in (ROUND1, ROUND2) and action == PASS:
        return "pass"
    if phase == ROUND1 and action == ORDER:
        return "order"
    if phase == ROUND2 and TRUMP_BASE <= action < TRUMP_BASE + 4:
        return "trump:" + SUIT_NAMES[action - TRUMP_BASE]
    if phase == EXCHANGE and action in ALL_CARDS:
        return "discard:" + card_name(action)
    if phase == CALL and action == ALONE:
        return "alone"
    if phase == CALL and action in ALL_CARDS:
        return "call:" + card_name(action)
    if phase == PLAY and action in ALL_CARDS:
        return card_name(action)
    raise ValueError(f"action {action} means nothing in phase {phase}")


def parse_event(text: str) -> tuple[int, int]:
    """RECORD.md event 'SEAT:ACTION' -> (seat, action id). The text alone fixes the id."""
    seat_text, _, word = text.partition(":")
    if seat_text not in ("0", "1", "2", "3", "4") or not word:
        raise ValueError(f"not an event: {text!r}")
    seat = int(seat_text)
    if word == "pass":
        return seat, PASS
    if word == "order":
        return seat, ORDER
    if word == "alone":
        return seat, ALONE
    if word.startswith("trump:") and word[6:] in ("H", "C", "D", "S"):
        return seat, TRUMP_BASE + SUIT_NAMES.index(word[6:])
    if word.startswith("discard:"):
        return seat, parse_card(word[8:])
    if word.startswith("call:"):
        return seat, parse_card(word[5:])
    return seat, parse_card(word)


DealFn = Callable[[int], tuple[Sequence[Sequence[int]], int, Sequence[int]]]


class RefGame:
    """One game of five-handed Euchre: deals until a total reaches 10 (R9)."""

    def __init__(self, first_dealer: int, deal: DealFn):
        if first_dealer not in range(NUM_SEATS):
            raise ValueError("first_dealer must be a seat 0..4")
        self._deal_fn = deal
        self._dealer = first_dealer  # R2.3

        # public, read-only
        self.totals: list[int] = [0] * NUM_SEATS  # R8.4 totals start at 0
        self.deals: list[dict] = []
        self.deal_events: list[list[str]] = []  # per finished deal, "SEAT:ACTION" texts
        self.over: bool = False
        self.end: str | None = None

        self._k = 0  # index of the current deal
        self._start_deal()

    # ------------------------------------------------------------------
    # public interface
    # ------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        if self.over:
            return None
        return self._turn

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def dealer(self) -> int:
        return self._dealer

    def legal_actions(self) -> list[int]:
        if self.over:
            return []
        if self._phase == ROUND1:
            return self._legal_round1()
        if self._phase == EXCHANGE:
            return self._legal_exchange()
        if self._phase == ROUND2:
            return self._legal_round2()
        if self._phase == CALL:
            return self._legal_call()
        if self._phase == PLAY:
            return self._legal_play()
        raise AssertionError("unknown phase")

    def apply(self, action: int) -> None:
        if self.over:
            raise ValueError("the game is over")
        legal = self.legal_actions()
        if action not in legal:
            raise ValueError(
                f"illegal action {action} for seat {self._turn} in {self._phase}; legal: {legal}"
            )
        action = int(action)
        self.events.append(f"{self._turn}:{action_text(action, self._phase)}")
        if self._phase == ROUND1:
            self._apply_round1(action)
        elif self._phase == EXCHANGE:
            self._apply_exchange(action)
        elif self._phase == ROUND2:
            self._apply_round2(action)
        elif self._phase == CALL:
            self._apply_call(action)
        else:
            self._apply_play(action)

    def results(self) -> tuple[list[int], list[float]]:
        """R9.3 ranks and win shares; only once the game is over."""
        if not self.over:
            raise ValueError("the game is not over")
        # R9.3 rank = 1 + the number of seats with a strictly higher total
        ranks = [1 + sum(1 for u in self.totals if u > t) for t in self.totals]
        # R9.2, R9.3 equal highest totals share the win, 1/k each
        high = max(self.totals)
        k = self.totals.count(high)
        shares = [1.0 / k if t == high else 0.0 for t in self.totals]
        return ranks, shares

    def hand(self, seat: int) -> list[int]:
        """The seat's current hand, sorted (after the exchange for the dealer)."""
        return sorted(self._hands[seat])

    # ------------------------------------------------------------------
    # the deal (R3)
    # ------------------------------------------------------------------
    def _start_deal(self) -> None:
        hands, up, kitty = self._deal_fn(self._k)  # R3.1 the caller shuffles
        hands, up, kitty = self._check_deal(hands, up, kitty)
        self._dealt: list[list[int]] = [list(h) for h in hands]  # as dealt, never changed
        self._hands: list[list[int]] = [list(h) for h in hands]  # current hands
        self._up = up  # R3.3 the up card, seen by all
        self._kitty = kitty  # R3.3 face down, never seen
        self._discard: int | None = None  # R4.2
        self._trump: int | None = None
        self._maker: int | None = None
        self._round: int | None = None
        self._called: int | None = None
        self._partner: int | None = None
        self._tricks = [0] * NUM_SEATS
        self._trick: list[tuple[int, int]] = []  # (seat, card) in play order
        self._tricks_played = 0
        self.events: list[str] = []  # this deal's events so far
        # R4.1 round 1 starts left of the dealer
        self._phase = ROUND1
        self._turn = self._left_of_dealer()
        self._bids = 0

    @staticmethod
    def _check_deal(hands, up, kitty) -> tuple[list[list[int]], int, list[int]]:
        hands = [[int(c) for c in h] for h in hands]
        up = int(up)
        kitty = [int(c) for c in kitty]
        if len(hands) != NUM_SEATS or any(len(h) != 5 for h in hands):
            raise ValueError("deal must give 5 hands of 5 cards")  # R3.2
        if len(kitty) != 2:
            raise ValueError("deal must give a kitty of 2 cards")  # R3.3
        cards = [c for h in hands for c in h] + [up] + kitty
        if sorted(cards) != ALL_CARDS:
            raise ValueError("deal must use the 28 cards once each")  # R1.1
        return hands, up, kitty

    def _left_of_dealer(self) -> int:
        return (self._dealer + 1) % NUM_SEATS  # R2.2

    def _next(self, seat: int) -> int:
        return (seat + 1) % NUM_SEATS  # R2.2 clockwise

    def _holder_of(self, card: int) -> int | None:
        for seat in range(NUM_SEATS):
            if card in self._hands[seat]:
                return seat
        return None  # R3.4 buried: kitty, discard or turned-down up card

    # ------------------------------------------------------------------
    # making trump (R4)
    # ------------------------------------------------------------------
    def _legal_round1(self) -> list[int]:
        return [PASS, ORDER]  # R4.1, R11.1: everybody, the dealer too, may order

    def _apply_round1(self, action: int) -> None:
        seat = self._turn
        self._bids += 1
        if action == ORDER:
            # R4.1 the first to order is the maker; the up card's suit is trump
            self._make_trump(seat, suit_of(self._up), 1)
            # R4.2 at once the dealer exchanges (whoever ordered)
            self._phase = EXCHANGE
            self._turn = self._dealer
            return
        if self._bids == NUM_SEATS:
            # R4.3 all five passed: the up card is turned down, round 2 from the dealer's left
            self._phase = ROUND2
            self._bids = 0
            self._turn = self._left_of_dealer()
            return
        self._turn = self._next(seat)

    def _legal_exchange(self) -> list[int]:
        # R4.2, R11.2 one of his five dealt cards or the up card (= no exchange)
        return sorted(self._dealt[self._dealer] + [self._up])

    def _apply_exchange(self, card: int) -> None:
        # R4.2 the dealer takes the up card and discards one of his six cards face down
        six = self._dealt[self._dealer] + [self._up]
        six.remove(card)
        self._hands[self._dealer] = six
        self._discard = card  # R3.4 buried with the kitty
        self._start_call()

    def _legal_round2(self) -> list[int]:
        # R4.3 a suit other than the up card's
        names = [TRUMP_BASE + s for s in range(4) if s != suit_of(self._up)]
        if self._turn == self._dealer:
            return names  # R4.4 stick the dealer: the first four passed, he may not pass
        return [PASS] + names  # R11.3

    def _apply_round2(self, action: int) -> None:
        seat = self._turn
        self._bids += 1
        if action == PASS:
            self._turn = self._next(seat)  # R4.3 the dealer is last, and cannot pass (R4.4)
            return
        # R4.3 the first to name a suit is the maker; no exchange in round 2
        self._make_trump(seat, action - TRUMP_BASE, 2)
        self._start_call()

    def _make_trump(self, maker: int, trump: int, bidding_round: int) -> None:
        self._maker = maker
        self._trump = trump  # R4.5 fixed for the whole deal
        self._round = bidding_round

    # ------------------------------------------------------------------
    # the call (R6)
    # ------------------------------------------------------------------
    def _start_call(self) -> None:
        # R6.1 once trump is made (in round 1 after the discard) the maker calls
        self._phase = CALL
        self._turn = self._maker

    def _callable_cards(self) -> list[int]:
        # R6.2 a non-trump card (the left bower is trump, R5.2), not in the maker's dealt hand,
        # not the up card
        return [
            c
            for c in ALL_CARDS
            if not is_trump(c, self._trump) and c not in self._dealt[self._maker] and c != self._up
        ]

    def _legal_call(self) -> list[int]:
        return sorted(self._callable_cards() + [ALONE])  # R6.1, R11.4

    def _apply_call(self, action: int) -> None:
        if action == ALONE:
            self._called = None  # R6.1 alone by choice
            self._partner = None
        else:
            self._called = action
            # R6.3 the holder of the called card after the exchange; R6.4 buried -> alone
            self._partner = self._holder_of(action)
        # R7.1 the player left of the dealer leads the first trick, whoever the maker is
        self._phase = PLAY
        self._turn = self._left_of_dealer()

    # ------------------------------------------------------------------
    # play of the tricks (R7)
    # ------------------------------------------------------------------
    def _legal_play(self) -> list[int]:
        hand = self._hands[self._turn]
        if not self._trick:
            return sorted(hand)  # the leader may lead any card
        led = effective_suit(self._trick[0][1], self._trump)  # R5.3
        following = [c for c in hand if effective_suit(c, self._trump) == led]
        if following:
            return sorted(following)  # R7.2 follow the suit led if you can
        return sorted(hand)  # R7.2 otherwise any card; no obligation to trump

    def _apply_play(self, card: int) -> None:
        seat = self._turn
        self._hands[seat].remove(card)
        self._trick.append((seat, card))
        if len(self._trick) < NUM_SEATS:
            self._turn = self._next(seat)  # R7.1 clockwise from the leader
            return
        winner = self._trick_winner()
        self._tricks[winner] += 1
        self._tricks_played += 1
        self._trick = []
        if self._tricks_played == 5:
            self._finish_deal()  # R7.1 five tricks
            return
        self._turn = winner  # R7.4 the winner leads the next trick

    def _trick_winner(self) -> int:
        # R7.3 highest trump, else highest card of the suit led (R1.4, R5.1, R5.4)
        led = effective_suit(self._trick[0][1], self._trump)
        seat, _ = max(self._trick, key=lambda sc: trick_power(sc[1], self._trump, led))
        return seat

    # ------------------------------------------------------------------
    # scoring (R8) and the end (R9)
    # ------------------------------------------------------------------
    def _deal_points(self) -> list[int]:
        maker, partner = self._maker, self._partner
        attackers = [maker] if partner is None else [maker, partner]  # R6.5
        defenders = [s for s in range(NUM_SEATS) if s not in attackers]
        won = sum(self._tricks[s] for s in attackers)  # R8.1 attackers' tricks
        points = [0] * NUM_SEATS
        if partner is not None:
            # R8.2 with a partner: 5 -> 2 each attacker; 3-4 -> 1; 1-2 -> 2 each defender; 0 -> 4
            if won == 5:
                attack, defence = 2, 0
            elif won >= 3:
                attack, defence = 1, 0
            elif won >= 1:
                attack, defence = 0, 2
            else:
                attack, defence = 0, 4
        else:
            # R8.3 alone (by choice or forced, R6.4): 5 -> 5; 3-4 -> 1; 1-2 -> 2 each of the
            # four defenders; 0 -> 4
            if won == 5:
                attack, defence = 5, 0
            elif won >= 3:
                attack, defence = 1, 0
            elif won >= 1:
                attack, defence = 0, 2
            else:
                attack, defence = 0, 4
        for s in attackers:
            points[s] = attack  # R8.1, R8.5 all members of a side score the same
        for s in defenders:
            points[s] = defence
        return points

    def _finish_deal(self) -> None:
        points = self._deal_points()
        for s in range(NUM_SEATS):
            self.totals[s] += points[s]  # R9.1 points added to the totals
        self.deals.append(
            {
                "dealer": self._dealer,
                "trump": self._trump,
                "maker": self._maker,
                "called": self._called,
                "partner": self._partner,
                "round": self._round,
                "tricks": list(self._tricks),
                "points": points,
                "totals": list(self.totals),
            }
        )
        self.deal_events.append(self.events)
        if max(self.totals) >= TARGET:
            # R9.1, R9.5 the game ends after the deal in which a total reaches 10
            self.over = True
            self.end = "reached-10"
            self._phase = OVER
            self._turn = None
            return
        self._dealer = self._next(self._dealer)  # R2.3 the deal passes left
        self._k += 1
        self._start_deal()
