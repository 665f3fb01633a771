"""The research API's speed for ``make bench`` (issue #28): batched policies in tournaments,
the PettingZoo, vectorised and OpenSpiel environments, and a PettingZoo classic card game.

Every figure is per core (one process, ``NUMBA_NUM_THREADS`` as the bench runs, one BLAS
thread: :mod:`sim.bench.__main__`) and the median of repetitions; the environments'
figures count the steps of random legal play, the vectorised environment's without the
draw of the random actions (numpy's, a policy's business), the AEC environment's with it
(a loop over ``agent_iter`` as PettingZoo's own benchmark runs it).
"""

from __future__ import annotations

import time

import numpy as np

from sim.bench import SCALE, measure, scaled
from sim.core.bots import BatchedBot, BotSpecError, Param

MISSING_RL = "pettingzoo is not installed: pip install -e '.[rl]'"


class Linear(BatchedBot):
    """A fixed random linear policy (``sim.bench.research:Linear``): the legal action of
    highest score. The cheapest network there is: its figure is the engine's cost."""

    PARAMS = [Param("weights", 1, "seed of the weights", low=0, high=2**31)]
    w = None

    def act(self, obs, legal):
        if self.w is None:
            rng = np.random.default_rng(int(self.params["weights"]))
            self.w = rng.standard_normal((obs.shape[1], legal.shape[1])).astype(np.float32)
        return np.where(legal, obs @ self.w, -np.inf).argmax(axis=1)


def has_torch() -> bool:
    import importlib.util

    return importlib.util.find_spec("torch") is not None


class TorchMLP(BatchedBot):
    """A PyTorch MLP, two hidden layers of 256 (``sim.bench.research:TorchMLP``), on the CPU,
    random weights: what a trained network costs a tournament. ``dtype=bfloat16`` runs it
    in bfloat16, which a core with AVX512-BF16 multiplies at twice float32's rate."""

    PARAMS = [Param("dtype", "float32", "the network's numbers: float32 or bfloat16",
                    choices=("float32", "bfloat16"))]  # fmt: skip
    net = None

    @classmethod
    def check(cls, game: str, **params) -> None:
        """Refused when the spec is read, before any worker starts or folder is made."""
        if not has_torch():
            raise BotSpecError("bot sim.bench.research:TorchMLP needs PyTorch, which is not "
                               "installed here: pip install 'trixsim[train]'")  # fmt: skip

    def act(self, obs, legal):
        import torch

        kind = getattr(torch, self.params["dtype"])
        if self.net is None:
            torch.manual_seed(1)
            torch.set_num_threads(1)
            self.net = torch.nn.Sequential(
                torch.nn.Linear(obs.shape[1], 256), torch.nn.ReLU(),
                torch.nn.Linear(256, 256), torch.nn.ReLU(),
                torch.nn.Linear(256, legal.shape[1]),
            ).to(kind)  # fmt: skip
        with torch.inference_mode():
            scores = self.net(torch.from_numpy(obs).to(kind))
            scores.masked_fill_(~torch.from_numpy(legal), -torch.inf)
            return scores.argmax(dim=1).numpy()


def batched_row(spec, policy: str, games: int) -> dict:
    """A tournament's chunk with the policy at every seat: decisions per second."""
    from sim.core.bots import parse_spec
    from sim.core.loop_batch import play_batch

    lineup = [parse_spec(policy, spec.name)]
    seating = [0] * spec.seats
    play_batch(spec, lineup, seating, 1, range(2))  # compile / load first
    counter = iter(range(10**9))

    def run():
        start = next(counter) * games
        b = play_batch(spec, lineup, seating, 1, range(start, start + games))
        return {"decisions": b.actions, "games": games}

    return measure(run)


def vector_row(spec, n: int = 1024, steps: int = 200) -> dict:
    """The vectorised environment's steps per second, the clock on :meth:`step` only."""
    import statistics

    from sim.bench import REPS
    from sim.envs.vector import VectorEnv, random_actions

    env = VectorEnv(spec.name, n=n, seed=1)
    env.reset()
    rng = np.random.default_rng(1)
    env.step(random_actions(env.mask, rng))  # compile / load first
    rates = []
    for _ in range(REPS):
        clock = 0.0
        for _ in range(steps):
            a = random_actions(env.mask, rng)
            t = time.perf_counter()
            env.step(a)
            clock += time.perf_counter() - t
        rates.append(n * steps / clock)
    return {"steps": {"median": statistics.median(rates), "min": min(rates), "max": max(rates)},
            "games": n}  # fmt: skip


