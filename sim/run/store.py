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
from sim.core.errors import TrixsimError
from sim.core.registry import get as get_game
from sim.run.parquet import GAMES, part_name, table_dir
from sim.run.plan import Plan

MANIFEST = "manifest.json"
RECORDS = "records.jsonl"


class TournamentError(TrixsimError):
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
    """Write the manifest atomically (hidden name, rename); a full disk is one line."""
    tmp = out / f".{MANIFEST}.tmp"
    try:
        tmp.write_text(json.dumps(manifest, indent=2) + "\n")
        os.replace(tmp, out / MANIFEST)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise TournamentError(
            f"cannot write {out / MANIFEST} ({e.strerror}); the finished chunks are on disk: "
            f"make room, then finish with --resume --out {out}"
        ) from None


def read_manifest(out: Path) -> dict:
    """The manifest of the run in ``out``, as an object; TournamentError says what is wrong."""
    path = out / MANIFEST
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        raise TournamentError(
            f"--resume: {out} has no {MANIFEST}; it is not a trixsim tournament directory"
        ) from None
    except IsADirectoryError:
        raise TournamentError(f"--resume: {path} is a folder, not a manifest") from None
    except OSError as e:
        raise TournamentError(f"--resume: cannot read {path} ({e.strerror})") from None
    except UnicodeDecodeError:
        raise TournamentError(f"--resume: {path} is not UTF-8 text: it is damaged") from None
    except (json.JSONDecodeError, RecursionError):
        raise TournamentError(f"--resume: {path} is not valid JSON: it is damaged") from None
    if not isinstance(data, dict):
        raise TournamentError(f"--resume: {path} is not a JSON object: it is damaged")
    return data


def resume_plan(manifest: dict, out) -> Plan:
    """The plan of a run to resume, every field checked; TournamentError says what is wrong."""
    from sim.run.plan import PlanError

    where = f"--resume: {out}/{MANIFEST}"
    if manifest.get("tool") != "trixsim tournament" or "plan" not in manifest:
        raise TournamentError(f"--resume: {out} was not written by trixsim tournament")
    version = manifest.get("version")
    if version != __version__:
        raise TournamentError(f"--resume: the run in {out} was written by trixsim {version!r}; "
                              f"finish it with that version (this is {__version__})")  # fmt: skip
    try:
        plan = Plan.from_dict(manifest["plan"])
    except PlanError as e:
        raise TournamentError(f"{where}: {e}; it is damaged") from None
    _check_played(manifest, plan, out)
    return plan


def _check_played(manifest: dict, plan: Plan, out) -> None:
    """TournamentError when a bot of the run to resume would now play otherwise than it
    did (a changed default or weights file: the same text, another bot)."""
    from sim.core.bots import BotSpecError, changed_param, played_params

    recorded = manifest.get("params")
    if not isinstance(recorded, dict):
        return  # written before runs recorded their bots' values
    try:
        now = played_params(plan.game, plan.bots)
    except BotSpecError:
        return  # the run's own checks of its bots say what is wrong
    for text, values in now.items():
        old = recorded.get(text)
        if isinstance(old, dict) and (k := changed_param(old, values)) is not None:
            raise TournamentError(
                f"--resume: the run in {out} played {text} with {k} {old.get(k)!r}, which is "
                f"{values.get(k)!r} now (a default or a weights file changed since); finish it "
                "with what started it, or start a new run"
            )


def honesty(plan: Plan) -> dict:
    """What the line-up's results may be taken for: ``cheats``, the bots that see every hand
    (an upper bound, not a fair result); ``time_budget``, the bots that decide by a time
    budget; ``reproducible``, whether the seed alone fixes every decision (no time budget)."""
    from sim.core.bots import parse_spec

    lineup = [parse_spec(t, plan.game) for t in plan.bots]
    timed = [b.text for b in lineup if b.timed]
    return {"cheats": [b.text for b in lineup if b.info.sees_all], "time_budget": timed,
            "reproducible": not timed}  # fmt: skip


def new_manifest(plan: Plan, command: list[str]) -> dict:
    from sim.core.bots import played_params

    return {
        "tool": "trixsim tournament",
        "version": __version__,
        "game": plan.game,
        "game_version": plan.game_version,
        "command": command,
        "plan": asdict(plan),
        "lineup": plan.bots,
        "params": played_params(plan.game, plan.bots),  # defaults filled in: what played
        "seed": plan.seed,
        "seatings": plan.seatings,
        **honesty(plan),
        "games_planned": plan.games,
        "games_done": 0,
        "status": "running",
        "started": now(),
        "ended": None,
        "seconds": 0.0,
        "games_per_second": None,
        "parts": {},
    }


def resumed_manifest(manifest: dict) -> dict:
    """The manifest of a run to resume (checked by :func:`resume_plan`), running again."""
    before = manifest.get("resumed", 0)
    manifest["resumed"] = (before if type(before) is int and before >= 0 else 0) + 1
    manifest["status"] = "running"
    if not isinstance(manifest.get("parts"), dict):
        manifest["parts"] = {}
    return manifest


def check_out(out: Path) -> None:
    """A new run's ``--out``: a new or empty folder (checked before anything starts)."""
    if out.exists() and not out.is_dir():
        raise TournamentError(f"--out {out} is a file; give a new folder for the run")
    if out.is_dir() and any(out.iterdir()):
        raise TournamentError(
            f"--out {out} exists and is not empty; choose a new folder, or --resume it"
        )


def lock(out: Path):
    """Hold ``out`` for this run (released when the process ends, however it ends)."""
    from sim.run.lock import Busy, FolderLock

    try:
        return FolderLock(out).acquire()
    except Busy as e:
        raise TournamentError(f"--out {out} is in use by {e.holder}, which is still "
                              "running it; wait for it, or stop it first") from None  # fmt: skip
    except OSError as e:
        raise TournamentError(f"--out {out}: cannot write there ({e.strerror})") from None


def verify(out: Path, plan: Plan, manifest: dict) -> list[str]:
    """Check every part file on disk against its record (:mod:`sim.run.verify`); the files
    of a chunk with a damaged or missing part are removed, so the run plays it again.
    Returns what was found, a line per chunk."""
    from sim.run.parquet import part_name
    from sim.run.verify import damaged

    records = manifest.setdefault("parts", {})
    found = []
    subs = tables(plan)
    for i in range(plan.n_chunks):
        paths = [out / sub / part_name(i) for sub in subs]
        if not any(p.exists() for p in paths):
            records.pop(str(i), None)
            continue
        rec = records.get(str(i)) if isinstance(records.get(str(i)), dict) else {}
        why = [(p, damaged(p, rec.get(sub), plan.chunk_games(i)))
               for p, sub in zip(paths, subs, strict=True)]  # fmt: skip
        bad = [(p, w) for p, w in why if w]
        if bad:
            for p in paths:
                p.unlink(missing_ok=True)
            records.pop(str(i), None)
            found.append(f"{bad[0][0]} is {bad[0][1]}" if bad[0][1] == "missing" else
                         f"{bad[0][0]} is damaged ({bad[0][1]})")  # fmt: skip
    return found


def prepare(out: Path, plan: Plan, command: list[str], resume: bool,
            manifest: dict | None = None) -> dict:  # fmt: skip
    """Create the output folder and write the manifest (or mark the resumed one running)."""
    if resume:
        manifest = resumed_manifest(manifest)
        write_manifest(out, manifest)
        return manifest
    check_out(out)
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
