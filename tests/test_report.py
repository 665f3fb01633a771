"""`trixsim report`: statistics with known answers, agreement with the Parquet rows, errors."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from sim.games.trix.report import running_totals
from sim.report import ReportError, build_report, format_summary, summary
from sim.report.render import render, to_json
from sim.report.stats import Z95, mean_ci, paired, sentence, win_lines

ROOT = Path(__file__).resolve().parent.parent


def trixsim(*args, **kw):
    return subprocess.run(
        [sys.executable, "-m", "sim.cli", *args], capture_output=True, text=True, **kw
    )


def cli(monkeypatch, capsys, *args) -> tuple[int, str, str]:
    """Run ``trixsim ARGS`` in this process (fast): exit code, stdout, stderr."""
    from sim.cli import main

    monkeypatch.setattr(sys, "argv", ["trixsim", *args])
    with pytest.raises(SystemExit) as e:
        main()
    out = capsys.readouterr()
    return e.value.code, out.out, out.err


# -- hand-built runs -----------------------------------------------------------------------
def _dict(values: list[str]) -> pa.DictionaryArray:
    return pa.array(values, pa.string()).dictionary_encode()


def write_run(folder: Path, games: list[dict], contracts: list[dict], *, bots, seed=1,
              status="complete", version="0.1.0") -> Path:  # fmt: skip
    """A run folder with the columns the report reads, from plain rows."""
    (folder / "games.parquet").mkdir(parents=True)
    (folder / "contracts.parquet").mkdir()
    seats = range(4)
    g = {
        "game": pa.array([x["game"] for x in games], pa.int32()),
        "deal_set": pa.array([x["deal_set"] for x in games], pa.int32()),
        **{f"bot_{p}": _dict([x["bots"][p] for x in games]) for p in seats},
        "contracts": pa.array([x.get("contracts", 1) for x in games], pa.int8()),
        "end": _dict([x.get("end", "28-contracts") for x in games]),
        **{f"total_{p}": pa.array([x["totals"][p] for x in games], pa.int16()) for p in seats},
        **{f"rank_{p}": pa.array([x["ranks"][p] for x in games], pa.int8()) for p in seats},
        **{f"win_share_{p}": pa.array([float(x["shares"][p]) for x in games]) for p in seats},
    }
    trix = [x["contract"] == "trix" for x in contracts]
    c = {
        "game": pa.array([x["game"] for x in contracts], pa.int32()),
        "contract_no": pa.array([x["contract_no"] for x in contracts], pa.int8()),
        "chooser": pa.array([x.get("chooser", 0) for x in contracts], pa.int8()),
        "choice": pa.array([x.get("choice", 1) for x in contracts], pa.int8()),
        "contract": _dict([x["contract"] for x in contracts]),
        "forced_trix": pa.array([x.get("forced", False) for x in contracts]),
        "chooser_jacks": pa.array([x.get("jacks", 1) for x in contracts], pa.int8()),
        "chooser_aces": pa.array([x.get("aces", 0) for x in contracts], pa.int8()),
        "zeroed": pa.array([x.get("zeroed", False) for x in contracts]),
        **{f"points_{p}": pa.array([x["points"][p] for x in contracts], pa.int16())
           for p in seats},
        **{f"trix_{w}_{k}": pa.array([x.get(f"{w}_{k}", 30) if t else None
                                      for x, t in zip(contracts, trix, strict=True)], pa.int16())
           for w in ("first", "second") for k in ("turns", "passes")},
    }  # fmt: skip
    pq.write_table(pa.table(g), folder / "games.parquet" / "part-000000.parquet")
    pq.write_table(pa.table(c), folder / "contracts.parquet" / "part-000000.parquet")
    plan = {"bots": bots, "seed": seed, "games": len(games), "chunk": len(games),
            "duplicate": True, "seatings": [[0, 1, 0, 1]]}  # fmt: skip
    manifest = {"tool": "trixsim tournament", "version": version, "plan": plan, "seed": seed,
                "status": status, "seconds": 1.0, "games_planned": len(games)}  # fmt: skip
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return folder


@pytest.fixture
def tie_run(tmp_path):
    """Two deal sets, bots A,B,A,B. Game 0: the two A seats tie for the win; game 1: all four
    tie. One diamonds contract per game whose points are the final totals."""
    games = [
        {"game": 0, "deal_set": 0, "bots": "ABAB", "totals": [100, 200, 100, 300],
         "ranks": [1, 3, 1, 4], "shares": [0.5, 0, 0.5, 0]},
        {"game": 1, "deal_set": 1, "bots": "ABAB", "totals": [50, 50, 50, 50],
         "ranks": [1, 1, 1, 1], "shares": [0.25] * 4},
    ]  # fmt: skip
    contracts = [
        {"game": g["game"], "contract_no": 0, "contract": "diamonds", "points": g["totals"]}
        for g in games
    ]
    return write_run(tmp_path / "ties", games, contracts, bots=["A", "B"])


def test_ties_split_the_win(tie_run):  # R3.9
    s = summary([tie_run])
    a, b = s["bots"]
    assert (a["bot"], b["bot"]) == ("A", "B")
    assert a["win_share"] == pytest.approx((0.5 + 0.25) / 2)  # mean over the two deal sets
    assert b["win_share"] == pytest.approx((0.0 + 0.25) / 2)
    assert a["win_share"] * 2 + b["win_share"] * 2 == pytest.approx(1.0)  # one win per game
    assert a["mean_rank"] == 1.0 and b["mean_rank"] == pytest.approx((3 + 4 + 1 + 1) / 4)
    assert a["last_share"] == 0.5 and b["last_share"] == 0.75  # ties for last count
    p = s["paired"]
    assert (p["better"], p["worse"], p["deal_sets"]) == ("A", "B", 2)
    assert p["difference"] == pytest.approx(0.25)
    assert p["ci"] == pytest.approx(Z95 * np.std([0.5, 0.0], ddof=1) / np.sqrt(2))
    assert format_summary(s).splitlines()[-1] == sentence(p)


def test_a_contract_decides_a_game_when_its_points_pick_the_winners(tie_run):
    rep = build_report([tie_run])
    diamonds = rep["contracts"]["decisive"][0]
    # without diamonds every total is 0: game 0's winners change (A,A -> all), game 1's do not
    assert diamonds["contract"] == "diamonds" and diamonds["games_decided"] == 1
    assert diamonds["swing"] == 0.5
    pts = {(x["bot"], x["contract"]): x for x in rep["contracts"]["points"]}
    assert pts["A", "diamonds"]["as_chooser"] == pytest.approx((100 + 50) / 2)  # seat 0 chose
    assert pts["A", "diamonds"]["as_other"] == pytest.approx((100 + 50) / 2)
    assert pts["B", "diamonds"]["as_other"] == pytest.approx((200 + 300 + 50 + 50) / 4)


def test_mean_ci():
    assert mean_ci(np.array([1.0, 3.0])) == pytest.approx((2.0, Z95 * np.sqrt(2) / np.sqrt(2)))
    assert np.isnan(mean_ci(np.array([4.0]))[1])


def test_tight_intervals_keep_their_digits():
    # millions of games: an interval of ±0.04 points must not print as ±0.0
    line = {"bot": "a", "seat_games": 4, "win_share": 0.30123, "win_share_ci": 0.00042,
            "mean_total": 1.0, "mean_rank": 2.0, "last_share": 0.2}  # fmt: skip
    s = {"bots": [line, dict(line, bot="b", win_share_ci=0.012)], "games": 1, "deal_sets": 1,
         "seconds": 1.0, "complete": True,
         "paired": {"better": "a", "worse": "b", "difference": 0.0123, "ci": 0.00042,
                    "deal_sets": 1}}  # fmt: skip
    text = format_summary(s)
    assert "30.12% ± 0.04" in text and "30.1% ± 1.2" in text
    assert "a beats b by 1.23 ± 0.04 points" in text


def synthetic(rng, n_deals=100, per_deal=24, p=0.3, spread=0.3):
    """Bots A (seats 0, 1) and B (2, 3), one winner per game. Each deal set has its own
    chance that A's side wins, uniform around 2p: A's true win share is p, the paired
    difference A - B is p - (0.5 - p)."""
    side = 2 * p + rng.uniform(-spread, spread, n_deals)
    n = n_deals * per_deal
    deal = np.repeat(np.arange(n_deals), per_deal)
    bots = np.tile(np.array([0, 0, 1, 1], np.int16), (n, 1))
    a_wins = rng.random(n) < side[deal]
    seat = np.where(a_wins, rng.integers(0, 2, n), rng.integers(2, 4, n))
    shares = np.zeros((n, 4))
    shares[np.arange(n), seat] = 1.0
    totals = np.where(shares > 0, 0, 100).astype(np.int16)
    return bots, shares, totals, np.ones((n, 4), np.int16), deal


def test_intervals_cover_the_true_value_and_respect_deal_sets():
    rng = np.random.default_rng(7)
    reps, p = 300, 0.3
    covered = paired_covered = naive_covered = 0
    for _ in range(reps):
        bots, shares, totals, ranks, deal = synthetic(rng, p=p)
        a = win_lines(bots, shares, totals, ranks, deal, ["A", "B"])[0]
        covered += abs(a["win_share"] - p) <= a["win_share_ci"]
        diff, ci, n = paired(bots, shares, deal, ["A", "B"], "A", "B")
        assert n == 100 and diff > 0
        paired_covered += abs(diff - (2 * p - 0.5)) <= ci
        seat_games = shares[:, :2].ravel()  # as if every seat-game were independent
        half = Z95 * seat_games.std(ddof=1) / np.sqrt(len(seat_games))
        naive_covered += abs(seat_games.mean() - p) <= half
    assert 0.92 <= covered / reps <= 0.99
    assert 0.92 <= paired_covered / reps <= 0.99
    assert naive_covered / reps < 0.9  # ignoring the deal sets would claim too much


def test_paired_difference_sign_and_size():
    # 50 deal sets of 6 games: A wins 4, B wins 2 -> A 4/12 per seat-game, B 2/12
    n_deals, per = 50, 6
    deal = np.repeat(np.arange(n_deals), per)
    bots = np.tile(np.array([0, 1, 0, 1], np.int16), (n_deals * per, 1))
    shares = np.zeros((n_deals * per, 4))
    winner = np.tile([0, 2, 0, 2, 1, 3], n_deals)
    shares[np.arange(len(winner)), winner] = 1.0
    diff, ci, n = paired(bots, shares, deal, ["A", "B"], "A", "B")
    assert diff == pytest.approx(4 / 12 - 2 / 12) and ci == pytest.approx(0.0) and n == 50
    assert paired(bots, shares, deal, ["A", "B"], "B", "A")[0] == pytest.approx(-diff)
    text = sentence({"better": "A", "worse": "B", "difference": diff, "ci": 0.014,
                     "deal_sets": 12_000})  # fmt: skip
    assert text == "A beats B by 16.7 ± 1.4 points of win share over 12,000 deal sets"
    close = {"better": "A", "worse": "B", "difference": 0.01, "ci": 0.02, "deal_sets": 30}
    assert sentence(close).startswith("A and B are not told apart: A leads by 1.0 ± 2.0 points")
    one = {"better": "A", "worse": "B", "difference": 0.2, "ci": float("nan"), "deal_sets": 1}
    assert "too few for an interval" in sentence(one) and "nan" not in sentence(one)


def test_running_totals_replay_the_1000_rule():  # R3.7
    lg = np.zeros(5, np.intp)
    zeroed = np.array([False, True, False, True, False])
    pts = [np.array(x) for x in ([500, 500, 600, 400, 10], [0, 1000, -1000, 1000, 0],
                                 [0, 0, 0, 0, 0], [10, 20, 30, 40, 50])]  # fmt: skip
    totals, rows, fell = running_totals(lg, pts, zeroed)
    assert totals[0].tolist() == [500, 0, 600, 0, 10]  # fell twice
    assert totals[1].tolist() == [0, 0, -1000, 0, 0]  # a running sum of 1000 is not a total
    assert totals[3].tolist() == [10, 30, 60, 100, 150]
    assert rows.tolist() == [1, 3]
    assert [f.tolist() for f in fell] == [[True, True], [True, False], [False, False]] + [
        [False, False]
    ]


# -- a real small tournament -----------------------------------------------------------------
@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Three small runs, played in this process (one numba start instead of three)."""
    from sim.games.trix import SPEC
    from sim.run.local import run
    from sim.run.plan import Plan
    from sim.run.store import prepare

    root = tmp_path_factory.mktemp("report")
    plans = {"a": (["random", "greedy"], 1, 480), "b": (["random", "greedy"], 2, 240),
             "solo": (["random"], 3, 120)}  # fmt: skip
    for name, (bots, seed, games) in plans.items():
        plan = Plan.make(SPEC, bots, seed, games, 120, True)
        manifest = prepare(root / name, plan, ["trixsim", "tournament"], resume=False)
        assert run(plan, root / name, 1, manifest, progress=False)["status"] == "complete"
    return {name: root / name for name in plans}


