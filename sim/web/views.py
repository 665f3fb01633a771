"""What one seat of a table is sent: :func:`view_for`, the view of ``docs/web.md``.

A view is a plain JSON-serialisable dict built from the game's public slots
(``state[:PUB_SIZE]``), that seat's own hand and, when it is that seat's turn, its
legal actions; so nothing of another seat's hand can be in it. The generic fields
hold for every game with a ``web`` part (``sim/games/<game>/web.py``), which declares
every name the web layer reads (``docs/web.md``: its card notation, where its trick lies,
its hooks, each present, None where the game has none) and adds its own public parts
under ``public``. Nothing here probes a game for a name: a renamed slot fails where the
web part is imported, and ``tests/test_every_game.py`` checks the declarations.

Cards are written in the game's record notation (its ``CARDS``, R1.x), actions as the
game's record writes them (``game.event_name``), which is what the page sends back in
``{"type": "act", "action": ...}``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType

import numpy as np

from sim.core.words import capital, said_by

STATES = ("your-turn", "waiting", "over")
SKIP_FIELDS = {"seat", "hand", "cards", "public"}  # observation fields kept out of ``public``


@dataclass(frozen=True)
class CardNotation:
    """A game's card notation (its ``cards`` module, R1.x), as a web part declares it:
    ``CARDS = CardNotation(CARD_NAMES, cards_of, card_name, parse_card)``; the names of
    its members are those of the game's ``cards`` functions."""

    names: Sequence[str] | Mapping[int, str]  # card id -> its text (``22`` -> ``"TD"``)
    cards_of: Callable[[int], list[int]]  # a mask's cards, in the game's order
    card_name: Callable[[int], str]  # one card's text
    parse_card: Callable[[str], int]  # a card's text -> its id (ValueError if it is none)
    card_text: Callable[[int], str] | None = None  # as a person reads it (``10♦``); None: the name


@dataclass(frozen=True)
class TrickSlots:
    """Where the trick lies in a game's public slots (its ``state`` module's numbers), as a
    web part declares it: ``TRICK_SLOTS = TrickSlots(number=S.TRICK_NO, leader=S.LEADER,
    cards=S.TRICK_CARDS)``. None: the game does not keep it."""

    number: int  # tricks completed in this deal
    leader: int  # who led the current trick
    cards: int | None = None  # one slot per seat: its card on the current trick, -1 if none
    lead_card: int | None = None  # the card led, for a game that keeps only that one
    last_cards: int | None = None  # one slot per seat: the last completed trick's cards
    last_winner: int | None = None  # who won the last completed trick


@dataclass(frozen=True)
class Button:
    """One button of a question: the legal action it sends (None: a cell of the grid that
    may not be chosen now, shown greyed) and what it says."""

    action: str | None
    text: str
    title: str = ""  # more words, for a hover and a screen reader ("7 hearts: 200 points")


@dataclass(frozen=True)
class Controls:
    """A group of buttons laid out as the game's own control: one row (a suit chooser) or a
    grid (a bid by level and suit, ``header`` naming its columns), with its question and the
    rule beside it."""

    label: str  # what is asked ("Your bid")
    rows: tuple[tuple[Button, ...], ...]
    note: str = ""  # the rule in words, beside the control
    header: tuple[str, ...] = ()  # a grid's column names ("♠", "♣", "♦", "♥", "NT")


@dataclass(frozen=True)
class Described:
    """A game's state in a person's words, for one viewer (a web part's ``describe``)."""

    title: str  # the title bar: the deal and what it is played for
    ask: str | None = None  # what the seat to act is asked, in a sentence (None: not its turn)
    panel: tuple[tuple[str, str], ...] = ()  # the readable state: (what, its words)
    badges: tuple[tuple[str, ...], ...] = ()  # per seat, short words on it ("dealer", "maker")
    felt: tuple[tuple[str, tuple[str, ...]], ...] = ()  # face-up cards on the felt: (what, cards)
    ended: str | None = None  # once the game is over: why it ended


_WEB: dict[str, ModuleType] = {}


def web_part(spec) -> ModuleType:
    """The game's web part; ValueError for a game without one (it cannot be seated)."""
    if spec.name not in _WEB:
        if not spec.has("web"):
            raise ValueError(f"{spec.name} has no web part ({spec.module('web')}): it cannot "
                             "be played in the browser")  # fmt: skip
        _WEB[spec.name] = spec.part("web")
    return _WEB[spec.name]


