"""The bot contract: numba bots, Python bots, bot kinds bound per game, and bot specs like
``mcts:iters=400``.

A bot is registered for one game (``game="trix"``) or for every game
(``game=None``, as ``random``), and found by ``(game, name)``; the same name may
mean different bots in different games. A **bot kind** (:func:`bot_kind`) is one
registration for every game that provides a part it needs (``mcts`` needs a game's
``search`` part): it is bound to each such game when that game's bots are loaded.

A **numba bot** is one function compiled with :data:`sim.core.protocol.BOT_SIGNATURE`::

    decide(public, seat, hand, legal, rng, params) -> action

``public`` is the public part of the game state, ``hand`` the seat's own cards,
``legal`` the mask of legal (phase-relative) action ids, ``rng`` the bot's own
``uint64[1]`` stream and ``params`` its parameters as ``float64``. It is typed as
a first-class function, so a game's loop is compiled once for every line-up and
still calls bots without leaving compiled code.

A **Python bot** subclasses :class:`PythonBot` and implements ``act``. Bots are
found through the entry point group ``trixsim.bots``: an entry point names a
**package of bots** (trixsim's own is ``bots``: ``bots/*.py`` play every game,
``bots/<game>/*.py`` one game, the game's name with ``-`` as ``_``), or a module or
callable that registers its bots when loaded. Only the bots of the game a command
plays are imported, so only they compile. This module is the core's: it imports no
bot, and no game.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import math
import pkgutil
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import entry_points

import numpy as np

from sim.core.errors import TrixsimError
from sim.core.limits import MAX_PARAMS

EVERY_GAME = None  # the `game` of a bot that plays any game


class BotSpecError(TrixsimError, ValueError):
    """A bot spec that names no bot, or a parameter the bot does not have."""


@dataclass
class Param:
    """A bot parameter: its default, and for a number its valid range (both ends included);
    a text default with ``choices`` is one of them, without them any text.

    Numbers travel to numba bots as ``float64``: integers are limited to ±2**53, where
    every integer has its own float, and no parameter may be NaN or infinite.
    """

    name: str
    default: float | int | str
    help: str = ""
    choices: tuple[str, ...] = ()  # for text parameters: encoded as their index
    low: float | None = None
    high: float | None = None
    checked_default = False  # parse() checks the default too (a weights file must exist)
    names_a_file = False  # its value is a path on the machine that plays (a weights file)

    @property
    def free(self) -> bool:
        """Text of any value (a file a batched bot loads): Python and batched bots only."""
        return isinstance(self.default, str) and not self.choices

    def __post_init__(self) -> None:
        if self.free:
            return
        if not self.choices and (self.low is None or self.high is None):
            raise ValueError(f"parameter {self.name!r}: a number needs its range (low, high)")
        if not self.choices and not self.low <= self.default <= self.high:
            raise ValueError(f"parameter {self.name!r}: default {self.default} out of range")

    @property
    def range_text(self) -> str:
        if self.free:
            return "any text without a comma"
        if self.choices:
            return f"one of {', '.join(self.choices)}"
        if isinstance(self.default, int):
            return f"integers from {int(self.low):,} to {int(self.high):,}"
        return f"numbers from {self.low:g} to {self.high:g}"

    def parse(self, value: str):
        """The value of ``value`` (text), checked; BotSpecError names the range."""
        if self.free:
            return value
        if self.choices:
            if value not in self.choices:
                raise BotSpecError(f"{self.name}={value} is not allowed; {self.name} takes "
                                   f"{self.range_text}")  # fmt: skip
            return value
        kind = type(self.default)
        try:
            v = kind(value)
        except (TypeError, ValueError, OverflowError):
            what = "an integer" if kind is int else "a number"
            raise BotSpecError(f"{self.name}={value} is not {what}; {self.name} takes "
                               f"{self.range_text}") from None  # fmt: skip
        if not (math.isfinite(v) and self.low <= v <= self.high):
            raise BotSpecError(f"{self.name}={value} is out of range; {self.name} takes "
                               f"{self.range_text}")  # fmt: skip
        return v

    def fingerprint(self, value) -> str:
        """What a value stands for beyond its text ('' for most): a weights file's digest,
        so a ladder plays a bot anew when its file changes under the same name."""
        return ""

    def encode(self, value) -> float:
        if self.free:
            return 0.0  # a numba bot cannot read text; its Python and batched bots read values
        if self.choices:
            return float(self.choices.index(self.parse(value)))
        return float(self.parse(str(value)))


@dataclass
class BotInfo:
    name: str
    kind: str  # "numba", "python" or "batched"
    doc: str
    params: list[Param] = field(default_factory=list)
    dispatcher: object = None  # numba bots: the function, compiled when first needed
    cls: type | None = None  # Python and batched bots: the class
    native: int = 0  # how the loop plays a numba bot (sim.core.policies.NATIVE_*)
    time_every: int = 256  # the loop times one decision in this many (sim.core.timing)
    game: str | None = EVERY_GAME  # the game it plays; None: every game
    # a bot whose function depends on a parameter's value: ``variant(values)`` is the
    # BotInfo that plays those values (``mcts:rollout=neural``: another compiled copy, and
    # parameters of its own); None: this one plays all
    variant: Callable[[dict], BotInfo] | None = None

    @property
    def sees_all(self) -> bool:
        """The bot is given every hand (``oracle``): it cheats, and says so wherever it plays."""
        from sim.core.policies import NATIVE_SEES_ALL

        return self.native == NATIVE_SEES_ALL

    @property
    def decide(self):
        """A numba bot's function, compiled for the bot signature (or loaded from the cache)
        on first use: registering and parsing specs compile nothing, so a wrong spec is
        refused at once even on a cold cache."""
        from sim.core.protocol import BOT_SIGNATURE

        if self.dispatcher is not None and not self.dispatcher.signatures:
            self.dispatcher.compile(BOT_SIGNATURE.args)
        return self.dispatcher


REGISTRY: dict[tuple[str | None, str], BotInfo] = {}


def _doc_line(obj) -> str:
    return ((obj.__doc__ or "").strip().splitlines() or [""])[0]


def numba_bot(name: str, params: list[Param] | None = None, native: int = 0,
              game: str | None = EVERY_GAME):  # fmt: skip
    """Register a numba bot: ``@numba_bot("duck", game="trix")`` above a plain function.

    ``native`` names a policy the game loop has built in (:mod:`sim.core.policies`)
    that makes exactly the same decisions as ``fn``: the loop then skips the call.
    """
    if params and len(params) > MAX_PARAMS:
        raise ValueError(f"a bot has at most {MAX_PARAMS} parameters")

    def register(fn):
        from sim.core.jit import njit

        # nogil: a bot called from Python (the checked game, the web table's worker threads)
        # lets other threads run while it thinks; calls from compiled loops are unchanged
        dispatcher = fn if hasattr(fn, "py_func") else njit(cache=True, nogil=True)(fn)
        REGISTRY[game, name] = BotInfo(
            name, "numba", _doc_line(fn), list(params or []), dispatcher, native=native, game=game
        )
        return dispatcher

    return register


def python_bot(name: str, params: list[Param] | None = None, game: str | None = EVERY_GAME):
    """Register a :class:`PythonBot` subclass under ``name``."""

    def register(cls):
        REGISTRY[game, name] = BotInfo(
            name, "python", _doc_line(cls), list(params or []), cls=cls, game=game
        )
        return cls

    return register


class PythonBot:
    """Base class of bots written in Python (slow; for prototypes and learned models).

    An instance plays one seat for one game. ``seed`` fixes its randomness;
    ``params`` holds the spec's parameters by name. :meth:`act` gets the seat's
    observation (the game's ``Observation``: ``obs.seat``, ``obs.hand``,
    ``obs.public`` and the game's named fields) and the legal action ids, and
    returns one of them. Games offer subclasses with their own questions
    (Trix: :class:`sim.games.trix.game.TrixBot`).
    """

    def __init__(self, seed: int, **params):
        self.rng = np.random.default_rng(seed)
        self.params = params

    def act(self, obs, legal: list[int]) -> int:
        raise NotImplementedError


def batched_bot(name: str, params: list[Param] | None = None, game: str | None = EVERY_GAME):
    """Register a :class:`BatchedBot` subclass under ``name``."""

    def register(cls):
        REGISTRY[game, name] = BotInfo(
            name, "batched", _doc_line(cls), list(params or []), cls=cls, game=game
        )
        return cls

    return register


class BatchedBot:
    """Base class of policies that decide for many games at once (a neural network, a table).

    ``act(obs, legal)`` gets ``obs`` (``float32[n, SIZE]``: n seats' tensors, the game's
    observation part) and ``legal`` (``bool[n, N_GLOBAL]``: their legal **global** action
    ids) and returns ``int[n]``, one legal global id per row. The engine plays a chunk's
    games in lockstep, up to 1,024 at once, and calls it once for every game waiting on it
    (``docs/research.md``).
    ``obs`` and ``legal`` may be views of the engine's buffers, valid during the call only:
    copy what you keep. ``rng`` is the policy's own generator, seeded from the run's seed;
    ``params`` holds the spec's parameters by name (a class lists them in ``PARAMS``, as
    :class:`Param`).
    """

    PARAMS: list[Param] = []

    @classmethod
    def check(cls, game: str, **params) -> None:
        """Raise BotSpecError, in one line, if the policy cannot play ``game`` with these
        parameters (a model file missing): called when the spec is read, before any game."""

    def __init__(self, game: str, rng: np.random.Generator, **params):
        self.game = game
        self.rng = rng
        self.params = params

    def act(self, obs: np.ndarray, legal: np.ndarray) -> np.ndarray:
        raise NotImplementedError


def _find(module: str):
    """The module's spec, or None when it (or a package above it) is not found."""
    try:
        return importlib.util.find_spec(module)
    except ModuleNotFoundError:
        return None


