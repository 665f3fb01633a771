"""Replay a Terts record through the engine and say where it breaks a rule.

The checks follow RECORD.md's order: the deal's cards, the trump, the dealer, every
event (the seat to act, the action allowed at that point of the trick, a card or meld
held, a meld allowed and in time, an answer that beats, the suit followed, an exchange
in time), nothing missing or extra, then ``card_points``, ``meld_points``,
``last_trick``, ``points``, ``totals``, and the end of the game. The first fault is
reported in one line: ``game 3, deal 2, event 16 "1:7D": ... (R5.5)``. Deals and
events are numbered from 1.
"""

from __future__ import annotations

from sim.core.api import IllegalActionError
from sim.core.replay import Mismatch
from sim.games.terts.cards import CARD_NAMES, parse_hand
from sim.games.terts.game import TertsGame, check_deal
from sim.games.terts.vocab import ANSWER, FOLLOW, LEAD_CARD, N_SEATS, SUITS

CARD_IDS = {name: card for card, name in CARD_NAMES.items()}


def replay(rec: dict) -> int:
    """The codec's replay: the number of deals of a good record; Mismatch otherwise."""
    return len(replay_record(rec).history)


def replay_record(rec: dict) -> TertsGame:
    """Rebuild a record's game; raise Mismatch at the first departure from the rules."""
    gid = rec["game"]
    deals = rec["deals"]
    if rec["first_dealer"] not in range(N_SEATS):
        raise Mismatch(f"game {gid}: first_dealer {rec['first_dealer']} is not a seat "
                       f"0-{N_SEATS - 1} (R3.1)")  # fmt: skip
    cards = [deal_cards(gid, i, d) for i, d in enumerate(deals, 1)]
    # a record that stops too early is caught below; meanwhile it is dealt its last cards
    game = TertsGame.from_deals(rec["first_dealer"], lambda k: cards[min(k, len(cards) - 1)])
    for i, d in enumerate(deals, 1):
        replay_deal(game, gid, i, d)
    if not game.over:
        raise Mismatch(f"game {gid}: the record ends after deal {len(deals)} but the game "
                       "goes on: no total has reached 501 (R9.1)")  # fmt: skip
    ranks, shares = game.results()
    for key, ours in (("totals", game.totals), ("ranks", ranks), ("end", game.end)):
        if rec[key] != ours:
            verb = "is" if key == "end" else "are"
            raise Mismatch(f"game {gid}: {key} {verb} {rec[key]} but the rules give {ours} "
                           "(R9.2, R9.3)")  # fmt: skip
    if [round(float(x), 9) for x in rec["win_share"]] != [round(x, 9) for x in shares]:
        raise Mismatch(f"game {gid}: win_share is {rec['win_share']} but the rules give "
                       f"{shares} (R9.3)")  # fmt: skip
    return game


