"""Terts: two players, a trump turned from the stock, melds answered and beaten, 501 wins.

The rules are ``../shared/games/terts/RULES.md`` (R1–R10), the records
``../shared/games/terts/RECORD.md``. The parts follow ``docs/games.md``:
:mod:`.vocab`, :mod:`.cards`, :mod:`.state`, :mod:`.rules` (the kernels),
:mod:`.kernels` (what the compiled loop runs), :mod:`.determinize`, :mod:`.game`
(the checked Python game), :mod:`.record` and :mod:`.replay`, :mod:`.columns`,
:mod:`.report`, :mod:`.view`.
"""

from sim.core.spec import GameSpec
from sim.games.terts.vocab import N_SEATS

SPEC = GameSpec(
    name="terts",
    version="1",
    title="Terts: 2 players, melds declared and beaten, a stock and a turned trump; 501 wins",
    package=__name__,
    seats=N_SEATS,
    deck=32,
    record_format="trixsim/terts-record@1",
    deal="deal",
    deal_table="deals",
    deal_count="deals",
    max_deals=7,  # R9.1: every deal hands out at least 162 points
    default_games=1000,  # greedy,mcts: about a minute on 2 cores (measured in the bench)
)