@pytest.fixture(scope="module")
def rep(runs):
    return build_report([runs["a"]])


def read(run: Path, name: str) -> pd.DataFrame:
    df = pd.read_parquet(run / f"{name}.parquet")
    for col in df.columns:
        if isinstance(df[col].dtype, pd.CategoricalDtype):
            df[col] = df[col].astype(str)
    return df


def seat_rows(games: pd.DataFrame) -> pd.DataFrame:
    return pd.concat(
        [pd.DataFrame({"game": games["game"], "deal_set": games["deal_set"], "seat": p,
                       "bot": games[f"bot_{p}"], "win": games[f"win_share_{p}"],
                       "total": games[f"total_{p}"], "rank": games[f"rank_{p}"],
                       "last": games[f"total_{p}"] == games[[f"total_{q}" for q in range(4)]]
                       .max(axis=1)}) for p in range(4)],
        ignore_index=True,
    )  # fmt: skip


def test_win_rates_agree_with_the_rows(runs, rep):
    games = read(runs["a"], "games")
    seats = seat_rows(games)
    per_deal = seats.groupby(["deal_set", "bot"])["win"].mean().unstack()
    block = rep["win_rates"][0]
    assert block["games"] == len(games) == 480 and block["deal_sets"] == 80
    for line in block["bots"]:
        mine = seats[seats["bot"] == line["bot"]]
        col = per_deal[line["bot"]]
        assert line["win_share"] == pytest.approx(col.mean())
        assert line["win_share_ci"] == pytest.approx(Z95 * col.std(ddof=1) / np.sqrt(len(col)))
        assert line["mean_total"] == pytest.approx(mine["total"].mean())
        assert line["mean_rank"] == pytest.approx(mine["rank"].mean())
        assert line["last_share"] == pytest.approx(mine["last"].mean())
        assert line["seat_games"] == len(mine)
    p = block["paired"]
    assert p["better"] == "greedy" and p["difference"] > 0.2
    diff = per_deal[p["better"]] - per_deal[p["worse"]]
    assert p["difference"] == pytest.approx(diff.mean())
    assert p["ci"] == pytest.approx(Z95 * diff.std(ddof=1) / np.sqrt(len(diff)))
    assert format_summary(summary([runs["a"]])) in render(rep)


