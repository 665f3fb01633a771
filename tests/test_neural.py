"""The ``neural`` bot: its compiled network against a NumPy forward pass, its weights files
(stamped, refused when foreign or stale), and what it decides. Its legality, blindness to
hidden cards and reproducibility are the every-game tests of tests/test_bots.py."""

from pathlib import Path

import numpy as np
import pytest

from sim.core.bots import BotSpecError, parse_spec
from sim.core.net import forward, forward_numpy, network_at, pack, scratch
from sim.core.registry import get
from sim.core.weights import Network, encoding, read


def random_network(n_in, h1, h2, n_out, seed=0):
    rng = np.random.default_rng(seed)
    shapes = {
        "w1": (n_in, h1),
        "b1": (h1,),
        "w2": (h1, h2),
        "b2": (h2,),
        "w3": (h2, n_out),
        "b3": (n_out,),
    }
    return {k: (rng.standard_normal(s) * 0.3).astype(np.float32) for k, s in shapes.items()}


def test_the_compiled_forward_pass_equals_numpy():
    layers = random_network(70, 40, 24, 9)
    buffer = pack(*layers.values())
    rng = np.random.default_rng(1)
    x = np.zeros((50, 70), np.float32)
    for row in x:  # sparse, as observation tensors are: one-hots, a few counts and fractions
        on = rng.choice(70, 12, replace=False)
        row[on] = rng.choice([1.0, 0.4, -0.2, 3.0], 12)
    want = forward_numpy(buffer, x)
    w = network_at(buffer.ctypes.data)
    work = scratch(w)
    for row, expect in zip(x, want, strict=True):
        forward(w, row, *work)
        np.testing.assert_allclose(work[2], expect, rtol=1e-5, atol=1e-5)
    assert np.ptp(want) > 1.0  # the inputs made a difference


def save(tmp_path, game, name="w.npz", hinted=False, views=False, **meta):
    spec = get(game)
    o = spec.part("observation")
    stamp = {"game": game, "rules": spec.version, "encoding": encoding(spec, hinted, views),
             "views": views} | meta  # fmt: skip
    path = tmp_path / name
    n_in = o.SIZE + (o.N_GLOBAL if hinted else 0)
    Network(random_network(n_in, 16, 8, o.N_GLOBAL), stamp).save(path)
    return path


def test_weights_of_another_game_or_encoding_are_refused_in_one_line(tmp_path):
    trix = save(tmp_path, "trix", "trix.npz")
    stale = save(tmp_path, "euchre5", "stale.npz", encoding="0123456789abcdef")
    # a network reading greedy's choice too, stamped as one that does not
    unhinted = save(tmp_path, "euchre5", "hint.npz", hinted=True, encoding=encoding(get("euchre5")))
    text = tmp_path / "notes.npz"
    text.write_text("not weights")
    cases = [
        (trix, "holds weights for 'trix', not for euchre5"),
        (stale, "encoding 0123456789abcdef; this trixsim encodes"),
        (unhinted, "encoding with greedy's hint [0-9a-f]+; this trixsim encodes"),
        (text, "is not a trixsim weights file"),
        (tmp_path / "missing.npz", "no weights file"),
    ]
    for path, words in cases:
        with pytest.raises(BotSpecError, match=words) as e:
            parse_spec(f"neural:model={path}", "euchre5")
        assert "\n" not in str(e.value)
    ok = save(tmp_path, "euchre5")
    assert parse_spec(f"neural:model={ok}", "euchre5").text == f"neural:model={ok}"
    # suit views in a game without a suit symmetry, or stamped as weights without them
    views = save(tmp_path, "trix", "views.npz", views=True)
    with pytest.raises(BotSpecError, match="reads suit views .* which trix has none of"):
        parse_spec(f"neural:model={views}", "trix")
    plain = save(tmp_path, "euchre5", "plain.npz", encoding=encoding(get("euchre5")), views=True)
    with pytest.raises(BotSpecError, match="this trixsim encodes"):
        parse_spec(f"neural:model={plain}", "euchre5")


