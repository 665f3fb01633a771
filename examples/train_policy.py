"""Train a small policy network by imitation, then rank it with one trixsim command.

    python examples/train_policy.py --game terts --teacher mcts:iters=200 --games 400

1. The teacher (any bot spec) plays ``--games`` games at every seat; at each of its decisions
   the seat's observation tensor (the game's observation part), its legal global actions
   and the teacher's choice are kept.
2. A network of one hidden layer (``--hidden`` units, ReLU) learns to pick the teacher's
   action among the legal ones (softmax over the legal actions, cross-entropy, Adam), NumPy
   only; a tenth of the games is held out to measure how often it agrees with the teacher.
3. It is saved in ``--out`` (a folder, ``policy-GAME`` here by default) as a trixsim weights
   file, ``policy.npz``, and ranked against ``random`` and ``greedy`` by the tournament
   commands it prints (``--evaluate`` runs them, into the same folder): the network plays as
   ``neural:model=.../policy.npz``, in compiled code. (A network of one hidden layer is the
   ``neural`` bot's two with an identity between them.)

It runs from any folder and writes nothing outside ``--out``. docs/research.md says what it
reached and how long it took; ``trixsim train`` (docs/learning.md) is the full-size version.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from sim.core.bots import parse_spec
from sim.core.net import forward_numpy
from sim.core.play import Player
from sim.core.registry import get
from sim.core.weights import Network, encoding


def collect(game: str, teacher: str, games: int, seed: int):
    """The teacher's decisions over ``games`` games: observations ``float32[n, SIZE]``, legal
    global ids ``bool[n, N_GLOBAL]``, its choices ``int64[n]`` and each decision's game."""
    spec = get(game)
    o, k, api = spec.part("observation"), spec.part("kernels"), spec.part("api").GAME
    bot = parse_spec(teacher, game)
    xs, masks, ys, which = [], [], [], []
    for g in range(games):
        state = api.new(seed, g)
        players = [Player(bot, seed, g, seat) for seat in range(spec.seats)]
        while not state.over:
            seat = state.to_act
            public, hand = state.state[: k.PUB_SIZE], state.private(seat)
            x = np.zeros(o.SIZE, np.float32)
            o.encode(public, seat, hand, x)
            mask = np.zeros(o.N_GLOBAL, np.bool_)
            for a in state.legal_actions():
                mask[o.to_global(public, hand, a)] = True
            action = players[seat].decide(state, seat)
            xs.append(x)
            masks.append(mask)
            ys.append(o.to_global(public, hand, action))
            which.append(g)
            state.apply(action)
    return np.array(xs), np.array(masks), np.array(ys, np.int64), np.array(which)


def init(size: int, hidden: int, actions: int, rng) -> dict:
    return {
        "w1": (rng.standard_normal((size, hidden)) * np.sqrt(2.0 / size)).astype(np.float32),
        "b1": np.zeros(hidden, np.float32),
        "w2": (rng.standard_normal((hidden, actions)) * np.sqrt(1.0 / hidden)).astype(np.float32),
        "b2": np.zeros(actions, np.float32),
    }


def step(w: dict, x, mask, y):
    """Loss and gradients of the masked softmax cross-entropy on one minibatch."""
    h_in = x @ w["w1"] + w["b1"]
    h = np.maximum(h_in, 0.0)
    z = np.where(mask, h @ w["w2"] + w["b2"], -1e9)
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    n = len(y)
    loss = -np.log(p[np.arange(n), y] + 1e-12).mean()
    dz = p
    dz[np.arange(n), y] -= 1.0
    dz /= n
    dh = (dz @ w["w2"].T) * (h_in > 0)
    grads = {"w2": h.T @ dz, "b2": dz.sum(0), "w1": x.T @ dh, "b1": dh.sum(0)}
    return loss, grads


