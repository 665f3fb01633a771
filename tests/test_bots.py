"""The bot interface: specs, plug-ins, legality, fairness (information sets), determinism."""

import numpy as np
import pytest

from sim.core import bots as registry
from sim.core.bits import lowest_bit
from sim.core.bots import BotSpecError, Param, numba_bot, parse_spec, python_bot
from sim.core.loop_batch import play_batch
from sim.core.play import BotError, Player, play_game
from sim.core.record import dumps
from sim.core.registry import games, get
from sim.games.trix import SPEC as TRIX
from sim.games.trix import vocab as V
from sim.games.trix.game import TrixBot

CHEAP = {"mcts": "mcts:iters=8", "pimc": "pimc:worlds=1"}  # tiny budgets keep the suite fast


def all_specs():
    """This file's own plug-ins (every game's bots are played below, once per game)."""
    return [name for name in sorted(registry.load_bots("trix")) if name.startswith("test-")]


def games_for(bot) -> int:
    """Games to play a bot through: 2 of a search bot (it times every decision: each costs
    milliseconds, and a Trix game of pimc has hundreds), 20 of any other."""
    return 2 if bot.info.time_every == 1 else 20


# -- a plug-in numba bot and a plug-in Python bot, defined here ------------------------------
@numba_bot("test-lowest", params=[Param("unused", 1, "reaches the bot", low=0, high=9)])
def lowest_bot(public, seat, hand, legal, rng, params):
    """Always the lowest legal action id."""
    return lowest_bit(legal)


@python_bot("test-python-highest")
class HighestBot(TrixBot):
    """Always the highest legal card, the first allowed contract, never doubles."""

    def choose_contract(self, obs, allowed):
        assert obs.hand == obs.hand & 0xFFFFFFFF
        return allowed[0]

    def announce_king(self, obs):
        return False

    def play(self, obs, legal):
        return max(legal)


def test_plugin_numba_bot_plays_through_the_fast_loop_and_the_api():
    spec = parse_spec("test-lowest:unused=3", "trix")
    assert spec.values == {"unused": 3} and spec.encoded()[0] == 3.0
    batch = play_batch(TRIX, [spec], [0, 0, 0, 0], seed=3, game_ids=range(5))
    slow = play_batch(TRIX, [spec], [0, 0, 0, 0], seed=3, game_ids=range(5), slow=True)
    assert (batch.deals == slow.deals).all() and (batch.games == slow.games).all()


def test_random_built_into_the_loop_decides_like_the_random_bot():
    # the loop plays `random` seats itself (sim.loop.uniform_action); calling the bot's own
    # function, or going through sim.play, must give the very same games
    # (an all-random line-up runs in play_chunk_native, a mixed one in play_chunk)
    assert registry.REGISTRY[registry.EVERY_GAME, "random"].native != 0
    mixed = [[0, 1, 0, 1], [1, 0, 0, 1], [0, 0, 0, 0]] * 4
    random, lowest = parse_spec("random", "trix"), parse_spec("test-lowest", "trix")
    for lineup, seating in (([random], [[0, 0, 0, 0]] * 12), ([random, lowest], mixed)):
        ids = range(12)
        built_in = play_batch(TRIX, lineup, seating, seed=5, game_ids=ids)
        called = play_batch(TRIX, lineup, seating, seed=5, game_ids=ids, native=False)
        slow = play_batch(TRIX, lineup, seating, seed=5, game_ids=ids, slow=True)
        for other in (called, slow):
            assert (built_in.deals == other.deals).all()
            assert (built_in.games == other.games).all() and built_in.actions == other.actions


def test_plugin_python_bot_plays_a_full_game_against_numba_bots():
    specs = [parse_spec("test-python-highest", "trix"), parse_spec("random", "trix")] * 2
    game = play_game(TRIX, specs, seed=9, game_id=0)
    assert game.over
    batch = play_batch(TRIX, [specs[0], specs[1]], [0, 1, 0, 1], seed=9, game_ids=[0])
    assert list(batch.games[0, :4]) == game.totals  # Python line-ups use the slow path


