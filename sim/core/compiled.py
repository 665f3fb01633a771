"""Compile a game's kernels before its games start: the loop, its bots, the checked game.

numba compiles a kernel the first time it is needed (and caches it, per source version:
:mod:`sim.core.cache`). A run that compiles in its worker processes compiles the same
kernels once per worker at the same time; compiling first, in one process, does it once.
``python -m sim.core.compiled GAME [GAME ...]`` compiles whole games (every bot), so
several processes can share the work of a cold cache (the test suite does).

Whether a kernel is cached cannot be asked without loading it (the loop compiles when it
is imported), so :func:`compile_game` leaves a note per piece in the cache folder
(``compiled/<game>--loop`` and so on) naming the numba and Python it was compiled for;
:func:`missing` reads the notes. The folder is per version of the kernel sources, so an
edit makes every note go with the kernels it spoke for.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

MARKERS = "compiled"  # the notes' folder, in the cache folder


def _note(game: str, piece: str) -> Path:
    from sim.core.cache import configure

    return Path(configure()) / MARKERS / f"{game}--{piece}"


def _stamp() -> str:
    """What a cached kernel was compiled for: numba drops a cache of another numba or Python."""
    numba = sys.modules.get("numba")
    if numba is None:
        from importlib.metadata import version

        numba_version = version("numba")
    else:
        numba_version = numba.__version__
    return f"numba {numba_version}, Python {sys.version_info[0]}.{sys.version_info[1]}\n"


def _pieces(game: str, bots, checked: bool) -> list[str]:
    """What playing ``game`` with ``bots`` (names) needs compiled: the loop, each numba bot,
    and the checked game (for records and for Python bots, which play through it)."""
    from sim.core.bots import load_bots

    known = load_bots(game)
    named = [known[b] for b in dict.fromkeys(bots) if b in known]
    checked = checked or any(info.kind != "numba" for info in named)
    return ["loop"] + [f"bot-{i.name}" for i in named if i.kind == "numba"] + ["checked"] * checked


def missing(game: str, bots: list[str], checked: bool = False) -> list[str]:
    """The pieces of ``game`` with ``bots`` (names) no process has compiled for this version
    of the sources, numba and Python: ``loop``, ``bot-NAME``, ``checked``. Nothing is loaded."""
    stamp = _stamp()
    found = []
    for piece in _pieces(game, bots, checked):
        try:
            ok = _note(game, piece).read_text() == stamp
        except OSError:
            ok = False
        if not ok:
            found.append(piece)
    return found


def ready(game: str, bots: list[str], checked: bool = False) -> bool:
    """Whether everything playing ``game`` with ``bots`` needs is compiled (:func:`missing`)."""
    return not missing(game, bots, checked)


def compile_game(game: str, bots: list[str] | None = None, checked: bool = True) -> float:
    """Compile (or load from the cache) what playing ``game`` with ``bots`` (default: every
    bot of the game) needs: the compiled loop, each bot, and (``checked``) the kernels the
    checked Python game calls; note each piece done (:func:`missing`). Returns the seconds
    it took."""
    from sim.core.binding import chunk_kernels
    from sim.core.bots import load_bots, parse_spec
    from sim.core.play import play_game
    from sim.core.registry import get

    t = time.perf_counter()
    spec = get(game)
    done = []
    chunk_kernels(spec)  # the loop compiles as it is imported
    done.append("loop")
    known = load_bots(spec.name)
    for name in known if bots is None else dict.fromkeys(bots):
        info = known.get(name)  # a module:Class bot is Python: nothing to compile
        if info is not None and info.kind == "numba":
            info.decide  # noqa: B018  (compiles the bot's signature)
            done.append(f"bot-{name}")
    if checked:
        play_game(spec, [parse_spec("random", spec.name)] * spec.seats, seed=0, game_id=0)
        done.append("checked")
    _write_notes(spec.name, done)
    return time.perf_counter() - t


def _write_notes(game: str, pieces: list[str]) -> None:
    """Note ``pieces`` compiled; a note that cannot be written only costs a message later."""
    import os

    stamp = _stamp()
    for piece in pieces:
        path = _note(game, piece)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
            tmp.write_text(stamp)
            os.replace(tmp, path)
        except OSError:
            pass


def main(argv: list[str]) -> int:
    """``GAME [GAME ...]``: every bot and the checked game of each; ``GAME --bots a,b
    [--no-checked]``: those bots, and the checked game unless told not to."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m sim.core.compiled")
    parser.add_argument("games", nargs="+")
    parser.add_argument("--bots", help="bot names, comma-separated [default: every bot]")
    parser.add_argument("--no-checked", action="store_true", help="not the checked game")
    args = parser.parse_args(argv)
    bots = args.bots.split(",") if args.bots else None
    for game in args.games:
        seconds = compile_game(game, bots, checked=not args.no_checked)
        print(f"{game}: compiled in {seconds:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