@pytest.mark.parametrize("name", ["a", "solo"])
def test_a_runs_summary_read_part_by_part_equals_the_one_from_all_its_games(runs, name):
    # the tournament's closing block streams the part files (flat memory at any size)
    from sim.report.data import open_runs, read_games
    from sim.report.stats import win_summary

    streamed = summary([runs[name]])
    (run,), _ = open_runs([runs[name]])
    g = read_games([run])
    whole = win_summary(g.bots, g.shares, g.totals, g.ranks, g.cluster, g.names,
                        run.seconds, True)  # fmt: skip
    contracts = pq.read_table(runs[name] / "contracts.parquet", columns=["game"]).num_rows
    assert streamed.pop("deals") == contracts  # the closing block counts them too
    assert streamed.pop("deal") == "contract"
    assert streamed.keys() == whole.keys() and streamed["games"] == whole["games"]
    assert streamed["deal_sets"] == whole["deal_sets"] > 1
    line = format_summary(dict(streamed, deals=contracts, deal="contract"))
    assert f"{contracts:,} contracts" in line
    for a, b in zip(streamed["bots"], whole["bots"], strict=True):
        assert a.pop("bot") == b.pop("bot")
        assert a == pytest.approx(b, rel=1e-9)
    if name == "a":
        p, q = streamed["paired"], whole["paired"]
        assert (p.pop("better"), p.pop("worse")) == (q.pop("better"), q.pop("worse"))
        assert p == pytest.approx(q, rel=1e-9)
        assert len(run.parts) > 1  # the sums really went across part files


