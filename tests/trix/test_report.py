"""Trix's own report sections (contracts, the trix layout, the game's shape, R3.7, R3.9) and the
analysis notebook, against the rows of hand-built and small real runs."""

import numpy as np
import pandas as pd
import pytest

from sim.games.trix.report import running_totals
from sim.report import build_report, format_summary, summary
from sim.report.stats import sentence
from tests import student_t
from tests.report_runs import (
    execute_notebook,
    read,
    seat_rows,
    small_runs,
    write_run,
)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return small_runs(tmp_path_factory)


@pytest.fixture(scope="module")
def rep(runs):
    return build_report([runs["a"]])


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
    assert p["ci"] == pytest.approx(student_t.half([0.5, 0.0]))  # t with 1 degree of freedom
    assert p["verdict"] == "too few deal sets" and "beats" not in sentence(p)
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


def test_the_analysis_notebook_runs_top_to_bottom(runs, monkeypatch):
    printed, images = execute_notebook("analysis.ipynb", runs["a"], monkeypatch)
    assert "greedy beats random by" in printed and "DuckDB and pandas agree" in printed
    assert images == 2