def class_bot(text: str, game: str) -> BotInfo | None:
    """The bot of a spec ``module:Class[,key=value...]`` (a :class:`BatchedBot` or
    :class:`PythonBot` subclass, imported; a module not found is looked for in the working
    folder too), registered for ``game`` under ``module:Class``; None when ``text`` is not of
    that form. BotSpecError says what is wrong with a module or class that is."""
    import os
    import sys

    module, sep, rest = text.strip().partition(":")
    name = rest.split(",")[0].strip()
    if not sep or not name.isidentifier() or "=" in name:
        return None
    if not all(p.isidentifier() for p in module.split(".")):
        return None
    try:
        found = _find(module)
        if found is None and os.getcwd() not in sys.path:
            sys.path.append(os.getcwd())  # `trixsim` run from a folder that holds the module
            found = _find(module)
        if found is None:
            raise BotSpecError(f"bot {module}:{name}: no module {module!r} (not installed, "
                               f"and not in {os.getcwd()})")  # fmt: skip
        cls = getattr(importlib.import_module(module), name, None)
    except BotSpecError:
        raise
    except Exception as e:  # the module's own error, in one line
        raise BotSpecError(f"bot {module}:{name}: importing {module} failed: "
                           f"{type(e).__name__}: {e}") from None  # fmt: skip
    kinds = ((BatchedBot, "batched"), (PythonBot, "python"))
    kind = next((k for base, k in kinds if isinstance(cls, type) and issubclass(cls, base)), None)
    if kind is None:
        raise BotSpecError(f"bot {module}:{name}: {module}.{name} is not a subclass of "
                           f"sim.core.bots.BatchedBot or PythonBot")  # fmt: skip
    info = BotInfo(f"{module}:{name}", kind, _doc_line(cls), list(getattr(cls, "PARAMS", [])),
                   cls=cls, game=game)  # fmt: skip
    REGISTRY[game, info.name] = info
    return info


