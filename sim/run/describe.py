"""What ``trixsim tournament`` says of a run before it starts: its default line-up, its
default folder, and the line saying what it will play where."""

from __future__ import annotations

from pathlib import Path

from sim.core.registry import LEGACY_GAME


def _count(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def default_bots(game: str) -> str:
    """The default line-up: ``greedy,mcts``, or those of them the game has, else ``random``."""
    from sim.core.bots import load_bots

    have = load_bots(game)
    return ",".join(b for b in ("greedy", "mcts") if b in have) or "random"


def default_out(bots: list[str], game: str) -> Path:
    import re
    from datetime import datetime

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    lineup = re.sub(r"[^A-Za-z0-9=.+-]+", "_", "-vs-".join(bots))[:80]
    prefix = "" if game == LEGACY_GAME else f"{game}-"  # Trix folders keep 0.2.0's names
    return Path("results") / f"{stamp}-{prefix}{lineup}"


def intro(plan, spec, games, resume, left, n_workers, asked, backend, scheduler, out) -> str:
    """The line saying what the run will do: games, seatings, chunks, and the workers really
    used (no more than there are chunks to play)."""
    rounded = " (rounded up to whole deal sets)" if games and games != plan.games else ""
    chunks = _count(plan.n_chunks, "chunk")
    if resume:
        chunks = f"{left:,} of {chunks} left"
    if scheduler:
        who = f"Dask scheduler {scheduler}"
    else:
        who = _count(n_workers, "worker")
        if asked and n_workers < asked:
            who += f" ({asked} asked: no more workers than chunks)"
        who += " (Dask LocalCluster)" if backend == "dask" else ""
    return (f"trixsim: {_count(plan.games, 'game')} of {spec.name}{rounded}, "
            f"{_count(len(plan.seatings), 'seating')}, {chunks} on {who} -> {out}")  # fmt: skip
