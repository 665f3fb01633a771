"""``trixsim tournament --game euchre5``: fair seatings, deals tables that agree with the
records, the report's sections against the tables, and the example notebook (what every game's
runs share, equal files whatever the workers, resume, Ctrl-C, Dask, bad input, is shown in
tests/test_runs.py)."""

import json
import re
from collections import Counter

import numpy as np
import pandas as pd
import pytest

from sim.core.replay import check_file
from tests.report_runs import execute_notebook
from tests.run_files import (
    standard_run,
    table,
    trixsim,
)

SEATS = range(5)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """The standard greedy / random tournament (tests.run_files.STANDARD), on 1 worker."""
    return standard_run(tmp_path_factory, "euchre5", 1)


def test_two_bots_at_five_seats_hold_every_seat_equally_often(run):
    manifest = json.loads((run / "manifest.json").read_text())
    seatings = [tuple(s) for s in manifest["seatings"]]
    assert len(seatings) == len(set(seatings)) == 20  # C(5,2) + C(5,3)
    assert all(sorted(Counter(s).values()) == [2, 3] for s in seatings)
    for seat in SEATS:
        assert Counter(s[seat] for s in seatings) == {0: 10, 1: 10}
    games = table(run, "games")
    assert (games.groupby("deal_set")["seating"].nunique() == 20).all()
    assert set(games["game_name"]) == {"euchre5"} and set(games["end"]) == {"reached-10"}


def test_deals_table_agrees_with_the_records(run):
    path = run / "records.jsonl"
    assert all(v.ok for v in check_file(path))
    deals, games = table(run, "deals"), table(run, "games")
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(records) == 8
    for rec in records:
        rows = deals[deals["game"] == rec["game"]]
        assert len(rows) == len(rec["deals"])
        for (_, row), d in zip(rows.iterrows(), rec["deals"], strict=True):
            events = [e.split(":", 1)[1] for e in d["events"]]
            assert row["dealer"] == d["dealer"] and row["maker"] == d["maker"]  # R4
            assert row["trump"] == d["trump"] and row["up"] == d["up"]
            assert row["round"] == (1 if "order" in events else 2)  # R4.1, R4.3
            assert row["maker_position"] == (d["maker"] - d["dealer"]) % 5
            called = None if pd.isna(row["called"]) else row["called"]
            partner = None if pd.isna(row["partner"]) else int(row["partner"])
            assert called == d["called"] and partner == d["partner"]  # R6.2, R6.3
            kind = "by-choice" if "alone" in events else "forced" if partner is None else "partner"
            assert row["alone"] == kind  # R6.1, R6.4
            if row["round"] == 1:  # R4.2: exchanged = the dealer kept the up card
                discard = next(e for e in events if e.startswith("discard:"))[8:]
                assert row["exchanged"] == (discard != d["up"])
            else:
                assert pd.isna(row["exchanged"])
            assert [row[f"tricks_{p}"] for p in SEATS] == d["tricks"]
            assert [row[f"points_{p}"] for p in SEATS] == d["points"]  # R8
            assert [row[f"totals_{p}"] for p in SEATS] == d["totals"]  # R9.1
            attack = d["tricks"][d["maker"]] + (d["tricks"][partner] if partner is not None else 0)
            assert row["attackers_tricks"] == attack  # R8.1
        g = games[games["game"] == rec["game"]].iloc[0]
        assert [g[f"bot_{p}"] for p in SEATS] == rec["bots"]
        assert [g[f"total_{p}"] for p in SEATS] == rec["totals"]
        assert [g[f"rank_{p}"] for p in SEATS] == rec["ranks"]  # R9.3
        assert g["first_dealer"] == rec["first_dealer"] and g["deals"] == len(rec["deals"])


def test_every_deal_row_is_consistent(run):
    deals = table(run, "deals")
    alone = deals["alone"] != "partner"
    assert (deals["partner"].isna() == alone).all()
    assert (deals["revealed_trick"].isna() == alone).all()  # the partner always plays it
    assert deals.loc[~alone, "revealed_trick"].between(1, 5).all()
    assert (deals["called"].isna() == (deals["alone"] == "by-choice")).all()
    assert (deals["exchanged"].isna() == (deals["round"] == 2)).all()
    tricks = deals[[f"tricks_{p}" for p in SEATS]].to_numpy()
    assert (tricks.sum(axis=1) == 5).all()  # R7.1
    points = deals[[f"points_{p}" for p in SEATS]].to_numpy()
    assert (points >= 0).all() and (points.sum(axis=1) > 0).all()  # R8.4, R9.4
    assert deals["maker_trumps"].between(0, 8).all()  # the stuck dealer may hold none


