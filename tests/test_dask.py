"""`trixsim tournament --backend dask`: the tables of local processes, lost workers, no Dask."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from tests.test_tournament import assert_same_files as same_files
from tests.test_tournament import assert_same_tables, table, trixsim

pytestmark = pytest.mark.slow  # not in make test-quick

pytest.importorskip("distributed")

GAMES, CHUNK = 1200, 120
RUN = ["tournament", "--bots", "random,random:", "--games", str(GAMES), "--chunk", str(CHUNK)]
WORKER_ENV = {"NUMBA_NUM_THREADS": "1"}


def cluster_with(fault):
    """A LocalCluster of two single-threaded workers with the test fault registered."""
    from distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0",
                           env=WORKER_ENV)  # fmt: skip
    with Client(cluster) as client:
        client.register_plugin(fault, name="test-fault")
    return cluster


@pytest.fixture(scope="module")
def local(tmp_path_factory):
    """The reference: the run on local worker processes."""
    out = tmp_path_factory.mktemp("local") / "run"
    res = trixsim(*RUN, "--workers", "2", "--record-games", "6", "--out", str(out), "-q")
    assert res.returncode == 0, res.stderr
    return out


def assert_same_files(a: Path, b: Path) -> None:
    """Same part files, byte for byte, and nothing else: every chunk once."""
    same_files(a, b)
    assert len(list((a / "games.parquet").iterdir())) == GAMES // CHUNK


def assert_complete_once(out: Path) -> None:
    games, contracts = table(out, "games"), table(out, "contracts")
    assert len(games) == GAMES and games["game"].is_unique
    assert sorted(games["game"]) == list(range(GAMES))
    assert not contracts.duplicated(["game", "contract_no"]).any()


def test_local_cluster_gives_the_tables_of_local_processes(local, tmp_path):
    out = tmp_path / "dask"
    res = trixsim(*RUN, "--backend", "dask", "--workers", "2", "--record-games", "6",
                  "--out", str(out), "-q")  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert_same_tables(local, out)
    assert_same_files(local, out)
    assert (out / "records.jsonl").read_bytes() == (local / "records.jsonl").read_bytes()
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] == "complete" and m["games_done"] == GAMES and m["games_per_second"] > 0
    assert m["backend"] == "dask"
    assert m["dask"] == {"scheduler": "LocalCluster", "workers": 2, "threads": 2,
                         "output": "client"}  # fmt: skip
    assert json.loads((local / "manifest.json").read_text())["backend"] == "local"


def test_a_killed_worker_loses_and_duplicates_no_game(local, tmp_path):
    """The worker playing chunk 3 dies (SIGKILL) before returning it; Dask reruns the chunk."""
    from tests.dask_faults import KillOnce

    out, marker = tmp_path / "dask", tmp_path / "killed"
    with cluster_with(KillOnce(3, marker)) as cluster:
        res = trixsim(*RUN, "--backend", "dask", "--scheduler", cluster.scheduler_address,
                      "--out", str(out), "-q")  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert marker.exists(), "the test fault should have killed a worker"
    assert_complete_once(out)
    assert_same_tables(local, out)
    assert_same_files(local, out)
    assert json.loads((out / "manifest.json").read_text())["status"] == "complete"


def test_url_output_on_a_running_scheduler_written_by_its_workers(local, tmp_path):
    """--scheduler of a cluster started elsewhere, --out as a URL the workers write to; a
    worker dies after writing the first of its chunk's two part files."""
    from tests.dask_faults import KillOnce

    marker = tmp_path / "killed"
    out = tmp_path / "shared" / "run"
    with cluster_with(KillOnce(4, marker, "half-written")) as cluster:
        res = trixsim(*RUN, "--backend", "dask", "--scheduler", cluster.scheduler_address,
                      "--record-games", "6", "--out", out.as_uri())  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert "1,200 games" in res.stdout  # file:// is local: the summary is printed
    assert marker.exists(), "the test fault should have killed a worker"
    assert_complete_once(out)
    assert_same_tables(local, out)
    assert_same_files(local, out)
    assert (out / "records.jsonl").read_bytes() == (local / "records.jsonl").read_bytes()
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] == "complete" and m["dask"]["output"] == "workers"
    assert m["dask"]["scheduler"] == cluster.scheduler_address


