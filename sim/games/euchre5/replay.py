"""Replay a five-handed Euchre record through the engine and say where it breaks a rule.

The checks follow RECORD.md's order: the deal's cards, every event (the seat to
act, the action allowed in the phase, a card held, the suit followed), nothing
missing or extra, then ``trump``, ``maker``, ``called``, ``partner``, ``tricks``,
``points``, ``totals``, and the end of the game. The first fault is reported in
one line: ``game 3, deal 2, event 14 "4:QD": seat 4 must follow hearts (R7.2)``.
Deals and events are numbered from 1.
"""

from __future__ import annotations

import copy

from sim.core.api import IllegalActionError
from sim.core.replay import Mismatch
from sim.games.euchre5.cards import CARD_NAMES, parse_card, parse_hand
from sim.games.euchre5.game import EuchreGame, check_deal
from sim.games.euchre5.vocab import N_SEATS, SUIT_NAMES, SUITS

CARD_IDS = {name: card for card, name in CARD_NAMES.items()}


def replay(rec: dict) -> int:
    """The codec's replay: the number of deals of a good record; Mismatch otherwise."""
    return len(replay_record(rec).history)


def replay_record(rec: dict) -> EuchreGame:
    """Rebuild a record's game; raise Mismatch at the first departure from the rules."""
    gid = rec["game"]
    deals = rec["deals"]
    if rec["first_dealer"] not in range(N_SEATS):
        raise Mismatch(f"game {gid}: first_dealer {rec['first_dealer']} is not a seat "
                       f"0-{N_SEATS - 1}")  # fmt: skip
    cards = []
    for i, d in enumerate(deals, 1):
        try:
            for text in (*d["hands"], d["up"], d["kitty"]):
                canonical(text)
            hands = [parse_hand(h) for h in d["hands"]]
            up, kitty = parse_card(d["up"]), parse_hand(d["kitty"])
            check_deal(hands, up, kitty)
        except ValueError as e:
            raise Mismatch(f"game {gid}, deal {i}: {e} (R3)") from None
        cards.append((hands, up, kitty))
    # a record that stops too early is caught below; meanwhile it is dealt its last cards
    game = EuchreGame.from_deals(rec["first_dealer"], lambda k: cards[min(k, len(cards) - 1)])
    for i, d in enumerate(deals, 1):
        replay_deal(game, gid, i, d)
    if not game.over:
        raise Mismatch(f"game {gid}: the record ends after deal {len(deals)} but no total has "
                       "reached 10 (R9.1)")  # fmt: skip
    ranks, shares = game.results()
    for key, ours in (("totals", game.totals), ("ranks", ranks), ("end", game.end)):
        if rec[key] != ours:
            verb = "is" if key == "end" else "are"
            raise Mismatch(f"game {gid}: {key} {verb} {rec[key]} but the rules give {ours} (R9)")
    if [round(float(x), 9) for x in rec["win_share"]] != [round(x, 9) for x in shares]:
        raise Mismatch(f"game {gid}: win_share is {rec['win_share']} but the rules give "
                       f"{shares} (R9.3)")  # fmt: skip
    return game


def canonical(cards: str) -> None:
    """Cards as RECORD.md writes them: two upper-case characters, single spaces between."""
    for name in cards.split(" "):
        if name not in CARD_IDS:
            raise ValueError(f"unknown card {name!r}: records write cards like TD or AS, "
                             "single spaces between")  # fmt: skip


def replay_deal(game: EuchreGame, gid: int, i: int, d: dict) -> None:
    where = f"game {gid}, deal {i}"
    if game.over:
        raise Mismatch(f"{where}: the game was already over after deal {i - 1} (a total reached "
                       "10, R9.1)")  # fmt: skip
    if d["dealer"] != game.dealer:
        raise Mismatch(f"{where}: dealer is seat {d['dealer']}, but seat {game.dealer} deals "
                       "(R2.3)")  # fmt: skip
    n_before = len(game.history)
    start = game.state.copy()  # to try the bidding the deal's outcome needs, if an event fails
    fault = play_events(game, d["events"])
    if fault is not None:
        j, why = fault
        event = d["events"][j - 1]
        blame = bid_departure(game, start, d, j)
        if blame is not None:
            k, need, rule = blame
            bid = d["events"][k - 1]
            why = why.removeprefix(f"{event.partition(':')[2]!r}: ")  # the event says it
            raise Mismatch(f'{where}, event {k} "{bid}": the deal\'s maker (seat {d["maker"]}) '
                           f"and trump ({SUIT_NAMES[SUITS.index(d['trump'])]}) need \"{need}\" "
                           f"here ({rule}); after {bid_words(bid)}, event {j} \"{event}\" is "
                           f"not legal: {why}")  # fmt: skip
        raise Mismatch(f'{where}, event {j} "{event}": {why}')
    if len(game.history) == n_before and not game.over:
        n = len(d["events"])
        raise Mismatch(f"{where}: the deal is not over after its {n} event{'s' * (n != 1)} "
                       f"(seat {game.to_act} is to act): an event is missing")  # fmt: skip
    ours = game.history[n_before - 1]
    fields = {
        "trump": (SUITS[ours.trump], "R4"), "maker": (ours.maker, "R4"),
        "called": (None if ours.called is None else CARD_NAMES[ours.called], "R6.1"),
        "partner": (ours.partner, "R6.3, R6.4"), "tricks": (ours.tricks, "R7"),
        "points": (ours.points, "R8"), "totals": (ours.totals, "R9.1"),
    }  # fmt: skip
    for key, (value, rule) in fields.items():
        if d[key] != value:
            raise Mismatch(f"{where}: {key} is {d[key]!r} but the rules give {value!r} ({rule})")


