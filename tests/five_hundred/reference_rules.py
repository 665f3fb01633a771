"""Independent, slow, plain-Python reference implementation of Five Hundred (`five-hundred`).

Written only from /work/shared/games/five-hundred/RULES.md (R1-R11), RECORD.md and NOTES.md,
to cross-check the numba engine in a differential test. Clarity over speed: one class,
`RefGame`, that reads like the rules. Rule numbers are cited as `# R6.2`.

Encodings (shared with the engine):
  * suit index H=0 C=1 D=2 S=3 (R1.2 order); the same-colour suit (R1.3) is suit ^ 2
    (H<->D, C<->S). Rank index in R1.2 order 4 5 6 7 8 9 T J Q K A = 0..10.
  * card id = suit * 11 + rank, the joker JK = 44. 4C (11) and 4S (33) do not exist (R1.1),
    so the 43 valid ids are 0..44 without 11 and 33. 4H = 0, AH = 10, 5C = 12, JC = 18,
    4D = 22, JD = 29, AS = 43.
  * strain index C=0 D=1 H=2 S=3 NT=4 (R4.3, lowest to highest).
  * actions are relative to the phase (`RefGame.phase`), all in 0..63:
      - "auction": bid id = 5 * (tricks - 6) + strain, 0..24, so a higher id is a higher
        bid (R4.4): 0 = 6C, 4 = 6NT, 7 = 7H, 24 = 10NT. PASS = 25.
      - "discard": the card id (0..44) of the card discarded (R6.1), one card per action,
        three actions in a row by the contractor.
      - "play": the card id (0..44) of the card played (R7); the joker is 44 (`JK`) except
        when it leads a trick in no trumps: then 45 + suit named, 45..48 = `JK=H`, `JK=C`,
        `JK=D`, `JK=S` (R8.2), and 44 is not a legal lead there.
  * seats 0..3, next player = (seat + 1) % 4 (R2.2); team of a seat = seat % 2 (R2.1).
  * `totals`, `tricks` and `points` are per team [team 0, team 1]; `ranks` and `win_share`
    are per seat (R10.6), None until the game is over.

Readings taken here where RULES.md leaves room (keep in sync with the report):
  * R4.5/R4.6: a player still in the auction may bid again when his turn comes, and may
    overcall his partner. The auction ends the moment a bid stands and three players have
    passed: the dealer's bid after three passes ends it at once; after a 10NT bid only the
    players not yet out are asked (each can only pass).
  * R6.1: the three discards are three actions, each from the contractor's current cards
    (13, then 12, then 11), in the order chosen; any card may go. The contractor then leads.
  * R7.2/R8.3: a player "shows void" in the suit to be followed (the led card's effective
    suit, or the suit named by `JK=X`) when he plays a card of another effective suit to that
    trick, the no-trump joker included; the leader never shows void. Voids are tracked in
    every contract but matter only for naming the joker's suit in no trumps.
  * R8.2: in no trumps a joker lead must name a suit (45..48); plain 44 is then illegal as a
    lead. In a trump contract 45..48 never occur. The named suit is the suit to follow.
  * R10.1/R10.2: after each deal, if any team total is >= 500 the game ends `reached-500`;
    if both are, the contractors' team wins whatever the totals. Only then R10.3: a total
    <= -500 loses (`minus-500`). Then R10.4: after the 200th deal (k = 199, thrown-in deals
    included) the higher total wins, equal totals tie (`deal-cap`); `winner` is None on a tie.
  * `deal(k)` returns (four hands of 10 card ids for seats 0..3, a kitty of 3 card ids) using
    the 43 cards once each, else ValueError. It is called once, when deal k starts, never
    after the deal that ends the game (R10.5). `random_deal(rng, dealer)` gives one such deal
    from a uniform shuffle, dealt in R3.2's packets from the dealer's left; `random_deals(rng,
    first_dealer)` is a ready `deal(k)` made of them.
  * Once the game is over, to_act is None, legal_actions() is [] and apply() raises
    ValueError; the state of the last deal (hands, played cards) stays readable.
  * `deals[k]` holds RECORD.md's deal fields except `events`: dealer, hands (as dealt,
    sorted ids), kitty (sorted ids), contractor (seat or None), bid (bid id or None; see
    bid_text), tricks, points, totals. The events of each finished deal are kept apart in
    `deal_events` (parallel to `deals`), as RECORD.md texts them: "SEAT:ACTION".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

# --- encodings -------------------------------------------------------------
SUIT_NAMES = "HCDS"  # R1.2
RANK_NAMES = "456789TJQKA"  # R1.2 and R1.4, weakest to strongest in a plain suit
HEARTS, CLUBS, DIAMONDS, SPADES = 0, 1, 2, 3
FOUR, JACK = 0, 7
JOKER = 44
NO_SUIT = 4  # the joker's effective suit in no trumps: no plain suit (R8.1)
NUM_SEATS = 4
ALL_CARDS = [s * 11 + r for s in range(4) for r in range(11)]
ALL_CARDS = [c for c in ALL_CARDS if c not in (CLUBS * 11 + FOUR, SPADES * 11 + FOUR)]
ALL_CARDS.append(JOKER)  # R1.1: 43 cards, no black fours

STRAIN_NAMES = ["C", "D", "H", "S", "NT"]  # R4.3, lowest to highest
STRAIN_TRUMP = [CLUBS, DIAMONDS, HEARTS, SPADES, None]  # None = no trumps
NO_TRUMPS = 4
NUM_BIDS = 25  # R4.4: 6C .. 10NT
PASS = 25
JOKER_LEAD = 45  # 45 + named suit (R8.2)

TARGET = 500  # R10.1
FLOOR = -500  # R10.3
DEAL_CAP = 200  # R10.4

AUCTION, DISCARD, PLAY, OVER = "auction", "discard", "play", "over"


# --- cards -----------------------------------------------------------------
def suit_of(card: int) -> int:
    """Printed suit of a card other than the joker."""
    return card // 11


def rank_of(card: int) -> int:
    return card % 11


def same_colour(suit: int) -> int:
    """R1.3 the other suit of the same colour: H<->D, C<->S."""
    return suit ^ 2


def card_name(card: int) -> str:
    """R1.2 notation, e.g. 'TD', 'JK'."""
    if card == JOKER:
        return "JK"
    return RANK_NAMES[rank_of(card)] + SUIT_NAMES[suit_of(card)]


def parse_card(text: str) -> int:
    """'TD' -> card id (R1.2); ValueError for anything that is not one of the 43 cards."""
    if text == "JK":
        return JOKER
    if len(text) != 2 or text[0] not in RANK_NAMES or text[1] not in SUIT_NAMES:
        raise ValueError(f"not a card: {text!r}")
    card = SUIT_NAMES.index(text[1]) * 11 + RANK_NAMES.index(text[0])
    if card not in ALL_CARDS:
        raise ValueError(f"not a card: {text!r}")  # R1.1 no black fours
    return card


def parse_cards(text: str) -> list[int]:
    """'JC QH 9D' -> [18, 8, 27]."""
    return [parse_card(t) for t in text.split()]


def is_right_bower(card: int, trump: int | None) -> bool:
    """R1.3 the jack of trumps."""
    return trump is not None and card != JOKER and card == trump * 11 + JACK


def is_left_bower(card: int, trump: int | None) -> bool:
    """R1.3 the jack of the other suit of the trumps' colour."""
    return trump is not None and card != JOKER and card == same_colour(trump) * 11 + JACK