def test_contract_tables_agree_with_the_rows(runs, rep):
    games, con = read(runs["a"], "games"), read(runs["a"], "contracts")
    long = pd.concat(
        [pd.DataFrame({"game": con["game"], "seat": p, "bot": con[f"bot_{p}"],
                       "contract": con["contract"], "points": con[f"points_{p}"],
                       "chooser": con["chooser"] == p}) for p in range(4)],
        ignore_index=True,
    )  # fmt: skip
    means = long.groupby(["bot", "contract", "chooser"])["points"].mean()
    for x in rep["contracts"]["points"]:
        assert x["as_chooser"] == pytest.approx(means[x["bot"], x["contract"], True])
        assert x["as_other"] == pytest.approx(means[x["bot"], x["contract"], False])
    picks = con.groupby(["chooser_bot", "choice"])["contract"].value_counts(normalize=True)
    for x in rep["contracts"]["picks"]:
        assert x["share"] == pytest.approx(picks.get((x["bot"], x["choice"], x["contract"]), 0))
    # decides: winners with and without each contract's points
    per = long.groupby(["game", "seat", "contract"])["points"].sum().unstack(fill_value=0)
    g = games.set_index("game")
    totals = np.stack([g[f"total_{p}"] for p in range(4)], 1)
    wins = totals == totals.min(1, keepdims=True)
    shares = np.stack([g[f"win_share_{p}"] for p in range(4)], 1)
    seat_bots = np.stack([g[f"bot_{p}"] for p in range(4)], 1)
    for x in rep["contracts"]["decisive"]:
        pts = per[x["contract"]].unstack(fill_value=0).reindex(g.index, fill_value=0).to_numpy()
        alt = totals - pts
        changed = ((alt == alt.min(1, keepdims=True)) != wins).any(1)
        assert x["games_decided"] == changed.sum()
        for bot, r in x["r_by_bot"].items():
            mine = seat_bots == bot
            assert r == pytest.approx(np.corrcoef(pts[mine], shares[mine])[0, 1])


