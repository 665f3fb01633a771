"""Five-handed Euchre records (``trixsim/euchre5-record@1``, ``../shared/games/euchre5/RECORD.md``).

Written from a finished :class:`.game.EuchreGame`, read back and replayed by
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
from sim.games.euchre5 import SPEC
from sim.games.euchre5.cards import CARD_NAMES, format_hand
from sim.games.euchre5.game import EuchreGame
from sim.games.euchre5.replay import replay, replay_record  # noqa: F401  (the codec's)
from sim.games.euchre5.vocab import N_SEATS, SUITS

FORMAT = SPEC.record_format
FIELDS = ("format", "game", "bots", "first_dealer", "deals", "totals", "ranks", "win_share",
          "end")  # fmt: skip
DEAL_FIELDS = ("dealer", "hands", "up", "kitty", "events", "trump", "maker", "called", "partner",
               "tricks", "points", "totals")  # fmt: skip


def game_record(game: EuchreGame, game_id: int, bots: list[str]) -> dict:
    """The record of a finished game, keys in RECORD.md order."""
    if not game.over:
        raise ValueError("only a finished game has a record")
    ranks, shares = game.results()
    return {
        "format": FORMAT,
        "game": game_id,
        "bots": list(bots),
        "first_dealer": game.first_dealer,
        "deals": [
            {
                "dealer": d.dealer,
                "hands": [format_hand(h) for h in d.hands],
                "up": CARD_NAMES[d.up],
                "kitty": format_hand(d.kitty),
                "events": [f"{seat}:{text}" for seat, text in d.events],
                "trump": SUITS[d.trump],
                "maker": d.maker,
                "called": None if d.called is None else CARD_NAMES[d.called],
                "partner": d.partner,
                "tricks": d.tricks,
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
        expect(d, "dealer", int, where)
        expect(d, "maker", int, where)
        for key in ("up", "kitty", "trump"):
            expect(d, key, str, where)
        for key in ("called",):
            if d[key] is not None:
                expect(d, key, str, where)
        if d["partner"] is not None:
            expect(d, "partner", int, where)
        expect_list(d, "hands", str, N_SEATS, where)
        expect_list(d, "events", str, None, where)
        for key in ("tricks", "points", "totals"):
            expect_list(d, key, int, N_SEATS, where)
    return rec
