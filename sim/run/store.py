"""A run's output folder: its manifest, its part files, which chunks are done.

The manifest says what was asked (the plan: game, line-up, seed, games,
chunks) and how far the run got; a chunk is done when both of its part files
exist. Everything here is the same for every game and every backend that
writes to a local folder.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path

from sim import __version__
from sim.core.registry import get as get_game
from sim.run.parquet import GAMES, part_name, table_dir
from sim.run.plan import Plan

MANIFEST = "manifest.json"
RECORDS = "records.jsonl"


class TournamentError(Exception):
    """A run that cannot start or resume; the message says why and what to do."""


def tables(plan: Plan) -> tuple[str, str]:
    """The two table folders of a run: the per-deal table first (it is written first)."""
    return table_dir(get_game(plan.game).deal_table), table_dir(GAMES)


def done_chunks(out: Path, plan: Plan) -> set[int]:
    """Chunks whose both part files are in place."""
    subs = tables(plan)
    return {
        i for i in range(plan.n_chunks) if all((out / sub / part_name(i)).exists() for sub in subs)
    }


def clean(out: Path, plan: Plan) -> None:
    """Remove the hidden leftovers of chunks that were in flight when a run was killed."""
    for sub in tables(plan):
        for tmp in (out / sub).glob(".*"):
            tmp.unlink()


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def write_manifest(out: Path, manifest: dict) -> None:
    tmp = out / f".{MANIFEST}.tmp"
    tmp.write_text(json.dumps(manifest, indent=2) + "\n")
    os.replace(tmp, out / MANIFEST)


def read_manifest(out: Path) -> dict:
    try:
        return json.loads((out / MANIFEST).read_text())
    except FileNotFoundError:
        raise TournamentError(
            f"--resume: {out} has no {MANIFEST}; it is not a trixsim tournament directory"
        ) from None
    except json.JSONDecodeError:
        raise TournamentError(f"--resume: {out / MANIFEST} is not valid JSON") from None


def new_manifest(plan: Plan, command: list[str]) -> dict:
    return {
        "tool": "trixsim tournament",
        "version": __version__,
        "game": plan.game,
        "game_version": plan.game_version,
        "command": command,
        "plan": asdict(plan),
        "lineup": plan.bots,
        "seed": plan.seed,
        "seatings": plan.seatings,
        "games_planned": plan.games,
        "games_done": 0,
        "status": "running",
        "started": now(),
        "ended": None,
        "seconds": 0.0,
        "games_per_second": None,
    }


def resumed_manifest(manifest: dict, out) -> dict:
    """The manifest of a run to resume, checked and marked running again."""
    if manifest.get("tool") != "trixsim tournament" or "plan" not in manifest:
        raise TournamentError(f"--resume: {out} was not written by trixsim tournament")
    if manifest.get("status") == "complete":
        raise TournamentError(f"--resume: the run in {out} is already complete")
    manifest["resumed"] = manifest.get("resumed", 0) + 1
    manifest["status"] = "running"
    return manifest


def prepare(out: Path, plan: Plan, command: list[str], resume: bool) -> dict:
    """Create the output folder (or check the one to resume) and write the manifest."""
    if resume:
        manifest = resumed_manifest(read_manifest(out), out)
        write_manifest(out, manifest)
        return manifest
    if out.exists() and any(out.iterdir()):
        raise TournamentError(
            f"--out {out} exists and is not empty; choose a new folder, or --resume it"
        )
    created = not out.exists()
    try:
        for sub in tables(plan):
            (out / sub).mkdir(parents=True, exist_ok=True)
        manifest = new_manifest(plan, command)
        write_manifest(out, manifest)
    except OSError as e:
        if created:
            shutil.rmtree(out, ignore_errors=True)  # leave nothing behind
        raise TournamentError(f"--out {out}: cannot write there ({e.strerror})") from None
    return manifest
