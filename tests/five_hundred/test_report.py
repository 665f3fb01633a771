"""``trixsim report`` on Five Hundred runs: every number of the game's sections against the
same number worked out with pandas from the Parquet files, the text, the plots, no engine.

Random bidders nearly always win the auction at 10 tricks and are set (R9.1), so line-ups
with ``greedy`` are reported too: ``greedy`` alone
makes most of its contracts, throws deals in and reaches 500; ``greedy,random`` seats each
bot as a whole partnership (a paired team difference); ``greedy,random,random,greedy`` also
seats partnerships of two different bots, which the team section leaves out.
"""

import json
import re
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from sim.report import build_report, format_summary, summary
from sim.report.render import render
from sim.report.stats import sentence
from tests import student_t
from tests.run_files import table, trixsim

SEATS = range(4)
PAIRS = ((0, 2), (1, 3))  # R2.1
STRAINS = ("C", "D", "H", "S", "NT")  # R4.3
ENDS = ("reached-500", "minus-500", "deal-cap")  # R10.5


LINEUPS = {"random": 400, "greedy,random": 200, "greedy": 120, "greedy,random,random,greedy": 120}


@pytest.fixture(scope="module", params=list(LINEUPS))
def run(request, tmp_path_factory):
    bots = request.param
    out = tmp_path_factory.mktemp("five-hundred") / bots.replace(",", "-")
    res = trixsim("tournament", "--game", "five-hundred", "--bots", bots, "--games",
                  str(LINEUPS[bots]), "--chunk", "40", "--workers", "1", "--out", str(out),
                  "-q")  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert len(list((out / "deals.parquet").glob("part-*.parquet"))) > 1  # sums across parts
    return out


@pytest.fixture(scope="module")
def frames(run):
    games, deals = table(run, "games"), table(run, "deals")
    rows = np.arange(len(deals))
    # thrown in: nobody bid (R4.7); the rest from the seats' columns, not the derived ones
    thrown = deals[[f"bid_{p}" for p in SEATS]].isna().all(axis=1)
    assert (thrown == deals["thrown_in"]).all()
    played = deals[~thrown].copy()
    r = np.arange(len(played))
    contractor = played["contractor"].astype(int).to_numpy()
    team = contractor % 2
    tricks = played[[f"tricks_{p}" for p in SEATS]].to_numpy()
    team_tricks = tricks[:, [0, 1]] + tricks[:, [2, 3]]
    level = played["contract"].str.extract(r"^(\d+)")[0].astype(int)
    played["level"] = level.to_numpy()
    played["strain_"] = played["contract"].str.replace(r"^\d+", "", regex=True)
    played["made_"] = team_tricks[r, team] >= played["level"].to_numpy()  # R9.1
    played["bot"] = played[[f"bot_{p}" for p in SEATS]].to_numpy()[r, contractor]
    played["cpoints"] = played[["points_0", "points_1"]].to_numpy()[r, team]
    played["position"] = (contractor - played["dealer"].to_numpy()) % 4
    assert (played["made_"] == played["made"].astype(bool)).all()
    assert (played["bot"] == played["contractor_bot"]).all()
    assert (played["level"] == played["tricks_bid"]).all()
    assert (played["strain_"] == played["strain"]).all()
    assert (played["position"] == played["contractor_position"]).all()
    seat_rows = pd.concat(
        [pd.DataFrame({"bot": played[f"bot_{p}"].to_numpy(),
                       "role": np.where(team == p % 2, "contractors", "defenders"),
                       "points": played[f"points_{p % 2}"].to_numpy()}) for p in SEATS],
        ignore_index=True,
    )  # fmt: skip
    teams = []
    for t, (a, b) in enumerate(PAIRS):
        same = games[f"bot_{a}"] == games[f"bot_{b}"]
        share = games[f"win_share_{a}"] + games[f"win_share_{b}"]
        winner = games["winner_team"]
        assert (share == np.where(winner.isna(), 0.5, (winner == t).astype(float))).all()
        teams.append(
            pd.DataFrame(
                {
                    "deal_set": games["deal_set"],
                    "end": games["end"],
                    "bot": games[f"bot_{a}"].where(same),
                    "share": share,
                }
            )
        )
    assert len(rows) == games["deals"].sum()
    return {"games": games, "deals": deals, "played": played, "seats": seat_rows,
            "teams": pd.concat(teams, ignore_index=True)}  # fmt: skip


