"""trixsim's games for learning agents (docs/research.md).

- :func:`make_env`: a PettingZoo AEC environment (``pip install -e '.[rl]'``);
- :func:`make_single_agent`: a Gymnasium environment, trixsim bots at the other seats;
- :class:`VectorEnv`: many games in one object, arrays in and out (numpy only);
- ``import sim.envs.openspiel``: every game registered as an OpenSpiel Python game.
- PettingZoo's conventions: ``from sim.envs import euchre5_v0``, then ``euchre5_v0.env()``
  (wrapped) or ``euchre5_v0.raw_env()``, one module-like name per game (``<game>_v0``,
  ``-`` as ``_``);
- Gymnasium's: ``gymnasium.make("trixsim/Euchre5-v0", opponents="greedy")`` once this
  package is imported (:func:`gym_id` names them), or ``gymnasium.make("sim.envs:trixsim/
  Euchre5-v0")``, which imports it.

Each is imported when first asked for, so the vector environment needs neither PettingZoo
nor Gymnasium.
"""

from __future__ import annotations

import importlib.util
import re
import types

_WHERE = {
    "make_env": "sim.envs.aec",
    "TrixsimAEC": "sim.envs.aec",
    "make_single_agent": "sim.envs.single",
    "SingleAgent": "sim.envs.single",
    "VectorEnv": "sim.envs.vector",
}

__all__ = sorted(_WHERE)


def gym_id(game: str) -> str:
    """The Gymnasium id of a game: ``trixsim/FiveHundred-v0`` for ``five-hundred``."""
    return "trixsim/" + "".join(w.capitalize() for w in re.split(r"[-_]", game)) + "-v0"


def _pettingzoo(game: str) -> types.SimpleNamespace:
    from sim.envs import aec

    def env(**kwargs):
        return aec.env(game, **kwargs)

    def raw_env(**kwargs):
        return aec.raw_env(game, **kwargs)

    return types.SimpleNamespace(env=env, raw_env=raw_env, __name__=f"sim.envs.{game}_v0")


def _register_gymnasium() -> None:
    """Every registered game's id in Gymnasium's registry (when Gymnasium is installed)."""
    if importlib.util.find_spec("gymnasium") is None:
        return
    import gymnasium

    from sim.core.registry import games

    for name in games():
        if gym_id(name) not in gymnasium.registry:
            gymnasium.register(gym_id(name), entry_point="sim.envs.single:SingleAgent",
                               kwargs={"game": name})  # fmt: skip


_register_gymnasium()


def __getattr__(name: str):
    from sim.core.registry import games

    versioned = {f"{g.replace('-', '_')}_v0": g for g in games()}
    if name in versioned:
        return _pettingzoo(versioned[name])
    if name not in _WHERE:
        raise AttributeError(f"module 'sim.envs' has no attribute {name!r}")
    try:
        module = importlib.import_module(_WHERE[name])
    except ModuleNotFoundError as e:
        raise ModuleNotFoundError(f"sim.envs.{name} needs {e.name}: pip install -e '.[rl]'") from e
    return getattr(module, name)
