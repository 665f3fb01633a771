"""``trixsim report`` on Terts runs: every number of the game's sections against the same
number worked out with pandas from the Parquet files, the text, the plots, no engine.

Terts has one bot for now (``random``; ``random,random`` is the same line-up). Its
per-bot code is also run on ``relabeled``: the ``random`` run with the bot of seat
``game % 2`` renamed ``other`` in both tables and the manifest (part sizes and hashes
redone), so two bots share every table, at both seats. A ``greedy,random`` run is added
when Terts has a ``greedy`` bot.
"""

import hashlib
import json
import shutil
import subprocess
import sys

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from sim.core.bots import load_bots
from sim.report import build_report
from sim.report.render import render
from tests import student_t
from tests.run_files import table, trixsim

SEATS = (0, 1)
KINDS = ("seq3", "seq4", "seq5", "seq6", "seq7", "seq8", "four-Q", "four-K", "four-A",
         "four-J", "marriage")  # fmt: skip
WORTH = dict(zip(KINDS, (20, 50, 100, 100, 100, 100, 100, 100, 100, 200, 20), strict=True))  # R7.1
ENDS = ("target", "both-target", "tie")  # R9.3
STATUS = ("it exchanged", "the other exchanged", "no exchange")
RANKS = "789TJQKA"


LINEUPS = ["random", "relabeled"] + (["greedy,random"] if "greedy" in load_bots("terts") else [])


def relabel(src, out):
    """Copy the run ``src`` to ``out`` with the bot of seat ``game % 2`` named ``other``."""
    shutil.copytree(src, out)
    m = json.loads((out / "manifest.json").read_text())
    for sub in ("games.parquet", "deals.parquet"):
        for path in sorted((out / sub).glob("part-*.parquet")):
            t = pq.read_table(path)
            seat = t.column("game").to_numpy() % 2
            cols = [f"bot_{p}" for p in SEATS] + (["swap_bot"] if sub == "deals.parquet" else [])
            for c in cols:
                i, field = t.schema.get_field_index(c), t.schema.field(c)
                names = np.array(t.column(c).cast(pa.string()).to_pylist(), object)
                who = t.column("swap_seat").to_numpy(zero_copy_only=False) if c == "swap_bot" \
                    else np.full(len(seat), int(c[-1]))  # fmt: skip
                names[(who == seat) & (names != None)] = "other"  # noqa: E711
                new = pa.array(list(names), pa.string()).dictionary_encode().cast(field.type)
                t = t.set_column(i, field, new)
            pq.write_table(t, path)
            data = path.read_bytes()
            m["parts"][str(int(path.name[5:11]))][sub] = {
                "size": len(data),
                "blake2b": hashlib.blake2b(data, digest_size=16).hexdigest(),
            }
    m["plan"]["bots"], m["plan"]["seatings"], m["lineup"] = ["random", "other"], [[0, 1]], [
        "random", "other"]  # fmt: skip
    (out / "manifest.json").write_text(json.dumps(m))
    return out


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    out = tmp_path_factory.mktemp("terts") / "random"
    res = trixsim("tournament", "--game", "terts", "--bots", "random", "--games", "400",
                  "--chunk", "40", "--workers", "1", "--out", str(out), "-q")  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert len(list((out / "deals.parquet").glob("part-*.parquet"))) > 1  # sums across parts
    return out


@pytest.fixture(scope="module", params=LINEUPS)
def run(request, base, tmp_path_factory):
    if request.param == "random":
        return base
    if request.param == "relabeled":
        return relabel(base, tmp_path_factory.mktemp("terts") / "relabeled")
    out = tmp_path_factory.mktemp("terts") / request.param.replace(",", "-")
    res = trixsim("tournament", "--game", "terts", "--bots", request.param, "--games", "200",
                  "--chunk", "40", "--workers", "1", "--out", str(out), "-q")  # fmt: skip
    assert res.returncode == 0, res.stderr
    return out


