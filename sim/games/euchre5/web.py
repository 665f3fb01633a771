"""Five-handed Euchre's own parts of a seat's view in the browser (:mod:`sim.web.views`).

Everything here is read from the public slots of the state (``state[:PUB_SIZE]``), the
deals that have ended (their points, their call and, once every card is played, the
partner: all public, R10.3) and, for the ask of the seat to act, its own hand. So a view
built from it holds nothing of another seat: no hand, no kitty, no discard (R10.1, R10.2).

Cards are written in the game's notation (``9H``) where no hand can hold them (the up
card on the table or turned down). The called card and the up card the dealer took up are
public too (R10.3) but may still be in a hand; they are written as a person reads them
(``A♠``, :func:`.cards.card_text`), so that a card-name token in a view always means a
card nobody holds. The same state in a person's words (the moves, the controls, the
title and panel the page shows) is :mod:`.web_words`.
"""

from __future__ import annotations

from sim.games.euchre5 import state as S
from sim.games.euchre5.cards import (
    CARD_NAMES,
    card_name,
    card_text,
    cards_of,
    parse_card,
    suit_cards,
)
from sim.games.euchre5.game import DealResult, EuchreGame
from sim.games.euchre5.vocab import (
    ALONE_BY_CHOICE,
    ALONE_FORCED,
    BETWEEN,
    BID1,
    BID2,
    CALL,
    DISCARD,
    N_SEATS,
    OVER,
    PLAY,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    TARGET,
    WITH_PARTNER,
)
from sim.games.euchre5.web_words import controls, describe, words  # noqa: F401 (declared)
from sim.web.views import CardNotation, TrickSlots

# what the web layer reads (docs/web.md, sim.core.parts.CONTRACTS["web"])
CARDS = CardNotation(CARD_NAMES, cards_of, card_name, parse_card, card_text)
TRICK_SLOTS = TrickSlots(number=S.TRICK_NO, leader=S.LEADER, cards=S.TRICK_CARDS)
LOOKS = None  # the last trick may be seen at any time
LOOKS_RULE = None
LABEL = "Five-handed Euchre"
SCRIPT = None  # the page's generic drawing and its list of the facts below
prompt = None  # card, action or card-or-action (sim.web.views)
public_text = None  # the record's text (a discard as ``discard``, R10.1)
taken = None
last_trick = None  # the table's, from TRICK_SLOTS
# words, controls, describe: a move, the questions and the state in words (web_words)

PHASES = {
    BID1: "bidding, round 1",
    DISCARD: "the dealer's exchange",
    BID2: "bidding, round 2",
    CALL: "the maker's call",
    PLAY: "play",
    BETWEEN: "between deals",
    OVER: "over",
}  # R4, R6, R7, R9
ALONE_WORDS = {ALONE_BY_CHOICE: "by choice", ALONE_FORCED: "forced: the called card was buried"}
NOT_ALONE = "a card was called: alone only if it is buried (R6.4)"


def _public(game: EuchreGame) -> list[int]:
    return game.state[: S.PUB_SIZE].tolist()


def _five(pub: list[int], base: int) -> list[int]:
    return pub[base : base + N_SEATS]


def _voids(pub: list[int]) -> list[list[str]]:
    """Per seat the suits (R5.3) it has shown it holds none of, by failing to follow (R7.2)."""
    trump = pub[S.TRUMP]
    if trump < 0:
        return [[] for _ in range(N_SEATS)]
    suits = [suit_cards(s, trump) for s in range(4)]
    return [[SUIT_NAMES[s] for s in range(4) if out & suits[s] == suits[s]]
            for out in _five(pub, S.SHOWN_OUT)]  # fmt: skip


def _previous(game: EuchreGame) -> dict | None:
    """The deal that ended last: its call, tricks and points (all public once it ended)."""
    ended = [d for d in game.history if d.points]
    if not ended:
        return None
    d: DealResult = ended[-1]
    alone = ALONE_WORDS[ALONE_BY_CHOICE if d.called is None else ALONE_FORCED]
    return {
        "deal": d.number + 1,
        "dealer": d.dealer,
        "maker": d.maker,
        "trump": SUIT_NAMES[d.trump],
        "called": None if d.called is None else card_text(d.called),
        "alone": "no" if d.partner is not None else alone,
        "partner": d.partner,
        "tricks": list(d.tricks),
        "points": list(d.points),
        "totals": list(d.totals),
    }


