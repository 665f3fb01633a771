"""Kernel templates bound to one game: the compiled loop, a generic search.

A template is a module of kernels whose game-specific parts are names standing
for a game's modules (or functions), each on a line ``K = None  # bound per game``.
:func:`bind` writes a copy of the template with those lines replaced by imports
of the game's modules (``"sim.games.trix.kernels"``), functions
(``"bots.trix.greedy:greedy_bot"``) or integer constants (``"7"``) (beside the numba cache,
named by a digest of its source, so it is written once and never changes under numba's
feet) and imports it.
numba then caches each game's copy on its own, with the game's kernels inlined
into it (a kernel called through a function pointer would cost a call per
action), and a game's kernels are compiled only when that game is played.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import re
import sys
from pathlib import Path

from sim.core.cache import configure
from sim.core.spec import GameSpec

_BOUND: dict[tuple[str, str, str], object] = {}  # (template, game, variant) -> its copy


def bind(template: Path, game: str, modules: dict[str, str], variant: str = ""):
    """``template`` (a file) with each name of ``modules`` bound to its module, to a
    function given as ``"module:function"``, or to an integer given as its digits; cached per
    template, game and ``variant`` (a second copy for the same game: ``mcts:rollout=neural``)."""
    key = (str(template), game, variant)
    if key not in _BOUND:
        _BOUND[key] = _load(Path(template), game, modules, variant)
    return _BOUND[key]


def _load(template: Path, game: str, modules: dict[str, str], variant: str = ""):
    source = template.read_text(encoding="utf-8")
    for name, module in modules.items():
        line = re.compile(rf"^{name} = None  # .*$", re.M)
        if len(line.findall(source)) != 1:
            raise RuntimeError(f"{template} lost its `{name} = None` line")
        path, _, attr = module.partition(":")
        what = f"from {path} import {attr} as {name}" if attr else f"import {path} as {name}"
        if module.isdigit():
            what = f"{name} = {module}"
        source = line.sub(f"{what}  # bound for {game}", source)
    modules = {k: m for k, m in modules.items() if not m.isdigit()}
    # the bound modules' own sources too: numba checks only the bound file, not what it
    # inlined, and a game registered after the cache folder was chosen is not in its key
    tag = hashlib.sha1(source.encode() + _package_digest(modules).encode()).hexdigest()[:12]
    name = f"_trixsim_{template.stem}{variant}_{game.replace('-', '_')}_{tag}"
    folder = Path(configure()) / "bound"
    path = folder / f"{name}.py"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(source, encoding="utf-8")
        os.replace(tmp, path)  # atomic: a worker never imports half a file
    for module in modules.values():
        importlib.import_module(module.partition(":")[0])  # the game's first (after configure())
    found = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(found)
    sys.modules[name] = module  # numba finds a cached kernel's module by name
    found.loader.exec_module(module)
    return module


def _package_digest(modules: dict[str, str]) -> str:
    """A digest of the kernel sources of the packages the bound modules belong to."""
    packages = sorted({m.partition(":")[0].rpartition(".")[0] for m in modules.values()})
    return "".join(_sources_digest(p) for p in packages if p)


@functools.cache
def _sources_digest(package: str) -> str:
    from sim.core.cache import Sources, digest

    where = importlib.util.find_spec(package)
    if where is None or not where.submodule_search_locations:
        return ""
    return digest([Sources(package, Path(next(iter(where.submodule_search_locations))))])


def observed_kernels(spec: GameSpec, template: Path, what: str):
    """``template`` bound to the game's kernel set (``K``) and observation part (``O``);
    ValueError naming ``what`` cannot do without one when the game has none."""
    if not spec.has("observation"):
        raise ValueError(f"game {spec.name!r} has no observation part, so no {what} "
                         f"(docs/games.md says what it needs)")  # fmt: skip
    modules = {"K": spec.module("kernels"), "O": spec.module("observation")}
    return bind(template, spec.name, modules)


def chunk_kernels(spec: GameSpec):
    """``(play_chunk, play_chunk_native)`` of a game: its copy of the loop, compiled."""
    loop = bind(Path(__file__).with_name("loop.py"), spec.name, {"K": spec.module("kernels")})
    return loop.play_chunk, loop.play_chunk_native


def bound_search(game: str, part: str, scratch: str = "", variant: str = ""):
    """The solvers' alpha-beta (:mod:`sim.core.alphabeta`) bound to a game's search part
    (``part``: its module) and the layout of its scratch (``scratch``, by default the same
    module); ``variant`` names a second search of the same game."""
    modules = {"G": part, "W": scratch or part}
    return bind(Path(__file__).with_name("alphabeta.py"), game, modules, variant)