@pytest.fixture(scope="module")
def frames(run):
    games, deals = table(run, "games"), table(run, "deals")
    assert (deals["trump"] == deals["turned"].str[1]).all()  # R3.4
    assert (deals["card_points_0"] + deals["card_points_1"] == 152).all()  # R4.3
    swapper = deals["swap_seat"]
    assert (swapper.isna() == deals["swap_trick"].isna()).all()
    assert deals["swap_trick"].dropna().between(1, 7).all()  # R6.1
    assert (deals.loc[deals["turned"].str[0] == "7", "swap_seat"].isna()).all()  # R6.2
    seats = []
    for p in SEATS:
        kinds = {f: deals[f"{f}_{p}"].map(set) for f in ("held", "declared", "scored", "beaten")}
        held, declared, scored, beaten = kinds.values()
        assert all(d <= h for d, h in zip(declared, held, strict=True))
        assert all(d == s | b for d, s, b in zip(declared, scored, beaten, strict=True))  # R7.7
        melds, n_declared = deals[f"melds_{p}"], kinds["declared"].map(len)
        assert (melds >= n_declared).all()
        worth = kinds["scored"].map(lambda s: sum(WORTH[k] for k in s))
        assert (deals[f"meld_points_{p}"][melds == n_declared] == worth[melds == n_declared]).all()
        last = (deals["last_trick"] == p) * 10
        pts = deals[f"points_{p}"]
        assert (pts == deals[f"card_points_{p}"] + deals[f"meld_points_{p}"] + last).all()  # R8.1
        status = np.where(swapper.isna(), 2, np.where((swapper == p).fillna(False), 0, 1))
        bot = deals[f"bot_{p}"]
        assert (deals.loc[status == 0, "swap_bot"] == bot[status == 0]).all()
        seats.append(pd.DataFrame({
            "deal_set": deals["deal_set"], "bot": bot, **kinds, "melds": melds,
            "n_declared": n_declared, "card_points": deals[f"card_points_{p}"],
            "meld_points": deals[f"meld_points_{p}"], "last_trick": last, "points": pts,
            "margin": pts - deals[f"points_{1 - p}"], "status": status,
            "possible": deals["turned"].str[0] != "7", "trick": deals["swap_trick"],
        }))  # fmt: skip
    first = deals[deals["deal_no"] == 0].set_index("game")["dealer"]
    assert (first.reindex(games["game"]).to_numpy() == games["first_dealer"]).all()
    assert len(deals) == games["deals"].sum()
    return {"games": games, "deals": deals, "seats": pd.concat(seats, ignore_index=True)}


@pytest.fixture(scope="module")
def rep(run):
    return build_report([run])


def same(a, b):
    assert a == pytest.approx(b, nan_ok=True)


def set_mean(cell, values: pd.Series, deal_set: pd.Series):
    """``cell`` is the mean of ``values`` with its 95% interval over deal sets (clusters)."""
    per = values.astype(float).groupby(deal_set).agg(["sum", "size"])
    assert cell["n"] == len(values) and cell["deal_sets"] == len(per)
    same(cell["mean"], values.mean() if len(values) else float("nan"))
    k, off = len(per), per["sum"] - values.mean() * per["size"]
    ci = (student_t.t975(k - 1) * np.sqrt(k / (k - 1) * (off**2).sum()) / len(values) if k > 1
          else float("nan"))  # fmt: skip
    same(cell["ci"], ci)


def bot_groups(seats: pd.DataFrame) -> dict[str, pd.DataFrame]:
    out = dict(list(seats.groupby("bot")))
    return out | {"all bots": seats} if len(out) > 1 else out


