"""``trixsim tournament --game terts``: fair seatings, equal files whatever the workers,
deals tables that agree with the records, resume after faults, the Dask backend, bad input
and the example notebook. (The report's own sections are checked in test_report.py.)
"""

import json

import pandas as pd
import pytest

from sim.core.replay import check_file
from sim.games.terts.vocab import KIND_POINTS
from tests.run_files import (
    assert_same_parts,
    dask_writes_the_files_of,
    interrupted_run_resumes,
    refused_in_one_line,
    resumes_lost_and_damaged_parts,
    table,
    trixsim,
)
from tests.report_runs import execute_notebook

GAMES = 400  # 200 deal sets of 2 seatings
SEATS = range(2)
BOTS = "greedy,random"
KINDS = ("none", "seq3", "seq4", "seq5", "seq6", "seq7", "seq8",
         "four-Q", "four-K", "four-A", "four-J", "marriage")  # fmt: skip


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The same greedy / random tournament with 1 and with 2 workers."""
    root = tmp_path_factory.mktemp("terts-runs")
    for w in (1, 2):
        res = trixsim("tournament", "--game", "terts", "--bots", BOTS,
                      "--games", str(GAMES), "--workers", str(w), "--chunk", "40",
                      "--record-games", "12", "--out", str(root / f"w{w}"), "-q")  # fmt: skip
        assert res.returncode == 0, res.stderr
    return root


def test_one_and_two_workers_give_identical_files(runs):
    assert len(list((runs / "w1" / "deals.parquet").iterdir())) == GAMES // 40
    assert_same_parts(runs / "w1", runs / "w2")
    records = [(runs / w / "records.jsonl").read_bytes() for w in ("w1", "w2")]
    assert records[0] == records[1]


def test_each_bot_holds_each_seat_once_per_deal_set(runs):
    manifest = json.loads((runs / "w1" / "manifest.json").read_text())
    assert sorted(tuple(s) for s in manifest["seatings"]) == [(0, 1), (1, 0)]
    games = table(runs / "w1", "games")
    assert (games.groupby("deal_set")["seating"].nunique() == 2).all()
    assert set(games["game_name"]) == {"terts"}
    assert set(games["end"]) <= {"target", "both-target", "tie"}


def test_deals_table_agrees_with_the_records(runs):
    path = runs / "w1" / "records.jsonl"
    assert all(v.ok for v in check_file(path))
    deals, games = table(runs / "w1", "deals"), table(runs / "w1", "games")
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


def test_every_deal_row_is_consistent(runs):
    deals = table(runs / "w1", "deals")
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


def test_the_terts_notebook_runs_top_to_bottom(runs, monkeypatch):
    printed, images = execute_notebook("terts.ipynb", runs / "w1", monkeypatch)
    assert "greedy beats random by" in printed and "DuckDB and pandas agree" in printed
    assert images == 2


def test_resume_after_lost_and_half_written_chunks_equals_uninterrupted(runs, tmp_path):
    resumes_lost_and_damaged_parts(runs / "w1", tmp_path / "lost")


def test_ctrl_c_keeps_finished_chunks_and_resume_finishes_the_same_run(tmp_path):
    args = ["tournament", "--game", "terts", "--bots", BOTS, "--games", "20000",
            "--chunk", "40", "--workers", "1", "-q"]  # fmt: skip
    interrupted_run_resumes(args, tmp_path, 500)


def test_the_dask_backend_writes_the_files_of_local_processes(runs, tmp_path):
    pytest.importorskip("distributed")
    args = ["tournament", "--game", "terts", "--bots", BOTS, "--games", str(GAMES),
            "--chunk", "40", "--record-games", "12"]  # fmt: skip
    dask_writes_the_files_of(runs / "w1", args, tmp_path / "dask")


@pytest.mark.parametrize(
    "args, words",
    [
        (["--bots", "trixbot"], "unknown bot 'trixbot' for terts"),
        (["--bots", "mcts:iters=0"], "iters"),
        (["--bots", "a,b,c"], "takes 1 to 2 bot specs"),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, args, words):
    refused_in_one_line(["tournament", "--game", "terts", "--games", "20", *args], words, tmp_path)
