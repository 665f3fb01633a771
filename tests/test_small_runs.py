"""What a new user meets in the first hour: Ctrl-C answered at once whatever the line-up, small
runs on the workers asked for (and saying how many), and a first run that says it compiles."""

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from tests.test_tournament import trixsim

pytestmark = pytest.mark.slow

# how long a run may take to exit after Ctrl-C: about a second, with room for a loaded machine
ANSWER = 2.5


def rows(folder: Path) -> int:
    """The games in a run's part files."""
    return sum(pq.read_metadata(p).num_rows for p in (folder / "games.parquet").glob("part-*"))


def interrupt(args: list[str], out: Path, when) -> tuple[float, subprocess.CompletedProcess]:
    """``trixsim tournament ARGS --out OUT`` sent SIGINT once ``when(out)`` holds: how long it
    took to exit after the signal, and what it said."""
    proc = subprocess.Popen([sys.executable, "-m", "sim.cli", "tournament", *args, "--out",
                             str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)  # fmt: skip
    deadline = time.monotonic() + 300  # a cold cache compiles first: minutes
    while time.monotonic() < deadline and proc.poll() is None and not when(out):
        time.sleep(0.02)
    assert proc.poll() is None, "the run ended before it could be interrupted"
    t = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out_, err = proc.communicate(timeout=120)
    took = time.monotonic() - t
    return took, subprocess.CompletedProcess(proc.args, proc.returncode, out_, err)


def a_part_is_written(out: Path) -> bool:
    return any((out / "games.parquet").glob("part-*"))


def playing_for_a_second(out: Path, seen={}) -> bool:  # noqa: B006 (the first sight, per run)
    if not (out / "manifest.json").exists():
        return False
    return time.monotonic() - seen.setdefault(out, time.monotonic()) > 1.0


def test_ctrl_c_stops_a_one_chunk_line_up_of_slow_bots_at_once_and_keeps_its_games(tmp_path):
    # the case, smaller: Five Hundred greedy,mcts was one chunk played in-process, and
    # Ctrl-C waited for the whole run (26 s), then wrote nothing
    out = tmp_path / "run"
    args = ["--game", "five-hundred", "--bots", "greedy,mcts:iters=60", "--games", "40", "-q"]
    took, res = interrupt(args, out, a_part_is_written)
    assert res.returncode == 130 and "--resume" in res.stderr, res.stderr
    assert "Traceback" not in res.stderr
    assert took < ANSWER, f"Ctrl-C took {took:.1f} s"
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] == "incomplete"
    assert 0 < m["games_done"] == rows(out) < 40, "every finished game is kept, and no more"
    res = trixsim("tournament", "--resume", "--out", str(out), "-q")
    assert res.returncode == 0, res.stderr
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] == "complete" and m["games_done"] == rows(out) == 40


def test_ctrl_c_stops_one_worker_in_the_middle_of_a_long_chunk(tmp_path):
    # --workers 1 played in-process: Ctrl-C waited for the chunk's kernel to return
    out = tmp_path / "run"
    args = ["--game", "five-hundred", "--bots", "greedy,mcts:iters=100", "--games", "200",
            "--chunk", "100", "--workers", "1", "-q"]  # fmt: skip
    took, res = interrupt(args, out, playing_for_a_second)
    assert res.returncode == 130 and "Traceback" not in res.stderr, res.stderr
    assert took < ANSWER, f"Ctrl-C took {took:.1f} s"
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] == "incomplete" and m["games_done"] == rows(out)
    assert not list((out / "games.parquet").glob(".*")), "no half-written file is left"


def intro(stderr: str) -> str:
    """The line that says what the run will do."""
    return next(line for line in stderr.splitlines() if " games of " in line)


def test_a_small_run_of_slow_bots_is_split_for_the_workers_asked_for(tmp_path):
    out = tmp_path / "run"
    res = trixsim("tournament", "--bots", "greedy,mcts:iters=10", "--games", "48", "--workers",
                  "2", "--out", str(out))  # fmt: skip
    assert res.returncode == 0, res.stderr
    line = intro(res.stderr)
    assert " on 2 workers " in line, line
    m = json.loads((out / "manifest.json").read_text())
    assert m["workers"] == 2 and len(list((out / "games.parquet").glob("part-*"))) >= 2


def test_a_run_of_one_chunk_says_1_worker_and_why(tmp_path):
    res = trixsim("tournament", "--bots", "random", "--games", "24", "--workers", "2", "--out",
                  str(tmp_path / "run"))  # fmt: skip
    assert res.returncode == 0, res.stderr
    line = intro(res.stderr)
    assert "1 seating, 1 chunk on 1 worker (2 asked" in line, line
    assert "1 workers" not in res.stderr + res.stdout and "1 seatings" not in line


def markers() -> Path:
    """Where trixsim notes which kernels it compiled (in this version's numba cache folder)."""
    from sim.core.cache import configure
    from sim.core.compiled import MARKERS

    return Path(configure()) / MARKERS


def test_a_cold_cache_is_compiled_first_and_said_so_once(tmp_path):
    # "cold" as far as trixsim knows: the note that the random bot of Trix was compiled is gone
    for note in markers().glob("trix--*"):
        note.unlink()
    first = trixsim("tournament", "--bots", "random", "--games", "24", "--out",
                    str(tmp_path / "first"))  # fmt: skip
    assert first.returncode == 0, first.stderr
    lines = [line for line in first.stderr.splitlines() if "compiling the trix kernels" in line]
    assert len(lines) == 1 and "(first run only, about " in lines[0], first.stderr
    m = json.loads((tmp_path / "first" / "manifest.json").read_text())
    assert m["compile_seconds"] > 0
    again = trixsim("tournament", "--bots", "random", "--games", "24", "--out",
                    str(tmp_path / "again"))  # fmt: skip
    assert again.returncode == 0 and "compiling" not in again.stderr, again.stderr
    assert "compile_seconds" not in json.loads((tmp_path / "again" / "manifest.json").read_text())
    for note in markers().glob("trix--*"):
        note.unlink()
    quiet = trixsim("tournament", "--bots", "random", "--games", "24", "-q", "--out",
                    str(tmp_path / "quiet"))  # fmt: skip
    assert quiet.returncode == 0 and quiet.stderr == "", quiet.stderr  # -q: nothing on stderr


def test_the_games_clock_starts_after_the_compile(monkeypatch, tmp_path):
    from sim.core import compiled
    from sim.run import compiling
    from tests.test_report import cli

    monkeypatch.setattr(compiled, "missing", lambda game, bots, checked=False: ["loop"])
    monkeypatch.setattr(compiling, "compile_apart", lambda game, bots, checked: time.sleep(1.5))
    code, _, err = cli("tournament", "--bots", "random", "--games", "24",
                       "--workers", "1", "--out", str(tmp_path / "run"))  # fmt: skip
    assert code == 0, err
    m = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert m["compile_seconds"] >= 1.5 and m["seconds"] < 1.5
    assert "compiling the trix kernels" in err