def test_a_games_other_shipped_weights_are_played_by_name(tmp_path):
    """``model=NAME`` plays ``<game>-NAME.npz`` beside the game's own (an earlier network
    kept as a later one's teacher); a name stays a name where a path is made absolute."""
    from sim.core.weights import ModelParam

    spec = get("euchre5")
    own, first = (
        save(tmp_path, "euchre5", "euchre5.npz"),
        save(tmp_path, "euchre5", "euchre5-first.npz"),
    )
    model = ModelParam("model", "shipped", "", game=spec, shipped=own)
    assert model.named() == {"first": first}
    assert (model.path("shipped"), model.path("first")) == (own, first)
    assert [model.absolute(v) for v in ("shipped", "first")] == ["shipped", "first"]
    assert model.absolute("w.npz") == str(Path("w.npz").resolve())
    with pytest.raises(BotSpecError, match=r"no weights file second, nor weights of euchre5 of "
                       r"that name \(it ships: shipped, first\)"):  # fmt: skip
        model.parse("second")


@pytest.mark.parametrize(
    "game, hinted, views",
    [
        ("euchre5", True, False),
        ("euchre5", True, True),
        ("five-hundred", True, True),
        ("terts", False, False),
    ],
)
def test_neural_plays_the_best_legal_action_of_its_network(tmp_path, game, hinted, views):
    """The network's inputs: the seat's tensor, and with the hint, the one-hot of greedy's
    global action there (greedy asked here as a bot of its own); with the suit views, those
    inputs moved into the position's view, and each action scored by its moved id."""
    from tests.test_bots import positions

    spec = get(game)
    o, k = spec.part("observation"), spec.part("kernels")
    path = save(tmp_path, game, hinted=hinted, views=views)
    bot, greedy = parse_spec(f"neural:model={path}", game), parse_spec("greedy", game)
    buffer = read(path).buffer()
    checked = 0
    for game_ in positions(spec, 40, seed=3):
        if game_.over or len(game_.legal_actions()) < 2:
            continue
        seat, public = game_.to_act, game_.state[: k.PUB_SIZE]
        hand = game_.private(seat)
        x = np.zeros(o.SIZE + (o.N_GLOBAL if hinted else 0), np.float32)
        o.encode(public, seat, hand, x[: o.SIZE])
        rng = np.array([7], np.uint64)
        if hinted:
            a = greedy.info.decide(public, seat, hand, game_.legal_mask(), rng, greedy.encoded())
            x[o.SIZE + o.to_global(public, hand, a)] = 1.0
        scores = forward_numpy(buffer, x[None])[0]
        if views:
            y = spec.part("symmetry")
            v = y.view_of(x)
            moved = np.zeros_like(x)
            moved[y.INPUTS[v]] = x
            scores = forward_numpy(buffer, moved[None])[0][y.ACTIONS[v]]
        legal = game_.legal_actions()
        want = max(legal, key=lambda a: (scores[o.to_global(public, hand, a)], -a))
        got = bot.info.decide(public, seat, hand, game_.legal_mask(), rng, bot.encoded())
        assert got == want
        checked += 1
    assert checked > 20


