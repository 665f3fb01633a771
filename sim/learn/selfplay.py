"""Games played for learning: a line-up of numba bots plays whole games in compiled code
(:mod:`sim.learn.record`), and the decisions of the learning seats come back as a
:class:`Shard` of rows a network trains on.

A shard is the unit a worker returns: its rows are fixed by the seed, the game ids and the
line-up, so the same command trains on the same rows with any number of workers.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path

import numpy as np

import sim.learn
from sim.core.binding import bind
from sim.core.bots import parse_spec
from sim.core.limits import MAX_PARAMS, MAX_SEATS
from sim.core.policies import NATIVE_SEES_ALL
from sim.core.protocol import bot_addresses
from sim.core.registry import get
from sim.core.rng import bot_seeds, deal_seeds

TEMPLATE = Path(sim.learn.__file__).with_name("record.py")
GAMES_PER_CALL = 8  # games per kernel call: its buffers hold their rows at most
FULL = -2  # sim.learn.record.FULL: the buffers did not hold the rows


class LearnError(ValueError):
    """A training setting that cannot work; the message says what would."""


@dataclass
class Shard:
    """Recorded decisions: row ``r``'s non-zero inputs are ``idx/val[offsets[r]:offsets[r+1]]``;
    ``legal[r]`` its legal global ids as 128 bits; ``taken``, ``label`` (the teacher's choice,
    -1: none) global ids; ``ret`` the deal's return for the seat; ``seat`` who decided; ``q``
    the values of its legal actions (:mod:`sim.learn.record`)."""

    idx: np.ndarray  # int16
    val: np.ndarray  # float32
    offsets: np.ndarray  # int64, rows + 1
    legal: np.ndarray  # uint64 (rows, 2)
    taken: np.ndarray  # int16
    label: np.ndarray  # int16
    ret: np.ndarray  # float32
    seat: np.ndarray  # int8
    q: np.ndarray  # float32 (rows, global ids): every legal action's value (NaN: not legal),
    # or (rows, 0) when none were asked for

    def __len__(self) -> int:
        return len(self.taken)

    @classmethod
    def join(cls, shards: list[Shard]) -> Shard:
        """The rows of ``shards``, one after another."""
        if not shards:
            return empty()
        starts = np.cumsum([0] + [s.offsets[-1] for s in shards[:-1]])
        offsets = np.concatenate(
            [[0]] + [s.offsets[1:] + at for s, at in zip(shards, starts, strict=True)]
        )
        rest = {
            f.name: np.concatenate([getattr(s, f.name) for s in shards])
            for f in fields(cls)
            if f.name != "offsets"
        }
        return cls(offsets=offsets.astype(np.int64), **rest)

    def take(self, rows: np.ndarray) -> Shard:
        """Rows ``rows`` (sorted) as a shard of their own."""
        starts, ends = self.offsets[rows], self.offsets[rows + 1]
        lengths = ends - starts
        offsets = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
        inputs = np.repeat(starts - offsets[:-1], lengths) + np.arange(offsets[-1])
        rest = {f.name: getattr(self, f.name)[rows] for f in fields(self)
                if f.name not in ("idx", "val", "offsets")}  # fmt: skip
        return Shard(self.idx[inputs], self.val[inputs], offsets, **rest)

    def save(self, path: Path) -> None:
        tmp = Path(path).with_name(f".{Path(path).name}.tmp")
        with open(tmp, "wb") as f:
            np.savez(f, **{f.name: getattr(self, f.name) for f in fields(self)})
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> Shard:
        with np.load(path, allow_pickle=False) as f:
            return cls(**{f_.name: f[f_.name] for f_ in fields(cls)})


class Rows:
    """Many shards' rows as one (DAgger keeps every round's), drawn from without joining them:
    a round's draw copies its rows only."""

    def __init__(self, shards: list[Shard] | None = None):
        self.shards: list[Shard] = []
        self.ends = np.zeros(0, np.int64)
        for shard in shards or []:
            self.add(shard)

    def add(self, shard: Shard) -> None:
        self.shards.append(shard)
        self.ends = np.append(self.ends, (self.ends[-1] if len(self.ends) else 0) + len(shard))

    def __len__(self) -> int:
        return int(self.ends[-1]) if len(self.ends) else 0

    def draw(self, rng: np.random.Generator, n: int) -> Shard:
        """``n`` rows drawn uniformly (with replacement) from all of them."""
        rows = np.sort(rng.integers(0, len(self), n))
        which = np.searchsorted(self.ends, rows, side="right")
        starts = np.concatenate([[0], self.ends[:-1]])
        parts = [self.shards[k].take(rows[which == k] - starts[k]) for k in np.unique(which)]
        return Shard.join(parts)


def empty() -> Shard:
    return Shard(
        np.zeros(0, np.int16),
        np.zeros(0, np.float32),
        np.zeros(1, np.int64),
        np.zeros((0, 2), np.uint64),
        np.zeros(0, np.int16),
        np.zeros(0, np.int16),
        np.zeros(0, np.float32),
        np.zeros(0, np.int8),
        np.zeros((0, 0), np.float32),
    )


