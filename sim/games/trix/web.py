"""Trix's own parts of a seat's view in the browser (:mod:`sim.web.views`, ``docs/web.md``).

Everything here is read from the public slots of the state (``state[:PUB_SIZE]``), the
contract's public events (cards laid or played, passes, the announcement: never a
declined one) and, for the contract choice, the choosing seat's own hand. So a view
built from it can hold no card of another seat's hand.
"""

from __future__ import annotations

from sim.games.trix import state as S
from sim.games.trix.cards import CARD_NAMES, card_name, card_text, cards_of, parse_card
from sim.games.trix.game import TrixGame
from sim.games.trix.view import ABOUT, LOOKS_PER_CONTRACT, choice_notes, trick_winner, tricks_of
from sim.games.trix.vocab import (
    CHOOSE,
    CONTRACT_NAMES,
    DOUBLE,
    N_CONTRACTS,
    N_DEALS,
    N_SEATS,
    NO_DOUBLE,
    OVER_1000,
    PASS,
    SUITS,
    TRICKS,
    TRIX,
    TRIX_C,
)
from sim.web.views import CardNotation, Described, TrickSlots

PHASES = ("choose", "tricks", "trix", "between", "over")  # vocab's phases, by number

# what the web layer reads (docs/web.md, sim.core.parts.CONTRACTS["web"])
CARDS = CardNotation(CARD_NAMES, cards_of, card_name, parse_card, card_text)
TRICK_SLOTS = TrickSlots(number=S.TRICK_NO, leader=S.LEADER, cards=S.TRICK_CARDS)
LOOKS = LOOKS_PER_CONTRACT  # the seeds' table rule: the last trick may be seen twice (R4.4)
LOOKS_RULE = "R4.4"
LABEL = "Trix (4 players, 28 contracts)"
SCRIPT = "web.js"  # the piles of the trix layout, the contract choice, the K♥ offer
controls = None  # the script draws the contract choice and the K♥ offer itself


def _public(game: TrixGame) -> list[int]:
    return game.state[: S.PUB_SIZE].tolist()


def _four(pub: list[int], base: int) -> list[int]:
    return pub[base : base + 4]


def _trick_by_seat(trick: list[tuple[int, int]]) -> list[str | None]:
    cards: list[str | None] = [None] * 4
    for seat, card in trick:
        cards[seat] = CARD_NAMES[card]
    return cards


