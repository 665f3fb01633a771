"""Trix game records (``trixsim/game-record@1``, ``../shared/games/trix/RECORD.md``).

A record is written from a finished :class:`.game.TrixGame`; :mod:`.replay`
plays one back through the same engine. Writing what replay rebuilt gives the
same line again, so a round trip is lossless.
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
from sim.games.trix import SPEC
from sim.games.trix.cards import format_hand
from sim.games.trix.game import TrixGame, action_name
from sim.games.trix.replay import replay, replay_record  # noqa: F401  (the codec's)
from sim.games.trix.vocab import CONTRACT_NAMES, N_SEATS

FORMAT = SPEC.record_format
FIELDS = ("format", "game", "bots", "first_chooser", "contracts", "totals", "ranks",
          "win_share", "end")  # fmt: skip
CONTRACT_FIELDS = ("chooser", "choice", "contract", "hands", "events", "points", "totals")


def game_record(game: TrixGame, game_id: int, bots: list[str]) -> dict:
    """The record of a finished game, keys in RECORD.md order."""
    if not game.over:
        raise ValueError("only a finished game has a record")
    ranks, shares = game.results()
    return {
        "format": FORMAT,
        "game": game_id,
        "bots": list(bots),
        "first_chooser": game.first_chooser,
        "contracts": [
            {
                "chooser": c.chooser,
                "choice": c.choice,
                "contract": CONTRACT_NAMES[c.contract],
                "hands": [format_hand(h) for h in c.hands],
                "events": [f"{seat}:{action_name(a)}" for seat, a in c.events],
                "points": c.points,
                "totals": c.totals,
            }
            for c in game.contracts
        ],
        "totals": game.totals,
        "ranks": ranks,
        "win_share": shares,
        "end": game.end,
    }


def loads(line: str | dict) -> dict:
    """Parse (a line) and shape-check a record; RecordError says what is missing or wrong."""
    rec = parse(line) if isinstance(line, str) else line
    expect_header(rec, FORMAT, FIELDS, exact=False)
    expect(rec, "first_chooser", int)
    expect_results(rec, SPEC.seats)
    if not isinstance(rec["contracts"], list) or not rec["contracts"]:
        raise RecordError("'contracts' must be a non-empty list")
    for i, c in enumerate(rec["contracts"], 1):
        if not isinstance(c, dict):
            raise RecordError(f"contract {i} must be a JSON object")
        expect_fields(c, CONTRACT_FIELDS, False, f"contract {i}: ")
        expect(c, "chooser", int, f"contract {i}: ")
        expect(c, "choice", int, f"contract {i}: ")
        expect(c, "contract", str, f"contract {i}: ")
        expect_list(c, "hands", str, N_SEATS, f"contract {i}: ")
        expect_list(c, "events", str, None, f"contract {i}: ")
        expect_list(c, "points", int, N_SEATS, f"contract {i}: ")
        expect_list(c, "totals", int, N_SEATS, f"contract {i}: ")
    return rec
