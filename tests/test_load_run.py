"""``from sim import load_run``: a run's tables for notebooks, with the report's numbers.

One row per seat-game, and the one-line groupby the README shows gives ``trixsim report``'s
win share (a mean over deal sets of each deal set's mean), mean total, mean rank and last
places exactly, for every game; a nullable column reads back with one dtype whatever a run
held (docs/tables.md). Small runs: a few deal sets in two chunks.
"""

import contextlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tests.run_files import shared_run

ROOT = Path(__file__).resolve().parent.parent

# greedy,random in two chunks; euchre5 deals afresh every game, so each game seats a bot 2 or
# 3 times and a plain mean over seat-games is not the report's mean over deal sets
SMALL = {
    "trix": ["--bots", "random,greedy", "--games", "24", "--chunk", "12"],
    "euchre5": ["--bots", "greedy,random", "--games", "40", "--chunk", "20", "--no-duplicate"],
    "five-hundred": ["--bots", "greedy,random", "--games", "8", "--chunk", "4"],
    "terts": ["--bots", "greedy,random", "--games", "8", "--chunk", "4"],
}
DEAL_TABLE = {"trix": "contracts", "euchre5": "deals", "five-hundred": "deals", "terts": "deals"}


def small_run(tmp_path_factory, game: str) -> Path:
    """``game``'s small run, played once per test session."""
    return shared_run(tmp_path_factory, f"small-{game}", "--game", game, *SMALL[game],
                      "--seed", "5", "--workers", "1")  # fmt: skip


def readme_block() -> str:
    """The README's notebook example: its Python block that calls load_run."""
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    found = [b for b in blocks if "load_run" in b]
    assert len(found) == 1, "the README shows load_run in one Python block"
    return found[0]


def run_readme(run: Path) -> dict:
    """The README's block on ``run``: its variables (what it prints is swallowed)."""
    names: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(readme_block().replace("results/RUN", str(run)), names)
    return names


def test_importing_sim_gives_the_version_only_and_load_run_when_asked():
    code = (
        "import sys, sim\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('numpy', 'pandas', 'pyarrow', 'numba') or m.startswith('sim.'))\n"
        "assert not heavy, heavy\n"
        "from sim import load_run\n"
        "from sim.report.tidy import load_run as same\n"
        "assert load_run is same and 'load_run' in dir(sim)\n"
        "try:\n    sim.no_such_name\nexcept AttributeError as e:\n    print(e)\n"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "no_such_name" in res.stdout


@pytest.mark.parametrize("game", list(SMALL))
def test_the_readme_line_on_load_run_gives_the_report_numbers(game, tmp_path_factory):
    from sim import load_run
    from sim.report import build_report, summary

    run = small_run(tmp_path_factory, game)
    seats = load_run(run)
    names = run_readme(run)
    win_share, means = names["win_share"], names["means"]
    report = build_report([run])
    (block,) = report["win_rates"]
    for lines in (block["bots"], summary([run])["bots"]):
        assert sorted(win_share.index) == [x["bot"] for x in lines]
        for x in lines:
            bot = x["bot"]
            assert win_share[bot] == pytest.approx(x["win_share"], rel=1e-12, abs=1e-15), bot
            assert means.loc[bot, "total"] == pytest.approx(x["mean_total"], rel=1e-12)
            assert means.loc[bot, "rank"] == pytest.approx(x["mean_rank"], rel=1e-12)
            assert means.loc[bot, "last"] == pytest.approx(x["last_share"], rel=1e-12, abs=0)
            assert (seats["bot"] == bot).sum() == x["seat_games"]
    assert len(seats) == report["games"] * seats["seat"].nunique()
    assert names["deals"].equals(load_run(run, table=DEAL_TABLE[game]))


def test_a_plain_mean_over_seat_games_is_not_the_reports_when_seats_per_game_differ(
    tmp_path_factory,
):
    # euchre5 dealt afresh: a bot holds 2 or 3 of the 5 seats of a game, so the seat-games of
    # a deal set weigh differently; the README's two-step groupby is the report's number
    from sim import load_run
    from sim.report import summary

    run = small_run(tmp_path_factory, "euchre5")
    seats = load_run(run)
    plain = seats.groupby("bot")["win_share"].mean()
    report = {x["bot"]: x["win_share"] for x in summary([run])["bots"]}
    assert any(abs(plain[b] - report[b]) > 1e-6 for b in report)
    assert run_readme(run)["win_share"].to_dict() == pytest.approx(report, rel=1e-12)


@pytest.mark.parametrize("game", list(SMALL))
def test_the_seat_table_holds_every_seat_of_every_game(game, tmp_path_factory):
    from sim import load_run
    from sim.core.registry import get

    spec = get(game)
    run = small_run(tmp_path_factory, game)
    games = pd.read_parquet(run / "games.parquet").sort_values("game").reset_index(drop=True)
    seats = load_run(run)
    assert list(seats.columns) == ["game", "deal_set", "seating", "seat", "bot", "team",
                                   "total", "rank", "win_share", "last", "game_name"]  # fmt: skip
    assert len(seats) == len(games) * spec.seats
    for p in range(spec.seats):
        mine = seats[seats["seat"] == p].reset_index(drop=True)
        assert (mine["game"] == games["game"]).all() and (mine["team"] == spec.seat_team(p)).all()
        assert (mine["bot"] == games[f"bot_{p}"].astype(str)).all()
        for col in ("total", "rank", "win_share"):
            assert (mine[col] == games[f"{col}_{p}"]).all()
    assert set(seats["game_name"]) == {game}
    worst = seats.groupby("game")["rank"].transform("max")
    assert (seats["last"] == (seats["rank"] == worst)).all()
    written = load_run(run, table="games")
    assert written.sort_values("game")["game"].tolist() == games["game"].tolist()


def test_the_docs_team_lines_give_the_reports_team_win_shares(tmp_path_factory):
    # Five Hundred: a bot holding both seats of a partnership is a team (docs/tables.md)
    from sim import load_run
    from sim.report import summary

    run = small_run(tmp_path_factory, "five-hundred")
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "tables.md").read_text(), re.S)
    (code,) = [b for b in blocks if "teams = " in b]
    names = {"seats": load_run(run)}
    *lines, last = code.strip().splitlines()
    exec("\n".join(lines), names)
    team = eval(last, names)
    report = {x["bot"]: x["win_share"] for x in summary([run])["teams"]["bots"]}
    assert team.to_dict() == pytest.approx(report, rel=1e-12) and len(report) == 2