def test_entry_point_plugins_are_loaded(monkeypatch):
    calls = []

    class EP:
        name = "fake"

        def load(self):
            return lambda: calls.append("loaded") or numba_bot("test-ep")(lowest_bot.py_func)

    monkeypatch.setattr(registry, "_plugins", None)
    monkeypatch.setattr(registry, "entry_points", lambda group: [EP()] if group else [])
    registry.load_bots("trix")
    assert calls == ["loaded"] and "test-ep" in registry.load_bots("trix")


def test_broken_entry_point_warns_but_others_load(monkeypatch):
    class Broken:
        name = "broken"

        def load(self):
            raise ImportError("no module named nowhere")

    monkeypatch.setattr(registry, "_plugins", None)
    monkeypatch.setattr(registry, "entry_points", lambda group: [Broken()])
    with pytest.warns(UserWarning, match="broken"):
        bots = registry.load_bots("trix")
    assert "random" in bots


@pytest.mark.parametrize(
    "text, words",
    [
        ("nobody", "unknown bot 'nobody' for trix; available:"),
        ("random:iters=3", "has no parameter"),
        ("test-lowest:unused=x", "is not an integer"),
        ("test-lowest:unused", "parameter 'unused' needs a value, e.g. unused="),
    ],
)
def test_bad_specs_name_what_exists(text, words):
    with pytest.raises(BotSpecError, match=words):
        parse_spec(text, "trix")


@pytest.mark.parametrize("game", ["trix", "euchre5"])
def test_an_unknown_parameter_is_named_alone(game):
    # the key, not the whole item "foo=1"; then the bot's parameters with their defaults
    with pytest.raises(BotSpecError) as e:
        parse_spec("mcts:iters=10,foo=1", game)
    have = ", ".join(f"{p.name}={p.default}" for p in parse_spec("mcts", game).info.params)
    assert str(e.value) == f"bot 'mcts' has no parameter 'foo'; its parameters: {have}"


def test_spec_text_is_canonical():
    assert parse_spec(" random: ", "trix").text == "random"
    assert parse_spec("test-lowest:unused=2", "trix").text == "test-lowest:unused=2"


@pytest.mark.parametrize("spec", all_specs())
def test_every_trix_bot_plays_only_legal_actions(spec):
    # R3.2-R3.6, R4.2, R5.6, R9.4: Player.decide raises BotError on anything illegal
    # (this file's own plug-ins included)
    lineup = [parse_spec(spec, "trix"), parse_spec("random", "trix")]
    for g in range(games_for(lineup[0])):
        play_game(TRIX, [lineup[(g + s) % 2] for s in range(4)], seed=11, game_id=g)


def test_an_illegal_bot_is_caught():
    @numba_bot("test-cheat")
    def cheat(public, seat, hand, legal, rng, params):
        return V.PASS  # never legal outside trix

    with pytest.raises(BotError, match="not legal"):
        play_game(TRIX, [parse_spec("test-cheat", "trix")] * 4, seed=1, game_id=0)
    # the compiled loop checks too: a tournament chunk stops before the rules take it
    words = r"'test-cheat' at seat 2 chose 32 which is not legal \(game 7\)"
    with pytest.raises(BotError, match=words):
        play_batch(
            TRIX,
            [parse_spec("test-cheat", "trix"), parse_spec("random", "trix")],
            [1, 1, 0, 1],
            1,
            [7],
        )


def every_game_bot():
    """(game, bot spec) for every registered game and each of its bots (not this file's;
    ``neural`` where the game ships its weights)."""
    from bots.neural import shipped

    return [
        pytest.param(spec, CHEAP.get(name, name), id=f"{spec.name}-{name}")
        for spec in games().values()
        for name in sorted(registry.load_bots(spec.name))
        if not name.startswith("test-") and (name != "neural" or shipped(spec.name).exists())
    ]


@pytest.mark.parametrize("spec, bot", every_game_bot())
def test_every_games_bots_play_only_legal_actions(spec, bot):
    # Player.decide raises BotError on anything the rules do not allow now
    lineup = [parse_spec(bot, spec.name), parse_spec("random", spec.name)]
    n = spec.seats
    for g in range(games_for(lineup[0])):
        game = play_game(spec, [lineup[(g + s) % 2] for s in range(n)], seed=11, game_id=g)
        assert game.over


