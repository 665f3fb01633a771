"""The evaluators of ``trixsim analyse``: what every legal action of a decision is worth.

``dd`` (double dummy) values each action on the true state, every hand seen, as the
``oracle`` does (its ``model``: the game's solver, or one playout of the rollout bot): the
loss of a decision with everything known. ``sd:worlds=N`` (single dummy) values it from what
the seat knows, as ``pimc`` does: ``N`` worlds dealt by the game's determinizer, each action
valued in each (``model``, ``last`` as pimc's), the mean of the worlds. Both are the compiled
valuations of the bound ``pimc`` (:mod:`sim.core.pimc`), called once per world from here: a
valuation costs milliseconds, the call microseconds.

Values are in the game's reward units (its search part's win equity); the game's
``analysis`` part says how many points of win share a unit is (``UNIT``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.core.errors import TrixsimError
from sim.core.limits import MAX_ACTIONS, MAX_PARAMS
from sim.core.rng import mix

MODEL_IDS = {"solve": 0, "reply": 1, "rollout": 2}  # sim.core.pimc._add_values's numbering
KINDS = ("dd", "sd")
# the parameters an evaluator takes: how it values, never how a bot would then decide
TAKES = {"dd": ("model", "seed"), "sd": ("worlds", "model", "last", "seed")}


class AnalysisError(TrixsimError, ValueError):
    """An analysis that cannot be made as asked; the message says what would work."""


@dataclass(frozen=True)
class Evaluator:
    text: str  # canonical: "dd", "sd:worlds=70,model=rollout"
    sees_all: bool  # dd: the true state
    worlds: int
    model: int  # MODEL_IDS
    last: int  # solve only the last ``last`` tricks (0: all)
    seed: int


def parse_evaluator(text: str, spec) -> Evaluator:
    """``dd[:model=M]`` or ``sd[:worlds=N,model=M,last=L]`` (``seed=S`` in both), checked as
    the ``oracle`` and ``pimc`` bots check theirs; AnalysisError names what is wrong."""
    from sim.core.bots import BotSpecError, load_bots, parse_spec

    if not spec.has("solver") or not spec.has("analysis"):
        raise AnalysisError(f"{spec.name} has no solver or no analysis part: it cannot be analysed")
    kind, _, rest = text.strip().partition(":")
    if kind not in KINDS:
        raise AnalysisError(
            f"--evaluator {text!r}: the evaluators are dd (double dummy: every "
            f"hand seen) and sd:worlds=N (single dummy: what the seat knows)"
        )
    given = [p.partition("=")[0].strip() for p in rest.split(",") if p.strip()]
    for name in given:
        if name not in TAKES[kind]:
            raise AnalysisError(f"--evaluator {text!r}: {kind} takes {', '.join(TAKES[kind])}, "
                                f"not {name!r}")  # fmt: skip
    load_bots(spec.name)
    try:
        bot = parse_spec(("oracle" if kind == "dd" else "pimc") + (f":{rest}" if rest else ""),
                         spec.name)  # fmt: skip
    except BotSpecError as e:
        raise AnalysisError(f"--evaluator {text!r}: {e}") from None
    v = bot.values
    if v["model"] not in MODEL_IDS:
        raise AnalysisError(f"--evaluator {text!r}: model={v['model']} is a search, not a value "
                            f"of each action; use solve or rollout")  # fmt: skip
    canonical = kind + bot.text[len(bot.info.name) :]
    return Evaluator(canonical, kind == "dd", int(v.get("worlds", 1)), MODEL_IDS[v["model"]],
                     int(v.get("last", 0)), int(v["seed"]))  # fmt: skip


class Valuer:
    """Every legal action's value for the seat to act, by one evaluator, in one game."""

    def __init__(self, spec, evaluator: Evaluator):
        from bots.pimc import bound_pimc
        from sim.core.bots import load_bots

        load_bots(spec.name)  # the rollout bot the bound pimc names
        self.p = bound_pimc(spec)
        self.ev = evaluator
        k, d, s = self.p.K, self.p.D, self.p.S
        self.base = np.zeros(k.STATE_SIZE, np.int64)
        self.world = np.zeros(k.STATE_SIZE, np.int64)
        self.dwork = np.zeros(d.WORK_SIZE, np.int64)
        self.swork = np.zeros(s.WORK_SIZE, np.int64)
        self.out = np.zeros(k.N_SEATS, np.float64)
        self.sums = np.zeros(MAX_ACTIONS, np.float64)
        self.gparams = np.zeros(MAX_PARAMS, np.float64)  # the rollout bot's: its defaults
        self.stream = np.zeros(1, np.uint64)
        self.pub = k.PUB_SIZE

    def values(self, state: np.ndarray, seat: int, private: int, legal: int, key: int
               ) -> np.ndarray:  # fmt: skip
        """The values (NaN: not legal) of the decision at ``state`` (the true state: the
        ``sd`` evaluator reads only its public part and ``private``, the seat's word).
        ``key`` fixes the evaluator's random stream, with its seed."""
        p, ev = self.p, self.ev
        self.stream[0] = mix(np.uint64(key), np.uint64(ev.seed))
        self.sums[:] = 0.0
        scale = p.D.reward_scale(state[: self.pub])
        last, model = np.int64(ev.last), np.int64(ev.model)
        if ev.sees_all:
            self.base[:] = state
            worlds = 1
            p._add_values(self.base, np.int64(seat), np.int64(legal), scale, self.stream,
                          self.swork, self.world, self.out, self.sums, last, self.gparams,
                          model)  # fmt: skip
        else:
            worlds = ev.worlds
            public = state[: self.pub]
            for _ in range(worlds):
                p.D.determinize(public, np.int64(seat), np.int64(private), np.int64(legal),
                                self.stream, self.dwork, self.base)  # fmt: skip
                p._add_values(self.base, np.int64(seat), np.int64(legal), scale, self.stream,
                              self.swork, self.world, self.out, self.sums, last, self.gparams,
                              model)  # fmt: skip
        values = np.full(MAX_ACTIONS, np.nan)
        m = int(legal)
        while m:
            a = (m & -m).bit_length() - 1
            m &= m - 1
            values[a] = self.sums[a] / worlds
        return values