def _ask(game: EuchreGame, pub: list[int]) -> str:
    """What the seat to act is asked, in words (its own hand says whether it can follow)."""
    phase, up = pub[S.PHASE], pub[S.UP_CARD]
    up_suit = SUIT_NAMES[up >> 3]
    if phase == BID1:
        return f"order {up_suit} (the up card {card_text(up)}) as trump, or pass (R4.1)"
    if phase == DISCARD:
        return "discard one of your six cards face down; the up card itself: no exchange (R4.2)"
    if phase == BID2:
        if pub[S.TURN] == pub[S.DEALER]:
            return f"all four passed: you must name trump, not {up_suit} (R4.4)"
        return f"name trump, not {up_suit}, or pass (R4.3)"
    if phase == CALL:
        return ("call a card that is no trump, not in your dealt hand and not the up card: its "
                "holder is your partner; or play alone (R6.1, R6.2)")  # fmt: skip
    if pub[S.TRICK_LEN] == 0:
        return "lead any card (R7.1)"
    led = SUIT_NAMES[pub[S.LED_SUIT]]
    hand = game.hand(pub[S.TURN])
    if hand & suit_cards(pub[S.LED_SUIT], pub[S.TRUMP]):
        return f"follow {led} (R7.2)"
    return f"you have no {led}: play any card (R7.2)"


def public_view(game: EuchreGame, seat: int | None) -> dict:
    """Euchre's parts of the view of ``seat`` (None: a spectator); ``ask`` is the only field
    that is the seat's own (its words for the seat to act, else None)."""
    pub = _public(game)
    phase, dealer, maker, trump = pub[S.PHASE], pub[S.DEALER], pub[S.MAKER], pub[S.TRUMP]
    up, called, partner = pub[S.UP_CARD], pub[S.CALLED], pub[S.REVEALED]
    turned_down = pub[S.ROUND] == 2  # R4.3: buried for this deal, in no hand
    taken_up = not turned_down and maker >= 0  # R4.2: the dealer took it (he may keep it)
    on_table = phase == BID1
    status = (
        "on the table" if on_table else "turned down" if turned_down else "taken up by the dealer"
    )
    called_yet = phase in (PLAY, BETWEEN, OVER)  # R6.1: the call comes before the play
    alone = ALONE_WORDS.get(pub[S.GOING_ALONE], NOT_ALONE) if called_yet else None
    attackers = [maker] + ([partner] if partner >= 0 else []) if maker >= 0 else []
    tricks_won = _five(pub, S.TRICKS_WON)
    known = called_yet and (pub[S.GOING_ALONE] != WITH_PARTNER or partner >= 0)
    playing = phase == PLAY
    in_trick = playing and pub[S.TRICK_LEN] > 0
    bidding = phase in (BID1, BID2)
    passed = [p for p in range(N_SEATS) if bidding and pub[S.PASSED] >> p & 1]
    cards_left = [5 - bin(m).count("1") + int(phase == DISCARD and p == dealer)
                  for p, m in enumerate(_five(pub, S.PLAYED_BY))]  # fmt: skip
    mine = seat is not None and game.to_act == seat
    return {
        "phase": PHASES[phase],
        "deal_no": pub[S.DEAL_NO] + 1,
        "dealer": dealer,
        "to_win": TARGET,  # R9.1
        "round": pub[S.ROUND],  # of the bidding; once trump is made, the round it was made in
        "up_card": CARD_NAMES[up] if on_table or turned_down else None,
        "up_card_status": status if on_table or turned_down or taken_up else None,
        "taken_up": card_text(up) if taken_up else None,
        "passed": passed,  # in the bidding round under way
        "maker": maker if maker >= 0 else None,
        "trump": SUIT_NAMES[trump] if trump >= 0 else None,
        "trump_symbol": SUIT_SYMBOLS[trump] if trump >= 0 else None,
        "called": card_text(called) if called >= 0 else None,
        "alone": alone,
        "partner": partner if partner >= 0 else None,  # public once he plays the called card
        "partner_shown_in_trick": pub[S.REVEALED_TRICK] or None,
        "attackers": attackers,  # those known: the maker, and the partner once shown
        "attackers_tricks": sum(tricks_won[p] for p in attackers) if known else None,
        "trick_no": pub[S.TRICK_NO] + (1 if playing else 0),
        "led_suit": SUIT_NAMES[pub[S.LED_SUIT]] if in_trick else None,
        "winning": pub[S.TRICK_WINNER] if in_trick else None,  # the trick so far (R7.3)
        "tricks_won": tricks_won,
        "cards_left": cards_left,  # the dealer's six at his exchange (R4.2)
        "void": _voids(pub),
        "previous": _previous(game),
        "ask": _ask(game, pub) if mine else None,
    }