@dataclass
class BotSpec:
    """A parsed bot spec: the bot, its parameter values, and the text it came from."""

    text: str
    info: BotInfo
    values: dict

    @property
    def timed(self) -> bool:
        """It decides by a time budget (``ms`` above 0): its decisions depend on the machine's
        speed, so a run with it is not reproducible."""
        ms = self.values.get("ms", 0)
        return isinstance(ms, int | float) and ms > 0

    def fingerprint(self) -> str:
        """Its parameters' :meth:`Param.fingerprint` ('' for most bots)."""
        return "".join(p.fingerprint(self.values[p.name]) for p in self.info.params)

    def played(self) -> dict:
        """Every parameter's value, defaults filled in, as JSON keeps them, and the digest of
        each file a value names (``model_digest`` for ``model``): what a run records, since
        a changed default or weights file changes the bot while its text stays the same."""
        values = {p.name: self.values[p.name] for p in self.info.params}
        for p in self.info.params:
            if digest := p.fingerprint(self.values[p.name]):
                values[f"{p.name}_digest"] = digest
        return json.loads(json.dumps(values, default=str))

    def encoded(self) -> np.ndarray:
        out = np.zeros(MAX_PARAMS, np.float64)
        for i, p in enumerate(self.info.params):
            out[i] = p.encode(self.values[p.name])
        return out


