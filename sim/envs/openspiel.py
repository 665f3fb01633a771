"""Every trixsim game with an observation part as an OpenSpiel Python game.

``import sim.envs.openspiel`` registers ``python_<game>`` (``-`` written ``_``:
``python_trix``, ``python_euchre5``, ``python_five_hundred``, ``python_terts``) with pyspiel;
then ``pyspiel.load_game("python_trix")`` (or ``"python_trix(seed=3,deal_sets=64)"``) runs
the game's own kernels (the same rules as the compiled loop) behind OpenSpiel's API.
Registering compiles nothing: a game's kernels are bound on its first ``load_game``.

What it is for: algorithms written against OpenSpiel (its ISMCTS, CFR variants,
exploitability and policy tools, its C++ test harness) on trixsim's rules, without porting
them. How fast: slowly. Every step is a pyspiel call into Python and a few compiled calls.
Uniformly random play through pyspiel (``state.legal_actions()`` and ``apply_action`` in one
Python loop on one core, the chance node timed but not counted;
``python -m sim.envs.openspiel 3``) made 43 thousand steps a second for trix, 40 thousand
for euchre5, and 50 thousand each for five-hundred and terts (a 2-core machine at load 0.5).
The bare PettingZoo environment makes about 136 thousand (``sim.envs.aec``), and the
compiled loop makes millions. OpenSpiel's ISMCTS with 10 random-rollout simulations a
decision, all through Python, took about 7 s for one seat of one trix game. Play and
evaluate bots with the other interfaces (``docs/research.md``).

Decisions:

- **The deal** is one chance node at the start: outcome ``k`` (``0 .. deal_sets - 1``, each
  ``1 / deal_sets``) is deal set ``k`` of a run seeded ``seed`` (game parameters ``seed``,
  default 0, and ``deal_sets``, default 1024, so that ``chance_outcomes()`` stays cheap): the
  game a tournament of that seed plays as its deal set ``k``. Every later deal follows from
  the first inside the engine (no further chance nodes).
- **Utilities** (``Utility.ZERO_SUM``, terminal rewards): each seat's win share less the
  mean share ``1 / seats``, so between ``-1 / seats`` and ``1 - 1 / seats``, summing to 0.
  ``max_game_length`` is a bound, not a tight one: ``max_deals * (4 * deck + 128) + 1``.
- **Actions** are the observation part's global ids (``num_distinct_actions = N_GLOBAL``),
  named as the record writes them (``global_names()``).
- **Tensors.** The information-state tensor and the observation tensor are both the
  observation part's ``encode`` for the player (``SIZE`` floats; ``dict`` names its
  ``SLICES``): what a bot is shown now (the public slots, with the perfect memory of a deal
  that the rules give everybody, and the seat's private word). It is *not* a perfect-recall
  history tensor: earlier deals and the player's earlier hands are not in it.
- **Strings.** The information-state string is perfect recall: the public slots at the start
  of every deal, each action in record notation (``p2:QS``), the player's private word (hex,
  ``[1a2b]``) each time it changes (what the public slots show during a deal follows from
  these), and then the observation string (the player, its private word and the public slots
  now). An action private to the seat that took it is hidden from the others' strings as the
  game's table log hides it (``sim.web.views.public_text``): a discard is ``p1:discard``
  (Euchre's, Five Hundred's), Trix's declined K♥ announcement (``no-double``) is left out.
  The chance outcome is in no player's string.
- **Resampling.** ``resample_from_infostate(player, sampler)`` calls the game's determinizer
  with the player's view (public slots, private word) and a stream seeded from ``sampler()``
  (reproducible with a seeded ``pyspiel.UniformProbabilitySampler(seed, 0, 1)``): every card
  the player has not seen is dealt again as it may believe it, and the later deals are drawn
  afresh (a new deal seed in the kernels' ``DEAL_SEED`` slot).
  The determinizer is written for a decision of the seat: asked for the seat to act it gets
  the true legal mask (so the sample keeps the legal actions); asked for another player it
  gets every bit set (-1), "no decision declined here", since the legal mask of the seat to
  act would show that seat's cards (Trix reads it only for a K♥ holder at his turn; a holder
  not to act has not yet been offered the announcement). Such a sample is checked (the
  checked game's ``accounted()``) and refused with a ValueError when the determinizer cannot
  make one (none of the four does now; Euchre's dealt the dealer 5 cards, not 6, while he
  discards, until ``tests/euchre5/test_determinize.py``). OpenSpiel's
  ISMCTS resamples for the player to act only. In the sample the player's string is the
  original's; another player's is the public history then ``~`` and its sampled private
  word, since its past in the sample is unknown. The sample keeps the original's
  ``history()`` (OpenSpiel keeps it on the C++ side), so replaying that history gives the
  true state, not the sample.
"""

