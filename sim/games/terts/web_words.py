"""Terts in a person's words for the browser: a move (``words``), the buttons of the choices
that are no card (``controls``) and the state (``describe``), for :mod:`sim.web.views`.

Read only from the public slots, the deal's public events (R10.3: every Terts event is
public) and the ended deals' points; the seat to act's ``ask`` and buttons also from its
own hand and legal actions. A card of the other hand is named only where R10.2 makes it
public: a declared meld's cards, the turned card taken in an exchange, the card drawn
from beside the stock (the ``KNOWN`` slots).
"""

from __future__ import annotations

from collections.abc import Callable

from sim.core.words import capital, says, whose
from sim.games.terts import state as S
from sim.games.terts.cards import CARD_NAMES, card_text, cards_of, parse_card
from sim.games.terts.game import TertsGame
from sim.games.terts.view import FOUR_WORDS, deal_story, meld_cards, meld_points
from sim.games.terts.vocab import (
    ANSWER,
    BOTH_TARGET,
    DRAW_TRICKS,
    FOLLOW,
    LEAD,
    LEAD_CARD,
    N_SEATS,
    N_TRICKS,
    STOCK_SIZE,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    TARGET,
    TIE,
)
from sim.web.views import Button, Controls, Described

PLAYING = (LEAD, ANSWER, LEAD_CARD, FOLLOW)
NUMBERS = ("three", "four", "five", "six", "seven", "eight")  # a run's length, 3-8 (R7.1)
SUIT_ONE = ("a heart", "a club", "a diamond", "a spade")
CARD_WORDS = frozenset(CARD_NAMES.values())  # the record texts of the cards (R1.2)
Name = Callable[[int], str]


def _pub(game: TertsGame) -> list[int]:
    return game.state[: S.PUB_SIZE].tolist()


# -- melds in words (a meld's name fixes its cards, R10.2) --------------------------------------
def meld_phrase(name: str, trump: int) -> str:
    """``seq3-AD`` -> ``a run of three to the A♦``; ``four-K`` -> ``four kings``; the
    marriage -> ``the trump marriage K♠ Q♠`` (R7.1)."""
    if name == "marriage":
        return "the trump marriage " + " ".join(card_text(c) for c in meld_cards(name, trump))
    if name.startswith("four-"):
        return f"four {FOUR_WORDS[name[5:]]}"
    n, _, top = name[3:].partition("-")
    return f"a run of {NUMBERS[int(n) - 3]} to the {card_text(parse_card(top))}"


def _bare(phrase: str) -> str:
    """A meld's phrase without its article, after ``your``: ``run of three to the A♦``."""
    return phrase.removeprefix("a ").removeprefix("the ")


def meld_cards_text(name: str, trump: int) -> str:
    """A meld's cards, a run low to high: ``Q♦ K♦ A♦``."""
    cards = meld_cards(name, trump)
    return " ".join(card_text(c) for c in (cards[::-1] if name.startswith("seq") else cards))


def _said(name: str, trump: int) -> str:
    """``a run of three to the A♦ (20)``."""
    return f"{meld_phrase(name, trump)} ({meld_points(name)})"


def _melds(game: TertsGame) -> list[list]:
    """This deal's declarations: [trick, seat, name, answer] (``view.deal_story``)."""
    return deal_story(game.history[-1])[1] if game.history else []


def _pending(game: TertsGame) -> list | None:
    """The leader's meld awaiting its answer (R7.4c), or None."""
    if int(game.state[S.PHASE]) != ANSWER:
        return None
    melds = _melds(game)
    return melds[-1] if melds and melds[-1][3] is None else None


# -- words: a move, a verb first ------------------------------------------------------------------
def words(game: TertsGame, seat: int, text: str) -> str:
    """``lead 10♠``, ``play 9♦``, ``declare a run of three to the A♦ (20)``, ``answer with
    four kings (100), stronger than ...``, ``pass: ... scores 20``, ``exchange ...``."""
    pub = _pub(game)
    trump, phase = pub[S.TRUMP], pub[S.PHASE]
    if text == "swap":
        turned = pub[S.BOTTOM] if pub[S.BOTTOM] >= 0 else pub[S.TURNED]
        return f"exchange the {card_text(trump * 8)} for the turned {card_text(turned)} (R6.1)"
    pending = _pending(game)
    if text == "pass":
        if pending is None:
            return "pass"
        return f"pass ({meld_phrase(pending[2], trump)} scores {meld_points(pending[2])}, R7.7)"
    if text in CARD_WORDS:
        verb = "lead" if phase in (LEAD, LEAD_CARD) else "play"
        return f"{verb} {card_text(parse_card(text))}"
    try:
        said = _said(text, trump)
    except (KeyError, ValueError, IndexError):
        return text
    if pending is not None:
        return f"answer with {said}, stronger than {meld_phrase(pending[2], trump)} (R7.5)"
    if text == "marriage":
        return f"declare {said}: it scores at once, unanswered (R7.6)"
    return f"declare {said}"