def positions(spec, n_positions: int, seed: int):
    """Random positions (a game part-way through) for information-set tests."""
    rnd = np.random.default_rng(seed)
    out = []
    for g in range(n_positions):
        game, actions = spec.part("api").GAME.new(seed, g), []
        while not game.over:  # a random game, to stop part-way through (short games too)
            actions.append(int(rnd.choice(game.legal_actions())))
            game.apply(actions[-1])
        game = spec.part("api").GAME.new(seed, g)
        for a in actions[: int(rnd.integers(0, min(300, len(actions))))]:
            game.apply(a)
        out.append(game)
    return out


def bits(mask: int) -> list[int]:
    return [c for c in range(64) if mask >> c & 1]


def swap_hidden(game, rnd) -> np.ndarray | None:
    """The same position with one card swapped between two other seats' hands, each card
    one its new holder could hold as far as the seat to act knows (with one other seat:
    between its hand and the cards lying apart, a stock)."""
    me, hands = game.to_act, game.hands()
    others = [p for p in range(len(hands)) if p != me and hands[p]]
    if len(others) < 2:  # one other hand (Terts): swap with a card lying apart (the stock)
        apart = game.could_lie_apart(me)
        held = 0
        for h in hands:
            held |= h
        xs = [c for p in others for c in bits(hands[p] & apart)]
        ys = list(bits(apart & ~held))
        if not xs or not ys:
            return None
        x, y = int(rnd.choice(xs)), int(rnd.choice(ys))
        new = [h ^ (1 << x) ^ (1 << y) if h >> x & 1 else h for h in hands]
        return game.with_hands(new)
    a, b = (int(x) for x in rnd.choice(others, 2, replace=False))
    xs = [c for c in bits(hands[a]) if game.could_hold(b, me) >> c & 1]
    ys = [c for c in bits(hands[b]) if game.could_hold(a, me) >> c & 1]
    if not xs or not ys:
        return None
    x, y = int(rnd.choice(xs)), int(rnd.choice(ys))
    new = list(hands)
    new[a] = (hands[a] & ~(1 << x)) | (1 << y)
    new[b] = (hands[b] & ~(1 << y)) | (1 << x)
    return game.with_hands(new)


# pimc's reply and rollout models value their sampled worlds with the rollout bot, not the
# solver
REPLY = [pytest.param(s, "pimc:worlds=2,model=reply,last=3", id=f"{s.name}-pimc-reply")
         for s in games().values() if s.name in ("trix", "five-hundred")] + [
         pytest.param(s, "pimc:worlds=3,model=rollout", id=f"{s.name}-pimc-rollout")
         for s in games().values() if s.name in ("trix", "euchre5")] + [
         # the oracle's rollout model (its mcts model: tests/test_pimc.py)
         pytest.param(get("trix"), "oracle:model=rollout", id="trix-oracle-rollout")]  # fmt: skip


@pytest.mark.parametrize("spec, bot", every_game_bot() + REPLY)
def test_information_sets_hidden_cards_never_change_a_decision(spec, bot):
    # a bot is handed the public slots and its own hand: another seat's cards, swapped
    # where the public record allows, change neither what it is shown nor what it decides;
    # a bot that sees every hand (oracle) is handed the whole state, and it must change
    bot = parse_spec(bot, spec.name)
    rnd = np.random.default_rng(5)
    pub = spec.part("kernels").PUB_SIZE
    checked = changed = 0
    for game in positions(spec, 120, seed=21):
        other = swap_hidden(game, rnd)
        if other is None:
            continue
        assert (other[:pub] == game.state[:pub]).all()
        seat, legal = game.to_act, game.legal_mask()
        decisions = []
        for state in (game.state, other):
            rng = np.array([12345], np.uint64)
            hand = game.private(seat)
            shown = state if bot.info.sees_all else state[:pub]
            decisions.append(bot.info.decide(shown, seat, hand, legal, rng, bot.encoded()))
        changed += decisions[0] != decisions[1]
        checked += 1
    assert checked > 30
    if bot.info.sees_all:
        assert changed > 0, "a bot that sees every hand never used what it saw"
    else:
        assert changed == 0


