"""Compile a game's kernels before its games start: the loop, its bots, the checked game.

numba compiles a kernel the first time it is needed (and caches it, per source version:
:mod:`sim.core.cache`). A run that compiles in its worker processes compiles the same
kernels once per worker at the same time; compiling first, in one process, does it once.
``python -m sim.core.compiled GAME [GAME ...]`` compiles whole games (every bot), so
several processes can share the work of a cold cache (the test suite does).
"""

from __future__ import annotations

import sys
import time


def compile_game(game: str, bots: list[str] | None = None) -> float:
    """Compile (or load from the cache) what playing ``game`` with ``bots`` (default: every
    bot of the game) needs: the compiled loop, each bot, and the kernels the checked
    Python game calls. Returns the seconds it took."""
    from sim.core.bots import load_bots, parse_spec
    from sim.core.loops import chunk_kernels
    from sim.core.play import play_game
    from sim.core.registry import get

    t = time.perf_counter()
    spec = get(game)
    chunk_kernels(spec)
    known = load_bots(spec.name)
    for name in known if bots is None else bots:
        info = known[name]
        if info.kind == "numba":
            info.decide  # noqa: B018  (compiles the bot's signature)
    play_game(spec, [parse_spec("random", spec.name)] * spec.seats, seed=0, game_id=0)
    return time.perf_counter() - t


def main(argv: list[str]) -> int:
    for game in argv:
        seconds = compile_game(game)
        print(f"{game}: compiled in {seconds:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
