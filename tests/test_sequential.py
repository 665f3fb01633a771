"""``trixsim tournament --sprt``: a run that stops when its verdict is known, at the same
deal set with the same tables whatever the workers, and refuses what it cannot test."""

import json

import pytest

from tests.run_files import trixsim

# greedy against random in Euchre: decided within a few chunks of one deal set (20 games)
RUN = ["tournament", "--game", "euchre5", "--bots", "greedy,random", "--sprt", "0,5",
       "--games", "2000", "--chunk", "20", "--seed", "4", "-q"]  # fmt: skip


def files(folder, sub):
    return {p.name: p.read_bytes() for p in sorted((folder / sub).iterdir())}


def test_it_stops_at_the_same_deal_set_with_the_same_tables_on_one_or_two_workers(tmp_path):
    runs = {}
    for workers in (1, 2):
        out = tmp_path / f"w{workers}"
        res = trixsim(*RUN, "--workers", str(workers), "--out", str(out))
        assert res.returncode == 0, res.stderr
        m = json.loads((out / "manifest.json").read_text())
        runs[workers] = out, m
        assert m["status"] == "complete" and m["sprt"]["verdict"] == "H1"
        assert "sequential test (alpha 0.05, beta 0.05): H1 accepted" in res.stdout
        n = m["sprt"]["deal_sets"]
        assert 10 <= n < 100 and m["games_done"] == 20 * (m["sprt"]["last_chunk"] + 1)
    (a, ma), (b, mb) = runs[1], runs[2]
    for key in ("verdict", "deal_sets", "llr", "estimate", "ci", "last_chunk"):
        assert ma["sprt"][key] == mb["sprt"][key], key
    for sub in ("games.parquet", "deals.parquet"):
        assert files(a, sub) == files(b, sub)  # what ran past the stop is set aside
    past = b / "past-stop" / "games.parquet"
    assert not past.exists() or all(int(p.stem[5:]) > mb["sprt"]["last_chunk"]
                                    for p in past.iterdir())  # fmt: skip
    res = trixsim("tournament", "--resume", "--out", str(b), "-q")
    assert res.returncode == 2 and "already complete" in res.stderr
    res = trixsim("report", str(b))
    assert res.returncode == 0 and "sequential test (alpha 0.05, beta 0.05): H1" in res.stdout


@pytest.mark.parametrize("args, said", [
    (["--bots", "greedy,random,mcts"], "tests two bots against each other"),
    (["--bots", "greedy", "--sprt", "0,5"], "tests two bots against each other"),
    (["--sprt", "5,0"], "needs D1 > D0"),
    (["--sprt", "five"], "takes two numbers D0,D1"),
    (["--alpha", "0.7"], "--alpha is an error rate between 0 and 0.5"),
])  # fmt: skip
def test_what_it_cannot_test_is_refused_in_one_line(tmp_path, args, said):
    base = {"--bots": "greedy,random", "--sprt": "0,5"}
    for k, v in zip(args[::2], args[1::2], strict=True):
        base[k] = v
    flat = [x for kv in base.items() for x in kv]
    res = trixsim("tournament", "--game", "euchre5", *flat, "--games", "40", "--out",
                  str(tmp_path / "r"), "-q")  # fmt: skip
    assert res.returncode == 2 and said in res.stderr and len(res.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "r").exists()


def test_without_games_a_sequential_run_may_play_a_thousand_deal_sets(tmp_path):
    # a game's default run (Euchre: 400 games, 20 deal sets) is often too short for a verdict
    out = tmp_path / "r"
    res = trixsim("tournament", "--game", "terts", "--bots", "greedy,random", "--sprt", "0,5",
                  "--chunk", "20", "--workers", "1", "--out", str(out), "-q")  # fmt: skip
    assert res.returncode == 0, res.stderr
    m = json.loads((out / "manifest.json").read_text())
    assert m["games_planned"] == 1000 * 2 and m["sprt"]["verdict"] == "H1"  # 2 seatings a set
    assert m["games_done"] < 400  # and it stopped by itself, long before
    assert "rounded up" not in res.stdout + res.stderr
    # the bound given as fishtest's and cutechess's users write it
    res = trixsim(
        "tournament",
        "--game",
        "terts",
        "--bots",
        "greedy,random",
        "--sprt",
        "0,5",
        "--max-games",
        "60",
        "--workers",
        "1",
        "--out",
        str(tmp_path / "m"),
        "-q",
    )
    assert res.returncode == 0, res.stderr
    m = json.loads((tmp_path / "m" / "manifest.json").read_text())
    assert m["games_planned"] == 60 and m["games_done"] <= 60