def test_melds_agree_with_pandas(run, frames, rep):
    groups = bot_groups(frames["seats"])
    assert [m["bot"] for m in rep["melds"]] == list(groups)
    assert (len(groups) > 1) == (run.name != "random")
    for line in rep["melds"]:
        mine = groups[line["bot"]]
        n = len(mine)
        assert line["seat_deals"] == n and line["declarations"] == mine["melds"].sum()
        assert line["repeated"] == (mine["melds"] - mine["n_declared"]).sum()
        same(line["meld_points"], mine["meld_points"].mean())
        kinds = sum(cell["points"] for cell in line["kinds"].values())
        assert kinds == pytest.approx(line["meld_points"]) if line["repeated"] == 0 else (
            kinds <= line["meld_points"] + 1e-9)  # fmt: skip
        assert list(line["kinds"]) == list(KINDS)
        for kind, cell in line["kinds"].items():
            has = {f: mine[f].map(lambda s, k=kind: k in s) for f in
                   ("held", "declared", "scored", "beaten")}  # fmt: skip
            for f, hits in has.items():
                assert cell[f] == hits.sum()
            same(cell["held_share"], has["held"].mean())
            same(cell["declared_share"], has["declared"].mean())
            same(cell["declared_when_held"], has["declared"][has["held"]].mean())
            same(cell["beaten_share"], has["beaten"][has["declared"]].mean())
            same(cell["scored_share"], has["scored"].mean())
            same(cell["points"], WORTH[kind] * has["scored"].mean())
            assert cell["value"] == WORTH[kind]
        assert line["kinds"]["marriage"]["beaten"] == 0  # R7.6
    held = frames["seats"]["held"].map(lambda s: "seq3" in s).mean()
    assert 0.3 < held < 0.95 and rep["melds"][0]["declarations"] > 0  # the numbers say something


def test_exchange_agrees_with_pandas(frames, rep):
    groups = bot_groups(frames["seats"])
    ex = rep["exchange"]
    assert [x["bot"] for x in ex["bots"]] == list(groups)
    for line in ex["bots"]:
        mine = groups[line["bot"]]
        possible = mine[mine["possible"]]
        assert line["seat_deals"] == len(mine) and line["possible"] == len(possible)
        mine_swaps = mine[mine["status"] == 0]
        assert line["exchanges"] == len(mine_swaps) > 0
        set_mean(line["rate"], (possible["status"] == 0).astype(float), possible["deal_set"])
        when = mine_swaps["trick"].value_counts(normalize=True)
        for t in range(1, 8):
            same(line["when"][str(t)], when.get(float(t), 0.0))
        for s, name in enumerate(STATUS):
            group = possible[possible["status"] == s]
            set_mean(line["points"][name], group["points"], group["deal_set"])
            set_mean(line["margin"][name], group["margin"], group["deal_set"])
    deals = frames["deals"]
    rank = deals["turned"].str[0]
    swapped = deals["swap_seat"].notna()
    seat = deals["swap_seat"].fillna(0).astype(int).to_numpy()
    pts = deals[["points_0", "points_1"]].to_numpy()
    margin = pd.Series(pts[np.arange(len(deals)), seat] - pts[np.arange(len(deals)), 1 - seat])
    assert [t["turned"] for t in ex["by_turned"]] == list(RANKS)
    for t in ex["by_turned"]:
        sel = rank == t["turned"]
        set_mean(t["exchanged"], swapped[sel].astype(float), deals["deal_set"][sel])
        keep = sel & swapped
        set_mean(t["margin"], margin[keep], deals["deal_set"][keep])
    assert ex["by_turned"][0]["exchanged"]["mean"] == 0  # R6.2: a turned seven


