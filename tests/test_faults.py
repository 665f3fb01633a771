"""Faults, injected: kill -9 and SIGTERM of a running tournament, damaged part files, two
writers on one folder, a crafted saved table. Each ends with the truth on disk and, after
``--resume``, the tables of an uninterrupted run."""

import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from tests.test_tournament import assert_same_files, trixsim

pytestmark = pytest.mark.slow  # not in make test-quick

GAMES, CHUNK = 120_000, 4_000  # 30 chunks of random games: a few seconds on two workers
RUN = ["tournament", "--bots", "random", "--games", str(GAMES), "--chunk", str(CHUNK),
       "--workers", "2", "-q"]  # fmt: skip


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("reference") / "run"
    res = trixsim(*RUN, "--out", str(out))
    assert res.returncode == 0, res.stderr
    return out


def start(out: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "sim.cli", *RUN, "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip


def family(proc: subprocess.Popen) -> list[psutil.Process]:
    try:
        return psutil.Process(proc.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def gone_within(procs: list[psutil.Process], seconds: float) -> bool:
    _, alive = psutil.wait_procs(procs, timeout=seconds)
    return not alive


def test_kill_and_sigterm_at_random_moments_then_resume(reference, tmp_path):
    # twice: the parent is killed (-9), then asked to stop (SIGTERM), at a random moment;
    # no process of the run outlives it by more than a few seconds, the manifest tells the
    # truth, and --resume gives the tables of the uninterrupted run
    rnd = random.Random(7)
    stopped = 0
    for k in range(2):  # one of each: each strike costs a run and a resume (about 14 s)
        out = tmp_path / f"run{k}"
        proc = start(out)
        deadline = time.monotonic() + 120
        while not (out / "manifest.json").exists() and proc.poll() is None:
            assert time.monotonic() < deadline, "the run never started"
            time.sleep(0.05)
        time.sleep(rnd.uniform(0.1, 2.0))
        workers = family(proc)
        sig = signal.SIGKILL if k % 2 == 0 else signal.SIGTERM
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
        assert gone_within(workers, 5.0), "a process of the run outlived it"
        manifest = json.loads((out / "manifest.json").read_text())
        done = len(list((out / "games.parquet").glob("part-*.parquet")))
        stopped += done * CHUNK < GAMES
        if sig == signal.SIGTERM:
            if proc.returncode == 143:  # stopped mid-run: said, counted, resumable
                assert manifest["status"] == "incomplete"
                assert manifest["games_done"] == done * CHUNK
                assert "stopped (SIGTERM); finish with: trixsim tournament --resume" in err.decode()
            else:  # it had finished already
                assert proc.returncode == 0 and manifest["status"] == "complete"
        res = trixsim("report", str(out))
        if manifest["status"] != "complete":
            assert res.returncode in (0, 2) and "--resume" in res.stdout + res.stderr
            assert "still in progress" not in res.stdout + res.stderr  # it is dead, and said so
        res = trixsim("tournament", "--resume", "--out", str(out), "-q")
        if manifest["status"] == "complete" and done * CHUNK == GAMES:
            assert res.returncode == 2 and "already complete" in res.stderr
        else:
            assert res.returncode == 0, res.stderr
        assert_same_files(reference, out)
        assert json.loads((out / "manifest.json").read_text())["status"] == "complete"
    assert stopped >= 1, "the faults should mostly strike a run in the middle"


def test_a_parent_killed_while_its_workers_start_leaves_none_behind(tmp_path):
    # the moment both spawned workers exist, still importing, the parent is killed: a worker
    # that asked for its parent's pid only then would be an orphan blocked on the task queue
    # for ever (and would hold the run's stderr open)
    for k in range(3):
        proc = start(tmp_path / f"run{k}")
        deadline = time.monotonic() + 60
        while len(workers := spawned(proc)) < 2:
            assert time.monotonic() < deadline and proc.poll() is None, "no workers started"
            time.sleep(0.01)
        everyone = family(proc)
        proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.communicate(timeout=15)
        alive = not gone_within(everyone, 5.0)
        for p in everyone:  # no stray process outlives a failed test
            with contextlib.suppress(psutil.NoSuchProcess):
                p.kill()
        proc.communicate()
        assert not alive, f"workers {[w.pid for w in workers]} outlived their killed parent"


def spawned(proc: subprocess.Popen) -> list[psutil.Process]:
    """The run's worker processes (multiprocessing's spawn children)."""
    out = []
    for p in family(proc):
        with contextlib.suppress(psutil.Error):
            if "spawn_main" in " ".join(p.cmdline()):
                out.append(p)
    return out


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """A whole run of ten chunks, the one each damaged copy must become again."""
    out = tmp_path_factory.mktemp("small") / "clean"
    res = trixsim("tournament", "--bots", "random", "--games", "2400", "--chunk", "240",
                  "--workers", "1", "-q", "--out", str(out))  # fmt: skip
    assert res.returncode == 0, res.stderr
    return out


@pytest.mark.parametrize("damage", ["truncated", "emptied", "garbage", "deleted", "both"])
def test_a_damaged_part_is_named_by_report_and_played_again_by_resume(small, tmp_path, damage):
    out = tmp_path / "run"
    shutil.copytree(small, out)  # the same command's run: its files are the plan's alone
    part = out / "contracts.parquet" / "part-000004.parquet"
    data = part.read_bytes()
    if damage == "truncated":
        part.write_bytes(data[: len(data) // 2])
    elif damage == "emptied":
        part.write_bytes(b"")
    elif damage == "garbage":
        part.write_bytes(bytes(random.Random(1).randrange(256) for _ in range(len(data))))
    elif damage == "deleted":
        part.unlink()
    else:  # a garbage games part too, of the same size as the real one
        part.write_bytes(b"\0" * len(data))
        g = out / "games.parquet" / "part-000007.parquet"
        g.write_bytes(b"\0" * g.stat().st_size)
    res = trixsim("report", str(out))
    if damage == "deleted":  # a chunk not on disk: reported as missing, the run as partial
        assert res.returncode == 0 and "--resume" in " ".join(res.stdout.split())
    else:
        assert res.returncode == 2 and len(res.stderr.strip().splitlines()) == 1, res.stderr
        assert "is damaged" in res.stderr and f"--resume --out {out}" in res.stderr
        assert "Traceback" not in res.stderr
    res = trixsim("tournament", "--resume", "--out", str(out), "-q")
    assert res.returncode == 0, res.stderr
    assert "part-000004.parquet" in res.stderr and "played again" in res.stderr
    assert_same_files(small, out)
    assert trixsim("report", str(out)).returncode == 0


def test_a_second_writer_is_refused_while_the_first_runs(tmp_path):
    out = tmp_path / "run"
    proc = start(out)
    try:
        deadline = time.monotonic() + 120
        while not (out / ".lock").exists():
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        res = trixsim("tournament", "--resume", "--out", str(out), "-q")
        assert res.returncode == 2, res.stderr
        assert f"is in use by process {proc.pid}" in res.stderr
        assert len(res.stderr.strip().splitlines()) == 1
        assert proc.poll() is None  # the first run is untouched
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=60)
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] in ("incomplete", "complete")


def test_a_crafted_saved_table_cannot_choose_where_trixsim_writes(tmp_path):
    # a saved game from someone else, whose "save" names a file elsewhere: finishing it
    # writes the record beside the saved game, never there
    from sim.core.bots import parse_spec
    from sim.core.play import Player
    from sim.games.trix import SPEC

    bots = [parse_spec("random", "trix")] * 4
    game = SPEC.part("api").GAME.new(5, 0)
    players = [Player(b, 5, 0, s) for s, b in enumerate(bots)]
    actions = []
    while not game.over:
        a = players[game.to_act].decide(game, game.to_act)
        actions.append(game.action_name(a))
        game.apply(a)
    target = tmp_path / "elsewhere" / "victim.txt"
    target.parent.mkdir()
    target.write_text("precious")
    saved = tmp_path / "from-a-friend.json"
    saved.write_text(json.dumps({
        "format": "trixsim/table-save@1", "game": 0, "seed": 5, "humans": [0],
        "bots": ["human", "random", "random", "random"], "actions": actions,
        "save": str(target), "finished": False,
    }))  # fmt: skip
    res = trixsim("play", "--resume", str(saved), "--delay", "0", cwd=tmp_path,
                  stdin=subprocess.DEVNULL)  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert target.read_text() == "precious"
    record = tmp_path / "from-a-friend.record.jsonl"
    assert trixsim("replay", str(record)).returncode == 0


def test_play_checks_save_before_the_game_and_keeps_earlier_saves(tmp_path):
    res = trixsim("play", "--save", str(tmp_path / "nowhere" / "x.jsonl"), cwd=tmp_path,
                  stdin=subprocess.DEVNULL)  # fmt: skip
    assert res.returncode == 2 and "there is no folder" in res.stderr
    res = trixsim("play", "--save", str(tmp_path), cwd=tmp_path, stdin=subprocess.DEVNULL)
    assert res.returncode == 2 and "is a folder" in res.stderr
    earlier = tmp_path / "trixsim-play-3.json"
    earlier.write_text("an earlier game")
    res = trixsim("play", "--seed", "3", cwd=tmp_path, stdin=subprocess.DEVNULL)
    assert earlier.read_text() == "an earlier game"  # the new game went elsewhere
    assert (tmp_path / "trixsim-play-3-2.json").is_file()
    assert "trixsim-play-3-2.json" in res.stdout.replace("\n", "")


def test_a_full_disk_fails_the_run_in_one_line_and_resume_finishes_it(tmp_path, monkeypatch):
    # ENOSPC while chunk 3's part files are written: the run stops, says so, keeps what is
    # done, and --resume (with room again) gives the tables of an uninterrupted run
    import errno

    from sim.games.trix import SPEC
    from sim.run import local, parquet
    from sim.run.plan import Plan
    from sim.run.store import TournamentError, prepare

    plan = Plan.make(SPEC, ["random"], 1, 1200, 120, True)
    clean, full = tmp_path / "clean", tmp_path / "full"
    local.run(plan, clean, 1, prepare(clean, plan, ["test"], False), progress=False)
    write = parquet.write_part

    def no_room(part, folder, chunk, stats=()):
        if chunk == 3:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return write(part, folder, chunk, stats)

    monkeypatch.setattr(parquet, "write_part", no_room)
    manifest = prepare(full, plan, ["test"], False)
    with pytest.raises(TournamentError, match="No space left on device writing its part files"):
        local.run(plan, full, 1, manifest, progress=False)
    monkeypatch.setattr(parquet, "write_part", write)
    m = json.loads((full / "manifest.json").read_text())
    assert m["status"] == "failed" and m["games_done"] == 3 * 120
    assert not list((full / "contracts.parquet").glob(".*"))  # no half-written file
    res = trixsim("tournament", "--resume", "--out", str(full), "-q")
    assert res.returncode == 0, res.stderr
    assert_same_files(clean, full)