def deal_cards(gid: int, i: int, d: dict) -> tuple[list[int], int, list[int]]:
    """A deal's hands, turned card and stock, checked: the 32 cards once, trump its suit."""
    try:
        for text in (*d["hands"], d["stock"]):
            canonical(text)
        if d["turned"] not in CARD_IDS:
            raise ValueError(f"the turned card {d['turned']!r} is not one card like TD or AS")
        words = [w for text in (*d["hands"], d["turned"], d["stock"]) for w in text.split(" ")]
        twice = sorted({w for w in words if words.count(w) > 1}, key=CARD_IDS.get)
        if twice:
            raise ValueError(f"{' '.join(twice)} dealt twice: the hands, the turned card and the "
                             "stock are the 32 cards once each")  # fmt: skip
        hands = [parse_hand(h) for h in d["hands"]]
        turned = CARD_IDS[d["turned"]]
        stock = [CARD_IDS[c] for c in d["stock"].split(" ")]
        check_deal(hands, turned, stock)
    except ValueError as e:
        raise Mismatch(f"game {gid}, deal {i}: {e} (R1.1, R3.3, R3.4)") from None
    if d["trump"] != SUITS[turned // 8]:
        raise Mismatch(f"game {gid}, deal {i}: trump is {d['trump']!r} but the turned card "
                       f"{d['turned']} makes {SUITS[turned // 8]!r} trump (R3.4)")  # fmt: skip
    return hands, turned, stock


def canonical(cards: str) -> None:
    """Cards as RECORD.md writes them: two upper-case characters, single spaces between."""
    for name in cards.split(" "):
        if name not in CARD_IDS:
            raise ValueError(f"unknown card {name!r}: records write cards like TD or AS, "
                             "single spaces between")  # fmt: skip


def not_the_turn(game: TertsGame, seat: int) -> str:
    """Why ``seat`` may not act now, in the words of the rule."""
    turn = f"it is seat {game.to_act}'s turn, not seat {seat}'s"
    if game.phase == ANSWER:
        return f"{turn}: the follower answers the declaration (R7.4c)"
    if game.phase == LEAD_CARD:
        return f"{turn}: the leader now leads his card (R7.4d)"
    if game.phase == FOLLOW:
        return f"{turn}: the follower plays to the led card (R5.1)"
    return f"{turn}: the non-dealer leads the first trick, then each trick's winner (R5.1)"


def replay_deal(game: TertsGame, gid: int, i: int, d: dict) -> None:
    where = f"game {gid}, deal {i}"
    if game.over:
        raise Mismatch(f"{where}: the game was already over after deal {i - 1} (R9.1)")
    if d["dealer"] != game.dealer:
        rule = "R3.1" if i == 1 else "R3.2: the winner of the last trick deals"
        raise Mismatch(f"{where}: dealer is seat {d['dealer']}, but seat {game.dealer} deals "
                       f"({rule})")  # fmt: skip
    n_before = len(game.history)
    for j, event in enumerate(d["events"], 1):
        here = f'{where}, event {j} "{event}"'
        if len(game.history) > n_before or game.over:
            raise Mismatch(f"{here}: the deal was already over after 16 tricks (R5.1)")
        who, _, what = event.partition(":")
        if who not in ("0", "1"):
            raise Mismatch(f"{here}: an event is SEAT:ACTION with SEAT 0 or 1, e.g. 1:7C, "
                           "0:seq3-AS, 1:pass, 0:swap")  # fmt: skip
        seat = int(who)
        if seat != game.to_act:
            raise Mismatch(f"{here}: {not_the_turn(game, seat)}")
        trick = f"trick {game.trick_no + 1}: "
        try:
            action = game.parse_action(what)
        except IllegalActionError as e:  # a sequence not named whole (R7.3a)
            raise Mismatch(f"{here}: {trick}{e}") from None
        except ValueError as e:
            raise Mismatch(f"{here}: {e}") from None
        if what != game.event_name(action) and game.legal_mask() >> action & 1:
            raise Mismatch(f"{here}: write it as RECORD.md does (TD, swap, pass, seq3-JH, "
                           "four-A, marriage)")  # fmt: skip
        try:
            game.apply(action)
        except IllegalActionError:
            why = game.why_illegal(action)
            if not why.endswith(")"):  # "seat 1 does not hold 7C": he plays one of his cards
                why += " (R5.1)"
            raise Mismatch(f"{here}: {trick}{why}") from None
    if len(game.history) == n_before and not game.over:
        n = len(d["events"])
        raise Mismatch(f"{where}: the deal is not over after its {n} event{'s' * (n != 1)} "
                       f"(seat {game.to_act} is to act): an event is missing (R5.1)")  # fmt: skip
    ours = game.history[n_before - 1]
    fields = {
        "card_points": (ours.card_points, "R4.3"), "meld_points": (ours.meld_points, "R7.7"),
        "last_trick": (ours.last_trick, "R4.4"), "points": (ours.points, "R8.1"),
        "totals": (ours.totals, "R8.2"),
    }  # fmt: skip
    for key, (value, rule) in fields.items():
        if d[key] != value:
            raise Mismatch(f"{where}: {key} is {d[key]!r} but the rules give {value!r} ({rule})")