from __future__ import annotations

import sys
import time

import numpy as np
import pyspiel

from sim.core.registry import games
from sim.core.rng import deal_seed, new_stream, next_u64
from sim.core.spec import GameSpec

DEAL_SETS = 1024  # default of the game parameter deal_sets: the chance node's outcomes
PREFIX = "python_"


def short_name(spec: GameSpec) -> str:
    """The pyspiel name of a game: ``python_`` and its name, ``-`` written ``_``."""
    return PREFIX + spec.name.replace("-", "_")


class _Engine:
    """One game's compiled parts and scratch arrays, built on its first ``load_game``."""

    def __init__(self, spec: GameSpec):
        from sim.envs.engine import env_kernels

        self.spec, self.n = spec, spec.seats
        self.k = spec.part("kernels")
        self.env = env_kernels(spec)
        self.obs = spec.part("observation")
        self.names = list(self.obs.global_names())
        self.hidden = ["discard" if t.startswith("discard:") else t for t in self.names]
        self.game = spec.part("api").GAME
        self.hook = self.scratch = None
        if spec.has("web"):
            from sim.web.views import public_text

            self.hook, self.scratch = public_text, self.game.new(0, 0)
        self.det = spec.part("determinizer") if spec.has("determinizer") else None
        self.work = np.zeros(self.det.WORK_SIZE if self.det else 1, np.int64)
        self.seed_slot = self.k.DEAL_SEED
        self.deal_row = np.zeros(self.k.N_DEAL_COLUMNS, np.int64)
        self.game_row = np.zeros(self.k.N_GAME_COLUMNS, np.int64)
        self.shares = np.zeros(self.n, np.float64)
        self.buf = np.zeros(self.obs.SIZE, np.float32)
        self.mask = np.zeros(self.obs.N_GLOBAL, np.int8)
        self.max_length = spec.max_deals * (4 * spec.deck + 128) + 1

    def public_text(self, state: np.ndarray, seat: int, g: int) -> str | None:
        """How the others learn of ``seat``'s global action ``g`` (None: they do not)."""
        if self.hook is None:
            return self.hidden[g]
        k = self.k
        local = int(self.obs.to_local(state[: k.PUB_SIZE], k.hand_of(state, seat), g))
        self.scratch.state = state
        return self.hook(self.scratch, seat, local)

    def words(self, state: np.ndarray) -> tuple[int, ...]:
        return tuple(int(self.k.hand_of(state, p)) for p in range(self.n))

    def snapshot(self, state: np.ndarray) -> str:
        return "{" + ",".join(map(str, state[: self.k.PUB_SIZE].tolist())) + "}"


_ENGINES: dict[str, _Engine] = {}


def engine(spec: GameSpec) -> _Engine:
    if spec.name not in _ENGINES:
        _ENGINES[spec.name] = _Engine(spec)
    return _ENGINES[spec.name]


def _game_type(spec: GameSpec) -> pyspiel.GameType:
    T = pyspiel.GameType
    return T(
        short_name=short_name(spec),
        long_name=f"trixsim {spec.title}",
        dynamics=T.Dynamics.SEQUENTIAL,
        chance_mode=T.ChanceMode.EXPLICIT_STOCHASTIC,
        information=T.Information.IMPERFECT_INFORMATION,
        utility=T.Utility.ZERO_SUM,
        reward_model=T.RewardModel.TERMINAL,
        max_num_players=spec.seats,
        min_num_players=spec.seats,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seed": 0, "deal_sets": DEAL_SETS},
    )


