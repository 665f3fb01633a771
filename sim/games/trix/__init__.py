"""Trix: four players, each for himself, 28 contracts; the lowest total wins.

The rules are ``../shared/games/trix/RULES.md`` (R1–R10), the records
``../shared/games/trix/RECORD.md``. The parts of the game (:data:`SPEC`):

- :mod:`.vocab` every name, code and mask (no numba); :mod:`.cards` the card notation;
  :mod:`.state` the slots of the flat state.
- :mod:`.rules` the rules as numba kernels; :mod:`.kernels` the kernel set the
  compiled loop runs.
- :mod:`.game` the checked Python game; :mod:`.record` and :mod:`.replay` records.
- :mod:`.columns` the ``contracts`` Parquet table; :mod:`.report` its report sections;
  :mod:`.view` the terminal table's screen and words.
"""

from sim.core.spec import GameSpec
from sim.games.trix.vocab import N_DEALS, N_SEATS

SPEC = GameSpec(
    name="trix",
    version="1",
    title="Trix: 4 players, each for himself, 28 contracts; the lowest total wins",
    package=__name__,
    seats=N_SEATS,
    deck=32,
    record_format="trixsim/game-record@1",
    deal="contract",
    deal_table="contracts",
    deal_count="contracts",
    max_deals=N_DEALS,
    lowest_wins=True,
    default=True,  # the game trixsim began with: every command plays it unless told otherwise
)