@pytest.mark.slow
def test_a_tiny_training_run_learns_and_resumes_exactly_where_it_stopped(tmp_path):
    pytest.importorskip("torch")
    from sim.learn.driver import InProcess, train
    from sim.learn.model import Policy
    from sim.learn.selfplay import Shard
    from sim.learn.train import Settings

    class Interrupted(InProcess):
        """Ctrl-C as round 1's games start (a round's game ids start at round × 10**6)."""

        def submit(self, fn, *args):
            if args[-1][0] >= 1_000_000:
                raise KeyboardInterrupt
            return super().submit(fn, *args)

    # rounds 0 and 1 imitate, round 2 plays itself: the resumed run does one of each; the
    # network reads greedy's choice too (the hint's rows, recorded in compiled code)
    settings = Settings(game="terts", rounds=3, teacher="greedy", games=4, measures=0,
                        passes=20, imitate=0.5, improve_games=4, hint=True)  # fmt: skip
    straight = train(settings, tmp_path / "a", pool=InProcess(), progress=False)
    with pytest.raises(KeyboardInterrupt):
        train(settings, tmp_path / "b", pool=Interrupted(), progress=False)
    assert (tmp_path / "b" / "checkpoint.pt").exists()
    resumed = train(None, tmp_path / "b", resume=True, pool=InProcess(), progress=False)
    a, b = read(straight), read(resumed)
    for name, layer in a.layers.items():
        assert np.array_equal(layer, b.layers[name]), name
    assert a.meta["rounds"] == 3
    # the imitation rounds taught it: the teacher's choices on round 0's rows are likelier
    # under the trained network than under the uniform one it started as
    rows = Shard.load(tmp_path / "a" / "data" / "round-0000.npz")
    trained = Policy(*a.sizes[:1], *a.sizes[1:3], a.sizes[3])
    trained.load_network(a)
    assert _cross_entropy(trained, rows) < _cross_entropy(None, rows) - 0.1


@pytest.mark.slow
def test_a_values_run_from_a_choices_network_takes_the_unit_of_its_own_values(tmp_path):
    """The scores of a network taught choices have no unit: a values run from it (``--from``)
    measures the spread of its own teacher's values, not the 1.0 such files once recorded
    (which made the soft targets near uniform: Five Hundred fell to −84 against greedy); a
    network taught values keeps its unit."""
    pytest.importorskip("torch")
    from sim.learn.driver import InProcess, train
    from sim.learn.selfplay import Shard
    from sim.learn.train import Settings, _spread

    scale = {}
    for taught, unit in (("greedy", 1.0), ("values:worlds=2", 0.37)):
        start = save(tmp_path, "terts", f"{unit}.npz", teacher=taught, value_scale=unit)
        s = Settings(game="terts", rounds=1, teacher="values:worlds=2,model=rollout", games=2,
                     measures=0, start=str(start), hidden=(16, 8))  # fmt: skip
        out = tmp_path / taught.partition(":")[0]
        scale[taught] = read(train(s, out, pool=InProcess(), progress=False)).meta["value_scale"]
    rows = Shard.load(tmp_path / "greedy" / "data" / "round-0000.npz")
    assert scale["greedy"] == pytest.approx(_spread(rows)) and scale["greedy"] < 0.5
    assert scale["values:worlds=2"] == 0.37


def test_values_are_fitted_as_soft_targets_or_regressed():
    """``soft=T``: the loss is least, its gradient 0, where the scores are the advantages / T
    (a constant apart: only their softmax counts); ``soft=0``: the mean squared error of the
    centred scores, least at the advantages themselves."""
    torch = pytest.importorskip("torch")
    from sim.learn.model import soft_fit

    legal = torch.tensor([[True, True, False, True], [True, False, True, True]])
    adv = torch.tensor([[0.5, -0.2, 0.0, -0.3], [1.0, 0.0, -0.4, -0.6]])

    def loss_and_grad(scores, t):
        scores = scores.clone().requires_grad_(True)
        loss = soft_fit(scores, adv, legal, t)
        loss.backward()
        return loss.item(), scores.grad

    for t in (0.5, 0.0):
        best = adv / t + 3.0 if t else adv + 3.0 * legal  # a constant on the legal ones
        loss, grad = loss_and_grad(best, t)
        assert torch.allclose(grad, torch.zeros_like(grad), atol=1e-6)
        assert loss_and_grad(best + torch.tensor([0, 0, 0, 1.0]), t)[0] > loss + 1e-3
        if t:
            assert loss_and_grad(adv, t)[0] > loss + 1e-4


