"""Five-handed Euchre with a called partner: five players, each for himself; 10 points win.

The rules are ``../shared/games/euchre5/RULES.md`` (R1–R11), the records
``../shared/games/euchre5/RECORD.md``. The parts follow ``docs/games.md``:
:mod:`.vocab`, :mod:`.cards`, :mod:`.state`, :mod:`.rules` (the kernels),
:mod:`.kernels` (what the compiled loop runs), :mod:`.determinize`, :mod:`.game`
(the checked Python game), :mod:`.record` and :mod:`.replay`, :mod:`.columns`,
:mod:`.report`, :mod:`.view`.
"""

from sim.core.spec import GameSpec
from sim.games.euchre5.vocab import N_SEATS

SPEC = GameSpec(
    name="euchre5",
    version="1",
    title="Five-handed Euchre: 5 players, a called partner each deal; 10 points win",
    package=__name__,
    seats=N_SEATS,
    deck=28,
    record_format="trixsim/euchre5-record@1",
    deal="deal",
    deal_table="deals",
    deal_count="deals",
    max_deals=46,
    default_games=400,  # greedy,mcts (mcts at 1,000 iterations): about a minute on 2 cores
)