def aec_row(spec, seconds: float = 1.0) -> dict | str:
    try:
        from sim.envs.aec import make_env
    except ImportError:
        return MISSING_RL
    env = make_env(spec.name)
    _aec_steps(env, 0.05)  # compile / load first, or the first repetition measures it
    return measure(lambda: {"steps": _aec_steps(env, seconds)})


def _aec_steps(env, seconds: float) -> int:
    rng = np.random.default_rng(1)
    env.reset(seed=1)
    steps, t = 0, time.perf_counter()
    while time.perf_counter() - t < seconds:
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
        env.reset()
    return steps


def holdem_row(seconds: float = 1.0) -> dict | str:
    """PettingZoo's classic Texas Hold'em (RLCard's engine), random legal play."""
    try:
        from pettingzoo.classic import texas_holdem_v4
    except Exception as e:  # pettingzoo or rlcard missing
        return f"not available ({type(e).__name__}: {e}); pip install -e '.[bench]'"
    env = texas_holdem_v4.env()
    return measure(lambda: {"steps": _aec_steps(env, seconds)})


def tournament_chunk(spec, policy: str, games: int = 1_000_000) -> int:
    """The chunk ``trixsim tournament`` plays a line-up of ``policy`` in, for ``games``
    games: the batched rows measure the batches a long run's policy gets (a short chunk
    ends in a long tail of small batches where game lengths differ, as Trix's do)."""
    from sim.core.bots import parse_spec
    from sim.run.cost import default_chunk

    lineup = [parse_spec(policy, spec.name)]
    return default_chunk(spec.name, lineup, [[0] * spec.seats], games)


def product_row(spec, rows: int = 1000) -> dict:
    """The linear policy's matrix product alone (``obs @ w`` of ``rows`` tensors, float32, one
    BLAS thread): what the policy cannot do without, per row."""
    o = spec.part("observation")
    rng = np.random.default_rng(1)
    obs = (rng.random((rows, o.SIZE)) < 0.1).astype(np.float32)
    w = rng.standard_normal((o.SIZE, o.N_GLOBAL)).astype(np.float32)

    def run():
        for _ in range(20):
            obs @ w
        return {"rows": rows * 20}

    return measure(run)


def neural_row(spec, games: int) -> dict | str:
    """The ``neural`` bot with the game's shipped weights at every seat: decisions a second
    (the engine's cost included)."""
    from sim.core.bots import BotSpecError, parse_spec
    from sim.core.loop_batch import play_batch

    try:
        lineup = [parse_spec("neural", spec.name)]
    except BotSpecError as e:
        return f"not measured ({e})"
    seating = [0] * spec.seats
    play_batch(spec, lineup, seating, 1, range(2))  # compile / load first
    counter = iter(range(10**9))

    def run():
        start = next(counter) * games
        return {
            "decisions": play_batch(spec, lineup, seating, 1, range(start, start + games)).actions
        }

    return measure(run)


def research_rows(spec) -> dict:
    """Every row of the research section for one game."""
    chunk = tournament_chunk(spec, "sim.bench.research:Linear")
    games = scaled(chunk, 20)
    rows = {
        "linear": batched_row(spec, "sim.bench.research:Linear", games),
        "product": product_row(spec),
        "first": batched_row(spec, "sim.core.batched_play:FirstLegal", games),
        "neural": neural_row(spec, scaled(40, 4)),
        "chunk": chunk,
    }
    try:
        import torch  # noqa: F401

        rows["torch"] = batched_row(spec, "sim.bench.research:TorchMLP", scaled(chunk, 4))
        rows["torch_bf16"] = batched_row(spec, "sim.bench.research:TorchMLP,dtype=bfloat16",
                                         scaled(chunk, 4))  # fmt: skip
    except ImportError:
        rows["torch"] = "torch is not installed (pip install torch==2.13.0 takes the CPU build)"
        rows["torch_bf16"] = rows["torch"]
    rows["vector"] = vector_row(spec, steps=scaled(200, 5))
    rows["aec"] = aec_row(spec, seconds=max(0.05, SCALE))
    rows["holdem"] = holdem_row(seconds=max(0.05, SCALE))
    return rows


def _rate(row, key: str) -> str:
    from sim.bench.table import fmt_rate

    return row if isinstance(row, str) else fmt_rate(row[key])


