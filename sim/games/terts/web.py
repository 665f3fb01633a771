"""Terts's own parts of a seat's view in the browser (:mod:`sim.web.views`, ``docs/web.md``).

Everything here is read from the public slots of the state (``state[:PUB_SIZE]``), the
deal's events (every Terts event is public, R10.3: cards, declarations, passes, the
exchange) and the ended deals' points and totals, never their hands or stock; the seat
to act also gets notes on its own choices, from its own hand and legal actions. Cards of
another hand appear only where R10.2 makes them public: a declared meld's cards, the
exchanged-in turned card, the card drawn from beside the stock (``KNOWN``). A move, the
choices and the state in a person's words are :mod:`.web_words`'s.
"""

from __future__ import annotations

from sim.games.terts import state as S
from sim.games.terts.cards import CARD_NAMES, card_name, card_text, cards_of, parse_card
from sim.games.terts.game import TertsGame
from sim.games.terts.view import deal_story, meld_cards, meld_points, meld_words
from sim.games.terts.vocab import (
    ANSWER,
    DRAW_TRICKS,
    END_NAMES,
    FOLLOW,
    HAND_SIZE,
    KIND_NAMES,
    LEAD,
    LEAD_CARD,
    N_TRICKS,
    OVER,
    PASS,
    PHASE_NAMES,
    STOCK_SIZE,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    SWAP,
    TARGET,
)
from sim.games.terts.web_words import controls, describe, words  # noqa: F401 (declared)
from sim.web.views import CardNotation, TrickSlots

PLAYING = (LEAD, ANSWER, LEAD_CARD, FOLLOW)
SEAT_FIELDS = ("notes",)  # the only field that differs between viewers (the seat to act's)

# what the web layer reads (docs/web.md, sim.core.parts.CONTRACTS["web"])
CARDS = CardNotation(CARD_NAMES, cards_of, card_name, parse_card, card_text)
TRICK_SLOTS = TrickSlots(number=S.TRICK_NO, leader=S.LEADER, lead_card=S.LED_CARD,
                         last_cards=S.LAST_CARDS, last_winner=S.LAST_WINNER)  # fmt: skip
LOOKS = None  # the last trick may be seen at any time
LOOKS_RULE = None
LABEL = "Terts (2 players)"
SCRIPT = None  # the page's generic drawing, with describe's panel (the facts below: JSON)
prompt = None  # card, action or card-or-action (sim.web.views)
public_text = None  # the record's text: every Terts event is public (R10.3)
last_trick = None  # the table's, from TRICK_SLOTS
# words, controls, describe: a move, the choices and the state in words (web_words)


def _public(game: TertsGame) -> list[int]:
    return game.state[: S.PUB_SIZE].tolist()


def _names(mask: int) -> list[str]:
    return [CARD_NAMES[c] for c in cards_of(mask)]


def _card(card: int) -> str | None:
    return CARD_NAMES[card] if card >= 0 else None


def meld_info(name: str, trump: int) -> dict:
    """A declared meld as its record name fixes it (R7.1, R10.2): kind, cards, points."""
    kind = name if name in KIND_NAMES else name.split("-")[0]
    cards = [CARD_NAMES[c] for c in meld_cards(name, trump)]
    return {"meld": name, "kind": kind, "cards": cards, "points": meld_points(name),
            "words": meld_words(name, trump)}  # fmt: skip


def melds_of(game: TertsGame, trump: int) -> list[dict]:
    """This deal's declarations in order, each with who, at which trick and what became of
    it (R7.7): ``pending`` (to be answered), ``scored`` or ``beaten``; a follower's beating
    meld is its own entry (``answer`` true)."""
    out = []
    for trick, seat, name, answer in deal_story(game.history[-1])[1]:
        status = "pending" if answer is None else "scored" if answer in ("", "pass") else "beaten"
        out.append({"trick": trick, "seat": seat, **meld_info(name, trump), "status": status,
                    "answer": False})  # fmt: skip
        if status == "beaten":
            out.append({"trick": trick, "seat": 1 - seat, **meld_info(answer, trump),
                        "status": "scored", "answer": True})  # fmt: skip
    return out


def taken(game: TertsGame) -> dict | None:
    """The trick just completed, while it lies on the table: until the next card is led (the
    last one of a deal only at the game's end: the next deal is dealt at once)."""
    pub = _public(game)
    if pub[S.LAST_WINNER] < 0 or pub[S.LED_CARD] >= 0:
        return None
    cards = [_card(c) for c in pub[S.LAST_CARDS : S.LAST_CARDS + 2]]
    return {"cards": cards, "winner": pub[S.LAST_WINNER], "number": pub[S.TRICK_NO]}


def _previous(game: TertsGame) -> dict | None:
    """The deal that ended last: its points and totals (public once ended, R10.2)."""
    ended = [d for d in game.history if d.points]
    if not ended:
        return None
    d = ended[-1]
    return {"deal": d.number + 1, "dealer": d.dealer, "card_points": list(d.card_points),
            "meld_points": list(d.meld_points), "last_trick": d.last_trick,
            "points": list(d.points), "totals": list(d.totals)}  # fmt: skip


