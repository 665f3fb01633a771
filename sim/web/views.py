"""What one seat of a table is sent: :func:`view_for`, the view of ``docs/web.md``.

A view is a plain JSON-serialisable dict built from the game's public slots
(``state[:PUB_SIZE]``), that seat's own hand and, when it is that seat's turn, its
legal actions; so nothing of another seat's hand can be in it. The generic fields
hold for every registered game; a game with a ``web`` part
(``spec.part("web")``, e.g. :mod:`sim.games.trix.web`) adds its own public parts
under ``public`` and may say what is asked (``prompt``) and which trick lies on the
table; any other game gets the named fields of its observation there.

Cards are written in the game's record notation (its ``cards`` module, R1.x),
actions as the game's record writes them (``game.event_name``), which is what the
page sends back in ``{"type": "act", "action": ...}``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

import numpy as np

STATES = ("your-turn", "waiting", "over")
SKIP_FIELDS = {"seat", "hand", "cards", "public"}  # observation fields kept out of ``public``


_MODULES: dict[str, tuple[ModuleType, ModuleType, ModuleType | None]] = {}


def _modules(spec) -> tuple[ModuleType, ModuleType, ModuleType | None]:
    """A game's cards and state modules (``docs/games.md``), and its web part if it has one."""
    if spec.name not in _MODULES:
        cards = importlib.import_module(f"{spec.package}.cards")
        state = importlib.import_module(f"{spec.package}.state")
        _MODULES[spec.name] = (cards, state, spec.part("web") if spec.has("web") else None)
    return _MODULES[spec.name]


def card_names(game) -> dict[int, str]:
    """Card id -> its text in the game's notation (``22`` -> ``"TD"``)."""
    names = _modules(game.spec)[0].CARD_NAMES
    return dict(names) if isinstance(names, dict) else dict(enumerate(names))


def hand_cards(game, seat: int) -> list[str]:
    """``seat``'s cards as texts, in the game's own order (by suit, low to high)."""
    cards = _modules(game.spec)[0]
    names = card_names(game)
    return [names[c] for c in cards.cards_of(int(game.hand(seat))) if c in names]


def web_part(game) -> ModuleType | None:
    """The game's web part (:mod:`sim.games.trix.web`), or None."""
    return _modules(game.spec)[2]


def last_trick(game) -> dict | None:
    """The last trick taken in the current deal, as a look shows it (``{"cards": [...] by
    seat, "winner", "number"}``), or None; only games whose web part has ``last_trick``."""
    web = web_part(game)
    return web.last_trick(game) if web is not None and hasattr(web, "last_trick") else None


def looks_per_deal(game) -> int | None:
    """How often a seat may look at the last trick per deal (Trix: 2, R4.4); None: no limit
    the game knows of."""
    web = web_part(game)
    return getattr(web, "LOOKS", None) if web is not None else None


def public_text(game, seat: int, action: int) -> str | None:
    """How a table's log may write ``seat``'s ``action`` (ask before applying it): the action
    as the record writes it, ``discard`` for a discard (its card stays private), or None for
    an action nobody else may learn of (Trix: a declined K♥ announcement, R5.6)."""
    web = web_part(game)
    if web is not None and hasattr(web, "public_text"):
        return web.public_text(game, seat, action)
    text = game.event_name(action)
    return "discard" if text.startswith("discard:") else text


def _public_slots(game) -> list[int]:
    return game.state[: game.kernels.PUB_SIZE].tolist()


def _trick(game) -> tuple[list[str | None], int | None]:
    """The cards on the table by seat (None: none yet) and who led them."""
    web = web_part(game)
    if web is not None and hasattr(web, "trick"):
        return web.trick(game)
    n, names, pub = game.spec.seats, card_names(game), _public_slots(game)
    st = _modules(game.spec)[1]
    size = len(pub)
    leader = pub[st.LEADER] if getattr(st, "LEADER", size) < size else None
    cards = [-1] * n
    if getattr(st, "TRICK_CARDS", size) + n <= size:
        cards = pub[st.TRICK_CARDS : st.TRICK_CARDS + n]
    elif getattr(st, "LEAD_CARD", size) < size and leader is not None and 0 <= leader < n:
        cards[leader] = pub[st.LEAD_CARD]  # a game that keeps only the led card (Terts)
    trick = [names.get(c) if c >= 0 else None for c in cards]
    return trick, leader if leader is not None and 0 <= leader < n else None


def _plain(value):
    """A JSON value from an observation field: ints and lists of ints only, else None."""
    if isinstance(value, bool | int | np.integer):
        return int(value)
    if isinstance(value, list | tuple) and all(isinstance(v, int | np.integer) for v in value):
        return [int(v) for v in value]
    return None


