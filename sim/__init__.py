"""trixsim: a numba engine for the card game Trix.

Kernels (``@njit``) live in :mod:`sim.bits`, :mod:`sim.rng`, :mod:`sim.rules` and
:mod:`sim.loop`; the Python API (:mod:`sim.game`), records (:mod:`sim.record`),
the replay checker (:mod:`sim.replay`) and the command line (:mod:`sim.cli`) sit
on top of them.
"""

import hashlib
import os
import re
import shutil
import sys
import time
from pathlib import Path

__version__ = "0.2.0"


# The files that hold kernels or what kernels read at compile time (bots are all kernels).
_KERNEL_FILES = ("bits.py", "rng.py", "layout.py", "rules.py", "loop.py", "protocol.py")


def _cache_dir() -> str:
    """A numba cache folder keyed by the source of ``sim`` and ``bots``.

    numba only re-checks the file of the function it loads, not the kernels it
    calls from other files; a folder per source version means a changed rule can
    never run from a stale cache.
    """
    digest = hashlib.sha1(__version__.encode())
    root = Path(__file__).resolve().parent.parent
    files = [root / "sim" / name for name in _KERNEL_FILES]
    files += sorted((root / "bots").glob("*.py"))
    for f in files:
        digest.update(f.name.encode())
        digest.update(f.read_bytes())
    return os.path.join(_cache_base(), digest.hexdigest()[:16])


def _cache_base() -> str:
    return os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "trixsim", "numba"
    )


def prune_caches(current: str, keep: int = 3, idle_days: float = 7.0) -> list[str]:
    """Delete the cache folders of older sources, so edits and upgrades do not pile up.

    Every change to a kernel file makes a new folder (a few MB). ``current`` is
    marked as used now; of the others, the ``keep`` used last stay, and so does
    any folder used within ``idle_days`` (another checkout may be running from
    it). Only folders named like ours are touched. Returns what was deleted.
    """
    base, now = Path(current).parent, time.time()
    try:
        Path(current).mkdir(parents=True, exist_ok=True)
        os.utime(current)
        ours = [d for d in base.iterdir() if d.is_dir() and re.fullmatch(r"[0-9a-f]{16}", d.name)]
        others = sorted((d for d in ours if d != Path(current)), key=lambda d: -d.stat().st_mtime)
    except OSError:
        return []
    gone = []
    for d in others[keep:]:
        if now - d.stat().st_mtime > idle_days * 86400:
            shutil.rmtree(d, ignore_errors=True)
            gone.append(str(d))
    return gone


# Set before any kernel is compiled; through the environment when numba is not loaded yet,
# so that modules that never compile (the report) do not pay for importing numba.
_dir = os.environ.get("TRIXSIM_NUMBA_CACHE_DIR") or _cache_dir()
os.environ["TRIXSIM_NUMBA_CACHE_DIR"] = _dir
if "numba" in sys.modules:
    sys.modules["numba"].config.CACHE_DIR = _dir
else:
    os.environ["NUMBA_CACHE_DIR"] = _dir
