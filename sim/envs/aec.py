"""Every trixsim game as a PettingZoo AEC environment (``make_env("trix")``).

The classic-card-game conventions of PettingZoo: agents ``seat_0`` … in seat order; the
observation a dict of ``observation`` (the game's observation tensor, ``float32[SIZE]``,
seats relative to the agent) and ``action_mask`` (``int8[N_GLOBAL]``, 1 at the agent's
legal global actions, all 0 when it is not its turn); actions are global ids
(``docs/research.md`` maps them to the record's notation). Rewards come at the end of the
game, each seat's win share (``rewards="game"``), or at the end of every deal, its points
of the deal less the seats' mean (``rewards="deal"``; negated where the lowest total
wins). ``reset(seed=s)`` deals deal set 0 of a run seeded ``s`` (a tournament's first
deal), each later ``reset()`` the next deal set. An illegal action ends the game, the
agent that took it rewarded ``illegal_reward`` (as PettingZoo's ``TerminateIllegalWrapper``
does; ``illegal_reward=None`` raises instead).

The environment checks what PettingZoo's wrappers check (the order of calls, actions in
range, illegal actions) itself: the wrappers' attribute forwarding cost 8 of every 9
microseconds of a step (16 thousand steps a second wrapped, 136 thousand bare, Trix).
``make_env(..., wrappers=True)`` adds them all the same.
"""

from __future__ import annotations

import secrets

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers as pz_wrappers

from sim.core.observe import bounds
from sim.envs.engine import OneGame, check_rewards


class TrixsimAEC(AECEnv):
    """The raw environment (no wrappers); :func:`make_env` adds PettingZoo's usual ones."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, rewards: str = "game", illegal_reward: float | None = -1.0,
                 render_mode: str | None = None):  # fmt: skip
        super().__init__()
        self.illegal_reward = illegal_reward
        self.table = OneGame(game)
        self.game_spec, self.rewards_mode = self.table.spec, check_rewards(rewards)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode={render_mode!r}: say None or 'ansi'")
        self.render_mode = render_mode
        name = self.game_spec.name.replace("-", "_")
        self.metadata = {**self.metadata, "name": f"trixsim_{name}"}
        part = self.table.part
        self.possible_agents = [f"seat_{p}" for p in range(self.game_spec.seats)]
        self.agent_name_mapping = {a: p for p, a in enumerate(self.possible_agents)}
        low, high = bounds(part)  # the rules' bounds of every input
        box = spaces.Box(low, high, (part.SIZE,), np.float32)
        mask = spaces.Box(0, 1, (part.N_GLOBAL,), np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(part.N_GLOBAL) for a in self.possible_agents}
        n = self.game_spec.seats
        self.state_space = spaces.Box(np.tile(low, n), np.tile(high, n), (n * part.SIZE,),
                                      np.float32)  # fmt: skip
        self._seed = None
        self._deal_set = 0

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        part = self.table.part
        obs = np.empty(part.SIZE, np.float32)
        mask = np.empty(part.N_GLOBAL, np.int8)
        self.table.observe(self.agent_name_mapping[agent], obs, mask)
        return {"observation": obs, "action_mask": mask}

    def state(self) -> np.ndarray:
        """The whole table for a centralised critic (it sees every hand: training only):
        every seat's observation tensor, seat 0's first, ``float32[seats * SIZE]``."""
        part, n = self.table.part, self.game_spec.seats
        out = np.empty(n * part.SIZE, np.float32)
        mask = np.empty(part.N_GLOBAL, np.int8)
        for p in range(n):
            self.table.observe(p, out[p * part.SIZE : (p + 1) * part.SIZE], mask)
        return out

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seed, self._deal_set = int(seed), 0
        elif self._seed is None:
            self._seed, self._deal_set = secrets.randbits(64), 0
        else:
            self._deal_set += 1
        self.table.deal(self._seed, self._deal_set)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.table.to_act]

    def step(self, action) -> None:
        if not hasattr(self, "agent_selection"):
            raise RuntimeError("step() before reset(): reset the environment first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        r = table.step(int(action))
        self._cumulative_rewards[agent] = 0.0
        if r == table.k.ILLEGAL:
            self._illegal(agent, action)
            return
        if r == table.k.ON:
            for a in self.agents:
                self.rewards[a] = 0.0
        elif self.rewards_mode == "deal":
            for a, v in zip(self.agents, table.deal_rewards(), strict=True):
                self.rewards[a] = float(v)
        else:
            over = r == table.k.GAME_OVER
            for a, v in zip(self.agents, table.shares, strict=True):
                self.rewards[a] = float(v) if over else 0.0
        if r == table.k.GAME_OVER:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[table.to_act]
        self._accumulate_rewards()

    def _illegal(self, agent, action) -> None:
        """The game ends, ``agent`` rewarded ``illegal_reward`` (or ValueError when None)."""
        if self.illegal_reward is None:
            raise ValueError(f"{agent}: action {action} is not legal now; legal: "
                             f"{', '.join(self.table.legal_names())}")  # fmt: skip
        self.table.over = True
        for a in self.agents:
            self.rewards[a] = float(self.illegal_reward) if a == agent else 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos[agent] = {"illegal": True}
        self._accumulate_rewards()

    def render(self):
        """The table as the agent to act sees it (``sim.envs.draw``), with its legal actions'
        names; the results once the game is over."""
        if self.render_mode is None:
            return None
        from sim.envs.draw import draw

        seat = None if self.table.over else self.table.to_act
        text = draw(self.table, seat, [f"agent {a}" for a in self.possible_agents])
        if seat is None:
            return text
        return text + f"legal: {' '.join(self.table.legal_names())}\n"

    def close(self) -> None:
        pass


def raw_env(game: str = "trix", rewards: str = "game", illegal_reward: float | None = -1.0,
            render_mode: str | None = None) -> TrixsimAEC:  # fmt: skip
    """PettingZoo's name for the bare environment (``sim.envs.euchre5_v0.raw_env()``)."""
    return TrixsimAEC(game, rewards=rewards, illegal_reward=illegal_reward, render_mode=render_mode)


def env(game: str = "trix", rewards: str = "game", illegal_reward: float | None = -1.0,
        render_mode: str | None = None) -> AECEnv:  # fmt: skip
    """PettingZoo's name for the wrapped environment (``sim.envs.euchre5_v0.env()``): the
    classic wrappers, as PettingZoo's own card games have them."""
    return make_env(game, rewards, illegal_reward, render_mode, wrappers=True)


def make_env(game: str, rewards: str = "game", illegal_reward: float | None = -1.0,
             render_mode: str | None = None, wrappers: bool = False) -> AECEnv:  # fmt: skip
    """The game as a PettingZoo AEC environment (see the module doc); ``wrappers=True``
    wraps it in PettingZoo's classic wrappers (illegal moves, bounds, order) as well."""
    env = TrixsimAEC(game, rewards=rewards, illegal_reward=illegal_reward, render_mode=render_mode)
    if not wrappers:
        return env
    if illegal_reward is not None:
        env = pz_wrappers.TerminateIllegalWrapper(env, illegal_reward=illegal_reward)
    env = pz_wrappers.AssertOutOfBoundsWrapper(env)
    return pz_wrappers.OrderEnforcingWrapper(env)
