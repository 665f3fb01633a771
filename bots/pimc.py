"""``pimc`` and ``oracle``: every game's hidden cards sampled (or seen) and each world solved
with the game's perfect-information solver (``sim/games/<game>/solve.py``).

One file for every game with a solver and a search part (:mod:`sim.core.pimc`, bound per
game). ``pimc`` samples ``worlds`` determinizations with the game's determinizer (the
sampler ``mcts`` uses: only what the seat may know), values every legal action in each by
the solver (decisions before the solvable phase are played on by the rollout bot until
it starts), or by playouts of the rollout bot (``model=reply``, ``rollout``), and takes the
best mean. ``oracle`` values the actions on the true state: it sees every hand, which no
fair player can; it is the upper bound of the ladder, and says so wherever it plays.
"""

from dataclasses import replace
from pathlib import Path

import sim.core
from bots.mcts import bound_search, mcts_params, search_parts, seeing_search, with_network
from sim.core.binding import bind
from sim.core.bots import Param, bot_kind, numba_info
from sim.core.limits import MAX_PARAMS
from sim.core.policies import NATIVE_SEES_ALL

TEMPLATE = Path(sim.core.__file__).with_name("pimc.py")
BEFORE = ("solve", "greedy", "mcts")  # sim.core.pimc.decide reads the index
MODELS = ("solve", "reply", "rollout")  # likewise
ORACLE_MODELS = ("solve", "rollout", "mcts")  # sim.core.pimc.decide_oracle: the first two
SEED = Param("seed", 0, "extra seed mixed into the bot's stream", low=0, high=2**53)


ROLLOUTS = ("greedy", "neural")  # the bot that plays the worlds on (a compiled copy each)
NETWORK_NAMES = ("net", "stick", "temperature")  # neural's model, stick, temperature: pimc
# has a model of its own


def pimc_parts(spec, **over: str) -> dict[str, str]:
    """What the pimc template binds for ``spec``'s game: the search's parts, the solver, the
    bound mcts, the rollout bot at its defaults (``R``), or what ``over`` says instead."""
    mcts = bound_search(spec)  # loaded first: the bound pimc imports it by its module name
    return {**search_parts(spec), "S": spec.module("solver"), "M": mcts.__name__,
            "R": str(MAX_PARAMS), **over}  # fmt: skip


def bound_pimc(spec):
    return bind(TEMPLATE, spec.name, pimc_parts(spec))


def networked_pimc(spec, at: int):
    """A second copy whose rollout bot is the ``neural`` bot (it plays the worlds on, the
    decisions before the solved part where ``before=greedy``, and breaks ties), its
    parameters read from ``params[at:]``. Compiled only when a spec asks for it."""
    from bots.neural import bound_neural

    network = bound_neural(spec)  # loaded first: the copy imports it by its module name
    parts = pimc_parts(spec, G=f"{network.__name__}:decide", R=str(at))
    return bind(TEMPLATE, spec.name, parts, variant="_neural")


@bot_kind("pimc", "search", "solver")
def pimc(spec):
    """The ``pimc`` bot of ``spec``'s game."""
    solver = spec.part("solver")
    network = spec.has("observation")
    params = [
        Param("worlds", solver.WORLDS, "sampled worlds per decision (with ms: the most)",
              low=1, high=100_000),
        Param("ms", 0.0, "a time budget per decision in milliseconds (0: none); "
              "not reproducible", low=0.0, high=600_000.0),
        SEED,
        Param("before", solver.BEFORE, "decisions before the solvable phase (bids, calls, the "
              "kitty): each option played on and solved, the rollout bot's (greedy), or mcts's "
              "at iters iterations", choices=BEFORE),
        Param("ties", "greedy", "among actions of equal value: the rollout bot's choice "
              "(greedy), or the lowest action id", choices=("greedy", "lowest")),
        Param("last", 0, "solve only the last N tricks of the card play (0: all of it); the "
              "decisions before them go where before says", low=0, high=64),
        Param("model", "solve", "how a world values an action: the solver (solve), the seat's "
              "best line against the rollout bot playing every other seat (reply), or one "
              "playout of the rollout bot at every seat (rollout)", choices=MODELS),
        Param("iters", spec.part("search").ITERS, "mcts's iterations per decision where before "
              "says mcts", low=1, high=1_000_000),
        Param("play_iters", spec.part("search").ITERS, "mcts's iterations in the card play "
              "before the last tricks (0: greedy)", low=0, high=1_000_000),
        Param("rollout", "greedy", "the bot that plays the worlds on and breaks ties: greedy "
              "(the game's rollout bot) or neural (the network; it takes net, the weights, "
              "and stick and temperature)", choices=ROLLOUTS if network else ROLLOUTS[:1]),
    ]  # fmt: skip
    model = solver.PIMC.get("model", "solve")
    doc = (  # what its defaults do: a game's own may value worlds by playouts (Trix)
        f"Sampled worlds, each solved with every card seen ({solver.MODEL}), or played "
        "out by greedy (model=reply, rollout)." if model == "solve" else
        f"Sampled worlds, each valued with every card seen by one playout of greedy at every "
        f"seat (model={model}), or solved ({solver.MODEL}: model=solve)."
    )  # fmt: skip
    params = [
        replace(p, default=solver.PIMC[p.name]) if p.name in solver.PIMC else p for p in params
    ]  # the game's strongest measured configuration (its part says)
    info = numba_info("pimc", bound_pimc(spec).decide, params, doc, spec.name)
    if network:
        info.variant = with_network(spec, info, networked_pimc, NETWORK_NAMES)
    return info


@bot_kind("oracle", "search", "solver")
def oracle(spec):
    """The ``oracle`` bot of ``spec``'s game: it cheats."""
    solver = spec.part("solver")
    model = Param("model", solver.ORACLE, "how it values an action on the true state: the "
                  "solver (solve), one playout of the rollout bot at every seat (rollout), or "
                  "mcts's search of the true state at mcts's parameters (mcts)",
                  choices=ORACLE_MODELS)  # fmt: skip
    doc = (f"CHEATS: sees every hand and plays the best action on the true state by "
           f"model={solver.ORACLE} (the solver: {solver.MODEL}); a bound.")  # fmt: skip
    info = numba_info("oracle", bound_pimc(spec).decide_oracle, [SEED, model], doc, spec.name,
                      native=NATIVE_SEES_ALL)  # fmt: skip

    def variant(values):
        """``model=mcts``: the mcts template on the true state, with mcts's parameters."""
        if values["model"] != "mcts":
            return info
        params = mcts_params(spec) + [model]
        return replace(info, params=params, dispatcher=seeing_search(spec).decide,
                       variant=None)  # fmt: skip

    info.variant = variant
    return info