def record_kernels(spec, network: bool = False):
    """The game's copy of :mod:`sim.learn.record`, compiled; with ``network`` a second copy
    whose values are played on by the ``neural`` bot (``pimc:rollout=neural``'s pimc)."""
    from bots.neural import hint_bot
    from bots.pimc import bound_pimc, networked_pimc
    from sim.core.bots import load_bots

    bots = load_bots(spec.name)  # the rollout bot the bound pimc names
    parts = {"K": "kernels", "O": "observation", "D": "search"}
    modules = {name: spec.module(part) for name, part in parts.items()}
    # pimc:rollout=neural's own copy (its parameters' place, unread here: the values pass
    # the network's parameters themselves)
    pimc = networked_pimc(spec, len(bots["pimc"].params)) if network else bound_pimc(spec)
    modules |= {"P": pimc.__name__, "H": hint_bot(spec)}
    return bind(TEMPLATE, spec.name, modules, variant="_neural" if network else "")


@dataclass(frozen=True)
class Ask:
    """What each learning decision is asked of besides the bot that takes it: a ``teacher``
    bot's choice, and ``worlds`` worlds' values of every legal action (``MODELS``: how a
    world values one; ``last``: the solver's last tricks, 0 all of them)."""

    teacher: str | None = None
    worlds: int = 0
    model: str = "rollout"
    last: int = 0
    truth: bool = False  # the values of the true deal alone (one world, the oracle's)
    rollout: str = ""  # the bot that plays the worlds on: "" the rollout bot, or a neural spec
    soft: float = 0.1  # how training fits the values (sim.learn.train): the softmax of their
    # advantages at this temperature, in units of their spread, as soft targets; 0: regressed
    share: float = 1.0  # the share of the learning decisions written down
    hint: bool = False  # each row has the rollout bot's action as an input (a hinted network)


MODELS = ("solve", "reply", "rollout")  # sim.core.pimc's models, in its order


def play_and_record(game: str, lineup: list[str], seating, learner: list[bool], ask: Ask,
                    seed: int, game_ids) -> Shard:  # fmt: skip
    """Play games ``game_ids`` of ``game`` (each its own deal set) with the numba bots
    ``lineup`` at ``seating`` (a row of line-up indices per game, or one for all) and return
    the learning entries' decisions, with what ``ask`` asks of each."""
    spec = get(game)
    k, o = record_kernels(spec, bool(ask.rollout)), spec.part("observation")
    specs = [parse_spec(t, game) for t in lineup]
    teach = parse_spec(ask.teacher, game) if ask.teacher else None
    for s in specs + ([teach] if teach else []):
        if s.info.kind != "numba":
            raise LearnError(f"{s.text}: training plays numba bots only (a {s.info.kind} bot "
                             f"cannot be called from compiled code)")  # fmt: skip
    funcs = [s.info.decide for s in specs]
    funcs += [funcs[0]] * (MAX_SEATS - len(funcs))
    bots = bot_addresses([*funcs, teach.info.decide if teach else funcs[0]])
    params = np.zeros((MAX_SEATS + 1, MAX_PARAMS), np.float64)
    for i, s in enumerate(specs):
        params[i] = s.encoded()
    if teach:
        params[MAX_SEATS] = teach.encoded()
    else:
        bots[MAX_SEATS] = 0  # no teacher
    learn = np.zeros(MAX_SEATS, np.int8)
    learn[: len(learner)] = learner
    ids = np.asarray(game_ids, np.int64)
    seating = np.array(np.broadcast_to(np.asarray(seating, np.int8), (len(ids), spec.seats)))
    sees_all = bool(teach and teach.info.native == NATIVE_SEES_ALL)
    gparams = np.zeros(MAX_PARAMS, np.float64)  # the rollout bot's: its defaults
    if ask.rollout:  # the network's: its weights' address, stick, temperature
        gparams = parse_spec(ask.rollout, game).encoded()
    call = (bots, params, learn, sees_all, float(ask.share), int(ask.worlds), bool(ask.truth),
            MODELS.index(ask.model), int(ask.last), gparams, bool(ask.hint))  # fmt: skip
    shards = []
    cap = GAMES_PER_CALL * spec.max_deals * (spec.deck + 2 * spec.seats)  # rows of a call
    at = 0
    while at < len(ids):
        part = ids[at : at + GAMES_PER_CALL]
        out = _record(k, o, spec, part, seed, seating[at : at + len(part)], call, cap)
        if out is None:  # more rows than the buffers held: again with twice the room
            cap *= 2
            continue
        shards.append(out)
        at += len(part)
    return Shard.join(shards)


def _record(k, o, spec, part, seed, seating, call, cap):
    """One kernel call's rows, or None when ``cap`` rows (a quarter of the inputs set in
    each on average) did not hold them."""
    nnz = cap * o.SIZE // 4
    idx, val = np.zeros(nnz, np.int16), np.zeros(nnz, np.float32)
    offsets, legal = np.zeros(cap + 1, np.int64), np.zeros((cap, 2), np.uint64)
    taken, label = np.zeros(cap, np.int16), np.zeros(cap, np.int16)
    ret, seat = np.zeros(cap, np.float32), np.zeros(cap, np.int8)
    q = np.zeros((cap, o.N_GLOBAL if call[5] else 0), np.float32)
    shares = np.zeros((len(part), spec.seats), np.float64)
    n = k.record_games(deal_seeds(seed, part), bot_seeds(seed, part),
                       np.ascontiguousarray(seating), *call, idx, val, offsets, legal, taken,
                       label, ret, seat, q, shares)  # fmt: skip
    if n == FULL:
        return None
    if n < 0:
        raise LearnError("a bot chose an illegal action while recording")
    end = offsets[n]
    return Shard(idx[:end].copy(), val[:end].copy(), offsets[: n + 1].copy(), legal[:n].copy(),
                 taken[:n].copy(), label[:n].copy(), ret[:n].copy(), seat[:n].copy(),
                 q[:n].copy())  # fmt: skip