# -- controls: the declarations, the pass, the exchange -------------------------------------------
def controls(game: TertsGame, seat: int, actions: list[str]) -> list[Controls]:
    """One row of melds (to declare at a lead, or to answer with), the pass, the exchange."""
    pub = _pub(game)
    trump = pub[S.TRUMP]
    pending = _pending(game)
    melds = [a for a in actions if a not in ("pass", "swap")]
    groups = []
    if melds:
        row = (tuple(_meld_button(m, trump, pending) for m in melds),)
        if pending is None:
            note = (
                "You may declare one meld, then tap your card (R7.4b); your opponent passes or "
                "beats it with a stronger one (R7.4c, R7.5), but not the marriage (R7.6)"
            )
            groups.append(Controls("Declare a meld before you lead", row, note))
        else:
            note = (f"Only a stronger meld beats their {_bare(meld_phrase(pending[2], trump))} "
                    "(R7.5): yours scores, theirs nothing (R7.7)")  # fmt: skip
            groups.append(Controls("Beat it with", row, note))
    if "pass" in actions:
        what, scores = "the declaration", "scores nothing"
        if pending is not None:
            what = meld_phrase(pending[2], trump)
            scores = f"scores {meld_points(pending[2])} for your opponent"
        note = f"{capital(what)} {scores} (R7.7)"
        if not melds:
            note = f"Nothing of yours beats it (R7.5): {what} {scores} (R7.7)"
        button = Button("pass", "Pass", f"Pass: {what} {scores} (R7.4c, R7.7)")
        groups.append(Controls("Or pass" if melds else "Pass", ((button,),), note))
    if "swap" in actions:
        seven, turned = card_text(trump * 8), card_text(pub[S.BOTTOM])
        button = Button("swap", f"Take the turned {turned} with your {seven}",
                        f"Take the turned {turned} into your hand and lay your {seven} beside "
                        "the stock in its place: it is drawn last (R6.1)")  # fmt: skip
        note = ("Once a deal, at your turn, while the turned card lies beside the stock; it "
                "scores nothing (R6.1-R6.3)")  # fmt: skip
        groups.append(Controls("Exchange the 7 of trumps", ((button,),), note))
    return groups


def _meld_button(name: str, trump: int, pending: list | None) -> Button:
    try:
        phrase, points = meld_phrase(name, trump), meld_points(name)
    except (KeyError, ValueError, IndexError):
        return Button(name, name)
    text = f"{capital(_bare(phrase))} ({points})"
    verb = "Declare" if pending is None else "Answer with"
    return Button(name, text, f"{verb} {phrase}: {meld_cards_text(name, trump)}, "
                              f"{points} points (R7.1)")  # fmt: skip


# -- describe: the state in words for one viewer ---------------------------------------------------
def describe(game: TertsGame, seat: int | None, name: Name) -> Described:
    """The state for ``seat`` (None: a spectator); ``name(p)`` as that viewer reads seat p."""
    pub = _pub(game)
    phase, trump = pub[S.PHASE], pub[S.TRUMP]
    deal = pub[S.DEAL_NO] + 1
    if phase in PLAYING:
        title = (f"Terts · deal {deal} · trumps {SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]} · "
                 f"trick {pub[S.TRICK_NO] + 1} of {N_TRICKS} · to {TARGET}")  # fmt: skip
    else:
        title = f"Terts · deal {deal} · the game is over"
    mine = seat is not None and not game.over and game.to_act == seat
    return Described(
        title=title,
        ask=_ask(game, seat, name) if mine else None,
        panel=_panel(game, seat, name),
        badges=_badges(game),
        felt=_felt(game, name),
        ended=_ended(game, name),
    )


