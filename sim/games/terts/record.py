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
from sim.games.terts.cards import CARD_NAMES, format_hand
from sim.games.terts.game import TertsGame
from sim.games.terts.replay import replay, replay_record  # noqa: F401  (the codec's)
from sim.games.terts.vocab import SUITS

FORMAT = SPEC.record_format
FIELDS = ("format", "game", "bots", "first_dealer", "deals", "totals", "ranks", "win_share",
          "end")  # fmt: skip
DEAL_FIELDS = ("dealer", "trump", "turned", "hands", "stock", "events", "card_points",
               "meld_points", "last_trick", "points", "totals")  # fmt: skip


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
        expect_list(d, "hands", str, 2, where)
        expect_list(d, "events", str, None, where)
        for key in ("card_points", "meld_points", "points", "totals"):
            expect_list(d, key, int, 2, where)
    return rec
