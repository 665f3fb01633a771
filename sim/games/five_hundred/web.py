"""Five Hundred's own parts of a seat's view in the browser (:mod:`sim.web.views`, ``docs/web.md``).

Everything here is read from the public slots of the state (``state[:PUB_SIZE]``) and from
the public part of the game's history: the calls and the cards played in this deal (R11.2;
never a discard, whose card is the contractor's secret, R11.1) and the outcome of the deals
that ended. The kitty, the discards and every hand stay out, so a view built from it can
hold no card that is not already on the table; the only seat-specific field, ``you``, says
which team the seat is on, which is public too.

``prompt`` asks for an ``action`` in the auction (every call is one) and for a ``card``
otherwise. The default ``public_text`` already writes a discard as ``discard`` (R11.1).
The moves, the bid grid and the state in words (``words``, ``controls``, ``describe``) are
:mod:`.web_words`'s; only its contractor's own panel names the kitty and his discards.
"""

from __future__ import annotations

from sim.games.five_hundred import state as S
from sim.games.five_hundred.cards import CARD_NAMES, card_name, card_text, cards_of, parse_card
from sim.games.five_hundred.game import DealResult, FiveHundredGame, parse_bid
from sim.games.five_hundred.vocab import (
    AUCTION,
    DISCARD,
    END_NAMES,
    JOKER,
    MAX_DEALS,
    N_BIDS,
    N_SEATS,
    PLAY,
    SUIT_NAMES,
    bid_tricks,
    bid_value,
)
from sim.games.five_hundred.web_words import bid_words, controls, describe, words  # noqa: F401
from sim.web.views import CardNotation, TrickSlots

PHASES = ("auction", "discard", "play", "between", "over")  # vocab's phases, by number
SEAT_FIELDS = ("you",)  # the fields that differ from seat to seat (and for a spectator)

# what the web layer reads (docs/web.md, sim.core.parts.CONTRACTS["web"])
CARDS = CardNotation(CARD_NAMES, cards_of, card_name, parse_card, card_text)
TRICK_SLOTS = TrickSlots(number=S.TRICK_NO, leader=S.LEADER, cards=S.TRICK_CARDS)
LOOKS = None  # the last trick may be seen at any time
LOOKS_RULE = None
LABEL = "Five Hundred (2 partnerships)"
SCRIPT = None  # the page's generic drawing and its list of the facts below
public_text = None  # the record's text: a discard as ``discard`` (R11.1)
taken = None
last_trick = None  # the table's, from TRICK_SLOTS
# words, controls, describe: a move, the bid grid and the state in words (web_words)


def _public(game: FiveHundredGame) -> list[int]:
    return game.state[: S.PUB_SIZE].tolist()


def _four(pub: list[int], base: int) -> list[int]:
    return pub[base : base + 4]


def call_words(text: str) -> str | None:
    """A record's call (``pass``, ``bid:7H``) in words; None for any other event."""
    if text == "pass":
        return "pass"
    if text.startswith("bid:"):
        return bid_words(parse_bid(text[4:]))
    return None


def _calls(game: FiveHundredGame) -> list[list[str]]:
    """Each seat's calls in this deal's auction, in order, in words (R11.2)."""
    calls: list[list[str]] = [[], [], [], []]
    for seat, text in game.history[-1].events if game.history else []:
        said = call_words(text)
        if said is not None:
            calls[seat].append(said)
    return calls


def _plays(game: FiveHundredGame) -> list[tuple[int, str]]:
    """The cards played in this deal, in order (a joker lead ``JK=S`` as ``JK``)."""
    plays = []
    for seat, text in game.history[-1].events if game.history else []:
        if text == "pass" or text.startswith(("bid:", "discard:")):
            continue
        plays.append((seat, text.split("=", 1)[0]))
    return plays


def _last_trick(game: FiveHundredGame, pub: list[int]) -> dict | None:
    """The last trick completed in this deal: its cards by seat, its winner (who leads now,
    or won the deal's last trick, R7.1) and its number; None before the first."""
    plays = _plays(game)
    done = len(plays) // N_SEATS
    if done == 0:
        return None
    cards: list[str | None] = [None] * N_SEATS
    for seat, card in plays[N_SEATS * (done - 1) : N_SEATS * done]:
        cards[seat] = card
    return {"cards": cards, "winner": pub[S.LEADER], "number": done}


