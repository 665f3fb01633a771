"""``trixsim analyse`` (sim.analysis): the oracle loses nothing under ``dd``; a decision's
loss is what brute force on the rules says; ``sd`` is blind to hidden cards; the same run
gives the same analysis with one worker or two; bad input is one line."""

import json

import numpy as np
import pytest

from sim.analysis import analyse
from sim.analysis.evaluator import Valuer, parse_evaluator
from sim.core.registry import get
from sim.games.terts.state import PHASE, TRICK_NO
from sim.games.terts.vocab import LEAD, LEAD_CARD
from tests.run_files import trixsim
from tests.test_bots import positions, swap_hidden


def small_run(tmp_path_factory, game: str, bots: str, seed: int = 5, *more):
    out = tmp_path_factory.mktemp(f"an-{game}") / "run"
    r = trixsim("tournament", "--game", game, "--bots", bots, "--games", "1", "--seed", seed,
                "--workers", "1", "--out", out, *more)  # fmt: skip
    assert r.returncode == 0, r.stderr
    return out


def test_the_oracle_loses_nothing_under_dd(tmp_path_factory):
    # the dd evaluator values each action on the true state as the oracle does: every
    # decision the oracle took is a best one (ties count as best). Terts here; measured 0 in
    # every game (docs/evaluation.md)
    run = small_run(tmp_path_factory, "terts", "oracle,greedy")
    a = analyse(run, bots=["oracle"], evaluator="dd", games=2)
    rows = a.decisions.rows
    assert len(rows["loss"]) > 40
    assert (rows["entry"] == 0).all()
    assert rows["loss"].max() < 1e-6
    assert a.bots[0].best == 1.0 and a.worst == []
    assert np.isnan(a.bots[0].in_blunders) and "| – |" in a.to_markdown()  # no loss to share


def test_a_trick_thrown_away_costs_what_brute_force_says():
    # Terts, trick 15 of a deal: the leader has two cards, the follower replies to keep the
    # leader's points down (the two-player solver's model) and trick 16 is forced. Each
    # card's value, found by trying every line on the rules and valuing the deal's end,
    # is the dd evaluator's, in points of win share; a card worth less is a loss of the gap
    spec = get("terts")
    k, d, part = spec.part("kernels"), spec.part("search"), spec.part("analysis")
    valuer = Valuer(spec, parse_evaluator("dd", spec))
    out = np.zeros(spec.seats)
    rnd = np.random.default_rng(3)
    lost = 0
    for g in range(40):
        game = spec.part("api").GAME.new(9, g)
        while not (game.state[PHASE] in (LEAD, LEAD_CARD) and game.state[TRICK_NO] == 14):
            game.apply(int(rnd.choice(game.legal_actions())))
        seat, legal, s = game.to_act, game.legal_mask(), game.state
        scale = d.reward_scale(s[: k.PUB_SIZE])

        def end_value(state, a, seat=seat, scale=scale):
            st = state.copy()
            if k.step(st, a):
                d.rewards(st, scale, out)
                return out[seat] * part.UNIT
            options = [b for b in range(64) if k.legal_actions(st) >> b & 1]
            values = [end_value(st, b, seat, scale) for b in options]
            return min(values) if k.to_act(st) != seat else max(values)

        brute = {a: end_value(s, a) for a in range(64) if legal >> a & 1}
        values = valuer.values(s, seat, game.private(seat), legal, 1) * part.UNIT
        for a, v in brute.items():
            assert values[a] == pytest.approx(v, abs=1e-9)
        lost += max(brute.values()) - min(brute.values()) > 0.1
    assert lost >= 3  # positions where one of the two cards throws points away


@pytest.mark.parametrize("game", ["trix"])
def test_sd_is_blind_to_hidden_cards(game):
    # sd values from what the seat knows: another seat's cards swapped where the public
    # record allows leave every value as it was; dd, which sees them, changes
    spec = get(game)
    sd = Valuer(spec, parse_evaluator("sd:worlds=2,model=rollout", spec))
    dd = Valuer(spec, parse_evaluator("dd:model=rollout", spec))
    rnd = np.random.default_rng(4)
    checked = changed = 0
    for game_ in positions(spec, 40, seed=8):
        other = swap_hidden(game_, rnd)
        if other is None:
            continue
        seat, legal, private = game_.to_act, game_.legal_mask(), game_.private(game_.to_act)
        a, b = (sd.values(s, seat, private, legal, 7) for s in (game_.state, other))
        assert np.array_equal(a, b, equal_nan=True)
        x, y = (dd.values(s, seat, private, legal, 7) for s in (game_.state, other))
        changed += not np.array_equal(x, y, equal_nan=True)
        checked += 1
    assert checked > 15 and changed > 0


