"""A table game saved when its people left (``trixsim-play-<seed>.json``), and read back.

The save holds the game, the seed, the seats, the bot specs and every action so
far; coming back replays those actions through the engine, each bot deciding
again at its turns (:meth:`sim.table.controller.Table.replay_saved`).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from sim.core.registry import LEGACY_GAME
from sim.core.table import GAME_ID, HUMAN, TableError

SAVE_FORMAT = "trixsim/table-save@1"


@dataclass
class Saved:
    """An unfinished (or finished) table game, as written on leaving."""

    seed: int
    humans: list[int]
    bots: list[str]  # spec text at each seat, HUMAN for a person
    actions: list[str] = field(default_factory=list)
    view: dict = field(default_factory=dict)  # the game view's counters (Trix: looks)
    preselect: dict | None = None  # {"seat": 0, "action": "QS", "deal": k}: R10.3
    save: str | None = None  # where the finished record goes (--save of the first session)
    finished: bool = False
    game_name: str = LEGACY_GAME  # saves of trixsim 0.2.0 name no game: they are all Trix

    def dumps(self) -> str:
        return json.dumps({"format": SAVE_FORMAT, "game": GAME_ID, **self.__dict__}, indent=1)

    def write(self, path: Path) -> None:
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(self.dumps() + "\n", encoding="utf-8")
        os.replace(tmp, path)

    @classmethod
    def read(cls, path: Path) -> Saved:
        if not path.is_file():
            raise TableError(f"--resume: no such file {str(path)!r}; give a game saved by "
                             "`trixsim play`")  # fmt: skip
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            raise TableError(f"--resume: {str(path)!r} is not a saved game (not JSON)") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise TableError(f"--resume: {str(path)!r} is not a saved game "
                             f"(format should be {SAVE_FORMAT!r})")  # fmt: skip
        if "looks" in data:  # a save of trixsim 0.2.0
            data["view"] = {"looks": data.pop("looks")}
        pre = data.get("preselect")
        if isinstance(pre, dict) and "card" in pre:  # 0.2.0's names
            data["preselect"] = {"seat": pre.get("seat"), "action": pre.get("card"),
                                 "deal": pre.get("contract")}  # fmt: skip
        try:
            saved = cls(**{k: v for k, v in data.items() if k not in ("format", "game")})
            ok = (
                isinstance(saved.seed, int)
                and isinstance(saved.game_name, str)
                and isinstance(saved.view, dict)
                and isinstance(saved.bots, list)
                and isinstance(saved.humans, list)
                and isinstance(saved.actions, list)
                and saved.humans
                and all(isinstance(s, int) and 0 <= s < len(saved.bots) and
                        saved.bots[s] == HUMAN for s in saved.humans)
                and all(isinstance(a, str) for a in saved.actions + saved.bots)
            )  # fmt: skip
        except TypeError:
            ok = False
        if not ok:
            raise TableError(f"--resume: {str(path)!r} is a damaged saved game")
        return saved


def fresh_save_path(seed: int) -> Path:
    """Where a new game is saved when its people leave: never over an earlier save."""
    path = Path(f"trixsim-play-{seed}.json")
    n = 2
    while path.exists():
        path = Path(f"trixsim-play-{seed}-{n}.json")
        n += 1
    return path


def check_writable(path: Path) -> None:
    """TableError now, before the game, if the record could not be written at ``path``."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise TableError(f"--save {path} is a folder; give a file for the game's record")
    if not folder.is_dir():
        raise TableError(f"--save {path}: there is no folder {folder}")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise TableError(f"--save {path}: cannot write there (permission denied)")


def write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
