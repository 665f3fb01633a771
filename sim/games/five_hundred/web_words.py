"""Five Hundred in a person's words for the browser: the moves (``words``), the bid grid
(``controls``) and the state (``describe``), as :mod:`sim.web.views` asks a web part.

Like :mod:`.web`, everything is read from the public slots and the public history of the
deal (R11.2). The one exception is the contractor's own view: he is told the kitty he took
up and the cards he discarded, which he has seen (R11.1); no other view depends on them.
"""

from __future__ import annotations

from collections.abc import Callable

from sim.core.words import capital, says
from sim.games.five_hundred import state as S
from sim.games.five_hundred.cards import card_text, cards_of, left_bower, parse_card, suit_cards
from sim.games.five_hundred.game import DealResult, FiveHundredGame, parse_bid
from sim.games.five_hundred.vocab import (
    AUCTION,
    DEAL_CAP,
    DISCARD,
    FLOOR,
    JOKER,
    MAX_DEALS,
    MINUS_500,
    N_BIDS,
    N_SEATS,
    PLAY,
    REACHED_500,
    STRAIN_NAMES,
    STRAIN_TRUMP,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    TARGET,
    TEAMS,
    bid_name,
    bid_strain,
    bid_tricks,
    bid_value,
)
from sim.web.views import Button, Controls, Described

Name = Callable[[int], str]
TITLE = "Five Hundred"
STRAIN_SYMBOLS = tuple(SUIT_SYMBOLS[t] if t >= 0 else "NT" for t in STRAIN_TRUMP)  # R4.3
LEVELS = range(6, 11)  # R4.4: bids for 6 to 10 tricks
STRAIN_ORDER = " < ".join(STRAIN_SYMBOLS)  # ♣ < ♦ < ♥ < ♠ < NT
BID_SPACE = "\u202f"  # a narrow no-break space, between a bid's tricks and its strain
PASS_TITLE = "Pass: you are out of the auction for this deal (R4.5)"


# -- bids and cards in words ---------------------------------------------------------------------
def bid_words(bid: int) -> str:
    """``7`` -> ``"7 hearts"``; ``24`` -> ``"10 no trumps"`` (R4.2-R4.4)."""
    return f"{bid_tricks(bid)} {STRAIN_NAMES[bid_strain(bid)]}"


def bid_short(bid: int) -> str:
    """``7`` -> ``"7 ♥"``, ``24`` -> ``"10 NT"``: a narrow space keeps a bid from reading as
    a card (7♥ the card; the view tests read ``10♠`` as the card ``TS``)."""
    return f"{bid_tricks(bid)}{BID_SPACE}{STRAIN_SYMBOLS[bid_strain(bid)]}"


def bid_points(bid: int) -> str:
    """``"7♥ (180)"``: the bid and its value (R5.2)."""
    return f"{bid_short(bid)} ({bid_value(bid)})"


def bid_title(bid: int) -> str:
    """``"7 hearts: 180 points"`` (R5.2)."""
    return f"{bid_words(bid)}: {bid_value(bid)} points"


def card_words(card: int) -> str:
    """``10♠``; the joker is ``the joker``."""
    return "the joker" if card == JOKER else card_text(card)


def team_words(team: int, name: Name) -> str:
    """A partnership as the viewer reads it: ``you and Cy``, ``Ann and Cy`` (R2.1)."""
    who = [name(p) for p in TEAMS[team]]
    if "you" in who:
        who.remove("you")
        who.insert(0, "you")
    return " and ".join(who)


def _pub(game: FiveHundredGame) -> list[int]:
    return game.state[: S.PUB_SIZE].tolist()


# -- words: a move, a verb first -----------------------------------------------------------------
def words(game: FiveHundredGame, seat: int, text: str) -> str:
    """A move in words (asked before it is applied): ``bid 7♥ (180)``, ``pass``, ``discard 9♣
    face down`` (the contractor's own), ``discard a card face down (2 of 3)`` (as the others
    read it, R11.1), ``lead A♠``, ``play 10♠``, ``lead the joker as a spade ♠`` (R8.2)."""
    pub = _pub(game)
    if text == "pass":
        return "pass"
    if text.startswith("bid:"):
        return f"bid {bid_points(parse_bid(text[4:]))}"
    if text == "discard" or text.startswith("discard:"):
        which = "a card" if text == "discard" else card_words(parse_card(text[8:]))
        return f"discard {which} face down ({pub[S.DISCARDS] + 1} of 3)"
    leading = pub[S.PHASE] == PLAY and pub[S.TRICK_LEN] == 0
    verb = "lead" if leading else "play"
    if text.startswith("JK="):
        suit = SUITS.index(text[3:])
        return f"lead the joker as a {SUIT_NAMES[suit][:-1]} {SUIT_SYMBOLS[suit]}"
    return f"{verb} {card_words(parse_card(text))}"