def generic_public(game, seat: int | None) -> dict:
    """The named fields of the game's observation (its public slots), for a game with no web
    part; a spectator's observation holds no hand at all."""
    public = game.state[: game.kernels.PUB_SIZE].copy()
    hand = game.private(seat) if seat is not None else 0
    obs = game.observation_class(seat if seat is not None else -1, hand, public)
    fields = {}
    for klass in type(obs).__mro__:
        for name, attr in vars(klass).items():
            if name.startswith("_") or name in SKIP_FIELDS or name in fields:
                continue
            if not isinstance(attr, property):
                continue
            try:
                value = _plain(getattr(obs, name))
            except Exception:  # a field this seat cannot read (a spectator's): left out
                continue
            if value is not None:
                fields[name] = value
    return dict(sorted(fields.items()))


def _seats(game, seats: list[dict] | None) -> list[dict]:
    """The table's seats as given (other plain fields kept, e.g. ``away``), with ``seat``,
    ``name``, ``kind`` and ``connected`` always there."""
    out = []
    for p in range(game.spec.seats):
        given = seats[p] if seats and p < len(seats) and isinstance(seats[p], dict) else {}
        s = {k: v for k, v in given.items() if isinstance(v, str | bool | int | float | None)}
        kind = "person" if given.get("kind") == "person" else "bot"
        s.update(seat=p, name=str(given.get("name") or f"seat {p}"), kind=kind,
                 connected=bool(given.get("connected", kind == "bot")))  # fmt: skip
        out.append(s)
    return out


def card_of_action(text: str, hand: set[str]) -> str | None:
    """The card of the hand an action text plays, lays or discards (``QS``,
    ``discard:9C``, ``JK=S``), or None for an action that is no card (``pass``; a bid
    ``bid:7H`` or a call ``call:AS``, even when the hand holds that card)."""
    if text in hand:
        return text
    if text.startswith("discard:") and text[8:] in hand:
        return text[8:]
    head = text.split("=", 1)[0]
    return head if head in hand else None


def _prompt(game, seat: int, legal: list[str], card_actions: dict) -> str:
    web = web_part(game)
    if web is not None and hasattr(web, "prompt"):
        return web.prompt(game, seat)
    played = sum(len(v) for v in card_actions.values())
    if legal and played == len(legal):
        return "card"
    return "action" if played == 0 else "card-or-action"


def _result(game) -> dict | None:
    if not game.over:
        return None
    ranks, shares = game.results()
    return {
        "ranks": ranks,
        "totals": [int(t) for t in game.totals],
        "winners": [p for p, r in enumerate(ranks) if r == 1],
        "shares": shares,
        "lowest_wins": game.spec.lowest_wins,
    }


def view_for(
    game,
    seat: int | None,
    seats: list[dict] | None = None,
    preselect: str | None = None,
    last_trick: dict | None = None,
    log: list | None = None,
) -> dict:
    """The whole view of ``seat`` (None: a spectator) at this moment (``docs/web.md``).

    ``seats`` are the table's seats (name, ``person``/``bot``, connected), ``preselect``
    the card this seat has pre-selected (R10.3), ``last_trick`` what its last look showed
    (the server counts the looks), ``log`` the public events so far; each is passed
    through as given.
    """
    spec = game.spec
    n = spec.seats
    if isinstance(seat, np.integer):
        seat = int(seat)
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
        raise ValueError(f"seat {seat!r}: {spec.name} has seats 0-{n - 1} (None: a spectator)")
    over = game.over
    to_act = game.to_act
    mine = seat is not None and to_act == seat
    state = "over" if over else "your-turn" if mine else "waiting"
    hand = hand_cards(game, seat) if seat is not None else []
    legal = [game.event_name(a) for a in game.legal_actions()] if mine else []
    held = set(hand)
    card_actions: dict[str, list[str]] = {}
    actions = []
    for text in legal:
        card = card_of_action(text, held)
        if card is None:
            actions.append(text)
        else:
            card_actions.setdefault(card, []).append(text)
    trick, leader = _trick(game)
    web = web_part(game)
    public = web.public_view(game, seat) if web is not None else generic_public(game, seat)
    taken = web.taken(game) if web is not None and hasattr(web, "taken") else None
    return {
        "game": spec.name,
        "deal": spec.deal,  # what a deal is called (Trix: contract)
        "seat": seat,
        "state": state,
        "to_act": to_act,
        "seats": _seats(game, seats),
        "teams": [list(t) for t in spec.teams],
        "hand": hand,
        "legal": legal,
        "card_actions": card_actions,  # card -> the legal actions that play it
        "actions": actions,  # the legal actions that are no card (pass, double, a contract)
        "prompt": _prompt(game, seat, legal, card_actions) if mine else None,
        "trick": trick,
        "leader": leader,
        "taken": taken,
        "totals": [int(t) for t in game.totals],
        "lowest_wins": spec.lowest_wins,
        "log": list(log or []),
        "preselect": preselect,
        "last_trick": last_trick,
        "result": _result(game),
        "public": public,
    }
