"""``trixsim tournament --game terts``: fair seatings, deals tables that agree with the
records, the report's sections against the tables, and the example notebook (what every game's
runs share, equal files whatever the workers, resume, Ctrl-C, Dask, bad input, is shown in
tests/test_runs.py)."""

import json

import pandas as pd
import pytest

from sim.core.replay import check_file
from sim.games.terts.vocab import KIND_POINTS
from tests.report_runs import execute_notebook
from tests.run_files import (
    standard_run,
    table,
)

SEATS = range(2)
KINDS = ("none", "seq3", "seq4", "seq5", "seq6", "seq7", "seq8",
         "four-Q", "four-K", "four-A", "four-J", "marriage")  # fmt: skip


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """The standard greedy / random tournament (tests.run_files.STANDARD), on 1 worker."""
    return standard_run(tmp_path_factory, "terts", 1)


def test_each_bot_holds_each_seat_once_per_deal_set(run):
    manifest = json.loads((run / "manifest.json").read_text())
    assert sorted(tuple(s) for s in manifest["seatings"]) == [(0, 1), (1, 0)]
    games = table(run, "games")
    assert (games.groupby("deal_set")["seating"].nunique() == 2).all()
    assert set(games["game_name"]) == {"terts"}
    assert set(games["end"]) <= {"target", "both-target", "tie"}


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
            assert row["dealer"] == d["dealer"] and row["trump"] == d["trump"]
            assert row["turned"] == d["turned"]
            swaps = [e for e in d["events"] if e.endswith(":swap")]
            if swaps:  # R6.2 once a deal, at the swapper's turn
                assert row["swap_seat"] == int(swaps[0][0])
            else:
                assert pd.isna(row["swap_seat"]) and pd.isna(row["swap_trick"])
            for p in SEATS:
                mine = [e.split(":")[1] for e in d["events"] if e[0] == str(p)]
                melds = [m for m in mine if m.startswith(("seq", "four")) or m == "marriage"]
                assert row[f"melds_{p}"] == len(melds)
                kinds = {m.split("-")[0] if m.startswith("seq") else m for m in melds}
                assert set(row[f"declared_{p}"]) == kinds
                scored = sum(KIND_POINTS[KINDS.index(k)] for k in row[f"scored_{p}"])
                assert row[f"meld_points_{p}"] >= scored  # a kind may score twice in a deal
            assert [row["card_points_0"], row["card_points_1"]] == d["card_points"]
            assert [row["meld_points_0"], row["meld_points_1"]] == d["meld_points"]
            assert row["last_trick"] == d["last_trick"]
            assert [row["points_0"], row["points_1"]] == d["points"]  # R8.1
            assert [row["totals_0"], row["totals_1"]] == d["totals"]  # R8.2
        g = games[games["game"] == rec["game"]].iloc[0]
        assert [g[f"bot_{p}"] for p in SEATS] == rec["bots"]
        assert [g[f"total_{p}"] for p in SEATS] == rec["totals"]
        assert [g[f"rank_{p}"] for p in SEATS] == rec["ranks"]  # R9.3
        assert g["first_dealer"] == rec["first_dealer"] and g["deals"] == len(rec["deals"])
        assert g["end"] == rec["end"]


def test_every_deal_row_is_consistent(run):
    deals = table(run, "deals")
    assert (deals["card_points_0"] + deals["card_points_1"] == 152).all()  # R4.3
    for p in SEATS:  # R8.1: cards, melds and the last trick
        last = (deals["last_trick"] == p) * 10
        assert (deals[f"points_{p}"] == deals[f"card_points_{p}"] + deals[f"meld_points_{p}"]
                + last).all()  # fmt: skip
        for _, row in deals.iterrows():
            assert set(row[f"scored_{p}"]) <= set(row[f"declared_{p}"])
            assert set(row[f"beaten_{p}"]) <= set(row[f"declared_{p}"])
            assert set(row[f"declared_{p}"]) - {"marriage"} <= set(row[f"held_{p}"]) | {
                "seq3",
                "seq4",
                "seq5",
                "seq6",
                "seq7",
                "seq8",
            }  # a run can grow while held
    swapped = deals["swap_seat"].notna()
    assert swapped.any() and deals.loc[swapped, "swap_trick"].between(1, 7).all()  # R6.1
    assert deals.loc[~swapped, "swap_trick"].isna().all()


def test_the_terts_notebook_runs_top_to_bottom(run, monkeypatch):
    printed, images = execute_notebook("terts.ipynb", run, monkeypatch)
    assert "greedy beats random by" in printed and "DuckDB and pandas agree" in printed
    assert images == 2