GROUP = "trixsim.bots"  # the entry point group of bot packages and plug-ins

_loaded: set[str] = set()
_plugins: list | None = None  # the entry points' objects, loaded once


@dataclass
class BotKind:
    """A bot for every game that provides ``parts``: ``bind(spec)`` makes its
    :class:`BotInfo` for one game (``mcts`` binds the generic search to the game's ``search``
    part)."""

    name: str
    parts: tuple[str, ...]
    bind: Callable


KINDS: dict[str, BotKind] = {}
_unbound: set[tuple[str, str]] = set()  # (game, kind) whose binding failed: warned once


def bot_kind(name: str, *parts: str):
    """Register ``bind(spec) -> BotInfo`` as the bot ``name`` of every game that has all of
    ``parts``: ``@bot_kind("mcts", "search")``. It is bound to a game when that game's bots
    are loaded, so one file serves every game."""

    def register(bind):
        KINDS[name] = BotKind(name, tuple(parts), bind)
        return bind

    return register


def rollout_binding(spec, search) -> dict[str, str]:
    """The names a search template binds for the rollout bot of ``spec``'s game (its search
    part ``search`` names it, ``ROLLOUT``): ``G``, the bot's function, and ``C``, its module's
    ``search_candidates`` (the actions worth comparing) or every legal action."""
    fn = REGISTRY[spec.name, search.ROLLOUT].dispatcher.py_func
    module = importlib.import_module(fn.__module__)
    narrow = "search_candidates" if hasattr(module, "search_candidates") else None
    return {
        "G": f"{fn.__module__}:{fn.__name__}",
        "C": f"{fn.__module__}:{narrow}" if narrow else "sim.core.policies:every_action",
    }


def numba_info(name: str, fn, params: list[Param], doc: str, game: str | None,
               native: int = 0) -> BotInfo:  # fmt: skip
    """The :class:`BotInfo` of a numba bot whose function is already a numba dispatcher (a
    bot kind's ``bind`` returns one)."""
    if len(params) > MAX_PARAMS:
        raise ValueError(f"a bot has at most {MAX_PARAMS} parameters")
    # a bot kind is a search: every decision is timed (its cost dwarfs the clock's)
    return BotInfo(name, "numba", doc, list(params), fn, native=native, game=game, time_every=1)


def _import_all(package: str) -> None:
    pkg = importlib.import_module(package)
    for mod in pkgutil.iter_modules(pkg.__path__):
        if not mod.ispkg:
            importlib.import_module(f"{package}.{mod.name}")


def _plugin_objects() -> list:
    """Every ``trixsim.bots`` entry point, loaded once: a package of bots is returned as its
    name (its modules are imported per game), a callable is called, a module has registered
    its bots by being imported."""
    global _plugins
    if _plugins is None:
        _plugins = []
        for ep in entry_points(group=GROUP):
            try:
                obj = ep.load()
                if hasattr(obj, "__path__"):  # a package of bots: bots/*.py, bots/<game>/
                    _plugins.append(obj.__name__)
                elif callable(obj) and not isinstance(obj, type):
                    obj()
            except Exception as e:  # a broken plug-in must not take the others down
                warnings.warn(f"trixsim: bot plug-in {ep.name!r} failed to load: {e}", stacklevel=2)
    return _plugins


def load_bots(game: str) -> dict[str, BotInfo]:
    """The bots of ``game`` by name: every bot package's ``*.py`` and ``<game>/*.py`` and
    every other ``trixsim.bots`` entry point are imported first (once each), then each bot
    kind is bound to the game if it has the part the kind needs."""
    from sim.core.cache import configure
    from sim.core.registry import GameError, get

    configure()  # numba bots compile into the cache folder of these sources
    folder = game.replace("-", "_")
    for root in _plugin_objects():
        for package in (root, f"{root}.{folder}"):
            if package not in _loaded:
                _loaded.add(package)
                if importlib.util.find_spec(package) is not None:
                    _import_all(package)
    try:
        spec = get(game)
    except GameError:  # a game nobody registered has the bots of every game only
        spec = None
    for kind in KINDS.values():
        has = spec is not None and all(spec.has(p) for p in kind.parts)
        if has and (game, kind.name) not in REGISTRY and (game, kind.name) not in _unbound:
            try:
                REGISTRY[game, kind.name] = kind.bind(spec)
            except Exception as e:  # a game's broken part must not take its other bots down
                _unbound.add((game, kind.name))
                warnings.warn(f"trixsim: bot {kind.name!r} could not be bound to {game}: "
                              f"{type(e).__name__}: {e}", stacklevel=2)  # fmt: skip
    mine = {name: info for (g, name), info in REGISTRY.items() if g is EVERY_GAME}
    mine |= {name: info for (g, name), info in REGISTRY.items() if g == game}
    return dict(sorted(mine.items()))


