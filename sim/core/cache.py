"""Where the numba kernels are cached: one folder per version of the kernel sources.

numba re-checks only the file of the function it loads, not the kernels that
function inlined from other files, so a changed rule could run from a stale
cache. The cache folder is therefore keyed by a digest of every source a
kernel may read at compile time: the folders it is given (by default the core,
every registered game's folder and every package of bots named in the entry
point group ``trixsim.bots``, found without importing them). :func:`configure`
sets it before the first kernel module is imported (``GameSpec.part("kernels")``,
the bot registry and the workers call it); nothing happens at import time.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import shutil
import sys
import time
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path

ENV = "TRIXSIM_NUMBA_CACHE_DIR"  # the folder chosen, passed on to spawned workers


def base() -> str:
    """The folder that holds one cache folder per source version."""
    return os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "trixsim", "numba"
    )


# an import statement, as Python reads it: ``import a, b as c`` or ``from .a import (b,  # c
# d)``, at a line's start or after ``;``, across backslash continuations. Scanning for them
# is 20x faster than ``ast`` (every process digests the sources once: ~0.4 s of ``ast`` a
# start), and tests/test_cache.py checks it finds what ``ast`` finds in every file here.
_SEP = r"(?:[ \t]|\\\n)"
_IMPORT = re.compile(
    rf"(?:^|;)[ \t]*(?:from{_SEP}+(\.*[\w.]*){_SEP}*import{_SEP}*"
    r"(\((?:[^)#]|#[^\n]*)*\)|(?:\\\n|[^\n;#])*)"
    rf"|import{_SEP}+((?:\\\n|[^\n;#])*))",
    re.M,
)


def _names(text: str) -> list[str]:
    """The first word of each comma-separated part of an import list (``b as c`` is ``b``)."""
    text = re.sub(r"#[^\n]*", "", text).replace("\\\n", " ").strip("()")
    return [part.split()[0] for part in text.split(",") if part.split()]


def _imports(f: Path, module: str) -> set[str]:
    """The modules a file imports (``from a import b`` counts ``a`` and ``a.b``), anywhere in
    it; a mention in a string may count too, which only adds a file to the digest."""
    text = f.read_bytes().decode("utf-8", errors="replace")
    package = module if f.name == "__init__.py" else module.rpartition(".")[0]
    names = set()
    for m in _IMPORT.finditer(text):
        if m.group(3) is not None:
            names |= set(_names(m.group(3)))
            continue
        base = m.group(1)
        level = len(base) - len(base.lstrip("."))
        if level:
            parts = package.split(".")[: len(package.split(".")) - level + 1]
            base = ".".join(parts + ([base[level:]] if base[level:] else []))
        names.add(base)
        names |= {f"{base}.{name}" for name in _names(m.group(2))}
    return names


@dataclass(frozen=True)
class Sources:
    """A folder of sources the kernels may read: the package it holds, and whether every
    file of it counts (a package of bots: a bot is a kernel) or only the kernel modules and
    what they import."""

    package: str
    folder: Path
    every_file: bool = False


def default_sources() -> list[Sources]:
    """The core, every registered game's folder, and every package of bots that an entry
    point of ``trixsim.bots`` names (located, not imported)."""
    from sim.core.registry import games

    found = [Sources("sim.core", Path(__file__).parent)]
    found += [Sources(spec.package, spec.folder) for spec in games().values()]
    for ep in entry_points(group="trixsim.bots"):
        try:
            where = importlib.util.find_spec(ep.module)
        except (ImportError, ValueError):  # a broken plug-in: load_bots warns of it
            continue
        if where is not None and where.submodule_search_locations:
            found.append(Sources(ep.module, Path(next(iter(where.submodule_search_locations))),
                                 every_file=True))  # fmt: skip
    return found


def _module_name(f: Path, src: Sources) -> str:
    parts = [*src.package.split("."), *f.relative_to(src.folder).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def kernel_sources(sources: list[Sources]) -> list[Path]:
    """Of the files of ``sources``, those whose contents decide what the kernels compile
    to: every file of a package of bots, the kernel modules (those importing numba or its
    ``njit``) and every module of ``sources`` they read, however indirectly. A game's
    report, view or record codec is not among them: editing those keeps the cache."""
    by_name, seeds = {}, set()
    for src in sources:
        for f in sorted(src.folder.rglob("*.py")):
            m = _module_name(f, src)
            by_name[m] = f
            if src.every_file:
                seeds.add(m)
    imports = {m: _imports(f, m) for m, f in by_name.items()}
    todo = [m for m, names in imports.items()
            if any(n.split(".")[0] == "numba" or n == "sim.core.jit" for n in names)
            or m in seeds]  # fmt: skip
    found = set()
    while todo:
        m = todo.pop()
        if m not in found:
            found.add(m)
            todo += [n for n in imports[m] if n in by_name]
    return sorted(by_name[m] for m in found)


def digest(sources: list[Sources] | None = None) -> str:
    """A digest of the kernel sources among ``sources`` (default: :func:`default_sources`)
    and of trixsim's version: the name of their cache folder."""
    from sim import __version__

    h = hashlib.sha1(__version__.encode())
    for f in kernel_sources(default_sources() if sources is None else sources):
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def configure(sources: list[Sources] | None = None) -> str:
    """Point numba at the cache folder of this version of ``sources`` (default: every
    registered game and bot package) once per process; return it."""
    folder = os.environ.get(ENV)
    if not folder:
        folder = os.path.join(base(), digest(sources))
        os.environ[ENV] = folder
    if "numba" in sys.modules:
        config = sys.modules["numba"].config
        if folder != config.CACHE_DIR:
            config.CACHE_DIR = folder
    else:  # numba reads it when it is imported
        os.environ["NUMBA_CACHE_DIR"] = folder
    return folder


def prune(current: str, keep: int = 3, idle_days: float = 7.0) -> list[str]:
    """Delete the cache folders of older sources, so edits and upgrades do not pile up.

    Every change to a kernel file makes a new folder (a few MB). ``current`` is
    marked as used now; of the others, the ``keep`` used last stay, and so does
    any folder used within ``idle_days`` (another checkout may be running from
    it). Only folders named like ours are touched. Returns what was deleted.
    """
    root, now = Path(current).parent, time.time()
    try:
        Path(current).mkdir(parents=True, exist_ok=True)
        os.utime(current)
        ours = [d for d in root.iterdir() if d.is_dir() and re.fullmatch(r"[0-9a-f]{16}", d.name)]
        others = sorted((d for d in ours if d != Path(current)), key=lambda d: -d.stat().st_mtime)
    except OSError:
        return []
    gone = []
    for d in others[keep:]:
        if now - d.stat().st_mtime > idle_days * 86400:
            shutil.rmtree(d, ignore_errors=True)
            gone.append(str(d))
    return gone