def test_points_agree_with_pandas(frames, rep):
    groups = bot_groups(frames["seats"])
    p = rep["points"]
    assert [x["bot"] for x in p["bots"]] == list(groups)
    for line in p["bots"]:
        mine = groups[line["bot"]]
        for key in ("card_points", "meld_points", "last_trick", "points"):
            set_mean(line[key], mine[key], mine["deal_set"])
        same(line["meld_share"], line["meld_points"]["mean"] / line["points"]["mean"])
    deals = frames["deals"]
    total = deals["points_0"] + deals["points_1"]
    assert total.min() >= 162  # R8.1
    same(p["deal"]["mean"], total.mean())
    assert (p["deal"]["min"], p["deal"]["max"]) == (total.min(), total.max())
    same(p["deal"]["with_melds"], (total > 162).mean())
    assert rep["deal_rows"] == len(deals)


def test_game_length_and_ends_agree_with_pandas(frames, rep):
    games, deals = frames["games"], frames["deals"]
    n = deals.groupby("game").size().to_numpy()
    assert (n == games["deals"].to_numpy()).all() and n.max() <= 7  # R9.1
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


def test_results_agree_with_pandas(frames, rep):
    games = frames["games"]
    rows = pd.concat([pd.DataFrame({
        "deal_set": games["deal_set"], "bot": games[f"bot_{p}"], "end": games["end"],
        "share": games[f"win_share_{p}"],
        "role": np.where(games["first_dealer"] == p, "first_dealer", "other"),
    }) for p in SEATS], ignore_index=True)  # fmt: skip
    assert [r["bot"] for r in rep["results"]] == sorted(rows["bot"].unique())
    for line in rep["results"]:
        mine = rows[rows["bot"] == line["bot"]]
        assert line["seat_games"] == len(mine)
        for role in ("first_dealer", "other"):
            group = mine[mine["role"] == role]
            per = group.groupby("deal_set")["share"].mean()
            assert line[role]["n"] == len(group) and line[role]["deal_sets"] == len(per)
            same(line[role]["mean"], per.mean())
            same(line[role]["ci"], student_t.half(per) if len(per) > 1 else float("nan"))
        for what, result in (("won", 1.0), ("tied", 0.5), ("lost", 0.0)):
            for e in ENDS:
                hits = ((mine["share"] == result) & (mine["end"] == e)).sum()
                same(line[what][e], hits / len(mine))
        assert sum(line[w][e] for w in ("won", "tied", "lost") for e in ENDS) == pytest.approx(1)


def test_text_json_and_plots(run, rep, tmp_path):
    text = render(rep)
    for heading in ("Melds: held, declared, beaten, scored", "The trump-seven exchange (R6)",
                    "Points from cards and melds", "Game length and how games end",
                    "Win shares by the first deal, results by end"):  # fmt: skip
        assert heading in text
    assert f"{rep['melds'][0]['declarations']:,}" in text
    assert "J of trumps" in text and "all bots" in text or len(rep["melds"]) == 1
    assert "## Melds" in render(rep, markdown=True)
    plots = tmp_path / "plots"
    res = trixsim("report", str(run), "--format", "json", "--plots", str(plots))
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    assert doc["exchange"]["bots"][0]["exchanges"] == rep["exchange"]["bots"][0]["exchanges"]
    assert doc["melds"][0]["kinds"]["seq3"]["held"] == rep["melds"][0]["kinds"]["seq3"]["held"]
    names = sorted(p.name for p in plots.iterdir())
    assert names == sorted(["win_share.png", "melds.png", "exchange.png", "points.png"])
    assert all((plots / n).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for n in names)
    from tests.plot_checks import check_plots

    assert "exchange" in check_plots(rep)  # error bars, one colour per bot, legends clear of bars


def test_the_report_never_imports_the_engine(run):
    code = (
        "import sys; from sim.report import build_report; from sim.report.render import render;"
        f"render(build_report([{str(run)!r}], 100));"
        "print(sorted(m for m in sys.modules if m.startswith(('numba', 'sim.core.loop', "
        "'sim.games.terts.rules', 'sim.games.terts.kernels', 'sim.games.terts.state', "
        "'sim.games.terts.game', 'sim.games.terts.columns', 'bots'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