def test_trix_tables_agree_with_the_rows(runs, rep):
    games, con = read(runs["a"], "games"), read(runs["a"], "contracts")
    trix = con[con["contract"] == "trix"].copy()
    pts = trix[[f"points_{p}" for p in range(4)]].to_numpy()
    trix["chooser_points"] = pts[np.arange(len(trix)), trix["chooser"]]
    trix["first"] = trix["trix_first"] == trix["chooser"]  # the columns, not the points
    trix["second"] = trix["trix_second"] == trix["chooser"]
    by = trix.groupby(["chooser_bot", "choice"])
    for x in rep["trix"]["by_choice"]:
        key = (x["bot"], x["choice"])
        assert x["n"] == by.size()[key]
        assert x["mean_points"] == pytest.approx(by["chooser_points"].mean()[key])
        assert x["first"] == pytest.approx(by["first"].mean()[key])
        assert x["second"] == pytest.approx(by["second"].mean()[key])
        assert x["mean_jacks"] == pytest.approx(by["chooser_jacks"].mean()[key])
    assert not (trix["choice"] == 7).any()  # R3.6
    for x in rep["trix"]["forced"]:
        mine = trix[(trix["chooser_bot"] == x["bot"]) & trix["forced_trix"]]
        assert x["forced"] == len(mine) == (mine["choice"] == 6).sum()  # R3.5
        for j, share in x["jacks"].items():
            assert share == pytest.approx((mine["chooser_jacks"] == int(j)).mean())
    turns = trix.groupby("chooser_jacks")[["trix_first_turns", "trix_second_passes"]].mean()
    for x in rep["trix"]["length"]["by_jacks"]:
        if x["n"]:
            assert x["first_turns"] == pytest.approx(turns.loc[x["jacks"], "trix_first_turns"])
            assert x["second_passes"] == pytest.approx(turns.loc[x["jacks"], "trix_second_passes"])
    counts = (trix["contract_no"] + 1).value_counts()
    assert rep["trix"]["position"]["counts"] == [int(counts.get(k, 0)) for k in range(1, 29)]
    # never played: seats that had not chosen trix when a game ended over 1000
    chose = set(zip(trix["game"], trix["chooser"], strict=True))
    over = games[games["end"] == "over-1000"]
    never: dict[str, int] = {}
    for row in over.itertuples():
        for p in range(4):
            if (row.game, p) not in chose:
                bot = getattr(row, f"bot_{p}")
                never[bot] = never.get(bot, 0) + 1
    for x in rep["trix"]["never_played"]:
        assert x["seats"] == never.get(x["bot"], 0)
        assert x["seat_games"] == 4 * len(games) // 2


