"""``trixsim tournament --game five-hundred``: fair seatings, deals tables that agree with the
records, the report's sections against the tables, and the example notebook (what every game's
runs share, equal files whatever the workers, resume, Ctrl-C, Dask, bad input, is shown in
tests/test_runs.py)."""

import json

import pandas as pd
import pytest

from sim.core.replay import check_file
from sim.games.five_hundred.vocab import bid_name, bid_value
from tests.report_runs import execute_notebook
from tests.run_files import (
    standard_run,
    table,
)

SEATS = range(4)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """The standard greedy / random tournament (tests.run_files.STANDARD), on 1 worker."""
    return standard_run(tmp_path_factory, "five-hundred", 1)


def test_each_bot_holds_each_partnership_once_per_deal_set(run):
    # R2.1: two bots, two partnerships: each bot takes a whole team, both ways round
    manifest = json.loads((run / "manifest.json").read_text())
    assert sorted(tuple(s) for s in manifest["seatings"]) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    games = table(run, "games")
    assert (games.groupby("deal_set")["seating"].nunique() == 2).all()
    assert set(games["game_name"]) == {"five-hundred"}
    assert set(games["end"]) <= {"reached-500", "minus-500", "deal-cap"}


def test_deals_table_agrees_with_the_records(run):
    path = run / "records.jsonl"
    assert all(v.ok for v in check_file(path))
    deals, games = table(run, "deals"), table(run, "games")
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(records) == 12
    for rec in records:
        rows = deals[deals["game"] == rec["game"]]
        assert len(rows) == len(rec["deals"])
        for (_, row), d in zip(rows.iterrows(), rec["deals"], strict=True):
            calls = [e.split(":", 1) for e in d["events"] if e.split(":")[1] in ("pass", "bid")]
            assert row["dealer"] == d["dealer"] and row["calls"] == len(calls)  # R4
            for p in SEATS:  # each seat's highest bid (R4.4: bids only rise)
                mine = [c[1][4:] for c in calls if c[0] == str(p) and c[1].startswith("bid:")]
                assert (None if pd.isna(row[f"bid_{p}"]) else row[f"bid_{p}"]) == (
                    mine[-1] if mine else None
                )  # fmt: skip
            thrown = d["contractor"] is None
            assert row["thrown_in"] == thrown  # R4.7
            if thrown:
                assert pd.isna(row["contractor"]) and pd.isna(row["contract"])
                assert pd.isna(row["made"]) and d["points"] == [0, 0]  # R9.4
            else:
                assert row["contractor"] == d["contractor"] and row["contract"] == d["bid"]
                assert row["contractor_position"] == (d["contractor"] - d["dealer"]) % 4
                assert row["tricks_bid"] == int(d["bid"][:-2] if d["bid"].endswith("NT")
                                                else d["bid"][:-1])  # fmt: skip
                team = d["contractor"] % 2
                assert row["made"] == (d["tricks"][team] >= row["tricks_bid"])  # R9.1
            assert [row["tricks_team_0"], row["tricks_team_1"]] == d["tricks"]
            assert row["tricks_0"] + row["tricks_2"] == d["tricks"][0]
            assert [row["points_0"], row["points_1"]] == d["points"]  # R9
            assert [row["totals_0"], row["totals_1"]] == d["totals"]
            holders = [p for p in SEATS if "JK" in d["hands"][p].split()]
            assert row["joker"] == (holders[0] if holders else 4)  # 4: the kitty
        g = games[games["game"] == rec["game"]].iloc[0]
        assert [g[f"bot_{p}"] for p in SEATS] == rec["bots"]
        assert [g[f"total_{p}"] for p in SEATS] == [rec["totals"][p % 2] for p in SEATS]
        assert [g[f"rank_{p}"] for p in SEATS] == rec["ranks"]  # R10.6
        assert g["first_dealer"] == rec["first_dealer"] and g["deals"] == len(rec["deals"])
        assert g["end"] == rec["end"]


def test_every_deal_row_is_consistent(run):
    deals = table(run, "deals")
    played = deals[~deals["thrown_in"]]
    tricks = played[[f"tricks_{p}" for p in SEATS]].to_numpy()
    assert (tricks.sum(axis=1) == 10).all()  # R7.1
    assert (deals.loc[deals["thrown_in"], ["points_0", "points_1"]] == 0).all().all()  # R9.4
    for _, row in played.iterrows():  # R5.2, R9.1-R9.3
        team = int(row["contractor"]) % 2
        bid = next(b for b in range(25) if bid_name(b) == row["contract"])
        sign = 1 if row["made"] else -1
        assert row[f"points_{team}"] == sign * bid_value(bid)
        assert row[f"points_{1 - team}"] == 10 * row[f"tricks_team_{1 - team}"]
    assert played["contractor_trumps"].between(0, 13).all()
    no_trumps = played["strain"] == "NT"
    assert played.loc[no_trumps, "right_bower"].isna().all()
    assert played.loc[~no_trumps, "right_bower"].between(0, 4).all()


def test_the_five_hundred_notebook_runs_top_to_bottom(run, monkeypatch):
    printed, images = execute_notebook("five-hundred.ipynb", run, monkeypatch)
    assert "greedy beats random by" in printed and "DuckDB and pandas agree" in printed
    assert images == 2
