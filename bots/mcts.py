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

from dataclasses import replace
from pathlib import Path

import sim.core
from sim.core.binding import bind
from sim.core.bots import BotSpecError, Param, bot_kind, numba_info, rollout_binding
from sim.core.limits import MAX_PARAMS

TEMPLATE = Path(sim.core.__file__).with_name("ismcts.py")


ROLLOUTS = ("random", "greedy", "neural")  # sim.core.ismcts.search reads the index
NETWORK_NAMES = ("model", "stick", "temperature")  # rollout=neural: the network's first parameters
NETWORK_PARAMS = len(NETWORK_NAMES)


def ismcts_params(iters: int, c: float = 0.7, network: bool = False) -> list[Param]:
    """The parameters :func:`sim.core.ismcts.search` reads, in its order (a game's own come
    after them): ``iters`` and ``c`` (the game's defaults), ``rollout`` (``neural`` where the
    game has ``network``), ``seed``, ``ms``."""
    return [
        Param("iters", iters, "search iterations per decision", low=1, high=1_000_000),
        Param("rollout", "greedy", "rollout policy: random, greedy (the game's rollout bot), or "
              "neural (the network; it takes the network's model, stick and temperature)",
              choices=ROLLOUTS if network else ROLLOUTS[:2]),
        Param("c", c, "exploration constant", low=0.0, high=100.0),
        Param("seed", 0, "extra seed mixed into the bot's stream", low=0, high=2**53),
        Param("ms", 0.0, "a time budget per decision in milliseconds, instead of iters (0: "
              "none); not reproducible", low=0.0, high=600_000.0),
    ]  # fmt: skip


def mcts_params(spec, network: bool = False) -> list[Param]:
    """Every parameter ``spec``'s mcts reads: the search's own at the game's defaults, then
    the game's (its search part's ``PARAMS``)."""
    search = spec.part("search")
    return ismcts_params(search.ITERS, search.C, network) + list(search.PARAMS)


def search_parts(spec) -> dict[str, str]:
    """What the search template binds for ``spec``'s game: its kernels, its search part, its
    rollout bot and that bot's narrowing."""
    return {"K": spec.module("kernels"), "D": spec.module("search"),
            **rollout_binding(spec, spec.part("search"))}  # fmt: skip


def ismcts_parts(spec, **over: str) -> dict[str, str]:
    """What the mcts template binds: :func:`search_parts`, the rollout bot at its defaults
    (``R``) and the game's determinizer (``W``), or what ``over`` says instead."""
    search = spec.module("search")
    return {**search_parts(spec), "R": str(MAX_PARAMS), "W": f"{search}:determinize", **over}


def bound_search(spec):
    """The search template bound to ``spec``'s game (one copy per game)."""
    return bind(TEMPLATE, spec.name, ismcts_parts(spec))


def seeing_search(spec):
    """The search on the true state (``oracle:model=mcts``): handed the whole state, every
    iteration searches it as it is."""
    return bind(TEMPLATE, spec.name, ismcts_parts(spec, W="sim.core.policies:true_state"),
                variant="_seeing")  # fmt: skip


def networked_search(spec, at: int):
    """A second copy whose rollouts (and the tree's other seats) are the ``neural`` bot's,
    its parameters read from ``params[at:]``; ``D.ROLLOUT``'s narrowing of the actions
    searched is kept. Compiled only when a spec asks for it."""
    from bots.neural import bound_neural

    network = bound_neural(spec)  # loaded first: the copy imports it by its module name
    parts = ismcts_parts(spec, G=f"{network.__name__}:decide", R=str(at))
    return bind(TEMPLATE, spec.name, parts, variant="_neural")


def with_network(spec, base, networked=networked_search, names=NETWORK_NAMES):
    """``base``'s variant for ``rollout=neural``: the ``networked`` copy (``networked(spec,
    at)``, reading the network's parameters from ``params[at:]``), and the network's first
    parameters after the search's (``model``, ``stick``, ``temperature``, or ``names``
    where the search has a ``model`` of its own: ``pimc``)."""
    from sim.core.bots import load_bots

    if len(base.params) + NETWORK_PARAMS > MAX_PARAMS:
        raise ValueError(f"{base.name} has no room for the network's {NETWORK_PARAMS} parameters")

    def variant(values):
        if values["rollout"] != "neural":
            return base
        network = load_bots(spec.name).get("neural")
        if network is None:
            raise BotSpecError(f"{base.name}:rollout=neural: {spec.name} has no neural bot")
        own = network.params[:NETWORK_PARAMS]
        assert [p.name for p in own] == list(NETWORK_NAMES), "neural's order"
        own = [replace(p, name=n) for p, n in zip(own, names, strict=True)]
        fn = networked(spec, len(base.params)).decide
        doc = base.doc + " Rollouts by the neural bot."
        return replace(base, params=base.params + own, dispatcher=fn, doc=doc, variant=None)

    return variant


@bot_kind("mcts", "search")
def mcts(spec):
    """The ``mcts`` bot of ``spec``'s game: the search bound to its parts."""
    bound = bound_search(spec)
    doc = f"Information-set MCTS over sampled hidden cards, played out to the {spec.deal}'s end."
    network = spec.has("observation")
    info = numba_info("mcts", bound.decide, mcts_params(spec, network), doc, spec.name)
    if network:
        info.variant = with_network(spec, info)
    return info
