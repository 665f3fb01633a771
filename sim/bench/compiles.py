"""Every kernel numba compiles more than once while a game compiles (``python -m
sim.bench.compiles GAME``, on a fresh ``NUMBA_CACHE_DIR`` to see a cold compile).

A kernel called with a literal argument (``f(work, 0)``) is compiled again for
``Literal[int](0)``: each line below is a signature, with its compile seconds (a callee's
included), so a second copy worth removing (``np.int64(0)`` at the call) shows at once.
"""

from __future__ import annotations

import collections
import sys
import time


def main(game: str) -> None:
    from numba.core import event

    started: dict = {}
    spent: dict = collections.defaultdict(float)

    class Listener(event.Listener):
        def on_start(self, e):
            started[id(e.data["dispatcher"]), str(e.data["args"])] = time.perf_counter()

        def on_end(self, e):
            d = e.data["dispatcher"]
            t0 = started.get((id(d), str(e.data["args"])), time.perf_counter())
            name = f"{d.py_func.__module__}.{d.py_func.__qualname__}"
            spent[name, str(e.data["args"])] += time.perf_counter() - t0

    event.register("numba:compile", Listener())
    from sim.core.compiled import main as compile_game
    from sim.envs.warm import warm

    compile_game([game])
    warm(game)
    by = collections.defaultdict(list)
    for (name, args), seconds in spent.items():
        by[name].append((seconds, args))
    for name, sigs in sorted(by.items(), key=lambda kv: -sum(t for t, _ in kv[1])):
        if len(sigs) > 1 and not name.startswith("numba."):
            print(f"{sum(t for t, _ in sigs):6.1f} s  {name}")
            for seconds, args in sigs:
                print(f"        {seconds:6.1f} s  {args[:200]}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m sim.bench.compiles GAME (trixsim games lists them)")
    main(sys.argv[1])
