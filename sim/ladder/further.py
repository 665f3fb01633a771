"""Playing on: neighbours the round robin left untold apart, played further to a stated bound.

After the round robin the ladder orders its bots (:mod:`sim.ladder.strength`). Two fair bots
next to each other in that order whose pairing's interval holds 0, and each bot that sees
every hand (the oracle, the ceiling) against the strongest fair bot, are **played on**: one
more run of the pairing, on deal sets of its own (the ladder's seed + :data:`SEED`), bringing
it to :data:`DEAL_SETS` deal sets or to :data:`BUDGET` seconds of one worker on the reference
machine (:mod:`sim.run.cost`), whichever is fewer. The report pools the two runs; deal sets
are matched by seed and index, so none is counted twice. The order is then fitted again and
new neighbours are played on, until no such pair is left; a pairing plays on once at most.

In one block to the bound, not step by step until the interval leaves 0: an interval looked
at after every step, stopping the first time it excludes 0, would say *beats* far more often
than the 5% its level promises (the sequential test, ``--sprt``, is the way to stop early
with a stated error rate). So the bound, not the outcome, fixes what is played: the same
ladder plays the same games on any machine.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

from sim.ladder.roster import Pairing, bot_code, games_for, run_folder

# a pair not told apart is played on to this many deal sets at most: for cheap pairs, where
# the budget does not bind (at 200, Five Hundred's neural and greedy, whose games are won or
# lost whole, stood +2.5 ± 7.7 apart; over 8,000 deal sets they are +3.2 ± 1.2)
DEAL_SETS = 2_000
BUDGET = 600.0  # and at most this many seconds of one worker (the reference machine) more
QUICK_DEAL_SETS, QUICK_BUDGET = 40, 2.0  # --quick: a small ladder's, for the tests
SEED = 1_000_003  # the further run's seed: the ladder's plus this (deal sets of their own)


def wanted(order: list[str], pairs: list[dict], cheats: list[str]) -> list[tuple[str, str]]:
    """The pairs to play on: neighbouring fair bots of ``order`` and each cheating bot with the
    strongest fair bot, where their pairing (``pairs``, the report's paired blocks) holds 0."""
    fair = [b for b in order if b not in cheats]
    candidates = list(zip(fair, fair[1:], strict=False)) + [(c, fair[0]) for c in cheats if fair]
    said = {frozenset((p["better"], p["worse"])): p for p in pairs}
    return [
        (a, b)
        for a, b in candidates
        if (p := said.get(frozenset((a, b)))) is not None and p.get("verdict") != "beats"
    ]


def played_on(game: str, base: Pairing, root: Path, quick: bool) -> Pairing | None:
    """The further run of ``base`` (a pairing of the round robin), or None when the bound
    leaves it nothing to play."""
    from sim import __version__
    from sim.core.registry import get

    most, budget = (QUICK_DEAL_SETS, QUICK_BUDGET) if quick else (DEAL_SETS, BUDGET)
    one, seconds = games_for(game, base.a, base.b, 0.0, 1)  # a deal set: games and cost
    have = base.games // one
    sets = min(most - have, math.floor(budget / seconds))
    if sets < 1:
        return None
    seed = base.seed + SEED
    code = [bot_code(game, t) for t in sorted([base.a, base.b])]  # a class bot's source
    key = json.dumps(["further", game, get(game).version, __version__, [base.a, base.b],
                      sets * one, seed] + ([code] if any(code) else []))  # fmt: skip
    name = re.sub(r"[^A-Za-z0-9=.+-]+", "_", f"{base.a}-vs-{base.b}")[:72]
    folder = run_folder(root, f"{name}-further", key, game, [base.a, base.b])
    return Pairing(base.a, base.b, sets * one, seed, folder, sets * seconds)
