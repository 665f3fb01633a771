"""A run's first compile: done once, before the workers start, and said so.

On a cold cache numba compiles a game's kernels for up to minutes while nothing moves.
Compiled first, once, the workers then load them from the cache instead of each
compiling the same kernels side by side, and the games' clock (the progress bar,
``games_per_second``) starts after it. The compile runs in a child process the parent
waits for: Ctrl-C ends it at once (LLVM does not look at signals while it optimizes),
and the parent does not carry the compiler's memory through the run.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time

from sim.run.plan import Plan
from sim.run.store import TournamentError


def _names(plan: Plan) -> list[str]:
    from sim.core.bots import parse_spec

    return [parse_spec(t, plan.game).info.name for t in plan.bots]


def needed(plan: Plan, records: bool) -> list[str]:
    """What the run needs compiled that no process has compiled yet (nothing loads)."""
    from sim.core import compiled

    return compiled.missing(plan.game, _names(plan), checked=records)


def about(seconds: float) -> str:
    if seconds < 90:
        return f"about {max(5, round(seconds / 5) * 5)} s"
    return f"about {round(seconds / 30) / 2:g} min"


def compile_first(plan: Plan, pieces: list[str], say: bool) -> float:
    """Compile what ``plan`` needs (``pieces``: :func:`needed`), saying so on stderr unless
    ``say`` is false: a spinner on a terminal, else one line. Returns the seconds taken."""
    from sim.run.cost import compile_seconds

    text = (f"compiling the {plan.game} kernels (first run only, "
            f"{about(compile_seconds(plan.game, pieces))})…")  # fmt: skip
    spinner = Spinner(text) if say and sys.stderr.isatty() else None
    if say and spinner is None:
        print(f"trixsim: {text}", file=sys.stderr, flush=True)
    t = time.perf_counter()
    try:
        compile_apart(plan.game, _names(plan), "checked" in pieces)
    finally:
        if spinner is not None:
            spinner.stop()
    seconds = time.perf_counter() - t
    if say:
        print(f"trixsim: compiled the {plan.game} kernels in {seconds:.0f} s", file=sys.stderr,
              flush=True)  # fmt: skip
    return seconds


def compile_apart(game: str, bots: list[str], checked: bool) -> None:
    """:func:`sim.core.compiled.compile_game` in a child process; killed if this one stops.
    A compile that fails is one line naming its last words."""
    command = [sys.executable, "-m", "sim.core.compiled", game, "--bots", ",".join(bots)]
    proc = subprocess.Popen(command + ([] if checked else ["--no-checked"]),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            errors="replace")  # fmt: skip
    try:
        _, err = proc.communicate()
    except BaseException:  # Ctrl-C, SIGTERM: the child was told too, or may not have been
        proc.kill()
        proc.wait()
        raise
    if proc.returncode != 0:
        last = [line.strip() for line in err.splitlines() if line.strip()] or ["no message"]
        raise TournamentError(f"compiling the {game} kernels failed ({last[-1]}); see "
                              f"python -m sim.core.compiled {game}")  # fmt: skip


class Spinner:
    """``text`` with a turning bar and the seconds gone, redrawn ten times a second on
    stderr by a thread, until :meth:`stop` clears the line."""

    FRAMES = "|/-\\"

    def __init__(self, text: str):
        self.text, self.start = text, time.perf_counter()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._turn, daemon=True, name="trixsim-spinner")
        self.thread.start()

    def _line(self, i: int) -> str:
        gone = time.perf_counter() - self.start
        return f"\r{self.FRAMES[i % 4]} trixsim: {self.text} {gone:.0f} s"

    def _turn(self) -> None:
        i = 0
        while not self.done.wait(0.1 if i else 0):
            sys.stderr.write(self._line(i))
            sys.stderr.flush()
            i += 1

    def stop(self) -> None:
        self.done.set()
        self.thread.join()
        width = len(self._line(0))
        sys.stderr.write("\r" + " " * width + "\r")
        sys.stderr.flush()
