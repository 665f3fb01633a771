"""The Review of a finished deal at a browser table (issue #45.3).

Once a deal is over every hand of it is public, and anyone with the table's link may ask
``/api/tables/{id}/review/{deal}``: every decision of every seat in that deal, valued
double dummy (:mod:`sim.analysis.evaluator`'s ``dd``: the true state, as the oracle values
it), with its verdict ("best", or what it cost and what was best), each seat's par (its
value at its first decision of the deal, everything seen, perfect play from there), its
value at the deal's end as played, and its total loss. Values are points of win share (the
game's ``analysis.UNIT``).

The work runs in a process of its own (:class:`Reviewer`): the valuations hold the GIL, and
the server's event loop must keep answering while one is made; it is given
``LIMIT_SECONDS``, and a review that takes longer is given up (the process is ended, the
next review starts a new one). Finished reviews are kept (``KEPT`` of them): a deal's review
never changes.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict

import numpy as np

LIMIT_SECONDS = 60.0  # a review's bound; a deal's takes 0.1-2 s on the reference machine
KEPT = 64  # finished reviews kept in memory
TIE = 1e-6


class ReviewError(ValueError):
    """A review that cannot be given; the message says why."""


def review(game: str, seed: int, game_id: int, moves: list[tuple[int, int]], deal: int,
           names: list[str]) -> dict:  # fmt: skip
    """Deal ``deal`` (from 1) of the game of ``seed`` whose moves are ``moves`` ((seat,
    action), from the start), valued double dummy; ReviewError if it is not over."""
    from sim.analysis.evaluator import Valuer, parse_evaluator
    from sim.core.registry import get
    from sim.web import views

    spec = get(game)
    if not spec.has("analysis"):
        raise ReviewError(f"{spec.name} has no analysis part: its deals cannot be reviewed")
    part, k = spec.part("analysis"), spec.part("kernels")
    search = spec.part("search")
    g = spec.part("api").GAME.new(seed, game_id)
    at = 0
    while len(g.deal_rows) < deal - 1:
        if at >= len(moves):
            raise ReviewError(f"{spec.deal} {deal} has not been played yet")
        g.apply(moves[at][1])
        at += 1
    valuer = Valuer(spec, parse_evaluator("dd", spec))
    n = spec.seats
    hands = [" ".join(views.card_words(g, c) for c in views.hand_cards(g, s)) for s in range(n)]
    par: list[float | None] = [None] * n
    loss = [0.0] * n
    end = [None] * n
    decisions = []
    while True:
        if at >= len(moves):
            raise ReviewError(f"{spec.deal} {deal} is not over yet: it is reviewed at its end")
        seat, action = moves[at]
        legal = g.legal_mask()
        text = g.event_name(action)
        row = {"seat": seat, "trick": part.trick(g.state),
               "phase": part.PHASES[part.phase(g.state, legal)],
               "did": views.action_words(g, seat, text)}  # fmt: skip
        if legal & (legal - 1):
            v = valuer.values(g.state, seat, g.private(seat), legal, at) * part.UNIT
            best = float(np.nanmax(v))
            cost = max(0.0, best - float(v[action]))
            if par[seat] is None:
                par[seat] = best
            loss[seat] += cost
            row["cost"] = round(cost, 2)
            if cost > TIE:
                row["best"] = [views.action_words(g, seat, g.event_name(a))
                               for a in np.flatnonzero(v >= best - TIE)]  # fmt: skip
        decisions.append(row)
        after = g.state.copy()
        scale = search.reward_scale(after[: k.PUB_SIZE])
        ended = k.step(after, action)
        g.apply(action)
        at += 1
        if ended:
            out = np.zeros(n)
            search.rewards(after, scale, out)
            end = [float(x) * part.UNIT for x in out]
            break
    return {
        "game": spec.name, "deal_word": spec.deal, "deal": deal, "unit": _unit(spec),
        "evaluator": "dd", "hands": hands,
        "seats": [{"name": names[s], "par": _round(par[s]), "end": _round(end[s]),
                   "loss": round(loss[s], 2)} for s in range(n)],
        "decisions": decisions,
    }  # fmt: skip


def _round(x):
    return None if x is None else round(x, 2)


def _unit(spec) -> str:
    return "points of team win share" if spec.teams else "points of win share"


class Reviewer:
    """Reviews made in a process of their own, one at a time, each within ``limit`` s."""

    def __init__(self, limit: float = LIMIT_SECONDS):
        self.limit = limit
        self.pool = None
        self.kept: OrderedDict = OrderedDict()
        self.lock = asyncio.Lock()

    async def of(self, table, deal: str) -> tuple[int, dict | str]:
        """``(200, the review)`` of the table's deal ``deal`` (its text in the link), or
        ``(status, why)``: 404 no such deal, 409 not over yet, 503 given up."""
        from sim.web.tables import GAME_ID

        spec = table.spec
        if not deal.isdigit() or not 1 <= int(deal) <= spec.max_deals:
            return 404, f"no {spec.deal} {deal[:20]!r}: {spec.deal}s are numbered from 1"
        n = int(deal)
        if table.game.over and n > len(table.game.deal_rows):
            return 404, f"the game ended after {spec.deal} {len(table.game.deal_rows)}"
        if n > len(table.game.deal_rows):
            return 409, (f"{spec.deal} {n} is not over yet: it is reviewed at its end, when "
                         f"every hand is public")  # fmt: skip
        names = [s["name"] for s in table.seat_list()]
        moves = [(s, a) for s, a, _ in table.moves]
        try:
            out = await self.get((table.id, n), spec.name, table.seed, GAME_ID, moves, n, names)
        except ReviewError as e:
            return (503 if "given up" in str(e) else 409), str(e)
        return 200, out

    async def get(self, key, *args) -> dict:
        """The review of ``args`` (:func:`review`'s), kept under ``key``."""
        if key in self.kept:
            self.kept.move_to_end(key)
            return self.kept[key]
        async with self.lock:  # one at a time: the machine's other core plays the tables
            if key in self.kept:
                return self.kept[key]
            if self.pool is None:
                from sim.run.local import start_workers

                self.pool = start_workers(1)
            loop = asyncio.get_running_loop()
            try:
                out = await asyncio.wait_for(loop.run_in_executor(self.pool, review, *args),
                                             self.limit)  # fmt: skip
            except TimeoutError:
                self.close()
                raise ReviewError(f"the review took more than {self.limit:.0f} s and was "
                                  f"given up; try again later") from None  # fmt: skip
        self.kept[key] = out
        while len(self.kept) > KEPT:
            self.kept.popitem(last=False)
        return out

    def close(self) -> None:
        if self.pool is not None:
            from sim.run.local import stop_workers

            stop_workers(self.pool)
            self.pool = None
