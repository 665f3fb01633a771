"""Replay a five-handed Euchre record through the engine and say where it breaks a rule.

The checks follow RECORD.md's order: the deal's cards, every event (the seat to
act, the action allowed in the phase, a card held, the suit followed), nothing
missing or extra, then ``trump``, ``maker``, ``called``, ``partner``, ``tricks``,
``points``, ``totals``, and the end of the game. The first fault is reported in
one line: ``game 3, deal 2, event 14 "4:QD": seat 4 must follow hearts (R7.2)``.
Deals and events are numbered from 1.
"""

from __future__ import annotations

from sim.core.api import IllegalActionError
from sim.core.replay import Mismatch
from sim.games.euchre5.cards import CARD_NAMES, parse_card, parse_hand
from sim.games.euchre5.game import EuchreGame, check_deal
from sim.games.euchre5.vocab import N_SEATS, SUITS

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
    for j, event in enumerate(d["events"], 1):
        here = f'{where}, event {j} "{event}"'
        if len(game.history) > n_before or game.over:
            raise Mismatch(f"{here}: the deal was already over after its fifth trick (R7.1)")
        who, _, what = event.partition(":")
        if not (len(who) == 1 and who in "01234"):
            raise Mismatch(f"{here}: an event is SEAT:ACTION, e.g. 2:order, 1:discard:QC, 3:9D")
        seat = int(who)
        if seat != game.to_act:
            raise Mismatch(f"{here}: it is seat {game.to_act}'s turn, not seat {seat}'s (R2.2)")
        try:
            action = game.parse_action(what)
        except ValueError as e:
            raise Mismatch(f"{here}: {e}") from None
        if what != game.event_name(action):
            raise Mismatch(f"{here}: write it {who}:{game.event_name(action)} (RECORD.md: "
                           "upper-case cards like TD, no spaces)")  # fmt: skip
        try:
            game.apply(action)
        except IllegalActionError:
            raise Mismatch(f"{here}: {game.why_illegal(action)}") from None
    if len(game.history) == n_before and not game.over:
        raise Mismatch(f"{where}: the deal is not over after its {len(d['events'])} events "
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