def label(spec) -> str:
    """The game's name in the lobby's list."""
    return web_part(spec).LABEL or spec.title.split(":", 1)[0]


def card_names(game) -> dict[int, str]:
    """Card id -> its text in the game's notation (``22`` -> ``"TD"``)."""
    names = web_part(game.spec).CARDS.names
    return dict(names) if isinstance(names, Mapping) else dict(enumerate(names))


def hand_cards(game, seat: int) -> list[str]:
    """``seat``'s cards as texts, in the game's own order (by suit, low to high)."""
    names = card_names(game)
    cards = web_part(game.spec).CARDS.cards_of(int(game.hand(seat)))
    return [names[c] for c in cards if c in names]


def last_trick(game) -> dict | None:
    """The last trick taken in the current deal, as a look shows it (``{"cards": [...] by
    seat, "winner", "number"}``), or None; only games whose web part has ``last_trick``."""
    own = web_part(game.spec).last_trick
    return own(game) if own is not None else None


def looks_per_deal(game) -> int | None:
    """How often a seat may look at the last trick per deal (the web part's ``LOOKS``, e.g.
    2 by R4.4); None: no limit the game knows of."""
    return web_part(game.spec).LOOKS


def public_text(game, seat: int, action: int) -> str | None:
    """How a table's log may write ``seat``'s ``action`` (ask before applying it): the action
    as the record writes it, ``discard`` for a discard (its card stays private), or None for
    an action nobody else may learn of (the web part's ``public_text`` says which)."""
    own = web_part(game.spec).public_text
    if own is not None:
        return own(game, seat, action)
    text = game.event_name(action)
    return "discard" if text.startswith("discard:") else text


def card_words(game, text: str) -> str:
    """A card's text in the game's notation as a person reads it (``TS`` -> ``10♠``); the
    text as it is when it is no card of the game."""
    cards = web_part(game.spec).CARDS
    try:
        card = int(cards.parse_card(text))
    except (ValueError, KeyError, IndexError):
        return text
    return cards.card_text(card) if cards.card_text is not None else text


def action_words(game, seat: int, text: str) -> str:
    """``seat``'s action (as the record writes it, or as :func:`public_text` shows it: a
    discard as ``discard``) in words, a verb first: ``play 10♠``, ``bid 7♥``, ``pass``.
    Asked before the action is applied. The web part's ``words``; else a card is played,
    a discard is face down and anything else is its text."""
    own = web_part(game.spec).words
    if own is not None:
        return own(game, seat, text)
    if text == "discard":
        return "discard a card face down"
    shown = card_words(game, text)
    return f"play {shown}" if shown != text else text


def namer(seats: list[dict], viewer: int | None) -> Callable[[int], str]:
    """A seat as ``viewer`` reads it: ``you``, else its name (with its number when two
    seats share a name: three ``greedy`` bots)."""
    names = [s["name"] for s in seats]

    def name(p: int) -> str:
        if p == viewer:
            return "you"
        if not 0 <= p < len(names):
            return f"seat {p}"
        return names[p] if names.count(names[p]) == 1 else f"{names[p]} (seat {p})"

    return name


def totals_words(game, totals: list[int], name: Callable[[int], str]) -> str:
    """``you 120, Ann -40`` (or per team, ``you and Cy 120``)."""
    teams = [list(t) for t in game.spec.teams]
    if teams and len(totals) == len(teams):
        who = [" and ".join(name(p) for p in team) for team in teams]
    else:
        who = [name(p) for p in range(len(totals))]
    return ", ".join(f"{w} {t}" for w, t in zip(who, totals, strict=False))


def log_line(game, entry, name: Callable[[int], str]) -> str:
    """One entry of a table's log (``sim.web.tables``) in the viewer's words: a seat's
    action ``{"seat", "do"}``, a deal's end ``{"deal", "totals", "over"}``, or a text."""
    if isinstance(entry, str):
        return entry
    if "do" in entry:
        return said_by(name(entry["seat"]), entry["do"])
    deal = game.spec.deal
    then = "the game is over" if entry["over"] else f"{deal} {entry['deal'] + 1} is dealt"
    return (f"{deal.capitalize()} {entry['deal']} is over. Totals: "
            f"{totals_words(game, entry['totals'], name)}; {then}.")  # fmt: skip


