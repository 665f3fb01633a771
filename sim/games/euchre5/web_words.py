"""Five-handed Euchre in a person's words for the browser (:mod:`sim.web.views`): each move
(:func:`words`), the questions as the game's own controls (:func:`controls`) and the state
for one viewer (:func:`describe`).

Read from the public slots (R10.3), the deals that ended (public once ended) and, for a
seat's own view only, its own private word: its hand (so the holder of the called card
learns he is the partner) and the dealer's discard (R10.1). Cards are written as a person
reads them (``A♦``); a blank cell's title names no card, since the card it stands for may
be in another hand (the up card the dealer took, a left bower).
"""

from __future__ import annotations

from sim.core.words import capital, says, whose
from sim.games.euchre5 import state as S
from sim.games.euchre5.cards import CARD_NAMES, card_text, left_bower, parse_card, suit_cards
from sim.games.euchre5.game import DealResult, EuchreGame
from sim.games.euchre5.vocab import (
    ALONE_BY_CHOICE,
    ALONE_FORCED,
    BID1,
    BID2,
    CALL,
    DISCARD,
    N_SEATS,
    PLAY,
    RANKS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    TARGET,
    WITH_PARTNER,
)
from sim.web.views import Button, Controls, Described, label

N_TRICKS = 5  # R7.1


def _public(game: EuchreGame) -> list[int]:
    return game.state[: S.PUB_SIZE].tolist()


def _suit(s: int) -> str:
    """``Hearts ♥``: a suit's button text."""
    return f"{SUIT_NAMES[s].capitalize()} {SUIT_SYMBOLS[s]}"


def _join(names: list[str]) -> str:
    """``Ann``, ``Ann and Bo``, ``Ann, Bo and Cy``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


# -- a move in words ------------------------------------------------------------------------
def words(game: EuchreGame, seat: int, text: str) -> str:
    """A move in words, a verb first (R11): ``order up hearts: …``, ``name spades trump``,
    ``call A♦: …``, ``go alone``, ``lead 10♠``; a hidden discard has no card (R10.2)."""
    pub = _public(game)
    up = pub[S.UP_CARD]
    if text == "pass":
        return "pass"
    if text == "order":  # R4.1, R4.2
        return f"order up {SUIT_NAMES[up >> 3]}: the dealer takes up the {card_text(up)}"
    if text.startswith("trump:") and text[6:] in SUITS:  # R4.3, R4.4
        stuck = pub[S.PHASE] == BID2 and seat == pub[S.DEALER]  # he speaks only if four passed
        name = f"name {SUIT_NAMES[SUITS.index(text[6:])]} trump"
        return name + (" (the dealer must, all four passed: R4.4)" if stuck else "")
    if text == "alone":
        return "go alone (R6.1)"
    if text == "discard":  # as views.public_text shows another's discard
        return "discard a card face down (R4.2)"
    try:
        card = parse_card(text.removeprefix("discard:").removeprefix("call:"))
    except ValueError:
        return text
    shown = card_text(card)
    if text.startswith("discard:"):  # the dealer's own button only: the log says `discard`
        if card == up:
            return f"discard the {shown}, the up card: no exchange (R4.2)"
        return f"discard {shown} face down and keep the {card_text(up)} (R4.2)"
    if text.startswith("call:"):
        return f"call {shown}: its holder is the partner (R6.3)"
    verb = "lead" if pub[S.TRICK_LEN] == 0 else "play"
    if card == pub[S.CALLED]:
        return f"{verb} {shown}, the called card: the maker's partner (R6.3)"
    return f"{verb} {shown}"


# -- the questions as controls ----------------------------------------------------------------
def controls(game: EuchreGame, seat: int, actions: list[str]) -> list[Controls]:
    """Round 1: order up or pass; round 2: a suit chooser row; the call: the cards that may
    be called, a row per suit, and going alone. The dealer's discard is a card tap."""
    if not actions:
        return []
    pub = _public(game)
    phase = pub[S.PHASE]
    if phase == BID1:
        return [_round_1(pub, seat, actions)]
    if phase == BID2:
        return [_round_2(pub, seat, actions)]
    if phase == CALL:
        return _call(pub, actions)
    row = tuple(Button(a, capital(words(game, seat, a))) for a in actions)  # none known
    return [Controls("Your choice", (row,))]


