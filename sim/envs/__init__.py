"""trixsim's games for learning agents (docs/research.md).

- :func:`make_env`: a PettingZoo AEC environment (``pip install -e '.[rl]'``);
- :func:`make_single_agent`: a Gymnasium environment, trixsim bots at the other seats;
- :class:`VectorEnv`: many games in one object, arrays in and out (numpy only);
- ``import sim.envs.openspiel``: every game registered as an OpenSpiel Python game.

Each is imported when first asked for, so the vector environment needs neither PettingZoo
nor Gymnasium.
"""

from __future__ import annotations

_WHERE = {
    "make_env": "sim.envs.aec",
    "TrixsimAEC": "sim.envs.aec",
    "make_single_agent": "sim.envs.single",
    "SingleAgent": "sim.envs.single",
    "VectorEnv": "sim.envs.vector",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module 'sim.envs' has no attribute {name!r}")
    import importlib

    try:
        module = importlib.import_module(_WHERE[name])
    except ModuleNotFoundError as e:
        raise ModuleNotFoundError(f"sim.envs.{name} needs {e.name}: pip install -e '.[rl]'") from e
    return getattr(module, name)