def as_network(w: dict, game: str, teacher: str) -> Network:
    """The one-hidden-layer network as the ``neural`` bot's two layers: an identity between
    them (a ReLU of a ReLU is the ReLU), stamped with the game's observation encoding."""
    spec = get(game)
    h = len(w["b1"])
    layers = {"w1": w["w1"], "b1": w["b1"], "w2": np.eye(h, dtype=np.float32),
              "b2": np.zeros(h, np.float32), "w3": w["w2"], "b3": w["b2"]}  # fmt: skip
    meta = {"game": spec.name, "rules": spec.version, "encoding": encoding(spec),
            "trained": f"examples/train_policy.py, imitating {teacher}"}  # fmt: skip
    return Network(layers, meta)


def agreement(w: dict, x, mask, y, game: str) -> float:
    """How often the saved network's best legal action is the teacher's (its scores as the
    ``neural`` bot computes them, in NumPy)."""
    scores = forward_numpy(as_network(w, game, "").buffer(), x)
    return float((np.where(mask, scores, -np.inf).argmax(1) == y).mean())


def train(x, mask, y, hidden: int, epochs: int, seed: int, lr: float = 1e-3, batch: int = 256):
    rng = np.random.default_rng(seed)
    w = init(x.shape[1], hidden, mask.shape[1], rng)
    m = {k: np.zeros_like(v) for k, v in w.items()}
    v = {k: np.zeros_like(val) for k, val in w.items()}
    t = 0
    for epoch in range(epochs):
        order = rng.permutation(len(y))
        losses = []
        for start in range(0, len(y), batch):
            idx = order[start : start + batch]
            loss, grads = step(w, x[idx], mask[idx], y[idx])
            losses.append(loss)
            t += 1
            for k in w:  # Adam
                m[k] = 0.9 * m[k] + 0.1 * grads[k]
                v[k] = 0.999 * v[k] + 0.001 * grads[k] ** 2
                m_hat, v_hat = m[k] / (1 - 0.9**t), v[k] / (1 - 0.999**t)
                w[k] -= (lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)
        print(f"epoch {epoch + 1}/{epochs}: loss {np.mean(losses):.3f}", flush=True)
    return w


def fresh(folder: Path) -> Path:
    """``folder``, or ``folder-2``, ``-3`` … if it exists (a run never goes where one was)."""
    found, k = folder, 1
    while found.exists():
        k += 1
        found = folder.with_name(f"{folder.name}-{k}")
    return found


def tournament(game: str, weights: Path, against: str, games: int, seed: int) -> list[str]:
    folder = fresh(weights.parent / f"vs-{against.replace(':', '-')}")
    return [sys.executable, "-m", "sim.cli", "tournament", "--game", game, "--bots",
            f"neural:model={weights},{against}", "--games", str(games),
            "--seed", str(seed), "--out", str(folder)]  # fmt: skip


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="terts")
    ap.add_argument("--teacher", default="mcts:iters=200")
    ap.add_argument("--games", type=int, default=400, help="the teacher's games")
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=None, help="a folder (default policy-GAME)")
    ap.add_argument("--evaluate", type=int, default=0, metavar="GAMES",
                    help="then play this many games against each bot of --against")  # fmt: skip
    ap.add_argument("--against", default="random,greedy", help="the bots to rank it against")
    args = ap.parse_args(argv)
    out = args.out or Path(f"policy-{args.game}")
    t0 = time.perf_counter()
    x, mask, y, which = collect(args.game, args.teacher, args.games, args.seed)
    t1 = time.perf_counter()
    print(f"{len(y):,} decisions of {args.teacher} in {args.games} games: {t1 - t0:.0f} s")
    held = which >= args.games - max(1, args.games // 10)  # the last tenth of the games
    w = train(x[~held], mask[~held], y[~held], args.hidden, args.epochs, args.seed)
    t2 = time.perf_counter()
    agree = agreement(w, x[held], mask[held], y[held], args.game)
    print(f"trained in {t2 - t1:.0f} s; agrees with the teacher on {agree:.1%} of held-out "
          "decisions")
    out.mkdir(parents=True, exist_ok=True)
    weights = out.resolve() / "policy.npz"
    as_network(w, args.game, args.teacher).save(weights)
    print(f"saved {weights}")
    for against in args.against.split(","):
        command = tournament(args.game, weights, against, args.evaluate or 400, args.seed + 1)
        print(" ".join(command[2:]).replace("sim.cli", "trixsim", 1))
        if args.evaluate:
            subprocess.run(command, check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
