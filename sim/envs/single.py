"""A game as a Gymnasium environment for one agent, trixsim bots at the other seats.

``make_single_agent("euchre5", opponents="greedy")``: the agent plays one seat (``seat=0``,
or ``seat=None`` for deal set ``k``'s seat ``k % seats``, every seat in turn); the other
seats are played by the bot spec ``opponents`` (one spec for all, or one per other seat,
separated by ``;``: ``"greedy;mcts:iters=50;random"``), each with its own stream of the
episode's seed, as in a tournament. Observation, action mask and actions are those of the
PettingZoo environment (:mod:`sim.envs.aec`); the reward is the agent's win share at the
game's end (``rewards="game"``) or its relative points at every deal's end (``"deal"``).
An illegal action ends the episode with ``illegal_reward`` and ``info["illegal"]``.
"""

from __future__ import annotations

import secrets

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from sim.core.bots import parse_spec
from sim.core.observe import bounds
from sim.core.play import Player
from sim.envs.engine import OneGame, check_rewards, opponent_texts


class SingleAgent(gym.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, opponents: str = "greedy", seat: int | None = 0,
                 rewards: str = "game", illegal_reward: float = -1.0,
                 render_mode: str | None = None):  # fmt: skip
        self.table = OneGame(game)
        self.game_spec, self.rewards_mode = self.table.spec, check_rewards(rewards)
        texts = opponent_texts(self.game_spec, opponents, seat)
        self.opponents = [parse_spec(t, self.game_spec.name) for t in texts]
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode={render_mode!r}: say None or 'ansi'")
        self.render_mode = render_mode
        self.fixed_seat, self.illegal_reward = seat, float(illegal_reward)
        part = self.table.part
        low, high = bounds(part)  # the rules' bounds of every input
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low, high, (part.SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (part.N_GLOBAL,), np.int8),
        })  # fmt: skip
        self.action_space = spaces.Discrete(part.N_GLOBAL)
        self._seed, self._deal_set = None, -1
        self._game = None  # the checked game's view of the table's state, for the bots
        self.seat = 0 if seat is None else seat

    def _obs(self) -> dict:
        part = self.table.part
        obs = np.empty(part.SIZE, np.float32)
        mask = np.empty(part.N_GLOBAL, np.int8)
        self.table.observe(self.seat, obs, mask)
        return {"observation": obs, "action_mask": mask}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is not None:
            self._seed, self._deal_set = int(seed), 0
        else:
            if self._seed is None:
                self._seed = secrets.randbits(64)
            self._deal_set += 1
        self.table.deal(self._seed, self._deal_set)
        n = self.game_spec.seats
        self.seat = self._deal_set % n if self.fixed_seat is None else self.fixed_seat
        others = [p for p in range(n) if p != self.seat]
        self._players = {p: Player(b, self._seed, self._deal_set, p)
                         for p, b in zip(others, self.opponents, strict=True)}  # fmt: skip
        self._game = self.game_spec.part("api").GAME(self.table.state)
        self._others_play()  # the seats before the agent's first turn (no deal ends there)
        return self._obs(), {"seat": self.seat, "deal_set": self._deal_set}

    def _others_play(self) -> tuple[float, bool]:
        """The bots play until it is the agent's turn or the game is over; the agent's
        reward meanwhile, and whether the game is over."""
        table, reward = self.table, 0.0
        part = self.table.part
        while not table.over and table.to_act != self.seat:
            seat = table.to_act
            action = self._players[seat].decide(self._game, seat)
            public, hand = table.state[: table.kernels.PUB_SIZE], self._game.private(seat)
            reward += self._reward(table.step(int(part.to_global(public, hand, action))))
        return reward, table.over

    def _reward(self, r: int) -> float:
        k = self.table.k
        if r == k.ON or r == k.ILLEGAL:
            return 0.0
        if self.rewards_mode == "deal":
            return float(self.table.deal_rewards()[self.seat])
        return float(self.table.shares[self.seat]) if r == k.GAME_OVER else 0.0

    def step(self, action):
        if self.table.over:
            raise RuntimeError("the episode is over: call reset()")
        r = self.table.step(int(action))
        if r == self.table.k.ILLEGAL:
            self.table.over = True
            return self._obs(), self.illegal_reward, True, False, {"illegal": True}
        reward = self._reward(r)
        more, over = self._others_play()
        return self._obs(), reward + more, over, False, {}

    def render(self):
        """The table as the agent's seat sees it (``sim.envs.draw``), with its legal actions'
        names; the results once the game is over."""
        if self.render_mode is None:
            return None
        from sim.envs.draw import draw

        names = [self.opponents[p - (p > self.seat)].text if p != self.seat else "agent"
                 for p in range(self.game_spec.seats)]  # fmt: skip
        text = draw(self.table, None if self.table.over else self.seat, names)
        if self.table.over:
            return text
        return text + f"legal: {' '.join(self.table.legal_names())}\n"


def make_single_agent(game: str, opponents: str = "greedy", seat: int | None = 0,
                      rewards: str = "game", illegal_reward: float = -1.0,
                      render_mode: str | None = None) -> SingleAgent:  # fmt: skip
    """The Gymnasium environment of :class:`SingleAgent` (the module doc says what each
    argument does); ``gymnasium.make("trixsim/Euchre5-v0", opponents=...)`` makes the same
    once ``sim.envs`` is imported (:func:`sim.envs.gym_id`)."""
    return SingleAgent(game, opponents=opponents, seat=seat, rewards=rewards,
                       illegal_reward=illegal_reward, render_mode=render_mode)  # fmt: skip
