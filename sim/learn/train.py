"""``trixsim train``: a policy network for one game, trained on this machine, in rounds.

Each round plays games on the workers (:mod:`sim.learn.selfplay`) and trains on what they
recorded (:mod:`sim.learn.model`), then writes a checkpoint a later ``--resume`` goes on from.
The network's scores are values: what each action is worth to the seat, in the units of the
deal's return (the game's search rewards: the equity of the totals, less the deal's start).

1. **Guided imitation** (DAgger): the student plays (round 0: the game's rollout bot, then the
   student's own network against itself and ``greedy``), and at every position it met the
   teacher (:mod:`sim.learn.settings`) says what each legal action is worth from what the
   seat knows: the student learns to value them as the teacher does where it actually goes.
   Every round's rows are kept and the student trains on all of them.
2. **Improvement by self-play** (Deep Monte Carlo, as DouZero): the student plays, drawing
   its actions from its own values at a small temperature, against itself and ``greedy``;
   the value of each action it took is regressed on the deal's return that followed.

``docs/learning.md`` says why these, what each gained and how long the shipped weights
took. The rounds are fixed by the seed, so ``--rounds`` reproduces weights exactly; a
``--minutes`` budget decides how many rounds there are by the clock, which is not.
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import asdict, replace
from pathlib import Path

import numpy as np

from sim.learn.selfplay import Ask, Rows, Shard, play_and_record
from sim.learn.settings import Settings, ask_of, write_settings

CHECKPOINT, WEIGHTS = "checkpoint.pt", "weights.npz"


def default_teacher(spec) -> str:
    """The game's own teacher (its part ``learning``), else values of 16 worlds' playouts."""
    return spec.part("learning").TEACHER if spec.has("learning") else "values:worlds=16"


def default_hint(spec) -> bool:
    """Whether the game's networks read the hint by default (its part ``learning``)."""
    return spec.has("learning") and bool(spec.part("learning").HINT)


def default_views(spec) -> bool:
    """Whether the game's networks read its suit views by default (its part ``learning``)."""
    return spec.has("learning") and bool(spec.part("learning").VIEWS)


def check_start(net, spec, hint: bool, views: bool, start) -> None:
    """LearnError unless the ``--from`` network ``net`` reads the hint and the suit views as
    the run will."""
    from sim.core.weights import hinted
    from sim.learn.selfplay import LearnError

    if hinted(net, spec) != hint:
        raise LearnError(f"--from {start} was trained {'without' if hint else 'with'} "
                         f"the hint: give {'--no-hint' if hint else '--hint'}")  # fmt: skip
    if net.views != views:
        give = "--no-views" if views else "--views"
        raise LearnError(f"--from {start} was trained {'without' if views else 'with'} "
                         f"the suit views: give {give}")  # fmt: skip


def _seed(seed: int, round_: int, what: int) -> int:
    from sim.core.rng import mix

    return int(mix(np.uint64(seed % 2**64), np.uint64(round_ * 16 + what)))