def play_events(game: EuchreGame, events: list) -> tuple[int, str] | None:
    """Apply a deal's events; the first that fails (its number from 1, and why), or None."""
    deal = game.deal_no
    for j, event in enumerate(events, 1):
        if game.deal_no != deal or game.over:
            return j, "the deal was already over after its fifth trick (R7.1)"
        who, _, what = event.partition(":")
        if not (len(who) == 1 and who in "01234"):
            return j, "an event is SEAT:ACTION, e.g. 2:order, 1:discard:QC, 3:9D"
        seat = int(who)
        if seat != game.to_act:
            return j, f"it is seat {game.to_act}'s turn, not seat {seat}'s (R2.2)"
        try:
            action = game.parse_action(what)
        except ValueError as e:
            return j, str(e)
        if what != game.event_name(action):
            return j, (f"write it {who}:{game.event_name(action)} (RECORD.md: upper-case cards "
                       "like TD, no spaces)")  # fmt: skip
        try:
            game.apply(action)
        except IllegalActionError:
            return j, game.why_illegal(action)
    return None


def needed_bids(d: dict, dealer: int) -> list[tuple[str, str]] | None:
    """The bids the deal's recorded maker and trump leave possible, with their rule: passes
    up to the maker, then his order (trump is the up card's suit: round 1, R4.1), or five
    passes and passes up to him in round 2, then his naming of trump (R4.3). None when the
    record's maker or trump is no seat or suit (their own check names that)."""
    maker, trump = d.get("maker"), d.get("trump")
    if type(maker) is not int or maker not in range(N_SEATS) or trump not in tuple(SUITS):
        return None
    try:
        round_1 = parse_card(d["up"]) >> 3 == SUITS.index(trump)
    except (ValueError, TypeError):
        return None
    seats = [(dealer + 1 + k) % N_SEATS for k in range(N_SEATS)]
    before = seats[: seats.index(maker)]
    if round_1:
        return [(f"{p}:pass", "R4.1") for p in before] + [(f"{maker}:order", "R4.1")]
    return ([(f"{p}:pass", "R4.1") for p in seats] + [(f"{p}:pass", "R4.3") for p in before]
            + [(f"{maker}:trump:{trump}", "R4.3")])  # fmt: skip


def bid_departure(game: EuchreGame, start, d: dict, j: int) -> tuple[int, str, str] | None:
    """When event ``j`` of a deal fails: the earlier bid that departs from the bidding the
    deal's recorded maker and trump need (its number, the bid needed, the rule), if with that
    bid in its place every event of the deal follows the rules; None otherwise."""
    events = d["events"]
    needed = needed_bids(d, d["dealer"])
    if needed is None:
        return None
    k = next((k for k, (need, _) in enumerate(needed[: j - 1]) if events[k] != need), None)
    if k is None:
        return None
    trial = copy.copy(game)  # the hooks that keep the record's history do nothing in a trial
    trial.state, trial.deal_rows = start.copy(), []
    trial._on_deal_start = trial._on_action = trial._on_deal_end = lambda *args: None
    if play_events(trial, [*events[:k], needed[k][0], *events[k + 1 :]]) is not None:
        return None
    return k + 1, *needed[k]


def bid_words(event: str) -> str:
    """``a pass``, ``an order``, ``naming spades``: a bid as the replay's message says it."""
    what = event.partition(":")[2]
    if what == "pass":
        return "a pass"
    if what == "order":
        return "an order"
    if what.startswith("trump:") and what[6:] in tuple(SUITS):
        return f"naming {SUIT_NAMES[SUITS.index(what[6:])]}"
    return f'"{what}"'
