"""Terts records: ``trixsim/terts-record@1``, as ``../shared/games/terts/RECORD.md``
defines them.

Written from a finished :class:`.game.TertsGame`, read back and replayed by
:mod:`.replay`; writing what replay rebuilt gives the same line again.
"""

from __future__ import annotations

from sim.core.record import (  # noqa: F401  (dumps, RecordError: re-exported)
    RecordError,
    dumps,
    expect,
    expect_fields,
    expect_header,
    expect_list,
    expect_results,
    parse,
)
from sim.games.terts import SPEC
from sim.games.terts.cards import CARD_NAMES, FOUR_NAMES, format_hand
from sim.games.terts.game import TertsGame
from sim.games.terts.replay import replay, replay_record  # noqa: F401  (the codec's)
from sim.games.terts.vocab import N_SEATS, RANKS, SUITS

FORMAT = SPEC.record_format
FIELDS = ("format", "game", "bots", "first_dealer", "deals", "totals", "ranks", "win_share",
          "end")  # fmt: skip
DEAL_FIELDS = ("dealer", "trump", "turned", "hands", "stock", "events", "card_points",
               "meld_points", "last_trick", "points", "totals")  # fmt: skip
CARD_WORDS = frozenset(CARD_NAMES.values())
# RECORD.md's action vocabulary, exactly as written there: a sequence seqN-TOP needs N-1
# ranks below its top (seq3-9H = 7-8-9 of hearts; seq3-8S and seq9-AS do not exist)
ACTION_WORDS = (
    CARD_WORDS
    | {"swap", "pass", "marriage", *FOUR_NAMES.values()}
    | {
        f"seq{n}-{RANKS[top]}{suit}"
        for suit in SUITS
        for n in range(3, 9)
        for top in range(n - 1, 8)
    }
)


def _spellings(word: str) -> set[str]:
    """The lower-case spellings a person may use for ``word`` (``td``, ``10d``, ``seq3-10h``)."""
    low = word.lower()
    if word in CARD_WORDS and low[0] == "t":
        return {low, "10" + low[1:]}
    if low.startswith("seq") and low[-2] == "t":
        return {low, low[:-2] + "10" + low[-1]}
    return {low}


LENIENT = {s: w for w in ACTION_WORDS for s in _spellings(w)}
EVENT_FORM = "an event is SEAT:ACTION with SEAT 0 or 1, e.g. 1:7C, 0:seq3-AS, 1:pass, 0:swap"


def game_record(game: TertsGame, game_id: int, bots: list[str]) -> dict:
    """The record of a finished game, keys in RECORD.md order."""
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
                "trump": SUITS[d.turned // 8],
                "turned": CARD_NAMES[d.turned],
                "hands": [format_hand(h) for h in d.hands],
                "stock": " ".join(CARD_NAMES[c] for c in d.stock),
                "events": [f"{seat}:{text}" for seat, text in d.events],
                "card_points": d.card_points,
                "meld_points": d.meld_points,
                "last_trick": d.last_trick,
                "points": d.points,
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
    """Parse (a line) and shape-check a record; RecordError says what is missing or wrong."""
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
        for key in ("dealer", "last_trick"):
            expect(d, key, int, where)
        for key in ("trump", "turned", "stock"):
            expect(d, key, str, where)
        expect_list(d, "hands", str, N_SEATS, where)
        expect_list(d, "events", str, None, where)
        for key in ("card_points", "meld_points", "points", "totals"):
            expect_list(d, key, int, N_SEATS, where)
        check_cards(d, where)
        for j, event in enumerate(d["events"], 1):
            check_event(f'deal {i}, event {j} "{event}": ', event)
    return rec


def check_cards(d: dict, where: str) -> None:
    """The cards of a deal as R1.2 writes them: ``TD``, ``AS``, single spaces between."""
    names = [("hands", c) for h in d["hands"] for c in h.split(" ")]
    names += [("stock", c) for c in d["stock"].split(" ")] + [("turned", d["turned"])]
    for key, name in names:
        if name not in CARD_WORDS:
            raise RecordError(f"{where}unknown card {name!r} in {key!r}: records write cards "
                              "like TD or AS, single spaces between (R1.2)")  # fmt: skip


def check_event(where: str, event: str) -> None:
    """An event as RECORD.md writes it: SEAT:ACTION, ACTION a word of its vocabulary."""
    who, colon, what = event.partition(":")
    if who not in ("0", "1") or not colon:
        raise RecordError(where + EVENT_FORM)
    if what in ACTION_WORDS:
        return
    if what.strip().lower() in LENIENT:
        raise RecordError(f"{where}write it as RECORD.md does: {LENIENT[what.strip().lower()]}")
    if what.startswith("seq"):
        raise RecordError(f"{where}{what!r} is no sequence: seqN-TOP, N 3-8, the top card N-1 "
                          "ranks above the 7, e.g. seq3-9H = 7-8-9 of hearts (R7.1)")  # fmt: skip
    if what.startswith("four-"):
        raise RecordError(f"{where}{what!r} is no meld: four-A, four-K, four-Q or four-J (R7.1)")
    raise RecordError(f"{where}unknown action {what!r}: a card (e.g. TD), swap, pass, seqN-TOP, "
                      "four-A/K/Q/J or marriage (RECORD.md)")  # fmt: skip
