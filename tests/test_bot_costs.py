"""What a run says beside its results: each bot's time per decision, the bots that cheat, and
the runs a time budget makes unrepeatable (the strong-search issue's item 3 and 4)."""

import json

import pytest

from sim.core.timing import described, merge, record
from sim.report.timing import facts, label, warnings
from tests.test_tournament import trixsim


def test_chunks_merge_into_one_mean_and_95th_percentile():
    # two chunks of one bot at 1 GHz: 19 decisions of 1,000 cycles, then one of 1,000,000
    from sim.core.clock import time_bin
    from sim.core.timing import COLUMNS

    timing = [[0.0] * COLUMNS]
    small, big = time_bin(1000), time_bin(1_000_000)
    timing[0][:2], timing[0][2 + small] = [19, 19_000], 19
    first = record(timing, 1e9, 1)
    timing[0] = [0.0] * COLUMNS
    timing[0][:2], timing[0][2 + big] = [1, 1_000_000], 1
    both = merge(merge(None, first), record(timing, 1e9, 1))
    d = described(both[0])
    assert d["timed"] == 20
    assert d["mean_ms"] == pytest.approx((0.019 + 1.0) / 20)
    # the 95th percentile is the edge of the bin of the 19th decision: about 1 µs, not 1 ms
    assert 0.001 <= d["p95_ms"] < 0.0013
    assert described({"timed": 0, "ms": 0.0, "hist": []}) is None
    # the same bin from two workers whose measured rates differ by a millionth is one pair
    late = merge(merge(None, both), record(timing, 1e9 * (1 + 1e-6), 1))
    assert len(late[0]["hist"]) == 2 and late[0]["timed"] == 21


class Manifest:
    def __init__(self, m):
        self.manifest = m


def test_runs_pool_their_bots_times_and_flags():
    one = {"timed": 2, "ms": 2.0, "hist": [[1.0, 2]]}
    runs = [
        Manifest({"timing": [{"bot": "mcts"} | one], "cheats": ["oracle"]}),
        Manifest({"timing": [{"bot": "mcts"} | one], "time_budget": ["pimc:ms=5"]}),
    ]
    f = facts(runs)
    assert f["timing"]["mcts"] == {"timed": 4, "mean_ms": 1.0, "p95_ms": 1.0}
    assert f["cheats"] == ["oracle"] and not f["reproducible"]
    assert label("oracle", f) == "oracle (cheats)" and label("mcts", f) == "mcts"
    said = " ".join(warnings(f))
    assert "oracle sees every hand" in said and "pimc:ms=5 decides by a time budget" in said
    assert facts([Manifest({})]) == {"timing": {}, "cheats": [], "time_budget": [],
                                     "reproducible": True, "sprt": []}  # fmt: skip
    # a damaged manifest costs its timing lines, not the report (tests/test_fuzz.py found it)
    bad = [{"bot": "x", "timed": "2", "ms": 1.0, "hist": []}, {"bot": "y", "timed": 1, "ms": 1,
           "hist": [[1.0]]}, 3.5, {"bot": "z", "timed": True, "ms": 1, "hist": []}]  # fmt: skip
    damaged = facts([Manifest({"timing": bad, "cheats": 1.5, "time_budget": {"a": 1},
                               "sprt": {"verdict": "H1", "a": "x"}})])  # fmt: skip
    assert damaged == facts([Manifest({})])


@pytest.mark.slow
def test_a_run_with_the_oracle_says_it_cheats_everywhere(tmp_path):
    out = tmp_path / "run"
    res = trixsim("tournament", "--game", "terts", "--bots", "greedy,oracle", "--games", "4",
                  "--out", str(out), "-q")  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert "warning: oracle sees every hand (it cheats)" in res.stderr
    assert "oracle (cheats)" in res.stdout and "upper bound" in res.stdout
    m = json.loads((out / "manifest.json").read_text())
    assert m["cheats"] == ["oracle"] and m["reproducible"] is True
    timing = {e["bot"]: e for e in m["timing"]}
    assert timing["oracle"]["timed"] > 0 and timing["oracle"]["mean_ms"] > 0
    md = trixsim("report", str(out), "--format", "markdown").stdout
    assert "| oracle (cheats) |" in md and "time per decision (mean)" in md


@pytest.mark.slow
def test_a_time_budget_is_not_reproducible_and_a_count_budget_times_every_decision(tmp_path):
    timed = {}
    for workers in (1, 2):
        out = tmp_path / f"w{workers}"
        res = trixsim("tournament", "--game", "terts", "--bots", "greedy,mcts:iters=10",
                      "--games", "8", "--chunk", "2", "--workers", str(workers), "--out",
                      str(out), "-q")  # fmt: skip
        assert res.returncode == 0, res.stderr
        m = json.loads((out / "manifest.json").read_text())
        assert m["reproducible"] is True and "warning" not in res.stderr
        timed[workers] = {e["bot"]: e["timed"] for e in m["timing"]}
    # every decision of a search bot is timed: as many with 1 worker as with 2
    assert timed[1]["mcts:iters=10"] == timed[2]["mcts:iters=10"] > 0
    out = tmp_path / "ms"
    res = trixsim("tournament", "--game", "terts", "--bots", "greedy,mcts:ms=1", "--games", "2",
                  "--out", str(out), "-q")  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert "not reproducible: mcts:ms=1.0 decides by a time budget" in res.stderr
    assert "not reproducible" in res.stdout
    m = json.loads((out / "manifest.json").read_text())
    assert m["reproducible"] is False and m["time_budget"] == ["mcts:ms=1.0"]