def test_load_run_says_what_is_wrong_in_one_line(tmp_path_factory, tmp_path):
    from sim import load_run
    from sim.report import ReportError

    run = small_run(tmp_path_factory, "trix")
    with pytest.raises(ReportError, match="table 'cards'.*seats, games, contracts") as e:
        load_run(run, table="cards")
    assert "\n" not in str(e.value)
    with pytest.raises(ReportError, match="no such folder"):
        load_run(tmp_path / "nowhere")
    assert load_run(run, table="deals").equals(load_run(run, table="contracts"))


# -- 8. stable types: a nullable column reads back with one dtype, nulls or not -------------
def nullable_fields(path: Path) -> dict[str, pa.DataType]:
    """The integer and boolean columns a part file's schema declares nullable."""
    kinds = (pa.types.is_integer, pa.types.is_boolean)
    return {f.name: f.type for f in pq.read_schema(path)
            if f.nullable and any(k(f.type) for k in kinds)}  # fmt: skip


def nullable_dtype(kind: pa.DataType):
    return pd.BooleanDtype() if pa.types.is_boolean(kind) else pd.api.types.pandas_dtype(
        str(kind).replace("int", "Int"))  # fmt: skip


@pytest.mark.parametrize("game", list(SMALL))
def test_nullable_columns_read_as_nullable_dtypes_in_pandas_and_load_run(game, tmp_path_factory):
    # before: an int8 column with nulls came back float64, without nulls int8, and a bool one
    # object or bool
    from sim import load_run

    run = small_run(tmp_path_factory, game)
    for table in ("games", DEAL_TABLE[game]):
        folder = run / f"{table}.parquet"
        fields = nullable_fields(next(folder.glob("part-*.parquet")))
        readers = {
            "pandas": pd.read_parquet(folder),
            "pyarrow": pq.read_table(folder).to_pandas(),
            "load_run": load_run(run, table=table),
        }
        for how, df in readers.items():
            for name, kind in fields.items():
                assert df[name].dtype == nullable_dtype(kind), (how, table, name)
            # the others keep the numpy dtypes they always had
            assert df["game"].dtype == "int32" and df["seating"].dtype == "int8", how


def one_game_runs(root: Path, wanted) -> tuple[Path, Path]:
    """Two one-game Five Hundred runs of random bots: one where ``wanted`` (a deals table ->
    bool) holds and one where it does not; seeds tried in order."""
    from sim.core.registry import get
    from sim.run.local import run
    from sim.run.plan import Plan
    from sim.run.store import prepare

    found: dict[bool, Path] = {}
    for seed in range(1, 200):
        plan = Plan.make(get("five-hundred"), ["random"], seed, 1, 1, False)
        out = root / f"seed-{seed}"
        manifest = prepare(out, plan, ["trixsim", "tournament"], resume=False)
        assert run(plan, out, 1, manifest, progress=False)["status"] == "complete"
        found.setdefault(bool(wanted(pq.read_table(out / "deals.parquet"))), out)
        if len(found) == 2:
            return found[True], found[False]
    raise AssertionError("no seed gave both kinds of run")


def test_two_runs_with_and_without_nulls_read_back_with_the_same_dtypes(tmp_path):
    # Five Hundred's bowers are null in a no-trumps contract: one run played one, one did not
    from sim import load_run

    with_nulls, without = one_game_runs(tmp_path, lambda t: t.column("right_bower").null_count)
    assert pq.read_table(without / "deals.parquet").column("right_bower").null_count == 0
    for table in ("games", "deals"):
        for read in (lambda r, t: pd.read_parquet(r / f"{t}.parquet"), load_run):
            a, b = read(with_nulls, table), read(without, table)
            assert a.dtypes.to_dict() == b.dtypes.to_dict(), table
    deals = pd.read_parquet(with_nulls / "deals.parquet")
    assert deals["right_bower"].dtype == "Int8" and deals["right_bower"].isna().any()
    assert deals["contractor"].dtype == "Int8" and deals["made"].dtype == "boolean"


def test_a_trix_runs_king_announcer_is_int8_with_nulls(tmp_path_factory):
    run = small_run(tmp_path_factory, "trix")
    contracts = pd.read_parquet(run / "contracts.parquet")
    assert contracts["king_announcer"].dtype == "Int8"  # was float64
    assert contracts["king_announcer"].isna().any() and contracts["king_announcer"].notna().any()
    assert contracts["tricks_0"].dtype == "Int8" and contracts["trix_first_turns"].dtype == "Int16"
    manifest = json.loads((run / "manifest.json").read_text())
    assert manifest["status"] == "complete"
