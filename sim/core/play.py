"""Play whole games through the checked Python game with any bots (numba or Python).

This is the slow, fully checked path: records, the terminal table and Python
bots use it. It calls a numba bot with exactly the arguments the compiled loop
gives it, so both paths make the same decisions for the same seed.
"""

from __future__ import annotations

import time

from sim.core.api import Game, IllegalActionError, mask_actions
from sim.core.bots import BotSpec, PythonBot
from sim.core.limits import MAX_ACTIONS
from sim.core.rng import bot_stream
from sim.core.spec import GameSpec


class BotError(RuntimeError):
    """A bot returned an action the rules do not allow."""


def illegal_message(spec: GameSpec, bot: BotSpec, seat: int, action: int, legal: int,
                    game_id: int | None = None) -> str:  # fmt: skip
    """What a bot did wrong, with the legal actions named in the game's words."""
    name = spec.part("api").GAME.action_name
    where = "" if game_id is None else f" (game {game_id})"
    return (
        f"bot {bot.text!r} at seat {seat} chose {action} which is not legal{where}; "
        f"legal: {' '.join(name(a) for a in mask_actions(legal))}"
    )


class Player:
    """One bot spec seated at one seat for one game, with its own random stream."""

    def __init__(self, bot: BotSpec, seed: int, game_id: int, seat: int):
        self.bot = bot
        self.rng = bot_stream(seed, game_id, seat)
        self.params = bot.encoded()
        self.python: PythonBot | None = None
        self.policy = None  # a batched bot's, made for the game when it first decides
        if bot.info.kind == "python":
            self.python = bot.info.cls(seed=int(self.rng[0]), **bot.values)

    @property
    def spec(self) -> BotSpec:
        return self.bot

    def decide(self, game: Game, seat: int) -> int:
        legal = game.legal_mask()
        if self.bot.info.kind == "batched":
            action = self._batched(game, seat, legal)
        elif self.python is None:
            # a bot that sees every hand (oracle) is given the whole state: it cheats
            public = game.state if self.bot.info.sees_all else game.state[: game.kernels.PUB_SIZE]
            action = int(
                self.bot.info.decide(public, seat, game.private(seat), legal, self.rng, self.params)
            )
        else:
            action = int(self.python.act(game.observation(seat), mask_actions(legal)))
        if not (0 <= action < MAX_ACTIONS and legal >> action & 1):
            raise BotError(illegal_message(game.spec, self.bot, seat, action, legal))
        return action

    def _batched(self, game: Game, seat: int, legal: int) -> int:
        """A batched bot asked for this one decision (a batch of one): its global action id
        made phase-relative, or -1 when it is no action of this decision."""
        import numpy as np

        from sim.core.batched_play import checked_actions

        o = game.spec.part("observation")
        if self.policy is None:
            rng = np.random.default_rng(int(self.rng[0]))
            self.policy = self.bot.info.cls(game.spec.name, rng, **self.bot.values)
        public, hand = game.state[: game.kernels.PUB_SIZE], game.private(seat)
        obs = np.zeros((1, o.SIZE), np.float32)
        o.encode(public, seat, hand, obs[0])
        mask = np.zeros((1, o.N_GLOBAL), np.bool_)
        for a in mask_actions(legal):
            mask[0, o.to_global(public, hand, a)] = True
        chosen = int(checked_actions(self.bot, self.policy.act(obs, mask), 1)[0])
        return int(o.to_local(public, hand, chosen)) if 0 <= chosen < o.N_GLOBAL else -1


def play_game(spec: GameSpec, bots: list[BotSpec], seed: int, game_id: int,
              deal_set: int | None = None, times=None) -> Game:  # fmt: skip
    """Play game ``game_id`` (deal set ``deal_set``, default the game id) to its end.
    ``times`` (a list per seat): each decision's seconds are appended to its seat's list."""
    game = spec.part("api").GAME.new(seed, game_id if deal_set is None else deal_set)
    players = [Player(bot, seed, game_id, seat) for seat, bot in enumerate(bots)]
    while not game.over:
        game.decisions += 1
        seat = game.to_act
        start = time.perf_counter()
        action = players[seat].decide(game, seat)
        if times is not None:
            times[seat].append(time.perf_counter() - start)
        try:
            game.apply(action)
        except IllegalActionError as e:  # pragma: no cover - decide() checked it
            raise BotError(str(e)) from None
    return game
