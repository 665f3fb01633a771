"""The research API's environments (issue #28, docs/research.md): PettingZoo's and Gymnasium's
own checks on every game with an observation part, and the vectorised environment playing
exactly the games the one-game environment plays."""

import warnings

import numpy as np
import pytest

from sim.core.registry import games
from sim.envs import VectorEnv, make_env, make_single_agent
from sim.envs.engine import OneGame
from sim.envs.vector import random_actions

OBSERVED = [g.name for g in games().values() if g.has("observation")]


@pytest.fixture(params=OBSERVED)
def game(request):
    return request.param


def test_pettingzoo_api_and_seed_tests(game):
    from pettingzoo.test import api_test, seed_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's advice (on its own random actions)
        api_test(make_env(game), num_cycles=300)
        api_test(make_env(game, wrappers=True), num_cycles=50)
        seed_test(lambda: make_env(game), num_cycles=300)


def test_every_observation_lies_within_the_finite_bounds_its_space_states(game):
    """The spaces' bounds come from the rules (each part's RANGES); whole games of random
    play never leave them."""
    from sim.core.observe import bounds

    low, high = bounds(games()[game].part("observation"))
    assert np.isfinite(low).all() and np.isfinite(high).all()
    env = VectorEnv(game, n=256, seed=2)
    obs, mask, _ = env.reset()
    rng = np.random.default_rng(2)
    for _ in range(1000):
        assert (obs >= low).all() and (obs <= high).all()
        obs, mask, _, _, _ = env.step(random_actions(mask, rng))
    assert env.games_ended >= 50


def test_gymnasium_check_env(game):
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(make_single_agent(game, opponents="random"), skip_render_check=True)


def play_aec(game, seed, rewards="game"):
    """A whole game of random legal actions through the AEC environment: the actions taken
    and every agent's summed reward."""
    env = make_env(game, rewards=rewards)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken, total = [], dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        a = int(rng.choice(legal))
        taken.append(a)
        env.step(a)
    return taken, [total[a] for a in env.possible_agents]


def test_a_game_ends_with_the_win_shares_or_each_deal_sums_to_nothing(game):
    _, shares = play_aec(game, 3)
    assert abs(sum(shares) - 1.0) < 1e-9 and min(shares) >= 0.0
    _, per_deal = play_aec(game, 3, rewards="deal")
    assert abs(sum(per_deal)) < 1e-6  # each deal's rewards are relative: they sum to 0


def test_the_vector_env_plays_the_one_game_env_deal_for_deal(game):
    # row k of a vector environment plays deal set k, as the one-game table does
    v = VectorEnv(game, n=3, seed=11)
    obs, mask, seat = v.reset()
    tables = [OneGame(game) for _ in range(3)]
    for k, t in enumerate(tables):
        t.deal(11, k)
    one_obs = np.zeros(v.observation_size, np.float32)
    one_mask = np.zeros(v.n_actions, np.int8)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(20_000):  # a game is at most a few thousand decisions
        for k, t in enumerate(tables):
            if t.over:
                continue
            assert seat[k] == t.to_act
            t.observe(t.to_act, one_obs, one_mask)
            assert (obs[k] == one_obs).all() and (mask[k] == one_mask).all()
        actions = random_actions(mask, rng)
        for k, t in enumerate(tables):
            if not t.over:
                t.step(int(actions[k]))
        obs, mask, seat, rewards, done = v.step(actions)
        for k in np.flatnonzero(done):
            assert tables[k].over and np.allclose(rewards[k], tables[k].shares)
            ended += 1
        if all(t.over for t in tables):
            break
    assert ended >= 1 and v.games_ended == ended and v.next_game[0] == 3 + ended


def test_an_illegal_action_is_refused_naming_the_row():
    game = OBSERVED[0]
    v = VectorEnv(game, n=2, seed=1)
    obs, mask, seat = v.reset()
    actions = random_actions(mask, np.random.default_rng(1))
    before = v.states.copy()
    actions[1] = int(np.flatnonzero(mask[1] == 0)[0])
    with pytest.raises(ValueError, match=r"row 1: global action \d+ .* is not legal for seat"):
        v.step(actions)
    assert (v.states == before).all()  # no row moved
    with pytest.raises(ValueError, match="int\\[2\\]"):
        v.step(actions[:1])
    with pytest.raises(ValueError, match="rewards='x'"):
        VectorEnv(game, rewards="x")