def _cross_entropy(net, rows) -> float:
    import torch

    from sim.learn import model as M

    idx, off, val, legal = M.batch(rows, legal_width(rows))
    if net is None:
        logits = torch.zeros(legal.shape)
    else:
        with torch.no_grad():
            logits = net(idx, off, val)[0]
    label = torch.from_numpy(rows.label.astype(np.int64))
    return float(torch.nn.functional.cross_entropy(M.masked(logits, legal), label))


def legal_width(rows) -> int:
    return get("terts").part("observation").N_GLOBAL


def test_neural_at_a_temperature_draws_reproducibly_from_its_own_stream(tmp_path):
    from sim.core.loop_batch import play_batch

    spec = get("terts")
    path = save(tmp_path, "terts")

    def deals(text, seed=3):
        lineup = [parse_spec(text, "terts"), parse_spec("greedy", "terts")]
        return play_batch(spec, lineup, [[0, 1], [1, 0]] * 3, seed, range(6)).deals

    hot = f"neural:model={path},temperature=2"
    assert (deals(hot) == deals(hot)).all()  # the same seed, the same draws
    others = [deals(f"{hot},seed=1"), deals(f"neural:model={path}")]
    assert all(d.shape != deals(hot).shape or (d != deals(hot)).any() for d in others)


@pytest.mark.parametrize(
    "search, model", [("mcts:iters=30", "model"), ("pimc:worlds=4,model=rollout", "net")]
)
def test_searches_play_their_rollouts_with_the_network(tmp_path, search, model):
    """``mcts:rollout=neural`` and ``pimc:rollout=neural``: a hinted network held to greedy's
    choice (stick 100) plays exactly greedy's rollouts, so the search decides as with greedy,
    decision for decision; left free (stick 0) its rollouts are its own and some decisions
    change. Blind to hidden cards (the every-game swap test, on this variant); foreign
    weights refused in one line; the network's parameters exist with it only."""
    import tests.test_bots as every_game

    spec = get("terts")
    path = save(tmp_path, "terts", hinted=True)
    plain = parse_spec(search, "terts")
    held, free = (parse_spec(f"{search},rollout=neural,{model}={path},stick={s}", "terts")
                  for s in (100, 0))  # fmt: skip
    assert free.text == f"{search},rollout=neural,{model}={path},stick=0.0"
    pub = spec.part("kernels").PUB_SIZE
    same = differ = 0
    for game in every_game.positions(spec, 40, seed=9):
        if game.over or len(game.legal_actions()) < 2:
            continue
        seat = game.to_act
        args = (game.state[:pub], seat, game.private(seat), game.legal_mask())
        a, b, c = (bot.info.decide(*args, np.array([5], np.uint64), bot.encoded())
                   for bot in (plain, held, free))  # fmt: skip
        assert a == b
        same += 1
        differ += a != c
    assert same > 20 and differ > 0
    kind = search.split(":")[0]
    with pytest.raises(BotSpecError, match="holds weights for 'trix'") as e:
        parse_spec(f"{kind}:rollout=neural,{model}={save(tmp_path, 'trix', 't.npz')}", "terts")
    assert "\n" not in str(e.value)
    with pytest.raises(BotSpecError, match="no parameter 'stick'"):
        parse_spec(f"{kind}:stick=1", "terts")
    every_game.test_information_sets_hidden_cards_never_change_a_decision(
        spec, f"{search.replace('30', '8')},rollout=neural"
    )


def test_a_run_records_the_digest_of_the_weights_it_plays(tmp_path):
    """New weights under the same text are another bot: a run's record of what played holds
    the file's digest, so ``report`` will not pool runs of other weights (nor ``--resume``
    finish one with them); a record without a digest (an older run) is not compared."""
    from sim.core.bots import changed_param

    path = save(tmp_path, "terts")
    text = f"neural:model={path}"
    before = parse_spec(text, "terts").played()
    assert before["model_digest"] == parse_spec(text, "terts").fingerprint()
    save(tmp_path, "terts", note="retrained")  # the same file name, other contents
    after = parse_spec(text, "terts").played()
    assert changed_param(before, after) == "model_digest"
    old = {k: v for k, v in before.items() if k != "model_digest"}
    assert changed_param(old, after) is None and changed_param(before, before) is None
    assert "model_digest" not in parse_spec("mcts", "terts").played()


