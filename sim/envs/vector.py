"""Many games in one object, arrays in and out: the environment to train at engine speed.

``VectorEnv("trix", n=1024, seed=1)`` holds ``n`` games; each row is at the decision of its
seat to act. :meth:`reset` and :meth:`step` return the observation of that seat
(``obs``: ``float32[n, SIZE]``, seats relative to it, so one policy plays every seat), its
legal global actions (``mask``: ``int8[n, N_GLOBAL]``) and which seat it is (``seat``:
``int64[n]``); :meth:`step` takes one global action a row and adds every seat's reward
(``float64[n, seats]``, absolute seats: the win shares on the step that ends a game, or with
``rewards="deal"`` each deal's relative points) and ``done`` (``bool[n]``: the game ended
and the row now holds a new one, autoreset). Game ``k`` of the object is deal set ``k`` of a
run seeded ``seed`` (the first ``n`` at reset, then in the order games end), so the deals
are a tournament's. One call into compiled code steps every row; the arrays are reused
(copy what you keep).
"""

from __future__ import annotations

import numpy as np

from sim.envs.engine import check_rewards, env_kernels, opponent_texts, point_columns, spec_of


class VectorEnv:
    def __init__(self, game: str, n: int = 256, seed: int = 0, rewards: str = "game",
                 opponents: str | None = None, seat: int | None = 0):  # fmt: skip
        if n < 1:
            raise ValueError(f"n={n}: a vector environment holds at least one game")
        self.spec = spec_of(game)
        self.k = env_kernels(self.spec)
        self.part = self.spec.part("observation")
        kernels = self.spec.part("kernels")
        self.n, self.seed = n, int(seed) % 2**64
        self.per_deal = check_rewards(rewards) == "deal"
        self.point_column, self.sign = point_columns(self.spec)
        self.states = np.zeros((n, kernels.STATE_SIZE), np.int64)
        self.obs = np.zeros((n, self.part.SIZE), np.float32)
        self.mask = np.zeros((n, self.part.N_GLOBAL), np.int8)
        self.seat = np.zeros(n, np.int64)
        self.rewards = np.zeros((n, self.spec.seats), np.float64)
        self.done = np.zeros(n, np.bool_)
        self.game_ids = np.arange(n, dtype=np.int64)
        self.next_game = np.array([n], np.int64)
        self._deal_row = np.zeros(kernels.N_DEAL_COLUMNS, np.int64)
        self._game_row = np.zeros(kernels.N_GAME_COLUMNS, np.int64)
        self._shares = np.zeros(self.spec.seats, np.float64)
        self._local = np.zeros(n, np.int64)
        self.games_ended = 0
        self._others = _Opponents(self.spec, n, opponents, seat) if opponents else None

    @property
    def observation_size(self) -> int:
        return self.part.SIZE

    @property
    def n_actions(self) -> int:
        return self.part.N_GLOBAL

    def reset(self):
        """Deal games 0..n-1 again: ``(obs, mask, seat)``."""
        self.game_ids[:] = np.arange(self.n)
        self.next_game[0] = self.n
        self.games_ended = 0
        self.k.vector_reset(self.states, np.uint64(self.seed), self.game_ids, self.obs,
                            self.mask, self.seat)  # fmt: skip
        if self._others:
            self.done[:] = False
            self.rewards[:] = 0.0
            self._others.play(self, fresh=True)
        return self.obs, self.mask, self.seat

    def step(self, actions):
        """One global action a row: ``(obs, mask, seat, rewards, done)``. A row's action that
        is not legal is refused (ValueError naming the row) before any row moves."""
        actions = np.ascontiguousarray(actions, np.int64)
        if actions.shape != (self.n,):
            raise ValueError(f"actions: {list(actions.shape)}; step takes one global action "
                             f"id per game, int[{self.n}]")  # fmt: skip
        bad = self.k.vector_step(self.states, actions, np.uint64(self.seed), self.next_game,
                                 self.game_ids, self.obs, self.mask, self.seat, self.rewards,
                                 self.done, self.per_deal, self.point_column, self.sign,
                                 self._deal_row, self._game_row, self._shares,
                                 self._local)  # fmt: skip
        if bad >= 0:
            names = self.part.global_names()
            a = int(actions[bad])
            said = names[a] if 0 <= a < len(names) else "no action"
            legal = ", ".join(names[g] for g in np.flatnonzero(self.mask[bad]))
            raise ValueError(f"row {bad}: global action {a} ({said}) is not legal for seat "
                             f"{int(self.seat[bad])}; legal: {legal}")  # fmt: skip
        if self._others:
            self._others.play(self, fresh=False)
        self.games_ended += int(self.done.sum())
        return self.obs, self.mask, self.seat, self.rewards, self.done


class _Opponents:
    """The bots at the seats the agent does not play, and their streams (one per row and
    seat)."""

    def __init__(self, spec, n: int, opponents: str, seat: int | None):
        from sim.core.bots import parse_spec
        from sim.core.limits import MAX_PARAMS, MAX_SEATS
        from sim.core.protocol import bot_addresses

        texts = opponent_texts(spec, opponents, seat)
        distinct = list(dict.fromkeys(texts))
        specs = [parse_spec(t, spec.name) for t in distinct]
        for b in specs:
            if b.info.kind != "numba" or b.info.sees_all:
                raise ValueError(f"opponents: {b.text} is not a fair numba bot (a vector "
                                 f"environment plays its bots in compiled code)")  # fmt: skip
        funcs = [b.info.decide for b in specs]
        self.bots = bot_addresses(funcs + [funcs[0]] * (MAX_SEATS - len(funcs)))
        self.params = np.zeros((MAX_SEATS, MAX_PARAMS), np.float64)
        for i, b in enumerate(specs):
            self.params[i] = b.encoded()
        self.other_entry = np.array([distinct.index(t) for t in texts], np.int8)
        self.rotate = seat is None
        self.agents = np.full(n, 0 if seat is None else seat, np.int64)
        self.rngs = np.zeros((n, MAX_SEATS), np.uint64)

    def play(self, env: VectorEnv, fresh: bool) -> None:
        from sim.core.rng import bot_domain

        seeds = (np.uint64(env.seed), bot_domain(env.seed))  # deals, bots
        bad = env.k.vector_others(
            env.states, self.agents, self.rotate, self.other_entry, self.bots, self.params,
            self.rngs, *seeds, env.next_game, env.game_ids, env.rewards, env.done, env.per_deal,
            env.point_column, env.sign, env._deal_row, env._game_row, env._shares, env.obs,
            env.mask, env.seat, fresh)  # fmt: skip
        if bad >= 0:
            raise ValueError(f"row {bad}: an opponent chose an illegal action")


def random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row of ``mask`` (for tests and benchmarks)."""
    u = rng.random(mask.shape) * mask
    return u.argmax(axis=1)