def test_an_illegal_move_ends_the_aec_game_or_raises():
    game = OBSERVED[0]
    env = make_env(game)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset(seed=2)
    agent = env.agent_selection
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(env.terminations.values()) and env.rewards[agent] == -1.0
    assert env.infos[agent] == {"illegal": True}
    strict = make_env(game, illegal_reward=None)
    strict.reset(seed=2)
    obs, *_ = strict.last()
    with pytest.raises(ValueError, match="is not legal now; legal: "):
        strict.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


def test_the_pettingzoo_and_gymnasium_conventions():
    # gymnasium.make by id once sim.envs is imported; PettingZoo's env()/raw_env() per game;
    # state() for a centralised critic: every seat's observation, seat 0's first
    import gymnasium

    import sim.envs
    from sim.core.registry import games
    from sim.envs import five_hundred_v0

    for name in games():
        assert sim.envs.gym_id(name) in gymnasium.registry
    env = gymnasium.make("trixsim/FiveHundred-v0", opponents="random", seat=1)
    obs, info = env.reset(seed=3)
    assert info["seat"] == 1 and obs["action_mask"].any()
    raw = five_hundred_v0.raw_env()
    raw.reset(seed=3)
    state = raw.state()
    assert state.shape == raw.state_space.shape
    size = raw.observation_space("seat_0")["observation"].shape[0]
    for p, agent in enumerate(raw.possible_agents):
        assert (state[p * size : (p + 1) * size] == raw.observe(agent)["observation"]).all()
    wrapped = five_hundred_v0.env()
    wrapped.reset(seed=3)
    assert type(wrapped).__name__ == "OrderEnforcingWrapper"


@pytest.mark.parametrize("name", ["terts", "euchre5"])
def test_the_vector_env_with_bots_plays_the_single_agent_episodes(name):
    # row k, seat k % seats against greedy, is the single-agent episode of deal set k:
    # the same observations, and the agent's rewards summed between its decisions
    env = VectorEnv(name, n=4, seed=5, opponents="greedy", seat=None)
    obs, mask, seat = env.reset()
    rows = {k: [(obs[k].copy(), 0.0)] for k in range(4)}
    live = set(range(4))
    while live:
        obs, mask, seat, rewards, done = env.step(mask.argmax(1))
        for k in list(live):
            rows[k][-1] = (rows[k][-1][0], float(rewards[k, k % env.spec.seats]))
            if done[k]:
                live.discard(k)
            else:
                rows[k].append((obs[k].copy(), 0.0))
    for k in range(4):
        single = make_single_agent(name, opponents="greedy", seat=k % env.spec.seats)
        o, _ = single.reset(seed=5)
        for _ in range(k):
            o, _ = single.reset()
        for want_obs, want_reward in rows[k]:
            assert (o["observation"] == want_obs).all()
            o, reward, over, _, _ = single.step(int(o["action_mask"].argmax()))
            assert reward == pytest.approx(want_reward)
        assert over


def test_the_ansi_render_draws_the_table_from_the_agents_seat(game):
    """``render_mode="ansi"`` draws what ``trixsim play`` shows that seat: its own hand
    and the public table (never another hand), then the results once the game is over."""
    spec = games()[game]
    if not spec.has("view"):
        pytest.skip(f"{game} has no table view")
    env = make_single_agent(game, opponents="random", seat=1, render_mode="ansi")
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    over, drawn = False, 0
    while not over:
        if drawn < 2:  # the first two turns: the seat's screen
            text = env.render()
            assert text.count("your hand") == 1 and "Seat 1, your hand" in text
            assert text.endswith(f"legal: {' '.join(env.table.legal_names())}\n")
            drawn += 1
        obs, _, over, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert "Game over; win shares:" in env.render() and drawn == 2