def _ask(game: TertsGame, seat: int, name: Name) -> str:
    """What the seat to act is asked, after "Your turn: ": each phase its own sentence."""
    pub = _pub(game)
    phase, trump, done = pub[S.PHASE], pub[S.TRUMP], pub[S.TRICK_NO]
    legal = {game.event_name(a) for a in game.legal_actions()}
    other = name(1 - seat)
    melds = legal - {"pass", "swap"} - CARD_WORDS
    if phase == ANSWER:
        theirs = _said(_pending(game)[2], trump)
        if melds:
            line = (f"answer {whose(other)} declaration of {theirs}: pass and it scores, or beat "
                    "it with a stronger meld (R7.4c, R7.5)")  # fmt: skip
        else:
            line = (f"{other} declared {theirs}: nothing of yours beats it (R7.5), so pass and "
                    "it scores (R7.7)")  # fmt: skip
    elif phase == LEAD and melds:
        line = (f"lead trick {done + 1}: you may first declare one meld (R7.4b), then tap the "
                "card you lead")  # fmt: skip
    elif phase == LEAD:
        none = "; you have no meld to declare" if done < DRAW_TRICKS else ""
        line = f"lead trick {done + 1}: tap any card (R5.7){none}"
    elif phase == LEAD_CARD:
        line = f"now lead trick {done + 1}: tap any card (R7.4d){_settled(game, seat, name)}"
    else:
        line = _follow(pub)
    if "swap" in legal:
        line += (f"; you may first exchange your {card_text(trump * 8)} for the turned "
                 f"{card_text(pub[S.BOTTOM])} (R6.1)")  # fmt: skip
    return line


def _settled(game: TertsGame, seat: int, name: Name) -> str:
    """What became of the leader's declaration at this lead (R7.6, R7.7)."""
    melds = _melds(game)
    if not melds or melds[-1][0] != int(game.state[S.TRICK_NO]) + 1 or melds[-1][1] != seat:
        return ""
    _, _, meld, answer = melds[-1]
    trump = int(game.state[S.TRUMP])
    if answer in ("", "pass"):
        return f": your {_bare(meld_phrase(meld, trump))} scored {meld_points(meld)}"
    return (f": {name(1 - seat)} beat your {_bare(meld_phrase(meld, trump))} with "
            f"{_said(answer, trump)}")  # fmt: skip


def _follow(pub: list[int]) -> str:
    """What the follower may play (R5.4 while the stock lasts, then R5.5, R5.6)."""
    trump, led = pub[S.TRUMP], pub[S.LED_CARD]
    card = card_text(led)
    if pub[S.TRICK_NO] < DRAW_TRICKS:
        return f"play a card on the {card}: any card, to beat it or not (tricks 1-7, R5.4)"
    jack = "the jack of trumps need not be played (R5.6)"  # not named: the other may hold it
    if led >> 3 == trump:
        return f"follow the {card} with a trump; lacking one, any card (R5.5); {jack}"
    return (f"follow the {card} with {SUIT_ONE[led >> 3]}; lacking one, a trump; lacking "
            f"both, any card (R5.5); {jack}")  # fmt: skip


def _panel(game: TertsGame, seat: int | None, name: Name) -> tuple[tuple[str, str], ...]:
    pub = _pub(game)
    phase, trump = pub[S.PHASE], pub[S.TRUMP]
    rows = []
    if phase in PLAYING:
        rows.append(("Trumps", f"{SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]}: the turned card is "
                               f"{card_text(pub[S.TURNED])} (R3.4)"))  # fmt: skip
        swapper = pub[S.SWAPPER]
        if swapper >= 0:
            rows.append(("Exchange", f"{name(swapper)} took the turned "
                         f"{card_text(pub[S.TURNED])} for the {card_text(trump * 8)} at trick "
                         f"{pub[S.SWAP_TRICK]} (R6.1)"))  # fmt: skip
        rows.append(("Stock", _stock(pub)))
        pending = _pending(game)
        if pending is not None:
            _, who, meld, _ = pending
            rows.append(("Declared", f"{name(who)}: {_said(meld, trump)}, "
                         f"{meld_cards_text(meld, trump)}; {name(1 - who)} to answer: pass or "
                         "beat it (R7.4c)"))  # fmt: skip
        done = [m for m in _melds(game) if m[3] is not None]
        if done:
            rows.append(("Melds this deal", "; ".join(_meld_line(m, trump, name) for m in done)))
        for p in range(N_SEATS):
            known = int(pub[S.KNOWN + p])
            if p != seat and known:
                rows.append((f"Known in {whose(name(p))} hand", " ".join(
                    card_text(c) for c in cards_of(known)) + " (R10.2)"))  # fmt: skip
        rows.append(("This deal", ", ".join(_deal_points(pub, p, name) for p in range(N_SEATS))))
    last = [d for d in game.history if d.points]
    if last:
        rows.append(("Last deal", _deal_line(last[-1], name)))
    totals = ", ".join(f"{name(p)} {t}" for p, t in enumerate(game.totals))
    rows.append(("Totals", f"{totals}; the game ends after the deal in which a total reaches "
                           f"{TARGET} (R9.1)"))  # fmt: skip
    return tuple(rows)