def test_the_same_run_gives_the_same_analysis_in_any_tasks_and_from_its_records(
    tmp_path_factory, tmp_path, monkeypatch
):
    run = small_run(tmp_path_factory, "euchre5", "greedy,mcts:iters=20", 2, "--record-games", "4")
    one = analyse(run, evaluator="sd:worlds=3", games=4)
    # the rows of a worker's task do not depend on which games share it: a task of one game
    # each (what two workers split) gives them all again (the processes: docs/evaluation.md)
    with monkeypatch.context() as m:
        m.setattr("sim.analysis.decisions.GAMES_PER_TASK", 1)
        m.setattr("sim.analysis.GAMES_PER_TASK", 1)
        two = analyse(run, evaluator="sd:worlds=3", games=4)
    read = analyse(run, evaluator="sd:worlds=3", games=4, records=True)
    assert json.loads(one.to_json())["bots"] == json.loads(two.to_json())["bots"]
    assert len(one.decisions) > 100
    for other in (two, read):
        for c, v in one.decisions.rows.items():
            assert np.array_equal(v, other.decisions.rows[c]), c
        assert np.array_equal(one.decisions.values, other.decisions.values, equal_nan=True)
    assert {b.bot for b in one.bots} == {"greedy", "mcts:iters=20"}
    r = trixsim("analyse", run, "--games", "2", "--evaluator", "sd:worlds=2", "--worst", "1",
                "--plots", tmp_path / "plots")  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "loss per decision" in r.stdout and "--deal-set" in r.stdout
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == [
        "loss_by_phase.png", "loss_by_trick.png"]  # fmt: skip
    for args, said in (
        (["--evaluator", "dd:model=mcts"], "is a search"),
        (["--evaluator", "sd:ms=3"], "sd takes worlds"),
        (["--bot", "random"], "did not play in this run"),
        (["--games", "0"], "--games must be 1 or more"),
    ):
        r = trixsim("analyse", run, *args)
        assert r.returncode == 2 and said in r.stderr and len(r.stderr.splitlines()) == 1, r.stderr
    r = trixsim("analyse", tmp_path / "none")
    assert r.returncode == 2 and "no such folder" in r.stderr
    timed = small_run(tmp_path_factory, "terts", "greedy,mcts:ms=1", 3)  # no records: refused
    r = trixsim("analyse", timed)
    assert r.returncode == 2 and "time budget" in r.stderr and "--record-games" in r.stderr


def test_a_quiz_is_reproducible_and_orders_random_below_greedy(tmp_path):
    from sim.analysis import quiz as q

    frame, meta = q.build("euchre5", seed=3, games=2, share=0.3, evaluator="sd:worlds=3",
                          out=str(tmp_path / "s.parquet"))  # fmt: skip
    assert len(frame) > 30 and set(frame["bot"]) <= set(meta["bots"])
    q.write(frame, meta, tmp_path / "s.parquet")
    runs = [q.quiz("euchre5", ["random", "greedy"], tmp_path / "s.parquet", seed=4)
            for _ in range(2)]  # fmt: skip
    a, b = (json.loads(r.to_json()) for r in runs)
    for d in (a, b):
        d.pop("seconds")
        for s in d["scores"]:
            s.pop("ms")
    assert a == b
    loss = {s.bot: s.loss.mean for s in runs[0].scores}
    assert loss["random"] > loss["greedy"] >= 0
    assert [(p.better, p.worse) for p in runs[0].pairs] == [("greedy", "random")]
    lost = runs[0].losses["random"]  # the blunders' share of its loss, from its every answer
    top = lost >= runs[0].bands[-1]
    assert runs[0].scores[0].bot == "random" and 0 < runs[0].scores[0].in_blunders < 1
    assert runs[0].scores[0].in_blunders == pytest.approx(lost[top].sum() / lost.sum())
    r = trixsim("quiz", "--game", "trix", "--bots", "greedy", "--suite", tmp_path / "s.parquet")
    assert r.returncode == 2 and "not a trix quiz suite" in r.stderr


def test_every_game_ships_a_quiz_suite_of_its_rules():
    from sim.analysis import quiz as q
    from sim.core.registry import games

    for spec in games().values():
        if spec.has("analysis"):
            frame, meta = q.read(spec)
            assert len(frame) >= 1000 and meta["game_version"] == spec.version
            assert set(frame["phase"]) == set(range(len(spec.part("analysis").PHASES)))


def test_the_evaluation_guides_python_runs(tmp_path_factory):
    # docs/evaluation.md's block, on a small Terts run (one worker: the processes are tested
    # above); the quiz it shows is Euchre's
    import re
    from pathlib import Path

    doc = Path(__file__).resolve().parent.parent / "docs" / "evaluation.md"
    (code,) = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)
    run = small_run(tmp_path_factory, "terts", "greedy,random")
    code = code.replace('"results/RUN"', repr(str(run))).replace("workers=2", "workers=1")
    names: dict = {}
    exec(code.replace("print(", "len("), names)
    assert names["a"].bots[0].per_decision.n > 0 and "| greedy |" in names["a"].to_markdown()
    assert {s.bot for s in names["q"].scores} == {"greedy", "neural"}