def _round_1(pub: list[int], seat: int, actions: list[str]) -> Controls:
    up = pub[S.UP_CARD]
    suit, shown = SUIT_NAMES[up >> 3], card_text(up)
    dealer = seat == pub[S.DEALER]
    takes = "you take up" if dealer else "the dealer takes up"
    order = Button("order", f"Order up {suit}",
                   f"Order up {suit}: {suit} are trump, you are the maker and {takes} the "
                   f"{shown}, discarding a card (R4.1, R4.2)")  # fmt: skip
    then = ("the {shown} is turned down and round 2 begins (R4.3)" if dealer else
            "the next player speaks (R4.1)").format(shown=shown)  # fmt: skip
    passing = Button("pass", "Pass", f"Pass: {then}")
    row = tuple(b for b in (order, passing) if b.action in actions)
    last = " You are the dealer: you speak last." if dealer else ""
    note = (f"Round 1: each player once, from the dealer's left; the first to order up makes "
            f"{suit} trump and the dealer takes up the {shown} (R4.1, R4.2). If all five pass, "
            f"it is turned down and another suit is named in round 2 (R4.3).{last}")  # fmt: skip
    return Controls(f"Order up {suit} (the up card {shown})?", (row,), note)


def _round_2(pub: list[int], seat: int, actions: list[str]) -> Controls:
    down = pub[S.UP_CARD] >> 3
    row = []
    for s in range(4):
        action = f"trump:{SUITS[s]}"
        if action in actions:
            row.append(Button(action, _suit(s), f"Name {SUIT_NAMES[s]} trump: you are the maker "
                              "and call a partner's card next (R4.3, R6.1)"))  # fmt: skip
        else:
            why = f"{SUIT_NAMES[s].capitalize()}: the turned-down up card's suit, not trump (R4.3)"
            row.append(Button(None, "", why))
    if "pass" in actions:
        row.append(Button("pass", "Pass", "Pass: the next player may name trump (R4.3)"))
        note = (f"Round 2: the up card was turned down, so {SUIT_NAMES[down]} cannot be trump "
                "(R4.3). The first to name a suit is the maker; if the four before the dealer "
                "pass, the dealer must name one (R4.4).")  # fmt: skip
    else:
        row.append(Button(None, "", "The dealer may not pass: the four others passed (R4.4)"))
        note = (f"Stick the dealer: all four passed, so you must name a suit, not "
                f"{SUIT_NAMES[down]} (R4.3, R4.4).")  # fmt: skip
    return Controls("Name trump", (tuple(row),), note)


def _call(pub: list[int], actions: list[str]) -> list[Controls]:
    trump, up = pub[S.TRUMP], pub[S.UP_CARD]
    bower = left_bower(trump)
    ranks = range(len(RANKS) - 1, -1, -1)  # A K Q J 10 9 8 (R1.4)
    rows = []
    for s in (s for s in range(4) if s != trump):
        row = []
        for r in ranks:
            card = s * 8 + r
            action, shown = f"call:{CARD_NAMES[card]}", card_text(card)
            if action in actions:
                why = "its holder plays with you, unknown until the card is played (R6.2, R6.3)"
                row.append(Button(action, shown, f"Call {shown} as your partner: {why}"))
            elif card == bower:
                row.append(Button(None, "", "The left bower: a trump, never called (R5.2, R6.2)"))
            elif card == up:
                row.append(Button(None, "", "The up card: never called (R6.2)"))
            else:
                row.append(Button(None, "", "In your dealt hand: not called (R6.2)"))
        rows.append(tuple(row))
    header = tuple(card_text(r)[:-1] for r in ranks)  # suit 0's cards: their ranks
    groups = [Controls(
        f"Call your partner's card ({SUIT_SYMBOLS[trump]} trump)", tuple(rows),
        "Call a card that is no trump, not in your dealt hand and not the up card (R6.2): its "
        "holder is your partner and says nothing until he plays it (R6.3); if it is buried "
        "(the kitty or the dealer's discard) you play alone (R6.4).", header,
    )]  # fmt: skip
    if "alone" in actions:
        alone = Button("alone", "Go alone", "Go alone: no partner against four defenders; "
                       "5 tricks score 5, 3 or 4 score 1 (R6.1, R8.3)")  # fmt: skip
        groups.append(Controls("Or go alone", ((alone,),), "Alone you score 5 for all five "
                               "tricks, 1 for three or four (R6.1, R8.3)."))  # fmt: skip
    return groups


