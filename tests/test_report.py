"""`trixsim report`: statistics with known answers, agreement with the Parquet rows, errors
(the generic report, on small Trix runs; Trix's own sections are in tests/trix/test_report.py)."""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from sim.report import ReportError, build_report, format_summary, summary
from sim.report.render import render, to_json
from sim.report.stats import mean_ci, paired, sentence, win_lines
from tests import student_t
from tests.report_runs import (
    cli,
    read,
    seat_rows,
    small_runs,
    trixsim,
)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return small_runs(tmp_path_factory)


@pytest.fixture(scope="module")
def rep(runs):
    return build_report([runs["a"]])


def test_mean_ci():
    # Student's t over 2 values: 1 degree of freedom, t = 12.71 (not 1.96)
    assert mean_ci(np.array([1.0, 3.0])) == pytest.approx((2.0, student_t.t975(1)))
    assert np.isnan(mean_ci(np.array([4.0]))[1])


def test_tight_intervals_keep_their_digits():
    # millions of games: an interval of ±0.04 points must not print as ±0.0
    line = {"bot": "a", "seat_games": 4, "win_share": 0.30123, "win_share_ci": 0.00042,
            "mean_total": 1.0, "mean_rank": 2.0, "last_share": 0.2}  # fmt: skip
    s = {"bots": [line, dict(line, bot="b", win_share_ci=0.012)], "games": 1,
         "deal_sets": 12_000, "seconds": 1.0, "complete": True,
         "paired": {"better": "a", "worse": "b", "difference": 0.0123, "ci": 0.00042,
                    "deal_sets": 12_000}}  # fmt: skip
    text = format_summary(s)
    assert "30.12% ± 0.04" in text and "30.1% ± 1.2" in text
    assert "a beats b by 1.23 ± 0.04 points" in text
    assert "±: 95% t-intervals over 12,000 deal sets (Student's t, 11,999 degrees" in text


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
        half = 1.96 * seat_games.std(ddof=1) / np.sqrt(len(seat_games))
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
    assert text == ("A beats B by 16.7 ± 1.4 points of win share (95% t-interval over 12,000 "
                    "deal sets)")  # fmt: skip
    close = {"better": "A", "worse": "B", "difference": 0.01, "ci": 0.02, "deal_sets": 30}
    assert sentence(close).startswith("A and B are not told apart: A leads by 1.0 ± 2.0 points")
    one = {"better": "A", "worse": "B", "difference": 0.2, "ci": float("nan"), "deal_sets": 1}
    assert sentence(one).startswith("too few deal sets to tell A and B apart: run 9 more")
    assert "no spread to measure" in sentence(one) and "nan" not in sentence(one)


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
        assert line["win_share_ci"] == pytest.approx(student_t.half(col))
        assert line["deal_sets"] == 80 and line["ci_basis"] == "95% t-interval over 80 deal sets"
        assert line["mean_total"] == pytest.approx(mine["total"].mean())
        assert line["mean_rank"] == pytest.approx(mine["rank"].mean())
        assert line["last_share"] == pytest.approx(mine["last"].mean())
        assert line["seat_games"] == len(mine)
    p = block["paired"]
    assert p["better"] == "greedy" and p["difference"] > 0.2
    diff = per_deal[p["better"]] - per_deal[p["worse"]]
    assert p["difference"] == pytest.approx(diff.mean())
    assert p["ci"] == pytest.approx(student_t.half(diff))
    assert p["verdict"] == "beats" and p["ci_basis"] == "95% t-interval over 80 deal sets"
    assert format_summary(summary([runs["a"]])) in render(rep)
    assert "±: 95% t-intervals over 80 deal sets (Student's t, 79 degrees of freedom)" in render(
        rep
    )


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
    for key in ("timing", "cheats", "time_budget", "reproducible", "sprt"):  # the manifest's
        streamed.pop(key)
    assert streamed.keys() == whole.keys() and streamed["games"] == whole["games"]
    assert streamed["deal_sets"] == whole["deal_sets"] > 1
    line = format_summary(dict(streamed, deals=contracts, deal="contract"))
    assert f"{contracts:,} contracts" in line
    for a, b in zip(streamed["bots"], whole["bots"], strict=True):
        same_numbers(a, b)
    if name == "a":
        same_numbers(streamed["paired"], whole["paired"])
        assert len(run.parts) > 1  # the sums really went across part files


def same_numbers(a: dict, b: dict) -> None:
    """Equal dicts, numbers to 1e-9 (sums in another order), words exactly."""
    assert a.keys() == b.keys()
    for k in a:
        if isinstance(a[k], float):
            assert a[k] == pytest.approx(b[k], rel=1e-9, nan_ok=True), k
        else:
            assert a[k] == b[k], k


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