def test_report_sections_agree_with_the_deals_table(run):
    res = trixsim("report", str(run), "--format", "json")
    assert res.returncode == 0, res.stderr
    rep = json.loads(res.stdout)
    assert rep["game"] == "euchre5"
    deals = table(run, "deals")
    rows = np.arange(len(deals))
    bots = deals[[f"bot_{p}" for p in SEATS]].to_numpy().astype(str)
    points = deals[[f"points_{p}" for p in SEATS]].to_numpy()
    made = deals["attackers_tricks"] >= 3
    for line in rep["makers"]:
        mine = deals["maker_bot"] == line["bot"]
        assert line["deals_made"] == mine.sum()
        assert line["euchred"] == pytest.approx((~made[mine]).mean())  # R8.2
        for pos, cell in line["by_position"].items():
            at = mine & (deals["maker_position"] == int(pos))
            assert cell["n"] == at.sum() and cell["made"] == pytest.approx(made[at].mean())
        for kind, cell in line["alone"].items():
            at = mine & (deals["alone"] == kind)
            assert cell["n"] == at.sum()
        maker_points = points[rows, deals["maker"].to_numpy()][mine.to_numpy()]
        assert line["points_by_role"]["maker"] == pytest.approx(maker_points.mean())
    called = deals["called"].notna()
    card = rep["called_card"]
    assert card["calls"] == called.sum()
    assert card["buried"] == pytest.approx((deals["alone"] == "forced").sum() / called.sum())
    for k, share in card["revealed_at_trick"].items():
        assert share == pytest.approx((deals["revealed_trick"] == int(k)).sum() / called.sum())
    assert set(bots.ravel()) == {line["bot"] for line in rep["makers"]}
    text = trixsim("report", str(run))
    assert text.returncode == 0 and "Makers: how often they make it" in text.stdout


def cell(made: pd.Series) -> str:
    """A share of some deals, as the report must print it: with its count, and as counts in
    brackets under 10 deals (independently of sim.report.render)."""
    n = len(made)
    if n == 0:
        return "–"
    return f"({made.sum()} of {n})" if n < 10 else f"{100 * made.mean():.1f}% of {n:,}"


def test_report_shares_stand_beside_their_counts_and_plots_show_their_uncertainty(run):
    from sim.report import build_report
    from sim.report.render import render
    from tests.plot_checks import check_plots

    rep = build_report([run])
    text = render(rep)
    deals = table(run, "deals")
    made = deals["attackers_tricks"] >= 3  # R8.2
    bots = sorted(deals["maker_bot"].unique())
    small = 0
    for bot in bots:  # one row per bot: every seat relative to the dealer
        mine = deals["maker_bot"] == bot
        cells = [cell(made[mine & (deals["maker_position"] == k)]) for k in range(5)]
        small += sum(c.startswith("(") for c in cells)
        assert re.search(rf"^{re.escape(bot)} +" + " +".join(map(re.escape, cells)) + "$", text,
                         re.M), cells  # fmt: skip
    for k in sorted(deals["maker_trumps"].unique()):  # every trump count made, none hidden
        at = deals["maker_trumps"] == k
        cells = [cell(made[at & (deals["maker_bot"] == b)]) for b in bots]
        small += sum(c.startswith("(") for c in cells)
        assert re.search(rf"^{k} trumps? +" + " +".join(map(re.escape, cells)) + "$", text, re.M)
    assert small > 0  # the run has cells of too few deals: they are bracketed, not percentages
    assert "fewer than 10 cases is printed in brackets" in " ".join(text.split())
    assert "makers" in check_plots(rep)


def test_the_euchre_notebook_runs_top_to_bottom(run, monkeypatch):
    printed, images = execute_notebook("euchre5.ipynb", run, monkeypatch)
    assert "greedy beats random by" in printed and "DuckDB and pandas agree" in printed
    assert images == 2