def test_game_shape_agrees_with_the_rows(runs, rep):
    games, con = read(runs["a"], "games"), read(runs["a"], "contracts")
    shape = rep["shape"]
    assert shape["contracts_per_game"]["mean"] == pytest.approx(games["contracts"].mean())
    assert sum(shape["contracts_per_game"]["hist"]) == len(games)
    ends = games["end"].value_counts()
    assert {e["end"]: e["games"] for e in shape["end"]} == {
        e: int(ends.get(e, 0)) for e in ("over-1000", "28-contracts")
    }
    seats = seat_rows(games)
    for x in shape["totals"]:
        t = seats.loc[seats["bot"] == x["bot"], "total"].to_numpy()
        assert x["mean"] == pytest.approx(t.mean())
        assert x["median"] == pytest.approx(np.median(t))
        assert x["p95"] == pytest.approx(np.percentile(t, 95))
        assert x["below_0"] == pytest.approx((t < 0).mean())
    # 1000 -> 0, from the totals columns (the report replays the rule from the points)
    con = con.sort_values(["game", "contract_no"])
    zeroed_seats: dict[str, int] = {}
    for p in range(4):
        prev = con.groupby("game")[f"totals_{p}"].shift(fill_value=0)
        fell = con["zeroed"] & (prev + con[f"points_{p}"] == 1000) & (con[f"totals_{p}"] == 0)
        for bot, n in con.loc[fell, f"bot_{p}"].value_counts().items():
            zeroed_seats[bot] = zeroed_seats.get(bot, 0) + int(n)
    z = shape["zeroed"]
    assert z["events"] == con["zeroed"].sum()
    assert z["games"] == con.loc[con["zeroed"], "game"].nunique()
    assert {x["bot"]: x["seats"] for x in z["by_bot"]} == {
        b: zeroed_seats.get(b, 0) for b in ("greedy", "random")
    }
    # mean totals along the game, from the totals columns
    long = pd.concat([pd.DataFrame({"bot": con[f"bot_{p}"], "no": con["contract_no"],
                                    "total": con[f"totals_{p}"]}) for p in range(4)])  # fmt: skip
    along = long.groupby(["bot", "no"])["total"].mean()
    for bot, values in shape["along"]["mean_total"].items():
        for k, v in enumerate(values):
            if v is None:
                assert (bot, k) not in along.index
            else:
                assert v == pytest.approx(along[bot, k])
    assert (
        shape["along"]["games_at"]
        == con["contract_no"].value_counts().reindex(range(28), fill_value=0).tolist()
    )


def test_ratings_rate_every_game_of_a_small_run(rep):
    r = rep["ratings"]
    assert r["games_rated"] == r["games"] == 480
    by = {b["bot"]: b for b in r["bots"]}
    assert by["greedy"]["seat_games"] == by["random"]["seat_games"] == 960
    assert by["greedy"]["mu"] > by["random"]["mu"] and r["bots"][0]["bot"] == "greedy"
    assert by["greedy"]["ordinal"] == pytest.approx(by["greedy"]["mu"] - 3 * by["greedy"]["sigma"])


def test_runs_of_one_lineup_pool_and_other_lineups_get_their_own_block(runs):
    rep = build_report([runs["a"], runs["b"], runs["solo"]], rate_games=300)
    blocks = {tuple(w["lineup"]): w for w in rep["win_rates"]}
    pooled = blocks["greedy", "greedy", "random", "random"]
    assert pooled["games"] == 720 and pooled["deal_sets"] == 80 + 40  # two seeds: no sharing
    assert blocks["random", "random", "random", "random"]["games"] == 120
    games = pd.concat([read(runs["a"], "games").assign(seed=1),
                       read(runs["b"], "games").assign(seed=2)])  # fmt: skip
    seats = seat_rows(games).assign(seed=np.tile(games["seed"].to_numpy(), 4))
    per_deal = seats.groupby(["seed", "deal_set", "bot"])["win"].mean().unstack()
    for line in pooled["bots"]:
        assert line["win_share"] == pytest.approx(per_deal[line["bot"]].mean())
    r = rep["ratings"]
    assert r["games"] == 840 and r["games_rated"] == 300
    assert {b["bot"] for b in r["bots"]} == {"greedy", "random"}
    text = render(rep)
    assert "Win rates: greedy ×2, random ×2" in text and "Win rates: random ×4" in text


