"""The parameters :func:`sim.core.ismcts.search` reads, in the order it reads them: every
game's ``mcts`` declares these first (a game may add its own after them)."""

from bots.registry import Param


def ismcts_params(iters: int, c: float = 0.7) -> list[Param]:
    """``iters`` and ``c`` (the game's defaults), ``rollout``, ``seed``."""
    return [
        Param("iters", iters, "search iterations per decision", low=1, high=1_000_000),
        Param(
            "rollout", "greedy", "rollout policy (greedy is stronger)", choices=("random", "greedy")
        ),  # fmt: skip
        Param("c", c, "exploration constant", low=0.0, high=100.0),
        Param("seed", 0, "extra seed mixed into the bot's stream", low=0, high=2**53),
    ]