def effective_suit(card: int, trump: int | None) -> int:
    """R1.5: with trumps the joker and the left bower are trumps; in no trumps (trump None)
    the joker is in no plain suit (R8.1) and every jack keeps its suit (R1.4)."""
    if card == JOKER:
        return NO_SUIT if trump is None else trump
    if is_left_bower(card, trump):
        return trump
    return suit_of(card)


def is_trump(card: int, trump: int | None) -> bool:
    """R1.5, R8.1: in no trumps the joker is the only trump."""
    if card == JOKER:
        return True
    return trump is not None and effective_suit(card, trump) == trump


def trick_power(card: int, trump: int | None, to_follow: int) -> int:
    """Strength of a card in a trick whose suit to follow is `to_follow`; higher wins (R7.4).

    Joker 40 (R1.3, R8.1), right bower 39, left bower 38, other trumps 20 + rank
    (A K Q T 9 .. 4); cards of the suit to follow: their rank (A K Q J T .. 4, R1.4);
    any other card -1: it cannot win.
    """
    if card == JOKER:
        return 40
    if is_right_bower(card, trump):
        return 39
    if is_left_bower(card, trump):
        return 38
    if trump is not None and suit_of(card) == trump:
        return 20 + rank_of(card)
    if suit_of(card) == to_follow:
        return rank_of(card)
    return -1