@pytest.mark.parametrize("spec, bot", every_game_bot())
def test_same_seed_same_game(spec, bot):
    n = spec.seats
    specs = [parse_spec(bot if s % 2 == 0 else "random", spec.name) for s in range(n)]
    codec = spec.part("codec")
    a, b, c = (
        dumps(codec.game_record(play_game(spec, specs, seed=seed, game_id=1), 1, ["x"] * n))
        for seed in (4, 4, 5)
    )
    assert a == b and a != c


def test_player_streams_differ_by_seat_and_game():
    spec = parse_spec("random", "trix")
    streams = {int(Player(spec, 1, g, s).rng[0]) for g in range(3) for s in range(4)}
    assert len(streams) == 12


def test_a_numba_bot_lets_other_threads_run_while_it_decides():
    """A search decided from Python (the web table's worker threads) releases the GIL
    (``nogil``): this thread keeps stepping meanwhile, at a good part of its own pace.
    Held, it would get only the moments the search spends in Python."""
    import threading
    import time

    game = TRIX.part("api").GAME.new(1, 0)
    player = Player(parse_spec("mcts:iters=20000", "trix"), 1, 0, game.to_act)
    player.decide(game, game.to_act)  # compiled and loaded before anything is counted

    def count(until) -> tuple[int, float]:
        steps, start = 0, time.perf_counter()
        while not until():
            steps += 1
        return steps, time.perf_counter() - start

    t0 = time.perf_counter()
    alone, took = count(lambda: time.perf_counter() - t0 >= 0.2)
    pace = alone / took  # steps a second of this loop with nobody else
    searching = threading.Event()

    def decide():
        searching.set()
        for _ in range(5):
            player.decide(game, game.to_act)

    worker = threading.Thread(target=decide)
    worker.start()
    searching.wait()
    steps, took = count(lambda: not worker.is_alive())
    worker.join()
    assert took > 0.1  # the search lasted long enough to tell
    # measured: 40% of its pace with nogil, 4% without (the GIL held by the search)
    assert steps > 0.15 * pace * took, (steps, pace * took)


def test_a_bot_kind_that_fails_to_bind_warns_and_the_others_load(monkeypatch):
    # a game's broken part (say its solver lacks a name) must not take the game's bots down
    def broken(spec):
        raise AttributeError("no WORLDS")

    monkeypatch.setitem(registry.KINDS, "broken", registry.BotKind("broken", ("search",), broken))
    monkeypatch.setattr(registry, "_unbound", set())
    with pytest.warns(UserWarning, match="'broken' could not be bound to terts.*no WORLDS"):
        bots = registry.load_bots("terts")
    assert "broken" not in bots and {"greedy", "mcts", "random"} <= set(bots)


def test_the_loop_times_bots_decisions():
    # every decision of a search bot, one in time_every of a quick one, none of a policy the
    # loop plays itself; the fast loop and the checked game both say how long a bot took
    from sim.core.timing import summary

    lineup = [parse_spec("mcts:iters=20", "trix"), parse_spec("greedy", "trix"),
              parse_spec("random", "trix")]  # fmt: skip
    seating = [[0, 1, 2, 1], [1, 0, 1, 2]]
    fast = play_batch(TRIX, lineup, seating * 2, seed=3, game_ids=range(4))
    slow = play_batch(TRIX, lineup, seating * 2, seed=3, game_ids=range(4), slow=True)
    for batch in (fast, slow):
        mcts, greedy, rnd = (summary(batch.timing[i], batch.hz) for i in range(3))
        assert mcts["timed"] > 100 and 0 < mcts["mean_ms"] < 1000 and mcts["p95_ms"] > 0
        assert greedy["timed"] >= 1
    assert summary(fast.timing[2], fast.hz) is None  # random: the loop's own policy
    assert summary(fast.timing[1], fast.hz)["timed"] < summary(slow.timing[1], slow.hz)["timed"]
