"""Five Hundred: four players in two partnerships, an auction, a kitty, 500 points win.

The rules are ``../shared/games/five-hundred/RULES.md`` (R1–R11), the records
``../shared/games/five-hundred/RECORD.md``. The parts follow ``docs/games.md``:
:mod:`.vocab`, :mod:`.cards`, :mod:`.state`, :mod:`.rules` (the kernels),
:mod:`.kernels` (what the compiled loop runs), :mod:`.determinize`, :mod:`.game`
(the checked Python game), :mod:`.record` and :mod:`.replay`, :mod:`.columns`,
:mod:`.report`, :mod:`.view`.
"""

from sim.core.spec import GameSpec
from sim.games.five_hundred.vocab import N_SEATS, TEAMS

SPEC = GameSpec(
    name="five-hundred",
    version="1",
    title="Five Hundred: 2 partnerships, an auction for trumps and a kitty; 500 points win",
    package=__name__,
    seats=N_SEATS,
    deck=43,
    record_format="trixsim/five-hundred-record@1",
    deal="deal",
    deal_table="deals",
    deal_count="deals",
    max_deals=200,  # R10.4
    default_games=400,  # greedy,mcts (mcts at 600 iterations): about a minute on 2 cores
    teams=TEAMS,  # R2.1
)