# -- the state in words -------------------------------------------------------------------------
def describe(game: EuchreGame, seat: int | None, name) -> Described:
    """Title, ask, panel, badges, felt and end, as ``seat`` may know them (R10)."""
    pub = _public(game)
    mine = seat is not None and not game.over and game.to_act == seat
    return Described(
        title=_title(game, pub, name),
        ask=_ask(game, seat, pub) if mine else None,
        panel=_panel(game, seat, pub, name),
        badges=_badges(game, seat, pub),
        felt=_felt(pub),
        ended=_ended(game, name) if game.over else None,
    )


def _title(game: EuchreGame, pub: list[int], name) -> str:
    head = f"{label(game.spec)} · deal {pub[S.DEAL_NO] + 1}"
    if game.over:
        return f"{label(game.spec)} · game over after deal {pub[S.DEAL_NO] + 1}"
    phase, up, maker = pub[S.PHASE], pub[S.UP_CARD], pub[S.MAKER]
    if phase == BID1:
        return f"{head} · bidding, round 1 · up card {card_text(up)}"
    if phase == BID2:
        return f"{head} · bidding, round 2 · {SUIT_NAMES[up >> 3]} turned down"
    trump = f"trump {SUIT_SYMBOLS[pub[S.TRUMP]]} by {name(maker)}"
    if phase == DISCARD:
        return f"{head} · {trump} · the dealer's exchange"
    if phase == CALL:
        return f"{head} · {trump} · the call"
    if pub[S.GOING_ALONE] != WITH_PARTNER:
        return f"{head} · {trump} alone"
    if pub[S.REVEALED] >= 0:
        return f"{head} · {trump} and {name(pub[S.REVEALED])}"
    return f"{head} · {trump} and the holder of {card_text(pub[S.CALLED])}"


def _ask(game: EuchreGame, seat: int, pub: list[int]) -> str:
    """What the seat to act is asked (its own hand tells whether it can follow)."""
    phase, up = pub[S.PHASE], pub[S.UP_CARD]
    suit, shown = SUIT_NAMES[up >> 3], card_text(up)
    if phase == BID1:
        if seat == pub[S.DEALER]:
            return (f"order up {suit} and take up the {shown} yourself, or pass: you speak "
                    "last (R4.1)")  # fmt: skip
        return f"order up {suit} (the up card {shown}) or pass (R4.1)"
    if phase == DISCARD:
        return (f"you took up the {shown}: discard one card face down (R4.2); discarding the "
                f"{shown} itself keeps your own five")  # fmt: skip
    if phase == BID2:
        if seat == pub[S.DEALER]:
            return f"all four passed: you must name trump, not {suit} (R4.4)"
        return f"name trump, not {suit} (turned down, R4.3), or pass"
    trump = pub[S.TRUMP]
    if phase == CALL:
        return f"you made {SUIT_NAMES[trump]} trump: call your partner's card (R6.2) or go alone"
    if pub[S.TRICK_LEN] == 0:
        trick = pub[S.TRICK_NO] + 1
        return f"lead trick {trick} of {N_TRICKS}: any card (R7.{1 if trick == 1 else 4})"
    led = pub[S.LED_SUIT]
    hand, bower = game.hand(seat), left_bower(trump)
    note = f" (the {card_text(bower)} is a trump, the left bower: R5.2)" * (hand >> bower & 1)
    if hand & suit_cards(led, trump):
        return f"follow {SUIT_NAMES[led]} (R7.2){note if led == trump else ''}"
    note = note if led == bower >> 3 else ""  # his jack of the suit led is no longer one
    return f"you have no {SUIT_NAMES[led]}{note}: play any card (R7.2)"


