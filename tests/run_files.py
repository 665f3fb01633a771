"""Helpers the games' tournament tests share: run the CLI, read a run's tables, compare runs."""

import fcntl
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pyarrow.dataset as ds

# commands that leave nothing behind in the process that ran them (a tournament restores its
# signal handlers and shuts its workers down): the tests run them in their own process,
# which saves each a second of start-up (Python, numba, the kernels loaded from the cache)
IN_PROCESS = {
    "deal",
    "replay",
    "bots",
    "games",
    "report",
    "tournament",
    "ladder",
    "analyse",
    "quiz",
}


def trixsim(*args, cwd=None, **kw) -> subprocess.CompletedProcess:
    """``trixsim ARGS`` as a user runs it: exit code, stdout and stderr as text. In this
    process when nothing needs a process of its own (``subprocess.run``'s ``env``, ``input``,
    ``stdin`` or ``timeout``, the Dask backend, a command that waits for a person); else in a
    fresh one."""
    args = [str(a) for a in args]
    if not kw and args and args[0] in IN_PROCESS and "--backend" not in args:
        return in_process(args, cwd)
    return subprocess.run([sys.executable, "-m", "sim.cli", *args], capture_output=True,
                          text=True, cwd=cwd, **kw)  # fmt: skip


def in_process(args: list[str], cwd=None) -> subprocess.CompletedProcess:
    """``trixsim ARGS`` in this process: exit code, stdout and stderr as text."""
    import contextlib
    import io

    from sim.cli import main

    out, err = io.StringIO(), io.StringIO()
    argv, here, path, modules = sys.argv, os.getcwd(), list(sys.path), set(sys.modules)
    try:
        sys.argv = ["trixsim", *args]
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main()
                code = 0
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        # a module the command imported from the user's folder (a module:Class bot) is
        # imported again by the next command, as a fresh process would
        added = [p for p in sys.path if p not in path]
        folders = [Path(p or os.getcwd()).resolve() for p in ([cwd] if cwd else []) + added]
        sys.argv, sys.path[:] = argv, path
        os.chdir(here)
        for name in set(sys.modules) - modules:
            file = getattr(sys.modules[name], "__file__", None)
            if file and any(Path(file).resolve().is_relative_to(f) for f in folders):
                del sys.modules[name]
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


# each game's standard tournament: the tables every game's tests read (tests/test_runs.py and
# tests/<game>/test_tables.py), played once per session with 1 and with 2 workers
STANDARD = {
    "trix": {"bots": "random,greedy", "games": 1200, "chunk": 120, "records": 6},
    "euchre5": {"bots": "greedy,random", "games": 400, "chunk": 40, "records": 8},
    "five-hundred": {"bots": "greedy,random", "games": 400, "chunk": 40, "records": 12},
    "terts": {"bots": "greedy,random", "games": 400, "chunk": 40, "records": 12},
}


def standard_args(game: str) -> list[str]:
    """``tournament …`` of ``game``'s standard run (no workers, no output folder)."""
    s = STANDARD[game]
    return ["tournament", "--game", game, "--bots", s["bots"], "--games", str(s["games"]),
            "--chunk", str(s["chunk"]), "--record-games", str(s["records"])]  # fmt: skip


def standard_run(tmp_path_factory, game: str, workers: int = 1) -> Path:
    """``game``'s standard run on ``workers`` workers, played once per session."""
    args = standard_args(game)[1:] + ["--workers", str(workers)]
    return shared_run(tmp_path_factory, f"{game}-w{workers}", *args)


