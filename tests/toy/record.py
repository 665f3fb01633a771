"""Toy records, ``trixsim/toy-record@1``: one JSON line per game, and their replay.

A record holds the first dealer and, per deal, its dealer, the hands as dealt, the events
(``SEAT:CARD``), the tricks won and the totals; then the totals, ranks, win shares and end.
Writing what :func:`replay_record` rebuilt gives the same line again.
"""

from __future__ import annotations

from sim.core.api import IllegalActionError
from sim.core.record import (  # noqa: F401  (dumps: re-exported)
    RecordError,
    dumps,
    expect,
    expect_fields,
    expect_header,
    expect_list,
    expect_results,
    parse,
)
from sim.core.replay import Mismatch
from tests.toy import SPEC
from tests.toy.game import ToyGame, check_deal
from tests.toy.vocab import CARD_NAMES, format_hand, parse_hand

FORMAT = SPEC.record_format
FIELDS = ("format", "game", "bots", "first_dealer", "deals", "totals", "ranks", "win_share",
          "end")  # fmt: skip
DEAL_FIELDS = ("dealer", "hands", "events", "tricks", "totals")


def game_record(game: ToyGame, game_id: int, bots: list[str]) -> dict:
    """The record of a finished game, keys in the order above."""
    if not game.over:
        raise ValueError("only a finished game has a record")
    ranks, shares = game.results()
    return {
        "format": FORMAT,
        "game": int(game_id),
        "bots": list(bots),
        "first_dealer": game.first_dealer,
        "deals": [
            {
                "dealer": d.dealer,
                "hands": [format_hand(h) for h in d.hands],
                "events": [f"{seat}:{card}" for seat, card in d.events],
                "tricks": d.tricks,
                "totals": d.totals,
            }
            for d in game.history
        ],
        "totals": game.totals,
        "ranks": ranks,
        "win_share": shares,
        "end": game.end,
    }


def loads(line: str | dict) -> dict:
    """Parse (a line) and shape-check a record; RecordError says what is wrong."""
    rec = parse(line) if isinstance(line, str) else line
    expect_header(rec, FORMAT, FIELDS, exact=True)
    expect(rec, "first_dealer", int)
    expect(rec, "end", str)
    expect_results(rec, SPEC.seats)
    if not isinstance(rec["deals"], list) or not rec["deals"]:
        raise RecordError("'deals' must be a non-empty list")
    for i, d in enumerate(rec["deals"], 1):
        where = f"deal {i}: "
        if not isinstance(d, dict):
            raise RecordError(f"deal {i} must be a JSON object")
        expect_fields(d, DEAL_FIELDS, True, where)
        expect(d, "dealer", int, where)
        expect_list(d, "hands", str, 2, where)
        expect_list(d, "events", str, None, where)
        expect_list(d, "tricks", int, 2, where)
        expect_list(d, "totals", int, 2, where)
    return rec


def replay(rec: dict) -> int:
    """The number of deals of a good record; Mismatch at its first departure from the rules."""
    return len(replay_record(rec).history)


def replay_record(rec: dict) -> ToyGame:
    """Rebuild a record's game event by event; Mismatch names the first rule it breaks."""
    gid, deals = rec["game"], rec["deals"]
    if rec["first_dealer"] not in (0, 1):
        raise Mismatch(f"game {gid}: first_dealer {rec['first_dealer']} is not a seat (R2.1)")
    hands = [deal_hands(gid, i, d) for i, d in enumerate(deals, 1)]
    game = ToyGame.from_deals(rec["first_dealer"], lambda k: hands[min(k, len(hands) - 1)])
    for i, d in enumerate(deals, 1):
        replay_deal(game, gid, i, d)
    if not game.over:
        raise Mismatch(f"game {gid}: the record ends after deal {len(deals)} but no total has "
                       "reached 6: the game goes on (R4.2)")  # fmt: skip
    ranks, shares = game.results()
    for key, ours in (("totals", game.totals), ("ranks", ranks), ("end", game.end)):
        if rec[key] != ours:
            raise Mismatch(f"game {gid}: {key} {rec[key]} but the rules give {ours} (R4.3)")
    if [round(float(x), 9) for x in rec["win_share"]] != [round(x, 9) for x in shares]:
        raise Mismatch(f"game {gid}: win_share {rec['win_share']} but the rules give {shares} "
                       "(R4.3)")  # fmt: skip
    return game


def deal_hands(gid: int, i: int, d: dict) -> list[int]:
    try:
        for h in d["hands"]:
            if any(w not in CARD_NAMES for w in h.split(" ")):
                raise ValueError(f"hand {h!r}: cards are written like QS, single spaces between")
        hands = [parse_hand(h) for h in d["hands"]]
        check_deal(hands)
    except ValueError as e:
        raise Mismatch(f"game {gid}, deal {i}: {e} (R2.2)") from None
    return hands


def replay_deal(game: ToyGame, gid: int, i: int, d: dict) -> None:
    where = f"game {gid}, deal {i}"
    if game.over:
        raise Mismatch(f"{where}: the game was over after deal {i - 1} (R4.2)")
    if d["dealer"] != game.dealer:
        raise Mismatch(f"{where}: dealer is seat {d['dealer']}, but seat {game.dealer} deals "
                       "(R2.1)")  # fmt: skip
    before = len(game.history)
    for j, event in enumerate(d["events"], 1):
        here = f'{where}, event {j} "{event}"'
        if len(game.history) > before or game.over:
            raise Mismatch(f"{here}: the deal was over after 3 tricks (R3.1)")
        who, colon, card = event.partition(":")
        if who not in ("0", "1") or not colon or card not in CARD_NAMES:
            raise Mismatch(f"{here}: an event is SEAT:CARD, e.g. 1:QS")
        if int(who) != game.to_act:
            raise Mismatch(f"{here}: it is seat {game.to_act}'s turn: the non-dealer leads the "
                           "first trick, the winner of a trick the next (R3.1, R3.3)")  # fmt: skip
        try:
            game.apply(CARD_NAMES.index(card))
        except IllegalActionError:
            why = game.why_illegal(CARD_NAMES.index(card))
            raise Mismatch(f"{here}: {why}") from None
    if len(game.history) == before and not game.over:
        raise Mismatch(f"{where}: the deal is not over after its {len(d['events'])} events "
                       "(R3.1)")  # fmt: skip
    ours = game.history[before - 1]
    for key, value, rule in (("tricks", ours.tricks, "R4.1"), ("totals", ours.totals, "R4.1")):
        if d[key] != value:
            raise Mismatch(f"{where}: {key} {d[key]} but the rules give {value} ({rule})")
