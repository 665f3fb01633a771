"""The toy game's parts of a seat's view in the browser (``sim.web.views``): what the web
layer reads (``sim.core.parts.CONTRACTS["web"]``) and the public facts, from the public slots
alone (a view built from them can hold no card of the other hand)."""

from __future__ import annotations

from sim.web.views import CardNotation, TrickSlots
from tests.toy import state as S
from tests.toy.vocab import CARD_NAMES, N_SEATS, PHASE_NAMES, cards_of, parse_card

CARDS = CardNotation(CARD_NAMES, cards_of, CARD_NAMES.__getitem__, parse_card)
TRICK_SLOTS = TrickSlots(number=S.TRICK_NO, leader=S.LEADER, lead_card=S.LEAD_CARD)
LOOKS = None  # the last trick may be seen at any time
LOOKS_RULE = None
LABEL = "Toy (2 players, 6 cards)"
SCRIPT = None  # the page's generic drawing
prompt = public_text = taken = last_trick = None  # the generic ones
words = controls = describe = None


def public_view(game, seat: int | None) -> dict:
    """The deal's public facts: the phase, the dealer, tricks and totals by seat."""
    pub = game.state[: S.PUB_SIZE].tolist()
    return {
        "phase": PHASE_NAMES[pub[S.PHASE]],
        "deal_no": pub[S.DEAL_NO] + 1,
        "dealer": pub[S.DEALER],
        "tricks": pub[S.TRICKS_WON : S.TRICKS_WON + N_SEATS],
        "totals": pub[S.TOTALS : S.TOTALS + N_SEATS],
        "you": seat,
    }
