"""``trixsim quiz``: a fixed suite of positions per game, each valued once by a strong
evaluator; a bot answers every position and its score is what its answers lose.

The suite (:func:`build`) comes from games played by :data:`QUIZ_BOTS` of the ladder
(seated in turn), a share of their decisions drawn by the seed, each valued by the
evaluator of the game's ``analysis.QUIZ`` (:mod:`.decisions`, :mod:`.evaluator`), in
points of win share.
It is shipped beside the game's rules as ``quiz.parquet``, with the command that made it in
its metadata. A bot's answer to position ``i`` is drawn from the stream a tournament would
give it in game ``i`` at that seat, so a quiz is reproducible. Positions are the
independent units: every interval is a t-interval over them; two bots are compared on the
same positions (paired).
"""

from __future__ import annotations

import importlib
import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from sim.analysis.evaluator import AnalysisError, parse_evaluator
from sim.analysis.summary import (
    BAND_NAMES,
    IN_BLUNDERS,
    TIE,
    Interval,
    band_cells,
    band_head,
    blunder_share,
    no_nan,
    share_text,
)
from sim.report.intervals import mean_ci

SUITE = "quiz.parquet"  # in the game's package folder
QUIZ_BOTS = ("greedy", "mcts:iters=50", "mcts:iters=200", "neural")  # whose play it comes from
FORMAT = "trixsim/quiz@1"
GAMES_PER_TASK = 2


def suite_path(spec) -> Path:
    """Where the game's shipped suite lies."""
    return Path(importlib.import_module(spec.package).__file__).with_name(SUITE)


def build(game: str, seed: int = 1, workers: int = 1, progress: bool = False,
          out: str = SUITE, games: int | None = None, share: float | None = None,
          evaluator: str | None = None):  # fmt: skip
    """The game's suite: a DataFrame of positions (``position``, ``game``, ``step``,
    ``seat``, ``phase``, ``bot`` whose play it came from, ``private``, ``state``,
    ``values`` in points, NaN where not legal) and its metadata. ``games``, ``share`` and
    ``evaluator`` default to the game's (``analysis.QUIZ``)."""
    import pandas as pd

    from sim.analysis.decisions import Job, value_all
    from sim.core.registry import get

    spec = get(game)
    part = spec.part("analysis")
    bots = list(QUIZ_BOTS)
    evaluator = part.QUIZ[0] if evaluator is None else evaluator
    games = part.QUIZ[1] if games is None else games
    share = part.QUIZ[2] if share is None else share
    parse_evaluator(evaluator, spec)  # checked before any game is played
    ids = list(range(games))
    seatings = [[(g + s) % len(bots) for s in range(spec.seats)] for g in ids]
    jobs = [Job(spec.name, bots, seatings[a : a + GAMES_PER_TASK], seed,
                ids[a : a + GAMES_PER_TASK], ids[a : a + GAMES_PER_TASK], list(range(len(bots))),
                evaluator, share=share, states=True)
            for a in range(0, len(ids), GAMES_PER_TASK)]  # fmt: skip
    d = value_all(jobs, workers, progress)
    r = d.rows
    frame = pd.DataFrame({
        "position": np.arange(len(d), dtype=np.int64),
        "game": r["game"], "step": r["step"], "seat": r["seat"].astype(np.int8),
        "phase": r["phase"].astype(np.int8), "bot": [bots[e] for e in r["entry"]],
        "private": d.private, "state": list(d.states), "values": list(d.values),
    })  # fmt: skip
    meta = {"format": FORMAT, "game": spec.name, "game_version": spec.version,
            "evaluator": evaluator, "bots": bots, "seed": seed, "games": games, "share": share,
            "command": f"trixsim quiz --game {spec.name} --build --seed {seed} --out {out}",
            "phases": list(part.PHASES), "unit": _unit(spec)}  # fmt: skip
    return frame, meta


def _unit(spec) -> str:
    return "points of team win share" if spec.teams else "points of win share"


