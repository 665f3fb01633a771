"""Replay a Five Hundred record through the engine and say where it breaks a rule.

The checks follow RECORD.md's order: the dealer, the deal's cards, every event (the
seat to act, the action allowed in the phase, a card held, the suit followed, the
joker's named suit), nothing missing or extra, then ``contractor``, ``bid``,
``tricks``, ``points``, ``totals``, and the end of the game. The first fault is
reported in one line: ``game 3, deal 2, event 14 "0:QD": seat 0 must follow hearts
(R7.2)``. Deals and events are numbered from 1.
"""

from __future__ import annotations

from sim.core.api import IllegalActionError
from sim.core.replay import Mismatch
from sim.games.five_hundred import state as S
from sim.games.five_hundred.cards import CARD_NAMES, parse_hand
from sim.games.five_hundred.game import FiveHundredGame, check_deal
from sim.games.five_hundred.vocab import AUCTION, DISCARD, N_SEATS, bid_name

CARD_IDS = {name: card for card, name in CARD_NAMES.items()}


def replay(rec: dict) -> int:
    """The codec's replay: the number of deals of a good record; Mismatch otherwise."""
    return len(replay_record(rec).history)


def replay_record(rec: dict) -> FiveHundredGame:
    """Rebuild a record's game; raise Mismatch at the first departure from the rules."""
    gid = rec["game"]
    deals = rec["deals"]
    if rec["first_dealer"] not in range(N_SEATS):
        raise Mismatch(f"game {gid}: first_dealer {rec['first_dealer']} is not a seat "
                       f"0-{N_SEATS - 1} (R2.3)")  # fmt: skip
    cards = []
    for i, d in enumerate(deals, 1):
        try:
            for text in (*d["hands"], d["kitty"]):
                canonical(text)
            hands = [parse_hand(h) for h in d["hands"]]
            kitty = parse_hand(d["kitty"])
            check_deal(hands, kitty)
        except ValueError as e:
            raise Mismatch(f"game {gid}, deal {i}: {e} (R1.1, R3.2)") from None
        cards.append((hands, kitty))
    # a record that stops too early is caught below; meanwhile it is dealt its last cards
    game = FiveHundredGame.from_deals(rec["first_dealer"],
                                      lambda k: cards[min(k, len(cards) - 1)])  # fmt: skip
    for i, d in enumerate(deals, 1):
        replay_deal(game, gid, i, d)
    if not game.over:
        raise Mismatch(f"game {gid}: the record ends after deal {len(deals)} but the game "
                       "goes on: no team has 500 or -500, fewer than 200 deals (R10)")  # fmt: skip
    ranks, shares = game.results()
    for key, ours in (("totals", game.totals), ("ranks", ranks), ("end", game.end)):
        if rec[key] != ours:
            verb = "is" if key == "end" else "are"
            raise Mismatch(f"game {gid}: {key} {verb} {rec[key]} but the rules give {ours} (R10)")
    if [round(float(x), 9) for x in rec["win_share"]] != [round(x, 9) for x in shares]:
        raise Mismatch(f"game {gid}: win_share is {rec['win_share']} but the rules give "
                       f"{shares} (R10.6)")  # fmt: skip
    return game


def not_the_turn(game: FiveHundredGame, seat: int) -> str:
    """Why ``seat`` may not act now, in the words of the rule."""
    turn = f"it is seat {game.to_act}'s turn, not seat {seat}'s"
    if game.phase == AUCTION:
        if game.state[S.PASSED] >> seat & 1:
            return f"seat {seat} passed and is out of the auction for this deal (R4.5); {turn}"
        return f"{turn}: calls go clockwise from the dealer's left, passed players skipped (R4.1)"
    if game.phase == DISCARD:
        return f"only the contractor, seat {game.contractor}, discards (R6.1); {turn}"
    return f"{turn}: the contractor leads, then each trick's winner, clockwise (R7.1, R2.2)"


def canonical(cards: str) -> None:
    """Cards as RECORD.md writes them: two upper-case characters, single spaces between."""
    for name in cards.split(" "):
        if name in ("4C", "4S"):
            raise ValueError(f"{name}: there are no black fours")
        if name not in CARD_IDS:
            raise ValueError(f"unknown card {name!r}: records write cards like TD, AS or JK, "
                             "single spaces between")  # fmt: skip


def replay_deal(game: FiveHundredGame, gid: int, i: int, d: dict) -> None:
    where = f"game {gid}, deal {i}"
    if game.over:
        raise Mismatch(f"{where}: the game was already over after deal {i - 1} (R10.5)")
    if d["dealer"] != game.dealer:
        raise Mismatch(f"{where}: dealer is seat {d['dealer']}, but seat {game.dealer} deals "
                       "(R3.1)")  # fmt: skip
    n_before = len(game.history)
    for j, event in enumerate(d["events"], 1):
        here = f'{where}, event {j} "{event}"'
        if len(game.history) > n_before or game.over:
            raise Mismatch(f"{here}: the deal was already over (R4.7, R7.1)")
        who, _, what = event.partition(":")
        if not (len(who) == 1 and who in "0123"):
            raise Mismatch(f"{here}: an event is SEAT:ACTION, e.g. 1:pass, 0:bid:7H, "
                           "0:discard:9C, 3:TD")  # fmt: skip
        seat = int(who)
        if seat != game.to_act:
            raise Mismatch(f"{here}: {not_the_turn(game, seat)}")
        try:
            action = game.parse_action(what)
        except ValueError as e:
            raise Mismatch(f"{here}: {e}") from None
        if what != game.event_name(action):
            raise Mismatch(f"{here}: write it as RECORD.md does (pass, bid:7H, bid:10NT, "
                           "discard:9C, TD, JK, JK=S)")  # fmt: skip
        try:
            game.apply(action)
        except IllegalActionError:
            raise Mismatch(f"{here}: {game.why_illegal(action)}") from None
    if len(game.history) == n_before and not game.over:
        n = len(d["events"])
        raise Mismatch(f"{where}: the deal is not over after its {n} event{'s' * (n != 1)} "
                       f"(seat {game.to_act} is to act): an event is missing")  # fmt: skip
    ours = game.history[n_before - 1]
    fields = {
        "contractor": (ours.contractor, "R4.6"),
        "bid": (None if ours.bid is None else bid_name(ours.bid), "R4.6"),
        "tricks": (ours.tricks, "R7"), "points": (ours.points, "R5, R9"),
        "totals": (ours.totals, "R9"),
    }  # fmt: skip
    for key, (value, rule) in fields.items():
        if d[key] != value:
            raise Mismatch(f"{where}: {key} is {d[key]!r} but the rules give {value!r} ({rule})")