def controls(game, seat: int, actions: list[str]) -> list[Controls]:
    """The seat's legal actions that are no card, laid out as buttons: the web part's
    ``controls``; else one row, each button its action's words."""
    own = web_part(game.spec).controls
    if own is not None:
        return own(game, seat, actions)
    if not actions:
        return []
    row = tuple(Button(a, capital(action_words(game, seat, a))) for a in actions)
    return [Controls("Your choice", (row,))]


def _controls_json(groups: list[Controls], legal: list[str]) -> list[dict]:
    """The groups as the page draws them; a button for an action that is not legal is a
    bug of the web part (it would be refused): ValueError."""
    allowed = set(legal)
    out = []
    for g in groups:
        rows = []
        for row in g.rows:
            for b in row:
                if b.action is not None and b.action not in allowed:
                    raise ValueError(f"a button sends {b.action!r}, which is not legal now")
            rows.append([{"action": b.action, "text": b.text, "title": b.title} for b in row])
        out.append({"label": g.label, "note": g.note, "header": list(g.header), "rows": rows})
    return out


def describe(game, seat: int | None, name: Callable[[int], str]) -> Described:
    """The game's state in words for ``seat`` (None: a spectator): the web part's
    ``describe``; else only the title: the game's label."""
    own = web_part(game.spec).describe
    if own is not None:
        return own(game, seat, name)
    return Described(title=label(game.spec))


def _public_slots(game) -> list[int]:
    return game.state[: game.kernels.PUB_SIZE].tolist()


def _trick(game) -> tuple[list[str | None], int | None]:
    """The cards on the table by seat (None: none yet) and who led them."""
    n = game.spec.seats
    slots = web_part(game.spec).TRICK_SLOTS
    if slots is None:
        return [None] * n, None
    names, pub = card_names(game), _public_slots(game)
    leader = pub[slots.leader]
    cards = [-1] * n
    if slots.cards is not None:
        cards = pub[slots.cards : slots.cards + n]
    elif slots.lead_card is not None and 0 <= leader < n:
        cards[leader] = pub[slots.lead_card]  # a game that keeps only the led card
    trick = [names.get(c) if c >= 0 else None for c in cards]
    return trick, leader if 0 <= leader < n else None


def _plain(value):
    """A JSON value from an observation field: ints and lists of ints only, else None."""
    if isinstance(value, bool | int | np.integer):
        return int(value)
    if isinstance(value, list | tuple) and all(isinstance(v, int | np.integer) for v in value):
        return [int(v) for v in value]
    return None


def generic_public(game, seat: int | None) -> dict:
    """The named fields of the game's observation (its public slots): a ``public_view`` for
    a web part with nothing of its own to say; a spectator's observation holds no hand."""
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
    own = web_part(game.spec).prompt
    if own is not None:
        return own(game, seat)
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
    (the server counts the looks), ``log`` the public events so far (the table's entries,
    :func:`log_line`: written here in the viewer's words); the rest is passed through.
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
    web = web_part(spec)
    public = web.public_view(game, seat)
    taken = web.taken(game) if web.taken is not None else None
    seat_list = _seats(game, seats)
    name = namer(seat_list, seat)
    told = describe(game, seat, name)
    result = _result(game)
    if result is not None:
        result["why"] = told.ended
    return {
        "game": spec.name,
        "deal": spec.deal,  # what a deal is called (Trix: contract)
        "seat": seat,
        "state": state,
        "to_act": to_act,
        "seats": seat_list,
        "teams": [list(t) for t in spec.teams],
        "hand": hand,
        "legal": legal,
        "card_actions": card_actions,  # card -> the legal actions that play it
        "actions": actions,  # the legal actions that are no card (pass, double, a contract)
        "prompt": _prompt(game, seat, legal, card_actions) if mine else None,
        "ask": told.ask if mine else None,  # the question in a sentence
        "words": {a: capital(action_words(game, seat, a)) for a in legal},
        "controls": _controls_json(controls(game, seat, actions), legal) if mine else [],
        "trick": trick,
        "leader": leader,
        "taken": taken,
        "totals": [int(t) for t in game.totals],
        "lowest_wins": spec.lowest_wins,
        "log": [log_line(game, e, name) for e in log or []],  # in the viewer's words
        "preselect": preselect,
        "last_trick": last_trick,
        "result": result,
        "title": told.title,
        "panel": [list(row) for row in told.panel],
        "badges": [list(b) for b in told.badges] or [[] for _ in range(n)],
        "felt": [{"label": what, "cards": list(cards)} for what, cards in told.felt],
        "public": public,
    }