def write(frame, meta: dict, path: Path) -> None:
    """The suite as Parquet at ``path``, written whole or not at all."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pandas(frame, preserve_index=False)
    table = table.replace_schema_metadata({b"trixsim": json.dumps(meta).encode()})
    path = Path(path)
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        pq.write_table(table, tmp, compression="zstd")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def read(spec, path: Path | None = None):
    """The suite at ``path`` (default the game's shipped one) and its metadata; AnalysisError
    for a file that is not one of this game's."""
    import pyarrow.parquet as pq

    path = Path(path) if path is not None else suite_path(spec)
    try:
        table = pq.read_table(path)
        meta = json.loads((table.schema.metadata or {}).get(b"trixsim", b"{}"))
    except FileNotFoundError:
        raise AnalysisError(f"{path}: no such file; build one with trixsim quiz --game "
                            f"{spec.name} --build --out {path}") from None  # fmt: skip
    except (OSError, ValueError) as e:
        raise AnalysisError(f"{path}: not a quiz suite ({e})") from None
    if meta.get("format") != FORMAT or meta.get("game") != spec.name:
        raise AnalysisError(f"{path}: not a {spec.name} quiz suite (it says "
                            f"{meta.get('format')!r}, game {meta.get('game')!r})")  # fmt: skip
    if meta.get("game_version") != spec.version:
        raise AnalysisError(f"{path}: made for {spec.name} rules version "
                            f"{meta.get('game_version')}, these are {spec.version}")  # fmt: skip
    return table.to_pandas(), meta


@dataclass
class BotScore:
    bot: str
    loss: Interval  # per position, ± t over positions
    best: float  # share of positions where it chose a best action
    bands: list[float]  # share of positions in each band of BAND_NAMES
    phases: dict[str, Interval]
    ms: float  # mean milliseconds per answer (this machine: not reproducible)
    in_blunders: float = float("nan")  # the share of its whole loss lost in blunders


@dataclass
class Pair:
    better: str
    worse: str
    difference: Interval  # worse's loss less better's, paired over the same positions


@dataclass
class QuizResult:
    game: str
    suite: str
    evaluator: str
    unit: str
    positions: int
    bands: list[float]
    scores: list[BotScore]
    pairs: list[Pair]
    seconds: float
    losses: dict | None = None  # bot -> its loss at every position (numpy), for pairing any two

    def to_json(self) -> str:
        d = asdict(self)
        d.pop("losses")
        return json.dumps(no_nan(d), indent=1, allow_nan=False)

    def to_markdown(self) -> str:
        lines = [f"# Quiz: {self.game}, {self.positions:,} positions of {self.suite}", "",
                 f"Each position valued by `{self.evaluator}`; a bot's loss is the best "
                 f"action's value less its answer's, in {self.unit}; ± : 95% t-intervals "
                 f"over positions (Student's t, n − 1 degrees of freedom).", "",
                 f"| bot | loss per position | best | {band_head(self.bands)} {IN_BLUNDERS} | "
                 f"ms a position |",
                 "|---|---:|---:|" + "---:|" * (len(BAND_NAMES) + 2)]  # fmt: skip
        for s in sorted(self.scores, key=lambda s: s.loss.mean):
            lines.append(f"| {s.bot} | {s.loss.text(3)} | {s.best:.1%} | {band_cells(s.bands)} "
                         f"{share_text(s.in_blunders)} | {s.ms:.3f} |")  # fmt: skip
        phases = list(self.scores[0].phases) if self.scores else []
        lines += ["", "Loss per position by phase:", "",
                  "| phase | " + " | ".join(s.bot for s in self.scores) + " |",
                  "|---|" + "---:|" * len(self.scores)]  # fmt: skip
        for ph in phases:
            cells = " | ".join(s.phases[ph].text(3) for s in self.scores)
            lines.append(f"| {ph} ({self.scores[0].phases[ph].n:,}) | {cells} |")
        if self.pairs:
            lines += ["", "Neighbours, paired over the same positions:", ""]
            for p in self.pairs:
                d = p.difference
                told = "tells them apart" if d.ci < d.mean else "does not tell them apart"
                lines.append(f"- {p.better} loses {d.text(3)} less than {p.worse}: the quiz "
                             f"{told}")  # fmt: skip
        lines += ["", f"({self.seconds:.1f} s)"]
        return "\n".join(lines) + "\n"


def quiz(game: str, bots: list[str], suite: Path | None = None, seed: int = 1,
         limit: int | None = None) -> QuizResult:  # fmt: skip
    """Every bot of ``bots`` answers every position of the suite (the game's shipped one
    unless ``suite``; its first ``limit`` positions)."""
    from sim.core.bots import BotSpecError, load_bots, parse_spec
    from sim.core.registry import get

    start = time.perf_counter()
    spec = get(game)
    load_bots(spec.name)
    frame, meta = read(spec, suite)
    if limit is not None:
        frame = frame.iloc[:limit]
    try:
        specs = [parse_spec(t, spec.name) for t in bots]
    except BotSpecError as e:
        raise AnalysisError(f"--bots: {e}") from None
    timed = [s.text for s in specs if s.timed]
    if timed:
        raise AnalysisError(f"--bots: {', '.join(timed)} decide by a time budget: a quiz is "
                            f"answered by reproducible bots")  # fmt: skip
    values = np.stack(frame["values"].to_numpy()).astype(np.float64)
    best = np.nanmax(values, axis=1)
    phases = frame["phase"].to_numpy()
    losses, scores = {}, []
    names = meta.get("phases", [])
    for s in specs:
        chosen, ms = answers(spec, s, frame, seed)
        loss = best - values[np.arange(len(frame)), chosen]
        losses[s.text] = loss
        edges = [*meta_bands(spec), np.inf]
        scores.append(BotScore(
            s.text, _interval(loss), float((loss < TIE).mean()),
            [float(((loss >= lo) & (loss < hi)).mean())
             for lo, hi in zip(edges[:-1], edges[1:], strict=True)],
            {names[i] if i < len(names) else str(i): _interval(loss[phases == i])
             for i in np.unique(phases)}, ms, blunder_share(loss, edges[-2])))  # fmt: skip
    order = sorted(losses, key=lambda b: losses[b].mean())
    pairs = [
        Pair(a, b, _interval(losses[b] - losses[a]))
        for a, b in zip(order[:-1], order[1:], strict=True)
    ]
    return QuizResult(spec.name, str(suite or suite_path(spec).name), meta["evaluator"],
                      meta.get("unit", _unit(spec)), len(frame), list(meta_bands(spec)), scores,
                      pairs, time.perf_counter() - start, losses)  # fmt: skip


def meta_bands(spec) -> tuple:
    return tuple(spec.part("analysis").BANDS)


def _interval(x: np.ndarray) -> Interval:
    mean, ci = mean_ci(x)
    return Interval(float(mean), float(ci), len(x))


def answers(spec, bot, frame, seed: int) -> tuple[np.ndarray, float]:
    """The bot's action at every position, and its mean milliseconds an answer. Position
    ``i``'s stream is the one a tournament seeded ``seed`` gives the seat in game ``i``."""
    from sim.core.play import Player
    from sim.core.rng import bot_stream

    k = spec.part("kernels")
    api = spec.part("api").GAME
    states = np.stack(frame["state"].to_numpy()).astype(np.int64)
    seats = frame["seat"].to_numpy()
    private = frame["private"].to_numpy()
    positions = frame["position"].to_numpy()
    legal = [sum(1 << a for a in np.flatnonzero(~np.isnan(np.asarray(v)))) for v in frame["values"]]
    out = np.zeros(len(frame), np.int64)
    params = bot.encoded()
    spent = 0.0
    for i in range(len(frame)):
        seat = int(seats[i])
        state = states[i].copy()
        start = time.perf_counter()
        if bot.info.kind == "numba":
            shown = state if bot.info.sees_all else state[: k.PUB_SIZE]
            a = bot.info.decide(shown, np.int64(seat), np.int64(private[i]), np.int64(legal[i]),
                                bot_stream(seed, int(positions[i]), seat), params)  # fmt: skip
        else:
            a = Player(bot, seed, int(positions[i]), seat).decide(api(state), seat)
        spent += time.perf_counter() - start
        if not legal[i] >> int(a) & 1:
            raise AnalysisError(f"{bot.text} answered position {positions[i]} with action {a}, "
                                f"which is not legal there")  # fmt: skip
        out[i] = a
    return out, 1000.0 * spent / max(1, len(frame))
