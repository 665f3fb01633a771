"""``mcts``: information-set Monte Carlo tree search over sampled hidden cards, in every game
that has a search part.

One registration for every game: the generic search (:mod:`sim.core.ismcts`) is bound
to a game's kernels, its search part (``sim/games/<game>/search.py``: the determinizer,
the rewards, which decisions are searched flat, the default budget and any parameters
of the game's own), its rollout bot (``greedy``) and that bot's narrowing of the actions
worth searching, if its module has one (``search_candidates``). The bot sees only what
its seat may know: every iteration works on one determinization of the hidden cards by
the game's determinizer. Each game's search part says what is searched how.
"""

from pathlib import Path

import sim.core
from sim.core.bots import Param, bot_kind, numba_info, rollout_binding
from sim.core.loops import bind

TEMPLATE = Path(sim.core.__file__).with_name("ismcts.py")


def ismcts_params(iters: int, c: float = 0.7) -> list[Param]:
    """The parameters :func:`sim.core.ismcts.search` reads, in its order (a game's own come
    after them): ``iters`` and ``c`` (the game's defaults), ``rollout``, ``seed``, ``ms``."""
    return [
        Param("iters", iters, "search iterations per decision", low=1, high=1_000_000),
        Param(
            "rollout", "greedy", "rollout policy (greedy is stronger)", choices=("random", "greedy")
        ),  # fmt: skip
        Param("c", c, "exploration constant", low=0.0, high=100.0),
        Param("seed", 0, "extra seed mixed into the bot's stream", low=0, high=2**53),
        Param("ms", 0.0, "a time budget per decision in milliseconds, instead of iters (0: "
              "none); not reproducible", low=0.0, high=600_000.0),
    ]  # fmt: skip


def search_parts(spec) -> dict[str, str]:
    """What the search template binds for ``spec``'s game: its kernels, its search part, its
    rollout bot and that bot's narrowing."""
    return {"K": spec.module("kernels"), "D": spec.module("search"),
            **rollout_binding(spec, spec.part("search"))}  # fmt: skip


def bound_search(spec):
    """The search template bound to ``spec``'s game (one copy per game)."""
    return bind(TEMPLATE, spec.name, search_parts(spec))


@bot_kind("mcts", "search")
def mcts(spec):
    """The ``mcts`` bot of ``spec``'s game: the search bound to its parts."""
    search = spec.part("search")
    bound = bound_search(spec)
    doc = f"Information-set MCTS over sampled hidden cards, played out to the {spec.deal}'s end."
    params = ismcts_params(search.ITERS, search.C) + list(search.PARAMS)
    return numba_info("mcts", bound.decide, params, doc, spec.name)
