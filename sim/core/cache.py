"""Where the numba kernels are cached: one folder per version of the kernel sources.

numba re-checks only the file of the function it loads, not the kernels that
function inlined from other files, so a changed rule could run from a stale
cache. The cache folder is therefore keyed by a digest of every source a
kernel may read at compile time: the core's numba modules, every registered
game's folder and the ``bots`` package. :func:`configure` sets it before the
first kernel module is imported (``GameSpec.part("kernels")``, the bot
registry and the workers call it); nothing happens at import time.
"""

from __future__ import annotations

import ast
import hashlib
import os
import re
import shutil
import sys
import time
from pathlib import Path

ENV = "TRIXSIM_NUMBA_CACHE_DIR"  # the folder chosen, passed on to spawned workers


def base() -> str:
    """The folder that holds one cache folder per source version."""
    return os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "trixsim", "numba"
    )


def _core_kernels(core: Path) -> list[Path]:
    """The core's kernel modules (those importing numba or its ``njit``) and the core modules
    they read."""
    imports = {}
    for f in core.glob("*.py"):
        tree = ast.parse(f.read_bytes())
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        imports[f.stem] = names
    todo = [m for m, names in imports.items()
            if any(n.split(".")[0] == "numba" or n == "sim.core.jit" for n in names)]  # fmt: skip
    found = set()
    while todo:
        m = todo.pop()
        if m not in found:
            found.add(m)
            todo += [n.split(".")[2] for n in imports[m] if n.startswith("sim.core.")]
    return [core / f"{m}.py" for m in sorted(found)]


def kernel_sources() -> list[Path]:
    """The files whose contents decide what the kernels compile to."""
    import bots
    from sim.core.registry import games

    files = _core_kernels(Path(__file__).parent)
    for spec in games().values():
        files += sorted(spec.folder.rglob("*.py"))
    files += sorted(Path(bots.__file__).parent.rglob("*.py"))
    return files


def digest() -> str:
    from sim import __version__

    h = hashlib.sha1(__version__.encode())
    for f in kernel_sources():
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def configure() -> str:
    """Point numba at this source version's cache folder (once per process); return it."""
    folder = os.environ.get(ENV)
    if not folder:
        folder = os.path.join(base(), digest())
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
