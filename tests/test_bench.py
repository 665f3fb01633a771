"""The bench script runs at a tiny scale and writes well-formed results with every row."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sim.bench import targets as t
from sim.bench.__main__ import strength_line_ups
from sim.core.bots import parse_spec, split_specs
from sim.core.registry import games


@pytest.mark.slow
def test_bench_smoke(tmp_path):
    env = dict(os.environ, BENCH_SCALE="0.002", BENCH_OUT=str(tmp_path))
    root = Path(__file__).resolve().parent.parent
    python = tmp_path / "python.json"  # the plain-Python rules' row, measured as make bench does
    for cmd in (["tests.bench_python", "--out", python], ["sim.bench", "--python", python]):
        res = subprocess.run([sys.executable, "-m", *cmd], env=env, cwd=root,
                             capture_output=True, text=True, timeout=900)  # fmt: skip
        assert res.returncode == 0, res.stderr[-2000:]
    every = json.loads((tmp_path / "bench.json").read_text())
    first = min(games().values(), key=lambda s: (s.seats, s.name)).name  # the cheapest
    assert set(every) == set(games())  # every registered game, in one run
    md = (tmp_path / "bench.md").read_text()
    for name, data in every.items():
        assert f"## {name}\n" in md
        solved = games()[name].has("solver")
        whole = name == first  # a scaled run: the solver's bots and tournaments of one game
        assert set(data["engine"]) == {
            "random",
            "random, called as a bot",
            "greedy",
            "mcts:iters=200",
        } | ({"pimc:worlds=1", "oracle"} if solved and whole else set())
        if solved:  # the solver's times, from the first solvable decision of random deals
            assert 0 < data["solver"]["median_ms"] <= data["solver"]["p95_ms"]
        for row in data["engine"].values():
            assert row["games"]["median"] > 0 and row["card_plays"]["median"] > 0
            assert row["deals"]["median"] >= row["games"]["median"]
        assert data["python"]["actions"]["median"] > 0
        assert isinstance(data["openspiel"], dict | str)  # measured, or why not
        if whole:
            assert data["tournament"]["workers_2"]["median"] > 0
            assert 0 < data["tournament"]["parquet_share"] < 1
        else:  # said, in the table and in the targets that read it
            assert data["tournament"].startswith("not measured")
            assert any(x["value"] == "not measured" for x in data["targets"])
        assert data["startup"]["warm_seconds"] > 0
        assert data["targets"]  # every game is held to something
    colds = {name: data["startup"]["cold_seconds"] for name, data in every.items()}
    assert colds.pop(first) > 0 and set(colds.values()) == {None}  # a scaled run: one cold
    trix = {x["target"] for x in every["trix"]["targets"]}
    assert any("OpenSpiel" in x for x in trix) and any("workers" in x for x in trix)
    rest = [name for name in every if name != first]  # its strength: the cheapest game's only
    assert all("strength" not in every[name] for name in rest)
    strength = every[first]["strength"]
    played = strength_line_ups(games()[first].part("bench").STRENGTH, 0.002)  # scaled: one
    assert set(strength) == {bots for bots, _ in played}
    oracle = next(bots for bots in strength if bots.startswith("oracle,"))
    assert strength[oracle]["timing"]["oracle"]["timed"] > 0  # each bot's time, beside
    for s in strength.values():
        assert s["paired"] and s["command"].startswith(f"trixsim tournament --game {first}")
    assert "### Targets" in md and "| 2 |" in md and "### Strength: `trixsim tournament" in md
    # the research API's speed: the cheapest game's only, each row measured or why not
    research = every[first]["research"]
    assert all("research" not in every[name] for name in rest)
    assert research["first"]["decisions"]["median"] > 0
    assert research["vector"]["steps"]["median"] > 0
    assert all(isinstance(research[k], dict | str) for k in ("linear", "torch", "aec", "holdem"))
    assert "### The research API" in md and "vectorised environment steps/s per core" in md


def test_every_games_strength_line_ups_are_bots_it_has():
    # the smoke run plays one game's strength tournaments: every other's line-ups parse here,
    # and every one compares two bots (the targets read a paired difference); each is written
    # as the run names it (its canonical text), else a target finds no bot by that name and
    # reads the difference with the wrong sign
    for spec in games().values():
        if spec.has("bench"):
            for bots, n in spec.part("bench").STRENGTH:
                texts = split_specs(bots)
                assert len(texts) == 2 and n > 0, (spec.name, bots)
                for text in texts:  # parse_spec raises BotSpecError on a bot it lacks
                    assert parse_spec(text, spec.name).text == text, (spec.name, text)


def _result(share_a, ci, better="greedy", diff=0.1, pci=0.05):
    bots = [{"bot": "greedy", "win_share": share_a, "win_share_ci": ci},
            {"bot": "random", "win_share": 1 - share_a, "win_share_ci": ci}]  # fmt: skip
    paired = {"better": better, "worse": "random" if better == "greedy" else "greedy",
              "difference": diff, "ci": pci, "deal_sets": 40}  # fmt: skip
    return {"strength": {"greedy,random": {"bots": bots, "paired": paired}}}


def test_strength_targets_read_the_tournaments():
    assert t.fair_share(_result(0.31, 0.02), "greedy,random", "greedy", 1.5, 5)[2]
    assert not t.fair_share(_result(0.29, 0.02), "greedy,random", "greedy", 1.5, 5)[2]
    assert t.beats(_result(0.3, 0.0, diff=0.1, pci=0.05), "greedy,random", "greedy")[2]
    assert not t.beats(_result(0.3, 0.0, diff=0.04, pci=0.05), "greedy,random", "greedy")[2]
    # the better one of the pair is the other bot: greedy is behind
    assert not t.beats(_result(0.3, 0.0, better="random"), "greedy,random", "greedy")[2]
    assert t.beats({}, "greedy,random", "greedy")[1] == "not measured"
    # a bot with two parameters is one bot of the pair, not two
    label = t.beats({}, "pimc:worlds=2,last=3,greedy", "pimc:worlds=2,last=3")[0]
    assert label.startswith("pimc:worlds=2,last=3 beats greedy:")