def test_the_report_never_imports_the_engine(runs):
    code = (
        "import sys; from sim.report import build_report; from sim.report.render import render;"
        f"render(build_report([{str(runs['a'])!r}], 100));"
        "print(sorted(m for m in sys.modules if m.startswith(('numba', 'sim.core.loop', "
        "'sim.games.trix.rules', 'sim.games.trix.kernels', 'sim.games.trix.game', 'sim.run', "
        "'sim.core.batch', 'sim.core.api', 'sim.core.play', 'bots')) and m != 'sim.run.lock'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_cli_json_markdown_and_plots(runs, tmp_path, monkeypatch, capsys):
    plots = tmp_path / "plots"
    out = trixsim("report", str(runs["a"]), "--format", "json", "--plots", str(plots))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["win_rates"][0]["paired"]["better"] == "greedy"
    assert json.loads(to_json(build_report([runs["a"]])))["contracts"] == data["contracts"]
    names = sorted(p.name for p in plots.iterdir())
    assert names == sorted(["win_share.png", "trix_choice.png", "trix_result.png",
                            "final_totals.png", "totals_along_game.png"])  # fmt: skip
    assert all((plots / n).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for n in names)
    code, md, err = cli(monkeypatch, capsys, "report", str(runs["a"]), "--format", "markdown")
    assert code == 0 and err == ""
    assert "| greedy |" in md and "greedy beats random by" in md
    code, text, _ = cli(monkeypatch, capsys, "report", str(runs["a"]))
    assert code == 0 and "Trix never played" in text and "Which contracts decide games" in text


# -- folders that cannot be reported on ------------------------------------------------------
def copy_run(src: Path, dst: Path, **manifest) -> Path:
    shutil.copytree(src, dst)
    m = json.loads((dst / "manifest.json").read_text())
    m.update(manifest)
    (dst / "manifest.json").write_text(json.dumps(m))
    return dst


def test_unreportable_folders_get_one_line_and_exit_2(runs, tmp_path, monkeypatch, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("hello")
    other_tool = tmp_path / "other"
    other_tool.mkdir()
    (other_tool / "manifest.json").write_text('{"tool": "something else"}')
    starting = copy_run(runs["solo"], tmp_path / "starting", status="running")
    for d in ("games.parquet", "contracts.parquet"):
        for f in (starting / d).iterdir():
            f.unlink()
    dead = copy_run(starting, tmp_path / "dead")  # "running", but nobody holds its lock
    from sim.run.lock import FolderLock

    alive = FolderLock(starting).acquire()  # as the run's process would
    newer = copy_run(runs["b"], tmp_path / "newer", version="9.9.9")
    cut = copy_run(runs["b"], tmp_path / "cut")  # a part file cut short: damaged, and said so
    part = cut / "contracts.parquet" / "part-000001.parquet"
    part.write_bytes(part.read_bytes()[:100])
    retyped = copy_run(runs["b"], tmp_path / "retyped", parts={})  # rewritten on purpose
    for f in (retyped / "games.parquet").iterdir():
        t = pq.read_table(f)
        i = t.schema.get_field_index("total_0")
        pq.write_table(t.set_column(i, "total_0", t.column(i).cast(pa.int32())), f)
    older = copy_run(runs["solo"], tmp_path / "older", parts={})
    for f in (older / "games.parquet").iterdir():
        pq.write_table(pq.read_table(f).drop_columns(["win_share_0"]), f)
    cases = {
        (str(empty),): "is an empty folder",
        (str(foreign),): "not a trixsim tournament folder",
        (str(other_tool),): "was not written by trixsim tournament",
        (str(tmp_path / "nowhere"),): "no such folder",
        (str(runs["a"] / "manifest.json"),): "is a file",
        (str(starting),): "still in progress (process",
        (str(dead),): "no finished games (status stopped: its process is gone); finish it with",
        (str(runs["a"]), str(newer)): "different versions",
        (str(runs["b"]), str(retyped)): "different table schemas",
        (str(older),): "has no column 'win_share_0'",
        (str(cut),): "part-000001.parquet is damaged (100 bytes instead of",
        (str(runs["a"]), str(runs["a"])): "given twice",
        (str(runs["a"]), "--format", "xml"): "--format must be",
        (str(runs["a"]), "--rate-games", "-1"): "--rate-games",
    }
    for args, words in cases.items():
        code, out, err = cli(monkeypatch, capsys, "report", *args)
        assert code == 2, (args, out, err)
        assert out == "" and err.count("\n") == 1 and err.startswith("trixsim: "), err
        assert words in err, err
    alive.release()
    with pytest.raises(ReportError):
        summary([empty])


def test_partial_runs_report_their_finished_chunks(runs, tmp_path, monkeypatch, capsys):
    # a run in progress: one chunk's contracts written, its games not yet (or it was killed)
    running = copy_run(runs["a"], tmp_path / "running", status="running")
    (running / "games.parquet" / "part-000003.parquet").unlink()
    (running / "contracts.parquet" / ".part-000002.parquet.123.tmp").write_bytes(b"half")
    code, out, err = cli(monkeypatch, capsys, "report", str(running))
    assert code == 0, err
    assert "360 games over 60 deal sets" in out
    assert "stopped: its process is gone" in " ".join(out.split())  # (notes are wrapped)
    # a run that has not finished a chunk is skipped when another run can be reported
    starting = copy_run(runs["solo"], tmp_path / "starting", status="running")
    for d in ("games.parquet", "contracts.parquet"):
        for f in (starting / d).iterdir():
            f.unlink()
    from sim.run.lock import FolderLock

    with FolderLock(starting):  # as the run's process holds it
        code, out, err = cli(monkeypatch, capsys, "report", str(runs["b"]), str(starting))
    out = " ".join(out.split())  # notes are wrapped
    assert code == 0 and "still in progress" in out and "(skipped)" in out
    # "running" in the manifest, and nobody holds the lock: the run died, and says so
    code, out, err = cli(monkeypatch, capsys, "report", str(running))
    out = " ".join(out.split())
    assert code == 0 and "stopped: its process is gone" in out
    assert f"finish it with: trixsim tournament --resume --out {running}" in out
    # the same plan twice: said, and the deal sets are shared rather than doubled
    twin = copy_run(runs["b"], tmp_path / "twin")
    rep = build_report([runs["b"], twin], rate_games=50)
    assert any("same plan and seed" in n for n in rep["notes"])
    assert rep["win_rates"][0]["deal_sets"] == 40 and rep["win_rates"][0]["games"] == 480


# -- the example notebook --------------------------------------------------------------------
def execute_notebook(name: str, run: Path, monkeypatch) -> tuple[str, int]:
    """Run ``examples/<name>`` top to bottom on ``run``: what it printed, and its images."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    pytest.importorskip("duckdb")
    monkeypatch.setenv("TRIXSIM_RUN", str(run))
    monkeypatch.delenv("MPLBACKEND", raising=False)  # the kernel's inline backend draws
    path = ROOT / "examples" / name
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=120, kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )  # fmt: skip
    client.execute(env=dict(os.environ))
    printed = "".join(
        o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs
    )
    images = [o for c in nb.cells for o in c.get("outputs", []) if "image/png" in o.get("data", {})]
    return printed, len(images)


def test_the_analysis_notebook_runs_top_to_bottom(runs, monkeypatch):
    printed, images = execute_notebook("analysis.ipynb", runs["a"], monkeypatch)
    assert "greedy beats random by" in printed and "DuckDB and pandas agree" in printed
    assert images == 2


def test_ratings_rate_partnerships_as_teams():
    # a made-up partnership game (seats 0+2 against 1+3): bot A always partners itself and
    # wins; its rating rises above B's, and each seat-game counts once
    from sim.core.spec import GameSpec
    from sim.report.ratings import rate

    spec = GameSpec(name="pairs", version="1", title="", package="x", seats=4, deck=32,
                    record_format="x", teams=((0, 2), (1, 3)))  # fmt: skip
    n = 200
    bots = np.tile(np.array([0, 1, 0, 1]), (n, 1))
    ranks = np.tile(np.array([1, 2, 1, 2]), (n, 1))
    games = type("G", (), {"spec": spec, "names": ["A", "B"], "bots": bots, "ranks": ranks,
                           "__len__": lambda self: n})()  # fmt: skip
    r = rate(games, limit=0)
    by = {b["bot"]: b for b in r["bots"]}
    assert r["teams"] and by["A"]["mu"] > 25 > by["B"]["mu"]
    assert by["A"]["seat_games"] == by["B"]["seat_games"] == 2 * n