def test_every_game_s_own_teacher_is_one_a_run_takes():
    """Each game's ``learning`` part (its teacher, hint, views) passes the checks a run makes
    before any game: a slip there would surface only an hour into ``trixsim train``."""
    from sim.core.registry import games
    from sim.learn.driver import new_settings

    for name, spec in games().items():
        if spec.has("learning"):
            s = new_settings(name, rounds=1)
            assert s.teacher.startswith(spec.part("learning").TEACHER.split(",")[0]), name


@pytest.mark.slow
def test_the_true_worlds_values_are_the_oracles():
    from sim.learn.selfplay import Ask, play_and_record
    from sim.learn.settings import ask_of

    assert ask_of("values:world=true,model=solve") == Ask(worlds=1, model="solve", truth=True)
    # the oracle values every action in the true deal and chooses the best: valued there too
    # (world=true), its choice is always a best one; in one drawn world, often not
    rows = {
        truth: play_and_record("terts", ["greedy"], [[0, 0]], [True],
                               Ask("oracle", worlds=1, model="solve", truth=truth), 5, range(2))
        for truth in (True, False)
    }  # fmt: skip
    for truth, r in rows.items():
        best = np.nanmax(r.q, axis=1)
        chosen = r.q[np.arange(len(r)), r.label]
        assert len(r) > 20 and np.isclose(chosen, best).all() == truth


def test_the_values_worlds_are_played_on_by_the_network_when_asked(tmp_path, monkeypatch):
    """``values:…,rollout=neural``: the worlds played on by a hinted network held to greedy's
    choice (stick 100) are valued exactly as greedy's are; left free, other values."""
    from dataclasses import replace

    from sim.learn.driver import new_settings
    from sim.learn.selfplay import LearnError, play_and_record
    from sim.learn.settings import ask_of

    path = save(tmp_path, "terts", hinted=True)
    teacher = "values:worlds=3,model=rollout"
    assert ask_of(f"{teacher},rollout=neural,net={path}").rollout == f"neural:model={path}"
    assert ask_of(f"{teacher},soft=0").soft == 0.0 and ask_of(teacher).soft == 0.1
    assert ask_of(f"{teacher},share=0.25").share == 0.25 and ask_of(teacher).share == 1.0
    # the stick is the network's; a share is above 0 and at most 1
    for wrong in ("stick=1", "soft=-1", "soft=x", "share=0", "share=2"):
        with pytest.raises(LearnError, match="rollout"):
            ask_of(f"{teacher},{wrong}")
    with pytest.raises(LearnError, match="holds weights for 'trix'") as e:
        new_settings("terts", rounds=1, teacher=f"{teacher},rollout=neural,net="
                     f"{save(tmp_path, 'trix', 't.npz')}")  # fmt: skip
    assert "\n" not in str(e.value)
    monkeypatch.chdir(tmp_path)
    teach = new_settings("terts", rounds=1, teacher=f"{teacher},rollout=neural,net=w.npz").teacher
    assert teach == f"{teacher},rollout=neural,net={path}"  # resumed from anywhere alike
    teach = new_settings("terts", rounds=1, teacher=f"{teacher},rollout=neural,net=shipped").teacher
    assert teach.endswith(",net=shipped")  # a shipped file's name stays a name
    q = {
        stick: play_and_record("terts", ["greedy"], [[0, 0]], [True], replace(ask_of(
            f"{teacher}{f',rollout=neural,net={path},stick={stick}' if stick is not None else ''}"),
            hint=True), 5, range(2)).q
        for stick in (None, 100, 0)
    }  # fmt: skip
    assert len(q[None]) > 20
    np.testing.assert_array_equal(q[100], q[None])
    assert not np.allclose(np.nan_to_num(q[0]), np.nan_to_num(q[None]))
