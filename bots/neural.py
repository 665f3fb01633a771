"""``neural``: a policy network trained here (``trixsim train``, ``docs/learning.md``), played
inside the compiled loop, in every game with an observation part.

One registration for every game: the decision (:mod:`sim.core.neural`) is bound to the game's
observation part, and the network comes from a weights file: the game's own,
``bots/weights/<game>.npz``, or the user's (``neural:model=PATH``), refused in one line when
it was trained on another game or another observation encoding (:mod:`sim.core.weights`).
The bot sees what the seat's observation tensor holds and nothing else.
"""

from pathlib import Path

import sim.core
from sim.core.binding import bind
from sim.core.bots import Param, bot_kind, numba_info, rollout_binding
from sim.core.symmetry import module_of
from sim.core.weights import ModelParam, WeightsError, loaded

TEMPLATE = Path(sim.core.__file__).with_name("neural.py")
WEIGHTS = Path(__file__).with_name("weights")


def shipped(game: str) -> Path:
    """Where the weights trixsim ships for ``game`` are (they may not exist yet)."""
    return WEIGHTS / f"{game.replace('-', '_')}.npz"


def bound_neural(spec):
    """The decision template bound to ``spec``'s observation part, hint (the rollout bot its
    search part names, or none) and suit symmetry (or none); one copy per game."""
    parts = {"O": spec.module("observation"), "G": hint_bot(spec), "Y": module_of(spec)}
    return bind(TEMPLATE, spec.name, parts)


def hint_bot(spec) -> str:
    """The ``module:function`` whose choice a hinted network reads: the game's rollout bot,
    or none (``sim.core.policies:no_hint``) in a game without search."""
    if not spec.has("search"):
        return "sim.core.policies:no_hint"
    return rollout_binding(spec, spec.part("search"))["G"]


def trained_from(spec) -> str:
    """What the game's shipped weights say of themselves: how they were made, how strong."""
    try:
        meta = loaded(shipped(spec.name), spec)[0].meta
    except WeightsError:
        return f"No weights shipped for {spec.name} yet: train with trixsim train."
    said = " ".join(x for x in (meta.get("trained", ""), meta.get("strength", "")) if x)
    # the training's own figure rests on few deal sets; the ladder's on many more
    return f"{said} Where it stands among the other bots: docs/ladder/{spec.name}.md."


@bot_kind("neural", "observation")
def neural(spec):
    """The ``neural`` bot of ``spec``'s game."""
    params = [
        ModelParam(
            "model",
            "shipped",
            f"the weights: shipped (the game's own), NAME (another it ships, "
            f"bots/weights/{shipped(spec.name).stem}-NAME.npz), or a weights file's path "
            f"(trixsim train --out)",
            game=spec,
            shipped=shipped(spec.name),
        ),
        Param(
            "stick",
            -1.0,
            "with weights that read the hint: the score added to the hint's action (greedy's "
            "choice), so the network leaves it only when it is that much surer; -1: the "
            "weights' own, what their file says they were measured best with (else 0)",
            low=-1.0,
            high=100.0,
        ),
        Param(
            "temperature",
            0.0,
            "0: the best-scoring legal action; above 0: one drawn with "
            "probability ∝ exp(score / temperature)",
            low=0.0,
            high=100.0,
        ),
        Param("seed", 0, "extra seed mixed into the draws at a temperature", low=0, high=2**53),
    ]
    doc = f"A policy network over the seat's observation, in compiled code. {trained_from(spec)}"
    return numba_info("neural", bound_neural(spec).decide, params, doc, spec.name)