def _panel(game: EuchreGame, seat: int | None, pub: list[int], name) -> tuple:
    phase, dealer, maker, trump = pub[S.PHASE], pub[S.DEALER], pub[S.MAKER], pub[S.TRUMP]
    up, called, partner = pub[S.UP_CARD], pub[S.CALLED], pub[S.REVEALED]
    over = game.over
    rows = []
    if trump >= 0:
        rows.append(("Trump", f"{SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]}, made by "
                              f"{name(maker)} in round {pub[S.ROUND]}"))  # fmt: skip
        rows.append(("Maker", name(maker)))
    else:
        rows.append(("Trump", f"not made yet: bidding, round {pub[S.ROUND]} (R4)"))
    rows.append(("Up card", _up_card(pub, name)))
    if phase == CALL:
        call = says(name(maker), "calls a card or goes alone", "call a card or go alone")
        rows.append(("Called card", f"not yet: {call} (R6.1)"))
    elif phase == PLAY or over:
        rows.append(("Called card", _called(pub, name)))
    mine = seat is not None and phase in (DISCARD, CALL, PLAY)  # the deal under way only
    discard = game.private(seat) >> 32 if mine and seat == dealer else 0
    if discard:  # R10.1: the dealer alone knows what he buried
        card = discard.bit_length() - 1
        kept = ": you kept your own five" if card == up else ", face down"
        buried = f"; the called card, so {name(maker)} plays alone (R6.4)" * (card == called)
        rows.append(("Your discard", f"{card_text(card)}{kept} (R4.2){buried}"))
    if mine and called >= 0 and partner < 0 and game.hand(seat) >> called & 1:
        rows.append(("Your secret", f"you hold {card_text(called)}: you are the maker's "
                                    "secret partner (R6.3)"))  # fmt: skip
    if phase == PLAY:
        rows.append(("Tricks", _tricks(pub, name)))
    ended = [d for d in game.history if d.points]
    if ended:
        rows.append(("Last deal", _deal_line(ended[-1], name)))
    totals = ", ".join(f"{name(p)} {pub[S.TOTALS + p]}" for p in range(N_SEATS))
    rows.append(("Totals", f"{totals}; {TARGET} points end the game (R9.1)"))
    return tuple(rows)


def _up_card(pub: list[int], name) -> str:
    up, phase, maker = pub[S.UP_CARD], pub[S.PHASE], pub[S.MAKER]
    shown, suit = card_text(up), SUIT_NAMES[up >> 3]
    if phase == BID1:
        return f"{shown}, on the table: ordering it up makes {suit} trump (R4.1)"
    if pub[S.ROUND] == 2:
        return f"{shown}, turned down: {suit} cannot be trump this deal (R4.3)"
    dealer = name(pub[S.DEALER])
    if phase == DISCARD:
        return f"{shown}, ordered up by {name(maker)}; the dealer ({dealer}) takes it up (R4.2)"
    return (f"{shown}, ordered up by {name(maker)}; the dealer ({dealer}) took it up and "
            "discarded a card face down (R4.2)")  # fmt: skip


def _called(pub: list[int], name) -> str:
    maker, called, partner, alone = pub[S.MAKER], pub[S.CALLED], pub[S.REVEALED], pub[S.GOING_ALONE]
    if alone == ALONE_BY_CHOICE:
        return f"none: {says(name(maker), 'goes', 'go')} alone (R6.1)"
    shown = card_text(called)
    if alone == ALONE_FORCED:  # R6.4: certain once the deal is over
        return f"{shown}, never played: it was buried, so {name(maker)} played alone (R6.4)"
    if partner >= 0:
        who = name(partner)
        return (f"{shown}, played by {who} in trick {pub[S.REVEALED_TRICK]}: "
                f"{says(who, 'is', 'are')} {whose(name(maker))} partner (R6.3)")  # fmt: skip
    return (f"{shown}: its holder is {whose(name(maker))} partner, unknown until played (R6.3); "
            f"if it is buried, {says(name(maker), 'plays', 'play')} alone (R6.4)")  # fmt: skip