def _deal_summary(d: DealResult) -> dict:
    """How a deal ended: only what R11.2 makes public (never its hands, kitty or discards)."""
    thrown = d.contractor is None
    made = None if thrown else d.tricks[d.contractor % 2] >= bid_tricks(d.bid)
    return {
        "number": d.number + 1,
        "dealer": d.dealer,
        "thrown_in": thrown,  # all four passed (R4.7)
        "contractor": d.contractor,
        "contract": None if thrown else bid_words(d.bid),
        "made": made,
        "team_tricks": list(d.tricks),
        "points": list(d.points),
        "totals": list(d.totals),
    }


def _last_deal(game: FiveHundredGame) -> dict | None:
    """The deal that ended last (the current one, once the game is over), or None."""
    ended = [d for d in game.history if d.points]
    return _deal_summary(ended[-1]) if ended else None


def _cards_left(pub: list[int]) -> list[int]:
    """How many cards each seat holds: 10 less those it played, and for the contractor
    during the exchange 13 less his discards so far (R3.2, R6.1)."""
    left = [10 - bin(m).count("1") for m in _four(pub, S.PLAYED_BY)]
    if pub[S.PHASE] == DISCARD:
        left[pub[S.CONTRACTOR]] += 3 - pub[S.DISCARDS]
    return left


def _you(pub: list[int], seat: int | None, settled: bool) -> dict | None:
    """The seat's team, partner and side of the contract (None for a spectator)."""
    if seat is None:
        return None
    side = None
    if settled:
        side = "contractors" if seat % 2 == pub[S.CONTRACTOR] % 2 else "defenders"
    return {"team": seat % 2, "partner": (seat + 2) % N_SEATS, "side": side}


def prompt(game: FiveHundredGame, seat: int) -> str:
    """What ``seat`` (the one to act) is asked: a call in the auction (``action``: pass or
    a bid, R4), else a card to discard or to play (``card``, ``JK=S`` included)."""
    return "action" if game.phase == AUCTION else "card"


def public_view(game: FiveHundredGame, seat: int | None) -> dict:
    """Five Hundred's parts of the view of ``seat`` (None: a spectator)."""
    pub = _public(game)
    phase, high, bidder = pub[S.PHASE], pub[S.HIGH_BID], pub[S.CONTRACTOR]
    settled = phase != AUCTION and bidder >= 0  # the auction is over and a bid stood (R4.6)
    trump = pub[S.TRUMP]
    in_trick = phase == PLAY and pub[S.TRICK_LEN] > 0
    leader = pub[S.LEADER]
    joker_led = in_trick and trump < 0 and pub[S.TRICK_CARDS + leader] == JOKER
    tricks = _four(pub, S.TRICKS_WON)
    lowest = None
    if phase == AUCTION and high < N_BIDS - 1:
        lowest = bid_words(high + 1)
    end = pub[S.END]
    return {
        "phase": PHASES[phase],
        "deal_no": pub[S.DEAL_NO] + 1,
        "max_deals": MAX_DEALS,
        "dealer": pub[S.DEALER],
        "calls": _calls(game),
        "passed": [p for p in range(N_SEATS) if pub[S.PASSED] >> p & 1],
        "high_bid": bid_words(high) if high >= 0 else None,
        "high_bidder": bidder if high >= 0 else None,
        "lowest_bid": lowest,
        "contractor": bidder if settled else None,
        "contract": bid_words(high) if settled else None,
        "contract_value": bid_value(high) if settled else None,
        "tricks_needed": bid_tricks(high) if settled else None,
        "trump": (SUIT_NAMES[trump] if trump >= 0 else "no trumps") if settled else None,
        "discarded": pub[S.DISCARDS],  # how many, never which (R11.2)
        "trick_no": pub[S.TRICK_NO] + 1 if phase == PLAY else None,
        "to_follow": SUIT_NAMES[pub[S.TO_FOLLOW]] if in_trick else None,
        "joker_named": SUIT_NAMES[pub[S.TO_FOLLOW]] if joker_led else None,  # R8.2
        "tricks_won": tricks,
        "team_tricks": [tricks[0] + tricks[2], tricks[1] + tricks[3]],
        "totals": _four(pub, S.TOTALS)[:2],
        "cards_left": _cards_left(pub),
        "played": [[CARD_NAMES[c] for c in cards_of(m)] for m in _four(pub, S.PLAYED_BY)],
        "voids": [[SUIT_NAMES[s] for s in range(4) if v >> s & 1] for v in _four(pub, S.VOIDS)],
        "last_trick": _last_trick(game, pub),
        "last_deal": _last_deal(game),
        "end": END_NAMES[end - 1] if end else None,
        "winning_team": pub[S.WINNER] if end and pub[S.WINNER] >= 0 else None,
        "you": _you(pub, seat, settled),
    }
