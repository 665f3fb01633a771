"""`trixsim tournament`: equal tables whatever the workers, resumes, fair seatings (Ctrl-C and
kill -9 mid-run: tests/test_runs.py and tests/test_faults.py)."""

import json
from pathlib import Path

import pandas as pd
import pyarrow.dataset as ds
import pytest

from sim.core.replay import check_file
from tests.run_files import trixsim

GAMES = 1200  # random bots: a second of play


def table(folder: Path, name: str) -> pd.DataFrame:
    df = ds.dataset(folder / f"{name}.parquet", format="parquet").to_table().to_pandas()
    keys = ["game", "contract_no"] if name == "contracts" else ["game"]
    return df.sort_values(keys).reset_index(drop=True)


def assert_same_files(a: Path, b: Path) -> None:
    """The same part files, byte for byte (a chunk's bytes depend on the plan alone), and no
    other file in the table folders (no leftovers, no extra chunk)."""
    for sub in ("games.parquet", "contracts.parquet"):
        names = sorted(p.name for p in (a / sub).iterdir())
        assert sorted(p.name for p in (b / sub).iterdir()) == names
        for name in names:
            assert (a / sub / name).read_bytes() == (b / sub / name).read_bytes(), name


def assert_same_tables(a: Path, b: Path) -> None:
    for name in ("games", "contracts"):
        pd.testing.assert_frame_equal(table(a, name), table(b, name))


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The same two-bot tournament with 1 and with 2 workers."""
    root = tmp_path_factory.mktemp("runs")
    for w in (1, 2):
        out = trixsim("tournament", "--bots", "random,greedy", "--games", str(GAMES),
                      "--workers", str(w), "--chunk", "120", "--record-games", "6",
                      "--out", str(root / f"w{w}"), "-q")  # fmt: skip
        assert out.returncode == 0, out.stderr
    return root


def test_one_and_two_workers_give_identical_files(runs):
    assert_same_tables(runs / "w1", runs / "w2")
    for name in ("games", "contracts"):
        files = sorted((runs / "w1" / f"{name}.parquet").iterdir())
        assert len(files) == GAMES // 120
        for f in files:
            assert f.read_bytes() == (runs / "w2" / f"{name}.parquet" / f.name).read_bytes()


def test_manifest_says_what_was_run(runs):
    m = json.loads((runs / "w1" / "manifest.json").read_text())
    assert m["status"] == "complete" and m["games_done"] == m["games_planned"] == GAMES
    assert m["seed"] == 1 and m["lineup"] == ["random", "greedy"]
    assert len(m["seatings"]) == 6 and m["games_per_second"] > 0


def test_games_are_rounded_up_to_whole_deal_sets_and_the_summary_says_so(tmp_path):
    res = trixsim("tournament", "--bots", "random,greedy", "--games", "10", "-q",
                  "--out", str(tmp_path / "r"))  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert "12 games over 2 deal sets" in res.stdout  # 6 seatings of two bots
    assert "(--games 10 was rounded up to 12: whole deal sets, each played under all 6" in (
        res.stdout
    )
    assert json.loads((tmp_path / "r" / "manifest.json").read_text())["games_done"] == 12


def test_every_seating_equally_often_and_every_deal_under_every_seating(runs):
    games = table(runs / "w1", "games")
    assert games["seating"].value_counts().nunique() == 1
    per_deal = games.groupby("deal_set")["seating"].apply(lambda s: sorted(s))
    assert all(s == list(range(6)) for s in per_deal)
    # each seating is a distinct arrangement of two bots over four seats, two seats each
    seatings = json.loads((runs / "w1" / "manifest.json").read_text())["seatings"]
    assert len({tuple(s) for s in seatings}) == 6
    assert all(sorted(s) == [0, 0, 1, 1] for s in seatings)
    arrangements = games.drop_duplicates("seating")[[f"bot_{p}" for p in range(4)]]
    assert len({tuple(r) for r in arrangements.astype(str).to_numpy()}) == 6
    for _, row in arrangements.astype(str).iterrows():
        assert sorted(row) == ["greedy", "greedy", "random", "random"]


def test_records_replay_and_match_the_tables(runs):
    path = runs / "w1" / "records.jsonl"
    assert all(v.ok for v in check_file(path))
    contracts = table(runs / "w1", "contracts")
    games = table(runs / "w1", "games")
    for line in path.read_text().splitlines():
        rec = json.loads(line)
        rows = contracts[contracts["game"] == rec["game"]]
        assert len(rows) == len(rec["contracts"])
        for (_, row), c in zip(rows.iterrows(), rec["contracts"], strict=True):
            assert [row[f"points_{p}"] for p in range(4)] == c["points"]
            assert [row[f"totals_{p}"] for p in range(4)] == c["totals"]
            assert row["contract"] == c["contract"] and row["chooser"] == c["chooser"]
        g = games[games["game"] == rec["game"]].iloc[0]
        assert [g[f"bot_{p}"] for p in range(4)] == rec["bots"]
        assert [g[f"total_{p}"] for p in range(4)] == rec["totals"]


def test_schema_is_compact(runs):
    schema = ds.dataset(runs / "w1" / "contracts.parquet", format="parquet").schema
    assert str(schema.field("points_0").type) == "int16"
    assert str(schema.field("chooser").type) == "int8"
    assert str(schema.field("contract").type).startswith("dictionary")


def test_resume_after_lost_chunks_equals_uninterrupted(runs, tmp_path):
    import shutil

    out = tmp_path / "lost"
    shutil.copytree(runs / "w1", out)
    for name in ("games", "contracts"):
        (out / f"{name}.parquet" / "part-000003.parquet").unlink()
    (out / "games.parquet" / "part-000007.parquet").unlink()  # a chunk killed half-way
    (out / "contracts.parquet" / ".part-000009.parquet.1.tmp").write_bytes(b"half")
    m = json.loads((out / "manifest.json").read_text())
    m["status"] = "incomplete"
    (out / "manifest.json").write_text(json.dumps(m))
    res = trixsim("tournament", "--resume", "--out", str(out), "-q")
    assert res.returncode == 0, res.stderr
    assert_same_tables(runs / "w1", out)
    assert not list((out / "contracts.parquet").glob(".*"))
    assert json.loads((out / "manifest.json").read_text())["status"] == "complete"


@pytest.mark.parametrize(
    "args, words",
    [
        (["--bots", "nobody"], "unknown bot 'nobody'"),
        (["--bots", "random:speed=2"], "has no parameter"),
        (["--bots", "random,random,random,random,random"], "takes 1 to 4 bot specs"),
        (["--games", "0"], "--games must be from 1 to 2,147,483,647"),
        (["--workers", "0"], "--workers must be from 1 to"),
        (["--out", "/proc/no/such/place"], "cannot write there"),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, args, words):
    res = trixsim("tournament", "--bots", "random", "--games", "12", *args, cwd=tmp_path)
    assert res.returncode == 2 and words in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1, res.stderr
    assert not any(tmp_path.iterdir()), "nothing may be written"


def test_resume_refuses_finished_and_foreign_folders(runs, tmp_path):
    res = trixsim("tournament", "--resume", "--out", str(runs / "w1"))
    assert res.returncode == 2 and "already complete" in res.stderr
    res = trixsim("tournament", "--resume", "--out", str(tmp_path))
    assert res.returncode == 2 and "not a trixsim tournament" in res.stderr