class Trainer:
    """One training run in its folder ``out``."""

    def __init__(self, out: Path, settings: Settings, pool, workers: int):
        from sim.core.registry import get
        from sim.learn import model as M

        M.require()
        import torch

        self.torch, self.M = torch, M
        self.out, self.s, self.pool, self.workers = out, settings, pool, workers
        self.spec = get(settings.game)
        o = self.spec.part("observation")
        self.n_out = o.N_GLOBAL
        torch.manual_seed(settings.seed % 2**63)
        n_in = o.SIZE + (o.N_GLOBAL if settings.hint else 0)  # the hint: one more one-hot
        self.net = M.Policy(n_in, *settings.hidden, o.N_GLOBAL)
        self.opt = torch.optim.Adam(self.net.parameters(), lr=settings.lr)
        self.round, self.seconds = 0, 0.0
        self.data = Rows()  # the imitation rounds' rows (DAgger keeps them all)
        self.teacher = settings.teacher or default_teacher(self.spec)
        self.ask = replace(ask_of(self.teacher), hint=settings.hint)
        self.games = settings.games or _round_games(self.spec)

    # -- rounds ------------------------------------------------------------------------
    def imitating(self) -> bool:
        s = self.s
        if s.rounds:
            return self.round < math.ceil(s.imitate * s.rounds)
        return self.seconds < s.imitate * s.minutes * 60

    def done(self) -> bool:
        s = self.s
        return self.round >= s.rounds if s.rounds else self.seconds >= s.minutes * 60

    def play_round(self) -> dict:
        """One round: games on the workers, then training; what it measured."""
        start = time.perf_counter()
        s, seats = self.s, self.spec.seats
        student = f"neural:model={self.weights_path(self.round)},stick=0"  # the network alone
        if self.imitating():
            if self.round == 0 and not s.start:
                lineup, seating, learner = ["greedy"], [[0] * seats], [True]
            else:
                lineup = [f"{student},temperature={s.temperature}", "greedy"]
                seating, learner = _mixed_seatings(self.spec, lineup), [True, False]
            shard = self._generate(lineup, seating, learner, self.ask, self.games)
            self.data.add(shard)
            shard.save(self._data_path(self.round))
            stats = self._imitate(shard)
        else:
            opponents = [o for o in s.opponents.split(";") if o]
            lineup = [f"{student},temperature={s.improve_temperature}", *opponents]
            seating = _mixed_seatings(self.spec, lineup) if opponents else [[0] * seats]
            learner = [True] + [False] * len(opponents)
            shard = self._generate(
                lineup, seating, learner, Ask(hint=s.hint), s.improve_games or 4 * self.games
            )
            stats = self._improve(shard)
        self.round += 1
        self.seconds += time.perf_counter() - start
        self._save()
        return {"round": self.round, "rows": len(shard), **stats}

    def _generate(self, lineup, seating, learner, ask: Ask, games: int) -> Shard:
        """The round's games, split into tasks on the pool: the rows are the same however
        many workers play them (each game's rows depend on its id and the seed only)."""
        seed = _seed(self.s.seed, self.round, 1)
        ids = np.arange(games, dtype=np.int64) + self.round * 1_000_000
        seats = np.array([seating[i % len(seating)] for i in range(games)], np.int8)
        parts = [p for p in np.array_split(np.arange(games), 4 * self.workers) if len(p)]
        futures = [
            self.pool.submit(
                play_and_record, self.s.game, lineup, seats[p], learner, ask, seed, ids[p]
            )
            for p in parts
        ]
        shard = Shard.join([f.result() for f in futures])
        if self.s.views:  # the rows as the network reads them: each in its suit view
            from sim.learn.views import canonical_shard

            shard = canonical_shard(shard, self.spec.part("symmetry"))
        return shard

    # -- learning ----------------------------------------------------------------------
    def _step(self, loss) -> None:
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()

    @property
    def _unit(self) -> float:
        """What one point of the network's scores is worth: the spread of its teacher's
        values (1 where it has none: taught choices, or values all alike)."""
        return self.s.value_scale or 1.0

    def _lr(self, lr: float) -> None:
        for group in self.opt.param_groups:
            group["lr"] = lr

    def _imitate(self, new: Shard) -> dict:
        """Train on every imitation round's rows: the teacher's values of every legal action
        (soft targets, or regressed), or its choice (cross-entropy); and the value head on
        the deal's return."""
        torch, M = self.torch, self.M
        self._lr(self.s.lr)
        if not self.s.value_scale:  # a choices teacher's rows have none: it stays 0
            self.s.value_scale = _spread(new)
        rng = np.random.default_rng(_seed(self.s.seed, self.round, 2))
        steps = max(1, math.ceil(self.s.passes * len(new) / self.s.batch))
        losses = []
        self.net.train()
        for _ in range(steps):
            part = self.data.draw(rng, self.s.batch)
            idx, off, val, legal = M.batch(part, self.n_out)
            scores, value = self.net(idx, off, val)
            if part.q.shape[1]:  # the teacher's advantages, in units of their spread
                target = M.centered(torch.from_numpy(part.q), legal) / self._unit
                fit = M.soft_fit(scores, target, legal, self.ask.soft)
            else:
                label = torch.from_numpy(part.label.astype(np.int64))
                fit = torch.nn.functional.cross_entropy(M.masked(scores, legal), label)
            ret = torch.from_numpy(part.ret)
            self._step(fit + 0.5 * torch.mean((value - ret) ** 2))
            losses.append(fit.item())
        loss = float(np.mean(losses[-max(1, steps // 4) :]))
        return {"stage": "imitate", "loss": loss, "agree": self._agreement(new)}

    def _agreement(self, shard: Shard) -> float:
        """After training: the share of the round's rows whose best legal action by the
        network is the teacher's best."""
        torch, M = self.torch, self.M
        part = shard.take(np.arange(min(len(shard), 20_000)))
        with torch.no_grad():
            idx, off, val, legal = M.batch(part, self.n_out)
            best = M.masked(self.net(idx, off, val)[0], legal).argmax(1).numpy()
        if part.q.shape[1]:
            want = np.where(np.isnan(part.q), -np.inf, part.q).argmax(1)
        else:
            want = part.label
        return float((best == want).mean())

    def _improve(self, shard: Shard) -> dict:
        """Deep Monte Carlo: each action the student took, its value (the value head plus the
        action's advantage, in the teacher's units) regressed on the return of the deal that
        followed (two passes over the round's rows)."""
        torch, M = self.torch, self.M
        self._lr(self.s.improve_lr)
        rng = np.random.default_rng(_seed(self.s.seed, self.round, 3))
        losses = []
        self.net.train()
        for _ in range(2):
            order = rng.permutation(len(shard))
            for at in range(0, len(shard), self.s.batch):
                part = shard.take(np.sort(order[at : at + self.s.batch]))
                idx, off, val, legal = M.batch(part, self.n_out)
                scores, value = self.net(idx, off, val)
                taken = torch.from_numpy(part.taken.astype(np.int64))[:, None]
                advantage = M.centered(scores, legal).gather(1, taken)[:, 0]
                q = value + self._unit * advantage
                ret = torch.from_numpy(part.ret)
                fit = torch.mean((q - ret) ** 2)
                self._step(fit + 0.5 * torch.mean((value - ret) ** 2))
                losses.append(fit.item())
        return {"stage": "improve", "loss": float(np.mean(losses)), "agree": math.nan}

    # -- files -------------------------------------------------------------------------
    def weights_path(self, round_: int) -> Path:
        return self.out / "rounds" / f"weights-{round_:04d}.npz"

    def _data_path(self, round_: int) -> Path:
        return self.out / "data" / f"round-{round_:04d}.npz"

    def export(self, path: Path) -> None:
        from sim.core.weights import encoding, hint_source

        s = self.s
        meta = {
            "game": self.spec.name,
            "rules": self.spec.version,
            "encoding": encoding(self.spec, s.hint, s.views),
            "hint": hint_source(self.spec)[0] if s.hint else "",
            "views": s.views,
            "teacher": self.teacher,
            "rounds": self.round,
            "value_scale": s.value_scale,
            "seconds": round(self.seconds, 1),
            "settings": {k: v for k, v in asdict(s).items() if k != "history"},
            "trained": self.made_by(),
            "strength": strength_text(s.history, self.round, yardsticks(s)),
        }
        self.net.export(meta).save(path)

    def made_by(self) -> str:
        """The command that makes these weights again, and what it took."""
        s = self.s
        budget = f"--rounds {s.rounds}" if s.rounds else f"--minutes {s.minutes:g}"
        frm = f" --from {s.start}" if s.start else ""
        own = default_hint(self.spec)
        frm += "" if s.hint == own else (" --hint" if s.hint else " --no-hint")
        frm += (
            ""
            if s.views == default_views(self.spec)
            else (" --views" if s.views else " --no-views")
        )
        return (
            f"Trained by trixsim train --game {s.game} {budget} --seed {s.seed}{frm} "
            f"(teacher {self.teacher}; {self.round} rounds, {self.seconds / 60:.0f} minutes)."
        )

    def start_weights(self) -> None:
        """Round 0's weights: ``--from``'s file, or the new network's."""
        if self.s.start:
            from sim.core.weights import loaded

            net = loaded(Path(self.s.start), self.spec)[0]
            check_start(net, self.spec, self.s.hint, self.s.views, self.s.start)
            self.net.load_network(net)
            if str(net.meta.get("teacher", "")).startswith("values"):  # scores in its unit
                self.s.value_scale = self.s.value_scale or net.meta.get("value_scale", 0.0)
        self.export(self.weights_path(0))

    def _save(self) -> None:
        torch = self.torch
        self.export(self.weights_path(self.round))
        self.export(self.out / WEIGHTS)
        old = self.weights_path(self.round - 2)
        if self.round - 2 > 0 and old.exists():
            old.unlink()
        tmp = self.out / f".{CHECKPOINT}.tmp"
        state = {
            "net": self.net.state_dict(),
            "opt": self.opt.state_dict(),
            "round": self.round,
            "seconds": self.seconds,
        }
        torch.save(state, tmp)
        os.replace(tmp, self.out / CHECKPOINT)
        write_settings(self.out, self.s)

    def restore(self) -> None:
        """Go on from the folder's checkpoint and its rounds' rows."""
        ck = self.torch.load(self.out / CHECKPOINT, weights_only=True)
        self.net.load_state_dict(ck["net"])
        self.opt.load_state_dict(ck["opt"])
        self.round, self.seconds = int(ck["round"]), float(ck["seconds"])
        kept = sorted((self.out / "data").glob("round-*.npz"))
        self.data = Rows([Shard.load(p) for p in kept if int(p.stem.split("-")[1]) < self.round])


def yardsticks(s: Settings) -> list[str]:
    """The bots each measurement of strength plays (a curve's column: the name before ':')."""
    return [t for t in s.yardsticks.split(";") if t]


def strength_text(history: list[dict], round_: int, against_all: list[str]) -> str:
    """The last measurement of strength, if it is of these weights' round."""
    last = history[-1] if history else None
    if not last or last["round"] != round_:
        return ""
    said = [
        f"{last[k]:+.1f} ± {last[f'{k}_ci']:.1f} against {against}"
        for against in against_all
        if (k := against.split(":")[0]) in last
    ]
    sets = next((last[k] for k in last if k.endswith("_sets")), 0)
    return f"Measured {'; '.join(said)} (points of win share, 95% t over {sets} deal sets)."


def _spread(shard: Shard) -> float:
    """The standard deviation of the teacher's advantages (each legal action's value less the
    mean of its row's): the unit the network's scores are in (0: no values)."""
    if not shard.q.shape[1] or not len(shard):
        return 0.0
    q = shard.q.astype(np.float64)
    mean = np.nanmean(q, axis=1, keepdims=True)
    return float(np.nanstd(q - mean))


def _round_games(spec) -> int:
    """Games of an imitation round: the game's own (its part ``learning``), else 100."""
    return spec.part("learning").GAMES if spec.has("learning") else 100


def _mixed_seatings(spec, lineup) -> list[list[int]]:
    """The student at every seat, then each seating of the student against the other bots."""
    from sim.run.plan import seatings_for

    return [[0] * spec.seats] + [list(s) for s in seatings_for(lineup, spec.seats, spec.teams)]