# --- bids ------------------------------------------------------------------
def bid_tricks(bid: int) -> int:
    return 6 + bid // 5  # R4.4


def bid_strain(bid: int) -> int:
    return bid % 5  # R4.3


def bid_value(bid: int) -> int:
    """R5.2 value = 100 x (tricks - 6) + 40 + 20 x p, p the strain's rank position."""
    return 100 * (bid_tricks(bid) - 6) + 40 + 20 * bid_strain(bid)


def bid_text(bid: int) -> str:
    """RECORD.md spelling of a bid: '7H', '10NT'."""
    return f"{bid_tricks(bid)}{STRAIN_NAMES[bid_strain(bid)]}"


def parse_bid(text: str) -> int:
    """'7H' -> 7; exactly RECORD.md's spelling, nothing else."""
    for bid in range(NUM_BIDS):
        if bid_text(bid) == text:
            return bid
    raise ValueError(f"not a bid: {text!r}")


# --- action words (RECORD.md) ------------------------------------------------
def action_text(action: int, phase: str) -> str:
    """The RECORD.md word for an action id in a phase (without the seat)."""
    if phase == AUCTION and action == PASS:
        return "pass"
    if phase == AUCTION and 0 <= action < NUM_BIDS:
        return "bid:" + bid_text(action)
    if phase == DISCARD and action in ALL_CARDS:
        return "discard:" + card_name(action)
    if phase == PLAY and action in ALL_CARDS:
        return card_name(action)
    if phase == PLAY and JOKER_LEAD <= action < JOKER_LEAD + 4:
        return "JK=" + SUIT_NAMES[action - JOKER_LEAD]
    raise ValueError(f"action {action} means nothing in phase {phase}")


def parse_action(text: str, phase: str) -> int:
    """The RECORD.md word of an action (without the seat) -> its id in that phase."""
    if phase == AUCTION:
        if text == "pass":
            return PASS
        if text.startswith("bid:"):
            return parse_bid(text[4:])
    elif phase == DISCARD:
        if text.startswith("discard:"):
            return parse_card(text[8:])
    elif phase == PLAY:
        if len(text) == 4 and text.startswith("JK=") and text[3] in SUIT_NAMES:
            return JOKER_LEAD + SUIT_NAMES.index(text[3])
        return parse_card(text)
    raise ValueError(f"not an action of phase {phase}: {text!r}")


# --- deals -----------------------------------------------------------------
DealFn = Callable[[int], tuple[Sequence[Sequence[int]], Sequence[int]]]


def random_deal(rng, dealer: int = 0) -> tuple[list[list[int]], list[int]]:
    """One deal from a fresh uniform shuffle, dealt as R3.2 says: from the dealer's left,
    packets of 3 to each player, 3 to the kitty, 4 to each player, 3 to each player.
    `rng` is a random.Random (or anything with .shuffle(list))."""
    pack = list(ALL_CARDS)
    rng.shuffle(pack)
    hands: list[list[int]] = [[] for _ in range(NUM_SEATS)]
    kitty: list[int] = []
    order = [(dealer + 1 + i) % NUM_SEATS for i in range(NUM_SEATS)]  # R3.2 from the left
    for packet, to_kitty in ((3, True), (4, False), (3, False)):
        for seat in order:
            hands[seat] += [pack.pop() for _ in range(packet)]
        if to_kitty:
            kitty += [pack.pop() for _ in range(3)]
    return hands, kitty


