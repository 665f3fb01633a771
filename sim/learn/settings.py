"""What a training run is asked for (``train.json`` in its folder): the game, the budget, the
seed, the teacher and the schedule. A resumed run keeps them.

The **teacher** is what imitation learns from, given as text:

- ``values:worlds=N,model=M,last=L``: the value of every legal action at the student's
  positions, as ``pimc`` values them from what the seat knows (N worlds of the hidden cards,
  each action valued in each by the model M: ``rollout``, one playout of the game's rollout
  bot at every seat; ``solve``, the solver, after the rollout bot plays on to the solvable
  part, its last L tricks; ``reply``). The network learns from every value, so it learns
  how much worse each other action is, not only which is best. ``rollout=neural`` (with
  ``net=PATH`` and ``stick=S``, else the shipped weights at their own stick) has the network
  play the worlds on instead of the rollout bot, as ``pimc:rollout=neural`` does.
  ``soft=T`` is how the network fits them: the softmax of the advantages (in units of their
  spread) at temperature T as its target distribution (0.1; docs/learning.md measured it),
  or with ``soft=0`` the advantages themselves, regressed. ``share=F`` values that share of
  the student's decisions only, drawn by the seed (1: every one): where a row is dear, a round
  of the same games costs F of the time and still meets the positions of F's whole games.
- ``values:world=true,model=M,last=L``: the same values in the true deal alone, as the
  ``oracle`` values them. The network sees only the seat's observation, so regressing them
  it learns their mean over the deals its own play meets at that observation: the teacher
  cheats, the student cannot (as PerfectDou's and Suphx's oracle guiding).
- a bot spec (``mcts:iters=800``): that bot's choice at the student's positions, learnt by
  cross-entropy.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

from sim.learn.selfplay import MODELS, Ask, LearnError

SETTINGS = "train.json"


@dataclass
class Settings:
    game: str
    rounds: int = 0  # 0: as many as --minutes allow
    minutes: float = 0.0
    seed: int = 1
    teacher: str = ""  # "": the game's own (its search part's TEACHER)
    start: str = ""  # weights to start from ("": a new network)
    hidden: tuple[int, int] = (256, 128)
    hint: bool = False  # the rollout bot's choice is an input too (docs/learning.md)
    views: bool = False  # the network reads each position in its suit view (sim.core.symmetry)
    imitate: float = 1.0  # the share of the rounds (or minutes) spent imitating; the rest
    # is self-play (docs/learning.md: within an hour it lost strength, so none by default)
    games: int = 0  # games an imitation round (0: about 20,000 decisions' worth)
    improve_games: int = 0  # games a self-play round (0: 4 × games)
    temperature: float = 0.3  # the student's draws in imitation rounds (scores: advantages)
    improve_temperature: float = 0.3  # its draws in self-play rounds: exploration
    value_scale: float = 0.0  # the unit of the scores: the teacher's advantages' spread
    opponents: str = "greedy"  # self-play rounds: the student against these too ("": itself)
    measures: int = 8  # measurements of strength over the run, besides the first (0: none)
    yardsticks: str = "greedy;mcts:iters=200"  # the bots each measurement plays (";" apart)
    eval_sets: int = 20  # deal sets of each measurement
    batch: int = 1024
    lr: float = 1e-3
    improve_lr: float = 3e-4
    passes: float = 10.0  # new rows' worth of samples an imitation round trains on
    history: list = field(default_factory=list)  # the learning curve's rows so far


def ask_of(teacher: str) -> Ask:
    """The :class:`Ask` of a teacher's text; LearnError says what is wrong with it."""
    name, _, rest = teacher.partition(":")
    if name != "values":
        return Ask(teacher=teacher)
    given = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        given[key.strip()] = value.strip()
    truth = given.pop("world", "") == "true"
    try:
        worlds = int(given.pop("worlds", 1 if truth else 16))
        last = int(given.pop("last", 0))
    except ValueError:
        raise LearnError(f"--teacher {teacher}: worlds and last are whole numbers") from None
    model = given.pop("model", "rollout")
    try:
        soft = float(given.pop("soft", 0.1))
        share = float(given.pop("share", 1.0))
    except ValueError:
        soft = share = -1.0
    rollout = _rollout(given.pop("rollout", "greedy"), given.pop("net", ""), given.pop("stick", ""))
    if (given or model not in MODELS or not 1 <= worlds <= 10_000 or not 0 <= last <= 64
            or rollout is None or not 0 <= soft <= 100 or not 0 < share <= 1):  # fmt: skip
        raise LearnError(
            f"--teacher {teacher}: values takes worlds (1-10,000) or world=true, model "
            f"({', '.join(MODELS)}), last (0-64), rollout (greedy, or neural with net=PATH "
            f"and stick), soft (0-100) and share (above 0, at most 1), e.g. "
            f"values:worlds=16,model=rollout"
        )
    return Ask(worlds=1 if truth else worlds, model=model, last=last, truth=truth,
               rollout=rollout, soft=soft, share=share)  # fmt: skip


def _rollout(name: str, net: str, stick: str) -> str | None:
    """The ``neural`` spec that plays the values' worlds on ("" the game's rollout bot; None
    when the words make no sense), as ``pimc:rollout=neural`` takes ``net`` and ``stick``
    (a relative ``net`` is made absolute where the run's settings are written, the driver)."""
    if name == "greedy":
        return None if net or stick else ""
    if name != "neural":
        return None
    words = ",".join(f"{k}={v}" for k, v in (("model", net), ("stick", stick)) if v)
    return f"neural:{words}" if words else "neural"


def write_settings(out: Path, s: Settings) -> None:
    tmp = out / f".{SETTINGS}.tmp"
    tmp.write_text(json.dumps(asdict(s), indent=1))
    os.replace(tmp, out / SETTINGS)


def read_settings(out: Path) -> Settings:
    try:
        raw = json.loads((out / SETTINGS).read_text())
        raw["hidden"] = tuple(raw["hidden"])
        return Settings(**raw)
    except (OSError, ValueError, TypeError, KeyError) as e:
        raise LearnError(
            f"{out} holds no training run to resume ({type(e).__name__}: {e})"
        ) from None