def notes(game: TertsGame, seat: int | None) -> list[str]:
    """What the choices of ``seat`` mean now, if it is the seat to act (else none)."""
    if seat is None or game.over or game.to_act != seat:
        return []
    pub, legal = _public(game), game.legal_mask()
    trump, phase = pub[S.TRUMP], pub[S.PHASE]
    out = []
    if phase == ANSWER:
        theirs = [m for m in melds_of(game, trump) if m["status"] == "pending"][-1]["words"]
        out.append(f"pass: seat {1 - seat} scores {theirs} (R7.7); a "
                   "stronger meld beats it and scores instead (R7.5)")  # fmt: skip
    for a in range(SWAP + 1, PASS):
        if legal >> a & 1:
            out.append(f"declare {meld_words(game.event_name(a), trump)} (R7.1)")
    if legal >> SWAP & 1:
        out.append(f"swap: your {card_text(trump * 8)} for {card_text(pub[S.BOTTOM])} beside "
                   "the stock, then go on (R6.1, R6.2)")  # fmt: skip
    if phase == FOLLOW and pub[S.TRICK_NO] >= DRAW_TRICKS:
        out.append("follow suit; lacking it, a trump; lacking both, any card (R5.5; the trump "
                   "jack need not be played, R5.6)")  # fmt: skip
    return out


def _about(pub: list[int], stock: int) -> str:
    """One line for the table's centre: trumps, the trick and its duty, the stock."""
    trump = pub[S.TRUMP]
    line = f"Trumps {SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]}"
    if pub[S.PHASE] not in PLAYING:
        return line + f"; the game is over (first to {TARGET})"
    early = pub[S.TRICK_NO] < DRAW_TRICKS
    line += f"; trick {pub[S.TRICK_NO] + 1} of {N_TRICKS}: "
    line += "any card, the leader may declare first (R5.4, R7.4)" if early else (
        "follow suit, else a trump (R5.5)")  # fmt: skip
    if pub[S.BOTTOM] >= 0:
        line += f"; stock {stock} face down, {card_text(pub[S.BOTTOM])} beside it"
    return line


def public_view(game: TertsGame, seat: int | None) -> dict:
    """Terts's parts of the view of ``seat`` (None: a spectator)."""
    pub = _public(game)
    trump, phase, done = pub[S.TRUMP], pub[S.PHASE], pub[S.TRICK_NO]
    played = pub[S.PLAYED_BY : S.PLAYED_BY + 2]
    stock = max(0, STOCK_SIZE - pub[S.DRAWN])
    melds = melds_of(game, trump)
    pending = None
    if phase == ANSWER:  # MELD stays set until the trick ends; it awaits an answer only now
        pending = {**[m for m in melds if m["status"] == "pending"][-1],
                   "strength": pub[S.MELD_STRENGTH]}  # fmt: skip
    swapper = pub[S.SWAPPER]
    exchange = None
    if swapper >= 0:
        exchange = {"seat": swapper, "trick": pub[S.SWAP_TRICK], "gave": CARD_NAMES[trump * 8],
                    "took": CARD_NAMES[pub[S.TURNED]]}  # fmt: skip
    end = pub[S.END]
    return {
        "phase": PHASE_NAMES[phase],
        "about": _about(pub, stock),
        "deal_no": pub[S.DEAL_NO] + 1,
        "dealer": pub[S.DEALER],
        "first_dealer": pub[S.FIRST_DEALER],
        "trump": {"suit": SUITS[trump], "name": SUIT_NAMES[trump], "symbol": SUIT_SYMBOLS[trump]},
        "turned": CARD_NAMES[pub[S.TURNED]],
        "beside_stock": _card(pub[S.BOTTOM]),  # the turned card, the 7 after an exchange, None
        "exchange": exchange,
        "stock": stock,  # cards face down, the one beside them not counted
        "stock_exhausted": done >= DRAW_TRICKS,  # R5.3: no draws, no melds, follow suit
        "trick_no": done + 1 if phase in PLAYING else done,
        "tricks": N_TRICKS,
        "cards_held": [HAND_SIZE + min(done, DRAW_TRICKS) - bin(m).count("1") for m in played],
        "known": [_names(m) for m in pub[S.KNOWN : S.KNOWN + 2]],  # R10.2, by seat
        "pending": pending,  # the leader's meld awaiting its answer, with its R7.5 strength
        "melds": melds,
        "tricks_won": pub[S.TRICKS_WON : S.TRICKS_WON + 2],
        "card_points": pub[S.CARD_POINTS : S.CARD_POINTS + 2],
        "meld_points": pub[S.MELD_POINTS : S.MELD_POINTS + 2],
        "previous": _previous(game),
        "target": TARGET,
        "end": END_NAMES[end - 1] if phase == OVER and end else None,
        "notes": notes(game, seat),
    }