def _tricks(pub: list[int], name) -> str:
    """The makers' side against the defenders (R6.5, R8.2, R8.3)."""
    won = pub[S.TRICKS_WON : S.TRICKS_WON + N_SEATS]
    maker, partner = pub[S.MAKER], pub[S.REVEALED]
    trick = f"trick {pub[S.TRICK_NO] + 1} of {N_TRICKS}"
    need = "3 make it (R8.2, R8.3)"
    if pub[S.GOING_ALONE] != WITH_PARTNER:
        others = sum(won) - won[maker]
        return f"{trick}; {name(maker)} alone {won[maker]}, the four defenders {others}; {need}"
    if partner >= 0:
        side = won[maker] + won[partner]
        return (f"{trick}; makers {name(maker)} and {name(partner)} {side}, the three "
                f"defenders {sum(won) - side}; {need}")  # fmt: skip
    return (f"{trick}; {name(maker)} (maker) {won[maker]}, the others {sum(won) - won[maker]} "
            f"(the unknown partner among them); {need}")  # fmt: skip


def _deal_line(d: DealResult, name) -> str:
    """``Deal 2: Ann made hearts with Cy (A♦ called), 4 tricks: Ann and Cy +1 each``."""
    suit = SUIT_NAMES[d.trump]
    if d.called is None:
        how = f"{name(d.maker)} went alone in {suit}"
    elif d.partner is None:
        how = f"{name(d.maker)} made {suit} alone ({card_text(d.called)} called, buried)"
    else:
        how = f"{name(d.maker)} made {suit} with {name(d.partner)} ({card_text(d.called)} called)"
    side = d.tricks[d.maker] + (d.tricks[d.partner] if d.partner is not None else 0)
    scored = [p for p in range(N_SEATS) if d.points[p] > 0]
    gain = d.points[scored[0]] if scored else 0
    euchred = ": euchred" if side < 3 else ""
    each = " each" if len(scored) > 1 else ""
    return (f"Deal {d.number + 1}: {how}, {side} trick{'s' * (side != 1)}{euchred}; "
            f"{_join([name(p) for p in scored])} +{gain}{each} (R8)")  # fmt: skip


def _badges(game: EuchreGame, seat: int | None, pub: list[int]) -> tuple:
    phase, called = pub[S.PHASE], pub[S.CALLED]
    bidding = phase in (BID1, BID2)
    secret = (seat is not None and phase == PLAY and called >= 0 and pub[S.REVEALED] < 0
              and game.hand(seat) >> called & 1)  # fmt: skip
    out = []
    for p in range(N_SEATS):
        b = []
        if p == pub[S.DEALER]:
            b.append("dealer")
        if p == pub[S.MAKER]:
            b.append("maker")
            if pub[S.GOING_ALONE] != WITH_PARTNER:
                b.append("alone")
        if p == pub[S.REVEALED]:
            b.append("partner")
        if secret and p == seat:
            b.append("secret partner")  # the holder's own view only (R6.3)
        if bidding and pub[S.PASSED] >> p & 1:
            b.append("passed")
        out.append(tuple(b))
    return tuple(out)


def _felt(pub: list[int]) -> tuple:
    """The up card while it lies face up (R3.3, R4.1), and turned down until the play (R4.3):
    in no hand either way. Taken up by the dealer, it is his (R4.2): not shown."""
    up = (CARD_NAMES[pub[S.UP_CARD]],)
    if pub[S.PHASE] == BID1:
        return (("Up card (R4.1)", up),)
    if pub[S.ROUND] == 2 and pub[S.PHASE] in (BID2, CALL):
        return (("Turned down (R4.3)", up),)
    return ()


def _ended(game: EuchreGame, name) -> str:
    """Who reached 10 and who wins (R9.1, R9.2)."""
    totals = game.totals
    reached = [p for p in range(N_SEATS) if totals[p] >= TARGET]
    best = max(totals)
    winners = [p for p in range(N_SEATS) if totals[p] == best]
    who, deals = _join([name(p) for p in reached]), len(game.history)
    head = f"{who} reached {TARGET} points after deal {deals}"
    if len(winners) > 1:
        return f"{head}; {_join([name(p) for p in winners])} share the win with {best} (R9.1, R9.2)"
    win = "win" if name(winners[0]) == "you" else "wins"
    if reached == winners:
        return f"{head} and {win} with {best} (R9.1)"
    return f"{head}; {says(name(winners[0]), 'wins', 'win')} with {best}, the most (R9.1, R9.2)"