@pytest.fixture(scope="module")
def rep(run):
    return build_report([run])


def same(a, b):
    assert a == pytest.approx(b, nan_ok=True)


def check_cell(cell, group: pd.DataFrame):
    assert cell["n"] == len(group)
    same(cell["made"], group["made_"].mean())
    same(cell["points"], group["cpoints"].mean())


def test_contracts_by_level_strain_and_contract_agree_with_pandas(run, frames, rep):
    played = frames["played"]
    if run.name == "greedy":  # the numbers below are not all about failed contracts
        assert 0.5 < played["made_"].mean() < 1 and 0 < frames["deals"]["thrown_in"].mean() < 1
        assert played["level"].nunique() > 1 and played["strain_"].nunique() > 1
    assert {c["bot"] for c in rep["contracts"]} == set(frames["seats"]["bot"])
    for line in rep["contracts"]:
        mine = played[played["bot"] == line["bot"]]
        check_cell(line, mine)
        for key, col in (("by_level", "level"), ("by_strain", "strain_"),
                         ("by_contract", "contract")):  # fmt: skip
            groups = dict(list(mine.groupby(col)))
            assert set(line[key]) == {str(k) for k in groups}
            for k, group in groups.items():
                check_cell(line[key][str(k)], group)
        assert list(line["by_strain"]) == [s for s in STRAINS if s in line["by_strain"]]
    assert rep["deal_rows"] == len(frames["deals"])


def test_thrown_in_and_set_by_position_agree_with_pandas(frames, rep):
    deals, played = frames["deals"], frames["played"]
    th = rep["thrown_in"]
    assert th["deals"] == len(deals) and th["thrown_in"] == len(deals) - len(played)
    same(th["share"], (len(deals) - len(played)) / len(deals))
    for line in rep["contracts"]:
        mine = played[played["bot"] == line["bot"]]
        groups = dict(list(mine.groupby("position")))
        assert set(line["by_position"]) == {str(k) for k in groups}
        for k, group in groups.items():
            cell = line["by_position"][str(k)]
            assert cell["n"] == len(group)
            same(cell["set"], 1 - group["made_"].mean())


def test_points_by_role_agree_with_pandas(frames, rep):
    seats = frames["seats"]
    for line in rep["contracts"]:
        for role in ("contractors", "defenders"):
            pts = seats.loc[(seats["bot"] == line["bot"]) & (seats["role"] == role), "points"]
            assert line["seat_deals_by_role"][role] == len(pts)
            same(line["points_by_role"][role], pts.mean())
    defenders = seats[seats["role"] == "defenders"]["points"]
    assert (defenders % 10 == 0).all() and defenders.between(0, 100).all()  # R9.2


def test_game_length_and_ends_agree_with_pandas(frames, rep):
    games, deals = frames["games"], frames["deals"]
    n = deals.groupby("game").size().to_numpy()
    assert (n == games["deals"].to_numpy()).all()
    ln = rep["length"]
    same(ln["mean"], n.mean())
    same(ln["median"], np.median(n))
    assert ln["max"] == n.max()
    assert ln["hist"] == pd.Series(n).value_counts().reindex(range(1, n.max() + 1),
                                                             fill_value=0).tolist()  # fmt: skip
    for e in ENDS:
        same(ln["mean_by_end"][e], games.loc[games["end"] == e, "deals"].mean())
    ends = games["end"].value_counts()
    assert [x["end"] for x in rep["ends"]] == list(ENDS)
    for x in rep["ends"]:
        assert x["games"] == ends.get(x["end"], 0)
        same(x["share"], ends.get(x["end"], 0) / len(games))