# -- controls: the bid grid and Pass ---------------------------------------------------------------
def controls(game: FiveHundredGame, seat: int, actions: list[str]) -> list[Controls]:
    """The auction's calls (R4): a grid of the 25 bids, levels 6-10 by strain in rank order
    (R4.3), each with its value under it (R5.2), those not above the standing bid blank (R4.4); and
    Pass on its own (R4.5). Outside the auction every action is a card of the hand."""
    legal = set(actions)
    groups = []
    bids = {parse_bid(a[4:]) for a in actions if a.startswith("bid:")}
    high = game.high_bid
    if bids:
        rows = []
        for tricks in LEVELS:
            row = []
            for strain in range(len(STRAIN_SYMBOLS)):
                bid = 5 * (tricks - 6) + strain
                if bid in bids:
                    # its value on the button, not only in its title: a phone has no hover (#47.12)
                    row.append(Button(f"bid:{bid_name(bid)}", f"{bid_short(bid)}\n{bid_value(bid)}",
                                      bid_title(bid)))  # fmt: skip
                else:
                    row.append(Button(None, "", _why_not(bid, high)))
            rows.append(tuple(row))
        if high < 0:
            note = f"Any bid from {bid_points(0)}; strains rank {STRAIN_ORDER} (R4.3, R4.4)"
        else:
            note = (f"A bid must beat {bid_points(high)}: more tricks, or as many in a higher "
                    f"strain, {STRAIN_ORDER} (R4.4)")  # fmt: skip
        groups.append(Controls("Your bid", tuple(rows), note, STRAIN_SYMBOLS))
    if "pass" in legal:
        if high == N_BIDS - 1:
            note = f"{bid_points(high)} stands: the others can only pass (R4.6)"
        else:
            note = "A pass is final: you may not bid again in this deal (R4.5)"
        label = "Or pass" if bids else "Your call"
        groups.append(Controls(label, ((Button("pass", "Pass", PASS_TITLE),),), note))
    rest = [a for a in actions if a != "pass" and not a.startswith("bid:")]
    if rest:  # nothing else is a call (R4.1); kept on a button all the same
        said = [words(game, seat, a) for a in rest]
        row = tuple(Button(a, capital(w)) for a, w in zip(rest, said, strict=True))
        groups.append(Controls("Your choice", (row,)))
    return groups


def _why_not(bid: int, high: int) -> str:
    if high == N_BIDS - 1:
        return f"{bid_title(bid)}: after 10 no trumps the others can only pass (R4.6)"
    return f"{bid_title(bid)}: not above the standing {bid_points(high)} (R4.4)"


# -- describe: the state in words ----------------------------------------------------------------
def describe(game: FiveHundredGame, seat: int | None, name: Name) -> Described:
    """The deal for ``seat`` (None: a spectator) in words; only the contractor's own view
    names the kitty and his discards (R11.1)."""
    pub = _pub(game)
    phase, high, bidder = pub[S.PHASE], pub[S.HIGH_BID], pub[S.CONTRACTOR]
    settled = phase != AUCTION and bidder >= 0 and not game.over
    deal = f"deal {pub[S.DEAL_NO] + 1}"
    if game.over:
        title = f"{TITLE} · {deal} · the game is over"
    elif settled:
        trump = pub[S.TRUMP]
        what = f"trump {SUIT_SYMBOLS[trump]}" if trump >= 0 else "no trumps"
        title = f"{TITLE} · {deal} · {bid_points(high)} by {team_of(bidder, name)} · {what}"
    else:
        title = f"{TITLE} · {deal} · the auction"
    mine = seat is not None and game.to_act == seat and not game.over
    return Described(
        title=title,
        ask=_ask(game, pub, seat, name) if mine else None,
        panel=tuple(_panel(game, pub, seat, name, settled)),
        badges=_badges(pub, settled),
        ended=_ended(game, pub, name) if game.over else None,
    )


def team_of(seat: int, name: Name) -> str:
    """The contractor and his partner: ``Ann and Cy``, ``you and Cy``, ``Ann and you``."""
    return f"{name(seat)} and {name((seat + 2) % N_SEATS)}"