def test_ctrl_c_cancels_and_the_run_resumes(local, tmp_path):
    out = tmp_path / "cut"
    args = [*RUN, "--backend", "dask", "--workers", "2", "--out", str(out)]
    args[args.index("--games") + 1] = "6000"  # 50 chunks: cut after 3
    proc = subprocess.Popen([sys.executable, "-m", "sim.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)  # fmt: skip
    parts = out / "games.parquet"
    deadline = time.time() + 60
    while time.time() < deadline and len(list(parts.glob("part-*"))) < 3:
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)  # as Ctrl-C does: the client and its workers
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "--resume" in err and "Traceback" not in err, err
    assert 3 <= len(list(parts.glob("part-*"))) < 50, "the run should have been cut"
    assert json.loads((out / "manifest.json").read_text())["status"] == "incomplete"
    res = trixsim("tournament", "--resume", "--out", str(out), "--backend", "dask", "-q")
    assert res.returncode == 0, res.stderr
    games = table(out, "games")
    assert len(games) == 6000 and games["game"].is_unique
    first = games[games["game"] < GAMES].reset_index(drop=True)
    pd.testing.assert_frame_equal(first, table(local, "games"))  # the same rows


@pytest.fixture
def no_dask(tmp_path):
    """A PYTHONPATH shim under which `import dask` and `import distributed` fail."""
    shim = tmp_path / "shim"
    for name in ("dask", "distributed"):
        (shim / name).mkdir(parents=True)
        (shim / name / "__init__.py").write_text(
            f"raise ModuleNotFoundError(\"No module named '{name}'\", name={name!r})\n"
        )
    path = os.pathsep.join(filter(None, [str(shim), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path}


def test_without_dask_one_line_says_how_to_install_it(no_dask, tmp_path):
    out = tmp_path / "run"
    res = trixsim(*RUN, "--backend", "dask", "--out", str(out), env=no_dask, cwd=tmp_path)
    assert res.returncode == 2
    assert len(res.stderr.strip().splitlines()) == 1, res.stderr
    assert "pip install 'trixsim[dask]'" in res.stderr
    assert not out.exists(), "nothing may be written"
    # the default backend does not need Dask
    res = trixsim(*RUN, "--out", str(out), "-q", env=no_dask, cwd=tmp_path)
    assert res.returncode == 0, res.stderr


@pytest.mark.parametrize(
    "args, words",
    [
        (["--backend", "spark"], "--backend must be local or dask"),
        (["--scheduler", "tcp://127.0.0.1:8786"], "--scheduler needs --backend dask"),
        (["--out", "file:///tmp/x"], "a URL needs --backend dask"),
        (["--backend", "dask", "--out", "nosuchfs://bucket/run"], "--out nosuchfs://"),
        # the LocalCluster is already starting (dask_backend.start): it is stopped again
        (["--backend", "dask", "--bots", "nobody"], "unknown bot 'nobody'"),
        (["--backend", "dask", "--games", "0"], "--games must be from 1 to 2,147,483,647"),
    ],
)
def test_bad_dask_options_are_one_line_and_write_nothing(tmp_path, args, words):
    res = trixsim("tournament", "--bots", "random", "--games", "12", *args, cwd=tmp_path)
    assert res.returncode == 2 and words in res.stderr, res.stderr
    assert len(res.stderr.strip().splitlines()) == 1, res.stderr
    assert not any(tmp_path.iterdir()), "nothing may be written"


def test_the_local_cluster_dies_with_a_killed_client(tmp_path):
    # kill -9 of `trixsim tournament --backend dask`: its LocalCluster's worker processes
    # (and the resource tracker) go with it, within seconds
    import psutil

    out = tmp_path / "run"
    proc = subprocess.Popen([sys.executable, "-m", "sim.cli", "tournament", "--bots", "random",
                             "--games", "400000", "--chunk", "4000", "--backend", "dask",
                             "--workers", "2", "-q", "--out", str(out)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    deadline = time.monotonic() + 120
    while not list((out / "games.parquet").glob("part-*")) if out.exists() else True:
        assert proc.poll() is None and time.monotonic() < deadline, "the run never started"
        time.sleep(0.1)
    family = psutil.Process(proc.pid).children(recursive=True)
    assert len(family) >= 2  # the workers, at least
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    _, alive = psutil.wait_procs(family, timeout=5)
    assert not alive, f"outlived the client: {alive}"


def test_a_sequential_test_stops_where_the_local_backend_stops(tmp_path):
    from tests.test_sequential import RUN as SEQUENTIAL
    from tests.test_sequential import files

    runs = {}
    for backend in ("local", "dask"):
        out = tmp_path / backend
        res = trixsim(*SEQUENTIAL, "--backend", backend, "--workers", "2", "--out", str(out))
        assert res.returncode == 0, res.stderr
        runs[backend] = out, json.loads((out / "manifest.json").read_text())
    (a, ma), (b, mb) = runs["local"], runs["dask"]
    assert mb["status"] == "complete" and mb["backend"] == "dask"
    for key in ("verdict", "deal_sets", "llr", "estimate", "ci", "last_chunk"):
        assert ma["sprt"][key] == mb["sprt"][key], key
    for sub in ("games.parquet", "deals.parquet"):
        assert files(a, sub) == files(b, sub)
    res = trixsim(*SEQUENTIAL, "--backend", "dask", "--out", "file:///tmp/x-sprt")
    assert res.returncode == 2 and "give --out a folder, not a URL" in res.stderr