def test_the_report_never_imports_the_engine_nor_the_closing_summary_pandas(runs):
    # a tournament's closing summary reads its run without pandas (0.3 s of CPU a command:
    # pyarrow's datasets and its to_numpy import it)
    code = (
        "import sys; from sim.report import build_report, summary;"
        f"summary([{str(runs['a'])!r}]); print('pandas' in sys.modules);"
        "from sim.report.render import render;"
        f"render(build_report([{str(runs['a'])!r}], 100));"
        "print(sorted(m for m in sys.modules if m.startswith(('numba', 'sim.core.loop', "
        "'sim.games.trix.rules', 'sim.games.trix.kernels', 'sim.games.trix.game', 'sim.run', "
        "'sim.core.loop_batch', 'sim.core.api', 'sim.core.play', 'bots')) and m != 'sim.run.lock'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == ["False", "[]"]


def test_numbers_read_from_their_buffers_equal_pyarrows_to_numpy():
    from sim.report.data import numpy_of

    ints = [pa.array([1, 2], pa.int64()), pa.array([], pa.int64()), pa.array([9], pa.int64())]
    columns = [
        pa.array([3, -1, 7], pa.int8()),
        pa.array([1, 2, 3, 4, 5], pa.uint16()).slice(1, 3),  # an offset into the buffer
        pa.array([0.5, -1.5], pa.float32()),
        pa.array([], pa.int32()),
        pa.chunked_array(ints),  # an empty chunk among them
        pa.array(["b", "a", "b"]).dictionary_encode().indices,
        pa.array([1, None], pa.int8()),  # nulls, booleans: pyarrow's own to_numpy
        pa.array([True, False]),
    ]
    for column in columns:
        got = numpy_of(column)
        if isinstance(column, pa.ChunkedArray):
            want = column.to_numpy()
        else:
            want = column.to_numpy(zero_copy_only=False)
        assert got.dtype == want.dtype and np.array_equal(got, want, equal_nan=True), column
        assert got.flags.writeable


def test_cli_json_markdown_and_plots(runs, tmp_path):
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
    code, md, err = cli("report", str(runs["a"]), "--format", "markdown")
    assert code == 0 and err == ""
    assert "| greedy |" in md and "greedy beats random by" in md
    code, text, _ = cli("report", str(runs["a"]))
    assert code == 0 and "Trix never played" in text and "Which contracts decide games" in text


def test_plots_carry_error_bars_keep_each_bots_colour_and_legends_clear_of_bars(rep):
    from tests.plot_checks import check_plots

    names = check_plots(rep)
    assert "trix_result" in names and "win_share" in names


def test_trix_tables_print_counts_beside_shares(runs, rep):
    text = render(rep)
    for x in rep["trix"]["by_choice"]:  # a share of under 10 trix is its counts in brackets
        first = (f"({round(x['first'] * x['n'])} of {x['n']})" if x["n"] < 10
                 else f"{100 * x['first']:.1f}%")  # fmt: skip
        row = (
            rf"^{x['bot']} +{x['choice']} +{x['n']:,} .* {re.escape(first)} +(\S+|\(\d+ of \d+\))$"
        )
        assert re.search(row, text, re.M), row
    picks = [x for x in rep["contracts"]["picks"] if x["bot"] == "greedy"]
    per_choice = [sum(x["count"] for x in picks if x["choice"] == ch) for ch in range(1, 8)]
    assert re.search(r"^picks +" + " +".join(f"{n:,}" for n in per_choice if n) + "$", text, re.M)


def copy_run(src: Path, dst: Path, **manifest) -> Path:
    shutil.copytree(src, dst)
    m = json.loads((dst / "manifest.json").read_text())
    m.update(manifest)
    (dst / "manifest.json").write_text(json.dumps(m))
    return dst


def test_unreportable_folders_get_one_line_and_exit_2(runs, tmp_path):
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
    m = json.loads((runs["b"] / "manifest.json").read_text())
    bot = m["lineup"][0]
    other = {**m["params"], bot: {**m["params"][bot], "other": 1}}
    redone = copy_run(runs["b"], tmp_path / "redone", params=other)  # a default changed since
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
        (str(runs["b"]), str(redone)): f"name {bot} alike but played it with other parameters",
        (str(older),): "has no column 'win_share_0'",
        (str(cut),): "part-000001.parquet is damaged (100 bytes instead of",
        (str(runs["a"]), str(runs["a"])): "given twice",
        (str(runs["a"]), "--format", "xml"): "--format must be",
        (str(runs["a"]), "--rate-games", "-1"): "--rate-games",
    }
    for args, words in cases.items():
        code, out, err = cli("report", *args)
        assert code == 2, (args, out, err)
        assert out == "" and err.count("\n") == 1 and err.startswith("trixsim: "), err
        assert words in err, err
    alive.release()
    with pytest.raises(ReportError):
        summary([empty])


def test_partial_runs_report_their_finished_chunks(runs, tmp_path):
    # a run in progress: one chunk's contracts written, its games not yet (or it was killed)
    running = copy_run(runs["a"], tmp_path / "running", status="running")
    (running / "games.parquet" / "part-000003.parquet").unlink()
    (running / "contracts.parquet" / ".part-000002.parquet.123.tmp").write_bytes(b"half")
    code, out, err = cli("report", str(running))
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
        code, out, err = cli("report", str(runs["b"]), str(starting))
    out = " ".join(out.split())  # notes are wrapped
    assert code == 0 and "still in progress" in out and "(skipped)" in out
    # "running" in the manifest, and nobody holds the lock: the run died, and says so
    code, out, err = cli("report", str(running))
    out = " ".join(out.split())
    assert code == 0 and "stopped: its process is gone" in out
    assert f"finish it with: trixsim tournament --resume --out {running}" in out
    # the same plan twice: said, and the deal sets are shared rather than doubled
    twin = copy_run(runs["b"], tmp_path / "twin")
    rep = build_report([runs["b"], twin], rate_games=50)
    assert any("same plan and seed" in n for n in rep["notes"])
    assert rep["win_rates"][0]["deal_sets"] == 40 and rep["win_rates"][0]["games"] == 480


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
