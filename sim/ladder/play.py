"""Playing a ladder's missing pairings, each as its own ``trixsim tournament``.

A pairing is an ordinary run in its own folder, so everything a run guarantees holds
(reproducible tables, Ctrl-C keeps the finished chunks, ``--resume``): a complete pairing
is kept, an interrupted one is resumed, a new one is played. The ladder waits for its
tournament in Python and hands Ctrl-C and SIGTERM to it, so the tournament itself
leaves its run resumable and the next ``trixsim ladder`` finishes it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable

from sim.ladder.roster import LadderError, Pairing
from sim.run.store import MANIFEST


def status(p: Pairing) -> str | None:
    """ "complete", "incomplete" (to resume) or None (not started) for a pairing."""
    path = p.folder / MANIFEST
    if not path.exists():
        return None
    try:
        manifest = json.loads(path.read_text())
    except (OSError, ValueError):
        return "incomplete"  # the tournament's --resume says what is wrong with it
    return "complete" if isinstance(manifest, dict) and manifest.get("status") == "complete" \
        else "incomplete"  # fmt: skip


def command(game: str, p: Pairing, workers: int | None, resume: bool) -> list[str]:
    """The ``trixsim tournament`` that plays a pairing (the ladder page shows it)."""
    if resume:
        cmd = ["trixsim", "tournament", "--resume", "--out", str(p.folder)]
    else:
        cmd = ["trixsim", "tournament", "--game", game, "--bots", p.bots, "--games",
               str(p.games), "--seed", str(p.seed), "--out", str(p.folder)]  # fmt: skip
    return cmd + (["--workers", str(workers)] if workers else [])


def play(game: str, todo: list[Pairing], workers: int | None, say: Callable[[str], None]) -> None:
    """Play ``todo`` one after another; LadderError names a pairing that failed,
    KeyboardInterrupt after a pairing that was interrupted (its run can be resumed)."""
    for k, p in enumerate(todo, 1):
        was = status(p)
        if was is None and p.folder.exists() and any(p.folder.iterdir()):
            raise LadderError(f"{p.folder} holds files but no run; move it away and play again")
        cmd = command(game, p, workers, was == "incomplete")
        start = time.monotonic()
        code, err = _run([sys.executable, "-m", "sim.cli", *cmd[1:], "--quiet"])
        if code in (130, 143):
            raise KeyboardInterrupt
        if code != 0:
            last = err.strip().splitlines()[-1] if err.strip() else f"exit code {code}"
            raise LadderError(f"{p.a} vs {p.b}: {last.removeprefix('trixsim: ')}")
        verb = "finished" if was else "played"
        say(f"[{k}/{len(todo)}] {p.a} vs {p.b}: {p.games:,} games {verb} in "
            f"{time.monotonic() - start:.1f} s")  # fmt: skip


def _run(cmd: list[str]) -> tuple[int, str]:
    """Run a tournament; Ctrl-C reaches it as well as us (one process group), so we only
    wait for it to save its run; SIGTERM is passed on to it."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env=os.environ | {"PYTHONUNBUFFERED": "1"})  # fmt: skip

    def pass_on(signum, frame):
        proc.send_signal(signum)

    old = signal.signal(signal.SIGINT, lambda *_: None), signal.signal(signal.SIGTERM, pass_on)
    try:
        _, err = proc.communicate()
    finally:
        signal.signal(signal.SIGINT, old[0])
        signal.signal(signal.SIGTERM, old[1])
    return proc.returncode, err