class TrixsimState(pyspiel.State):
    """A state of a trixsim game; every attribute here is copied by OpenSpiel's clone."""

    # class attributes of each loaded game's subclass, so that a clone does not copy them:
    _e: _Engine  # the game's engine
    _seed: int  # the game parameters' seed, and its chance outcomes
    _outcomes: list[tuple[int, float]]

    def __init__(self, game):
        super().__init__(game)
        self._s = np.zeros(self._e.k.STATE_SIZE, np.int64)
        self._dealt = self._over = False
        self._player = pyspiel.PlayerId.CHANCE
        self._returns = [0.0] * self._e.n
        self._legal: list[int] | None = None
        self._pub = ""  # the history as everybody knows it
        self._views = ("",) * self._e.n  # each player's history (its information state)
        self._words = (0,) * self._e.n  # each player's private word

    # -- reading --------------------------------------------------------------------------
    def current_player(self):
        return pyspiel.PlayerId.TERMINAL if self._over else self._player

    def is_terminal(self):
        return self._over

    def returns(self):
        return list(self._returns)

    def chance_outcomes(self):
        return self._outcomes

    def _legal_actions(self, player):
        if player != self._player or self._over:
            return []
        if self._legal is None:
            e = self._e
            e.env.observe(self._s, player, e.buf, e.mask)
            self._legal = np.flatnonzero(e.mask).tolist()
        return self._legal

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal set {action}"
        return self._e.names[action]

    def __str__(self):
        words = " ".join(f"p{p}[{w:x}]" for p, w in enumerate(self._words))
        return f"{self._pub} | {words}" if self._dealt else "chance: the deal"

    def observation_text(self, player: int) -> str:
        """The observation string: the player, its private word and the public slots now."""
        if not self._dealt:
            return f"p{player} before the deal"
        return f"p{player} [{self._words[player]:x}] {self._e.snapshot(self._s)}"

    # -- acting ---------------------------------------------------------------------------
    def _apply_action(self, action):
        e, s = self._e, self._s
        if not self._dealt:
            e.env.new_game(s, deal_seed(self._seed, int(action)))
            self._dealt = True
            self._pub = e.snapshot(s)
            self._words = e.words(s)
            self._views = tuple(f"{self._pub} [{w:x}]" for w in self._words)
            self._player = int(e.k.to_act(s))
            return
        seat, g = self._player, int(action)
        full, public = f" p{seat}:{e.names[g]}", e.public_text(s, seat, g)
        said = "" if public is None else f" p{seat}:{public}"
        r = int(e.env.step(s, g, e.deal_row, e.game_row, e.shares))
        if r == e.env.ILLEGAL:
            raise ValueError(f"{e.names[g]} (action {g}) is not legal for player {seat} now")
        self._legal = None
        deal = f" / {e.snapshot(s)}" if r == e.env.DEAL_END else ""
        words = e.words(s)
        self._views = tuple(
            v + (full if p == seat else said) + deal + (f" [{w:x}]" if w != old else "")
            for p, (v, w, old) in enumerate(zip(self._views, words, self._words, strict=True))
        )
        self._pub += said + deal
        self._words = words
        if r == e.env.GAME_OVER:
            self._over = True
            self._returns = (e.shares - 1.0 / e.n).tolist()
        else:
            self._player = int(e.k.to_act(s))

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state ``player_id`` cannot tell from this one, the hidden cards dealt by the
        game's determinizer (the module's docstring says how)."""
        e = self._e
        if not self._dealt or self._over:
            return self.clone()
        if e.det is None:
            raise NotImplementedError(f"{e.spec.name} has no determinizer to resample with")
        s, k, p = self._s, e.k, int(player_id)
        rng = new_stream(int(probability_sampler() * 2**53))
        legal = int(k.legal_actions(s)) if p == self._player else -1
        out = np.zeros(k.STATE_SIZE, np.int64)
        e.det.determinize(s[: k.PUB_SIZE], p, k.hand_of(s, p), legal, rng, e.work, out)
        if p != self._player and (wrong := e.game(out.copy()).accounted()) is not None:
            raise ValueError(f"{e.spec.name}: the determinizer cannot resample for player {p} "
                             f"while player {self._player} decides: {wrong}")  # fmt: skip
        out[e.seed_slot] = np.uint64(next_u64(rng)).view(np.int64)  # later deals drawn afresh
        sample = self.clone()
        sample._s, sample._legal = out, None
        sample._words = e.words(out)
        sample._views = tuple(
            v if q == p else f"{self._pub} ~ [{w:x}]"
            for q, (v, w) in enumerate(zip(self._views, sample._words, strict=True))
        )
        sample._player = int(k.to_act(out))
        return sample


class _Observer:
    """OpenSpiel's PyObserver: the observation part's tensor; the strings of the docstring."""

    def __init__(self, e: _Engine, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not kind.public_info:
            raise ValueError("only the player's own view (public and its private word) is "
                             "provided")  # fmt: skip
        self.e, self.perfect_recall = e, kind.perfect_recall
        self.tensor = np.zeros(e.obs.SIZE, np.float32)
        self.dict, at = {}, 0
        for name, length, _meaning in e.obs.SLICES:
            self.dict[name] = self.tensor[at : at + length]
            at += length

    def set_from(self, state: TrixsimState, player: int) -> None:
        if not state._dealt:
            self.tensor.fill(0.0)
            return
        k, s = self.e.k, state._s
        self.e.obs.encode(s[: k.PUB_SIZE], player, k.hand_of(s, player), self.tensor)

    def string_from(self, state: TrixsimState, player: int) -> str:
        now = state.observation_text(player)
        return f"{state._views[player]} | {now}" if self.perfect_recall else now


def _register(spec: GameSpec) -> type:
    game_type = _game_type(spec)

    class Game(pyspiel.Game):
        def __init__(self, params=None):
            params = dict(params or {})
            deal_sets = int(params.get("deal_sets", DEAL_SETS))
            if deal_sets < 1:
                raise ValueError(f"deal_sets={deal_sets}: say at least 1")
            e = engine(spec)
            outcomes = [(k, 1.0 / deal_sets) for k in range(deal_sets)]
            own = {"_e": e, "_seed": int(params.get("seed", 0)), "_outcomes": outcomes}
            self.state_class = type(f"{spec.package.rpartition('.')[2]}_state",
                                    (TrixsimState,), own)  # fmt: skip
            n = spec.seats
            info = pyspiel.GameInfo(
                num_distinct_actions=e.obs.N_GLOBAL,
                max_chance_outcomes=deal_sets,
                num_players=n,
                min_utility=-1.0 / n,
                max_utility=1.0 - 1.0 / n,
                utility_sum=0.0,
                max_game_length=e.max_length,
            )
            super().__init__(game_type, info, params)

        def new_initial_state(self):
            return self.state_class(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return _Observer(engine(spec), iig_obs_type, params)

    Game.__name__ = Game.__qualname__ = f"{spec.package.rpartition('.')[2]}_game"
    pyspiel.register_game(game_type, Game)
    return Game


REGISTERED = {}  # short name -> game class, every game with an observation part
for _spec in games().values():
    if _spec.has("observation") and short_name(_spec) not in pyspiel.registered_names():
        REGISTERED[short_name(_spec)] = _register(_spec)


def random_steps(name: str, seconds: float = 2.0, seed: int = 0) -> tuple[int, float]:
    """Uniformly random play of ``name`` through pyspiel for about ``seconds``: the player
    steps taken and the time they took (the chance node off the count, on the clock)."""
    game = pyspiel.load_game(name)
    rnd = np.random.default_rng(seed)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        state.apply_action(int(rnd.integers(game.max_chance_outcomes())))
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rnd.integers(len(legal)))])
            steps += 1
    return steps, time.perf_counter() - start


if __name__ == "__main__":  # python -m sim.envs.openspiel [seconds]: the docstring's speeds
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    for _name in REGISTERED:
        random_steps(_name, 0.2)  # compile and warm up
        n_steps, took = random_steps(_name, budget)
        print(f"{_name}: {n_steps / took:,.0f} random steps a second ({n_steps} in {took:.1f} s)")


def ismcts_bot(game, seed: int = 0, max_simulations: int = 100, uct_c: float = 2.0, **kw):
    """OpenSpiel's Python ISMCTS, made to play these games: ``pyspiel.evaluate_bots`` and the
    Python ``evaluate_bots`` call ``restart_at`` and ``inform_action``, which
    ``ISMCTSBot`` leaves to pyspiel's base class, whose answer is ``SpielError: RestartAt(state)
    not implemented``; it keeps nothing from move to move, so both are nothing to do here. Its
    samples of the hidden cards come from ``resample_from_infostate`` seeded from ``seed``
    (its default sampler draws a fresh seed every time). OpenSpiel's C++ ``pyspiel.ISMCTSBot``
    and ``pyspiel.MCTSBot`` cannot play a game written in Python (an OpenSpiel limitation)."""
    from open_spiel.python.algorithms import ismcts, mcts

    rs = np.random.RandomState(seed)

    class Bot(ismcts.ISMCTSBot):
        def restart_at(self, state):
            pass

        def inform_action(self, state, player_id, action):
            pass

    evaluator = kw.pop("evaluator", None) or mcts.RandomRolloutEvaluator(1, rs)
    bot = Bot(game, evaluator, uct_c, max_simulations, random_state=rs, **kw)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(
        player, pyspiel.UniformProbabilitySampler(int(rs.randint(2**31)), 0.0, 1.0)))  # fmt: skip
    return bot