def test_team_win_shares_agree_with_pandas(run, frames, rep):
    teams = frames["teams"]
    t = rep["teams"]
    assert t["mixed"] == teams["bot"].isna().sum()
    assert (t["mixed"] > 0) == (run.name == "greedy-random-random-greedy")
    pure = teams.dropna(subset=["bot"])
    per_set = pure.groupby(["deal_set", "bot"])["share"].mean().unstack()
    assert {b["bot"] for b in t["bots"]} == set(pure["bot"])
    for line in t["bots"]:
        mine = pure[pure["bot"] == line["bot"]]
        col = per_set[line["bot"]].dropna()
        assert line["team_games"] == len(mine) and line["deal_sets"] == len(col)
        same(line["win_share"], col.mean())
        same(line["win_share_ci"], student_t.half(col) if len(col) > 1 else float("nan"))
        for what, result in (("won", 1.0), ("tied", 0.5), ("lost", 0.0)):
            for e in ENDS:
                hits = ((mine["share"] == result) & (mine["end"] == e)).sum()
                same(line[what][e], hits / len(mine))
        assert sum(line[w][e] for w in ("won", "tied", "lost") for e in ENDS) == pytest.approx(1)
    assert "paired" not in t  # the one verdict is the win rates' (below)


def test_a_partnership_game_gives_one_verdict_by_team(run, frames, rep):
    # the team is the unit: one paired difference, of the two bots' partnerships, in the win
    # rates (and the tournament's closing block); per-seat lines only where they differ
    pure = frames["teams"].dropna(subset=["bot"])
    per_set = pure.groupby(["deal_set", "bot"])["share"].mean().unstack()
    w = rep["win_rates"][0]
    assert w["unit"] == "team" and w["teams"]["mixed"] == rep["teams"]["mixed"]
    for line in w["teams"]["bots"]:
        col = per_set[line["bot"]].dropna()
        same(line["win_share"], col.mean())
        same(line["win_share_ci"], student_t.half(col) if len(col) > 1 else float("nan"))
        assert line["team_games"] == (pure["bot"] == line["bot"]).sum()
    text = render(rep)
    verdicts = re.findall(r" beats \S+ by | are not told apart: |too few deal sets to tell ", text)
    if per_set.shape[1] == 2:
        p = w["paired"]
        diff = (per_set[p["better"]] - per_set[p["worse"]]).dropna()
        assert p["unit"] == "team" and p["deal_sets"] == len(diff)
        same(p["difference"], diff.mean())
        same(p["ci"], student_t.half(diff))
        assert "points of team win share" in sentence(p)
        assert len(verdicts) == 1 and text.count(sentence(p)) == 1
    else:
        assert "paired" not in w and verdicts == []
    assert "points of win share" not in text  # no per-seat verdict
    assert ("Per seat (win share per seat-game" in text) == (w["teams"]["mixed"] > 0)
    assert format_summary(summary([run])) in text  # the closing block streams the same teams


def test_text_json_and_plots(run, rep, tmp_path):
    text = render(rep)
    for heading in ("Contracts: how often they are made", "Contracts by level (tricks bid)",
                    "Set, by the contractor's seat relative to the dealer",
                    "Game length and how games end", "Team win shares"):  # fmt: skip
        assert heading in text
    assert f"{rep['contracts'][0]['n']:,}" in text
    plots = tmp_path / "plots"
    res = trixsim("report", str(run), "--format", "json", "--plots", str(plots))
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["teams"]["mixed"] == rep["teams"]["mixed"]
    names = sorted(p.name for p in plots.iterdir())
    assert names == sorted(["win_share.png", "contracts_made.png", "set_by_position.png",
                            "game_length.png"])  # fmt: skip
    assert all((plots / n).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for n in names)
    from tests.plot_checks import check_plots

    assert "set_by_position" in check_plots(
        rep
    )  # error bars, one colour per bot, legends clear of bars


def test_the_report_never_imports_the_engine(run):
    code = (
        "import sys; from sim.report import build_report; from sim.report.render import render;"
        f"render(build_report([{str(run)!r}], 100));"
        "print(sorted(m for m in sys.modules if m.startswith(('numba', 'sim.core.loop', "
        "'sim.games.five_hundred.rules', 'sim.games.five_hundred.kernels', "
        "'sim.games.five_hundred.game', 'sim.games.five_hundred.columns', 'bots'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