def _stock(pub: list[int]) -> str:
    bottom = pub[S.BOTTOM]
    if bottom < 0:
        return "exhausted: from trick 8 on, follow suit, else a trump (R5.5); no declarations"
    left = max(0, STOCK_SIZE - pub[S.DRAWN])
    return (f"{left} card{'s' * (left != 1)} face down, {card_text(bottom)} beside the stock, "
            "drawn last; after each trick the winner draws first (R5.3)")  # fmt: skip


def _meld_line(meld: list, trump: int, name: Name) -> str:
    """``trick 3: Ann declared four kings (100); you passed: it scored`` (R7.6, R7.7)."""
    trick, who, what, answer = meld
    line = f"trick {trick}: {name(who)} declared {_said(what, trump)}"
    if answer == "":
        return line + ": scored (R7.6)"
    if answer == "pass":
        return line + f"; {name(1 - who)} passed: it scored (R7.7)"
    return (line + f"; {name(1 - who)} beat it with {meld_phrase(answer, trump)}, which scored "
            f"{meld_points(answer)} instead (R7.7)")  # fmt: skip


def _deal_points(pub: list[int], p: int, name: Name) -> str:
    cards, melds = pub[S.CARD_POINTS + p], pub[S.MELD_POINTS + p]
    tricks = pub[S.TRICKS_WON + p]
    return (f"{name(p)} {cards + melds} ({tricks} trick{'s' * (tricks != 1)}, {cards} in cards, "
            f"{melds} in melds)")  # fmt: skip


def _deal_line(d, name: Name) -> str:
    """``Deal 2: you 96 (86 in cards, 0 in melds, 10 for the last trick), Ann 66 (...)``."""
    parts = []
    for p in range(N_SEATS):
        last = ", 10 for the last trick" if d.last_trick == p else ""
        parts.append(f"{name(p)} {d.points[p]} ({d.card_points[p]} in cards, "
                     f"{d.meld_points[p]} in melds{last})")  # fmt: skip
    return f"Deal {d.number + 1}: " + ", ".join(parts) + " (R8.1)"


def _badges(game: TertsGame) -> tuple[tuple[str, ...], ...]:
    pub = _pub(game)
    out: list[list[str]] = [[] for _ in range(N_SEATS)]
    if pub[S.PHASE] not in PLAYING:
        return tuple(tuple(b) for b in out)
    out[pub[S.DEALER]].append("dealer")
    out[pub[S.LEADER]].append("leader")
    pending = _pending(game)
    if pending is not None:
        out[pending[1]].append(f"declared {_said(pending[2], pub[S.TRUMP])}")
    return tuple(tuple(b) for b in out)


def _felt(game: TertsGame, name: Name) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The card beside the stock (the turned one, or the 7 exchanged for it, R6.1); during
    trick 8, the one drawn from beside it, while its drawer holds it (public, R10.2)."""
    pub = _pub(game)
    if pub[S.PHASE] not in PLAYING:
        return ()
    bottom, trump = pub[S.BOTTOM], pub[S.TRUMP]
    if bottom >= 0:
        what = "Turned trump card" if bottom == pub[S.TURNED] else "The 7 of trumps, exchanged"
        return ((f"{what}, beside the stock", (CARD_NAMES[bottom],)),)
    if pub[S.TRICK_NO] != DRAW_TRICKS:
        return ()
    drawer = 1 - pub[S.LEADER]  # the loser of trick 7 drew it (R5.3); trick 8's leader won
    card = trump * 8 if pub[S.SWAPPER] >= 0 else pub[S.TURNED]
    if not int(pub[S.KNOWN + drawer]) >> card & 1:
        return ()
    return ((f"{capital(name(drawer))} drew it from beside the stock", (CARD_NAMES[card],)),)


def _ended(game: TertsGame, name: Name) -> str | None:
    if not game.over:
        return None
    totals = game.totals
    end = int(game.state[S.END])
    deal = game.history[-1].number + 1 if game.history else int(game.state[S.DEAL_NO]) + 1
    if end == TIE:
        return f"a tie: both totals are {totals[0]} after deal {deal} (R9.2)"
    win = 0 if totals[0] > totals[1] else 1
    score = f"{totals[win]} to {totals[1 - win]}"
    who = name(win)
    if end == BOTH_TARGET:
        return (f"both totals reached {TARGET} in deal {deal}; {says(who, 'wins', 'win')} with "
                f"the higher, {score} (R9.1, R9.3)")  # fmt: skip
    return f"{who} reached {TARGET} after deal {deal}: {score} (R9.1, R9.2)"
