"""The bot registry: numba bots, Python bots, and bot specs like ``mcts:iters=400``.

A **numba bot** is one function compiled with :data:`sim.protocol.BOT_SIGNATURE`::

    decide(public, seat, hand, legal, rng, params) -> action

``public`` is the public part of the game state (fields in :mod:`sim.layout`),
``hand`` the seat's own cards, ``legal`` the mask of legal action ids, ``rng`` the
bot's own ``uint64[1]`` stream and ``params`` its parameters as ``float64``. It is
typed as a first-class function, so the engine's loop is compiled once for every
line-up and still calls bots without leaving compiled code.

A **Python bot** subclasses :class:`PythonBot`. Third-party packages register
either kind through the entry point group ``trixsim.bots`` (the entry point
names a module or callable that registers its bots when loaded).
"""

from __future__ import annotations

import importlib
import pkgutil
import warnings
from dataclasses import dataclass, field
from importlib.metadata import entry_points

import numpy as np
from numba import njit

from sim.protocol import BOT_SIGNATURE, MAX_PARAMS


class BotSpecError(ValueError):
    """A bot spec that names no bot, or a parameter the bot does not have."""


@dataclass
class Param:
    name: str
    default: float | int | str
    help: str = ""
    choices: tuple[str, ...] = ()  # for text parameters: encoded as their index

    def encode(self, value) -> float:
        if self.choices:
            if value not in self.choices:
                raise BotSpecError(
                    f"{self.name}={value} is not allowed; choose one of {', '.join(self.choices)}"
                )
            return float(self.choices.index(value))
        kind = type(self.default)
        try:
            return float(kind(value))
        except (TypeError, ValueError):
            raise BotSpecError(
                f"{self.name}={value} is not a{'n integer' if kind is int else ' number'}"
            ) from None


@dataclass
class BotInfo:
    name: str
    kind: str  # "numba" or "python"
    doc: str
    params: list[Param] = field(default_factory=list)
    decide: object = None  # numba bots: the compiled function
    cls: type | None = None  # Python bots: the class
    native: int = 0  # numba bots the game loop plays itself (sim.loop.NATIVE_*), 0 if none


REGISTRY: dict[str, BotInfo] = {}


def _doc_line(obj) -> str:
    return ((obj.__doc__ or "").strip().splitlines() or [""])[0]


def numba_bot(name: str, params: list[Param] | None = None, native: int = 0):
    """Register a numba bot: ``@numba_bot("random")`` above a plain Python function.

    ``native`` names a policy the game loop has built in (:mod:`sim.loop`) and
    that makes exactly the same decisions as ``fn``: the loop then skips the call.
    """
    if params and len(params) > MAX_PARAMS:
        raise ValueError(f"a bot has at most {MAX_PARAMS} parameters")

    def register(fn):
        compiled = fn if hasattr(fn, "py_func") else njit(BOT_SIGNATURE, cache=True)(fn)
        REGISTRY[name] = BotInfo(
            name, "numba", _doc_line(fn), list(params or []), compiled, native=native
        )
        return compiled

    return register


def python_bot(name: str, params: list[Param] | None = None):
    """Register a :class:`PythonBot` subclass under ``name``."""

    def register(cls):
        REGISTRY[name] = BotInfo(name, "python", _doc_line(cls), list(params or []), cls=cls)
        return cls

    return register


class PythonBot:
    """Base class of bots written in Python (slow; for prototypes and learned models).

    An instance plays one seat for one game. ``seed`` fixes its randomness;
    ``params`` holds the spec's parameters by name. Each method gets the seat's
    :class:`sim.game.Observation` and returns its decision.
    """

    def __init__(self, seed: int, **params):
        self.rng = np.random.default_rng(seed)
        self.params = params

    def choose_contract(self, obs, allowed: list[int]) -> int:
        """A contract number (0 diamonds … 6 trix) from ``allowed``."""
        raise NotImplementedError

    def announce_king(self, obs) -> bool:
        """Whether to announce (double) K♥; asked at the holder's first turn (R5.6)."""
        return False

    def play(self, obs, legal: list[int]) -> int:
        """A card id from ``legal``, or ``sim.layout.PASS`` when that is the only action."""
        raise NotImplementedError


@dataclass
class BotSpec:
    """A parsed bot spec: the bot, its parameter values, and the text it came from."""

    text: str
    info: BotInfo
    values: dict

    def encoded(self) -> np.ndarray:
        out = np.zeros(MAX_PARAMS, np.float64)
        for i, p in enumerate(self.info.params):
            out[i] = p.encode(self.values[p.name])
        return out


_loaded = False


def load_bots() -> dict[str, BotInfo]:
    """Import every module of the ``bots`` package and every ``trixsim.bots`` entry point."""
    global _loaded
    if not _loaded:
        _loaded = True
        import bots

        for mod in pkgutil.iter_modules(bots.__path__):
            if mod.name != "registry":
                importlib.import_module(f"bots.{mod.name}")
        for ep in entry_points(group="trixsim.bots"):
            try:
                obj = ep.load()
                if callable(obj) and not isinstance(obj, type):
                    obj()
            except Exception as e:  # a broken plug-in must not take the others down
                warnings.warn(f"trixsim: bot plug-in {ep.name!r} failed to load: {e}", stacklevel=2)
    return REGISTRY


def parse_spec(text: str) -> BotSpec:
    """``name`` or ``name:key=value,key=value`` -> BotSpec; BotSpecError says what exists."""
    bots = load_bots()
    name, _, rest = text.strip().partition(":")
    if name not in bots:
        raise BotSpecError(f"unknown bot {name!r}; available: {', '.join(sorted(bots))}")
    info = bots[name]
    values = {p.name: p.default for p in info.params}
    known = {p.name: p for p in info.params}
    given = []
    for item in filter(None, (x.strip() for x in rest.split(","))):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or key not in known:
            have = ", ".join(f"{p.name}={p.default}" for p in info.params) or "none"
            raise BotSpecError(f"bot {name!r} has no parameter {item!r}; its parameters: {have}")
        known[key].encode(value.strip())  # validates
        default = known[key].default
        values[key] = value.strip() if known[key].choices else type(default)(value.strip())
        given.append(key)
    # the canonical text: same bot and parameters, same name in every table
    order = [p.name for p in info.params if p.name in given]
    canonical = name + (":" + ",".join(f"{k}={values[k]}" for k in order) if order else "")
    return BotSpec(canonical, info, values)
