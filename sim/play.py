"""Play whole games through the Python game API with any bots (numba or Python).

This is the slow, fully checked path: records, the terminal table and Python
bots use it. It calls a numba bot with exactly the arguments the fast loop
gives it, so both paths make the same decisions for the same seed.
"""

from __future__ import annotations

from bots.registry import BotSpec, PythonBot
from sim import layout as L
from sim.game import Game, IllegalActionError, action_name, mask_actions
from sim.rng import bot_stream


class BotError(RuntimeError):
    """A bot returned an action the rules do not allow."""


class Player:
    """One bot spec seated at one seat for one game, with its own random stream."""

    def __init__(self, spec: BotSpec, seed: int, game_id: int, seat: int):
        self.spec = spec
        self.rng = bot_stream(seed, game_id, seat)
        self.params = spec.encoded()
        self.python: PythonBot | None = None
        if spec.info.kind == "python":
            self.python = spec.info.cls(seed=int(self.rng[0]), **spec.values)

    def decide(self, game: Game, seat: int) -> int:
        legal = game.legal_mask()
        if self.python is None:
            public = game.state[: L.PUB_SIZE]
            action = int(
                self.spec.info.decide(public, seat, game.hand(seat), legal, self.rng, self.params)
            )
        else:
            action = self._decide_python(game, seat, legal)
        if not (0 <= action < L.N_ACTIONS and legal >> action & 1):
            raise BotError(
                f"bot {self.spec.text!r} at seat {seat} chose {action} which is not legal; "
                f"legal: {' '.join(action_name(a) for a in mask_actions(legal))}"
            )
        return action

    def _decide_python(self, game: Game, seat: int, legal: int) -> int:
        obs = game.observation(seat)
        if game.phase == L.CHOOSE:
            allowed = [a - L.CHOOSE_BASE for a in mask_actions(legal)]
            return L.CHOOSE_BASE + int(self.python.choose_contract(obs, allowed))
        if legal >> L.DOUBLE & 1:
            return L.DOUBLE if self.python.announce_king(obs) else L.NO_DOUBLE
        return int(self.python.play(obs, mask_actions(legal)))


def play_game(specs: list[BotSpec], seed: int, game_id: int, deal_set: int | None = None) -> Game:
    """Play game ``game_id`` (deal set ``deal_set``, default the game id) to its end."""
    game = Game.new(seed, game_id if deal_set is None else deal_set)
    players = [Player(spec, seed, game_id, seat) for seat, spec in enumerate(specs)]
    game.decisions = 0
    while not game.over:
        game.decisions += 1
        seat = game.to_act
        action = players[seat].decide(game, seat)
        try:
            game.apply(action)
        except IllegalActionError as e:  # pragma: no cover - decide() checked it
            raise BotError(str(e)) from None
    return game
