"""One compiled loop per game: :mod:`sim.core.loop` bound to that game's kernel set.

The template's line ``K = None`` becomes ``import <the game's kernels> as K``
in a copy written beside the numba cache (named by a digest of its source, so
it is written once and never changes under numba's feet) and imported from
there. numba then caches each game's loop on its own, with the game's rules
inlined, and a game's kernels are compiled only when its loop is first used.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from pathlib import Path

from sim.core.cache import configure
from sim.core.spec import GameSpec

_MARKER = "K = None  # the game's kernel set; each game's copy imports it on this line\n"


def _template() -> str:
    return Path(__file__).with_name("loop.py").read_text(encoding="utf-8")


_LOADED: dict[str, tuple] = {}


def chunk_kernels(spec: GameSpec):
    """``(play_chunk, play_chunk_native)`` of a game: its copy of the loop, compiled."""
    if spec.name not in _LOADED:
        _LOADED[spec.name] = _load(spec)
    return _LOADED[spec.name]


def _load(spec: GameSpec):
    folder = Path(configure()) / "loops"
    kernels = spec.module("kernels")
    source = _template()
    if source.count(_MARKER) != 1:
        raise RuntimeError("sim/core/loop.py lost its `K = None` line")
    source = source.replace(_MARKER, f"import {kernels} as K  # generated for {spec.name}\n")
    tag = hashlib.sha1(source.encode()).hexdigest()[:12]
    name = f"_trixsim_loop_{spec.name.replace('-', '_')}_{tag}"
    path = folder / f"{name}.py"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(source, encoding="utf-8")
        os.replace(tmp, path)  # atomic: a worker never imports half a file
    spec.part("kernels")  # the game's kernels first, then its loop
    found = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(found)
    sys.modules[name] = module  # numba finds a cached kernel's module by name
    found.loader.exec_module(module)
    return module.play_chunk, module.play_chunk_native