def research_lines(results: dict) -> list[str]:
    """The research section of a game's bench table."""
    r = results.get("research")
    if not r:
        return []
    osp = results.get("openspiel")
    osp_py = _rate(osp["python"], "actions") if isinstance(osp, dict) else str(osp)
    return [
        "", "### The research API (one core; `docs/research.md`)", "",
        "Batched bots at every seat of a tournament's chunk (games in lockstep, the policy called "
        f"once for all that wait on it; a chunk of {r.get('chunk', 2000):,} games, as a "
        "tournament of a million games plays); the environments with random legal play.", "",
        "| what | per second |", "|---|---|",
        f"| batched NumPy linear policy, decisions | {_rate(r['linear'], 'decisions')} |",
        f"| its matrix product alone (`obs @ w`, 1,000 rows at a time), rows | "
        f"{_rate(r.get('product', 'not measured'), 'rows')} |",
        f"| batched policy of no work (the lowest legal id): the engine's own cost, decisions | "
        f"{_rate(r['first'], 'decisions')} |",
        f"| the `neural` bot (shipped weights, compiled, every seat), decisions | "
        f"{_rate(r.get('neural', 'not measured'), 'decisions')} |",
        f"| batched PyTorch MLP 2×256, decisions | {_rate(r['torch'], 'decisions')} |",
        f"| the same MLP in bfloat16, decisions | "
        f"{_rate(r.get('torch_bf16', 'not measured'), 'decisions')} |",
        f"| PettingZoo AEC environment, steps (with PettingZoo's agent_iter loop) | "
        f"{_rate(r['aec'], 'steps')} |",
        f"| vectorised environment ({r['vector']['games']:,} games), steps (the step alone) | "
        f"{_rate(r['vector'], 'steps')} |",
        f"| beside it: PettingZoo's classic `texas_holdem_v4`, steps | "
        f"{_rate(r['holdem'], 'steps')} |",
        f"| beside it: OpenSpiel hearts, C++ game driven from Python, actions | {osp_py} |",
    ]  # fmt: skip


def _median(row, unit: str) -> float | None:
    return None if isinstance(row, str) else row[unit]["median"]


def research_targets(r: dict) -> list:
    """The research API's speed targets, per core, as #28 restated them (#44): the engine's
    own cost, a linear policy against its matrix product, the MLP in the core's fastest
    number type; and the ``neural`` bot's cost a decision."""
    rows = r.get("research")
    if not rows:
        return []
    out = []
    wanted = [("first", "decisions", 2_000_000,
               "decisions/s of a batched policy of no work (the engine's own cost)"),
              ("aec", "steps", 100_000, "AEC environment steps/s"),
              ("vector", "steps", 5_000_000, "vectorised environment steps/s")]  # fmt: skip
    for key, unit, least, label in wanted:
        got = _median(rows.get(key, "not measured"), unit)
        said = rows.get(key, "not measured") if got is None else f"{got:,.0f}"
        out.append((f"≥ {least:,} {label} per core", said, got is not None and got >= least))
    linear, product = _median(rows["linear"], "decisions"), _median(rows.get("product", ""), "rows")
    if linear and product:
        ratio = product / linear
        out.append(("a linear policy's time a decision ≤ 1.5 × its matrix product's alone",
                    f"{ratio:.2f} ×", ratio <= 1.5))  # fmt: skip
    mlp = [m for m in (_median(rows.get(k, ""), "decisions") for k in ("torch", "torch_bf16")) if m]
    out.append(("≥ 200,000 decisions/s of the batched MLP (2×256) in the core's fastest number "
                "type, per core", f"{max(mlp):,.0f}" if mlp else "torch is not installed",
                bool(mlp) and max(mlp) >= 200_000))  # fmt: skip
    neural = _median(rows.get("neural", ""), "decisions")
    if neural:
        us = 1e6 / neural
        search = r.get("engine", {}).get("mcts:iters=200")
        mcts_us = 1e6 / search["decisions"]["median"] if search else float("nan")
        said = f"{us:.1f} µs ({mcts_us / us:.0f} × less than mcts:iters=200's {mcts_us:.0f} µs)"
        target = "≤ 20 µs a decision of neural (engine included), ≤ 1/20 of mcts:iters=200's"
        out.append((target, said, us <= 20 and us * 20 <= mcts_us))
    return out