def _ask(game: FiveHundredGame, pub: list[int], seat: int, name: Name) -> str:
    phase, high = pub[S.PHASE], pub[S.HIGH_BID]
    if phase == AUCTION:
        if high == N_BIDS - 1:
            return f"pass: {bid_points(high)} stands (R4.6)"
        if high < 0:
            return f"bid ({bid_short(0)} or higher) or pass; a pass is final (R4.4, R4.5)"
        return (f"bid above {bid_points(high)} by {name(pub[S.CONTRACTOR])}, or pass; a pass is "
                "final (R4.4, R4.5)")  # fmt: skip
    if phase == DISCARD:
        left = 3 - pub[S.DISCARDS]
        if left == 3:
            return ("you took up the kitty: discard 3 of your 13 cards face down, one at a "
                    "time (R6.1)")  # fmt: skip
        more = f"{left} more card{'s' * (left != 1)}"
        return f"discard {more} face down (R6.1): {13 - pub[S.DISCARDS]} in hand, 10 kept"
    trump, hand = pub[S.TRUMP], game.hand(seat)
    if pub[S.TRICK_LEN] == 0:
        no = pub[S.TRICK_NO]
        lead = "lead the first trick" if no == 0 else f"you won trick {no}: lead trick {no + 1}"
        if trump < 0 and hand >> JOKER & 1:
            return f"{lead} (R7.1); a joker lead names the suit the others must follow (R8.2)"
        return f"{lead} (R7.1)"
    follow = pub[S.TO_FOLLOW]
    suit = _suit_words(follow, trump)
    if hand & suit_cards(follow, trump):
        return f"follow {suit} (R7.2)"
    return f"you cannot follow {suit}: play any card (R7.2)"


def _suit_words(suit: int, trump: int) -> str:
    """``hearts``, or ``trumps (hearts)`` for the trump suit."""
    return f"trumps ({SUIT_NAMES[suit]})" if suit == trump else SUIT_NAMES[suit]


def _panel(game, pub: list[int], seat: int | None, name: Name, settled: bool):
    phase, high, bidder = pub[S.PHASE], pub[S.HIGH_BID], pub[S.CONTRACTOR]
    yield "Dealer", name(pub[S.DEALER])
    if phase == AUCTION and not game.over:
        yield "Calls", _calls(game, pub, name)
        standing = f"{bid_points(high)} by {name(bidder)}" if high >= 0 else "none yet"
        yield "Standing bid", standing
        yield "Kitty", "3 cards face down, for the contractor (R6.1)"
    if settled:
        partner = name((bidder + 2) % N_SEATS)
        yield "Contract", (f"{bid_words(high)} by {name(bidder)}, partner {partner}: worth "
                           f"{bid_value(high)} (R5.2)")  # fmt: skip
        yield "Trump", _trump_words(pub[S.TRUMP])
        yield "Kitty", _kitty(game, pub, seat, name)
        if phase == PLAY:
            yield "Tricks", _tricks(pub, name)
            yield "Trick", _trick(pub, name)
    last = [d for d in game.history if d.points]
    if last:
        yield "Last deal", deal_line(last[-1], name)
    totals = pub[S.TOTALS : S.TOTALS + 2]
    yield "Totals", (" · ".join(f"{team_words(t, name)} {totals[t]}" for t in range(2))
                     + f" ({TARGET} wins, {FLOOR} loses: R10)")  # fmt: skip


def _calls(game: FiveHundredGame, pub: list[int], name: Name) -> str:
    said = []
    for p, text in game.history[-1].events if game.history else []:
        if text == "pass":
            said.append(f"{name(p)} passed")
        elif text.startswith("bid:"):
            said.append(f"{name(p)} {bid_short(parse_bid(text[4:]))}")
    if not said:
        eldest = name((pub[S.DEALER] + 1) % N_SEATS)
        return f"none yet: {says(eldest, 'calls', 'call')} first (R4.1)"
    return " · ".join(said)


def _trump_words(trump: int) -> str:
    if trump < 0:
        return "none: no trumps; the joker is the only trump (R8.1)"
    bower = card_text(left_bower(trump))
    return (f"{SUIT_NAMES[trump]} {SUIT_SYMBOLS[trump]}; the joker and {bower} are trumps "
            "too (R1.3)")  # fmt: skip


def _kitty(game: FiveHundredGame, pub: list[int], seat: int | None, name: Name) -> str:
    bidder, gone = pub[S.CONTRACTOR], pub[S.DISCARDS]
    done = "3 discarded face down" if gone == 3 else f"{gone} of 3 discarded face down"
    said = f"taken by {name(bidder)}, {done} (R6.1)"
    if seat != bidder:
        return said
    kitty = ", ".join(card_words(c) for c in cards_of(int(game.state[S.KITTY])))
    out = ", ".join(card_words(c) for c in cards_of(int(game.state[S.DISCARDED])))
    return f"{said}: you took up {kitty}" + (f"; you discarded {out}" if out else "")