def _done_tricks(events: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    return [t for t in tricks_of(events) if len(t) == 4]


def last_trick(game: TrixGame) -> dict | None:
    """The last trick taken in this contract (what a look shows, R4.4), or None."""
    if int(game.state[S.PHASE]) != TRICKS:
        return None
    done = _done_tricks(game.contracts[-1].events)
    if not done:
        return None
    trick = done[-1]
    return {"cards": _trick_by_seat(trick), "winner": trick_winner(trick), "number": len(done)}


def taken(game: TrixGame) -> dict | None:
    """The trick just completed, while it still lies on the table: until the next card is
    led, or, for a contract's last trick, until the next contract is chosen (its cards were
    played in that contract: the new hands may hold them again)."""
    pub = _public(game)
    phase = pub[S.PHASE]
    if phase == TRICKS and pub[S.TRICK_LEN] == 0 and pub[S.TRICK_NO] > 0:
        contract = game.contracts[-1]
    elif phase == CHOOSE and len(game.contracts) > 1:
        contract = game.contracts[-2]
    elif game.over and game.contracts:
        contract = game.contracts[-1]
    else:
        return None
    done = _done_tricks(contract.events)
    if contract.contract == TRIX_C or not done:
        return None
    trick = done[-1]
    return {
        "cards": _trick_by_seat(trick),
        "winner": trick_winner(trick),
        "number": len(done),
        "deal": contract.number + 1,  # the contract it belongs to (the last one's, at a choice)
    }


def public_text(game: TrixGame, seat: int, action: int) -> str | None:
    """A move as the table's log may write it; a declined K♥ announcement is nobody's
    business (it would say who holds K♥; records do not write it either)."""
    return None if action == NO_DOUBLE else game.event_name(action)


def prompt(game: TrixGame, seat: int) -> str:
    """What ``seat`` (the one to act) is asked: contract, double, pass or card."""
    legal = game.legal_mask()
    if game.phase == CHOOSE:
        return "contract"
    if legal >> DOUBLE & 1:
        return "double"
    if legal == 1 << PASS:
        return "pass"
    return "card"


def _piles(played: int) -> list[dict]:
    """The trix layout: a pile per suit, its cards low to high in the R1.2 order."""
    piles = []
    for suit, letter in enumerate(SUITS):
        laid = [CARD_NAMES[c] for c in cards_of(played) if c >> 3 == suit]
        piles.append({
            "suit": letter,
            "cards": laid,
            "low": laid[0] if laid else None,
            "high": laid[-1] if laid else None,
        })  # fmt: skip
    return piles


def _previous(game: TrixGame) -> dict | None:
    """The contract that ended last: its name, chooser and points (public once ended)."""
    ended = [c for c in game.contracts if c.totals]
    if not ended:
        return None
    c = ended[-1]
    out = sorted((p, s) for s, p in enumerate(c.points) if p < 0) if c.contract == TRIX_C else []
    return {
        "number": c.number + 1,
        "contract": c.name,
        "chooser": c.chooser,
        "choice": c.choice,
        "points": list(c.points),
        "totals": list(c.totals),
        "out": [s for _, s in out],
    }


def public_view(game: TrixGame, seat: int | None) -> dict:
    """Trix's parts of the view of ``seat`` (None: a spectator)."""
    pub = _public(game)
    phase = pub[S.PHASE]
    contract = pub[S.CONTRACT]
    chooser = pub[S.CHOOSER]
    choice = pub[S.CHOICE]
    announcer = pub[S.ANNOUNCER]
    mine = seat is not None and game.to_act == seat
    remaining = _four(pub, S.REMAINING)
    multiplier = None
    if contract >= 0:
        multiplier = 4 if choice == 7 else 1 if contract == TRIX_C else 2  # R7.1-R7.3
    return {
        "phase": PHASES[phase],
        "contract_no": pub[S.CONTRACT_NO] + 1,
        "contracts": N_DEALS,
        "chooser": chooser,
        "choice": choice,
        "contract": CONTRACT_NAMES[contract] if contract >= 0 else None,
        "about": ABOUT[contract] if contract >= 0 else None,
        "multiplier": multiplier,  # of the chooser's own points
        "contracts_left": [
            [CONTRACT_NAMES[c] for c in range(N_CONTRACTS) if remaining[p] >> c & 1]
            for p in range(N_SEATS)
        ],
        "notes": choice_notes(game, seat, "Your turn: you") if mine and phase == CHOOSE else [],
        "tricks_won": _four(pub, S.TRICKS_WON),
        "trick_no": pub[S.TRICK_NO] + (1 if phase == TRICKS else 0),
        "cards_left": [8 - bin(m).count("1") for m in _four(pub, S.PLAYED_BY)],
        "announcer": announcer if announcer >= 0 else None,
        "king_offer": bool(mine and game.legal_mask() >> DOUBLE & 1),
        "passes": _four(pub, S.PASSES),
        "out": [s for s in pub[S.OUT_SEAT : S.OUT_SEAT + 2] if s >= 0],
        "piles": _piles(pub[S.PLAYED]) if phase == TRIX else None,
        "previous": _previous(game),
        "looks_per_contract": LOOKS,
    }


def words(game: TrixGame, seat: int, text: str) -> str:
    """A move in words, a verb first: ``choose queens``, ``announce K♥ (R5.6)``, ``pass``
    (nothing to lay, R9.4), ``lay 10♦`` in the trix layout, else ``play 10♦``."""
    if text in CONTRACT_NAMES:
        return f"choose {text}"
    if text == "double":
        return "announce K♥: it is worth double (R5.6)"
    if text == "no-double":
        return "keep K♥ unannounced"
    if text == "pass":
        return "pass: nothing to lay (R9.4)"
    verb = "lay" if game.phase == TRIX else "play"
    return f"{verb} {card_text(parse_card(text))}"


def describe(game: TrixGame, seat: int | None, name) -> Described:
    """The title is the script's (``web.js``); here: why the game ended (R8.1)."""
    ended = None
    if game.over:
        pub = _public(game)
        if pub[S.END] == OVER_1000:
            over = [name(p) for p, t in enumerate(game.totals) if t > 1000]
            ended = (f"{' and '.join(over)} passed 1,000 points after contract "
                     f"{pub[S.CONTRACT_NO] + 1} (R3.7)")  # fmt: skip
        else:
            ended = f"all {N_DEALS} contracts are played (R3.8)"
    return Described(title=LABEL, ended=ended)
