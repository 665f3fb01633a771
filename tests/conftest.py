"""The suite's set-up: every registered game's kernels compiled once, before any test runs.

On a cold numba cache most of the suite's time is compiling (a game's loop, its bots and
its checked game take up to a minute each). Compiled here first, by as many processes as
there are cores, each game once, pytest-xdist's workers (which start after this) load
them from the cache instead of compiling the same kernels side by side. A run in one
process (``pytest tests/trix``) compiles what it needs as it goes; ``TRIXSIM_TEST_PRECOMPILE``
set to 1 or 0 asks for the head start or refuses it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

# two at a time, in this order, so that both cores finish together: cold compiles of a whole
# game measured side by side, Trix 71 s, Five Hundred 66, Euchre 63, Terts 58 (trix then
# terts on one core, 129 s; five-hundred then euchre5 on the other, 129 s)
ORDER = ("trix", "five-hundred", "euchre5", "terts")


# the game's loop, bots and checked game, then what the research API runs of it, in one
# process (a second would load the game's kernels again)
COMPILE = ("import sys; from sim.core.compiled import main; main(sys.argv[1:]); "
           "from sim.envs.warm import warm; warm(sys.argv[1])")  # fmt: skip


def _compile(game: str) -> tuple[str, int, str]:
    res = subprocess.run([sys.executable, "-c", COMPILE, game], capture_output=True, text=True)
    return game, res.returncode, res.stderr


def pytest_configure(config) -> None:
    if hasattr(config, "workerinput"):
        return  # an xdist worker: the controller compiled before starting it
    workers = getattr(config.option, "numprocesses", None) or 0
    wanted = os.environ.get("TRIXSIM_TEST_PRECOMPILE", "1" if workers else "0")
    if wanted != "1":
        return
    from sim.core.cache import configure
    from sim.core.registry import games

    configure()  # one cache folder, passed on to the compiling processes and the workers
    names = sorted(games(), key=lambda g: ORDER.index(g) if g in ORDER else len(ORDER))
    t = time.perf_counter()
    with ThreadPoolExecutor(max(1, min(len(names), os.cpu_count() or 1))) as pool:
        failed = [(g, err) for g, code, err in pool.map(_compile, names) if code != 0]
    if failed:  # the tests will say what is wrong; compiling is only a head start
        for g, err in failed:
            print(f"conftest: compiling {g} failed:\n{err[-2000:]}", file=sys.stderr)
    config._trixsim_compiled = time.perf_counter() - t


def pytest_report_header(config) -> str | None:
    seconds = getattr(config, "_trixsim_compiled", None)
    return None if seconds is None else f"trixsim: every game's kernels ready in {seconds:.0f} s"


def _ctrl_c() -> tuple[bool, object]:
    """This (the main) thread's Ctrl-C: whether it is blocked, and its handler."""
    blocked = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, [])
    return blocked, signal.getsignal(signal.SIGINT)


# as the process started: a shell's background job (`make test &`) starts with Ctrl-C ignored,
# and Python keeps an ignored SIGINT ignored
_CTRL_C_AT_START = _ctrl_c()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """Every test leaves Ctrl-C as it found it: a blocked or ignored SIGINT outlives exec, so
    the commands later tests start would inherit it."""
    result = yield
    now = _ctrl_c()
    if now != _CTRL_C_AT_START:
        blocked, handler = _CTRL_C_AT_START
        signal.pthread_sigmask(signal.SIG_BLOCK if blocked else signal.SIG_UNBLOCK,
                               {signal.SIGINT})  # fmt: skip
        signal.signal(signal.SIGINT, handler)
        raise AssertionError(f"{item.nodeid} left Ctrl-C (blocked, handler) {now}, not "
                             f"{_CTRL_C_AT_START} (now restored)")  # fmt: skip
    return result