def _tricks(pub: list[int], name: Name) -> str:
    """Who needs how many and has how many; made or defeated once it is sure (R9.1)."""
    bidder = pub[S.CONTRACTOR]
    need = bid_tricks(pub[S.HIGH_BID])
    won = pub[S.TRICKS_WON : S.TRICKS_WON + N_SEATS]
    mine, theirs = bidder % 2, 1 - bidder % 2
    have = [won[p] + won[p + 2] for p in range(2)]
    said = f"{team_of(bidder, name)} need {need}, have {have[mine]}"
    if have[mine] >= need:
        said += ": made"
    said += f" · {team_words(theirs, name)} have {have[theirs]}"
    if have[theirs] > 10 - need:
        return said + ": the contract is defeated (R9.1)"
    if have[mine] < need:
        said += f", {11 - need} would defeat the contract"
    return said + " (R9.1)"


def _trick(pub: list[int], name: Name) -> str:
    no = pub[S.TRICK_NO] + 1
    if pub[S.TRICK_LEN] == 0:
        return f"{no} of 10: {says(name(pub[S.LEADER]), 'leads', 'lead')} (R7.1)"
    leader, trump, follow = pub[S.LEADER], pub[S.TRUMP], pub[S.TO_FOLLOW]
    if trump < 0 and pub[S.TRICK_CARDS + leader] == JOKER:
        led = f"{name(leader)} led the joker as a {SUIT_NAMES[follow][:-1]} (R8.2)"
    else:
        led = f"{name(leader)} led"
    return f"{no} of 10: {led}; {_suit_words(follow, trump)} to follow (R7.2)"


def deal_line(d: DealResult, name: Name) -> str:
    """``Deal 2: Ann and Cy made 8♥ with 9 tricks: +280; Bo and Di +10`` (R9)."""
    head = f"Deal {d.number + 1}: "
    if d.contractor is None:
        return head + "thrown in, all four passed: no points (R4.7)"
    t = d.contractor % 2
    got = d.tricks[t]
    made = got >= bid_tricks(d.bid)
    how = "made" if made else "went down in"
    return (f"{head}{team_of(d.contractor, name)} {how} {bid_short(d.bid)} with {got} "
            f"trick{'s' * (got != 1)}: {d.points[t]:+d}; {team_words(1 - t, name)} "
            f"{d.points[1 - t]:+d} (R9)")  # fmt: skip


def _badges(pub: list[int], settled: bool) -> tuple[tuple[str, ...], ...]:
    out = []
    for p in range(N_SEATS):
        b = []
        if p == pub[S.DEALER]:
            b.append("dealer")
        if pub[S.PHASE] == AUCTION:
            bid = pub[S.BIDS + p]
            if bid >= 0:
                b.append(f"bid {bid_short(bid)}")
            if pub[S.PASSED] >> p & 1:
                b.append("passed")
        elif settled and p == pub[S.CONTRACTOR]:
            b.append("contractor")
        elif settled and p == (pub[S.CONTRACTOR] + 2) % N_SEATS:
            b.append("partner")
        out.append(tuple(b))
    return tuple(out)


def _ended(game: FiveHundredGame, pub: list[int], name: Name) -> str:
    end, winner = pub[S.END], pub[S.WINNER]
    totals = pub[S.TOTALS : S.TOTALS + 2]
    deal = f"deal {pub[S.DEAL_NO] + 1}"
    if end == REACHED_500:
        score = f"{totals[winner]} to {totals[1 - winner]}"
        if totals[1 - winner] >= TARGET:
            return (f"both sides reached {TARGET} in {deal}: {team_words(winner, name)} win as "
                    f"the contractors, {score} (R10.2)")  # fmt: skip
        return f"{team_words(winner, name)} reached {TARGET} in {deal}: {score} (R10.1)"
    if end == MINUS_500:
        return (f"{team_words(1 - winner, name)} fell to {totals[1 - winner]} in {deal}: "
                f"{team_words(winner, name)} win with {totals[winner]} (R10.3)")  # fmt: skip
    if end == DEAL_CAP and winner < 0:
        return f"nobody won in {MAX_DEALS} deals: a tie at {totals[0]} each (R10.4)"
    return (f"nobody won in {MAX_DEALS} deals: {team_words(winner, name)} win with the higher "
            f"total, {totals[winner]} to {totals[1 - winner]} (R10.4)")  # fmt: skip
