"""Playing a ladder's missing pairings, each as its own tournament (:func:`sim.tournament`,
in this process; the page shows the equivalent ``trixsim tournament``).

A pairing is an ordinary run in its own folder, so everything a run guarantees holds
(reproducible tables, Ctrl-C keeps the finished chunks, ``--resume``): a complete pairing
is kept, an interrupted one is resumed, a new one is played. Ctrl-C and SIGTERM stop the
tournament as they stop the command, leaving its run resumable, and then the ladder: the
next ``trixsim ladder`` finishes it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from sim.core.errors import TrixsimError
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
        start = time.monotonic()
        try:
            _tournament(game, p, workers, was == "incomplete")
        except TrixsimError as e:
            raise LadderError(f"{p.a} vs {p.b}: {e}") from None
        except Exception as e:  # a fault: named in one line, as the command's last line did
            raise LadderError(f"{p.a} vs {p.b}: {type(e).__name__}: {e}") from None
        verb = "finished" if was else "played"
        say(f"[{k}/{len(todo)}] {p.a} vs {p.b}: {p.games:,} games {verb} in "
            f"{time.monotonic() - start:.1f} s")  # fmt: skip


def _tournament(game: str, p: Pairing, workers: int | None, resume: bool) -> None:
    """Play (or finish) pairing ``p``, as ``trixsim tournament --quiet`` would, saying nothing:
    an :class:`~sim.run.result.Interrupted` (a KeyboardInterrupt) leaves it resumable."""
    from sim.run.api import tournament

    quiet = {"quiet": True, "say": lambda line: None,
             "command": [*command(game, p, workers, resume), "--quiet"]}  # fmt: skip
    if resume:
        tournament(out=p.folder, workers=workers, resume=True, **quiet)
    else:
        tournament(bots=p.bots, games=p.games, seed=p.seed, workers=workers, out=p.folder,
                   game=game, **quiet)  # fmt: skip