def split_specs(text: str) -> list[str]:
    """Split ``greedy,mcts:iters=400,c=1.2`` into specs (``--bots``, a web table's bots): a
    comma starts a new spec only when what follows is not a ``key=value`` of the previous
    one."""
    specs: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if specs and ":" in specs[-1] and "=" in part and ":" not in part:
            specs[-1] += "," + part
        elif part:
            specs.append(part)
    return specs


def _values(info: BotInfo, name: str, items: list[str], files: bool, lenient: bool = False):
    """The parameter values of ``key=value`` ``items`` (the defaults for the rest) and the
    keys given; ``lenient``: a key the bot does not have is passed over."""
    values = {p.name: p.default for p in info.params}
    known = {p.name: p for p in info.params}
    given = []
    for item in items:
        key, eq, value = item.partition("=")
        key = key.strip()
        if key not in known:
            if lenient:
                continue
            have = ", ".join(f"{p.name}={p.default}" for p in info.params) or "none"
            raise BotSpecError(f"bot {name!r} has no parameter {key!r}; its parameters: {have}")
        if not eq:
            raise BotSpecError(f"bot {name!r}: parameter {key!r} needs a value, e.g. "
                               f"{key}={known[key].default}; {key} takes "
                               f"{known[key].range_text}")  # fmt: skip
        if known[key].names_a_file and not files and value.strip() != known[key].default:
            raise BotSpecError(f"bot {name!r}: here {key}={known[key].default} only (a file "
                               f"of this machine may not be named)")  # fmt: skip
        values[key] = known[key].parse(value.strip())
        given.append(key)
    return values, given


def parse_spec(text: str, game: str, files: bool = True) -> BotSpec:
    """``name`` or ``name:key=value,key=value`` -> BotSpec of a bot of ``game``;
    BotSpecError says what exists. ``files=False`` (a browser table's visitor) refuses a
    parameter that names a file of this machine, before anything is read."""
    bots = load_bots(game)
    name, _, rest = text.strip().partition(":")
    if name not in bots:
        info = class_bot(text, game)
        if info is None:
            raise BotSpecError(f"unknown bot {name!r} for {game}; available: "
                               f"{', '.join(sorted(bots))}, or module:Class")  # fmt: skip
        name, _, rest = text.strip().partition(",")
        name = info.name
    info = bots.get(name) or REGISTRY[game, name]
    items = [x.strip() for x in rest.split(",") if x.strip()]
    if info.variant is not None:  # its own parameters first: they choose the variant
        info = info.variant(_values(info, name, items, files, lenient=True)[0])
    values, given = _values(info, name, items, files)
    for p in info.params:
        if p.checked_default and p.name not in given:
            p.parse(values[p.name])
    # the canonical text: same bot and parameters, same name in every table
    order = [p.name for p in info.params if p.name in given]
    if info.kind == "batched":
        info.cls.check(game, **values)
    given_text = ",".join(f"{k}={values[k]}" for k in order)
    joint = "," if ":" in name else ":"  # module:Class,key=value
    canonical = name + (joint + given_text if order else "")
    return BotSpec(canonical, info, values)


def played_params(game: str, texts: list[str]) -> dict[str, dict]:
    """Each bot text's parameter values as it plays now (:meth:`BotSpec.played`)."""
    return {t: parse_spec(t, game).played() for t in dict.fromkeys(texts)}


def changed_param(old: dict, new: dict) -> str | None:
    """The first parameter two records of one bot's :meth:`BotSpec.played` differ in, or
    None: the same bot. A digest only one of them holds is not compared (runs written
    before runs recorded digests)."""
    for k in sorted(set(old) | set(new)):
        if k.endswith("_digest") and (k not in old or k not in new):
            continue
        if old.get(k) != new.get(k):
            return k
    return None