def shared_run(tmp_path_factory, name: str, *args: str) -> Path:
    """``trixsim tournament ARGS --out DIR`` played once per test session, whichever test (or
    pytest-xdist worker) asks for it first; the others wait for it and read the same folder."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # every worker's temporary folder shares this parent
    out = root / "shared-runs" / name
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out.parent / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out.parent / f"{name}.done").exists():
            shutil.rmtree(out, ignore_errors=True)
            res = trixsim("tournament", *args, "--out", str(out), "-q")
            assert res.returncode == 0, res.stderr
            (out.parent / f"{name}.done").touch()
    return out


def table(folder: Path, name: str) -> pd.DataFrame:
    """A run's table in game (and deal) order, dictionary columns as plain objects."""
    df = ds.dataset(folder / f"{name}.parquet", format="parquet").to_table().to_pandas()
    keys = ["game", "deal_no"] if name == "deals" else ["game"]
    df = df.sort_values(keys).reset_index(drop=True)
    for col in df.columns:
        if isinstance(df[col].dtype, pd.CategoricalDtype):
            df[col] = df[col].astype(object)
    return df


def assert_same_parts(a: Path, b: Path, names=("games", "deals")) -> None:
    """Two runs wrote the same part files, byte for byte."""
    for name in names:
        parts = sorted(p.name for p in (a / f"{name}.parquet").iterdir())
        assert parts == sorted(p.name for p in (b / f"{name}.parquet").iterdir())
        for f in parts:
            assert (a / f"{name}.parquet" / f).read_bytes() == (
                b / f"{name}.parquet" / f
            ).read_bytes()


def resumes_lost_and_damaged_parts(run: Path, out: Path, names=("games", "deals")) -> None:
    """A copy of ``run`` with two parts lost and one half written resumes to the same files."""
    shutil.copytree(run, out)
    for name in names:
        (out / f"{name}.parquet" / "part-000003.parquet").unlink()
    (out / f"{names[1]}.parquet" / "part-000006.parquet").write_bytes(b"garbage")  # damaged
    m = json.loads((out / "manifest.json").read_text())
    m["status"] = "incomplete"
    (out / "manifest.json").write_text(json.dumps(m))
    res = trixsim("tournament", "--resume", "--out", str(out), "-q")
    assert res.returncode == 0, res.stderr
    assert_same_parts(run, out, names)
    assert json.loads((out / "manifest.json").read_text())["status"] == "complete"


def interrupted_run_resumes(args: list[str], tmp_path: Path, chunks: int,
                            names=("games", "deals")) -> None:  # fmt: skip
    """``trixsim tournament ARGS --out cut`` stopped by Ctrl-C after 3 parts (of ``chunks``)
    keeps them, and ``--resume`` on 2 workers writes the files of an uninterrupted run."""
    out = tmp_path / "cut"
    proc = subprocess.Popen([sys.executable, "-m", "sim.cli", *args, "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    parts, deadline = out / "games.parquet", time.time() + 120
    while time.time() < deadline and len(list(parts.glob("part-*"))) < 3:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130 and "--resume" in err and "Traceback" not in err, err
    assert 3 <= len(list(parts.glob("part-*"))) < chunks, "the run should stop in the middle"
    for name in names:  # readers never see a half file: every visible part is whole Parquet
        ds.dataset(out / f"{name}.parquet", format="parquet").to_table()
    res = trixsim("tournament", "--resume", "--out", str(out), "-q", "--workers", "2")
    assert res.returncode == 0, res.stderr
    full = tmp_path / "full"
    assert trixsim(*args, "--out", str(full)).returncode == 0
    assert_same_parts(full, out, names)


def dask_writes_the_files_of(run: Path, args: list[str], out: Path,
                             names=("games", "deals")) -> None:  # fmt: skip
    """``trixsim tournament ARGS --backend dask`` (a local cluster of two workers) writes
    the part files and records of ``run``, the same tournament on local processes."""
    res = trixsim(*args, "--workers", "2", "--backend", "dask", "--out", str(out), "-q")
    assert res.returncode == 0, res.stderr
    assert_same_parts(run, out, names)
    assert (out / "records.jsonl").read_bytes() == (run / "records.jsonl").read_bytes()


def refused_in_one_line(args: list[str], words: str, cwd: Path) -> None:
    """``trixsim ARGS`` refuses with one line naming ``words``, exit 2, and writes nothing."""
    res = trixsim(*args, cwd=cwd)
    assert res.returncode == 2 and words in res.stderr, res.stderr
    assert len(res.stderr.strip().splitlines()) == 1, res.stderr
    assert not any(cwd.iterdir())