def random_deals(rng, first_dealer: int) -> DealFn:
    """A `deal(k)` for RefGame: deal k is a fresh random_deal by seat first_dealer + k."""
    return lambda k: random_deal(rng, (first_dealer + k) % NUM_SEATS)


class RefGame:
    """One game of Five Hundred: deals until a team reaches 500 or -500, or 200 deals (R10)."""

    def __init__(self, first_dealer: int, deal: DealFn):
        if first_dealer not in range(NUM_SEATS):
            raise ValueError("first_dealer must be a seat 0..3")
        self._deal_fn = deal
        self._dealer = first_dealer  # R2.3

        # public, read-only
        self.totals: list[int] = [0, 0]  # per team
        self.deals: list[dict] = []
        self.deal_events: list[list[str]] = []  # per finished deal, "SEAT:ACTION" texts
        self.over: bool = False
        self.end: str | None = None
        self.winner: int | None = None  # winning team; None while playing or on a tie
        self.ranks: list[int] | None = None
        self.win_share: list[float] | None = None

        self._k = 0  # index of the current deal
        self._start_deal()

    # ------------------------------------------------------------------
    # public interface
    # ------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return None if self.over else self._turn

    @property
    def phase(self) -> str:
        return OVER if self.over else self._phase

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def contractor(self) -> int | None:
        return self._contractor

    @property
    def contract(self) -> int | None:
        """The standing (highest) bid during the auction, then the contract."""
        return self._high_bid

    @property
    def trump(self) -> int | None:
        """Trump suit of the contract, None in no trumps or before the contract."""
        if self._high_bid is None:
            return None
        return STRAIN_TRUMP[bid_strain(self._high_bid)]

    def hand(self, seat: int) -> list[int]:
        """The seat's current cards, sorted (13 for the contractor during the exchange)."""
        return sorted(self._hands[seat])

    @property
    def kitty(self) -> list[int]:
        """The kitty while it lies in the centre ([] once the contractor took it)."""
        return sorted(self._kitty)

    @property
    def discards(self) -> list[int]:
        return list(self._discards)

    @property
    def played(self) -> list[int]:
        """Every card played to a trick in this deal, the current trick included."""
        return list(self._played)

    @property
    def tricks(self) -> list[int]:
        """Tricks taken so far in this deal per team."""
        return list(self._tricks)

    def shown_void(self, seat: int) -> set[int]:
        """Suits in which the seat has shown void in this deal (R7.2, R8.3, R11.3)."""
        return set(self._voids[seat])

    @property
    def events(self) -> list[str]:
        """This deal's events so far, "SEAT:ACTION"."""
        return list(self._events)

    def action_text(self, action: int) -> str:
        return action_text(action, self.phase)

    def parse_action(self, text: str) -> int:
        return parse_action(text, self.phase)

    def legal_actions(self) -> list[int]:
        if self.over:
            return []
        if self._phase == AUCTION:
            return self._legal_auction()
        if self._phase == DISCARD:
            return sorted(self._hands[self._turn])  # R6.1 any of his cards
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
        self._events.append(f"{self._turn}:{action_text(action, self._phase)}")
        if self._phase == AUCTION:
            self._apply_auction(action)
        elif self._phase == DISCARD:
            self._apply_discard(action)
        else:
            self._apply_play(action)

    def results(self) -> tuple[list[int], list[float]]:
        """R10.6 ranks and win shares per seat; only once the game is over."""
        if not self.over:
            raise ValueError("the game is not over")
        return list(self.ranks), list(self.win_share)

    # ------------------------------------------------------------------
    # the deal (R3)
    # ------------------------------------------------------------------
    def _start_deal(self) -> None:
        hands, kitty = self._check_deal(*self._deal_fn(self._k))  # R3.2 the caller shuffles
        self._dealt = [sorted(h) for h in hands]  # as dealt, never changed
        self._dealt_kitty = sorted(kitty)
        self._hands: list[list[int]] = [list(h) for h in hands]
        self._kitty: list[int] = list(kitty)  # R3.2 face down in the centre
        self._discards: list[int] = []
        self._passed: set[int] = set()
        self._high_bid: int | None = None
        self._contractor: int | None = None
        self._trick: list[tuple[int, int]] = []  # (seat, card) in play order
        self._to_follow: int | None = None  # suit to follow in the current trick
        self._played: list[int] = []
        self._tricks = [0, 0]
        self._voids: list[set[int]] = [set() for _ in range(NUM_SEATS)]
        self._events: list[str] = []
        # R4.1 the eldest (dealer's left) calls first
        self._phase = AUCTION
        self._turn = self._next(self._dealer)

    @staticmethod
    def _check_deal(hands, kitty) -> tuple[list[list[int]], list[int]]:
        hands = [[int(c) for c in h] for h in hands]
        kitty = [int(c) for c in kitty]
        if len(hands) != NUM_SEATS or any(len(h) != 10 for h in hands):
            raise ValueError("deal must give 4 hands of 10 cards")  # R3.2
        if len(kitty) != 3:
            raise ValueError("deal must give a kitty of 3 cards")  # R3.2
        if sorted(kitty + [c for h in hands for c in h]) != ALL_CARDS:
            raise ValueError("deal must use the 43 cards once each")  # R1.1
        return hands, kitty

    @staticmethod
    def _next(seat: int) -> int:
        return (seat + 1) % NUM_SEATS  # R2.2 clockwise, the player on the left

    # ------------------------------------------------------------------
    # the auction (R4)
    # ------------------------------------------------------------------
    def _legal_auction(self) -> list[int]:
        # R4.4 a bid must be higher than the bid before it; R4.1 a pass is always a call
        lowest = 0 if self._high_bid is None else self._high_bid + 1
        return list(range(lowest, NUM_BIDS)) + [PASS]

    def _apply_auction(self, action: int) -> None:
        seat = self._turn
        if action == PASS:
            self._passed.add(seat)  # R4.5 out of the auction for this deal
        else:
            self._high_bid = action
            self._contractor = seat  # the last (highest) bidder so far
        if len(self._passed) == NUM_SEATS:
            self._finish_deal()  # R4.7 all four passed: thrown in
            return
        if self._high_bid is not None and len(self._passed) == NUM_SEATS - 1:
            self._start_exchange()  # R4.6 a bid stands and the three others have passed
            return
        nxt = self._next(seat)
        while nxt in self._passed:
            nxt = self._next(nxt)  # R4.5 passed players are skipped
        self._turn = nxt

    # ------------------------------------------------------------------
    # the kitty (R6)
    # ------------------------------------------------------------------
    def _start_exchange(self) -> None:
        # R6.1 the contractor adds the kitty to his hand (13 cards), in every contract
        self._hands[self._contractor] += self._kitty
        self._kitty = []
        self._phase = DISCARD
        self._turn = self._contractor

    def _apply_discard(self, card: int) -> None:
        self._hands[self._contractor].remove(card)
        self._discards.append(card)  # R6.2 out of play, worth nothing
        if len(self._discards) == 3:
            # R7.1 the contractor leads the first trick
            self._phase = PLAY
            self._turn = self._contractor

    # ------------------------------------------------------------------
    # play of the tricks (R7, R8)
    # ------------------------------------------------------------------
    def _legal_play(self) -> list[int]:
        seat, trump = self._turn, self.trump
        hand = self._hands[seat]
        if not self._trick:
            if trump is None and JOKER in hand:
                # R8.2 the no-trump joker leads naming a suit; R8.3 not one he showed void in
                named = [JOKER_LEAD + s for s in range(4) if s not in self._voids[seat]]
                assert named, "R8.3 the leader always has a suit left"
                return sorted(c for c in hand if c != JOKER) + named
            return sorted(hand)  # R7.1 any card may lead
        # R7.2, R7.3, R8.1 follow the effective suit if you can, else play any card
        following = [c for c in hand if effective_suit(c, trump) == self._to_follow]
        return sorted(following) if following else sorted(hand)

    def _apply_play(self, action: int) -> None:
        seat, trump = self._turn, self.trump
        card = JOKER if action >= JOKER_LEAD else action
        if not self._trick:
            if action >= JOKER_LEAD:
                self._to_follow = action - JOKER_LEAD  # R8.2 the named suit is followed
            else:
                self._to_follow = effective_suit(card, trump)  # R1.5
        elif effective_suit(card, trump) != self._to_follow:
            self._voids[seat].add(self._to_follow)  # R7.2 he has shown void
        self._hands[seat].remove(card)
        self._trick.append((seat, card))
        self._played.append(card)
        if len(self._trick) < NUM_SEATS:
            self._turn = self._next(seat)  # R7.1 each trick goes clockwise from its leader
            return
        winner = self._trick_winner()
        self._tricks[winner % 2] += 1
        self._trick = []
        if sum(self._tricks) == 10:
            self._finish_deal()  # R7.1 all 10 tricks are played
            return
        self._turn = winner  # R7.1 the winner leads the next trick

    def _trick_winner(self) -> int:
        # R7.4, R8.1 the highest trump, else the highest card of the suit led (or named)
        seat, _ = max(self._trick, key=lambda sc: trick_power(sc[1], self.trump, self._to_follow))
        return seat

    # ------------------------------------------------------------------
    # scoring (R9) and the end (R10)
    # ------------------------------------------------------------------
    def _deal_points(self) -> list[int]:
        if self._contractor is None:
            return [0, 0]  # R9.4 thrown in
        attack = self._contractor % 2
        defence = 1 - attack
        points = [0, 0]
        value = bid_value(self._high_bid)  # R5.2
        if self._tricks[attack] >= bid_tricks(self._high_bid):
            points[attack] = value  # R9.1 made: the bid's value, nothing else (R9.3)
        else:
            points[attack] = -value  # R9.1 set back
        points[defence] = 10 * self._tricks[defence]  # R9.2 made or not
        return points

    def _finish_deal(self) -> None:
        points = self._deal_points()
        for team in (0, 1):
            self.totals[team] += points[team]
        self.deals.append(
            {
                "dealer": self._dealer,
                "hands": [list(h) for h in self._dealt],
                "kitty": list(self._dealt_kitty),
                "contractor": self._contractor,
                "bid": self._high_bid,
                "tricks": list(self._tricks),
                "points": points,
                "totals": list(self.totals),
            }
        )
        self.deal_events.append(list(self._events))
        reached = [team for team in (0, 1) if self.totals[team] >= TARGET]
        if len(reached) == 2:
            self._end_game("reached-500", self._contractor % 2)  # R10.2 the contractors win
        elif reached:
            self._end_game("reached-500", reached[0])  # R10.1 as contractors or defenders
        elif min(self.totals) <= FLOOR:
            loser = 0 if self.totals[0] <= FLOOR else 1
            self._end_game("minus-500", 1 - loser)  # R10.3 out the back door
        elif len(self.deals) == DEAL_CAP:
            # R10.4 the higher total wins, equal totals tie
            if self.totals[0] == self.totals[1]:
                self._end_game("deal-cap", None)
            else:
                self._end_game("deal-cap", 0 if self.totals[0] > self.totals[1] else 1)
        else:
            self._dealer = self._next(self._dealer)  # R3.1 the deal passes to the left
            self._k += 1
            self._start_deal()

    def _end_game(self, reason: str, winner: int | None) -> None:
        # R10.5 the game ends at once; R10.6 partners share their team's result
        self.over = True
        self.end = reason
        self.winner = winner
        self._phase = OVER
        self._turn = None
        if winner is None:
            self.ranks = [1, 1, 1, 1]
            self.win_share = [0.25] * NUM_SEATS
        else:
            self.ranks = [1 if s % 2 == winner else 2 for s in range(NUM_SEATS)]
            self.win_share = [0.5 if s % 2 == winner else 0.0 for s in range(NUM_SEATS)]
